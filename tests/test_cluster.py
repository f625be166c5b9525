"""A cluster on loopback: three real nodes on a real PostgreSQL and Redis, behind a real HAProxy.

Every phone and table reaches its lobby through the proxy's one address. The lobbies of the
four games are owned by different nodes; one node is killed (SIGKILL) under traffic, another
is paused past its lease (SIGSTOP) and woken, every node is restarted in turn (SIGTERM): each
time the clients find their lobby again by themselves, play goes on, clocks keep the time
they had left, and every acknowledged move is in the store.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from cluster_client import ClusterPhone
from conftest import subprocess_env
from gamenight.web.cluster_cli import LocalCluster
from server import LOOPBACK_LIMITS
from services import expire_leases
from stores import postgres_rows
from waiting import Worker, wait_until

# Seconds, short: nodes renew and adopt orphans every third of a lease. The tests end the leases of a killed or
# paused node themselves, in Redis; a real deployment keeps the default.
LEASE = "2"
SQUARE = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]
WORDS = ["river", "mountain", "candle", "window", "garden", "thunder"]


@pytest.fixture
def cluster(fresh_postgres_url, fresh_redis_url, tmp_path) -> Iterator[LocalCluster]:
    env = LOOPBACK_LIMITS | subprocess_env()
    with LocalCluster(
        3,
        directory=tmp_path / "cluster",
        db_url=fresh_postgres_url,
        redis_url=fresh_redis_url,
        serve_args=["--lease-seconds", LEASE],
        env=env,
    ) as running:
        yield running


class RemoteParty:
    """One lobby of a game: its phones (the first is the host) and its table screen."""

    def __init__(self, cluster: LocalCluster, game: str, names: list[str], node: str, options=None) -> None:
        self.game = game
        host = ClusterPhone(cluster.url, names[0], node=node)  # sent to that node, as a moved client would be
        self.code = host.create()
        # The others come through the proxy with no node: they follow the lobby there themselves. One polls.
        self.phones = [host] + [ClusterPhone(cluster.url, n, polling=(i == 1)) for i, n in enumerate(names[1:])]
        for phone in self.phones[1:]:
            phone.join(self.code)
        self.screen = ClusterPhone(cluster.url)
        self.screen.watch(self.code)
        chosen = host.command("choose", game=game, variants=[], options=options or {})
        assert chosen["ok"], chosen
        started = host.command("start")
        assert started["ok"], started
        self.wait(lambda m: m["phase"] not in (None, "lobby"), "the match")

    @property
    def host(self) -> ClusterPhone:
        return self.phones[0]

    def everyone(self) -> list[ClusterPhone]:
        return [*self.phones, self.screen]

    def match(self, phone: ClusterPhone | None = None) -> dict:
        return ((phone or self.screen).latest or {}).get("match") or {}

    def by_id(self, player: str) -> ClusterPhone:
        return next(p for p in self.phones if p.player == player)

    def wait(self, test, what: str) -> None:
        for phone in self.everyone():
            phone.wait(lambda v: v.get("match") and test(v["match"]), f"{what} in {self.game}")

    def owner(self, cluster: LocalCluster) -> str | None:
        """The node holding the lobby's lease (None between an expiry and a takeover)."""
        with redis.Redis.from_url(cluster.redis_url, decode_responses=True) as directory:
            held = directory.get(f"gamenight:lease:{self.code}")
        return held.split(" ")[0] if held else None

    def close(self) -> None:
        for phone in self.everyone():
            phone.close()


# -- a few real moves of each game, made from what each phone sees ----------------------------------


def spyfall_asks(party: RemoteParty, count: int) -> None:
    for _ in range(count):
        game = party.match()["game_view"]
        asker = party.by_id(game["asker"])
        others = [p for p in party.phones if p.player not in (asker.player, game.get("asked_by"))]
        version = party.match()["version"]
        assert asker.act("asked", player=others[0].player)["ok"]
        party.wait(lambda m, v=version: m["version"] > v, "the question")


def notahuman_associates(party: RemoteParty) -> None:
    for phone, word in zip(party.phones, WORDS, strict=False):
        answer = phone.act("associate", word=word)
        assert answer["ok"], answer


def notarobot_draws(party: RemoteParty) -> None:
    for phone in party.phones:
        assert phone.act("draw", word=0, figure=SQUARE)["ok"]


def teams_pick_locations(party: RemoteParty) -> None:
    assert party.host.act("end_round")["ok"]
    party.wait(lambda m: m["phase"] == "pick_locations", "the picks")
    for phone in party.phones[:3]:
        game = phone.latest["match"]["game_view"]
        mine = game["card"]["location"]["id"] if game["card"].get("location") else None
        other = next(loc["id"] for loc in game["locations"] if loc["id"] != mine)
        assert phone.act("name_location", locations=[other])["ok"]


