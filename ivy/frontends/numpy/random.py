"""``numpy.random``: ``default_rng(seed)`` -> :class:`Generator`, plus the legacy module-level
functions over one global Generator.

Draws are reproducible *within the frontend* (each draw passes a seed derived from the
Generator's seed and a call counter to Ivy's ``seed=``), on every backend; the numbers are NOT
NumPy's PCG64 stream, and they differ between Ivy backends (docs/frontends-numpy.md).
"""

from __future__ import annotations

import builtins
import math
import os

import ivy

from . import _functions as F
from ._core import cast, not_implemented, to_dtype
from ._ndarray import ndarray, ret, wrap

_ROUNDS = 100
_HYPER_MAX_STEPS = 100_000
_LOGGAM_A = (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
             -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
             6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
             -1.39243221690590e+00)


def _loggam(x):
    """log Gamma(x) for x >= 1 (native float64): the Stirling series at x + n >= 7, shifted
    back by log(x (x+1) ... (x+n-1)) -- the series NumPy's samplers use. Needs no ivy.lgamma
    (not an Ivy API function yet)."""
    n = ivy.maximum(ivy.ceil(7.0 - x), ivy.zeros_like(x))
    x0 = x + n
    x2 = 1.0 / (x0 * x0)
    gl0 = ivy.full_like(x, _LOGGAM_A[9])
    for c in reversed(_LOGGAM_A[:9]):
        gl0 = gl0 * x2 + c
    gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * ivy.log(x0) - x0
    for k in range(1, 8):  # n <= 6 for x >= 1
        gl = gl - ivy.where(ivy.less_equal(float(k), n),
                            ivy.log(ivy.maximum(x0 - k, ivy.ones_like(x))), ivy.zeros_like(x))
    return gl


def _shape(size):
    if size is None:
        return ()
    if isinstance(size, (list, tuple)):
        return tuple(int(s) for s in size)
    return (int(size),)


