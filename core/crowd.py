"""The engine's side of a lobby's audience: joining, coming back, picking, and counting the answers.

Members and picks are kept by the store (``gamenight.audience_records``), written by whichever server holds the
member's connection; the lobby's state keeps what everyone sees (``gamenight.audience``). When a move reveals a
prompt's answer, the server holding the lobby writes the answer beside the picks, reads the crowd's tally, and
records it in the lobby with a command of its own, so the tally reaches every view with the reveal.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamenight import audience as audiences
from gamenight import filtering
from gamenight.audience_records import Pick
from gamenight.errors import ActionError
from gamenight.family_filter import Level
from gamenight.names import clean_name, token_hash
from gamenight.store import StoreUnavailable

if TYPE_CHECKING:
    from gamenight.engine import Engine, Outcome

log = logging.getLogger(__name__)


def new_member_id() -> str:
    return "a" + secrets.token_hex(6)


def member_of(token: Any) -> str | None:
    """The member id an audience token names (its first part), or None for anything else."""
    if not isinstance(token, str) or not token.startswith("a") or token.count(".") != 1 or len(token) > 64:
        return None
    return token.split(".", 1)[0]


@dataclass(frozen=True)
class Joined:
    member: str
    token: str
    name: str
    door: str  # "in", or "waiting" for the host's leave


class Crowd:
    """What the engine does for a lobby's audience (``Engine.crowd``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def records(self):
        return self.engine.store.audience

    def join(
        self, code: str, name: Any, now: float, frame: dict[str, Any] | None = None
    ) -> tuple[Joined, Outcome | None]:
        """Add someone to lobby ``code``'s audience under ``name`` (as typed: the text policy and the lobby's family
        filter check it); when the host lets people in one by one they wait at the door (the outcome of their
        knock, to publish). ``frame``: the lobby's public frame, when another node of a cluster owns it (its
        host's own words for the filter are not public: its level alone checks the name). Raises
        ``ActionError``."""
        if frame is None:
            lobby = self.engine.lobby(code)
            if lobby is None:
                raise ActionError("unknown_lobby")
            code, settings = lobby.code, lobby.audience
            door = filtering.door_for(lobby, self.engine.family_filter, "join_audience", now)
        else:
            settings = frame["audience"]
            door = filtering.Door(Level(frame.get("family_filter") or self.engine.family_filter))
        if not settings["open"]:
            raise ActionError("audience_closed")
        with filtering.opened(door):
            name = clean_name(name)
        member = new_member_id()
        token = f"{member}.{secrets.token_urlsafe(24)}"
        try:
            joined = self.records.join(code, member, name, token_hash(token), now, settings["cap"])
        except StoreUnavailable as exc:
            raise ActionError("unavailable") from exc
        if not joined:
            raise ActionError("audience_full", max=settings["cap"])
        outcome = None
        if settings["by_host"]:  # the door is kept where the lobby lives: a node serving it elsewhere sends it on
            outcome = self.engine.submit(code, "audience_knock", {"member": member, "name": name}, system=True)
            if not outcome.ok:
                self.records.leave(code, member)
                raise ActionError(outcome.error["code"], outcome.error["key"], **outcome.error["params"])
        return Joined(member, token, name, "waiting" if outcome is not None else "in"), outcome

    def identify(self, code: str, token: Any, here: bool = True) -> tuple[str, str, str] | None:
        """(member, name, door) for an audience token of lobby ``code``, or None. ``here``: the lobby is owned by
        this node (else its door is kept elsewhere, and a member who comes here is in)."""
        member = member_of(token)
        lobby = self.engine.lobby(code) if here else None
        if member is None or (here and lobby is None):
            return None
        try:
            found = self.records.member(code, member)
        except StoreUnavailable as exc:
            raise ActionError("unavailable") from exc
        if found is None or not secrets.compare_digest(found[1], token_hash(token)):
            return None
        return member, found[0], audiences.state_of(lobby, member) if lobby is not None else "in"

    def leave(self, code: str, member: str) -> None:
        try:
            self.records.leave(code, member)
        except StoreUnavailable as exc:
            raise ActionError("unavailable") from exc

    def keep_picks(self, code: str, picks: list[Pick]) -> None:
        """Write a batch of picks (``StoreUnavailable`` when the store cannot)."""
        self.records.pick(code, picks)

    def picks_of(self, code: str, member: str) -> dict[str, str]:
        return self.records.picks_of(code, member)

    def standings(self, code: str) -> list[Any]:
        return self.records.standings(code)

    def podium(self, code: str) -> list[dict[str, Any]]:
        """The night's best audience members (drawn into ``close_night``'s extra): name and points."""
        try:
            standings = self.records.standings(code)
        except StoreUnavailable as exc:
            log.warning("lobby %s: the audience's podium is left out of the recap: %s", code, exc)
            return []
        return [{"name": s.name, "points": s.points} for s in standings[: audiences.PODIUM] if s.points > 0]

    def count_answers(self, code: str, public: Mapping[str, Any] | None) -> Outcome | None:
        """Count the prompts a move has just answered, as ``public`` (the table's new view) shows them: their
        answers kept beside the picks, and the crowd's tally recorded in the lobby (the last outcome of it,
        whose views are the newest; None: nothing)."""
        lobby = self.engine.lobbies.get(code)
        match = (public or {}).get("match")
        if lobby is None or not match:
            return None
        counted = {result["prompt"]["id"] for result in lobby.crowd}
        last = None
        for prompt in match.get("prompts") or ():
            if prompt["answer"] is None or prompt["id"] in counted:
                continue
            try:
                self.records.answer(code, prompt["id"], prompt["answer"], prompt["points"])
                tally = self.records.tally(code, prompt["id"])
            except StoreUnavailable as exc:
                log.warning("lobby %s: the crowd's tally of %s is left out: %s", code, prompt["id"], exc)
                tally = {}
            outcome = self.engine.submit(code, "audience_result", {"prompt": prompt, "tally": tally}, system=True)
            if outcome.ok:
                last = outcome
        return last

    def new_night(self, code: str) -> None:
        """A new night: the picks and answers of the last one go (the members stay)."""
        try:
            self.records.new_night(code)
        except StoreUnavailable as exc:
            log.warning("lobby %s: the last night's audience picks are kept for now: %s", code, exc)
