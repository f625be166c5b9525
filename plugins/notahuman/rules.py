"""I'm Not a Human: phases, moves, dealing, scoring and views.

The rulebook is ../shared/rules/notahuman-rulebook.en.txt (and .ru.txt); where
it is silent the rulings of NOTES.md stand.
"""

from __future__ import annotations

from typing import Any

from gamenight import Action, ActionError, Move, Phase, hookimpl
from gamenight.deck import deal_one_each, shuffled
from gamenight.images import UPLOADS, UPLOADS_SHELF_ID, uploaded_images
from gamenight.plugins.notahuman import words
from gamenight.plugins.notahuman.deck import PACK_ID
from marshmallow import fields, validate

ROUNDS = 6
GRID = 9
HUMAN, ROBOT, SERVER = "human", "robot", "server"
BALLOT = "human"
POINTS = {"guessed": 3, "undisclosed": 2, "robots_won": 1, "voted_human": 1}


def points(match, reason: str) -> int:
    return match.hook.notahuman_points(match=match, reason=reason)


def current(match) -> dict[str, Any]:
    return match.data["round"]


def total_rounds(match) -> int:
    return match.hook.notahuman_rounds(match=match)


def image_pool(match) -> list[list[str]]:
    """Every (pack, image) of the chosen packs; ``uploads`` stands for the lobby's uploaded pictures."""
    registry = match.stack.registry
    pool: list[list[str]] = []
    for pack_id in match.options["images"]:
        if pack_id == UPLOADS:
            pool += [[p, i] for p, i in uploaded_images(match.shelf(UPLOADS_SHELF_ID))]
        elif registry is not None and pack_id in registry.image_packs:
            pool += [[pack_id, image.id] for image in registry.image_packs[pack_id].images]
    return pool


# -- moves ----------------------------------------------------------------------------------------------


def associate(match, action: Action) -> None:
    """One word per player, in the order the server accepts them; no repeats in the whole game."""
    state = current(match)
    if any(a["player"] == action.actor for a in state["associations"]):
        raise ActionError("notahuman.already_associated")
    word = words.check_word(action.args["word"])
    earlier = match.data["words"]
    repeated = words.repeat_of(word, earlier)
    if repeated is not None:
        raise ActionError("notahuman.repeat", word=word, earlier=repeated)
    similar = words.likely_repeat_of(word, earlier)
    if similar is not None and not action.args["confirm"]:
        raise ActionError("notahuman.similar", word=word, earlier=similar)
    state["associations"].append({"player": action.actor, "word": word})
    earlier.append(word)
    if len(state["associations"]) == len(match.players):
        # The first author asks whether the Human reveals; the window runs the same whoever holds the card.
        match.set_phase("reveal_window")
        match.start_timer("reveal", match.options["reveal_seconds"])


def reveal(match, action: Action) -> None:
    state = current(match)
    if state["roles"].get(action.actor) != HUMAN:
        raise ActionError("notahuman.not_human")
    state["revealed_human"] = action.actor
    match.stop_timer("reveal")
    match.set_phase("guess", turn=action.actor)
    match.start_timer("guess", match.options["guess_seconds"])
    match.announce("notahuman.event.human_revealed", player=action.actor)


def guess(match, action: Action) -> None:
    settle_guess(match, action.args["image"])


def explained(match, action: Action) -> None:
    next_speaker(match)


def start_vote(match, action: Action) -> None:
    open_vote(match)


def next_round(match, action: Action) -> None:
    if match.round >= total_rounds(match):
        match.finish()
        return
    begin_round(match)


PHASES = [
    Phase(
        "associations",
        {
            "associate": Move(
                associate,
                args={
                    "word": fields.String(required=True, validate=validate.Length(1, 64)),
                    "confirm": fields.Boolean(load_default=False),
                },
            )
        },
    ),
    Phase("reveal_window", {"reveal": Move(reveal)}),
    Phase(
        "guess",
        {
            "guess": Move(
                guess, args={"image": fields.Integer(required=True, validate=validate.Range(1, GRID))}, who="turn"
            )
        },
    ),
    Phase("explanations", {"explained": Move(explained, who="turn"), "skip": Move(explained, who="host")}),
    Phase("discussion", {"start_vote": Move(start_vote, who="host")}),
    Phase("voting"),
    Phase("round_over", {"next": Move(next_round, who="host")}),
]


# -- the round -------------------------------------------------------------------------------------------


def begin_round(match) -> None:
    match.start_round()
    match.set_phase("associations")


