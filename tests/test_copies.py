"""A command is applied to a copy of its lobby: a move's copy shares what a move cannot change.

Copying costs the server most of a move's work, so a move's copy (``Lobby.copy_for``) shares
the roster, the match's starting frame and the round's dealt cards with the lobby it copies.
The tests run every engine with ``GAMENIGHT_CHECK_COPIES=1``: a command that changes a part it
shares fails loudly instead of quietly changing the lobby a refused move must leave as it was.
"""

from __future__ import annotations

import pytest
from gamenight import lobby as lobby_module


def spyfall(night):
    night.join("Dina")
    assert night.start(game="spyfall").ok
    return [card["id"] for card in night.match.round_state["locations"]]


def shared_parts(lobby) -> dict[str, object]:
    match = lobby.match
    return {
        "players": lobby.players,
        "seats": lobby.seats,
        "setup": lobby.setup,
        "options": match.options,
        "names": match.names,
        "match players": match.players,
        **{f"dealt {key}": match.round_state[key] for key in ("locations", "roles", "spies", "location_card")},
    }


def test_a_moves_copy_shares_what_a_move_cannot_change_and_copies_the_rest(night):
    candidates = spyfall(night)
    before = night.lobby
    assert night.move("Boris", "cross", location=candidates[2], crossed=True).ok
    after = night.lobby
    assert after is not before
    old, new = shared_parts(before), shared_parts(after)
    assert [key for key in old if old[key] is not new[key]] == []
    assert after.match.data is not before.match.data
    assert after.match.data["marks"] == {night.ids["Boris"]: [candidates[2]]}
    assert before.match.data["marks"] == {}
    assert after.match.events is not before.match.events


def test_a_lobby_command_copies_the_roster(night):
    spyfall(night)
    before = night.lobby
    assert night.command("Ann", "lock", locked=True).ok
    after = night.lobby
    assert after.players is not before.players and after.players == before.players
    assert after.match.round_state["locations"] is not before.match.round_state["locations"]


MUTATIONS = {
    "a player's name": lambda lobby: lobby.players[lobby.host].update(name="Mallory"),
    "the match's options": lambda lobby: lobby.match.options.update(rounds=1),
    "the round's dealt cards": lambda lobby: lobby.match.round_state["locations"].reverse(),
}


@pytest.mark.parametrize("mutation", MUTATIONS.values(), ids=MUTATIONS.keys())
def test_a_move_that_changes_a_shared_part_in_place_fails_loudly(night, monkeypatch, mutation):
    candidates = spyfall(night)
    act = lobby_module._HANDLERS["act"]

    def careless(lobby, *args):
        mutation(lobby)
        return act(lobby, *args)

    monkeypatch.setitem(lobby_module._HANDLERS, "act", careless)
    with pytest.raises(AssertionError, match="'act' command changed the lobby"):
        night.move("Boris", "cross", location=candidates[0], crossed=True)
