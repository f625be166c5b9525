"""Picture packs: re-encoding untrusted pictures, folder packs, serving, and uploads from a lobby."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from gamenight import ActionError
from gamenight.images import folder_pack, probe, reencode
from gamenight.web.app import create_app
from gamenight.web.settings import Settings
from helpers import Night
from PIL import Image
from server import running_server


def png(width: int = 64, height: int = 48, colour=(200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


def test_reencoding_returns_a_fresh_bounded_webp():
    big = png(3000, 1500)
    fresh = reencode(big)
    with Image.open(io.BytesIO(fresh)) as picture:
        assert picture.format == "WEBP"
        assert max(picture.size) == 1024
    assert fresh != big


@pytest.mark.parametrize(
    "data",
    [
        b"not a picture",
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        png(8, 8),  # too small to be a card
        png()[:40],  # truncated
    ],
    ids=["text", "svg-with-script", "tiny", "truncated"],
)
def test_untrusted_files_are_refused(data):
    with pytest.raises(ActionError) as refused:
        reencode(data)
    assert refused.value.code == "bad_image"


def test_a_decompression_bomb_is_refused_before_decoding():
    bomb = io.BytesIO()
    Image.new("1", (20000, 20000)).save(bomb, format="PNG")  # tiny file, 400 megapixels
    with pytest.raises(ActionError):
        reencode(bomb.getvalue())


def test_the_header_tells_the_size_without_decoding():
    bomb = io.BytesIO()
    Image.new("1", (8000, 5000)).save(bomb, format="PNG")
    bomb.seek(0)
    header = probe(bomb)  # a file, read no further than its header
    assert (header.format, header.width, header.height) == ("PNG", 8000, 5000)
    with pytest.raises(ActionError) as refused:
        reencode(bomb.getvalue(), max_pixels=25_000_000)
    assert refused.value.params == {"reason": "pixels"}


@pytest.mark.parametrize("mode", ["JPEG", "P", "1", "RGBA", "GIF"])
def test_every_kind_of_picture_becomes_a_bounded_rgb_webp(mode):
    out = io.BytesIO()
    if mode == "JPEG":
        Image.new("RGB", (4000, 3000), (10, 120, 30)).save(out, format="JPEG")  # decoded at a reduced scale
    elif mode == "GIF":
        Image.new("P", (300, 200), 3).save(out, format="GIF")
    elif mode == "P":
        Image.new("P", (2000, 1000), 5).save(out, format="PNG", transparency=5)
    else:
        Image.new(mode, (1500, 1500)).save(out, format="PNG")
    with Image.open(io.BytesIO(reencode(out.getvalue()))) as picture:
        assert picture.format == "WEBP" and picture.mode == "RGB" and max(picture.size) <= 1024


def test_folder_pack_keeps_only_pictures_reencoded(tmp_path):
    folder = tmp_path / "Our Holidays"
    folder.mkdir()
    (folder / "beach.png").write_bytes(png())
    (folder / "alps.jpg").write_bytes(png(colour=(10, 10, 200)))
    (folder / "notes.txt").write_text("shopping list")
    (folder / "fake.png").write_bytes(b"definitely not a png")
    pack = folder_pack(folder, tmp_path / "cache")
    assert pack.id.startswith("folder-our-holidays-")
    assert [i.id for i in pack.images] == ["1", "2"]
    for image in pack.images:
        assert image.path.suffix == ".webp" and image.path.is_relative_to(tmp_path / "cache")


@pytest.fixture
def site(engine, tmp_path):
    app, socketio = create_app(
        engine, Settings(async_mode="threading", uploads=tmp_path / "uploads"), hub_options={"ticker": False}
    )
    return app.test_client()


def test_built_in_scenes_are_served(site):
    response = site.get("/images/notahuman.scenes/scene-001")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    for path in [
        "/images/notahuman.scenes/scene-999",
        "/images/nope/1",
        "/images/..%2f..%2fetc/passwd",
        "/images/up-x/..%2fa",
    ]:
        assert site.get(path).status_code == 404, path


def upload(site, code, token, files, name="Our trip"):
    data = {"name": name, "images": [(io.BytesIO(content), filename) for filename, content in files]}
    response = site.post(
        f"/l/{code}/images", data=data, headers={"X-Seat-Token": token}, content_type="multipart/form-data"
    )
    return response.status_code, response.get_json()


def test_a_host_uploads_a_pack_and_plays_with_it(site, engine, clock):
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    files = [(f"photo{n}.png", png(64 + n, 64, (n * 20, 100, 150))) for n in range(10)]
    status, answer = upload(site, night.code, night.tokens["Boris"], files)
    assert status == 400 and answer["error"]["code"] == "not_host"
    status, answer = upload(site, night.code, "forged", files)
    assert answer["error"]["code"] == "bad_token"
    status, answer = upload(site, night.code, night.tokens["Ann"], [*files[:3], ("evil.png", b"<script>")])
    assert answer["error"]["code"] == "bad_image" and answer["error"]["params"]["file"] == "evil.png"
    assert "images.uploads" not in night.lobby.shelves, "a refused upload stores nothing"
    status, answer = upload(site, night.code, night.tokens["Ann"], files)
    assert status == 200 and answer["ok"]
    pack = answer["pack"]
    assert pack["name"] == "Our trip" and len(pack["images"]) == 10
    shelf = night.view("Chen")["lobby"]["shelves"]["images.uploads"]
    assert shelf["packs"] == [pack]
    served = site.get(f"/images/{pack['id']}/1")
    assert served.status_code == 200 and served.mimetype == "image/webp"
    with Image.open(io.BytesIO(served.data)) as picture:
        assert picture.format == "WEBP"
    assert night.start(game="notahuman", variants=["defragmentation"], options={"rounds": 1, "images": ["uploads"]}).ok
    images = night.view("Ann")["match"]["game_view"]["images"]
    assert all(url.startswith(f"/images/{pack['id']}/") for url in images) and len(set(images)) == 9
    assert night.command("Ann", "shelf", shelf="images.uploads", action="remove", args={"pack": pack["id"]}).ok


def test_an_upload_that_is_too_large_is_refused(site, engine, clock):
    night = Night(engine, clock, ["Ann"])
    status, answer = upload(site, night.code, night.tokens["Ann"], [("huge.png", b"\0" * (65 * 1024 * 1024))])
    assert status == 413 and answer["error"]["code"] == "upload_too_large"


def test_the_server_offers_a_folder_given_with_image_pack(tmp_path):
    folder = tmp_path / "family"
    folder.mkdir()
    for n in range(3):
        (folder / f"{n}.png").write_bytes(png(32 + n, 32))
    with running_server(tmp_path / "db.sqlite", extra=("--image-pack", str(folder))) as url:
        games = json.load(urllib.request.urlopen(f"{url}/api/games"))
        images = next(o for g in games if g["id"] == "notahuman" for o in g["options"] if o["name"] == "images")
        pack_id = next(c for c in images["choices"] if c.startswith("folder-family-"))
        assert images["choice_names"][pack_id]["en"] == "family"
        assert "notahuman.scenes" in images["choices"] and "uploads" in images["choices"]
        with urllib.request.urlopen(f"{url}/images/{pack_id}/3") as response:
            assert response.headers["Content-Type"] == "image/webp"


def test_an_app_without_an_uploads_folder_leaves_no_folder_behind(tmp_path):
    """A server made without a data folder (a test's, a throwaway one) keeps pictures in a temporary folder that
    goes with it: thousands of test servers must not fill /tmp."""
    script = f"""
import pathlib
from gamenight.engine import Engine
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore
from gamenight.web.app import create_app
app, socketio = create_app(Engine(SQLiteStore({str(tmp_path / "night.sqlite")!r}), Plugins()))
root = app.extensions["gamenight"]["uploads"].root
assert root.is_dir()
print(root)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    root = Path(run.stdout.strip())
    assert root.name.startswith("gamenight-uploads-") and not root.exists()
