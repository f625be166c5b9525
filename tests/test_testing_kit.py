"""The test kit (gamenight.testing): a Party driven by name, forced deals and seeds, the payload recorder, and
its pytest plugin (gamenight.testing_plugin, found through the ``pytest11`` entry point)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from gamenight.clock import ManualClock
from gamenight.engine import Engine, Outcome
from gamenight.store_sqlite import SQLiteStore
from gamenight.testing import LOBBY_CODE, Party, Recorder, assert_received_alike
from helpers import DEAL_ABC


@pytest.fixture
def party(plugins):
    party = Party(["Ann", "Boris", "Chen"], plugins=plugins)
    yield party
    party.close()


def test_a_party_seats_its_players_by_name_the_first_as_host(party):
    assert [seat["name"] for seat in party.view(None)["lobby"]["seats"]] == ["Ann", "Boris", "Chen"]
    assert party.name_of(party.lobby.host) == "Ann"
    assert party.name_of(party.id_of("Chen")) == "Chen"
    assert party.match is None and party.phase is None and party.turn is None and party.state() is None
    assert party.view("Boris")["you"] == party.id_of("Boris")
    assert party.view(None)["you"] is None


def test_start_plays_the_forced_deal_and_a_seed_deals_the_same_again(plugins):
    forced = Party(["Ann", "Boris", "Chen"], plugins=plugins)
    assert forced.start("highcard", deals=[DEAL_ABC]).ok
    assert forced.view("Ann")["match"]["game_view"]["my_card"] == "c10"
    assert forced.phase == "claim" and forced.turn == "Ann"
    hands = []
    for _ in range(2):
        seeded = Party(["Ann", "Boris", "Chen"], plugins=plugins)
        assert seeded.start("highcard", seed="same-seed").ok
        hands.append(seeded.match.round_state["hands"])
    assert hands[0] == hands[1]
    other = Party(["Ann", "Boris", "Chen"], plugins=plugins)
    assert other.start("highcard", seed="another-seed").ok
    assert other.match.round_state["hands"] != hands[0]
    refused = Party(["Ann", "Boris", "Chen"], plugins=plugins)
    assert refused.start("highcard", deals=[{"hands": {"Nobody": "c01"}}]).error["code"] == "bad_deal"
    assert refused.start("no_such_game").error["code"] == "unknown_game"  # the choice's refusal, returned


def test_moves_by_name_must_refused_and_a_stale_version(party):
    assert party.start("highcard", deals=[DEAL_ABC]).ok
    seen = party.match.version
    assert party.refused("Boris", "claim", value=3) == "not_your_turn"
    party.must("Ann", "claim", value=12)
    assert party.turn == "Boris"
    assert party.move("Boris", "claim", version=seen, value=5).error["code"] == "stale"
    with pytest.raises(AssertionError, match=r"Boris's move 'claim' \{'value': 99\} was refused: .*bad_request"):
        party.must("Boris", "claim", value=99)
    with pytest.raises(AssertionError, match="Boris's move 'claim' .* was accepted"):
        party.refused("Boris", "claim", value=5)


def test_join_leave_and_lobby_commands(party):
    assert party.join("Dina").ok
    assert "Dina" in party.ids
    assert party.command("Ann", "lock", locked=True).ok
    assert party.join("Emil").error["code"] == "lobby_locked"
    assert party.leave("Chen").ok
    assert [seat["name"] for seat in party.view(None)["lobby"]["seats"]] == ["Ann", "Boris", "Dina"]
    assert party.command("Boris", "kick", player=party.id_of("Dina")).error["code"] == "not_host"


def test_advance_fires_each_timer_at_its_deadline(party):
    assert party.start("highcard", deals=[DEAL_ABC]).ok
    deadline = party.match.timers["claim"].deadline
    before = party.clock.now
    fired = party.advance(deadline - before + 5)
    assert fired and all(outcome.ok for outcome in fired)
    assert party.clock.now == before + deadline - before + 5
    expiry = [p for p in party.recorder.payloads("Ann") if p.after.startswith("clock +")]
    assert expiry[0].after == f"clock +{deadline - before:g}s", "recorded at the timer's own deadline"


def test_the_recorder_keeps_every_view_each_recipient_was_sent_and_the_answers(party):
    assert party.start("highcard", deals=[DEAL_ABC]).ok
    party.must("Ann", "claim", value=12)
    assert party.refused("Chen", "claim", value=3) == "not_your_turn"
    recorder = party.recorder
    assert set(recorder.recipients) == {"Ann", "Boris", "Chen", "table"}
    for name in ("Ann", "Boris", "Chen", None):
        assert recorder.views(name)[-1] == party.view(name), "the last view sent is the view the client holds"
    answers = [p.value for p in recorder.payloads("Chen") if p.kind == "answer"]
    assert answers[-1] == {
        "ok": False,
        "error": {"code": "not_your_turn", "key": "error.not_your_turn", "params": {"turn": "p2"}},
    }
    assert [p.after for p in recorder.payloads("Boris")][-1] == "Ann: move claim"
    assert recorder.received(None) == recorder.views("table")
    with pytest.raises(KeyError, match="'Mallory' received nothing"):
        recorder.received("Mallory")


def test_never_holds_finds_a_secret_anywhere_and_names_where(party):
    assert party.start("highcard", deals=[DEAL_ABC]).ok
    recorder = party.recorder
    recorder.holds("Ann", "c10")
    recorder.never_holds("Boris", "c10")  # Ann's card
    recorder.never_holds(None, "c10")
    with pytest.raises(AssertionError) as failed:
        recorder.never_holds("Ann", "c10")
    message = str(failed.value)
    assert message.startswith("Ann received 'c10': their payload ")
    assert "(view after Ann: start highcard) holds it at match.game_view.my_card" in message
    with pytest.raises(AssertionError, match="Boris never received 'c10' in 5 payload"):
        recorder.holds("Boris", "c10")
    recorder.clear()
    party.must("Ann", "claim", value=12)
    recorder.never_holds("Ann", "start highcard")  # cleared: only what came after


def test_find_looks_in_keys_texts_values_and_items_as_json():
    recorder = Recorder()
    payload = {"a": [1, True, {"deep": ["x-secret-y"]}], "secret_key": 2.0, "t": (3, 4)}
    recorder.record(Outcome(ok=True, views={"p1": payload}), {"p1": "Ann"}, after="a test")
    found = {path for _, path in recorder.find("Ann", "secret")}
    assert found == {"a[2].deep[0]", "secret_key (the key)"}
    assert [path for _, path in recorder.find("Ann", True)] == ["a[1]"], "true is not 1"
    assert [path for _, path in recorder.find("Ann", 1)] == ["a[0]"]
    assert [path for _, path in recorder.find("Ann", 2)] == ["secret_key"]
    assert [path for _, path in recorder.find("Ann", {"deep": ["x-secret-y"]})] == ["a[2]"]
    assert [path for _, path in recorder.find("Ann", (3, 4))] == ["t"]
    assert list(recorder.find("Ann", {"deep": []})) == []
    with pytest.raises(ValueError):
        recorder.never_holds("Ann", "")


def test_a_player_removed_from_the_lobby_is_sent_nothing_more(party):
    assert party.start("highcard", deals=[DEAL_ABC]).ok
    count = len(party.recorder.received("Chen"))
    assert party.command("Ann", "kick", player=party.id_of("Chen")).ok
    party.must("Ann", "claim", value=4)
    assert len(party.recorder.received("Chen")) == count
    assert len(party.recorder.received("Boris")) > count


def test_parties_may_share_an_engine_and_its_clock(plugins):
    clock = ManualClock()
    engine = Engine(SQLiteStore(":memory:"), plugins, clock)
    one, two = Party(["Ann", "Boris"], engine=engine), Party(["Chen", "Dina"], engine=engine)
    assert one.code != two.code and one.clock is two.clock is clock
    with pytest.raises(ValueError):
        Party(["Emil"], engine=engine, plugins=plugins)
    engine.store.close()


def test_parties_playing_alike_are_compared_with_their_lobby_codes_aside(plugins):
    other = {"hands": {"Ann": "c10", "Boris": "c03", "Chen": "c25"}, "server": "c30"}  # Boris and Chen swapped
    parties = [Party(["Ann", "Boris", "Chen"], plugins=plugins) for _ in range(3)]
    for party, deal in zip(parties, [DEAL_ABC, other, DEAL_ABC], strict=True):
        assert party.start("highcard", deals=[deal], seed="same").ok
        party.must("Ann", "claim", value=12)
    assert parties[0].recorder.received("Ann") != parties[1].recorder.received("Ann"), "each lobby has its own code"
    assert parties[0].comparable("Ann")[-1]["lobby"]["code"] == LOBBY_CODE
    assert assert_received_alike(parties, "Ann") == len(parties[0].recorder.received("Ann"))  # Ann's card is the same
    assert_received_alike(parties, None)
    with pytest.raises(AssertionError) as failed:
        assert_received_alike(parties, "Boris")
    assert str(failed.value).startswith("Boris can tell party 1 from party 2: their payload ")
    assert "(after Ann: start highcard / Ann: start highcard) differs at match.game_view.my_card: 'c25' / 'c03'" in str(
        failed.value
    )
    parties[2].must("Boris", "claim", value=13)
    with pytest.raises(AssertionError, match=r"Chen received 5 payload\(s\) at party 1, 6 at party 2"):
        assert_received_alike([parties[0], parties[2]], "Chen")
    with pytest.raises(ValueError):
        assert_received_alike(parties[:1], "Ann")


def test_comparable_replaces_the_code_as_a_word_not_inside_another(plugins):
    party = Party(["Ann"], plugins=plugins)
    payload = {party.code: f"/join/{party.code}", "x": f"{party.code}S", "n": 3}
    party.recorder.record(Outcome(ok=True, views={party.id_of("Ann"): payload}), party._names(), after="a test")
    assert party.comparable("Ann")[-1] == {LOBBY_CODE: f"/join/{LOBBY_CODE}", "x": f"{party.code}S", "n": 3}


PLUGIN_TEST = """
def test_the_fixtures(gamenight_party, gamenight_plugins):
    assert "spyfall" in gamenight_plugins.games
    party = gamenight_party(["Ann", "Boris", "Chen"])
    assert party.plugins is gamenight_plugins
    assert party.start("spyfall", deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    party.recorder.never_holds("Chen", party.view("Ann")["match"]["game_view"]["card"])
"""


def test_the_pytest_plugin_gives_any_project_the_fixtures(tmp_path):
    (tmp_path / "test_outside.py").write_text(textwrap.dedent(PLUGIN_TEST), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout


def test_the_browser_is_the_named_one_else_the_systems_else_playwrights_own(monkeypatch, tmp_path):
    from gamenight import testing_plugin

    monkeypatch.delenv("GAMENIGHT_CHROMIUM", raising=False)
    system = tmp_path / "chromium"
    monkeypatch.setattr(testing_plugin, "CHROMIUM", str(system))
    assert testing_plugin.system_chromium() is None, "none installed: Playwright's own"
    system.touch()
    assert testing_plugin.system_chromium() == str(system)
    monkeypatch.setenv("GAMENIGHT_CHROMIUM", "/opt/named/chromium")
    assert testing_plugin.system_chromium() == "/opt/named/chromium"


BROWSER_CONFTEST = """
import json
import sys

from gamenight import testing_plugin

testing_plugin.CHROMIUM = "/nowhere/chromium"  # a laptop without the system's Chromium
if {block_playwright}:
    sys.modules["playwright"] = None
else:
    from playwright.sync_api import BrowserType

    launch = BrowserType.launch

    def recorded(self, **kwargs):
        with open("launched.json", "w") as out:
            json.dump(sorted(kwargs), out)
        return launch(self, **kwargs)

    BrowserType.launch = recorded
"""
BROWSER_TEST = """
def test_a_screen(gamenight_page):
    gamenight_page.set_content("<p>hello</p>")
"""


def run_browser_test(tmp_path, *, block_playwright: bool) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(BROWSER_CONFTEST.format(block_playwright=block_playwright))
    (tmp_path / "test_screen.py").write_text(BROWSER_TEST)
    (tmp_path / "browsers").mkdir()
    env = {key: value for key, value in os.environ.items() if key != "GAMENIGHT_CHROMIUM"}
    env["PLAYWRIGHT_BROWSERS_PATH"] = str(tmp_path / "browsers")  # Playwright installed no browser
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), "."],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )


def test_without_the_systems_chromium_playwrights_own_is_launched_else_the_test_is_skipped_saying_why(tmp_path):
    run = run_browser_test(tmp_path, block_playwright=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads((tmp_path / "launched.json").read_text()) == ["args", "headless"], "no executable_path"
    assert re.search(r"SKIPPED .*Chromium would not start \(run: playwright install chromium\)", run.stdout), run.stdout


def test_without_playwright_a_screens_test_is_skipped_saying_how_to_install_it(tmp_path):
    run = run_browser_test(tmp_path, block_playwright=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(
        r'SKIPPED .*Playwright, which drives Chromium, is not installed: pip install -e "\.\[test\]"', run.stdout
    )


def test_the_docs_two_parties_example_runs_and_the_spy_can_tell_them_apart(tmp_path):
    """docs/plugins.md, "Two parties side by side": its example passes, and the check it makes can fail."""
    docs = (Path(__file__).parent.parent / "docs" / "plugins.md").read_text(encoding="utf-8")
    start = docs.index("**Two parties side by side.**")
    example = re.search(r"^```python\n(.*?)^```$", docs[start:], flags=re.M | re.S)[1]
    spy_check = """

def test_the_spy_can_tell(gamenight_party):
    import pytest

    parties = [gamenight_party(["Ann", "Boris", "Chen", "Dina"]) for _ in range(2)]
    for party, spy in zip(parties, ["Chen", "Dina"]):
        assert party.start("spyfall", deals=[{"location": "s2.port", "spies": [spy]}], seed="same").ok
    with pytest.raises(AssertionError, match="Chen can tell party 1 from party 2"):
        assert_received_alike(parties, "Chen")
"""
    (tmp_path / "test_example.py").write_text(example + spy_check, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 passed" in run.stdout
