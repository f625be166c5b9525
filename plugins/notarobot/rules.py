"""I'm Not a Robot: the round as phases, the turns, scoring and views.

The rules and the rulings the game follows are in docs/rules/notarobot.md. A
round reads top to bottom in the phases of ``GAME``, at the end: everyone
draws at once on a clock; then each artist in turn uncovers a tile, the
guessers race for checkmarks, and the reveal scores the turn (with its
full-pad and bug-report votes). After the last artist's reveal comes the next
round's drawing, or the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import Action, ActionError, BadDeal, Clock, Game, Move, Phase
from gamenight.deck import shuffled
from gamenight.options import integer
from gamenight.plugins.notarobot import cards, geometry
from gamenight.plugins.notarobot.audience import audience_prompts
from gamenight.plugins.notarobot.awards import night_awards
from gamenight.plugins.notarobot.drawing import Decorations, Figure
from gamenight.plugins.notarobot.records import STATS, keepsakes, round_tallies
from marshmallow import fields, validate

if TYPE_CHECKING:
    from gamenight.ballots import Ballot
    from gamenight.match import Match

MIN_PLAYERS, MAX_PLAYERS = 3, 10
ROUNDS = 3
POINTS = {"robot": 1, "captcha": 3, "full_pad": 3, "captcha_lost": -3, "robot_lost": -1}
TOKENS = {  # each scoring reason's effect on the tokens a player holds
    "robot": ("robot", 1),
    "robot_lost": ("robot", -1),
    "captcha": ("captcha", 1),
    "full_pad": ("captcha", 1),
    "captcha_lost": ("captcha", -1),
}
FULL_PAD, BUG_REPORT = "full_pad", "bug_report"  # the reveal's ballots
REVEAL_TIMER, VOTE_HOLD = "reveal", "vote"  # the reveal's clock stands still while one of its ballots is open
OPTIONS = {
    "rounds": integer(ROUNDS, 1, 6, "notarobot.option.rounds"),
    "draw_seconds": integer(120, 30, 600, "notarobot.option.draw_seconds"),
    "uncover_seconds": integer(20, 5, 120, "notarobot.option.uncover_seconds"),
    "guess_seconds": integer(20, 5, 120, "notarobot.option.guess_seconds"),
    "reveal_seconds": integer(30, 10, 300, "notarobot.option.reveal_seconds"),
    "vote_seconds": integer(20, 10, 120, "notarobot.option.vote_seconds"),
    "cards": fields.List(
        fields.String(validate=validate.OneOf([cards.BUILTIN, cards.CUSTOM])),
        load_default=lambda: [cards.BUILTIN, cards.CUSTOM],
        validate=validate.Length(1, 2),
        metadata={"label": "notarobot.option.cards"},
    ),
}
DRAWING = {
    "word": fields.Integer(required=True, strict=True),
    "figure": Figure(required=True),
    "decorations": Decorations(load_default=list),
}
TILE = {"tile": fields.Integer(required=True, validate=validate.Range(0, geometry.TILES - 1))}
PLAYER = {"player": fields.String(required=True, validate=validate.Length(1, 32))}  # a player id, as in every game


def cards_per_round(match: Match) -> int:
    """One card of three words; two with more than four players."""
    return 2 if len(match.present) > 4 else 1


def artist_order(match: Match) -> list[str]:
    """This round's artists in order: the present players clockwise from the first artist."""
    return match.seat_order_from(match.data["first"])


def artist(match: Match) -> str | None:
    """The artist of the turn under way (nobody while the round is being drawn)."""
    return match.round_state.get("artist")


def guessers(match: Match) -> list[str]:
    """The present players who guess this turn: everyone but the artist."""
    return [p for p in match.present if p != artist(match)]


