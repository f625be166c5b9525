"""High Card: the small game that proves the engine (loaded with GAMENIGHT_PLUGINS=testgame).

Each round every seat is dealt a secret card ("c01".."c30") and one card is
left over as the "server" card. In seat order from the dealer, each player
claims a number (a bluff or the truth); a player who lets the claim clock run
out stays silent. Then everyone votes, secretly, for who holds the highest
card (not themselves). When the vote closes, the cards are shown: each voter
who found the highest card scores 1, and its holder scores 1 for every other
voter fooled. The host moves on to the next round; after the set number of
rounds the most points win, ties broken by the most correct votes.

The shelf "highcard.bans" belongs to the lobby: any player may ban a card,
the host may lift a ban; banned cards are not dealt, in this match or the
next, and each match writes its winners' names there when it ends.

Variants: "double" doubles every point (through the game's own hookspec),
"short_deck" deals from c01..c10 instead (it overrides dealing) and adds an
option.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamenight import (
    ActionError,
    BadDeal,
    ClientAssets,
    Clock,
    Game,
    Move,
    Phase,
    Shelf,
    ShelfContext,
    Variant,
    hookimpl,
    hookspec,
)
from gamenight.deck import deal_one_each, shuffled
from gamenight.options import integer
from marshmallow import fields, validate

DECK = [f"c{n:02d}" for n in range(1, 31)]
MIN_PLAYERS, MAX_PLAYERS = 2, 9
OPTIONS = {
    "rounds": integer(2, 1, 10, "highcard.option.rounds"),
    "claim_seconds": integer(20, 5, 120, "highcard.option.claim_seconds"),
    "vote_seconds": integer(30, 5, 300, "highcard.option.vote_seconds"),
    "break_seconds": integer(120, 10, 600, "highcard.option.break_seconds"),
}
VALUE = {"value": fields.Integer(required=True, validate=validate.Range(1, 30))}


class HighCardHooks:
    """Hooks High Card declares for its variants."""

    @hookspec(firstresult=True)
    def highcard_points(self, reason: str) -> int:
        """Points for one scoring event (``found`` or ``fooled``); the game's default is 1."""


def dealer(match) -> str:
    return match.data["dealer"]


def claimed_all(match) -> bool:
    return all(p in match.round_state["claims"] for p in match.present)


def next_claimer(match) -> str | None:
    """The next present player clockwise from the dealer who has not claimed yet."""
    claims = match.round_state["claims"]
    return next((p for p in match.seat_order_from(match.data["dealer"]) if p not in claims), None)


def claim(match, action) -> None:
    match.round_state["claims"][action.actor] = action.args["value"]
    match.pass_turn(next_claimer(match))


def stay_silent(match) -> None:
    """The claim clock ran out: the player whose turn it was says nothing."""
    match.round_state["claims"][match.turn] = None
    match.pass_turn(next_claimer(match))


def open_vote(match) -> None:
    present = match.present
    match.open_ballot(
        "highest", present, present, forbidden={p: [p] for p in present}, seconds=match.options["vote_seconds"]
    )


def show_cards(match, ballot) -> str:
    state = match.round_state
    state["revealed"] = True
    best = max(match.players, key=lambda p: state["hands"].get(p, ""))
    found = [v for v, c in ballot.choices.items() if c == best]
    fooled = [v for v, c in ballot.choices.items() if c != best and v != best]
    for voter in found:
        match.award(voter, points(match, "found"), "highcard.reason.found")
        match.data["found"][voter] += 1
    if fooled:
        match.award(best, points(match, "fooled") * len(fooled), "highcard.reason.fooled", count=len(fooled))
    match.end_round()
    return "round_over"


def next_round(match, action=None) -> str | None:
    if match.round >= match.options["rounds"]:
        match.finish()
        match.shelf("highcard.bans")["last_winners"] = [match.names[p] for p in match.result["winners"]]
        return None
    match.data["dealer"] = match.next_player(match.data["dealer"])
    match.start_round()
    return "claim"


def check_start(match) -> None:
    if len(match.players) > len(DECK) - 1:
        raise ActionError("too_many_players", max=len(DECK) - 1, players=len(match.players))


def setup(match) -> None:
    match.data["dealer"] = match.players[0]
    match.data["found"] = dict.fromkeys(match.players, 0)
    match.start_round()


