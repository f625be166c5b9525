"""An audience served by every node of a cluster: three real nodes on PostgreSQL and Redis behind HAProxy.

The lobby lives on one node; audience members come in through the proxy on each of the three. The owner
publishes each change of the public view once through Redis and the other nodes hand it to their own
audience; picks made on any node are counted at the reveal; a node that dies takes only its own audience
connections with it, and they come back elsewhere with a whole view.
"""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import orjson
import redis
import socketio
from helpers import HeldView
from test_cluster import RemoteParty, cluster  # noqa: F401 (the fixture)
from waiting import wait_until

CALL_SECONDS = 20


class Member:
    """An audience member's connection through the proxy, to the node ``node`` (None: the proxy's pick)."""

    def __init__(self, url: str, node: str | None) -> None:
        self.url, self.node = url.rstrip("/"), node
        self.held = HeldView()
        self.own: dict[str, Any] = {}
        self.token: str | None = None
        self.lock = threading.Lock()
        self.sio = self._connect()

    def _connect(self) -> socketio.Client:
        sio = socketio.Client(reconnection=False)
        sio.on("state", lambda view: self._receive("state", view))
        sio.on("patch", lambda patch: self._receive("patch", patch))
        sio.on("audience_you", self.own.update)
        query = f"?node={self.node}" if self.node else ""
        sio.connect(self.url + "/" + query, transports=["websocket"], wait_timeout=5)
        return sio

    def _receive(self, event: str, payload: Any) -> None:
        # python-socketio runs each handler in a thread of its own: a message may overtake an older one. An older
        # whole view is dropped, and a patch that finds a gap asks for the whole view again.
        with self.lock:
            held = (self.held.view or {}).get("lobby", {}).get("version", -1)
            if event == "state" and payload["lobby"]["version"] < held:
                return
            self.held.receive(event, payload)
            if self.held.missed:
                self.held.missed = False
                self.sio.emit("resync", {})

    def call(self, event: str, payload: dict[str, Any]) -> dict[str, Any]:
        return self.sio.call(event, payload, timeout=CALL_SECONDS)

    def join(self, code: str, name: str) -> dict[str, Any]:
        answer = self.call("join_audience", {"code": code, "name": name})
        assert answer["ok"], answer
        self.token = answer["token"]
        return answer

    def view(self) -> dict[str, Any]:
        with self.lock:
            return self.held.view or {}

    def wait(self, test, what: str, seconds: float = 20) -> None:
        try:
            wait_until(lambda: bool(self.view()) and test(self.view()), what, seconds)
        except AssertionError as exc:
            held = self.view().get("lobby", {}).get("version")
            raise AssertionError(f"{exc} (it holds version {held})") from None

    def come_back(self, code: str) -> dict[str, Any]:
        """After its node died: a new connection through the proxy, and the member again by the token."""
        self.node, self.held, self.own = None, HeldView(), {}
        self.sio = self._connect()
        return self.call("attach_audience", {"code": code, "token": self.token})

    def close(self) -> None:
        if self.sio.connected:
            self.sio.disconnect()


def messages(listener: Any, quiet: float = 1.5) -> list[dict[str, Any]]:
    """What the Redis channel carried until it has been quiet for ``quiet`` seconds."""
    found, last = [], time.monotonic()
    while time.monotonic() - last < quiet:
        message = listener.get_message(timeout=0.2)  # None also for a subscription's confirmation
        if message is not None:
            found.append(orjson.loads(message["data"]))
            last = time.monotonic()
    return found


def spy_prompt(view: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in view["match"]["prompts"] if p["question"] == "spyfall.audience.who_is_spy")


