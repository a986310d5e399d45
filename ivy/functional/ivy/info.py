"""``ivy.__array_namespace_info__()``: what the current backend supports (Array API inspection)."""

from __future__ import annotations

from ivy import dtypes as _d
from ivy.backend_handler import current_backend
from ivy.devices import default_device as _default_device
from ivy.func_wrapper import register

_KIND_NAMES = {
    "bool": (_d.bool,), "signed integer": _d.SIGNED, "unsigned integer": _d.UNSIGNED,
    "integral": _d.INTEGER, "real floating": (_d.float32, _d.float64),
    "complex floating": _d.COMPLEX, "numeric": _d.INTEGER + (_d.float32, _d.float64) + _d.COMPLEX,
}


class Info:
    """The inspection namespace; answers for the backend in use when it is called."""

    __module__ = "ivy"

    def capabilities(self) -> dict:
        return dict(current_backend().CAPABILITIES)

    def default_device(self) -> str:
        return _default_device()

    def default_dtypes(self, *, device=None) -> dict:
        return {"real floating": _d.default_float_dtype(), "complex floating":
                _d.default_complex_dtype(), "integral": _d.default_int_dtype(),
                "indexing": _d.default_int_dtype()}

    def devices(self) -> tuple:
        return tuple(current_backend().devices())

    def dtypes(self, *, device=None, kind=None) -> dict:
        supported = [d for d in current_backend().SUPPORTED_DTYPES if d in _d.STANDARD]
        if kind is None:
            return {str(d): d for d in supported}
        kinds = kind if isinstance(kind, tuple) else (kind,)
        wanted = set()
        for k in kinds:
            if isinstance(k, str) and not isinstance(k, _d.Dtype) and k in _KIND_NAMES:
                wanted.update(_KIND_NAMES[k])
            elif isinstance(k, str) and not isinstance(k, _d.Dtype) and k not in _d.BY_NAME:
                raise ValueError(f"unknown dtype kind {k!r}; kinds: {', '.join(_KIND_NAMES)}")
            else:
                wanted.add(_d.as_ivy_dtype(k))
        return {str(d): d for d in supported if d in wanted}


@register
def __array_namespace_info__() -> Info:
    """The Array API inspection namespace for the current backend."""
    return Info()
