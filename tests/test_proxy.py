"""The HAProxy configuration (gamenight.web.proxy) against a real HAProxy on loopback, with stub nodes
and with real ``gamenight serve`` nodes."""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import socketio
from click.testing import CliRunner
from gamenight.web.cluster_cli import proxy_config
from gamenight.web.proxy import ProxyConfigError, check_config, haproxy_config, parse_address, parse_node
from gamenight.web.services import Haproxy, free_port, spawn, stop_process, wait_until
from services import StubNode, get

DEPLOY_CONFIG = Path(__file__).parent.parent / "deploy" / "haproxy.cfg"
DEPLOY_CERT = "/etc/haproxy/certs/gamenight.pem"
# the command that wrote deploy/haproxy.cfg (the addresses are placeholders: no test sends them anything)
DEPLOY_COMMAND = [
    *["--node", "n1=10.0.0.11:8000", "--node", "n2=10.0.0.12:8000", "--node", "n3=10.0.0.13:8000"],
    *["--listen", ":80", "--tls-cert", DEPLOY_CERT, "--user", "haproxy"],
]
POLLING = "/socket.io/?EIO=4&transport=polling"


@pytest.fixture
def stubs() -> Iterator[list[StubNode]]:
    nodes = [StubNode(f"n{number}") for number in (1, 2, 3)]
    yield nodes
    for node in nodes:
        node.stop()


@pytest.fixture
def proxy(stubs: list[StubNode], tmp_path: Path) -> Iterator[Haproxy]:
    with Haproxy([stub.node for stub in stubs], tmp_path) as running:
        for stub in stubs:
            running.wait_for_state(stub.name, "UP")
        yield running


def test_node_param_wins_over_the_cookie(proxy: Haproxy) -> None:
    for target, cookie in [("n1", "n2"), ("n2", "n3"), ("n3", "n1")]:
        reply = get(proxy.port, f"{POLLING}&node={target}", {"Cookie": f"GNNODE={cookie}"})
        assert (reply.status, reply.node) == (200, target)
        # use-server counts as persistence: HAProxy then neither inserts its cookie nor changes it
        assert reply.cookie() is None
        assert "cookie" not in reply.seen["headers"]  # "indirect": the nodes never see the proxy's cookie


def test_the_cookie_keeps_a_session_on_its_node(proxy: Haproxy) -> None:
    assert {get(proxy.port, POLLING).node for _ in range(6)} == {"n1", "n2", "n3"}  # round-robin without one
    first = get(proxy.port, POLLING)
    assert first.cookie() == first.node
    for _ in range(6):
        reply = get(proxy.port, f"{POLLING}&sid=abc", {"Cookie": f"GNNODE={first.node}"})
        assert (reply.status, reply.node) == (200, first.node)
        assert reply.cookie() is None  # "indirect": no new cookie for a client that has the right one
    stranger = get(proxy.port, POLLING, {"Cookie": "GNNODE=n9"})
    assert stranger.cookie() == stranger.node  # a cookie naming no node is replaced


def test_each_request_on_a_kept_alive_connection_is_routed(proxy: Haproxy) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=10)
    try:
        for target in ["n1", "n2", "n3", "n2", "n1"]:
            assert get(proxy.port, f"{POLLING}&node={target}", connection=connection).node == target
    finally:
        connection.close()


def test_a_draining_node_is_passed_over(proxy: Haproxy, stubs: list[StubNode]) -> None:
    stubs[1].healthy = False  # n2 answers /healthz with 503, as a node does while it drains
    proxy.wait_for_state("n2", "DOWN", timeout=10)  # fall 2 at 1 s intervals
    by_param = get(proxy.port, f"{POLLING}&node=n2", {"Cookie": "GNNODE=n2"})
    assert by_param.status == 200 and by_param.node in {"n1", "n3"}
    assert by_param.cookie() == by_param.node  # redispatched: the browser's cookie follows
    by_cookie = get(proxy.port, POLLING, {"Cookie": "GNNODE=n2"})
    assert by_cookie.status == 200 and by_cookie.node in {"n1", "n3"}
    assert by_cookie.cookie() == by_cookie.node
    stubs[1].healthy = True
    proxy.wait_for_state("n2", "UP", timeout=10)  # rise 1
    assert get(proxy.port, f"{POLLING}&node=n2").node == "n2"


