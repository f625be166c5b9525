"""Limits on picture uploads, in process.

Each test stands for something seen on the server before: pictures decoded
before the checks, files left behind, a pack's files outliving it, no disk
quota, a shelf that took any pack id, and lobby codes walked over this endpoint.
The real servers (eventlet's loop, threading's memory) are in test_uploads_server.py.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import threading
from pathlib import Path

import pytest
from gamenight.engine import Engine, Outcome
from gamenight.errors import ActionError
from gamenight.images import MAX_PACK_IMAGES, MAX_UPLOADED_PACKS, UPLOADS_SHELF_ID
from gamenight.store_sqlite import SQLiteStore
from gamenight.web import pictures
from gamenight.web.app import create_app
from gamenight.web.limits import UploadLimits
from gamenight.web.settings import Settings
from helpers import Night
from PIL import Image
from waiting import Worker, run_together

MB = 1024 * 1024


def png(width: int = 64, height: int = 48, colour=(200, 30, 30), mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, (width, height), colour if mode == "RGB" else 0).save(out, format="PNG")
    return out.getvalue()


def noise(width: int = 200, height: int = 150, seed: int = 1) -> bytes:
    """A picture that does not compress away (its WebP takes tens of kilobytes)."""
    out = io.BytesIO()
    Image.frombytes("RGB", (width, height), random.Random(seed).randbytes(width * height * 3)).save(out, format="PNG")
    return out.getvalue()


BOMB = png(8000, 5000, mode="1")  # 4.9 KB declaring 40 megapixels, as seen on the server


class Site:
    """The app in process, with its uploads folder, and a way to count decodes."""

    def __init__(self, engine: Engine, root: Path, **limits) -> None:
        self.engine = engine
        self.root = root
        self.app, self.socketio = create_app(
            engine,
            Settings(async_mode="threading", uploads=root, upload_limits=UploadLimits(**limits)),
            hub_options={"ticker": False},
        )
        self.http = self.app.test_client()
        self.hub = self.app.extensions["gamenight"]["hub"]

    def upload(self, code: str, token: str, files, name: str = "Our trip", address: str = "127.0.0.1"):
        data = {"name": name, "images": [(io.BytesIO(content), filename) for filename, content in files]}
        response = self.app.test_client().post(
            f"/l/{code}/images",
            data=data,
            headers={"X-Seat-Token": token},
            content_type="multipart/form-data",
            environ_base={"REMOTE_ADDR": address},
        )
        return response.status_code, response.get_json(), response.headers

    def stored(self) -> list[str]:
        """Every file under the uploads folder (relative paths)."""
        return sorted(str(p.relative_to(self.root)) for p in self.root.rglob("*") if p.is_file())

    def shelf(self, code: str) -> list[dict]:
        return self.engine.lobbies[code].shelves.get(UPLOADS_SHELF_ID, {}).get("packs", [])


@pytest.fixture
def site(engine, tmp_path) -> Site:
    return Site(engine, tmp_path / "uploads")


@pytest.fixture
def decodes(monkeypatch) -> list[int]:
    """Counts the pictures the server decodes (each call of ``reencode``)."""
    calls: list[int] = []
    real = pictures.reencode

    def counted(data, *args, **kwargs):
        calls.append(1)
        return real(data, *args, **kwargs)

    monkeypatch.setattr(pictures, "reencode", counted)
    return calls


def pack_files(n: int = 3, seed: int = 0) -> list[tuple[str, bytes]]:
    return [(f"photo{i}.png", png(64 + i, 64, ((seed * 40 + i * 20) % 256, 100, 150))) for i in range(n)]


# -- sizes, pixels and the pack count come before any decoding --------------------------------------------


def test_pictures_over_the_pixel_limit_are_refused_from_their_header(site, engine, clock, decodes):
    night = Night(engine, clock, ["Ann"])
    giant = png(20000, 20000, mode="1")  # 400 megapixels: Pillow's own guard refuses it on opening
    for files in ([("bomb.png", BOMB)] * 20, [*pack_files(3), ("giant.png", giant)]):
        status, answer, _ = site.upload(night.code, night.tokens["Ann"], files)
        assert status == 400 and answer["error"]["code"] == "image_too_large", answer
        assert answer["error"]["params"]["max_megapixels"] == 25
        assert answer["error"]["params"]["file"] in ("bomb.png", "giant.png")
    assert decodes == [], "not one picture was decoded"
    assert site.stored() == [] and site.shelf(night.code) == []


def test_a_full_shelf_refuses_before_decoding_and_leaves_no_files(site, engine, clock, decodes):
    night = Night(engine, clock, ["Ann"])
    for n in range(MAX_UPLOADED_PACKS):
        status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(2, seed=n), name=f"Pack {n}")
        assert status == 200, answer
    stored = site.stored()
    assert len(stored) == 2 * MAX_UPLOADED_PACKS
    decodes.clear()
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(5, seed=9))
    assert answer["error"] == {
        "code": "too_many_image_packs",
        "key": "error.too_many_image_packs",
        "params": {"max": 8},
    }
    assert decodes == [], "a refused upload costs no decoding"
    assert site.stored() == stored, "a refused upload leaves no files"


def test_sizes_are_checked_before_decoding(engine, clock, tmp_path, decodes):
    site = Site(engine, tmp_path / "uploads", picture_mb=0.01)
    night = Night(engine, clock, ["Ann"])
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], [*pack_files(2), ("big.png", noise(120, 120))])
    assert answer["error"]["code"] == "file_too_large"
    assert answer["error"]["params"] == {"file": "big.png", "max_mb": 0.01}
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(MAX_PACK_IMAGES + 1))
    assert answer["error"] == {"code": "too_many_images", "key": "error.too_many_images", "params": {"max": 120}}
    assert decodes == [] and site.stored() == []


def test_a_picture_that_will_not_decode_leaves_nothing(site, engine, clock):
    night = Night(engine, clock, ["Ann"])
    broken = png(300, 300)[:-60]  # a good header, the pixels cut short
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], [*pack_files(3), ("cut.png", broken)])
    assert answer["error"]["code"] == "bad_image" and answer["error"]["params"]["file"] == "cut.png"
    assert site.stored() == [] and site.shelf(night.code) == []


def test_a_pack_the_shelf_refuses_takes_its_files_with_it(site, engine, clock, monkeypatch):
    night = Night(engine, clock, ["Ann"])
    submit = engine.submit

    def refusing(code, kind, args=None, **kwargs):
        if kind == "shelf":
            return Outcome.refused(code, ActionError("too_many_image_packs", max=8))
        return submit(code, kind, args, **kwargs)

    monkeypatch.setattr(engine, "submit", refusing)
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(4))
    assert answer["error"]["code"] == "too_many_image_packs"
    assert site.stored() == []
    assert site.app.extensions["gamenight"]["uploads"].usage() == 0


def test_a_bad_pack_name_is_refused(site, engine, clock, decodes):
    night = Night(engine, clock, ["Ann"])
    for name in ["Trip\u202eevil", "a\u200bb", "nul\x00", "bell\x07"]:
        status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(1), name=name)
        assert status == 400 and answer["error"]["code"] == "bad_request", name
        assert "name" in answer["error"]["params"]["errors"]
    assert decodes == [] and site.stored() == []


# -- files go with their pack and their lobby ---------------------------------------------------------------


class Browser:
    def __init__(self, site: Site, code: str, token: str) -> None:
        self.client = site.socketio.test_client(site.app)
        answer = self.client.emit("attach", {"code": code, "token": token}, callback=True)
        assert answer["ok"], answer

    def command(self, kind: str, **args) -> dict:
        return self.client.emit("command", {"kind": kind, "args": args}, callback=True)


def test_removing_a_pack_deletes_its_files(site, engine, clock):
    night = Night(engine, clock, ["Ann", "Boris"])
    packs = []
    for n in range(2):
        status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(3, seed=n), name=f"Pack {n}")
        packs.append(answer["pack"])
    kept, removed = packs
    assert len(site.stored()) == 6
    assert site.http.get(f"/images/{removed['id']}/1").status_code == 200
    ann = Browser(site, night.code, night.tokens["Ann"])
    answer = ann.command("shelf", shelf=UPLOADS_SHELF_ID, action="remove", args={"pack": removed["id"]})
    assert answer["ok"], answer
    assert site.stored() == [f"{night.code}/{kept['id']}/{n}.webp" for n in (1, 2, 3)]
    assert site.http.get(f"/images/{removed['id']}/1").status_code == 404
    assert site.http.get(f"/images/{kept['id']}/1").status_code == 200
    again = ann.command("shelf", shelf=UPLOADS_SHELF_ID, action="remove", args={"pack": removed["id"]})
    assert again["error"]["code"] == "bad_request", "removing a pack that is not there changes nothing"


def test_a_running_match_keeps_a_removed_packs_files_until_it_ends(site, engine, clock):
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(2))
    pack = answer["pack"]
    ann = Browser(site, night.code, night.tokens["Ann"])
    assert ann.command("choose", game="highcard", variants=[], options={})["ok"]
    assert ann.command("start")["ok"]
    assert ann.command("shelf", shelf=UPLOADS_SHELF_ID, action="remove", args={"pack": pack["id"]})["ok"]
    assert len(site.stored()) == 2, "a match under way may be showing them"
    assert ann.command("abort")["ok"]
    assert site.stored() == []


def test_a_lobby_deleted_by_retention_takes_its_pictures_and_an_idle_one_keeps_them(site, engine, clock):
    old, idle = Night(engine, clock, ["Ann"]), Night(engine, clock, ["Bea"])
    site.upload(old.code, old.tokens["Ann"], pack_files(2))
    clock.advance(engine.retention_days * 86400 - 3600)
    site.upload(idle.code, idle.tokens["Bea"], pack_files(3))
    clock.advance(engine.idle_seconds + 1)
    assert engine.maintain() == [] and idle.code not in engine.lobbies, "idle: out of memory, still stored"
    clock.advance(3601)
    assert engine.maintain() == [old.code]
    assert [path.split("/")[0] for path in site.stored()] == [idle.code] * 3
    uploads = site.app.extensions["gamenight"]["uploads"]
    assert uploads.usage() == uploads.usage(idle.code) > 0
    other = Night(engine, clock, ["Cid"])  # a delivery to another lobby does not touch the idle one's files
    assert other.command("Cid", "lock", locked=True).ok
    assert len(site.stored()) == 3 and idle.code not in engine.lobbies


def night_packs(engine: Engine, night: Night) -> list[dict]:
    return engine.lobby(night.code).shelves[UPLOADS_SHELF_ID]["packs"]


def test_at_start_a_gone_lobbys_files_and_half_written_files_go(engine, clock, tmp_path, plugins):
    site = Site(engine, tmp_path / "uploads")
    night, gone = Night(engine, clock, ["Ann"]), Night(engine, clock, ["Zoe"])
    site.upload(night.code, night.tokens["Ann"], pack_files(2))
    site.upload(gone.code, gone.tokens["Zoe"], pack_files(3))
    (tmp_path / "uploads" / ".staging" / "solo" / "up-0123").mkdir(parents=True)  # this server crashed mid-write
    (tmp_path / "uploads" / ".staging" / "solo" / "up-0123" / "1.webp").write_bytes(b"x")
    (tmp_path / "uploads" / night.code / "up-00aa").mkdir()  # written, never recorded on the shelf
    (tmp_path / "uploads" / night.code / "up-00aa" / "1.webp").write_bytes(b"x")
    engine.store.delete_lobby(gone.code)
    restarted = Engine(SQLiteStore(str(tmp_path / "gamenight.sqlite")), plugins, clock)
    again = Site(restarted, tmp_path / "uploads")
    assert [path.split("/")[0] for path in again.stored()] == [night.code] * 3
    # The lobby is idle (in the store, not in memory): its next delivery tidies its folder.
    outcome = restarted.submit(night.code, "lock", {"locked": True}, token=night.tokens["Ann"])
    again.hub.publish(outcome)
    assert again.stored() == [f"{night.code}/{p['id']}/{n}.webp" for p in night_packs(restarted, night) for n in (1, 2)]
    uploads = again.app.extensions["gamenight"]["uploads"]
    assert uploads.usage() == uploads.usage(night.code) > 0
    uploads.drop_lobby(night.code)
    assert again.stored() == [] and uploads.usage() == 0


# -- the disk quota -------------------------------------------------------------------------------------------


def test_a_lobby_quota_and_a_server_quota(engine, clock, tmp_path, decodes):
    probe = Site(engine, tmp_path / "probe")
    night = Night(engine, clock, ["Ann"])
    pack = [(f"n{i}.png", noise(seed=i)) for i in range(3)]
    probe.upload(night.code, night.tokens["Ann"], pack)
    size = probe.app.extensions["gamenight"]["uploads"].usage()
    assert size > 10_000

    # Room for one such pack per lobby, and for three in all.
    site = Site(engine, tmp_path / "uploads", lobby_quota_mb=1.5 * size / MB, quota_mb=3.5 * size / MB)
    ann, bea, cid, dan = (Night(engine, clock, [name]) for name in ("Ann", "Bea", "Cid", "Dan"))
    assert site.upload(ann.code, ann.tokens["Ann"], pack)[0] == 200
    before = site.stored()
    status, answer, _ = site.upload(ann.code, ann.tokens["Ann"], pack)
    assert status == 507
    assert answer["error"]["code"] == "upload_quota" and answer["error"]["key"] == "error.upload_quota.lobby"
    assert answer["error"]["params"] == {"scope": "lobby", "max_mb": round(1.5 * size / MB, 2)}
    assert site.stored() == before and len(site.shelf(ann.code)) == 1
    assert site.upload(bea.code, bea.tokens["Bea"], pack)[0] == 200
    assert site.upload(cid.code, cid.tokens["Cid"], pack)[0] == 200
    before = site.stored()
    decodes.clear()
    status, answer, _ = site.upload(dan.code, dan.tokens["Dan"], pack)
    assert status == 507 and answer["error"]["params"]["scope"] == "server"
    assert site.stored() == before and site.shelf(dan.code) == []

    # Full is full: refused before anything is decoded.
    full = Site(engine, tmp_path / "uploads", lobby_quota_mb=1.5 * size / MB, quota_mb=size / MB)
    decodes.clear()
    status, answer, _ = full.upload(dan.code, dan.tokens["Dan"], pack)
    assert status == 507 and answer["error"]["params"]["scope"] == "server"
    assert decodes == []


# -- the uploads shelf ------------------------------------------------------------------------------------------


def test_the_uploads_shelf_takes_only_packs_this_server_stored_for_the_lobby(site, engine, clock):
    ours, theirs = Night(engine, clock, ["Ann", "Boris"]), Night(engine, clock, ["Zoe"])
    status, answer, _ = site.upload(theirs.code, theirs.tokens["Zoe"], pack_files(2))
    foreign = answer["pack"]
    for pack in [foreign, {"id": "up-made-up", "name": "Mine", "images": ["1"]}]:
        outcome = ours.command("Ann", "shelf", shelf=UPLOADS_SHELF_ID, action="add", args={"pack": pack})
        assert not outcome.ok and outcome.error["code"] == "not_allowed", outcome.error
    browser = Browser(site, ours.code, ours.tokens["Ann"])
    answer = browser.command("shelf", shelf=UPLOADS_SHELF_ID, action="add", args={"pack": foreign})
    assert answer["error"]["code"] == "not_allowed"
    assert UPLOADS_SHELF_ID not in ours.lobby.shelves or site.shelf(ours.code) == []
    assert site.shelf(theirs.code) == [foreign]

    # Even the engine's own record is bounded: 120 pictures at most, each named once, a clean name.
    def record(images, name="Pack"):
        pack = {"id": "up-00112233445566778899aabb", "name": name, "images": images}
        args = {"shelf": UPLOADS_SHELF_ID, "action": "add", "args": {"pack": pack}}
        return engine.submit(ours.code, "shelf", args, system=True)

    for images, name in [([str(n) for n in range(300)], "Pack"), (["1", "1"], "Pack"), (["1"], "bad\ud800")]:
        outcome = record(images, name)
        assert not outcome.ok and outcome.error["code"] == "bad_request", (len(images), name)
    assert record([str(n) for n in range(1, MAX_PACK_IMAGES + 1)]).ok


def socket_from(site: Site, address: str):
    http = site.app.test_client()
    http.environ_base["REMOTE_ADDR"] = address
    return site.socketio.test_client(site.app, flask_test_client=http)


# -- the wrong-code throttle ------------------------------------------------------------------------------------


def test_wrong_codes_on_the_upload_endpoint_are_throttled_like_the_socket_path(site, engine, clock):
    night = Night(engine, clock, ["Ann"])
    throttle = site.hub.throttle
    wrong = [code for code in ("ZZZZ", "ZZZY", "ZZZX", "ZZZW", "ZZZV", "ZZZU", "ZZZT", "ZZZS", "ZZZR", "ZZZQ", "ZZZP")]
    wrong = [code for code in wrong if engine.lobby(code) is None][: throttle.limit]
    assert len(wrong) == throttle.limit
    for code in wrong:
        status, answer, _ = site.upload(code, "guess", pack_files(1), address="10.0.0.7")
        assert answer["error"]["code"] == "unknown_lobby"
    # Now even the real code tells nothing, over HTTP or over the socket (one throttle for both).
    status, answer, headers = site.upload(night.code, "guess", pack_files(1), address="10.0.0.7")
    assert status == 429 and answer["error"]["code"] == "too_many_attempts"
    assert int(headers["Retry-After"]) == answer["error"]["params"]["retry_after"] >= 1
    browser = socket_from(site, "10.0.0.7")
    attached = browser.emit("attach", {"code": night.code, "token": night.tokens["Ann"]}, callback=True)
    assert attached["error"]["code"] == "too_many_attempts"
    # Another address is not held up, and a host's upload goes through.
    assert site.upload(night.code, night.tokens["Ann"], pack_files(1), address="10.0.0.8")[0] == 200


def test_socket_misses_count_against_the_upload_endpoint(site, engine, clock):
    night = Night(engine, clock, ["Ann"])
    browser = socket_from(site, "10.0.0.9")
    for n in range(site.hub.throttle.limit):
        answer = browser.emit("watch", {"code": f"QQQ{'ABCDEFGHJKMN'[n % 12]}"}, callback=True)
        assert answer["error"]["code"] in ("unknown_lobby", "too_many_attempts")
    status, answer, _ = site.upload(night.code, night.tokens["Ann"], pack_files(1), address="10.0.0.9")
    assert status == 429 and answer["error"]["code"] == "too_many_attempts"


# -- decoding: bounded, one upload at a time per lobby ---------------------------------------------------------


def test_decodes_are_bounded_across_lobbies(engine, clock, tmp_path, monkeypatch):
    site = Site(engine, tmp_path / "uploads", decoders=2, concurrent=4)
    nights = [Night(engine, clock, [name]) for name in ("Ann", "Bea", "Cid", "Dan")]
    running, most = [0], [0]
    lock = threading.Lock()
    two_at_once = threading.Event()  # the first decode is held until a second one runs beside it
    real = pictures.reencode

    def counted(data, *args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            if running[0] == 2:
                two_at_once.set()
        two_at_once.wait(10)
        try:
            return real(data, *args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(pictures, "reencode", counted)

    def host(night):
        name = next(iter(night.tokens))
        return site.upload(night.code, night.tokens[name], pack_files(4))[0]

    assert run_together(*(Worker(host, night) for night in nights)) == [200] * 4
    assert two_at_once.is_set(), "no two uploads were ever decoded at once"
    assert most[0] == 2, f"{most[0]} pictures were decoded at once"


def test_one_upload_at_a_time_per_lobby_and_a_bounded_number_in_all(engine, clock, tmp_path, monkeypatch):
    site = Site(engine, tmp_path / "uploads", concurrent=2)
    ann, bea, cid = (Night(engine, clock, [name]) for name in ("Ann", "Bea", "Cid"))
    started, release = threading.Semaphore(0), threading.Event()
    real = pictures.reencode

    def held(data, *args, **kwargs):
        started.release()
        release.wait(10)
        return real(data, *args, **kwargs)

    monkeypatch.setattr(pictures, "reencode", held)
    first = Worker(lambda: site.upload(ann.code, ann.tokens["Ann"], pack_files(1))[0])
    second = Worker(lambda: site.upload(bea.code, bea.tokens["Bea"], pack_files(1))[0])
    first.start()
    second.start()
    assert started.acquire(timeout=10) and started.acquire(timeout=10)
    status, answer, _ = site.upload(ann.code, ann.tokens["Ann"], pack_files(1))
    assert status == 429 and answer["error"]["code"] == "uploads_busy"
    status, answer, _ = site.upload(cid.code, cid.tokens["Cid"], pack_files(1))
    assert status == 429 and answer["error"]["code"] == "uploads_busy"
    release.set()
    assert (first.finish(10), second.finish(10)) == (200, 200)
    assert site.upload(cid.code, cid.tokens["Cid"], pack_files(1))[0] == 200


# -- the settings -------------------------------------------------------------------------------------------------


def test_upload_limits_come_from_a_profile_the_environment_and_options():
    from click.testing import CliRunner
    from gamenight.web.serve import serve

    assert UploadLimits() == UploadLimits.from_settings({})
    public = UploadLimits.from_settings({}, "public")
    assert public.megapixels < UploadLimits().megapixels and public.lobby_quota_mb < UploadLimits().lobby_quota_mb
    limits = UploadLimits.from_settings({"decoders": 3, "quota_mb": "10"})
    assert (limits.quota_mb, limits.quota, limits.decoders) == (10.0, 10 * MB, 3)
    for settings in ({"decoders": 0}, {"megapixel": 3}):
        with pytest.raises(ValueError):
            UploadLimits.from_settings(settings)
    # the server's settings: the variable, and the option over it
    env = {"GAMENIGHT_UPLOAD_QUOTA_MB": "10", "GAMENIGHT_UPLOAD_DECODERS": "1"}
    shown = CliRunner().invoke(serve, ["--print-settings", "--upload-decoders", "3"], env=env).output
    assert '"upload_quota_mb": 10.0' in shown and '"upload_decoders": 3' in shown


def test_serve_takes_the_upload_limits_as_options():
    from click.testing import CliRunner
    from gamenight.cli import main

    help_text = CliRunner().invoke(main, ["serve", "--help"]).output
    for option in ("--upload-megapixels", "--upload-quota-mb", "--upload-lobby-quota-mb", "--upload-decoders"):
        assert option in help_text


def test_every_upload_limit_and_error_is_documented_and_translated():
    root = Path(__file__).parent.parent
    protocol = (root / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = protocol.split("## Picture uploads", 1)[1].split("\n## ", 1)[0]
    for setting in dataclasses.fields(UploadLimits):
        assert f"`{setting.name}`" in section and f"--upload-{setting.name.replace('_', '-')}" in section
    keys = ["file_too_large", "image_too_large", "upload_quota.lobby", "upload_quota.server", "uploads_busy"]
    codes = [*keys[:2], "upload_quota", "uploads_busy", "upload_too_large", "too_many_images", "too_many_image_packs"]
    for code in codes:
        assert f"`{code}`" in section, code
    for lang in ("en", "ru"):
        strings = json.loads((root / "web" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        for key in keys:
            assert f"error.{key}" in strings, (lang, key)
