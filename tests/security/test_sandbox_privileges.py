"""The sandbox never runs submitted code as a privileged host user, even when the worker is root.

Probed from inside real sandboxes (a NumPy worker's ``Trace`` RPC, ``sclient``, and
:func:`ivy_server.sandbox.host.run` directly): the host uid the sandbox's uid maps to, writes to
the kernel's settings (``/proc/sys``: a root sandbox once changed ``kernel.printk_ratelimit_burst`` on
the host), every writable file of ``/proc`` outside the sandbox's own, and the process limit
(RLIMIT_NPROC is not enforced for host root: 2,000 threads started under a 512 limit). CI runs
these as root, as this machine does; ``test_a_non_root_worker_*`` runs the worker side as uid
10001 (the Docker image's user).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from ivy_server.sandbox import host as sandbox

from tests.rpc.conftest import ROOT

from .test_sandbox import attack, direct, parse_results


def _host_uid(uid_map: str, uid: int) -> int | None:
    for line in uid_map.splitlines():
        inside, outside, count = (int(v) for v in line.split())
        if inside <= uid < inside + count:
            return outside + uid - inside
    return None


def test_the_sandbox_uid_is_unprivileged_on_the_host(sclient):
    r = attack(sclient, """
io = print.__self__.__import__('io')
attempt('uid', lambda: os.getuid())
attempt('uid_map', lambda: io.open('/proc/self/uid_map').read())
attempt('status', lambda: [l for l in io.open('/proc/self/status').read().splitlines()
                           if l.startswith(('Cap', 'Groups', 'NoNewPrivs'))])
attempt('setuid0', lambda: os.setuid(0))
""")
    assert r["uid"] == "OK 65534", r
    uid_map = eval(r["uid_map"][3:])  # noqa: S307 - the repr of a str the test made
    host = _host_uid(uid_map, 65534)
    assert host is not None and host != 0, uid_map
    if os.geteuid() == 0:  # a root worker maps each sandbox to a uid of its own range
        first, count = sandbox.HOST_UIDS
        assert first <= host < first + count, (host, uid_map)
    status = r["status"]
    for cap in ("CapInh", "CapPrm", "CapEff", "CapAmb"):
        assert f"{cap}:\\t0000000000000000" in status, status
    assert "NoNewPrivs:\\t1" in status and "Groups:\\t" in status, status
    assert r["setuid0"].startswith("PermissionError"), r


def test_the_kernels_settings_cannot_be_written(sclient):
    path = "/proc/sys/kernel/printk_ratelimit_burst"
    before = open(path).read()
    r = attack(sclient, f"""
io = print.__self__.__import__('io')
def write_back():
    v = io.open({path!r}).read()
    with io.open({path!r}, 'w') as fh:
        fh.write(v)
def raise_it():
    with io.open({path!r}, 'w') as fh:
        fh.write('99')
attempt('write_back', write_back)
attempt('raise', raise_it)
attempt('core_pattern', lambda: io.open('/proc/sys/kernel/core_pattern', 'w').write('|/tmp/x'))
attempt('sysrq', lambda: io.open('/proc/sysrq-trigger', 'w').write('h'))
def writable():
    found = []
    for name in os.listdir('/proc'):
        if name.isdigit() or name in ('self', 'thread-self'):
            continue
        top = '/proc/' + name
        if os.path.isdir(top) and not os.path.islink(top):
            for d, _, fs in os.walk(top):
                found += [d + '/' + f for f in fs if os.access(d + '/' + f, os.W_OK)]
        elif os.access(top, os.W_OK):
            found.append(top)
    return found
attempt('writable', writable)
attempt('sys_ro', lambda: os.statvfs('/proc/sys').f_flag & 1)
""")
    assert open(path).read() == before
    for k in ("write_back", "raise", "core_pattern"):
        assert r[k].startswith(("OSError: [Errno 30]", "PermissionError")), (k, r)
    assert not r["sysrq"].startswith("OK"), r
    assert r["writable"] == "OK []", r
    assert r["sys_ro"] == "OK 1", r


def test_the_process_limit_binds(sclient):
    r = attack(sclient, """
threading = print.__self__.__import__('threading')
time = print.__self__.__import__('time')
stop = threading.Event()
def start(n):
    started = 0
    try:
        for _ in range(n):
            threading.Thread(target=stop.wait, daemon=True).start()
            started += 1
    finally:
        stop.set()
    return started
