"""Schemas of the Socket.IO events a browser sends (see docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from gamenight.errors import ActionError
from marshmallow import Schema, ValidationError, fields, validate

CODE = fields.String(required=True, validate=validate.Length(1, 16))


class CreateLobby(Schema):
    name = fields.Raw(required=True)


class JoinLobby(Schema):
    code = CODE
    name = fields.Raw(required=True)


class Attach(Schema):
    code = CODE
    token = fields.String(required=True, validate=validate.Length(1, 128))


class Watch(Schema):
    code = CODE


class Command(Schema):
    kind = fields.String(required=True, validate=validate.Length(1, 32))
    args = fields.Raw(load_default=dict)


class Empty(Schema):
    pass


EVENTS: dict[str, Schema] = {
    "create_lobby": CreateLobby(),
    "join_lobby": JoinLobby(),
    "attach": Attach(),
    "watch": Watch(),
    "command": Command(),
    "detach": Empty(),
}


def load_event(event: str, payload: Any) -> dict[str, Any]:
    """Validate an inbound event's payload; refuse anything malformed with ``bad_request``."""
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ActionError("bad_request", errors={"_schema": ["Expected an object."]})
    try:
        return EVENTS[event].load(payload)
    except ValidationError as exc:
        raise ActionError("bad_request", errors=exc.messages) from None