def tokens(match: Match) -> dict[str, dict[str, int]]:
    """The CAPTCHA and Robot tokens each player holds, read from the points on the record."""
    held = {p: {"captcha": 0, "robot": 0} for p in match.players}
    prefix = f"{match.game}.reason."
    for entries in match.ledger.rounds:
        for entry in entries:
            kind = TOKENS.get(entry["reason"].removeprefix(prefix))
            if kind is not None and entry["player"] in held:
                held[entry["player"]][kind[0]] += kind[1]
    return held


# -- drawing -----------------------------------------------------------------------------------------------


def draw(match: Match, action: Action) -> None:
    """A secret drawing of one of the round's words; submitting is final."""
    state = match.round_state
    if action.actor in state["drawings"]:
        raise ActionError("notarobot.already_drawn")
    if not 0 <= action.args["word"] < len(state["words"]):
        raise ActionError("notarobot.bad_word", word=action.args["word"])
    figure, decorations = action.args["figure"], action.args["decorations"]
    if geometry.crossings(figure) > geometry.MAX_CROSSINGS:
        raise ActionError("notarobot.figure_tangled", max=geometry.MAX_CROSSINGS)
    inside = geometry.inside_tiles(figure)
    if not inside:
        raise ActionError("notarobot.no_inside")
    state["drawings"][action.actor] = {
        "word": action.args["word"],
        "figure": figure,
        "decorations": decorations,
        "inside": inside,
        "full": len(geometry.tiles_crossed(figure, decorations)) == geometry.TILES,
    }
    # Every drawing of the match, in the order drawn: shown to all once the match is over (the gallery).
    match.data.setdefault("gallery", []).append(
        {
            "round": match.round,
            "artist": action.actor,
            "word": state["words"][action.args["word"]],
            "figure": figure,
            "decorations": decorations,
        }
    )


def choose_first_artist(match: Match, action: Action) -> None:
    """The host names who "most recently wrote computer code", while the first round is being drawn."""
    if match.round != 1:
        raise ActionError("notarobot.not_first_round")
    if not match.is_present(action.args["player"]):
        raise ActionError("notarobot.not_a_player", player=action.args["player"])
    match.data["first"] = action.args["player"]
    match.announce("notarobot.event.first_artist", player=action.args["player"])


def everyone_drew(match: Match) -> bool:
    return all(p in match.round_state["drawings"] for p in match.present)


def start_turns(match: Match) -> str | None:
    """The drawing is over: whoever drew nothing is skipped as artist this round."""
    state = match.round_state
    for player in artist_order(match):
        if player not in state["drawings"]:
            skip_artist(match, player)
    state["queue"] = [p for p in artist_order(match) if p in state["drawings"]]
    following = next_turn(match)
    if following == "drawing":  # nobody drew: the next round's drawing starts, clock and all
        match.restart_clock()
    return following


def skip_artist(match: Match, player: str, why: str = "notarobot.event.skipped") -> None:
    """``player`` has no turn as artist this round: no drawing (``why``'s default), or they left the match."""
    match.round_state["skipped"].append(player)
    match.announce(why, player=player)


# -- a turn ------------------------------------------------------------------------------------------------


def next_turn(match: Match) -> str | None:
    """The next artist still in the match uncovers; after the last one, the next round or the end."""
    state = match.round_state
    for ballot_id in (FULL_PAD, BUG_REPORT):
        match.discard_ballot(ballot_id)
    state.update(artist=None, uncovered=None, checks=[], bug_reported=False)
    while state["queue"]:
        player = state["queue"].pop(0)
        if match.is_present(player):
            state["artist"] = player
            return "uncover"
        skip_artist(match, player, "notarobot.event.artist_left")
    match.end_round()
    if match.round >= match.options["rounds"]:
        match.finish()
        return None
    return new_round(match)


def new_round(match: Match) -> str:
    """Deal the next round and draw it."""
    match.start_round()
    return "drawing"


