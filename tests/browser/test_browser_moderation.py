"""The host who moderates, on real screens: a knock the host answers on their phone, and what the host hides
(a picture, an association, a name) leaving the TV and every phone, mid-match, while the match goes on."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect
from test_real_server import Player

from .helpers_browser import TV_SIZES, create_lobby, join_by_link, seat
from .test_browser_tv_notahuman import say, start_match

HIDDEN_PICTURE = "/static/img/hidden.svg"


def test_a_late_friend_knocks_and_the_host_lets_them_in(pages):
    ann, code = create_lobby(pages, "Ann")
    table = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv"])
    ann.get_by_test_id("door").check()
    expect(table.get_by_test_id("seat")).to_have_count(1)

    # A late friend opens the join link: their phone waits at the door.
    late = pages.page(f"/l/{code}")
    late.get_by_test_id("join-name").fill("Late Lena")
    late.get_by_test_id("join-submit").click()
    expect(late.get_by_test_id("knocking")).to_contain_text("Waiting at the door")
    knock = ann.get_by_test_id("knock")
    expect(knock).to_contain_text("Late Lena is at the door.")
    expect(table.get_by_test_id("seat")).to_have_count(1)  # not in yet

    # The host's phone reloads, and so does the friend's: one knock is still there, and the friend still waits.
    ann.reload()
    late.reload()
    expect(late.get_by_test_id("knocking")).to_be_visible()
    expect(ann.get_by_test_id("knock")).to_have_count(1)
    expect(ann.get_by_test_id("knock")).to_contain_text("Late Lena")
    ann.get_by_test_id("knock-admit").click()
    expect(late.locator("[data-testid=seat].me")).to_contain_text("Late Lena")
    expect(table.get_by_test_id("seat")).to_have_count(2)
    expect(ann.get_by_test_id("knock")).to_have_count(0)

    # A stranger is turned away, and their phone says so.
    stranger = pages.page(f"/l/{code}", locale="ru-RU")
    stranger.get_by_test_id("join-name").fill("Незнакомец")
    stranger.get_by_test_id("join-submit").click()
    expect(stranger.get_by_test_id("knocking")).to_be_visible()
    ann.get_by_test_id("knock-refuse").click()
    expect(stranger.get_by_test_id("toast").last).to_contain_text("Ведущий вас не впустил")
    expect(stranger.get_by_test_id("join-form")).to_be_visible()
    expect(table.get_by_test_id("seat")).to_have_count(2)


def test_a_kicked_phone_stays_out_under_a_new_name(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    kick = seat(ann, "Boris").get_by_test_id("seat-kick")
    kick.click()
    kick.click()
    expect(boris.get_by_test_id("removed")).to_be_visible()
    boris.get_by_test_id("join-again").click()
    boris.get_by_test_id("join-name").fill("Definitely Not Boris")
    boris.get_by_test_id("join-submit").click()
    expect(boris.get_by_test_id("toast").last).to_contain_text("kept this phone out")
    expect(ann.get_by_test_id("seat")).to_have_count(1)
    # the page reloaded keeps its device id: still out
    boris.reload()
    boris.get_by_test_id("join-name").fill("Boris")
    boris.get_by_test_id("join-submit").click()
    expect(boris.get_by_test_id("toast").last).to_contain_text("kept this phone out")


def test_what_the_host_hides_leaves_the_tv_and_every_phone(pages, server, disconnect):
    host = Player(server, "Ann")
    disconnect.append(host)
    created = host.call("create_lobby", {"name": "Ann", "device": "device-host0000"})
    code = created["code"]
    phones = {name: join_by_link(pages, code, name) for name in ("Boris", "Rude Name")}
    tv = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv"])
    watcher = Player(server, None)  # a table over the wire: every payload it gets is on record
    disconnect.append(watcher)
    assert watcher.call("watch", {"code": code})["ok"]
    options = {"associate_seconds": 600, "reveal_seconds": 30, "guess_seconds": 120}
    assert host.call("command", {"kind": "choose", "args": {"game": "notahuman", "options": options}})["ok"]
    assert host.call("command", {"kind": "start", "args": {}})["ok"]
    screens = [tv, *phones.values()]
    for page in screens:
        expect(page.locator("[data-testid=nah-grid] .nah-tile")).to_have_count(9)

    # Boris says a rude word; every screen shows it.
    phones["Boris"].get_by_test_id("nah-word").fill("Rudeword")
    phones["Boris"].get_by_test_id("nah-say").click()
    for page in (tv, phones["Rude Name"]):
        expect(page.get_by_test_id("nah-assoc-list")).to_contain_text("Rudeword")

    picture = host.wait(lambda s: s["match"]["game_view"].get("images"), "the pictures")["match"]["game_view"]
    picture = picture["images"][4]
    rude = next(s["id"] for s in host.latest["lobby"]["seats"] if s["name"] == "Rude Name")
    watcher.wait(lambda s: "Rudeword" in json.dumps(s), "the rude word")
    hidden_from = len(watcher.log)  # what the watcher gets from here on was sent after the hiding
    for kind, key in (("picture", picture), ("text", "Rudeword"), ("name", rude)):
        assert host.call("command", {"kind": "hide", "args": {"kind": kind, "key": key}})["ok"]

    for page in screens:
        expect(page.locator(f"img[src='{picture}']")).to_have_count(0)
        expect(page.locator(f"[data-testid=nah-grid] img[src='{HIDDEN_PICTURE}']")).to_have_count(1)
        expect(page.locator("body")).not_to_contain_text("Rudeword")
        expect(page.locator("body")).not_to_contain_text("Rude Name")
    expect(tv.get_by_test_id("nah-assoc-list")).to_contain_text("hidden by the host")
    expect(tv.get_by_test_id("seat-name").filter(has_text=re.compile(r"^#\d+$"))).to_have_count(1)

    # The match goes on: the others still say their words, and no later payload carries what was hidden.
    phones["Rude Name"].get_by_test_id("nah-word").fill("Lantern")
    phones["Rude Name"].get_by_test_id("nah-say").click()
    expect(tv.get_by_test_id("nah-assoc-list")).to_contain_text("Lantern")
    watcher.wait(lambda s: "Lantern" in json.dumps(s), "the next association")
    later = json.dumps([payload for _, payload, _ in watcher.log[hidden_from:]])
    for secret in (picture, "Rudeword", "Rude Name"):
        assert secret not in later, [p for _, p, _ in watcher.log[hidden_from:] if secret in p][:2]


def test_a_phone_reports_a_picture_and_the_host_hides_it_and_a_word(pages):
    phones, code = start_match(pages)
    ann, boris = phones["Ann"], phones["Boris"]
    tv = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv"])
    expect(tv.locator("[data-testid=nah-grid] .nah-tile")).to_have_count(9)

    # Boris reports a picture from his phone; the host's phone shows the report with the picture.
    boris.get_by_test_id("report-items").locator("summary").click()
    reported = boris.get_by_test_id("report-picture").nth(2)
    src = reported.get_attribute("data-src")
    reported.click()
    report = ann.get_by_test_id("report")
    expect(report).to_contain_text("Boris reports:")
    expect(report.get_by_test_id("report-picture")).to_have_attribute("src", src)
    report.get_by_test_id("report-hide").click()
    expect(ann.get_by_test_id("report")).to_have_count(0)
    for page in (tv, *phones.values()):
        expect(page.locator(f"img[src='{src}']")).to_have_count(0)
        expect(page.locator(f"[data-testid=nah-grid] img[src='{HIDDEN_PICTURE}']")).to_have_count(1)

    # Chen says a rude word; the host hides it by typing it, and the TV shows "hidden by the host" instead.
    phones["Chen"].get_by_test_id("nah-word").fill("Rudeword")
    phones["Chen"].get_by_test_id("nah-say").click()
    expect(tv.get_by_test_id("nah-assoc-list")).to_contain_text("Rudeword")
    ann.get_by_test_id("hide-items").locator("summary").click()
    ann.get_by_test_id("hide-text-input").fill("Rudeword")
    ann.get_by_test_id("hide-text").click()
    for page in (tv, *phones.values()):
        expect(page.locator("body")).not_to_contain_text("Rudeword")
    expect(tv.get_by_test_id("nah-assoc-list")).to_contain_text("hidden by the host")
    expect(ann.get_by_test_id("hidden-item")).to_have_count(2)
    # the match goes on: the others still say their words
    say(ann, "Lantern")
    expect(tv.get_by_test_id("nah-assoc-list")).to_contain_text("Lantern")


FRAME = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]  # the middle four tiles, drawn along their borders


def test_a_hidden_drawing_leaves_the_tv(pages, server, disconnect):
    players = {name: Player(server, name) for name in ("Ann", "Boris", "Chen", "Dina")}
    disconnect.extend(players.values())
    created = players["Ann"].call("create_lobby", {"name": "Ann"})
    code = created["code"]
    for name, player in players.items():
        answer = created if name == "Ann" else player.call("join_lobby", {"code": code, "name": name})
        player.token, player.player = answer["token"], answer["player"]
    tv = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv"])
    host = players["Ann"]
    assert host.call("command", {"kind": "choose", "args": {"game": "notarobot", "options": {"rounds": 1}}})["ok"]
    assert host.call("command", {"kind": "start", "args": {}})["ok"]
    for player in players.values():
        player.wait(lambda s: s["match"] and s["match"]["phase"] == "drawing", "the drawing")
        player.act("draw", word=0, figure=FRAME, decorations=[])
    state = host.wait(lambda s: s["match"]["phase"] == "uncover", "the first turn")
    artist = state["match"]["game_view"]["artist"]
    by_id = {p.player: p for p in players.values()}
    by_id[artist].act("uncover", tile=6)
    pad = tv.get_by_test_id("nr-table-pad")
    expect(pad.locator(".nr-line")).not_to_have_count(0)  # the uncovered tile's ink

    assert host.call("command", {"kind": "hide", "args": {"kind": "drawing", "key": f"{artist}@1"}})["ok"]
    expect(pad.locator(".nr-line")).to_have_count(0)
    for tile, player in zip((0, 1, 2), [p for pid, p in by_id.items() if pid != artist], strict=True):
        player.act("check", tile=tile)
    host.wait(lambda s: s["match"]["phase"] == "reveal", "the reveal")
    expect(tv.locator("[data-testid=game-screen] .nr-root")).to_have_attribute("data-phase", "reveal")
    expect(pad.locator(".nr-line")).to_have_count(0)  # nothing revealed: the drawing is hidden
    reveal = host.latest["match"]["game_view"]["reveal"]
    assert reveal["figure"] == [] and reveal["hidden"] is True
