"""The torch backend: special functions (see ivy/functional/ivy/special.py for the API).

``torch.special`` has them all but ``betainc`` (left out: the loader's stub raises
``UnsupportedBackendError``). Integer/bool inputs are converted to Ivy's default float dtype
(torch would pick its own default), and two-operand functions promote by the standard's rule
(torch's ``zeta``/``gammainc`` require one dtype).
"""

import torch

from ivy import dtypes as _d
from ivy.functional.backends._shared import special as _sh

from .dtypes import as_native_dtype

_sp = torch.special


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype."""
    if not x.is_floating_point():
        return x.to(as_native_dtype(_d.default_float_dtype()))
    return x


def _floats(*xs):
    """Tensors converted by :func:`_floating` and promoted together; Python scalars are weak."""
    ts = [_floating(x) for x in xs if isinstance(x, torch.Tensor)]
    dt = ts[0].dtype if ts else as_native_dtype(_d.default_float_dtype())
    for t in ts[1:]:
        dt = as_native_dtype(_d.promote_types(dt, t.dtype))
    return [x.to(dt) if isinstance(x, torch.Tensor) else torch.tensor(x, dtype=dt) for x in xs]


def erf(x, /):
    return _sp.erf(_floating(x))


def erfc(x, /):
    return _sp.erfc(_floating(x))


def erfinv(x, /):
    return _sp.erfinv(_floating(x))


def lgamma(x, /):
    return _sp.gammaln(_floating(x))


def digamma(x, /):
    return _sp.digamma(_floating(x))


def _positive_polygamma(n, x):
    return _sp.polygamma(n, x)


def polygamma(n, x, /):
    """``torch.special.polygamma`` at ``x > 0``; see ``_shared/special.py`` for the rest (torch
    gives 1.7e16 at the pole -3 in float32 and NaN at -inf)."""
    x = _floating(x)
    if n == 0:
        return digamma(x)
    return _sh.polygamma(torch, n, x, positive=_positive_polygamma).to(x.dtype)


def zeta(x, q, /):
    x, q = _floats(x, q)
    r = _sp.zeta(x, q)  # torch gives NaN at q = +inf (x > 1), where the sum is 0 (SciPy)
    return torch.where((q == float("inf")) & (x > 1), torch.zeros_like(r), r)


def igamma(a, x, /):
    return _sp.gammainc(*_floats(a, x))


def igammac(a, x, /):
    return _sp.gammaincc(*_floats(a, x))


def i0(x, /):
    return _sp.i0(_floating(x))


def i0e(x, /):
    return _sp.i0e(_floating(x))


def i1(x, /):
    return _sp.i1(_floating(x))


def i1e(x, /):
    return _sp.i1e(_floating(x))


def ndtri(x, /):
    return _sp.ndtri(_floating(x))


def log_ndtr(x, /):
    return _sp.log_ndtr(_floating(x))


def j0(x, /):
    return _sp.bessel_j0(_floating(x))


def j1(x, /):
    return _sp.bessel_j1(_floating(x))


def y0(x, /):
    return _sp.bessel_y0(_floating(x))


def y1(x, /):
    return _sp.bessel_y1(_floating(x))


def k0(x, /):
    return _sp.modified_bessel_k0(_floating(x))


def k0e(x, /):
    return _sp.scaled_modified_bessel_k0(_floating(x))


def k1(x, /):
    return _sp.modified_bessel_k1(_floating(x))


def k1e(x, /):
    return _sp.scaled_modified_bessel_k1(_floating(x))
