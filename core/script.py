"""Scripted matches: play a match headless from a JSON script and report its result.

The format is documented in docs/scripts.md. Forced deals reach the engine
only through this module (and tests); no network client can send one.
"""

from __future__ import annotations

from typing import Any

from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine, Outcome
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore

EXPECT_KEYS = ("phase", "round", "turn", "round_scores", "totals", "winners", "error")
SCRIPT_KEYS = ("game", "variants", "options", "players", "deals", "before", "start", "steps")
# Refusals that mean the script itself is wrong, wherever they happen: a forced deal
# the game cannot honour. (An unknown game or variant counts too when the script names it.)
MALFORMED = "bad_deal"


class ScriptError(Exception):
    """The script itself is malformed (unknown player, bad step, a deal the game cannot make)."""


class ExpectationFailed(Exception):
    """An ``expect`` step (or an unexpected refusal) did not hold; the message says where and how."""


class _Refused(Exception):
    """Something the engine did on its own (a timer's expiry) was refused; it would be retried forever."""

    def __init__(self, kind: str, args: Any, outcome: Outcome) -> None:
        super().__init__(kind)
        self.kind = kind
        self.command_args = args
        self.outcome = outcome


class _ScriptEngine(Engine):
    """The engine, except that a refused system command (a timer's expiry) stops the script.

    A server retries such a command on its next tick; a script's clock would
    retry it forever at the same instant, so the refusal is raised instead.
    """

    def submit(self, code, kind, args=None, *, token=None, system=False, extra=None) -> Outcome:
        outcome = super().submit(code, kind, args, token=token, system=system, extra=extra)
        if system and not outcome.ok and kind != "presence":
            raise _Refused(kind, args, outcome)
        return outcome


