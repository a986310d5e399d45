"""Protobuf wire format for the two hot messages, without copying their byte fields.

``CallRequest`` and ``CallResponse`` (``proto/ivy/rpc/v1/worker.proto``) carry the msgpack payload
and the out-of-band array buffers. The generated protobuf classes copy every ``bytes`` field twice
(into the message, then into a new Python object when read: measured 3x slower than a raw echo
at 64 MB), so these two messages are framed and parsed here by hand: parsing returns
``memoryview`` slices of the received buffer, and framing writes each buffer once. The bytes on
the wire are what protobuf writes (``tests/rpc/test_codec.py`` checks both directions), except
that a large out-of-band buffer may be preceded by a padding field (``pad``, field 15, zeros) that
puts its bytes at an aligned offset (:func:`_buffer_field`); protobuf parsers read the same
fields, so any gRPC tool or other-language client sees an ordinary protobuf service.

Parsing is a loop without recursion (the two messages have no nested messages) and refuses, with
:class:`~ivy_client.codec.CodecError` (a ``ValueError``), anything that is not a well-formed
message: truncated fields, over-long varints, field number 0 or above protobuf's 2**29 - 1,
unknown wire types, text fields that are not UTF-8, and more than :data:`MAX_FIELDS` fields (a
1 GiB message of empty ``buffers`` fields would otherwise become 500 million memoryviews).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import codec
from .codec import MAX_ITEMS, CodecError

_VARINT, _I64, _LEN, _I32 = 0, 1, 2, 5
#: fields in one parsed message: every out-of-band buffer is one, and a message's buffers are
#: referred to by its msgpack document, which holds at most ``codec.MAX_ITEMS`` objects
MAX_FIELDS = MAX_ITEMS + 16
_MAX_FIELD_NUMBER = 2**29 - 1


def _varint(n: int) -> bytes:
    if n < 4096:
        return _SMALL[n]
    return _varint_slow(n)


def _varint_slow(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


_SMALL = [_varint_slow(i) for i in range(4096)]
_TAG_CACHE: dict[tuple[int, int], bytes] = {}


def _tag(field: int, wt: int) -> bytes:
    t = _TAG_CACHE.get((field, wt))
    if t is None:
        t = _TAG_CACHE[(field, wt)] = _varint((field << 3) | wt)
    return t


def _len_field(parts: list, field: int, data) -> None:
    n = data.nbytes if isinstance(data, memoryview) else len(data)
    parts.append(_tag(field, _LEN) + _varint(n))
    parts.append(data)


#: an out-of-band buffer of at least ALIGN_MIN_BYTES starts at a multiple of BUFFER_ALIGN bytes
#: from the start of its message: gRPC hands a message over in memory aligned at least that much,
#: so the arrays viewing it are aligned for their dtype (NumPy runs every operation on an
#: unaligned array through slow buffered loops, 2-3x: docs/rpc.md "Unaligned arrays"). The gap
#: is a padding field (PAD_FIELD, zero bytes) that every protobuf parser skips or ignores.
BUFFER_ALIGN = 16
ALIGN_MIN_BYTES = 8192
PAD_FIELD = 15
_PAD_TAG = bytes([(PAD_FIELD << 3) | _LEN])
_MAX_PAD = BUFFER_ALIGN + 1  # a padding field is 2 to BUFFER_ALIGN + 1 bytes


def _buffer_field(parts: list, offset: int, field: int, data) -> int:
    """:func:`_len_field` for an out-of-band buffer at ``offset`` bytes into the message, after
    a padding field where one is needed to align its bytes; returns the offset after it."""
    n = data.nbytes if isinstance(data, memoryview) else len(data)
    head = _tag(field, _LEN) + _varint(n)
    if n >= ALIGN_MIN_BYTES:
        gap = -(offset + len(head)) % BUFFER_ALIGN
        if gap:
            gap += BUFFER_ALIGN if gap < 2 else 0
            head = _PAD_TAG + _SMALL[gap - 2] + bytes(gap - 2) + head
    parts.append(head)
    parts.append(data)
    return offset + len(head) + n


def _buffer_fields(parts: list, field: int, buffers) -> None:
    """The out-of-band buffers as ``field`` entries after ``parts``, each aligned
    (:func:`_buffer_field`)."""
    offset = sum(p.nbytes if isinstance(p, memoryview) else len(p) for p in parts)
    for b in buffers:
        offset = _buffer_field(parts, offset, field, b)


def parse(buf, max_fields: int = MAX_FIELDS) -> dict[int, list]:
    """Fields of a protobuf message: number -> list of values (ints, or memoryviews of ``buf``).

    Raises :class:`CodecError` for a malformed message or one of more than ``max_fields`` fields.
    """
    mv = buf if isinstance(buf, memoryview) else memoryview(buf)
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    data = buf if buf.__class__ is bytes else mv  # indexing bytes is the faster of the two
    n = mv.nbytes
    i = 0
    fields = 0
    out: dict[int, list] = {}

    def varint(i):
        shift = result = 0
        while True:
            if i >= n:
                raise CodecError("truncated protobuf message (varint)")
            b = data[i]
            i += 1
            result |= (b & 0x7F) << shift
            if not b & 0x80:
                return result, i
            shift += 7
            if shift > 63:
                raise CodecError("malformed protobuf message (varint too long)")

    while i < n:
        fields += 1
        if fields > max_fields:
            raise CodecError(f"field count {fields} exceeds the limit of {max_fields}")
        key = data[i]
        if key & 0x80:
            key, i = varint(i)
        else:
            i += 1
        field, wt = key >> 3, key & 7
        if field == 0 or field > _MAX_FIELD_NUMBER:
            raise CodecError(f"malformed protobuf message (field number {field})")
        if wt == _LEN:
            size = data[i] if i < n else 0x80
            if size & 0x80:
                size, i = varint(i)
            else:
                i += 1
            if i + size > n:
                raise CodecError(
                    f"truncated protobuf message (field {field} declares {size} bytes, "
                    f"{n - i} left)")
            val = mv[i:i + size]
            i += size
        elif wt == _VARINT:
            val, i = varint(i)
        elif wt == _I64:
            if i + 8 > n:
                raise CodecError("truncated protobuf message (fixed64)")
            val = int.from_bytes(mv[i:i + 8], "little")
            i += 8
        elif wt == _I32:
            if i + 4 > n:
                raise CodecError("truncated protobuf message (fixed32)")
            val = int.from_bytes(mv[i:i + 4], "little")
            i += 4
        else:
            raise CodecError(f"malformed protobuf message (wire type {wt})")
        v = out.get(field)
        if v is None:
            out[field] = [val]
        else:
            v.append(val)
    return out


def _last(fields: dict, num: int, default):
    v = fields.get(num)
    return v[-1] if v else default


def _text(fields: dict, num: int) -> str:
    v = fields.get(num)
    if not v:
        return ""
    if not isinstance(v[-1], memoryview):
        raise CodecError(f"field {num} should be a string")
    try:
        return bytes(v[-1]).decode("utf-8")
    except UnicodeDecodeError as e:
        raise CodecError(f"field {num} is not UTF-8 text ({e.reason} at byte {e.start})") from None


def _check_len(fields: dict, nums: Sequence[int]) -> None:
    for num in nums:
        for v in fields.get(num, ()):
            if not isinstance(v, memoryview):
                raise CodecError(f"field {num} should be length-delimited")


# ---------------------------------------------------------------------------------------------
# CallRequest {function = 1; args = 2; keep = 3; repeated buffers = 4; graph_id = 5; shm = 6;
#              repeated pad = 15}
# ---------------------------------------------------------------------------------------------

def frame_call_request(function: str, args: bytes, keep: bool, buffers: Sequence,
                       graph_id: str = "", shm: bytes = b"") -> bytes:
    if not buffers and not keep and not graph_id and not shm and function and len(args) < 4096:
        # a small call: one concatenation
        name = function.encode("utf-8")
        if len(name) < 4096:
            return b"\n" + _SMALL[len(name)] + name + (
                b"\x12" + _SMALL[len(args)] + args if len(args) else b"")
    parts: list = []
    if function:
        _len_field(parts, 1, function.encode("utf-8"))
    if len(args):
        _len_field(parts, 2, args)
    if keep:
        parts.append(_tag(3, _VARINT) + b"\x01")
    _buffer_fields(parts, 4, buffers)
    if graph_id:
        _len_field(parts, 5, graph_id.encode("utf-8"))
    if shm:
        _len_field(parts, 6, shm)
    return b"".join(parts)


def _fast_fields(buf, known: bytes):
    """The common case of :func:`parse` for the two hot messages, in one loop without building a
    field table: every key is one byte of ``known`` (length-delimited fields, or ``keep``), no
    more than :data:`MAX_FIELDS` fields. Returns ``None`` for anything else - then the caller
    runs the general parser, so malformed or unusual messages get exactly its checks and errors.
    Returns (memoryview of buf, [(key byte, value), ...])."""
    mv = buf if buf.__class__ is memoryview else memoryview(buf)
    if mv.format != "B" or mv.ndim != 1:
        return None
    data = buf if buf.__class__ is bytes else mv
    n = mv.nbytes
    i = 0
    out = []
    while i < n:
        key = data[i]
        if key not in known:
            return None
        i += 1
        if i >= n:
            return None
        size = data[i]
        i += 1
        if key == 0x18:  # keep: a one-byte varint
            if size & 0x80:
                return None
            out.append((key, size))
            if len(out) > MAX_FIELDS:
                return None
            continue
        if size & 0x80:  # a longer length varint
            shift = 7
            size &= 0x7F
            while True:
                if i >= n or shift > 63:
                    return None
                b = data[i]
                i += 1
                size |= (b & 0x7F) << shift
                if not b & 0x80:
                    break
                shift += 7
        if i + size > n:
            return None
        out.append((key, mv[i:i + size]))
        i += size
        if len(out) > MAX_FIELDS:
            return None
    return out


_REQUEST_KEYS = bytes([0x0A, 0x12, 0x18, 0x22, 0x2A, 0x32, _PAD_TAG[0]])
_RESPONSE_KEYS = bytes([0x0A, 0x12, 0x1A, _PAD_TAG[0]])
_EMPTY = memoryview(b"")


def _utf8(v, num: int) -> str:
    try:
        return str(v, "utf-8")
    except UnicodeDecodeError as e:
        raise CodecError(f"field {num} is not UTF-8 text ({e.reason} at byte {e.start})") from None


def parse_call_request(buf) -> tuple[str, memoryview, bool, list, str]:
    """(function, args, keep, buffers, graph_id); raises CodecError (a ValueError) on a malformed
    message. A message with the ``shm`` field (6) is refused here: only
    :func:`parse_call_request_shm` resolves it (a caller that ignored it would misread the
    buffer indexes)."""
    function, args, keep, buffers, graph_id, shm = parse_call_request_shm(buf)
    if len(shm):
        raise CodecError("field 6 (shm) is not accepted here")
    return function, args, keep, buffers, graph_id


def parse_call_request_shm(buf) -> tuple[str, memoryview, bool, list, str, memoryview]:
    """(function, args, keep, buffers, graph_id, shm); raises CodecError (a ValueError) on a
    malformed message."""
    fast = _fast_fields(buf, _REQUEST_KEYS)
    if fast is not None:
        function = graph_id = None
        args = shm = _EMPTY
        keep = 0
        buffers = []
        for key, v in fast:
            if key == 0x12:
                args = v
            elif key == 0x22:
                buffers.append(v)
            elif key == 0x0A:
                function = v
            elif key == 0x18:
                keep = v
            elif key == 0x32:
                shm = v
            elif key == 0x2A:
                graph_id = v
            # else the padding field: nothing
        return (_utf8(function, 1) if function is not None else "", args, bool(keep), buffers,
                _utf8(graph_id, 5) if graph_id is not None else "", shm)
    f = parse(buf)
    _check_len(f, (2, 4, 6))
    args = _last(f, 2, memoryview(b""))
    keep = _last(f, 3, 0)
    if not isinstance(keep, int):
        raise CodecError("field 3 (keep) should be a varint")
    return (_text(f, 1), args, bool(keep), f.get(4, []), _text(f, 5),
            _last(f, 6, memoryview(b"")))


# ---------------------------------------------------------------------------------------------
# CallResponse {result = 1; repeated buffers = 2; shm = 3; repeated pad = 15}
# ---------------------------------------------------------------------------------------------

def frame_call_response(result: bytes, buffers: Sequence, shm: bytes = b"") -> bytes:
    parts: list = []
    if len(result):
        _len_field(parts, 1, result)
    _buffer_fields(parts, 2, buffers)
    if shm:
        _len_field(parts, 3, shm)
    return b"".join(parts)


def parse_call_response(buf) -> tuple[memoryview, list]:
    """(result, buffers); a response with the ``shm`` field (3) is refused here (see
    :func:`parse_call_response_shm`)."""
    result, buffers, shm = parse_call_response_shm(buf)
    if len(shm):
        raise CodecError("field 3 (shm) is not accepted here")
    return result, buffers


def parse_call_response_shm(buf) -> tuple[memoryview, list, memoryview]:
    c = codec._fast  # the C path (codec.py): the same, for the same messages; None defers
    if c is not None:
        parsed = c.call_response(buf, _EMPTY, MAX_FIELDS)
        if parsed is not None:
            return parsed
    fast = _fast_fields(buf, _RESPONSE_KEYS)
    if fast is not None:
        result = shm = _EMPTY
        buffers = []
        for key, v in fast:
            if key == 0x0A:
                result = v
            elif key == 0x12:
                buffers.append(v)
            elif key == 0x1A:
                shm = v
            # else the padding field: nothing
        return result, buffers, shm
    f = parse(buf)
    _check_len(f, (1, 2, 3))
    return _last(f, 1, memoryview(b"")), f.get(2, []), _last(f, 3, memoryview(b""))


def framed_size(parts_sizes: Sequence[int]) -> int:
    """Upper bound of a framed message's size given its byte fields' sizes (for limit checks)."""
    return sum(s + 11 + _MAX_PAD for s in parts_sizes)


# ---------------------------------------------------------------------------------------------
# CallChunk {data = 1; total = 2}: CallStream carries a framed CallRequest / CallResponse in these
# ---------------------------------------------------------------------------------------------

#: data bytes per CallChunk: a chunk stays under the smallest per-message limit (1 MiB)
CHUNK_BYTES = 2**20 - 64


def call_request_parts(function: str, args: bytes, keep: bool, buffers: Sequence,
                       graph_id: str = "") -> list:
    """The pieces of a framed CallRequest (``b"".join`` of them is :func:`frame_call_request`),
    without joining them."""
    parts: list = []
    if function:
        _len_field(parts, 1, function.encode("utf-8"))
    if len(args):
        _len_field(parts, 2, args)
    if keep:
        parts.append(_tag(3, _VARINT) + b"\x01")
    _buffer_fields(parts, 4, buffers)
    if graph_id:
        _len_field(parts, 5, graph_id.encode("utf-8"))
    return parts


def call_response_parts(result: bytes, buffers: Sequence) -> list:
    """The pieces of a framed CallResponse, not joined."""
    parts: list = []
    if len(result):
        _len_field(parts, 1, result)
    _buffer_fields(parts, 2, buffers)
    return parts


def chunks(parts, chunk_bytes: int = CHUNK_BYTES):
    """CallChunk messages carrying the concatenation of ``parts`` (bytes or buffers), at most
    ``chunk_bytes`` of data each; the first also gives the total. Each piece is copied once,
    into its chunk."""
    views = [p if p.__class__ is memoryview else memoryview(p) for p in parts]
    views = [v if v.format == "B" and v.ndim == 1 else v.cast("B") for v in views]
    total = sum(v.nbytes for v in views)
    first = True
    pending: list = []
    size = 0
    for v in views:
        i = 0
        while i < v.nbytes:
            take = min(chunk_bytes - size, v.nbytes - i)
            pending.append(v[i:i + take])
            size += take
            i += take
            if size == chunk_bytes:
                yield _chunk(pending, size, total if first else 0)
                first, pending, size = False, [], 0
    if pending or first:
        yield _chunk(pending, size, total if first else 0)


def _chunk(pending: list, size: int, total: int) -> bytes:
    head = _tag(1, _LEN) + _varint(size)
    tail = (_tag(2, _VARINT) + _varint(total)) if total else b""
    return b"".join([head, *pending, tail])


def parse_chunk(buf) -> tuple[memoryview, int]:
    """(data, total) of a CallChunk; raises CodecError on a malformed one."""
    f = parse(buf, max_fields=8)
    _check_len(f, (1,))
    total = _last(f, 2, 0)
    if not isinstance(total, int):
        raise CodecError("field 2 (total) should be a varint")
    return _last(f, 1, memoryview(b"")), total


class Gatherer:
    """The message carried by a stream of CallChunk messages, fed chunk by chunk (``feed``), in
    one buffer allocated once from the first chunk's total (at most ``limit`` bytes); CodecError
    if the chunks do not add up to the total exactly. ``gather`` drives it over an iterator;
    ``AsyncClient`` feeds it from an async stream."""

    def __init__(self, limit: int):
        self.limit, self.out, self.pos = limit, None, 0

    def feed(self, raw) -> None:
        data, total = parse_chunk(raw)
        if self.out is None:
            if not 0 <= total <= self.limit:
                raise CodecError(f"the streamed message declares {total} bytes, over the "
                                 f"limit of {self.limit}")
            self.out = bytearray(total)
        elif total:
            raise CodecError("only the first chunk may give the total")
        n = data.nbytes
        if self.pos + n > len(self.out):
            raise CodecError(f"the chunks carry more than the {len(self.out)} bytes declared")
        self.out[self.pos:self.pos + n] = data
        self.pos += n

    def result(self) -> bytearray:
        if self.out is None:
            raise CodecError("an empty stream (no chunk)")
        if self.pos != len(self.out):
            raise CodecError(f"the stream ended after {self.pos} of the {len(self.out)} bytes "
                             "declared")
        return self.out


def gather(chunk_iter, limit: int) -> bytearray:
    """The message carried by the CallChunk messages of ``chunk_iter`` (see :class:`Gatherer`)."""
    g = Gatherer(limit)
    for raw in chunk_iter:
        g.feed(raw)
    return g.result()
