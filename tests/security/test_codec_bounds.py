"""The decoders cannot be crashed: bounded nesting, element count and size (issue 10, item 2).

The attack: one ~1.2 KB Call message of 250 nested tuple extensions (``ExtType(7, ...)``) made
msgpack's C unpacker recurse through the tuple hook until the C stack overflowed (SIGSEGV) and
killed the worker. Inputs that could crash the process are decoded in a subprocess, so a crash
fails a test instead of ending the pytest run.
"""

from __future__ import annotations

import math
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import grpc
import msgpack
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ivy_client import codec, wire
from ivy_client.codec import MAX_DEPTH, MAX_ITEMS, CodecError
from ivy_client.proto import worker_pb2

from tests.rpc.conftest import WorkerProc, env, health
from tests.rpc.test_codec import same, values

ROOT = Path(__file__).resolve().parents[2]
DEPTH_ERROR = rf"nesting depth {MAX_DEPTH + 1} exceeds the limit of {MAX_DEPTH}"


# -- hostile documents, built byte by byte (no recursion, so 100,000 levels cost nothing) -------

def _ext_header(size: int, code: int = codec.EXT_TUPLE) -> bytes:
    if size < 2**8:
        return b"\xc7" + struct.pack(">BB", size, code)
    if size < 2**16:
        return b"\xc8" + struct.pack(">HB", size, code)
    return b"\xc9" + struct.pack(">IB", size, code)


def nested_tuples(depth: int) -> bytes:
    """``((...((),)...),)``: ``depth`` tuples, each the single item of the next."""
    sizes = [1]  # payload of the innermost tuple: an empty list
    for _ in range(depth - 1):
        inner = sizes[-1]
        sizes.append(1 + len(_ext_header(inner)) + inner)  # fixarray(1) + the inner tuple
    parts = []
    for k in range(depth - 1, -1, -1):
        parts.append(_ext_header(sizes[k]) + (b"\x91" if k else b"\x90"))
    return b"".join(parts)


def attack_bytes(depth: int = 250) -> bytes:
    """The issue's message as msgpack builds it: ExtType(7, ...) nested ``depth`` deep."""
    payload = msgpack.packb([])
    for _ in range(depth - 1):
        payload = msgpack.packb([msgpack.ExtType(codec.EXT_TUPLE, payload)])
    return msgpack.packb([[msgpack.ExtType(codec.EXT_TUPLE, payload)], {}])


def nested_lists(depth: int) -> bytes:
    return b"\x91" * (depth - 1) + b"\x90"


def nested_dicts(depth: int) -> bytes:
    return b"\x81\xa1k" * (depth - 1) + b"\x80"


def nested_mixed(depth: int) -> bytes:
    """list, dict, tuple, list, dict, tuple, ... ``depth`` containers in all."""
    kinds = [k % 3 for k in range(depth)]  # 0 list, 1 dict, 2 tuple
    sizes = [0] * (depth + 1)  # sizes[k]: bytes of the container at level k, all it holds included
    for k in range(depth - 1, -1, -1):
        inner = sizes[k + 1]
        if kinds[k] == 0:
            sizes[k] = 1 + inner  # fixarray
        elif kinds[k] == 1:
            sizes[k] = 3 + inner if k < depth - 1 else 1  # fixmap, the key "k", the value
        else:
            sizes[k] = len(_ext_header(1 + inner)) + 1 + inner  # ext header, fixarray, item
    parts = []
    for k in range(depth):
        last = k == depth - 1
        if kinds[k] == 0:
            parts.append(b"\x90" if last else b"\x91")
        elif kinds[k] == 1:
            parts.append(b"\x80" if last else b"\x81\xa1k")
        else:
            parts.append(_ext_header(1 + sizes[k + 1]) + (b"\x90" if last else b"\x91"))
    return b"".join(parts)


def _value(kind: str, depth: int):
    """The Python value of depth ``depth`` (for the round trips at the limit)."""
    v: object = [] if kind == "list" else {} if kind == "dict" else ()
    for _ in range(depth - 1):
        if kind == "list":
            v = [v]
        elif kind == "dict":
            v = {"k": v}
        else:
            v = (v,)
    return v


def depth_of(v) -> int:
    """Containers nested in ``v`` (iterative)."""
    best, todo = 0, [(v, 1)]
    while todo:
        x, d = todo.pop()
        if isinstance(x, (list, tuple, dict)):
            best = max(best, d)
            todo.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
            if isinstance(x, dict):
                todo.extend((y, d + 1) for y in x)
    return best


