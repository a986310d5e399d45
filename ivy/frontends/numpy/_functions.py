"""``numpy.*`` functions as plain compositions of ``ivy.*`` calls on native arrays, gathered from
the modules that define them by kind (``_ufuncs``, ``_creation``, ``_manipulation``,
``_reductions``, ``_sorting_searching``, ``_linear_algebra``, ``_statistics``, ``_comparison``,
``_dtypes``, ``_promotion``, ``_elementwise``, ``_polynomials``; helpers in ``_base``).

Every function converts its inputs with :func:`_ndarray.native`, asks NumPy's type resolver for
the result dtype (metadata only, see _core), casts, computes with Ivy, and wraps the result
(``ret``: a 0-d result becomes a NumPy scalar, as NumPy returns them). ``from ._functions import
*`` in ``__init__`` is the ``numpy.*`` namespace.
"""
# ruff: noqa: F401 - a gathering module: what it imports is the namespace


from __future__ import annotations

import builtins
import functools
import math
import operator

import numpy as _rnp

import ivy

from . import _core, _ndarray
from ._core import (BY_NAME, AxisError, cast, dtype, dtype_of, norm_axes, norm_axis,
                    not_implemented, probe, probe_key, shape_of, to_dtype)
from ._ndarray import ndarray, native, ret, wrap

from ._base import (
    _BOOL, _F64, _I64, _NO, _abs, _all, _any, _bool, _complex, _dt_name, _float,
    _full_like_native, _int, _keys, _max, _min, _nat, _no_out, _no_where, _range, _sum,
    _zeros_native,
)
from ._promotion import (
    can_cast, promote_types, result_type,
)
from ._ufuncs import (
    UFUNCS, _BINARY, _COMPARISONS, _IDEMPOTENT, _IDENT, _LAYOUT_DEPENDENT_REDUCE, _UNARY,
    _bitwise_count, _bool_to, _cbrt, _deg2rad, _divmod, _exp2, _floor_divide, _fmax, _fmin, _fmod,
    _frexp, _gcd, _heaviside, _int_safe_div, _isfloat, _isposinf, _lcm, _ldexp, _left_shift,
    _logaddexp, _logaddexp2, _maximum, _minimum, _modf, _npy_divmod, _power, _rad2deg,
    _reciprocal, _remainder, _reorderable, _right_shift, _sign, _spacing, _u, abs, absolute, acos,
    acosh, add, angle, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, around, asin,
    asinh, atan, atan2, atanh, bitwise_and, bitwise_count, bitwise_invert, bitwise_left_shift,
    bitwise_not, bitwise_or, bitwise_right_shift, bitwise_xor, cbrt, ceil, clip, conj, conjugate,
    copysign, cos, cosh, deg2rad, degrees, divide, divmod, equal, exp, exp2, expm1, fabs,
    float_power, floor, floor_divide, fmax, fmin, fmod, frexp, gcd, greater, greater_equal,
    heaviside, hypot, imag, invert, isfinite, isinf, isnan, isneginf, isposinf, lcm, ldexp,
    left_shift, less, less_equal, log, log10, log1p, log2, logaddexp, logaddexp2, logical_and,
    logical_not, logical_or, logical_xor, maximum, minimum, mod, modf, multiply, negative,
    nextafter, not_equal, positive, pow, power, rad2deg, radians, real, reciprocal, remainder,
    right_shift, rint, round, sign, signbit, sin, sinc, sinh, spacing, sqrt, square, subtract,
    tan, tanh, true_divide, trunc, ufunc,
)
from ._creation import (
    _has_frontend_array, _like, _nested_to_array, _shape_arg, arange, array, asanyarray, asarray,
    ascontiguousarray, asfortranarray, copy, diag, diagonal, empty, empty_like, eye, fromiter,
    full, full_like, geomspace, identity, linspace, logspace, ones, ones_like, tri, tril, triu,
    zeros, zeros_like,
)
from ._manipulation import (
    _common, _fancy_index, _reduce_or, _size, append, apply_along_axis, apply_over_axes, argwhere,
    array_split, atleast_1d, atleast_2d, atleast_3d, block, broadcast_arrays, broadcast_shapes,
    broadcast_to, choose, column_stack, compress, concat, concatenate, copyto, delete, diagflat,
    dsplit, dstack, expand_dims, extract, fill_diagonal, flatnonzero, flip, fliplr, flipud,
    fromfunction, hsplit, hstack, indices, insert, mask_indices, matrix_transpose, meshgrid,
    moveaxis, ndim, nonzero, pad, permute_dims, piecewise, place, put, put_along_axis, putmask,
    ravel, repeat, reshape, resize, roll, rollaxis, rot90, row_stack, select, shape, size,
    sliding_window_view, split, squeeze, stack, swapaxes, take, take_along_axis, tile, transpose,
    trim_zeros, vsplit, vstack, where, where_,
)
from ._reductions import (
    _UFUNC_REDUCE, _arg, _cum, _dtype_kw, _keep, _logic_red, _minmax, _nan_fill, _nanvar,
    _red_axes, _red_size, _var_impl, _where_fill, all, amax, amin, any, argmax, argmin, cumprod,
    cumsum, cumulative_prod, cumulative_sum, max, mean, min, nanargmax, nanargmin, nancumprod,
    nancumsum, nanmax, nanmean, nanmin, nanprod, nanstd, nansum, nanvar, prod, ptp, std, sum, var,
)
from ._sorting_searching import (
    _UniqueAll, _UniqueCounts, _UniqueInverse, _i0_native, _window, argpartition, argsort, astype,
    bartlett, bincount, blackman, diag_indices, diag_indices_from, diff, digitize, ediff1d,
    gradient, hamming, hanning, histogram, histogram_bin_edges, i0, interp, intersect1d, isin,
    iterable, ix_, kaiser, lexsort, msort, partition, ravel_multi_index, searchsorted, setdiff1d,
    setxor1d, sort, sort_complex, trapezoid, tril_indices, tril_indices_from, triu_indices,
    triu_indices_from, union1d, unique, unique_all, unique_counts, unique_inverse, unique_values,
    unravel_index, unstack, vander, vecdot,
)
from ._linear_algebra import (
    _einsum_sublists, _gufunc_kw, _mm_operands, convolve, correlate, cross, dot, einsum, inner,
    kron, matmul, matvec, outer, tensordot, trace, vdot, vecmat,
)
from ._statistics import (
    _METHODS, _quantile, average, corrcoef, count_nonzero, cov, histogram2d, histogramdd, median,
    nanmedian, nanpercentile, nanquantile, percentile, quantile,
)
from ._comparison import (
    allclose, array_equal, array_equiv, asarray_chkfinite, isclose, iscomplex, iscomplexobj,
    isfortran, isreal, isrealobj, isscalar,
)
from ._dtypes import (
    common_type, finfo, iinfo, isdtype, issubdtype, min_scalar_type,
)
from ._elementwise import (
    fix, nan_to_num, real_if_close, unwrap,
)
from ._polynomials import (
    _poly1, _poly_pad, polyadd, polyder, polyint, polymul, polysub, polyval,
)