def deal(match, forced) -> None:
    if forced:
        hands = {match.player_named(name): card for name, card in forced["hands"].items()}
        server = forced["server"]
        if not set(hands.values()) | {server} <= set(DECK):
            raise BadDeal("a forced card is not in the deck c01..c30")
    else:
        banned = set(match.shelf("highcard.bans").get("cards", []))
        deck = shuffled(match.rng, [card for card in DECK if card not in banned])
        hands = deal_one_each(deck, match.present)
        server = deck[0]
    match.round_state.update(hands=hands, server=server, claims={}, revealed=False)


def ranking_key(match, player: str) -> tuple:
    return (match.totals()[player], match.data["found"][player])


def public_view(match) -> dict[str, Any]:
    state = match.round_state
    shown = {"dealer": match.data["dealer"], "claims": state["claims"], "revealed": state["revealed"]}
    if state["revealed"]:
        shown["hands"] = state["hands"]
        shown["server"] = state["server"]
    return shown


def seat_view(match, player: str) -> dict[str, Any]:
    return {"my_card": match.round_state["hands"][player]}


def hand_on_the_claim(match, player: str) -> None:
    """A claimer who leaves passes the turn to the next one who has not claimed."""
    if match.turn == player:
        match.pass_turn(next_claimer(match))


def points(match, reason: str) -> int:
    custom = match.hook.highcard_points(reason=reason)
    return 1 if custom is None else custom


class Double:
    @hookimpl
    def highcard_points(self, reason: str) -> int:
        return 2


class ShortDeck:
    @hookimpl(tryfirst=True)
    def deal(self, match, forced) -> bool | None:
        if forced:
            return None  # the game's own dealing honours forced deals
        deck = shuffled(match.rng, DECK[: match.options["short_top"]])
        match.round_state.update(hands=deal_one_each(deck, match.present), server=deck[0], claims={}, revealed=False)
        return True


GAME = Game(
    id="highcard",
    names={"en": "High Card", "ru": "Старшая карта"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    phases=[
        Phase(
            "claim",
            {"claim": Move(claim, args=VALUE, who="turn")},
            clock=Clock("claim_seconds", per_turn=True),
            turn=dealer,
            on_clock=stay_silent,
            end_if=claimed_all,
            on_leave=hand_on_the_claim,
            next="vote",
        ),
        Phase("vote", on_enter=open_vote, on_ballot=show_cards, next="round_over"),
        Phase(
            "round_over",
            {"next": Move(next_round, who="host")},
            clock=Clock("break_seconds"),
            on_clock=next_round,
            next="claim",
            playing=False,
        ),
    ],
    check_start=check_start,
    setup=setup,
    deal=deal,
    public_view=public_view,
    seat_view=seat_view,
    ranking_key=ranking_key,
    hookspecs=HighCardHooks,
)


@hookimpl
def gamenight_games() -> list[Game]:
    return [GAME]


def ban(shelf: ShelfContext, action) -> None:
    cards = shelf.data.setdefault("cards", [])
    if action.args["card"] in cards:
        raise ActionError("highcard.already_banned", card=action.args["card"])
    if len(DECK) - len(cards) <= 10:
        raise ActionError("highcard.too_many_bans")
    cards.append(action.args["card"])


def unban(shelf: ShelfContext, action) -> None:
    cards = shelf.data.setdefault("cards", [])
    if action.args["card"] in cards:
        cards.remove(action.args["card"])


CARD_ARG = {"card": fields.String(required=True, validate=validate.OneOf(DECK))}


@hookimpl
def gamenight_shelves() -> list[Shelf]:
    return [Shelf("highcard.bans", {"ban": Move(ban, args=CARD_ARG), "unban": Move(unban, args=CARD_ARG, who="host")})]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("highcard", Path(__file__).parent / "testgame_client")]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(id="double", game="highcard", names={"en": "Double points", "ru": "Двойные очки"}, hooks=Double()),
        Variant(
            id="short_deck",
            game="highcard",
            names={"en": "Short deck", "ru": "Короткая колода"},
            options={
                "short_top": fields.Integer(
                    load_default=10, validate=validate.Range(5, 30), metadata={"label": "highcard.option.short_top"}
                )
            },
            hooks=ShortDeck(),
        ),
    ]