BUILDERS = {"tuple": nested_tuples, "list": nested_lists, "dict": nested_dicts,
            "mixed": nested_mixed}


def test_builders_make_what_they_say():
    for kind in ("list", "dict", "tuple"):
        assert codec.decode(BUILDERS[kind](5)) == _value(kind, 5)
    assert codec.decode(nested_tuples(3)) == (((),),)
    assert codec.decode(nested_mixed(4)) == [{"k": ([],)}]
    assert codec.decode(nested_mixed(5)) == [{"k": ([{}],)}]
    assert codec.decode(nested_mixed(6)) == [{"k": ([{"k": ()}],)}]
    assert len(attack_bytes(250)) < 1300  # the size the issue reports (~1.2 KB)


# -- the bombs: in a subprocess first, where a crash is a failed test --------------------------

_BOMB_SCRIPT = textwrap.dedent("""
    import sys, threading
    from tests.security.test_codec_bounds import BUILDERS, attack_bytes
    from ivy_client import codec

    def run(name, data, out):
        try:
            codec.decode(data)
            out.append(f"{name}: decoded")
        except codec.CodecError as e:
            out.append(f"{name}: CodecError: {e}")
        except BaseException as e:
            out.append(f"{name}: {type(e).__name__}: {e}")

    cases = [("attack-250", attack_bytes(250)), ("attack-1000", attack_bytes(1000))]
    for kind, build in BUILDERS.items():
        for depth in (65, 250, 100_000):
            cases.append((f"{kind}-{depth}", build(depth)))
    for name, data in cases:
        out = []
        run(name, data, out)  # the main thread (8 MiB stack)
        # and a worker-like thread with a small stack (the crash needed only 32 tuple levels
        # in a 1 MiB thread)
        threading.stack_size(256 * 1024)
        t = threading.Thread(target=run, args=(name + " (thread)", data, out))
        t.start()
        t.join()
        print("\\n".join(out), flush=True)
""")


def test_nesting_bombs_refused_without_crashing():
    r = subprocess.run([sys.executable, "-c", _BOMB_SCRIPT], capture_output=True, text=True,
                       cwd=ROOT, env=env(), timeout=300)
    assert r.returncode == 0, (f"decoding the bombs ended the process with {r.returncode} "
                               f"(a negative code is a signal: -11 is SIGSEGV)\n{r.stdout}"
                               f"{r.stderr[-3000:]}")
    lines = r.stdout.splitlines()
    assert len(lines) == 2 * (2 + 3 * len(BUILDERS)), r.stdout
    for line in lines:
        assert "CodecError: nesting depth" in line and "exceeds the limit of 64" in line, line


@pytest.mark.parametrize("kind", list(BUILDERS))
def test_depth_64_decodes_65_does_not(kind):
    ok = codec.decode(BUILDERS[kind](MAX_DEPTH))
    assert depth_of(ok) == MAX_DEPTH
    with pytest.raises(CodecError, match=DEPTH_ERROR):
        codec.decode(BUILDERS[kind](MAX_DEPTH + 1))


@pytest.mark.parametrize("kind", ["list", "dict", "tuple"])
def test_encoded_values_at_the_limit_round_trip(kind):
    v = _value(kind, MAX_DEPTH)
    assert codec.decode(codec.encode(v)) == v
    with pytest.raises(CodecError, match=DEPTH_ERROR):
        codec.decode(codec.encode(_value(kind, MAX_DEPTH + 1)))


@pytest.mark.parametrize("kind", ["list", "dict"])
def test_deep_plain_nesting_refused_in_process(kind):
    # plain containers never recursed in C (msgpack's parse stack is a loop): safe in-process
    with pytest.raises(CodecError, match=DEPTH_ERROR):
        codec.decode(BUILDERS[kind](100_000))


def test_depth_limit_is_a_parameter():
    data = nested_lists(10)
    with pytest.raises(CodecError, match="nesting depth 10 exceeds the limit of 9"):
        codec.decode(data, max_depth=9)
    assert depth_of(codec.decode(data, max_depth=10)) == 10
    deep = nested_tuples(200)  # decoded without unpackb recursion beyond two levels
    assert depth_of(codec.decode(deep, max_depth=200)) == 200


