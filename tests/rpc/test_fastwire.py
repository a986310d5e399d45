"""The C fast path of the codec and framing (``client/ivy_client/_fastwire.c``) against the Python
code it stands in for: the same bytes (framed requests and responses: the same message, or
with its inline arrays aligned through longer msgpack forms), the same values, and on anything
else — unsupported values, malformed or hostile messages, documents beyond a bound — "defer", so
that the Python code gives its own result or error. Generated values (hypothesis) and mutated
messages are compared both ways; a worker's tiny-call responses are compared with the Python
encoding.

``IVY_FASTWIRE=python`` (or ``codec._fast = None``) turns the C path off; with ``IVY_FULL=1`` the
security suite's codec and wire tests also run once more with it off (in a subprocess).
"""

from __future__ import annotations

import importlib.util
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import grpc
import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ivy_client import codec, wire
from ivy_client.codec import CodecError, Ref
from ivy_client.proto import SERVICE_NAME

ROOT = Path(__file__).resolve().parents[2]
FULL = bool(os.environ.get("IVY_FULL"))
FAST = codec._fast
EXAMPLES = 1500 if FULL else 120
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not FULL,
                    suppress_health_check=list(HealthCheck))

needs_c = pytest.mark.skipif(FAST is None, reason="the C fast path is not built or is switched "
                                                  "off (IVY_FASTWIRE=python)")


def test_extension_is_built_where_a_compiler_is():
    """An install with a C compiler builds the extension (setup.py); a missing one is a failed
    build, not a silent fallback (unless switched off on purpose)."""
    if os.environ.get("IVY_FASTWIRE") == "python":
        pytest.skip("switched off with IVY_FASTWIRE=python")
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here: the Python code alone is the expected install")
    assert FAST is not None, "client/ivy_client/_fastwire.c is not compiled: run scripts/install.sh"


