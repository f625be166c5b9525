"""The test kit: play a game through the real engine by player name, and check what each client received.

For plugin authors and for gamenight's own tests (docs/plugins.md, "Testing your game")::

    from gamenight.testing import Party

    def test_the_spy_never_sees_an_agents_card():
        party = Party(["Ann", "Boris", "Chen", "Dina"])  # Ann hosts; every installed plugin
        assert party.start("spyfall", deals=[{"location": "s2.port", "spies": ["Chen"]}], seed="fixed").ok
        party.must("Ann", "asked", player=party.id_of("Chen"))
        assert party.refused("Chen", "asked", player=party.id_of("Ann")) == "spyfall.no_asking_back"
        party.recorder.never_holds("Chen", party.view("Ann")["match"]["game_view"]["card"])

A ``Party`` seats its players in one lobby of an engine with an in-memory store and a clock that moves only
when told to (``advance``), and drives it the way clients do: every command goes through the engine's one
action path, a move is made on the version the player last saw. Its ``recorder`` keeps every payload each
recipient received; ``assert_received_alike`` compares what one recipient received at parties playing the same
match side by side, each lobby's code aside. ``gamenight.testing_plugin`` offers a Party to pytest as the
``gamenight_party`` fixture; ``gamenight.web.testing`` shows a game's screen in Chromium for a view.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from gamenight.clock import ManualClock, advance
from gamenight.engine import TABLE, Engine, Outcome
from gamenight.lobby import Lobby
from gamenight.match import Match
from gamenight.registry import Plugins
from gamenight.store import Store
from gamenight.store_sqlite import SQLiteStore

__all__ = [  # Outcome: what moves and commands return
    "LOBBY_CODE",
    "TABLE_SCREEN",
    "Outcome",
    "Party",
    "Payload",
    "Recorder",
    "assert_received_alike",
]

TABLE_SCREEN = "table"  # the recorder's name for the table screen (the TV), which ``view(None)`` shows
LOBBY_CODE = "<lobby code>"  # what ``Party.comparable`` puts in the place of the party's own lobby code


@dataclass(frozen=True, eq=False)
class Payload:
    """One payload a recipient received: their new view after a change, or the answer to their own command."""

    recipient: str  # a player's name, or "table"
    after: str  # what caused it: "Ann: move vote", "clock +30s", ...
    kind: str  # "view" or "answer" ({"ok": true, "reply": ...} or {"ok": false, "error": ...})
    json: bytes  # as it would go on the wire

    @property
    def value(self) -> Any:
        """The payload as JSON data."""
        return _loads(self.json)


class Recorder:
    """Every payload each recipient received from the Party's engine, in order.

    After each accepted change the engine builds every recipient's view (each seat in the lobby, and the
    table screen) and the web server delivers each its own, as a patch of the view it holds: the recorder
    keeps each of these views whole, which is what that client then holds. The sender of a command also
    receives its answer, recorded too: a refusal's error, or the accepted command's reply.
    """

    def __init__(self) -> None:
        self._log: dict[str, list[Payload]] = {}

    def record(self, outcome: Outcome, names: dict[str, str], *, after: str, sender: str | None = None) -> None:
        """Record what ``outcome`` delivered (``names``: player id to name; ``sender``: who sent the command)."""
        if sender is not None:
            answer = {"ok": True, "reply": outcome.reply} if outcome.ok else {"ok": False, "error": outcome.error}
            self._add(Payload(sender, after, "answer", _dumps(answer)))
        if outcome.ok:
            for pid, view in outcome.views.items():
                recipient = TABLE_SCREEN if pid is TABLE else names.get(pid, pid)
                self._add(Payload(recipient, after, "view", _dumps(view)))

    def _add(self, payload: Payload) -> None:
        self._log.setdefault(payload.recipient, []).append(payload)

    @property
    def recipients(self) -> list[str]:
        """Everyone who received anything so far: player names, and "table"."""
        return list(self._log)

    def payloads(self, name: str | None) -> list[Payload]:
        """Every payload ``name`` (None or "table": the table screen) received, in order."""
        who = TABLE_SCREEN if name is None else name
        if who not in self._log:
            raise KeyError(f"{who!r} received nothing; the recipients are {', '.join(self._log) or 'nobody'}")
        return list(self._log[who])

    def received(self, name: str | None) -> list[Any]:
        """Every payload ``name`` received, as JSON data, in order."""
        return [payload.value for payload in self.payloads(name)]

    def views(self, name: str | None) -> list[dict[str, Any]]:
        """The views ``name`` received, in order (the last is the one their client holds now)."""
        return [payload.value for payload in self.payloads(name) if payload.kind == "view"]

    def never_holds(self, name: str | None, value: Any) -> None:
        """Assert that no payload to ``name`` holds ``value`` anywhere (see ``find``)."""
        found = list(self.find(name, value))
        if found:
            payload, path = found[0]
            index = self.payloads(name).index(payload)
            raise AssertionError(
                f"{payload.recipient} received {value!r}: their payload {index} ({payload.kind} after "
                f"{payload.after}) holds it at {path}"
                + (f", and {len(found) - 1} more place(s) do" if len(found) > 1 else "")
            )

    def holds(self, name: str | None, value: Any) -> None:
        """Assert that some payload to ``name`` holds ``value`` (the check ``never_holds`` makes can fail)."""
        if next(self.find(name, value), None) is None:
            received = len(self.payloads(name))
            raise AssertionError(f"{name or TABLE_SCREEN} never received {value!r} in {received} payload(s)")

    def find(self, name: str | None, value: Any) -> Iterator[tuple[Payload, str]]:
        """Each payload to ``name`` holding ``value``, with where: text is found inside any string, keys too;
        anything else where a value or a list item equals it (JSON equality: ``1`` is not ``true``)."""
        if value == "" or value is None:
            raise ValueError("look for something: an empty string or None is found everywhere")
        wanted = _loads(_dumps(value))  # tuples become lists, as in the JSON
        for payload in self.payloads(name):
            for path in _paths(payload.value, wanted, ""):
                yield payload, path or "the whole payload"

    def clear(self) -> None:
        """Forget everything recorded so far (to check only what comes next)."""
        self._log.clear()


def _dumps(data: Any) -> bytes:
    """JSON as the web server writes it (gamenight.web.protocol): orjson, else the standard library's way."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # an int past 64 bits, a lone surrogate
        return json.dumps(data, separators=(",", ":")).encode()


