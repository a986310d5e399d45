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
        raise CodecError(f"unsupported dtype {name!r}; allowed: {', '.join(DTYPE_NAMES)}")
    d = _bfloat16() if name == "bfloat16" else np.dtype(name)
    _DTYPES[name] = d
    return d


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
        if dt.byteorder == ">" or not a.flags.c_contiguous:
            a = normalise(a)
            dt = a.dtype
        if self.buffers is not None and a.nbytes >= self.threshold:
            self.buffers.append(_raw(a))
            return msgpack.ExtType(EXT_ARRAY_OOB, msgpack.packb(
                [_name_of(dt), list(a.shape), len(self.buffers) - 1]))
        key = (dt, a.shape)
        prefix = _PREFIX.get(key)
        if prefix is None:
            hdr = msgpack.packb([_name_of(dt), list(a.shape)])
            prefix = _HDR.pack(len(hdr)) + hdr
            if len(_PREFIX) < 4096:
                _PREFIX[key] = prefix
        return msgpack.ExtType(EXT_ARRAY, prefix + a.tobytes())

    def default(self, obj):
        c = obj.__class__
        if c is np.ndarray:
            return self.array(obj)
        if c is tuple:
            return msgpack.ExtType(EXT_TUPLE, self._nested(list(obj)))
        if c is complex:
            return msgpack.ExtType(EXT_COMPLEX, _CPLX.pack(obj.real, obj.imag))
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
            return msgpack.ExtType(EXT_TUPLE, self._nested(list(obj)))
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


def _array_from(buf, offset: int, dtype_name, shape) -> np.ndarray:
    if not isinstance(dtype_name, str):
        raise CodecError("array dtype must be a name")
    dt = dtype_of(dtype_name)
    shape = _shape(shape)
    count = math.prod(shape)
    avail = len(buf) - offset
    if count * dt.itemsize != avail:
        raise CodecError(f"array of dtype {dtype_name} and shape {shape} needs "
                         f"{count * dt.itemsize} bytes, the message holds {avail}")
    return np.frombuffer(buf, dtype=dt, count=count, offset=offset).reshape(shape)


def _unpack_list(data: bytes, hook) -> list:
    v = msgpack.unpackb(data, ext_hook=hook, raw=False, strict_map_key=False)
    if not isinstance(v, list):
        raise CodecError("malformed extension payload (expected a list)")
    return v


def _plain_list(data: bytes) -> list:
    try:
        v = msgpack.unpackb(data, raw=False)
    except Exception as e:
        raise CodecError(f"malformed extension payload: {e}") from e
    if not isinstance(v, list):
        raise CodecError("malformed extension payload (expected a list)")
    return v


def decode(data, *, buffers=None, array_hook: Callable | None = None,
           handle_hook: Callable | None = None):
    """The value encoded in ``data`` (bytes or a memoryview), reading out-of-band arrays from
    ``buffers``. ``array_hook(np_array)`` and ``handle_hook(Ref)`` may replace decoded arrays and
    handles as they are met (the worker makes native tensors with them). Raises CodecError.
    """
    def hook(code, payload):
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
                a = _array_from(payload, 4 + n, hdr[0], hdr[1])
                if len(_HEADERS) < 4096:
                    _HEADERS[raw_hdr] = (a.dtype, a.shape, a.size, a.nbytes)
            else:
                dt, shape, count, nbytes = known
                if len(payload) - 4 - n != nbytes:
                    raise CodecError(f"array of dtype {dt} and shape {shape} needs {nbytes} "
                                     f"bytes, the message holds {len(payload) - 4 - n}")
                a = np.frombuffer(payload, dtype=dt, count=count, offset=4 + n).reshape(shape)
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
            return tuple(_unpack_list(payload, hook))
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
            try:
                name = bytes(payload).decode()
            except UnicodeDecodeError as e:
                raise CodecError("malformed dtype extension") from e
            return dtype_of(name)
        if code == EXT_HANDLE:
            parts = _plain_list(payload)
            if len(parts) != 3 or not isinstance(parts[0], str):
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
    except (ValueError, TypeError, msgpack.UnpackException, msgpack.ExtraData) as e:
        raise CodecError(f"malformed msgpack message: {type(e).__name__}: {e}") from e
