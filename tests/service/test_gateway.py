"""The HTTP gateway, brought up with the workers by one ``ivy-serve`` (a workers.toml with a
[gateway] table), tested over real HTTP: httpx request/response tests, property-based tests
generated from its OpenAPI schema (schemathesis with `--checks all`), and the
playground driven in Debian's chromium by Playwright."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import msgpack  # noqa: F401 - the msgpack body below goes through ivy_client.codec
import numpy as np
import pytest
from ivy_client import codec

from .conftest import ROOT, SECURE, TOKEN, env, free_port, health, serve_gateway, stop

AUTH = {"Authorization": f"Bearer {TOKEN}"}
PROBLEM = "application/problem+json"

SOFTMAX = """\
import torch
import torch.nn.functional as F


def f(x, w):
    return F.softmax(x @ w, dim=-1)
"""


def softmax_np(x, w):
    s = x @ w
    e = np.exp(s - s.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


@pytest.fixture(scope="module")
def service(module_tmp):
    """``ivy-serve --config workers.toml``: numpy, torch and jax workers (sandboxed code
    execution, the token) and the gateway (at most 2 requests in flight per client)."""
    ports = {b: free_port() for b in ("numpy", "torch", "jax")}
    gport = free_port()
    flags = ", ".join(f'"{f}"' for f in SECURE)
    cfg = module_tmp / "workers.toml"
    cfg.write_text("".join(
        f'[[worker]]\nbackend = "{b}"\nport = {p}\nargs = [{flags}]\n\n'
        for b, p in ports.items())
        + f'[gateway]\nport = {gport}\nmax_concurrency = 2\nmax_body_mb = 1\ntimeout_s = 120\n')
    proc = serve_gateway(cfg, gport, module_tmp / "ivy-serve.log")
    try:
        yield {"url": f"http://127.0.0.1:{gport}", "cfg": cfg, "ports": ports, "proc": proc,
               "log": module_tmp / "ivy-serve.log"}
    finally:
        stop(proc, 60)


@pytest.fixture(scope="module")
def http(service):
    with httpx.Client(base_url=service["url"], timeout=300) as c:
        yield c


def transpile_body(**over):
    body = {"code": SOFTMAX, "entry": "f", "source": "torch", "target": "jax",
            "inputs": [{"shape": [2, 3], "dtype": "float32"},
                       {"shape": [3, 4], "dtype": "float32"}]}
    body.update(over)
    return body


def assert_problem(r, status, code=None, contains=None):
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith(PROBLEM), r.headers
    p = r.json()
    assert p["status"] == status and p["title"] and p["detail"] and p["type"]
    if code:
        assert p["code"] == code, p
    if contains:
        assert contains in p["detail"], p
    return p


# -- one command brings up workers and gateway -------------------------------------------------
def test_health_lists_the_gateway_and_every_worker(http, service):
    r = http.get("/v1/health")  # no token needed: health is public
    assert r.status_code == 200
    h = r.json()
    assert h["status"] == "ok" and h["gateway"]["status"] == "SERVING" and h["gateway"]["auth"]
    assert {w["backend"]: w["status"] for w in h["workers"]} == {
        "numpy": "SERVING", "torch": "SERVING", "jax": "SERVING"}
    out = subprocess.run([sys.executable, "-m", "ivy_server.launcher", "status", "--config",
                          str(service["cfg"])], env=env(), cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"gateway  {service['url']}" in out.stdout and "SERVING" in out.stdout


def test_backends_need_the_token_and_list_versions(http):
    p = assert_problem(http.get("/v1/backends"), 401, "UNAUTHENTICATED", "Bearer")
    assert "token" in p["detail"]
    assert_problem(http.get("/v1/backends", headers={"Authorization": "Bearer wrong"}), 401)
    r = http.get("/v1/backends", headers=AUTH)
    assert r.status_code == 200
    b = r.json()
    assert b["frameworks"] == ["jax", "numpy", "torch"] and b["sources"] == b["frameworks"]
    import torch

    torch_w = next(w for w in b["workers"] if w["backend"] == "torch")
    assert torch_w["framework_version"] == torch.__version__ and torch_w["device"] == "cpu"
    assert set(b["targets"]) == {"numpy", "torch", "jax", "tensorflow", "ivy"}


# -- transpile and call ------------------------------------------------------------------------
def test_transpile_from_shapes_then_call_the_result(http):
    r = http.post("/v1/transpile", json=transpile_body(options={"svg": True}), headers=AUTH)
    assert r.status_code == 200, r.text
    out = r.json()
    assert "import jax" in out["code"] and "def f(x, w)" in out["code"]
    v = out["report"]["verification"]
    assert v["verified"] is True and v["verified_on"] == ["worker:jax@cpu"]
    assert "<svg" in out["svg"]
    x = np.random.default_rng(1).standard_normal((2, 3)).astype(np.float32)
    w = np.random.default_rng(2).standard_normal((3, 4)).astype(np.float32)
    c = http.post("/v1/call", headers=AUTH, json={
        "graph_id": out["graph_id"], "worker": out["worker"],
        "inputs": [{"shape": [2, 3], "dtype": "float32", "value": x.tolist()},
                   {"shape": [3, 4], "dtype": "float32", "value": w.tolist()}]})
    assert c.status_code == 200, c.text
    res = c.json()["outputs"]
    assert res["dtype"] == "float32" and res["shape"] == [2, 4]
    np.testing.assert_allclose(np.array(res["value"], np.float32), softmax_np(x, w), rtol=1e-5)
    # the same request again: from the worker's cache
    again = http.post("/v1/transpile", json=transpile_body(options={"svg": True}), headers=AUTH)
    assert again.json()["cached"] is True and again.json()["code"] == out["code"]


def test_transpile_with_symbolic_sizes_then_call_at_new_ones(http):
    """``options.dynamic: "auto"`` over HTTP: the report lists the dimensions and the kept graph
    is called at a batch it never saw (issue 35)."""
    r = http.post("/v1/transpile", json=transpile_body(options={"dynamic": "auto"}),
                  headers=AUTH)
    assert r.status_code == 200, r.text
    out = r.json()
    assert {d["kind"] for d in out["report"]["dims"]} == {"symbolic"}, out["report"]["dims"]
    x = np.random.default_rng(1).standard_normal((5, 3)).astype(np.float32)
    w = np.random.default_rng(2).standard_normal((3, 4)).astype(np.float32)
    c = http.post("/v1/call", headers=AUTH, json={
        "graph_id": out["graph_id"], "worker": out["worker"],
        "inputs": [{"shape": [5, 3], "dtype": "float32", "value": x.tolist()},
                   {"shape": [3, 4], "dtype": "float32", "value": w.tolist()}]})
    assert c.status_code == 200, c.text
    np.testing.assert_allclose(np.array(c.json()["outputs"]["value"], np.float32),
                               softmax_np(x, w), rtol=1e-5)
    assert_problem(http.post("/v1/transpile", headers=AUTH,
                             json=transpile_body(options={"dynamic": "sometimes"})), 422)
    # named dimensions: the batch only ("B"), the rest fixed; the worker picks its example size
    r = http.post("/v1/transpile", headers=AUTH, json=transpile_body(inputs=[
        {"shape": ["B", 3], "dtype": "float32"}, {"shape": [3, 4], "dtype": "float32"}]))
    assert r.status_code == 200, r.text
    dims = {(d["input"], d["axis"]): d["kind"] for d in r.json()["report"]["dims"]}
    assert dims == {("x", 0): "symbolic", ("x", 1): "pinned", ("w", 0): "pinned",
                    ("w", 1): "pinned"}, dims
    p = assert_problem(http.post("/v1/transpile", headers=AUTH, json=transpile_body(inputs=[
        {"shape": ["B", 3], "dtype": "float32"},
        {"shape": [3, 4], "dtype": "float32", "value": w.tolist()}])), 422)
    assert "named or null dimension" in p["detail"]


def test_every_shipped_example_is_verified_outside_the_capturing_sandbox(http, service):
    """The playground's examples whose source framework has a worker here: each is verified by
    a process that did not run the submitted code (the target's worker, else a fresh sandbox of
    the target framework), never by the capturing sandbox's own claim."""
    import json
    import re

    examples = json.loads((ROOT / "server/ivy_server/gateway/static/examples.json").read_text())
    tried = 0
    for ex in examples:
        if ex["source"] not in service["ports"]:
            continue
        specs = re.findall(r"(\w+)\[([\d, ]*)\]", ex["inputs"])
        inputs = [{"dtype": d, "shape": [int(v) for v in dims.split(",") if v.strip()]}
                  for d, dims in specs]
        body = {k: ex[k] for k in ("code", "entry", "source", "target")} | {"inputs": inputs}
        r = http.post("/v1/transpile", json=body, headers=AUTH)
        assert r.status_code == 200, (ex["name"], r.text)
        v = r.json()["report"]["verification"]
        on = v["verified_on"]
        assert v["verified"] is True and on, (ex["name"], v)
        assert all(not o.startswith(f"sandbox:{ex['source']}@") or ex["source"] == ex["target"]
                   for o in on), (ex["name"], v)
        tried += 1
    assert tried >= 4