def _loads(text: bytes) -> Any:
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # a lone surrogate, written by the standard library
        return json.loads(text)


def _paths(node: Any, wanted: Any, path: str) -> Iterator[str]:
    """Where ``wanted`` is in ``node``: see ``Recorder.find``."""
    if isinstance(wanted, str):
        if isinstance(node, str) and wanted in node:
            yield path
    elif _same(node, wanted):
        yield path
        return
    if isinstance(node, dict):
        for key, item in node.items():
            inner = f"{path}.{key}" if path else key
            if isinstance(wanted, str) and wanted in key:
                yield f"{inner} (the key)"
            yield from _paths(item, wanted, inner)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _paths(item, wanted, f"{path}[{index}]")


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: a boolean is never a number."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and a == b


class Party:
    """Players seated in one lobby by name (the first is the host), playing through the real engine."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        plugins: Plugins | None = None,
        clock: ManualClock | Callable[[], float] | None = None,
        store: Store | None = None,
        engine: Engine | None = None,
    ) -> None:
        """``plugins``: every installed plugin by default (``Plugins()``, as a server finds them); ``store``: an
        in-memory SQLite store by default; ``engine``: seat the lobby on this engine instead of a new one
        (several parties may share one; ``clock`` is then its clock, which only a ManualClock lets ``advance``)."""
        if engine is not None:
            if plugins is not None or store is not None:
                raise ValueError("a party on a given engine uses that engine's plugins and store")
            clock = clock if clock is not None else engine.clock
            self._owned_store: Store | None = None
        else:
            clock = clock if clock is not None else ManualClock()
            self._owned_store = None if store is not None else SQLiteStore(":memory:")
            store = store if store is not None else self._owned_store
            engine = Engine(store, plugins if plugins is not None else Plugins(), clock)
        self.engine: Engine = engine
        self.clock: ManualClock | Callable[[], float] = clock  # the engine's (only a ManualClock moves with advance)
        self.recorder = Recorder()
        self.ids: dict[str, str] = {}  # name -> player id
        self.tokens: dict[str, str] = {}  # name -> seat token
        if not names:
            raise ValueError("a party needs at least its host")
        outcome, token = engine.create_lobby(names[0])
        if not outcome.ok:
            raise AssertionError(f"the lobby could not be created for {names[0]!r}: {outcome.error}")
        self.code: str = outcome.code
        self._seated(names[0], outcome, token, after=f"{names[0]} created the lobby")
        for name in names[1:]:
            joined = self.join(name)
            if not joined.ok:
                raise AssertionError(f"{name!r} could not join: {joined.error}")

    # -- who is who ------------------------------------------------------------------------------------

    @property
    def plugins(self) -> Plugins:
        """The engine's plugins."""
        return self.engine.plugins

    @property
    def lobby(self) -> Lobby:
        """The lobby as the engine holds it now."""
        return self.engine.lobbies[self.code]

    @property
    def match(self) -> Match | None:
        """The lobby's current match (or the last one, over), or None."""
        return self.lobby.match

    @property
    def phase(self) -> str | None:
        """The current match's phase id, or None without a match."""
        return self.match.phase if self.match is not None else None

    @property
    def turn(self) -> str | None:
        """The name of the player whose turn it is, or None."""
        match = self.match
        return self.name_of(match.turn) if match is not None and match.turn is not None else None

    def id_of(self, name: str) -> str:
        """The player id of ``name``."""
        return self.ids[name]

    def name_of(self, pid: str) -> str:
        """The name of player ``pid``."""
        for name, known in self.ids.items():
            if known == pid:
                return name
        raise KeyError(f"no player {pid!r} was seated by this party")

    def _names(self) -> dict[str, str]:
        return {pid: name for name, pid in self.ids.items()}

    # -- commands --------------------------------------------------------------------------------------

    def join(self, name: str, look: dict[str, str] | None = None) -> Outcome:
        """``name`` takes a seat (a look ``{"colour", "avatar"}`` or the first free one); not asserted."""
        outcome, token = self.engine.join(self.code, name, look)
        self._seated(name, outcome, token, after=f"{name} joined")
        return outcome

    def _seated(self, name: str, outcome: Outcome, token: str | None, *, after: str) -> None:
        if outcome.ok:
            self.ids[name] = outcome.reply["player"]
            self.tokens[name] = token
        self.recorder.record(outcome, self._names(), after=after, sender=name)

    def leave(self, name: str) -> Outcome:
        """``name`` leaves the lobby (and the match: a departure)."""
        return self.command(name, "leave")

    def command(self, name: str, kind: str, /, **args: Any) -> Outcome:
        """A lobby command (``kick``, ``lock``, ``choose``, ``end``... docs/protocol.md) sent by ``name``."""
        outcome = self.engine.submit(self.code, kind, args, token=self.tokens[name])
        what = f"move {args.get('action')}" if kind == "act" else kind
        self.recorder.record(outcome, self._names(), after=f"{name}: {what}", sender=name)
        return outcome

    def move(self, name: str, action: str, /, *, version: int | None = None, **args: Any) -> Outcome:
        """A move of the current match by ``name``, made on the version they last saw (the current one unless
        ``version`` says otherwise: an older one is a stale client's); not asserted."""
        if version is None and self.match is not None:
            version = self.match.version
        return self.command(name, "act", action=action, args=args, version=version)

    def must(self, name: str, action: str, /, **args: Any) -> Outcome:
        """``move``, asserting that it was accepted."""
        outcome = self.move(name, action, **args)
        if not outcome.ok:
            raise AssertionError(f"{name}'s move {action!r} {args} was refused: {outcome.error}")
        return outcome

    def refused(self, name: str, action: str, /, **args: Any) -> str:
        """``move``, asserting that it was refused; returns the error code."""
        outcome = self.move(name, action, **args)
        if outcome.ok:
            raise AssertionError(f"{name}'s move {action!r} {args} was accepted")
        return outcome.error["code"]

    def start(
        self,
        game: str,
        variants: Iterable[str] = (),
        options: dict[str, Any] | None = None,
        deals: list[dict[str, Any]] | None = None,
        seed: str | None = None,
        host: str | None = None,
    ) -> Outcome:
        """The host chooses ``game`` (with ``variants`` and ``options``) and starts a match; the first refusal is
        returned. ``deals``: one forced deal per round in the game's own format, players by name (docs/scripts.md;
        rounds past the list are dealt at random). ``seed``: the match's secret seed (random unless given): the
        same seed and the same moves deal the same."""
        host = host or self.name_of(self.lobby.host)
        chosen = self.command(host, "choose", game=game, variants=list(variants), options=options or {})
        if not chosen.ok:
            return chosen
        extra: dict[str, Any] = {"forced_deals": deals} | ({"seed": seed} if seed is not None else {})
        outcome = self.engine.submit(self.code, "start", token=self.tokens[host], extra=extra)
        self.recorder.record(outcome, self._names(), after=f"{host}: start {game}", sender=host)
        return outcome

    def advance(self, seconds: float) -> list[Outcome]:
        """Move the clock by ``seconds``, firing each timer due on the way at its own deadline."""
        if not isinstance(self.clock, ManualClock):
            raise TypeError("advance() needs a party on a ManualClock")
        start = self.clock.now
        fired = advance(self.engine, self.clock, seconds)
        for outcome in fired:
            at = next((view["now"] for view in outcome.views.values()), self.clock.now)
            self.recorder.record(outcome, self._names(), after=f"clock +{at - start:g}s")
        return fired

    # -- what clients see --------------------------------------------------------------------------------

    def view(self, name: str | None) -> dict[str, Any]:
        """The whole view ``name``'s client holds now (None: the table screen's)."""
        return self.engine.view(self.code, self.ids[name] if name is not None else TABLE)

    def state(self) -> dict[str, Any] | None:
        """The match as the table screen sees it (the public view: phase, turn, ballots, points, game_view)."""
        return self.view(None)["match"]

    def comparable(self, name: str | None) -> list[Any]:
        """Everything ``name`` (None: the table screen) received, as ``recorder.received`` gives it, with what is
        this party's own rather than its match's replaced: its lobby's code becomes ``LOBBY_CODE`` wherever it
        is (a value, a key, inside a text). Player ids, match ids and the clock are the same at parties seated
        alike, so two parties playing one match side by side send ``name`` the same comparable payloads."""
        code = re.compile(rf"(?<![A-Za-z0-9]){re.escape(self.code)}(?![A-Za-z0-9])")
        return [_replaced(payload, code, LOBBY_CODE) for payload in self.recorder.received(name)]

    def close(self) -> None:
        """Close the store the party made (a given store or engine is left open)."""
        if self._owned_store is not None:
            self._owned_store.close()


