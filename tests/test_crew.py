"""A crew: a lobby kept night after night, its standings and records checked against a table worked out by
hand from the scripted matches (tests/scripts: their deals and moves are fixed), on SQLite and PostgreSQL.

Night 1 (Ann, Boris, Chen, Dina):
  M1 spyfall-spy-guesses-the-location, 95 s in: Chen (the spy) names the wedding: Chen 4 points, wins.
  M2 notahuman-human-found-by-the-vote: Chen (the Human) is found; Ann and Boris voted for him: Ann 2,
     Boris 2, Dina 1, Chen 0; Ann and Boris share the win.
  Night 1's medal table: Ann and Boris (1 win, 1 second) share 1st, Chen (1 win) 3rd, Dina 4th.
Night 2 (Emil arrives and sits the first match out):
  M3 spyfall-first-accuser-bonus: Chen (the spy) is caught on Dina's accusation; Boris accused him first:
     Boris 2, Ann 1, Dina 1, Chen 0; Boris wins (his second match won in a row).
  M4 teams-scoring-spy: Emil is the spy: named both locations (3 + 4) and trusted once (1): 8 points and
     the round; Ann named the enemy location (3), Chen too (3) and was named an ally (1); Boris and Dina 1.
  Night 2's medal table: Boris 1st (1 win, 1 second), Emil 2nd (1 win), Ann and Dina 3rd, Chen 5th.
All time: matches Ann 4, Boris 4, Chen 4, Dina 4, Emil 1; wins 1, 2, 1, 0, 1; points 6, 5, 8, 3, 8;
nights won Ann 1, Boris 2.
"""

from __future__ import annotations

import json

import pytest
from crew_nights import NIGHT_SCRIPTS, crew_of_nights, play, script_of
from gamenight.clock import ManualClock
from gamenight.engine import Engine, replay_lobby
from gamenight.registry import Plugins
from gamenight.store import open_store
from gamenight.testing import Party

FOUR = ["Ann", "Boris", "Chen", "Dina"]


@pytest.fixture(scope="module")
def every_game() -> Plugins:
    return Plugins()


def crew(party: Party, name: str | None = None) -> dict:
    return party.view(name)["lobby"]["crew"]


def by_name(party: Party, rows: list[dict], *fields: str) -> dict[str, tuple]:
    names = {m["id"]: m["name"] for m in crew(party)["members"]}
    return {names[row["member"]]: tuple(row[f] for f in fields) for row in rows}


def two_nights(party: Party) -> None:
    assert party.command("Ann", "keep_crew").ok
    play(party, "spyfall-spy-guesses-the-location", wait=95)
    play(party, "notahuman-human-found-by-the-vote")
    assert party.command("Ann", "close_night").ok
    assert party.command("Ann", "new_night").ok
    assert party.join("Emil").ok
    play(party, "spyfall-first-accuser-bonus")
    play(party, "teams-scoring-spy")
    assert party.command("Ann", "close_night").ok


