"""The worker's Unix domain socket (``--uds``): binding it beside TCP when the path is free (or a
stale socket of this user), and removing it at exit."""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .service import Worker

log = logging.getLogger("ivy_server.worker")


DEFAULT_UDS = "/tmp/ivy-{port}.sock"  # --uds default; "{port}" is the bound TCP port


def _uds_free(path: str) -> bool:
    """Whether ``path`` can be bound: absent, or a stale socket of this user that nothing listens
    on (removed here: a worker killed with SIGKILL leaves its socket behind). Anything else - a
    live socket, another user's file, not a socket - is left alone and the worker serves TCP
    only."""
    import socket
    import stat

    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError as e:
        log.warning("not listening on unix:%s: %s", path, e)
        return False
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid():
        log.warning("not listening on unix:%s: the path exists and is not a socket of this user",
                    path)
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
        except ConnectionRefusedError:  # stale: nobody listens
            try:
                os.unlink(path)
            except OSError:
                return False
            return True
        except OSError as e:
            log.warning("not listening on unix:%s: %s", path, e)
            return False
    log.warning("not listening on unix:%s: another process listens there", path)
    return False


def bind_uds(server, worker: Worker, template: str | None, port: int) -> str:
    """Also listen on the Unix domain socket ``template`` (``{port}`` replaced by ``port``);
    returns its path ("" when off or impossible: TCP serves regardless)."""
    if not template or template.lower() == "none":
        return ""
    path = os.path.abspath(template.replace("{port}", str(port)))
    if len(path.encode()) > 107 or not _uds_free(path):  # sun_path holds 108 bytes
        return ""
    try:
        if server.add_insecure_port("unix:" + path) == 0:
            raise OSError("bind failed")
    except Exception as e:  # noqa: BLE001 - the socket is an optimisation, never fatal
        log.warning("not listening on unix:%s: %s", path, e)
        return ""
    worker.uds_path = path
    try:
        st = os.lstat(path)
        worker._uds_inode = (st.st_dev, st.st_ino)
    except OSError:
        pass
    return path


def unlink_uds(worker: Worker) -> None:
    """Remove the worker's socket file at exit (if it is still the one this process made)."""
    path = worker.uds_path
    if path:
        try:
            st = os.lstat(path)
            if (st.st_dev, st.st_ino) == getattr(worker, "_uds_inode", None):
                os.unlink(path)
        except OSError:
            pass
