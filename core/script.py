"""Scripted matches: play a match headless from a JSON script and report its result.

The format is documented in docs/scripts.md. Forced deals reach the engine
only through this module (and tests); no network client can send one.
"""

from __future__ import annotations

from typing import Any

from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine, Outcome
from gamenight.registry import Plugins
from gamenight.store import SQLiteStore

EXPECT_KEYS = ("phase", "round", "turn", "round_scores", "totals", "winners", "error")


class ScriptError(Exception):
    """The script itself is malformed (unknown player, bad step)."""


class ExpectationFailed(Exception):
    """An ``expect`` step (or an unexpected refusal) did not hold; the message says where and how."""


class ScriptRun:
    def __init__(self, script: dict[str, Any], plugins: Plugins) -> None:
        if not isinstance(script, dict):
            raise ScriptError("a script is a JSON object")
        for key in ("game", "players", "steps"):
            if key not in script:
                raise ScriptError(f"the script has no {key!r}")
        self.script = script
        self.clock = ManualClock()
        self.engine = Engine(SQLiteStore(":memory:"), plugins, self.clock)
        self.tokens: dict[str, str] = {}
        self.ids: dict[str, str] = {}
        self.last_error: str | None = None
        self.last_step = "the start of the match"

    # -- running ----------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        players = self.script["players"]
        if not isinstance(players, list) or not players:
            raise ScriptError("'players' is a non-empty list of names, host first")
        outcome, token = self.engine.create_lobby(players[0])
        self._require(outcome, f"create the lobby as {players[0]!r}")
        self.code = outcome.code
        self._seat(players[0], outcome, token)
        for name in players[1:]:
            outcome, token = self.engine.join(self.code, name)
            self._require(outcome, f"seat {name!r}")
            self._seat(name, outcome, token)
        for number, step in enumerate(self.script.get("before", []), 1):
            self._step(f"before step {number}", step)
        if self.last_error is not None:
            raise ExpectationFailed(f"{self.last_step} was refused with {self.last_error!r} and nothing expected it")
        host = self.tokens[players[0]]
        choose = {
            "game": self.script["game"],
            "variants": self.script.get("variants", []),
            "options": self.script.get("options", {}),
        }
        self._require(self.engine.submit(self.code, "choose", choose, token=host), "choose the game")
        start = self.engine.submit(self.code, "start", token=host, extra={"forced_deals": self.script.get("deals")})
        self._require(start, "start the match")
        for number, step in enumerate(self.script["steps"], 1):
            self._step(f"step {number}", step)
        if self.last_error is not None:
            raise ExpectationFailed(f"{self.last_step} was refused with {self.last_error!r} and nothing expected it")
        return self.result()

    def _seat(self, name: str, outcome: Outcome, token: str | None) -> None:
        self.tokens[name] = token or ""
        self.ids[name] = outcome.reply["player"]

    def _require(self, outcome: Outcome, what: str) -> None:
        if not outcome.ok:
            raise ExpectationFailed(f"could not {what}: {outcome.error['code']} {outcome.error['params']}")

    def _step(self, where: str, step: Any) -> None:
        if not isinstance(step, dict):
            raise ScriptError(f"{where}: a step is a JSON object")
        if "expect" in step:
            self._check(where, step["expect"])
            return
        if self.last_error is not None:
            raise ExpectationFailed(f"{self.last_step} was refused with {self.last_error!r} and nothing expected it")
        if "advance" in step:
            advance(self.engine, self.clock, float(step["advance"]))
        elif "player" in step:
            token = self._token(where, step["player"])
            if "command" in step:
                args = dict(step.get("args", {}))
                if "player" in args:
                    args["player"] = self._id(where, args["player"])
                outcome = self.engine.submit(self.code, step["command"], args, token=token)
            elif "action" in step:
                payload = {"action": step["action"], "args": self._resolve(where, step.get("args", {}))}
                outcome = self.engine.submit(self.code, "act", payload, token=token)
            else:
                raise ScriptError(f"{where}: a player step needs 'action' (or 'command')")
            self.last_error = None if outcome.ok else outcome.error["code"]
        else:
            raise ScriptError(f"{where}: unknown step {sorted(step)}")
        self.last_step = f"{where} ({_describe(step)})"

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
        return self.lobby.match

    def _name(self, pid: str) -> str:
        return self.match.names.get(pid, pid)

    def _named(self, scores: dict[str, int]) -> dict[str, int]:
        return {self._name(pid): points for pid, points in scores.items()}

    def observed(self) -> dict[str, Any]:
        match = self.match
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
        if not isinstance(expected, dict) or not set(expected) <= set(EXPECT_KEYS):
            raise ScriptError(f"{where}: 'expect' takes an object with keys among {', '.join(EXPECT_KEYS)}")
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
        return {
            "game": match.game,
            "variants": match.variants,
            "rounds": rounds,
            "totals": self._named(match.totals()),
            "winners": [self._name(p) for p in match.result["winners"]] if match.result else [],
            "over": match.over,
        }


def run_script(script: dict[str, Any], plugins: Plugins) -> dict[str, Any]:
    """Play ``script`` and return its result; raises ``ExpectationFailed`` or ``ScriptError``."""
    return ScriptRun(script, plugins).run()


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
