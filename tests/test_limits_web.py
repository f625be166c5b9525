"""Limits of the web layer, in process: codes cannot be walked
over HTTP, lobby creation per address, events per address across reconnects, unknown events
counted, handshakes counted, too many engine sessions refused.

Each browser here comes from an address of its own choosing (``REMOTE_ADDR``), so the
per-address limits show without a network.
"""

from __future__ import annotations

import time

from gamenight.web.app import create_app
from gamenight.web.limits import Limits
from gamenight.web.settings import Settings


def make_web(engine, **limits):
    return create_app(engine, Settings(async_mode="threading", limits=Limits(**limits)), hub_options={"ticker": False})


class Browser:
    """A Socket.IO test client coming from ``address``."""

    def __init__(self, web, address: str) -> None:
        app, socketio = web
        flask_client = app.test_client()
        flask_client.environ_base["REMOTE_ADDR"] = address
        self.client = socketio.test_client(app, flask_test_client=flask_client)

    def call(self, event: str, payload=None) -> dict:
        answer = self.client.emit(event, payload, callback=True)
        self.client.get_received()
        return answer

    def code(self, event: str, payload=None) -> str:
        answer = self.call(event, payload)
        return "ok" if answer["ok"] else answer["error"]["code"]


def qr(web, code: str, address: str):
    app, _ = web
    return app.test_client().get(f"/l/{code}/qr.svg", environ_base={"REMOTE_ADDR": address})


# -- codes cannot be walked over HTTP -------------------------------------------------------------


def test_walking_codes_through_the_qr_code_is_throttled_per_address(engine):
    web = make_web(engine)
    code = Browser(web, "10.0.0.1").call("create_lobby", {"name": "Ann"})["code"]
    assert qr(web, code, "10.0.0.66").status_code == 200  # a real code is not a miss
    guesses = [f"ZZ{a}{b}" for a in "BCDFG" for b in "BC"]  # ten wrong codes
    assert [qr(web, guess, "10.0.0.66").status_code for guess in guesses] == [404] * 10
    refused = qr(web, code, "10.0.0.66")  # even the right one, now
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 61
    assert refused.get_json()["error"]["code"] == "too_many_attempts"
    assert refused.get_json()["error"]["params"]["retry_after"] == int(refused.headers["Retry-After"])
    # Another address is not held up.
    assert qr(web, code, "10.0.0.2").status_code == 200


def test_the_qr_code_and_the_socket_share_one_throttle(engine):
    web = make_web(engine, code_misses=6)
    code = Browser(web, "10.0.0.1").call("create_lobby", {"name": "Ann"})["code"]
    guesser = Browser(web, "10.0.0.66")
    for guess in ("ZZBB", "ZZBC", "ZZBD"):
        assert guesser.code("watch", {"code": guess}) == "unknown_lobby"
        assert qr(web, guess, "10.0.0.66").status_code == 404
    assert qr(web, code, "10.0.0.66").status_code == 429
    assert guesser.code("watch", {"code": code}) == "too_many_attempts"


def test_the_lobby_and_table_pages_do_not_tell_a_real_code(engine):
    web = make_web(engine)
    app, _ = web
    real = Browser(web, "10.0.0.1").call("create_lobby", {"name": "Ann"})["code"]
    client = app.test_client()
    for page in ("/l/{}", "/l/{}/table"):
        known, unknown = client.get(page.format(real)), client.get(page.format("ZZZZ"))
        assert known.status_code == unknown.status_code == 200
        assert known.data.replace(real.encode(), b"ZZZZ") == unknown.data


# -- lobby creation ---------------------------------------------------------------------------------


def test_lobby_creation_is_limited_per_address(engine):
    web = make_web(engine)  # a home night's default: 20 lobbies an hour per address
    host = Browser(web, "10.0.0.1")
    assert host.code("create_lobby", {"name": ""}) == "name_invalid"  # a refused attempt counts too
    assert [host.code("create_lobby", {"name": "Ann"}) for _ in range(19)] == ["ok"] * 19
    answer = host.call("create_lobby", {"name": "Ann"})
    assert answer["error"]["code"] == "too_many_lobbies"
    params = answer["error"]["params"]
    assert params["max"] == 20 and 3500 < params["retry_after"] <= 3601 and params["minutes"] == 60
    # Reconnecting does not help; another address may.
    assert Browser(web, "10.0.0.1").code("create_lobby", {"name": "Ann"}) == "too_many_lobbies"
    assert Browser(web, "10.0.0.2").code("create_lobby", {"name": "Boris"}) == "ok"
    assert len(engine.lobbies) == 20


