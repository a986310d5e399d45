"""TensorFlow target: what the output itself needs (the rest comes from the tensorflow backend)."""

from __future__ import annotations

import numpy as np

from .base import LITERAL_MAX, Emitter, b64, list_literal


class TensorflowEmitter(Emitter):
    target = "tensorflow"

    def framework_dtype(self, v) -> str | None:
        import tensorflow as tf

        return f"tf.{v.name}" if isinstance(v, tf.dtypes.DType) else None

    def constant(self, value) -> str:
        dt = self.dtype(value.dtype.name)
        if value.size <= LITERAL_MAX:
            if value.ndim == 0 and value.dtype.kind in "fc" and _negative_zero(value):
                # TF caches eager scalar constants by value, and -0.0 == 0.0: a scalar -0.0
                # literal can come back as a cached +0.0; a 1-element list is not cached
                return f"tf.reshape(tf.constant([{list_literal(value)}], dtype={dt}), ())"
            shape = f", shape={tuple(value.shape)}" if value.size == 0 else ""
            return f"tf.constant({list_literal(value)}, dtype={dt}{shape})"
        self.need_import("import base64")
        return (f"tf.reshape(tf.io.decode_raw(base64.b64decode({b64(value)}), {dt}), "
                f"{tuple(value.shape)})")


def _negative_zero(value) -> bool:
    parts = (value.real, value.imag) if value.dtype.kind == "c" else (value,)
    return any(bool(p == 0 and np.signbit(p)) for p in parts)