class ScriptRun:
    def __init__(self, script: dict[str, Any], plugins: Plugins) -> None:
        _validate(script)
        self.script = script
        self.clock = ManualClock()
        self.engine = _ScriptEngine(SQLiteStore(":memory:"), plugins, self.clock)
        self.tokens: dict[str, str] = {}
        self.ids: dict[str, str] = {}
        self.last_error: str | None = None
        self.last_refusal: dict[str, Any] | None = None
        self.last_step = "the start of the match"
        self.refused_start: dict[str, Any] | None = None
        self._seen_match = None

    # -- running ----------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        players = self.script["players"]
        outcome, token = self.engine.create_lobby(players[0])
        self._require(outcome, f"create the lobby as {players[0]!r}")
        self.code = outcome.code
        self._seat(players[0], outcome, token)
        for name in players[1:]:
            outcome, token = self.engine.join(self.code, name)
            self._require(outcome, f"seat {name!r}")
            self._seat(name, outcome, token)
        for number, step in enumerate(self.script.get("before") or [], 1):
            self._step(f"before step {number}", step)
        self._unexpected_refusal()
        if not self._start():
            return self.result()
        for number, step in enumerate(self.script.get("steps") or [], 1):
            self._step(f"step {number}", step)
        self._unexpected_refusal()
        return self.result()

    def _start(self) -> bool:
        """Choose the game and start the match; False when the start was refused as the script expects."""
        host = self.tokens[self.script["players"][0]]
        choose = {
            "game": self.script["game"],
            "variants": self.script.get("variants") or [],
            "options": self.script.get("options") or {},
        }
        what, outcome = "choose the game", self.engine.submit(self.code, "choose", choose, token=host)
        if not outcome.ok and outcome.error["code"] in ("unknown_game", "unknown_variant"):
            params = outcome.error["params"]
            if outcome.error["code"] == "unknown_variant":
                raise ScriptError(f"{params.get('variant')!r} is not an installed variant of {params.get('game')!r}")
            installed = ", ".join(self.engine.plugins.games) or "none"
            raise ScriptError(f"{params.get('game')!r} is not an installed game (installed: {installed})")
        if outcome.ok:
            forced = {"forced_deals": self.script.get("deals")}
            what, outcome = "start the match", self.engine.submit(self.code, "start", token=host, extra=forced)
            if not outcome.ok and outcome.error["code"] == MALFORMED:
                raise ScriptError(f"could not start the match: {_bad_deal(outcome.error)}")
        wanted = self.script["start"]["expect"]["error"] if "start" in self.script else None
        if outcome.ok:
            self.last_step = "the start of the match"
            self._seen_match = self.lobby.match
            if wanted is not None:
                raise ExpectationFailed(
                    f"'start': expected the start to be refused with {_show(wanted)}, but the match started"
                )
            return True
        code = outcome.error["code"]
        if wanted is None:
            raise ExpectationFailed(
                f"could not {what}: {code} {outcome.error['params']} (a script that expects its start to be "
                f'refused says so with "start": {{"expect": {{"error": {_show(code)}}}}})'
            )
        if code != wanted:
            raise ExpectationFailed(
                f"'start': after {what} {outcome.error['params']}\n  error: expected {_show(wanted)}, got {_show(code)}"
            )
        self.refused_start = {"code": code, "params": outcome.error["params"]}
        return False

    def _unexpected_refusal(self) -> None:
        if self.last_error is not None:
            raise ExpectationFailed(f"{self.last_step} was refused with {self._refusal()} and nothing expected it")

    def _refusal(self) -> str:
        error = self.last_refusal or {}
        return f"{error.get('code')!r} {error.get('params', {})}"

    def _seat(self, name: str, outcome: Outcome, token: str | None) -> None:
        self.tokens[name] = token or ""
        self.ids[name] = outcome.reply["player"]

    def _require(self, outcome: Outcome, what: str) -> None:
        if not outcome.ok:
            raise ExpectationFailed(f"could not {what}: {outcome.error['code']} {outcome.error['params']}")

    def _step(self, where: str, step: Any) -> None:
        _validate_step(where, step)
        if "expect" in step:
            self._check(where, step["expect"])
            return
        self._unexpected_refusal()
        described = f"{where} ({_describe(step)})"
        if "advance" in step:
            try:
                advance(self.engine, self.clock, float(step["advance"]))
            except _Refused as exc:
                error = exc.outcome.error
                if error["code"] == MALFORMED:
                    raise ScriptError(f"{described}: {_bad_deal(error)}") from None
                raise ExpectationFailed(
                    f"{described}: the engine's own {exc.kind} {exc.command_args} was refused with "
                    f"{error['code']!r} {error['params']}"
                ) from None
            outcome = None
        else:
            token = self._token(where, step["player"])
            args = step.get("args") or {}
            if "command" in step:
                args = dict(args)
                if "player" in args:
                    args["player"] = self._id(where, args["player"])
                outcome = self.engine.submit(self.code, step["command"], args, token=token)
            else:
                # A script's player acts on the state as it stands, as a client that has seen it would.
                match = self.lobby.match
                payload = {
                    "action": step["action"],
                    "args": self._resolve(where, args),
                    "version": match.version if match is not None else None,
                }
                outcome = self.engine.submit(self.code, "act", payload, token=token)
            if not outcome.ok and outcome.error["code"] == MALFORMED:
                raise ScriptError(f"{described}: {_bad_deal(outcome.error)}")
        self.last_refusal = None if outcome is None or outcome.ok else outcome.error
        self.last_error = self.last_refusal["code"] if self.last_refusal else None
        self.last_step = described
        if self.lobby.match is not None:
            self._seen_match = self.lobby.match

    def _resolve(self, where: str, value: Any) -> Any:
        """Replace every string ``"@Name"`` in a move's arguments by that player's id."""
        if isinstance(value, str) and value.startswith("@"):
            return self._id(where, value[1:])
        if isinstance(value, list):
            return [self._resolve(where, v) for v in value]
        if isinstance(value, dict):
            return {k: self._resolve(where, v) for k, v in value.items()}
        return value

    def _token(self, where: str, name: Any) -> str:
        if name not in self.tokens:
            raise ScriptError(f"{where}: {name!r} is not one of the players")
        return self.tokens[name]

    def _id(self, where: str, name: Any) -> str:
        if name not in self.ids:
            raise ScriptError(f"{where}: {name!r} is not one of the players")
        return self.ids[name]

    # -- reading the state ---------------------------------------------------------------

    @property
    def lobby(self):
        return self.engine.lobbies[self.code]

    @property
    def match(self):
        """The lobby's match, or (after an ``abort``) the last match the script saw."""
        return self.lobby.match or self._seen_match

    def _name(self, pid: str) -> str:
        return self.match.names.get(pid, pid)

    def _named(self, scores: dict[str, int]) -> dict[str, int]:
        return {self._name(pid): points for pid, points in scores.items()}

    def observed(self) -> dict[str, Any]:
        match = self.match
        if match is None:  # a ``before`` step: no match yet
            return {
                "phase": None,
                "round": None,
                "turn": None,
                "round_scores": None,
                "totals": {},
                "winners": [],
                "error": self.last_error,
            }
        finished = match.rounds_finished
        return {
            "phase": match.phase,
            "round": match.round,
            "turn": self._name(match.turn) if match.turn else None,
            "round_scores": self._named(match.round_scores(finished - 1)) if finished else None,
            "totals": self._named(match.totals()),
            "winners": [self._name(p) for p in match.result["winners"]] if match.result else [],
            "error": self.last_error,
        }

    def _check(self, where: str, expected: Any) -> None:
        if self.last_error is not None and "error" not in expected:
            raise ExpectationFailed(
                f"{where}: {self.last_step} was refused with {self._refusal()}; "
                f"an expect after a refused step must name its 'error'"
            )
        got = self.observed()
        problems = []
        for key, want in expected.items():
            have = got[key]
            same = sorted(want) == sorted(have) if key == "winners" else want == have
            if not same:
                problems.append(f"  {key}: expected {_show(want)}, got {_show(have)}{_dict_diff(want, have)}")
        if problems:
            raise ExpectationFailed(f"{where}: after {self.last_step}\n" + "\n".join(problems))
        self.last_error = None

    def result(self) -> dict[str, Any]:
        if self.refused_start is not None:
            return {
                "game": self.script["game"],
                "variants": self.script.get("variants") or [],
                "started": False,
                "refused": self.refused_start,
                "rounds": [],
                "totals": {},
                "winners": [],
                "over": False,
            }
        match = self.match
        rounds = []
        for index in range(match.rounds_finished):
            rounds.append(
                {
                    "round": index + 1,
                    "scores": self._named(match.round_scores(index)),
                    "points": [
                        {
                            "player": self._name(e["player"]),
                            "points": e["points"],
                            "reason": e["reason"],
                            "params": e["params"],
                        }
                        for e in match.ledger.rounds[index]
                    ],
                }
            )
        result = {
            "game": match.game,
            "variants": match.variants,
            "started": True,
            "rounds": rounds,
            "totals": self._named(match.totals()),
            "winners": [self._name(p) for p in match.result["winners"]] if match.result else [],
            "over": match.over,
        }
        if self.lobby.match is None:
            result["aborted"] = True
        return result


