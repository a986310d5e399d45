"""tf.math: the element-wise, reduction and segment functions (shared with the top level)."""

from ._functions import (  # noqa: F401  # noqa: F401,E402
    abs,
    accumulate_n,
    acos,
    acosh,
    add,
    add_n,
    argmax,
    argmin,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    bincount,
    ceil,
    confusion_matrix,
    conj,
    cos,
    cosh,
    count_nonzero,
    cumprod,
    cumsum,
    cumulative_logsumexp,
    divide,
    divide_no_nan,
    equal,
    erf,
    erfc,
    exp,
    expm1,
    floor,
    floordiv,
    floormod,
    greater,
    greater_equal,
    imag,
    invert_permutation,
    is_finite,
    is_inf,
    is_nan,
    is_non_decreasing,
    is_strictly_increasing,
    less,
    less_equal,
    log,
    log1p,
    log_sigmoid,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    maximum,
    minimum,
    mod,
    multiply,
    multiply_no_nan,
    negative,
    nextafter,
    not_equal,
    pow,
    real,
    realdiv,
    reciprocal,
    reciprocal_no_nan,
    reduce_all,
    reduce_any,
    reduce_euclidean_norm,
    reduce_logsumexp,
    reduce_max,
    reduce_mean,
    reduce_min,
    reduce_prod,
    reduce_std,
    reduce_sum,
    reduce_variance,
    rint,
    round,
    rsqrt,
    scalar_mul,
    segment_max,
    segment_mean,
    segment_min,
    segment_sum,
    sigmoid,
    sign,
    sin,
    sinh,
    softplus,
    sqrt,
    square,
    squared_difference,
    subtract,
    tan,
    tanh,
    top_k,
    truediv,
    unsorted_segment_max,
    unsorted_segment_mean,
    unsorted_segment_min,
    unsorted_segment_sqrt_n,
    unsorted_segment_sum,
    xdivy,
    xlog1py,
    xlogy,
    zero_fraction,
)
from ._special import (  # noqa: F401,E402
    bessel_i0,
    bessel_i0e,
    bessel_i1,
    bessel_i1e,
    betainc,
    digamma,
    erfcinv,
    erfinv,
    igamma,
    igammac,
    lbeta,
    lgamma,
    ndtri,
    polygamma,
    special,
    zeta,
)
from .nn import (  # noqa: F401
    in_top_k,  # noqa: F401,E402
    l2_normalize,
    log_softmax,
    softmax,
    softsign,
)

floor_div = floordiv


from ._functions import segment_prod, unsorted_segment_prod  # noqa: E402,F401


def polyval(coeffs, x, name=None):
    """Horner's rule: coeffs[0] * x**(n-1) + ... + coeffs[n-1]."""
    from ._core import convert_to_tensor

    t = convert_to_tensor(x)
    if not coeffs:
        return zeros_like(t)
    acc = convert_to_tensor(coeffs[0], dtype=t.dtype)
    for c in coeffs[1:]:
        acc = add(multiply(acc, t), convert_to_tensor(c, dtype=t.dtype))
    return add(acc, zeros_like(t))


import ivy  # noqa: E402

from ._core import name_of as _name_of  # noqa: E402
from ._core import nat as _nat  # noqa: E402
from ._core import wrap as _wrap  # noqa: E402
from ._functions import zeros_like  # noqa: E402


def angle(input, name=None):  # noqa: A002
    d = _nat(input)
    if _name_of(d) in ("complex64", "complex128"):
        return _wrap(ivy.atan2(ivy.imag(d), ivy.real(d)))
    return _wrap(ivy.where(ivy.less(d, 0), ivy.full_like(d, 3.141592653589793),
                           ivy.zeros_like(d)))



from ._qrng import sobol_sample  # noqa: E402,F401
