"""Cluster load: PostgreSQL against SQLite, what a move costs the database and Redis, 1 node against 2
behind HAProxy, the most lobbies 2 nodes hold, and how long a killed node's players wait.

    python benchmarks/cluster.py [--lobbies 40] [--seconds 20] [--json results.json]
    python benchmarks/cluster.py --quick     # a few lobbies, 3 s a stage; exit 1 if a stage acknowledged no
                                             # move, an acknowledged move is not in the store, or a killed
                                             # node's client did not come back

Everything runs on this machine, on 127.0.0.1: one PostgreSQL (pg_stat_statements loaded) and one Redis
for the whole run (a fresh database and an emptied Redis for each stage), ``gamenight serve`` nodes
(eventlet, the default) and HAProxy from ``gamenight.web.cluster_cli.LocalCluster``, and this one
asyncio process playing every client (benchmarks/netclient.py: lobbies of 8 seats and a table screen,
each seat making Spyfall 2 moves as a Poisson process, 1 a second; each connection keeps its view as
docs/protocol.md says and, in a cluster, follows its lobby from node to node as the browser does).

1. One node, clients straight to it, SQLite then PostgreSQL (a cluster node: ``--cluster``, leases in
   Redis); the node pinned to CPU 0 and this generator to CPU 1 as benchmarks/netload.py does (PostgreSQL
   and Redis run wherever the kernel puts them): the node's CPU (utime + stime, /proc/<pid>/stat) per
   acknowledged move, PostgreSQL's (all its processes), and the move latency p50/p99 (from a move's send
   until every connection of its lobby holds the version it made, as netload.py measures it).
2. On that PostgreSQL node, per acknowledged move of the same window: write transactions (transaction
   ids taken) and WAL bytes, both exact; pg_stat_database's commits and rows (a second or two late);
   pg_stat_statements' calls of each statement, with its rows and WAL records (exact); the Redis commands
   the node sent (MONITOR) and ``INFO commandstats`` (which also counts what Lua scripts run).
3. Behind HAProxy, nothing pinned: 1 node, then 2 (each lobby's creator asks for ``?node=n1`` or ``n2``
   in turn; its other players come with no node and follow ``moved``), the same load: the nodes' summed
   CPU per acknowledged move, HAProxy's apart. With 2 nodes the lobbies come in steps (half --lobbies,
   then --lobbies, then --step more at a time, the earlier ones playing on), a window each, up to the first
   step that misses p99 <= --slo-ms, has an error, or finds this generator saturated (--saturated-pct of a
   core). The generator shares the machine's cores with the nodes, HAProxy, PostgreSQL and Redis: the
   figure is this machine's. "wait%" is how long a process was ready to run but had no core
   (/proc/<pid>/task/*/schedstat); "others%" is the CPU of everything else on the machine.
4. Failover: a load on 3 nodes (2 with --quick), one SIGKILLed: from the kill until each client of its
   lobbies has a move acknowledged again (a seat: its first move sent after its connection dropped) or
   its table's view again (a table), having reconnected through the proxy, attached again with its seat
   token (or watched again) and followed ``moved`` until the dead node's lease ran out (the default 6 s,
   then 2 s: --lease-seconds). Its clients reconnect with a browser's pauses (socket.js: 0.5 to 1.5 s
   after a drop; 1 s between two ``moved`` answers after the first). Then the killed node comes back
   (started again under its id): the lobbies per node (their leases in Redis) before the kill, after it,
   --comeback-wait s after the node is back with every match still mid-round (such a lobby never moves),
   and once each host has ended its match, until they are spread again (no node holding two more than
   another) or the players' quiet time (gamenight.placement.QUIET_SECONDS) and --comeback-wait went by.

Every PostgreSQL stage ends with a check that each acknowledged move is in the store's log (its seat's
acknowledged moves, in the order sent, among that seat's logged moves), every stage with each
connection's view against a fresh state. This generator's garbage collector is off during a window (it
collects before and after): its pauses would add to the latencies measured.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import re
import resource
import signal
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
from netclient import (
    FOLLOW_SECONDS,
    SEATS,
    ClusterLobby,
    FollowingConn,
    Seat,
    add_load_options,
    error_code,
    now,
)
from netload import (
    CollectorPauses,
    Load,
    Server,
    cpu_pressure,
    cpu_seconds,
    load_average,
    open_limits,
    pin,
    pinning,
    verdict,
    waited_seconds,
)

CLK_TCK = os.sysconf("SC_CLK_TCK")
PG_SETTINGS = {"shared_preload_libraries": "pg_stat_statements", "pg_stat_statements.track": "all"}
DEFAULT_LEASE = 6.0


# -- what the processes and services did ----------------------------------------------------------------


def tree_cpu(root: int) -> float | None:
    """CPU seconds of a process, its children now, and the children it reaped (PostgreSQL's backends)."""
    try:
        fields = _stat_fields(Path(f"/proc/{root}/stat").read_text())
    except OSError:
        return None
    total = sum(int(f) for f in fields[11:15])
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            child = _stat_fields((entry / "stat").read_text())
        except OSError:
            continue
        if int(child[1]) == root:
            total += sum(int(f) for f in child[11:15])
    return total / CLK_TCK


def _stat_fields(raw: str) -> list[str]:
    """The fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], utime [11]...)."""
    return raw[raw.rindex(")") + 2 :].split()


def machine_jiffies() -> tuple[int, int, int]:
    """(busy, total, stolen) jiffies of every core since boot; stolen: a virtual machine's cores were
    running the host's other work (guest time is counted in user time already)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().splitlines()[0].split()[1:]][:8]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    steal = fields[7] if len(fields) > 7 else 0
    return sum(fields) - idle - steal, sum(fields), steal


class Services:
    """The run's PostgreSQL (pg_stat_statements loaded) and Redis; a fresh database for each stage."""

    def __init__(self, folder: Path) -> None:
        from gamenight.web.services import PostgresServer, RedisServer

        self.postgres = PostgresServer(folder / "postgres", settings=PG_SETTINGS)
        self.redis_server = RedisServer(folder / "redis")
        self.stats_db: Any = None
        self.redis: Any = None
        self._lock = threading.Lock()
        self.statements = False
        self.monitor: RedisMonitor | None = None

    def start(self) -> None:
        self.postgres.start()
        self.redis_server.start()
        self.stats_db = self.postgres.connect("postgres")
        try:
            self.stats_db.run("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            self.statements = True
        except Exception as exc:  # noqa: BLE001 - then pg_stat_database alone
            print(f"pg_stat_statements is not available ({exc}): statements are not counted one by one")
        self.redis = self.redis_server.client()
        self.monitor = RedisMonitor(self.redis_server.url)
        self.monitor.start()

    def stop(self) -> None:
        if self.monitor is not None:
            self.monitor.stop()
        for closing in (self.stats_db, self.redis):
            if closing is not None:
                with contextlib.suppress(Exception):
                    closing.close()
        self.redis_server.stop()
        self.postgres.stop()

    def fresh(self, name: str) -> str:
        """A new database ``name`` and an empty Redis; the database's URL."""
        self.redis.flushall()
        self.postgres.drop_database(name)
        return self.postgres.create_database(name)

    def pg_pid(self) -> int | None:
        return self.postgres.process.pid if self.postgres.process else None

    def redis_pid(self) -> int | None:
        return self.redis_server.process.pid if self.redis_server.process else None

    def pg_stats(self, database: str) -> dict[str, Any]:
        """The database's counters: pg_stat_database's (they reach the view up to a second or two late), the
        server's next transaction id and WAL position (exact: every write transaction takes an id), and
        pg_stat_statements' (exact: counted as each statement ends)."""
        with self._lock:
            row = self.stats_db.run(
                "SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_returned, tup_fetched "
                "FROM pg_stat_database WHERE datname = :db",
                db=database,
            )
            names = ("xact_commit", "xact_rollback", "tup_inserted", "tup_updated", "tup_deleted", "tup_returned",
                     "tup_fetched")  # fmt: skip
            stats: dict[str, Any] = {"db": dict(zip(names, row[0], strict=True)) if row else {}}
            xid, wal = self.stats_db.run(
                "SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint,"
                " pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint"
            )[0]
            stats["exact"] = {"write_transactions": xid, "wal_bytes": wal}
            if self.statements:
                rows = self.stats_db.run(
                    "SELECT queryid, toplevel, calls, rows, wal_records, shared_blks_dirtied, query "
                    "FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = :db)",
                    db=database,
                )
                stats["statements"] = {f"{r[0]}/{r[1]}": tuple(r[2:]) for r in rows}
        return stats

    def redis_calls(self) -> dict[str, int]:
        stats = self.redis.info("commandstats")
        return {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}

    def lease_owners(self, codes: list[str]) -> dict[str, str | None]:
        held = self.redis.mget([f"gamenight:lease:{code}" for code in codes]) if codes else []
        return {code: (v.decode().split(" ", 1)[0] if v else None) for code, v in zip(codes, held, strict=True)}

    def log_rows(self, database: str) -> list[tuple[str, int, str]]:
        db = self.postgres.connect(database)
        try:
            return [tuple(r) for r in db.run("SELECT code, seq, record FROM log ORDER BY code, seq")]
        finally:
            db.close()


class RedisMonitor(threading.Thread):
    """Redis's MONITOR stream, counted: the commands clients sent apart from those their Lua scripts ran
    (``INFO commandstats`` counts both alike)."""

    def __init__(self, url: str) -> None:
        import redis

        super().__init__(daemon=True)
        self.client = redis.Redis.from_url(url, socket_timeout=None)  # a quiet Redis sends nothing for a while
        self.counts: Counter = Counter()
        self.lock = threading.Lock()
        self.stopped = False
        self.failures = 0

    def run(self) -> None:
        while not self.stopped and self.failures < 10:
            try:
                with self.client.monitor() as monitor:
                    for command in monitor.listen():
                        if self.stopped:
                            return
                        kind = "script" if command.get("client_type") == "lua" else "request"
                        name = (command.get("command") or "?").split(" ", 1)[0].lower()
                        with self.lock:
                            self.counts[(kind, name)] += 1
            except Exception:  # noqa: BLE001 - the connection dropped: watch again
                self.failures += 1
                time.sleep(0.1)

    def snapshot(self) -> Counter:
        with self.lock:
            return Counter(self.counts)

    def stop(self) -> None:
        self.stopped = True
        with contextlib.suppress(Exception):
            self.client.close()


class Probe:
    """Snapshots of everything a window is measured by: CPU of the nodes, HAProxy, PostgreSQL, Redis, this
    process and the machine, and the database's and Redis's counters."""

    def __init__(self, nodes: dict[str, int], proxy: int | None, services: Services | None, database: str | None):
        self.nodes, self.proxy, self.services, self.database = nodes, proxy, services, database

    def snapshot(self) -> dict[str, Any]:
        snap: dict[str, Any] = {"t": now(), "gen": time.process_time(), "machine": machine_jiffies()}
        snap["nodes"] = {name: cpu_seconds(pid) for name, pid in self.nodes.items()}
        waits = [waited_seconds(pid) for pid in self.nodes.values()]
        snap["nodes_wait"] = None if None in waits else sum(waits)
        snap["gen_wait"] = waited_seconds(os.getpid())
        snap["proxy"] = cpu_seconds(self.proxy) if self.proxy else None
        if self.services is not None:
            snap["postgres"] = tree_cpu(pid) if (pid := self.services.pg_pid()) else None
            snap["redis"] = cpu_seconds(pid) if (pid := self.services.redis_pid()) else None
            snap["redis_calls"] = self.services.redis_calls()
            if self.services.monitor is not None:
                snap["monitor"] = self.services.monitor.snapshot()
            if self.database:
                snap["pg"] = self.services.pg_stats(self.database)
        return snap


def window_figures(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """What happened between two snapshots: CPU shares and seconds, and the counters' growth."""
    wall = b["t"] - a["t"]
    out: dict[str, Any] = {"window_s": round(wall, 2)}
    node_cpu = {n: b["nodes"][n] - a["nodes"][n] for n in a["nodes"] if a["nodes"][n] is not None and b["nodes"][n]}
    out["node_cpu_s"] = {n: round(c, 3) for n, c in node_cpu.items()}
    out["nodes_cpu_s"] = round(sum(node_cpu.values()), 3)
    out["nodes_cpu_pct"] = round(100 * out["nodes_cpu_s"] / wall, 1)
    for key in ("proxy", "postgres", "redis"):
        if a.get(key) is not None and b.get(key) is not None:
            out[f"{key}_cpu_s"] = round(b[key] - a[key], 3)
            out[f"{key}_cpu_pct"] = round(100 * (b[key] - a[key]) / wall, 1)
    out["gen_cpu_pct"] = round(100 * (b["gen"] - a["gen"]) / wall, 1)
    busy, total, steal = (y - x for x, y in zip(a["machine"], b["machine"], strict=True))
    out["machine_busy_pct"] = round(100 * busy / total, 1) if total else None
    out["steal_pct"] = round(100 * steal / total, 1) if total else None
    for key in ("nodes_wait", "gen_wait"):
        if a.get(key) is not None and b.get(key) is not None:
            out[f"{key}_pct"] = round(100 * (b[key] - a[key]) / wall, 1)
    if "redis_calls" in a:
        calls = Counter(b["redis_calls"])
        calls.subtract(a["redis_calls"])
        calls.pop("info", None)  # this benchmark's own question
        out["redis_calls"] = {k: v for k, v in calls.most_common() if v}
        out["redis_calls_total"] = sum(out["redis_calls"].values())
        out["redis_calls_per_s"] = round(out["redis_calls_total"] / wall, 1)
    if "pg" in a:
        out["pg_db"] = {k: b["pg"]["db"].get(k, 0) - v for k, v in a["pg"]["db"].items()}
        out["pg_exact"] = {k: b["pg"]["exact"][k] - v for k, v in a["pg"]["exact"].items()}
        statements = []
        before = a["pg"].get("statements", {})
        for key, (calls, rows, wal, dirtied, text) in b["pg"].get("statements", {}).items():
            calls0, rows0, wal0, dirtied0, _ = before.get(key, (0, 0, 0, 0, text))
            if calls > calls0:
                statements.append({"calls": calls - calls0, "rows": rows - rows0, "wal_records": wal - wal0,
                                   "blocks_dirtied": dirtied - dirtied0, "query": " ".join(text.split())})  # fmt: skip
        out["pg_statements"] = sorted(statements, key=lambda s: -s["calls"])
    if "monitor" in a:
        sent = Counter(b["monitor"])
        sent.subtract(a["monitor"])
        out["redis_sent"] = {f"{kind}:{name}": n for (kind, name), n in sent.most_common() if n and name != "info"}
        out["redis_requests"] = sum(n for key, n in out["redis_sent"].items() if key.startswith("request:"))
        out["redis_requests_per_s"] = round(out["redis_requests"] / wall, 2)
    return out


# -- the clients --------------------------------------------------------------------------------------------


class Run(Load):
    """One stage's clients: lobbies added in steps while the earlier ones play on, measured a window at a time."""

    def __init__(self, opts: argparse.Namespace, url: str, probe: Probe) -> None:
        super().__init__(opts, url.rstrip("/"), 0, None)
        self.probe = probe
        self.stopping = False
        self.loops: list[asyncio.Task] = []
        self.counted: Counter = Counter()  # the connections' counters as the last window left them

    async def add(self, count: int, nodes: list[str] | None) -> dict[str, Any]:
        """Set ``count`` more lobbies up (creators sent to ``nodes`` in turn) and start their seats' moves."""
        first = len(self.lobbies)
        new = [ClusterLobby(self, nodes[(first + i) % len(nodes)] if nodes else None) for i in range(count)]
        self.lobbies += new
        errors: Counter = Counter()
        gate = asyncio.Semaphore(self.opts.setup_concurrency)

        async def set_up(lobby: ClusterLobby) -> None:
            async with gate:
                try:
                    await lobby.set_up(self.opts.timeout)
                except Exception as exc:  # noqa: BLE001
                    errors[f"{type(exc).__name__}: {str(exc)[:100]}"] += 1

        started = now()
        await asyncio.gather(*(set_up(lobby) for lobby in new))
        gc.collect()
        gc.freeze()  # what the setup made stays: the generator's collections skip it (shorter pauses in a window)
        t0 = now()
        self.loops += [asyncio.create_task(self.seat_loop(s, t0)) for lobby in new if lobby.ready for s in lobby.seats]
        return {"setup_s": round(t0 - started, 1), "setup_errors": dict(errors)}

    @property
    def playing(self) -> list[ClusterLobby]:
        return [lobby for lobby in self.lobbies if lobby.ready]

    async def seat_loop(self, seat: Seat, t0: float) -> None:
        rate, t = self.opts.rate, t0 + self.rng.uniform(0, 1 / self.opts.rate)
        conn = seat.conn
        assert isinstance(conn, FollowingConn)
        while not self.stopping:
            t += self.rng.expovariate(rate)
            delay = t - now()
            if delay > 0:
                await asyncio.sleep(delay)
            if self.stopping or conn.closed_early:
                return
            if not conn.ready.is_set():
                try:
                    await asyncio.wait_for(conn.ready.wait(), FOLLOW_SECONDS)
                except TimeoutError:
                    return
                if self.stopping:
                    return
                t = now()  # the move its loss held back goes at once
            if not (conn.view or {}).get("match"):
                continue
            move, args = seat.next_move(self.rng, False, self.opts.asked)
            move.sent_at = conn.version
            seat.moves.append(move)
            move.t_send = now()
            try:
                await conn.emit("command", {"kind": "act", "args": args}, lambda a, m=move: self.answered(seat, m, a))
            except Exception:  # noqa: BLE001 - its connection is being followed: the seat waits for it
                move.ok, move.error, move.t_ack = False, "send_failed", now()

    @staticmethod
    def answered(seat: Seat, move: Any, answer: dict[str, Any]) -> None:
        seat.answered(move, answer)
        conn = seat.conn
        assert isinstance(conn, FollowingConn)
        code = error_code(answer)
        if code == "moved":
            conn.follow(((answer.get("error") or {}).get("params") or {}).get("node"), "moved")
        elif code == "not_attached":
            conn.follow(conn.node, "moved")

    async def snapshot(self) -> dict[str, Any]:
        return await asyncio.to_thread(self.probe.snapshot)

    async def window(self, seconds: float) -> tuple[dict[str, Any], dict[str, Any], float]:
        """Measure ``seconds`` of the load as it runs: (snapshot before, after, the generator's longest GC)."""
        gc.collect()  # before the window: the generator's own collector stays out of it (a pause adds to every
        gc.disable()  # latency measured here) until the window's moves are analysed (``point``)
        pauses = CollectorPauses()
        try:
            a = await self.snapshot()
            await asyncio.sleep(seconds)
            b = await self.snapshot()
        except BaseException:
            gc.enable()
            raise
        return a, b, pauses.stop()

    async def stop(self) -> None:
        """Stop the moves and wait for their answers and for every view to catch up (at most --drain s)."""
        self.stopping = True
        await asyncio.sleep(0.05)
        for task in self.loops:
            task.cancel()  # each is asleep until its next move, or waiting for its connection
        await asyncio.gather(*self.loops, return_exceptions=True)
        await self.drain(self.playing)

    async def close(self) -> None:
        gc.enable()
        self.closing = True
        for conn in self.conns:
            if isinstance(conn, FollowingConn) and conn.following is not None:
                conn.following.cancel()
        await asyncio.gather(*(c.close() for c in self.conns), return_exceptions=True)

    def point(self, a: dict[str, Any], b: dict[str, Any], gc_ms: float) -> dict[str, Any]:
        """The window's figures: latencies of the moves sent in it, errors since the last window, CPU per move."""
        t_a, t_b = a["t"], b["t"]
        slow: list[tuple[float, float]] = []
        latencies: list[float] = []
        answers: list[float] = []
        errors: Counter = Counter()
        offered = accepted = stale = 0
        lobbies = self.playing
        for lobby in lobbies:
            held = [(c.versions, c.times) for c in lobby.conns]
            for seat in lobby.seats:
                seat.find_versions()
                for move in seat.moves:
                    if not t_a <= move.t_send < t_b:
                        continue
                    offered += 1
                    if move.ok is None:
                        errors["no_answer"] += 1
                        continue
                    if not move.ok and move.error == "stale" and move.action == "asked":
                        stale += 1
                        continue
                    if not move.ok:
                        errors[f"refused:{move.error}"] += 1
                        continue
                    answers.append(move.t_ack - move.t_send)
                    if move.version is None:
                        errors["version_not_found"] += 1
                        continue
                    accepted += 1
                    done = move.t_send
                    for versions, times in held:
                        i = _first_at_least(versions, move.version)
                        if i is None:
                            done = None
                            break
                        done = max(done, times[i])
                    if done is None:
                        errors["never_reached_everyone"] += 1
                    else:
                        latencies.append(done - move.t_send)
                        slow.append((done - move.t_send, move.t_send - t_a))
        gc.enable()  # the window's moves have all been answered and delivered: the generator collects again
        totals = sum((c.counts for c in self.conns), Counter())
        totals["disconnected"] = sum(c.closed_early for c in self.conns)
        for kind in ("patches_missed", "patches_failed", "resync_refused", "replaced", "removed", "disconnected",
                     "connections_lost", "moved_events"):  # fmt: skip
            if totals[kind] > self.counted[kind]:
                errors[kind] += totals[kind] - self.counted[kind]
        self.counted = totals
        latencies.sort()
        answers.sort()
        figures = window_figures(a, b)
        wall = figures["window_s"]
        point: dict[str, Any] = {
            "lobbies": len(lobbies),
            "clients": len(lobbies) * (SEATS + 1),
            "moves_offered": offered,
            "moves_accepted": accepted,
            "asked_stale": stale,
            "p50_ms": _percentile(latencies, 50),
            "p95_ms": _percentile(latencies, 95),
            "p99_ms": _percentile(latencies, 99),
            "max_ms": round(1000 * latencies[-1], 2) if latencies else None,
            "answer_p50_ms": _percentile(answers, 50),
            "answer_p99_ms": _percentile(answers, 99),
            "errors": sum(errors.values()),
            "error_kinds": dict(+errors),
            "gen_gc_max_ms": gc_ms,
            "slowest_moves": [[round(at, 2), round(1000 * ms, 1)] for ms, at in sorted(slow, reverse=True)[:10]],
            **figures,
        }
        acked = len(answers)  # acknowledged (ok) moves sent in the window: each one is written to the store
        point["moves_acked"] = acked
        point["moves_per_s"] = round(acked / wall, 1)
        if acked:
            point["nodes_ms_per_move"] = round(1000 * figures["nodes_cpu_s"] / acked, 3)
            for key in ("proxy", "postgres", "redis"):
                if f"{key}_cpu_s" in figures:
                    point[f"{key}_ms_per_move"] = round(1000 * figures[f"{key}_cpu_s"] / acked, 3)
            if "redis_calls_total" in figures:
                point["redis_calls_per_move"] = round(figures["redis_calls_total"] / acked, 4)
            if "redis_requests" in figures:
                point["redis_requests_per_move"] = round(figures["redis_requests"] / acked, 4)
            if "pg_db" in figures:
                point["pg_per_move"] = {k: round(v / acked, 4) for k, v in figures["pg_db"].items()}
                point["pg_exact_per_move"] = {k: round(v / acked, 3) for k, v in figures["pg_exact"].items()}
            if "pg_statements" in figures:
                for statement in figures["pg_statements"]:
                    statement["per_move"] = round(statement["calls"] / acked, 4)
                    statement["per_s"] = round(statement["calls"] / wall, 2)
                    statement["wal_records_per_call"] = round(statement["wal_records"] / statement["calls"], 2)
                    statement["blocks_dirtied_per_call"] = round(statement["blocks_dirtied"] / statement["calls"], 2)
                point["pg_statements_per_move"] = round(sum(s["calls"] for s in figures["pg_statements"]) / acked, 3)
        known = sum(figures.get(k) or 0 for k in ("nodes_cpu_pct", "proxy_cpu_pct", "postgres_cpu_pct", "redis_cpu_pct",
                                                  "gen_cpu_pct"))  # fmt: skip
        if figures.get("machine_busy_pct") is not None:
            point["others_cpu_pct"] = round(max(0.0, figures["machine_busy_pct"] * (os.cpu_count() or 1) - known), 1)
        return point

    def lost_acknowledged(self, rows: list[tuple[str, int, str]]) -> dict[str, int]:
        """Every move the clients saw acknowledged must be in the store's log: its seat's acknowledged moves,
        in the order sent, are a subsequence of that seat's logged moves."""
        logged: dict[tuple[str, str], list[tuple]] = {}
        for code, _, text in rows:
            record = orjson.loads(text)
            if record.get("kind") != "act":
                continue
            args = record.get("args") or {}
            logged.setdefault((code, record.get("actor")), []).append(_move_key(args.get("action"), args.get("args")))
        checked = lost = 0
        for lobby in self.playing:
            for seat in lobby.seats:
                entries = logged.get((lobby.code, seat.me), [])
                at = 0
                for move in seat.moves:
                    if not move.ok:
                        continue
                    checked += 1
                    key = _move_key(move.action, _move_args(move))
                    try:
                        at = entries.index(key, at) + 1
                    except ValueError:
                        lost += 1
        return {"acked_checked": checked, "acked_lost": lost}


def _first_at_least(versions: list[int], version: int) -> int | None:
    import bisect

    i = bisect.bisect_left(versions, version)
    return None if i == len(versions) else i


def _percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    return round(1000 * values[min(len(values) - 1, int(p / 100 * len(values)))], 2)


def _move_args(move: Any) -> dict[str, Any]:
    if move.action == "asked":
        return {"player": move.target}
    return {"location": move.location, "crossed": move.crossed}


def _move_key(action: Any, args: Any) -> tuple:
    args = args if isinstance(args, dict) else {}
    if action == "asked":
        return ("asked", args.get("player"))
    return (action, args.get("location"), args.get("crossed"))


def sqlite_rows(path: Path) -> list[tuple[str, int, str]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return list(db.execute("SELECT code, seq, record FROM log ORDER BY code, seq"))


async def check(run: Run, point: dict[str, Any]) -> None:
    """Each connection's view against a fresh state (netload.py's check)."""
    point.update(await run.check_views(run.playing))
    point["notes"] = dict(run.notes.most_common(5))


# -- the stages ----------------------------------------------------------------------------------------------


class Bench:
    def __init__(self, opts: argparse.Namespace, folder: Path, services: Services) -> None:
        self.opts, self.folder, self.services = opts, folder, services
        self.started = time.monotonic()
        self.cores = pinning() if opts.pin else None
        self.all_cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
        self.results: dict[str, Any] = {}
        self.stage_number = 0
        self.database = ""

    def node_env(self, clients: int) -> dict[str, str]:
        return dict(os.environ, **open_limits(clients))

    def cluster(self, nodes: int, name: str, clients: int, lease: float = DEFAULT_LEASE) -> Any:
        from gamenight.web.cluster_cli import LocalCluster

        self.stage_number += 1
        database = self.database = f"stage{self.stage_number}_{name}"
        url = self.services.fresh(database)
        serve_args = ["--lease-seconds", f"{lease:g}"] if lease != DEFAULT_LEASE else []
        local = LocalCluster(
            nodes,
            directory=self.folder / database,
            db_url=url,
            redis_url=self.services.redis_server.url,
            serve_args=serve_args,
            env=self.node_env(clients),
        )
        return local

    def pin_generator(self, pinned: bool) -> None:
        if self.cores and self.all_cores:
            os.sched_setaffinity(0, self.cores[1] if pinned else self.all_cores)

    async def steady(self, run: Run, lobbies: int, nodes: list[str] | None) -> dict[str, Any]:
        """Set up, warm up, measure one window, stop, drain and check: one point."""
        setup = await run.add(lobbies, nodes)
        await asyncio.sleep(self.opts.warmup)
        a, b, gc_ms = await run.window(self.opts.seconds)
        await run.stop()
        point = run.point(a, b, gc_ms) | setup
        await check(run, point)
        return point

    # 1 and 2 -------------------------------------------------------------------------------------------

    async def stores(self) -> None:
        o = self.opts
        clients = o.lobbies * (SEATS + 1)
        self.pin_generator(True)
        # SQLite: netload.py's server, alone on its file
        server = Server("real", "eventlet", self.folder, clients, None, 0)
        db_file = Path(server.command[server.command.index("--db") + 1])
        point: dict[str, Any] = {"stage": "sqlite", "store": "SQLite", "nodes": 1, "via": "direct"}
        try:
            server.start(self.cores[0] if self.cores else None)
            run = Run(o, server.url, Probe({"node": server.pid}, None, self.services, None))
            try:
                point |= await self.steady(run, o.lobbies, None)
            finally:
                await run.close()
            server.stop()
            point |= run.lost_acknowledged(sqlite_rows(db_file))
        except Exception as exc:  # noqa: BLE001 - a stage that failed is reported as such
            point["failed"] = f"{type(exc).__name__}: {exc}"[:400]
        finally:
            server.stop()
        self.report_row(point)
        self.results["sqlite"] = point
        # PostgreSQL: one cluster node (leases in Redis), clients straight to it
        point = {"stage": "postgres", "store": "PostgreSQL", "nodes": 1, "via": "direct"}
        try:
            with self.cluster(1, "postgres", clients) as local:
                node = local.nodes["n1"]
                if self.cores:
                    pin(node.pid, self.cores[0])
                run = Run(o, node.url, Probe({"n1": node.pid}, None, self.services, self.database))
                try:
                    point |= await self.steady(run, o.lobbies, None)
                    point |= run.lost_acknowledged(self.services.log_rows(self.database))
                finally:
                    await run.close()
        except Exception as exc:  # noqa: BLE001
            point["failed"] = f"{type(exc).__name__}: {exc}"[:400]
        self.report_row(point)
        self.results["postgres"] = point
        self.pin_generator(False)

    # 3 ---------------------------------------------------------------------------------------------------

    async def proxied(self) -> None:
        o = self.opts
        self.pin_generator(False)
        point: dict[str, Any] = {"stage": "proxy_1", "store": "PostgreSQL", "nodes": 1, "via": "HAProxy"}
        try:
            with self.cluster(1, "proxy1", o.lobbies * (SEATS + 1)) as local:
                run = Run(o, local.url, self.probe(local))
                try:
                    point |= await self.steady(run, o.lobbies, ["n1"])
                    point |= run.lost_acknowledged(self.services.log_rows(self.database))
                finally:
                    await run.close()
        except Exception as exc:  # noqa: BLE001
            point["failed"] = f"{type(exc).__name__}: {exc}"[:400]
        self.report_row(point)
        self.results["proxy_1"] = point
        await self.capacity()

    def probe(self, local: Any) -> Probe:
        nodes = {node_id: node.pid for node_id, node in local.nodes.items()}
        proxy = local.proxy.process.pid if local.proxy and local.proxy.process else None
        return Probe(nodes, proxy, self.services, self.database)

    async def capacity(self) -> None:
        """2 nodes, more lobbies a step (the earlier ones playing on); the step at --lobbies is the same load as
        1 node's above and is always measured; the series ends at the first step past it that misses."""
        o = self.opts
        steps = sorted({o.start, *range(o.lobbies, o.max_lobbies + 1, o.step)} - {0})
        points: list[dict[str, Any]] = []
        self.results["capacity"] = points
        missed_first: str | None = None
        stop_reason = f"reached --max-lobbies {o.max_lobbies}"
        try:
            with self.cluster(2, "proxy2", steps[-1] * (SEATS + 1)) as local:
                run = Run(o, local.url, self.probe(local))
                try:
                    for number, lobbies in enumerate(steps):
                        step_started = time.monotonic()
                        setup = await run.add(lobbies - len(run.lobbies), ["n1", "n2"])
                        await asyncio.sleep(o.warmup)
                        seconds = o.seconds if lobbies == o.lobbies else o.step_seconds  # the 1-node comparison
                        a, b, gc_ms = await run.window(seconds)
                        last = number == len(steps) - 1
                        await (run.stop() if last else asyncio.sleep(o.settle))
                        point = {"stage": "proxy_2", "store": "PostgreSQL", "nodes": 2, "via": "HAProxy"}
                        point |= run.point(a, b, gc_ms) | setup
                        codes = [lobby.code for lobby in run.playing]
                        point["owners"] = dict(Counter(self.services.lease_owners(codes).values()))
                        points.append(point)
                        self.report_row(point)
                        reason = missed(point, o)
                        if reason is not None and missed_first is None:
                            missed_first = f"{lobbies} lobbies: {reason}"
                        if last or lobbies < o.lobbies:
                            continue
                        elapsed = time.monotonic() - step_started
                        if missed_first is None and time.monotonic() + elapsed > self.started + o.budget:
                            stop_reason = f"the run's time budget (--budget {o.budget:g} s)"
                        elif missed_first is None:
                            continue
                        await run.stop()
                        break
                    point = points[-1]
                    await check(run, point)
                    point |= run.lost_acknowledged(self.services.log_rows(self.database))
                finally:
                    await run.close()
        except Exception as exc:  # noqa: BLE001
            stop_reason = f"failed: {type(exc).__name__}: {exc}"[:400]
            points.append({"stage": "proxy_2", "nodes": 2, "failed": stop_reason})
        self.results["capacity_stop"] = missed_first or stop_reason

    # 4 ---------------------------------------------------------------------------------------------------

    async def failover(self, lease: float) -> None:
        o = self.opts
        nodes = [f"n{i}" for i in range(1, o.failover_nodes + 1)]
        victim = "n2"
        result: dict[str, Any] = {"lease_s": lease, "nodes": len(nodes), "victim": victim}
        self.results.setdefault("failover", []).append(result)
        try:
            with self.cluster(
                len(nodes), f"failover{lease:g}".replace(".", "_"), o.failover_lobbies * (SEATS + 1), lease
            ) as local:
                run = Run(o, local.url, self.probe(local))
                try:
                    await self._failover(run, local, nodes, victim, lease, result)
                finally:
                    await run.close()
        except Exception as exc:  # noqa: BLE001
            result["failed"] = f"{type(exc).__name__}: {exc}"[:400]
        print(failover_line(result), flush=True)

    async def _failover(self, run: Run, local: Any, nodes: list[str], victim: str, lease: float, result: dict) -> None:
        o = self.opts
        result |= await run.add(o.failover_lobbies, nodes)
        await asyncio.sleep(o.warmup + 2)
        codes = [lobby.code for lobby in run.playing]
        owners = self.services.lease_owners(codes)
        result["owners"] = dict(Counter(v or "none" for v in owners.values()))
        moved = [lobby for lobby in run.playing if owners.get(lobby.code) == victim]
        others = [lobby for lobby in run.playing if owners.get(lobby.code) != victim]
        conns = [c for lobby in moved for c in lobby.conns]
        result["lobbies_moved"], result["clients_moved"] = len(moved), len(conns)
        watcher = Watcher(local, self.services, victim, [lobby.code for lobby in moved])
        before = [c.counts.copy() for c in conns]
        t_kill = now()
        watcher.start(t_kill)
        await asyncio.to_thread(local.kill, victim, signal.SIGKILL)
        killed = now() - t_kill

        def back(conn: Any) -> float | None:
            """Seconds from the kill until ``conn`` was back: its first move sent after the loss acknowledged (a
            seat), its view again (a table)."""
            lost = next((t for t in conn.lost_at if t >= t_kill), None)
            if lost is None:
                return None
            if conn.role == "table":
                return next((t - t_kill for t in conn.back_at if t >= lost), None)
            seat = next(s for lobby in moved for s in lobby.seats if s.conn is conn)
            return next((m.t_ack - t_kill for m in seat.moves if m.ok and m.t_send >= lost), None)

        deadline = t_kill + lease + o.failover_wait
        while now() < deadline and any(back(c) is None for c in conns):
            await asyncio.sleep(0.1)
        times = [back(c) for c in conns]
        await asyncio.sleep(2.0)  # play on a little on the surviving nodes
        t_end = now()
        await run.stop()
        watcher.stop()
        got = sorted(t for t in times if t is not None)
        result["kill_s"] = round(killed, 3)
        result["clients_back"] = len(got)
        result["back_median_s"] = round(statistics.median(got), 2) if got else None
        result["back_max_s"] = round(got[-1], 2) if got else None
        result["back_min_s"] = round(got[0], 2) if got else None
        result["proxy_down_s"] = watcher.proxy_down
        reclaims = sorted(t for t in watcher.reclaimed.values())
        result["leases_reclaimed_s"] = [round(reclaims[0], 2), round(reclaims[-1], 2)] if reclaims else None
        result["new_owners"] = dict(Counter(watcher.new_owner.values()))
        seats = [s for lobby in moved for s in lobby.seats]
        result["moves_lost_in_flight"] = sum(
            1 for s in seats for m in s.moves if m.ok is False and m.error in ("lost", "send_failed")
        )
        result["refused_while_moving"] = dict(
            Counter(m.error for s in seats for m in s.moves if m.ok is False and m.error not in ("lost", "stale"))
        )
        answers = sorted(
            m.t_ack - m.t_send
            for lobby in others
            for s in lobby.seats
            for m in s.moves
            if m.ok and t_kill <= m.t_send < t_end
        )
        result["others_answer_p99_ms"] = _percentile(answers, 99)
        result["others_answer_max_ms"] = round(1000 * answers[-1], 1) if answers else None
        since = Counter()
        for conn, counts in zip(conns, before, strict=True):
            since.update(conn.counts)
            since.subtract(counts)
        result["conn_counts"] = {k: v for k, v in since.items() if v and k not in ("bytes", "messages")}
        slowest = sorted(range(len(conns)), key=lambda i: -(times[i] if times[i] is not None else 1e9))[:3]
        result["slowest"] = [
            {"role": conns[i].role, "back_s": times[i], "tries": {k: v - before[i][k] for k, v in
             conns[i].counts.items() if v != before[i][k] and k not in ("bytes", "messages", "patches", "states")}}
            for i in slowest
        ]  # fmt: skip
        result["back_s"] = [round(t, 2) for t in got]
        result["reconnects"] = since["opened"]
        result["place_refusals"] = sum(v for k, v in since.items() if k.startswith("place_refused"))
        result |= await run.check_views(run.playing)
        result["notes"] = dict(run.notes.most_common(5))
        result |= run.lost_acknowledged(self.services.log_rows(self.database))
        result |= await self._comeback(run, local, nodes, victim, owners)

    async def _comeback(
        self, run: Run, local: Any, nodes: list[str], victim: str, before: dict[str, str | None]
    ) -> dict[str, Any]:
        """The lobbies per node before the kill, after it, and after the killed node comes back: mid-round, then
        between matches (each host ended its match) until they are spread again."""
        from gamenight.placement import MARGIN, QUIET_SECONDS

        codes = list(before)

        def by_node() -> dict[str, int]:
            owners = Counter(self.services.lease_owners(codes).values())
            return {node: owners.get(node, 0) for node in nodes}

        figures: dict[str, Any] = {"by_node_before": {n: sum(1 for v in before.values() if v == n) for n in nodes}}
        figures["by_node_after_kill"] = by_node()
        t_start = now()
        await asyncio.to_thread(local.start_node, victim)
        figures["restart_s"] = round(now() - t_start, 2)
        await asyncio.sleep(self.opts.comeback_wait)
        figures["by_node_back_mid_round"] = by_node()
        ended = await asyncio.gather(
            *(lobby.seats[0].conn.call("command", {"kind": "end", "args": {}}, self.opts.timeout) for lobby in
              run.playing),
            return_exceptions=True,
        )  # fmt: skip
        figures["matches_ended"] = sum(1 for answer in ended if isinstance(answer, dict) and answer.get("ok"))
        t_ended = now()
        counts = by_node()
        while now() < t_ended + QUIET_SECONDS + self.opts.comeback_wait:
            counts = by_node()
            if sum(counts.values()) == len(codes) and max(counts.values()) - min(counts.values()) < MARGIN:
                figures["spread_again_s"] = round(now() - t_ended, 1)
                break
            await asyncio.sleep(0.5)
        figures["by_node_back_between_matches"] = counts
        return figures

    # the report rows -----------------------------------------------------------------------------------

    def report_row(self, point: dict[str, Any]) -> None:
        print(row(point), flush=True)


def held_slo(point: dict[str, Any], o: argparse.Namespace) -> bool:
    """The step held p99 <= --slo-ms with no error."""
    p99 = point.get("p99_ms")
    return p99 is not None and p99 <= o.slo_ms and not point.get("errors") and not point.get("setup_errors")


def missed(point: dict[str, Any], o: argparse.Namespace) -> str | None:
    """Why a step ends the series (None: it held, and nothing saturated)."""
    if point.get("setup_errors"):
        return f"setup errors {point['setup_errors']}"
    if point.get("errors"):
        return f"errors {point['error_kinds']}"
    if point.get("p99_ms") is None or point["p99_ms"] > o.slo_ms:
        return f"p99 {point.get('p99_ms')} ms > {o.slo_ms:g} ms"
    if point.get("gen_cpu_pct", 0) >= o.saturated_pct:
        return f"the load generator saturated ({point['gen_cpu_pct']}% of a core)"
    return None


class Watcher(threading.Thread):
    """After a kill: when HAProxy marks the dead node DOWN, and when each of its lobbies has a new owner."""

    def __init__(self, local: Any, services: Services, victim: str, codes: list[str]) -> None:
        super().__init__(daemon=True)
        self.local, self.services, self.victim, self.codes = local, services, victim, codes
        self.proxy_down: float | None = None
        self.reclaimed: dict[str, float] = {}
        self.new_owner: dict[str, str] = {}
        self._stop_event = threading.Event()
        self.t0 = 0.0
        self.redis = services.redis_server.client()

    def start(self, t0: float) -> None:  # type: ignore[override]
        self.t0 = t0
        super().start()

    def run(self) -> None:
        deadline = time.monotonic() + 120
        while not self._stop_event.wait(0.05) and time.monotonic() < deadline:
            with contextlib.suppress(Exception):
                if self.proxy_down is None and "DOWN" in self.local.proxy.server_states().get(self.victim, ""):
                    self.proxy_down = round(now() - self.t0, 2)
            waiting = [c for c in self.codes if c not in self.reclaimed]
            if waiting:
                with contextlib.suppress(Exception):
                    held = self.redis.mget([f"gamenight:lease:{c}" for c in waiting])
                    for code, value in zip(waiting, held, strict=True):
                        owner = value.decode().split(" ", 1)[0] if value else None
                        if owner and owner != self.victim:
                            self.reclaimed[code] = now() - self.t0
                            self.new_owner[code] = owner
            elif self.proxy_down is not None:
                return

    def stop(self) -> None:
        self._stop_event.set()
        self.join(5)
        with contextlib.suppress(Exception):
            self.redis.close()


# -- the report -------------------------------------------------------------------------------------------------

COLUMNS = (
    ("store", "store", 10, None),
    ("nodes", "nodes", 5, 0),
    ("via", "via", 7, None),
    ("lobbies", "lob", 4, 0),
    ("moves_per_s", "moves/s", 7, 1),
    ("p50_ms", "p50 ms", 6, 1),
    ("p99_ms", "p99 ms", 7, 1),
    ("max_ms", "max ms", 7, 1),
    ("answer_p99_ms", "ack p99", 7, 1),
    ("errors", "err", 4, 0),
    ("nodes_cpu_pct", "node CPU%", 9, 1),
    ("nodes_ms_per_move", "node ms/mv", 10, 3),
    ("postgres_ms_per_move", "PG ms/mv", 8, 3),
    ("proxy_ms_per_move", "HAP ms/mv", 9, 3),
    ("redis_calls_per_s", "Redis/s", 7, 1),
    ("gen_cpu_pct", "gen CPU%", 8, 1),
    ("others_cpu_pct", "others%", 7, 0),
    ("nodes_wait_pct", "node wait%", 10, 1),
    ("steal_pct", "steal%", 6, 1),
    ("gen_gc_max_ms", "gen GC ms", 9, 1),
    ("setup_s", "setup s", 7, 1),
)


def _cell(value: Any, width: int, digits: int | None) -> str:
    if value is None or value == "":
        return f"{'-':>{width}}"
    if digits is None:
        return f"{value!s:<{width}}"
    return f"{value:>{width}.{digits}f}"


def header() -> str:
    return " ".join(f"{title:<{w}}" if d is None else f"{title:>{w}}" for _, title, w, d in COLUMNS)


def row(point: dict[str, Any]) -> str:
    if point.get("failed"):
        return f"{point.get('store', '?'):<10} {point.get('nodes', '?')} node(s): FAILED {point['failed']}"
    line = " ".join(_cell(point.get(key), w, d) for key, _, w, d in COLUMNS)
    extras = []
    if "node_cpu_s" in point and len(point["node_cpu_s"]) > 1:
        extras.append(
            "node CPU% " + ", ".join(f"{n} {100 * c / point['window_s']:.0f}" for n, c in point["node_cpu_s"].items())
        )
    if point.get("owners"):
        extras.append("lobbies by node " + ", ".join(f"{n} {c}" for n, c in sorted(point["owners"].items())))
    for key in ("postgres_cpu_pct", "proxy_cpu_pct", "redis_cpu_pct", "gen_wait_pct"):
        if key in point:
            extras.append(f"{key.split('_')[0]} {key.split('_')[1].replace('cpu', 'CPU')}% {point[key]}")
    if extras:
        line += "\n      " + "; ".join(extras)
    for kind, count in (point.get("error_kinds") or {}).items():
        line += f"\n      error {kind}: {count}"
    for kind, count in (point.get("setup_errors") or {}).items():
        line += f"\n      setup {kind}: {count}"
    return line


def failover_line(r: dict[str, Any]) -> str:
    lease = f"  lease {r['lease_s']:g} s"
    if r.get("failed"):
        return f"{lease}: FAILED {r['failed']}"
    reclaimed = r.get("leases_reclaimed_s")
    claimed = f"{_s(reclaimed[0])} to {_s(reclaimed[1])}" if reclaimed else "never"
    lines = [
        f"{lease}, {r['nodes']} nodes (lobbies by node {r.get('owners')}): SIGKILL of {r['victim']},"
        f" which held {r['lobbies_moved']} lobbies ({r['clients_moved']} clients)",
        f"    HAProxy marked it DOWN after {_s(r.get('proxy_down_s'))}; its leases were claimed again {claimed}"
        f" after the kill, by {r.get('new_owners')}",
        f"    clients back (a seat's move acknowledged, a table's view again): {r['clients_back']} of"
        f" {r['clients_moved']}, median {_s(r.get('back_median_s'))}, max {_s(r.get('back_max_s'))}"
        f" (first {_s(r.get('back_min_s'))})",
        f"    {r['reconnects']} reconnections, {r['place_refusals']} attach/watch answered moved on the way;"
        f" {r['moves_lost_in_flight']} moves lost in flight (sent, never acknowledged);"
        f" acknowledged moves not in the store: {r.get('acked_lost')} of {r.get('acked_checked')}",
        f"    the other lobbies meanwhile: ack p99 {r.get('others_answer_p99_ms')} ms,"
        f" max {r.get('others_answer_max_ms')} ms; views equal to a fresh state at the end: {r.get('views_matched')},"
        f" differing {r.get('views_differed')}, unchecked {r.get('views_unchecked')}",
    ]
    if r.get("refused_while_moving"):
        lines.append(f"    refused moves of the moved lobbies: {r['refused_while_moving']}")
    if r.get("by_node_before"):
        spread = r.get("spread_again_s")
        lines += [
            f"    lobbies by node: before the kill {_by_node(r['by_node_before'])}; after it"
            f" {_by_node(r['by_node_after_kill'])}; {r['victim']} back (restart {_s(r.get('restart_s'))}),"
            f" every match mid-round: {_by_node(r['by_node_back_mid_round'])}",
            f"    after the hosts ended {r.get('matches_ended')} matches:"
            f" {_by_node(r['by_node_back_between_matches'])}, "
            + (f"spread again {spread:.1f} s after" if spread is not None else "not spread again"),
        ]
    for note, count in (r.get("notes") or {}).items():
        lines.append(f"    {note} (x{count})")
    return "\n".join(lines)


def _by_node(counts: dict[str, int]) -> str:
    return " ".join(f"{node} {count}" for node, count in sorted(counts.items()))


def _s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.2f} s"


def _f(value: Any, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _short(query: str, width: int = 90) -> str:
    query = re.sub(r"\s+", " ", query)
    return query if len(query) <= width else query[: width - 3] + "..."


def summary(results: dict[str, Any], opts: argparse.Namespace) -> str:
    out = ["", "=" * 100, "SUMMARY"]
    if "stores" in opts.stages:
        out += summary_stores(results, opts)
    if "proxy" in opts.stages:
        out += summary_proxy(results, opts)
    if "failover" in opts.stages:
        out += ["", "4. Failover (SIGKILL of a node under load):"]
        out += [failover_line(r) for r in results.get("failover", [])]
    return "\n".join(out)


def summary_stores(results: dict[str, Any], opts: argparse.Namespace) -> list[str]:
    sqlite, pg = results.get("sqlite") or {}, results.get("postgres") or {}
    out = [
        "",
        f"1. One node, clients straight to it, {opts.lobbies} lobbies x ({SEATS} seats + a table),"
        f" {opts.rate:g} move/s a seat, {opts.seconds:g} s measured (node on CPU 0, generator on CPU 1):",
    ]
    for name, p in (("SQLite", sqlite), ("PostgreSQL", pg)):
        out.append(
            f"   {name:<11} node CPU {_f(p.get('nodes_ms_per_move'), 3)} ms/move"
            f" ({_f(p.get('nodes_cpu_pct'), 1)}% of a core), p50 {_f(p.get('p50_ms'), 1)} ms,"
            f" p99 {_f(p.get('p99_ms'), 1)} ms, {_f(p.get('moves_per_s'), 1)} moves/s, errors {p.get('errors', '-')},"
            f" acknowledged moves not stored {p.get('acked_lost', '-')} of {p.get('acked_checked', '-')},"
            f" views ok {p.get('views_matched', '-')}/{p.get('clients', '-')}, others% {_f(p.get('others_cpu_pct'), 0)}"
        )
    if sqlite.get("nodes_ms_per_move") and pg.get("nodes_ms_per_move"):
        ratio = pg["nodes_ms_per_move"] / sqlite["nodes_ms_per_move"]
        out.append(
            f"   PostgreSQL/SQLite, the node's CPU per move: {ratio:.2f}x; PostgreSQL's own processes add"
            f" {_f(pg.get('postgres_ms_per_move'), 3)} ms/move ({_f(pg.get('postgres_cpu_pct'), 1)}% of a core),"
            f" Redis {_f(pg.get('redis_ms_per_move'), 3)} ms/move"
        )
    out += ["", "2. Per acknowledged move on that PostgreSQL node (the same window):"]
    if pg.get("pg_exact_per_move"):
        exact, per = pg["pg_exact_per_move"], pg["pg_per_move"]
        out.append(
            f"   write transactions {exact['write_transactions']}/move (transaction ids taken: exact),"
            f" WAL {exact['wal_bytes']:.0f} bytes/move"
        )
        out.append(
            f"   pg_stat_database: commits {per.get('xact_commit')}, rows inserted {per.get('tup_inserted')},"
            f" updated {per.get('tup_updated')}, deleted {per.get('tup_deleted')},"
            f" fetched {per.get('tup_fetched')}, rollbacks {per.get('xact_rollback')}"
            " (these counters reach the view a second or two late: +-10 % over the window)"
        )
    if pg.get("pg_statements"):
        out.append(
            f"   pg_stat_statements: {pg.get('pg_statements_per_move')} statements a move in all"
            f" ({pg['moves_acked']} moves in {pg['window_s']} s), each a transaction of its own:"
        )
        out.append(f"     {'per move':>9} {'per s':>7} {'rows/call':>9} {'WAL rec/call':>12} {'blks dirtied/call':>17}")
        for st in pg["pg_statements"][:10]:
            out.append(
                f"     {st['per_move']:>9.4f} {st['per_s']:>7.2f} {st['rows'] / st['calls']:>9.2f}"
                f" {st['wal_records_per_call']:>12.2f} {st['blocks_dirtied_per_call']:>17.2f}"
                f"  {_short(st['query'])}"
            )
    if "redis_calls_total" in pg:
        sent = ", ".join(f"{k} {v}" for k, v in (pg.get("redis_sent") or {}).items()) or "none"
        calls = ", ".join(f"{k} {v}" for k, v in pg["redis_calls"].items()) or "none"
        out.append(
            f"   Redis: the node sent {pg.get('redis_requests')} commands in {pg['window_s']} s"
            f" = {pg.get('redis_requests_per_s')}/s = {pg.get('redis_requests_per_move')}/move"
            f" (MONITOR: {sent});"
        )
        out.append(
            f"     INFO commandstats, which counts what Lua scripts run too: {pg['redis_calls_total']}"
            f" = {pg['redis_calls_per_s']}/s = {pg.get('redis_calls_per_move')}/move ({calls})"
        )
    if pg.get("pg_statements"):
        logs = [st for st in pg["pg_statements"] if re.search(r"\binto log\b", st["query"], re.I)]
        rest = [st for st in pg["pg_statements"] if st not in logs]
        out.append(
            f"   against the target (one insert a move, no Redis a move): statements writing the log"
            f" {sum(st['per_move'] for st in logs):.3f}/move; the others {sum(st['per_s'] for st in rest):.2f}/s"
            f" whatever the load; Redis {pg.get('redis_requests_per_move')} commands/move"
        )
    return out


def summary_proxy(results: dict[str, Any], opts: argparse.Namespace) -> list[str]:
    one = results.get("proxy_1") or {}
    steps = [p for p in results.get("capacity", []) if not p.get("failed")]
    two = next((p for p in steps if p["lobbies"] == opts.lobbies), {})
    out = ["", f"3. Behind HAProxy (nothing pinned), {opts.lobbies} lobbies:"]
    for name, p in (("1 node ", one), ("2 nodes", two)):
        out.append(
            f"   {name}: nodes' CPU {_f(p.get('nodes_ms_per_move'), 3)} ms/move ({_f(p.get('nodes_cpu_pct'), 1)}%),"
            f" HAProxy {_f(p.get('proxy_ms_per_move'), 3)} ms/move ({_f(p.get('proxy_cpu_pct'), 1)}%),"
            f" PostgreSQL {_f(p.get('postgres_ms_per_move'), 3)} ms/move,"
            f" Redis {_f(p.get('redis_requests_per_s'), 1)} commands/s sent, p50 {_f(p.get('p50_ms'), 1)} ms,"
            f" p99 {_f(p.get('p99_ms'), 1)} ms, errors {p.get('errors', '-')}, others% {_f(p.get('others_cpu_pct'), 0)}"
        )
    if one.get("nodes_ms_per_move") and two.get("nodes_ms_per_move"):
        ratio = two["nodes_ms_per_move"] / one["nodes_ms_per_move"]
        verdict = "within" if ratio <= 1.15 else "OVER"
        out.append(f"   2 nodes / 1 node, CPU per move: {ratio:.2f}x ({verdict} the 1.15x target)")
    out.append(
        f"   2 nodes, stepping up ({opts.step_seconds:g} s a step, {opts.seconds:g} s at {opts.lobbies}; CPU% of one"
        " core; machine: both cores busy; wait: ready to run but no core free):"
    )
    for p in steps:
        out.append(
            f"     {p['lobbies']:>4} lobbies: p99 {_f(p.get('p99_ms'), 1)} ms, {_f(p.get('moves_per_s'), 0)} moves/s,"
            f" errors {p.get('errors')}, nodes {_f(p.get('nodes_cpu_pct'), 0)}%"
            f" (wait {_f(p.get('nodes_wait_pct'), 0)}%),"
            f" HAProxy {_f(p.get('proxy_cpu_pct'), 0)}%, PostgreSQL {_f(p.get('postgres_cpu_pct'), 0)}%,"
            f" generator {_f(p.get('gen_cpu_pct'), 0)}% (wait {_f(p.get('gen_wait_pct'), 0)}%),"
            f" others {_f(p.get('others_cpu_pct'), 0)}%, machine {_f(p.get('machine_busy_pct'), 0)}%"
        )
    held = []
    for p in steps:  # the steps up to the first that missed
        if not held_slo(p, opts):
            break
        held.append(p["lobbies"])
    out.append(
        f"   most lobbies held at p99 <= {opts.slo_ms:g} ms with 2 nodes: {max(held, default=0) or 'none'}"
        f" (the series stopped: {results.get('capacity_stop')})"
    )
    out.append(
        f"   this machine's {os.cpu_count()} cores run the nodes, HAProxy, PostgreSQL, Redis and this load generator"
        " together (and whatever else runs on it: others%): a figure of this machine, a lower bound of what 2 nodes"
        " hold on cores of their own"
    )
    return out


def problems(results: dict[str, Any]) -> list[str]:
    """What a run must not show (checked with --quick): a stage with no move, an acknowledged move lost,
    a failed stage, a killed node's client that never came back, lobbies not spread again once it is back."""
    found = []
    points = [results.get(k) for k in ("sqlite", "postgres", "proxy_1")] + list(results.get("capacity", []))
    for p in points:
        if not p:
            continue
        name = f"{p.get('stage')} ({p.get('lobbies')} lobbies)"
        if p.get("failed"):
            found.append(f"{name}: {p['failed']}")
        elif not p.get("moves_accepted"):
            found.append(f"{name}: no move acknowledged")
        if p.get("acked_lost"):
            found.append(f"{name}: {p['acked_lost']} acknowledged moves not in the store")
    for r in results.get("failover", []):
        if r.get("failed"):
            found.append(f"failover (lease {r['lease_s']:g} s): {r['failed']}")
            continue
        if r.get("acked_lost"):
            found.append(f"failover (lease {r['lease_s']:g} s): {r['acked_lost']} acknowledged moves not in the store")
        if r.get("clients_back") != r.get("clients_moved"):
            found.append(
                f"failover (lease {r['lease_s']:g} s): {r.get('clients_back')} of {r.get('clients_moved')} back"
            )
        if not r.get("acked_checked"):
            found.append(f"failover (lease {r['lease_s']:g} s): no move acknowledged")
        if r.get("by_node_before") and r.get("spread_again_s") is None:
            found.append(f"failover (lease {r['lease_s']:g} s): lobbies not spread again after {r['victim']} came back")
    return found


# -- the run -----------------------------------------------------------------------------------------------


async def run_all(opts: argparse.Namespace, folder: Path, services: Services) -> dict[str, Any]:
    bench = Bench(opts, folder, services)
    print(header(), flush=True)
    if "stores" in opts.stages:
        await bench.stores()
    if "proxy" in opts.stages:
        await bench.proxied()
    if "failover" in opts.stages:
        print("failover:", flush=True)
        for lease in opts.lease_seconds:
            await bench.failover(lease)
    return bench.results


def versions() -> str:
    found = []
    with contextlib.suppress(Exception):
        from gamenight.web.services import postgres_binaries

        out = subprocess.run([str(postgres_binaries() / "postgres"), "--version"], capture_output=True, text=True)
        found.append(out.stdout.strip().replace("postgres (PostgreSQL) ", "PostgreSQL "))
    for argv in (["redis-server", "--version"], ["haproxy", "-v"]):
        with contextlib.suppress(Exception):
            out = subprocess.run(argv, capture_output=True, text=True).stdout.splitlines()[0]
            found.append(" ".join(out.split()[:3]))
    return ", ".join(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lobbies", type=int, default=40, help="lobbies of the comparisons (and the first step)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured in each comparison")
    parser.add_argument("--start", type=int, help="the first step with 2 nodes [default: half --lobbies]")
    parser.add_argument("--step", type=int, default=0, help="lobbies added a step with 2 nodes [default: --lobbies]")
    parser.add_argument("--step-seconds", type=float, default=15.0, help="seconds measured a step")
    parser.add_argument("--max-lobbies", type=int, default=400, help="the steps stop here")
    parser.add_argument("--slo-ms", type=float, default=50.0, help="the p99 a step must hold")
    parser.add_argument("--saturated-pct", type=float, default=90.0, help="the generator's CPU that ends the steps")
    parser.add_argument("--failover-nodes", type=int, default=3)
    parser.add_argument("--failover-lobbies", type=int, default=30)
    parser.add_argument("--failover-wait", type=float, default=30.0, help="seconds past the lease for clients back")
    parser.add_argument("--comeback-wait", type=float, default=5.0, help="seconds a killed node is back, mid-round")
    parser.add_argument("--lease-seconds", type=float, nargs="+", default=[DEFAULT_LEASE, 2.0], help="failover runs")
    add_load_options(parser)
    parser.add_argument("--settle", type=float, default=1.5, help="seconds after a step's window before its analysis")
    parser.add_argument("--budget", type=float, default=270.0, help="seconds after which no new step starts")
    parser.add_argument("--stages", nargs="+", choices=("stores", "proxy", "failover"),
                        default=["stores", "proxy", "failover"])  # fmt: skip
    parser.add_argument("--pin", action=argparse.BooleanOptionalAction, default=True, help="stage 1: node CPU 0, us 1")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every figure here ('-': to stdout, after the report)")
    parser.add_argument("--keep", type=Path, help="keep the logs and databases in this folder")
    parser.add_argument("--quick", action="store_true", help="a few lobbies for 3 s a stage; exit 1 on a problem")
    opts = parser.parse_args()
    if opts.quick:
        opts.lobbies, opts.seconds, opts.step_seconds, opts.max_lobbies = 2, 3.0, 3.0, 2
        opts.warmup, opts.settle, opts.drain = 1.0, 0.5, 5.0
        opts.failover_nodes, opts.failover_lobbies, opts.lease_seconds = 2, 4, [2.0]
    opts.step = opts.step or opts.lobbies
    if opts.start is None:
        opts.start = opts.lobbies if opts.quick else opts.lobbies // 2
    opts.drop_patches = 0.0  # netload.py's Load reads these
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per client, here and in HAProxy
    started = time.time()
    print(
        f"gamenight cluster benchmark: {os.cpu_count()} cores, load average {load_average()}, CPU pressure"
        f" {cpu_pressure()}; {versions()}"
    )
    print(
        f"lobbies of {SEATS} seats + a table, {opts.rate:g} Spyfall move/s a seat; eventlet nodes; figures per"
        " acknowledged move; CPU% is of one core",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="gamenight-cluster-bench-") as tmp:
        folder = opts.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        services = Services(folder)
        try:
            services.start()
            results = asyncio.run(run_all(opts, folder, services))
        finally:
            services.stop()
    print(summary(results, opts))
    print(
        f"\nload average at the end: {load_average()}, CPU pressure {cpu_pressure()};"
        f" {time.time() - started:.0f} s in all"
    )
    if opts.json:
        document = {"started": started, "cores": os.cpu_count(), "options": {k: (str(v) if isinstance(v, Path) else v)
                    for k, v in vars(opts).items()}, "results": results}  # fmt: skip
        text = json.dumps(document, indent=1, default=str)
        if str(opts.json) == "-":
            print(text)
        else:
            opts.json.write_text(text)
            print(f"figures written to {opts.json}")
    verdict(problems(results), opts.quick)


if __name__ == "__main__":
    main()
