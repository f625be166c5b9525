"""What a lobby's audience does, kept in the store beside its lobbies: members, their picks, the answers.

An audience is no part of its lobby's state: thousands may watch one lobby, each joining and picking, and the
lobby's log would carry every one of them to every player. Any server of a cluster writes here for the audience
connections it serves (a batch of picks at a time); the server holding the lobby writes a prompt's answers when
its game reveals them, and reads the tally. A member's points are the picks that match an answer, summed when
asked: nothing is counted twice, whichever server wrote first.

The statements are the same for SQLite and PostgreSQL (named parameters, ``ON CONFLICT``, ``RETURNING``): each
store runs them with its own ``run(sql, **params) -> rows``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Run = Callable[..., list[Sequence[Any]]]

# Migration 3 of both stores.
TABLES = (
    """CREATE TABLE audience_members (
        code TEXT NOT NULL,
        member TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, member)
    )""",
    """CREATE TABLE audience_picks (
        code TEXT NOT NULL,
        prompt TEXT NOT NULL,
        member TEXT NOT NULL,
        choice TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, prompt, member)
    )""",
    """CREATE TABLE audience_answers (
        code TEXT NOT NULL,
        prompt TEXT NOT NULL,
        choice TEXT NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (code, prompt, choice)
    )""",
)
# Deleting a lobby deletes its audience too (inside the store's own transaction).
FORGET = (
    "DELETE FROM audience_picks WHERE code = :code",
    "DELETE FROM audience_answers WHERE code = :code",
    "DELETE FROM audience_members WHERE code = :code",
)
PICKS_PER_STATEMENT = 400  # SQLite takes at most 32766 parameters in one statement

JOIN = """
    INSERT INTO audience_members (code, member, name, token_hash, joined)
    SELECT :code, :member, :name, :token_hash, :at
    WHERE (SELECT COUNT(*) FROM audience_members WHERE code = :code) < :cap
    RETURNING member
"""
STANDINGS = """
    SELECT m.member, m.name, COALESCE(SUM(a.points), 0) AS points
    FROM audience_members m
    LEFT JOIN audience_picks p ON p.code = m.code AND p.member = m.member
    LEFT JOIN audience_answers a ON a.code = p.code AND a.prompt = p.prompt AND a.choice = p.choice
    WHERE m.code = :code
    GROUP BY m.member, m.name
    ORDER BY points DESC, MIN(m.joined), m.member
"""
NO_CAP = 2**31 - 1


@dataclass(frozen=True)
class Pick:
    """One audience member's choice for one prompt (a later pick for the same prompt replaces it)."""

    member: str
    prompt: str
    choice: str
    at: float


@dataclass(frozen=True)
class Standing:
    member: str
    name: str
    points: int


class AudienceRecords:
    """A store's audience tables, through the store's ``run``."""

    def __init__(self, run: Run) -> None:
        self._run = run

    def join(self, code: str, member: str, name: str, token_hash: str, at: float, cap: int | None) -> bool:
        """Add a member to lobby ``code``'s audience; False when it holds ``cap`` members already."""
        cap = NO_CAP if cap is None else cap
        rows = self._run(JOIN, code=code, member=member, name=name, token_hash=token_hash, at=at, cap=cap)
        return bool(rows)

    def member(self, code: str, member: str) -> tuple[str, str] | None:
        """A member's (name, token hash), or None when they are not (or no longer) in the audience."""
        rows = self._run(
            "SELECT name, token_hash FROM audience_members WHERE code = :code AND member = :member",
            code=code,
            member=member,
        )
        return (rows[0][0], rows[0][1]) if rows else None

    def leave(self, code: str, member: str) -> None:
        """A member leaves the audience on purpose: their picks go with them."""
        self._run("DELETE FROM audience_picks WHERE code = :code AND member = :member", code=code, member=member)
        self._run("DELETE FROM audience_members WHERE code = :code AND member = :member", code=code, member=member)

    def count(self, code: str) -> int:
        return self._run("SELECT COUNT(*) FROM audience_members WHERE code = :code", code=code)[0][0]

    def pick(self, code: str, picks: Iterable[Pick]) -> None:
        """Keep a batch of picks (one statement per few hundred)."""
        batch = list(picks)
        for start in range(0, len(batch), PICKS_PER_STATEMENT):
            part = batch[start : start + PICKS_PER_STATEMENT]
            params: dict[str, Any] = {"code": code}
            values = []
            for i, pick in enumerate(part):
                params.update({f"m{i}": pick.member, f"p{i}": pick.prompt, f"c{i}": pick.choice, f"t{i}": pick.at})
                values.append(f"(:code, :p{i}, :m{i}, :c{i}, :t{i})")
            self._run(
                "INSERT INTO audience_picks (code, prompt, member, choice, at) VALUES "
                + ", ".join(values)
                + " ON CONFLICT (code, prompt, member) DO UPDATE SET choice = excluded.choice, at = excluded.at",
                **params,
            )

    def picks_of(self, code: str, member: str) -> dict[str, str]:
        """A member's picks: prompt -> choice."""
        rows = self._run(
            "SELECT prompt, choice FROM audience_picks WHERE code = :code AND member = :member",
            code=code,
            member=member,
        )
        return {prompt: choice for prompt, choice in rows}

    def answer(self, code: str, prompt: str, choices: Iterable[str], points: int) -> None:
        """The right choices of a prompt, worth ``points`` each to whoever picked one (written again: the same)."""
        for choice in choices:
            self._run(
                "INSERT INTO audience_answers (code, prompt, choice, points) VALUES (:code, :prompt, :choice, :points)"
                " ON CONFLICT (code, prompt, choice) DO UPDATE SET points = excluded.points",
                code=code,
                prompt=prompt,
                choice=choice,
                points=points,
            )

    def tally(self, code: str, prompt: str) -> dict[str, int]:
        """How many members picked each choice of ``prompt``."""
        rows = self._run(
            "SELECT choice, COUNT(*) FROM audience_picks WHERE code = :code AND prompt = :prompt GROUP BY choice",
            code=code,
            prompt=prompt,
        )
        return {choice: count for choice, count in rows}

    def new_night(self, code: str) -> None:
        """The picks and answers of a night that is over go; the members stay."""
        self._run("DELETE FROM audience_picks WHERE code = :code", code=code)
        self._run("DELETE FROM audience_answers WHERE code = :code", code=code)

    def standings(self, code: str) -> list[Standing]:
        """Every member with their points, best first (earlier joiners first among equals)."""
        return [Standing(member, name, int(points)) for member, name, points in self._run(STANDINGS, code=code)]
