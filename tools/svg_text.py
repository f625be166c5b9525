"""Numbers and path data written short: the SVG text of the built pictures stays small.

Shared by the picture builders in ``tools/`` (``openmoji_art.py`` and the drawn backgrounds).
"""

from __future__ import annotations

import re


def fmt(value: float, digits: int = 1) -> str:
    """Shortest decimal text for *value* rounded to *digits* places."""
    text = f"{round(value, digits):.{digits}f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    if text.startswith("0.") and len(text) > 2:
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return text


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|[\s,]+")
_ARC_FLAG = re.compile(r"[\s,]*([01])")


def _tokenize_path(d: str) -> list[str | float]:
    """Split path data into commands (str) and numbers (float); arc flags kept exact."""
    out: list[str | float] = []
    pos, cmd, argn = 0, "", 0
    while pos < len(d):
        if cmd in "Aa" and argn % 7 in (3, 4):
            m = _ARC_FLAG.match(d, pos)
            if m:
                out.append(float(m.group(1)))
                pos, argn = m.end(), argn + 1
                continue
        m = _PATH_TOKEN.match(d, pos)
        if not m:
            raise ValueError(f"bad path data near {d[pos : pos + 20]!r}")
        pos = m.end()
        if m.group(1):
            cmd, argn = m.group(1), 0
            out.append(cmd)
        elif m.group(2):
            out.append(float(m.group(2)))
            argn += 1
    return out


def minify_path(d: str, digits: int = 2) -> str:
    parts: list[str] = []
    prev = ""  # previous number's text, "" after a command letter
    for tok in _tokenize_path(d):
        if isinstance(tok, str):
            parts.append(tok)
            prev = ""
            continue
        text = fmt(tok, digits)
        glued = text.startswith("-") or (text.startswith(".") and "." in prev)
        if prev and not glued:
            parts.append(" ")
        parts.append(text)
        prev = text
    return "".join(parts)


def minify_numbers(value: str, digits: int = 1) -> str:
    return _NUMBER.sub(lambda m: fmt(float(m.group(0)), digits), value)
