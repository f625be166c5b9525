"""Location packs: the built-in Spyfall 1 and Spyfall 2 packs, and the lobby's custom packs."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamenight import ActionError, Move, Shelf, ShelfContext, hookimpl
from gamenight.text import Text
from marshmallow import Schema, ValidationError, fields, validate

if TYPE_CHECKING:
    from gamenight import Action
    from gamenight.match import Match

PACK_DIR = Path(__file__).parent / "locations"
BUILTIN = ("spyfall2", "spyfall1")
CUSTOM = "custom"
SHELF = "spyfall.packs"
MAX_CUSTOM_PACKS = 12
TEXT_MAX = 40


@cache
def builtin_packs() -> dict[str, dict[str, Any]]:
    """The packs shipped with the game, by id."""
    return {name: json.loads((PACK_DIR / f"{name}.json").read_text(encoding="utf-8")) for name in BUILTIN}


def custom_packs(shelf: dict[str, Any]) -> list[dict[str, Any]]:
    return shelf.get("packs", [])


def locations(pack_ids: list[str], shelf: dict[str, Any]) -> list[dict[str, Any]]:
    """Every location of the chosen packs (``"custom"`` stands for all the lobby's custom packs), in order."""
    found: list[dict[str, Any]] = []
    for pack_id in pack_ids:
        if pack_id == CUSTOM:
            for pack in custom_packs(shelf):
                found.extend(pack["locations"])
        else:
            found.extend(builtin_packs()[pack_id]["locations"])
    return found


def packs_option() -> fields.List:
    """The "packs" match option of both Spyfall games."""
    return fields.List(
        fields.String(validate=validate.OneOf([*BUILTIN, CUSTOM])),
        load_default=lambda: ["spyfall2"],
        validate=validate.Length(1, 3),
        metadata={"label": "spyfall.option.packs"},
    )


class PackLocations:
    """The location hooks' defaults for both Spyfall games: locations come from the chosen packs (Spyfall's
    other defaults build on these in ``rules.Defaults``)."""

    @hookimpl
    def spyfall_locations(self, match: Match) -> list[dict[str, Any]]:
        return locations(match.options["packs"], match.shelf(SHELF))

    @hookimpl
    def spyfall_round_done(self, match: Match, used: list[str]) -> None:
        return None

    @hookimpl
    def spyfall_check_next_round(self, match: Match) -> None:
        return None


# -- custom packs: written by a host, imported and exported as JSON files ---------------------------


def _has_a_name(names: dict[str, str]) -> None:
    if not any(n.strip() for n in names.values()):
        raise ValidationError("A name in at least one language is needed.")


class RoleSchema(Schema):
    en = Text(max_length=TEXT_MAX, blank_ok=True)
    ru = Text(max_length=TEXT_MAX, blank_ok=True)


class LocationSchema(Schema):
    id = fields.String(load_default=None)  # ignored: the lobby assigns its own ids
    names = fields.Dict(
        keys=fields.String(validate=validate.OneOf(["en", "ru"])),
        values=Text(max_length=TEXT_MAX, blank_ok=True),
        required=True,
        validate=_has_a_name,
    )
    roles = fields.List(fields.Nested(RoleSchema), load_default=list, validate=validate.Length(0, 24))


class PackSchema(Schema):
    id = fields.String(load_default=None)
    names = fields.Dict(
        keys=fields.String(validate=validate.OneOf(["en", "ru"])),
        values=Text(max_length=TEXT_MAX, blank_ok=True),
        required=True,
        validate=_has_a_name,
    )
    locations = fields.List(fields.Nested(LocationSchema), required=True, validate=validate.Length(1, 60))


def _clean(names: dict[str, str]) -> dict[str, str]:
    return {lang: text.strip() for lang, text in names.items() if text.strip()}


def add_pack(shelf: ShelfContext, action: Action) -> None:
    packs = shelf.data.setdefault("packs", [])
    if len(packs) >= MAX_CUSTOM_PACKS:
        raise ActionError("spyfall.too_many_packs", max=MAX_CUSTOM_PACKS)
    given = action.args["pack"]
    seen: set[str] = set()
    shelf.data["next"] = number = shelf.data.get("next", 0) + 1
    pack = {"id": f"custom{number}", "names": _clean(given["names"]), "locations": []}
    for index, location in enumerate(given["locations"], 1):
        names = _clean(location["names"])
        key = next(iter(names.values())).casefold()
        if key in seen:
            raise ActionError("spyfall.duplicate_location", name=next(iter(names.values())))
        seen.add(key)
        roles = [_clean(role) for role in location["roles"] if _clean(role)]
        pack["locations"].append({"id": f"custom{number}.{index}", "names": names, "roles": roles})
    packs.append(pack)


def remove_pack(shelf: ShelfContext, action: Action) -> None:
    packs = shelf.data.setdefault("packs", [])
    kept = [p for p in packs if p["id"] != action.args["pack"]]
    if len(kept) == len(packs):
        raise ActionError("spyfall.unknown_pack", pack=action.args["pack"])
    shelf.data["packs"] = kept


PACKS_SHELF = Shelf(
    SHELF,
    {
        "add_pack": Move(add_pack, args={"pack": fields.Nested(PackSchema, required=True)}, who="host"),
        "remove_pack": Move(remove_pack, args={"pack": fields.String(required=True)}, who="host"),
    },
)
