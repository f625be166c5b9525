"""The family filter at the door: every text a person types passes the lobby's level on its way in, through the
real engine, and is refused with ``family_filter`` naming its field (changing nothing), or masked when its
author's clock runs out; strict mode's texts wait for the host before the TV shows them."""

from __future__ import annotations

import json

import pytest
from gamenight.approval import PLACEHOLDER, QUEUE_MAX
from gamenight.engine import Engine, replay_lobby
from gamenight.images import UPLOADS_SHELF_ID
from gamenight.store_sqlite import SQLiteStore
from helpers import Night

RUDE_EN = "fuckface"
RUDE_RU = "хуйло"
MILD = "crap"  # strict only


def pack(location: str = "Museum", name: str = "Our pack") -> dict:
    return {"names": {"en": name}, "locations": [{"names": {"en": location}, "roles": [{"en": "Guard"}]}]}


def filtered_night(engine: Engine, clock, level: str, names=("Ann", "Boris", "Chen")) -> Night:
    engine.family_filter = level
    return Night(engine, clock, list(names))


def refused(outcome, field: str) -> bool:
    return not outcome.ok and outcome.error["code"] == "family_filter" and outcome.error["params"] == {"field": field}


# -- the level --------------------------------------------------------------------------------------------


def test_a_new_lobby_takes_the_servers_level_and_its_host_chooses_another(engine, clock):
    night = filtered_night(engine, clock, "moderate")
    assert night.view(None)["lobby"]["family_filter"] == "moderate"
    assert refused(night.command("Boris", "family_filter", level="off"), "") is False
    assert night.command("Boris", "family_filter", level="off").error["code"] == "not_host"
    assert night.command("Ann", "family_filter", level="off").ok
    assert night.join(RUDE_EN).ok, "off lets everything through"
    engine.family_filter = "strict"  # the server's default is for new lobbies only
    assert night.view(None)["lobby"]["family_filter"] == "off"


def test_the_hosts_words_are_caught_and_only_the_host_sees_them(engine, clock):
    night = filtered_night(engine, clock, "moderate")
    assert night.join("Gerald").ok, "an innocent name before the host's words"
    assert night.command("Ann", "family_filter", words=["gerald", " gerald ", "Tartuffe"]).ok
    assert night.view("Ann")["family_filter"]["words"] == ["gerald", "Tartuffe"]
    assert "family_filter" not in night.view("Boris") and "family_filter" not in night.view(None)
    assert "Tartuffe" not in json.dumps(night.view("Boris"), ensure_ascii=False)
    assert refused(night.join("Tartuffe2"), "name")
    too_many = night.command("Ann", "family_filter", words=[f"w{n}" for n in range(31)])
    assert too_many.error["code"] == "bad_request"


# -- at the door: every kind of typed text -----------------------------------------------------------------


def sticker(night, text):
    return night.command("Boris", "shelf", shelf="spyfall.board", action="propose", args={"name": text})


def location_pack(night, text, where="location"):
    given = pack(location=text) if where == "location" else pack(name=text)
    return night.command("Ann", "shelf", shelf="spyfall.packs", action="add_pack", args={"pack": given})


def word_card(night, text):
    cards = {"cards": [{"en": [text, "kite", "bell"]}]}
    return night.command("Ann", "shelf", shelf="notarobot.cards", action="add_cards", args=cards)


@pytest.mark.parametrize("rude", [RUDE_EN, RUDE_RU, "fu\u0441k", "х у й л о", "sh1tface"])
@pytest.mark.parametrize(
    "send, field",
    [
        pytest.param(lambda night, t: night.join(t[:20]), "name", id="a joining name"),
        pytest.param(sticker, "name", id="a sticker"),
        pytest.param(location_pack, "names", id="a location"),
        pytest.param(lambda night, t: location_pack(night, t, "pack"), "names", id="a pack name"),
        pytest.param(word_card, "en", id="a word card"),
    ],
)
def test_a_rude_text_is_refused_at_the_door_naming_its_field_and_changes_nothing(engine, clock, send, field, rude):
    night = filtered_night(engine, clock, "moderate")
    before = night.snapshot()
    outcome = send(night, rude)
    assert refused(outcome, field), outcome.error
    assert night.snapshot() == before
    assert send(night, "Scunthorpe").ok, "an innocent word with a banned root inside passes"