def test_an_ipv6_household_is_one_address(engine):
    web = make_web(engine, lobbies_per_address=2)
    assert Browser(web, "2001:db8:1:2::10").code("create_lobby", {"name": "Ann"}) == "ok"
    assert Browser(web, "2001:db8:1:2::11").code("create_lobby", {"name": "Ann"}) == "ok"
    assert Browser(web, "2001:db8:1:2:abcd::1").code("create_lobby", {"name": "Ann"}) == "too_many_lobbies"
    assert Browser(web, "2001:db8:1:3::10").code("create_lobby", {"name": "Ann"}) == "ok"


# -- events ---------------------------------------------------------------------------------------------


def test_reconnecting_does_not_refill_the_event_bucket(engine):
    web = make_web(engine)  # 30 at once, 8 a second
    start = time.monotonic()
    accepted = 0
    for _ in range(10):  # the attack: spend the bucket, reconnect, spend it again
        browser = Browser(web, "10.0.0.66")
        for _ in range(30):
            accepted += browser.code("command", {"kind": "leave", "args": {}}) != "rate_limited"
        browser.client.disconnect()
    elapsed = time.monotonic() - start
    assert accepted <= 30 + 8 * elapsed + 1, (accepted, elapsed)
    # Another address has its own bucket.
    assert Browser(web, "10.0.0.2").code("command", {"kind": "leave", "args": {}}) == "not_attached"


def test_unknown_events_are_counted(engine):
    web = make_web(engine, events_per_second=0.1, event_burst=5)
    browser = Browser(web, "10.0.0.66")
    codes = [browser.code("no_such_event", {"x": 1}) for _ in range(7)]
    assert codes == ["unknown_event"] * 5 + ["rate_limited"] * 2
    assert browser.code("watch", {"code": "ZZZZ"}) == "rate_limited"


def test_a_connection_handshake_counts_as_an_event_of_its_address(engine):
    web = make_web(engine, events_per_second=0.1, event_burst=3)
    app, _ = web
    client = app.test_client()

    def handshake(address: str, extra: str = ""):
        return client.get(f"/socket.io/?EIO=4&transport=polling{extra}", environ_base={"REMOTE_ADDR": address})

    assert [handshake("10.0.0.66", extra).status_code for extra in ("", "&xsid=1", "&sid=")] == [200] * 3
    refused = handshake("10.0.0.66")
    assert refused.status_code == 429 and refused.get_json()["error"]["code"] == "rate_limited"
    assert refused.headers["Retry-After"]
    assert handshake("10.0.0.2").status_code == 200


def test_engine_sessions_beyond_the_total_are_refused(engine):
    web = make_web(engine, max_connections=2)
    app, _ = web
    client = app.test_client()
    statuses = [
        client.get("/socket.io/?EIO=4&transport=polling", environ_base={"REMOTE_ADDR": f"10.0.0.{n}"})
        for n in range(1, 4)
    ]
    assert [s.status_code for s in statuses] == [200, 200, 503]
    assert statuses[2].get_json()["error"] == {"code": "server_busy", "key": "error.server_busy", "params": {"max": 2}}


def test_sockets_per_address_and_in_total(engine):
    web = make_web(engine, max_connections=4, max_sockets_per_address=2)
    first = [Browser(web, "10.0.0.1") for _ in range(2)]
    assert all(b.client.is_connected() for b in first)
    assert not Browser(web, "10.0.0.1").client.is_connected()  # refused: a third socket from one address
    others = [Browser(web, "10.0.0.2"), Browser(web, "10.0.0.3")]
    assert all(b.client.is_connected() for b in others)
    assert not Browser(web, "10.0.0.4").client.is_connected()  # refused: a fifth socket in all
    first[0].client.disconnect()
    assert Browser(web, "10.0.0.4").client.is_connected()


def test_limits_forget_addresses_they_no_longer_need():
    from gamenight.web.limits import Buckets, WindowLimit

    now = [0.0]
    buckets, window = Buckets(8, 30, clock=lambda: now[0]), WindowLimit(10, 60, clock=lambda: now[0])
    for n in range(1000):
        buckets.allow(f"10.0.{n // 250}.{n % 250}")
        window.record(f"10.0.{n // 250}.{n % 250}")
    assert buckets.addresses() == window.addresses() == 1000
    now[0] = 61.0
    buckets.sweep()
    window.sweep()
    assert buckets.addresses() == window.addresses() == 0


def test_behind_a_trusted_proxy_the_forwarded_address_is_limited(engine):
    app, _ = create_app(
        engine, Settings(async_mode="threading", limits=Limits(code_misses=2), proxies=1), hub_options={"ticker": False}
    )
    client = app.test_client()

    def guess(forwarded_for: str) -> int:
        headers = {"X-Forwarded-For": forwarded_for}
        return client.get("/l/ZZZZ/qr.svg", headers=headers, environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code

    assert [guess("203.0.113.5") for _ in range(3)] == [404, 404, 429]
    assert guess("203.0.113.6") == 404  # another client behind the same proxy is not held up