def _replaced(node: Any, pattern: re.Pattern[str], by: str) -> Any:
    """``node`` with ``pattern`` replaced by ``by`` in every string, keys included."""
    if isinstance(node, str):
        return pattern.sub(by, node)
    if isinstance(node, dict):
        return {pattern.sub(by, key): _replaced(value, pattern, by) for key, value in node.items()}
    if isinstance(node, list):
        return [_replaced(value, pattern, by) for value in node]
    return node


def assert_received_alike(parties: Sequence[Party], name: str | None) -> int:
    """Assert that ``name`` (None: the table screen) received the same at every party of ``parties``, each
    party's own lobby code aside (``Party.comparable``): the check of a secret by non-interference, where parties
    seated alike play the same moves on deals that differ only in the secret. Fails naming the first payload
    that differs, what caused it and where; returns how many payloads were compared."""
    if len(parties) < 2:
        raise ValueError("compare at least two parties")
    first, *others = parties
    expected = first.comparable(name)
    for number, other in enumerate(others, start=2):
        got = other.comparable(name)
        for index, (one, two) in enumerate(zip(expected, got, strict=False)):
            where = _difference(one, two, "")
            if where is not None:
                path, a, b = where
                causes = first.recorder.payloads(name)[index].after, other.recorder.payloads(name)[index].after
                raise AssertionError(
                    f"{name or TABLE_SCREEN} can tell party 1 from party {number}: their payload {index} (after "
                    f"{causes[0]} / {causes[1]}) differs at {path or 'the whole payload'}: {a!r} / {b!r}"
                )
        if len(expected) != len(got):
            raise AssertionError(
                f"{name or TABLE_SCREEN} received {len(expected)} payload(s) at party 1, {len(got)} at party {number}"
            )
    return len(expected)


def _difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where ``a`` and ``b`` differ as JSON: (path, a's value, b's value), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(key for key in b if key not in a)]:
            inner = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                return inner, a.get(key, "(missing)"), b.get(key, "(missing)")
            found = _difference(a[key], b[key], inner)
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _difference(x, y, f"{path}[{index}]")
            if found is not None:
                return found
        return None if len(a) == len(b) else (path, f"{len(a)} items", f"{len(b)} items")
    return None if _same(a, b) else (path, a, b)