def test_client_imports_without_the_extension_and_without_ivy():
    code = ("import sys, importlib.abc\n"
            "class Block(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'ivy_client._fastwire' or name.split('.')[0] == 'ivy':\n"
            "            raise ImportError(name)\n"
            "sys.meta_path.insert(0, Block())\n"
            "import numpy as np, ivy_client\n"
            "from ivy_client import codec, wire\n"
            "assert codec._fast is None and 'ivy' not in sys.modules\n"
            "x = np.arange(4.0).reshape(2, 2)\n"
            "r = wire.frame_call_response(codec.encode((x, [1, 'a']), buffers=[]), [])\n"
            "p, b = wire.parse_call_response(r)\n"
            "v = codec.decode(p, buffers=b)\n"
            "assert (v[0] == x).all() and v[1] == [1, 'a']\n"
            "print(r.hex())\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "client"))
    env.pop("IVY_FASTWIRE", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    x = np.arange(4.0).reshape(2, 2)
    assert out.stdout.strip() == wire.frame_call_response(
        codec.encode((x, [1, "a"]), buffers=[]), []).hex()


# -- references: the Python code alone -----------------------------------------------------------

@pytest.fixture(autouse=True)
def _restore():
    yield
    codec._fast = FAST


def py_encode(v, buffers, threshold=codec.OOB_THRESHOLD):
    codec._fast = None
    try:
        return codec.encode(v, buffers=buffers, threshold=threshold)
    finally:
        codec._fast = FAST


def py_decode(doc, **kw):
    codec._fast = None
    try:
        return codec.decode(doc, **kw)
    finally:
        codec._fast = FAST


def c_decode(doc, hook=None, max_depth=codec.MAX_DEPTH, max_items=codec.MAX_ITEMS,
             max_bytes=codec.MAX_BYTES):
    return FAST.decode(doc, hook, max_depth, max_items, max_bytes)


def same(a, b) -> bool:
    """Equal values of identical types (arrays: dtype, shape, bytes, read-only flag)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        return (a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
                and a.flags.writeable == b.flags.writeable)
    if isinstance(a, float):
        return a.hex() == b.hex() if not math.isnan(a) else math.isnan(b)
    if isinstance(a, complex):
        return same(a.real, b.real) and same(a.imag, b.imag)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


def _arrays(v):
    if isinstance(v, np.ndarray):
        yield v
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _arrays(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from _arrays(x)


def same_message(got: bytes, expected: bytes, kind: str, inline: bool = False) -> bool:
    """``got`` (the C path's framing) is ``expected`` (the Python framing), or the same message
    with its inline arrays aligned: the same fields, a document that Python decodes and encodes
    again into ``expected``'s document byte for byte (so only the longer msgpack and varint
    forms differ), and every inline array's bytes at a multiple of min(itemsize, 8) from the
    message's start, so that the C decoder views the message instead of copying them.
    ``inline``: ``expected``'s arrays are all inline (the Python encoder without buffers)."""
    if got == expected:
        return True
    if kind == "request":
        g, e = wire.parse_call_request_shm(got), wire.parse_call_request_shm(expected)
        others = (g[0], *g[2:]) == (e[0], *e[2:])
        doc, want = g[1], e[1]
        value = FAST.call_request(got, None, codec.MAX_ITEMS, codec.MAX_BYTES)
        value = None if value is None else value[1:]
    else:
        g, e = wire.parse_call_response(got), wire.parse_call_response(expected)
        others = not g[1] and not e[1]
        doc, want = g[0], e[0]
        value = FAST.response_value(got, wire.MAX_FIELDS, codec.MAX_DEPTH, codec.MAX_ITEMS,
                                    codec.MAX_BYTES)
    arrays = list(_arrays(value))
    return (others and py_encode(py_decode(doc), None if inline else []) == bytes(want)
            and value is not None
            and bool(arrays) and not any(a.flags.owndata for a in arrays))


# -- generated values ----------------------------------------------------------------------------

def make_array(name, shape, seed, layout):
    dt = codec.dtype_of(name)
    rng = np.random.default_rng(seed)
    full = (2 * shape[0], *shape[1:]) if layout == "strided" and shape else shape
    raw = rng.integers(0, 256, size=math.prod(full) * dt.itemsize, dtype=np.uint8)
    if name == "bool":
        raw %= 2
    a = raw.view(dt).reshape(full)
    if layout == "strided" and shape:
        a = a[::2]
    elif layout == "F":
        a = np.asfortranarray(a)
    elif layout == "big" and name != "bfloat16" and dt.itemsize > 1:
        a = a.astype(dt.newbyteorder(">"))
    return a


arrays = st.builds(make_array, st.sampled_from(codec.DTYPE_NAMES),
                   st.lists(st.integers(0, 5), max_size=4).map(tuple),
                   st.integers(0, 2**32 - 1), st.sampled_from(["c", "c", "strided", "F", "big"]))
int_edges = st.sampled_from([0, 1, -1, 31, -32, -33, 127, 128, 255, 256, -128, -129, 2**15,
                             -2**15 - 1, 2**16, 2**31, -2**31 - 1, 2**32, 2**63 - 1, -2**63,
                             2**63, 2**64 - 1, 2**64, -2**63 - 1])
scalars = (st.none() | st.booleans() | st.integers(-2**65, 2**65) | int_edges
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=40)
           | st.binary(max_size=300) | st.complex_numbers(allow_nan=True)
           | st.just(Ellipsis) | arrays)
# values the C path leaves to Python (it must defer, never mis-encode them)
others = (st.just(slice(1, None, 2)) | st.builds(np.float32, st.floats(width=32))
          | st.sampled_from([np.dtype("int16"), np.dtype(">f4"), codec.dtype_of("bfloat16")])
          | st.just(Ref("h-1", "float32", (2,)))
          | st.builds(bytearray, st.binary(max_size=8)) | st.just(np.int64)
          | st.builds(lambda s: type("S", (str,), {})(s), st.text(max_size=4)))
values = st.recursive(
    scalars | others,
    lambda kids: (st.lists(kids, max_size=5) | st.lists(kids, max_size=5).map(tuple)
                  | st.dictionaries(st.text(max_size=5) | st.integers(-3, 3), kids, max_size=4)),
    max_leaves=12)


def supported(v, threshold=None, depth=0) -> bool:
    """Whether the C encoder must take ``v`` (else it must defer)."""
    if depth > 32:
        return False
    c = type(v)
    if v is None or c is bool or c is float or c is str or c is bytes or c is complex \
            or v is Ellipsis:
        return True
    if c is int:
        return -2**63 <= v < 2**64
    if isinstance(v, np.dtype):
        return any(v is codec.dtype_of(n) for n in codec.DTYPE_NAMES)
    if c is np.ndarray:
        return (v.flags.c_contiguous and v.dtype.isnative and v.dtype.name in codec.DTYPE_NAMES
                and (threshold is None or v.nbytes < threshold))
    if c is list or c is tuple:
        return all(supported(x, threshold, depth + 1) for x in v)
    if c is dict:
        return all(supported(k, threshold, depth + 1) and supported(x, threshold, depth + 1)
                   for k, x in v.items())
    return False


# -- encoding ------------------------------------------------------------------------------------

@needs_c
@SETTINGS
@given(values, st.booleans(), st.sampled_from([0, 1, 33, 256, codec.OOB_THRESHOLD]))
def test_encode_is_byte_identical_or_defers(v, with_buffers, threshold):
    buffers = [] if with_buffers else None
    try:
        expected = py_encode(v, buffers, threshold)
    except CodecError:
        expected = None
    got = FAST.encode(v, threshold if with_buffers else -1)
    if got is not None:
        assert expected is not None, "the C path encoded a value Python refuses"
        assert got == expected
        assert not buffers
    assert (got is not None) == supported(v, threshold if with_buffers else None)
    # and through codec.encode itself
    b2 = [] if with_buffers else None
    if expected is not None:
        assert codec.encode(v, buffers=b2, threshold=threshold) == expected
        assert [bytes(x) for x in b2 or ()] == [bytes(x) for x in buffers or ()]


@needs_c
@SETTINGS
@given(st.lists(values, max_size=4), st.dictionaries(st.text(max_size=5), values, max_size=3),
       st.sampled_from(["add", "linalg.qr", "é" * 70, "f" * 5000, "", "\ud800"]),
       st.sampled_from([0, 33, codec.OOB_THRESHOLD]), st.sampled_from([10, 200, 2**30]))
def test_encode_request_is_the_python_framing(args, kwargs, function, threshold, max_payload):
    """What Client.call sends: the framed request Python makes (``codec.encode`` with buffers
    collected, then ``wire.frame_call_request``; or that with its arrays aligned:
    ``same_message``) — or None where Python's path must run (no arguments, a value or an
    out-of-band array only Python encodes, a document over max_payload bytes, an empty or
    unencodable function name)."""
    got = FAST.encode_request(function, tuple(args), kwargs, threshold, max_payload)
    try:
        buffers: list = []
        payload = py_encode([list(args), kwargs], buffers, threshold)
    except CodecError:
        payload = None
    if got is None:
        assert (payload is None or buffers or not (args or kwargs) or not function
                or len(payload) > max_payload or function == "\ud800"
                or not supported([list(args), kwargs], threshold))
        return
    assert payload is not None and not buffers and len(payload) <= max_payload
    assert same_message(got, wire.frame_call_request(function, payload, False, ()), "request")
    assert FAST.encode_request(function, list(args), kwargs, threshold, max_payload) == got


@needs_c
def test_encode_request_cases():
    x = np.arange(4.0).reshape(2, 2)
    for function, args, kwargs in [("add", (x, x), {}), ("sum", (x,), {"axis": 0}),
                                   ("é" * 70, (1,), {}), ("f" * 5000, (list(range(6000)),), {}),
                                   ("ones", (), {"shape": [2, 2]})]:
        payload = py_encode([list(args), kwargs], [])
        got = FAST.encode_request(function, args, kwargs, codec.OOB_THRESHOLD, 2**30)
        assert same_message(got, wire.frame_call_request(function, payload, False, ()),
                            "request"), function[:8]
    # deferred: no arguments, an out-of-band array, over the limit, not a str name
    assert FAST.encode_request("ones", (), {}, codec.OOB_THRESHOLD, 2**30) is None
    assert FAST.encode_request("add", (np.zeros(4096),), {}, codec.OOB_THRESHOLD, 2**30) is None
    assert FAST.encode_request("add", (x, x), {}, codec.OOB_THRESHOLD, 10) is None
    assert FAST.encode_request(b"add", (x,), {}, codec.OOB_THRESHOLD, 2**30) is None


@needs_c
def test_encode_response_is_the_python_framing():
    x = np.arange(6.0).reshape(2, 3)
    for result in (x, (x, x.astype(np.float16)), np.zeros((0, 4), np.int8), np.array(True),
                   np.arange(700.0), ()):
        expected = wire.frame_call_response(py_encode(result, []), [])
        assert same_message(FAST.encode_response(result, codec.OOB_THRESHOLD, 2**30), expected,
                            "response")
    # over the per-message limit or with an out-of-band array: Python's path (and its error)
    assert FAST.encode_response(x, codec.OOB_THRESHOLD, 10) is None
    assert FAST.encode_response(np.zeros(4096), codec.OOB_THRESHOLD, 2**30) is None


@needs_c
def test_large_arrays_are_framed_inline_and_viewed_where_received():
    """``codec.FAST_INLINE`` (what Client.call and the worker pass): arrays of every size go
    inline, each copied once straight from the array into the message (a hole in the C
    buffer, filled by out_bytes), and the C decoders view the received bytes (an array of at
    least half the message) instead of copying. The same message as Python's all-inline framing
    (``same_message``), through holes in aligned and unaligned tuples (uint8: nothing to align,
    so the tuple's header shrinks and moves its holes) and past the 64 holes a buffer tracks;
    over ``max_payload``: deferred (the Python framing streams it)."""
    rng = np.random.default_rng(0)
    big = rng.random(2**20 // 8)
    u8 = np.arange(5000, dtype=np.uint8)
    many = tuple(np.full(600, i, np.float64) for i in range(70))  # 4800 bytes each
    cases = [((big, big.shape), {}),
             ((u8, (np.arange(10, dtype=np.int8), u8[::-1].copy()), 3), {"k": big[:1000]}),
             ((many,), {}), ((big.astype(np.float16), u8), {"x": (u8, big[:700])})]
    for args, kwargs in cases:
        got = FAST.encode_request("reshape", args, kwargs, codec.FAST_INLINE, 2**30)
        want = wire.frame_call_request("reshape", py_encode([list(args), kwargs], None), False,
                                       ())
        assert same_message(got, want, "request", inline=True)
        assert not wire.parse_call_request(got)[3]  # no out-of-band buffers
        assert FAST.encode_request("reshape", args, kwargs, codec.FAST_INLINE,
                                   len(got) - 100) is None
    for result in (big, (u8, big, u8), many, (many, (u8,))):
        got = FAST.encode_response(result, codec.FAST_INLINE, 2**30)
        assert same_message(got, wire.frame_call_response(py_encode(result, None), []),
                            "response", inline=True)
    got = FAST.encode_response(big, codec.FAST_INLINE, 2**30)
    value = FAST.response_value(got, wire.MAX_FIELDS, codec.MAX_DEPTH, codec.MAX_ITEMS,
                                codec.MAX_BYTES)
    assert value.base is got and not value.flags.writeable and np.array_equal(value, big)
    fn, args, _ = FAST.call_request(
        FAST.encode_request("reshape", (big, big.shape), {}, codec.FAST_INLINE, 2**30), None,
        codec.MAX_ITEMS, codec.MAX_BYTES)
    assert isinstance(args[0].base, bytes) and len(args[0].base) < big.nbytes + 100
    # plain encode (no message around it) never makes holes: Python's bytes exactly
    assert FAST.encode(many, -1) == py_encode(many, None)


big_arrays = st.builds(make_array, st.sampled_from(["uint8", "int8", "float16", "int32",
                                                     "float64", "complex128", "bool"]),
                       st.sampled_from([(4095,), (4096,), (600, 9), (70, 70), (3, 1000)]),
                       st.integers(0, 2**32 - 1), st.just("c"))
big_values = st.recursive(
    scalars | big_arrays,
    lambda kids: (st.lists(kids, max_size=4) | st.lists(kids, max_size=4).map(tuple)
                  | st.dictionaries(st.text(max_size=3), kids, max_size=3)),
    max_leaves=10)


@needs_c
@SETTINGS
@given(st.lists(big_values, min_size=1, max_size=3), big_values)
def test_holes_give_the_python_framings_message(args, result):
    """Arrays of every size and itemsize around the 4 KiB hole threshold, in lists, tuples
    (whose headers shrink and move their holes when nothing in them is aligned) and dicts, in a
    request and a response framed with ``codec.FAST_INLINE``: the message of Python's all-inline
    framing (``same_message``), or a deferral only for values the C path leaves to Python."""
    got = FAST.encode_request("f", tuple(args), {}, codec.FAST_INLINE, 2**30)
    if got is None:
        assert not supported(args)
    else:
        want = wire.frame_call_request("f", py_encode([list(args), {}], None), False, ())
        assert got == want or same_message(got, want, "request", inline=True)
    got = FAST.encode_response(result, codec.FAST_INLINE, 2**30)
    if got is None:
        assert not supported(result)
    else:
        want = wire.frame_call_response(py_encode(result, None), [])
        assert got == want or (same_message(got, want, "response", inline=True)
                               if list(_arrays(result)) else False)


# -- decoding ------------------------------------------------------------------------------------

@needs_c
@SETTINGS
@given(values)
def test_decode_gives_the_same_values(v):
    try:
        doc = py_encode(v, None)
    except CodecError:
        return
    expected = py_decode(doc)
    got = c_decode(doc)
    if got is NotImplemented:
        assert not supported(v), "the C path deferred a document it supports"
        return
    assert same(got, expected)
    # a memoryview of a larger message (what wire's parsers hand over) and a bytearray (copied:
    # the arrays must not see later writes)
    framed = wire.frame_call_response(doc, [])
    result, _, _ = wire.parse_call_response_shm(framed)
    assert same(c_decode(result), expected)
    ba = bytearray(doc)
    got2 = c_decode(ba)
    ba[:] = bytes(len(ba))
    assert same(got2, expected)


@needs_c
def test_decode_array_hook_and_views():
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    doc = py_encode([[x, 2], {"k": x[0].copy()}], None)
    seen = []
    got = c_decode(doc, hook=lambda a: seen.append(a) or a * 2)
    assert [a.shape for a in seen] == [(3, 4), (4,)]
    assert (got[0][0] == 2 * x).all() and (got[1]["k"] == 2 * x[0]).all()
    plain = c_decode(doc)[0][0]
    assert not plain.flags.writeable and plain.flags.aligned
    # a hook that raises: deferred, so that the Python path raises its own error
    assert c_decode(doc, hook=lambda a: 1 / 0) is NotImplemented
    with pytest.raises(ZeroDivisionError):
        codec.decode(doc, array_hook=lambda a: 1 / 0)


@needs_c
def test_decoded_arrays_of_a_large_message_do_not_keep_it():
    """Up to 64 KiB arrays view the message; in a larger one each has its own bytes (as the
    Python decoder's do), so that one small array kept does not keep the whole message — unless
    it is at least half of it (then keeping it keeps at most as much again)."""
    def inside(a, doc):
        start = np.frombuffer(doc, np.uint8).__array_interface__["data"][0]
        return start <= a.__array_interface__["data"][0] < start + len(doc)

    smalls = [py_encode(("x" * pad, np.arange(10.0)), None) for pad in range(8)]
    assert any(inside(c_decode(d)[1], d) for d in smalls)  # where the view is aligned
    big = py_encode(tuple(np.full(2000, i, np.float64) for i in range(6)), None)
    got = c_decode(big)
    assert same(got, py_decode(big)) and not any(inside(a, big) for a in got)
    pair = (np.arange(8000.0), np.arange(7000.0))  # 53 % and 47 % of the message
    half = FAST.encode_response(pair, codec.FAST_INLINE, 2**30)  # aligned: views possible
    got = FAST.response_value(half, wire.MAX_FIELDS, codec.MAX_DEPTH, codec.MAX_ITEMS,
                              codec.MAX_BYTES)
    assert all(np.array_equal(a, b) for a, b in zip(got, pair, strict=True))
    assert [inside(a, half) for a in got] == [True, False]


@needs_c
def test_decode_every_dtype_and_shape_edge():
    for name in codec.DTYPE_NAMES:
        for shape in [(), (0,), (3, 0, 2), (1,), (2, 3), (1,) * 20]:
            a = make_array(name, shape, 7, "c")
            doc = py_encode(a, None)
            got = c_decode(doc)
            assert got is not NotImplemented, (name, shape)
            assert same(got, py_decode(doc)), (name, shape)
            assert FAST.encode(a, -1) == doc
    b = np.arange(0, 2**16, 7, dtype=np.uint16).view(ml_dtypes.bfloat16)
    assert c_decode(py_encode(b, None)).view(np.uint16).tolist() == b.view(np.uint16).tolist()


# -- malformed and hostile messages: never accepted where Python refuses --------------------------

def _mutate(data: bytes, ops) -> bytes:
    b = bytearray(data)
    for kind, pos, val in ops:
        if not b:
            break
        p = pos % len(b)
        if kind == 0:
            b[p] = val
        elif kind == 1:
            del b[p:]
        elif kind == 2:
            b.insert(p, val)
        else:
            b[p] ^= 1 << (val % 8)
    return bytes(b)


mutations = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2**16), st.integers(0, 255)),
                     min_size=1, max_size=4)
