"""Schemas of the lobby commands: every command's arguments are loaded here before it is applied."""

from __future__ import annotations

from typing import Any

from gamenight.errors import ActionError
from gamenight.looks import AVATARS, COLOURS
from gamenight.moderation import HIDEABLE
from marshmallow import Schema, ValidationError, fields, validate

MAX_VARIANTS = 16
HOST_WORDS_MAX = 30  # the host's own words for the family filter
HOST_WORD_MAX = 30
AUDIENCE_CAP_MAX = 100_000
MAX_VERSION = 2**53 - 1  # the largest integer a browser's JSON keeps exact


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` and nothing else (marshmallow's Boolean also takes "yes", 1 and "on")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class Version(fields.Integer):
    """The version of the state a move was made on: a whole number from 0, never a float, text or boolean."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, validate=validate.Range(0, MAX_VERSION), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class LookArgs(Schema):
    colour = fields.String(required=True, validate=validate.OneOf(COLOURS))
    avatar = fields.String(required=True, validate=validate.OneOf(AVATARS))


class JoinArgs(Schema):
    name = fields.Raw(required=True)
    look = fields.Nested(LookArgs, load_default=None, allow_none=True)


class EmptyArgs(Schema):
    pass


class PlayerArgs(Schema):
    player = fields.String(required=True, validate=validate.Length(1, 32))


class SitOutArgs(Schema):
    player = fields.String(required=True, validate=validate.Length(1, 32))
    out = StrictBoolean(required=True)


class RequestSeatArgs(Schema):
    name = fields.Raw(required=True)


class AnswerSeatRequestArgs(Schema):
    request = fields.String(required=True, validate=validate.Length(1, 32))
    give = StrictBoolean(required=True)


class LockArgs(Schema):
    locked = StrictBoolean(required=True)


class ReorderArgs(Schema):
    order = fields.List(fields.String(validate=validate.Length(1, 32)), required=True, validate=validate.Length(1, 64))


class ChooseArgs(Schema):
    game = fields.String(required=True, validate=validate.Length(1, 64))
    variants = fields.List(
        fields.String(validate=validate.Length(1, 64)), load_default=list, validate=validate.Length(0, MAX_VARIANTS)
    )
    options = fields.Dict(keys=fields.String(), load_default=dict)


class ActArgs(Schema):
    action = fields.String(required=True, validate=validate.Length(1, 64))
    args = fields.Raw(load_default=dict)
    version = Version(load_default=None, allow_none=True)


class ShelfArgs(Schema):
    shelf = fields.String(required=True, validate=validate.Length(1, 64))
    action = fields.String(required=True, validate=validate.Length(1, 64))
    args = fields.Raw(load_default=dict)


class LetBackArgs(Schema):
    entry = fields.String(required=True, validate=validate.Length(1, 32))


class DoorArgs(Schema):
    ask = StrictBoolean(required=True)


class AnswerKnockArgs(Schema):
    knock = fields.String(required=True, validate=validate.Length(1, 32))
    admit = StrictBoolean(required=True)


class ItemArgs(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(HIDEABLE))
    key = fields.String(required=True, validate=validate.Length(1, 512))


class UnhideArgs(Schema):
    item = fields.String(required=True, validate=validate.Length(1, 32))


class DismissReportArgs(Schema):
    report = fields.String(required=True, validate=validate.Length(1, 32))


class StreamerArgs(Schema):
    on = StrictBoolean(required=True)


class FamilyFilterArgs(Schema):
    level = fields.String(load_default=None, validate=validate.OneOf(["off", "moderate", "strict"]))
    words = fields.List(
        fields.String(validate=validate.Length(1, HOST_WORD_MAX)),
        load_default=None,
        validate=validate.Length(0, HOST_WORDS_MAX),
    )


class ReviewTextArgs(Schema):
    item = fields.String(required=True, validate=validate.Length(1, 32))
    allow = StrictBoolean(required=True)


class CrewClaimArgs(Schema):
    member = fields.String(required=True, validate=validate.Length(1, 32))
    code = fields.String(load_default=None, validate=validate.Length(1, 16))


class AnswerCrewClaimArgs(Schema):
    claim = fields.String(required=True, validate=validate.Length(1, 32))
    give = StrictBoolean(required=True)


class FameVoteArgs(Schema):
    keepsake = fields.String(required=True, validate=validate.Length(1, 32))


class AudienceArgs(Schema):
    open = StrictBoolean(load_default=None)
    cap = fields.Integer(allow_none=True, strict=True, validate=validate.Range(1, AUDIENCE_CAP_MAX))
    by_host = StrictBoolean(load_default=None)


class AudienceWatchingArgs(Schema):
    count = fields.Integer(required=True, strict=True, validate=validate.Range(0))


class AudienceKnockArgs(Schema):
    member = fields.String(required=True, validate=validate.Length(1, 32))
    name = fields.String(required=True)


class AnswerAudienceArgs(Schema):
    member = fields.String(required=True, validate=validate.Length(1, 32))
    admit = StrictBoolean(required=True)


class AudienceResultArgs(Schema):
    prompt = fields.Dict(required=True)
    tally = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)


class PresenceArgs(Schema):
    player = fields.String(required=True)
    connected = StrictBoolean(required=True)


# kind -> (schema, who may send it: "player", "host", or "system": the engine itself. A seat is taken
# through Engine.join, which mints the seat's token; no client sends "join" as a command, nor "request_seat",
# Engine.request_seat's, which mints the token the seat will have if the ask is answered yes.)
COMMANDS: dict[str, tuple[Schema, str]] = {
    "join": (JoinArgs(), "system"),
    "leave": (EmptyArgs(), "player"),
    "look": (LookArgs(), "player"),
    "sit_out": (SitOutArgs(), "player"),
    "request_seat": (RequestSeatArgs(), "system"),
    "answer_seat_request": (AnswerSeatRequestArgs(), "player"),
    "kick": (PlayerArgs(), "host"),
    "lock": (LockArgs(), "host"),
    "handover": (PlayerArgs(), "host"),
    "reorder": (ReorderArgs(), "host"),
    "choose": (ChooseArgs(), "host"),
    "start": (EmptyArgs(), "host"),
    "abort": (EmptyArgs(), "host"),
    "end": (EmptyArgs(), "host"),
    "close_night": (EmptyArgs(), "host"),
    "reopen_night": (EmptyArgs(), "host"),
    "new_night": (EmptyArgs(), "host"),
    "act": (ActArgs(), "player"),
    "shelf": (ShelfArgs(), "player"),
    "presence": (PresenceArgs(), "system"),
    "host_timeout": (EmptyArgs(), "system"),
    "let_back": (LetBackArgs(), "host"),
    "door": (DoorArgs(), "host"),
    "answer_knock": (AnswerKnockArgs(), "host"),
    "hide": (ItemArgs(), "host"),
    "unhide": (UnhideArgs(), "host"),
    "report": (ItemArgs(), "player"),
    "dismiss_report": (DismissReportArgs(), "host"),
    "streamer": (StreamerArgs(), "host"),
    "renew_invite": (EmptyArgs(), "host"),
    "family_filter": (FamilyFilterArgs(), "host"),
    "review_text": (ReviewTextArgs(), "host"),
    "keep_crew": (EmptyArgs(), "host"),
    "crew_claim": (CrewClaimArgs(), "player"),
    "answer_crew_claim": (AnswerCrewClaimArgs(), "host"),
    "audience": (AudienceArgs(), "host"),
    "audience_watching": (AudienceWatchingArgs(), "system"),
    "audience_knock": (AudienceKnockArgs(), "system"),
    "answer_audience": (AnswerAudienceArgs(), "host"),
    "audience_result": (AudienceResultArgs(), "system"),
    "crew_forget_me": (EmptyArgs(), "player"),
    "crew_delete": (EmptyArgs(), "host"),
    "new_season": (EmptyArgs(), "host"),
    "fame_vote": (FameVoteArgs(), "player"),
}

# Commands a network client may send (the rest are the engine's own).
CLIENT_COMMANDS = frozenset(kind for kind, (_, who) in COMMANDS.items() if who != "system")


def load_args(kind: str, raw: Any) -> dict[str, Any]:
    """Validate a command's arguments; unknown commands and bad payloads raise ``ActionError``."""
    if kind not in COMMANDS:
        raise ActionError("unknown_command", command=str(kind)[:64])
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ActionError("bad_request", errors={"args": ["Not a valid mapping type."]})
    schema, _ = COMMANDS[kind]
    try:
        return schema.load(raw)
    except ValidationError as exc:
        raise ActionError("bad_request", errors=exc.messages) from None
