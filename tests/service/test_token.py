"""The token as a newcomer meets it (issue 37, item 6): ``ivy-serve`` started without
``IVY_AUTH_TOKEN`` makes one, writes it to a file only its user can read, and says where; a client,
``ivy-serve status`` and the playground in another terminal use it with no export; a missing and a
wrong token are told apart over HTTP and gRPC. Real processes: ``ivy-serve`` with a numpy worker
that wants the token and the gateway."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys

import httpx
import ivy_client
import pytest
from ivy_client import token_file

from .conftest import ROOT, env, free_port, serve_gateway, stop


def serve_env(token_path, token=None) -> dict:
    e = env()
    e.pop("IVY_AUTH_TOKEN", None)
    if token is not None:
        e["IVY_AUTH_TOKEN"] = token
    e["IVY_TOKEN_FILE"] = str(token_path)
    return e


@pytest.fixture(scope="module")
def served(module_tmp):
    """``ivy-serve`` with no IVY_AUTH_TOKEN: a numpy worker and the gateway that want it."""
    port, gport = free_port(), free_port()
    cfg = module_tmp / "workers.toml"
    cfg.write_text(f'[[worker]]\nbackend = "numpy"\nport = {port}\n'
                   'args = ["--auth-token-env", "IVY_AUTH_TOKEN"]\n\n'
                   f'[gateway]\nport = {gport}\nauth_token_env = "IVY_AUTH_TOKEN"\n')
    path = module_tmp / "config" / "ivy" / "token"  # its folder does not exist yet
    log_path = module_tmp / "ivy-serve.log"
    proc = serve_gateway(cfg, gport, log_path, serve_env(path), timeout=240)
    try:
        yield {"url": f"http://127.0.0.1:{gport}", "cfg": cfg, "path": path, "log": log_path,
               "workers": f"numpy=127.0.0.1:{port}"}
    finally:
        stop(proc, 30)


def test_ivy_serve_writes_a_private_token_and_says_where(served):
    path = served["path"]
    st = path.stat()
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_uid == os.getuid()
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    token = path.read_text().strip()
    assert len(token) >= 24
    log = served["log"].read_text()
    assert f"auth token (generated) written to {path}" in log, log[-3000:]
    # printed into a log (not a terminal): the playground's address without the token
    assert re.search(rf"playground: {re.escape(served['url'])}/ \(token: {re.escape(str(path))}\)",
                     log), log[-3000:]
    assert token not in log


def test_a_second_terminal_needs_no_export(served, monkeypatch):
    """gRPC through ivy_client, `ivy-serve status` and HTTP with the file's token, with
    IVY_AUTH_TOKEN unset."""
    monkeypatch.delenv("IVY_AUTH_TOKEN", raising=False)
    monkeypatch.setenv("IVY_TOKEN_FILE", str(served["path"]))
    with ivy_client.Client(served["workers"]) as c:
        assert c.call("add", 1, 2).item() == 3
    out = subprocess.run([sys.executable, "-m", "ivy_server.launcher", "status", "--config",
                          str(served["cfg"])], env=serve_env(served["path"]), cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    row = next(line for line in out.stdout.splitlines() if line.startswith("numpy"))
    assert re.search(r"\s\d+\s", row), out.stdout  # its pid: Info answered with the token
    token = token_file.read()
    r = httpx.get(served["url"] + "/v1/backends", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json()["frameworks"] == ["numpy"], r.text


def test_missing_and_wrong_tokens_are_told_apart_over_grpc(served):
    with ivy_client.Client(served["workers"], token="") as c:
        with pytest.raises(ivy_client.Unauthenticated, match="no token") as e:
            c.call("add", 1, 2)
        assert "wrong token" not in str(e.value)
    with ivy_client.Client(served["workers"], token="not-the-token") as c:
        with pytest.raises(ivy_client.Unauthenticated, match="wrong token") as e:
            c.call("add", 1, 2)
        assert "no token" not in str(e.value)


def test_missing_and_wrong_tokens_are_told_apart_over_http(served):
    none = httpx.get(served["url"] + "/v1/backends")
    wrong = httpx.get(served["url"] + "/v1/backends",
                      headers={"Authorization": "Bearer not-the-token"})
    for r in (none, wrong):
        assert r.status_code == 401 and r.json()["code"] == "UNAUTHENTICATED", r.text
        assert r.headers["content-type"].startswith("application/problem+json")
    assert none.json()["title"] == "Token missing" and none.json()["detail"].startswith(
        "no token"), none.text
    assert wrong.json()["title"] == "Token not accepted" and wrong.json()["detail"].startswith(
        "wrong token"), wrong.text
    assert "error=" not in none.headers["www-authenticate"]
    assert 'error="invalid_token"' in wrong.headers["www-authenticate"]


def test_the_playground_takes_the_token_from_the_printed_link(served):
    import shutil

    from playwright.sync_api import expect, sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is needed for the browser tests (apt-get install chromium)")
    token = served["path"].read_text().strip()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(f"{served['url']}/#token={token}")
            expect(page.locator("#backends")).to_contain_text("numpy@cpu", timeout=60_000)
            expect(page.locator("#token")).to_have_value(token)
            page.wait_for_function("location.hash === ''")  # out of the address bar
            page.goto(served["url"] + "/")  # kept for the next visit
            expect(page.locator("#backends")).to_contain_text("numpy@cpu", timeout=60_000)
        finally:
            browser.close()


# -- ivy-serve's choice of token, and the file (no processes) ------------------------------------
class _Spec:
    def __init__(self, *args):
        self.args = list(args)


def test_the_token_given_is_written_and_one_is_made_only_when_wanted(tmp_path, monkeypatch):
    from ivy_server import serve_token

    path = tmp_path / "token"
    monkeypatch.setenv("IVY_TOKEN_FILE", str(path))
    wants = [_Spec("--auth-token-env", "IVY_AUTH_TOKEN", "--allow-code-execution")]
    monkeypatch.setenv("IVY_AUTH_TOKEN", "given-1,given-2")
    assert "from IVY_AUTH_TOKEN" in serve_token.prepare(wants)
    assert path.read_text() == "given-1\n"  # several (one per tenant): the first
    monkeypatch.delenv("IVY_AUTH_TOKEN")
    assert "reused from the token file" in serve_token.prepare(wants)
    assert os.environ["IVY_AUTH_TOKEN"] == "given-1"  # for the processes it starts
    monkeypatch.delenv("IVY_AUTH_TOKEN")
    path.unlink()
    assert serve_token.prepare([_Spec("--threads", "2")]) is None  # nobody wants a token
    assert not path.exists() and "IVY_AUTH_TOKEN" not in os.environ
    assert "(generated)" in serve_token.prepare(wants)
    assert path.read_text().strip() == os.environ["IVY_AUTH_TOKEN"]


def test_a_token_file_others_can_read_is_not_used(tmp_path, monkeypatch):
    path = tmp_path / "token"
    token_file.write("secret", path)
    assert token_file.read(path) == "secret"
    path.chmod(0o644)
    with pytest.warns(UserWarning, match="chmod 600"):
        assert token_file.read(path) is None
    monkeypatch.delenv("IVY_AUTH_TOKEN", raising=False)
    monkeypatch.setenv("IVY_TOKEN_FILE", str(tmp_path / "none"))
    assert token_file.default_token() is None
    with ivy_client.Client("numpy=127.0.0.1:1") as c:
        assert c.token is None
