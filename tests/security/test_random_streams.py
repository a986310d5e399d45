"""Issue 33, finding 5a: ``seed`` was process-global on a worker, so tenant A's ``seed(1234)``
made tenant B's ``random_normal`` draws those of a fresh ``seed(1234)``. Each client now has its
own random stream on the worker (per token and ``x-ivy-client-id``): real numpy and torch workers
on 127.0.0.1, two clients sharing one token (the README's setup) and two tenants."""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.rpc.conftest import TOKEN, WorkerProc, installed

OTHER = "test-token-other-7d2e"
BACKENDS = [b for b in ("numpy", "torch") if installed(b)]


@pytest.fixture(scope="module")
def workers():
    os.environ["IVY_TEST_STREAM_TOKENS"] = f"{TOKEN},{OTHER}"  # two tenants (env() copies it)
    procs = {b: WorkerProc(b, "--auth-token-env", "IVY_TEST_STREAM_TOKENS") for b in BACKENDS}
    try:
        for p in procs.values():
            p.wait_ready()
        yield procs
    finally:
        for p in procs.values():
            p.stop()


def client(w, token=TOKEN, **kw):
    import ivy_client

    return ivy_client.Client(f"{w.backend}={w.address}", token=token, **kw)


def draw(c, n=1):
    return [np.asarray(c.call("random_normal", shape=(4,))) for _ in range(n)]


def reference(w, n=3):
    """What a fresh seed(1234) stream draws."""
    with client(w) as r:
        r.call("seed", 1234)
        return draw(r, n)


@pytest.mark.parametrize("backend", BACKENDS)
def test_one_clients_seed_does_not_make_anothers_draws(workers, backend):
    w = workers[backend]
    ref = reference(w)
    with client(w) as a, client(w) as b:  # one token, two clients (the README's setup)
        assert a.client_id != b.client_id
        a.call("seed", 1234)
        got = draw(b, 3)
    for x, y in zip(got, ref, strict=True):
        assert not np.array_equal(x, y), "B drew A's seeded sequence"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_seeded_stream_is_reproducible_while_another_client_draws(workers, backend):
    w = workers[backend]
    ref = reference(w)
    with client(w) as a, client(w) as b:
        a.call("seed", 1234)
        first = draw(a)[0]
        draw(b, 5)
        b.call("random_uniform", shape=(7,))
        b.call("randint", 0, 10, shape=(3,))
        second, third = draw(a, 2)
    np.testing.assert_array_equal(first, ref[0])
    np.testing.assert_array_equal(second, ref[1])
    np.testing.assert_array_equal(third, ref[2])


@pytest.mark.parametrize("backend", BACKENDS)
def test_another_clients_seed_does_not_reset_mine(workers, backend):
    w = workers[backend]
    ref = reference(w)
    with client(w) as a, client(w) as b:
        a.call("seed", 1234)
        first, second = draw(a, 2)
        b.call("seed", 1234)  # B resets its own stream only ...
        b_first = draw(b)[0]
        third = draw(a)[0]  # ... A goes on with its third draw
    np.testing.assert_array_equal(first, ref[0])
    np.testing.assert_array_equal(second, ref[1])
    np.testing.assert_array_equal(b_first, ref[0])
    np.testing.assert_array_equal(third, ref[2])


@pytest.mark.parametrize("backend", BACKENDS)
def test_another_tenant_cannot_reach_a_stream_with_the_same_client_id(workers, backend):
    w = workers[backend]
    ref = reference(w)
    with client(w) as a:
        with client(w, token=OTHER, client_id=a.client_id) as b:  # B copies A's client id
            a.call("seed", 1234)
            first = draw(a)[0]
            b.call("seed", 99)
            draw(b, 2)
            second = draw(a)[0]
    np.testing.assert_array_equal(first, ref[0])
    np.testing.assert_array_equal(second, ref[1])


def test_a_client_keeps_its_stream_across_calls_and_kept_results(workers):
    w = workers[BACKENDS[0]]
    ref = reference(w)
    with client(w) as a:
        a.call("seed", 1234)
        h = a.call("random_normal", shape=(4,), keep=True)
        np.testing.assert_array_equal(h.fetch(), ref[0])
        np.testing.assert_array_equal(draw(a)[0], ref[1])


def test_streams_in_process_are_per_context():
    """The mechanism under the worker: ``Streams.using`` per thread, ``seed`` resets only the
    current stream, the process default is untouched."""
    import threading

    import ivy
    from ivy.functional.backends._shared.rng import streams_of

    B = ivy.set_backend("numpy")
    try:
        streams = streams_of(B)
        default_before = streams.default[0]
        a, b = streams.new(), streams.new()
        out = {}

        def run(name, s, seed_first):
            with streams.using(s):
                if seed_first:
                    ivy.seed(1234)
                out[name] = np.asarray(ivy.random_normal(shape=(3,))._data)

        ts = [threading.Thread(target=run, args=("a", a, True)),
              threading.Thread(target=run, args=("b", b, False))]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        with streams.using(streams.new()):
            ivy.seed(1234)
            ref = np.asarray(ivy.random_normal(shape=(3,))._data)
        np.testing.assert_array_equal(out["a"], ref)
        assert not np.array_equal(out["b"], ref)
        assert streams.default[0] is default_before  # nobody seeded the process default
    finally:
        ivy.unset_backend() if hasattr(ivy, "unset_backend") else None


def test_http_callers_sharing_a_token_have_their_own_streams(workers):
    """Over the gateway, one token: each caller (X-Client-Id, else address) has its own stream
    on the worker (the gateway calls for it with a keyed client id)."""
    import httpx
    from ivy_client import codec

    from tests.security.test_fairness import Gateway

    w = workers[BACKENDS[0]]
    g = Gateway(f"{w.backend}={w.address}", "--auth-token-env", "IVY_TEST_STREAM_TOKENS")
    try:
        def call(who, function, *args, **kwargs):
            r = httpx.post(g.url + "/v1/call.msgpack", timeout=60, content=codec.encode(
                {"function": function, "backend": w.backend, "args": list(args),
                 "kwargs": kwargs}), headers={"Authorization": f"Bearer {TOKEN}",
                                               "X-Client-Id": who,
                                               "Content-Type": "application/msgpack"})
            assert r.status_code == 200, r.text
            return codec.decode(r.content)["outputs"]

        call("ref", "seed", 1234)
        ref = [np.asarray(call("ref", "random_normal", shape=[4])) for _ in range(2)]
        call("a", "seed", 1234)
        b = np.asarray(call("b", "random_normal", shape=[4]))
        a1 = np.asarray(call("a", "random_normal", shape=[4]))
        call("b", "seed", 1234)  # B resets its own stream only
        a2 = np.asarray(call("a", "random_normal", shape=[4]))
    finally:
        g.stop()
    assert not np.array_equal(b, ref[0])
    np.testing.assert_array_equal(a1, ref[0])
    np.testing.assert_array_equal(a2, ref[1])
