"""A crew: a lobby kept for the same friends week after week, and its record book.

The host keeps a lobby as a crew's room (``keep_crew``). From then on every seat is a crew member (the
same member on later nights from the same device, or claimed on a new phone with the host's yes or the
member's own crew code), and the lobby keeps the crew's story in ``Lobby.crew`` (JSON, like the rest of
the lobby, so that replaying the log rebuilds it):

- ``stats``: per season, member and game, counts added up as each match ends (matches, wins, points and
  the game's own tallies, ``gamenight.records``); ``pairs`` the head-to-head counts ("Boris caught Dina");
  ``streaks`` the matches won in a row; ``bests`` the crew's records ("the spy won in 95 seconds");
- ``nights``: one entry per closed night (its date, matches, standings and awards), never changed once added;
- ``fame``: the hall of fame, voted into at the end of each night from the night's ``keepsakes``;
- ``opener``: the "previously on" of a new night, made when the host opens it.

A crew's state changes only at a match's end and by the commands here; every other command shares it with
the lobby it copies (``Lobby.copy_for``), and ``writable`` copies it before the first change. The view
every recipient gets (``lobby.crew``, docs/protocol.md) is made from it once per change (``gamenight.crew_view``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson
from gamenight.errors import ActionError

if TYPE_CHECKING:
    from gamenight.lobby import Lobby
    from gamenight.registry import Plugins

CREW_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CREW_CODE_LENGTH = 8
MAX_KEEPSAKES = 40  # a night's candidates for the hall of fame
MAX_FAME = 24
CORE_STATS = ("matches", "wins", "points", "left")


FORGETS = frozenset({"crew_forget_me", "crew_delete"})  # after them the store keeps nothing from before


def draw(lobby: Lobby, kind: str, extra: dict[str, Any], keep_days: float) -> None:
    """What the engine draws for a crew's command before it is applied (so that a replay applies the same):
    the members' crew codes, and how long the server keeps a crew that no longer meets."""
    if kind == "keep_crew":
        extra.setdefault("crew_codes", {pid: new_crew_code() for pid in lobby.seats})
    if kind in ("keep_crew", "close_night"):
        extra.setdefault("keep_days", keep_days)
    if kind in ("join", "answer_knock") and lobby.crew is not None:
        extra.setdefault("crew_code", new_crew_code())


def new_crew_code() -> str:
    """A member's personal code, to claim their past self on a new phone."""
    return "".join(secrets.choice(CREW_CODE_ALPHABET) for _ in range(CREW_CODE_LENGTH))


def new_crew(now: float) -> dict[str, Any]:
    return {
        "since": now,
        "rev": 0,
        "season": {"n": 1, "since": now},
        "members": {},
        "stats": {},
        "pairs": {},
        "streaks": {},
        "bests": {},
        "nights": [],
        "night_records": [],
        "keepsakes": [],
        "next_keepsake": 1,
        "fame": [],
        "fame_vote": None,
        "claims": [],
        "next_claim": 1,
        "opener": None,
        "keep_days": None,
    }


def writable(lobby: Lobby) -> dict[str, Any]:
    """The lobby's crew, made its own before a change (a command's copy shares it with the lobby it copied)."""
    crew = lobby.crew
    if crew is None:
        raise ActionError("not_a_crew")
    if not lobby.crew_owned:
        nights = crew["nights"]
        rest = {key: value for key, value in crew.items() if key != "nights"}
        crew = orjson.loads(orjson.dumps(rest))
        crew["nights"] = list(nights)  # its entries never change once added: shared
        lobby.crew = crew
        lobby.crew_owned = True
    crew["rev"] += 1
    return crew


# -- members --------------------------------------------------------------------------------------------------


def add_member(lobby: Lobby, pid: str, extra: Mapping[str, Any], now: float) -> None:
    """Seat ``pid`` is the crew's member ``pid`` from now on (a newcomer, or a seat when the crew is kept)."""
    crew = writable(lobby)
    player = lobby.players[pid]
    member = crew["members"].get(pid)
    code = (extra.get("crew_codes") or {}).get(pid) or extra.get("crew_code")  # drawn by the engine (``draw``)
    if member is None:
        crew["members"][pid] = {"name": player["name"], "code": code, "device": player.get("device"), "since": now}
    else:
        member.update(name=player["name"], device=player.get("device") or member.get("device"))


