"""``jax.numpy`` functions as compositions of ``ivy.*`` calls, gathered from the modules that define
them by kind (``_shapes``, ``_creation``, ``_elementwise``, ``_ranges``, ``_indexing``,
``_reductions``, ``_math``, ``_manipulation``, ``_linear_algebra``, ``_statistics``, ``_windows``,
``_dtypes``, ``_polynomials``, ``_ufuncs``; helpers in ``_base``). ``from ._functions import *``
in ``__init__`` is the ``jax.numpy`` namespace.
"""
# ruff: noqa: F401 - a gathering module: what it imports is the namespace


from __future__ import annotations

import builtins
import collections
import math

import numpy as np

import ivy

from .. import _core
from .._array import (Array, asarray, elementwise, natives, operand, typed, wrap)
from .._core import KIND, creation_backend, name_of, not_implemented, promote, to_name

from ._base import (
    _a, _abs, _all, _any, _axes, _d, _inexact, _kind, _max, _min, _range, _round, _shape, _sum, e,
    euler_gamma, inf, nan, ndarray, newaxis, pi,
)
from ._shapes import (
    _promote_all, atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_to, concatenate,
    expand_dims, moveaxis, ravel, reshape, squeeze, stack, swapaxes, transpose,
)
from ._creation import (
    _fill, _like, arange, array, diag, diag_indices, diag_indices_from, diagflat, diagonal, empty,
    empty_like, eye, from_dlpack, full, full_like, identity, indices, ix_, load, meshgrid, ones,
    ones_like, save, tri, tril, tril_indices, tril_indices_from, triu, triu_indices,
    triu_indices_from, zeros, zeros_like,
)
from ._elementwise import (
    _b, _bitwise, _bool2, _int_floordiv, _intsame, _u, abs, absolute, acos, acosh, add, arccos,
    arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, around, asin, asinh, atan, atan2, atanh,
    bitwise_and, bitwise_invert, bitwise_left_shift, bitwise_not, bitwise_or, bitwise_right_shift,
    bitwise_xor, cbrt, ceil, clip, conj, conjugate, copysign, cos, cosh, deg2rad, degrees, divide,
    divmod, equal, exp, exp2, expm1, fix, float_power, floor, floor_divide, fmax, fmin, fmod,
    greater, greater_equal, heaviside, hypot, imag, invert, isclose, isfinite, isinf, isnan,
    isneginf, isposinf, left_shift, less, less_equal, log, log10, log1p, log2, logaddexp,
    logaddexp2, logical_and, logical_not, logical_or, logical_xor, maximum, minimum, mod,
    multiply, nan_to_num, negative, nextafter, not_equal, positive, pow, power, rad2deg, radians,
    real, reciprocal, remainder, right_shift, rint, round, sign, signbit, signbit_, sin, sinc,
    sinh, sqrt, square, subtract, tan, tanh, true_divide, trunc,
)
from ._ranges import (
    geomspace, linspace, logspace,
)
from ._indexing import (
    argsort, mask_indices, nonzero, searchsorted, sort, take, take_along_axis, where, where_,
)
from ._reductions import (
    _arg, _masked, _minmax, _nan_fill, _nan_sorted_quantile, _sum_dtype, all, amax, amin, any,
    argmax, argmin, average, bincount, count_nonzero, cumprod, cumsum, cumulative_prod,
    cumulative_sum, cumulative_sum_, diff, ediff1d, gradient, logical_and_reduce, max, mean,
    median, min, nanargmax, nanargmin, nancumprod, nancumsum, nanmax, nanmean, nanmedian, nanmin,
    nanpercentile, nanprod, nanquantile, nanstd, nansum, nanvar, percentile, prod, ptp, quantile,
    std, sum, trapezoid, var,
)
from ._math import (
    allclose, angle, array_equal, array_equiv, fabs, frexp, gcd, iscomplex, isreal, lcm, ldexp,
    modf, spacing, unwrap,
)
from ._manipulation import (
    _UV, _split_points, _unique_sorted, append, apply_along_axis, apply_over_axes, argwhere,
    array_split, block, broadcast_shapes, choose, column_stack, compress, concat, delete,
    digitize, dsplit, dstack, extract, fill_diagonal, flatnonzero, flip, fliplr, flipud, hsplit,
    hstack, in1d, insert, intersect1d, isin, lexsort, matrix_transpose, ndim, packbits, pad,
    permute_dims, piecewise, place, put, put_along_axis, ravel_multi_index, repeat, resize, roll,
    rollaxis, rot90, row_stack, select, setdiff1d, setxor1d, shape, size, sort_complex, split,
    tile, trim_zeros, union1d, unique, unique_all, unique_counts, unique_inverse, unique_values,
    unpackbits, unravel_index, unstack, vsplit, vstack,
)
from ._linear_algebra import (
    _conv1d, _mm_natives, convolve, correlate, cross, dot, einsum, einsum_path, inner, interp,
    kron, matmul, matvec, outer, tensordot, trace, vdot, vecdot, vecmat,
)
from ._statistics import (
    corrcoef, cov, histogram, histogram2d, histogram_bin_edges, histogramdd,
)
from ._windows import (
    _window, bartlett, blackman, hamming, hanning,
)
from ._dtypes import (
    ComplexWarning, _is_dtype, array_str, astype, can_cast, copy, dtype, finfo, iinfo,
    iscomplexobj, isdtype, isrealobj, isscalar, issubdtype, issubsctype, iterable, promote_types,
    result_type,
)
from ._polynomials import (
    poly, polyadd, polyder, polydiv, polyint, polymul, polysub, polyval, vander,
)
from ._ufuncs import (
    frompyfunc, ufunc, vectorize,
)