seeds = st.sampled_from([
    [[np.arange(4.0).reshape(2, 2), np.ones(3, np.int8)], {}],
    [[1, -200, 3.5, "add", None, True], {"axis": 0, "keepdims": False}],
    (np.zeros((2, 0), np.complex64), (1, (2, [3])), {1: b"xy"}),
    [[np.array(1.5, np.float16), 1 + 2j, Ellipsis], {"out": None}],
])


def _py_outcome(fn):
    try:
        return True, fn()
    except CodecError:
        return False, None


@needs_c
@SETTINGS
@given(seeds, mutations)
def test_mutated_documents(seed, ops):
    doc = _mutate(py_encode(seed, None), ops)
    ok, expected = _py_outcome(lambda: py_decode(doc))
    got = c_decode(doc)
    if not ok:
        assert got is NotImplemented, "the C path accepted a document Python refuses"
    elif got is not NotImplemented:
        assert same(got, expected)


@needs_c
@SETTINGS
@given(st.binary(max_size=64))
def test_random_bytes(doc):
    ok, expected = _py_outcome(lambda: py_decode(doc))
    got = c_decode(doc)
    assert got is NotImplemented if not ok else (got is NotImplemented or same(got, expected))


def py_call_request(buf):
    """What the worker's Python path makes of a request (None: not the C path's shape)."""
    codec._fast = None
    try:
        function, payload, keep, buffers, graph_id, shm = wire.parse_call_request_shm(buf)
        if keep or buffers or graph_id or len(shm) or not function:
            return "other"
        if not len(payload):
            return function, [], {}
        value = codec.decode(payload)
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], list)
                and isinstance(value[1], dict) and all(isinstance(k, str) for k in value[1])):
            return "other"
        return function, value[0], value[1]
    except CodecError:
        return "error"
    finally:
        codec._fast = FAST