def run_script(script: dict[str, Any], plugins: Plugins) -> dict[str, Any]:
    """Play ``script`` and return its result; raises ``ExpectationFailed`` or ``ScriptError``."""
    return ScriptRun(script, plugins).run()


def _validate(script: Any) -> None:
    """Check the script's shape before anything runs; raise ``ScriptError`` naming what is wrong."""
    if not isinstance(script, dict):
        raise ScriptError("a script is a JSON object")
    unknown = sorted(set(script) - set(SCRIPT_KEYS))
    if unknown:
        raise ScriptError(f"unknown key {unknown[0]!r} (a script has {', '.join(SCRIPT_KEYS)})")
    for key in ("game", "players"):
        if key not in script:
            raise ScriptError(f"the script has no {key!r}")
    if "steps" not in script and "start" not in script:
        raise ScriptError("the script has no 'steps'")
    if not isinstance(script["game"], str) or not script["game"]:
        raise ScriptError("'game' is a game id (see `gamenight games`)")
    players = script["players"]
    if not isinstance(players, list) or not players or not all(isinstance(n, str) and n for n in players):
        raise ScriptError("'players' is a non-empty list of names, host first")
    folded = [name.casefold() for name in players]
    for name in players:
        if folded.count(name.casefold()) > 1:
            raise ScriptError(f"'players' names {name!r} twice")
    variants = script.get("variants")
    if variants is not None and not (isinstance(variants, list) and all(isinstance(v, str) for v in variants)):
        raise ScriptError("'variants' is a list of variant ids")
    if script.get("options") is not None and not isinstance(script["options"], dict):
        raise ScriptError("'options' is an object")
    deals = script.get("deals")
    if deals is not None and not (isinstance(deals, list) and all(isinstance(d, dict) for d in deals)):
        raise ScriptError("'deals' is a list of objects, one forced deal per round")
    for key in ("before", "steps"):
        if script.get(key) is not None and not isinstance(script[key], list):
            raise ScriptError(f"{key!r} is a list of steps")
    if "start" in script:
        start = script["start"]
        expect = start.get("expect") if isinstance(start, dict) else None
        if (
            set(start if isinstance(start, dict) else ()) != {"expect"}
            or not isinstance(expect, dict)
            or set(expect) != {"error"}
            or not isinstance(expect["error"], str)
        ):
            raise ScriptError('\'start\' is {"expect": {"error": code}}: the code the start is refused with')
        if script.get("steps"):
            raise ScriptError("a script whose start is expected to be refused has no 'steps': they would never run")


