"""Python runs this at start-up in every process the tests launch (tests/netguard is on their
PYTHONPATH): the network guard for the child's whole life, reporting to $RF_NETGUARD_LOG."""

import os

if os.environ.get("RF_NETGUARD_LOG"):
    import socket

    from guard import guarded_functions  # this folder is on sys.path

    def _report(destination: object) -> None:
        with open(os.environ["RF_NETGUARD_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{os.getpid()} {destination!r}\n")

    _functions = guarded_functions(_report)
    socket.socket.connect = _functions["connect"]
    socket.socket.connect_ex = _functions["connect_ex"]
    socket.getaddrinfo = _functions["getaddrinfo"]
