"""A lobby: the group's seats for the evening, its host, its current match and its night scoreboard.

``apply_command`` is the pure step of the one action path: it changes a
``Lobby`` in place for one validated command, or raises ``ActionError``. The
engine applies it to a copy and keeps the copy only on success. Everything
random (seat tokens, seeds, ids) arrives pre-drawn in ``extra``, so replaying
the log gives the same lobby.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import orjson
from gamenight import audience as audiences
from gamenight import crew as crews
from gamenight import filtering
from gamenight import moderation as moderating
from gamenight import streamer as streaming
from gamenight.awards import match_record
from gamenight.errors import ActionError
from gamenight.game import Action, ShelfContext
from gamenight.looks import check_free, default_look, fill_looks
from gamenight.match import Match, apply_move
from gamenight.names import clean_name, same_name
from gamenight.recap import night_recap
from gamenight.scores import NightScoreboard
from gamenight.seating import next_seating
from marshmallow import ValidationError

if TYPE_CHECKING:
    from gamenight.registry import Plugins

MAX_SEATS = 20
GROWING = ("history", "night", "crowd")
MATCH_GROWING = ("events",)
MOVES_KEEP = ("players", "seats", "setup", "recap", "departed_by_name", "sitting_out", "seat_requests")
MATCH_MOVES_KEEP = ("variants", "options", "players", "left", "names", "forced_deals")
HOST_GRACE_SECONDS = 60.0


class Lobby:
    def __init__(self, code: str, created: float) -> None:
        self.code = code
        self.created = created
        self.version = 0
        self.players: dict[str, dict[str, Any]] = {}
        self.seats: list[str] = []
        self.host: str | None = None
        self.host_away_since: float | None = None
        self.locked = False
        self.setup: dict[str, Any] | None = None
        self.match: Match | None = None
        self.matches_played = 0
        self.history: list[dict[str, Any]] = []
        self.scoreboard = NightScoreboard()
        self.night: list[dict[str, Any]] = []  # the records of the night's finished matches, for its recap
        self.recap: dict[str, Any] | None = None  # the night's recap, while the host has the night closed
        self.shelves: dict[str, dict[str, Any]] = {}
        self.next_player = 1
        self.departed_by_name: dict[str, str] = {}  # a departed player's folded name -> their player id
        self.sitting_out: list[str] = []  # the seats that sit out the current match
        # asks to take a seat on a new device: {"id", "player", "token_hash", "at"}, until the host or the seat answers
        self.seat_requests: list[dict[str, Any]] = []
        self.next_request = 1
        self.moderation: dict[str, Any] = moderating.new_moderation()  # kicks that hold, knocks, hidden items
        # the family filter's level and the host's words, and strict mode's queue (gamenight.approval)
        self.family_filter: dict[str, Any] = {"level": None, "words": []}
        self.audience: dict[str, Any] = audiences.new_audience()  # the host's settings, the door (gamenight.audience)
        self.crowd: list[dict[str, Any]] = []  # the night's answered audience prompts, with the crowd's tallies
        self.crew: dict[str, Any] | None = None  # the crew's story, when the lobby is kept as a crew's room
        self.crew_owned = True  # False while shared with the lobby this one was copied from (gamenight.crew)
        self.crew_view_made: tuple[Any, ...] | None = None  # what gamenight.crew_view made of the crew last

    # -- queries -----------------------------------------------------------------

    @property
    def match_live(self) -> bool:
        return self.match is not None and not self.match.over

    def player_by_token(self, hashed: str) -> str | None:
        for pid, player in self.players.items():
            if player["token_hash"] == hashed:
                return pid
        return None

    def names(self) -> dict[str, str]:
        return {pid: p["name"] for pid, p in self.players.items()}

    def bind_match(self, plugins: Plugins, now: float) -> Match | None:
        """Bind the current match (if any) to its game stack, the clock and this lobby's shelves."""
        match = self.match
        if match is not None:
            match.bind(plugins.stack(match.game, match.variants, check_conflicts=False), now, self.shelves)
        return match

    def next_due(self) -> float | None:
        """When the engine must next act on its own for this lobby (a timer, the host's grace)."""
        times = []
        if self.match_live:
            deadline = self.match.next_deadline()
            if deadline is not None:
                times.append(deadline)
        if self.host_away_since is not None:
            times.append(self.host_away_since + HOST_GRACE_SECONDS)
        return min(times, default=None)

    def copy_for(self, kind: str, dealt: Sequence[str] = ()) -> Lobby:
        """An independent copy to apply a ``kind`` command to.

        The copy is the lobby's own persisted form (``to_dict``) passed through JSON
        and back: the state is JSON by design, so this is exact, and state that JSON
        cannot hold (a set, a non-string key) fails here, loudly, rather than at a
        restart. What the command cannot change in place is not copied but shared:

        - the history of matches, the night's match records and a match's event feed
          only ever grow, and their entries never change once added: the copy gets
          new lists of the same entries, so copying does not grow with the evening;
        - a move (``act``) never changes the lobby's roster and setup or the frame the
          match was started with (``MOVES_KEEP``), nor the round's ``dealt`` cards
          (the game's ``Game.dealt``: a new deal replaces them whole).

        In a test session every engine checks after every command that the lobby
        it copied is unchanged (``Engine.check_copies``, turned on by the test kit).
        """
        move = kind == "act"
        state = self.to_dict()
        del state["crew"]  # shared until a change (gamenight.crew.writable)
        kept = {key: state.pop(key) for key in (*GROWING, *(MOVES_KEEP if move else ()))}
        match = state["match"]
        if match is not None:
            kept_match = {key: match.pop(key) for key in (*MATCH_GROWING, *(MATCH_MOVES_KEEP if move else ()))}
            round_state = match["round_state"] = dict(match["round_state"])  # to_dict's is the live one
            kept_round = {key: round_state.pop(key) for key in (dealt if move else ()) if key in round_state}
        copied = orjson.loads(orjson.dumps(state))
        copied.update(kept)
        for key in GROWING:
            copied[key] = list(kept[key])
        if match is not None:
            copied["match"].update(kept_match)
            copied["match"]["round_state"].update(kept_round)
            for key in MATCH_GROWING:
                copied["match"][key] = list(kept_match[key])
        copy = Lobby.from_dict({**copied, "crew": None})
        copy.crew, copy.crew_owned, copy.crew_view_made = self.crew, self.crew is None, self.crew_view_made
        return copy

    # -- persistence ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "created": self.created,
            "version": self.version,
            "players": self.players,
            "seats": self.seats,
            "host": self.host,
            "host_away_since": self.host_away_since,
            "locked": self.locked,
            "setup": self.setup,
            "match": self.match.to_dict() if self.match else None,
            "matches_played": self.matches_played,
            "history": self.history,
            "scoreboard": self.scoreboard.rows,
            "night": self.night,
            "recap": self.recap,
            "shelves": self.shelves,
            "next_player": self.next_player,
            "departed_by_name": self.departed_by_name,
            "sitting_out": self.sitting_out,
            "seat_requests": self.seat_requests,
            "next_request": self.next_request,
            "moderation": self.moderation,
            "family_filter": self.family_filter,
            "audience": self.audience,
            "crowd": self.crowd,
            "crew": self.crew,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Lobby:
        lobby = cls(d["code"], d["created"])
        lobby.version = d["version"]
        lobby.players = d["players"]
        lobby.seats = d["seats"]
        lobby.host = d["host"]
        lobby.host_away_since = d["host_away_since"]
        lobby.locked = d["locked"]
        lobby.setup = d["setup"]
        lobby.match = Match.from_dict(d["match"]) if d["match"] else None
        lobby.matches_played = d["matches_played"]
        lobby.history = d["history"]
        lobby.scoreboard = NightScoreboard(d["scoreboard"])
        lobby.night = d.get("night", [])
        lobby.recap = d.get("recap")
        lobby.shelves = d["shelves"]
        lobby.next_player = d["next_player"]
        lobby.departed_by_name = d.get("departed_by_name", d.get("former", {}))  # "former": its name in older stores
        lobby.sitting_out = d.get("sitting_out", [])
        lobby.seat_requests = d.get("seat_requests", [])
        lobby.next_request = d.get("next_request", 1)
        lobby.moderation = {**moderating.new_moderation(), **d.get("moderation", {})}
        lobby.family_filter = d.get("family_filter", {"level": None, "words": []})
        lobby.audience = {**audiences.new_audience(), **d.get("audience", {})}
        lobby.crowd = d.get("crowd", [])
        lobby.crew = d.get("crew")
        fill_looks(lobby.players, lobby.seats)  # a lobby stored before looks
        return lobby