def test_a_dead_node_not_yet_marked_down_is_retried_elsewhere(proxy: Haproxy, stubs: list[StubNode]) -> None:
    stubs[2].stop()  # n3's port now refuses connections; the checks have not noticed yet
    assert proxy.server_states()["n3"].startswith("UP")
    reply = get(proxy.port, f"{POLLING}&node=n3")
    if reply.status == 502:  # the checks marked n3 down while this request was being retried: its session is cut
        reply = get(proxy.port, f"{POLLING}&node=n3")  # as a browser's transport reconnects
    assert reply.status == 200 and reply.node in {"n1", "n2"}  # retries 3, the last one redispatched


def test_the_nodes_see_only_the_proxys_word_on_the_client(proxy: Haproxy) -> None:
    spoofed = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    headers = get(proxy.port, "/", spoofed).seen["headers"]
    assert headers["x-forwarded-for"] == "127.0.0.1"
    assert "x-forwarded-host" not in headers
    assert headers["x-forwarded-proto"] == "http"


def test_a_websocket_is_routed_by_its_node_param_and_tunnelled(proxy: Haproxy) -> None:
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=10) as client:
        client.sendall(
            b"GET /socket.io/?EIO=4&transport=websocket&node=n3 HTTP/1.1\r\nHost: gamenight\r\n"
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nCookie: GNNODE=n1\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        head = _read_until(client, b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")
        for message in [b"hello", b"again"]:
            client.sendall(message)
            assert _read_until(client, message) == b"n3:" + message


def test_real_nodes_behind_the_proxy(tmp_path: Path) -> None:
    """Two `gamenight serve` (SQLite, each its own) behind HAProxy: an Engine.IO session opened through
    node= lives on that node only; Socket.IO connects over long polling, a WebSocket, and an upgrade."""
    from server import running_server

    ports = {"n1": free_port(), "n2": free_port()}
    with (
        running_server(tmp_path / "n1.sqlite", port=ports["n1"], extra=("--proxies", "1")),
        running_server(tmp_path / "n2.sqlite", port=ports["n2"], extra=("--proxies", "1")),
        Haproxy([(name, "127.0.0.1", port) for name, port in ports.items()], tmp_path / "proxy") as proxy,
    ):
        for name in ports:
            proxy.wait_for_state(name, "UP")
        for target, other in [("n1", "n2"), ("n2", "n1")]:
            handshake = get(proxy.port, f"{POLLING}&node={target}")
            assert handshake.status == 200 and handshake.body.startswith(b"0{")
            sid = json.loads(handshake.body[1:])["sid"]
            connect = {"method": "POST", "body": b"40", "headers": {"Content-Type": "text/plain;charset=UTF-8"}}
            assert get(proxy.port, f"{POLLING}&sid={sid}&node={other}", **connect).status == 400  # unknown there
            joined = get(proxy.port, f"{POLLING}&sid={sid}&node={target}", **connect)
            assert (joined.status, joined.body) == (200, b"OK")
        for transports in (["polling"], ["websocket"], ["polling", "websocket"]):
            client = socketio.Client(reconnection=False)
            try:
                client.connect(f"{proxy.url}?node=n2", transports=transports, wait_timeout=10)
                wait_until(lambda c=client, t=transports: c.transport() == t[-1], "the transport", timeout=10)
            finally:
                client.disconnect()


def test_https_with_a_redirect_from_http(tmp_path: Path, stubs: list[StubNode]) -> None:
    cert = self_signed_pem(tmp_path)
    http_port, https_port = free_port(), free_port()
    config = tmp_path / "tls.cfg"
    nodes = [stub.node for stub in stubs]
    config.write_text(haproxy_config(nodes, ("127.0.0.1", http_port), tls_cert=str(cert), tls_port=https_port))
    check_config(str(config))
    process = spawn(["haproxy", "-f", str(config), "-db"], tmp_path / "haproxy.log")
    try:
        wait_until(lambda: _https_answers(https_port), "HTTPS", timeout=15, process=process)
        redirect = get(http_port, "/l/ABCD?x=1")
        assert redirect.status == 301 and redirect.headers["Location"] == f"https://127.0.0.1:{http_port}/l/ABCD?x=1"
        context = ssl.create_default_context(cafile=str(cert))
        connection = http.client.HTTPSConnection("127.0.0.1", https_port, timeout=10, context=context)
        try:
            connection.request("GET", f"{POLLING}&node=n2")
            response = connection.getresponse()
            seen = json.loads(response.read())
            assert seen["node"] == "n2" and seen["headers"]["x-forwarded-proto"] == "https"
            connection.request("GET", POLLING)
            response = connection.getresponse()
            response.read()
            assert response.getheader("Set-Cookie").endswith("; HttpOnly; Secure")  # balanced: a cookie
        finally:
            connection.close()
    finally:
        stop_process(process)


def test_the_shipped_config_is_the_generated_one(tmp_path: Path) -> None:
    result = CliRunner().invoke(proxy_config, DEPLOY_COMMAND)
    assert result.exit_code == 0, result.output
    assert result.output == DEPLOY_CONFIG.read_text(), "regenerate deploy/haproxy.cfg (see deploy/README.md)"
    # haproxy -c loads the certificate, which only the real machine has: check a copy pointing at a
    # self-signed one made here, the rest of the file byte for byte
    copy = tmp_path / "haproxy.cfg"
    copy.write_text(DEPLOY_CONFIG.read_text().replace(DEPLOY_CERT, str(self_signed_pem(tmp_path))))
    check_config(str(copy))


def test_proxy_config_command_checks(tmp_path: Path) -> None:
    result = CliRunner().invoke(proxy_config, ["--node", "n1=127.0.0.1:8001", "--listen", "127.0.0.1:8080", "--check"])
    assert result.exit_code == 0, result.output
    assert "use-server n1 if { url_param(node) -m str n1 }" in result.output
    missing = CliRunner().invoke(
        proxy_config, ["--node", "n1=127.0.0.1:8001", "--tls-cert", "/nonexistent.pem", "--check"]
    )
    assert missing.exit_code == 1 and "/nonexistent.pem" in missing.output
    bad = CliRunner().invoke(proxy_config, ["--node", "n1 10.0.0.1:80"])
    assert bad.exit_code == 2 and "ID=HOST:PORT" in bad.output


def test_check_config_quotes_haproxy(tmp_path: Path) -> None:
    config = tmp_path / "bad.cfg"
    config.write_text("frontend x\n    bind 127.0.0.1:1\n    no-such-keyword\n")
    with pytest.raises(ProxyConfigError, match="no-such-keyword"):
        check_config(str(config))


def test_config_refuses_bad_nodes() -> None:
    with pytest.raises(ValueError, match="no nodes"):
        haproxy_config([], ("", 80))
    with pytest.raises(ValueError, match="twice"):
        haproxy_config([("n1", "a", 1), ("n1", "b", 1)], ("", 80))
    with pytest.raises(ValueError, match="node id"):
        haproxy_config([("n 1", "a", 1)], ("", 80))


def test_addresses_are_parsed() -> None:
    assert parse_address(":80") == ("", 80)
    assert parse_address("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_address("[::1]:8000") == ("::1", 8000)
    assert parse_node("n2=10.0.0.12:8000") == ("n2", "10.0.0.12", 8000)
    for bad in ["n1", "n1=10.0.0.1", "n1=:80", "n1=host:0", "n1=host:http"]:
        with pytest.raises(ValueError):
            parse_node(bad)


def self_signed_pem(folder: Path) -> Path:
    """A self-signed certificate for 127.0.0.1 and its key, in one PEM as HAProxy takes it."""
    openssl = shutil.which("openssl")
    assert openssl, "openssl is needed to make a test certificate (Debian package: openssl)"
    key, cert, pem = folder / "test.key", folder / "test.crt", folder / "test.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert)]
        + ["-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    pem.write_text(cert.read_text() + key.read_text())
    return pem


def _https_answers(port: int) -> bool:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        with (
            socket.create_connection(("127.0.0.1", port), timeout=2) as raw,
            context.wrap_socket(raw, server_hostname="127.0.0.1"),
        ):
            return True
    except OSError:
        return False


def _read_until(client: socket.socket, end: bytes) -> bytes:
    data = b""
    while not data.endswith(end):
        chunk = client.recv(4096)
        if not chunk:
            break
        data += chunk
    return data
