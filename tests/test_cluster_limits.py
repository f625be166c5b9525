"""The per-address limits that hold across a cluster's nodes (counted in its Redis), on real nodes."""

from __future__ import annotations

import contextlib

import socketio
from server import running_server


@contextlib.contextmanager
def two_nodes(postgres_url: str, redis_url: str, *limits: str):
    cluster = ("--cluster", redis_url, *limits)
    with (
        running_server(postgres_url, extra=(*cluster, "--node-id", "n1")) as first,
        running_server(postgres_url, extra=(*cluster, "--node-id", "n2")) as second,
    ):
        yield first, second


def client(url: str) -> socketio.Client:
    connected = socketio.Client()
    connected.connect(url, transports=["websocket"], wait_timeout=10)
    return connected


def test_wrong_codes_tried_on_one_node_count_on_every_node(fresh_postgres_url, fresh_redis_url):
    with two_nodes(fresh_postgres_url, fresh_redis_url, "--code-misses", "3") as (first, second):
        one, other = client(first), client(second)
        for code in ("QQQA", "QQQB", "QQQC"):
            assert one.call("join_lobby", {"code": code, "name": "Eve"})["error"]["code"] == "unknown_lobby"
        refused = other.call("join_lobby", {"code": "QQQD", "name": "Eve"})
        assert refused["error"]["code"] == "too_many_attempts" and refused["error"]["params"]["retry_after"] > 0
        one.disconnect(), other.disconnect()


def test_lobbies_opened_on_one_node_count_on_every_node(fresh_postgres_url, fresh_redis_url):
    with two_nodes(fresh_postgres_url, fresh_redis_url, "--lobbies-per-address", "2") as (first, second):
        one, other = client(first), client(second)
        assert one.call("create_lobby", {"name": "Ann"})["ok"]
        assert other.call("create_lobby", {"name": "Ann"})["ok"]
        refused = one.call("create_lobby", {"name": "Ann"})
        assert refused["error"]["code"] == "too_many_lobbies"
        assert other.call("create_lobby", {"name": "Ann"})["error"]["code"] == "too_many_lobbies"
        one.disconnect(), other.disconnect()
