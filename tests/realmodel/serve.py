"""Start llama.cpp's OpenAI-compatible server (xllamacpp) on 127.0.0.1 and keep it running.

    python -m tests.realmodel.serve MODEL.gguf PORT [N_CTX]

Run by the fixture in tests/realmodel/conftest.py in its own process (so a stuck generation can
be killed), with OMP_WAIT_POLICY=PASSIVE: without it generation collapses when anything else
uses the CPU.

`n_batch` is the physical batch (`n_ubatch`, 512) rather than llama.cpp's 2048: the server
notices a request its client abandoned (a timeout) only between batches, and at ~30 prompt
tokens a second a 2048-token batch kept an abandoned request on the one slot for over a minute
while the next request's timeout ran in the queue (docs/LLM.md, the context-window run).
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
    params.n_batch = params.n_ubatch  # abandoned requests stop within one physical batch
    params.use_jinja = True
    params.cpuparams.n_threads = 2
    params.cpuparams_batch.n_threads = 2
    server = xllamacpp.Server(params)
    print(f"listening {server.listening_address}", flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main(sys.argv[1:])
