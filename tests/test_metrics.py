"""``/metrics`` of a real server process: what a night does shows in it, parsed by prometheus-client's own
parser; it answers loopback and the allowed networks asked directly, and nobody else (not through a proxy)."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import pytest
import socketio
from prometheus_client.parser import text_string_to_metric_families
from server import running_server


def scrape(url: str, headers: dict[str, str] | None = None) -> dict[tuple[str, tuple], float]:
    """Every sample of ``url``'s ``/metrics``: (name, sorted labels) -> value."""
    request = urllib.request.Request(f"{url}/metrics", headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.headers["Content-Type"].startswith("text/plain; version=")
        text = response.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def status(url: str, headers: dict[str, str] | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(f"{url}/metrics", headers=headers or {}), timeout=10):
            return 200
    except urllib.error.HTTPError as exc:
        return exc.code


def client(url: str) -> socketio.Client:
    sio = socketio.Client(reconnection=False)
    sio.connect(url, transports=["websocket"], wait_timeout=10)
    return sio


def this_machines_address() -> str:
    """An address of this machine that is not loopback (a connection from it is not from loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("203.0.113.1", 9))  # no packet is sent: this only picks the outgoing interface
        except OSError:
            pytest.skip("this machine has no network address besides loopback")
        address = probe.getsockname()[0]
    if address.startswith("127."):
        pytest.skip("this machine has no network address besides loopback")
    return address


def test_a_night_shows_in_the_metrics(tmp_path):
    with running_server(tmp_path / "night.sqlite") as url:
        before = scrape(url)
        assert before[("gamenight_moves_total", ())] == 0
        host, guest, table, fan = client(url), client(url), client(url), client(url)
        try:
            created = host.call("create_lobby", {"name": "Ann"}, timeout=10)
            code = created["code"]
            assert guest.call("join_lobby", {"code": code, "name": "Bob"}, timeout=10)["ok"]
            assert table.call("watch", {"code": code}, timeout=10)["ok"]
            assert fan.call("join_audience", {"code": code, "name": "Fay"}, timeout=10)["ok"]
            chosen = host.call("command", {"kind": "choose", "args": {"game": "highcard"}}, timeout=10)
            assert chosen["ok"], chosen
            look = {"colour": "hue05", "avatar": "diamond"}
            looked = guest.call("command", {"kind": "look", "args": look}, timeout=10)
            assert looked["ok"], looked
            refused = guest.call("command", {"kind": "start", "args": {}}, timeout=10)
            assert refused["error"]["code"] == "not_host"
            assert guest.call("join_lobby", {"code": "ZZZZ", "name": "Eve"}, timeout=10)["error"]["code"] == (
                "unknown_lobby"
            )
            seen = scrape(url)
        finally:
            for sio in (host, guest, table, fan):
                sio.disconnect()
    assert seen[("gamenight_moves_total", ())] == 2
    assert seen[("gamenight_move_seconds_count", ())] == 2
    assert 0 < seen[("gamenight_move_seconds_sum", ())] < 10
    assert seen[("gamenight_refusals_total", (("code", "not_host"),))] == 1
    assert seen[("gamenight_refusals_total", (("code", "unknown_lobby"),))] == 1
    assert seen[("gamenight_lobbies", (("game", "highcard"),))] == 1
    assert seen[("gamenight_seats_connected", ())] == 2
    assert seen[("gamenight_tables_connected", ())] == 1
    assert seen[("gamenight_audience_connected", ())] == 1
    assert seen[("gamenight_connections", ())] == 4
    assert seen[("gamenight_leases_held", ())] == 1
    assert seen[("gamenight_leases_claimed_total", ())] >= 1
    # the lobby's creation, two joins, presences, the choice and the look: each a write of the store
    assert seen[("gamenight_store_write_seconds_count", (("operation", "create_lobby"),))] == 1
    assert seen[("gamenight_store_write_seconds_count", (("operation", "append"),))] >= 5
    assert seen[("gamenight_store_writes_fenced_total", ())] == 0
    assert seen[("process_resident_memory_bytes", ())] > 10_000_000


def test_the_limits_hit_are_counted(tmp_path):
    limits = {"GAMENIGHT_EVENT_BURST": "3", "GAMENIGHT_EVENTS_PER_SECOND": "0.1"}
    with running_server(tmp_path / "limits.sqlite", env=limits) as url:
        sio = client(url)
        try:
            answers = [sio.call("resync", {}, timeout=10) for _ in range(5)]
        finally:
            sio.disconnect()
        seen = scrape(url)
    limited = sum(1 for answer in answers if not answer["ok"] and answer["error"]["code"] == "rate_limited")
    assert limited >= 1
    assert seen[("gamenight_limits_hit_total", (("code", "rate_limited"),))] >= limited


def test_only_loopback_and_the_allowed_networks_read_them(tmp_path):
    address = this_machines_address()
    with running_server(tmp_path / "closed.sqlite", extra=("--host", "0.0.0.0")) as url:
        elsewhere = url.replace("127.0.0.1", address)
        assert status(url) == 200  # the machine itself
        assert status(elsewhere) == 404  # any other address, by default
        with urllib.request.urlopen(f"{elsewhere}/healthz", timeout=10) as response:
            assert response.status == 200  # (the server itself answers it)
    with running_server(tmp_path / "open.sqlite", extra=("--host", "0.0.0.0", "--metrics-allow", address)) as url:
        assert status(url.replace("127.0.0.1", address)) == 200


def test_not_through_a_proxy_even_a_trusted_one(tmp_path):
    with running_server(tmp_path / "proxied.sqlite", extra=("--proxies", "1")) as url:
        assert status(url) == 200  # scraped directly
        # the proxy on this machine passes a stranger's request on, or a forged one claiming loopback
        assert status(url, {"X-Forwarded-For": "203.0.113.9"}) == 404
        assert status(url, {"X-Forwarded-For": "127.0.0.1"}) == 404
        assert status(url, {"Forwarded": "for=127.0.0.1"}) == 404


def test_a_setting_turns_them_off(tmp_path):
    with running_server(tmp_path / "off.sqlite", env={"GAMENIGHT_METRICS": "false"}) as url:
        assert status(url) == 404
