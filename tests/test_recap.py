"""The night's recap: the host closes the night; the scoreboard and awards come from the log.

Matches are played from the scripts in tests/scripts (their forced deals and
moves) in one lobby, one after another, and each is played to its end.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest
from crew_nights import resolve
from gamenight.awards import Award, leaders
from gamenight.engine import Engine, replay_lobby
from gamenight.recap import MAX_AWARDS
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore
from helpers import DEAL_ABC, Night

ROOT = Path(__file__).parent.parent
SCRIPTS = Path(__file__).parent / "scripts"
FOUR = ["Ann", "Boris", "Chen", "Dina"]


def play_script(night: Night, name: str) -> None:
    """Play the match of tests/scripts/<name>.json in this lobby, then to its end (the host moves on, or the clocks
    run out); the lobby must seat the script's players."""
    script = json.loads((SCRIPTS / f"{name}.json").read_text(encoding="utf-8"))
    assert sorted(night.ids) == sorted(script["players"])
    started = night.start(
        game=script["game"],
        variants=script.get("variants") or [],
        options=script.get("options"),
        deals=script.get("deals"),
    )
    assert started.ok, started.error
    for step in script["steps"]:
        if "advance" in step:
            night.advance(step["advance"])
        elif "player" in step:  # some steps are refused on purpose: the script's own tests check them
            args = resolve(step.get("args") or {}, night.ids)
            if "command" in step:
                night.command(step["player"], step["command"], **args)
            else:
                night.move(step["player"], step["action"], **args)
    host = night.name_of(night.lobby.host)
    while not night.match.over:
        if not night.move(host, "next").ok:
            night.advance(60)


def play_highcard(night: Night, votes: dict[str, str]) -> None:
    """One round of High Card dealt DEAL_ABC (Boris holds the highest card), to the match's end."""
    assert night.start(options={"rounds": 1}, deals=[DEAL_ABC]).ok
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, votes)
    assert night.move("Ann", "next").ok
    assert night.match.over


def close(night: Night, who: str = "Ann") -> dict:
    outcome = night.command(who, "close_night")
    assert outcome.ok, outcome.error
    return night.lobby.recap


def awarded(night: Night, recap: dict) -> list[tuple[str, list[str], int]]:
    """The recap's awards as (key, winners' names, figure), in the order they are shown."""
    return [(a["key"], [recap["names"][p] for p in a["players"]], a["figure"]) for a in recap["awards"]]


@pytest.fixture
def four(engine, clock) -> Night:
    return Night(engine, clock, FOUR)


def test_each_game_gives_its_awards_from_the_matches_played(four):
    play_script(four, "notahuman-human-stays-hidden")  # Chen is the Human and the vote misses; Dina votes for him
    play_script(four, "spyfall-spy-guesses-the-location")  # Chen is the spy and names the location
    play_script(four, "notarobot-some-guessers-right")  # Boris and Chen check inside Ann's drawing
    recap = close(four)
    shown = awarded(four, recap)
    assert len(shown) == MAX_AWARDS
    # One award of each game in the order they were played, then the night's own, then each game's second...
    assert shown == [
        ("notahuman.award.hidden_human", ["Chen"], 1),
        ("spyfall.award.sharpest_spy", ["Chen"], 1),
        ("notarobot.award.sharp_eye", ["Boris", "Chen"], 1),
        ("award.most_wins", ["Chen"], 2),
        ("notahuman.award.human_hunter", ["Dina"], 1),
        ("spyfall.award.slippery_spy", ["Chen"], 1),
        ("notarobot.award.captcha_master", ["Ann"], 1),
        ("award.best_match", ["Chen"], 4),
    ]
    assert recap["matches"] == 3
    assert recap["games"] == ["notahuman", "spyfall", "notarobot"]
    table = [(row["name"], row["place"], row["wins"], row["points"]) for row in recap["standings"]]
    assert table == [("Chen", 1, 2, 7), ("Ann", 2, 1, 3), ("Boris", 3, 0, 1), ("Dina", 4, 0, 1)]


def test_team_spyfall_names_the_most_trusted_ally_and_ties_share_an_award(engine, clock):
    night = Night(engine, clock, [*FOUR, "Emil"])
    play_script(night, "teams-scoring-spy")
    recap = close(night)
    shown = {key: (names, figure) for key, names, figure in awarded(night, recap)}
    # Ann named Boris, Chen and Dina each other, but Boris named Emil the spy: three share the most trusted ally,
    # Emil was taken for an ally once, and Ann and Chen named the other team's location.
    assert shown["spyfall_teams.award.trusted_ally"] == (["Boris", "Chen", "Dina"], 1)
    assert shown["spyfall_teams.award.smooth_spy"] == (["Emil"], 1)
    assert shown["spyfall_teams.award.sleuth"] == (["Ann", "Chen"], 1)


