"""A seat taken back on a new device: the new device asks by name, the host or the seat's own device says
yes, and the seat keeps its cards, points and look while the old device is detached. Nobody else can."""

from __future__ import annotations

import pytest
from gamenight.web.app import create_app
from helpers import DEAL_ABC
from test_web_socket import Browser, seated


@pytest.fixture
def web(engine):
    return create_app(engine, hub_options={"ticker": False})


@pytest.fixture
def table(web):
    """Ann (host), Boris and Chen, in a High Card match with known hands."""
    code, (ann, boris, chen) = seated(web, "Ann", "Boris", "Chen")
    ann.command("choose", game="highcard")
    engine = web[0].extensions["gamenight"]["engine"]
    assert engine.submit(code, "start", token=ann.token, extra={"forced_deals": [DEAL_ABC]}).ok
    for browser in (ann, boris, chen):
        browser.forget()
        browser.call("resync")
    return code, ann, boris, chen


def ask(web, code: str, name: str) -> tuple[Browser, dict]:
    phone = Browser(web)
    return phone, phone.call("request_seat", {"code": code, "name": name})


def requests(browser: Browser) -> list[dict]:
    return browser.state()["lobby"]["seat_requests"]


def test_the_host_gives_a_seat_to_its_new_phone_with_its_cards_and_points(web, table):
    code, ann, boris, chen = table
    old_look = boris.state()["lobby"]["seats"][1]["look"]
    boris.act("claim", value=25)  # not his turn: nothing changes
    new, answer = ask(web, code, "  boris ")
    assert answer["ok"] and answer["player"] == boris.player
    # the new phone watches the lobby's public view while it waits: no hand
    assert new.state()["you"] is None and new.state()["match"]["game_view"].get("my_card") is None
    (request,) = requests(ann)
    assert request["player"] == boris.player and "token_hash" not in request
    assert requests(chen) == [request]  # everyone sees that Boris's seat is asked for

    assert ann.command("answer_seat_request", request=request["id"], give=True)["ok"]
    assert new.events("seat_given") == [{"code": code, "player": boris.player}]
    assert boris.events("replaced") == [{"code": code}]  # the old phone is detached
    view = new.state()
    assert view["you"] == boris.player
    assert view["match"]["game_view"]["my_card"] == "c25"  # his card
    assert [s["look"] for s in view["lobby"]["seats"] if s["id"] == boris.player] == [old_look]
    assert requests(ann) == []
    # the new phone plays on with the token it was given; the old token no longer opens the seat
    assert Browser(web).call("attach", {"code": code, "token": answer["token"]})["player"] == boris.player
    assert Browser(web).call("attach", {"code": code, "token": boris.token})["error"]["code"] == "bad_token"


def test_the_seats_own_phone_may_say_yes(web, table):
    code, ann, boris, chen = table
    new, answer = ask(web, code, "Chen")
    (request,) = requests(chen)
    assert chen.command("answer_seat_request", request=request["id"], give=True)["ok"]
    assert new.events("seat_given")[0]["player"] == chen.player


def test_nobody_else_can_give_a_seat_and_a_refusal_tells_the_new_phone(web, table):
    code, ann, boris, chen = table
    new, answer = ask(web, code, "Boris")
    (request,) = requests(ann)
    before = ann.state()["lobby"]["version"]
    refused = chen.command("answer_seat_request", request=request["id"], give=True)
    assert refused["error"]["code"] == "not_host"
    assert ann.state()["lobby"]["version"] == before
    assert ann.command("answer_seat_request", request=request["id"], give=False)["ok"]
    assert new.events("seat_refused") == [{"code": code, "request": request["id"]}]
    assert new.events("seat_given") == []
    assert Browser(web).call("attach", {"code": code, "token": answer["token"]})["error"]["code"] == "bad_token"
    assert Browser(web).call("attach", {"code": code, "token": boris.token})["player"] == boris.player


def test_asking_for_a_seat_nobody_has_and_answering_twice_are_refused(web, table):
    code, ann, boris, chen = table
    new, answer = ask(web, code, "Dmitri")
    assert answer["error"]["code"] == "no_such_seat" and answer["error"]["params"] == {"name": "Dmitri"}
    _, answer = ask(web, code, "Boris")
    (request,) = requests(ann)
    assert ann.command("answer_seat_request", request=request["id"], give=False)["ok"]
    again = ann.command("answer_seat_request", request=request["id"], give=True)
    assert again["error"]["code"] == "no_such_request"
    assert ask(web, code, "")[1]["error"]["code"] == "name_invalid"


def test_a_newer_ask_replaces_the_older_and_a_kick_drops_it(web, table):
    code, ann, boris, chen = table
    first, _ = ask(web, code, "Boris")
    second, _ = ask(web, code, "Boris")
    (request,) = requests(ann)
    assert first.events("seat_refused")  # replaced by the newer ask
    assert ann.command("kick", player=boris.player)["ok"]
    assert requests(ann) == []
    assert second.events("seat_refused")
    del request
