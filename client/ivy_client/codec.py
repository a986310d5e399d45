"""The one msgpack codec of the RPC service, used by the client and the worker alike.

Values: ``None``, ``bool``, ``int`` (64-bit), ``float``, ``complex``, ``str``, ``bytes``, ``list``,
``tuple``, ``dict``, ``slice``, ``Ellipsis``, dtypes (``np.dtype``, NumPy scalar types and Ivy's
dtype strings, decoded as ``np.dtype``), NumPy arrays and scalars, anything exposing ``__array__``
or ``__dlpack__`` (torch, JAX, TensorFlow tensors: converted without importing their framework),
and remote handles (:class:`Ref`). Nothing is ever pickled.

Arrays are the msgpack extension :data:`EXT_ARRAY` (``u32 header length, msgpack [dtype name,
shape], raw little-endian row-major bytes``), or, when the caller collects out-of-band buffers,
:data:`EXT_ARRAY_OOB` (``msgpack [dtype name, shape, buffer index]``) with the bytes travelling in
the message's ``buffers`` field. Decoding is ``np.frombuffer`` over the received bytes: no copy.
Decoded arrays are therefore read-only; ``np.array(x)`` gives a writable copy. Big-endian and
non-contiguous inputs are normalised when encoded. Every decoded header is validated (dtype
allow-list, at most 64 dimensions, declared size equal to the bytes present), so a malformed or
hostile message raises :class:`CodecError` (a ``ValueError``) before anything is allocated.
"""

from __future__ import annotations

import math
import os
import struct
import sys
import threading
from collections.abc import Callable

import msgpack
import numpy as np

EXT_ARRAY = 1
EXT_ARRAY_OOB = 2
EXT_HANDLE = 3
EXT_COMPLEX = 4
EXT_SLICE = 5
EXT_ELLIPSIS = 6
EXT_TUPLE = 7
EXT_DTYPE = 8

#: arrays at least this large travel out of band when the caller collects buffers
OOB_THRESHOLD = 16 * 1024
#: the threshold the C framing (``_fast.encode_request`` / ``encode_response``) is given: none.
#: It sends arrays of every size inline, each copied once, straight from the array into the
#: message (out_bytes in _fastwire.c), where the Python framing's join of out-of-band buffers
#: also copies it once but runs ~40 Python calls more; a message over the limit defers to the
#: Python framing (out of band, streamed when larger than a message)
FAST_INLINE = -1
MAX_NDIM = 64

DTYPE_NAMES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128",
)
_DTYPES: dict[str, np.dtype] = {}
_HDR = struct.Struct("<I")
_PREFIX: dict = {}  # (dtype, shape) -> encoded inline-array header (small arrays repeat shapes)
_HEADERS: dict = {}  # decoded inline-array header bytes -> (dtype, shape, count, nbytes)
_CPLX = struct.Struct("<dd")
_ExtType = msgpack.ExtType
_tuple_new = tuple.__new__


def _ext(code: int, data: bytes) -> msgpack.ExtType:
    """``msgpack.ExtType(code, data)`` without its Python-level argument checks (0.6 -> 0.1 us;
    ``code`` and ``data`` are ours: an int in range and bytes)."""
    return _tuple_new(_ExtType, (code, data))


class CodecError(ValueError):
    """A value that cannot be encoded, or a message that is not a valid encoding."""


def _bfloat16():
    import ml_dtypes

    return np.dtype(ml_dtypes.bfloat16)


def dtype_of(name: str) -> np.dtype:
    """The NumPy dtype for an allowed dtype name (bfloat16 via ml_dtypes); CodecError otherwise."""
    try:
        return _DTYPES[name]
    except (KeyError, TypeError):
        pass
    if name not in DTYPE_NAMES:
        raise CodecError(f"unsupported dtype {name!r:.40}; allowed: {', '.join(DTYPE_NAMES)}")
    d = _bfloat16() if name == "bfloat16" else np.dtype(name)
    _DTYPES[name] = d
    if name == "bfloat16":
        _fast_init()  # the C path takes bfloat16 arrays from now on
    return d