def uncover(match: Match, tile: int) -> str:
    """Every player sees what lies in one tile of the artist's pad, and nothing else."""
    drawing = match.round_state["drawings"][artist(match)]
    match.round_state["uncovered"] = {
        "tile": tile,
        "lines": geometry.tile_contents(drawing["figure"], drawing["decorations"], tile),
    }
    return "guessing"


def uncover_chosen(match: Match, action: Action) -> str:
    """The artist picks the tile to uncover."""
    return uncover(match, action.args["tile"])


def uncover_at_random(match: Match) -> str:
    """The artist let the clock run out: a random tile is uncovered."""
    return uncover(match, match.rng.randrange(geometry.TILES))


def check(match: Match, action: Action) -> None:
    """One checkmark per guesser; a tile holds one, first come, first served."""
    checks = match.round_state["checks"]
    tile = action.args["tile"]
    if action.actor == artist(match):
        raise ActionError("notarobot.artist_cannot_check")
    if any(c["player"] == action.actor for c in checks):
        raise ActionError("notarobot.already_checked")
    holder = next((c["player"] for c in checks if c["tile"] == tile), None)
    if holder is not None:
        raise ActionError("notarobot.tile_taken", tile=tile, player=holder)
    checks.append({"player": action.actor, "tile": tile})


def everyone_checked(match: Match) -> bool:
    checked = {c["player"] for c in match.round_state["checks"]}
    return all(p in checked for p in guessers(match))


def stop_guessing(match: Match) -> str:
    """Every guesser has checked, or the clock ran out: a guesser without a checkmark guessed nothing."""
    return "reveal"


def reveal(match: Match) -> None:
    """All tiles come off: right guessers win a Robot token; some but not all right, the artist a CAPTCHA token."""
    state = match.round_state
    drawer = artist(match)
    drawing = state["drawings"][drawer]
    inside = set(drawing["inside"])
    playing = guessers(match)
    right = [c["player"] for c in state["checks"] if c["tile"] in inside and c["player"] in playing]
    for player in right:
        match.score(player, "robot")
    captcha = 0 < len(right) < len(playing)
    if captcha:
        match.score(drawer, "captcha")
    state["reveal"] = {"artist": drawer, **drawing, "right": right, "captcha": captcha}
    match.data["turns"].append(
        {
            "round": match.round,
            "artist": drawer,
            "word": state["words"][drawing["word"]],
            "tile": state["uncovered"]["tile"],
            "inside": drawing["inside"],
            "checks": list(state["checks"]),
            "right": right,
            "captcha": captcha,
            "full_pad": None,
            "bug_report": None,
        }
    )
    if drawing["full"]:
        open_vote(match, FULL_PAD, rule="majority")


def open_vote(match: Match, ballot_id: str, rule: str) -> None:
    match.hold_timer(REVEAL_TIMER, VOTE_HOLD)
    match.open_ballot(ballot_id, guessers(match), [], rule=rule, seconds=match.options["vote_seconds"])


def report_bug(match: Match, action: Action) -> None:
    """A guesser says the CAPTCHA is too hard on purpose: the guessers vote, and only all of them pass it."""
    state = match.round_state
    if action.actor not in guessers(match):
        raise ActionError("notarobot.not_a_guesser")
    if state["bug_reported"]:
        raise ActionError("notarobot.bug_already_reported")
    state["bug_reported"] = True
    match.data["turns"][-1]["reported_by"] = action.actor
    match.announce("notarobot.event.bug_report", player=action.actor)
    open_vote(match, BUG_REPORT, rule="yesno")
    match.cast(BUG_REPORT, action.actor, "yes")


