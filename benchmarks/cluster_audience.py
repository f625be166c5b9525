"""A crowd spread over a cluster: one lobby's audience on every node, ordinary lobbies playing beside it, then
a node holding part of the crowd killed.

    python benchmarks/cluster_audience.py [--audience 3000] [--lobbies 20] [--seconds 20] [--json results.json]
    python benchmarks/cluster_audience.py --quick    # 60 members, 2 lobbies beside, 3 s; exit 1 on a problem

Everything runs on this machine, on 127.0.0.1, as benchmarks/cluster.py runs it: one PostgreSQL and one Redis,
three ``gamenight serve`` nodes (eventlet) and HAProxy (``gamenight.web.cluster_cli.LocalCluster``), and this
asyncio process playing every client (benchmarks/netclient.py's FollowingConn: each connection keeps its view
and follows its lobby as the browser does). Lobbies of 8 seats and a table screen play Spyfall 2, each seat
1 move a second; the first lobby (created on n1) is the crowd's. Its members come through the proxy with no
node named, so HAProxy spreads them over the three nodes (round robin); each joins (``join_audience``), picks
a suspect, and picks again once at a random moment of the window. Nothing is pinned.

Reported for the window: the players' latency (a move's send until every seat and table of its lobby holds
its version) p50/p99 over every lobby, the crowd's (until every member holds it) for the crowd's lobby, each
node's CPU and the nodes' CPU per move, HAProxy's, PostgreSQL's and Redis's, the Redis commands per move of
the crowd's lobby (its owner publishes each public patch once: ``publish`` per move), the members per node
and each node's memory growth per member, and the bytes a member receives per move. Then a node that holds
members and does not own the crowd's lobby is SIGKILLed: from the kill until each of its members is back (it
reconnected through the proxy, ``attach_audience`` with its token, and holds a ``state`` again), and the
players' answer times meanwhile. Every view (seats, tables, members) is checked against a fresh state at the
end, and every acknowledged move against the store's log.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from cluster import Bench, Run, Services, check, versions  # noqa: E402
from netclient import SEATS, FollowingConn, add_load_options, now  # noqa: E402
from netload import cpu_pressure, delivered_at, load_average, percentile_ms, rss_kib, verdict  # noqa: E402

NODES = ["n1", "n2", "n3"]


class Crowd:
    """The crowd's members: joined through the proxy, picking, and followed when their node dies."""

    def __init__(self, run: Run, code: str, size: int, concurrency: int) -> None:
        self.run, self.code, self.size = run, code, size
        self.gate = asyncio.Semaphore(concurrency)
        self.members: list[FollowingConn] = []
        self.failures: Counter = Counter()
        self.repicks: list[asyncio.Task] = []
        self.repicked = 0

    async def join(self, number: int, timeout: float) -> None:
        async with self.gate:
            conn = FollowingConn(self.run, "audience")
            self.run.conns.append(conn)
            try:
                await conn.open(timeout)
                await conn.call("join_audience", {"code": self.code, "name": f"Fan {number}"}, 60)
                view = await conn.wait_view(lambda v: (v.get("match") or {}).get("prompts"), timeout)
                prompt = view["match"]["prompts"][0]
                choice = prompt["choices"][number % len(prompt["choices"])]["id"]
                answer = await conn.call("predict", {"prompt": prompt["id"], "choice": choice}, 60)
                if answer.get("error"):
                    raise RuntimeError(f"predict: {answer['error']}")
                self.members.append(conn)
            except Exception as exc:  # noqa: BLE001 - counted: a member that could not join is a problem
                self.failures[f"{type(exc).__name__}: {str(exc)[:100]}"] += 1

    async def join_all(self, timeout: float) -> float:
        started = now()
        await asyncio.gather(*(self.join(n, timeout) for n in range(self.size)))
        return round(now() - started, 1)

    def pick_again_during(self, start: float, seconds: float) -> None:
        rng = self.run.rng

        async def pick_again(conn: FollowingConn) -> None:
            await asyncio.sleep(rng.uniform(start, start + seconds))
            prompts = [p for p in ((conn.view or {}).get("match") or {}).get("prompts", []) if p["open"]]
            if not prompts or conn.closed_early:
                return
            with contextlib.suppress(Exception):
                await conn.call(
                    "predict", {"prompt": prompts[0]["id"], "choice": rng.choice(prompts[0]["choices"])["id"]}, 60
                )
                self.repicked += 1

        self.repicks = [asyncio.create_task(pick_again(conn)) for conn in self.members]

    def latencies(self, lobby: Any, t_a: float, t_b: float) -> tuple[list[float], int]:
        """From each move of the crowd's lobby sent in [t_a, t_b) until every member held it; and how many never."""
        held = [(c.versions, c.times) for c in self.members]
        latencies, unreached = [], 0
        for seat in lobby.seats:
            for move in seat.moves:
                if move.ok and move.version is not None and t_a <= move.t_send < t_b:
                    done = delivered_at(move, held)
                    if done is None:
                        unreached += 1
                    else:
                        latencies.append(done - move.t_send)
        return sorted(latencies), unreached