def test_transpile_with_example_values_and_a_model(http):
    x = [[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]]
    body = {"code": "import numpy as np\n\ndef g(x):\n    return np.tanh(x) * x.sum(axis=0)\n",
            "entry": "g", "source": "numpy", "target": "torch",
            "inputs": [{"shape": [2, 3], "dtype": "float64", "value": x}]}
    r = http.post("/v1/transpile", json=body, headers=AUTH)
    assert r.status_code == 200, r.text
    assert r.json()["report"]["verification"]["verified"] is True
    assert "import torch" in r.json()["code"]
    model = ("import torch\n\n\nclass Net(torch.nn.Module):\n    def __init__(self):\n"
             "        super().__init__()\n        torch.manual_seed(0)\n"
             "        self.lin = torch.nn.Linear(3, 2)\n\n"
             "    def forward(self, x):\n        return torch.relu(self.lin(x))\n")
    r = http.post("/v1/transpile", headers=AUTH, json={
        "code": model, "entry": "Net", "source": "torch", "target": "numpy",
        "inputs": [{"shape": [4, 3]}]})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["report"]["kind"] == "model" and set(out["weights"]) == {"lin.weight", "lin.bias"}
    wt = out["weights"]["lin.weight"]
    xs = np.arange(12, dtype=np.float32).reshape(4, 3) - 5  # the graph is for [4, 3] inputs
    assert wt["shape"] == [2, 3] and wt["dtype"] == "float32" and wt["b64"]
    c = http.post("/v1/call", headers=AUTH, json={
        "graph_id": out["graph_id"], "worker": out["worker"],
        "inputs": [{"shape": [4, 3], "value": xs.tolist()}]})
    assert c.status_code == 200, c.text
    import base64

    wmat = np.frombuffer(base64.b64decode(wt["b64"]), np.float32).reshape(2, 3)
    bias = np.frombuffer(base64.b64decode(out["weights"]["lin.bias"]["b64"]), np.float32)
    ref = np.maximum(xs @ wmat.T + bias, 0)
    np.testing.assert_allclose(np.array(c.json()["outputs"]["value"]), ref, rtol=1e-5)