# The C fast path (``_fastwire.c``, compiled by setup.py): the same bytes and values as the Python
# code below for the common cases (scalars, lists, maps, tuples and small arrays), and "defer" for
# anything else, which the Python code then handles (with its checks and errors). Without the
# extension (no C compiler at install time), or with IVY_FASTWIRE=python in the environment, only
# the Python code runs; tests switch it off by setting ``codec._fast = None``.
_fast = None
if os.environ.get("IVY_FASTWIRE", "c") != "python":
    try:
        from . import _fastwire as _fast
    except ImportError:  # not compiled
        _fast = None


def _fast_init() -> None:
    """Give the C path NumPy's types: every allowed dtype (bfloat16 only once ml_dtypes is in use:
    importing it is left to the first bfloat16 array)."""
    if _fast is None:
        return
    table = []
    for name in DTYPE_NAMES:
        if name == "bfloat16":
            d = _DTYPES.get(name)
            if d is None and "ml_dtypes" in sys.modules:
                d = _DTYPES[name] = _bfloat16()
            table.append((name, d, 2))
        else:
            d = np.dtype(name)
            table.append((name, d, d.itemsize))
    _fast.init(np.ndarray, tuple(table))


class Ref:
    """A reference to an array kept on a worker (``keep=True``); see ``ivy_client.RemoteHandle``."""

    __slots__ = ("id", "dtype", "shape")

    def __init__(self, id: str, dtype: str = "", shape: tuple = ()):
        self.id = id
        self.dtype = dtype
        self.shape = tuple(shape)

    def __repr__(self):
        return f"Ref({self.id!r}, {self.dtype!r}, {self.shape})"

    def __eq__(self, other):
        return isinstance(other, Ref) and (self.id, self.dtype, self.shape) == (
            other.id, other.dtype, other.shape)

    def __hash__(self):
        return hash(self.id)


# ---------------------------------------------------------------------------------------------
# Arrays from foreign objects, without importing their framework
# ---------------------------------------------------------------------------------------------

def as_numpy(obj) -> np.ndarray:
    """A NumPy array for anything exposing ``__array__`` or ``__dlpack__`` (no framework import)."""
    if isinstance(obj, np.ndarray):
        return obj
    if type(obj).__module__.startswith("torch"):
        # torch: detach, bring to the CPU, and read bfloat16 through an int16 view (NumPy has no
        # bfloat16 of its own; torch is imported already, since the caller holds a tensor)
        torch = sys.modules["torch"]
        t = obj.detach().cpu()
        if t.is_conj():
            t = t.resolve_conj()
        if t.dtype == torch.bfloat16:
            return t.contiguous().view(torch.int16).numpy().view(dtype_of("bfloat16"))
        return t.numpy()
    if hasattr(obj, "__array__"):
        return np.asarray(obj)
    if hasattr(obj, "__dlpack__"):
        return np.from_dlpack(obj)
    raise CodecError(f"cannot encode a {type(obj).__module__}.{type(obj).__qualname__}")


def _is_arraylike(obj) -> bool:
    return hasattr(obj, "__array__") or hasattr(obj, "__dlpack__")


_NAME_OF: dict[np.dtype, str] = {}


def _name_of(dt: np.dtype) -> str:
    name = _NAME_OF.get(dt)
    if name is None:
        name = dt.name
        if name not in DTYPE_NAMES:
            raise CodecError(f"cannot send arrays of dtype {dt}; allowed: {', '.join(DTYPE_NAMES)}")
        if dt.isnative or dt.byteorder in "|<":
            _NAME_OF[dt] = name
        if name == "bfloat16":
            dtype_of(name)  # registers it with the C path
    return name


