"""I'm Not a Human: the round as phases, dealing, scoring and views.

The rulebook and the rulings the game follows are in docs/rules/notahuman.md.
A round reads top to bottom in ``GAME.phases``, at the end: associations, the
Human's reveal window, the guess, explanations, discussion, the vote, and the
break between rounds. Every phase that waits for players has a clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import ANY_PHASE, Action, ActionError, BadDeal, Clock, Game, Move, Phase, hookimpl
from gamenight.deck import deal_one_each, shuffled
from gamenight.match import OVER
from gamenight.options import integer
from gamenight.plugins.notahuman import words
from gamenight.plugins.notahuman.audience import audience_prompts
from gamenight.plugins.notahuman.awards import night_awards
from gamenight.plugins.notahuman.deck import PACK_ID
from gamenight.plugins.notahuman.hookspecs import NotAHumanHooks
from gamenight.plugins.notahuman.records import STATS, keepsakes, round_tallies
from marshmallow import fields, validate

if TYPE_CHECKING:
    from gamenight.match import Match

MIN_PLAYERS, MAX_PLAYERS = 3, 8
ROUNDS = 6
GRID = 9
HUMAN, ROBOT, SERVER = "human", "robot", "server"
BALLOT = "human"
POINTS = {"guessed": 3, "undisclosed": 2, "robots_won": 1, "voted_human": 1}
ANSWER_PUBLIC = ("explanations", "discussion", "voting", "round_over", OVER)
"""The phases in which everyone may know the answer (the Human included): the public view carries it."""

OPTIONS = {
    "associate_seconds": integer(90, 20, 600, "notahuman.option.associate_seconds"),
    "reveal_seconds": integer(5, 3, 30, "notahuman.option.reveal_seconds"),
    "guess_seconds": integer(30, 10, 120, "notahuman.option.guess_seconds"),
    "explain_seconds": integer(60, 10, 300, "notahuman.option.explain_seconds"),
    "discussion_seconds": integer(180, 15, 900, "notahuman.option.discussion_seconds"),
    "vote_seconds": integer(90, 15, 600, "notahuman.option.vote_seconds"),
    "break_seconds": integer(180, 30, 1800, "notahuman.option.break_seconds"),
    "images": fields.List(
        fields.String(validate=validate.Length(1, 80)),
        load_default=lambda: [PACK_ID],
        validate=validate.Length(1, 10),
        metadata={"label": "notahuman.option.images", "choices_from": "image_packs"},
    ),
}
WORD = {
    "word": fields.String(required=True, validate=validate.Length(1, 64)),
    "confirm": fields.Boolean(load_default=False),
}
PICTURE = {"image": fields.Integer(required=True, validate=validate.Range(1, GRID))}

# -- who holds what ---------------------------------------------------------------------------------------


def total_rounds(match: Match) -> int:
    return match.hook.notahuman_rounds(match=match)


def humans(match: Match) -> list[str]:
    """The players dealt a Human card this round (the server is not a player)."""
    return [p for p, role in match.round_state["roles"].items() if role == HUMAN]


def robots(match: Match) -> list[str]:
    """The present players dealt a Robot card: they win or lose as a team."""
    return [p for p in match.present if match.round_state["roles"].get(p) == ROBOT]


def speakers(match: Match) -> list[dict[str, Any]]:
    """The associations still in play: their authors are still in the match (docs/rules: coming and going, 2)."""
    return [a for a in match.round_state["associations"] if match.is_present(a["player"])]


def revealed_human(match: Match) -> str | None:
    """The Human who revealed: the guess is theirs."""
    return match.round_state["revealed_human"]


# -- moves and phase handlers ------------------------------------------------------------------------------


def associate(match: Match, action: Action) -> None:
    """One word per player, in the order the server accepts them; no repeats in the whole game."""
    state = match.round_state
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


def everyone_associated(match: Match) -> bool:
    given = {a["player"] for a in match.round_state["associations"]}
    return all(p in given for p in match.present)


def reveal(match: Match, action: Action) -> str:
    """A Human reveals in the window and has the guess clock to find the answer."""
    if match.round_state["roles"].get(action.actor) != HUMAN:
        raise ActionError("notahuman.not_human")
    match.round_state["revealed_human"] = action.actor
    match.announce("notahuman.event.human_revealed", player=action.actor)
    return "guess"


def stay_hidden(match: Match) -> str:
    """Nobody revealed in the window: the Human stays hidden, on to the explanations."""
    return "explanations"


def guess(match: Match, action: Action) -> str:
    return settle_guess(match, action.args["image"])


def guess_ran_out(match: Match) -> str:
    """A Human who lets the clock run out guessed wrong."""
    return settle_guess(match, None)


def first_speaker(match: Match) -> str | None:
    match.round_state["speaker"] = -1
    return next_speaker(match)


def next_speaker(match: Match, action: Action | None = None) -> str | None:
    """Each author still in the match explains in turn; then the discussion."""
    state = match.round_state
    following = [a for a in state["associations"][state["speaker"] + 1 :] if match.is_present(a["player"])]
    if not following:
        state["speaker"] = None
        return "discussion"
    state["speaker"] = state["associations"].index(following[0])
    match.pass_turn(following[0]["player"])
    return None


def start_vote(match: Match, action: Action) -> str:
    return "voting"


def open_vote(match: Match) -> None:
    """Everyone votes, the Human too; nobody for their own association; "server" only when it was dealt."""
    numbers = {a["player"]: str(n) for n, a in enumerate(match.round_state["associations"], 1)}
    candidates = [numbers[a["player"]] for a in speakers(match)]
    if match.round_state["server"] is not None:
        candidates.append(SERVER)
    match.open_ballot(
        BALLOT,
        match.present,
        candidates,
        forbidden={p: [numbers[p]] for p in match.present if p in numbers},
        seconds=match.options["vote_seconds"],
    )


def next_round(match: Match, action: Action | None = None) -> str | None:
    if match.round >= total_rounds(match):
        match.finish()
        return None
    match.start_round()
    return "associations"


# -- scoring -----------------------------------------------------------------------------------------------


def settle_guess(match: Match, image: int | None) -> str:
    state = match.round_state
    state["guess"] = image
    right = image == state["answer"]
    if right:
        match.score(state["revealed_human"], "guessed")
    else:
        for robot in robots(match):
            match.score(robot, "robots_won")
    return finish_round(match, how="guess", human_wins=right, revealed=None)


def settle_vote(match: Match, ballot) -> str:
    """Most votes is revealed (ties: see ``ballot_tiebreak``); docs/rules, I'm Not a Human, rules 5-6."""
    state = match.round_state
    winner = ballot.result["winner"]
    by_number = {str(n): a["player"] for n, a in enumerate(state["associations"], 1)}
    revealed = None if winner is None else (SERVER if winner == SERVER else by_number[winner])
    human_numbers = {n for n, p in by_number.items() if state["roles"].get(p) == HUMAN}
    if state["server"] == HUMAN:
        human_numbers.add(SERVER)
    found = revealed is not None and (state["server"] == HUMAN if revealed == SERVER else revealed in humans(match))
    if found:
        for robot in robots(match):
            match.score(robot, "robots_won")
    for human in humans(match):
        if human != revealed and match.is_present(human):
            match.score(human, "undisclosed")
    for robot in robots(match):
        if ballot.choices.get(robot) in human_numbers:
            match.score(robot, "voted_human")
    return finish_round(match, how="vote", human_wins=not found, revealed=revealed)