def apply_command(
    lobby: Lobby,
    plugins: Plugins,
    actor: str | None,
    kind: str,
    args: dict[str, Any],
    extra: dict[str, Any],
    now: float,
) -> dict[str, Any]:
    """Apply one validated command to ``lobby`` in place; return the reply for its sender."""
    handler = _HANDLERS[kind]
    reply = handler(lobby, plugins, actor, args, extra, now) or {}
    lobby.version += 1
    if lobby.match is not None and lobby.match.over and lobby.match.result and not _recorded(lobby):
        _record_result(lobby, plugins)
    return reply


def _join(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    name = clean_name(args["name"])
    if lobby.locked and lobby.players:
        raise ActionError("lobby_locked")
    moderating.check_not_kept_out(lobby, extra, now)
    streaming.check_invite(lobby, extra.get("invite"))
    if moderating.knocks_first(lobby):
        _check_seatable(lobby, name, args.get("look"))
        return moderating.knock(lobby, name, args.get("look"), extra, now)
    return _seat_newcomer(lobby, plugins, name, args.get("look"), extra, now)


def _answer_knock(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host admits a knocking newcomer (seated as if they had joined now) or refuses them."""
    knock = moderating.take_knock(lobby, args["knock"])
    if not args["admit"]:
        return {"admitted": False}
    look = knock["look"]
    taken = [p["look"] for p in lobby.players.values()]
    if look is not None and any(look[part] == other[part] for other in taken for part in ("colour", "avatar")):
        look = None  # taken while they waited: the first free one
    reply = _seat_newcomer(lobby, plugins, knock["name"], look, {**knock, "crew_code": extra.get("crew_code")}, now)
    return {**reply, "admitted": True}


def _check_seatable(lobby: Lobby, name: str, look: dict[str, Any] | None) -> None:
    if len(lobby.players) >= MAX_SEATS:
        raise ActionError("lobby_full", max=MAX_SEATS)
    if any(same_name(name, p["name"]) for p in lobby.players.values()):
        raise ActionError("name_taken", name=name)
    if look is not None:
        check_free({"colour": look["colour"], "avatar": look["avatar"]}, [p["look"] for p in lobby.players.values()])


def _seat_newcomer(lobby: Lobby, plugins: Plugins, name: str, look, extra, now):
    _check_seatable(lobby, name, None)
    looks = [p["look"] for p in lobby.players.values()]
    if look is None:
        look = default_look(looks)
    else:
        look = {"colour": look["colour"], "avatar": look["avatar"]}
        check_free(look, looks)
    pid = crews.member_for_device(lobby, extra.get("device")) or lobby.departed_by_name.pop(_name_key(name), None)
    if pid is None or pid in lobby.players:
        pid = f"p{lobby.next_player}"
        lobby.next_player += 1
    lobby.players[pid] = {
        "id": pid,
        "name": name,
        "token_hash": extra["token_hash"],
        "connected": False,
        "look": look,
        "device": extra.get("device"),
    }
    lobby.seats.append(pid)
    if lobby.host is None:
        lobby.host = pid
    if lobby.crew is not None:
        crews.add_member(lobby, pid, extra, now)
    watching = lobby.match_live and not lobby.match.is_present(pid)
    if watching:  # the table says who arrived, and that they play from the next match
        lobby.bind_match(plugins, now)
        lobby.match.announce("event.player_arrived", name=name)
    return {"player": pid, "watching": watching}


def _look(lobby: Lobby, plugins, actor, args, extra, now):
    """A seat changes its colour and avatar, between matches; both must be free (docs/protocol.md)."""
    if lobby.match_live:
        raise ActionError("match_running")
    look = {"colour": args["colour"], "avatar": args["avatar"]}
    check_free(look, (p["look"] for pid, p in lobby.players.items() if pid != actor))
    lobby.players[actor]["look"] = look


def _sit_out(lobby: Lobby, plugins, actor, args, extra, now):
    """A seat sits out the next match (or takes back the ask); the host may ask it for anyone."""
    target = _seated(lobby, args["player"])
    if target != actor and actor != lobby.host:
        raise ActionError("not_host")
    if args["out"]:
        lobby.players[target]["sits_out"] = True
    else:
        lobby.players[target].pop("sits_out", None)


def _request_seat(lobby: Lobby, plugins, actor, args, extra, now):
    """A new device asks for the seat of the player it names: the host or that seat's own device answers.

    A newer ask for the same seat replaces the older one.
    """
    name = clean_name(args["name"])
    moderating.check_not_kept_out(lobby, extra, now)
    streaming.check_invite(lobby, extra.get("invite"))
    pid = next((p for p, player in lobby.players.items() if same_name(name, player["name"])), None)
    if pid is None:
        raise ActionError("no_such_seat", name=name)
    request = {"id": f"r{lobby.next_request}", "player": pid, "token_hash": extra["token_hash"], "at": now}
    lobby.next_request += 1
    lobby.seat_requests = [r for r in lobby.seat_requests if r["player"] != pid] + [request]
    return {"request": request["id"], "player": pid}


def _answer_seat_request(lobby: Lobby, plugins, actor, args, extra, now):
    """The host or the seat itself gives the seat to the device that asked (its old device is detached), or refuses."""
    request = next((r for r in lobby.seat_requests if r["id"] == args["request"]), None)
    if request is None:
        raise ActionError("no_such_request", request=args["request"])
    if actor not in (lobby.host, request["player"]):
        raise ActionError("not_host")
    lobby.seat_requests.remove(request)
    if args["give"]:
        lobby.players[request["player"]]["token_hash"] = request["token_hash"]
    return {"player": request["player"], "given": args["give"]}


def _name_key(name: str) -> str:
    return name.casefold()


def _remove(lobby: Lobby, pid: str, now: float) -> None:
    was_host = lobby.host == pid
    successor = _next_seated(lobby, pid) if was_host else None
    lobby.departed_by_name[_name_key(lobby.players[pid]["name"])] = pid
    del lobby.players[pid]
    lobby.seats.remove(pid)
    lobby.seat_requests = [r for r in lobby.seat_requests if r["player"] != pid]
    if was_host:
        lobby.host = successor
        lobby.host_away_since = None if successor is None or lobby.players[successor]["connected"] else now
    if lobby.match_live:
        lobby.match.depart(pid)


def _next_seated(lobby: Lobby, pid: str) -> str | None:
    """The next seated player clockwise from ``pid``, connected ones first."""
    index = lobby.seats.index(pid)
    others = lobby.seats[index + 1 :] + lobby.seats[:index]
    connected = [p for p in others if lobby.players[p]["connected"]]
    return (connected or others or [None])[0]


def remove_seat(lobby: Lobby, plugins: Plugins, pid: str, now: float) -> None:
    """Seat ``pid`` leaves the lobby (and the match under way, which the game answers)."""
    lobby.bind_match(plugins, now)
    _remove(lobby, pid, now)


def scrub_name(lobby: Lobby, pid: str, name: str) -> None:
    """Wherever the lobby still holds the departed seat ``pid``'s name (the night's results, the last match,
    the names that bring a returning seat back), it holds ``FORMER`` instead."""
    state = lobby.to_dict()
    crew = state.pop("crew")
    state["departed_by_name"] = {k: v for k, v in state["departed_by_name"].items() if v != pid}
    fresh = Lobby.from_dict({**_replaced(orjson.loads(orjson.dumps(state)), name), "crew": crew})
    fresh.crew_owned = lobby.crew_owned
    lobby.__dict__.update(fresh.__dict__)


FORMER = "—"  # a name deleted at its owner's asking (screens say "a former member")


def _replaced(value: Any, name: str) -> Any:
    if isinstance(value, dict):
        return {key: _replaced(item, name) for key, item in value.items()}
    if isinstance(value, list):
        return [_replaced(item, name) for item in value]
    return FORMER if isinstance(value, str) and same_name(value, name) else value


def _leave(lobby: Lobby, plugins, actor, args, extra, now):
    remove_seat(lobby, plugins, actor, now)


def _kick(lobby: Lobby, plugins, actor, args, extra, now):
    target = _seated(lobby, args["player"])
    if target == actor:
        raise ActionError("cannot_kick_self")
    lobby.bind_match(plugins, now)
    moderating.keep_out(lobby, lobby.players[target], extra, now)
    _remove(lobby, target, now)


def _lock(lobby: Lobby, plugins, actor, args, extra, now):
    lobby.locked = args["locked"]


def _handover(lobby: Lobby, plugins, actor, args, extra, now):
    target = _seated(lobby, args["player"])
    lobby.host = target
    lobby.host_away_since = None if lobby.players[target]["connected"] else now


def _reorder(lobby: Lobby, plugins, actor, args, extra, now):
    order = args["order"]
    if sorted(order) != sorted(lobby.seats) or len(set(order)) != len(order):
        raise ActionError("bad_order")
    lobby.seats = list(order)


def _choose(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    if lobby.match_live:
        raise ActionError("match_running")
    stack = plugins.stack(args["game"], args["variants"])
    options = stack.load_options(args["options"], installed=plugins.dynamic_choices())
    lobby.setup = {"game": args["game"], "variants": list(args["variants"]), "options": options}


def _start(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    if lobby.match_live:
        raise ActionError("match_running")
    if lobby.setup is None:
        raise ActionError("no_game_chosen")
    if lobby.recap is not None:
        raise ActionError("night_closed")
    setup = lobby.setup
    stack = plugins.stack(setup["game"], setup["variants"])
    game = stack.game
    seating = next_seating(lobby, game.max_players)
    count = len(seating.players)
    if count < game.min_players:
        raise ActionError("too_few_players", min=game.min_players, players=count)
    lobby.matches_played += 1
    match = Match(
        id=extra["match_id"],
        game=game.id,
        variants=setup["variants"],
        options=stack.load_options(setup["options"]),
        players=seating.players,
        names={pid: lobby.players[pid]["name"] for pid in seating.players},
        seed=extra["seed"],
        forced_deals=extra.get("forced_deals"),
    )
    match.bind(stack, now, lobby.shelves)
    stack.hook.check_start(match=match)
    stack.hook.setup(match=match)
    match.move_on(stack.first_phase)
    match.version += 1
    lobby.match = match
    lobby.sitting_out = seating.sitting_out
    for pid in lobby.seats:  # asked for this match: they play again from the next one
        lobby.players[pid].pop("sits_out", None)
    return {"match": match.id}


def _abort(lobby: Lobby, plugins, actor, args, extra, now):
    if not lobby.match_live:
        raise ActionError("no_match")
    lobby.history.append({"match": lobby.match.id, "game": lobby.match.game, "aborted": True})
    lobby.match = None


def _end(lobby: Lobby, plugins, actor, args, extra, now):
    """End the match now, scored: the finished rounds count (docs/rules: coming and going, 4)."""
    if not lobby.match_live:
        raise ActionError("no_match")
    match = lobby.bind_match(plugins, now)
    match.finish(early=True)
    match.version += 1


def _close_night(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host closes the night: its recap (standings and awards) is made from the night's finished matches.

    Refused while a match runs (end or abort it first). The last match's
    results are put away: the lobby shows the recap until the host opens a
    new night or goes back to this one.
    """
    if lobby.match_live:
        raise ActionError("match_running")
    if lobby.recap is not None:
        raise ActionError("night_closed")
    lobby.recap = night_recap(lobby.night, lobby.scoreboard, plugins)
    lobby.recap["audience"] = extra.get("audience_podium", [])  # drawn from the store by the engine
    lobby.match = None
    moderating.end_of_night(lobby)
    if lobby.crew is not None:
        crews.close_night(lobby, now, extra)


def _reopen_night(lobby: Lobby, plugins, actor, args, extra, now):
    """Back to the night that was closed: its scoreboard goes on; a later close makes the recap again."""
    if lobby.recap is None:
        raise ActionError("night_not_closed")
    lobby.recap = None
    if lobby.crew is not None:
        crews.reopen_night(lobby)


def _new_night(lobby: Lobby, plugins, actor, args, extra, now):
    """A new night after a closed one: a fresh scoreboard, history and records (docs/protocol.md, Commands).

    The seats, the host, the lock, the chosen game and the shelves (packs,
    boards, uploads, the dealers' rotation) stay; match ids keep counting.
    """
    if lobby.recap is None:
        raise ActionError("night_not_closed")
    lobby.recap = None
    lobby.scoreboard = NightScoreboard()
    lobby.history = []
    lobby.night = []
    audiences.new_night(lobby)
    if lobby.crew is not None:
        crews.new_night(lobby)
        lobby.departed_by_name = {}  # next week a name alone is nobody's: a member comes back by device or claim


def _act(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    if lobby.match is None:
        raise ActionError("no_match")
    match = lobby.bind_match(plugins, now)
    apply_move(
        match,
        match.stack,
        actor,
        args["action"],
        args["args"],
        is_host=actor == lobby.host and actor is not None,
        version=args["version"],
    )


def _shelf(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    shelf = plugins.shelves.get(args["shelf"])
    if shelf is None:
        raise ActionError("unknown_shelf", shelf=args["shelf"])
    move = shelf.moves.get(args["action"])
    if move is None:
        raise ActionError("unknown_action", action=args["action"])
    if move.who == "host" and actor != lobby.host:
        raise ActionError("not_host")
    if move.who not in ("player", "host"):
        raise ActionError("not_allowed", action=args["action"])
    if not isinstance(args["args"], dict):
        raise ActionError("bad_request", errors={"args": ["Not a valid mapping type."]})
    try:
        loaded = move.schema.load(args["args"])
    except ValidationError as exc:
        raise ActionError("bad_request", errors=exc.messages) from None
    context = ShelfContext(
        data=lobby.shelves.setdefault(shelf.id, {}),
        actor=actor,
        is_host=actor == lobby.host,
        players=list(lobby.seats),
        names=lobby.names(),
        now=now,
    )
    move.apply(context, Action(id=args["action"], actor=actor, args=loaded))


def _presence(lobby: Lobby, plugins, actor, args, extra, now):
    pid = _seated(lobby, args["player"])
    lobby.players[pid]["connected"] = args["connected"]
    if pid == lobby.host:
        lobby.host_away_since = None if args["connected"] else now


def _host_timeout(lobby: Lobby, plugins, actor, args, extra, now):
    if lobby.host_away_since is None or now < lobby.host_away_since + HOST_GRACE_SECONDS:
        raise ActionError("not_due")
    successor = _next_seated(lobby, lobby.host)
    if successor is None or not lobby.players[successor]["connected"]:
        lobby.host_away_since = None  # nobody to hand over to; wait for the next disconnect
        return
    lobby.host = successor
    lobby.host_away_since = None


def _seated(lobby: Lobby, pid: str) -> str:
    if pid not in lobby.players:
        raise ActionError("unknown_player", player=pid)
    return pid


def _recorded(lobby: Lobby) -> bool:
    return bool(lobby.history) and lobby.history[-1]["match"] == lobby.match.id


def _record_result(lobby: Lobby, plugins: Plugins) -> None:
    match = lobby.match
    lobby.scoreboard.record(match.result["ranking"], match.names)
    lobby.scoreboard.record_sat_out(
        {pid: lobby.players[pid]["name"] for pid in lobby.sitting_out if pid in lobby.players}
    )
    lobby.history.append(
        {
            "match": match.id,
            "game": match.game,
            "aborted": False,
            "ended_early": match.result.get("ended_early", False),
            "ranking": match.result["ranking"],
            "names": match.names,
        }
    )
    record = match_record(match)
    lobby.night.append(record)
    if lobby.crew is not None:
        crews.record_match(lobby, plugins, record)


_HANDLERS = {
    "join": _join,
    "leave": _leave,
    "look": _look,
    "sit_out": _sit_out,
    "request_seat": _request_seat,
    "answer_seat_request": _answer_seat_request,
    "kick": _kick,
    "lock": _lock,
    "handover": _handover,
    "reorder": _reorder,
    "choose": _choose,
    "start": _start,
    "abort": _abort,
    "end": _end,
    "close_night": _close_night,
    "reopen_night": _reopen_night,
    "new_night": _new_night,
    "act": _act,
    "shelf": _shelf,
    "presence": _presence,
    "host_timeout": _host_timeout,
    "answer_knock": _answer_knock,
    **moderating.HANDLERS,
    **streaming.HANDLERS,
    **filtering.HANDLERS,
    **crews.HANDLERS,
    **audiences.HANDLERS,
}
