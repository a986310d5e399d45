#!/usr/bin/env bash
# Try the newest versions pyproject allows, apart from the locked install: a copy of the committed
# tree (HEAD) in $IVY_NEWEST_DIR (default /tmp/ivy-newest), `IVY_NEWEST=1 bash scripts/install.sh`
# there (its own .venv), then the README's test command and the import benchmark against them.
# Nothing in this checkout or its .venv changes. Prints how the newest versions differ from
# requirements/lock.txt; when all passed, adopt them with
#   LOCK_PREFER=$IVY_NEWEST_DIR/newest-freeze.txt bash scripts/lock.sh
# and commit the lock (docs/install.md). Exit status: non-zero when the suite or the benchmark
# failed.
#
#   bash scripts/upgrade-check.sh                 # ~30 min on 2 cores (the install, the suite)
#   PYTEST_ARGS="tests/core -q" bash scripts/upgrade-check.sh   # a part of the suite
set -euo pipefail
cd "$(dirname "$0")/.."
HERE=$(pwd)
DIR=${IVY_NEWEST_DIR:-${TMPDIR:-/tmp}/ivy-newest}
# a copy, not this tree: the C extensions are compiled in place, against the newest numpy there
rm -rf "$DIR" && mkdir -p "$DIR"
git archive HEAD | tar -x -C "$DIR"
cd "$DIR"
IVY_NEWEST=1 IVY_NEWEST_COPY=1 bash scripts/install.sh
.venv/bin/python -m pip freeze --exclude-editable > newest-freeze.txt
echo "== newest versions that differ from requirements/lock.txt (lock_check: installed vs lock)"
.venv/bin/python scripts/lock_check.py requirements/lock.txt || true
status=0
echo "== the suite against the newest versions"
# shellcheck disable=SC2086 # PYTEST_ARGS is a list of words
.venv/bin/python -m pytest ${PYTEST_ARGS:--q -n 2 --dist loadfile tests} || status=1
echo "== the import benchmark: newest versions vs the locked .venv of $HERE"
if [ -x "$HERE/.venv/bin/python" ]; then
  .venv/bin/python benchmarks/import_time.py --baseline "$HERE/.venv/bin/python" \
    --max-ratio "${IVY_IMPORT_MAX_RATIO:-1.5}" || status=1
else
  .venv/bin/python benchmarks/import_time.py --max-seconds "${IVY_IMPORT_MAX_SECONDS:-0.5}" \
    || status=1
fi
if [ "$status" = 0 ]; then
  echo "upgrade-check: passed. Adopt: LOCK_PREFER=$DIR/newest-freeze.txt bash scripts/lock.sh"
else
  echo "upgrade-check: FAILED with the newest versions (see above); the lock stays as it is" >&2
fi
exit "$status"
