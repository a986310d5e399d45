"""``numpy.result_type``, ``promote_types``, ``can_cast``: NumPy 2's type promotion (asked of
NumPy's resolver, metadata only).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import numpy as _rnp

from . import _core
from ._base import _bool, _complex, _float, _int
from ._core import (
    BY_NAME,
    dtype,
    probe_key,
    to_dtype,
)


# =============================================================================== dtypes
def result_type(*arrays_and_dtypes):
    ks = []
    for o in arrays_and_dtypes:
        if isinstance(o, (dtype, str)) or (isinstance(o, type) and o not in (_int, _float,
                                                                               _complex, _bool)):
            ks.append(to_dtype(o).name)
        elif isinstance(o, type):
            ks.append(to_dtype(o).name)
        else:
            ks.append(probe_key(o))
    return BY_NAME[_core.result_type_keys(*ks)]


def promote_types(type1, type2):
    return BY_NAME[_rnp.promote_types(to_dtype(type1)._np, to_dtype(type2)._np).name]


def can_cast(from_, to, casting="safe"):
    if isinstance(from_, (_int, _float, _complex)) and not isinstance(from_, _bool):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because "
                        "the result used to depend on the value.")
    f = to_dtype(from_)
    return _bool(_rnp.can_cast(f._np, to_dtype(to)._np, casting))