@needs_c
@SETTINGS
@given(seeds, mutations, st.booleans())
def test_mutated_call_requests(seed, ops, mutate_frame):
    payload = py_encode(seed if isinstance(seed, list) else [list(seed), {}], None)
    framed = wire.frame_call_request("add", payload, False, [])
    if mutate_frame:
        framed = _mutate(framed, ops)
    else:
        framed = wire.frame_call_request("add", _mutate(payload, ops), False, [])
    expected = py_call_request(framed)
    got = FAST.call_request(framed, None, codec.MAX_ITEMS, codec.MAX_BYTES)
    if got is not None:
        assert isinstance(expected, tuple), f"the C path accepted a request Python gives {expected}"
        assert same(got, expected)


@needs_c
def test_call_request_shapes():
    x = np.arange(4.0)
    args = py_encode([[x, 1], {"k": 2}], None)
    f = wire.frame_call_request
    ok = FAST.call_request(f("add", args, False, []), None, codec.MAX_ITEMS, codec.MAX_BYTES)
    assert ok[0] == "add" and ok[1][0].tolist() == x.tolist() and ok[1][1:] == [1]
    assert ok[2] == {"k": 2} and not ok[1][0].flags.writeable
    assert FAST.call_request(f("ones", b"", False, []), None, 10, 10) == ("ones", [], {})
    for framed in (f("add", args, True, []), f("add", args, False, [b"ab"]),
                   f("", args, False, [], graph_id="g-1"), f("add", args, False, [], shm=b"x"),
                   f("add", py_encode([[x], {1: 2}], None), False, []),
                   f("add", py_encode([(x,), {}], None), False, []),
                   f("add", py_encode([[x], {}, 3], None), False, []),
                   b"\x0a\x02\xff\xfe" + f("", args, False, [])):  # not UTF-8
        assert FAST.call_request(framed, None, codec.MAX_ITEMS, codec.MAX_BYTES) is None
    # the args over the byte bound (the worker passes its memory cap): Python's error
    assert FAST.call_request(f("add", args, False, []), None, codec.MAX_ITEMS,
                             len(args) - 1) is None


