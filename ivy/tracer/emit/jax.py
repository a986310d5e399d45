"""JAX target: what the output itself needs (the rest comes from the jax backend)."""

from __future__ import annotations

from .base import LITERAL_MAX, Emitter, b64, list_literal


class JaxEmitter(Emitter):
    target = "jax"

    def constant(self, value) -> str:
        dt = self.dtype(value.dtype.name)
        if value.size <= LITERAL_MAX:
            return f"jnp.array({list_literal(value)}, dtype={dt})"
        self.need_import("import base64")
        return (f"jnp.frombuffer(base64.b64decode({b64(value)}), dtype={dt})"
                f".reshape({tuple(value.shape)})")