def deal(match, forced: dict[str, Any] | None) -> None:
    pool = match.data["pool"]
    images = [pool.pop() for _ in range(GRID)]  # the pool was shuffled at setup: no picture repeats in a game
    if forced and forced.get("images"):
        images = [list(i) for i in forced["images"]]
    with_server = match.hook.notahuman_server_card(match=match)
    if forced:
        holder = forced["human"]
        human = SERVER if holder == SERVER else match.player_named(holder)
        if human == SERVER and not with_server:
            raise ValueError("a forced human on the server, but no server card is dealt")
        roles = {p: (HUMAN if p == human else ROBOT) for p in match.players}
        server = (HUMAN if human == SERVER else ROBOT) if with_server else None
        answer = forced["answer"]
    else:
        # The rulebook's role deck: players + 1 cards, one Human and the rest Robots; the leftover is the server.
        deck = shuffled(match.rng, [HUMAN] + [ROBOT] * (len(match.players) - (0 if with_server else 1)))
        roles = deal_one_each(deck, match.players)
        server = deck[0] if with_server else None
        answer = match.rng.randint(1, GRID)
    match.data["round"] = {
        "images": images,
        "answer": answer,
        "roles": roles,
        "server": server,
        "associations": [],
        "revealed_human": None,
        "guess": None,
        "speaker": None,
        "outcome": None,
    }


def settle_guess(match, image: int | None) -> None:
    state = current(match)
    state["guess"] = image
    match.stop_timer("guess")
    right = image == state["answer"]
    settle(match, how="guess", human_wins=right, revealed=None)


def start_explanations(match) -> None:
    state = current(match)
    state["speaker"] = 0
    match.set_phase("explanations", turn=state["associations"][0]["player"])
    match.start_timer("explain", match.options["explain_seconds"])


def next_speaker(match) -> None:
    state = current(match)
    state["speaker"] += 1
    if state["speaker"] < len(state["associations"]):
        match.set_phase("explanations", turn=state["associations"][state["speaker"]]["player"])
        match.start_timer("explain", match.options["explain_seconds"])
        return
    match.stop_timer("explain")
    state["speaker"] = None
    match.set_phase("discussion")
    match.start_timer("discussion", match.options["discussion_seconds"])


def open_vote(match) -> None:
    state = current(match)
    match.stop_timer("discussion")
    numbers = {a["player"]: str(n) for n, a in enumerate(state["associations"], 1)}
    candidates = list(numbers.values()) + ([SERVER] if state["server"] is not None else [])
    match.open_ballot(
        BALLOT,
        list(match.players),
        candidates,
        forbidden={p: [numbers[p]] for p in match.players if p in numbers},  # nobody votes for their own word
        seconds=match.options["vote_seconds"],
    )
    match.set_phase("voting")


def settle_vote(match, ballot) -> None:
    state = current(match)
    winner = ballot.result["winner"]
    revealed = (
        None if winner is None else (SERVER if winner == SERVER else state["associations"][int(winner) - 1]["player"])
    )
    if revealed is None:  # nobody voted at all: the Human stays hidden
        human_wins = True
    elif revealed == SERVER:
        human_wins = state["server"] != HUMAN
    else:
        human_wins = state["roles"][revealed] != HUMAN
    settle(match, how="vote", human_wins=human_wins, revealed=revealed)


def settle(match, *, how: str, human_wins: bool, revealed: str | None) -> None:
    """NOTES.md, I'm Not a Human, rule 6."""
    state = current(match)
    for timer in ("reveal", "guess", "explain", "discussion"):
        match.stop_timer(timer)
    human = next((p for p, role in state["roles"].items() if role == HUMAN), SERVER)
    robots = [p for p in match.players if state["roles"][p] == ROBOT]
    if how == "guess":
        if human_wins:
            match.award(human, points(match, "guessed"), "notahuman.reason.guessed")
        else:
            for robot in robots:
                match.award(robot, points(match, "robots_won"), "notahuman.reason.robots_won")
    else:
        if not human_wins:
            for robot in robots:
                match.award(robot, points(match, "robots_won"), "notahuman.reason.robots_won")
        elif human != SERVER:
            match.award(human, points(match, "undisclosed"), "notahuman.reason.undisclosed")
        ballot = match.ballots[BALLOT]
        target = SERVER if human == SERVER else str(1 + [a["player"] for a in state["associations"]].index(human))
        for robot in robots:
            if ballot.choices.get(robot) == target:
                match.award(robot, points(match, "voted_human"), "notahuman.reason.voted_human")
    scores = match.round_scores()
    for player, stars in scores.items():
        if stars == 2:
            match.data["two_star_rounds"][player] += 1
    state["outcome"] = {
        "how": how,
        "human_wins": human_wins,
        "revealed": revealed,
        "human": human,
        "roles": dict(state["roles"]),
        "server": state["server"],
        "answer": state["answer"],
        "guess": state["guess"],
    }
    match.data["sheet"].append(
        {
            "round": match.round,
            "how": how,
            "guess": state["guess"],
            "associations": list(state["associations"]),
            "answer": state["answer"],
            "human": human,
            "revealed": revealed,
            "votes": dict(match.ballots[BALLOT].choices) if how == "vote" else {},
            "stars": scores,
        }
    )
    match.end_round()
    match.set_phase("round_over")


# -- views -----------------------------------------------------------------------------------------------


def answer_public(match) -> bool:
    """From the discussion on, everyone may know the answer (the Human included)."""
    return match.phase in ("explanations", "discussion", "voting", "round_over", "over")