async def stage(opts: argparse.Namespace, bench: Bench) -> dict[str, Any]:
    result: dict[str, Any] = {"audience": opts.audience, "lobbies_beside": opts.lobbies, "nodes": len(NODES)}
    clients = (opts.lobbies + 1) * (SEATS + 1) + opts.audience
    with bench.cluster(len(NODES), "audience", clients) as local:
        run = Run(opts, local.url, bench.probe(local))
        try:
            await measure(opts, bench, local, run, result)
        finally:
            await run.close()
    return result


async def measure(opts: argparse.Namespace, bench: Bench, local: Any, run: Run, result: dict[str, Any]) -> None:
    services = bench.services
    result |= await run.add(opts.lobbies + 1, NODES)
    crowd_lobby = run.lobbies[0]
    pids = {node_id: node.pid for node_id, node in local.nodes.items()}
    rss_before = {node_id: rss_kib(pid) for node_id, pid in pids.items()}
    crowd = Crowd(run, crowd_lobby.code, opts.audience, opts.join_concurrency)
    result["audience_setup_s"] = await crowd.join_all(opts.timeout)
    result["audience_joined"] = len(crowd.members)
    result["audience_join_failures"] = dict(crowd.failures.most_common(3))
    await asyncio.sleep(1.0)
    members_by_node = await asyncio.to_thread(watching_by_node, local, crowd_lobby.code)
    result["members_by_node"] = members_by_node
    rss_after = {node_id: rss_kib(pid) for node_id, pid in pids.items()}
    result["kib_per_member_by_node"] = {
        n: round((rss_after[n] - rss_before[n]) / members_by_node[n], 1)
        for n in pids
        if members_by_node.get(n) and rss_after[n] and rss_before[n]
    }
    owner = services.lease_owners([crowd_lobby.code])[crowd_lobby.code]
    result["crowd_owner"] = owner

    channels = Channels(services.redis_server.url, crowd_lobby.code)
    channels.start()
    await asyncio.sleep(opts.warmup)
    crowd.pick_again_during(0.0, opts.seconds)
    received_before = sum(c.counts["bytes"] for c in crowd.members)
    versions_before = crowd_lobby.conns[0].version
    run.counting = True
    a, b, gc_ms = await run.window(opts.seconds)
    run.counting = False
    versions = crowd_lobby.conns[0].version - versions_before
    point = run.point(a, b, gc_ms)
    received = sum(c.counts["bytes"] for c in crowd.members) - received_before
    crowd_moves = [
        m for s in crowd_lobby.seats for m in s.moves if m.ok and m.version is not None and a["t"] <= m.t_send < b["t"]
    ]
    latencies, unreached = crowd.latencies(crowd_lobby, a["t"], b["t"])
    calls = point.get("redis_calls", {})
    result["window"] = {
        k: point.get(k)
        for k in (
            "window_s", "moves_acked", "moves_per_s", "p50_ms", "p99_ms", "max_ms", "answer_p99_ms", "errors",
            "error_kinds", "node_cpu_s", "nodes_cpu_pct", "nodes_ms_per_move", "proxy_cpu_pct", "postgres_cpu_pct",
            "redis_cpu_pct", "gen_cpu_pct", "machine_busy_pct", "nodes_wait_pct", "redis_calls",
        )
    }  # fmt: skip
    result["crowd_moves"] = len(crowd_moves)
    result["audience_p50_ms"] = percentile_ms(latencies, 50)
    result["audience_p99_ms"] = percentile_ms(latencies, 99)
    result["audience_unreached"] = unreached
    result["publish_per_crowd_move"] = round(calls.get("publish", 0) / len(crowd_moves), 3) if crowd_moves else None
    result["crowd_versions"] = versions  # moves, and the lobby's other changes (presence, the count watching)
    messages = channels.between(a["t"], b["t"])
    channels.stop()
    result["crowd_channel_messages"] = dict(messages)
    result["public_messages_per_version"] = round(messages["public"] / versions, 3) if versions > 0 else None
    result["redis_calls_per_move"] = point.get("redis_calls_per_move")
    result["bytes_per_member_per_move"] = (
        round(received / len(crowd.members) / len(crowd_moves), 1) if crowd.members and crowd_moves else None
    )
    result["repicked"] = crowd.repicked

    victim = next((n for n in NODES if n != owner and members_by_node.get(n)), None)
    if victim is not None:
        result["kill"] = await kill(opts, local, run, crowd, victim)
    await run.stop()
    for task in crowd.repicks:
        task.cancel()
    await check(run, result)
    differed = 0
    for conn in crowd.members:
        if conn.closed_early or await conn.check(opts.timeout) is not None:
            differed += 1
    result["member_views_differed"] = differed
    result |= run.lost_acknowledged(services.log_rows(bench.database))


