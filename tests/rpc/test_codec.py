"""The msgpack codec, the hand-framed protobuf messages and the error mapping (no server)."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import grpc
import ml_dtypes
import msgpack
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from ivy_client import codec, wire
from ivy_client.codec import CodecError, Ref
from ivy_client.proto import worker_pb2

ROOT = Path(__file__).resolve().parents[2]
DTYPES = [codec.dtype_of(n) for n in codec.DTYPE_NAMES]


def same(a, b) -> bool:
    """Structural equality; arrays equal bit-for-bit in dtype, shape and bytes."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == b.dtype
                and a.shape == b.shape and a.tobytes() == np.ascontiguousarray(b).tobytes())
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) and a != a:
        return b != b
    if isinstance(a, complex):
        return struct.pack("<dd", a.real, a.imag) == struct.pack("<dd", b.real, b.imag)
    return a == b


def arrays_of(dtype):
    if dtype.name == "bfloat16":  # hypothesis cannot draw bfloat16: draw the bits
        return hnp.arrays(np.uint16, hnp.array_shapes(min_dims=0, max_dims=4, min_side=0,
                                                      max_side=5)).map(
            lambda a: a.view(ml_dtypes.bfloat16))
    return hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5))


any_array = st.sampled_from(DTYPES).flatmap(arrays_of)
scalars = (st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1)
           | st.floats(allow_nan=True) | st.complex_numbers(allow_nan=True) | st.text(max_size=8)
           | st.binary(max_size=8) | st.just(Ellipsis)
           | st.builds(slice, st.none() | st.integers(-9, 9), st.none() | st.integers(-9, 9),
                       st.none() | st.integers(1, 3))
           | st.sampled_from(DTYPES) | any_array)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.lists(inner, max_size=4).map(tuple)
                      | st.dictionaries(st.text(max_size=4) | st.integers(0, 9), inner,
                                        max_size=4), max_leaves=12)


@given(values, st.booleans())
def test_round_trip(value, oob):
    buffers = [] if oob else None
    data = codec.encode(value, buffers=buffers, threshold=8)
    # what a receiver gets: the document and each buffer as its own bytes object
    out = codec.decode(data, buffers=[bytes(b) for b in buffers] if oob else None)
    assert same(value, out)


@given(any_array)
def test_array_decode_is_zero_copy_view(a):
    buffers: list = []
    data = codec.encode(a, buffers=buffers, threshold=0)
    received = [bytes(b) for b in buffers]
    out = codec.decode(data, buffers=received)
    assert same(a, out)
    if out.size:
        assert not out.flags.owndata and not out.flags.writeable  # a view of the received bytes


def test_bfloat16_exact_and_normalisation():
    bits = np.arange(0, 2**16, 7, dtype=np.uint16)
    b = bits.view(ml_dtypes.bfloat16)
    assert codec.decode(codec.encode(b)).view(np.uint16).tolist() == bits.tolist()
    big = np.arange(12, dtype=">i8").reshape(3, 4)[:, ::2]  # big-endian and non-contiguous
    out = codec.decode(codec.encode(big))
    assert out.dtype == np.int64 and out.tolist() == big.tolist()
    assert codec.decode(codec.encode(np.float16(1.5))).shape == ()


def test_foreign_tensors():
    torch = pytest.importorskip("torch")
    t = torch.tensor([[1.5, -2.0]], dtype=torch.bfloat16).T
    out = codec.decode(codec.encode(t))
    assert out.dtype == ml_dtypes.bfloat16 and out.astype(np.float32).tolist() == [[1.5], [-2.0]]
    z = torch.tensor([1 + 2j]).conj()
    assert codec.decode(codec.encode(z)).tolist() == [1 - 2j]


@pytest.mark.parametrize("bad", [np.array(["a"]), np.array([object()]), 2**70, object(),
                                 {1, 2}])
def test_unencodable_values(bad):
    with pytest.raises(CodecError):
        codec.encode(bad)


def _ext(code, payload):
    return msgpack.packb(msgpack.ExtType(code, payload))


