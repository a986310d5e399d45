"""The Array API standard's elementwise functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/elementwise.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api
def abs(x: Array, /) -> Array:
    """Calculates the absolute value for each element ``x_i`` of the input array ``x``."""


@api
def acos(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation of the principal value of the inverse
    cosine for each element ``x_i`` of the input array ``x``.
    """


@api
def acosh(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the inverse hyperbolic cosine for each
    element ``x_i`` of the input array ``x``.
    """


@api
def add(
    x1: Union[Array, int, float, complex], x2: Union[Array, int, float, complex], /
) -> Array:
    """Calculates the sum for each element ``x1_i`` of the input array ``x1`` with the respective
    element ``x2_i`` of the input array ``x2``.
    """


@api
def asin(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation of the principal value of the inverse sine
    for each element ``x_i`` of the input array ``x``.
    """


@api
def asinh(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the inverse hyperbolic sine for each
    element ``x_i`` in the input array ``x``.
    """


@api
def atan(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation of the principal value of the inverse
    tangent for each element ``x_i`` of the input array ``x``.
    """


@api
def atan2(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Calculates an implementation-dependent approximation of the inverse tangent of the quotient
    ``x1/x2``, having domain ``[-infinity, +infinity] x [-infinity, +infinity]`` (where the ``x``
    notation denotes the set of ordered pairs of elements ``(x1_i, x2_i)``) and codomain ``[-π,
    +π]``, for each pair of elements ``(x1_i, x2_i)`` of the input arrays ``x1`` and ``x2``,
    respectively. Each element-wise result is expressed in radians.
    """


@api
def atanh(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the inverse hyperbolic tangent for each
    element ``x_i`` of the input array ``x``.
    """


@api
def bitwise_and(x1: Union[Array, int, bool], x2: Union[Array, int, bool], /) -> Array:
    """Computes the bitwise AND of the underlying binary representation of each element ``x1_i`` of
    the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def bitwise_left_shift(x1: Union[Array, int], x2: Union[Array, int], /) -> Array:
    """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the left by appending
    ``x2_i`` (i.e., the respective element in the input array ``x2``) zeros to the right of
    ``x1_i``.
    """


@api
def bitwise_invert(x: Array, /) -> Array:
    """Inverts (flips) each bit for each element ``x_i`` of the input array ``x``."""


@api
def bitwise_or(x1: Union[Array, int, bool], x2: Union[Array, int, bool], /) -> Array:
    """Computes the bitwise OR of the underlying binary representation of each element ``x1_i`` of the
    input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def bitwise_right_shift(x1: Union[Array, int], x2: Union[Array, int], /) -> Array:
    """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the right according to
    the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def bitwise_xor(x1: Union[Array, int, bool], x2: Union[Array, int, bool], /) -> Array:
    """Computes the bitwise XOR of the underlying binary representation of each element ``x1_i`` of
    the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def ceil(x: Array, /) -> Array:
    """Rounds each element ``x_i`` of the input array ``x`` to the smallest (i.e., closest to
    ``-infinity``) integer-valued number that is not less than ``x_i``.
    """


@api
def clip(
    x: Array,
    /,
    min: Optional[Union[int, float, Array]] = None,
    max: Optional[Union[int, float, Array]] = None,
) -> Array:
    """Clamps each element ``x_i`` of the input array ``x`` to the range ``[min, max]``."""


@api
def conj(x: Array, /) -> Array:
    """Returns the complex conjugate for each element ``x_i`` of the input array ``x``."""


@api
def copysign(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Composes a floating-point value with the magnitude of ``x1_i`` and the sign of ``x2_i`` for
    each element of the input array ``x1``.
    """


@api
def cos(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the cosine for each element ``x_i`` of
    the input array ``x``.
    """


@api
def cosh(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the hyperbolic cosine for each element
    ``x_i`` in the input array ``x``.
    """


@api
def divide(
    x1: Union[Array, int, float, complex], x2: Union[Array, int, float, complex], /
) -> Array:
    """Calculates the division of each element ``x1_i`` of the input array ``x1`` with the respective
    element ``x2_i`` of the input array ``x2``.
    """


@api
def equal(
    x1: Union[Array, int, float, complex, bool],
    x2: Union[Array, int, float, complex, bool],
    /,
) -> Array:
    """Computes the truth value of ``x1_i == x2_i`` for each element ``x1_i`` of the input array
    ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def exp(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the exponential function for each
    element ``x_i`` of the input array ``x`` (``e`` raised to the power of ``x_i``, where ``e`` is
    the base of the natural logarithm).
    """


@api
def expm1(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to ``exp(x)-1`` for each element ``x_i``
    of the input array ``x``.
    """


@api
def floor(x: Array, /) -> Array:
    """Rounds each element ``x_i`` of the input array ``x`` to the greatest (i.e., closest to
    ``+infinity``) integer-valued number that is not greater than ``x_i``.
    """


@api
def floor_divide(
    x1: Union[Array, int, float], x2: Union[Array, int, float], /
) -> Array:
    """Rounds the result of dividing each element ``x1_i`` of the input array ``x1`` by the respective
    element ``x2_i`` of the input array ``x2`` to the greatest (i.e., closest to `+infinity`)
    integer-value number that is not greater than the division result.
    """


@api
def greater(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Computes the truth value of ``x1_i > x2_i`` for each element ``x1_i`` of the input array ``x1``
    with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def greater_equal(
    x1: Union[Array, int, float], x2: Union[Array, int, float], /
) -> Array:
    """Computes the truth value of ``x1_i >= x2_i`` for each element ``x1_i`` of the input array
    ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def hypot(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Computes the square root of the sum of squares for each element ``x1_i`` of the input array
    ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def imag(x: Array, /) -> Array:
    """Returns the imaginary component of a complex number for each element ``x_i`` of the input array
    ``x``.
    """


@api
def isfinite(x: Array, /) -> Array:
    """Tests each element ``x_i`` of the input array ``x`` to determine if finite."""


@api
def isinf(x: Array, /) -> Array:
    """Tests each element ``x_i`` of the input array ``x`` to determine if equal to positive or
    negative infinity.
    """


@api
def isnan(x: Array, /) -> Array:
    """Tests each element ``x_i`` of the input array ``x`` to determine whether the element is
    ``NaN``.
    """


@api
def less(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Computes the truth value of ``x1_i < x2_i`` for each element ``x1_i`` of the input array ``x1``
    with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def less_equal(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Computes the truth value of ``x1_i <= x2_i`` for each element ``x1_i`` of the input array
    ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def log(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the natural (base ``e``) logarithm for
    each element ``x_i`` of the input array ``x``.
    """


@api
def log1p(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to ``log(1+x)``, where ``log`` refers to
    the natural (base ``e``) logarithm, for each element ``x_i`` of the input array ``x``.
    """


@api
def log2(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the base ``2`` logarithm for each
    element ``x_i`` of the input array ``x``.
    """


@api
def log10(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the base ``10`` logarithm for each
    element ``x_i`` of the input array ``x``.
    """


@api
def logaddexp(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Calculates the logarithm of the sum of exponentiations ``log(exp(x1) + exp(x2))`` for each
    element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
    array ``x2``.
    """


@api
def logical_and(x1: Union[Array, bool], x2: Union[Array, bool], /) -> Array:
    """Computes the logical AND for each element ``x1_i`` of the input array ``x1`` with the
    respective element ``x2_i`` of the input array ``x2``.
    """


@api
def logical_not(x: Array, /) -> Array:
    """Computes the logical NOT for each element ``x_i`` of the input array ``x``."""


@api
def logical_or(x1: Union[Array, bool], x2: Union[Array, bool], /) -> Array:
    """Computes the logical OR for each element ``x1_i`` of the input array ``x1`` with the respective
    element ``x2_i`` of the input array ``x2``.
    """


@api
def logical_xor(x1: Union[Array, bool], x2: Union[Array, bool], /) -> Array:
    """Computes the logical XOR for each element ``x1_i`` of the input array ``x1`` with the
    respective element ``x2_i`` of the input array ``x2``.
    """


@api
def maximum(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Computes the maximum value for each element ``x1_i`` of the input array ``x1`` relative to the
    respective element ``x2_i`` of the input array ``x2``.
    """


@api
def minimum(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Computes the minimum value for each element ``x1_i`` of the input array ``x1`` relative to the
    respective element ``x2_i`` of the input array ``x2``.
    """


@api
def multiply(
    x1: Union[Array, int, float, complex], x2: Union[Array, int, float, complex], /
) -> Array:
    """Calculates the product for each element ``x1_i`` of the input array ``x1`` with the respective
    element ``x2_i`` of the input array ``x2``.
    """


@api
def negative(x: Array, /) -> Array:
    """Computes the numerical negative of each element ``x_i`` (i.e., ``y_i = -x_i``) of the input
    array ``x``.
    """


@api
def nextafter(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Returns the next representable floating-point value for each element ``x1_i`` of the input
    array ``x1`` in the direction of the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def not_equal(
    x1: Union[Array, int, float, complex, bool],
    x2: Union[Array, int, float, complex, bool],
    /,
) -> Array:
    """Computes the truth value of ``x1_i != x2_i`` for each element ``x1_i`` of the input array
    ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
    """


@api
def positive(x: Array, /) -> Array:
    """Computes the numerical positive of each element ``x_i`` (i.e., ``y_i = +x_i``) of the input
    array ``x``.
    """


@api
def pow(
    x1: Union[Array, int, float, complex], x2: Union[Array, int, float, complex], /
) -> Array:
    """Calculates an implementation-dependent approximation of exponentiation by raising each element
    ``x1_i`` (the base) of the input array ``x1`` to the power of ``x2_i`` (the exponent), where
    ``x2_i`` is the corresponding element of the input array ``x2``.
    """


@api
def real(x: Array, /) -> Array:
    """Returns the real component of a complex number for each element ``x_i`` of the input array
    ``x``.
    """


@api
def reciprocal(x: Array, /) -> Array:
    """Returns the reciprocal for each element ``x_i`` of the input array ``x``."""


@api
def remainder(x1: Union[Array, int, float], x2: Union[Array, int, float], /) -> Array:
    """Returns the remainder of division for each element ``x1_i`` of the input array ``x1`` and the
    respective element ``x2_i`` of the input array ``x2``.
    """


@api
def round(x: Array, /) -> Array:
    """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued number.
    """


@api
def sign(x: Array, /) -> Array:
    """Returns an indication of the sign of a number for each element ``x_i`` of the input array
    ``x``.
    """


@api
def signbit(x: Array, /) -> Array:
    """Determines whether the sign bit is set for each element ``x_i`` of the input array ``x``."""


@api
def sin(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the sine for each element ``x_i`` of
    the input array ``x``.
    """


@api
def sinh(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the hyperbolic sine for each element
    ``x_i`` of the input array ``x``.
    """


@api
def square(x: Array, /) -> Array:
    """Squares each element ``x_i`` of the input array ``x``."""


@api
def sqrt(x: Array, /) -> Array:
    """Calculates the principal square root for each element ``x_i`` of the input array ``x``."""


@api
def subtract(
    x1: Union[Array, int, float, complex], x2: Union[Array, int, float, complex], /
) -> Array:
    """Calculates the difference for each element ``x1_i`` of the input array ``x1`` with the
    respective element ``x2_i`` of the input array ``x2``.
    """


@api
def tan(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the tangent for each element ``x_i`` of
    the input array ``x``.
    """


@api
def tanh(x: Array, /) -> Array:
    """Calculates an implementation-dependent approximation to the hyperbolic tangent for each element
    ``x_i`` of the input array ``x``.
    """


@api
def trunc(x: Array, /) -> Array:
    """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued number that
    is closer to zero than ``x_i``.
    """
