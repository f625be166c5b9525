"""Finding the address phones on the same Wi-Fi can reach this server at."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass


def _interface_addresses() -> list[str]:
    """IPv4 addresses of this machine's interfaces (Linux), read locally without sending anything."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = []
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _hostname_addresses() -> list[str]:
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


def lan_address(found: list[str] | None = None) -> str | None:
    """The best address for phones among this machine's (or ``found``): a private LAN address if there is
    one, else any other that is neither loopback nor link-local; None when there is none."""
    candidates = []
    for text in (_interface_addresses() + _hostname_addresses()) if found is None else found:
        address = ipaddress.ip_address(text)
        if not address.is_loopback and not address.is_link_local and text not in candidates:
            candidates.append(text)
    private = [a for a in candidates if ipaddress.ip_address(a).is_private]
    return (private or candidates or [None])[0]


EVERY_INTERFACE = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Served:
    """Where the server is served: the host in its address, and why phones cannot reach it (None if they can)."""

    host: str
    unreachable: str | None = None  # "loopback": listening on this machine only; "no_network": no LAN address

    def url(self, port: int) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{port}/"


def served(host: str, found: list[str] | None = None) -> Served:
    """What phones should open for a server listening on ``host`` (``found``: this machine's addresses)."""
    if host in EVERY_INTERFACE:
        lan = lan_address(found)
        return Served(lan) if lan else Served("127.0.0.1", "no_network")
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: phones resolve it as this machine did
        loopback = False
    return Served(host, "loopback" if loopback else None)