def test_call_an_ivy_function_with_json_and_msgpack(http):
    r = http.post("/v1/call", headers=AUTH, json={
        "function": "add", "backend": "jax",
        "inputs": [{"shape": [2], "dtype": "int32", "value": [1, 2]},
                   {"shape": [2], "dtype": "int32", "value": [10, 20]}]})
    assert r.status_code == 200, r.text
    assert r.json()["outputs"] == {"dtype": "int32", "shape": [2], "value": [11, 22]}
    body = codec.encode({"function": "matmul", "backend": "torch",
                         "args": [np.eye(2, dtype=np.float32), np.ones((2, 2), np.float32)]})
    r = http.post("/v1/call.msgpack", headers={**AUTH, "Content-Type": "application/msgpack"},
                  content=body)
    assert r.status_code == 200 and r.headers["content-type"] == "application/msgpack"
    np.testing.assert_array_equal(codec.decode(r.content)["outputs"], np.ones((2, 2)))


# -- errors: problem details with the workers' codes -------------------------------------------
def test_a_failed_conversion_is_a_problem_naming_the_op_and_line(http):
    # Python control flow on a tensor value: refused by design, naming the op and the line
    code = "import torch\n\n\ndef f(x):\n    if (x * 2).sum() > 0:\n        return x\n    return -x\n"
    p = assert_problem(http.post("/v1/transpile", headers=AUTH, json={
        "code": code, "entry": "f", "source": "torch", "target": "jax",
        "inputs": [{"shape": [8]}]}), 422, "INVALID_ARGUMENT", "aten._local_scalar_dense")
    assert ":5: if (x * 2).sum() > 0:" in p["detail"]


