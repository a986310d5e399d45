#!/usr/bin/env python3
"""Health probe for the gateway container: exit 0 iff GET /v1/health answers 200.

    python docker/http_healthcheck.py [--port 8000] [--host 127.0.0.1] [--timeout 3]

The gateway answers 200 while it serves (its body says "ok" when every worker is SERVING, else
"degraded": a worker's own health check covers the worker). Standard library only.
Exit codes: 0 healthy, 1 anything else (refused, timeout, another status), as HEALTHCHECK expects.
"""

from __future__ import annotations

import argparse
import sys
import urllib.error
import urllib.request


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="HTTP health probe for the Ivy gateway")
    ap.add_argument("--port", default="8000")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--path", default="/v1/health")
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    url = f"http://{a.host}:{a.port}{a.path}"
    try:
        with urllib.request.urlopen(url, timeout=a.timeout) as r:
            status = r.status
    except urllib.error.HTTPError as e:
        status = e.code
    except OSError as e:
        if not a.quiet:
            print(f"{url} unhealthy: {e}", file=sys.stderr)
        return 1
    if not a.quiet:
        print(f"{url} {status}")
    return 0 if status == 200 else 1


if __name__ == "__main__":
    raise SystemExit(main())
