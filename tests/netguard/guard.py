"""The test suite's network guard: outside loopback, a connection or a name lookup is refused and
reported, so nothing a test runs can reach a real provider — in the test process (tests/conftest.py
installs it around every test) and in every Python process a test starts (sitecustomize.py beside
this file, put on PYTHONPATH, installs it for the child's whole life and writes what it refused to
$RF_NETGUARD_LOG).

Standard library only: the child imports this file before anything else is set up.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import Any


def is_local(address: object) -> bool:
    if not isinstance(address, tuple):
        return True  # unix sockets
    host = str(address[0])
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def guarded_functions(on_blocked: Callable[[object], None]) -> dict[str, Any]:
    """Replacements for socket.socket.connect / connect_ex and socket.getaddrinfo that call
    `on_blocked(destination)` and refuse anything outside loopback."""
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo

    def connect(self, address):
        if not is_local(address):
            on_blocked(address)
            raise AssertionError(f"test tried to reach the network: {address!r}")
        return real_connect(self, address)

    def getaddrinfo(host, *args, **kwargs):
        name = host.decode() if isinstance(host, bytes) else host
        if name is not None and not is_local((name, 0)):
            on_blocked(name)
            raise socket.gaierror(socket.EAI_NONAME, f"test tried to resolve {name!r}")
        return real_getaddrinfo(host, *args, **kwargs)

    return {
        "connect": connect,
        "connect_ex": lambda self, address: connect(self, address) or 0,
        "getaddrinfo": getaddrinfo,
    }
