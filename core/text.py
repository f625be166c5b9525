"""One policy for every text a person types: names, associations, stickers, packs, locations, roles, word cards.

A text is normalized (Unicode NFC; every run of white space, including line
breaks, tabs, the line and paragraph separators U+2028 and U+2029, no-break and
other Unicode spaces, becomes one space; trimmed) and refused when it is empty,
longer than its field allows, or holds a character that cannot be shown as
typed: control characters (NUL among them), format characters (bidi overrides,
zero-width spaces and joiners), lone surrogates, private-use and unassigned
code points. A text kept then passes its lobby's family filter (``gamenight.filtering``), which may refuse it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from gamenight.filtering import at_door  # (a game that checks a text's shape first passes it on itself)
from marshmallow import ValidationError, fields

_SPACES = re.compile(r"\s+")
_REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn")  # white space (Zl, Zp and \n among it) became a space before


class TextError(ValueError):
    """A text the policy refuses; the message says why, in English, for the sender."""


def clean_text(raw: Any, max_length: int, field: str = "text", *, door: bool = True) -> str:
    """The text as it is kept, or ``TextError``; the lobby's door may refuse it (``family_filter`` naming
    ``field``) or mask it. ``door=False``: the caller checks the text's shape first, then passes it through
    ``at_door`` itself."""
    if not isinstance(raw, str):
        raise TextError("Not a text.")
    if len(raw) > 4 * max_length:  # no work on a megabyte of padding
        raise TextError(f"At most {max_length} characters.")
    if any(unicodedata.category(ch) == "Cs" for ch in raw):
        raise TextError("A lone surrogate is not a character.")
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", raw)).strip()
    if not text:
        raise TextError("Empty.")
    if len(text) > max_length:
        raise TextError(f"At most {max_length} characters.")
    bad = next((ch for ch in text if unicodedata.category(ch) in _REFUSED), None)
    if bad is not None:
        raise TextError(f"Character U+{ord(bad):04X} cannot be shown as typed.")
    return at_door(text, field) if door else text


class Text(fields.String):
    """A marshmallow field for typed text under the policy: ``Text(max_length=40, required=True)``.

    ``blank_ok``: a text of nothing but white space loads as ``""`` (a field left empty on a form).
    """

    def __init__(self, *, max_length: int, blank_ok: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length
        self.blank_ok = blank_ok

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if self.blank_ok and isinstance(value, str) and not value.strip():
            return ""
        try:
            return clean_text(value, self.max_length, self.name or attr or "text")
        except TextError as exc:
            raise ValidationError(str(exc)) from None