def test_the_nights_own_awards_share_ties(night):
    # Ann finds the high card and Boris (who holds it) fools Chen, twice: 1 point each a match, and Ann wins both
    # on High Card's tie-break (correct votes).
    play_highcard(night, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    play_highcard(night, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    recap = close(night)
    assert awarded(night, recap) == [
        ("award.most_wins", ["Ann"], 2),
        ("award.best_match", ["Ann", "Boris"], 1),
        ("award.steady", ["Ann", "Boris"], 2),
    ]


def test_leaders_share_a_tie_and_give_nothing_everyone_would_share():
    among = ["a", "b", "c"]
    assert leaders("x", {"a": 2, "b": 2, "c": 1}, among) == [Award("x", ("a", "b"), 2)]
    assert leaders("x", {"a": 1, "b": 1, "c": 1}, among) == [], "everyone has it: nobody stands out"
    assert leaders("x", {"a": 1}, among, minimum=2) == []
    assert leaders("x", {}, among) == [], "nobody scored: no award"
    assert leaders("x", {"a": 1}, ["a"]) == [Award("x", ("a",), 1)], "alone in the game is still a feat"


def test_a_night_with_no_finished_match_closes_with_an_empty_recap(night):
    assert night.start(options={"rounds": 1}, deals=[DEAL_ABC]).ok
    assert night.command("Ann", "abort").ok  # an aborted match is not part of the night
    recap = close(night)
    assert recap == {"matches": 0, "games": [], "standings": [], "awards": [], "names": {}, "audience": []}
    assert night.view(None)["lobby"]["recap"] == recap


def test_only_the_host_closes_the_night_and_a_refusal_changes_nothing(night):
    play_highcard(night, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    before = night.snapshot()
    logged = len(night.engine.store.records(night.code))
    refused = night.command("Boris", "close_night")
    assert not refused.ok
    assert refused.error == {"code": "not_host", "key": "error.not_host", "params": {}}
    assert night.snapshot() == before
    assert len(night.engine.store.records(night.code)) == logged
    assert night.view("Boris")["lobby"]["recap"] is None


def test_the_night_is_not_closed_while_a_match_runs(night):
    assert night.start(options={"rounds": 2}, deals=[DEAL_ABC, DEAL_ABC]).ok
    refused = night.command("Ann", "close_night")
    assert refused.error["code"] == "match_running"
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    assert night.command("Ann", "end").ok  # ended now, scored (its finished round counts): the night can close
    recap = close(night)
    assert recap["matches"] == 1
    assert [(row["name"], row["points"]) for row in recap["standings"]] == [("Ann", 1), ("Boris", 1), ("Chen", 0)]
    assert night.lobby.match is None, "the last match's results are put away"


def test_recap_is_the_same_after_a_restart_and_a_replay_of_the_log(db_path, plugins, clock):
    engine = Engine(SQLiteStore(db_path), plugins, clock)
    night = Night(engine, clock, FOUR)
    play_script(night, "notahuman-human-stays-hidden")
    play_script(night, "spyfall-spy-guesses-the-location")
    recap = close(night)
    seen = {name: night.view(name) for name in FOUR}
    engine.heartbeat()
    engine.store.close()

    restarted = Engine(SQLiteStore(db_path), plugins, clock)
    lobby = restarted.lobby(night.code)
    assert lobby.recap == recap
    for name in FOUR:
        assert restarted.view(night.code, night.ids[name])["lobby"] == seen[name]["lobby"]
    assert replay_lobby(restarted.store, plugins, night.code).recap == recap


def test_while_closed_no_match_starts_and_the_host_goes_back_or_opens_a_new_night(night):
    play_highcard(night, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    assert night.command("Ann", "shelf", shelf="highcard.bans", action="ban", args={"card": "c07"}).ok
    close(night)
    assert night.start(deals=[DEAL_ABC]).error["code"] == "night_closed"
    assert night.command("Ann", "close_night").error["code"] == "night_closed"

    assert night.command("Ann", "reopen_night").ok  # back to the same night: the scoreboard goes on
    assert night.lobby.recap is None and len(night.lobby.scoreboard.rows) == 3
    assert night.command("Ann", "reopen_night").error["code"] == "night_not_closed"
    play_highcard(night, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    assert close(night)["matches"] == 2

    seats, setup, shelves = list(night.lobby.seats), night.lobby.setup, night.lobby.shelves
    assert night.command("Ann", "new_night").ok
    lobby = night.lobby
    assert (lobby.recap, lobby.scoreboard.rows, lobby.history, lobby.night) == (None, {}, [], [])
    assert (lobby.seats, lobby.setup, lobby.shelves, lobby.host) == (seats, setup, shelves, night.ids["Ann"])
    assert night.view(None)["lobby"]["scoreboard"] == []
    assert night.start(options={"rounds": 1}, deals=[DEAL_ABC]).reply["match"] == f"{night.code}-3"


def test_a_plugin_whose_awards_fail_leaves_the_others(night, tmp_path, monkeypatch):
    (tmp_path / "failing_awards.py").write_text(
        "from gamenight import hookimpl\n\n@hookimpl\ndef gamenight_awards(night):\n    raise RuntimeError('bug')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    try:
        engine = Engine(SQLiteStore(":memory:"), Plugins(["testgame", "failing_awards"]), night.clock)
        other = Night(engine, night.clock, ["Ann", "Boris", "Chen"])
        play_highcard(other, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
        play_highcard(other, {"Ann": "Boris", "Boris": "Ann", "Chen": "Ann"})
        assert [a["key"] for a in close(other)["awards"]]
    finally:
        sys.modules.pop("failing_awards", None)


AWARD_MODULES = ["notahuman", "spyfall", "spyfall_teams", "notarobot"]


def catalogue(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_award_has_a_title_and_a_line_by_its_figure_in_both_languages(lang):
    keys = {"award.most_wins": ROOT / "core" / "locales"}
    keys |= {k: ROOT / "core" / "locales" for k in ("award.best_match", "award.steady")}
    for game in AWARD_MODULES:
        module = importlib.import_module(f"gamenight.plugins.{game}.awards")
        keys |= {key: ROOT / "plugins" / game / "client" / "strings" for key in module.KEYS}
    for key, folder in keys.items():
        strings = catalogue(folder, lang)
        assert isinstance(strings.get(key), str), (lang, key)
        line = strings.get(f"{key}.why")
        assert isinstance(line, dict) and line["_by"] == "figure", (lang, key)
        assert all("{figure}" in form for name, form in line.items() if name != "_by"), (lang, key)
