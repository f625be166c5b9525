"""The "eight locations" sticker mode: a board of eight location names the group writes together.

The board is a lobby shelf, so it outlives matches and restarts. Anyone
proposes a name, the host confirms it onto an empty sticker; no two stickers
(or pending proposals) may carry the same name, nor one of the last 40 thrown away. Each round deals from the
board instead of the packs; afterwards the used names are thrown away, and the
next round cannot start until the group has named replacements: a break whose
clock runs out while the board has gaps waits for the board (``board_wait``),
its clock only looking again, never ending the match.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from gamenight import ActionError, Clock, Move, Phase, Shelf, ShelfContext, Variant, hookimpl
from gamenight.text import Text
from marshmallow import fields, validate

if TYPE_CHECKING:
    from collections.abc import Callable

    from gamenight import Action
    from gamenight.game import Next
    from gamenight.match import Match

SHELF = "spyfall.board"
SIZE = 8
NAME_MAX = 40
BOARD_WAIT = "board_wait"
BOARD_CHECK_SECONDS = 20  # while the break waits for the board: how often it looks again


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold().replace("ё", "е")


def board(data: dict[str, Any]) -> dict[str, Any]:
    """The board's data, laid out on first use: eight stickers (None when empty) and the proposals."""
    data.setdefault("stickers", [None] * SIZE)
    data.setdefault("proposals", [])
    data.setdefault("next", 0)
    data.setdefault("retired", [])
    return data


def missing(data: dict[str, Any]) -> int:
    return sum(1 for sticker in board(data)["stickers"] if sticker is None)


def propose(shelf: ShelfContext, action: Action) -> None:
    data = board(shelf.data)
    name = action.args["name"]
    taken = [s["name"] for s in data["stickers"] if s] + [p["name"] for p in data["proposals"]]
    if any(_key(name) == _key(other) for other in taken):
        raise ActionError("spyfall.board_duplicate", name=name)
    if any(_key(name) == _key(other) for other in data["retired"]):
        raise ActionError("spyfall.board_retired", name=name)
    if len(data["proposals"]) >= 3 * SIZE:
        raise ActionError("spyfall.board_busy")
    data["next"] += 1
    slot = next((i for i, sticker in enumerate(data["stickers"]) if sticker is None), None)
    if shelf.is_host and slot is not None:  # the host's own name needs nobody's confirmation
        data["stickers"][slot] = {"id": f"board.{data['next']}", "name": name, "by": shelf.actor}
        return
    data["proposals"].append({"id": f"p{data['next']}", "name": name, "by": shelf.actor})


def _proposal(data: dict[str, Any], proposal_id: str) -> dict[str, Any]:
    found = next((p for p in data["proposals"] if p["id"] == proposal_id), None)
    if found is None:
        raise ActionError("spyfall.board_no_proposal", proposal=proposal_id)
    return found


def confirm(shelf: ShelfContext, action: Action) -> None:
    data = board(shelf.data)
    proposal = _proposal(data, action.args["proposal"])
    slot = next((i for i, sticker in enumerate(data["stickers"]) if sticker is None), None)
    if slot is None:
        raise ActionError("spyfall.board_full")
    data["proposals"].remove(proposal)
    data["next"] += 1
    data["stickers"][slot] = {"id": f"board.{data['next']}", "name": proposal["name"], "by": proposal["by"]}


def reject(shelf: ShelfContext, action: Action) -> None:
    data = board(shelf.data)
    data["proposals"].remove(_proposal(data, action.args["proposal"]))


def peel(shelf: ShelfContext, action: Action) -> None:
    """The host takes a sticker off (a mistake, a name nobody likes)."""
    data = board(shelf.data)
    slot = action.args["slot"]
    if data["stickers"][slot] is None:
        raise ActionError("spyfall.board_empty_slot", slot=slot)
    data["stickers"][slot] = None


BOARD_SHELF = Shelf(
    SHELF,
    {
        "propose": Move(propose, args={"name": Text(max_length=NAME_MAX, required=True)}),
        "confirm": Move(confirm, args={"proposal": fields.String(required=True)}, who="host"),
        "reject": Move(reject, args={"proposal": fields.String(required=True)}, who="host"),
        "peel": Move(
            peel, args={"slot": fields.Integer(required=True, validate=validate.Range(0, SIZE - 1))}, who="host"
        ),
    },
)


class EightLocations:
    """The variant's hooks, the same for Spyfall and Team Spyfall: locations come from the board, and a break
    that ends with gaps on the board waits for it. ``next_round`` is the game's own way on after a break."""

    def __init__(self, next_round: Callable[..., Next]) -> None:
        self._next_round = next_round
        self.phases = [
            Phase("round_over", on_clock=self.break_over, next=BOARD_WAIT),
            Phase(
                BOARD_WAIT,
                {"next": Move(self.next_round, who="host")},
                clock=Clock(BOARD_CHECK_SECONDS, timer="board", pace=True),
                on_clock=self.board_checked,
                next="play",
                playing=False,
            ),
        ]

    def next_round(self, match: Match, action: Action | None = None) -> Next:
        return self._next_round(match, action)

    def break_over(self, match: Match) -> Next:
        """The break's clock ran out: the next round, or the results after the last; with gaps on the board
        before a round to come, the wait for the board."""
        gaps = missing(match.shelf(SHELF))
        if gaps and match.round < match.options["rounds"]:
            match.announce("spyfall.event.board_waiting", count=gaps)
            return BOARD_WAIT
        return self._next_round(match)

    def board_checked(self, match: Match) -> Next:
        """The wait's clock ran out: a full board lets the round go on; else the clock looks again later."""
        if missing(match.shelf(SHELF)):
            match.restart_clock()
            return None
        return self._next_round(match)

    @hookimpl
    def check_start(self, match: Match) -> None:
        gaps = missing(match.shelf(SHELF))
        if gaps:
            raise ActionError("spyfall.board_incomplete", missing=gaps)

    @hookimpl(tryfirst=True)
    def spyfall_locations(self, match: Match) -> list[dict[str, Any]]:
        stickers = board(match.shelf(SHELF))["stickers"]
        return [{"id": s["id"], "names": {"en": s["name"], "ru": s["name"]}, "roles": []} for s in stickers if s]

    @hookimpl
    def spyfall_round_done(self, match: Match, used: list[str]) -> None:
        data = board(match.shelf(SHELF))
        for slot, sticker in enumerate(data["stickers"]):
            if sticker and sticker["id"] in used:
                data["retired"] = (data["retired"] + [sticker["name"]])[-40:]
                data["stickers"][slot] = None
        coming = match.round < match.options["rounds"]  # after the last round nothing asks for replacements
        match.announce(
            "spyfall.event.stickers_thrown_away" if coming else "spyfall.event.stickers_used", count=len(used)
        )

    @hookimpl
    def spyfall_check_next_round(self, match: Match) -> None:
        gaps = missing(match.shelf(SHELF))
        if gaps:
            raise ActionError("spyfall.board_incomplete", missing=gaps)


def eight_locations(variant_id: str, game: str, next_round: Callable[..., Next]) -> Variant:
    """The sticker mode as a variant of ``game`` (Spyfall or Team Spyfall), whose way on after a break is
    ``next_round``."""
    hooks = EightLocations(next_round)
    return Variant(
        id=variant_id,
        game=game,
        names={"en": "Eight locations", "ru": "Восемь локаций"},
        phases=hooks.phases,
        hooks=hooks,
    )
