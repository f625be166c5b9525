"""Where the server tells the host phones should go: never an address no phone can open."""

from __future__ import annotations

import pytest
from gamenight.web.network import lan_address, served
from gamenight.web.serve import where_to_go


def test_the_lan_address_is_preferred_to_a_public_one_and_loopback_never_counts():
    assert lan_address(["127.0.0.1", "100.64.0.7", "192.168.1.20"]) == "192.168.1.20"
    assert lan_address(["127.0.0.1", "169.254.3.3", "100.64.0.7"]) == "100.64.0.7"
    assert lan_address(["127.0.0.1", "127.0.1.1", "169.254.3.3"]) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_every_interface_with_a_wifi_address_sends_phones_there(host):
    where = served(host, ["127.0.0.1", "192.168.1.20"])
    assert where.unreachable is None and where.url(8000) == "http://192.168.1.20:8000/"
    assert where_to_go(where, where.url(8000)) == (
        "gamenight is up: open http://192.168.1.20:8000/ on phones on this Wi-Fi (or scan the code below)."
    )


def test_every_interface_without_a_network_says_so():
    where = served("0.0.0.0", ["127.0.0.1"])
    assert where.unreachable == "no_network"
    told = where_to_go(where, where.url(8000))
    assert told.startswith("gamenight is up at http://127.0.0.1:8000/ for this computer only")
    assert "Connect it to the Wi-Fi" in told and "on phones" not in told


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.5", "localhost", "::1"])
def test_a_loopback_host_says_how_to_serve_the_wifi(host):
    where = served(host, ["192.168.1.20"])
    assert where.unreachable == "loopback"
    told = where_to_go(where, where.url(8000))
    assert "for this computer only" in told and "start it with --host 0.0.0.0" in told
    assert where.url(8000) == ("http://[::1]:8000/" if host == "::1" else f"http://{host}:8000/")


def test_a_named_or_lan_host_is_what_phones_open():
    assert served("192.168.1.20").unreachable is None
    assert served("gamenight.example.org").url(80) == "http://gamenight.example.org:80/"
