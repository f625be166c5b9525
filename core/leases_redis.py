"""Lobby leases in Redis: the cluster's directory (``--cluster redis://...``).

Keys (``gamenight:`` first):

- ``lease:<code>``: ``"<node> <epoch>"``, expiring ``lease_seconds`` after its last renewal;
- ``lobby:<code>``: a hash with the lobby's last ``epoch``, the ``node`` that held it and that node's
  ``run`` (one start of its process), and ``released`` (when that node gave it up; absent if it never
  did: it died, or was paused);
- ``beat:<node>:<run>``: the last heartbeat of one run of a node, for a takeover to know when the clocks
  stopped (a node restarted under the same id is a new run: its old run's last beat stays);
- ``load:<node>``: the number of lobbies a healthy node holds, written with each heartbeat and expiring
  soon after the last; ``nodes``: the set of the nodes that ever wrote one (``loads`` reads them).

Every operation is one script or one round trip, and none is on a move's path: a node asks
when a client first comes for a lobby, renews its leases a few times a lease, and beats once
a second.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import redis
from gamenight.leases import Claim, LeasesUnavailable

PREFIX = "gamenight:"
HISTORY_SECONDS = 90 * 86400  # a lobby's epoch outlives any retention: an epoch never goes back
LOAD_SECONDS = 3.0  # how long a node's published load lasts past its last heartbeat (a lease, if longer)
NODE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")  # as the proxy's configuration names servers

# KEYS: lease, lobby. ARGV: node, lease ms, history ms, the store's epoch (the new one is above it), the
# claimer's run, the epoch the claimer holds the lobby under ("" if none). A lease of the same node under
# another epoch is an earlier run's (the node restarted): it is taken over, as from any other node.
# Returns {epoch, previous node, released, previous run} or {0, owner}.
CLAIM = """
local held = redis.call('GET', KEYS[1])
if held then
  local owner, epoch = string.match(held, '^(%S+) (%d+)$')
  if owner ~= ARGV[1] then return {0, owner, '', ''} end
  if epoch == ARGV[6] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return {tonumber(epoch), '', '', ''}
  end
end
local epoch = redis.call('HINCRBY', KEYS[2], 'epoch', 1)
if epoch <= tonumber(ARGV[4]) then
  epoch = tonumber(ARGV[4]) + 1
  redis.call('HSET', KEYS[2], 'epoch', epoch)
end
local previous = redis.call('HGET', KEYS[2], 'node') or ''
local run = redis.call('HGET', KEYS[2], 'run') or ''
local released = redis.call('HGET', KEYS[2], 'released') or ''
redis.call('HSET', KEYS[2], 'node', ARGV[1], 'run', ARGV[5])
redis.call('HDEL', KEYS[2], 'released')
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. epoch, 'PX', ARGV[2])
return {epoch, previous, released, run}
"""
# KEYS: lease, lobby. ARGV: "<node> <epoch>", now.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[2], 'released', ARGV[2])
  return 1
end
return 0
"""
# KEYS: leases. ARGV: lease ms, then "<node> <epoch>" of each. Returns the 1-based positions of the lost ones.
RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[i + 1] then
    redis.call('PEXPIRE', key, ARGV[1])
  else
    table.insert(lost, i)
  end
end
return lost
"""


class RedisLeases:
    """Leases for node ``node`` in the Redis at ``url``, each lasting ``lease_seconds`` past its last renewal."""

    shared = True

    def __init__(self, url: str, node: str, lease_seconds: float = 6.0) -> None:
        if not NODE_ID.match(node):
            raise ValueError(f"a node id is 1-64 letters, digits, '.', '_' or '-', first a letter or digit: {node!r}")
        self.node = node
        self.run = secrets.token_hex(4)  # this start of the node's process
        self.lease_seconds = lease_seconds
        self.lease_ms = int(lease_seconds * 1000)
        self.redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5, decode_responses=True)
        try:
            self._claim = self.redis.register_script(CLAIM)
            self._release = self.redis.register_script(RELEASE)
            self._renew = self.redis.register_script(RENEW)
            self.redis.ping()
        except redis.RedisError as exc:
            raise LeasesUnavailable(f"cannot reach the cluster's directory at {url}: {exc}") from exc

    def claim(self, code: str, now: float, above: int = 0, held: int | None = None) -> Claim | None:
        epoch, other, released, run = self._call(
            self._claim,
            [_lease(code), _lobby(code)],
            [self.node, self.lease_ms, HISTORY_SECONDS * 1000, above, self.run, "" if held is None else held],
        )
        if int(epoch) == 0:
            return None
        if released:
            return Claim(int(epoch), float(released))
        if other:  # the run that held it never let go (it died, or lost its lease): its clocks ran to its last beat
            beat = self._call(self.redis.get, _beat(other, run))
            return Claim(int(epoch), float(beat) if beat else None)
        return Claim(int(epoch))

    def owner(self, code: str) -> str | None:
        held = self._call(self.redis.get, _lease(code))
        return held.split(" ", 1)[0] if held else None

    def release(self, code: str, epoch: int | None, now: float) -> None:
        self._call(self._release, [_lease(code), _lobby(code)], [f"{self.node} {epoch}", repr(now)])

    def renew(self, held: Mapping[str, int | None]) -> list[str]:
        if not held:
            return []
        codes = list(held)
        lost = self._call(
            self._renew, [_lease(c) for c in codes], [self.lease_ms, *(f"{self.node} {held[c]}" for c in codes)]
        )
        return [codes[int(i) - 1] for i in lost]

    def unowned(self, codes: Sequence[str]) -> list[str]:
        if not codes:
            return []
        held = self._call(self.redis.mget, [_lease(c) for c in codes])
        return [code for code, lease in zip(codes, held, strict=True) if lease is None]

    def beat(self, now: float, load: int | None = None) -> None:
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(_beat(self.node, self.run), repr(now), ex=HISTORY_SECONDS)
            if load is None:  # draining: no new lobby comes here
                pipe.delete(_load(self.node))
            else:
                pipe.set(_load(self.node), str(load), px=int(max(LOAD_SECONDS, self.lease_seconds) * 1000))
                pipe.sadd(PREFIX + "nodes", self.node)
            self._call(pipe.execute)

    def loads(self) -> dict[str, int]:
        nodes = sorted(self._call(self.redis.smembers, PREFIX + "nodes"))
        if not nodes:
            return {}
        loads = self._call(self.redis.mget, [_load(n) for n in nodes])
        return {n: int(load) for n, load in zip(nodes, loads, strict=True) if load is not None}

    def close(self) -> None:
        self.redis.close()

    @staticmethod
    def _call(operation: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return operation(*args, **kwargs)
        except redis.RedisError as exc:
            raise LeasesUnavailable(f"the cluster's directory did not answer: {exc}") from exc


def _lease(code: str) -> str:
    return f"{PREFIX}lease:{code}"


def _lobby(code: str) -> str:
    return f"{PREFIX}lobby:{code}"


def _beat(node: str, run: str) -> str:
    return f"{PREFIX}beat:{node}:{run}" if run else f"{PREFIX}beat:{node}"


def _load(node: str) -> str:
    return f"{PREFIX}load:{node}"