def test_an_uploaded_picture_packs_rude_name_is_refused(engine, clock):
    """The server records an upload on the lobby's shelf as the engine itself: the name its host typed passes
    the door all the same."""
    night = filtered_night(engine, clock, "moderate")
    pack_of = {"id": "up-0123456789abcdef01234567", "images": ["1"]}
    args = {"shelf": UPLOADS_SHELF_ID, "action": "add"}
    rude = engine.submit(night.code, "shelf", args | {"args": {"pack": pack_of | {"name": RUDE_RU}}}, system=True)
    assert refused(rude, "name") and night.lobby.shelves.get(UPLOADS_SHELF_ID, {}).get("packs", []) == []
    assert engine.submit(night.code, "shelf", args | {"args": {"pack": pack_of | {"name": "Dacha"}}}, system=True).ok


def test_a_rude_name_cannot_open_a_lobby_and_leaves_nothing_behind(engine, clock):
    engine.family_filter = "moderate"
    outcome, token = engine.create_lobby(RUDE_RU)
    assert refused(outcome, "name") and token is None and engine.lobbies == {}


def test_a_seat_asked_for_by_a_rude_name_is_refused(engine, clock):
    night = filtered_night(engine, clock, "moderate")
    outcome, token = engine.request_seat(night.code, RUDE_EN)
    assert refused(outcome, "name") and token is None


def test_strict_also_refuses_mild_words_moderate_lets_them_through(engine, clock):
    moderate = filtered_night(engine, clock, "moderate")
    assert sticker(moderate, MILD).ok
    strict = filtered_night(engine, clock, "strict")
    assert refused(sticker(strict, MILD), "name")


def test_the_games_own_words_are_not_filtered(engine, clock):
    """A deck's words and Spyfall's locations are not typed: the strictest host's words do not touch them."""
    night = filtered_night(engine, clock, "strict")
    assert night.command("Ann", "family_filter", words=["museum", "bank", "beach"]).ok
    assert night.command("Ann", "choose", game="spyfall").ok
    assert night.start(game="spyfall").ok


# -- an association, refused or masked ---------------------------------------------------------------------

PLAYERS = ["Ann", "Boris", "Chen", "Dina"]


def test_a_rude_association_is_refused_while_there_is_time_to_type_another(engine, clock):
    night = filtered_night(engine, clock, "moderate", PLAYERS)
    assert night.start(game="notahuman").ok
    before = night.snapshot()
    assert refused(night.move("Boris", "associate", word=RUDE_RU), "word")
    assert night.snapshot() == before
    assert night.move("Boris", "associate", word="кошка").ok


def test_a_rude_association_sent_as_the_clock_runs_out_is_masked_not_lost(engine, clock):
    night = filtered_night(engine, clock, "moderate", PLAYERS)
    assert night.start(game="notahuman").ok
    left = night.match.timers["associate"].deadline - clock.now
    night.advance(left - 3)
    assert night.move("Boris", "associate", word=RUDE_EN).ok
    kept = [a["word"] for a in night.match.round_state["associations"]]
    assert kept == ["********"]
    # the log keeps what the door did: the lobby rebuilt from it is the lobby that was
    rebuilt = replay_lobby(engine.store, engine.plugins, night.code)
    assert [a["word"] for a in rebuilt.match.round_state["associations"]] == kept


# -- strict mode's queue -----------------------------------------------------------------------------------


