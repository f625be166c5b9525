"""Describing match options for forms: marshmallow fields as JSON a browser can build a form from."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate
from marshmallow.utils import missing

TIME_FACTOR = "time_factor"
NO_CLOCK = 0.0  # the extended time with no clock at all: the host moves each phase on
TIME_FACTORS = [1.0, 1.5, 2.0, 3.0, 5.0, 10.0, NO_CLOCK]


def time_factor() -> fields.Float:
    """Every game's "extended time" option: the host lengthens every clock of the match (1 to 10 times), or
    turns the players' clocks off (``NO_CLOCK``)."""
    return fields.Float(
        load_default=1.0, validate=validate.OneOf(TIME_FACTORS), metadata={"label": f"option.{TIME_FACTOR}"}
    )


def integer(default: int, low: int, high: int, label: str) -> fields.Integer:
    """An integer match option from ``low`` to ``high`` (a clock's seconds, a number of rounds), labelled by an i18n key."""
    return fields.Integer(load_default=default, validate=validate.Range(low, high), metadata={"label": label})


def describe_field(
    name: str, field: fields.Field, dynamic: dict[str, list[dict[str, Any]]] | None = None
) -> dict[str, Any]:
    """``{"name", "type", "default", "label", ...}`` with ``min``/``max`` or ``choices`` where declared.

    Types: ``integer``, ``number``, ``boolean``, ``string``, ``choice`` (one of
    ``choices``), ``choices`` (any subset of ``choices``). A field with
    ``metadata["choices_from"]`` takes its choices from what is installed
    (``dynamic``), with ``choice_names`` ({choice: {lang: name}}) for those that carry their
    own names and ``choice_keys`` ({choice: i18n key}) for those labelled by the string tables.
    """
    shown: dict[str, Any] = {"name": name, "label": field.metadata.get("label", f"option.{name}")}
    if "help" in field.metadata:
        shown["help"] = field.metadata["help"]
    default = field.load_default
    if callable(default):
        default = default()
    shown["default"] = None if default is missing else default
    target = field.inner if isinstance(field, fields.List) else field
    kind = {
        fields.Integer: "integer",
        fields.Float: "number",
        fields.Boolean: "boolean",
    }.get(type(target), "string")
    for check in _validators(target):
        if isinstance(check, validate.Range):
            shown["min"], shown["max"] = check.min, check.max
        elif isinstance(check, validate.OneOf):
            shown["choices"] = list(check.choices)
            kind = "choices" if isinstance(field, fields.List) else "choice"
    source = field.metadata.get("choices_from")
    if source and dynamic and source in dynamic:
        shown["choices"] = [c["value"] for c in dynamic[source]]
        shown["choice_names"] = {c["value"]: c["names"] for c in dynamic[source] if "names" in c}
        shown["choice_keys"] = {c["value"]: c["key"] for c in dynamic[source] if "key" in c}
        kind = "choices" if isinstance(field, fields.List) else "choice"
    if isinstance(field, fields.List):
        for check in _validators(field):
            if isinstance(check, validate.Length):
                shown["min_items"], shown["max_items"] = check.min, check.max
    shown["type"] = kind
    return shown


def describe_options(
    option_fields: dict[str, fields.Field], dynamic: dict[str, list[dict[str, Any]]] | None = None
) -> list[dict[str, Any]]:
    return [describe_field(name, field, dynamic) for name, field in option_fields.items()]


def _validators(field: fields.Field) -> list[Any]:
    found = []
    for check in field.validators:
        if isinstance(check, validate.And):
            found.extend(check.validators)
        else:
            found.append(check)
    return found