@needs_c
@SETTINGS
@given(mutations)
def test_mutated_call_responses(ops):
    framed = _mutate(wire.frame_call_response(b"\x93\x01\x02\x03", [b"abc", b""], b"s"), ops)
    codec._fast = None
    try:
        expected = wire.parse_call_response_shm(framed)
    except CodecError:
        expected = None
    finally:
        codec._fast = FAST
    got = FAST.call_response(framed, memoryview(b""), wire.MAX_FIELDS)
    if got is not None:
        assert expected is not None, "the C path accepted a response Python refuses"
        assert [bytes(got[0]), [bytes(b) for b in got[1]], bytes(got[2])] == \
            [bytes(expected[0]), [bytes(b) for b in expected[1]], bytes(expected[2])]


def py_response_value(framed):
    """What ``Client.call``'s Python path makes of a response: ``("value", v)``; ``("other",
    None)`` with buffers or shared memory (not the C path's shape); ``("error", None)``."""
    codec._fast = None
    try:
        result, buffers, shm = wire.parse_call_response_shm(framed)
        if buffers or len(shm):
            return "other", None
        return "value", codec.decode(result) if len(result) else None
    except CodecError:
        return "error", None
    finally:
        codec._fast = FAST


def c_response_value(framed):
    return FAST.response_value(framed, wire.MAX_FIELDS, codec.MAX_DEPTH, codec.MAX_ITEMS,
                               codec.MAX_BYTES)