def finish_round(match: Match, *, how: str, human_wins: bool, revealed: str | None) -> str:
    """The round's outcome and its line on the score sheet; on to the break."""
    state = match.round_state
    scores = match.round_scores()
    for player, stars in scores.items():
        if stars == 2:
            match.data["two_star_rounds"][player] += 1
    holders = humans(match) or [SERVER]
    state["outcome"] = {
        "how": how,
        "human_wins": human_wins,
        "revealed": revealed,
        "human": holders[0],
        "humans": holders,
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
            "human": holders[0],
            "humans": holders,
            "revealed": revealed,
            "votes": dict(match.ballots[BALLOT].choices) if how == "vote" else {},
            "stars": scores,
        }
    )
    match.end_round()
    return "round_over"


# -- dealing -----------------------------------------------------------------------------------------------


def deal(match: Match, forced: dict[str, Any] | None) -> None:
    pool = match.data["pool"]
    images = [pool.pop() for _ in range(GRID)]  # the pool was shuffled at setup: no picture repeats in a game
    with_server = match.hook.notahuman_server_card(match=match)
    human_cards = match.hook.notahuman_humans(match=match)
    if forced:
        roles, server, answer, images = forced_deal(match, forced, images, with_server, human_cards)
    else:
        # The rulebook's role deck: one card per player, plus the server's; the Humans among them.
        deck = [HUMAN] * human_cards + [ROBOT] * (len(match.present) + (1 if with_server else 0) - human_cards)
        deck = shuffled(match.rng, deck)
        roles = deal_one_each(deck, match.present)
        server = deck[0] if with_server else None
        answer = match.rng.randint(1, GRID)
    match.round_state.update(
        images=images,
        answer=answer,
        roles=roles,
        server=server,
        associations=[],
        revealed_human=None,
        guess=None,
        speaker=None,
        outcome=None,
    )


