"""Payloads nested too deeply are answered ``bad_request`` before anything walks them.

The real server gets raw Socket.IO frames over a WebSocket (a client library would itself
recurse encoding such a payload).
"""

from __future__ import annotations

import json
import time

import websocket
from gamenight.web.protocol import MAX_DEPTH, PacketJSON, nested_deeper_than
from hypothesis import given, settings
from hypothesis import strategies as st
from server import running_server


class RawSocket:
    """Socket.IO v5 over a bare WebSocket: connect, send an event with an ack id, read the ack."""

    def __init__(self, url: str) -> None:
        self.ws = websocket.create_connection(
            url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket", timeout=10
        )
        assert self.ws.recv().startswith("0{")  # Engine.IO open
        self.ws.send("40")
        assert self.ws.recv().startswith("40{")  # Socket.IO connected

    def call(self, ack: int, body: str) -> list:
        self.ws.send(f"42{ack}{body}")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            frame = self.ws.recv()
            if frame == "2":  # ping
                self.ws.send("3")
            elif frame.startswith(f"43{ack}["):
                return json.loads(frame[len(f"43{ack}") :])
        raise AssertionError("no ack")


def nested(depth: int, kind: str) -> str:
    return ('{"a":' * depth + "1" + "}" * depth) if kind == "object" else ("[" * depth + "]" * depth)


def test_a_packet_nested_a_thousand_deep_is_answered_bad_request(tmp_path):
    with running_server(tmp_path / "night.sqlite") as url:
        raw = RawSocket(url)
        (created,) = raw.call(1, '["create_lobby",{"name":"Ann"}]')
        assert created["ok"]
        for ack, kind in enumerate(["object", "array"], start=2):
            body = '["command",{"kind":"shelf","args":{"shelf":"x","action":"y","args":{"z":' + nested(1000, kind)
            (answer,) = raw.call(ack, body + "}}}]")
            assert answer["ok"] is False
            assert answer["error"]["code"] == "bad_request"
            assert answer["error"]["params"]["errors"] == {"_schema": [f"Nested more than {MAX_DEPTH} levels deep."]}
        # The connection is still in service, and so is the server.
        (answer,) = raw.call(9, '["command",{"kind":"shelf","args":{"shelf":"x","action":"y","args":{}}}]')
        assert answer["error"]["code"] == "unknown_shelf"
        (answer,) = raw.call(10, '["no_such_event",' + nested(1000, "array") + "]")
        assert answer["error"]["code"] == "unknown_event"
        raw.ws.close()


def depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


tricky_text = st.text(alphabet='[]{}"\\ab', max_size=8)
json_values = st.recursive(
    st.none() | st.integers() | tricky_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(tricky_text, inner, max_size=3),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(json_values, st.integers(min_value=0, max_value=8))
def test_nesting_is_measured_without_parsing(value, limit):
    text = json.dumps(value)
    assert nested_deeper_than(text, limit) == (depth(value) > limit)


def test_text_built_to_slow_the_measure_is_measured_right():
    """Brackets behind long runs of escapes, and long runs of brackets, inside a string or not: the measure is
    right however the text is built (how its cost grows with such text is benchmarks/packet_depth.py's)."""
    escapes = '\\"' * 60_000
    backslashes = "\\\\" * 40_000
    deep = ['"' + escapes + "[" * 40, "[" * 120_000, '"' + backslashes + "{" * 40, '"' + backslashes + '"' + "[" * 40]
    for text in deep:
        assert nested_deeper_than(text, MAX_DEPTH)
    quoted = [json.dumps([escapes + "[" * 40]), json.dumps(["[" * 120_000]), json.dumps([backslashes, "{" * 40])]
    for text in quoted:
        assert not nested_deeper_than(text, MAX_DEPTH)
        assert PacketJSON.loads(text) == json.loads(text)


def test_packet_json_decodes_ordinary_packets_and_names_the_event_of_a_deep_one():
    assert PacketJSON.loads('["watch",{"code":"ABCD"}]') == ["watch", {"code": "ABCD"}]
    event, payload = PacketJSON.loads('["command",' + nested(100, "array") + "]")
    assert event == "command" and repr(payload) == "TOO_DEEP"