@needs_c
@SETTINGS
@given(values)
def test_response_value_is_call_response_then_decode(v):
    try:
        doc = py_encode(v, None)
    except CodecError:
        return
    framed = wire.frame_call_response(doc, [])
    got = c_response_value(framed)
    if got is NotImplemented:  # defers exactly where decode does
        assert c_decode(doc) is NotImplemented
        return
    kind, expected = py_response_value(framed)
    assert kind == "value" and same(got, expected)
    result, _, _ = FAST.call_response(framed, memoryview(b""), wire.MAX_FIELDS)
    assert same(got, c_decode(result))


@needs_c
@SETTINGS
@given(seeds, mutations, st.sampled_from(["plain", "buffers", "shm"]))
def test_mutated_responses_never_give_a_value_python_refuses(seed, ops, extra):
    framed = _mutate(wire.frame_call_response(
        py_encode(seed, None), [b"abc"] if extra == "buffers" else [],
        b"s" if extra == "shm" else b""), ops)
    kind, expected = py_response_value(framed)
    got = c_response_value(framed)
    if got is not NotImplemented:
        assert kind == "value", f"the C path took a response Python gives {kind}"
        assert same(got, expected)


@needs_c
def test_call_response_takes_padded_responses():
    """A response whose large buffers are aligned by padding fields is the C path's too: the
    same fields as the Python parser, the padding skipped."""
    big = [bytes([7]) * (wire.ALIGN_MIN_BYTES + k) for k in range(3)]
    for result in (b"\x93\x01\x02\x03", b"x" * 5):
        framed = wire.frame_call_response(result, big)
        assert bytes([(wire.PAD_FIELD << 3) | 2]) in framed  # padded somewhere
        got = FAST.call_response(framed, memoryview(b""), wire.MAX_FIELDS)
        assert got is not None, "the C path deferred a padded response"
        codec._fast = None
        try:
            expected = wire.parse_call_response_shm(framed)
        finally:
            codec._fast = FAST
        assert [bytes(got[0]), [bytes(b) for b in got[1]], bytes(got[2])] == \
            [bytes(expected[0]), [bytes(b) for b in expected[1]], bytes(expected[2])]
        assert [bytes(b) for b in got[1]] == big


@needs_c
def test_response_value_cases():
    x = np.arange(6.0).reshape(2, 3)
    framed = wire.frame_call_response(py_encode(x, None), [])
    got = c_response_value(framed)
    assert got.dtype == x.dtype and got.shape == x.shape and (got == x).all()
    assert not got.flags.writeable and got.flags.aligned
    view = np.ndarray(x.shape, x.dtype, framed, len(framed) - x.nbytes)
    assert (got.base is framed) == view.flags.aligned
    assert c_response_value(b"") is None  # no result field: the function returned None
    # two result fields: the last counts, as protobuf's parsers (and call_response) take it
    one = wire.frame_call_response(py_encode(1, None), [])
    assert (c_response_value(one + framed) == x).all() and c_response_value(framed + one) == 1
    for other in (wire.frame_call_response(py_encode(1, None), [b"ab"]),  # out-of-band buffers
                  wire.frame_call_response(py_encode(1, None), [], b"s"),  # shared memory
                  framed[:-1], framed + b"\x08\x01",  # truncated; an unknown field
                  memoryview(framed), bytearray(framed)):  # not bytes: call_response's way
        assert c_response_value(other) is NotImplemented


@needs_c
def test_inline_arrays_are_views_where_aligned_else_aligned_copies():
    """An inline array is what ``np.ndarray(shape, dtype, buffer, offset)`` makes over the
    received bytes (made with NumPy's C API: read-only, not owning, the same flags, the message
    as ``.base``) where that view is aligned for its dtype; where it is not, a read-only aligned
    copy (NumPy runs every operation on an unaligned array through slow buffered loops). The C
    path (decode, response_value, call_request) and the Python decoder alike."""
    def check(got, buf, offset, seen):
        ref = np.ndarray(got.shape, got.dtype, buf, offset)
        assert got.tobytes() == ref.tobytes() and not got.flags.writeable and got.flags.aligned
        if ref.flags.aligned:
            start = np.frombuffer(buf, np.uint8).__array_interface__["data"][0]
            assert got.base is buf
            assert got.__array_interface__["data"][0] == start + offset
            for flag in ("c_contiguous", "f_contiguous", "aligned", "writeable", "owndata"):
                assert getattr(got.flags, flag) == getattr(ref.flags, flag), flag
        else:
            assert got.flags.owndata and got.flags.c_contiguous
        seen.add(ref.flags.aligned)

    for name in codec.DTYPE_NAMES:
        for shape in [(), (0,), (3,), (2, 3), (1, 4, 1), (3, 0, 2)]:
            a = make_array(name, shape, 3, "c")
            seen: set = set()
            for pad in range(9):  # moves the array's bytes through every alignment
                doc = py_encode(["x" * pad, a], None)  # the array's bytes end the document
                got = c_decode(doc)[1]
                assert same(got, py_decode(doc)[1]), (name, shape, pad)
                check(got, doc, len(doc) - a.nbytes, seen)
                py = py_decode(doc)[1]
                assert py.flags.aligned and not py.flags.writeable
                framed = wire.frame_call_response(doc, [])
                check(c_response_value(framed)[1], framed, len(framed) - a.nbytes, seen)
                request = wire.frame_call_request("f", py_encode([["x" * pad, a], {}], None),
                                                  False, [])  # the array, then {} (one byte)
                check(FAST.call_request(request, None, codec.MAX_ITEMS,
                                        codec.MAX_BYTES)[1][1], request,
                      len(request) - 1 - a.nbytes, seen)
            if a.dtype.alignment > 1 and a.size:
                assert seen == {True, False}, (name, shape)  # both cases were checked