attempt('threads', lambda: start(2000))
""")
    # RLIMIT_NPROC (512) stops the threads: "can't start new thread" before 2,000
    assert r["threads"].startswith("RuntimeError: can't start new thread"), r


def test_the_probe_refuses_a_sandbox_that_is_host_root(monkeypatch):
    """Started the way bubblewrap maps it on its own (the sandbox's uid is the caller's: root),
    the startup probe must fail closed, naming the process limit that does not bind."""
    if os.geteuid() != 0:
        pytest.skip("only a root worker can start a sandbox whose uid is host root")
    monkeypatch.setattr(sandbox, "_as_root", lambda: False)
    with pytest.raises(sandbox.SandboxUnavailable) as e:
        sandbox._check(sandbox._bwrap_path(), 60)
    msg = str(e.value)
    assert "RLIMIT_NPROC" in msg and "privileged host user" in msg, msg


def test_a_sandbox_started_by_root_is_mapped_before_it_runs(monkeypatch):
    """If the worker cannot map the user namespace, bubblewrap is killed before anything runs
    in it and the call fails (fail closed)."""
    if os.geteuid() != 0:
        pytest.skip("the mapping is written by a root worker only")
    sandbox.check_isolation()  # passed at start; the map then fails for one request
    started = []
    real_start = subprocess.Popen

    def popen(*a, **kw):
        started.append(real_start(*a, **kw))
        return started[-1]

    def refuse(pid, host_uid):
        raise PermissionError("cannot write the map (test)")

    monkeypatch.setattr(sandbox, "_map_ids", refuse)
    monkeypatch.setattr(sandbox.subprocess, "Popen", popen)
    with pytest.raises(PermissionError, match="cannot write the map"):
        direct("def f(x):\n    return x\n")
    assert started and all(p.poll() is not None for p in started)  # bwrap is gone


NON_ROOT = 10001  # the Docker image's user
NON_ROOT_PROBE = """
def f(x):
    b = print.__self__
    io, threading = b.__import__('io'), b.__import__('threading')
    R = {'uid_map': io.open('/proc/self/uid_map').read()}
    try:
        io.open('/proc/sys/kernel/printk_ratelimit_burst', 'w')
        R['sysctl'] = 'OK'
    except OSError as e:
        R['sysctl'] = type(e).__name__ + str(e.errno)
    ev, n = threading.Event(), 0
    try:
        for _ in range(3000):
            threading.Thread(target=ev.wait, daemon=True).start()
            n += 1
    except RuntimeError:
        pass
    ev.set()
    R['threads'] = n
    raise ValueError('RESULTS<<' + repr(R) + '>>')
"""


def _reachable_by(uid: int, paths) -> bool:
    return all(subprocess.run(["/usr/bin/test", "-r", p], user=uid, check=False).returncode == 0
               for p in paths)


def test_a_non_root_worker_sandbox_holds_too():
    """The worker side run as uid 10001 (as in the Docker image): the sandbox is that uid on the
    host, the kernel's settings are read-only and the process limit binds."""
    if os.geteuid() != 0:
        pytest.skip("needs root to start the worker side as another uid")
    python = "/usr/bin/python3.11"
    if not os.path.exists(python):
        pytest.skip("no system python3.11 to run as an unprivileged user")
    site = next(p for p in sys.path if p.endswith("site-packages") and os.path.isdir(p))
    paths = [str(ROOT / "server" / "ivy_server" / "sandbox" / "child.py"),
             os.path.join(site, "numpy"), shutil.which("bwrap") or "/usr/bin/bwrap"]
    if not _reachable_by(NON_ROOT, paths):
        pytest.skip(f"the checkout or the virtual environment is not readable by uid {NON_ROOT}")
    tmp_path = Path(tempfile.mkdtemp(prefix="ivy-non-root-"))
    tmp_path.chmod(0o755)
    (tmp_path / "submitted.py").write_text(NON_ROOT_PROBE)
    script = tmp_path / "non_root.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        from ivy_client import codec
        from ivy_server.sandbox import host as sandbox
        sandbox.check_isolation()
        buffers = []
        args = codec.encode([[np.ones(2)], {}], buffers=buffers)
        try:
            sandbox.run('numpy', open('submitted.py').read(), 'f', args, buffers, cpu_s=5,
                        wall_s=60, memory_mb=512)
        except Exception as e:
            print(e)
    """))
    pythonpath = os.pathsep.join([str(ROOT), str(ROOT / "client"), str(ROOT / "server"), site])
    r = subprocess.run([python, "-s", str(script)], user=NON_ROOT, group=NON_ROOT,
                       extra_groups=[], capture_output=True, text=True, timeout=300,
                       cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": pythonpath,
                                          "HOME": str(tmp_path)})
    shutil.rmtree(tmp_path, ignore_errors=True)
    assert "RESULTS<<" in r.stdout, r.stdout + r.stderr
    res = parse_results(r.stdout)
    # bubblewrap nests the sandbox in a namespace whose root is the caller (uid 10001): the map
    # shows that namespace's ids, and the kernel enforces what an unprivileged uid may do
    assert _host_uid(res["uid_map"], 65534) == 0, res
    assert res["sysctl"] in ("OSError30", "PermissionError13"), res
    assert res["threads"] < 3000, res
