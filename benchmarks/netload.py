"""Network load: the real server and a bare relay of the same message pattern, side by side in one run.

    python benchmarks/netload.py [--servers real relay] [--lobbies 20 40 80] [--modes eventlet gevent threading]
                                 [--rate 1] [--warmup 3] [--duration 20] [--bisect N] [--json results.json]
    python benchmarks/netload.py --quick     # 2 lobbies for 3 s; exit 1 on any error or any view that differs

For every async mode and number of lobbies, each server runs in turn, fresh:
``gamenight serve`` on a new SQLite file, or ``benchmarks/relay.py`` (the same
Flask-SocketIO stack with no rules and no database), on a loopback port, in a
process of its own pinned to CPU 0 while this load generator runs on CPU 1
(when the machine has two cores or more). Each lobby has 8 seats and a table
screen, one Socket.IO connection each, all from this one asyncio process
(the ``websockets`` package speaking Engine.IO 4 / Socket.IO 5 itself, so that
a client costs little), and plays a Spyfall 2 match. Every seat makes legal
moves as a Poisson process at RATE moves a second: it crosses off locations of
its own list (``cross``, simultaneous, so never stale) and, when it is its turn
to ask, names whom it asked (``asked``, which may come back ``stale`` when
another move got in first: counted, not an error, and tried again).

Each connection keeps its view exactly as docs/protocol.md says a client must:
a ``state`` replaces it, a ``patch`` applies when its ``from`` is the view's
version (older ones are ignored, a gap asks for ``resync``). Patches that did
not apply and resyncs are counted as errors, and at the end every connection
asks for a fresh ``state`` and checks that it equals the view it built (all
but ``now`` and the clocks' ``remaining``, which depend on when a view is built).

Latency of a move: from its send until every connection of its lobby holds a
view whose ``lobby.version`` is at least the version the move produced. That
version is found exactly: a seat crosses its first 12 locations in Gray-code
order, so the set of its marks names each of its moves, and the first version
of its own view that shows the set is the move's; an ``asked`` is the first
version whose turn passed from the seat to the player it named.

Reported per run: latency p50/p95/p99/max, moves a second accepted, errors
(refusals, moves never acknowledged, versions that never reached everyone,
disconnects, patches that did not apply, views that differ), server CPU per
move (``/proc/<pid>/stat``, from the measured window's start until its last
move was delivered everywhere), server memory before the clients connect and
with them connected (KiB per client, the lobbies' state included) and the
mean size of a message received. "srv wait%" is how long the server's threads
were ready to run but waited for their core (``/proc/<pid>/task/*/schedstat``):
well above zero, other work on the machine took the server's core and its
latency is not its own. "gen GC ms" is the longest pause of this generator's own
garbage collector in the window: a move in flight then looks that much slower, which
is the generator's doing, not the server's. The relay pads its
patches to the mean size of the real server's, captured at the start of the
run. ``--bisect N`` then halves N times the gap between the most lobbies that
held p99 <= --slo-ms with no error and the fewest that did not.

Figures are only as quiet as the machine: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from gamenight.web.services import free_port
from netclient import SEATS, Clients, Conn, Lobby, Seat, add_load_options, now

HERE = Path(__file__).resolve().parent
SERVERS = ("real", "relay")
MODES = ("eventlet", "gevent", "threading")
CLK_TCK = os.sysconf("SC_CLK_TCK")


def open_limits(clients: int) -> dict[str, str]:
    """Every client comes from 127.0.0.1: the per-address limits are opened up (as tests/server.py does)."""
    connections = str(max(400, 2 * clients + 64))
    return {
        "GAMENIGHT_MAX_CONNECTIONS": connections,
        "GAMENIGHT_MAX_CONNECTIONS_PER_ADDRESS": connections,
        "GAMENIGHT_MAX_SOCKETS_PER_ADDRESS": connections,
        "GAMENIGHT_EVENT_BURST": "1000000",
        "GAMENIGHT_EVENTS_PER_SECOND": "1000000",
        "GAMENIGHT_LOBBIES_PER_ADDRESS": "1000000",
    }


# -- processes: CPU, memory, cores ------------------------------------------------------------------


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU of a whole process (every thread), in seconds."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def waited_seconds(pid: int) -> float | None:
    """Time the process's threads spent ready to run but waiting for a core (``schedstat``): other work's toll."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, IndexError, ValueError):
                total += int((task / "schedstat").read_text().split()[1])
    except OSError:
        return None
    return total / 1e9


def rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def verdict(found: list[str], quick: bool) -> None:
    """Print each problem a run found; a quick run (the test suite's) exits 1 when there is any."""
    for problem in found:
        print(f"PROBLEM: {problem}")
    if quick and found:
        sys.exit(1)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def cpu_pressure() -> str:
    """The share of the last minute some task waited for a core (Linux PSI), or '?' where unknown."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return "?"
    return next((f[6:] for f in first.split() if f.startswith("avg60=")), "?") + "%"


def pinning() -> tuple[set[int], set[int]] | None:
    """(the server's cores, the generator's) on a machine with two or more, else None."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cores = sorted(os.sched_getaffinity(0))
    return ({cores[0]}, {cores[1]}) if len(cores) >= 2 else None


def pin(pid: int, cores: set[int]) -> None:
    """Pin every thread of ``pid`` (threads it starts later inherit it)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            os.sched_setaffinity(int(task.name), cores)


# -- the servers ------------------------------------------------------------------------------------


class Server:
    """``gamenight serve`` or the relay, in a process of its own on a loopback port."""

    def __init__(self, kind: str, mode: str, folder: Path, clients: int, template: Path | None, patch_bytes: int):
        self.kind, self.mode, self.folder = kind, mode, folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{kind}-{mode}-{self.port}.log"
        if kind == "real":
            gamenight = Path(sys.executable).with_name("gamenight")
            start = [str(gamenight)] if gamenight.exists() else [sys.executable, "-m", "gamenight"]
            db = folder / f"{mode}-{self.port}.sqlite"
            self.command = [*start, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(db)]
            self.command += ["--async-mode", mode]
        else:
            self.command = [sys.executable, str(HERE / "relay.py"), "--port", str(self.port), "--async-mode", mode]
            if template is not None:
                self.command += ["--template", str(template)]
            if patch_bytes:
                self.command += ["--patch-bytes", str(patch_bytes)]
        self.env = dict(os.environ, **open_limits(clients))
        self.process: subprocess.Popen | None = None

    def start(self, cores: set[int] | None) -> None:
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(self.command, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        if cores:
            pin(self.process.pid, cores)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the {self.kind} server exited:\n{self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        else:
            self.stop()
            raise RuntimeError(f"the {self.kind} server did not come up:\n{self.log.read_text()[-2000:]}")
        if cores:
            pin(self.process.pid, cores)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


# -- one load point ---------------------------------------------------------------------------------------


class CollectorPauses:
    """The longest pause of this process's own garbage collector while it runs: a move in flight then
    looks that much slower, though the server had no part in it."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._started = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.longest = max(self.longest, time.perf_counter() - self._started)

    def stop(self) -> float:
        """Stop watching; the longest pause in ms."""
        gc.callbacks.remove(self._on_gc)
        return round(1000 * self.longest, 1)


