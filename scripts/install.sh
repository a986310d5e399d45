#!/usr/bin/env bash
# Create .venv and install Ivy with every framework and the dev tools (idempotent, ~70 s warm).
# The versions are requirements/lock.txt's (pip -c): those the suite passed with, so a fresh
# clone gets the tested install, not whatever is newest today. torch is the lock's 2.13 CPU
# build (pyproject pins 2.13.*), so pip never takes a CUDA build.
#
#   bash scripts/install.sh                      # the locked versions (the default)
#   IVY_NEWEST=1 VENV=.venv-newest bash scripts/install.sh
#                                                # the newest versions pyproject allows, into a
#                                                # separate venv; scripts/upgrade-check.sh does
#                                                # this in a copy and runs the suite and the
#                                                # import benchmark against them (docs/install.md)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
LOCK=requirements/lock.txt
# System packages the tests need: bubblewrap (the Trace sandbox's namespaces), libseccomp, and
# Debian's chromium (the playground's browser test drives it with Playwright).
if ! command -v bwrap >/dev/null 2>&1 || ! ldconfig -p 2>/dev/null | grep -q libseccomp.so.2 \
    || ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap libseccomp2 chromium >/dev/null
  else
    echo "install.sh: bubblewrap, libseccomp2 and chromium are needed by the tests (apt-get install bubblewrap libseccomp2 chromium)" >&2
  fi
fi
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
if [ "${IVY_NEWEST:-0}" = 1 ]; then
  # the newest versions pyproject allows (an upgrade trial, never the default)
  [ "$VENV" != .venv ] || [ -n "${IVY_NEWEST_COPY:-}" ] || echo "install.sh: IVY_NEWEST=1 into .venv replaces the locked versions" \
    "there; VENV=.venv-newest (or scripts/upgrade-check.sh) keeps them" >&2
  "$VENV/bin/pip" install -q --disable-pip-version-check --upgrade --upgrade-strategy eager \
    -e ".[all,dev]"
elif ! "$VENV/bin/python" scripts/lock_check.py "$LOCK" 2>/dev/null \
    || ! "$VENV/bin/python" -c "import ivy_server, ivy_client, torch, jax, tensorflow, grpc, pytest, yaml, jsonschema, hypothesis, xdist, pyseccomp, kornia, transformers, optax, flax, expecttest, fastapi, fastapi_offline, uvicorn, httpx, schemathesis, playwright" 2>/dev/null \
    || ! "$VENV/bin/python" -c "import sys; del sys.path[0]; import ivy_mech, ivy_vision" 2>/dev/null; then
  # (the libraries are checked without the working directory on sys.path: an editable install
  # made before they existed maps only its packages of then, so it must be redone)
  # missing packages or versions other than the lock's: install (or move) to the lock
  "$VENV/bin/python" scripts/lock_check.py "$LOCK" >&2 || true
  "$VENV/bin/pip" install -q --disable-pip-version-check -c "$LOCK" -e ".[all,dev]"
fi
# The C fast paths (ivy/_dispatch.c: the dispatchers; ivy/frontends/torch/_fast.c: the PyTorch
# frontend's common calls; client/ivy_client/_fastwire.c: the RPC codec's tiny calls;
# server/ivy_server/_tally.c: the worker's request tallies) are compiled in place by the editable
# install; rebuild when one is missing or older than its source or
# ivy/_dispatch_api.h (the C API the first two share), e.g. after a pull.
rebuild=0
for src in ivy/_dispatch.c ivy/frontends/torch/_fast.c client/ivy_client/_fastwire.c \
    server/ivy_server/_tally.c; do
  SO=$(ls "${src%.c}".*.so 2>/dev/null | head -n 1 || true)
  if [ -z "$SO" ] || [ "$src" -nt "$SO" ] || [ ivy/_dispatch_api.h -nt "$SO" ]; then rebuild=1; fi
done
if [ "$rebuild" = 1 ]; then
  "$VENV/bin/pip" install -q --disable-pip-version-check --no-deps -e .
fi
# The MXNet worker's environment (.envs/mxnet: MXNet 1.9.1 needs numpy<1.24, so it has its own;
# tests/mxnet and the tracer's MXNet replay test use it; seconds when it exists). Built here so
# the tests do not spend their time on it; if it cannot be built, they try again and say why.
bash scripts/envs/mxnet.sh || echo "install.sh: the MXNet environment (.envs/mxnet) could not be built; tests/mxnet will try again and report why" >&2
