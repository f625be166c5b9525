"""Pictures over HTTP: serving picture packs, and a host uploading a pack of their own into a lobby.

Uploaded files are never served as given: each is decoded and re-encoded
(``gamenight.images.reencode``) before it is stored; only the fresh WebP is served.

An upload is checked in the order of what each check costs, and a refusal
changes nothing: the address's wrong-code throttle (the hub's own), the lobby,
the seat token and host, the request's size, a free upload slot (one per lobby,
``UploadLimits.concurrent`` in all), the number of pictures and each one's
size, the number of packs on the shelf, the disk quota; then every picture's
header (a picture declaring more than ``max_pixels`` pixels is refused before
any picture is decoded); only then are the pictures decoded, one at a time, on
a real OS thread (``DecodePool``, at most ``decoders`` decodes in the whole
server), so that no upload holds up the event loop or another lobby. The files
are written last, after the pack count and the quota are checked again, and
the pack is recorded on the lobby's ``images.uploads`` shelf by the engine
itself; if that is refused, the files go. Files live with their lobby
(``<uploads>/<CODE>/<pack id>/<n>.webp``): after every delivery to a lobby the
folders of packs no longer on its shelf are deleted (between matches, as a
match may be showing them), and a lobby's whole folder goes with the lobby.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import re
import secrets
import shutil
import threading
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, BinaryIO

from flask import Flask, Response, abort, jsonify, request, send_file, send_from_directory
from gamenight.engine import Engine, Outcome
from gamenight.errors import ActionError
from gamenight.images import (
    MAX_PACK_IMAGES,
    MAX_UPLOADED_PACKS,
    PACK_NAME_MAX,
    UPLOADS_SHELF_ID,
    check_header,
    clean_pack_name,
    probe,
    reencode,
)
from gamenight.web.hub import Hub
from gamenight.web.limits import MB, UploadLimits
from gamenight.web.refusals import refusal
from werkzeug.exceptions import RequestEntityTooLarge

MAX_FILES = MAX_PACK_IMAGES
SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
PACK_ID = re.compile(r"^up-[0-9a-f]{16,32}$")
STAGING = ".staging"  # files being written (a folder per server: a cluster's nodes may share the uploads folder)
INDEX = ".packs"  # a link per pack to its folder, for any server sharing the uploads folder to find it


class DecodePool:
    """Runs picture work on real OS threads, at most ``size`` at once.

    Under eventlet (and gevent) the work goes to the hub's pool of native
    threads, so the event loop goes on serving every other connection; Pillow
    lets go of the GIL while it decodes, shrinks and encodes. In threading mode
    it is a pool of ``size`` threads, so memory stays bounded however many
    uploads arrive.
    """

    def __init__(self, size: int, async_mode: str) -> None:
        self._call: Callable[..., Any]
        if async_mode == "eventlet":
            from eventlet import tpool
            from eventlet.semaphore import Semaphore

            self._slots: Any = Semaphore(size)
            self._call = tpool.execute
        elif async_mode == "gevent":
            import gevent
            from gevent.lock import Semaphore as GeventSemaphore

            self._slots = GeventSemaphore(size)
            self._call = lambda fn, *args: gevent.get_hub().threadpool.apply(fn, args)
        else:
            executor = ThreadPoolExecutor(size, thread_name_prefix="gamenight-pictures")
            self._slots = contextlib.nullcontext()
            self._call = lambda fn, *args: executor.submit(fn, *args).result()

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        with self._slots:
            return self._call(fn, *args)


class Uploads:
    """The uploads folder: each lobby's packs, their disk usage, and the upload path."""

    def __init__(self, root: Path, engine: Engine, hub: Hub, limits: UploadLimits) -> None:
        self.root = root
        self.engine = engine
        self.hub = hub
        self.limits = limits
        self.pool = DecodePool(limits.decoders, hub.socketio.async_mode)
        self._busy: set[str] = set()  # lobbies with an upload under way
        self._lock = threading.Lock()  # guards _busy
        self._files = threading.RLock()  # guards the folders, _packs and the usage counters
        self._packs: dict[str, Path] = {}  # pack id -> its folder
        self._usage: dict[str, int] = {}  # lobby code -> bytes stored
        self._total = 0
        self._scan()

    # -- the folder ---------------------------------------------------------------------------

    def folder(self, pack_id: str) -> Path | None:
        """Where an uploaded pack's files are (None: no such pack), whichever server of a cluster stored it."""
        known = self._packs.get(pack_id)
        if known is not None or not PACK_ID.match(pack_id):
            return known
        link = self.root / INDEX / pack_id
        return link.resolve() if link.is_dir() else None

    @property
    def staging(self) -> Path:
        return self.root / STAGING / self.engine.leases.node

    def usage(self, code: str | None = None) -> int:
        """Bytes stored for lobby ``code`` (every lobby: None)."""
        return self._total if code is None else self._usage.get(code, 0)

    def _scan(self) -> None:
        """Take stock of the folder at start: staging leftovers go, and so do lobbies that are no more."""
        self.root.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(self.staging, ignore_errors=True)
        (self.root / INDEX).mkdir(exist_ok=True)
        for entry in sorted(self.root.iterdir()):
            if not entry.is_dir() or entry.name in (STAGING, INDEX):
                continue
            if PACK_ID.match(entry.name):  # a pack stored before packs had lobby folders
                self._packs[entry.name] = entry
                self._total += _size(entry)
                continue
            code = entry.name
            for pack in entry.iterdir():
                if pack.is_dir():
                    self._packs[pack.name] = pack
            self._usage[code] = _size(entry)
            self._total += self._usage[code]
            self.sync(code)

    def sync(self, code: str) -> None:
        """Bring lobby ``code``'s folder in line with it: a gone lobby's files go, and so do packs no longer on
        its shelf, once no match is running there (a running match may be showing them)."""
        folder = self.root / code
        if not folder.is_dir():
            return
        with self._files:
            lobby = self.engine.lobbies.get(code)  # not ``engine.lobby``: an idle lobby stays in the store
            if lobby is None:  # idle, parked, or gone: only a gone lobby's files go
                if not self.engine.store.exists(code):
                    self.drop_lobby(code)
                return
            if lobby.match_live:
                return
            kept = {pack["id"] for pack in lobby.shelves.get(UPLOADS_SHELF_ID, {}).get("packs", [])}
            for pack in list(folder.iterdir()):
                if pack.name not in kept:
                    self._delete(code, pack)

    def drop_lobby(self, code: str) -> None:
        """Delete every picture uploaded in lobby ``code`` (the lobby is gone)."""
        with self._files:
            folder = self.root / code
            if folder.is_dir():
                for pack in list(folder.iterdir()):
                    self._delete(code, pack)
                shutil.rmtree(folder, ignore_errors=True)
            self._total -= self._usage.pop(code, 0)

    def _delete(self, code: str, pack: Path) -> None:
        size = _size(pack)
        if pack.is_dir():
            shutil.rmtree(pack, ignore_errors=True)
        else:
            pack.unlink(missing_ok=True)
        if self._packs.get(pack.name) == pack:
            del self._packs[pack.name]
        (self.root / INDEX / pack.name).unlink(missing_ok=True)
        self._usage[code] = max(0, self._usage.get(code, 0) - size)
        self._total = max(0, self._total - size)

    def delivered(self, outcome: Outcome) -> None:
        """The hub delivered an accepted command: a pack may have left a shelf, a match may have ended."""
        if outcome.ok and outcome.code in self._usage:  # a lobby that never had pictures has no folder to tidy
            self.sync(outcome.code)

    # -- an upload ------------------------------------------------------------------------------

    def receive(self, code: str, address: str, token: str) -> dict[str, Any]:
        """Check, re-encode and store the pictures of the current request as a new pack of lobby ``code``."""
        wait = self.hub.throttle.retry_after(address)
        if wait:
            raise ActionError("too_many_attempts", retry_after=wait)
        lobby = self.engine.lobby(code)
        if lobby is None:
            self.hub.throttle.miss(address)
            raise ActionError("unknown_lobby")
        code = lobby.code
        self._check_host(code, token)
        if (request.content_length or 0) > self.limits.request_bytes:
            raise ActionError("upload_too_large", max_mb=_mb(self.limits.request_bytes))
        with self._slot(code):
            files = request.files.getlist("images")
            if not files:
                raise ActionError("bad_request", errors={"images": ["No pictures were sent."]})
            if len(files) > MAX_FILES:
                raise ActionError("too_many_images", max=MAX_FILES)
            name = _pack_name(request.form.get("name"))
            names = [_file_name(upload.filename) for upload in files]
            for upload, filename in zip(files, names, strict=True):
                upload.stream.seek(0, os.SEEK_END)
                if upload.stream.tell() > self.limits.picture_bytes:
                    raise ActionError("file_too_large", file=filename, max_mb=_mb(self.limits.picture_bytes))
                upload.stream.seek(0)
            self._check_room(code, 0)
            streams = [upload.stream for upload in files]
            refused = self.pool.run(_first_bad_header, streams, self.limits.max_pixels)
            if refused is not None:
                number, error = refused
                raise self._picture_error(error, names[number])
            encoded = []
            for stream, filename in zip(streams, names, strict=True):
                try:
                    encoded.append(self.pool.run(_reencode, stream, self.limits.max_pixels))
                except ActionError as exc:
                    raise self._picture_error(exc, filename) from None
            outcome, pack = self._store(code, token, name, encoded)
        self.hub.publish(outcome)
        return pack

    def _store(self, code: str, token: str, name: str, encoded: list[bytes]) -> tuple[Outcome, dict[str, Any]]:
        """Write the pack's files and record the pack on the shelf, or leave nothing behind.

        The files are written with no lock held (deliveries to every lobby go through ``sync``, the
        ticker's among them); the checks are made again, and the pack moved in place and recorded, under it.
        """
        pack_id = f"up-{secrets.token_hex(12)}"
        pack = {"id": pack_id, "name": name, "images": [str(n) for n in range(1, len(encoded) + 1)]}
        size = sum(len(data) for data in encoded)
        staging = self.staging / pack_id
        with self._files:  # refused here, nothing is written
            self._check_host(code, token)  # the host may have handed over while the pictures were decoded
            self._check_room(code, size)
        try:
            self.pool.run(_write_pack, staging, encoded)
            with self._files:
                self._check_host(code, token)  # again: the shelf or the disk may have filled up meanwhile
                self._check_room(code, size)
                return self._record(code, pack, staging, size), pack
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # moved in place already, unless refused

    def _record(self, code: str, pack: dict[str, Any], staging: Path, size: int) -> Outcome:
        folder = self.root / code / pack["id"]
        folder.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging, folder)
        self._packs[pack["id"]] = folder
        (self.root / INDEX / pack["id"]).symlink_to(Path("..") / code / pack["id"])
        self._usage[code] = self._usage.get(code, 0) + size
        self._total += size
        args = {"shelf": UPLOADS_SHELF_ID, "action": "add", "args": {"pack": pack}}
        try:
            outcome = self.engine.submit(code, "shelf", args, system=True)
        except BaseException:
            self._delete(code, folder)
            raise
        if not outcome.ok:
            self._delete(code, folder)
            raise ActionError(outcome.error["code"], outcome.error["key"], **outcome.error["params"])
        return outcome

    def _check_host(self, code: str, token: str) -> None:
        """The token is the host's, and the host's shelf has room for one more pack."""
        lobby = self.engine.lobby(code)
        if lobby is None:
            raise ActionError("unknown_lobby")
        player = self.engine.identify(code, token)
        if player is None:
            raise ActionError("bad_token")
        if player != lobby.host:
            raise ActionError("not_host")
        if len(lobby.shelves.get(UPLOADS_SHELF_ID, {}).get("packs", [])) >= MAX_UPLOADED_PACKS:
            raise ActionError("too_many_image_packs", max=MAX_UPLOADED_PACKS)

    def _check_room(self, code: str, size: int) -> None:
        """Refuse when the lobby's quota or the server's is used up, or ``size`` more bytes would not fit."""
        used = self._usage.get(code, 0)
        if used >= self.limits.lobby_quota or used + size > self.limits.lobby_quota:
            max_mb = _mb(self.limits.lobby_quota)
            raise ActionError("upload_quota", "error.upload_quota.lobby", scope="lobby", max_mb=max_mb)
        if self._total >= self.limits.quota or self._total + size > self.limits.quota:
            max_mb = _mb(self.limits.quota)
            raise ActionError("upload_quota", "error.upload_quota.server", scope="server", max_mb=max_mb)

    @contextlib.contextmanager
    def _slot(self, code: str) -> Iterator[None]:
        with self._lock:
            if code in self._busy or len(self._busy) >= self.limits.concurrent:
                raise ActionError("uploads_busy")
            self._busy.add(code)
        try:
            yield
        finally:
            with self._lock:
                self._busy.discard(code)

    def _picture_error(self, error: ActionError, filename: str) -> ActionError:
        if error.params.get("reason") == "pixels":
            return ActionError("image_too_large", file=filename, max_megapixels=_megapixels(self.limits.max_pixels))
        return ActionError("bad_image", file=filename, **error.params)


