"""Uploads against the real server process: what other players see, and what it costs.

- eventlet (the default): a host uploads a decompression-bomb set (small PNGs declaring 40 megapixels,
  as seen taking the loop for 32 s) and two more hosts upload packs of large pictures back to back across
  another lobby's clock's deadline; that lobby's players see the clock fire on time.
- threading: four concurrent uploads of the 155 KB, 40-megapixel PNG seen peaking near 400 MB each,
  and four of pictures just under the limit, keep the server's peak memory bounded.

Loopback only, default settings, a few seconds each.
"""

from __future__ import annotations

import io
import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from gamenight.images import DECODE_BYTES_PER_PIXEL
from PIL import Image
from server import free_port, running_server
from test_real_server import Player
from waiting import Worker, run_together

TOLERANCE = 1.0  # seconds a clock may fire late: the ticker's period (0.2 s) and delivery, with room to spare


def picture(mode: str, size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, 0 if mode == "1" else (40, 90, 160, 128)[: len(mode)]).save(out, format="PNG")
    return out.getvalue()


BOMB = picture("1", (8000, 5000))  # 4.9 KB declaring 40 megapixels
HEAVY_BOMB = picture("RGB", (8000, 5000))  # ~115 KB declaring 40 megapixels: 120 MB once decoded
LARGE = picture("RGB", (5000, 4800))  # 24 megapixels, under the default limit of 25: decoded for real
ALPHA = picture("RGBA", (4990, 4990))  # 24.9 megapixels with alpha: 100 MB decoded, before any copy


