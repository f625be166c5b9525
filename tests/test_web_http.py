"""HTTP side of the server: security headers, the JSON API, QR codes, plugin assets."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from gamenight.web.app import create_app
from gamenight.web.settings import Settings


@pytest.fixture
def http(engine):
    app, _ = create_app(
        engine, Settings(async_mode="threading", public_url="http://192.168.1.20:8000/"), hub_options={"ticker": False}
    )
    return app.test_client()


def test_every_response_carries_a_content_security_policy(http):
    for path in ["/healthz", "/api/games", "/static/vendor/socket.io/socket.io.esm.min.js"]:
        response = http.get(path)
        assert response.status_code == 200, path
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "object-src 'none'" in policy and "unsafe-inline" not in policy
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_games_api_lists_games_variants_options_and_screens(http):
    games = {g["id"]: g for g in http.get("/api/games").get_json()}
    highcard = games["highcard"]
    assert highcard["names"] == {"en": "High Card", "ru": "Старшая карта"}
    assert highcard["screen"] is True
    rounds = next(o for o in highcard["options"] if o["name"] == "rounds")
    assert rounds == {
        "name": "rounds",
        "label": "highcard.option.rounds",
        "default": 2,
        "min": 1,
        "max": 10,
        "type": "integer",
    }
    short = next(v for v in highcard["variants"] if v["id"] == "short_deck")
    assert [o["name"] for o in short["options"]] == ["short_top"]
    # A variant says whether it has a screen of its own, so the shell never asks for one it has not.
    assert short["screen"] is False and short["styles"] is False
    human_factor = next(v for v in games["notahuman"]["variants"] if v["id"] == "human_factor")
    assert human_factor["screen"] is False


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_strings_api_merges_engine_shell_and_game_strings(http, lang):
    strings = http.get(f"/api/strings/{lang}").get_json()
    assert strings["game.highcard"] == {"en": "High Card", "ru": "Старшая карта"}[lang]
    assert strings["variant.double"]
    assert "error.not_host" in strings and "error.rate_limited" in strings
    assert "highcard.reason.fooled" in strings


def test_strings_exist_in_both_languages_for_every_key(http):
    en = http.get("/api/strings/en").get_json()
    ru = http.get("/api/strings/ru").get_json()
    assert set(en) == set(ru)
    assert http.get("/api/strings/de").status_code == 404


def test_join_qr_encodes_the_lan_address(http, engine):
    outcome, _ = engine.create_lobby("Ann")
    response = http.get(f"/l/{outcome.code.lower()}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    ET.fromstring(response.data)  # a well-formed SVG
    assert http.get("/l/QQQQ/qr.svg").status_code == 404


def test_plugin_assets_are_served_but_not_outside_their_folder(http):
    screen = http.get("/plugins/highcard/screen.js")
    assert screen.status_code == 200 and "javascript" in screen.mimetype
    assert http.get("/plugins/highcard/../testgame.py").status_code == 404
    assert http.get("/plugins/highcard/%2e%2e/testgame.py").status_code == 404
    assert http.get("/plugins/nope/screen.js").status_code == 404


def test_vendored_socketio_client_matches_the_server_protocol(http):
    body = http.get("/static/vendor/socket.io/socket.io.esm.min.js").data.decode()
    assert "Socket.IO v4" in body


def test_catalogue_is_plain_json(http):
    json.loads(http.get("/api/games").data)


def test_join_links_on_pages_use_the_lan_address(http, engine):
    outcome, _ = engine.create_lobby("Ann")
    for path in (f"/l/{outcome.code}", f"/l/{outcome.code}/table"):
        page = http.get(path, headers={"Host": "localhost:8000"}).data.decode()
        assert f'data-join-url="http://192.168.1.20:8000/l/{outcome.code}"' in page


def test_the_about_page_credits_the_picture_packs(http):
    page = http.get("/about").data.decode()
    assert "OpenMoji" in page and "CC BY-SA 4.0" in page and "https://openmoji.org/" in page