def _validate_step(where: str, step: Any) -> None:
    if not isinstance(step, dict):
        raise ScriptError(f"{where}: a step is a JSON object")
    keys = set(step)
    if keys == {"expect"}:
        expected = step["expect"]
        if not isinstance(expected, dict) or not expected or not set(expected) <= set(EXPECT_KEYS):
            raise ScriptError(f"{where}: 'expect' takes an object with keys among {', '.join(EXPECT_KEYS)}")
        winners = expected.get("winners", [])
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            raise ScriptError(f"{where}: 'winners' is a list of names")
    elif keys == {"advance"}:
        seconds = step["advance"]
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
            raise ScriptError(f"{where}: 'advance' takes a number of seconds (0 or more)")
    elif keys in (
        {"player", "action"},
        {"player", "action", "args"},
        {"player", "command"},
        {"player", "command", "args"},
    ):
        if not isinstance(step["player"], str):
            raise ScriptError(f"{where}: 'player' is a player's name")
        if not isinstance(step.get("action", step.get("command")), str):
            raise ScriptError(f"{where}: 'action' (or 'command') is an id")
        if step.get("args") is not None and not isinstance(step["args"], dict):
            raise ScriptError(f"{where}: 'args' is an object")
    elif "player" in keys and not keys & {"action", "command"}:
        raise ScriptError(f"{where}: a player step needs 'action' (or 'command')")
    else:
        raise ScriptError(f"{where}: unknown step {sorted(keys)}")


def _bad_deal(error: dict[str, Any]) -> str:
    params = error["params"]
    return f"round {params.get('round')} cannot be dealt as the script asks: {params.get('reason')}"


def _describe(step: dict[str, Any]) -> str:
    if "advance" in step:
        return f"advance {step['advance']} s"
    what = step.get("action") or step.get("command")
    return f"{step.get('player')}: {what} {step.get('args', {})}"


def _show(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _dict_diff(want: Any, have: Any) -> str:
    if not isinstance(want, dict) or not isinstance(have, dict):
        return ""
    lines = []
    for key in sorted(set(want) | set(have)):
        if want.get(key) != have.get(key):
            lines.append(f"    {key}: expected {_show(want.get(key))}, got {_show(have.get(key))}")
    return "\n" + "\n".join(lines) if lines else ""