class Generator:
    """``numpy.random.Generator`` on the Ivy backend in use."""

    def __init__(self, seed=None):
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        self._seed = int(seed) & 0x7FFFFFFF
        self._count = 0

    def _next(self):
        self._count += 1
        return (self._seed * 1_000_003 + self._count * 7_919) % 2_147_483_647

    def _finish(self, x, size):
        return ret(x) if size is None else wrap(x)

    def random(self, size=None, dtype=None, out=None):
        if out is not None:
            not_implemented("numpy.random.Generator.random(out=...)")
        d = to_dtype(dtype if dtype is not None else "float64")
        x = ivy.random_uniform(shape=_shape(size), dtype=d.ivy, seed=self._next())
        return self._out(x, size is None, d.name)

    def uniform(self, low=0.0, high=1.0, size=None):
        (lo, hi), shp, sc = self._params(size, low, high)
        if builtins.bool(ivy.any(ivy.isinf(hi - lo))):
            raise OverflowError("high - low range exceeds valid bounds")
        return self._out(lo + self._u(shp) * (hi - lo), sc)

    def standard_normal(self, size=None, dtype=None, out=None):
        if out is not None:
            not_implemented("numpy.random.Generator.standard_normal(out=...)")
        d = to_dtype(dtype if dtype is not None else "float64")
        x = ivy.random_normal(shape=_shape(size), dtype=d.ivy, seed=self._next())
        return self._out(x, size is None, d.name)

    def normal(self, loc=0.0, scale=1.0, size=None):
        (m, s), shp, sc = self._params(size, loc, scale)
        self._check(ivy.less(s, 0.0), "scale < 0")
        return self._out(m + self._z(shp) * s, sc)

    def integers(self, low, high=None, size=None, dtype="int64", endpoint=False):
        if high is None:
            low, high = 0, low
        if endpoint:
            high = high + 1
        if high <= low:
            raise ValueError("low >= high" if not endpoint else "low > high")
        d = to_dtype(dtype)
        x = ivy.randint(int(low), int(high), shape=_shape(size), dtype="int64",
                        seed=self._next())
        return self._finish(cast(x, d), size)

    def exponential(self, scale=1.0, size=None):
        (s,), shp, sc = self._params(size, scale)
        self._check(ivy.less(s, 0.0), "scale < 0")
        return self._out(self._exp(shp) * s, sc)

    def standard_exponential(self, size=None, dtype=None, method="zig", out=None):
        if out is not None:
            not_implemented("numpy.random.Generator.standard_exponential(out=...)")
        if method not in ("zig", "inv"):
            raise ValueError(f"{method} is not a valid method")
        d = to_dtype(dtype if dtype is not None else "float64").name
        if d not in ("float32", "float64"):
            raise TypeError(f"Unsupported dtype {d} for standard_exponential")
        return self._out(self._exp(_shape(size)), size is None, d)

    # ---------------------------------------------------------------- distributions
    # Each one is composed from ivy.random_uniform / ivy.random_normal draws (one fresh seed per
    # draw). Rejection samplers run vectorised over the whole output, re-drawing only where not
    # yet accepted, for at most _ROUNDS rounds (acceptance rates are >= ~0.6, so running out is
    # a probability below 1e-20; it raises instead of returning a partial sample).

    def _u(self, shape):
        return ivy.random_uniform(shape=shape, dtype="float64", seed=self._next())

    def _z(self, shape):
        return ivy.random_normal(shape=shape, dtype="float64", seed=self._next())

    def _params(self, size, *vals, dtype="float64"):
        """Parameters as native arrays broadcast to the output shape; (natives, shape, scalar)."""
        arrs = [F.asarray(v, dtype) for v in vals]
        bshape = F.broadcast_shapes(*[x.shape for x in arrs])
        if size is None:
            shp = bshape
        else:
            shp = _shape(size)
            if F.broadcast_shapes(bshape, shp) != shp:
                raise ValueError(f"shape mismatch: parameters of shape {bshape} cannot be "
                                 f"broadcast to size {shp}")
        return [ivy.broadcast_to(x._data, shp) for x in arrs], shp, size is None and not bshape

    @staticmethod
    def _check(bad, msg):
        if builtins.bool(ivy.any(bad)):
            raise ValueError(msg)

    @staticmethod
    def _out(r, scalar, kind="float64"):
        r = ivy.astype(r, kind)
        if scalar:
            v = ivy.to_scalar(r)
            return float(v) if kind.startswith("float") else int(v)
        return wrap(r)

    def _reject(self, shape, propose):
        """Vectorised rejection: ``propose()`` -> (value, accepted) native arrays of ``shape``."""
        out = ivy.zeros(shape, dtype="float64")
        done = ivy.zeros(shape, dtype="bool")
        for _ in range(_ROUNDS):
            val, ok = propose()
            out = ivy.where(ivy.logical_and(ok, ivy.logical_not(done)), val, out)
            done = ivy.logical_or(done, ok)
            if builtins.bool(ivy.all(done)):
                return out
        raise RuntimeError(f"numpy.random.Generator: rejection sampler did not finish in "
                           f"{_ROUNDS} rounds")

    def _log_std_gamma(self, k):
        """log of Gamma(k, 1) draws (k >= 0 native float64): Marsaglia-Tsang (2000), with
        Gamma(k) = Gamma(k + 1) * U**(1/k) for k < 1 (kept in logs so tiny k cannot underflow)."""
        shape = tuple(k.shape)
        small = ivy.less(k, 1.0)
        kk = ivy.where(small, k + 1.0, k)
        d = kk - 1.0 / 3.0
        c = 1.0 / ivy.sqrt(9.0 * d)

        def propose():
            x, u = self._z(shape), self._u(shape)
            v = (1.0 + c * x) ** 3
            pos = ivy.greater(v, 0.0)
            vs = ivy.where(pos, v, ivy.ones_like(v))
            ok = ivy.logical_and(pos, ivy.less(ivy.log(u), 0.5 * x * x + d - d * vs +
                                               d * ivy.log(vs)))
            return ivy.log(d * vs), ok

        lg = self._reject(shape, propose)
        ks = ivy.where(small, k, ivy.ones_like(k))
        boost = ivy.where(small, ivy.log(self._u(shape)) / ks, ivy.zeros_like(k))
        return ivy.where(ivy.equal(k, 0.0), ivy.full_like(k, -float("inf")), lg + boost)

    def _std_gamma(self, k):
        return ivy.exp(self._log_std_gamma(k))

    def _chisq(self, df):
        return 2.0 * self._std_gamma(df / 2.0)

    def _poisson(self, lam):
        """lam < 10: inversion (64 terms: the tail beyond is < 1e-29); lam >= 10: PTRS
        (Hoermann 1993, the method NumPy uses), vectorised rejection."""
        shape = tuple(lam.shape)
        small = ivy.less(lam, 10.0)
        ls = ivy.where(small, lam, ivy.zeros_like(lam))
        u = self._u(shape)
        term = ivy.exp(-ls)
        cdf = term
        cnt = ivy.zeros(shape, dtype="float64")
        for i in range(64):
            cnt = cnt + ivy.astype(ivy.greater(u, cdf), "float64")
            term = term * ls / (i + 1.0)
            cdf = cdf + term
        lb = ivy.where(small, ivy.full_like(lam, 10.0), lam)
        slam, loglam = ivy.sqrt(lb), ivy.log(lb)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2.0)

        def propose():
            uu = self._u(shape) - 0.5
            v = self._u(shape)
            us = 0.5 - ivy.abs(uu)
            usafe = ivy.maximum(us, ivy.full_like(us, 1e-300))
            k = ivy.floor((2.0 * a / usafe + b) * uu + lb + 0.43)
            quick = ivy.logical_and(ivy.greater_equal(us, 0.07), ivy.less_equal(v, vr))
            bad = ivy.logical_or(ivy.less(k, 0.0), ivy.logical_and(ivy.less(us, 0.013),
                                                                   ivy.greater(v, us)))
            kk = ivy.maximum(k, ivy.zeros_like(k))
            lhs = ivy.log(v) + ivy.log(invalpha) - ivy.log(a / (usafe * usafe) + b)
            rhs = -lb + kk * loglam - _loggam(kk + 1.0)
            ok = ivy.logical_or(quick, ivy.logical_and(ivy.logical_not(bad),
                                                        ivy.less_equal(lhs, rhs)))
            return k, ok

        big = self._reject(shape, propose)
        return ivy.where(small, cnt, big)

    def _binomial(self, n, p):
        """Exact: Knuth's beta recursion (TAOCP 3.4.1) halves n until n <= 32, then a sum of
        n Bernoulli draws. n, p native float64 of one shape."""
        shape = tuple(n.shape)
        acc = ivy.zeros(shape, dtype="float64")
        for _ in range(_ROUNDS):
            big = ivy.greater(n, 32.0)
            if not builtins.bool(ivy.any(big)):
                break
            a = ivy.where(big, 1.0 + ivy.floor(n / 2.0), ivy.ones_like(n))
            b = ivy.where(big, n + 1.0 - a, ivy.ones_like(n))
            lx, ly = self._log_std_gamma(a), self._log_std_gamma(b)
            x = 1.0 / (1.0 + ivy.exp(ly - lx))
            hi = ivy.greater_equal(x, p)
            xs = ivy.where(ivy.greater(x, 0.0), x, ivy.ones_like(x))
            x1 = ivy.where(ivy.less(x, 1.0), x, ivy.zeros_like(x))
            n_new = ivy.where(hi, a - 1.0, b - 1.0)
            p_new = ivy.where(hi, p / xs, (p - x) / (1.0 - x1))
            acc = ivy.where(ivy.logical_and(big, ivy.logical_not(hi)), acc + a, acc)
            n = ivy.where(big, n_new, n)
            p = ivy.clip(ivy.where(big, p_new, p), 0.0, 1.0)
        u = self._u(shape + (32,))
        idx = ivy.astype(ivy.arange(32), "float64")
        hit = ivy.logical_and(ivy.less(u, ivy.expand_dims(p, axis=-1)),
                              ivy.less(idx, ivy.expand_dims(n, axis=-1)))
        return acc + ivy.sum(ivy.astype(hit, "float64"), axis=-1)

    def _hypergeometric(self, good, bad, nsample):
        """Exact: sequential draws without replacement, vectorised; the smaller of the sample
        and its complement is drawn."""
        total = good + bad
        flip = ivy.greater(nsample, total / 2.0)
        m = ivy.where(flip, total - nsample, nsample)
        steps = int(ivy.to_scalar(ivy.max(m))) if math.prod(tuple(m.shape)) else 0
        if steps > _HYPER_MAX_STEPS:
            not_implemented(f"numpy.random.Generator.hypergeometric with min(nsample, "
                            f"ngood + nbad - nsample) > {_HYPER_MAX_STEPS}")
        shape = tuple(good.shape)
        g, t = good, total
        cnt = ivy.zeros(shape, dtype="float64")
        for i in range(steps):
            active = ivy.less(float(i), m)
            ts = ivy.where(ivy.greater(t, 0.0), t, ivy.ones_like(t))
            hit = ivy.logical_and(active, ivy.less(self._u(shape), g / ts))
            hf = ivy.astype(hit, "float64")
            cnt, g = cnt + hf, g - hf
            t = t - ivy.astype(active, "float64")
        return ivy.where(flip, good - cnt, cnt)

    # continuous
    def standard_gamma(self, shape, size=None, dtype=None, out=None):
        if out is not None:
            not_implemented("numpy.random.Generator.standard_gamma(out=...)")
        (k,), shp, sc = self._params(size, shape)
        self._check(ivy.less(k, 0.0), "shape < 0")
        d = to_dtype(dtype if dtype is not None else "float64").name
        if d not in ("float32", "float64"):
            raise TypeError(f"Unsupported dtype {d} for standard_gamma")
        return self._out(self._std_gamma(k), sc, d)

    def gamma(self, shape, scale=1.0, size=None):
        (k, s), shp, sc = self._params(size, shape, scale)
        self._check(ivy.less(k, 0.0), "shape < 0")
        self._check(ivy.less(s, 0.0), "scale < 0")
        return self._out(self._std_gamma(k) * s, sc)

    def beta(self, a, b, size=None):
        (a, b), shp, sc = self._params(size, a, b)
        self._check(ivy.less_equal(a, 0.0), "a <= 0")
        self._check(ivy.less_equal(b, 0.0), "b <= 0")
        lx, ly = self._log_std_gamma(a), self._log_std_gamma(b)
        return self._out(1.0 / (1.0 + ivy.exp(ly - lx)), sc)

    def chisquare(self, df, size=None):
        (df,), shp, sc = self._params(size, df)
        self._check(ivy.less_equal(df, 0.0), "df <= 0")
        return self._out(self._chisq(df), sc)

    def noncentral_chisquare(self, df, nonc, size=None):
        (df, nonc), shp, sc = self._params(size, df, nonc)
        self._check(ivy.less_equal(df, 0.0), "df <= 0")
        self._check(ivy.less(nonc, 0.0), "nonc < 0")
        return self._out(self._chisq(df + 2.0 * self._poisson(nonc / 2.0)), sc)

    def f(self, dfnum, dfden, size=None):
        (a, b), shp, sc = self._params(size, dfnum, dfden)
        self._check(ivy.less_equal(a, 0.0), "dfnum <= 0")
        self._check(ivy.less_equal(b, 0.0), "dfden <= 0")
        return self._out((self._chisq(a) * b) / (self._chisq(b) * a), sc)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        (a, b, nc), shp, sc = self._params(size, dfnum, dfden, nonc)
        self._check(ivy.less_equal(a, 0.0), "dfnum <= 0")
        self._check(ivy.less_equal(b, 0.0), "dfden <= 0")
        self._check(ivy.less(nc, 0.0), "nonc < 0")
        num = self._chisq(a + 2.0 * self._poisson(nc / 2.0))
        return self._out((num * b) / (self._chisq(b) * a), sc)

    def standard_t(self, df, size=None):
        (df,), shp, sc = self._params(size, df)
        self._check(ivy.less_equal(df, 0.0), "df <= 0")
        return self._out(self._z(shp) / ivy.sqrt(self._chisq(df) / df), sc)

    def standard_cauchy(self, size=None):
        shp = _shape(size)
        return self._out(self._z(shp) / self._z(shp), size is None)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        (m, s), shp, sc = self._params(size, mean, sigma)
        self._check(ivy.less(s, 0.0), "sigma < 0")
        return self._out(ivy.exp(m + s * self._z(shp)), sc)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        (m, s), shp, sc = self._params(size, loc, scale)
        self._check(ivy.less(s, 0.0), "scale < 0")
        u = 1.0 - self._u(shp)  # (0, 1]
        return self._out(m - s * ivy.log(-ivy.log(u)), sc)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        (m, s), shp, sc = self._params(size, loc, scale)
        self._check(ivy.less(s, 0.0), "scale < 0")
        u = self._u(shp)
        up = ivy.greater_equal(u, 0.5)
        arg = ivy.where(up, 2.0 - 2.0 * u, ivy.maximum(2.0 * u, ivy.full_like(u, 1e-300)))
        return self._out(ivy.where(up, m - s * ivy.log(arg), m + s * ivy.log(arg)), sc)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        (m, s), shp, sc = self._params(size, loc, scale)
        self._check(ivy.less(s, 0.0), "scale < 0")
        u = ivy.maximum(self._u(shp), ivy.full(shp, 1e-300, dtype="float64"))
        return self._out(m + s * ivy.log(u / (1.0 - u)), sc)

    def pareto(self, a, size=None):
        (a,), shp, sc = self._params(size, a)
        self._check(ivy.less_equal(a, 0.0), "a <= 0")
        return self._out(ivy.expm1(self._exp(shp) / a), sc)

    def power(self, a, size=None):
        (a,), shp, sc = self._params(size, a)
        self._check(ivy.less_equal(a, 0.0), "a <= 0")
        return self._out((-ivy.expm1(-self._exp(shp))) ** (1.0 / a), sc)

    def weibull(self, a, size=None):
        (a,), shp, sc = self._params(size, a)
        self._check(ivy.less(a, 0.0), "a < 0")
        nz = ivy.greater(a, 0.0)
        r = self._exp(shp) ** (1.0 / ivy.where(nz, a, ivy.ones_like(a)))
        return self._out(ivy.where(nz, r, ivy.zeros_like(r)), sc)

    def rayleigh(self, scale=1.0, size=None):
        (s,), shp, sc = self._params(size, scale)
        self._check(ivy.less(s, 0.0), "scale < 0")
        return self._out(s * ivy.sqrt(2.0 * self._exp(shp)), sc)

    def triangular(self, left, mode, right, size=None):
        (lo, md, hi), shp, sc = self._params(size, left, mode, right)
        self._check(ivy.greater(lo, md), "left > mode")
        self._check(ivy.greater(md, hi), "mode > right")
        self._check(ivy.equal(lo, hi), "left == right")
        base = hi - lo
        ratio = (md - lo) / base
        u = self._u(shp)
        r = ivy.where(ivy.less_equal(u, ratio), lo + ivy.sqrt(u * (md - lo) * base),
                      hi - ivy.sqrt((1.0 - u) * (hi - md) * base))
        return self._out(r, sc)

    def vonmises(self, mu, kappa, size=None):
        """NumPy's algorithm: Best & Fisher (1979) rejection; uniform for kappa < 1e-8, a
        wrapped normal for kappa > 1e6."""
        (mu, k), shp, sc = self._params(size, mu, kappa)
        self._check(ivy.less(k, 0.0), "kappa < 0")
        pi = math.pi
        ks = ivy.clip(k, 1e-8, 1e6)
        r = 1.0 + ivy.sqrt(1.0 + 4.0 * ks * ks)
        rho = (r - ivy.sqrt(2.0 * r)) / (2.0 * ks)
        s = ivy.where(ivy.less(ks, 1e-5), 1.0 / ks + ks, (1.0 + rho * rho) / (2.0 * rho))

        def propose():
            z = ivy.cos(pi * self._u(shp))
            w = (1.0 + s * z) / (s + z)
            y = ks * (s - w)
            v = ivy.maximum(self._u(shp), ivy.full(shp, 1e-300, dtype="float64"))
            ys = ivy.maximum(y, ivy.full(shp, 1e-300, dtype="float64"))
            ok = ivy.logical_or(ivy.greater_equal(y * (2.0 - y) - v, 0.0),
                                ivy.greater_equal(ivy.log(ys / v) + 1.0 - y, 0.0))
            return w, ok

        w = ivy.clip(self._reject(shp, propose), -1.0, 1.0)
        ang = ivy.acos(w)
        ang = ivy.where(ivy.less(self._u(shp), 0.5), -ang, ang)
        ang = ivy.where(ivy.less(k, 1e-8), pi * (2.0 * self._u(shp) - 1.0), ang)
        ang = ivy.where(ivy.greater(k, 1e6), ivy.sqrt(1.0 / ks) * self._z(shp), ang)
        res = ivy.remainder(ang + mu + pi, 2.0 * pi) - pi
        return self._out(res, sc)

    def wald(self, mean, scale, size=None):
        """Michael, Schucany & Haas (1976), as NumPy."""
        (m, s), shp, sc = self._params(size, mean, scale)
        self._check(ivy.less_equal(m, 0.0), "mean <= 0")
        self._check(ivy.less_equal(s, 0.0), "scale <= 0")
        z = self._z(shp)
        y = m * z * z
        x = m + (m / (2.0 * s)) * (y - ivy.sqrt(4.0 * s * y + y * y))
        r = ivy.where(ivy.less_equal(self._u(shp), m / (m + x)), x, m * m / x)
        return self._out(r, sc)

    def _exp(self, shp):
        return -ivy.log1p(-self._u(shp))

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *,
                            method="svd"):
        from . import linalg as L
        m, c = F.asarray(mean, "float64"), F.asarray(cov, "float64")
        if m.ndim != 1:
            raise ValueError("mean must be 1 dimensional")
        if c.ndim != 2 or c.shape[0] != c.shape[1]:
            raise ValueError("cov must be 2 dimensional and square")
        if c.shape[0] != m.shape[0]:
            raise ValueError("mean and cov must have same length")
        if check_valid not in ("warn", "raise", "ignore"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method not in ("svd", "eigh", "cholesky"):
            raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
        n = m.shape[0]
        shp = _shape(size) + (n,)
        if method == "cholesky":
            fac = L.cholesky(c)
        else:
            w, v = L.eigh(c)
            if check_valid != "ignore" and builtins.bool(
                    F.any(w < -tol * builtins.max(float(F.abs(w).max()) if n else 0.0, 1.0))):
                if check_valid == "warn":
                    import warnings
                    warnings.warn("covariance is not symmetric positive-semidefinite.",
                                  RuntimeWarning, stacklevel=2)
                else:
                    raise ValueError("covariance is not symmetric positive-semidefinite.")
            fac = v * F.sqrt(F.maximum(w, 0.0))
        z = wrap(self._z(shp))
        return wrap(ivy.add(m._data, F.matmul(z, fac.T)._data))

    # discrete
    def poisson(self, lam=1.0, size=None):
        (lam,), shp, sc = self._params(size, lam)
        self._check(ivy.logical_or(ivy.less(lam, 0.0), ivy.isnan(lam)), "lam < 0 or lam is NaN")
        self._check(ivy.greater_equal(lam, 9.223372006484771e+18), "lam value too large")
        return self._out(self._poisson(lam), sc, "int64")

    def binomial(self, n, p, size=None):
        (n, p), shp, sc = self._params(size, n, p)
        n = ivy.floor(n)
        self._check(ivy.less(n, 0.0), "n < 0")
        self._check(ivy.less(p, 0.0), "p < 0")
        self._check(ivy.logical_or(ivy.greater(p, 1.0), ivy.isnan(p)), "p > 1 or p is NaN")
        return self._out(self._binomial(n, p), sc, "int64")

    def negative_binomial(self, n, p, size=None):
        (n, p), shp, sc = self._params(size, n, p)
        self._check(ivy.less_equal(n, 0.0), "n <= 0")
        self._check(ivy.less_equal(p, 0.0), "p <= 0")
        self._check(ivy.logical_or(ivy.greater(p, 1.0), ivy.isnan(p)), "p > 1 or p is NaN")
        lam = self._std_gamma(n) * (1.0 - p) / p
        return self._out(self._poisson(lam), sc, "int64")

    def geometric(self, p, size=None):
        (p,), shp, sc = self._params(size, p)
        self._check(ivy.logical_or(ivy.less_equal(p, 0.0), ivy.logical_or(
            ivy.greater(p, 1.0), ivy.isnan(p))), "p <= 0, p > 1 or p contains NaNs")
        r = ivy.ceil(ivy.log1p(-self._u(shp)) / ivy.log1p(-p))
        return self._out(ivy.maximum(r, ivy.ones_like(r)), sc, "int64")

    def logseries(self, p, size=None):
        """Kemp's (1981) LK algorithm, as NumPy."""
        (p,), shp, sc = self._params(size, p)
        self._check(ivy.logical_or(ivy.less(p, 0.0), ivy.logical_or(
            ivy.greater_equal(p, 1.0), ivy.isnan(p))), "p < 0, p >= 1 or p is NaN")
        v = ivy.maximum(self._u(shp), ivy.full(shp, 1e-300, dtype="float64"))
        q = -ivy.expm1(ivy.log1p(-p) * self._u(shp))
        qs = ivy.clip(q, 1e-300, 1.0 - 1e-16)
        tail = ivy.maximum(ivy.floor(1.0 + ivy.log(v) / ivy.log(qs)), ivy.ones_like(v))
        r = ivy.where(ivy.greater_equal(v, q), ivy.ones_like(v), 2.0 * ivy.ones_like(v))
        r = ivy.where(ivy.less_equal(v, q * q), tail, r)
        r = ivy.where(ivy.greater_equal(v, p), ivy.ones_like(v), r)
        return self._out(r, sc, "int64")

    def zipf(self, a, size=None):
        """NumPy's rejection algorithm (Devroye 1986, X.6), vectorised."""
        (a,), shp, sc = self._params(size, a)
        self._check(ivy.logical_or(ivy.less_equal(a, 1.0), ivy.isnan(a)),
                    "a <= 1 or a is NaN")
        am1 = a - 1.0
        b = 2.0 ** am1

        def propose():
            u = 1.0 - self._u(shp)
            v = self._u(shp)
            x = ivy.floor(u ** (-1.0 / am1))
            fine = ivy.logical_and(ivy.greater_equal(x, 1.0), ivy.less(x, 9.2e18))
            xs = ivy.where(fine, x, ivy.ones_like(x))
            t = (1.0 + 1.0 / xs) ** am1
            ok = ivy.logical_and(fine, ivy.less_equal(v * xs * (t - 1.0) / (b - 1.0), t / b))
            return xs, ok

        return self._out(self._reject(shp, propose), sc, "int64")

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        (g, b, n), shp, sc = self._params(size, ngood, nbad, nsample, dtype="int64")
        self._check(ivy.less(g, 0), "ngood < 0")
        self._check(ivy.less(b, 0), "nbad < 0")
        self._check(ivy.less(n, 0), "nsample < 0")
        self._check(ivy.greater(n, g + b), "ngood + nbad < nsample")
        g, b, n = (ivy.astype(x, "float64") for x in (g, b, n))
        return self._out(self._hypergeometric(g, b, n), sc, "int64")

    def multinomial(self, n, pvals, size=None):
        pv = F.asarray(pvals, "float64")
        if pv.ndim != 1:
            not_implemented("numpy.random.Generator.multinomial with pvals of ndim != 1")
        k = pv.shape[0]
        if builtins.bool(F.any(pv < 0)) or builtins.bool(F.any(pv > 1)) or builtins.bool(
                F.any(F.isnan(pv))):
            raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
        if k and float(pv[:-1].sum()) > 1.0 + 1e-12:
            raise ValueError("sum(pvals[:-1]) > 1.0")
        (nn,), shp, sc = self._params(size, n, dtype="int64")
        self._check(ivy.less(nn, 0), "n < 0")
        rem = ivy.astype(nn, "float64")
        left = 1.0
        cols = []
        for i in range(k):
            if i == k - 1:
                x = rem
            else:
                pi = float(pv[i])
                q = builtins.min(builtins.max(pi / left, 0.0), 1.0) if left > 0 else 0.0
                x = self._binomial(rem, ivy.full_like(rem, q))
                left -= pi
            cols.append(x)
            rem = rem - x
        r = ivy.stack(cols, axis=-1) if cols else ivy.zeros(shp + (0,), dtype="float64")
        return wrap(ivy.astype(r, "int64"))

    def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
        if method not in ("count", "marginals"):
            raise ValueError('method must be "count" or "marginals".')
        col = F.asarray(colors, "int64")
        if col.ndim != 1:
            raise ValueError("colors must be a one-dimensional sequence of nonnegative "
                             "integers.")
        if builtins.bool(F.any(col < 0)):
            raise ValueError("colors must be a one-dimensional sequence of nonnegative "
                             "integers.")
        total = int(col.sum())
        if nsample < 0:
            raise ValueError("nsample must be nonnegative.")
        if nsample > total:
            raise ValueError("nsample > sum(colors)")
        shp = _shape(size)
        cv = [int(c) for c in col.tolist()]
        rem = ivy.full(shp, float(nsample), dtype="float64")
        cols = []
        for i, c in enumerate(cv):
            rest = float(sum(cv[i + 1:]))
            if i == len(cv) - 1:
                x = rem
            else:
                x = self._hypergeometric(ivy.full(shp, float(c), dtype="float64"),
                                         ivy.full(shp, rest, dtype="float64"), rem)
            cols.append(x)
            rem = rem - x
        r = ivy.stack(cols, axis=-1) if cols else ivy.zeros(shp + (0,), dtype="float64")
        return wrap(ivy.astype(r, "int64"))

    def dirichlet(self, alpha, size=None):
        al = F.asarray(alpha, "float64")
        if al.ndim != 1:
            raise ValueError("object of too small depth for desired array")
        if builtins.bool(F.any(al < 0)) or builtins.bool(F.any(F.isnan(al))):
            raise ValueError("alpha < 0")
        shp = _shape(size) + (al.shape[0],)
        lg = self._log_std_gamma(ivy.broadcast_to(al._data, shp))
        mx = ivy.max(lg, axis=-1, keepdims=True)
        mx = ivy.where(ivy.isinf(mx), ivy.zeros_like(mx), mx)
        e = ivy.exp(lg - mx)
        return wrap(e / ivy.sum(e, axis=-1, keepdims=True))

    def permutation(self, x, axis=0):
        if isinstance(x, (int,)):
            arr = F.arange(x)
        else:
            arr = F.asarray(x)
        if arr.ndim == 0:
            raise ValueError("x must be an integer or at least 1-dimensional")
        n = arr.shape[axis]
        keys = ivy.random_uniform(shape=(n,), dtype="float64", seed=self._next())
        order = ivy.astype(ivy.argsort(keys), "int64")
        return F.take(arr, wrap(order), axis=axis)

    def permuted(self, x, axis=None, out=None):
        if axis is None:
            a = F.asarray(x)
            return self.permutation(a.ravel()).reshape(a.shape)
        not_implemented("numpy.random.Generator.permuted(axis=...)")

    def shuffle(self, x, axis=0):
        """In place on a frontend ndarray (its data is rebound on immutable backends)."""
        if not isinstance(x, ndarray):
            raise TypeError("shuffle needs a frontend ndarray")
        x._assign(self.permutation(x, axis)._data)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        pool = F.arange(a) if isinstance(a, int) else F.asarray(a)
        n = pool.shape[axis] if pool.ndim else 0
        if n == 0:
            raise ValueError("a cannot be empty unless no samples are taken")
        shp = _shape(size)
        k = 1
        for s in shp:
            k *= s
        if p is not None:
            pv = F.asarray(p, "float64")
            if pv.shape != (n,):
                raise ValueError("p must be 1-dimensional and the same length as a")
            if abs(float(pv.sum()) - 1.0) > 1e-8:
                raise ValueError("probabilities do not sum to 1")
            idx = ivy.multinomial(ivy.reshape(pv._data, (1, n)), max(k, 1), replace=replace,
                                  seed=self._next())
            idx = ivy.reshape(ivy.astype(idx, "int64"), (-1,))[: k] if k else \
                ivy.zeros((0,), dtype="int64")._data
            idx = wrap(idx)
        elif replace:
            idx = wrap(ivy.randint(0, n, shape=(k,), dtype="int64", seed=self._next()))
        else:
            if k > n:
                raise ValueError("Cannot take a larger sample than population when "
                                 "replace=False")
            idx = self.permutation(n)[:k]
        r = F.take(pool, idx.reshape(shp) if shp else idx.reshape(()), axis=axis)
        return r

    def bytes(self, length):
        return bytes(self.integers(0, 256, size=length).tolist())

    def spawn(self, n_children):
        return [Generator(self._next()) for _ in range(n_children)]

    @property
    def bit_generator(self):
        not_implemented("numpy.random.Generator.bit_generator")


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    return Generator(seed)


# ---- legacy module-level API over one global generator
_GLOBAL = [Generator(0)]


def seed(seed=None):
    _GLOBAL[0] = Generator(seed)


def rand(*shape):
    return _GLOBAL[0].random(shape if shape else None)


def randn(*shape):
    return _GLOBAL[0].standard_normal(shape if shape else None)


def random(size=None):
    return _GLOBAL[0].random(size)


random_sample = ranf = sample = random


def uniform(low=0.0, high=1.0, size=None):
    return _GLOBAL[0].uniform(low, high, size)


def normal(loc=0.0, scale=1.0, size=None):
    return _GLOBAL[0].normal(loc, scale, size)


def standard_normal(size=None):
    return _GLOBAL[0].standard_normal(size)


def randint(low, high=None, size=None, dtype=int):
    return _GLOBAL[0].integers(low, high, size, dtype)


def choice(a, size=None, replace=True, p=None):
    return _GLOBAL[0].choice(a, size, replace, p)


def permutation(x):
    return _GLOBAL[0].permutation(x)


def shuffle(x):
    _GLOBAL[0].shuffle(x)


def exponential(scale=1.0, size=None):
    return _GLOBAL[0].exponential(scale, size)


