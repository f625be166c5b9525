"""Packets no Socket.IO client sends, sent to the real server over loopback: each is dropped or
refused without a traceback, the connection goes on, and the per-address connection count stays exact."""

from __future__ import annotations

import socketio
from server import running_server
from waiting import wait_until

MALFORMED = [
    "2[",  # an event packet whose JSON breaks off
    '2{"a":1}',  # an object where the event's list belongs
    "2[]",  # a list without an event name
    "xyz",  # no packet type at all
    "2" + "[" * 40 + "]" * 40,  # nested deeper than the server decodes, with no name to answer
    b"\x00\x01\x02",  # a binary frame: no event of this server takes one
]


def connect(url: str) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.connect(url, transports=["websocket"], wait_timeout=10)
    return client


def test_malformed_packets_are_dropped_quietly_and_the_connection_goes_on(tmp_path):
    output: list[str] = []
    with running_server(tmp_path / "db.sqlite", output=output) as url:
        client = connect(url)
        for raw in MALFORMED * 3:
            client.eio.send(raw)
        # the same connection still gets its answers, in order after everything it sent
        answer = client.call("create_lobby", {"name": "Ann"}, timeout=10)
        assert answer["ok"], answer
        client.disconnect()
    log = output[0]
    assert "Traceback" not in log and "message handler error" not in log, log
    assert log.count("malformed Socket.IO packet") == 1, log  # one line for the lot


def test_events_named_like_the_servers_own_are_refused_and_the_counts_stay_exact(tmp_path):
    """A client event called ``connect`` once ran the connection handler again (one socket counted many
    times: a whole address locked out); ``disconnect`` did the reverse (the cap never reached)."""
    limits = {"GAMENIGHT_MAX_SOCKETS_PER_ADDRESS": "4", "GAMENIGHT_EVENT_BURST": "1000"}
    output: list[str] = []
    with running_server(tmp_path / "db.sqlite", env=limits, output=output) as url:
        hostile = connect(url)
        for name in ("connect", "disconnect", "connect_error") * 8:
            answer = hostile.call(name, {}, timeout=10)
            assert answer["ok"] is False and answer["error"]["code"] == "bad_request", (name, answer)
        hostile.disconnect()
        # The address holds exactly its cap of four connections again, and no more.
        clients = []
        try:

            def one_more() -> bool:
                try:
                    clients.append(connect(url))
                    return True
                except socketio.exceptions.ConnectionError:
                    return False

            wait_until(one_more, "the first connection after the hostile one left", timeout=10)
            for _ in range(3):
                assert one_more(), "refused under the cap: the count kept the hostile connection's ghosts"
            assert not one_more(), "a fifth connection was let in past the cap of four"
        finally:
            for client in clients:
                client.disconnect()
    assert "Traceback" not in output[0], output[0]
