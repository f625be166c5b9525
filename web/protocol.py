"""Schemas of the Socket.IO events a browser sends (see docs/protocol.md), and the packets' JSON.

Nothing walks an inbound payload before ``PacketJSON.loads`` has bounded its nesting:
a packet nested deeper than ``MAX_DEPTH`` is not decoded at all; its event receives
``TOO_DEEP`` instead, which ``load_event`` answers with ``bad_request``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import orjson
from gamenight.errors import ActionError
from marshmallow import Schema, ValidationError, fields, validate
from socketio.packet import Packet

MAX_DEPTH = 32
"""Arrays and objects nested inside one another in one packet, the event's argument list included."""
MAX_INTEGER = 2**53 - 1
"""The largest integer (either sign) any field may hold: what a browser's JSON keeps exact."""


class _TooDeep:
    def __repr__(self) -> str:
        return "TOO_DEEP"


TOO_DEEP = _TooDeep()

_ESCAPED_BACKSLASH = "\\\\"
_ESCAPED_QUOTE = '\\"'
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_EVENT_NAME = re.compile(r'\s*\[\s*("(?:[^"\\]|\\.){0,64}")')


def nested_deeper_than(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests arrays and objects more than ``limit`` deep, without parsing it.

    Linear and recursion-free: escapes, then strings, then everything but brackets are
    dropped; each pass then removes the innermost pairs, one level at a time.
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    bare = _STRING.sub("", text.replace(_ESCAPED_BACKSLASH, "").replace(_ESCAPED_QUOTE, ""))
    skeleton = _NOT_BRACKET.sub("", bare)
    for _ in range(limit):
        if not skeleton:
            return False
        skeleton = _INNERMOST.sub("", skeleton)
    return bool(skeleton)


class PacketJSON:
    """The JSON module of the Socket.IO server: orjson to write; ``loads`` refuses to decode deep nesting."""

    @staticmethod
    def dumps(obj: Any, **kwargs: Any) -> str:
        try:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:  # what orjson will not write (an int past 64 bits): the standard library's way
            return json.dumps(obj, separators=(",", ":"))

    @staticmethod
    def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, bytes | bytearray):
            text = text.decode("utf-8")
        if nested_deeper_than(text, MAX_DEPTH):
            name = _EVENT_NAME.match(text)
            if name is None:
                raise ValueError("a packet nested too deeply")
            return [json.loads(name.group(1)), TOO_DEEP]
        try:
            return orjson.loads(text)
        except (
            orjson.JSONDecodeError
        ):  # a lone surrogate, say: the standard library decodes it, the text policy refuses it
            return json.loads(text)


class TextPacket(Packet):
    """Socket.IO packets that never carry binary: sending one skips the scan of its payload for bytes
    (no event of this server sends binary; an inbound binary packet still decodes, and its event is refused)."""

    json = PacketJSON

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        return False


CODE = fields.String(required=True, validate=validate.Length(1, 16))


DEVICE = fields.String(load_default=None, validate=validate.Length(8, 64))  # the browser's own id, kept for good
INVITE = fields.String(load_default=None, validate=validate.Length(1, 64))  # streamer mode's private link


class CreateLobby(Schema):
    name = fields.Raw(required=True)
    look = fields.Raw(load_default=None)  # {"colour", "avatar"}: checked by the lobby's join command
    device = DEVICE


class JoinLobby(Schema):
    code = CODE
    name = fields.Raw(required=True)
    look = fields.Raw(load_default=None)
    device = DEVICE
    invite = INVITE


class RequestSeat(Schema):
    code = CODE
    name = fields.Raw(required=True)
    device = DEVICE
    invite = INVITE


class Attach(Schema):
    code = CODE
    token = fields.String(required=True, validate=validate.Length(1, 128))


class Watch(Schema):
    code = CODE


class JoinAudience(Schema):
    code = CODE
    name = fields.Raw(required=True)


class Predict(Schema):
    prompt = fields.String(required=True, validate=validate.Length(1, 64))
    choice = fields.String(required=True, validate=validate.Length(1, 64))


class Command(Schema):
    kind = fields.String(required=True, validate=validate.Length(1, 32))
    args = fields.Raw(load_default=dict)


class Empty(Schema):
    pass


EVENTS: dict[str, Schema] = {
    "create_lobby": CreateLobby(),
    "join_lobby": JoinLobby(),
    "request_seat": RequestSeat(),
    "attach": Attach(),
    "watch": Watch(),
    "command": Command(),
    "detach": Empty(),
    "resync": Empty(),
    "join_audience": JoinAudience(),
    "attach_audience": Attach(),
    "predict": Predict(),
    "leave_audience": Empty(),
}


def unusable_value(payload: Any) -> tuple[str, str] | None:
    """The first value no field of any event can hold, as (where, why), or None.

    Integers past ``MAX_INTEGER``, NaN and the infinities, and text with a lone surrogate (in a key or a
    value) are refused here, before any schema, hash, lookup or the store sees them. ``payload`` is already
    bounded in depth (``PacketJSON.loads``) and size (the server's packet limit).
    """
    pending: list[tuple[str, Any]] = [("", payload)]
    while pending:
        where, value = pending.pop()
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if not -MAX_INTEGER <= value <= MAX_INTEGER:
                return where, f"A whole number from -{MAX_INTEGER} to {MAX_INTEGER}."
        elif isinstance(value, float):
            if not math.isfinite(value):
                return where, "A finite number."
        elif isinstance(value, str):
            if _has_lone_surrogate(value):
                return where, "A lone surrogate is not a character."
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _has_lone_surrogate(key):
                    return where or "_schema", "A lone surrogate is not a character (in a key)."
                pending.append((f"{where}.{key}" if where else str(key), item))
        elif isinstance(value, list):
            pending.extend((f"{where}.{index}" if where else str(index), item) for index, item in enumerate(value))
    return None


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def load_event(event: str, payload: Any) -> dict[str, Any]:
    """Validate an inbound event's payload; refuse anything malformed with ``bad_request``."""
    if payload is TOO_DEEP:
        raise ActionError("bad_request", errors={"_schema": [f"Nested more than {MAX_DEPTH} levels deep."]})
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ActionError("bad_request", errors={"_schema": ["Expected an object."]})
    unusable = unusable_value(payload)
    if unusable is not None:
        where, why = unusable
        raise ActionError("bad_request", errors={where: [why]})
    try:
        return EVENTS[event].load(payload)
    except ValidationError as exc:
        raise ActionError("bad_request", errors=exc.messages) from None
