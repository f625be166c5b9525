"""Pictures over HTTP: serving picture packs, and a host uploading a pack of their own into a lobby.

Uploaded files are never served as given: each is decoded and re-encoded
(``gamenight.images.reencode``) before it is stored; only the fresh WebP is served.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from flask import Flask, Response, abort, jsonify, request, send_file, send_from_directory
from gamenight.engine import Engine
from gamenight.errors import ActionError
from gamenight.images import UPLOADS_SHELF_ID, reencode
from gamenight.web.hub import Hub
from werkzeug.exceptions import RequestEntityTooLarge

MAX_FILES = 120
MAX_UPLOAD_BYTES = 64 * 1024 * 1024
SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def register_pictures(app: Flask, engine: Engine, hub: Hub, uploads: Path) -> None:
    app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD_BYTES

    @app.get("/images/<pack_id>/<image_id>")
    def picture(pack_id: str, image_id: str) -> Response:
        pack = engine.plugins.image_packs.get(pack_id)
        if pack is not None:
            image = pack.image(image_id)
            if image is None:
                abort(404)
            response = send_file(image.path, max_age=86400)
        elif SAFE_ID.match(pack_id) and SAFE_ID.match(image_id):
            response = send_from_directory(uploads / pack_id, f"{image_id}.webp", max_age=86400, mimetype="image/webp")
        else:
            abort(404)
        return response

    @app.post("/l/<code>/images")
    def upload_pack(code: str) -> tuple[Response, int]:
        try:
            pack = _store_upload(engine, hub, uploads, code)
        except ActionError as exc:
            return jsonify({"ok": False, "error": exc.to_dict()}), 400
        return jsonify({"ok": True, "pack": pack}), 200

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_: RequestEntityTooLarge) -> tuple[Response, int]:
        error = ActionError("upload_too_large", max_mb=MAX_UPLOAD_BYTES // (1024 * 1024))
        return jsonify({"ok": False, "error": error.to_dict()}), 413


def _store_upload(engine: Engine, hub: Hub, uploads: Path, code: str) -> dict:
    lobby = engine.lobby(code)
    if lobby is None:
        raise ActionError("unknown_lobby")
    token = request.headers.get("X-Seat-Token", "")
    player = engine.identify(lobby.code, token)
    if player is None:
        raise ActionError("bad_token")
    if player != lobby.host:
        raise ActionError("not_host")
    files = request.files.getlist("images")
    if not files:
        raise ActionError("bad_request", errors={"images": ["No pictures were sent."]})
    if len(files) > MAX_FILES:
        raise ActionError("too_many_images", max=MAX_FILES)
    name = (request.form.get("name") or "").strip()[:40] or "?"
    encoded = []
    for upload in files:
        try:
            encoded.append(reencode(upload.read()))
        except ActionError as exc:
            raise ActionError("bad_image", file=(upload.filename or "?")[:80], **exc.params) from None
    pack_id = f"up-{secrets.token_hex(8)}"
    folder = uploads / pack_id
    folder.mkdir(parents=True, exist_ok=True)
    images = []
    for number, data in enumerate(encoded, 1):
        (folder / f"{number}.webp").write_bytes(data)
        images.append(str(number))
    pack = {"id": pack_id, "name": name, "images": images}
    outcome = engine.submit(
        lobby.code, "shelf", {"shelf": UPLOADS_SHELF_ID, "action": "add", "args": {"pack": pack}}, token=token
    )
    if not outcome.ok:
        raise ActionError(outcome.error["code"], outcome.error["key"], **outcome.error["params"])
    hub.publish(outcome)
    return pack
