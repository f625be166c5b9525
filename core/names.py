"""Player names, lobby codes and seat tokens."""

from __future__ import annotations

import hashlib
import re
import secrets

from gamenight.errors import ActionError
from gamenight.text import TextError, clean_text

NAME_MAX = 20
# Letters that cannot be misread as digits or as each other (no I, L, O).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
_SPACES = re.compile(r"\s+")


def clean_name(raw: object) -> str:
    """A player's name under the text policy (gamenight.text): 1-20 characters that show as typed."""
    try:
        return clean_text(raw, NAME_MAX, "name")
    except TextError:
        raise ActionError("name_invalid", max=NAME_MAX) from None


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def new_lobby_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(raw: str) -> str:
    return raw.strip().upper()


def new_token() -> str:
    """A seat token: the secret a browser keeps to act for its seat and to rejoin it."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_seed() -> str:
    return secrets.token_hex(16)