@pytest.mark.parametrize("store_at", ["sqlite", "postgres"], indirect=True)
def test_two_nights_standings_and_records_match_the_table_worked_out_by_hand(store_at, every_game):
    store = open_store(store_at)
    party = Party(FOUR, engine=Engine(store, every_game, ManualClock()))
    two_nights(party)
    seen = crew(party, "Dina")
    standings = by_name(party, seen["standings"], "place", "nights", "nights_won", "matches", "wins", "points")
    assert standings == {
        "Boris": (1, 2, 2, 4, 2, 5),
        "Ann": (2, 2, 1, 4, 1, 6),
        "Emil": (3, 1, 0, 1, 1, 8),
        "Chen": (4, 2, 0, 4, 1, 8),
        "Dina": (5, 2, 0, 4, 0, 3),
    }
    assert [n["n"] for n in seen["nights"]] == [1, 2]
    night_two = by_name(party, seen["nights"][1]["standings"], "place", "wins")
    assert night_two == {"Boris": (1, 1), "Emil": (2, 1), "Ann": (3, 0), "Dina": (3, 0), "Chen": (5, 0)}

    names = {m["id"]: m["name"] for m in seen["members"]}

    def stat(game: str, name: str, key: str) -> int:
        return next((row.get(key, 0) for row in seen["games"][game] if names[row["member"]] == name), 0)

    assert [stat("spyfall", n, "spy_rounds") for n in FOUR] == [0, 0, 2, 0]
    assert [stat("spyfall", n, "spy_won") for n in FOUR] == [0, 0, 1, 0]
    assert [stat("spyfall", n, "spy_caught") for n in FOUR] == [0, 0, 1, 0]
    assert [stat("spyfall", n, "guessed_location") for n in FOUR] == [0, 0, 1, 0]
    assert [stat("spyfall", n, "agent_won") for n in FOUR] == [1, 1, 0, 1]
    assert [stat("notahuman", n, "human_found") for n in FOUR] == [0, 0, 1, 0]
    assert [stat("notahuman", n, "robot_won") for n in FOUR] == [1, 1, 0, 1]
    assert [stat("spyfall_teams", n, "enemy_location") for n in [*FOUR, "Emil"]] == [1, 0, 1, 0, 0]
    assert [stat("spyfall_teams", n, "found_ally") for n in [*FOUR, "Emil"]] == [1, 0, 1, 1, 0]
    assert [stat("spyfall_teams", n, "spy_won") for n in [*FOUR, "Emil"]] == [0, 0, 0, 0, 1]

    pairs = {(names[h["member"]], names[h["against"]], h["stat"]): h["count"] for h in seen["head_to_head"]}
    assert pairs[("Boris", "Chen", "spyfall.caught_spy")] == 1  # Boris caught Chen as the spy
    assert pairs[("Ann", "Chen", "notahuman.spotted_human")] == 1
    assert pairs[("Ann", "Boris", "spyfall_teams.found_ally")] == 1
    assert [(names[r["member"]], r["stat"], r["figure"]) for r in seen["records"]] == [
        ("Chen", "spyfall.fastest_spy_win", 95)
    ]
    streaks = {names[s["member"]]: (s["current"], s["best"]) for s in seen["streaks"]}
    assert streaks == {"Boris": (0, 2)}  # M2 and M3 in a row; M4 went to Emil

    # the same crew from the store: the snapshot and the log replayed (a restart), and the log alone
    again = Engine(open_store(store_at), every_game, ManualClock(party.clock.now))
    assert again.view(party.code, None)["lobby"]["crew"] == seen
    assert replay_lobby(store, every_game, party.code).crew == party.lobby.crew


def test_a_new_season_starts_its_table_from_nothing_and_all_time_goes_on(engine_all):
    party = Party(FOUR, engine=engine_all)
    assert party.command("Ann", "keep_crew").ok
    play(party, "spyfall-spy-guesses-the-location")
    assert party.command("Ann", "close_night").ok
    assert party.command("Boris", "new_season").error["code"] == "not_host"
    assert party.command("Ann", "new_season").ok
    assert party.command("Ann", "new_night").ok
    play(party, "notahuman-human-found-by-the-vote")
    assert party.command("Ann", "close_night").ok
    seen = crew(party)
    assert seen["season"]["n"] == 2
    season = by_name(party, seen["season_standings"], "matches", "wins", "nights")
    assert season == {"Ann": (1, 1, 1), "Boris": (1, 1, 1), "Dina": (1, 0, 1), "Chen": (1, 0, 1)}
    assert by_name(party, seen["standings"], "matches", "nights")["Chen"] == (2, 2)


def test_a_night_taken_back_leaves_the_nights_until_it_is_closed_again(engine_all):
    party = Party(FOUR, engine=engine_all)
    assert party.command("Ann", "keep_crew").ok
    play(party, "spyfall-spy-guesses-the-location")
    assert party.command("Ann", "close_night").ok
    assert len(crew(party)["nights"]) == 1
    assert party.command("Ann", "reopen_night").ok
    assert crew(party)["nights"] == []
    play(party, "spyfall-spy-guesses-the-location")
    assert party.command("Ann", "close_night").ok
    [night] = crew(party)["nights"]
    assert len(night["matches"]) == 2