def normalise(a: np.ndarray) -> np.ndarray:
    """Little-endian, C-contiguous, of an allowed dtype (CodecError otherwise)."""
    dt = a.dtype
    if dt.byteorder == ">" or (dt.byteorder == "=" and sys.byteorder == "big"):
        a = a.astype(dt.newbyteorder("<"))
    if not a.flags.c_contiguous:
        a = np.ascontiguousarray(a)
    return a


def _raw(a: np.ndarray) -> memoryview:
    """The bytes of a normalised array as a flat byte memoryview (works for bfloat16 too)."""
    return memoryview(a.reshape(-1).view(np.uint8))


# ---------------------------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------------------------

class _Encoder:
    __slots__ = ("buffers", "threshold", "convert", "busy", "_packer")

    def __init__(self, buffers, threshold, convert):
        self.busy = False
        self.buffers = buffers
        self.threshold = threshold
        self.convert = convert
        self._packer = msgpack.Packer(default=self.default, strict_types=True, use_bin_type=True,
                                      autoreset=True)

    def pack(self, obj) -> bytes:
        try:
            return self._packer.pack(obj)
        except CodecError:
            raise
        except (OverflowError, ValueError, TypeError) as e:
            raise CodecError(f"cannot encode value: {e}") from e

    def array(self, a: np.ndarray) -> msgpack.ExtType:
        dt = a.dtype
        shape = a.shape
        prefix = _PREFIX.get((dt, shape))
        if prefix is not None and a.flags.c_contiguous:
            # a small array of a (dtype, shape) seen before: its header is cached (only native /
            # little-endian dtypes of arrays under the out-of-band threshold are cached)
            if self.buffers is None or a.nbytes < self.threshold:
                return _ext(EXT_ARRAY, prefix + a.tobytes())
        if dt.byteorder == ">" or not a.flags.c_contiguous:
            a = normalise(a)
            dt = a.dtype
        if self.buffers is not None and a.nbytes >= self.threshold:
            self.buffers.append(_raw(a))
            return _ext(EXT_ARRAY_OOB, msgpack.packb(
                [_name_of(dt), list(a.shape), len(self.buffers) - 1]))
        key = (dt, a.shape)
        prefix = _PREFIX.get(key)
        if prefix is None:
            hdr = msgpack.packb([_name_of(dt), list(a.shape)])
            prefix = _HDR.pack(len(hdr)) + hdr
            if len(_PREFIX) < 4096 and a.nbytes < OOB_THRESHOLD:
                _PREFIX[key] = prefix
        return _ext(EXT_ARRAY, prefix + a.tobytes())

    def default(self, obj):
        c = obj.__class__
        if c is np.ndarray:
            return self.array(obj)
        if c is tuple:
            return _ext(EXT_TUPLE, self._nested(list(obj)))
        if c is complex:
            return _ext(EXT_COMPLEX, _CPLX.pack(obj.real, obj.imag))
        if c is slice:
            return msgpack.ExtType(EXT_SLICE, self._nested(
                [_slice_part(obj.start), _slice_part(obj.stop), _slice_part(obj.step)]))
        if obj is Ellipsis:
            return msgpack.ExtType(EXT_ELLIPSIS, b"")
        if isinstance(obj, Ref):
            return msgpack.ExtType(EXT_HANDLE, msgpack.packb([obj.id, obj.dtype, list(obj.shape)]))
        if isinstance(obj, np.generic):
            return self.array(np.asarray(obj))
        if isinstance(obj, np.dtype) or (isinstance(obj, type) and issubclass(obj, np.generic)):
            name = np.dtype(obj).name
            dtype_of(name)
            return msgpack.ExtType(EXT_DTYPE, name.encode())
        if c.__name__ == "Dtype" and c.__module__ == "ivy.dtypes":  # duck-typed: no ivy import
            name = str(obj)
            dtype_of(name)
            return msgpack.ExtType(EXT_DTYPE, name.encode())
        if isinstance(obj, str):
            return str(obj)
        if isinstance(obj, bool):
            return bool(obj)
        if isinstance(obj, int):
            return int(obj)
        if isinstance(obj, float):
            return float(obj)
        if isinstance(obj, complex):
            return complex(obj)
        if isinstance(obj, tuple):  # namedtuples travel as tuples
            return _ext(EXT_TUPLE, self._nested(list(obj)))
        if isinstance(obj, list):
            return list(obj)
        if isinstance(obj, dict):
            return dict(obj)
        if isinstance(obj, (bytearray, memoryview)):
            return bytes(obj)
        if self.convert is not None:
            out = self.convert(obj)
            if out is not obj:
                c = out.__class__
                if c is np.ndarray or c is tuple or c is not obj.__class__ and not (
                        c is dict or c is list or c is str or c is int or c is float):
                    return self.default(out)
                return out
        if _is_arraylike(obj):
            return self.array(as_numpy(obj))
        raise CodecError(f"cannot encode a value of type {type(obj).__module__}."
                         f"{type(obj).__qualname__}")

    def _nested(self, obj) -> bytes:
        # a fresh packer: the outer one is in the middle of packing
        return msgpack.Packer(default=self.default, strict_types=True, use_bin_type=True).pack(obj)


