"""The token file: where ``ivy-serve`` leaves the bearer token for clients on the same machine.

``ivy-serve`` writes the token it serves with (``IVY_AUTH_TOKEN``, or one it generates when a
worker runs submitted code and none was given) to ``$IVY_TOKEN_FILE``, else
``$XDG_CONFIG_HOME/ivy/token``, else ``~/.config/ivy/token``: a file only its user can read
(0600, in a 0700 folder). ``ivy_client.Client``, ``ivy-serve status`` and the gateway's
playground link use it when ``IVY_AUTH_TOKEN`` is unset, so a second terminal needs no export.
It is kept after ``ivy-serve`` stops: the next start without ``IVY_AUTH_TOKEN`` reuses it.

A file that others may read or write, or that another user owns, is not trusted: it is ignored
(with a warning) and rewritten by the next ``ivy-serve``.
"""

from __future__ import annotations

import os
import secrets
import stat
import warnings
from pathlib import Path

ENV = "IVY_TOKEN_FILE"


def parse_tokens(value: str | None) -> list[str]:
    """The bearer tokens in an ``IVY_AUTH_TOKEN``-style variable: one, or several separated by
    commas (one per tenant; handles and graphs belong to the token that made them)."""
    return [t.strip() for t in (value or "").split(",") if t.strip()]


def path() -> Path:
    """Where the token file is (it may not exist)."""
    given = os.environ.get(ENV)
    if given:
        return Path(given).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(config) / "ivy" / "token"


def read(where: Path | None = None) -> str | None:
    """The token in the file, or None (no file, empty, or not private to this user)."""
    p = where or path()
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd) as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
            warnings.warn(f"ignoring the token file {p}: it must be a file of this user that "
                          "nobody else can read or write (chmod 600)", stacklevel=2)
            return None
        token = f.read(4096).strip()
    return token or None


def write(token: str, where: Path | None = None) -> Path:
    """Write ``token`` to the token file (0600, replaced atomically); returns its path."""
    p = where or path()
    p.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = p.with_name(f".{p.name}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(token + "\n")
        os.replace(tmp, p)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return p


def default_token() -> str | None:
    """The token a client sends when given none: ``IVY_AUTH_TOKEN``, else the token file's."""
    return os.environ.get("IVY_AUTH_TOKEN") or read()