def forced_deal(match: Match, forced: dict[str, Any], images: list, with_server: bool, human_cards: int) -> tuple:
    """A script's deal: ``human`` (a name, a list of names, or "server"), ``answer`` (1-9), optional ``images``."""
    named = forced.get("human")
    named = named if isinstance(named, list) else [named]
    holders = [SERVER if n == SERVER else match.player_named(n) for n in named]
    if SERVER in holders and not with_server:
        raise BadDeal("a Human on the server, but no server card is dealt")
    if len(set(holders)) != human_cards:
        raise BadDeal(f"this match deals {human_cards} Human card(s), the deal names {len(set(holders))}")
    answer = forced.get("answer")
    if not isinstance(answer, int) or isinstance(answer, bool) or not 1 <= answer <= GRID:
        raise BadDeal(f"'answer' is a picture number from 1 to {GRID}, not {answer!r}")
    if forced.get("images"):
        if len(forced["images"]) != GRID:
            raise BadDeal(f"'images' lists {GRID} pictures as [pack, image]")
        images = [list(i) for i in forced["images"]]
    roles = {p: (HUMAN if p in holders else ROBOT) for p in match.present}
    server = (HUMAN if SERVER in holders else ROBOT) if with_server else None
    return roles, server, answer, images


# -- views -------------------------------------------------------------------------------------------------


def public_view(match: Match) -> dict[str, Any]:
    state = match.round_state
    shown: dict[str, Any] = {"rounds": total_rounds(match), "sheet": match.data["sheet"]}
    if "images" not in state:
        return shown
    speaker = state["speaker"]
    void = state.get("void")
    shown.update(
        images=[f"/images/{pack}/{image}" for pack, image in state["images"]],
        associations=state["associations"],
        asker=state["associations"][0]["player"] if state["associations"] else None,
        revealed_human=state["revealed_human"],
        speaker=state["associations"][speaker]["player"] if speaker is not None else None,
        server_slot=state["server"] is not None,
        answer=state["answer"] if match.phase in ANSWER_PUBLIC else None,  # the screens show it when it is here
        outcome={"void": True, **void} if void else state["outcome"],
    )
    return shown


def seat_view(match: Match, player: str) -> dict[str, Any]:
    state = match.round_state
    if "roles" not in state or player not in state["roles"]:
        return {}
    role = state["roles"][player]
    card: dict[str, Any] = {"role": role}
    if role == ROBOT:
        card["answer"] = state["answer"]
    mine = next((a["word"] for a in state["associations"] if a["player"] == player), None)
    return {"card": card, "my_word": mine}


# -- starting, ranking, a round cut short ------------------------------------------------------------------


def check_start(match: Match) -> None:
    for pack_id in match.options["images"]:
        if not match.has_image_pack(pack_id):
            raise ActionError("notahuman.unknown_pack", pack=pack_id)
    needed = GRID * total_rounds(match)
    available = len({tuple(i) for i in match.image_pool(match.options["images"])})
    if available < needed:
        raise ActionError("notahuman.not_enough_images", needed=needed, available=available)


def setup(match: Match) -> None:
    unique = sorted({tuple(i) for i in match.image_pool(match.options["images"])})
    match.data.update(
        pool=shuffled(match.rng, [list(i) for i in unique]),
        words=[],
        sheet=[],
        two_star_rounds=dict.fromkeys(match.players, 0),
    )
    match.start_round()


def ballot_tiebreak(match: Match, ballot, tied: list[str]) -> str:
    """Any tie with the server reveals the server; a tie among players, the later association."""
    if SERVER in tied:
        return SERVER
    return max(tied, key=int)


def ranking_key(match: Match, player: str) -> tuple:
    """Most stars; then most rounds with exactly 2 stars; then a shared victory."""
    return (match.totals()[player], match.data["two_star_rounds"][player])