def _slice_part(v):
    if v is None or isinstance(v, int):
        return v if not isinstance(v, bool) else int(v)
    if isinstance(v, np.integer):
        return int(v)
    if hasattr(v, "__index__"):
        return v.__index__()
    raise CodecError(f"slice bounds must be integers or None, got {type(v).__name__}")


def encode(obj, *, buffers: list | None = None, threshold: int = OOB_THRESHOLD,
           convert: Callable | None = None) -> bytes:
    """msgpack bytes for ``obj``.

    With ``buffers`` (a list), arrays of at least ``threshold`` bytes are appended to it as
    memoryviews instead of being copied into the document. ``convert(obj)`` is tried for values
    the codec does not know (the worker turns native tensors into arrays or handles with it); it
    returns a replacement value, or ``obj`` itself to decline.
    """
    fast = _fast
    if fast is not None:  # None: a value the C path leaves to the code below
        out = fast.encode(obj, -1 if buffers is None else max(threshold, 0))
        if out is not None:
            return out
    enc = getattr(_local, "enc", None)
    if enc is None or enc.busy:
        enc = _Encoder(None, threshold, None)
        if getattr(_local, "enc", None) is None:
            _local.enc = enc
    enc.buffers, enc.threshold, enc.convert, enc.busy = buffers, threshold, convert, True
    try:
        return enc.pack(obj)
    finally:
        enc.buffers = enc.convert = None
        enc.busy = False


_local = threading.local()


# ---------------------------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------------------------

def _shape(shape) -> tuple:
    if not isinstance(shape, list) or len(shape) > MAX_NDIM:
        raise CodecError(f"array shape must be a list of at most {MAX_NDIM} sizes, got {shape!r:.80}")
    for s in shape:
        if type(s) is not int or s < 0:
            raise CodecError(f"array sizes must be non-negative integers, got {shape!r:.80}")
    return tuple(shape)


_MAX_ARRAY_BYTES = 2**63 - 1  # NumPy's ceiling for size * itemsize (sizes of 0 aside)


def _array_from(buf, offset: int, dtype_name, shape) -> np.ndarray:
    if not isinstance(dtype_name, str):
        raise CodecError("array dtype must be a name")
    dt = dtype_of(dtype_name)
    shape = _shape(shape)
    count = math.prod(shape)
    avail = len(buf) - offset
    if count * dt.itemsize != avail:
        raise CodecError(f"array of dtype {dtype_name} and shape {shape!r:.200} needs "
                         f"{count * dt.itemsize} bytes, the message holds {avail}")
    if not count and math.prod(s for s in shape if s) * dt.itemsize > _MAX_ARRAY_BYTES:
        raise CodecError(f"array shape {shape!r:.200} is too large for an array of {dtype_name}")
    return np.frombuffer(buf, dtype=dt, count=count, offset=offset).reshape(shape)