def test_invalid_requests_are_problems(http):
    p = assert_problem(http.post("/v1/transpile", headers=AUTH,
                                 json=transpile_body(target="mxnet")), 422, "INVALID_ARGUMENT")
    assert p["errors"][0]["loc"][-1] == "target"
    assert_problem(http.post("/v1/transpile", headers=AUTH,
                             json=transpile_body(entry="nope")), 404, "NOT_FOUND", "nope")
    assert_problem(http.post("/v1/transpile", headers=AUTH, json=transpile_body(
        inputs=[{"shape": [2, 3], "dtype": "float32", "value": [[1, 2]]}])), 422,
        contains="shape")
    # found by schemathesis: one huge shape beside a given value made the gateway allocate 40 GiB
    assert_problem(http.post("/v1/transpile", headers=AUTH, json=transpile_body(inputs=[
        {"shape": [510, 2383, 4456]}, {"shape": [1], "value": [1.0]}])), 422,
        contains="elements")
    assert_problem(http.post("/v1/transpile", headers=AUTH, json=transpile_body(inputs=[
        {"shape": [2048, 2048]}] * 5)), 422, contains="together")
    assert_problem(http.post("/v1/transpile", headers=AUTH, content=b"{not json",
                             ), 422)
    assert_problem(http.get("/v1/nothing-here"), 404, "NOT_FOUND")
    assert_problem(http.post("/v1/call", headers=AUTH, json={
        "graph_id": "g-0123abcd", "worker": "127.0.0.1:1", "inputs": []}), 404)
    assert_problem(http.post("/v1/call", headers=AUTH, json={
        "function": "no_such_function", "backend": "numpy", "inputs": []}), 404)
    assert_problem(http.post("/v1/transpile", json=transpile_body()), 401, "UNAUTHENTICATED")


def test_the_body_size_is_capped(http):
    big = transpile_body(code="#" * (2 << 20) + "\n" + SOFTMAX)
    p = assert_problem(http.post("/v1/transpile", headers=AUTH, json=big), 413,
                       "RESOURCE_EXHAUSTED")
    assert "limit" in p["detail"]


def test_per_client_concurrency_is_limited(service):
    async def burst():
        async with httpx.AsyncClient(base_url=service["url"], timeout=300) as c:
            bodies = [transpile_body(code=SOFTMAX + f"\n# variant {i}\n") for i in range(4)]
            return await asyncio.gather(*(c.post("/v1/transpile", json=b, headers=AUTH)
                                          for b in bodies))

    responses = asyncio.run(burst())  # one burst: a second would be answered from the cache
    codes = sorted(r.status_code for r in responses)
    assert codes.count(200) >= 2 and 429 in codes, codes
    r429 = next(r for r in responses if r.status_code == 429)
    assert r429.headers.get("retry-after") == "1"
    assert r429.headers["content-type"].startswith("application/problem+json")


def test_a_request_past_the_gateways_timeout_is_a_504(service, module_tmp):
    """A second ivy-gateway on the same workers with a 0.3 s deadline (--timeout-s): a new
    conversion (a fresh sandbox, well over 0.3 s) is answered 504 DEADLINE_EXCEEDED."""
    port = free_port()
    log = open(module_tmp / "gateway-timeout.log", "w+")
    proc = subprocess.Popen([sys.executable, "-m", "ivy_server.gateway", "--config",
                             str(service["cfg"]), "--port", str(port), "--timeout-s", "0.3"],
                            env=env(), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 60
        while True:
            assert proc.poll() is None and time.monotonic() < end, \
                (module_tmp / "gateway-timeout.log").read_text()[-3000:]
            try:
                if httpx.get(url + "/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        r = httpx.post(url + "/v1/transpile", headers=AUTH, timeout=60, json=transpile_body(
            code=SOFTMAX + "\n# past the gateway's deadline\n"))
        assert_problem(r, 504, "DEADLINE_EXCEEDED")
    finally:
        stop(proc, 20)
        log.close()


