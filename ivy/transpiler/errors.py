"""The transpiler's error: what failed, on which captured operation, at which line of the user's code."""

from __future__ import annotations

from ..errors import IvyError


class TranspileError(IvyError, RuntimeError):
    """A program could not be converted *and shown correct*.

    ``op`` is the captured source operation (``aten.convolution.default``, ``lax.dot_general``,
    ``numpy.einsum``, ``Conv2D``…) or ``None``; ``line`` the user's ``file:line: code`` that issued
    it; ``detail`` what went wrong (unmapped, mismatch with the difference, data-dependent control
    flow…). The message always names all three, so a failed transpile says where to look.
    """

    def __init__(self, detail: str, *, op: str | None = None, line: str | None = None,
                 source: str | None = None, target: str | None = None):
        self.op, self.line, self.detail = op, line, detail
        self.source, self.target = source, target
        head = "transpile"
        if source or target:
            head += f" {source or '?'} -> {target or '?'}"
        parts = [head + ":"]
        if op:
            parts.append(f"operation {op}")
        if line:
            parts.append(f"at {line}:")
        parts.append(detail)
        super().__init__(" ".join(parts))


__all__ = ["TranspileError"]