def test_tuple_payload_must_be_one_list():
    one = msgpack.packb(msgpack.ExtType(codec.EXT_TUPLE, msgpack.packb([1]) + b"\x01"))
    with pytest.raises(CodecError, match="extra data"):  # small: left to msgpack
        codec.decode(one)
    long = msgpack.packb(["x" * 3000, msgpack.ExtType(codec.EXT_TUPLE, msgpack.packb([1]) + b"\x01")])
    with pytest.raises(CodecError, match=r"tuple extension \(payload is not one list\)"):
        codec.decode(long)
    not_list = msgpack.packb(msgpack.ExtType(codec.EXT_TUPLE, msgpack.packb({"a": 1})))
    with pytest.raises(CodecError, match="expected a list"):
        codec.decode(not_list)


# -- element count and size ---------------------------------------------------------------------

def test_element_count_bomb():
    many = msgpack.packb([None] * MAX_ITEMS)  # the list and its items: one over
    with pytest.raises(CodecError, match=rf"element count {MAX_ITEMS + 1} exceeds the limit of "
                                         rf"{MAX_ITEMS}"):
        codec.decode(many)
    assert len(codec.decode(msgpack.packb([None] * (MAX_ITEMS - 1)))) == MAX_ITEMS - 1
    # small containers add up: 400,000 lists of two items
    with pytest.raises(CodecError, match="element count .* exceeds the limit"):
        codec.decode(msgpack.packb([[1, 2]] * 400_000))
    # a declared count is checked before its items are read
    with pytest.raises(CodecError, match=r"element count 8589934593 exceeds"):
        codec.decode(b"\x92" + msgpack.packb("x" * 3000) + b"\xdf\xff\xff\xff\xff")
    with pytest.raises(CodecError, match=r"element count 11 exceeds the limit of 10"):
        codec.decode(msgpack.packb(list(range(10))), max_items=10)


def test_size_limit():
    data = msgpack.packb(list(range(100)))
    with pytest.raises(CodecError, match=rf"message of {len(data)} bytes exceeds the limit of "
                                         r"50 bytes"):
        codec.decode(data, max_bytes=50)
    assert codec.MAX_BYTES == 2047 * 2**20  # gRPC's ceiling (--max-message-mb is at most 2047)


def test_truncated_and_lying_lengths():
    for bad in (b"\x92\x01", b"\xdc\x00\x05\x01", b"\xc7\x10\x07\x91", b"\xd9\x20abc",
                b"\x91" * 70, b"\xc1", b"\x90\x90" + b"\x91" * 70):
        with pytest.raises(CodecError):
            codec.decode(bad)


# -- out-of-band buffers and array headers -------------------------------------------------------

def _oob(dtype, shape, idx) -> bytes:
    return msgpack.packb(msgpack.ExtType(codec.EXT_ARRAY_OOB, msgpack.packb([dtype, shape, idx])))


def _inline(dtype, shape, data: bytes) -> bytes:
    hdr = msgpack.packb([dtype, shape])
    return msgpack.packb(msgpack.ExtType(codec.EXT_ARRAY, struct.pack("<I", len(hdr)) + hdr + data))