# -- bounds: deferred, so Python refuses with its message ----------------------------------------

def nested_lists(depth: int) -> bytes:
    return b"\x91" * (depth - 1) + b"\x90"


def nested_tuples(depth: int) -> bytes:
    doc = b"\x90"
    for _ in range(depth - 1):
        doc = _tuple_of(doc)
    return doc


def _tuple_of(inner: bytes) -> bytes:
    payload = b"\x91" + inner
    return (bytes([0xC7, len(payload), 7]) if len(payload) < 256
            else b"\xc8" + len(payload).to_bytes(2, "big") + b"\x07") + payload


@needs_c
@pytest.mark.parametrize("make", [nested_lists, nested_tuples])
def test_depth(make):
    assert c_decode(make(32)) is not NotImplemented  # within the C path's own cap
    for depth in (33, 64):  # Python's to decode
        assert c_decode(make(depth)) is NotImplemented
        assert py_decode(make(depth)) is not None
    assert c_decode(make(65)) is NotImplemented
    with pytest.raises(CodecError, match="nesting depth 65 exceeds the limit of 64"):
        codec.decode(make(65))
    assert c_decode(make(5), max_depth=4) is NotImplemented
    with pytest.raises(CodecError, match="nesting depth 5 exceeds the limit of 4"):
        codec.decode(make(5), max_depth=4)


@needs_c
def test_items_bytes_and_header_bounds():
    doc = b"\x9a" + b"\xc0" * 10
    assert c_decode(doc, max_items=11) == [None] * 10
    assert c_decode(doc, max_items=10) is NotImplemented
    with pytest.raises(CodecError, match="element count 11 exceeds the limit of 10"):
        codec.decode(doc, max_items=10)
    assert c_decode(doc, max_bytes=10) is NotImplemented
    with pytest.raises(CodecError, match="exceeds the limit of 10 bytes"):
        codec.decode(doc, max_bytes=10)

    def array_ext(header: bytes, data: bytes = b"") -> bytes:
        payload = len(header).to_bytes(4, "little") + header + data
        return b"\xc9" + len(payload).to_bytes(4, "big") + b"\x01" + payload

    cases = {
        "header over 4096 bytes": array_ext(b"\x92\xa5int64\xdc" + (1000).to_bytes(2, "big")
                                            + b"\x00" * 1000 + b"\xc0" * 3100),
        "65 dims": array_ext(b"\x92\xa4int8\xdc\x00\x41" + b"\x01" * 65, b"\x00"),
        "size overflow": array_ext(b"\x92\xa5int64\x92\xcf" + b"\xff" * 8 + b"\x02"),
        "zero size, huge product": array_ext(b"\x92\xa5int64\x93\x00\xcf" + b"\x7f" + b"\xff" * 7
                                             + b"\x7f"),
        "negative size": array_ext(b"\x92\xa4int8\x91\xff"),
        "bool size": array_ext(b"\x92\xa4int8\x91\xc3", b"\x00"),
        "unknown dtype": array_ext(b"\x92\xa6object\x91\x01", b"\x00" * 8),
        "size mismatch": array_ext(b"\x92\xa5int16\x91\x02", b"\x00" * 3),
        "trailing header bytes": array_ext(b"\x92\xa4int8\x91\x01\xc0", b"\x00"),
        "handle": py_encode(Ref("h-1", "float32", (2,)), None),
        "out-of-band array": py_encode(np.zeros(4), [], threshold=0),
        "reserved byte": b"\xc1",
        "extra bytes": b"\x01\x02",
        "timestamp extension": b"\xd6\xff\x00\x00\x00\x00",
    }
    for what, doc in cases.items():
        assert c_decode(doc) is NotImplemented, what
    # the same value with a non-canonical (but valid) header is decoded alike
    doc = array_ext(b"\xdc\x00\x02\xd9\x04int8\x91\xd0\x02", b"\x05\x06")
    assert same(c_decode(doc), py_decode(doc))


@needs_c
def test_framing_varint_over_64_bits_defers():
    framed = b"\x0a" + b"\xff" * 9 + b"\x02" + b"ab"
    with pytest.raises(CodecError):
        wire.parse_call_response_shm(framed)
    assert FAST.call_response(framed, memoryview(b""), wire.MAX_FIELDS) is None
    assert FAST.call_request(framed, None, codec.MAX_ITEMS, codec.MAX_BYTES) is None


# -- a worker's tiny calls -----------------------------------------------------------------------