def _inline(a: np.ndarray) -> np.ndarray:
    """An inline array (a read-only view of the message), or a read-only aligned copy of it where
    its bytes sit at an address its dtype is not aligned to: NumPy runs every operation on an
    unaligned array through slow buffered loops (2-3x, measured in docs/rpc.md). Inline arrays
    are small (under the out-of-band threshold), so the copy costs little; out-of-band arrays
    stay views (no copy of large arrays)."""
    if a.flags.aligned:
        return a
    a = a.copy()
    a.flags.writeable = False
    return a


# -- bounds --------------------------------------------------------------------------------------
#: containers (lists, tuples, maps) nested deeper than this are refused
MAX_DEPTH = 64
#: msgpack objects in one message (every value, key, container and extension counts one)
MAX_ITEMS = 1_000_000
#: bytes of one msgpack document: gRPC's own ceiling for a message (2 GiB - 1, ``--max-message-mb``
#: is at most 2047)
MAX_BYTES = 2047 * 2**20
#: bytes of an extension whose payload is a small msgpack header (array, handle, slice) or a name
MAX_HEADER_BYTES = 4096
_MAX_NAME_BYTES = 32
#: tuple payloads nested deeper than this are decoded with a heap-allocated ``msgpack.Unpacker``:
#: ``msgpack.unpackb`` keeps its parse stack (about 45 KB) on the C stack, so recursing through it
#: for each tuple level overflowed a 1 MiB thread stack at 32 levels and the main thread's 8 MiB
#: at about 180 (SIGSEGV). With this split a message nested 64 deep decodes in a 256 KiB thread.
_SHALLOW_TUPLES = 2

# msgpack first byte -> size of a fixed-size object (0: anything else)
_FIXED = [0] * 256
for _b in range(0x00, 0x80):
    _FIXED[_b] = 1  # positive fixint
for _b in range(0xE0, 0x100):
    _FIXED[_b] = 1  # negative fixint
for _b in range(0xA0, 0xC0):
    _FIXED[_b] = 1 + (_b & 0x1F)  # fixstr
for _b, _n in ((0xC0, 1), (0xC2, 1), (0xC3, 1), (0xCA, 5), (0xCB, 9), (0xCC, 2), (0xCD, 3),
               (0xCE, 5), (0xCF, 9), (0xD0, 2), (0xD1, 3), (0xD2, 5), (0xD3, 9)):
    _FIXED[_b] = _n
# msgpack first byte -> objects in a fixarray / fixmap (a map's keys and values; -1: not one)
_FIXCOUNT = [-1] * 256
for _b in range(0x80, 0x90):
    _FIXCOUNT[_b] = 2 * (_b & 0x0F)
for _b in range(0x90, 0xA0):
    _FIXCOUNT[_b] = _b & 0x0F
# other first bytes -> (kind, width of the length or count, fixed extension payload length)
_OTHER = {0xC4: ("bytes", 1, 0), 0xC5: ("bytes", 2, 0), 0xC6: ("bytes", 4, 0),
          0xD9: ("bytes", 1, 0), 0xDA: ("bytes", 2, 0), 0xDB: ("bytes", 4, 0),
          0xDC: ("list", 2, 0), 0xDD: ("list", 4, 0), 0xDE: ("map", 2, 0), 0xDF: ("map", 4, 0),
          0xC7: ("ext", 1, 0), 0xC8: ("ext", 2, 0), 0xC9: ("ext", 4, 0), 0xD4: ("ext", 0, 1),
          0xD5: ("ext", 0, 2), 0xD6: ("ext", 0, 4), 0xD7: ("ext", 0, 8), 0xD8: ("ext", 0, 16)}
# every byte that can start a container or an extension: a document with at most `max_depth` of
# them cannot nest deeper than that, whatever the rest of its bytes mean
_OPENERS = bytes(sorted(set(range(0x80, 0xA0)) | {0xDC, 0xDD, 0xDE, 0xDF}
                        | {b for b, (k, _, _) in _OTHER.items() if k == "ext"}))
