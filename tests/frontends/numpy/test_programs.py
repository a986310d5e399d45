"""Small real-style NumPy routines, written against ``np`` (passed in), run once with the real
NumPy and once with the frontend on each backend; results compared."""

import numpy as real
import pytest

import ivy
import ivy.frontends.numpy as fnp

from .helpers import BACKENDS


def newton_sqrt(np, a, iters=30):
    """Vectorised Newton iteration for sqrt with a convergence mask."""
    a = np.asarray(a, dtype=np.float64)
    x = np.where(a > 1, a / 2, np.ones_like(a))
    for _ in range(iters):
        x_new = 0.5 * (x + a / x)
        done = np.abs(x_new - x) < 1e-12
        x = x_new
        if np.all(done):
            break
    return x


def kmeans(np, pts, k=3, steps=5):
    """Lloyd's k-means from fixed initial centroids (the first k points)."""
    pts = np.asarray(pts)
    c = pts[:k].copy()
    for _ in range(steps):
        d = ((pts[:, None, :] - c[None, :, :]) ** 2).sum(axis=-1)
        lab = np.argmin(d, axis=1)
        for j in range(k):
            m = lab == j
            if m.any():
                c[j] = pts[m].mean(axis=0)
    inertia = np.sum(np.min(d, axis=1))
    return c, lab, inertia


def heat_equation(np, n=32, steps=200, alpha=0.2):
    """Explicit finite differences for u_t = u_xx with Dirichlet boundaries."""
    x = np.linspace(0.0, 1.0, n)
    u = np.sin(np.pi * x) + 0.5 * np.sin(3 * np.pi * x)
    for _ in range(steps):
        lap = np.zeros_like(u)
        lap[1:-1] = u[2:] - 2 * u[1:-1] + u[:-2]
        u = u + alpha * lap
        u[0] = u[-1] = 0.0
    return u, np.max(np.abs(u)), np.trapezoid(u, x) if hasattr(np, "trapezoid") else None


def least_squares(np, seed_x, seed_noise):
    """Polynomial fit by normal equations, lstsq and QR; residual statistics."""
    x = np.asarray(seed_x)
    y = 1.5 - 2.0 * x + 0.5 * x ** 2 + 0.01 * np.asarray(seed_noise)
    A = np.vstack([np.ones_like(x), x, x ** 2]).T
    coef_ne = np.linalg.solve(A.T @ A, A.T @ y)
    coef_ls, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
    q, r = np.linalg.qr(A)
    coef_qr = np.linalg.solve(r, q.T @ y)
    resid = y - A @ coef_ls
    stats = (np.mean(resid), np.std(resid, ddof=1), np.percentile(np.abs(resid), 90),
             np.linalg.norm(resid), np.corrcoef(x, y)[0, 1])
    return coef_ne, coef_ls, coef_qr, res, rank, stats


def spectrum(np, sig):
    """Windowed FFT power spectrum and the peak frequency."""
    sig = np.asarray(sig)
    n = sig.shape[0]
    w = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)
    spec = np.abs(np.fft.rfft(sig * w)) ** 2
    f = np.fft.rfftfreq(n, d=0.01)
    return spec, f[np.argmax(spec)], np.cumsum(spec) / np.sum(spec)


def _flat(o):
    if isinstance(o, (tuple, list)):
        return [e for x in o for e in _flat(x)]
    return [o]


def _same(got, exp, rtol=1e-9, atol=1e-11):
    g, e = _flat(got), _flat(exp)
    assert len(g) == len(e)
    for a, b in zip(g, e):
        if b is None:
            assert a is None
            continue
        ga, eb = real.asarray(a), real.asarray(b)
        assert ga.shape == eb.shape and ga.dtype == eb.dtype, (ga.dtype, eb.dtype, ga.shape)
        real.testing.assert_allclose(ga, eb, rtol=rtol, atol=atol)


rs = real.random.default_rng(0)
PTS = rs.normal(size=(30, 2)) + real.repeat(real.array([[0, 0], [4, 4], [0, 5]]), 10, axis=0)
X = real.linspace(-2, 3, 25)
NOISE = rs.normal(size=25)
t = real.arange(128) * 0.01
SIG = real.sin(2 * real.pi * 7 * t) + 0.3 * real.cos(2 * real.pi * 19 * t)

PROGRAMS = {
    "newton": (newton_sqrt, lambda: (real.array([0.5, 2.0, 9.0, 1e4]),)),
    "kmeans": (kmeans, lambda: (PTS,)),
    "heat": (heat_equation, lambda: ()),
    "lstsq": (least_squares, lambda: (X, NOISE)),
    "spectrum": (spectrum, lambda: (SIG,)),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program(name, backend):
    fn, args = PROGRAMS[name]
    exp = fn(real, *args())
    with ivy.using_backend(backend):
        got = fn(fnp, *[fnp.array(a) for a in args()])
        for o in _flat(got):
            if isinstance(o, fnp.ndarray):
                assert ivy.backend_of(o._data).name == backend
    _same(got, exp, rtol=1e-7, atol=1e-9)