def test_worker_tiny_calls_match_the_python_encoding(numpy_worker):
    """The worker (C path on unless IVY_FASTWIRE=python) answers tiny calls with exactly the
    bytes the Python encoder frames; and its results are NumPy's."""
    import ivy_client

    rng = np.random.default_rng(0)
    cases = [("add", [np.arange(4.0).reshape(2, 2)] * 2, {}),
             ("multiply", [rng.random((3, 1), np.float32), rng.random(4).astype(np.float32)], {}),
             ("add", [np.array(3, np.int64), 2], {}),
             ("logical_and", [np.array([True, False]), np.array([True, True])], {}),
             ("add", [np.ones((0, 3), np.float16), np.ones(3, np.float16)], {}),
             ("multiply", [np.array([1 + 2j, 3j], np.complex128), 2.0], {}),
             ("sum", [np.arange(6, dtype=np.int32).reshape(2, 3)], {"axis": 1}),
             ("linalg.qr", [np.eye(3) + 1.0], {})]
    md = (("authorization", "Bearer test-token-1f3c9a"),)
    with grpc.insecure_channel(numpy_worker.address) as ch, \
            ivy_client.Client(f"numpy={numpy_worker.address}") as c:
        call = ch.unary_unary(f"/{SERVICE_NAME}/Call")
        for fn, args, kwargs in cases:
            request = wire.frame_call_request(fn, py_encode([args, kwargs], []), False, [])
            response = call(request, metadata=md, timeout=30)
            result = c.call(fn, *args, **kwargs)
            expected = wire.frame_call_response(py_encode(result, []), [])
            assert same_message(response, expected, "response"), fn
            ref = getattr(np, fn) if "." not in fn else np.linalg.qr
            want = ref(*args, **kwargs)
            want = tuple(want) if isinstance(result, tuple) else want
            for r, w in zip(result if isinstance(result, tuple) else [result],
                            want if isinstance(want, tuple) else [want], strict=True):
                assert r.dtype == w.dtype and r.shape == w.shape
                np.testing.assert_allclose(r, w, rtol=1e-6)
        # a malformed request still answers INVALID_ARGUMENT, and the worker keeps serving
        bad = wire.frame_call_request("add", b"\x92\x91\xc7\x05\x01\x01\x00\x00\x00\x92", False,
                                      [])
        with pytest.raises(grpc.RpcError) as e:
            call(bad, metadata=md, timeout=30)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert (c.call("add", np.ones(2), 1.0) == 2.0).all()


WORKER_SCRIPT = r"""
import sys
import numpy as np
from ivy_client import codec, wire
from ivy_server import errors
from ivy_server.worker import Worker

class Counting:  # the C module, counting the responses it framed
    def __init__(self, f):
        self.f, self.framed = f, 0

    def __getattr__(self, name):
        return getattr(self.f, name)

    def encode_response(self, *a):
        r = self.f.encode_response(*a)
        self.framed += r is not None
        return r


fast = Counting(codec._fast)
x = np.arange(6.0).reshape(2, 3)
calls = [("add", [x, x], {}), ("add", [x.astype(np.float32), 1.5], {}),
         ("multiply", [np.array(2, np.int16), np.arange(3, dtype=np.int16)], {}),
         ("sum", [x], {"axis": 0, "keepdims": True}), ("linalg.qr", [np.eye(3) + np.arange(3.0)], {}),
         ("logical_not", [np.array([True, False])], {}), ("abs", [np.array(-1 + 2j)], {}),
         ("ones", [[2, 2]], {}), ("astype", [x, np.dtype("int8")], {}),
         ("add", [x, "a"], {}), ("no_such_function", [x], {}), ("add", [np.ones(3), np.ones(4)], {}),
         ("reshape", [x, (3, 2)], {}), ("add", [x], {1: 2}), ("sum", [x], {"axis": 7})]
for backend in sys.argv[1:]:
    w = Worker(backend, "cpu", max_message_bytes=64 << 20, memory_cap_bytes=1 << 30,
               allow_code_execution=False, sandbox_limits={}, sandbox_warm=0)
    used = 0
    for fn, args, kwargs in calls:
        request = wire.frame_call_request(fn, codec.encode([args, kwargs], buffers=[]), False, [])
        out = {}
        for on in (True, False):
            codec._fast = fast if on else None
            if on:
                used += fast.call_request(request, None, codec.MAX_ITEMS, codec.MAX_BYTES) is not None
            try:
                out[on] = w.call(request, None, [""])
            except Exception as e:  # the same status and message on both paths
                out[on] = errors.status_of(e)
            finally:
                codec._fast = fast
        if isinstance(out[True], bytes):  # the C path's arrays aligned: the same value
            p, b = wire.parse_call_response(out[True])
            codec._fast = None
            try:
                out[True] = wire.frame_call_response(
                    codec.encode(codec.decode(p, buffers=b), buffers=[]), [])
            finally:
                codec._fast = fast
        assert out[True] == out[False], (backend, fn, out)
    assert used >= 12 and fast.framed >= 9, (used, fast.framed)
    print(backend, "ok", used, fast.framed)
    fast.framed = 0
"""


@pytest.mark.skipif(FAST is None, reason="the C fast path is not built or is switched off")
def test_worker_call_same_bytes_and_errors_on_both_paths():
    """A worker's Call with the C path and without it: the same response bytes, or the same
    status and message (numpy, and torch: native tensors converted as the encoder does)."""
    backends = ["numpy", *[b for b in ("torch",) if importlib.util.find_spec(b)]]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), str(ROOT / "client"), str(ROOT / "server")]))
    out = subprocess.run([sys.executable, "-c", WORKER_SCRIPT, *backends], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-4000:]
    assert out.stdout.count(" ok ") == len(backends)


@pytest.mark.skipif(not FULL, reason="IVY_FULL=1: the security codec/wire suites with the C path "
                                     "off (~40 s)")
def test_security_suites_with_the_c_path_off():
    env = dict(os.environ, IVY_FASTWIRE="python")
    env.pop("IVY_FULL", None)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                        "tests/security/test_codec_bounds.py", "tests/security/test_worker_wire.py",
                        "tests/rpc/test_codec.py", "tests/rpc/test_fastwire.py"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