def vote_closed(match: Match, ballot: Ballot) -> None:
    drawer = artist(match)
    passed = bool(ballot.result["passed"])
    match.data["turns"][-1][ballot.id] = passed
    if ballot.id == FULL_PAD:
        if passed:
            match.score(drawer, "full_pad")
        match.announce(f"notarobot.event.full_pad_{'passed' if passed else 'failed'}", player=drawer)
    elif ballot.id == BUG_REPORT:
        if passed:
            held = tokens(match)
            if held[drawer]["captcha"] > 0:
                match.score(drawer, "captcha_lost")
            for player in guessers(match):
                if held[player]["robot"] > 0:
                    match.score(player, "robot_lost")
        match.announce(f"notarobot.event.bug_report_{'passed' if passed else 'failed'}")
    release_when_no_vote(match)


def release_when_no_vote(match: Match) -> None:
    if not any(not b.closed for b in match.ballots.values()):
        match.release_timer(REVEAL_TIMER, VOTE_HOLD)


def next_artist(match: Match, action: Action) -> str | None:
    """The host moves on to the next artist once the reveal's votes are closed."""
    if any(not b.closed for b in match.ballots.values()):
        raise ActionError("notarobot.vote_open")
    return next_turn(match)


def forced_words(given: Any, count: int) -> list[dict[str, str]]:
    """A script's ``words``: 3 words per card (a word, or ``{"en", "ru"}``), as many cards as the round deals."""
    wanted = cards.WORDS_PER_CARD * count
    if not isinstance(given, list) or len(given) != wanted:
        raise BadDeal(f"'words' lists {wanted} words this round ({count} card(s) of {cards.WORDS_PER_CARD})")
    words = []
    for word in given:
        if isinstance(word, str):
            words.append({"en": word, "ru": word})
        elif isinstance(word, dict) and isinstance(word.get("en"), str) and isinstance(word.get("ru"), str):
            words.append({"en": word["en"], "ru": word["ru"]})
        else:
            raise BadDeal(f"a word is a string or {{'en', 'ru'}}, not {word!r}")
    return words


def chosen_cards(match: Match) -> list[dict[str, Any]]:
    """Every card of the sources the host chose: the game's bag, the lobby's own cards, or both."""
    return cards.bag(match.options["cards"], match.shelf(cards.SHELF))


# -- the game's functions ----------------------------------------------------------------------------------


def check_start(match: Match) -> None:
    needed = match.options["rounds"] * cards_per_round(match)
    available = len(chosen_cards(match))
    if available < needed:
        raise ActionError("notarobot.not_enough_cards", needed=needed, available=available)


def setup(match: Match) -> None:
    bag = shuffled(match.rng, [dict(card) for card in chosen_cards(match)])
    match.data.update(bag=bag, first=match.players[0], turns=[], gallery=[])
    match.start_round()


def deal(match: Match, forced: dict[str, Any] | None) -> None:
    count = cards_per_round(match)
    if forced:
        words = forced_words(forced.get("words"), count)
        if "first" in forced:
            if match.round != 1:
                raise BadDeal("the first artist is chosen in round 1")
            match.data["first"] = match.player_named(forced["first"])
    else:
        bag = match.data["bag"]  # shuffled at setup: no card repeats in a game
        words = [word for _ in range(count) for word in cards.words_of(bag.pop())]
    match.round_state.update(
        words=words,
        drawings={},
        skipped=[],
        queue=[],
        artist=None,
        uncovered=None,
        checks=[],
        reveal=None,
        bug_reported=False,
    )


def public_view(match: Match) -> dict[str, Any]:
    state = match.round_state
    shown: dict[str, Any] = {"rounds": match.options["rounds"], "tokens": tokens(match), "turns": match.data["turns"]}
    if match.over and match.data.get("gallery"):  # a secret until then: the drawings that were never revealed too
        shown.update(gallery=match.data["gallery"], finale=True)
    if "words" not in state:
        return shown
    shown.update(
        words=state["words"],
        first_artist=match.data["first"],
        order=artist_order(match) if match.present else [],
        drawn=[p for p in match.players if p in state["drawings"]],
        skipped=state["skipped"],
        artist=state["artist"],
        uncovered=state["uncovered"],
        checks=state["checks"],
        reveal=state["reveal"] if match.phase == "reveal" else None,
    )
    return shown


