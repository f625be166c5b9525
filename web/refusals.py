"""An HTTP request refused: the same ``{"ok": false, "error": {code, key, params}}`` a socket event gets,
with a status that says what kind of refusal it is (400 unless listed)."""

from __future__ import annotations

from flask import Response, jsonify
from gamenight.errors import ActionError

STATUS = {
    "upload_too_large": 413,
    "too_many_attempts": 429,
    "uploads_busy": 429,
    "upload_quota": 507,
    "moved": 409,  # the lobby lives on another node of the cluster: send it there (``?node=``)
    "unavailable": 503,
}


def refusal(exc: ActionError) -> tuple[Response, int]:
    response = jsonify({"ok": False, "error": exc.to_dict()})
    if "retry_after" in exc.params:
        response.headers["Retry-After"] = str(exc.params["retry_after"])
    return response, STATUS.get(exc.code, 400)
