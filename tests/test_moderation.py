"""The host who moderates, through the socket protocol: a kick that holds for the night, the door the host
answers (a knock), hidden items gone from every payload, reports; and streamer mode's private link."""

from __future__ import annotations

import json

import pytest
from gamenight.engine import Engine
from gamenight.store import open_store
from gamenight.web.app import create_app
from test_web_socket import Browser

PHONE_A, PHONE_B, PHONE_C = "device-aaaaaaaa", "device-bbbbbbbb", "device-cccccccc"


@pytest.fixture
def web(engine):
    return create_app(engine, hub_options={"ticker": False})


def create(web, name: str = "Ann", device: str = "device-host0000") -> tuple[str, Browser]:
    host = Browser(web)
    answer = host.call("create_lobby", {"name": name, "device": device})
    host.token, host.player = answer["token"], answer["player"]
    return answer["code"], host


def join(web, code: str, name: str, device: str | None = None, **more) -> tuple[Browser, dict]:
    phone = Browser(web)
    payload = {"code": code, "name": name, **({"device": device} if device else {}), **more}
    answer = phone.call("join_lobby", payload)
    if answer["ok"] and "player" in answer:
        phone.token, phone.player = answer["token"], answer["player"]
    return phone, answer


def send(browser: Browser, command: str, **args) -> dict:
    """A command whose arguments include a ``kind`` of their own (hiding and reporting)."""
    return browser.call("command", {"kind": command, "args": args})


def moderation(host: Browser) -> dict:
    return host.state()["moderation"]


# -- a kick that holds ---------------------------------------------------------------------------------


def test_a_kicked_device_cannot_come_back_under_any_name_until_the_night_is_closed(web):
    code, ann = create(web)
    boris, answer = join(web, code, "Boris", PHONE_B)
    assert answer["ok"]
    assert ann.command("kick", player=boris.player)["ok"]
    assert boris.events("removed") == [{"code": code}]

    for name in ("Boris", "Totally Not Boris"):
        again, answer = join(web, code, name, PHONE_B)
        assert answer == {"ok": False, "error": {"code": "kept_out", "key": "error.kept_out", "params": {}}}
        assert again.errors() == ["kept_out"]
    # another phone comes in; the host sees who is kept out, and when
    assert join(web, code, "Chen", PHONE_C)[1]["ok"]
    (entry,) = moderation(ann)["kept_out"]
    assert entry["name"] == "Boris" and isinstance(entry["at"], float)
    # nobody else sees that list, and no view carries a device
    chen_view = Browser(web)
    chen_view.call("watch", {"code": code})
    assert "moderation" not in chen_view.state()
    assert PHONE_B not in json.dumps(ann.state()) and "device" not in json.dumps(ann.state()["lobby"])

    assert ann.command("close_night")["ok"]
    assert moderation(ann)["kept_out"] == []
    assert join(web, code, "Boris", PHONE_B)[1]["ok"]


def test_the_host_lets_a_kept_out_device_back(web):
    code, ann = create(web)
    boris, _ = join(web, code, "Boris", PHONE_B)
    ann.command("kick", player=boris.player)
    (entry,) = moderation(ann)["kept_out"]
    assert not join(web, code, "Boris", PHONE_B)[1]["ok"]
    assert ann.command("let_back", entry=entry["id"])["ok"]
    assert moderation(ann)["kept_out"] == []
    assert join(web, code, "Boris", PHONE_B)[1]["ok"]
    assert ann.command("let_back", entry=entry["id"])["error"]["code"] == "no_such_entry"


def test_only_the_host_sees_and_answers_the_kept_out(web):
    code, ann = create(web)
    boris, _ = join(web, code, "Boris", PHONE_B)
    chen, _ = join(web, code, "Chen", PHONE_C)
    ann.command("kick", player=boris.player)
    entry = moderation(ann)["kept_out"][0]
    assert "moderation" not in chen.state()
    assert chen.command("let_back", entry=entry["id"])["error"]["code"] == "not_host"


# -- the door: the host lets new players in ------------------------------------------------------------------


def test_a_newcomer_knocks_and_the_host_admits_them(web):
    code, ann = create(web)
    assert ann.command("door", ask=True)["ok"]
    assert ann.state()["lobby"]["door"] is True
    dana, answer = join(web, code, "Dana", PHONE_B)
    assert answer["ok"] and answer["knock"] and "player" not in answer
    assert [s["name"] for s in ann.state()["lobby"]["seats"]] == ["Ann"]  # not seated yet
    (knock,) = moderation(ann)["knocks"]
    assert knock["name"] == "Dana" and knock["id"] == answer["knock"]
    assert dana.state()["you"] is None  # the knocking phone watches the public view meanwhile

    reply = ann.command("answer_knock", knock=knock["id"], admit=True)
    assert reply["ok"] and reply["reply"]["admitted"]
    (admitted,) = dana.events("knock_admitted")
    assert admitted["code"] == code
    assert dana.state()["you"] == admitted["player"]
    assert [s["name"] for s in ann.state()["lobby"]["seats"]] == ["Ann", "Dana"]
    assert moderation(ann)["knocks"] == []
    # the token of the answer opens the seat (a reload)
    assert Browser(web).call("attach", {"code": code, "token": answer["token"]})["player"] == admitted["player"]