def test_openapi_and_docs(http):
    spec = http.get("/openapi.json").json()
    assert {"/v1/transpile", "/v1/call", "/v1/call.msgpack", "/v1/health",
            "/v1/backends"} <= set(spec["paths"])
    assert "422" in spec["paths"]["/v1/transpile"]["post"]["responses"]
    assert http.get("/docs").status_code == 200


# -- property-based: schemathesis with every check ----------------------------------------------
def test_schemathesis_with_all_checks_is_clean(service, module_tmp):
    """``schemathesis run --checks all`` (every built-in check: no 5xx, status codes, content
    types, headers and bodies as documented, schema-valid requests accepted and invalid ones
    rejected, auth, methods; stateful links) plus ``validation_agrees_with_the_schema``
    (tests/service/schemathesis_hooks.py), configured by tests/service/schemathesis.toml. It
    found the gateway allocating 40 GiB for one huge input shape, then (issue 33) `value: {}`
    passing the schema and an undocumented 400 for a body that is not UTF-8 JSON."""
    e = env()
    e["SCHEMATHESIS_HOOKS"] = "tests.service.schemathesis_hooks"
    out = subprocess.run(
        [str(Path(sys.executable).parent / "schemathesis"), "--config-file",
         str(ROOT / "tests/service/schemathesis.toml"), "run", service["url"] + "/openapi.json",
         "--checks", "all", "-H", f"Authorization: Bearer {TOKEN}", "--max-examples", "25",
         "--seed", "1", "--no-color", "--report", "junit", "--report-dir",
         str(module_tmp / "schemathesis")],
        env=e, cwd=module_tmp, capture_output=True, text=True, timeout=1500)  # its cache there
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    generated = re.search(r"(\d+) generated", out.stdout)
    assert "5 selected" in out.stdout and generated, out.stdout[-3000:]
    assert int(generated.group(1)) >= 100, out.stdout[-3000:]  # exercised, not skipped
    assert health(f"127.0.0.1:{service['ports']['torch']}") == "SERVING"  # nobody died
    assert service["proc"].poll() is None
    assert "restarting the gateway" not in service["log"].read_text()


def test_the_schema_says_what_the_validation_does(http):
    """Issue 33: `value: {}` passed the schema and was refused (422); a body that is not UTF-8
    JSON answered an undocumented 400. Now the schema refuses `{}` too, and every unparseable
    body is a 422 problem like any invalid request."""
    import jsonschema

    spec = http.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    resolver = {"components": {"schemas": schemas}}

    def valid(model, doc):
        try:
            jsonschema.validate(doc, {**schemas[model], **resolver})
            return True
        except jsonschema.ValidationError:
            return False

    good = {"shape": [2], "dtype": "float32", "value": [1, "nan"]}
    assert valid("TranspileTensor", good) and valid("TranspileTensor", {"shape": [2]})
    assert valid("TranspileTensor", {"shape": ["B", None, "H=32", 3]})  # symbolic dimensions
    assert not valid("TranspileTensor", {"shape": ["2x"]}) and \
        not valid("CallTensor", {**good, "shape": ["B"]})  # a call's inputs have sizes
    for bad in ({}, [{}], "1.5", [1, None]):
        assert not valid("TranspileTensor", {**good, "value": bad}), bad
        r = http.post("/v1/call", headers=AUTH, json={
            "function": "add", "backend": "numpy", "inputs": [{**good, "value": bad}]})
        assert_problem(r, 422, "INVALID_ARGUMENT")
        assert r.json()["errors"], r.json()  # refused by validation, as the schema says
    assert not valid("CallIn", {"function": "add", "graph_id": "g-0", "worker": "w"})
    assert not valid("CallIn", {"graph_id": "g-0"})  # a graph needs its worker
    assert valid("CallIn", {"function": "add", "inputs": [good]})
    assert not valid("CallIn", {"function": "add", "inputs": [{"shape": [2]}]})  # no value
    for raw in (b'{"a": "\xff"}', b"\x80", b"{bad"):
        r = http.post("/v1/call", headers={**AUTH, "Content-Type": "application/json"},
                      content=raw)
        assert_problem(r, 422, "INVALID_ARGUMENT")
    responses = spec["paths"]["/v1/call"]["post"]["responses"]
    assert "400" not in responses and {"408", "422", "429", "504"} <= set(responses)


