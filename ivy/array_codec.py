"""One array codec for Ivy: an array is (dtype name, shape, raw little-endian row-major bytes).

The KServe/Triton tensor form. Used by the graph serialisation (:mod:`ivy.tracer.serialize`) and
by anything else in ``ivy`` that stores or sends arrays; bfloat16 goes through ``ml_dtypes``, so it
is exact. (The RPC client, ``ivy_client.codec``, cannot import ``ivy`` and has its own msgpack
framing of the same three fields.)
"""

from __future__ import annotations

import numpy as np


def np_dtype(name: str) -> np.dtype:
    """The NumPy dtype of Ivy dtype ``name`` (bfloat16 through ml_dtypes)."""
    if name == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def encode_array(a) -> tuple[str, list[int], bytes]:
    """``(dtype name, shape, raw little-endian row-major bytes)`` of NumPy array ``a``."""
    a = np.ascontiguousarray(a)
    dt = a.dtype
    if dt.byteorder == ">":
        a = a.astype(dt.newbyteorder("<"))
    return ("bfloat16" if dt.name == "bfloat16" else dt.name), list(a.shape), a.tobytes()


def decode_array(dtype: str, shape, data: bytes) -> np.ndarray:
    """The NumPy array (a writable copy) that :func:`encode_array` encoded; checks the size."""
    dt = np_dtype(dtype)
    shape = tuple(int(s) for s in shape)
    n = int(np.prod(shape, dtype=np.int64))
    if len(data) != n * dt.itemsize:
        raise ValueError(f"array of {dtype}{list(shape)} needs {n * dt.itemsize} bytes, "
                         f"got {len(data)}")
    return np.frombuffer(data, dtype=dt.newbyteorder("<")).astype(dt).reshape(shape).copy()
