"""JAX target: what the output itself needs (the rest comes from the jax backend)."""

from __future__ import annotations

from ..ir import walk
from .base import LITERAL_MAX, Emitter, b64, list_literal, literal_shape

_WIDE = frozenset({"int64", "uint64", "float64", "complex128"})


class JaxEmitter(Emitter):
    target = "jax"
    # JAX's integers are 32-bit unless x64 is on, so a JAX caller (jax.grad, jit, jnp.arange)
    # hands int32 where the example was int64: every int32 value is an int64 value, so the
    # input is widened exactly (inside the x64 body) and the code runs as it was verified.
    # Never floats: float32 inputs are other values than the float64 example's.
    widen_input = (
        '    if shape_ok and dtype in ("int64", "uint64") and got_dtype == dtype[:-2] + "32":\n'
        '        return x.astype(dtype)  # JAX\'s 32-bit integers, widened exactly\n')

    def __init__(self, graph, fname: str):
        # loading Ivy's jax backend turns on x64 (it needs it); emitting must not change the
        # user's JAX: give the setting back
        import jax
        before = jax.config.jax_enable_x64
        try:
            super().__init__(graph, fname)
        finally:
            if jax.config.jax_enable_x64 != before:
                jax.config.update("jax_enable_x64", before)

    def wrap_body(self, body: list[str]) -> list[str]:
        """A program with 64-bit values needs JAX's x64 mode (else int64 silently becomes int32):
        the function runs its body under ``jax.enable_x64(True)`` — scoped, so importing or
        calling it does not change the rest of the user's JAX."""
        wide = any(d in _WIDE for n in walk(self.g) for _, d in (n.outputs or ()))
        if not wide:
            return body
        return (["    with jax.enable_x64(True):  # int64/float64 values: JAX needs x64 here"]
                + ["    " + line for line in body])

    def compiled_function(self, v, hint) -> str | None:
        """A backend helper under a plain ``@jax.jit`` (no static or donated arguments, no
        shardings: those are options the copy would lose): its function copied, jitted again."""
        info = getattr(v, "_jit_info", None)
        fn = getattr(v, "__wrapped__", None)
        if info is None or fn is None or not self.copyable(fn) or info.static_argnums or \
                info.static_argnames or info.donate_argnums or info.donate_argnames or \
                info.user_specified_in_shardings or info.device is not None or \
                info.backend is not None or info.keep_unused or info.inline or \
                info.compiler_options_kvs:
            return None
        inner = self.copy_function(fn, f"{hint}_fn")
        self.need_import("import jax")
        return self.define(hint, lambda n: f"{n} = jax.jit({inner})\n")

    def constant(self, value) -> str:
        if value.dtype.name in _WIDE:
            # a module-level jnp array would be made without x64 (and truncated to 32 bits):
            # keep 64-bit constants as NumPy arrays, which the x64 body converts exactly
            self.need_import("import numpy as np")
            make = self.done.get("wide-constant")
            if make is None:
                make = self.done["wide-constant"] = self.define(
                    "_wide", lambda n: f"def {n}(a):  # a 64-bit constant, made under x64\n"
                                       "    with jax.enable_x64(True):\n"
                                       "        return jnp.asarray(a)\n")
            if value.size <= LITERAL_MAX:
                return f"{make}(np.array({list_literal(value)}, dtype=np.{value.dtype.name}){literal_shape(value)})"
            self.need_import("import base64")
            return (f"{make}(np.frombuffer(base64.b64decode({b64(value)}), "
                    f"dtype=np.{value.dtype.name}).reshape({tuple(value.shape)}))")
        dt = self.dtype(value.dtype.name)
        if value.size <= LITERAL_MAX:
            return f"jnp.array({list_literal(value)}, dtype={dt}){literal_shape(value)}"
        self.need_import("import base64")
        return (f"jnp.frombuffer(base64.b64decode({b64(value)}), dtype={dt})"
                f".reshape({tuple(value.shape)})")