# -- the playground in a real browser ----------------------------------------------------------
def test_playground_in_chromium(service, module_tmp):
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is needed for the playground test (scripts/install.sh "
                    "installs it: apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    # Every check waits for a state of the page (the examples, the workers and the results arrive
    # asynchronously): Playwright's expect(...) retries until it holds or the timeout (generous:
    # the full suite loads the 2 cores), never a sleep or a one-shot count.
    wait = 60_000
    examples = json.loads((ROOT / "server" / "ivy_server" / "gateway" / "static" /
                           "examples.json").read_text())

    outside: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            ctx = browser.new_context(viewport={"width": 1280, "height": 900},
                                      permissions=["clipboard-read", "clipboard-write"])
            page = ctx.new_page()
            page.on("request", lambda r: None if r.url.startswith(service["url"])
                    or r.url.startswith(("data:", "blob:")) else outside.append(r.url))
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            # the examples arrive late, as under the full suite's load (issue 39: a one-shot
            # count found 0 options): every check below must wait for its state
            page.add_init_script(
                "const f = window.fetch; window.fetch = (u, o) => "
                "String(u).includes('examples.json') ? "
                "new Promise((r) => setTimeout(r, 1500)).then(() => f(u, o)) : f(u, o);")
            page.goto(service["url"] + "/")
            expect(page).to_have_title("Ivy transpiler playground")
            # the examples are fetched by init(); its listeners (#go, #token) are attached in the
            # same step as the options, so once they are there the page is ready
            assert len(examples) >= 4
            expect(page.locator("#example option")).to_have_count(len(examples), timeout=wait)
            page.fill("#token", TOKEN)
            page.dispatch_event("#token", "change")
            expect(page.locator("#backends")).to_contain_text("torch@cpu", timeout=wait)
            page.select_option("#example", index=0)  # torch attention scores -> jax
            page.click("#go")
            page.wait_for_function(
                "!['busy', 'idle'].some(k => document.getElementById('status')"
                ".classList.contains(k))", timeout=180_000)
            expect(page.locator("#status")).to_have_class("status ok")
            expect(page.locator("#status")).to_contain_text("verified ✓")
            expect(page.locator("#status")).to_contain_text("worker:jax@cpu")
            expect(page.locator("#result-code")).to_contain_text("import jax")
            expect(page.locator("#result-code")).to_contain_text("def scores(q, k)")
            page.wait_for_function(  # highlighted
                "document.querySelectorAll('#result-code span').length > 5")
            # the graph picture: the tracer's SVG, shown as an image (runs no script)
            page.wait_for_function("(() => { const i = document.querySelector('#graph img');"
                                   " return i && i.complete && i.naturalWidth > 0; })()",
                                   timeout=wait)
            # the report: one row per check (example, second draw, the target's worker), all ✓
            expect(page.locator("#report")).to_contain_text("target worker")
            expect(page.locator("#report")).to_contain_text("second draw")
            page.wait_for_function("document.querySelectorAll('#report td.ok').length >= 3")
            expect(page.locator("#report td.bad")).to_have_count(0)
            with page.expect_download() as dl:
                page.click("#download")
            assert dl.value.suggested_filename == "scores_jax.py"
            emitted = open(dl.value.path()).read()
            assert "import jax" in emitted
            page.click("#copy")
            expect(page.locator("#status")).to_have_text(re.compile(r"\(copied\)$"))
            assert page.evaluate("navigator.clipboard.readText()") == emitted
            # the screenshot for docs/service.md (IVY_PLAYGROUND_SCREENSHOT=docs/service-
            # playground.png writes it there too)
            shot = module_tmp / "playground.png"
            page.screenshot(path=str(shot), full_page=True)
            png = shot.read_bytes()
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000, len(png)
            if os.environ.get("IVY_PLAYGROUND_SCREENSHOT"):
                shutil.copyfile(shot, os.environ["IVY_PLAYGROUND_SCREENSHOT"])
            # a failing conversion shows the problem's detail
            page.fill("#code", "import torch\n\ndef f(x):\n    return x if x.sum() > 0 else -x\n")
            page.fill("#entry", "f")
            page.fill("#inputs", "float32[6]")
            page.click("#go")
            expect(page.locator("#status")).to_have_class("status error", timeout=180_000)
            expect(page.locator("#status")).to_contain_text("aten._local_scalar_dense")
            expect(page.locator("#status")).to_contain_text(":4: return x if x.sum() > 0 else -x")
            assert not errors, errors
        finally:
            browser.close()
    assert not outside, f"the playground loaded from outside the gateway: {outside}"


def test_the_readme_service_section_runs_in_a_second_terminal(service, module_tmp):
    """Issue 37: the README exported IVY_AUTH_TOKEN in ivy-serve's terminal, and its curl and
    Python snippets failed in another one. Here they run verbatim (but for this module's
    gateway address and token file) with IVY_AUTH_TOKEN unset: the token comes from the file
    that this module's ivy-serve wrote."""
    readme = (ROOT / "README.md").read_text()
    start = readme.index("### Transpilation as a service")
    section = readme[start:readme.index("\n## ", start)]  # up to the next top-level section
    blocks = re.findall(r"```(bash|python)\n(.*?)```", section, re.S)
    curl = next(b for lang, b in blocks if lang == "bash" and b.startswith("curl"))
    snippet = next(b for lang, b in blocks if lang == "python")
    e = env()
    served_token = Path(e.pop("IVY_TOKEN_FILE"))  # where this module's ivy-serve wrote it
    assert served_token.read_text().strip() == TOKEN
    e.pop("IVY_AUTH_TOKEN")
    e["IVY_WORKERS"] = ",".join(f"{b}=127.0.0.1:{p}" for b, p in service["ports"].items())
    assert "~/.config/ivy/token" in curl and "http://127.0.0.1:8000" in curl
    curl = curl.replace("~/.config/ivy/token", str(served_token)).replace(
        "http://127.0.0.1:8000", service["url"])
    out = subprocess.run(["bash", "-c", curl], env=e, cwd=module_tmp, capture_output=True,
                         text=True, timeout=300)
    doc = json.loads(out.stdout)
    assert "import jax" in doc["code"] and doc["report"]["verification"]["verified"], doc
    e["IVY_TOKEN_FILE"] = str(served_token)
    out = subprocess.run([sys.executable, "-c", snippet], env=e, cwd=module_tmp,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "import jax" in out.stdout and "def scores(q, k)" in out.stdout, out.stdout


def chromium_or_fail() -> str:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is needed for the browser tests (scripts/install.sh "
                    "installs it: apt-get install chromium)")
    return chromium


def test_playground_clears_a_failed_result_and_follows_the_editor(service):
    """Issue 37: after a successful transpile a failing one showed its error above the previous
    code, green verification table and graph, Copy and Download still enabled; and the example
    selector still named an example after the code was edited away from it."""
    from playwright.sync_api import expect, sync_playwright

    wait = 60_000
    examples = json.loads((ROOT / "server" / "ivy_server" / "gateway" / "static" /
                           "examples.json").read_text())
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_or_fail(), args=["--no-sandbox"])
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(service["url"] + "/")
            expect(page.locator("#example option")).to_have_count(len(examples), timeout=wait)
            expect(page.locator("#example")).to_have_value("0")
            expect(page.locator("#code")).to_have_value(examples[0]["code"])
            page.fill("#token", TOKEN)
            page.click("#go")
            expect(page.locator("#status")).to_have_class("status ok", timeout=180_000)
            expect(page.locator("#result-code")).to_contain_text("import jax")
            page.wait_for_function("document.querySelectorAll('#report td.ok').length >= 3")
            expect(page.locator("#graph img")).to_have_count(1)
            expect(page.locator("#copy")).to_be_enabled()
            expect(page.locator("#download")).to_be_enabled()

            # the editor leaves the example: the selector says so
            page.fill("#code", "import torch\n\ndef scores(q, k):\n    return (q @ k\n")
            expect(page.locator("#example")).to_have_value("custom")
            expect(page.locator("#example option:checked")).to_have_text(re.compile("custom"))
            # ... and a failing transpile leaves nothing of the previous result
            page.click("#go")
            expect(page.locator("#status")).to_have_class("status error", timeout=180_000)
            expect(page.locator("#result-code")).to_have_text("")
            expect(page.locator("#report td")).to_have_count(0)
            expect(page.locator("#report")).to_contain_text("No result")
            expect(page.locator("#graph img")).to_have_count(0)
            expect(page.locator("#report-json")).to_have_text("")
            expect(page.locator("#copy")).to_be_disabled()
            expect(page.locator("#download")).to_be_disabled()
            # a bad inputs field too (refused in the page, before any request)
            page.fill("#inputs", "2x3")
            expect(page.locator("#example")).to_have_value("custom")
            page.click("#go")
            expect(page.locator("#status")).to_contain_text("inputs: expected")
            expect(page.locator("#copy")).to_be_disabled()

            # picking an example fills the form and drops "custom"
            page.select_option("#example", "3")
            expect(page.locator("#code")).to_have_value(examples[3]["code"])
            expect(page.locator("#inputs")).to_have_value(examples[3]["inputs"])
            expect(page.locator("#example option[value='custom']")).to_have_count(0)
            # a change of target alone leaves the example too; changing it back returns to it
            other = next(t for t in ("torch", "jax") if t != examples[3]["target"])
            page.select_option("#target", other)
            expect(page.locator("#example")).to_have_value("custom")
            page.select_option("#target", examples[3]["target"])
            expect(page.locator("#example")).to_have_value("3")
            assert not errors, errors
        finally:
            browser.close()


def test_api_docs_render_and_run_offline_in_chromium(service):
    """Issue 37: /docs and /redoc loaded Swagger UI and ReDoc from a CDN and were blank without
    the internet. Every request outside the gateway is refused here (as offline); /docs lists
    the operations and "Try it out" runs one, and /redoc renders."""
    from playwright.sync_api import expect, sync_playwright

    wait = 60_000
    outside: list[str] = []

    # the one request allowed to fail: ReDoc's "API docs by Redocly" badge, which hides itself
    # when its image does not load (its onError), and is nothing the page needs
    badge = "https://cdn.redoc.ly/redoc/logo-mini.svg"

    def only_the_gateway(route):
        url = route.request.url
        if url.startswith((service["url"], "data:", "blob:")):
            route.continue_()
        else:
            if url != badge:
                outside.append(url)
            route.abort("internetdisconnected")

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_or_fail(), args=["--no-sandbox"])
        try:
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            ctx.route("**/*", only_the_gateway)
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(service["url"] + "/docs")
            ops = page.locator(".opblock")
            expect(ops.first).to_be_visible(timeout=wait)
            assert ops.count() >= 5, ops.count()  # transpile, call, call.msgpack, health, backends
            health = page.locator(".opblock-get", has_text="/v1/health")
            health.locator(".opblock-summary").click()
            health.get_by_role("button", name="Try it out").click()
            health.get_by_role("button", name="Execute").click()
            live = health.locator(".live-responses-table tr.response .response-col_status")
            expect(live.first).to_have_text("200", timeout=wait)
            expect(health.locator(".live-responses-table")).to_contain_text('"gateway"')

            page.goto(service["url"] + "/redoc")
            expect(page.locator("h1", has_text="Ivy transpile gateway")).to_be_visible(
                timeout=wait)
            expect(page.get_by_text("Transpile a function or model").first).to_be_attached()
            assert not errors, errors
        finally:
            browser.close()
    assert not outside, f"the API docs loaded from outside the gateway: {outside}"


def test_the_shipped_transpile_configuration_parses():
    from ivy_client import config

    workers = config.load_toml(ROOT / "workers.transpile.toml")
    assert {w.backend for w in workers} == {"numpy", "torch", "jax", "tensorflow"}
    assert all("--allow-code-execution" in w.args and "--auth-token-env" in w.args
               for w in workers)
    gw = config.load_gateway(ROOT / "workers.transpile.toml")
    assert (gw.host, gw.port, gw.auth_token_env) == ("127.0.0.1", 8000, "IVY_AUTH_TOKEN")
    # the default configuration starts the gateway too (one command), without code execution
    assert config.load_gateway(ROOT / "workers.toml").port == 8000
