"""NumPy target: what the output itself needs (the rest comes from the numpy backend)."""

from __future__ import annotations

from .base import LITERAL_MAX, Emitter, b64, list_literal, literal_shape


class NumpyEmitter(Emitter):
    target = "numpy"
    numpy_scalars = True  # NumPy reductions give scalars; the graph's values are 0-d arrays

    def copied(self, x: str) -> str:
        return f"{x}.copy()"

    def constant(self, value) -> str:
        dt = self.dtype(value.dtype.name)
        if value.size <= LITERAL_MAX:
            return f"np.array({list_literal(value)}, dtype={dt}){literal_shape(value)}"
        self.need_import("import base64")
        return (f"np.frombuffer(base64.b64decode({b64(value)}), dtype={dt})"
                f".reshape({tuple(value.shape)}).copy()")
