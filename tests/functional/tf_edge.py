"""Edge cases for the TensorFlow backend's float reductions, searches and sorts.

TF's CPU kernels flush subnormal floats to zero and its argmax/argmin/sort ignore or misplace NaN,
so the backend checks TF's result and falls back to exact integer-key paths; these inputs drive
both paths, eagerly, inside ``tf.function`` and inside ``tf.function(jit_compile=True)``.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

import ivy

FLOATS = ["float16", "bfloat16", "float32", "float64"]
# (mode, dtype): XLA compiles per shape and dtype, so jit runs on two dtypes only
MODES = [(m, d) for m in ("eager", "function") for d in FLOATS] + [("jit", "float32"),
                                                                    ("jit", "bfloat16")]


def edge_cases(dtype: str) -> list[np.ndarray]:
    """2-d inputs: subnormal extrema, NaN (both signs) beside subnormals and infinities, plain
    normal values (TF's own kernels), zeros of both signs."""
    dt = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    fi = ml_dtypes.finfo(dt)
    s, t, nan, inf = float(fi.smallest_subnormal), float(fi.tiny), float("nan"), float("inf")
    rows = [
        [[s, 0.0, -s], [-s, -2 * s, -0.0]],
        [[1.0, nan, 2.0], [3 * s, s, 2 * s]],
        [[inf, nan, -inf], [-nan, 1.0, t]],
        [[1.5, -2.0, 3.0], [0.25, 7.0, -1.0]],
        [[0.0, -0.0, 5.0], [-t, -s, -inf]],
    ]
    return [np.array(r, dtype=np.float64).astype(dt) for r in rows]


def tf_run(mode: str, fn, xs: list[np.ndarray]) -> list:
    """``fn(native x)`` for each ``x`` (same shape and dtype: traced once) on the tensorflow
    backend, eagerly or traced, as (NumPy array, ivy dtype) pairs."""
    import tensorflow as tf

    with ivy.using_backend("tensorflow"):
        if mode != "eager":
            fn = tf.function(fn, jit_compile=mode == "jit")
        out = []
        for x in xs:
            r = fn(tf.constant(x))
            out.append((r.numpy(), ivy.dtype(r)))
        return out


def assert_exact(got, want) -> None:
    """Equal values (NaN == NaN, -0 == +0), no tolerance: a subnormal is not zero."""
    np.testing.assert_array_equal(np.asarray(got).astype(np.float64),
                                  np.asarray(want).astype(np.float64))