async def kill(opts: argparse.Namespace, local: Any, run: Run, crowd: Crowd, victim: str) -> dict[str, Any]:
    """SIGKILL ``victim``; when each member it held holds a ``state`` again."""
    figures: dict[str, Any] = {"victim": victim}
    t_kill = now()
    await asyncio.to_thread(local.kill, victim, signal.SIGKILL)

    def back(conn: FollowingConn) -> float | None:
        lost = next((t for t in conn.lost_at if t >= t_kill), None)
        return None if lost is None else next((t - t_kill for t in conn.back_at if t >= lost), None)

    await asyncio.sleep(1.0)
    dropped = [c for c in crowd.members if any(t >= t_kill for t in c.lost_at)]
    deadline = t_kill + opts.back_wait
    while now() < deadline and any(back(c) is None for c in dropped):
        await asyncio.sleep(0.1)
    times = sorted(t for c in dropped if (t := back(c)) is not None)
    t_end = now()
    answers = sorted(
        m.t_ack - m.t_send
        for lobby in run.playing
        for s in lobby.seats
        for m in s.moves
        if m.ok and t_kill <= m.t_send < t_end
    )
    figures["members_dropped"] = len(dropped)
    figures["members_back"] = len(times)
    figures["back_within_10s"] = sum(1 for t in times if t <= 10.0)
    figures["back_median_s"] = round(statistics.median(times), 2) if times else None
    figures["back_max_s"] = round(times[-1], 2) if times else None
    figures["players_answer_p99_ms"] = percentile_ms(answers, 99)
    return figures


class Channels(threading.Thread):
    """Counts, as they arrive, the Redis messages on the crowd's public channel (its owner's patches) and on
    the channel where nodes ask for lobbies' public views."""

    def __init__(self, url: str, code: str) -> None:
        import redis
        from gamenight.web.relay import WANTS, public_channel

        super().__init__(daemon=True)
        self.pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
        self.names = {public_channel(code).encode(): "public", WANTS.encode(): "wants"}
        self.pubsub.subscribe(*self.names)
        self.seen: list[tuple[float, str]] = []
        self.stopped = False

    def run(self) -> None:
        while not self.stopped:
            message = self.pubsub.get_message(timeout=0.2)
            if message is not None:
                self.seen.append((now(), self.names.get(message["channel"], "?")))

    def between(self, t_a: float, t_b: float) -> Counter:
        return Counter(name for t, name in list(self.seen) if t_a <= t < t_b)

    def stop(self) -> None:
        self.stopped = True


def watching_by_node(local: Any, code: str) -> dict[str, int]:
    """How many audience members each node serves (its ``gamenight_audience_connected`` gauge): here all are
    lobby ``code``'s."""
    import urllib.request

    counts: dict[str, int] = {}
    for node_id, node in local.nodes.items():
        with urllib.request.urlopen(f"{node.url}/metrics", timeout=5) as answer:
            text = answer.read().decode()
        counts[node_id] = int(
            sum(
                float(line.rsplit(" ", 1)[1])
                for line in text.splitlines()
                if line.startswith("gamenight_audience_connected ")
            )
        )
    return counts