def test_the_hall_of_fame_takes_the_nights_most_voted_keepsakes_and_the_opener_tells_last_night(engine_all):
    party = Party(FOUR, engine=engine_all)
    assert party.command("Ann", "keep_crew").ok
    play(party, "notahuman-human-found-by-the-vote")
    play(party, "notarobot-some-guessers-right")
    assert party.command("Ann", "close_night").ok
    seen = crew(party)
    drawings = [k for k in seen["keepsakes"] if k["kind"] == "drawing"]
    [association] = [k for k in seen["keepsakes"] if k["kind"] == "association"]
    assert association["content"] == {"text": "night"} and association["by"] == party.ids["Chen"]
    assert len(drawings) == 4 and all(k["content"]["figure"] for k in drawings)
    dina = next(k for k in drawings if k["by"] == party.ids["Dina"])
    for voter in ("Ann", "Boris", "Chen"):
        assert party.command(voter, "fame_vote", keepsake=dina["id"]).ok
    assert party.command("Dina", "fame_vote", keepsake=association["id"]).ok
    assert party.command("Dina", "fame_vote", keepsake="k999").error["code"] == "unknown_keepsake"
    assert party.view("Dina")["crew_you"]["fame_ballot"] == {"association": association["id"]}
    assert "fame_ballot" not in json.dumps(party.view(None))  # a ballot is its voter's own
    assert party.command("Ann", "new_night").ok
    seen = crew(party)
    assert [(f["kind"], f["by"], f["votes"], f["night"]) for f in seen["fame"]] == [
        ("drawing", party.ids["Dina"], 3, 1),
        ("association", party.ids["Chen"], 1, 1),
    ]
    opener = seen["opener"]
    assert opener["night"] == 1 and opener["fame"] == [f["id"] for f in seen["fame"]]
    assert sorted(opener["winners"]) == sorted(
        row["member"] for row in seen["nights"][0]["standings"] if row["place"] == 1
    )
    play(party, "spyfall-spy-guesses-the-location")
    assert crew(party)["opener"] is None  # once the night has begun


def test_a_member_is_themself_again_from_their_device_by_their_code_or_with_the_hosts_yes(engine_all):
    party = Party(FOUR, engine=engine_all)
    assert party.command("Ann", "keep_crew").ok
    play(party, "spyfall-spy-guesses-the-location")
    chen, dina = party.ids["Chen"], party.ids["Dina"]
    code = party.view("Chen")["crew_you"]["code"]
    assert all(code not in json.dumps(party.view(n)) for n in ("Ann", "Boris", "Dina", None))
    assert party.leave("Chen").ok
    assert party.leave("Dina").ok
    assert party.command("Ann", "close_night").ok
    assert party.command("Ann", "new_night").ok

    # A stranger who takes Chen's name is not Chen: a name alone merges nobody.
    assert party.join("Chen").ok
    assert party.ids["Chen"] != chen
    wrong = party.command("Chen", "crew_claim", member=chen, code="AAAAAAAA")
    assert wrong.error["code"] == "wrong_crew_code"
    assert party.leave("Chen").ok

    # Chen on a new phone, with his code: himself at once.
    assert party.join("Chen on a new phone").ok
    assert party.command("Chen on a new phone", "crew_claim", member=chen, code=code.lower()).ok
    assert party.lobby.players[chen]["name"] == "Chen on a new phone"
    assert party.lobby.seats.count(chen) == 1

    # Dina without her code: the host is asked, and says yes.
    assert party.join("D").ok
    asked = party.command("D", "crew_claim", member=dina)
    assert asked.ok and asked.reply["claimed"] is False
    [claim] = crew(party)["claims"]
    assert party.command("Boris", "answer_crew_claim", claim=claim["id"], give=True).error["code"] == "not_host"
    assert party.command("Ann", "answer_crew_claim", claim=claim["id"], give=True).ok
    assert dina in party.lobby.players and party.lobby.players[dina]["name"] == "D"
    members = {m["id"]: m["name"] for m in crew(party)["members"]}
    assert members[dina] == "D" and len(members) == 4 + 1  # the stranger of earlier stays a member of his own
    assert by_name(party, crew(party)["standings"], "matches")["D"] == (1,)


def test_a_seat_that_has_played_tonight_cannot_become_another_member(engine_all):
    party = Party(FOUR, engine=engine_all)
    assert party.command("Ann", "keep_crew").ok
    dina = party.ids["Dina"]
    assert party.leave("Dina").ok
    assert party.join("Emil").ok
    assert party.start("spyfall", (), {"rounds": 1}).ok
    assert party.command("Emil", "crew_claim", member=dina).error["code"] == "claim_after_play"
    assert party.command("Ann", "crew_claim", member=party.ids["Boris"]).error["code"] == "member_seated"


