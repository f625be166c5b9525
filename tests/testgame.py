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

from gamenight import ActionError, ClientAssets, Game, Move, Phase, Shelf, ShelfContext, Variant, hookimpl, hookspec
from gamenight.deck import deal_one_each, shuffled
from marshmallow import fields, validate

DECK = [f"c{n:02d}" for n in range(1, 31)]


class HighCardHooks:
    """Hooks High Card declares for its variants."""

    @hookspec(firstresult=True)
    def highcard_points(self, reason: str) -> int:
        """Points for one scoring event (``found`` or ``fooled``); the game's default is 1."""


class Rules:
    @hookimpl
    def options(self) -> dict[str, fields.Field]:
        return {
            "rounds": fields.Integer(
                load_default=2, validate=validate.Range(1, 10), metadata={"label": "highcard.option.rounds"}
            ),
            "claim_seconds": fields.Integer(
                load_default=20, validate=validate.Range(5, 120), metadata={"label": "highcard.option.claim_seconds"}
            ),
            "vote_seconds": fields.Integer(
                load_default=30, validate=validate.Range(5, 300), metadata={"label": "highcard.option.vote_seconds"}
            ),
        }

    @hookimpl
    def phases(self) -> list[Phase]:
        return [
            Phase(
                "claim",
                {
                    "claim": Move(
                        claim, args={"value": fields.Integer(required=True, validate=validate.Range(1, 30))}, who="turn"
                    )
                },
            ),
            Phase("vote", {}),
            Phase("round_over", {"next": Move(next_round, who="host")}),
        ]

    @hookimpl
    def check_start(self, match) -> None:
        if len(match.players) > len(DECK) - 1:
            raise ActionError("too_many_players", max=len(DECK) - 1, players=len(match.players))

    @hookimpl
    def setup(self, match) -> None:
        match.data["dealer"] = match.players[0]
        match.data["found"] = dict.fromkeys(match.players, 0)
        begin_round(match)

    @hookimpl
    def deal(self, match, forced) -> bool:
        if forced:
            hands = {match.player_named(name): card for name, card in forced["hands"].items()}
            server = forced["server"]
        else:
            banned = set(match.shelf("highcard.bans").get("cards", []))
            deck = shuffled(match.rng, [card for card in DECK if card not in banned])
            hands = deal_one_each(deck, match.players)
            server = deck[0]
        match.data.update(hands=hands, server=server, claims={}, revealed=False)
        return True

    @hookimpl
    def timer_expired(self, match, timer: str) -> None:
        if timer == "claim":
            match.data["claims"][match.turn] = None
            pass_turn(match)

    @hookimpl
    def ballot_closed(self, match, ballot) -> None:
        data = match.data
        data["revealed"] = True
        best = max(match.players, key=lambda p: data["hands"][p])
        found = [v for v, c in ballot.choices.items() if c == best]
        fooled = [v for v, c in ballot.choices.items() if c != best and v != best]
        for voter in found:
            match.award(voter, points(match, "found"), "highcard.reason.found")
            data["found"][voter] += 1
        if fooled:
            match.award(best, points(match, "fooled") * len(fooled), "highcard.reason.fooled", count=len(fooled))
        match.end_round()
        match.set_phase("round_over")

    @hookimpl
    def ranking_key(self, match, player: str) -> tuple:
        return (match.totals()[player], match.data["found"][player])

    @hookimpl
    def view(self, match, player: str | None) -> dict[str, Any]:
        data = match.data
        shown = {"dealer": data["dealer"], "claims": data["claims"], "revealed": data["revealed"]}
        if player is not None:
            shown["my_card"] = data["hands"][player]
        if data["revealed"]:
            shown["hands"] = data["hands"]
            shown["server"] = data["server"]
        return shown

    @hookimpl
    def player_left(self, match, player: str) -> None:
        match.data.setdefault("gone", []).append(player)
        if match.turn == player:
            match.data["claims"][player] = None
            pass_turn(match)


def points(match, reason: str) -> int:
    custom = match.hook.highcard_points(reason=reason)
    return 1 if custom is None else custom


def begin_round(match) -> None:
    match.start_round()
    match.set_phase("claim", turn=match.data["dealer"])
    match.start_timer("claim", match.options["claim_seconds"])


def claim(match, action) -> None:
    match.data["claims"][action.actor] = action.args["value"]
    pass_turn(match)


def pass_turn(match) -> None:
    gone = match.data.get("gone", [])
    following = match.next_player(match.turn)
    while following in gone and following not in match.data["claims"]:
        match.data["claims"][following] = None
        following = match.next_player(following)
    if following in match.data["claims"]:
        match.stop_timer("claim")
        match.set_phase("vote")
        present = [p for p in match.players if p not in gone]
        others = {p: [p] for p in present}
        match.open_ballot("highest", present, present, forbidden=others, seconds=match.options["vote_seconds"])
    else:
        match.set_phase("claim", turn=following)
        match.start_timer("claim", match.options["claim_seconds"])


def next_round(match, action) -> None:
    if match.round >= match.options["rounds"]:
        match.finish()
        match.shelf("highcard.bans")["last_winners"] = [match.names[p] for p in match.result["winners"]]
        return
    match.data["dealer"] = match.next_player(match.data["dealer"])
    begin_round(match)


class Double:
    @hookimpl
    def highcard_points(self, reason: str) -> int:
        return 2


class ShortDeck:
    @hookimpl
    def options(self) -> dict[str, fields.Field]:
        return {
            "short_top": fields.Integer(
                load_default=10, validate=validate.Range(5, 30), metadata={"label": "highcard.option.short_top"}
            )
        }

    @hookimpl(tryfirst=True)
    def deal(self, match, forced) -> bool | None:
        if forced:
            return None  # the game's own dealing honours forced deals
        deck = shuffled(match.rng, DECK[: match.options["short_top"]])
        match.data.update(hands=deal_one_each(deck, match.players), server=deck[0], claims={}, revealed=False)
        return True


@hookimpl
def gamenight_games() -> list[Game]:
    return [
        Game(
            id="highcard",
            names={"en": "High Card", "ru": "Старшая карта"},
            min_players=2,
            max_players=9,
            rules=Rules(),
            hookspecs=HighCardHooks,
        )
    ]


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
        Variant(id="double", game="highcard", names={"en": "Double points", "ru": "Двойные очки"}, rules=Double()),
        Variant(
            id="short_deck",
            game="highcard",
            names={"en": "Short deck", "ru": "Короткая колода"},
            rules=ShortDeck(),
        ),
    ]
