"""Structured errors: every rejection carries a stable code, an i18n key and parameters."""

from __future__ import annotations

from typing import Any


class ActionError(Exception):
    """A rejected command or move.

    Raise it from a move, a hook or the core; the sender alone receives
    ``{"code", "key", "params"}`` and the state stays as it was. ``code`` is
    stable and documented; ``key`` defaults to ``error.<code>`` and names the
    translated message; ``params`` fill its placeholders.
    """

    def __init__(self, code: str, key: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.key = key or f"error.{code}"
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "key": self.key, "params": self.params}

    def __repr__(self) -> str:
        return f"ActionError({self.code!r}, params={self.params!r})"


class BadDeal(Exception):
    """A forced deal (from a script or a test) that the game cannot honour: an unknown player,
    a card that does not exist, a deal its options could not produce.

    Raise it from the ``deal`` hook; the core refuses the move that dealt with
    ``ActionError("bad_deal")``, naming the round and this message.
    """
