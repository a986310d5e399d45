"""Special functions (error function, gamma family, Bessel I, normal distribution): one
declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/special.py`` with the same signature (NumPy through
``scipy.special``, imported when first called).

Dtypes: a floating input gives a result of the same dtype; integer and bool inputs are computed in
(and return) the default float dtype. Functions of several arrays promote them (the standard's
rule) after that conversion; Python scalars are weak. Complex inputs are not supported.
"""

from __future__ import annotations

from typing import Union

from ivy._typing import Array
from ivy.func_wrapper import api


@api
def erf(x: Array, /) -> Array:
    """The error function ``2/sqrt(pi) * integral(exp(-t**2), t=0..x)`` of each element of ``x``.

    Integer/bool inputs give the default float dtype."""


@api
def erfc(x: Array, /) -> Array:
    """The complementary error function ``1 - erf(x)``, computed without cancellation for large
    ``x``. Integer/bool inputs give the default float dtype."""


@api
def erfinv(x: Array, /) -> Array:
    """The inverse error function: ``erf(erfinv(x)) == x`` on ``(-1, 1)``; ``±inf`` at ``±1``,
    NaN outside ``[-1, 1]``. Integer/bool inputs give the default float dtype."""


@api
def lgamma(x: Array, /) -> Array:
    """``log(|Gamma(x)|)`` of each element; ``+inf`` at zero, the negative integers and
    ``-inf`` (C's ``lgamma``; SciPy's ``gammaln(-inf)`` is ``-inf``).

    Integer/bool inputs give the default float dtype."""


@api
def digamma(x: Array, /) -> Array:
    """The digamma function ``Gamma'(x) / Gamma(x)``; NaN at the negative integers, ``-inf`` at
    ``+0``. Integer/bool inputs give the default float dtype."""


@api
def polygamma(n: int, x: Array, /) -> Array:
    """The ``n``-th derivative of the digamma function (``n`` a non-negative Python int;
    ``polygamma(0, x) == digamma(x)``). Integer/bool ``x`` gives the default float dtype."""


@api
def zeta(x: Union[Array, float], q: Union[Array, float], /) -> Array:
    """The Hurwitz zeta function ``sum((k + q) ** -x, k=0..inf)`` (``q = 1``: Riemann zeta),
    for ``x > 1``. Integer/bool inputs give the default float dtype; arrays are broadcast."""


@api
def igamma(a: Union[Array, float], x: Union[Array, float], /) -> Array:
    """The regularized lower incomplete gamma function ``P(a, x)`` (``scipy.special.gammainc``).

    Integer/bool inputs give the default float dtype; arrays are broadcast."""


@api
def igammac(a: Union[Array, float], x: Union[Array, float], /) -> Array:
    """The regularized upper incomplete gamma function ``Q(a, x) = 1 - P(a, x)``
    (``scipy.special.gammaincc``). Integer/bool inputs give the default float dtype."""


@api
def i0(x: Array, /) -> Array:
    """The modified Bessel function of the first kind, order 0.

    Integer/bool inputs give the default float dtype."""


@api
def i0e(x: Array, /) -> Array:
    """The exponentially scaled modified Bessel function of order 0, ``exp(-|x|) * i0(x)``.

    Integer/bool inputs give the default float dtype."""


@api
def i1(x: Array, /) -> Array:
    """The modified Bessel function of the first kind, order 1.

    Integer/bool inputs give the default float dtype."""


@api
def i1e(x: Array, /) -> Array:
    """The exponentially scaled modified Bessel function of order 1, ``exp(-|x|) * i1(x)``.

    Integer/bool inputs give the default float dtype."""


@api
def ndtri(x: Array, /) -> Array:
    """The quantile function of the standard normal distribution (inverse of ``ndtr``); ``±inf``
    at 1 and 0, NaN outside ``[0, 1]``. Integer/bool inputs give the default float dtype."""


@api
def log_ndtr(x: Array, /) -> Array:
    """``log`` of the standard normal CDF, accurate far into the lower tail.

    Integer/bool inputs give the default float dtype."""


@api
def betainc(a: Union[Array, float], b: Union[Array, float], x: Union[Array, float], /) -> Array:
    """The regularized incomplete beta function ``I_x(a, b)``.

    Integer/bool inputs give the default float dtype; arrays are broadcast."""


@api
def j0(x: Array, /) -> Array:
    """The Bessel function of the first kind, order 0.

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def j1(x: Array, /) -> Array:
    """The Bessel function of the first kind, order 1.

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def y0(x: Array, /) -> Array:
    """The Bessel function of the second kind, order 0 (``-inf`` at 0, NaN for x < 0).

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def y1(x: Array, /) -> Array:
    """The Bessel function of the second kind, order 1 (``-inf`` at 0, NaN for x < 0).

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def k0(x: Array, /) -> Array:
    """The modified Bessel function of the second kind, order 0 (``inf`` at 0, NaN for x < 0).

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def k0e(x: Array, /) -> Array:
    """The exponentially scaled ``exp(x) * k0(x)``.

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def k1(x: Array, /) -> Array:
    """The modified Bessel function of the second kind, order 1 (``inf`` at 0, NaN for x < 0).

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""


@api
def k1e(x: Array, /) -> Array:
    """The exponentially scaled ``exp(x) * k1(x)``.

    Integer/bool inputs give the default float dtype. Not on jax (``jax.scipy.special`` has none)."""
