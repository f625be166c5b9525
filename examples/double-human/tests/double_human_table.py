"""Double human's shorthand on top of gamenight's test kit (``gamenight.testing.Table``): the start with the
variant, a round's words and votes, and each player's card.

Named for this package (not ``helpers`` or ``conftest``) so that it never shadows another project's test
modules when several test folders run in one pytest session.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamenight.testing import Outcome, Table

GAME = "notahuman"
VARIANT = "double_human"
PLAYERS = ["Ann", "Boris", "Chen", "Dina", "Emil"]


def start(
    table: Table,
    variants: Iterable[str] = (VARIANT,),
    options: dict[str, Any] | None = None,
    deals: list[dict[str, Any]] | None = None,
    seed: str = "double-human",
) -> Outcome:
    """The host starts I'm Not a Human with the variant (and a fixed seed: the same moves deal the same)."""
    return table.start(GAME, variants, options, deals=deals, seed=seed)


def associate_all(table: Table, words: dict[str, str]) -> None:
    """Each named player gives their word, in this order."""
    for name, word in words.items():
        table.must(name, "associate", word=word)


def to_vote(table: Table) -> None:
    """Nobody reveals; everyone explains in turn; the host starts the vote."""
    table.advance(table.state()["options"]["reveal_seconds"])
    while table.phase == "explanations":
        table.must(table.turn, "explained")
    table.must(table.name_of(table.lobby.host), "start_vote")


def vote(table: Table, choices: dict[str, str]) -> None:
    """Votes on the ballot ``human``, voter name to association number."""
    for name, choice in choices.items():
        table.must(name, "vote", ballot="human", choice=choice)


def cards(table: Table) -> dict[str, dict[str, Any] | None]:
    """Each player's own card, as their phone shows it."""
    return {name: table.view(name)["match"]["game_view"].get("card") for name in table.ids}


def humans(table: Table) -> list[str]:
    """The players whose own card says Human."""
    return sorted(name for name, card in cards(table).items() if card and card["role"] == "human")


def round_scores(table: Table, number: int | None = None) -> dict[str, int]:
    """The points of round ``number`` (by default the last finished one), by name."""
    state = table.state()
    index = (number or state["rounds_finished"]) - 1
    return {table.name_of(pid): points for pid, points in state["rounds"][index]["scores"].items()}