class Load(Clients):
    """One load point: set the lobbies up, play for warmup + duration seconds, drain, check every view, analyse."""

    def __init__(self, opts: argparse.Namespace, url: str, lobbies: int, pid: int | None) -> None:
        super().__init__(url, opts.drop_patches, opts.seed)
        self.opts, self.pid = opts, pid
        self.lobbies = [Lobby(self) for _ in range(lobbies)]
        self.rng = random.Random(opts.seed)

    async def seat_loop(self, seat: Seat, t0: float, t_measure: float, t_stop: float) -> None:
        rate, t = self.opts.rate, t0 + self.rng.uniform(0, 1 / self.opts.rate)
        conn = seat.conn
        while True:
            t += self.rng.expovariate(rate)
            if t >= t_stop:
                return
            delay = t - now()
            if delay > 0:
                await asyncio.sleep(delay)
            if conn.closed_early:
                return
            move, args = seat.next_move(self.rng, t >= t_measure, self.opts.asked)
            move.sent_at = conn.version
            seat.moves.append(move)
            move.t_send = now()
            try:
                await conn.emit("command", {"kind": "act", "args": args}, lambda a, m=move: seat.answered(m, a))
            except Exception:  # noqa: BLE001
                move.ok, move.error = False, "send_failed"
                return

    async def run(self) -> dict[str, Any]:
        o = self.opts
        result: dict[str, Any] = {"lobbies": len(self.lobbies), "clients": len(self.lobbies) * (SEATS + 1)}
        result["loadavg_start"] = load_average()
        if self.pid:
            result["rss_idle_kib"] = rss_kib(self.pid)
        setup_errors: Counter = Counter()
        gate = asyncio.Semaphore(o.setup_concurrency)

        async def set_up(lobby: Lobby) -> None:
            async with gate:
                try:
                    await lobby.set_up(o.timeout)
                except Exception as exc:  # noqa: BLE001
                    setup_errors[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1

        t_setup = now()
        await asyncio.gather(*(set_up(lobby) for lobby in self.lobbies))
        result["setup_s"] = round(now() - t_setup, 1)
        result["setup_errors"] = dict(setup_errors)
        lobbies = [lobby for lobby in self.lobbies if lobby.ready]
        result["deflate"] = any(c.deflate for c in self.conns)
        await asyncio.sleep(1.0)
        if self.pid:
            result["rss_connected_kib"] = rss_kib(self.pid)
            if result["rss_idle_kib"] and result["rss_connected_kib"] and lobbies:
                grown = result["rss_connected_kib"] - result["rss_idle_kib"]
                result["kib_per_client"] = round(grown / (len(lobbies) * (SEATS + 1)), 1)
        await self.after_setup(lobbies, result)

        t0 = now()
        t_measure, t_stop = t0 + o.warmup, t0 + o.warmup + o.duration
        self.drop_window = (t0, t_stop - 1.0)  # the last second's patches all arrive: every view catches up
        loops = [asyncio.create_task(self.seat_loop(s, t0, t_measure, t_stop)) for lb in lobbies for s in lb.seats]
        await asyncio.sleep(max(0.0, t_measure - now()))
        self.counting = True
        pauses = CollectorPauses()
        cpu_a, gen_a, wall_a = cpu_seconds(self.pid) if self.pid else None, time.process_time(), now()
        waits_a = waited_seconds(self.pid) if self.pid else None, waited_seconds(os.getpid())
        await asyncio.sleep(max(0.0, t_stop - now()))
        cpu_b, gen_b, wall_b = cpu_seconds(self.pid) if self.pid else None, time.process_time(), now()
        waits_b = waited_seconds(self.pid) if self.pid else None, waited_seconds(os.getpid())
        self.counting = False
        result["gen_gc_max_ms"] = pauses.stop()
        window = wall_b - wall_a
        result["loadavg_end"] = load_average()
        result["cpu_pressure_end"] = cpu_pressure()
        if self.pid:
            result["rss_load_kib"] = rss_kib(self.pid)
        if cpu_a is not None and cpu_b is not None:
            result["server_cpu_s"] = round(cpu_b - cpu_a, 3)
            result["server_cpu_pct"] = round(100 * (cpu_b - cpu_a) / window, 1)
        result["gen_cpu_pct"] = round(100 * (gen_b - gen_a) / window, 1)
        for key, a, b in zip(("server_wait_pct", "gen_wait_pct"), waits_a, waits_b, strict=True):
            if a is not None and b is not None:
                result[key] = round(100 * (b - a) / window, 1)
        await asyncio.gather(*loops, return_exceptions=True)
        await self.drain(lobbies)
        cpu_c = cpu_seconds(self.pid) if self.pid else None
        result.update(await self.check_views(lobbies))
        result.update(self.analyse(lobbies, window))
        result.update(self.more_figures(lobbies, window))
        if cpu_a is not None and cpu_c is not None and result["moves_accepted"]:
            # until the window's last move was delivered: a server behind the load does that work after the window
            result["cpu_ms_per_move"] = round(1000 * (cpu_c - cpu_a) / result["moves_accepted"], 3)
        self.closing = True
        await asyncio.gather(*(c.close() for c in self.conns), return_exceptions=True)
        return result

    async def after_setup(self, lobbies: list[Lobby], result: dict[str, Any]) -> None:
        """More connections before the play starts (a subclass's: the audience's)."""

    def more_figures(self, lobbies: list[Lobby], window: float) -> dict[str, Any]:
        """More figures of the window (a subclass's)."""
        return {}

    async def drain(self, lobbies: list[Lobby]) -> None:
        """Wait (at most --drain seconds) for every move's answer and for every view to catch up."""
        deadline = now() + self.opts.drain
        while now() < deadline:
            unanswered = any(m.ok is None for lb in lobbies for s in lb.seats for m in s.moves)
            behind = any(
                c.resyncing or c.version < max(x.version for x in lb.conns) for lb in lobbies for c in lb.conns
            )
            if not unanswered and not behind:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.2)

    async def check_views(self, lobbies: list[Lobby]) -> dict[str, Any]:
        gate = asyncio.Semaphore(50)
        outcome: Counter = Counter()

        async def check(conn: Conn) -> None:
            async with gate:
                if conn.closed_early:
                    return
                try:
                    difference = await conn.check(self.opts.timeout)
                except Exception as exc:  # noqa: BLE001
                    outcome["unchecked"] += 1
                    self.notes[f"view not checked: {type(exc).__name__}: {str(exc)[:80]}"] += 1
                    return
                outcome["matched" if difference is None else "differed"] += 1
                if difference is not None:
                    self.notes[f"view differs from a fresh state at {difference}"] += 1

        await asyncio.gather(*(check(c) for lb in lobbies for c in lb.conns))
        return {"views_matched": outcome["matched"], "views_differed": outcome["differed"],
                "views_unchecked": outcome["unchecked"]}  # fmt: skip

    def analyse(self, lobbies: list[Lobby], window: float) -> dict[str, Any]:
        latencies: list[float] = []
        errors: Counter = Counter()
        offered = accepted = stale = asked = unmeasured = 0
        for lobby in lobbies:
            held = [(c.versions, c.times) for c in lobby.conns]
            errors["disconnected"] += sum(c.closed_early for c in lobby.conns)
            for seat in lobby.seats:
                seat.find_versions()
                for move in seat.moves:
                    if not move.measured:
                        continue
                    offered += 1
                    if move.ok is None:
                        errors["no_answer"] += 1
                    elif not move.ok and move.error == "stale" and move.action == "asked":
                        stale += 1
                    elif not move.ok:
                        errors[f"refused:{move.error}"] += 1
                    elif move.version is None and self.drop:
                        unmeasured += 1  # its sender lost the patch that showed it, and resynced past it
                    elif move.version is None:
                        errors["version_not_found"] += 1
                    else:
                        accepted += 1
                        asked += move.action == "asked"
                        done = delivered_at(move, held)
                        if done is None:
                            errors["never_reached_everyone"] += 1
                        else:
                            latencies.append(done - move.t_send)
        conns = [c for lb in lobbies for c in lb.conns]
        totals = sum((c.counts for c in conns), Counter())
        for kind in ("patches_missed", "patches_failed", "resync_refused", "replaced", "removed"):
            if totals[kind] and not (kind == "patches_missed" and self.drop):  # a patch dropped is then missed
                errors[kind] += totals[kind]
        latencies.sort()
        answers = sorted(m.t_ack - m.t_send for lb in lobbies for s in lb.seats for m in s.moves if m.measured and m.ok)

        def percentile(p: float) -> float | None:
            return percentile_ms(latencies, p)

        errors = +errors
        return {
            "moves_offered": offered,
            "moves_accepted": accepted,
            "asked_accepted": asked,
            "asked_stale": stale,
            "moves_unmeasured": unmeasured,
            "moves_per_s": round(accepted / window, 1),
            "p50_ms": percentile(50),
            "p95_ms": percentile(95),
            "p99_ms": percentile(99),
            "max_ms": round(1000 * latencies[-1], 2) if latencies else None,
            "answer_p50_ms": round(1000 * answers[len(answers) // 2], 2) if answers else None,
            "answer_p99_ms": round(1000 * answers[int(0.99 * len(answers))], 2) if answers else None,
            "errors": sum(errors.values()),
            "error_kinds": dict(errors),
            "bytes_per_message": round(totals["bytes"] / totals["messages"]) if totals["messages"] else None,
            "patches": totals["patches"],
            "states": totals["states"],
            "patches_old": totals["patches_old"],
            "resyncs": totals["resyncs"],
            "patches_dropped": totals["patches_dropped"],
            "notes": dict(self.notes.most_common(5)),
        }


def delivered_at(move: Any, held: list[tuple[list[int], list[float]]]) -> float | None:
    """When the last of the connections whose (versions, times) are ``held`` came to hold the version ``move``
    made (None: one never did)."""
    done = move.t_send
    for versions, times in held:
        i = bisect.bisect_left(versions, move.version)
        if i == len(versions):
            return None
        done = max(done, times[i])
    return done


def percentile_ms(values: list[float], p: float) -> float | None:
    """The ``p``th percentile of sorted seconds, in milliseconds."""
    if not values:
        return None
    return round(1000 * values[min(len(values) - 1, int(p / 100 * len(values)))], 2)


# -- capturing the real server's views and patch size, for the relay --------------------------------------


async def capture(opts: argparse.Namespace, url: str, path: Path) -> int:
    """One lobby on the real server: its seat's and table's views at the start, and its patches' mean size."""
    load = Load(opts, url, 1, None)
    lobby = load.lobbies[0]
    await lobby.set_up(opts.timeout)
    seat = lobby.seats[-1]
    views = {"seat": json.loads(json.dumps(seat.conn.view)), "table": json.loads(json.dumps(lobby.table.view))}
    t0 = now()
    load.counting = True
    loops = [asyncio.create_task(load.seat_loop(s, t0, t0, t0 + 2.0)) for s in lobby.seats]
    await asyncio.gather(*loops)
    await load.drain([lobby])
    load.counting = False
    table = lobby.table.counts
    size = round(table["bytes"] / table["messages"]) if table["messages"] else 0
    load.closing = True
    await asyncio.gather(*(c.close() for c in load.conns), return_exceptions=True)
    path.write_text(json.dumps(views, ensure_ascii=False))
    return size


# -- the run ------------------------------------------------------------------------------------------------


def measure(opts, kind: str, mode: str, lobbies: int, folder: Path, relay: dict, cores) -> dict[str, Any]:
    clients = lobbies * (SEATS + 1)
    server = Server(kind, mode, folder, clients, relay.get("template"), relay.get("patch_bytes", 0))
    point: dict[str, Any] = {"server": kind, "mode": mode, "lobbies": lobbies, "clients": clients}
    try:
        server.start(cores[0] if cores else None)
        load = Load(opts, server.url, lobbies, server.pid)
        point |= asyncio.run(asyncio.wait_for(load.run(), opts.timeout * 4 + opts.warmup + opts.duration + 120))
    except Exception as exc:  # noqa: BLE001 - a point that failed is reported as such
        point |= {"errors": 1, "error_kinds": {f"run: {type(exc).__name__}: {str(exc)[:200]}": 1}}
    finally:
        server.stop()
    return point


def held(point: dict[str, Any], slo_ms: float) -> bool:
    return (
        point.get("p99_ms") is not None
        and point["p99_ms"] <= slo_ms
        and not point.get("errors")
        and not point.get("setup_errors")
        and not point.get("views_differed")
        and not point.get("views_unchecked")
    )


def run_all(opts: argparse.Namespace, folder: Path) -> list[dict[str, Any]]:
    cores = pinning() if opts.pin else None
    if cores:
        os.sched_setaffinity(0, cores[1])
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per client
    relay: dict[str, Any] = {}
    if "relay" in opts.servers:
        server = Server("real", opts.modes[0], folder, SEATS + 1, None, 0)
        server.start(cores[0] if cores else None)
        try:
            relay["template"] = folder / "views.json"
            relay["patch_bytes"] = asyncio.run(capture(opts, server.url, relay["template"]))
        finally:
            server.stop()
        print(f"relay: views captured from the real server; its patches average {relay['patch_bytes']} B", flush=True)
    points: list[dict[str, Any]] = []

    def one(kind: str, mode: str, lobbies: int) -> dict[str, Any]:
        point = measure(opts, kind, mode, lobbies, folder, relay, cores)
        points.append(point)
        print(row(point), flush=True)
        return point

    print(header(), flush=True)
    for mode in opts.modes:
        given_up: set[str] = set()
        for lobbies in opts.lobbies:
            for kind in opts.servers:  # one after the other, so both see the same background load
                if kind in given_up:
                    continue
                point = one(kind, mode, lobbies)
                if point.get("errors") or (point.get("p99_ms") or 0) > opts.give_up_ms:
                    given_up.add(kind)
        for kind in opts.servers:
            for _ in range(opts.bisect):
                tried = sorted(
                    (p["lobbies"], held(p, opts.slo_ms)) for p in points if (p["server"], p["mode"]) == (kind, mode)
                )
                failed = [n for n, ok in tried if not ok]
                if not failed:
                    break
                good = max([n for n, ok in tried if ok and n < failed[0]], default=0)
                middle = (good + failed[0]) // 2
                if middle <= good:
                    break
                one(kind, mode, middle)
    return points


# -- the report ----------------------------------------------------------------------------------------------

COLUMNS = (
    ("mode", "mode", 9, None),
    ("server", "server", 6, None),
    ("lobbies", "lob", 4, 0),
    ("clients", "clients", 7, 0),
    ("moves_per_s", "moves/s", 8, 1),
    ("p50_ms", "p50 ms", 7, 1),
    ("p95_ms", "p95 ms", 7, 1),
    ("p99_ms", "p99 ms", 8, 1),
    ("max_ms", "max ms", 8, 1),
    ("errors", "err", 4, 0),
    ("server_cpu_pct", "srv CPU%", 8, 1),
    ("cpu_ms_per_move", "ms/move", 7, 2),
    ("server_wait_pct", "srv wait%", 9, 1),
    ("gen_cpu_pct", "gen CPU%", 8, 1),
    ("gen_gc_max_ms", "gen GC ms", 9, 1),
    ("rss_idle_kib", "RSS0 MiB", 8, -1),
    ("rss_connected_kib", "RSS MiB", 7, -1),
    ("kib_per_client", "KiB/cl", 6, 1),
    ("bytes_per_message", "B/msg", 6, 0),
    ("resyncs", "resync", 6, 0),
    ("views_matched", "views ok", 8, 0),
    ("loadavg_start", "load avg", 15, None),
)


def cell(value: Any, width: int, digits: int | None) -> str:
    if value is None or value == "":
        return f"{'-':>{width}}"
    if digits is None:
        return f"{value!s:>{width}}" if width > 9 else f"{value!s:<{width}}"
    if digits == -1:  # KiB shown as MiB
        return f"{value / 1024:>{width}.1f}"
    return f"{value:>{width}.{digits}f}"


def header() -> str:
    return " ".join(f"{title:<{w}}" if d is None and w <= 9 else f"{title:>{w}}" for _, title, w, d in COLUMNS)


def row(point: dict[str, Any]) -> str:
    line = " ".join(cell(point.get(key), w, d) for key, _, w, d in COLUMNS)
    for kind, count in (point.get("error_kinds") or {}).items():
        line += f"\n    error {kind}: {count}"
    for kind, count in (point.get("setup_errors") or {}).items():
        line += f"\n    setup {kind}: {count}"
    for note, count in (point.get("notes") or {}).items():
        line += f"\n    {note} (x{count})"
    return line


def summary(points: list[dict[str, Any]], opts: argparse.Namespace) -> str:
    lines = [
        f"most lobbies held at p99 <= {opts.slo_ms:g} ms with no error (8 seats + a table each, {opts.rate:g} move/s a seat):"
    ]
    for mode in opts.modes:
        best = {}
        for kind in opts.servers:
            ok = [p["lobbies"] for p in points if (p["server"], p["mode"]) == (kind, mode) and held(p, opts.slo_ms)]
            best[kind] = max(ok, default=0)
        cells = ", ".join(f"{kind} {best[kind] or 'none'}" for kind in opts.servers)
        ratio = ""
        if best.get("real") and best.get("relay"):
            ratio = f" (real/relay {best['real'] / best['relay']:.2f})"
        lines.append(f"  {mode}: {cells}{ratio}")
    lines.append("  (a lower bound: the limit lies between the most that held and the fewest that did not)")
    return "\n".join(lines)


def quick_verdict(points: list[dict[str, Any]]) -> list[str]:
    """What a short run must show: every point ran with no error, and every view equalled a fresh state."""
    problems = []
    for p in points:
        name = f"{p['server']} {p['mode']} {p['lobbies']} lobbies"
        if p.get("errors") or p.get("setup_errors"):
            problems.append(f"{name}: errors {p.get('error_kinds')} {p.get('setup_errors')}")
        if not p.get("moves_accepted"):
            problems.append(f"{name}: no move was accepted")
        if p.get("views_matched") != p["clients"]:
            problems.append(f"{name}: {p.get('views_matched')} of {p['clients']} views equal a fresh state")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", nargs="+", choices=SERVERS, default=list(SERVERS))
    parser.add_argument("--modes", nargs="+", choices=MODES, default=["eventlet"])
    parser.add_argument("--lobbies", nargs="+", type=int, default=[20, 40, 80])
    add_load_options(parser)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--slo-ms", type=float, default=50.0, help="the p99 a load must hold")
    parser.add_argument("--give-up-ms", type=float, default=1000.0, help="a series stops past this p99")
    parser.add_argument("--bisect", type=int, default=0, help="halvings of the gap past the most lobbies held")
    parser.add_argument("--pin", action=argparse.BooleanOptionalAction, default=True, help="server CPU 0, us CPU 1")
    parser.add_argument(
        "--drop-patches",
        type=float,
        default=0.0,
        help="lose this share of patches on purpose:"
        " each connection must then resync (a missed patch is no error then)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every point's figures here")
    parser.add_argument("--keep", type=Path, help="keep the servers' logs and databases in this folder")
    parser.add_argument(
        "--quick", action="store_true", help="2 lobbies for 3 s; exit 1 on any error or view that differs"
    )
    opts = parser.parse_args()
    if opts.quick:
        opts.lobbies, opts.warmup, opts.duration, opts.bisect = [2], 1.0, 3.0, 0
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="gamenight-netload-") as tmp:
        print(
            f"{os.cpu_count()} cores, load average {load_average()}, CPU pressure {cpu_pressure()} over the last minute"
            " (other work on this machine makes the figures noisy: see srv wait%)"
        )
        folder = opts.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        points = run_all(opts, folder)
    print()
    print(summary(points, opts))
    print(f"load average at the end: {load_average()}, CPU pressure {cpu_pressure()}")
    if opts.json:
        document = {"started": started, "cores": os.cpu_count(), "options": {k: (str(v) if isinstance(v, Path) else v)
                    for k, v in vars(opts).items()}, "points": points}  # fmt: skip
        opts.json.write_text(json.dumps(document, indent=1))
        print(f"figures written to {opts.json}")
    if opts.quick:
        verdict(quick_verdict(points), quick=True)


if __name__ == "__main__":
    main()