BAD = {
    "empty": b"",
    "truncated": codec.encode([np.ones(4)])[:-3],
    "reserved byte": b"\xc1",
    "array ext too short": _ext(codec.EXT_ARRAY, b"\x01\x00"),
    "array header too long": _ext(codec.EXT_ARRAY, struct.pack("<I", 99) + b"\x90"),
    "array size mismatch": _ext(codec.EXT_ARRAY, struct.pack("<I", 12)
                                + msgpack.packb(["float64", [3]]) + b"\0" * 8),
    "huge shape": _ext(codec.EXT_ARRAY, struct.pack("<I", 20)
                       + msgpack.packb(["float64", [2**62, 2**62]]) + b"\0" * 8),
    "too many dims": _ext(codec.EXT_ARRAY_OOB, msgpack.packb(["int8", [1] * 65, 0])),
    "bad dtype": _ext(codec.EXT_ARRAY_OOB, msgpack.packb(["object", [1], 0])),
    "float shape": _ext(codec.EXT_ARRAY_OOB, msgpack.packb(["int8", [1.5], 0])),
    "missing buffer": _ext(codec.EXT_ARRAY_OOB, msgpack.packb(["int8", [1], 0])),
    "bad complex": _ext(codec.EXT_COMPLEX, b"\0" * 3),
    "bad slice": _ext(codec.EXT_SLICE, msgpack.packb(["a", 1, 2])),
    "bad dtype ext": _ext(codec.EXT_DTYPE, b"\xff"),
    "unknown ext": _ext(42, b""),
    "bad tuple": _ext(codec.EXT_TUPLE, b"\xc1"),
    "bad handle": _ext(codec.EXT_HANDLE, msgpack.packb([1, 2])),
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_decodes_raise_codec_error(name):
    with pytest.raises(CodecError):
        codec.decode(BAD[name])


@given(st.binary(max_size=64))
def test_random_bytes_never_crash(data):
    try:
        codec.decode(data, buffers=[b"\0" * 8])
    except CodecError:
        pass


def test_handles_round_trip():
    r = Ref("h-1", "float32", (2, 3))
    assert codec.decode(codec.encode([r])) == [r]


# -- the hand-framed protobuf messages equal protobuf's own ---------------------------------

@given(st.text(max_size=10), st.binary(max_size=50), st.booleans(),
       st.lists(st.binary(max_size=20), max_size=3), st.text(max_size=5))
def test_call_request_framing_matches_protobuf(fn, args, keep, buffers, gid):
    framed = wire.frame_call_request(fn, args, keep, buffers, gid)
    msg = worker_pb2.CallRequest(function=fn, args=args, keep=keep, buffers=buffers,
                                 graph_id=gid)
    assert framed == msg.SerializeToString(deterministic=True)
    f, a, k, b, g = wire.parse_call_request(msg.SerializeToString())
    assert (f, bytes(a), k, [bytes(x) for x in b], g) == (fn, args, keep, buffers, gid)


@given(st.binary(max_size=300), st.lists(st.binary(max_size=200), max_size=3))
def test_call_response_framing_matches_protobuf(result, buffers):
    framed = wire.frame_call_response(result, [memoryview(b) for b in buffers])
    msg = worker_pb2.CallResponse(result=result, buffers=buffers)
    assert framed == msg.SerializeToString(deterministic=True)
    r, b = wire.parse_call_response(framed)
    assert bytes(r) == result and [bytes(x) for x in b] == buffers


def _offset(view, message: bytes) -> int:
    """Where a parsed field's bytes start in ``message``."""
    addr = np.frombuffer(view, np.uint8).__array_interface__["data"][0]
    return addr - np.frombuffer(message, np.uint8).__array_interface__["data"][0]


@given(st.text(max_size=20), st.binary(max_size=40), st.booleans(),
       st.lists(st.integers(0, 3 * wire.ALIGN_MIN_BYTES), max_size=4), st.text(max_size=5))
def test_large_buffers_start_aligned_and_every_parser_reads_the_same(fn, args, keep, sizes,
                                                                      gid):
    """Out-of-band buffers of ALIGN_MIN_BYTES or more start at a multiple of BUFFER_ALIGN in
    their message, after a padding field where needed; every reader gets the same fields: this
    module's parsers, protobuf's own (which sees the padding as zero bytes of field 15), and the
    general parser alone (what a reader without the padding field in its fast path runs)."""
    buffers = [bytes([i % 251]) * n for i, n in enumerate(sizes)]
    request = wire.frame_call_request(fn, args, keep, buffers, gid)
    assert request == b"".join(bytes(p) for p in wire.call_request_parts(fn, args, keep,
                                                                          buffers, gid))
    response = wire.frame_call_response(args, buffers)
    assert response == b"".join(bytes(p) for p in wire.call_response_parts(args, buffers))
    f, a, k, b, g = wire.parse_call_request(request)
    assert (f, bytes(a), k, [bytes(x) for x in b], g) == (fn, args, keep, buffers, gid)
    r, rb = wire.parse_call_response(response)
    assert bytes(r) == args and [bytes(x) for x in rb] == buffers
    for message, parsed in ((request, b), (response, rb)):
        for view, n in zip(parsed, sizes, strict=True):
            if n >= wire.ALIGN_MIN_BYTES:
                assert _offset(view, message) % wire.BUFFER_ALIGN == 0
    msg = worker_pb2.CallRequest.FromString(request)
    assert (msg.function, msg.args, msg.keep, list(msg.buffers), msg.graph_id) == \
        (fn, args, keep, buffers, gid)
    rmsg = worker_pb2.CallResponse.FromString(response)
    assert (rmsg.result, list(rmsg.buffers)) == (args, buffers)
    for pad in [*msg.pad, *rmsg.pad]:
        assert pad == bytes(len(pad)) and len(pad) < wire.BUFFER_ALIGN
    fields = wire.parse(request)
    assert [bytes(x) for x in fields.get(4, [])] == buffers
    assert [bytes(x) for x in wire.parse(response).get(2, [])] == buffers
    # unpadded (every buffer under the size) it is exactly protobuf's serialization
    if all(n < wire.ALIGN_MIN_BYTES for n in sizes):
        assert not msg.pad and request == msg.SerializeToString(deterministic=True)


@pytest.mark.parametrize("bad", [b"\x0a\x05ab", b"\x80", b"\x0b", b"\x12\xff\xff\xff\xff\x0f"])
def test_wire_rejects_malformed(bad):
    with pytest.raises(ValueError):
        wire.parse_call_request(bad)


def test_generated_proto_module_is_fresh():
    r = subprocess.run([sys.executable, str(ROOT / "proto" / "generate.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


# -- error mapping ---------------------------------------------------------------------------

def test_status_mapping():
    from ivy_server.errors import status_of

    import ivy

    e = ivy.UnsupportedBackendError("ivy.x is not implemented for the jax backend")
    assert status_of(e)[0] == grpc.StatusCode.UNIMPLEMENTED
    assert status_of(MemoryError())[0] == grpc.StatusCode.RESOURCE_EXHAUSTED
    v = ValueError("bad shape")
    v.add_note("(in ivy.matmul on the numpy backend)")
    code, msg = status_of(v)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert msg == "ValueError: bad shape (in ivy.matmul on the numpy backend)"
    assert status_of(CodecError("x"))[0] == grpc.StatusCode.INVALID_ARGUMENT


def test_client_error_classes():
    import ivy_client
    from ivy_client.errors import BY_CODE

    for name in ("NotFound", "InvalidArgument", "Unimplemented", "ResourceExhausted",
                 "Unauthenticated", "Unavailable", "DeadlineExceeded"):
        cls = getattr(ivy_client, name)
        assert issubclass(cls, ivy_client.RemoteError) and BY_CODE[cls.code] is cls


# -- routing configuration (no server needed) ----------------------------------------------

def test_ivy_workers_parsing_and_round_robin(tmp_path):
    import ivy_client
    from ivy_client import config

    ws = config.parse_spec("jax=10.0.0.1:50053, torch@cuda:1=h:7,jax=10.0.0.2:50053")
    assert [(w.backend, w.device, w.address) for w in ws] == [
        ("jax", "cpu", "10.0.0.1:50053"), ("torch", "gpu:1", "h:7"), ("jax", "cpu", "10.0.0.2:50053")]
    c = ivy_client.Client(ws)
    assert [c.address_for("jax") for _ in range(4)] == ["10.0.0.1:50053", "10.0.0.2:50053"] * 2
    assert c.address_for("torch", "gpu:1") == "h:7"
    assert c.address_for() == "10.0.0.1:50053"  # no backend: the first worker's
    with pytest.raises(ivy_client.NoWorker, match="torch@gpu:1"):
        c.address_for("torch", "cpu")
    for bad in ("jax", "jax=nohostport", "caffe=h:1", "jax@tpu:0=h:1"):
        with pytest.raises(ValueError):
            config.parse_spec(bad)
    toml = tmp_path / "w.toml"
    toml.write_text('[[worker]]\nbackend = "numpy"\nport = 6000\nargs = ["--memory-cap-mb", "5"]\n')
    (w,) = config.resolve(str(toml))
    assert (w.backend, w.device, w.address, w.args) == ("numpy", "cpu", "127.0.0.1:6000",
                                                         ["--memory-cap-mb", "5"])
