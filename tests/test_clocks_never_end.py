"""No clock ends a match the rules do not end: every installed game and variant, left alone by its players,
is walked from phase to phase by its clocks alone. A clock may move the match on (a turn passes, a vote
closes, the next round is dealt), or remind; the match ends only when its rules say (its last round is over),
never "ended early" by itself, and no phase waits without a clock."""

from __future__ import annotations

import pytest
from gamenight.registry import Plugins
from gamenight.testing import Party

PLUGINS = Plugins()
STEPS = 400  # clock expiries walked per match: enough for every game's default rounds left to its clocks
BOARD = [f"Place {n}" for n in range(1, 9)]
OPTIONS = {"known_spies": {"spies": "2"}}  # the variant plays with two spies


def cases() -> list[tuple[str, tuple[str, ...]]]:
    found = []
    for game in sorted(PLUGINS.games):
        found.append((game, ()))
        found.extend((game, (variant.id,)) for variant in PLUGINS.variants_of(game))
    return found


def fill_board(party: Party, host: str) -> None:
    """The eight-locations sticker board, named by the host (the mode's start needs it full)."""
    for name in BOARD:
        assert party.command(host, "shelf", shelf="spyfall.board", action="propose", args={"name": name}).ok
        proposals = party.view(host)["lobby"]["shelves"]["spyfall.board"]["proposals"]
        for proposal in proposals:
            party.command(host, "shelf", shelf="spyfall.board", action="confirm", args={"proposal": proposal["id"]})


@pytest.mark.parametrize(("game", "variants"), cases(), ids=lambda c: "+".join(c) if isinstance(c, tuple) else c)
def test_left_to_its_clocks_a_match_ends_only_by_its_rules(game, variants):
    rules = PLUGINS.games[game]
    names = [f"Player {n}" for n in range(1, max(rules.min_players, 5) + 1)]
    party = Party(names, plugins=PLUGINS)
    try:
        options = {key: value for variant in variants for key, value in OPTIONS.get(variant, {}).items()}
        started = party.start(game, variants, options)
        if not started.ok and started.error["code"] == "spyfall.board_incomplete":
            fill_board(party, names[0])
            started = party.start(game, variants, options)
        assert started.ok, started.error
        match = party.match
        walked = []
        for _ in range(STEPS):
            if match.over:
                break
            deadline = match.next_deadline()
            assert deadline is not None, f"phase {match.phase!r} of round {match.round} waits with no clock"
            walked.append(match.phase)
            party.advance(max(deadline - party.clock.now, 0) + 0.5)
            match = party.match
        if match.over:
            assert not match.result.get("ended_early"), f"a clock ended the match early, after {walked[-6:]}"
            rounds = match.options.get("rounds")
            if rounds is not None:
                assert match.rounds_finished == rounds, (match.rounds_finished, rounds, walked[-6:])
    finally:
        party.close()