def test_the_host_refuses_a_knock(web):
    code, ann = create(web)
    ann.command("door", ask=True)
    eve, answer = join(web, code, "Eve", PHONE_B)
    assert ann.command("answer_knock", knock=answer["knock"], admit=False)["ok"]
    assert eve.events("knock_refused") == [{"code": code, "knock": answer["knock"]}]
    assert Browser(web).call("attach", {"code": code, "token": answer["token"]})["error"]["code"] == "bad_token"
    assert ann.command("answer_knock", knock=answer["knock"], admit=True)["error"]["code"] == "no_such_knock"


def test_a_knock_outlives_the_host_phone_reconnecting_and_the_server_restarting(web, engine, plugins, db_path, clock):
    code, ann = create(web)
    ann.command("door", ask=True)
    _, answer = join(web, code, "Late Friend", PHONE_B)
    ann.client.disconnect()
    back = Browser(web)
    assert back.call("attach", {"code": code, "token": ann.token})["ok"]
    assert [k["name"] for k in moderation(back)["knocks"]] == ["Late Friend"]

    engine.heartbeat()
    engine.store.close()
    restarted = Engine(open_store(db_path), plugins, clock)
    lobby = restarted.lobby(code)
    assert [k["name"] for k in lobby.moderation["knocks"]] == ["Late Friend"]
    assert restarted.submit(code, "answer_knock", {"knock": answer["knock"], "admit": True}, token=ann.token).ok
    assert restarted.identify(code, answer["token"]) is not None


def test_with_the_door_off_a_join_seats_at_once(web):
    code, ann = create(web)
    ann.command("door", ask=True)
    ann.command("door", ask=False)
    _, answer = join(web, code, "Boris", PHONE_B)
    assert answer["ok"] and answer["player"]


def test_a_kicked_device_cannot_knock_either(web):
    code, ann = create(web)
    boris, _ = join(web, code, "Boris", PHONE_B)
    ann.command("kick", player=boris.player)
    ann.command("door", ask=True)
    assert join(web, code, "Someone", PHONE_B)[1]["error"]["code"] == "kept_out"


# -- streamer mode -------------------------------------------------------------------------------------


def test_in_streamer_mode_the_code_alone_no_longer_admits(web):
    code, ann = create(web)
    assert ann.command("streamer", on=True)["ok"]
    invite = moderation(ann)["invite"]
    assert invite and len(invite) >= 12
    table = Browser(web)
    table.call("watch", {"code": code})
    assert table.state()["lobby"]["streamer"] is True
    assert invite not in json.dumps(table.state())  # the TV's view never carries it

    _, answer = join(web, code, "Viewer", PHONE_B)
    assert answer["error"]["code"] == "invite_needed"
    assert join(web, code, "Viewer", PHONE_B, invite="wrong")[1]["error"]["code"] == "invite_needed"
    boris, answer = join(web, code, "Boris", PHONE_C, invite=invite)
    assert answer["ok"]
    assert invite not in json.dumps(boris.state())  # only the host's phone has it

    assert ann.command("renew_invite")["ok"]
    renewed = moderation(ann)["invite"]
    assert renewed != invite
    assert join(web, code, "Chen", "device-dddddddd", invite=invite)[1]["error"]["code"] == "invite_needed"
    assert join(web, code, "Chen", "device-dddddddd", invite=renewed)[1]["ok"]

    assert ann.command("streamer", on=False)["ok"]
    assert moderation(ann)["invite"] is None
    assert join(web, code, "Dan", "device-eeeeeeee")[1]["ok"]


def test_renewing_needs_streamer_mode(web):
    _, ann = create(web)
    assert ann.command("renew_invite")["error"]["code"] == "not_streaming"


# -- hiding and reporting ----------------------------------------------------------------------------