def register_pictures(
    app: Flask, engine: Engine, hub: Hub, uploads: Path, limits: UploadLimits | None = None
) -> Uploads:
    limits = limits or UploadLimits()
    app.config["MAX_CONTENT_LENGTH"] = limits.request_bytes
    store = Uploads(uploads, engine, hub, limits)
    hub.listeners.append(store.delivered)
    engine.on_delete.append(store.drop_lobby)  # retention deleted a lobby
    app.extensions.setdefault("gamenight", {})["uploads"] = store

    @app.get("/images/<pack_id>/<image_id>")
    def picture(pack_id: str, image_id: str) -> Response:
        pack = engine.plugins.image_packs.get(pack_id)
        if pack is not None:
            image = pack.image(image_id)
            if image is None:
                abort(404)
            return send_file(image.path, max_age=86400)
        folder = store.folder(pack_id)
        if folder is None or not SAFE_ID.match(image_id):
            abort(404)
        return send_from_directory(folder, f"{image_id}.webp", max_age=86400, mimetype="image/webp")

    @app.post("/l/<code>/images")
    def upload_pack(code: str) -> tuple[Response, int]:
        try:
            pack = store.receive(code, request.remote_addr or "?", request.headers.get("X-Seat-Token", ""))
        except ActionError as exc:
            return refusal(exc)
        return jsonify({"ok": True, "pack": pack}), 200

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_: RequestEntityTooLarge) -> tuple[Response, int]:
        return refusal(ActionError("upload_too_large", max_mb=_mb(limits.request_bytes)))

    return store