def test_the_audience_on_every_node_sees_each_move_and_is_counted_at_the_reveal(cluster):  # noqa: F811
    party = RemoteParty(cluster, "spyfall", ["Ann", "Boris", "Chen", "Dina"], node="n1", options={"spies": "1"})
    members: list[Member] = []
    try:
        owner = party.owner(cluster)
        assert owner == "n1"
        listener = redis.Redis.from_url(cluster.redis_url).pubsub(ignore_subscribe_messages=True)
        listener.subscribe(f"gamenight:public:{party.code}")
        for number, node in enumerate(["n2", "n3", "n1", "n2"]):
            member = Member(cluster.url, node)
            assert member.join(party.code, f"Fan {number}")["door"] == "in"
            members.append(member)
        for member in members:
            member.wait(lambda v: v.get("match") and v["match"]["prompts"], "the audience's prompts")
        spy = next(p.player for p in party.phones if (p.latest["match"]["game_view"].get("card") or {}).get("spy"))
        location = next(
            p.latest["match"]["game_view"]["card"]["location"]["id"]
            for p in party.phones
            if not p.latest["match"]["game_view"]["card"].get("spy")
        )
        wrong = next(p.player for p in party.phones if p.player != spy)
        prompt = spy_prompt(members[0].view())["id"]
        for member, choice in zip(members, [spy, wrong, spy, spy], strict=True):
            answer = member.call("predict", {"prompt": prompt, "choice": choice})
            assert answer["ok"], answer
        party.screen.wait(lambda v: v["lobby"]["audience"]["watching"] == 4, "four watching, on three nodes")

        # A move of a player: one Redis message, and every member (on every node) has the table's view.
        messages(listener)  # the whole views the members' nodes asked for as they joined
        asker = party.by_id(party.match()["game_view"]["asker"])
        target = next(p.player for p in party.phones if p is not asker)
        assert asker.act("asked", player=target)["ok"]
        party.screen.wait(lambda v: v["match"]["game_view"]["asked_by"] is not None, "the question on the table")
        version = party.screen.latest["lobby"]["version"]
        for member in members:
            member.wait(lambda v: v["lobby"]["version"] == version, f"version {version} on {member.node}'s member")
            assert member.view()["match"] == party.screen.latest["match"], "the audience sees what the table sees"
        published = messages(listener)
        # Other changes may come meanwhile (how many watch): each version goes out once, as a patch.
        assert [b["to"] for b in published if "to" in b].count(version) == 1, published
        assert not [b for b in published if "state" in b], "no whole view was sent again"
        changes = [(b["from"], b["to"]) for b in published]
        assert all(a[1] == b[0] for a, b in zip(changes, changes[1:], strict=False)), f"in order: {changes}"

        # The spy names the location: the tally counts the picks made on every node.
        assert party.by_id(spy).act("reveal", location=location)["ok"]
        party.screen.wait(lambda v: v["lobby"]["audience"]["results"], "the crowd's tally on the table")
        result = next(r for r in party.screen.latest["lobby"]["audience"]["results"] if r["prompt"]["id"] == prompt)
        assert result["tally"] == {spy: 3, wrong: 1}
        # each member's standing after the tally: points, place, of how many (their standing on joining came first)
        expected = [(2, 1, 4), (0, 4, 4), (2, 1, 4), (2, 1, 4)]
        for member, standing in zip(members, expected, strict=True):
            member.wait(lambda v: v["lobby"]["audience"]["results"], "the tally on an audience phone")
            wait_until(
                lambda m=member, s=standing: (m.own.get("points"), m.own.get("place"), m.own.get("of")) == s,
                f"the standing {standing} on {member.node}'s member (it has {member.own})",
                20,
            )

        # The node serving the first member dies: only its audience connections go, and they come back elsewhere.
        cluster.kill("n2", signal.SIGKILL)
        back = members[0].come_back(party.code)
        assert back["ok"], back
        members[0].wait(lambda v: v["lobby"]["audience"]["results"], "a whole view after coming back")
        assert members[0].own["picks"] == {prompt: spy}
        assert members[1].view()["lobby"]["audience"]["results"]  # on n3: still there
    finally:
        for member in members:
            member.close()
        party.close()
