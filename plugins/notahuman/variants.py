"""I'm Not a Human's variants from the rulebook: Human factor and Defragmentation."""

from __future__ import annotations

from gamenight import hookimpl
from marshmallow import fields, validate


class HumanFactor:
    """No server card: there is always a Human among the players, and no "#9" to vote for."""

    @hookimpl(tryfirst=True)
    def notahuman_server_card(self, match) -> bool:
        return False


class Defragmentation:
    """Any number of rounds."""

    @hookimpl
    def options(self) -> dict[str, fields.Field]:
        return {
            "rounds": fields.Integer(
                load_default=6, validate=validate.Range(1, 27), metadata={"label": "notahuman.option.rounds"}
            )
        }

    @hookimpl(tryfirst=True)
    def notahuman_rounds(self, match) -> int:
        return match.options["rounds"]
