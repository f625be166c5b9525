"""Moves the Spyfall full-table tests make over the wire: votes, the spies' reveals, a seat's phone."""

from __future__ import annotations

import json


def ballot_open(player, ballot: str) -> bool:
    found = ((player.latest or {}).get("match") or {}).get("ballots", {}).get(ballot)
    return bool(found) and not found["closed"]


def vote_all(players, ballot: str, choice: str) -> None:
    """Every guest who votes on ``ballot`` votes ``choice`` (each once it has seen the ballot)."""
    for player in players:
        state = player.wait(lambda s: ballot in (s["match"] or {}).get("ballots", {}), f"the ballot {ballot}")
        found = state["match"]["ballots"][ballot]
        if not found["closed"] and player.player in found["voters"]:
            player.act("vote", ballot=ballot, choice=choice)


def phase(player, name: str) -> dict:
    return player.wait(lambda s: s["match"] and s["match"]["phase"] == name, f"the phase {name}")


def spies_among(players, round_: int) -> list:
    """The guests whose card of round ``round_`` says spy (each guest sees its own card only)."""
    found = []
    for player in players:
        state = player.wait(
            lambda s: (
                s["match"]
                and s["match"]["round"] == round_
                and s["match"]["phase"] == "play"
                and (s["match"].get("game_view") or {}).get("card")
            ),
            f"a card of round {round_}",
        )
        if state["match"]["game_view"]["card"].get("spy"):
            found.append(player)
    return found


def a_location(player) -> str:
    return player.latest["match"]["game_view"]["candidates"][0]["id"]


def seat_page(pages, code: str, player, **options):
    """A browser phone on ``player``'s seat (its token, as the page keeps it): the Socket.IO client is replaced."""
    context = pages.context(**options)
    seat = json.dumps({"token": player.token, "player": player.player, "saved": 1})
    context.add_init_script(f"localStorage.setItem('gamenight.seat.{code}', {json.dumps(seat)});")
    return pages.page(f"/l/{code}", context=context)