def seat_view(match: Match, player: str) -> dict[str, Any]:
    drawings = match.round_state.get("drawings")
    if drawings is None:
        return {}
    drawing = drawings.get(player)
    # whose and which round's: the host may hide it (gamenight.hiding)
    return {"drawing": {**drawing, "artist": player, "round": match.round} if drawing else None}


def unfinished_round(match: Match) -> list[dict[str, Any]]:
    """A match ended during a turn: the word its artist was drawing."""
    drawing = match.round_state.get("drawings", {}).get(artist(match))
    if drawing is None:
        return []
    word = match.round_state["words"][drawing["word"]]
    return [{"key": "notarobot.unfinished.drawing", "params": {"player": artist(match), "word": {"names": word}}}]


# -- departures --------------------------------------------------------------------------------------------


def artist_left(match: Match, player: str) -> str | None:
    """An artist who leaves before the reveal loses the turn unscored: the next artist's turn, or the round's end."""
    return next_turn(match) if player == artist(match) else None


def artist_left_uncovering(match: Match, player: str) -> str | None:
    """The artist left without uncovering: the next artist uncovers, on a fresh clock."""
    following = artist_left(match, player)
    if following == "uncover":
        match.pass_turn(artist(match))
    return following


def artist_left_the_reveal(match: Match, player: str) -> None:
    """The artist left during their reveal: its votes are cancelled, the scores stand."""
    if player != artist(match):
        return
    for ballot_id in (FULL_PAD, BUG_REPORT):
        if ballot_id in match.ballots:
            match.cancel_ballot(ballot_id)
    release_when_no_vote(match)


GAME = Game(
    id="notarobot",
    names={"en": "I'm Not a Robot", "ru": "Я не робот"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    phases=[
        Phase(
            "drawing",
            {
                "draw": Move(draw, args=DRAWING, simultaneous=True),
                "first_artist": Move(choose_first_artist, args=PLAYER, who="host", simultaneous=True),
            },
            clock=Clock("draw_seconds", timer="draw"),
            next="uncover",  # or, when nobody drew, straight on to the next round's drawing (or the end)
            end_if=everyone_drew,
            on_end=start_turns,  # on the clock too: whoever drew nothing is skipped
        ),
        Phase(
            "uncover",
            {"uncover": Move(uncover_chosen, args=TILE, who="turn")},
            clock=Clock("uncover_seconds", timer="uncover", per_turn=True),
            next=("guessing", "drawing"),  # drawing: the round's last artist left
            turn=artist,
            on_clock=uncover_at_random,
            on_leave=artist_left_uncovering,
        ),
        Phase(
            "guessing",
            {"check": Move(check, args=TILE, simultaneous=True)},
            clock=Clock("guess_seconds", timer="guess"),
            next=("reveal", "uncover", "drawing"),  # uncover, drawing: the artist left
            end_if=everyone_checked,
            on_end=stop_guessing,  # on the clock too
            on_leave=artist_left,
        ),
        Phase(
            "reveal",
            {"report_bug": Move(report_bug, simultaneous=True), "next": Move(next_artist, who="host")},
            clock=Clock("reveal_seconds", timer=REVEAL_TIMER, pace=True),
            next=("uncover", "drawing"),
            on_enter=reveal,
            on_clock=next_turn,
            on_ballot=vote_closed,
            on_leave=artist_left_the_reveal,
        ),
    ],
    check_start=check_start,
    setup=setup,
    deal=deal,
    public_view=public_view,
    seat_view=seat_view,
    unfinished_round=unfinished_round,
    points=POINTS,
    awards=night_awards,
    stats=STATS,
    round_tallies=round_tallies,
    audience_prompts=audience_prompts,
    keepsakes=keepsakes,
    drawn_by="artist",
)
