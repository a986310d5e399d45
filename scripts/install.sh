#!/usr/bin/env bash
# Create .venv and install Ivy with every framework and the dev tools (idempotent, ~70 s warm).
# torch is pinned to 2.13.* (pyproject) so pip takes the CPU wheel and never a CUDA build.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
if ! .venv/bin/python -c "import ivy_server, ivy_client, torch, jax, tensorflow, grpc, pytest, yaml, jsonschema, hypothesis, xdist" 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check -e ".[all,dev]"
fi
# ivy/_dispatch.c (the dispatchers' C fast path) is compiled in place by the editable install;
# rebuild it when it is missing or older than its source (e.g. after a pull).
SO=$(ls ivy/_dispatch.*.so 2>/dev/null | head -n 1 || true)
if [ -z "$SO" ] || [ ivy/_dispatch.c -nt "$SO" ]; then
  .venv/bin/pip install -q --disable-pip-version-check --no-deps -e .
fi
