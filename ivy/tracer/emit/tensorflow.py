"""TensorFlow target: what the output itself needs (the rest comes from the tensorflow backend)."""

from __future__ import annotations

from .base import LITERAL_MAX, Emitter, b64, list_literal


class TensorflowEmitter(Emitter):
    target = "tensorflow"

    def framework_dtype(self, v) -> str | None:
        import tensorflow as tf

        return f"tf.{v.name}" if isinstance(v, tf.dtypes.DType) else None

    def constant(self, value) -> str:
        dt = self.dtype(value.dtype.name)
        if value.size <= LITERAL_MAX:
            shape = f", shape={tuple(value.shape)}" if value.size == 0 else ""
            return f"tf.constant({list_literal(value)}, dtype={dt}{shape})"
        self.need_import("import base64")
        return (f"tf.reshape(tf.io.decode_raw(base64.b64decode({b64(value)}), {dt}), "
                f"{tuple(value.shape)})")