def post_pack(url: str, code: str, token: str, files: list[tuple[str, bytes]]) -> tuple[int, dict]:
    """A browser's upload: multipart fields ``name`` and ``images``."""
    boundary = uuid.uuid4().hex
    body = io.BytesIO()
    body.write(f'--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPack\r\n'.encode())
    for filename, content in files:
        body.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="images"; filename="{filename}"\r\n'
            "Content-Type: image/png\r\n\r\n".encode()
        )
        body.write(content + b"\r\n")
    body.write(f"--{boundary}--\r\n".encode())
    request = urllib.request.Request(
        f"{url}/l/{code}/images",
        data=body.getvalue(),
        headers={"X-Seat-Token": token, "Content-Type": f"multipart/form-data; boundary={boundary}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def host_of_a_new_lobby(url: str, name: str) -> Player:
    host = Player(url, name)
    created = host.call("create_lobby", {"name": name})
    assert created["ok"], created
    host.token, host.player, host.code = created["token"], created["player"], created["code"]
    return host


def test_uploads_do_not_hold_up_another_lobbys_clock(tmp_path):
    with running_server(tmp_path / "night.sqlite") as url:
        ann = host_of_a_new_lobby(url, "Ann")
        others = []
        for name in ("Boris", "Chen"):
            player = Player(url, name)
            assert player.call("join_lobby", {"code": ann.code, "name": name})["ok"]
            others.append(player)
        table = Player(url, None)
        assert table.call("watch", {"code": ann.code})["ok"]
        bomber = host_of_a_new_lobby(url, "Dana")
        # Two uploaders, each taking turns over lobbies of its own (a lobby's shelf holds MAX_UPLOADED_PACKS).
        shelves = [[host_of_a_new_lobby(url, f"{name} {n}") for n in range(3)] for name in ("Emil", "Fay")]

        options = {"rounds": 1, "claim_seconds": 8}
        assert ann.call("command", {"kind": "choose", "args": {"game": "highcard", "options": options}})["ok"]
        assert ann.call("command", {"kind": "start", "args": {}})["ok"]
        first = table.wait(lambda s: s["match"] and s["match"]["phase"] == "claim", "the first claim")
        for player in (ann, *others):  # every viewer has the match before the clock is watched (one may lag)
            player.wait(lambda s: s["match"] and s["match"]["phase"] == "claim", "the first claim")
        turn, deadline = first["match"]["turn"], first["match"]["timers"]["claim"]["deadline"]
        if deadline - time.time() < 3:
            raise RuntimeError("test setup: the claim clock was too near its deadline before the uploads began")

        # Large pictures are uploaded back to back from 2 s before the deadline until every viewer has seen the
        # clock fire, so pictures are being decoded when it runs out however fast the machine decodes them.
        seen_by_all = threading.Event()

        def keep_uploading(hosts: list[Player]) -> list[tuple[float, float, int, dict]]:
            time.sleep(max(0.0, deadline - 2 - time.time()))
            uploads = []
            while not seen_by_all.is_set():
                host = hosts[len(uploads) % len(hosts)]
                began = time.time()
                status, answer = post_pack(url, host.code, host.token, [(f"large{n}.png", LARGE) for n in range(2)])
                uploads.append((began, time.time(), status, answer))
            return uploads

        bombs = Worker(post_pack, url, bomber.code, bomber.token, [(f"bomb{n}.png", BOMB) for n in range(120)])
        uploaders = [Worker(keep_uploading, hosts, name=f"uploads {n}") for n, hosts in enumerate(shelves)]
        for worker in [bombs, *uploaders]:
            worker.start()

        # What the table and the players see: the claim clock runs out and the turn passes, on time.
        viewers = {"table": table, "Ann": ann, "Boris": others[0], "Chen": others[1]}
        seen: dict[str, float] = {}
        try:
            while len(seen) < len(viewers) and time.time() < deadline + 15:
                for name, viewer in viewers.items():
                    if name not in seen and viewer.latest["match"]["turn"] != turn:
                        seen[name] = time.time()
                time.sleep(0.01)
        finally:
            seen_by_all.set()
        uploads = [upload for worker in uploaders for upload in worker.finish(60)]
        status, answer = bombs.finish(60)
        assert status == 400 and answer["error"]["code"] == "image_too_large"
        refused = [(status, answer) for _, _, status, answer in uploads if status != 200]
        assert not refused, f"large pictures were refused: {refused}"
        if not any(began < deadline < ended for began, ended, _, _ in uploads):
            raise RuntimeError(f"test setup: no upload was in flight at the deadline ({deadline}): {uploads}")

        assert len(seen) == len(viewers), f"15 s after its deadline the clock had not fired for all (only {seen})"
        late = {name: round(at - deadline, 2) for name, at in seen.items() if at > deadline + TOLERANCE}
        assert not late, f"the clock fired late (seconds after its deadline): {late}"
        for client in [ann, *others, table, bomber, *sum(shelves, [])]:
            client.sio.disconnect()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")
def test_concurrent_uploads_keep_memory_bounded_in_threading_mode(tmp_path):
    port = free_port()
    with running_server(tmp_path / "night.sqlite", async_mode="threading", port=port) as url:
        hosts = [host_of_a_new_lobby(url, name) for name in ("Ann", "Bea", "Cid", "Dan")]
        baseline = memory_mb(port, "VmHWM")

        def upload_all(files_for) -> dict[str, tuple[int, dict]]:
            workers = [Worker(post_pack, url, h.code, h.token, files_for(h), name=h.name) for h in hosts]
            answers = run_together(*workers, timeout=120)
            return {h.name: answer for h, answer in zip(hosts, answers, strict=True)}

        bombs = upload_all(lambda h: [("big.png", HEAVY_BOMB)])
        assert all(s == 400 and a["error"]["code"] == "image_too_large" for s, a in bombs.values()), bombs
        assert memory_mb(port, "VmHWM") - baseline < 50, "a refused picture is never decoded"

        large = upload_all(lambda h: [(f"large{n}.png", LARGE) for n in range(2)])
        assert all(s == 200 for s, _ in large.values()), large
        grown = memory_mb(port, "VmHWM") - baseline
        # Two decodes at once (the default), each up to DECODE_BYTES_PER_PIXEL; four at once, unbounded,
        # would take over 500 MB.
        assert grown < 2 * DECODE_BYTES_PER_PIXEL * 24 + 80, f"the peak grew by {grown:.0f} MB"


def memory_mb(port: int, field: str) -> float:
    """A memory figure of the server listening on ``port`` from /proc (VmRSS now, VmHWM its peak)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"serve" in argv and str(port).encode() in argv:
            for line in (proc / "status").read_text().splitlines():
                if line.startswith(f"{field}:"):
                    return int(line.split()[1]) / 1024
    raise AssertionError(f"no server process on port {port}")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's memory from /proc")
def test_large_pictures_with_alpha_at_once_stay_within_the_documented_bound_and_are_given_back(tmp_path):
    """Twenty 25-megapixel RGBA pictures took the server from 77 to 1,428 MB, never given back.
    Four lobbies upload three such pictures each at once, under the default eventlet server."""
    port = free_port()
    with running_server(tmp_path / "night.sqlite", port=port) as url:
        hosts = [host_of_a_new_lobby(url, name) for name in ("Ann", "Bea", "Cid", "Dan")]
        post_pack(url, hosts[0].code, hosts[0].token, [("warm.png", picture("RGB", (64, 64)))])  # imports done
        baseline = memory_mb(port, "VmHWM")
        workers = [Worker(post_pack, url, h.code, h.token, [(f"{n}.png", ALPHA) for n in range(3)]) for h in hosts]
        answers = run_together(*workers, timeout=180)
        assert all(status == 200 for status, _ in answers), answers
        megapixels = 4990 * 4990 / 1e6
        grown = memory_mb(port, "VmHWM") - baseline
        bound = 2 * DECODE_BYTES_PER_PIXEL * megapixels  # decoders x bytes a pixel x megapixels (docs/protocol.md)
        assert grown < bound + 60, f"the peak grew by {grown:.0f} MB; the documented bound is {bound:.0f} MB"
        after = memory_mb(port, "VmRSS")
        assert after < baseline + 100, f"{after:.0f} MB held after the uploads (from a peak of {baseline:.0f})"