def member_for_device(lobby: Lobby, device: str | None) -> str | None:
    """The crew member who last played from ``device`` and has no seat now: they come back as themselves."""
    if lobby.crew is None or not device:
        return None
    for pid, member in lobby.crew["members"].items():
        if member.get("device") == device and member.get("name") is not None and pid not in lobby.players:
            return pid
    return None


def _keep(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host keeps the lobby as a crew's room: the seats become its members, tonight's matches its first."""
    if lobby.crew is not None:
        raise ActionError("already_a_crew")
    lobby.crew, lobby.crew_owned = new_crew(now), True
    lobby.crew["keep_days"] = extra.get("keep_days")
    for pid in lobby.seats:
        add_member(lobby, pid, extra, now)
    for record in lobby.night:
        record_match(lobby, plugins, record)
    if lobby.recap is not None:
        close_night(lobby, now, extra)


def _claim(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """A seat says it is a member from earlier nights: at once with that member's crew code, else the host
    is asked (``answer_crew_claim``). Two members never merge otherwise."""
    crew = lobby.crew
    if crew is None:
        raise ActionError("not_a_crew")
    target = args["member"]
    member = crew["members"].get(target)
    if member is None or member.get("name") is None or target == actor:
        raise ActionError("unknown_member", member=target)
    if target in lobby.players:
        raise ActionError("member_seated", member=target)
    _check_claimable(lobby, actor)
    code = args.get("code")
    if code is not None:
        if not member["code"] or not secrets.compare_digest(code.strip().upper().replace("-", ""), member["code"]):
            raise ActionError("wrong_crew_code")
        _merge(lobby, actor, target)
        return {"member": target, "claimed": True}
    crew = writable(lobby)
    claim = {"id": f"c{crew['next_claim']}", "player": actor, "member": target, "at": now}
    crew["next_claim"] += 1
    crew["claims"] = [c for c in crew["claims"] if c["player"] != actor] + [claim]
    return {"claim": claim["id"], "claimed": False}


def _answer_claim(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host says yes or no to a seat's claim of a member from earlier nights."""
    crew = writable(lobby)
    claim = next((c for c in crew["claims"] if c["id"] == args["claim"]), None)
    if claim is None:
        raise ActionError("no_such_claim", claim=args["claim"])
    crew["claims"].remove(claim)
    if not args["give"]:
        return {"claimed": False}
    if claim["member"] in lobby.players or crew["members"].get(claim["member"], {}).get("name") is None:
        raise ActionError("member_seated", member=claim["member"])
    _check_claimable(lobby, claim["player"])
    _merge(lobby, claim["player"], claim["member"])
    return {"member": claim["member"], "claimed": True}


def _check_claimable(lobby: Lobby, pid: str) -> None:
    """Only a seat with nothing of its own yet (no match played tonight, none under way) becomes a member."""
    played = any(pid in record["players"] for record in lobby.night)
    if played or (lobby.match is not None and pid in lobby.match.players):
        raise ActionError("claim_after_play")


def _merge(lobby: Lobby, seat: str, member: str) -> None:
    """Seat ``seat`` becomes member ``member``: same token, name and look, the member's id and record."""
    crew = writable(lobby)
    player = lobby.players.pop(seat)
    player["id"] = member
    lobby.players[member] = player
    lobby.seats[lobby.seats.index(seat)] = member
    if lobby.host == seat:
        lobby.host = member
    lobby.sitting_out = [member if p == seat else p for p in lobby.sitting_out]
    lobby.seat_requests = [r for r in lobby.seat_requests if r["player"] != seat]
    crew["members"].pop(seat, None)
    crew["claims"] = [c for c in crew["claims"] if c["player"] != seat]
    crew["members"][member].update(name=player["name"], device=player.get("device"))


def _forget_me(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """A member deletes their history: their seat leaves, their stats and keepsakes go, and their name is
    "a former member" wherever others' records name them (the engine then rewrites the store without it)."""
    if lobby.crew is None:
        raise ActionError("not_a_crew")
    if lobby.match_live and lobby.match.is_present(actor):
        raise ActionError("match_running")
    from gamenight.lobby import remove_seat, scrub_name  # the lobby's own rules for a seat that goes

    name = lobby.players[actor]["name"]
    remove_seat(lobby, plugins, actor, now)
    crew = writable(lobby)
    crew["members"][actor] = {"name": None, "code": None, "device": None, "since": crew["members"][actor]["since"]}
    for season in crew["stats"].values():
        season.pop(actor, None)
    for season in crew["pairs"].values():
        for key in [k for k in season if k.split("|", 1)[0] == actor]:
            del season[key]
    crew["streaks"].pop(actor, None)
    crew["fame"] = [entry for entry in crew["fame"] if entry["by"] != actor]
    crew["keepsakes"] = [entry for entry in crew["keepsakes"] if entry["by"] != actor]
    crew["claims"] = [c for c in crew["claims"] if c["member"] != actor]
    scrub_name(lobby, actor, name)
    return {"forgotten": actor}


def _delete(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host deletes the crew's story; the lobby goes on as a lobby for tonight."""
    if lobby.crew is None:
        raise ActionError("not_a_crew")
    lobby.crew, lobby.crew_owned = None, True
    return {"deleted": True}


def _new_season(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """The host starts a new season: its table starts from nothing; all-time standings go on."""
    crew = writable(lobby)
    crew["season"] = {"n": crew["season"]["n"] + 1, "since": now}


# -- what a match and a night add ------------------------------------------------------------------------------


def stat_kinds(plugins: Plugins, game: str) -> dict[str, str]:
    """Each stat the game (and its variants) declares -> its ``best`` ("" for a count)."""
    declared = plugins.games.get(game)
    kinds = {key: stat.best for key, stat in (declared.stats if declared is not None else {}).items()}
    for variant in plugins.variants.values():
        if variant.game == game:
            kinds.update({key: stat.best for key, stat in variant.stats.items()})
    return kinds


def record_match(lobby: Lobby, plugins: Plugins, record: Mapping[str, Any]) -> None:
    """Add one finished match (its record: ``gamenight.awards.match_record``) to the crew's book."""
    crew = writable(lobby)
    season = crew["stats"].setdefault(str(crew["season"]["n"]), {})
    pairs = crew["pairs"].setdefault(str(crew["season"]["n"]), {})
    game = record["game"]
    known = crew["members"]
    for entry in record["ranking"]:
        pid = entry["player"]
        if pid not in known or known[pid].get("name") is None:
            continue
        counts = season.setdefault(pid, {}).setdefault(game, {})
        won = entry["place"] == 1
        _add(counts, "matches", 1)
        _add(counts, "wins", 1 if won else 0)
        _add(counts, "points", entry.get("total", 0))
        if entry.get("left"):
            _add(counts, "left", 1)
        streak = crew["streaks"].setdefault(pid, {"current": 0, "best": 0})
        streak["current"] = streak["current"] + 1 if won else 0
        streak["best"] = max(streak["best"], streak["current"])
    kinds = stat_kinds(plugins, game)
    for tally in record.get("tallies", []):
        pid, stat, amount = tally["player"], tally["stat"], tally["amount"]
        if pid not in known or known[pid].get("name") is None or stat not in kinds:
            continue
        best = kinds[stat]
        if best:
            _best(crew, f"{game}.{stat}", best, pid, amount, record["id"])
            continue
        _add(season.setdefault(pid, {}).setdefault(game, {}), stat, amount)
        if tally.get("against") in known:
            _add(pairs, f"{pid}|{tally['against']}|{game}.{stat}", amount)
    for kept in record.get("keepsakes", []):
        if kept["by"] in known and len(crew["keepsakes"]) < MAX_KEEPSAKES:
            crew["keepsakes"].append({**kept, "id": f"k{crew['next_keepsake']}", "game": game, "match": record["id"]})
            crew["next_keepsake"] += 1


def _add(counts: dict[str, Any], key: str, amount: float) -> None:
    counts[key] = counts.get(key, 0) + amount


def _best(crew: dict[str, Any], key: str, best: str, pid: str, figure: float, match: str) -> None:
    """A figure that beats the crew's record is its new record (and news of the night)."""
    held = crew["bests"].get(key)
    beaten = held is None or (figure < held["figure"] if best == "least" else figure > held["figure"])
    if not beaten:
        return
    night = len(crew["nights"]) + 1
    crew["bests"][key] = {"member": pid, "figure": figure, "night": night, "match": match}
    previous = None if held is None else {"member": held["member"], "figure": held["figure"]}
    crew["night_records"] = [r for r in crew["night_records"] if r["stat"] != key] + [
        {"stat": key, "member": pid, "figure": figure, "previous": previous}
    ]


def close_night(lobby: Lobby, now: float, extra: Mapping[str, Any]) -> None:
    """The host closed the night: it joins the crew's nights, and the hall of fame's vote opens."""
    crew = writable(lobby)
    recap = lobby.recap
    if extra.get("keep_days") is not None:
        crew["keep_days"] = extra["keep_days"]
    crew["nights"].append(
        {
            "n": len(crew["nights"]) + 1,
            "date": now,
            "season": crew["season"]["n"],
            "games": list(recap["games"]),
            "matches": [
                {"id": r["id"], "game": r["game"], "winners": [e["player"] for e in r["ranking"] if e["place"] == 1]}
                for r in lobby.night
            ],
            "standings": [
                {"member": row["player"], "place": row["place"], "points": row["points"], "wins": row.get("wins", 0)}
                for row in recap["standings"]
                if row["played"]  # a seat that only sat matches out did not play the night
            ],
            "awards": recap["awards"],
            "records": list(crew["night_records"]),
        }
    )
    hidden = {(item["kind"], item["key"]) for item in lobby.moderation["hidden"]}
    candidates = [k["id"] for k in crew["keepsakes"] if not _hidden(k, hidden)]
    crew["fame_vote"] = {"candidates": candidates, "ballots": {}} if candidates else None


def _hidden(keepsake: dict[str, Any], hidden: set[tuple[str, str]]) -> bool:
    """What the host hid tonight is no candidate for the hall of fame: a drawing, a text, its author's name."""
    content = keepsake["content"]
    drawing = ("drawing", f"{content.get('artist')}@{content.get('round')}")
    return drawing in hidden or ("text", content.get("text")) in hidden or ("name", keepsake["by"]) in hidden


def reopen_night(lobby: Lobby) -> None:
    """Back to the closed night: it leaves the nights until it is closed again."""
    crew = writable(lobby)
    if crew["nights"]:
        crew["nights"].pop()
    crew["fame_vote"] = None


def new_night(lobby: Lobby) -> None:
    """A new night: the vote's winners join the hall of fame, and the "previously on" is made."""
    crew = writable(lobby)
    _count_fame_vote(crew)
    last = crew["nights"][-1] if crew["nights"] else None
    crew["opener"] = (
        None
        if last is None
        else {
            "night": last["n"],
            "date": last["date"],
            "winners": [row["member"] for row in last["standings"] if row["place"] == 1],
            "records": last["records"],
            "streaks": sorted(
                ({"member": pid, "wins": s["current"]} for pid, s in crew["streaks"].items() if s["current"] >= 2),
                key=lambda s: -s["wins"],
            )[:3],
            "fame": [entry["id"] for entry in crew["fame"] if entry["night"] == last["n"]],
        }
    )
    crew["night_records"] = []
    crew["keepsakes"] = []
    crew["claims"] = []


def _fame_vote(lobby: Lobby, plugins: Plugins, actor, args, extra, now):
    """A member's vote for the night's keepsake that should join the hall of fame (one of each kind)."""
    crew = lobby.crew
    if crew is None:
        raise ActionError("not_a_crew")
    vote = crew["fame_vote"]
    if vote is None or lobby.recap is None:
        raise ActionError("no_fame_vote")
    chosen = next((k for k in crew["keepsakes"] if k["id"] == args["keepsake"]), None)
    if chosen is None or chosen["id"] not in vote["candidates"]:
        raise ActionError("unknown_keepsake", keepsake=args["keepsake"])
    crew = writable(lobby)
    crew["fame_vote"]["ballots"].setdefault(actor, {})[chosen["kind"]] = chosen["id"]


def _count_fame_vote(crew: dict[str, Any]) -> None:
    vote = crew["fame_vote"]
    crew["fame_vote"] = None
    if vote is None or not crew["nights"]:
        return
    counts: dict[str, int] = {}
    for ballot in vote["ballots"].values():
        for chosen in ballot.values():
            counts[chosen] = counts.get(chosen, 0) + 1
    night = crew["nights"][-1]["n"]
    for kind in ("drawing", "association"):
        entries = [k for k in crew["keepsakes"] if k["kind"] == kind and counts.get(k["id"], 0) > 0]
        if not entries:
            continue
        top = max(counts[k["id"]] for k in entries)
        winner = next(k for k in entries if counts[k["id"]] == top)  # a tie: the one made first
        crew["fame"].append({**winner, "votes": top, "night": night})
    crew["fame"] = crew["fame"][-MAX_FAME:]


HANDLERS = {
    "keep_crew": _keep,
    "crew_claim": _claim,
    "answer_crew_claim": _answer_claim,
    "crew_forget_me": _forget_me,
    "crew_delete": _delete,
    "new_season": _new_season,
    "fame_vote": _fame_vote,
}