_SMALL_DOC = 2048  # documents up to this size are first counted for openers (one C-speed pass)
# size -> every first byte of a fixed-size object of that size (to skip uniform containers whole)
_SAME_SIZE = {f: bytes(b for b in range(256) if _FIXED[b] == f) for f in set(_FIXED) if f}


def _uint(data, i: int, width: int, n: int) -> int:
    if i + width > n:
        raise IndexError
    return int.from_bytes(data[i:i + width], "big")


def check_bounds(data, *, max_depth: int = MAX_DEPTH, max_items: int = MAX_ITEMS,
                 max_bytes: int = MAX_BYTES):
    """Raise :class:`CodecError` unless the msgpack document ``data`` is one value within the
    bounds: at most ``max_bytes`` bytes, containers nested at most ``max_depth`` deep (tuples,
    which are msgpack documents inside extensions, included) and at most ``max_items`` objects.
    Returns ``data`` as bytes or a byte-format memoryview (what was checked).

    A single pass over the bytes without recursion and without building anything (strings,
    binaries and the payloads of non-tuple extensions are skipped by their declared length), so
    a hostile message is refused before the C unpacker, and the hooks that recurse for tuples,
    ever see it. Container counts are checked when a container is opened, before its items.
    """
    c = data.__class__
    if c is bytes or c is bytearray:
        n = len(data)
    else:
        try:
            if c is not memoryview:
                data = memoryview(data)
            if data.format != "B" or data.ndim != 1:
                data = data.cast("B")
        except (TypeError, ValueError):
            raise CodecError(f"a message is bytes or a contiguous buffer, not "
                             f"{type(data).__name__}") from None
        n = data.nbytes
    if n > max_bytes:
        raise CodecError(f"message of {n} bytes exceeds the limit of {max_bytes} bytes")
    if n <= max_items:
        # every object takes at least a byte, and every level of nesting one of the opener bytes
        if n <= max_depth:
            return data
        if n <= _SMALL_DOC:
            raw = data if c is bytes else bytes(data)
            if n - len(raw.translate(None, _OPENERS)) <= max_depth:
                return data
    fixed, fixcount, other = _FIXED, _FIXCOUNT, _OTHER
    i = 0
    items = 1
    left = 1  # objects still to read in the innermost open container (the document: one)
    stack: list = []  # per open container: (objects left in its parent, end of a tuple payload)
    end = -1
    try:
        while True:
            while left:
                left -= 1
                b = data[i]
                f = fixed[b]
                if f:
                    i += f
                    continue
                count = fixcount[b]
                sub_end = -1
                if count >= 0:
                    i += 1
                else:
                    kind, w, size = other.get(b, ("reserved", 0, 0))
                    if kind == "bytes":
                        size = _uint(data, i + 1, w, n)
                        i += 1 + w + size
                        continue
                    if kind == "list":
                        count, i = _uint(data, i + 1, w, n), i + 1 + w
                    elif kind == "map":
                        count, i = 2 * _uint(data, i + 1, w, n), i + 1 + w
                    elif kind == "ext":
                        if w:
                            size = _uint(data, i + 1, w, n)
                        code = data[i + 1 + w]
                        i += 2 + w
                        if i + size > n:
                            raise CodecError(f"malformed msgpack message: an extension "
                                             f"declares {size} bytes, {n - i} are left")
                        if code != EXT_TUPLE:
                            i += size
                            continue
                        # a tuple: its payload is one msgpack list, read in place as a container
                        sub_end = i + size
                        b = data[i] if size else 0
                        if 0x90 <= b <= 0x9F:
                            count, i = b & 0x0F, i + 1
                        elif b == 0xDC or b == 0xDD:
                            w = 2 if b == 0xDC else 4
                            count, i = _uint(data, i + 1, w, sub_end), i + 1 + w
                        else:
                            raise CodecError("malformed tuple extension (expected a list)")
                    else:  # 0xC1, the one byte msgpack never uses
                        raise CodecError(f"malformed msgpack message: reserved byte 0x{b:02x} "
                                         f"at offset {i}")
                # a container of `count` objects: one level deeper
                depth = len(stack) + 1
                if depth > max_depth:
                    raise CodecError(f"nesting depth {depth} exceeds the limit of {max_depth}")
                items += count
                if items > max_items:
                    raise CodecError(f"element count {items} exceeds the limit of {max_items}")
                if count > n - i:
                    raise CodecError(f"malformed msgpack message: a container declares {count} "
                                     f"objects, {n - i} bytes are left")
                if count >= 8:
                    # all items fixed-size scalars of one size (a list of floats, say)? Then
                    # skip them in one C-speed check (its span is at most 9 bytes an item, so
                    # the checks of a message add up to at most 9 * max_items bytes)
                    f = fixed[data[i]]
                    if f and i + f * count <= n:
                        firsts = data[i:i + f * count:f]
                        if firsts.__class__ is memoryview:
                            firsts = firsts.tobytes()
                        if not firsts.translate(None, _SAME_SIZE[f]):
                            i += f * count
                            count = 0
                stack.append((left, end))
                left, end = count, sub_end
            # the innermost container is complete
            if end >= 0 and i != end:
                raise CodecError("malformed tuple extension (payload is not one list)")
            if not stack:
                break
            left, end = stack.pop()
    except IndexError:
        raise CodecError("malformed msgpack message: truncated") from None
    if i != n:
        raise CodecError("malformed msgpack message: truncated" if i > n else
                         f"malformed msgpack message: {n - i} extra bytes after the value")
    return data


