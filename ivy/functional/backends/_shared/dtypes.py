"""The one dtype-table builder every backend's ``dtypes.py`` calls.

``build(native_of, names, overrides=..., scalar_types=...)`` maps each Ivy dtype the backend has
(``names``: its descriptor's ``dtypes``) to the framework's dtype object, and builds the lookup ``as_native_dtype`` uses: keyed by Ivy dtypes/names and by the
native dtype objects themselves (and their scalar types where the framework has them: NumPy and
JAX dtypes' ``.type``), so converting a native dtype costs one dict lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ivy import dtypes as _d


def build(native_of: Callable[[str], object], names, *,
          overrides: Mapping[str, object] | None = None,
          scalar_types: bool = False) -> tuple[tuple, dict, dict]:
    """``(SUPPORTED_DTYPES, NATIVE, LOOKUP)``: the backend's Ivy dtypes, Ivy dtype -> native
    dtype, and every accepted key -> native dtype.

    ``names`` are the Ivy dtype names the backend has (its descriptor's ``dtypes``);
    ``native_of(name)`` gives the native dtype for one ("float32"); ``overrides`` gives it where
    the name does not work (NumPy's bfloat16 from ml_dtypes)."""
    overrides = overrides or {}
    supported = tuple(_d.as_ivy_dtype(n) for n in names)
    native = {d: overrides[str(d)] if str(d) in overrides else native_of(str(d))
              for d in supported}
    lookup = {**native, **{v: v for v in native.values()}}
    if scalar_types:
        lookup.update({v.type: v for v in native.values()})
    return supported, native, lookup


def as_native(native: dict, lookup: dict, dtype):
    """The native dtype for an Ivy dtype, a name, or any framework's dtype (``None`` stays).
    Bound per backend: ``as_native_dtype = partial(as_native, _NATIVE, _LOOKUP)``."""
    if dtype is None:
        return None
    try:
        return lookup[dtype]
    except (KeyError, TypeError):
        return native[_d.as_ivy_dtype(dtype)]