def public_view(match) -> dict[str, Any]:
    state = match.data.get("round")
    shown: dict[str, Any] = {"rounds": total_rounds(match), "sheet": match.data["sheet"]}
    if state is None:
        return shown
    shown.update(
        images=[f"/images/{pack}/{image}" for pack, image in state["images"]],
        associations=state["associations"],
        asker=state["associations"][0]["player"] if state["associations"] else None,
        revealed_human=state["revealed_human"],
        speaker=state["associations"][state["speaker"]]["player"] if state["speaker"] is not None else None,
        server_slot=state["server"] is not None,
        answer=state["answer"] if answer_public(match) else None,
        outcome=state["outcome"],
    )
    return shown


def seat_view(match, player: str) -> dict[str, Any]:
    state = match.data.get("round")
    if state is None:
        return {}
    role = state["roles"][player]
    card: dict[str, Any] = {"role": role}
    if role == ROBOT:
        card["answer"] = state["answer"]
    mine = next((a["word"] for a in state["associations"] if a["player"] == player), None)
    return {"card": card, "my_word": mine}


class Rules:
    @hookimpl
    def options(self) -> dict[str, fields.Field]:
        def seconds(default: int, low: int, high: int, label: str) -> fields.Integer:
            return fields.Integer(load_default=default, validate=validate.Range(low, high), metadata={"label": label})

        return {
            "reveal_seconds": seconds(5, 3, 30, "notahuman.option.reveal_seconds"),
            "guess_seconds": seconds(30, 10, 120, "notahuman.option.guess_seconds"),
            "explain_seconds": seconds(60, 10, 300, "notahuman.option.explain_seconds"),
            "discussion_seconds": seconds(180, 15, 900, "notahuman.option.discussion_seconds"),
            "vote_seconds": seconds(90, 15, 600, "notahuman.option.vote_seconds"),
            "images": fields.List(
                fields.String(validate=validate.Length(1, 80)),
                load_default=lambda: [PACK_ID],
                validate=validate.Length(1, 10),
                metadata={"label": "notahuman.option.images", "choices_from": "image_packs"},
            ),
        }

    @hookimpl
    def check_start(self, match) -> None:
        registry = match.stack.registry
        for pack_id in match.options["images"]:
            if pack_id != UPLOADS and (registry is None or pack_id not in registry.image_packs):
                raise ActionError("notahuman.unknown_pack", pack=pack_id)
        needed = GRID * total_rounds(match)
        available = len({tuple(i) for i in image_pool(match)})
        if available < needed:
            raise ActionError("notahuman.not_enough_images", needed=needed, available=available)

    @hookimpl
    def phases(self) -> list[Phase]:
        return PHASES

    @hookimpl
    def setup(self, match) -> None:
        unique = sorted({tuple(i) for i in image_pool(match)})
        match.data.update(
            pool=shuffled(match.rng, [list(i) for i in unique]),
            words=[],
            sheet=[],
            two_star_rounds=dict.fromkeys(match.players, 0),
            round=None,
        )
        begin_round(match)

    @hookimpl
    def deal(self, match, forced) -> bool:
        deal(match, forced)
        return True

    @hookimpl
    def timer_expired(self, match, timer: str) -> None:
        if timer == "reveal":
            start_explanations(match)  # the Human stayed hidden
        elif timer == "guess":
            settle_guess(match, None)  # a Human who lets the clock run out has guessed wrong
        elif timer == "explain":
            next_speaker(match)
        elif timer == "discussion":
            open_vote(match)

    @hookimpl
    def ballot_tiebreak(self, match, ballot, tied: list[str]) -> str:
        """Any tie with the server reveals the server; a tie among players, the later association."""
        if SERVER in tied:
            return SERVER
        return max(tied, key=int)

    @hookimpl
    def ballot_closed(self, match, ballot) -> None:
        if ballot.id == BALLOT:
            settle_vote(match, ballot)

    @hookimpl
    def ranking_key(self, match, player: str) -> tuple:
        """Most stars; then most rounds with exactly 2 stars; then a shared victory."""
        return (match.totals()[player], match.data["two_star_rounds"][player])

    @hookimpl
    def view(self, match, player: str | None) -> dict[str, Any]:
        shown = public_view(match)
        if player is not None:
            shown.update(seat_view(match, player))
        return shown

    @hookimpl
    def player_left(self, match, player: str) -> None:
        state = match.data.get("round")
        if state is None:
            return
        if match.phase == "associations" and len(state["associations"]) >= len(match.players) - 1:
            others = [a for a in state["associations"] if a["player"] != player]
            if len(others) == len(state["associations"]):
                match.set_phase("reveal_window")
                match.start_timer("reveal", match.options["reveal_seconds"])

    @hookimpl
    def notahuman_server_card(self, match) -> bool:
        return True

    @hookimpl
    def notahuman_rounds(self, match) -> int:
        return ROUNDS

    @hookimpl
    def notahuman_points(self, match, reason: str) -> int:
        return POINTS[reason]