def test_a_hidden_name_leaves_every_payload_and_the_match_goes_on(web):
    code, ann = create(web)
    rude, _ = join(web, code, "Rudename", PHONE_B)
    chen, _ = join(web, code, "Chen", PHONE_C)
    table = Browser(web)
    table.call("watch", {"code": code})
    ann.command("choose", game="highcard")
    assert ann.command("start")["ok"]
    for browser in (ann, rude, chen, table):
        browser.forget()

    assert send(chen, "report", kind="name", key=rude.player)["ok"]
    (reported,) = moderation(ann)["reports"]
    assert reported["key"] == rude.player and reported["by"] == chen.player

    assert send(ann, "hide", kind="name", key=rude.player)["ok"]
    assert moderation(ann)["reports"] == []  # answered by hiding
    for browser in (ann, rude, chen, table):
        sent = json.dumps([payload for _, payload in browser.raw])
        assert "Rudename" not in sent
        names = [s["name"] for s in browser.state()["lobby"]["seats"]]
        assert names[1] == "#" + rude.player[1:]
        assert browser.state()["match"]["names"][rude.player] == "#" + rude.player[1:]
    assert ann.command("end")["ok"]  # the match goes on to its end
    assert "Rudename" not in json.dumps([payload for _, payload in table.raw])

    (item,) = moderation(ann)["hidden"]
    assert ann.command("unhide", item=item["id"])["ok"]
    assert table.state()["lobby"]["seats"][1]["name"] == "Rudename"


def test_a_hidden_text_is_replaced_wherever_it_appears(web):
    code, ann = create(web)
    join(web, code, "Boris", PHONE_B)
    assert send(ann, "hide", kind="text", key="Boris")["ok"]
    table = Browser(web)
    table.call("watch", {"code": code})
    assert "Boris" not in json.dumps(table.state()) and "Boris" not in json.dumps(ann.state())


def test_only_the_host_hides(web):
    code, ann = create(web)
    boris, _ = join(web, code, "Boris", PHONE_B)
    assert send(boris, "hide", kind="name", key=ann.player)["error"]["code"] == "not_host"
    assert send(boris, "report", kind="colour", key="x")["error"]["code"] == "bad_request"


def test_a_kicked_device_cannot_ask_for_a_seat_either(web):
    code, ann = create(web)
    boris, _ = join(web, code, "Boris", PHONE_B)
    join(web, code, "Chen", PHONE_C)
    ann.command("kick", player=boris.player)
    asked = Browser(web).call("request_seat", {"code": code, "name": "Chen", "device": PHONE_B})
    assert asked["error"]["code"] == "kept_out"


def test_a_lobby_stored_before_moderation_loads_with_nothing_kept_out(engine):
    from gamenight.lobby import Lobby

    outcome, _ = engine.create_lobby("Ann")
    stored = engine.lobbies[outcome.code].to_dict()
    del stored["moderation"]
    lobby = Lobby.from_dict(stored)
    assert lobby.moderation["kept_out"] == [] and lobby.moderation["door"] is False
    assert lobby.moderation["streamer"] is False and lobby.moderation["hidden"] == []


def test_a_report_is_made_once_per_seat_and_the_host_may_set_it_aside(web):
    code, ann = create(web)
    boris, _ = join(web, code, "Boris", PHONE_B)
    first = send(boris, "report", kind="text", key="some word")
    again = send(boris, "report", kind="text", key="some word")
    assert first["reply"] == again["reply"]
    (report,) = moderation(ann)["reports"]
    assert report["kind"] == "text" and report["key"] == "some word" and report["by"] == boris.player
    assert "moderation" not in boris.state()  # only the host's phone shows reports
    assert send(ann, "dismiss_report", report=report["id"])["ok"]
    assert moderation(ann)["reports"] == []
    assert send(ann, "dismiss_report", report=report["id"])["error"]["code"] == "no_such_report"
    assert send(ann, "unhide", item="h99")["error"]["code"] == "no_such_entry"


def test_a_hidden_pack_hides_each_of_its_pictures(web):
    from gamenight.hiding import HIDDEN_PICTURE, Scrubber

    code, ann = create(web)
    assert send(ann, "hide", kind="picture", key="/images/upload-1/")["ok"]
    engine = web[0].extensions["gamenight"]["engine"]
    scrub = Scrubber(engine.lobbies[code]).scrub
    view = {"images": ["/images/upload-1/a.png", "/images/scenes/b.svg"], "n": 3}
    assert scrub(view) == {"images": [HIDDEN_PICTURE, "/images/scenes/b.svg"], "n": 3}


def test_the_name_of_a_kicked_player_can_be_hidden_after_they_left(web):
    code, ann = create(web)
    rude, _ = join(web, code, "Rudename", PHONE_B)
    join(web, code, "Chen", PHONE_C)
    join(web, code, "Dan", "device-dddddddd")
    ann.command("choose", game="highcard")
    assert ann.command("start")["ok"]
    assert ann.command("end")["ok"]  # on the night's scoreboard now
    assert ann.command("kick", player=rude.player)["ok"]
    assert ann.command("start")["ok"]  # a match without them
    assert "Rudename" in json.dumps(ann.state())
    assert send(ann, "hide", kind="name", key=rude.player)["ok"]
    table = Browser(web)
    table.call("watch", {"code": code})
    assert "Rudename" not in json.dumps(table.state()) and "Rudename" not in json.dumps(ann.state())
