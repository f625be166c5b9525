"""The audience: people without a seat who watch a lobby and play along (docs/plugins.md, "The audience").

A game asks its audience questions through ``GameHooks.audience_prompts``: who is the spy, which word a drawing
shows. Each :class:`Prompt` is made from what is public alone, and carries its ``answer`` only once the game
has shown it to everyone; members pick one of its choices while it is ``open``. A game without prompts still
has an audience: it watches.

The lobby keeps the host's settings (open or not, a cap, letting people in one by one), how many watch, who
waits at the door, and each answered prompt with the crowd's tally: all of it is in every view. The members and
their picks are kept by the store (``gamenight.audience_records``), never in the lobby's state: a crowd of
thousands would cross every player's connection with each pick.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamenight.errors import ActionError

if TYPE_CHECKING:
    from gamenight.lobby import Lobby
    from gamenight.match import Match
    from gamenight.registry import Plugins

WAITING_KEPT = 50  # at the door at once (by the host's leave); the next are told to come back later
REFUSED_KEPT = 200  # who the host turned away lately: their phones are told so when they come back
RESULTS_KEPT = 200  # the night's answered prompts kept with their tallies (a long night has a few dozen)
PODIUM = 3


@dataclass(frozen=True)
class Choice:
    """One answer an audience member may pick. A screen shows it by the first of: ``player`` (their name and
    look), ``names`` (a name per language), ``text`` (the game's own words), ``key`` (an i18n key, ``params``)."""

    id: str
    player: str | None = None
    names: Mapping[str, str] | None = None
    text: str | None = None
    key: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        shown = {"player": self.player, "names": dict(self.names) if self.names else None, "text": self.text}
        shown = {name: value for name, value in shown.items() if value is not None}
        if self.key is not None:
            shown.update(key=self.key, params=dict(self.params))
        return {"id": self.id, **shown}


@dataclass(frozen=True)
class Prompt:
    """A question to the audience about the match under way.

    ``id`` is unique within the lobby's night (start it with ``match.id``: ``prompt_id(match, "r2.spy")``);
    ``question`` an i18n key (with ``params``). Members pick one of ``choices`` while ``open``; ``answer`` is
    ``None`` until the game has shown the right choices to everyone, then their ids (several when several
    are right), each worth ``points`` to whoever picked it.
    """

    id: str
    question: str
    choices: tuple[Choice, ...]
    open: bool = True
    answer: tuple[str, ...] | None = None
    points: int = 1
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "question": self.question,
            "params": dict(self.params),
            "choices": [choice.to_dict() for choice in self.choices],
            "open": self.open and self.answer is None,
            "answer": list(self.answer) if self.answer is not None else None,
            "points": self.points,
        }


def prompt_id(match: Match, name: str) -> str:
    """A prompt id unique within the night: the match's id, then the game's own name for it."""
    return f"{match.id}.{name}"


def player_choices(players: Iterable[str]) -> tuple[Choice, ...]:
    """A choice per player (shown by name and look)."""
    return tuple(Choice(pid, player=pid) for pid in players)


# -- the lobby's part ------------------------------------------------------------------------------


def new_audience() -> dict[str, Any]:
    """The host's settings and the door (``Lobby.audience``); the answered prompts are ``Lobby.crowd``."""
    return {"open": True, "cap": None, "by_host": False, "watching": 0, "waiting": [], "refused": []}


def prompts_of(match: Match | None) -> list[Prompt]:
    """The match's prompts now (none when no match runs, or its game has none)."""
    if match is None:
        return []
    return [prompt for given in match.hook.audience_prompts(match=match) for prompt in given or ()]


def check_pick(prompts: Iterable[Mapping[str, Any]], prompt: str, choice: str) -> None:
    """Raise unless ``choice`` may be picked for ``prompt`` now (``prompts`` as a public view lists them)."""
    found = next((p for p in prompts if p["id"] == prompt), None)
    if found is None:
        raise ActionError("no_such_prompt", prompt=prompt[:64])
    if not found["open"]:
        raise ActionError("prompt_closed", prompt=prompt[:64])
    if all(c["id"] != choice for c in found["choices"]):
        raise ActionError("bad_choice", choice=choice[:64])


def frame(lobby: Lobby) -> dict[str, Any]:
    """What everyone sees of the audience: the host's settings, how many watch, the night's crowd tallies."""
    audience = lobby.audience
    return {
        "open": audience["open"],
        "cap": audience["cap"],
        "by_host": audience["by_host"],
        "watching": audience["watching"],
        "waiting": len(audience["waiting"]),
        "results": lobby.crowd,
    }


def host_part(lobby: Lobby, recipient: str | None) -> dict[str, Any]:
    """The host's own part: who waits at the door (names and when they came)."""
    if recipient is None or recipient != lobby.host or not lobby.audience["waiting"]:
        return {}
    return {"audience_waiting": [{"id": w["id"], "name": w["name"], "at": w["at"]} for w in lobby.audience["waiting"]]}


def match_part(match: Match | None) -> list[dict[str, Any]]:
    """The prompts of the match under way, as every view lists them."""
    return [prompt.to_dict() for prompt in prompts_of(match)]


def state_of(lobby: Lobby, member: str) -> str:
    """Where a member stands at the door: "in", "waiting" or "refused"."""
    if any(w["id"] == member for w in lobby.audience["waiting"]):
        return "waiting"
    if member in lobby.audience["refused"]:
        return "refused"
    return "in"


# -- commands ------------------------------------------------------------------------------------


def _settings(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host opens or closes the audience, caps it, or lets people in one by one."""
    audience = lobby.audience
    for key in ("open", "by_host"):
        if args.get(key) is not None:
            audience[key] = args[key]
    if "cap" in args:
        audience["cap"] = args["cap"]
    if not audience["by_host"] and audience["waiting"]:  # the door is open again: those waiting come in
        audience["waiting"] = []


def _watching(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    lobby.audience["watching"] = args["count"]


def _knock(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """Someone asks to join the audience while the host lets people in one by one."""
    audience = lobby.audience
    if not audience["open"]:
        raise ActionError("audience_closed")
    if len(audience["waiting"]) >= WAITING_KEPT:
        raise ActionError("audience_door_busy")
    audience["waiting"].append({"id": args["member"], "name": args["name"], "at": now})


def _answer(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host lets a waiting member in, or turns them away."""
    audience = lobby.audience
    waiting = next((w for w in audience["waiting"] if w["id"] == args["member"]), None)
    if waiting is None:
        raise ActionError("no_such_knock", knock=args["member"])
    audience["waiting"].remove(waiting)
    if not args["admit"]:
        audience["refused"] = [*audience["refused"], waiting["id"]][-REFUSED_KEPT:]


def _result(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """A prompt's answer, shown, with the crowd's tally (drawn from the store by the engine)."""
    if any(r["prompt"]["id"] == args["prompt"]["id"] for r in lobby.crowd):
        return
    lobby.crowd = [*lobby.crowd, {"prompt": args["prompt"], "tally": args["tally"]}][-RESULTS_KEPT:]


def new_night(lobby: Lobby) -> None:
    """A new night: the crowd's tallies start again (its members stay)."""
    lobby.crowd = []


HANDLERS = {
    "audience": _settings,
    "audience_watching": _watching,
    "audience_knock": _knock,
    "answer_audience": _answer,
    "audience_result": _result,
}