OOB_CASES = {
    "index past the end": (_oob("float32", [2], 1), [b"\0" * 8], r"refers to buffer 1, the "
                                                                 r"message has 1"),
    "negative index": (_oob("float32", [2], -1), [b"\0" * 8], r"refers to buffer -1"),
    "no buffers": (_oob("float32", [2], 0), None, r"refers to buffer 0, the message has 0"),
    "index not an int": (_oob("float32", [2], "0"), [b"\0" * 8], "malformed out-of-band"),
    "shape larger than buffer": (_oob("float32", [3], 0), [b"\0" * 8],
                                 r"needs 12 bytes, the message holds 8"),
    "dtype larger than buffer": (_oob("float64", [2], 0), [b"\0" * 8],
                                 r"needs 16 bytes, the message holds 8"),
    "negative dim": (_oob("int8", [-1, 2], 0), [b""], "non-negative integers"),
    "huge shape tiny buffer": (_oob("int8", [2**40, 2**40], 0), [b"\0"], r"needs 1208925819"),
    "shape product beyond NumPy": (_oob("float64", [0, 2**62, 2**62], 0), [b""], "too large"),
    "dim beyond int64": (_oob("int8", [0, 2**64 - 1], 0), [b""], "too large"),
    "unknown dtype": (_oob("object", [1], 0), [b"\0" * 8], r"unsupported dtype 'object'"),
    "dtype not a name": (_oob(7, [1], 0), [b"\0" * 8], "dtype must be a name"),
    "65 dims": (_oob("int8", [1] * 65, 0), [b"\0"], "at most 64 sizes"),
    "header too long": (msgpack.packb(msgpack.ExtType(codec.EXT_ARRAY_OOB, msgpack.packb(
        ["int8", [1], 0, "x" * 5000]))), [b"\0"], r"extension header of 50\d\d bytes exceeds "
                                                  r"the limit of 4096 bytes"),
    "inline shape mismatch": (_inline("int16", [3], b"\0" * 4), None,
                              r"needs 6 bytes, the message holds 4"),
    "inline huge shape": (_inline("float64", [2**62, 2**62], b"\0" * 8), None, "needs"),
    "inline empty but huge": (_inline("float64", [0, 2**63 - 1], b""), None, "too large"),
    "long dtype name": (msgpack.packb(msgpack.ExtType(codec.EXT_DTYPE, b"x" * 10_000)), None,
                        r"malformed dtype extension \(10000 bytes\)"),
    "handle dtype not a name": (msgpack.packb(msgpack.ExtType(codec.EXT_HANDLE, msgpack.packb(
        ["h-1", 5, [1]]))), None, "malformed handle"),
}


@pytest.mark.parametrize("name", list(OOB_CASES))
def test_array_headers_refused(name):
    data, buffers, message = OOB_CASES[name]
    with pytest.raises(CodecError, match=message):
        codec.decode(data, buffers=buffers)


def test_valid_edge_arrays_still_decode():
    assert codec.decode(_oob("int8", [0, 2**40], 0), buffers=[b""]).shape == (0, 2**40)
    a = codec.decode(_oob("uint16", [2, 2], 0), buffers=[bytes(range(8))])
    assert a.tolist() == [[256, 770], [1284, 1798]] and not a.flags.writeable
    assert codec.decode(_inline("int8", [], b"\x05")).tolist() == 5


# -- the wire path ---------------------------------------------------------------------------------

def test_wire_bounds():
    many = b"\x22\x00" * 20  # 20 empty buffers fields
    with pytest.raises(CodecError, match=r"field count 11 exceeds the limit of 10"):
        wire.parse(many, max_fields=10)
    assert len(wire.parse_call_request(many)[3]) == 20
    with pytest.raises(CodecError, match="field number"):
        wire.parse(b"\xf8\xff\xff\xff\x7f\x00")  # field 2**32 - 1
    with pytest.raises(CodecError, match="not UTF-8"):
        wire.parse_call_request(b"\x0a\x02\xff\xfe")
    assert issubclass(CodecError, ValueError)  # the worker maps ValueError from parsing too


# -- properties ------------------------------------------------------------------------------------

@settings(max_examples=150)
@given(values, st.booleans())
def test_values_within_bounds_round_trip(value, oob):
    buffers = [] if oob else None
    data = codec.encode([[value], {"v": value}], buffers=buffers, threshold=8)
    out = codec.decode(data, buffers=[bytes(b) for b in buffers] if oob else None)
    assert same([[value], {"v": value}], out)


wrappers = st.lists(st.sampled_from(["list", "tuple", "dict"]), min_size=0, max_size=80)


@settings(max_examples=150)
@given(wrappers, values)
def test_depth_bound_is_exact(chain, leaf):
    v = leaf
    for kind in chain:
        v = [v] if kind == "list" else (v,) if kind == "tuple" else {"k": v}
    data = codec.encode(v)
    if depth_of(v) <= MAX_DEPTH:
        assert same(codec.decode(data), v)
    else:
        with pytest.raises(CodecError, match=rf"nesting depth {MAX_DEPTH + 1} exceeds"):
            codec.decode(data)


def _decode_or_refuse(data: bytes, buffers=None) -> None:
    try:
        codec.decode(data, buffers=buffers)
    except CodecError as e:
        assert str(e)  # every refusal says why


@settings(max_examples=300)
@given(st.binary(max_size=512))
def test_random_bytes_decode_or_raise_codec_error(data):
    _decode_or_refuse(data, buffers=[b"\0" * 8, b""])