def _unpack_tuple(data: bytes, hook, depth: int) -> tuple:
    if depth <= _SHALLOW_TUPLES:
        v = msgpack.unpackb(data, ext_hook=hook, raw=False, strict_map_key=False)
    else:  # the parse stack on the heap: a few hundred bytes of C stack per level, not 45 KB
        u = msgpack.Unpacker(ext_hook=hook, raw=False, strict_map_key=False,
                             max_buffer_size=max(len(data), 1))
        u.feed(data)
        v = u.unpack()
        if u.tell() != len(data):
            raise CodecError("malformed tuple extension (extra bytes)")
    if not isinstance(v, list):
        raise CodecError("malformed extension payload (expected a list)")
    return tuple(v)


def _plain_list(data: bytes) -> list:
    if len(data) > MAX_HEADER_BYTES:
        raise CodecError(f"extension header of {len(data)} bytes exceeds the limit of "
                         f"{MAX_HEADER_BYTES} bytes")
    try:
        v = msgpack.unpackb(data, raw=False)
    except Exception as e:
        raise CodecError(f"malformed extension payload: {e}") from e
    if not isinstance(v, list):
        raise CodecError("malformed extension payload (expected a list)")
    return v


def decode(data, *, buffers=None, array_hook: Callable | None = None,
           handle_hook: Callable | None = None, max_depth: int = MAX_DEPTH,
           max_items: int = MAX_ITEMS, max_bytes: int = MAX_BYTES):
    """The value encoded in ``data`` (bytes or a memoryview), reading out-of-band arrays from
    ``buffers``. ``array_hook(np_array)`` and ``handle_hook(Ref)`` may replace decoded arrays and
    handles as they are met (the worker makes native tensors with them). Raises CodecError, also
    when the message is beyond the bounds (see :func:`check_bounds`: nesting depth, number of
    objects, bytes), which are checked before anything is decoded.
    """
    fast = _fast
    if fast is not None:  # NotImplemented: a document the C path leaves to the code below
        value = fast.decode(data, array_hook, max_depth, max_items, max_bytes)
        if value is not NotImplemented:
            return value
    data = check_bounds(data, max_depth=max_depth, max_items=max_items, max_bytes=max_bytes)
    tuple_depth = 0

    def hook(code, payload):
        nonlocal tuple_depth
        if code == EXT_ARRAY:
            if len(payload) < 4:
                raise CodecError("malformed array extension (too short)")
            (n,) = _HDR.unpack_from(payload)
            if 4 + n > len(payload):
                raise CodecError("malformed array extension (header longer than payload)")
            raw_hdr = payload[4:4 + n]
            known = _HEADERS.get(raw_hdr)
            if known is None:
                hdr = _plain_list(raw_hdr)
                if len(hdr) != 2:
                    raise CodecError("malformed array extension header")
                a = _inline(_array_from(payload, 4 + n, hdr[0], hdr[1]))
                if len(_HEADERS) < 4096:
                    _HEADERS[raw_hdr] = (a.dtype, a.shape, a.size, a.nbytes)
            else:
                dt, shape, count, nbytes = known
                if len(payload) - 4 - n != nbytes:
                    raise CodecError(f"array of dtype {dt} and shape {shape} needs {nbytes} "
                                     f"bytes, the message holds {len(payload) - 4 - n}")
                # read-only: `payload` is bytes (the unpacker's copy of the extension)
                a = _inline(np.ndarray(shape, dt, payload, 4 + n))
            return array_hook(a) if array_hook is not None else a
        if code == EXT_ARRAY_OOB:
            hdr = _plain_list(payload)
            if len(hdr) != 3 or type(hdr[2]) is not int:
                raise CodecError("malformed out-of-band array extension")
            idx = hdr[2]
            if buffers is None or not 0 <= idx < len(buffers):
                raise CodecError(f"array refers to buffer {idx}, the message has "
                                 f"{0 if buffers is None else len(buffers)}")
            a = _array_from(buffers[idx], 0, hdr[0], hdr[1])
            return array_hook(a) if array_hook is not None else a
        if code == EXT_TUPLE:
            # check_bounds has bounded this already; the count guards the C stack regardless
            if tuple_depth >= max_depth:
                raise CodecError(f"nesting depth {tuple_depth + 1} exceeds the limit of "
                                 f"{max_depth}")
            tuple_depth += 1
            try:
                return _unpack_tuple(payload, hook, tuple_depth)
            finally:
                tuple_depth -= 1
        if code == EXT_COMPLEX:
            if len(payload) != _CPLX.size:
                raise CodecError("malformed complex extension")
            return complex(*_CPLX.unpack(payload))
        if code == EXT_SLICE:
            parts = _plain_list(payload)
            if len(parts) != 3 or any(p is not None and type(p) is not int for p in parts):
                raise CodecError("malformed slice extension")
            return slice(*parts)
        if code == EXT_ELLIPSIS:
            return Ellipsis
        if code == EXT_DTYPE:
            if len(payload) > _MAX_NAME_BYTES:
                raise CodecError(f"malformed dtype extension ({len(payload)} bytes)")
            try:
                name = bytes(payload).decode()
            except UnicodeDecodeError as e:
                raise CodecError("malformed dtype extension") from e
            return dtype_of(name)
        if code == EXT_HANDLE:
            parts = _plain_list(payload)
            if len(parts) != 3 or not isinstance(parts[0], str) or not isinstance(parts[1], str):
                raise CodecError("malformed handle extension")
            ref = Ref(parts[0], parts[1], tuple(_shape(parts[2])))
            return handle_hook(ref) if handle_hook is not None else ref
        raise CodecError(f"unknown msgpack extension type {code}")

    try:
        return msgpack.unpackb(data, ext_hook=hook, raw=False, strict_map_key=False)
    except CodecError:
        raise
    except RecursionError as e:
        raise CodecError("message nested too deeply") from e
    except (ValueError, TypeError, OverflowError, BufferError, msgpack.UnpackException,
            msgpack.ExtraData) as e:
        raise CodecError(f"malformed msgpack message: {type(e).__name__}: {e}") from e
    finally:
        # `hook` refers to itself (tuples recurse through it), a cycle that would keep `buffers`
        # (the whole request) alive until the cycle collector runs
        hook = None  # noqa: F841


_fast_init()
