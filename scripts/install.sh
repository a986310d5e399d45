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