def remaining(party: RemoteParty, timer: str) -> float:
    return party.match()["timers"][timer]["remaining"]


def paused(cluster: LocalCluster, node: str) -> bool:
    """Whether the node's process is stopped (a SIGSTOP has taken hold of it)."""
    stat = Path(f"/proc/{cluster.nodes[node].pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0] == "T"


def crossings(party: RemoteParty) -> int:
    """How many of the traffic's moves were acknowledged in ``party``."""
    return sum(1 for phone in party.phones for command in phone.acked if command["args"].get("action") == "cross")


def wait_for_traffic(parties: list[RemoteParty], moves: int, what: str) -> None:
    """Wait until each Spyfall lobby's traffic has had ``moves`` more moves acknowledged."""
    playing = [party for party in parties if "spyfall" in party.game]
    done = {party.code: crossings(party) for party in playing}
    wait_until(lambda: all(crossings(t) >= done[t.code] + moves for t in playing), what, 30)


@contextlib.contextmanager
def traffic(parties: list[RemoteParty]) -> Iterator[list[str]]:
    """In each Spyfall lobby, the phones that know the location keep crossing it out and back (a move every
    ~50 ms per lobby) until the block ends; refusals other than a stale version are failures."""
    stop, failures = threading.Event(), []

    def play(party: RemoteParty) -> None:
        knowing = [p for p in party.phones if (p.latest["match"]["game_view"]["card"] or {}).get("location")]
        turn = 0
        while not stop.is_set():
            phone = knowing[turn % len(knowing)]
            location = phone.latest["match"]["game_view"]["card"]["location"]["id"]
            answer = phone.act("cross", location=location, crossed=turn % 2 == 0)
            if not answer["ok"] and answer["error"]["code"] != "stale":
                failures.append(f"{party.game}: {answer}")
            turn += 1
            time.sleep(0.05)

    players = [Worker(play, t, name=f"traffic {t.code}") for t in parties if "spyfall" in t.game]
    for player in players:
        player.start()
    try:
        yield failures
    finally:
        stop.set()
        for player in players:
            player.finish(60)  # what a player's thread raised fails the test


def assert_every_acknowledged_command_stored(cluster: LocalCluster, parties: list[RemoteParty]) -> int:
    stored = {
        (code, kind, actor, args)
        for code, kind, actor, args in postgres_rows(
            cluster.db_url,
            "SELECT code, record::json->>'kind', record::json->>'actor', (record::json->'args')::text FROM log",
        )
    }
    count = 0
    for party in parties:
        for phone in party.phones:
            for command in phone.acked:
                args = json.dumps(command["args"], separators=(", ", ": "))
                key = (party.code, command["kind"], command["player"])
                assert any(row[:3] == key and json.loads(row[3]) == json.loads(args) for row in stored), (
                    f"acknowledged but not stored: {key} {command['args']}"
                )
                count += 1
    return count


def test_every_game_plays_through_the_proxy_and_survives_a_node_killed(cluster):
    parties = [
        RemoteParty(cluster, "spyfall", ["Ann", "Boris", "Chen", "Dina"], "n1"),
        RemoteParty(cluster, "notahuman", ["Emil", "Fay", "Gleb", "Hana"], "n2"),
        RemoteParty(cluster, "notarobot", ["Ivan", "Jana", "Kira", "Lev"], "n3"),
        RemoteParty(cluster, "spyfall_teams", ["Mila", "Nick", "Olga", "Petr", "Rita", "Sasha"], "n1"),
    ]
    spyfall, human, robot, teams = parties
    assert [t.owner(cluster) for t in parties] == ["n1", "n2", "n3", "n1"]
    assert sum(phone.moved for t in parties for phone in t.phones) > 0  # joiners that reached another node followed

    spyfall_asks(spyfall, 2)
    notahuman_associates(human)
    notarobot_draws(robot)
    teams_pick_locations(teams)

    with traffic(parties) as failures:
        wait_for_traffic(parties, 5, "the traffic under way")
        before = {t.game: t.match()["version"] for t in parties}
        left = remaining(spyfall, "round")
        cluster.kill("n1", signal.SIGKILL)
        killed_at = time.monotonic()
        assert expire_leases(cluster.redis_url, "n1") == sorted([spyfall.code, teams.code])  # n1 renews no more
        # Every phone and table of n1's lobbies comes back by itself, on another node, with its whole view.
        for party in (spyfall, teams):
            wait_until(lambda t=party: t.owner(cluster) not in (None, "n1"), f"{party.game} taken over", 30)
            for phone in party.everyone():
                wait_until(lambda p=phone: p.reconnected and p.latest, f"{phone.name} back", 30)
        wait_for_traffic(parties, 5, "the traffic going on on the new owners")
    back_after = time.monotonic() - killed_at
    assert failures == []
    # Play goes on in every lobby, on the state it had: nothing acknowledged was lost.
    for party in parties:
        party.wait(lambda m, v=before[party.game]: m["version"] >= v, "the state before the kill")
    # The round clock kept the time it had left (the node's last beat, up to a second, was its last moment).
    assert left - back_after - 1.5 <= remaining(spyfall, "round") <= left + 0.5
    spyfall_asks(spyfall, 2)
    for phone in teams.phones[3:]:
        game = phone.latest["match"]["game_view"]
        other = next(loc["id"] for loc in game["locations"] if loc["id"] != game["card"]["location"]["id"])
        assert phone.act("name_location", locations=[other])["ok"]
    teams.wait(lambda m: m["phase"] != "pick_locations", "the ally picks")
    # Each host ends the match: every table shows the result.
    for party in parties:
        assert party.host.command("end")["ok"]
        party.wait(lambda m: m["over"] or m["result"], "the result")
    assert assert_every_acknowledged_command_stored(cluster, parties) > 0
    for party in parties:
        party.close()


def test_a_node_paused_past_its_lease_is_fenced_and_its_clients_move(cluster):
    party = RemoteParty(cluster, "spyfall", ["Ann", "Boris", "Chen", "Dina"], "n2")
    spyfall_asks(party, 1)
    cluster.kill("n2", signal.SIGSTOP)
    try:
        wait_until(lambda: paused(cluster, "n2"), "n2 paused")
        assert expire_leases(cluster.redis_url, "n2") == [party.code]  # paused past its lease
        # Meanwhile a late player arrives: the proxy sends them to a live node, which takes the lobby over.
        late = ClusterPhone(cluster.url, "Zoe")
        late.join(party.code)
        assert party.owner(cluster) in ("n1", "n3")
        # Its phones do not wait for it: the proxy's health check marks it down and closes their connections,
        # and they reconnect on a live node while it is still paused.
        for phone in party.everyone():
            wait_until(lambda p=phone: p.reconnected, f"{phone.name or 'the table'} reconnected", 30)
        assert paused(cluster, "n2")
    finally:
        cluster.kill("n2", signal.SIGCONT)
    # n2 wakes with the lobby in memory: its first write (or renewal) is refused, it drops the lobby and sends
    # its clients on. They find it on its new owner, with the late player seated.
    for phone in party.everyone():
        phone.wait(
            lambda v: late.player in [s["id"] for s in v["lobby"]["seats"]], f"{phone.name or 'the table'} sees Zoe"
        )
    wait_until(lambda: "dropped here" in cluster.node_log("n2"), "n2 letting the lobby go")
    spyfall_asks(party, 1)
    assert assert_every_acknowledged_command_stored(cluster, [party]) > 0
    late.close()
    party.close()


def test_a_rolling_restart_loses_no_lobby_and_no_move(cluster):
    parties = [
        RemoteParty(cluster, "spyfall", ["Ann", "Boris", "Chen", "Dina"], "n1"),
        RemoteParty(cluster, "notarobot", ["Ivan", "Jana", "Kira", "Lev"], "n2"),
    ]
    with traffic(parties) as failures:
        for node in ("n1", "n2", "n3"):
            cluster.kill(node, signal.SIGTERM)
            assert cluster.wait_node_exit(node) == 0
            cluster.start_node(node)
    assert failures == []
    spyfall_asks(parties[0], 1)
    notarobot_draws(parties[1])
    assert assert_every_acknowledged_command_stored(cluster, parties) > 0
    for party in parties:
        party.close()


def test_pictures_uploaded_on_one_node_are_served_by_every_node(cluster):
    import urllib.request

    from test_uploads_limits import pack_files
    from test_uploads_server import post_pack

    host = ClusterPhone(cluster.url, "Ann", node="n2")
    code = host.create()
    owner_url, other_url = cluster.nodes["n2"].url.rstrip("/"), cluster.nodes["n3"].url.rstrip("/")
    # Sent to a node that does not own the lobby, an upload is refused, naming the node to send it to (a browser
    # sends it with ?node= of the node its socket follows the lobby to).
    status, refused = post_pack(other_url, code, host.token, pack_files(2))
    assert status == 409 and refused["error"]["code"] == "moved", (status, refused)
    assert refused["error"]["params"]["node"] == "n2"
    status, answer = post_pack(owner_url, code, host.token, pack_files(2))
    assert status == 200 and answer["ok"], answer
    pack = host.wait(lambda v: v["lobby"]["shelves"].get("images.uploads", {}).get("packs"), "the pack")
    picture = pack["lobby"]["shelves"]["images.uploads"]["packs"][0]
    for node in cluster.nodes.values():  # whichever node a table's picture request reaches
        path = f"/images/{picture['id']}/{picture['images'][0]}"
        with urllib.request.urlopen(node.url.rstrip("/") + path, timeout=10) as response:
            assert response.status == 200 and response.headers["Content-Type"] == "image/webp"
    host.close()
