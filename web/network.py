"""Finding the address phones on the same Wi-Fi can reach this server at."""

from __future__ import annotations

import ipaddress
import socket


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


def lan_address() -> str:
    """The best address for phones: a private LAN address if there is one, else any non-loopback one."""
    candidates = []
    for text in [*_interface_addresses(), *_hostname_addresses()]:
        address = ipaddress.ip_address(text)
        if not address.is_loopback and not address.is_link_local and text not in candidates:
            candidates.append(text)
    private = [a for a in candidates if ipaddress.ip_address(a).is_private]
    return (private or candidates or ["127.0.0.1"])[0]
