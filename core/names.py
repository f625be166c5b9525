"""Player names, lobby codes and seat tokens."""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

from gamenight.errors import ActionError

NAME_MAX = 20
# Letters that cannot be misread as digits or as each other (no I, L, O).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
_SPACES = re.compile(r"\s+")


def clean_name(raw: object) -> str:
    """Trim and fold inner white space; refuse empty, over-long or control-character names."""
    if not isinstance(raw, str):
        raise ActionError("name_invalid", max=NAME_MAX)
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw)).strip()
    if not name or len(name) > NAME_MAX:
        raise ActionError("name_invalid", max=NAME_MAX)
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ActionError("name_invalid", max=NAME_MAX)
    return name


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
