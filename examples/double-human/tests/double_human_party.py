"""Double human's shorthand on top of gamenight's test kit (``gamenight.testing.Party``): the start with the
variant, a round's words and votes, and each player's card.

Named for this package (not ``helpers`` or ``conftest``) so that it never shadows another project's test
modules when several test folders run in one pytest session.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamenight.testing import Outcome, Party

GAME = "notahuman"
VARIANT = "double_human"
PLAYERS = ["Ann", "Boris", "Chen", "Dina", "Emil"]


def start(
    party: Party,
    variants: Iterable[str] = (VARIANT,),
    options: dict[str, Any] | None = None,
    deals: list[dict[str, Any]] | None = None,
    seed: str = "double-human",
) -> Outcome:
    """The host starts I'm Not a Human with the variant (and a fixed seed: the same moves deal the same)."""
    return party.start(GAME, variants, options, deals=deals, seed=seed)


def associate_all(party: Party, words: dict[str, str]) -> None:
    """Each named player gives their word, in this order."""
    for name, word in words.items():
        party.must(name, "associate", word=word)


def to_vote(party: Party) -> None:
    """Nobody reveals; everyone explains in turn; the host starts the vote."""
    party.advance(party.state()["options"]["reveal_seconds"])
    while party.phase == "explanations":
        party.must(party.turn, "explained")
    party.must(party.name_of(party.lobby.host), "start_vote")


def vote(party: Party, choices: dict[str, str]) -> None:
    """Votes on the ballot ``human``, voter name to association number."""
    for name, choice in choices.items():
        party.must(name, "vote", ballot="human", choice=choice)


def cards(party: Party) -> dict[str, dict[str, Any] | None]:
    """Each player's own card, as their phone shows it."""
    return {name: party.view(name)["match"]["game_view"].get("card") for name in party.ids}


def humans(party: Party) -> list[str]:
    """The players whose own card says Human."""
    return sorted(name for name, card in cards(party).items() if card and card["role"] == "human")


def round_scores(party: Party, number: int | None = None) -> dict[str, int]:
    """The points of round ``number`` (by default the last finished one), by name."""
    state = party.state()
    index = (number or state["rounds_finished"]) - 1
    return {party.name_of(pid): points for pid, points in state["rounds"][index]["scores"].items()}
