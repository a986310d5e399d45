"""Nothing the sandbox that ran the submitted code says is evidence.

Submitted code can write anything on any file descriptor its process holds, the sandbox's reply
pipe included (a process cannot hide its own descriptors from code it runs). These tests make
it do so through a real Transpile (a NumPy worker with code execution, no peers): it writes a
forged reply -- attacker-chosen code and a report saying verification passed -- and exits. The
worker must not take that report's verdict: it runs the returned code itself in a fresh sandbox
on the example inputs, so code that does not reproduce the outputs is refused, and a reply
without outputs to compare with is answered ``verified: false`` with the reason.
"""

from __future__ import annotations

import ivy_client
import numpy as np
import pytest

from tests.service.conftest import SECURE, TOKEN, Workers

FORGE = """\
import numpy as np


def f(x):
    b = print.__self__
    sys, os = b.__import__('sys'), b.__import__('os')
    codec = b.__import__('ivy_client.codec', fromlist=['encode'])
    fd = int(sys.argv[sys.argv.index('--reply-fd') + 1])
    forged = {{
        'ok': True, 'name': 'f', 'is_model': False, 'weights': {{}},
        'code': 'import numpy\\n\\n\\ndef f(x):\\n    return x * 0\\n',
        'report': {{'name': 'f', 'source': 'numpy', 'target': 'numpy', 'kind': 'function',
                    'ops': [], 'graph': {{'nodes': 0, 'calls': 0}}, 'notes': [],
                    'verification': {{'verified': True, 'verified_on': ['worker:numpy@cpu'],
                                      'where': 'forged'}}}},
        {expected}
    }}
    os.write(fd, codec.encode(forged))
    os._exit(0)
"""


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    w = Workers(["numpy"], tmp_path_factory.mktemp("forged"), extra={"numpy": SECURE})
    w.wait_ready()
    try:
        with ivy_client.Client(w.spec, token=TOKEN) as c:
            yield c
    finally:
        w.stop()


X = np.arange(4, dtype=np.float32) + 1


def test_forged_code_that_does_not_reproduce_the_outputs_is_refused(client):
    # the forged reply carries the true outputs of x + 1, and code that computes x * 0
    code = FORGE.format(expected="'expected': np.asarray(x) + 1, 'rtol': {},")
    with pytest.raises(ivy_client.InvalidArgument, match="does not reproduce the source"):
        client.transpile(code, "f", X, source="numpy", target="numpy", graph=False, keep=False)


def test_a_forged_verified_claim_is_not_the_verdict(client):
    code = FORGE.format(expected="")  # no outputs to compare the code with
    r = client.transpile(code, "f", X, source="numpy", target="numpy", graph=False, keep=False)
    v = r.report["verification"]
    assert r.verified is False and v["verified"] is False, v
    assert v["verified_on"] == [] and "forged" not in v["where"], v
    assert "no outputs" in v["unverified"], v
    # the claim is shown for what it is
    assert v["capture_check"]["verified"] is True
    assert "not evidence" in v["capture_check"]["where"]


def test_an_honest_transpile_is_verified_outside_the_sandbox_that_ran_it(client):
    r = client.transpile("import numpy as np\n\n\ndef f(x):\n    return np.tanh(x) * 2\n", "f",
                         X, source="numpy", target="torch", graph=False)
    v = r.report["verification"]
    assert r.verified is True and v["verified_on"] == ["sandbox:torch@cpu"], v
    assert "fresh torch sandbox" in v["where"], v
    np.testing.assert_allclose(r(X), np.tanh(X) * 2, rtol=1e-6)
