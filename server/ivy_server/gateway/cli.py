"""``ivy-gateway``: serve the HTTP gateway (FastAPI on uvicorn).

    ivy-gateway                                   # 127.0.0.1:8000, workers of ./workers.toml
    ivy-gateway --config workers.toml --port 8000 --auth-token-env IVY_AUTH_TOKEN
    python -m ivy_server.gateway ...

Settings come from the ``[gateway]`` table of the workers configuration (``--config``, else
``$IVY_WORKERS``, else ``./workers.toml``, else the default workers); flags given here win.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from ivy_client import config, token_file

log = logging.getLogger("ivy_server.gateway")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ivy-gateway", description="Serve Ivy's HTTP gateway "
                                "(transpile and call endpoints, the playground at /) in front "
                                "of the gRPC workers.")
    p.add_argument("--config", metavar="PATH_OR_SPEC", default=None,
                   help="the workers: a workers.toml (its [gateway] table gives this gateway's "
                   "defaults) or 'backend[@device]=host:port,...' (default: $IVY_WORKERS, else "
                   "./workers.toml, else one CPU worker per installed framework)")
    p.add_argument("--host", default=None, help="listen address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=None, help="listen port (default 8000)")
    p.add_argument("--auth-token-env", default=None, metavar="VAR",
                   help="require 'Authorization: Bearer <token>' with the token(s) in VAR, the "
                   "workers' (comma-separated: several tenants); it is forwarded to the workers "
                   "(default: IVY_AUTH_TOKEN when set, else no auth)")
    p.add_argument("--max-body-mb", type=float, default=None,
                   help="largest request body, MiB; larger: 413 (default 8)")
    p.add_argument("--max-response-mb", type=float, default=None,
                   help="largest response body (a call's result, msgpack or JSON text), MiB; "
                   "larger: 413 'Response too large', and the gateway never receives a worker's "
                   "answer much larger than this (default 64)")
    p.add_argument("--max-concurrency", type=int, default=None,
                   help="requests in flight per client: its token and X-Client-Id header, else "
                   "its address; more: 429 at once (default 4)")
    p.add_argument("--max-in-flight", type=int, default=None,
                   help="requests running at once, all clients together; beyond, they wait in "
                   "a FIFO queue (default 32)")
    p.add_argument("--max-queue", type=int, default=None,
                   help="requests waiting for --max-in-flight; more: 429 at once (default 64)")
    p.add_argument("--queue-timeout-s", type=float, default=None,
                   help="the longest a request waits in that queue; then 429 with Retry-After "
                   "(default 10)")
    p.add_argument("--timeout-s", type=float, default=None,
                   help="deadline of each request to the workers, seconds; past it: 504 "
                   "(default 120)")
    p.add_argument("--header-timeout-s", type=float, default=None,
                   help="a request's headers must have arrived this long after the connection "
                   "opened (or the previous response ended), else the connection is closed "
                   "(slowloris; default 10)")
    p.add_argument("--body-timeout-s", type=float, default=None,
                   help="a request's body must have arrived this long after its headers, else "
                   "408 (default 30)")
    p.add_argument("--log-level", default=os.environ.get("IVY_LOG_LEVEL", "INFO"))
    return p


def settings_from(a):
    """(GatewaySpec with the flags applied, the app's Settings)."""
    from .app import Settings

    workers = config.resolve(a.config)
    spec = config.resolve_gateway(a.config) if a.config is None or str(a.config).endswith(
        ".toml") else None
    spec = spec or config.GatewaySpec()
    for name in ("host", "port", "auth_token_env", "max_body_mb", "max_response_mb",
                 "max_concurrency", "max_in_flight", "max_queue", "queue_timeout_s", "timeout_s",
                 "header_timeout_s", "body_timeout_s"):
        v = getattr(a, name)
        if v is not None:
            setattr(spec, name, v)
    env = spec.auth_token_env or ("IVY_AUTH_TOKEN" if os.environ.get("IVY_AUTH_TOKEN") else None)
    tokens = []
    if env:
        tokens = token_file.parse_tokens(os.environ.get(env))
        if not tokens:
            raise ValueError(f"--auth-token-env {env}: the variable is not set or empty")
    return spec, Settings(workers=workers, tokens=tokens,
                          max_body_bytes=int(spec.max_body_mb * 2**20),
                          max_response_bytes=int(spec.max_response_mb * 2**20),
                          max_concurrency=spec.max_concurrency,
                          max_in_flight=spec.max_in_flight, max_queue=spec.max_queue,
                          queue_timeout_s=spec.queue_timeout_s, timeout_s=spec.timeout_s,
                          body_timeout_s=spec.body_timeout_s)


def main(argv=None) -> int:
    a = parser().parse_args(argv)
    logging.basicConfig(level=str(a.log_level).upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s [gateway] %(message)s")
    try:
        spec, settings = settings_from(a)
    except (OSError, ValueError) as e:
        log.error("ivy-gateway: %s", e)
        return 2
    import uvicorn

    from .app import create_app
    from .timeouts import header_timeout_protocol

    app = create_app(settings)
    log.info("serving on http://%s:%d for %d workers (auth %s); playground at /, API docs at "
             "/docs", spec.host, spec.port, len(settings.workers),
             "on" if settings.tokens else "off")
    uvicorn.run(app, host=spec.host, port=spec.port, log_level=str(a.log_level).lower(),
                access_log=str(a.log_level).upper() == "DEBUG", timeout_graceful_shutdown=10,
                http=header_timeout_protocol(spec.header_timeout_s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
