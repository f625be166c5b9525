"""The lobby: codes, names, seat tokens, host, kick, lock, tables, seat order, a lobby outliving its matches."""

from __future__ import annotations

import re

import pytest
from gamenight.lobby import HOST_GRACE_SECONDS, Lobby
from gamenight.names import CODE_ALPHABET, CODE_LENGTH
from helpers import DEAL_ABC, Night


def test_lobby_code_is_short_and_unambiguous(engine, clock):
    codes = {Night(engine, clock, ["Ann"]).code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == CODE_LENGTH
        assert re.fullmatch(f"[{CODE_ALPHABET}]+", code)
        assert not set(code) & set("IOL01")


def test_codes_are_typed_case_insensitively(night):
    assert night.engine.lobby(night.code.lower()) is night.lobby
    outcome, token = night.engine.join(f"  {night.code.lower()} ", "Dina")
    assert outcome.ok and token


def test_creator_is_host_and_names_are_trimmed(night):
    outcome = night.join("   Дмитрий   Петров  ")
    assert outcome.ok
    seats = night.view("Ann")["lobby"]["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Boris", "Chen", "Дмитрий Петров"]
    assert [s["host"] for s in seats] == [True, False, False, False]


@pytest.mark.parametrize("name", ["李小龙", "Зоя", "O'Neil", "x" * 20, "🙂 Sun"])
def test_any_script_is_a_name(night, name):
    assert night.join(name).ok


@pytest.mark.parametrize("name", ["", "   ", "x" * 21, "\u202eevil", "bell\x07", None, 42, ["Ann"]])
def test_bad_names_are_refused(night, name):
    before = night.snapshot()
    outcome, token = night.engine.join(night.code, name)
    assert not outcome.ok and token is None
    assert outcome.error["code"] in ("name_invalid", "bad_request")
    assert night.snapshot() == before


def test_names_are_unique_ignoring_case(night):
    outcome = night.join("  bORIS ")
    assert outcome.error == {"code": "name_taken", "key": "error.name_taken", "params": {"name": "bORIS"}}


def test_seat_token_identifies_its_player_only(night):
    assert night.engine.identify(night.code, night.tokens["Boris"]) == night.ids["Boris"]
    assert night.engine.identify(night.code, "not-a-token") is None
    assert night.engine.identify("ZZZZ", night.tokens["Boris"]) is None


def test_tokens_never_appear_in_views(night):
    for name in [None, "Ann", "Boris", "Chen"]:
        text = repr(night.view(name))
        for token in night.tokens.values():
            assert token not in text
        assert "token" not in text


def test_only_the_host_runs_host_commands(night):
    before = night.snapshot()
    for kind, args in [
        ("kick", {"player": night.ids["Chen"]}),
        ("lock", {"locked": True}),
        ("handover", {"player": night.ids["Boris"]}),
        ("reorder", {"order": [night.ids["Chen"], night.ids["Boris"], night.ids["Ann"]]}),
        ("choose", {"game": "highcard"}),
        ("start", {}),
        ("abort", {}),
    ]:
        outcome = night.command("Boris", kind, **args)
        assert outcome.error["code"] == "not_host", kind
    assert night.snapshot() == before


def test_kick_removes_the_seat_and_revokes_the_token(night):
    outcome = night.command("Ann", "kick", player=night.ids["Chen"])
    assert outcome.ok and outcome.removed == [night.ids["Chen"]]
    assert night.ids["Chen"] not in night.lobby.seats
    assert night.command("Chen", "leave").error["code"] == "bad_token"
    assert night.command("Ann", "kick", player=night.ids["Ann"]).error["code"] == "cannot_kick_self"


def test_a_departed_player_keeps_their_id_across_a_store_written_before_the_rename(night):
    """A lobby stored when its departed players were kept under "former" still gives their ids back."""
    chen = night.ids["Chen"]
    assert night.command("Chen", "leave").ok
    stored = night.lobby.to_dict()
    assert stored["departed_by_name"] == {"chen": chen}
    stored["former"] = stored.pop("departed_by_name")
    assert Lobby.from_dict(stored).departed_by_name == {"chen": chen}


def test_locked_lobby_refuses_newcomers_until_unlocked(night):
    assert night.command("Ann", "lock", locked=True).ok
    assert night.join("Dina").error["code"] == "lobby_locked"
    assert night.command("Ann", "lock", locked=False).ok
    assert night.join("Dina").ok


def test_host_can_hand_over(night):
    assert night.command("Ann", "handover", player=night.ids["Chen"]).ok
    assert night.lobby.host == night.ids["Chen"]
    assert night.command("Ann", "lock", locked=True).error["code"] == "not_host"


def test_host_leaving_passes_host_to_the_next_seat(night):
    for name in night.ids:
        night.engine.set_presence(night.code, night.ids[name], True)
    assert night.command("Ann", "leave").ok
    assert night.lobby.host == night.ids["Boris"]


def test_host_disconnected_past_grace_passes_host_on(night):
    for name in ["Ann", "Boris", "Chen"]:
        night.engine.set_presence(night.code, night.ids[name], True)
    night.engine.set_presence(night.code, night.ids["Ann"], False)
    night.engine.set_presence(night.code, night.ids["Boris"], False)
    night.advance(HOST_GRACE_SECONDS - 1)
    assert night.lobby.host == night.ids["Ann"]
    night.advance(2)
    assert night.lobby.host == night.ids["Chen"], "the next connected seat clockwise"


def test_host_back_within_grace_stays_host(night):
    for name in ["Ann", "Boris"]:
        night.engine.set_presence(night.code, night.ids[name], True)
    night.engine.set_presence(night.code, night.ids["Ann"], False)
    night.advance(HOST_GRACE_SECONDS / 2)
    night.engine.set_presence(night.code, night.ids["Ann"], True)
    night.advance(HOST_GRACE_SECONDS * 2)
    assert night.lobby.host == night.ids["Ann"]


def test_table_view_is_public(night):
    assert night.start(deals=[DEAL_ABC]).ok
    table = night.view(None)
    assert table["you"] is None
    game = table["match"]["game_view"]
    assert "my_card" not in game and "hands" not in game
    assert not {"c10", "c25", "c03", "c30"} & set(repr(table).replace("'", " ").split())


def test_host_reorders_seats(night):
    order = [night.ids["Chen"], night.ids["Ann"], night.ids["Boris"]]
    assert night.command("Ann", "reorder", order=order).ok
    assert [s["name"] for s in night.view(None)["lobby"]["seats"]] == ["Chen", "Ann", "Boris"]
    assert night.command("Ann", "reorder", order=order[:2]).error["code"] == "bad_order"
    assert night.command("Ann", "reorder", order=[order[0]] * 3).error["code"] == "bad_order"


def test_seat_order_is_the_turn_order_of_the_next_match(night):
    night.command("Ann", "reorder", order=[night.ids["Chen"], night.ids["Ann"], night.ids["Boris"]])
    night.start()
    assert night.match.turn == night.ids["Chen"]
    night.move("Chen", "claim", value=3)
    assert night.match.turn == night.ids["Ann"]


def test_lobby_outlives_its_matches_and_keeps_a_night_scoreboard(night):
    # Match 1: High Card, Ann wins.
    assert night.start(options={"rounds": 1}, deals=[DEAL_ABC]).ok
    night.play_round({"Ann": 1, "Boris": 2, "Chen": 3}, {"Ann": "Boris", "Boris": "Ann", "Chen": "Boris"})
    assert night.move("Ann", "next").ok
    first = night.match.result
    # Boris held the highest card; Ann and Chen found it (1 each) and share first place.
    assert sorted(first["winners"]) == [night.ids["Ann"], night.ids["Chen"]]
    # Match 2: the same group, another variant with another point scale, nobody rejoins.
    deal = {"hands": {"Ann": "c01", "Boris": "c02", "Chen": "c20"}, "server": "c30"}
    assert night.start(variants=["double"], options={"rounds": 1}, deals=[deal]).ok
    night.play_round({"Ann": 1, "Boris": 2, "Chen": 3}, {"Ann": "Boris", "Boris": "Ann", "Chen": "Ann"})
    assert night.move("Ann", "next").ok
    second = night.match.result
    # Chen held the highest card and fooled two voters at 2 points each.
    assert second["winners"] == [night.ids["Chen"]]
    assert night.match.totals()[night.ids["Chen"]] == 4
    assert night.lobby.matches_played == 2
    board = night.view("Boris")["lobby"]["scoreboard"]
    assert [(row["name"], row["wins"], row["place"]) for row in board] == [
        ("Chen", 2, 1),
        ("Ann", 1, 2),
        ("Boris", 0, 3),
    ]
    assert all(row["played"] == 2 for row in board)
    assert [s["name"] for s in night.view(None)["lobby"]["seats"]] == ["Ann", "Boris", "Chen"]


def test_abort_ends_a_match_without_a_result(night):
    night.start()
    assert night.command("Ann", "abort").ok
    assert night.lobby.match is None
    assert night.lobby.scoreboard.rows == {}
    assert night.command("Ann", "abort").error["code"] == "no_match"


def test_cannot_switch_game_or_start_twice_while_a_match_runs(night):
    night.start()
    assert night.command("Ann", "choose", game="highcard").error["code"] == "match_running"
    assert night.command("Ann", "start").error["code"] == "match_running"


def test_player_count_is_checked_at_start(engine, clock):
    alone = Night(engine, clock, ["Solo"])
    assert alone.start().error == {
        "code": "too_few_players",
        "key": "error.too_few_players",
        "params": {"min": 2, "players": 1},
    }


def test_unknown_lobby_and_command(night):
    assert night.engine.submit("QQQQ", "leave", token=night.tokens["Ann"]).error["code"] == "unknown_lobby"
    assert night.command("Ann", "explode").error["code"] == "unknown_command"
    assert (
        night.engine.submit(
            night.code, "presence", {"player": "p1", "connected": True}, token=night.tokens["Ann"]
        ).error["code"]
        == "not_allowed"
    )


def test_lobby_seats_are_bounded(engine, clock):
    from gamenight.lobby import MAX_SEATS

    crowd = Night(engine, clock, [f"P{i}" for i in range(MAX_SEATS)])
    assert crowd.join("One more").error["code"] == "lobby_full"