@st.composite
def mutated(draw):
    value = draw(values)
    buffers: list = []
    data = bytearray(codec.encode([[value], {}], buffers=buffers, threshold=8))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "repeat"]))
        i = draw(st.integers(0, len(data)))
        if op == "flip" and data:
            data[i % len(data)] = draw(st.integers(0, 255))
        elif op == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del data[i:i + draw(st.integers(1, 8))]
        elif op == "truncate":
            del data[i:]
        else:
            data[i:i] = bytes(data[i:i + 3]) * draw(st.integers(2, 100))
    return bytes(data), [bytes(b) for b in buffers]


@settings(max_examples=300)
@given(mutated())
def test_mutated_messages_decode_or_raise_codec_error(case):
    data, buffers = case
    _decode_or_refuse(data, buffers)
    # and through the worker's path: the framed CallRequest, mutated the same way
    framed = wire.frame_call_request("add", data, False, buffers)
    try:
        _, args, _, bufs, _ = wire.parse_call_request(framed[: len(framed) * 3 // 4])
    except CodecError:
        return
    _decode_or_refuse(args, bufs)


def test_mutation_smoke_in_a_subprocess():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "fuzz_codec.py"), "--smoke",
                        "2000", "--seed", "0"], capture_output=True, text=True, cwd=ROOT,
                       env=env(), timeout=300)
    assert r.returncode == 0, f"exit {r.returncode}:\n{r.stdout}{r.stderr[-3000:]}"
    assert "2000 mutated inputs" in r.stdout and "0 other exceptions" in r.stdout, r.stdout


# -- a real worker, sent the bomb over raw gRPC ----------------------------------------------------

@pytest.fixture(scope="module")
def plain_worker():
    w = WorkerProc("numpy").wait_ready()
    yield w
    w.stop()


def _call(address: str, request: worker_pb2.CallRequest) -> worker_pb2.CallResponse:
    with grpc.insecure_channel(address) as ch:
        call = ch.unary_unary("/ivy.rpc.v1.Worker/Call",
                              request_serializer=worker_pb2.CallRequest.SerializeToString,
                              response_deserializer=worker_pb2.CallResponse.FromString)
        return call(request, timeout=60)


def _add_request() -> worker_pb2.CallRequest:
    hdr = msgpack.packb(["int64", [2]])
    arr = msgpack.ExtType(codec.EXT_ARRAY, struct.pack("<I", len(hdr)) + hdr
                          + np.array([1, 2], "<i8").tobytes())
    return worker_pb2.CallRequest(function="add", args=msgpack.packb([[arr, arr], {}]))


@pytest.mark.parametrize("name,args,buffers,message", [
    ("attack-250", attack_bytes(250), [], DEPTH_ERROR),
    ("tuples-100000", b"\x92\x91" + nested_tuples(100_000) + b"\x80", [], DEPTH_ERROR),
    ("lists-100000", b"\x92\x91" + nested_lists(100_000) + b"\x80", [], DEPTH_ERROR),
    ("elements", msgpack.packb([[None] * MAX_ITEMS, {}]), [], "element count"),
    ("buffer index", msgpack.packb([[msgpack.ExtType(2, msgpack.packb(["int8", [4], 3]))], {}]),
     [b"\0" * 4], "refers to buffer 3, the message has 1"),
    ("buffer size", msgpack.packb([[msgpack.ExtType(2, msgpack.packb(["int64", [4], 0]))], {}]),
     [b"\0" * 4], "needs 32 bytes, the message holds 4"),
])
def test_worker_refuses_bomb_and_keeps_serving(plain_worker, name, args, buffers, message):
    request = worker_pb2.CallRequest(function="add", args=args, buffers=buffers)
    for _ in range(3):  # the attacker sent six a minute; three in a row here
        with pytest.raises(grpc.RpcError) as e:
            _call(plain_worker.address, request)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT, e.value.details()
        assert message in e.value.details(), e.value.details()
    assert plain_worker.proc.poll() is None, "the worker died:\n" + plain_worker.logs()[-3000:]
    assert health(plain_worker.address) == "SERVING"
    r = _call(plain_worker.address, _add_request())
    out = codec.decode(r.result, buffers=list(r.buffers))
    assert out.tolist() == [2, 4]


def test_bomb_message_size():
    request = worker_pb2.CallRequest(function="add", args=attack_bytes(250))
    assert math.isclose(len(request.SerializeToString()), 1200, rel_tol=0.1)
