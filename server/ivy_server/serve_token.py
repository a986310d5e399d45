"""The bearer token ``ivy-serve`` serves with, and where it leaves it for the user's clients.

``ivy-serve`` takes the token from ``IVY_AUTH_TOKEN``; when that is unset and a configured worker
or the gateway wants it (``--auth-token-env IVY_AUTH_TOKEN``, as every worker that runs submitted
code does), it reuses the token file's token or generates one, and sets ``IVY_AUTH_TOKEN`` for
the processes it starts. Either way it writes the token to the token file
(``ivy_client.token_file``: ``~/.config/ivy/token``, 0600) and says where, so that
``ivy_client``, ``ivy-serve status`` and curl in another terminal work without an export.
"""

from __future__ import annotations

import logging
import os
import secrets
import sys

from ivy_client import token_file

log = logging.getLogger("ivy_server.launcher")

VAR = "IVY_AUTH_TOKEN"


def _wanted_vars(workers, gateway) -> set[str]:
    """The environment variables that the configured processes take their token from."""
    names = set()
    for w in workers:
        args = [str(a) for a in w.args]
        for i, a in enumerate(args):
            if a == "--auth-token-env" and i + 1 < len(args):
                names.add(args[i + 1])
            elif a.startswith("--auth-token-env="):
                names.add(a.split("=", 1)[1])
    if gateway is not None and gateway.auth_token_env:
        names.add(gateway.auth_token_env)
    return names


def prepare(workers, gateway=None) -> str | None:
    """Decide the token and write the token file. Returns the line saying where it is (None
    when no token is given or wanted: nothing is written)."""
    given = token_file.parse_tokens(os.environ.get(VAR))
    if given:
        token, how = given[0], f"from {VAR}"  # several (one per tenant): the file has the first
    elif VAR in _wanted_vars(workers, gateway):
        token = token_file.read()
        how = "reused from the token file" if token else "generated"
        token = token or secrets.token_urlsafe(24)
        os.environ[VAR] = token  # the workers and the gateway started from here get it
    else:
        return None
    try:
        where = token_file.write(token)
    except OSError as e:
        return (f"auth token ({how}): could not write the token file {token_file.path()} ({e}); "
                f"clients need {VAR}")
    return (f"auth token ({how}) written to {where} (only you can read it): ivy_client and "
            f"`ivy-serve status` use it when {VAR} is unset; curl: -H \"Authorization: Bearer "
            f"$(cat {where})\"")


def token_in(var: str) -> str | None:
    """The token in the environment variable ``var``, else the token file's."""
    return os.environ.get(var) or token_file.read()


def playground_line(url: str) -> str:
    """The playground's address to print: with the token in its fragment (never sent to the
    server; the page keeps it and drops it from the address bar) when ivy-serve prints to a
    terminal, without it into a log."""
    token = next(iter(token_file.parse_tokens(os.environ.get(VAR))), None)
    if token and sys.stdout.isatty():
        return f"playground: {url}/#token={token}"
    return f"playground: {url}/" + (f" (token: {token_file.path()})" if token else "")
