"""``jax.numpy`` dtype functions and predicates (``astype``, ``result_type``, ``promote_types``,
``issubdtype``, ``finfo``, ``isscalar``, ...).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import numpy as np

import ivy

from .. import _core
from .._array import Array, asarray, typed
from .._core import promote, to_name
from ._base import _a, _kind


def astype(x, dtype, /, *, copy=False, device=None):
    return asarray(x).astype(dtype)


def copy(a, order=None):
    return _a(a).copy()


def result_type(*args):
    return _core.np_dtype(promote(*[typed(a) if not _is_dtype(a) else (to_name(a), False)
                                    for a in args])[0])


def _is_dtype(a):
    if isinstance(a, (_core._ScalarMeta, np.dtype, str)):
        return True
    return isinstance(a, type)


def promote_types(a, b):
    return _core.np_dtype(_core.promote_types(a, b))


def can_cast(from_, to, casting="safe"):
    return np.can_cast(_core.np_dtype(to_name(from_.dtype if isinstance(from_, Array) else from_,
                                              False)), _core.np_dtype(to_name(to, False)), casting)


def dtype(obj, align=False, copy=False):
    if isinstance(obj, _core._ScalarMeta):
        return obj.dtype
    return _core.np_dtype(to_name(obj, canonical=False))


def issubdtype(arg1, arg2):
    if isinstance(arg2, type) and not isinstance(arg2, _core._ScalarMeta) and \
            issubclass(arg2, np.generic):
        try:
            if to_name(arg1, False) == "bfloat16":  # JAX: bfloat16 is a floating type
                return issubclass(np.floating, arg2)
        except (TypeError, KeyError):
            pass
    try:
        return np.issubdtype(arg1.dtype if isinstance(arg1, _core._ScalarMeta) else arg1,
                             arg2.dtype if isinstance(arg2, _core._ScalarMeta) else arg2)
    except TypeError:
        return False


def isdtype(dtype, kind):
    return ivy.isdtype(to_name(dtype, False), kind)


def iscomplexobj(x):
    return _kind(_a(x)) == "c"


def isrealobj(x):
    return not iscomplexobj(x)


def isscalar(element):
    if isinstance(element, Array):
        return element.ndim == 0
    return np.isscalar(element)


def finfo(dtype):
    return np.finfo(_core.np_dtype(to_name(dtype, False)))


def iinfo(int_type):
    return np.iinfo(_core.np_dtype(to_name(int_type, False)))


def issubsctype(arg1, arg2):
    return issubdtype(arg1, arg2)


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


array_str = np.array_str  # NumPy's, as in JAX
ComplexWarning = np.exceptions.ComplexWarning