def report(result: dict[str, Any]) -> str:
    w = result.get("window") or {}
    kill = result.get("kill") or {}
    lines = [
        f"crowd: {result.get('audience_joined')} of {result['audience']} members joined in"
        f" {result.get('audience_setup_s')} s, by node {result.get('members_by_node')}; the crowd's lobby owned by"
        f" {result.get('crowd_owner')}; {result['lobbies_beside']} lobbies beside it",
        f"players: p50 {w.get('p50_ms')} ms, p99 {w.get('p99_ms')} ms, max {w.get('max_ms')} ms over"
        f" {w.get('moves_acked')} moves ({w.get('moves_per_s')}/s); answers p99 {w.get('answer_p99_ms')} ms",
        f"crowd: p50 {result.get('audience_p50_ms')} ms, p99 {result.get('audience_p99_ms')} ms over"
        f" {result.get('crowd_moves')} moves; {result.get('bytes_per_member_per_move')} B a member a move;"
        f" {result.get('repicked')} picks again in the window",
        f"CPU: nodes {w.get('node_cpu_s')} s ({w.get('nodes_ms_per_move')} ms a move), HAProxy"
        f" {w.get('proxy_cpu_pct')}%, PostgreSQL {w.get('postgres_cpu_pct')}%, Redis {w.get('redis_cpu_pct')}%,"
        f" generator {w.get('gen_cpu_pct')}%, machine {w.get('machine_busy_pct')}%",
        f"Redis: {result.get('publish_per_crowd_move')} publish a move of the crowd's lobby"
        f" ({result.get('crowd_versions')} versions; on its public channel"
        f" {result.get('public_messages_per_version')} a version; messages {result.get('crowd_channel_messages')});"
        f" {result.get('redis_calls_per_move')} commands a move in all: {w.get('redis_calls')}",
        f"memory: KiB a member by node {result.get('kib_per_member_by_node')}",
    ]
    if kill:
        lines.append(
            f"SIGKILL {kill['victim']}: {kill['members_back']} of {kill['members_dropped']} dropped members back with"
            f" a state ({kill['back_within_10s']} within 10 s), median {kill['back_median_s']} s, max"
            f" {kill['back_max_s']} s; players' answers meanwhile p99 {kill['players_answer_p99_ms']} ms"
        )
    lines.append(
        f"checks: errors {w.get('errors')} {w.get('error_kinds') or ''}, views differed"
        f" {result.get('views_differed')}, members' views differed {result.get('member_views_differed')},"
        f" acknowledged moves lost {result.get('acked_lost')} of {result.get('acked_checked')}"
    )
    if result.get("notes"):
        lines.append(f"notes: {result['notes']}")
    return "\n".join(lines)


def problems(result: dict[str, Any]) -> list[str]:
    found = []
    if result.get("failed"):
        found.append(result["failed"])
    if result.get("audience_joined") != result["audience"]:
        found.append(f"only {result.get('audience_joined')} members joined: {result.get('audience_join_failures')}")
    for key in ("audience_unreached", "views_differed", "member_views_differed", "acked_lost"):
        if result.get(key):
            found.append(f"{key} = {result[key]}")
    if not (result.get("window") or {}).get("moves_acked"):
        found.append("no move acknowledged in the window")
    kill = result.get("kill")
    if kill and kill["members_back"] != kill["members_dropped"]:
        found.append(f"{kill['members_dropped'] - kill['members_back']} dropped members not back")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--audience", type=int, default=3000, help="members of the crowd's lobby")
    parser.add_argument("--lobbies", type=int, default=20, help="ordinary lobbies playing beside it")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--join-concurrency", type=int, default=50, help="members joining at once")
    parser.add_argument("--back-wait", type=float, default=30.0, help="seconds after a kill for members back")
    add_load_options(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--quick", action="store_true", help="60 members, 2 lobbies beside, 3 s; exit 1 on a problem")
    opts = parser.parse_args()
    if opts.quick:
        opts.audience, opts.lobbies, opts.seconds, opts.warmup, opts.drain = 60, 2, 3.0, 1.0, 5.0
    opts.drop_patches = 0.0  # netload.py's Load reads it
    opts.pin, opts.stages = False, []  # cluster.py's Bench reads them
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    started = time.time()
    print(f"{os.cpu_count()} cores, load average {load_average()}, CPU pressure {cpu_pressure()}; {versions()}")
    with tempfile.TemporaryDirectory(prefix="gamenight-cluster-audience-") as tmp:
        folder = Path(tmp)
        services = Services(folder)
        try:
            services.start()
            bench = Bench(opts, folder, services)
            try:
                result = asyncio.run(stage(opts, bench))
            except Exception as exc:  # noqa: BLE001 - reported as a problem
                result = {
                    "audience": opts.audience,
                    "lobbies_beside": opts.lobbies,
                    "failed": f"{type(exc).__name__}: {exc}"[:400],
                }
        finally:
            services.stop()
    print(report(result))
    print(f"load average at the end: {load_average()}; {time.time() - started:.0f} s in all")
    if opts.json:
        opts.json.write_text(json.dumps(result, indent=1, default=str))
    verdict(problems(result), opts.quick)


if __name__ == "__main__":
    main()
