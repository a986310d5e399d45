#!/usr/bin/env bash
# The MXNet worker's environment (docs/deploy.md, "Workers in their own environments").
#
#   scripts/envs/mxnet.sh [ENV_DIR]      # default: .envs/mxnet under the project root
#
# MXNet 1.9.1 (the last release; its NumPy API is `mx.np`) needs numpy<1.24, so it cannot share
# the main environment (NumPy 2). This builds a virtualenv with mxnet, numpy 1.23 and this
# project with its [serve] extra (grpcio, protobuf, msgpack, fastapi... all work on numpy 1.23),
# installed editable, so the worker runs the same Ivy as the tree; pytest and hypothesis let
# tests/mxnet run Ivy's functional tests on NumPy 1.x there (tests/mxnet/test_numpy1_core.py). `ivy-serve` runs this on first
# use of a worker with `env = "mxnet"`; the environment is complete when .ivy-env-ready exists.
# IVY_ENV_PYTHON picks the interpreter (default: python3.11, else python3; 3.10 and 3.11 work).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ENV_DIR="${1:-$ROOT/.envs/mxnet}"
PY="${IVY_ENV_PYTHON:-$(command -v python3.11 || command -v python3)}"

if [[ -f "$ENV_DIR/.ivy-env-ready" ]]; then
    echo "mxnet env: $ENV_DIR is ready"
    exit 0
fi
rm -rf "$ENV_DIR"  # a half-built environment from an interrupted run
start=$(date +%s)
"$PY" -m venv "$ENV_DIR"
"$ENV_DIR/bin/python" -m pip install --quiet --disable-pip-version-check \
    "mxnet==1.9.1" "numpy>=1.23,<1.24" -e "$ROOT[serve]" "pytest>=8" "hypothesis>=6.100"
# MXNet's CPU wheel bundles its own OpenBLAS/OpenMP; check it loads before declaring success
"$ENV_DIR/bin/python" - <<'PY'
import mxnet as mx
import numpy as np
from mxnet import np as mnp
assert np.__version__.startswith("1.23"), np.__version__
assert float(mnp.ones((2, 2)).sum()) == 4.0
import ivy
ivy.set_backend("mxnet")
import ivy_server.worker  # noqa: F401 - the worker's own imports (grpc, protobuf, msgpack)
print(f"mxnet {mx.__version__}, numpy {np.__version__}: ok")
PY
touch "$ENV_DIR/.ivy-env-ready"
echo "mxnet env: built $ENV_DIR in $(( $(date +%s) - start )) s"