def _pack_name(raw: str | None) -> str:
    """The name the host typed, cut to length (a browser may not), checked by the text policy; "?" if none."""
    name = " ".join((raw or "").split())[:PACK_NAME_MAX]
    return clean_pack_name(name) if name else "?"


def _file_name(raw: str | None) -> str:
    """A picture's file name as errors quote it: printable characters only, at most 80."""
    name = "".join(ch for ch in raw or "" if unicodedata.category(ch)[0] not in "CZ" or ch == " ")[:80]
    return name or "?"


def _first_bad_header(streams: list[BinaryIO], max_pixels: int) -> tuple[int, ActionError] | None:
    """The first picture whose header is refused, and why: headers alone are read, nothing is decoded."""
    for number, stream in enumerate(streams):
        stream.seek(0)
        try:
            check_header(probe(stream), max_pixels)
        except ActionError as exc:
            return number, exc
    return None


def _reencode(stream: BinaryIO, max_pixels: int) -> bytes:
    stream.seek(0)
    try:
        return reencode(stream.read(), max_pixels)
    finally:
        _give_back_freed_memory()


def _give_back_freed_memory() -> None:
    """Return the memory a decode freed to the system (glibc's ``malloc_trim``; elsewhere nothing): each
    decoding thread keeps its own heap, and without this the peak of every thread that ever decoded stays."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _glibc() -> Any:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        return libc
    except (OSError, AttributeError):
        return None


_LIBC = _glibc()


def _write_pack(folder: Path, encoded: list[bytes]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for number, data in enumerate(encoded, 1):
        (folder / f"{number}.webp").write_bytes(data)


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def _mb(size: int) -> float | int:
    value = size / MB
    return int(value) if value == int(value) else round(value, 2)


def _megapixels(pixels: int) -> float | int:
    value = pixels / 1_000_000
    return int(value) if value == int(value) else round(value, 1)
