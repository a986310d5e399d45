"""PyTorch target: what the output itself needs (the rest comes from the torch backend)."""

from __future__ import annotations

from .base import LITERAL_MAX, Emitter, b64, list_literal, literal_shape


class TorchEmitter(Emitter):
    target = "torch"

    def copied(self, x: str) -> str:
        return f"{x}.clone()"

    def framework_dtype(self, v) -> str | None:
        import torch

        return str(v) if isinstance(v, torch.dtype) else None

    def constant(self, value) -> str:
        dt = self.dtype(value.dtype.name)
        if value.size <= LITERAL_MAX:
            return f"torch.tensor({list_literal(value)}, dtype={dt}){literal_shape(value)}"
        self.need_import("import base64")
        return (f"torch.frombuffer(bytearray(base64.b64decode({b64(value)})), dtype={dt})"
                f".reshape({tuple(value.shape)})")