@pytest.fixture
def engine_all(every_game, tmp_path) -> Engine:
    return Engine(open_store(str(tmp_path / "crew.sqlite")), every_game, ManualClock())


def test_a_member_who_deletes_their_history_is_gone_from_every_payload_and_from_the_store(every_game, tmp_path):
    path = tmp_path / "crew.sqlite"
    party = Party([*FOUR[:3], "Zebediah"], engine=Engine(open_store(str(path)), every_game, ManualClock()))
    assert party.command("Ann", "keep_crew").ok
    play(party, "spyfall-first-accuser-bonus", renamed={"Dina": "Zebediah"})  # Zebediah accuses the spy
    play(party, "notahuman-human-found-by-the-vote", renamed={"Dina": "Zebediah"})
    assert party.command("Ann", "close_night").ok
    assert party.command("Ann", "new_night").ok
    play(party, "spyfall-spy-guesses-the-location", renamed={"Dina": "Zebediah"})
    zeb = party.ids["Zebediah"]
    assert "Zebediah" in path.read_bytes().decode("latin-1") + (tmp_path / "crew.sqlite-wal").read_bytes().decode(
        "latin-1"
    )
    party.recorder.clear()
    assert party.command("Zebediah", "crew_forget_me").ok
    assert party.command("Ann", "close_night").ok
    for name in ("Ann", "Boris", "Chen", None):
        party.recorder.never_holds(name, "Zebediah")
    seen = crew(party)
    assert {m["id"]: m["name"] for m in seen["members"]}[zeb] is None  # "a former member" on every screen
    assert zeb not in [row["member"] for row in seen["standings"]]
    assert all(row["member"] != zeb for rows in seen["games"].values() for row in rows)
    assert zeb in [row["member"] for row in seen["nights"][0]["standings"]]  # others' nights keep their place
    party.engine.store.close()
    stored = path.read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("crew.sqlite-*"))
    assert b"Zebediah" not in stored
    again = Engine(open_store(str(path)), every_game, ManualClock(party.clock.now))
    assert "Zebediah" not in json.dumps(again.view(party.code, None))


def test_a_crew_of_twelve_over_ten_nights_opens_from_the_store_as_it_was(every_game, tmp_path):
    names = [f"Member number {i} with a long name"[:20] for i in range(12)]
    names = [f"{n[:17]}{i:02d}" for i, n in enumerate(names)]
    party = crew_of_nights(str(tmp_path / "crew.sqlite"), names, 10, plugins=every_game)
    seen = crew(party)
    assert len(seen["nights"]) == 10 and len(seen["members"]) == 12
    played = [script_of(NIGHT_SCRIPTS[m % len(NIGHT_SCRIPTS)][0])["players"] for m in range(20)]
    assert sum(row["matches"] for row in seen["standings"]) == sum(len(players) for players in played)
    # each night's vote chose its drawing or association; the tenth's counts when the next night opens
    assert [entry["night"] for entry in seen["fame"]] == list(range(1, 10))
    assert seen["fame_vote"] is not None
    again = Engine(open_store(str(tmp_path / "crew.sqlite")), every_game, ManualClock(party.clock.now))
    assert again.view(party.code, None)["lobby"]["crew"] == seen


def test_what_the_host_hid_tonight_is_no_candidate_for_the_hall_of_fame_and_stays_hidden_in_it(engine_all):
    party = Party(FOUR, engine=engine_all)
    assert party.command("Ann", "keep_crew").ok
    play(party, "notahuman-human-found-by-the-vote")
    play(party, "notarobot-some-guessers-right")
    assert party.command("Ann", "hide", kind="drawing", key=f"{party.ids['Dina']}@1").ok
    assert party.command("Ann", "hide", kind="text", key="night").ok  # Chen's association, the Human's word
    assert party.command("Ann", "close_night").ok
    seen = crew(party)
    candidates = [k for k in seen["keepsakes"] if k["id"] in seen["fame_vote"]["candidates"]]
    assert sorted(party.name_of(k["by"]) for k in candidates) == ["Ann", "Boris", "Chen"]  # three drawings
    dina = next(k for k in seen["keepsakes"] if k["by"] == party.ids["Dina"])
    assert dina["content"]["figure"] == [] and dina["content"]["hidden"] is True  # not on any screen
    assert party.command("Boris", "fame_vote", keepsake=dina["id"]).error["code"] == "unknown_keepsake"
