"""Values no client should send, sent: numbers past any bound, lone surrogates, wrong types. Each
gets one structured answer, and nothing changes; the server logs no traceback."""

from __future__ import annotations

import json
import logging

import pytest
from gamenight.web.app import create_app
from test_web_socket import Browser, seated

HUGE = 18446744073709551616  # 2**64: past what SQLite and orjson keep
HUGER = int("9" * 400)


@pytest.fixture
def web(engine):
    return create_app(engine, hub_options={"ticker": False})


@pytest.fixture
def quiet_log(caplog):
    """The server's log, which must stay free of errors and tracebacks."""
    caplog.set_level(logging.WARNING)
    yield caplog
    noisy = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not noisy, [r.getMessage() for r in noisy]


def lobby_json(browser: Browser) -> str:
    return json.dumps(browser.state(), sort_keys=True)


def test_a_move_with_a_version_past_any_bound_is_a_bad_request(web, quiet_log):
    code, (ann, boris, chen) = seated(web, "Ann", "Boris", "Chen")
    assert ann.command("choose", game="spyfall")["ok"] and ann.command("start")["ok"]
    before = lobby_json(ann)
    for version in (HUGE, HUGER, -HUGE, 1e308, 2.5, float("nan"), True, "7"):
        body = {"action": "cross", "args": {"location": "s2.port", "crossed": True}, "version": version}
        answer = ann.call("command", {"kind": "act", "args": body})
        assert answer["ok"] is False, version
        assert answer["error"]["code"] == "bad_request", (version, answer)
        assert "version" in json.dumps(answer["error"]["params"]), (version, answer)
    assert lobby_json(ann) == before


@pytest.mark.parametrize(
    "event, payload",
    [
        ("attach", {"code": "{code}", "token": "a\ud800b"}),
        ("watch", {"code": "Q\udc00wa"}),
        ("join_lobby", {"code": "Q\udc00wa", "name": "Eve"}),
        ("attach", {"code": "Q\udc00wa", "token": "abc"}),
        ("create_lobby", {"name": "Eve", "look": {"colour": "\ud800", "avatar": "star"}}),
        ("command", {"kind": "look\udfff"}),
        ("command", {"kind": "lock", "args": {"\ud800": True}}),
    ],
)
def test_a_lone_surrogate_anywhere_is_a_bad_request_before_any_lookup(web, quiet_log, event, payload):
    code, (ann,) = seated(web, "Ann")
    stranger = Browser(web)
    if payload.get("code") == "{code}":
        payload = {**payload, "code": code}
    who = ann if event == "command" else stranger
    answer = who.call(event, payload)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    assert "surrogate" in json.dumps(answer["error"]["params"])


def test_lone_surrogate_codes_are_refused_at_the_door_and_never_parked(web, engine, quiet_log):
    stranger = Browser(web)
    answers = [stranger.call("watch", {"code": f"Q{chr(0xDC00 + n)}wa"}) for n in range(25)]
    assert {a["error"]["code"] for a in answers} == {"bad_request"}
    assert not [code for code in engine.parked if not code.isascii()]


def test_a_drawing_with_a_coordinate_past_any_bound_is_a_bad_request(web, quiet_log):
    code, (ann, boris, chen) = seated(web, "Ann", "Boris", "Chen")
    assert ann.command("choose", game="notarobot")["ok"] and ann.command("start")["ok"]
    before = lobby_json(ann)
    for huge in (HUGER, -HUGER, 1e308):
        figure = [[0.2, 0.2], [0.6, 0.2], [huge, 0.6], [0.2, 0.6]]
        answer = ann.act("draw", word=0, figure=figure, decorations=[])
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", (huge, answer)
        decoration = [[[0.1, 0.1], [0.2, huge]]]
        answer = ann.act("draw", word=0, figure=[[0.2, 0.2], [0.6, 0.2], [0.6, 0.6]], decorations=decoration)
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", (huge, answer)
    assert lobby_json(ann) == before


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, None, [], {}])
def test_lock_takes_a_boolean_only(web, value):
    code, (ann,) = seated(web, "Ann")
    answer = ann.command("lock", locked=value)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    assert ann.state()["lobby"]["locked"] is False


def test_choose_refuses_an_image_pack_that_is_not_installed(web):
    code, (ann,) = seated(web, "Ann")
    answer = ann.command("choose", game="notahuman", options={"images": ["no-such-pack"]})
    assert answer["ok"] is False and answer["error"]["code"] == "invalid_options", answer
    assert "images" in answer["error"]["params"]["errors"]
    assert ann.state()["lobby"]["setup"] is None