def test_in_strict_mode_a_players_text_waits_for_the_host_before_the_tv_shows_it(engine, clock):
    night = filtered_night(engine, clock, "strict")
    assert night.join("Dora").ok
    assert sticker(night, "Old mill").ok
    tv = json.dumps(night.view(None), ensure_ascii=False)
    assert "Dora" not in tv and "Old mill" not in tv and PLACEHOLDER in tv
    assert "Dora" in json.dumps(night.view("Boris"), ensure_ascii=False), "the phones see it; the game goes on"
    queue = night.view("Ann")["family_filter"]["queue"]
    texts = {item["text"]: item["id"] for item in queue}
    assert {"Boris", "Chen", "Dora", "Old mill"} <= set(texts)
    assert "Ann" not in texts, "the host's own texts need nobody's approval"
    assert night.command("Boris", "review_text", item=texts["Dora"], allow=True).error["code"] == "not_host"
    assert night.command("Ann", "review_text", item=texts["Dora"], allow=True).ok
    assert night.command("Ann", "review_text", item=texts["Old mill"], allow=False).ok
    tv = json.dumps(night.view(None), ensure_ascii=False)
    assert "Dora" in tv and "Old mill" not in tv
    assert "Old mill" not in json.dumps(night.view("Chen"), ensure_ascii=False), "hidden: from every screen"
    again = night.command("Ann", "review_text", item=texts["Dora"], allow=False)
    assert again.error["code"] == "no_such_text"
    night.advance(3600)
    assert "Boris" not in json.dumps(night.view(None)), "nobody reviewed it: it stays off the TV"


def test_the_queue_stays_short_and_leaving_strict_mode_lets_what_waits_through(engine, clock):
    night = filtered_night(engine, clock, "strict")
    for n in range(QUEUE_MAX + 3):
        assert sticker(night, f"Place {n}").ok
    assert len(night.view("Ann")["family_filter"]["queue"]) == QUEUE_MAX
    assert night.command("Ann", "family_filter", level="moderate").ok
    tv = json.dumps(night.view(None))
    assert f"Place {QUEUE_MAX + 2}" in tv
    assert "Place 0" not in tv, "pushed out of the queue unreviewed: it stays hidden"


def test_the_queue_survives_a_restart_as_it_was(engine, clock, db_path, plugins):
    night = filtered_night(engine, clock, "strict")
    assert sticker(night, "Old mill").ok
    queue = night.view("Ann")["family_filter"]["queue"]
    again = Engine(SQLiteStore(db_path), plugins, clock, family_filter="off")
    rebuilt = replay_lobby(again.store, plugins, night.code)
    assert rebuilt.family_filter == night.lobby.family_filter
    assert [item["text"] for item in queue] == [e["text"] for e in rebuilt.family_filter["queue"]]


def test_a_held_back_text_that_looks_like_a_seat_id_leaves_the_tvs_ids_alone(engine, clock):
    night = filtered_night(engine, clock, "strict")
    assert night.join("p2").ok  # Boris's seat id
    tv = night.view(None)["lobby"]
    assert [seat["id"] for seat in tv["seats"]] == ["p1", "p2", "p3", "p4"]
    assert [seat["name"] for seat in tv["seats"]] == ["Ann", PLACEHOLDER, PLACEHOLDER, PLACEHOLDER]


def test_a_name_the_host_hides_from_the_queue_leaves_every_screen(engine, clock):
    night = filtered_night(engine, clock, "strict")
    assert night.join("Dora").ok
    item = next(i["id"] for i in night.view("Ann")["family_filter"]["queue"] if i["text"] == "Dora")
    assert night.command("Ann", "review_text", item=item, allow=False).ok
    for screen in (None, "Boris", "Ann"):
        assert "Dora" not in json.dumps(night.view(screen)["lobby"]["seats"]), screen
    assert night.lobby.players[night.id_of("Dora")]["name"] == "Dora", "the seat stays"