def unfinished_round(match: Match) -> list[dict[str, Any]]:
    """A match ended mid-round: who held the Human card, and the answer."""
    state = match.round_state
    if "roles" not in state:
        return []
    holders = humans(match)
    told = [{"key": "notahuman.unfinished.humans", "params": {"players": holders, "count": len(holders)}}]
    if state.get("server") == HUMAN:
        told.append({"key": "notahuman.unfinished.server_human", "params": {}})
    told.append({"key": "notahuman.unfinished.answer", "params": {"answer": state["answer"]}})
    return told


# -- departures --------------------------------------------------------------------------------------------


def human_leaves(match: Match, player: str) -> str | None:
    """A Human who leaves voids the round, whatever the phase: on to the break. Anyone else's association
    stays but is not explained or voted for (docs/rules: coming and going)."""
    if match.round_state["roles"].get(player) != HUMAN:
        return None
    match.void_round(player)
    return "round_over"


def speaker_leaves(match: Match, player: str) -> str | None:
    """A robot who leaves while explaining hands the turn to the next author."""
    voided = human_leaves(match, player)
    if voided is not None:
        return voided
    return next_speaker(match) if match.turn == player else None


def candidate_leaves(match: Match, player: str) -> str | None:
    """A robot who leaves during the vote: their association is no longer a candidate."""
    voided = human_leaves(match, player)
    if voided is not None:
        return voided
    ballot = match.ballots.get(BALLOT)
    number = next((str(n) for n, a in enumerate(match.round_state["associations"], 1) if a["player"] == player), None)
    if ballot is not None and number is not None:
        ballot.drop_candidate(number)
    return None


def nothing_held(match: Match, player: str) -> None:
    """Between rounds a departure hands nothing on."""
    return None


class Defaults:
    """The defaults of the game's own hooks (``hookspecs.NotAHumanHooks``), under the variants."""

    @hookimpl
    def notahuman_server_card(self, match: Match) -> bool:
        return True

    @hookimpl
    def notahuman_humans(self, match: Match) -> int:
        return 1

    @hookimpl
    def notahuman_rounds(self, match: Match) -> int:
        return ROUNDS


GAME = Game(
    id="notahuman",
    names={"en": "I'm Not a Human", "ru": "Я не человек"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    phases=[
        Phase(
            "associations",
            # everyone types at once, in the order the server accepts them: a word is never refused as stale
            # because another player's arrived first
            {"associate": Move(associate, args=WORD, simultaneous=True)},
            clock=Clock("associate_seconds", timer="associate"),
            end_if=everyone_associated,
            next="reveal_window",
        ),
        # The first author asks whether the Human reveals; the window runs the same whoever holds the card.
        Phase(
            "reveal_window",
            {"reveal": Move(reveal)},
            clock=Clock("reveal_seconds", timer="reveal", pace=True),
            on_clock=stay_hidden,
            next=("guess", "explanations"),
        ),
        Phase(
            "guess",
            {"guess": Move(guess, args=PICTURE, who="turn")},
            clock=Clock("guess_seconds"),
            turn=revealed_human,
            on_clock=guess_ran_out,
            next="round_over",
        ),
        Phase(
            "explanations",
            {"explained": Move(next_speaker, who="turn")},
            clock=Clock("explain_seconds", timer="explain", per_turn=True),
            on_enter=first_speaker,
            on_clock=next_speaker,
            on_leave=speaker_leaves,
            next="discussion",
        ),
        Phase(
            "discussion",
            {"start_vote": Move(start_vote, who="host")},
            clock=Clock("discussion_seconds"),
            next="voting",
        ),
        Phase(
            "voting",
            on_enter=open_vote,
            on_ballot=settle_vote,
            on_leave=candidate_leaves,
            next="round_over",
        ),
        Phase(
            "round_over",
            {"next": Move(next_round, who="host")},
            clock=Clock("break_seconds", timer="break"),
            on_clock=next_round,
            on_leave=nothing_held,
            next="associations",
            playing=False,
        ),
        # A Human who leaves voids the round, whatever the phase: on to the break (``human_leaves``).
        Phase(ANY_PHASE, next="round_over"),
    ],
    check_start=check_start,
    setup=setup,
    deal=deal,
    public_view=public_view,
    seat_view=seat_view,
    on_leave=human_leaves,
    unfinished_round=unfinished_round,
    ranking_key=ranking_key,
    ballot_tiebreak=ballot_tiebreak,
    points=POINTS,
    awards=night_awards,
    stats=STATS,
    round_tallies=round_tallies,
    audience_prompts=audience_prompts,
    keepsakes=keepsakes,
    hookspecs=NotAHumanHooks,
    hooks=Defaults(),
)
