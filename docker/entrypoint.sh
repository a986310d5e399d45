#!/bin/sh
# Container entrypoint: exec the Ivy worker (python -m ivy_server.worker) as this process.
# It only supplies the image's defaults for flags the command line leaves out:
#   --backend $IVY_WORKER_BACKEND (set from the BACKEND build arg; not IVY_BACKEND, which makes
#             `import ivy` load a framework)
#   --device  cpu for VARIANT=cpu images, gpu:0 for VARIANT=cuda images (the first GPU the container
#             sees; Docker/Kubernetes renumber the reserved GPUs from 0 inside the container)
#   --host    0.0.0.0 (reachable through the container's published port)
#   --auth-token-env $IVY_AUTH_TOKEN_ENV, when that variable is set and non-empty in the container
# Everything else (port, metrics port, limits, --allow-code-execution) comes from CMD / `command:`.
# `gateway ARGS...` instead runs the HTTP gateway (python -m ivy_server.gateway ARGS; it forwards
# requests to the workers and runs no submitted code; docs/service.md).
set -eu

if [ "${1:-}" = "gateway" ]; then
    shift
    exec "${IVY_PYTHON:-python}" -m ivy_server.gateway "$@"
fi

has_flag() {
    flag=$1
    shift
    for arg in "$@"; do
        case "$arg" in
            "$flag" | "$flag"=*) return 0 ;;
        esac
    done
    return 1
}

if ! has_flag --backend "$@"; then
    set -- --backend "${IVY_WORKER_BACKEND:?IVY_WORKER_BACKEND is not set: pass --backend}" "$@"
fi
if ! has_flag --device "$@"; then
    if [ "${IVY_WORKER_VARIANT:-cpu}" = "cuda" ]; then
        set -- --device gpu:0 "$@"
    else
        set -- --device cpu "$@"
    fi
fi
if ! has_flag --host "$@"; then
    set -- --host 0.0.0.0 "$@"
fi
if ! has_flag --auth-token-env "$@"; then
    token_env=${IVY_AUTH_TOKEN_ENV:-IVY_AUTH_TOKEN}
    if [ -n "$(printenv "$token_env" 2>/dev/null || true)" ]; then
        set -- --auth-token-env "$token_env" "$@"
    fi
fi

exec "${IVY_PYTHON:-python}" -m ivy_server.worker "$@"
