"""Start llama.cpp's OpenAI-compatible server (xllamacpp) on 127.0.0.1 and keep it running.

    python -m tests.realmodel.serve MODEL.gguf PORT [N_CTX]

Run by the fixture in tests/realmodel/conftest.py in its own process (so a stuck generation can
be killed), with OMP_WAIT_POLICY=PASSIVE: without it generation collapses when anything else
uses the CPU.
"""

from __future__ import annotations

import sys
import time


def main(argv: list[str]) -> None:
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = argv[0]
    params.port = int(argv[1])
    params.hostnames = ["127.0.0.1"]
    params.n_ctx = int(argv[2]) if len(argv) > 2 else 8192
    params.use_jinja = True
    params.cpuparams.n_threads = 2
    params.cpuparams_batch.n_threads = 2
    server = xllamacpp.Server(params)
    print(f"listening {server.listening_address}", flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main(sys.argv[1:])
