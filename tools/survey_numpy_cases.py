"""Realistic NumPy numerical code for the transpiler survey (``survey_numpy.py``):
name -> (fn, args).

Written as a scientist would write it (float64 by default, some float32), robust to a fresh
random draw of its inputs (SPD matrices are built inside the functions).
"""

from __future__ import annotations

import numpy as np

R = np.random.default_rng(0)


def f64(*s):
    return R.standard_normal(s)


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


# -- linear algebra ------------------------------------------------------------------------------
def la_solve(a, b):
    m = a @ a.T + a.shape[0] * np.eye(a.shape[0])
    return np.linalg.solve(m, b)


def la_lstsq(a, b):
    coef, res, rank, sv = np.linalg.lstsq(a, b, rcond=None)
    return coef, res, sv


def la_pinv(a):
    return np.linalg.pinv(a) @ a


def la_eigh(a):
    s = a + a.T
    w, v = np.linalg.eigh(s)
    return w, np.abs(v[:, -1])


def la_pca_svd(x):
    xc = x - x.mean(axis=0, keepdims=True)
    u, s, vt = np.linalg.svd(xc, full_matrices=False)
    explained = s ** 2 / np.sum(s ** 2)
    scores = xc @ vt[:2].T
    return explained, np.abs(scores)


def la_qr(a):
    q, r = np.linalg.qr(a)
    return np.abs(np.diag(r)), q @ r


def la_cholesky(a):
    m = a @ a.T + a.shape[0] * np.eye(a.shape[0])
    lo = np.linalg.cholesky(m)
    y = np.linalg.solve(lo, np.ones(a.shape[0]))
    return lo, y


def la_det(a):
    sign, logdet = np.linalg.slogdet(a)
    return np.linalg.det(a), sign, logdet


def la_norms(x):
    return (np.linalg.norm(x), np.linalg.norm(x, axis=0), np.linalg.norm(x, ord=1, axis=1),
            np.linalg.norm(x, "fro"), np.linalg.norm(x, np.inf), np.linalg.norm(x, 2),
            np.linalg.norm(x, ord=np.inf, axis=1))


def la_matrix_power(a):
    return np.linalg.matrix_power(a / np.linalg.norm(a), 5)


def la_inv(a):
    m = a @ a.T + np.eye(a.shape[0])
    return np.linalg.inv(m) @ m


def la_contractions(a, b):
    t = np.tensordot(a, b, axes=([1, 2], [0, 1]))
    e = np.einsum("ijk,jkl->il", a, b)
    tr = np.einsum("ii->", t @ t.T)
    return t, e, tr


def la_kron_outer_cross(u, v):
    k = np.kron(np.eye(2), np.outer(u, v))
    c = np.cross(u, v)
    return k, c, np.dot(u, v), np.inner(u, v)


def la_cross_rows(p, q):
    return np.cross(p, q, axis=1)


# -- FFT -----------------------------------------------------------------------------------------
def fft_convolution(x, k):
    n = x.size + k.size - 1
    nfft = 1 << (n - 1).bit_length()
    y = np.fft.irfft(np.fft.rfft(x, nfft) * np.fft.rfft(k, nfft), nfft)
    return y[:n]


def fft_spectral_derivative(u):
    n = u.shape[0]
    k = 2 * np.pi * np.fft.fftfreq(n, d=1.0 / n)
    return np.real(np.fft.ifft(1j * k * np.fft.fft(u)))


def fft_shift_spectrum(x):
    spec = np.fft.fftshift(np.fft.fft(x))
    freqs = np.fft.fftshift(np.fft.fftfreq(x.size, d=0.1))
    return np.abs(spec), freqs


def fft_lowpass_2d(img):
    f = np.fft.fft2(img)
    ky = np.fft.fftfreq(img.shape[0])[:, None]
    kx = np.fft.fftfreq(img.shape[1])[None, :]
    mask = (kx ** 2 + ky ** 2) < 0.1 ** 2
    return np.fft.ifft2(f * mask).real


def fft_power_spectrum(x):
    w = np.hanning(x.shape[-1])
    p = np.abs(np.fft.rfft(x * w, axis=-1)) ** 2
    freqs = np.fft.rfftfreq(x.shape[-1], d=0.01)
    return p / np.sum(w ** 2), freqs


# -- statistics ----------------------------------------------------------------------------------
def st_moments(x):
    return (x.mean(axis=0), x.std(axis=0, ddof=1), np.var(x, axis=1, ddof=1), x.var(),
            np.std(x))


def st_quantiles(x):
    return (np.percentile(x, [5, 50, 95], axis=0), np.quantile(x, 0.25), np.median(x, axis=1),
            np.median(x))


def st_cov_corr(x):
    return np.cov(x, rowvar=False), np.corrcoef(x.T), np.cov(x.T, ddof=0)


def st_weighted_average(x, w):
    w = np.abs(w)
    return np.average(x, axis=0, weights=w), np.average(x, weights=np.outer(w, np.ones(3)))


def st_nan_stats(x):
    x = x.copy()
    x[x > 1.0] = np.nan
    return np.nanmean(x, axis=0), np.nansum(x), np.nanstd(x, axis=1), np.isnan(x).sum()


def st_histogram(x):
    counts, edges = np.histogram(x, bins=np.linspace(-3, 3, 13))
    return counts, edges


def st_histogram_density(x):
    counts, _ = np.histogram(x, bins=10, range=(-4.0, 4.0), density=True)
    return counts


def st_bincount(labels, w):
    return np.bincount(labels, minlength=6), np.bincount(labels, weights=w, minlength=6)


def st_digitize(x):
    edges = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
    return np.digitize(x, edges), np.searchsorted(edges, x), np.searchsorted(edges, x, "right")


def st_zscore_f32(x):
    mu = x.mean(axis=0, keepdims=True)
    sd = x.std(axis=0, keepdims=True)
    return (x - mu) / sd


# -- numerical schemes ---------------------------------------------------------------------------
def ns_laplacian_roll(u):
    return (np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1) - 4 * u)


def ns_laplacian_slices(u):
    lap = np.zeros_like(u)
    lap[1:-1, 1:-1] = (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2]
                       - 4 * u[1:-1, 1:-1])
    return lap


def ns_heat_equation(u0):
    u = u0.copy()
    alpha, dx, dt = 1.0, 1.0, 0.2
    for _ in range(20):
        u[1:-1] = u[1:-1] + alpha * dt / dx ** 2 * (u[2:] - 2 * u[1:-1] + u[:-2])
    return u


def ns_rk4(y0):
    def f(t, y):
        return np.array([y[1], -np.sin(y[0])]) - 0.1 * y * t

    y, t, h = y0, 0.0, 0.05
    for _ in range(10):
        k1 = f(t, y)
        k2 = f(t + h / 2, y + h / 2 * k1)
        k3 = f(t + h / 2, y + h / 2 * k2)
        k4 = f(t + h, y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t += h
    return y


def ns_jacobi(a, b):
    m = a + np.diag(np.sum(np.abs(a), axis=1) + 1.0)
    d = np.diag(m)
    r = m - np.diagflat(d)
    x = np.zeros_like(b)
    for _ in range(25):
        x = (b - r @ x) / d
    return x


def ns_kalman(x, p, z):
    f = np.array([[1.0, 0.1], [0.0, 1.0]])
    h = np.array([[1.0, 0.0]])
    q, r = 0.01 * np.eye(2), np.array([[0.1]])
    p = p @ p.T + np.eye(2)
    x = f @ x
    p = f @ p @ f.T + q
    s = h @ p @ h.T + r
    k = p @ h.T @ np.linalg.inv(s)
    x = x + k @ (z - h @ x)
    p = (np.eye(2) - k @ h) @ p
    return x, p


def ns_logreg_step(w, x, y):
    y = (y > 0).astype(np.float64)
    z = x @ w
    p = 1.0 / (1.0 + np.exp(-z))
    grad = x.T @ (p - y) / x.shape[0]
    loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    return w - 0.1 * grad, loss


def ns_softmax_logsumexp(x):
    m = np.max(x, axis=-1, keepdims=True)
    lse = m + np.log(np.sum(np.exp(x - m), axis=-1, keepdims=True))
    return np.exp(x - lse), lse[..., 0]


def ns_kmeans(x, c):
    d = np.linalg.norm(x[:, np.newaxis, :] - c[np.newaxis, :, :], axis=-1)
    labels = np.argmin(d, axis=1)
    new = np.zeros_like(c)
    for j in range(c.shape[0]):
        m = (labels == j)[:, None]
        new[j] = np.sum(x * m, axis=0) / np.maximum(m.sum(), 1)
    return labels, new


def ns_pairwise(x, y):
    d = np.sqrt(((x[:, None, :] - y[None, :, :]) ** 2).sum(axis=-1))
    return d, d.argmin(axis=1), d.min(axis=1)


def ns_where_clip_select(x):
    a = np.where(x > 0, x, 0.1 * x)
    b = np.clip(x, -0.5, 0.5)
    c = np.select([x < -1, x > 1], [x ** 2, -x], default=0.0)
    return a, b, c


def ns_piecewise(x):
    return np.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2])


def ns_interp(x, xp, fp):
    xp = np.sort(xp)
    return np.interp(x, xp, fp)


def ns_polyfit(x, y):
    c = np.polyfit(x, y, 3)
    return c, np.polyval(c, x)


def ns_vander(x, c):
    v = np.vander(x, 4)
    return v @ c, np.vander(x, 3, increasing=True)


def ns_convolve_modes(x, k):
    return (np.convolve(x, k), np.convolve(x, k, mode="same"), np.convolve(x, k, "valid"),
            np.correlate(x, k, mode="full"), np.correlate(x, k))


def ns_cumulative(x):
    return np.cumsum(x, axis=1), np.cumprod(1 + 0.1 * x, axis=0), np.diff(x, axis=0), \
        np.diff(x, n=2, axis=1)


def ns_gradient_trapz(y):
    g = np.gradient(y, 0.1)
    g2 = np.gradient(y, axis=0)
    return g, g2, np.trapezoid(y, dx=0.1), np.trapezoid(y, np.linspace(0, 1, y.shape[0]))


def ns_grids(a):
    x = np.linspace(0.0, 1.0, 5)
    y = np.arange(0, 4, 0.5)
    xx, yy = np.meshgrid(x, y, indexing="ij")
    gi, gj = np.mgrid[0:5, 0:8]
    oi, oj = np.ogrid[0:5, 0:8]
    ls = np.logspace(0, 2, 8)
    return a * xx + yy + gi - gj + oi * oj + ls


def ns_sorting(x):
    s = np.sort(x, axis=1)
    i = np.argsort(x, axis=0)
    p = np.partition(x.ravel(), 4)[4]
    ap = np.argpartition(x, 2, axis=1)[:, :2]
    return s, i, p, np.sort(np.take_along_axis(x, ap, axis=1), axis=1)


def ns_take_put_along(x):
    idx = np.argsort(x, axis=1)[:, :2]
    top = np.take_along_axis(x, idx, axis=1)
    y = x.copy()
    np.put_along_axis(y, idx, 0.0, axis=1)
    return top, y


def ns_masked_assign(x):
    y = x.copy()
    y[y < 0] = 0
    y[np.abs(x) > 1.5] = -1.0
    return y


def ns_index_add(x, v):
    y = x.copy()
    idx = np.array([0, 2, 5])
    y[idx] += v
    y[1:3] -= 1.0
    y[-1] *= 2.0
    return y


def ns_inplace(x, y):
    z = x.copy()
    z *= 2
    z += y
    np.add(z, y, out=z)
    np.multiply(z, 0.5, out=z)
    z /= 3.0
    z **= 2
    return z


def ns_pad_modes(x):
    return (np.pad(x, 2, mode="constant"), np.pad(x, ((1, 1), (2, 0)), mode="reflect"),
            np.pad(x, 1, mode="edge"), np.pad(x, 2, mode="wrap"),
            np.pad(x, 1, mode="symmetric"), np.pad(x, 1, constant_values=5.0))


def ns_tile_repeat_stack(x):
    return (np.tile(x, (2, 3)), np.repeat(x, 2, axis=0), np.stack([x, -x], axis=-1),
            np.block([[x, x], [-x, x]]), np.vstack([x, x]), np.hstack([x, x]),
            np.concatenate([x, x ** 2], axis=1), np.column_stack([x[:, 0], x[:, 1]]))


def ns_newaxis_ellipsis(x):
    a = x[..., np.newaxis] * x[:, np.newaxis, ...]
    b = x[None, ..., None]
    return a, b, x[..., 0], x[..., ::-1], x[1:, ...].sum()


def ns_int_bool(n, x):
    counts = n % 3
    even = (n % 2 == 0)
    mixed = n * 2 + (n // 2) - 1
    b = np.logical_and(x > 0, even)
    return counts, even, mixed, b.sum(), np.count_nonzero(b, axis=0), n.astype(np.float64) / 3


def ns_float32_scalars(x):
    half = np.float32(0.5)
    y = x * half + np.float32(1.0)
    return y, y.dtype == np.float32, np.sqrt(y ** 2 + np.float32(1e-3))


def ns_errstate(x, y):
    with np.errstate(divide="ignore", invalid="ignore"):
        r = x / y
        lg = np.log(np.abs(x))
    return np.where(np.isfinite(r), r, 0.0), lg


def ns_isclose_data(x, y):
    close = np.isclose(x, y, atol=0.5)
    allc = np.allclose(x, x + 1e-12)
    return close, close.mean(), np.array(allc), np.where(close, x, y)


def ns_reductions_axes(x):
    return (x.sum(axis=(0, 2)), x.max(axis=-1), x.argmax(axis=1), np.prod(x[0], axis=0),
            np.any(x > 2, axis=2), np.all(x > -3), np.ptp(x, axis=0), np.amin(x, keepdims=True))


def ns_linspace_eval(a):
    t = np.linspace(0, 2 * np.pi, a.shape[0], endpoint=False)
    return a * np.sin(t) + np.cos(2 * t), np.arange(a.shape[0]) * a


def ns_nonlinear_f32(x, w):
    h = np.tanh(x @ w)
    return np.maximum(h, 0) + np.log1p(np.exp(-np.abs(h))), np.sign(h), np.floor(h * 4)


def ns_triu_tril(a):
    return np.triu(a, 1), np.tril(a), np.trace(a), np.diag(a, -1), a[np.triu_indices(4, 1)]


def ns_unique_small(x):
    return np.unique(x)


def ns_complex_ops(x):
    z = x[0] + 1j * x[1]
    return np.abs(z), np.angle(z), np.conj(z) * z, np.exp(1j * x[0]).real


def ns_random_generator_input(x, noise):
    return x + 0.1 * noise, np.mean(x * noise)


def ns_sum_of_squares_loop(xs):
    total = np.zeros(xs.shape[1])
    for row in xs:
        total += row ** 2
    return total


def ns_matmul_batched(a, b):
    return a @ b, np.matmul(a, b.transpose(0, 2, 1) @ b), np.einsum("bij,bjk->bik", a, b)


def ns_outer_product_update(p, v):
    return p - np.outer(v, v) / (1.0 + v @ v)


def ns_moving_average(x):
    c = np.cumsum(np.insert(x, 0, 0.0))
    return (c[5:] - c[:-5]) / 5.0, np.convolve(x, np.ones(5) / 5, mode="valid")


def ns_rotation(theta, pts):
    c, s = np.cos(theta), np.sin(theta)
    rot = np.array([[c, -s], [s, c]])
    return pts @ rot.T


def ns_argmax_onehot(logits):
    k = logits.shape[1]
    lab = logits.argmax(axis=1)
    onehot = np.eye(k)[lab]
    return onehot, np.take(logits, lab, axis=1).diagonal()


def ns_squeeze_reshape(x):
    y = x.reshape(2, -1, 3)
    return y.transpose(1, 0, 2).reshape(-1), np.squeeze(y[:, :1]), np.expand_dims(x, 0).shape, \
        np.swapaxes(y, 0, 2), np.moveaxis(y, 0, -1).ravel()


def ns_gauss_newton(j, r):
    jt = j.T
    return np.linalg.solve(jt @ j + 1e-2 * np.eye(j.shape[1]), -jt @ r)


def ns_lstsq_float32(a, b):
    return np.linalg.lstsq(a, b, rcond=None)[0]


def ns_fft_float32(x):
    return np.abs(np.fft.rfft(x)), np.fft.irfft(np.fft.rfft(x), x.shape[-1])


CASES = {
    # linear algebra
    "la_solve": (la_solve, (f64(5, 5), f64(5))),
    "la_lstsq": (la_lstsq, (f64(20, 3), f64(20))),
    "la_pinv": (la_pinv, (f64(6, 3),)),
    "la_eigh": (la_eigh, (f64(4, 4),)),
    "la_pca_svd": (la_pca_svd, (f64(30, 4),)),
    "la_qr": (la_qr, (f64(6, 4),)),
    "la_cholesky": (la_cholesky, (f64(4, 4),)),
    "la_det": (la_det, (f64(4, 4),)),
    "la_norms": (la_norms, (f64(5, 4),)),
    "la_matrix_power": (la_matrix_power, (f64(3, 3),)),
    "la_inv": (la_inv, (f64(4, 4),)),
    "la_contractions": (la_contractions, (f64(3, 4, 5), f64(4, 5, 2))),
    "la_kron_outer_cross": (la_kron_outer_cross, (f64(3), f64(3))),
    "la_cross_rows": (la_cross_rows, (f64(5, 3), f64(5, 3))),
    # FFT
    "fft_convolution": (fft_convolution, (f64(40), f64(7))),
    "fft_spectral_derivative": (fft_spectral_derivative, (f64(32),)),
    "fft_shift_spectrum": (fft_shift_spectrum, (f64(16),)),
    "fft_lowpass_2d": (fft_lowpass_2d, (f64(16, 12),)),
    "fft_power_spectrum": (fft_power_spectrum, (f64(3, 64),)),
    # statistics
    "st_moments": (st_moments, (f64(20, 4),)),
    "st_quantiles": (st_quantiles, (f64(21, 3),)),
    "st_cov_corr": (st_cov_corr, (f64(30, 3),)),
    "st_weighted_average": (st_weighted_average, (f64(8, 3), f64(8))),
    "st_nan_stats": (st_nan_stats, (f64(10, 4),)),
    "st_histogram": (st_histogram, (f64(200),)),
    "st_histogram_density": (st_histogram_density, (f64(100),)),
    "st_bincount": (st_bincount, (R.integers(0, 5, 30), f64(30))),
    "st_digitize": (st_digitize, (f64(25),)),
    "st_zscore_f32": (st_zscore_f32, (f32(50, 3),)),
    # numerical schemes
    "ns_laplacian_roll": (ns_laplacian_roll, (f64(8, 9),)),
    "ns_laplacian_slices": (ns_laplacian_slices, (f64(8, 9),)),
    "ns_heat_equation": (ns_heat_equation, (f64(30),)),
    "ns_rk4": (ns_rk4, (f64(2),)),
    "ns_jacobi": (ns_jacobi, (f64(5, 5), f64(5))),
    "ns_kalman": (ns_kalman, (f64(2), f64(2, 2), f64(1))),
    "ns_logreg_step": (ns_logreg_step, (f64(3), f64(40, 3), f64(40))),
    "ns_softmax_logsumexp": (ns_softmax_logsumexp, (f32(4, 10),)),
    "ns_kmeans": (ns_kmeans, (f64(40, 2), f64(3, 2))),
    "ns_pairwise": (ns_pairwise, (f32(7, 3), f32(5, 3))),
    "ns_where_clip_select": (ns_where_clip_select, (f64(4, 6),)),
    "ns_piecewise": (ns_piecewise, (f64(12),)),
    "ns_interp": (ns_interp, (f64(15), f64(8), f64(8))),
    "ns_polyfit": (ns_polyfit, (np.linspace(-1, 1, 20) + 0.01 * f64(20), f64(20))),
    "ns_vander": (ns_vander, (f64(6), f64(4))),
    "ns_convolve_modes": (ns_convolve_modes, (f64(20), f64(5))),
    "ns_cumulative": (ns_cumulative, (f64(5, 6),)),
    "ns_gradient_trapz": (ns_gradient_trapz, (f64(20),)),
    "ns_grids": (ns_grids, (f64(5, 8),)),
    "ns_sorting": (ns_sorting, (f64(5, 6),)),
    "ns_take_put_along": (ns_take_put_along, (f64(4, 5),)),
    "ns_masked_assign": (ns_masked_assign, (f64(6, 5),)),
    "ns_index_add": (ns_index_add, (f64(8), f64(3))),
    "ns_inplace": (ns_inplace, (f64(4, 3), f64(4, 3))),
    "ns_pad_modes": (ns_pad_modes, (f64(4, 5),)),
    "ns_tile_repeat_stack": (ns_tile_repeat_stack, (f64(3, 2),)),
    "ns_newaxis_ellipsis": (ns_newaxis_ellipsis, (f64(3, 4),)),
    "ns_int_bool": (ns_int_bool, (R.integers(-10, 10, (5, 4)), f64(5, 4))),
    "ns_float32_scalars": (ns_float32_scalars, (f32(6),)),
    "ns_errstate": (ns_errstate, (f64(8), f64(8))),
    "ns_isclose_data": (ns_isclose_data, (f64(10), f64(10))),
    "ns_reductions_axes": (ns_reductions_axes, (f64(3, 4, 5),)),
    "ns_linspace_eval": (ns_linspace_eval, (f64(16),)),
    "ns_nonlinear_f32": (ns_nonlinear_f32, (f32(6, 4), f32(4, 3))),
    "ns_triu_tril": (ns_triu_tril, (f64(4, 4),)),
    "ns_complex_ops": (ns_complex_ops, (f64(2, 6),)),
    "ns_random_generator_input": (ns_random_generator_input, (f64(5), f64(5))),
    "ns_sum_of_squares_loop": (ns_sum_of_squares_loop, (f64(6, 3),)),
    "ns_matmul_batched": (ns_matmul_batched, (f64(2, 3, 3), f64(2, 3, 3))),
    "ns_outer_product_update": (ns_outer_product_update, (f64(4, 4), f64(4))),
    "ns_moving_average": (ns_moving_average, (f64(30),)),
    "ns_rotation": (ns_rotation, (0.3, f64(10, 2))),
    "ns_argmax_onehot": (ns_argmax_onehot, (f64(6, 4),)),
    "ns_squeeze_reshape": (ns_squeeze_reshape, (f64(4, 3),)),
    "ns_gauss_newton": (ns_gauss_newton, (f64(12, 3), f64(12))),
    "ns_lstsq_float32": (ns_lstsq_float32, (f32(15, 3), f32(15))),
    "ns_fft_float32": (ns_fft_float32, (f32(2, 16),)),
}


# -- more idioms: preallocated histories, in-place helpers, ufunc methods, views ----------------
def ix_euler_history(y0):
    n, dt = 15, 0.05
    traj = np.zeros((n + 1, y0.shape[0]))
    traj[0] = y0
    for i in range(n):
        traj[i + 1] = traj[i] + dt * np.array([traj[i, 1], -traj[i, 0]])
    return traj


def ix_onehot_eye(logits):
    lab = np.argmax(logits, axis=1)
    return np.eye(logits.shape[1])[lab], np.identity(3)[[0, 2]]


def ix_accumulate_loop(xs):
    total = np.zeros(xs.shape[1])
    sq = np.zeros_like(total)
    for row in xs:
        total += row
        np.add(sq, row ** 2, out=sq)
    return total, sq


def ix_sort_inplace(x):
    y = x.copy()
    y.sort(axis=1)
    z = x[:, 0].copy()
    z.sort()
    w = np.empty(4)
    w.fill(2.5)
    return y, z, w


def ix_fill_diagonal(a):
    d = np.abs(a[:, :, None] - a[:, None, :]).sum(0)
    np.fill_diagonal(d, np.inf)
    return d.min(axis=1)


def ix_add_at(vals, idx):
    acc = np.zeros(5)
    np.add.at(acc, idx, vals)
    cnt = np.zeros(5, dtype=np.int64)
    np.add.at(cnt, idx, 1)
    mx = np.full(5, -np.inf)
    np.maximum.at(mx, idx, vals)
    return acc, cnt, mx


def ix_ufunc_outer(x, y):
    return (np.subtract.outer(x, y), np.multiply.outer(x, y), np.add.reduce(x),
            np.maximum.accumulate(x), np.logical_or.reduce(x > 0), np.minimum.reduce(y))


def ix_boundary_conditions(u):
    u = u.copy()
    u[0, :] = 0.0
    u[-1, :] = 1.0
    u[:, 0] = u[:, 1]
    u[:, -1] = u[:, -2]
    return u


def ix_row_view_write(a):
    b = a.copy()
    row = b[1]
    row *= 10.0
    row[0] = -1.0
    col = b[:, 2]
    col += 1.0
    return b


def ix_gauss_elim(a, rhs):
    m = a @ a.T + a.shape[0] * np.eye(a.shape[0])
    n = m.shape[0]
    aug = np.hstack([m, rhs[:, None]])
    for k in range(n):
        for i in range(k + 1, n):
            f = aug[i, k] / aug[k, k]
            aug[i] = aug[i] - f * aug[k]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = (aug[i, -1] - aug[i, i + 1:n] @ x[i + 1:]) / aug[i, i]
    return x


def ix_unravel_argmax(a):
    i, j = np.unravel_index(np.argmax(a), a.shape)
    return i, j, a[i, j]


def ix_topk(x):
    order = np.argsort(-x)
    return order[:3], np.sort(x)[::-1][:3], x[order[:3]]


def ix_eig_nonsym(a):
    w = np.linalg.eigvals(a @ a.T)
    return np.sort(w.real)


def ix_linalg_misc(a, b):
    return (np.linalg.matrix_rank(a), np.linalg.cond(a), np.linalg.multi_dot([a, b, a.T]),
            np.linalg.norm(a, "nuc"), np.linalg.norm(a, -2), np.linalg.svd(a, compute_uv=False))


def ix_batched_solve(a, b):
    m = a @ np.swapaxes(a, -1, -2) + 3 * np.eye(3)
    return np.linalg.solve(m, b[..., None])[..., 0], np.linalg.inv(m), np.linalg.det(m)


def ix_einsum_forms(a, b):
    return (np.einsum("...ij,...jk->...ik", a, b), np.einsum("bij,bij->b", a, a),
            np.einsum("i,i->", a[0, 0], b[0, :, 0]), np.einsum("bii->b", a),
            np.einsum("ij->ji", a[0]), np.einsum(a[0], [0, 1], b[0], [1, 2], [0, 2]))


def ix_methods(x):
    return (x.cumsum(0), x.round(2), x.prod(axis=1), x.dot(x.T), x.flatten(), x.clip(min=0),
            x.mean(1, keepdims=True), x.argmin(), x.any(axis=0), x.trace(), x.std(ddof=1),
            x.conj().T, x.squeeze(), x.astype(np.float32), x.nonzero()[0])


def ix_stack_comprehension(x):
    feats = np.array([[r.mean(), r.std(), r.max() - r.min()] for r in x])
    return feats, np.stack([np.convolve(r, np.ones(3) / 3, "same") for r in x])


def ix_special_funcs(x):
    return (np.hypot(x, 1.0), np.arctan2(x, 1.0 + x ** 2), np.expm1(x), np.log10(np.abs(x)
            + 1), np.sinc(x), np.heaviside(x, 0.5), np.i0(x), np.cbrt(x), np.deg2rad(x))


def ix_int_arith(n):
    return (np.floor_divide(n, 3), np.mod(n, -4), n // -3, n % 5, np.sign(n), np.abs(n),
            np.cumsum(n > 0), np.diff(n), n << 1, n & 3, np.argmax(n > 2), np.bitwise_xor(n, 5))


def ix_fft_variants(x):
    return (np.fft.fft(x, norm="ortho"), np.fft.ifftshift(np.fft.fftshift(x)),
            np.fft.fftn(x[:8].reshape(2, 4)), np.fft.irfft(np.fft.rfft(x, norm="forward"),
                                                          x.shape[0], norm="forward"),
            np.fft.hfft(x[:5]), np.fft.rfftn(x.reshape(4, 4), axes=(0,)))


def ix_nan_stats2(x):
    y = np.where(x > 1.2, np.nan, x)
    return (np.nanmedian(y, axis=0), np.nanpercentile(y, 90, axis=1), np.nanmax(y),
            np.nanargmin(y, axis=0), np.nan_to_num(y, nan=-1.0), np.isfinite(y).mean())


def ix_float32_pipeline(x, w):
    h = x @ w + np.float32(0.1)
    h = h - h.mean(axis=1, keepdims=True)
    h /= np.sqrt((h ** 2).mean(axis=1, keepdims=True) + 1e-5)
    return h, np.exp(h).sum(dtype=np.float64), h.astype(np.float64) * 2


def ix_histogram2d(x, y):
    h, xe, ye = np.histogram2d(x, y, bins=[np.linspace(-2, 2, 5), np.linspace(-2, 2, 4)])
    return h, xe, ye


def ix_cumulative_trapz(y):
    x = np.linspace(0, 1, y.shape[0])
    dx = np.diff(x)
    cum = np.concatenate([[0.0], np.cumsum(0.5 * (y[1:] + y[:-1]) * dx)])
    return cum, np.trapezoid(y, x), np.gradient(y, x, edge_order=2)


def ix_mgrid_complex_step(a):
    g = np.mgrid[0:1:5j, 0:2:3j]
    xs, ys = np.meshgrid(np.linspace(0, 1, 3), np.arange(4), sparse=True)
    return a * g[0] + g[1], xs + ys * a[:4, :3]


def ix_reshape_view_write(x):
    y = x.copy()
    flat = y.reshape(-1)
    flat[::2] = 0.0
    return flat.reshape(x.shape)


def ix_sliding_window(x):
    w = np.lib.stride_tricks.sliding_window_view(x, 4)
    return w.mean(axis=-1), w.max(axis=-1)


def ix_apply_along_axis(x):
    return np.apply_along_axis(lambda r: r / np.linalg.norm(r), 1, x)


def ix_lu_like_det(a):
    m = a @ a.T + np.eye(a.shape[0])
    sign, logdet = np.linalg.slogdet(m)
    return sign * np.exp(logdet), np.linalg.cholesky(m).diagonal().prod() ** 2


def ix_power_iteration(a):
    m = a @ a.T
    v = np.ones(m.shape[0]) / np.sqrt(m.shape[0])
    for _ in range(30):
        v = m @ v
        v /= np.linalg.norm(v)
    return v @ m @ v, np.abs(v)


def ix_masked_mean(x):
    mask = x > 0
    return np.sum(x * mask, axis=0) / np.maximum(mask.sum(axis=0), 1), np.mean(x > 0), \
        np.where(mask.any(axis=1), 1, 0)


def ix_polyder_int(c, x):
    return np.polyval(np.polyder(c), x), np.polyval(np.polyint(c), x), np.polymul(c, c), \
        np.polyadd(c, c[:2])


CASES.update({
    "ix_euler_history": (ix_euler_history, (f64(2),)),
    "ix_onehot_eye": (ix_onehot_eye, (f64(7, 4),)),
    "ix_accumulate_loop": (ix_accumulate_loop, (f64(5, 3),)),
    "ix_sort_inplace": (ix_sort_inplace, (f64(4, 5),)),
    "ix_fill_diagonal": (ix_fill_diagonal, (f64(3, 5),)),
    "ix_add_at": (ix_add_at, (f64(12), R.integers(0, 5, 12))),
    "ix_ufunc_outer": (ix_ufunc_outer, (f64(5), f64(4))),
    "ix_boundary_conditions": (ix_boundary_conditions, (f64(5, 6),)),
    "ix_row_view_write": (ix_row_view_write, (f64(4, 3),)),
    "ix_gauss_elim": (ix_gauss_elim, (f64(4, 4), f64(4))),
    "ix_unravel_argmax": (ix_unravel_argmax, (f64(4, 5),)),
    "ix_topk": (ix_topk, (f64(9),)),
    "ix_eig_nonsym": (ix_eig_nonsym, (f64(4, 4),)),
    "ix_linalg_misc": (ix_linalg_misc, (f64(4, 4), f64(4, 4))),
    "ix_batched_solve": (ix_batched_solve, (f64(2, 3, 3), f64(2, 3))),
    "ix_einsum_forms": (ix_einsum_forms, (f64(2, 3, 3), f64(2, 3, 3))),
    "ix_methods": (ix_methods, (f64(3, 4),)),
    "ix_stack_comprehension": (ix_stack_comprehension, (f64(4, 6),)),
    "ix_special_funcs": (ix_special_funcs, (f64(7),)),
    "ix_int_arith": (ix_int_arith, (R.integers(-9, 9, 8),)),
    "ix_fft_variants": (ix_fft_variants, (f64(16),)),
    "ix_nan_stats2": (ix_nan_stats2, (f64(6, 5),)),
    "ix_float32_pipeline": (ix_float32_pipeline, (f32(4, 3), f32(3, 5))),
    "ix_histogram2d": (ix_histogram2d, (f64(50), f64(50))),
    "ix_cumulative_trapz": (ix_cumulative_trapz, (f64(12),)),
    "ix_mgrid_complex_step": (ix_mgrid_complex_step, (f64(5, 3),)),
    "ix_reshape_view_write": (ix_reshape_view_write, (f64(3, 4),)),
    "ix_sliding_window": (ix_sliding_window, (f64(12),)),
    "ix_apply_along_axis": (ix_apply_along_axis, (f64(4, 3),)),
    "ix_lu_like_det": (ix_lu_like_det, (f64(4, 4),)),
    "ix_power_iteration": (ix_power_iteration, (f64(4, 4),)),
    "ix_masked_mean": (ix_masked_mean, (f64(6, 4),)),
    "ix_polyder_int": (ix_polyder_int, (f64(4), f64(6))),
})


# -- batch 3: lists of traced values, out= everywhere, index tricks, statistics variants ---------
def jx_list_reductions(a, b):
    return (np.sum([a.mean(), b.mean()]), np.max([a.max(), b.max()]), np.mean([a, b], axis=0),
            np.concatenate(([0.0], np.cumsum(a))), np.append(a, 0.0), np.insert(a, 1, -1.0),
            np.delete(a, [0, 2]))


def jx_index_tricks(x, y):
    return np.r_[0.0, np.cumsum(x)], np.c_[x, y], np.r_[x, y, 1.0], np.c_[x[:, None], y]


def jx_out_kwargs(x):
    y = x.copy()
    np.maximum(y, 0, out=y)
    np.clip(y, 0.1, 1.0, out=y)
    z = np.empty_like(x)
    np.exp(x, out=z)
    c = np.zeros(x.shape[0])
    np.cumsum(x[:, 0], out=c)
    return y, z, c


def jx_stats_variants(x, w):
    w = np.abs(w)
    return (np.percentile(x, 50, axis=0, method="nearest"),
            np.percentile(x, [10, 90], axis=0, method="lower"),
            np.quantile(x, [0.1, 0.9], axis=1, keepdims=True),
            np.quantile(x, 0.5, method="midpoint"), np.median(x[:4], axis=0),
            np.cov(x[:, 0], x[:, 1]), np.corrcoef(x[:, 0], x[:, 1]),
            np.cov(x.T, aweights=w), np.average(x, axis=0, weights=w, returned=True))


def jx_histogram_data_bins(x):
    counts, edges = np.histogram(x, bins=8)
    return counts, edges


def jx_particle_binning(pos, w):
    h = 0.5
    idx = np.clip(np.floor((pos + 3.0) / h).astype(int), 0, 11)
    grid = np.zeros(12)
    np.add.at(grid, idx, w)
    return grid, np.bincount(idx, weights=w, minlength=12)


def jx_linalg_more(a, b):
    q, r = np.linalg.qr(a, mode="complete")
    rr = np.linalg.qr(a, mode="r")
    u, s, vt = np.linalg.svd(a, full_matrices=True)
    recon = u[:, :3] @ np.diag(s) @ vt
    return (np.abs(np.diag(r)), np.abs(np.diag(rr)), recon, np.kron(a[:2, :2], b[:2, :2]),
            np.tensordot(a[:3], b[:3], axes=2), np.trace(a[:3]), q @ r)


def jx_batch_diag(a):
    return (np.diagonal(a, axis1=1, axis2=2), np.trace(a, axis1=1, axis2=2),
            np.einsum("bij,bjk,bkl->bil", a, a, a, optimize=True))


def jx_complex_waves(x, k):
    z = np.exp(1j * k[:, None] * x[None, :])
    field = z.sum(axis=0)
    return np.abs(field) ** 2, field.real, field.imag, np.angle(field), np.conj(field) * field


def jx_diag_indices(a):
    b = a.copy()
    b[np.diag_indices(b.shape[0])] += 10.0
    b[np.triu_indices_from(b, 1)] = 0.0
    return b, a[np.tril_indices(4)]


def jx_inverse_transform_sampling(p, u):
    p = np.abs(p) + 0.1
    cdf = np.cumsum(p) / p.sum()
    return np.searchsorted(cdf, u), np.digitize(u, cdf, right=True)


def jx_method_out(x):
    y = x.copy()
    y.clip(-0.5, 0.5, out=y)
    s = np.empty(x.shape[1])
    x.sum(axis=0, out=s)
    return y, s


def jx_column_time_loop(u0):
    n, steps = u0.shape[0], 6
    u = np.zeros((n, steps + 1))
    u[:, 0] = u0
    for t in range(steps):
        u[1:-1, t + 1] = u[1:-1, t] + 0.2 * (u[2:, t] - 2 * u[1:-1, t] + u[:-2, t])
        u[0, t + 1], u[-1, t + 1] = u[1, t + 1], u[-2, t + 1]
    return u


def jx_rfft_variants(x):
    n = x.shape[-1]
    X = np.fft.rfft(x, n=2 * n)
    return (np.fft.irfft(X, n=2 * n)[:n], np.fft.rfftfreq(2 * n, 0.5),
            np.fft.ifftshift(np.fft.fftfreq(n)), np.fft.fft2(x.reshape(4, -1), s=(4, 4)),
            np.fft.ifftn(np.fft.fftn(x.reshape(2, -1), axes=(1,)), axes=(1,)).real)


def jx_interp_variants(x, xp, fp):
    xp = np.sort(xp)
    return (np.interp(x, xp, fp, left=0.0, right=1.0),
            np.interp(x, np.linspace(0, 1, 5), fp[:5], period=1.0))


def jx_matrix_stats(x):
    xc = x - x.mean(0)
    cov = xc.T @ xc / (len(x) - 1)
    evals, evecs = np.linalg.eigh(cov)
    whitened = xc @ evecs / np.sqrt(evals + 1e-6)
    return evals, np.cov(whitened.T), np.linalg.slogdet(cov)[1]


def jx_dtype_mix(i, f):
    return (i + f, i * 2.5, i / 2, (i > 0) * f, np.float32(2) * i, i.astype(np.float32) + f,
            np.int32(3) * i, i ** 2, np.true_divide(i, 3), i.mean(), i.sum(dtype=np.int32))


def jx_softmax_crossentropy(logits, labels):
    z = logits - logits.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    nll = -logp[np.arange(len(labels)), labels]
    grad = np.exp(logp)
    grad[np.arange(len(labels)), labels] -= 1
    return nll.mean(), grad / len(labels)


def jx_ndindex_fill(a):
    out = np.empty_like(a)
    for i, j in np.ndindex(a.shape):
        out[i, j] = a[i, j] * (i + 1) - j
    return out


def jx_flat_and_strides(a):
    b = a.copy()
    b.flat[::a.shape[1] + 1] = 0.0
    return b


CASES.update({
    "jx_list_reductions": (jx_list_reductions, (f64(6), f64(6))),
    "jx_index_tricks": (jx_index_tricks, (f64(5), f64(5))),
    "jx_out_kwargs": (jx_out_kwargs, (f64(4, 3),)),
    "jx_stats_variants": (jx_stats_variants, (f64(9, 3), f64(9))),
    "jx_histogram_data_bins": (jx_histogram_data_bins, (f64(60),)),
    "jx_particle_binning": (jx_particle_binning, (f64(40), np.abs(f64(40)))),
    "jx_linalg_more": (jx_linalg_more, (f64(5, 3), f64(5, 3))),
    "jx_batch_diag": (jx_batch_diag, (f64(2, 3, 3),)),
    "jx_complex_waves": (jx_complex_waves, (f64(16), f64(3))),
    "jx_diag_indices": (jx_diag_indices, (f64(4, 4),)),
    "jx_inverse_transform_sampling": (jx_inverse_transform_sampling, (f64(6), R.random(10))),
    "jx_method_out": (jx_method_out, (f64(4, 3),)),
    "jx_column_time_loop": (jx_column_time_loop, (f64(8),)),
    "jx_rfft_variants": (jx_rfft_variants, (f64(8),)),
    "jx_interp_variants": (jx_interp_variants, (R.random(9), f64(6), f64(6))),
    "jx_matrix_stats": (jx_matrix_stats, (f64(30, 3),)),
    "jx_dtype_mix": (jx_dtype_mix, (R.integers(-5, 5, 6), f64(6))),
    "jx_softmax_crossentropy": (jx_softmax_crossentropy, (f64(6, 4), R.integers(0, 4, 6))),
    "jx_ndindex_fill": (jx_ndindex_fill, (f64(3, 4),)),
    "jx_flat_and_strides": (jx_flat_and_strides, (f64(4, 4),)),
})


# -- batch 4: indexing corner cases, traced fill values and bounds, data-dependent shapes --------
def kx_duplicate_index_write(x, v):
    y = x.copy()
    idx = np.array([0, 2, 0, 3])
    y[idx] = v  # NumPy: the last write to a repeated index wins
    z = x.copy()
    z[idx] += v  # buffered: a repeated index gets only its last update
    return y, z


def kx_mask_read_reduce(x):
    return x[x > 0].sum(), np.mean(x[x < 0.5])


def kx_where_indices(x):
    return np.where(x > 0)[0]


def kx_traced_fill_and_bounds(x):
    s = x.sum()
    return np.full(3, s), np.linspace(x.min(), x.max(), 5), np.full_like(x, np.nan), \
        np.arange(4) * x[0] + x[1]


def kx_fancy_combos(a):
    rows, cols = np.array([0, 2]), np.array([1, 3])
    b = a.copy()
    b[::-1][:2] = 0.0
    c = a.copy()
    c[1:-1:2] += 1.0
    d = a.copy()
    d[rows, :] = -1.0
    return a[np.ix_(rows, cols)], a[[0, 2]][:, [1, 3]], b, c, d, a[rows, cols]


def kx_quadratic_forms(x, m):
    s = m @ m.T
    return x @ s @ x, x.T @ s @ x, np.einsum("i,ij,j", x, s, x), np.einsum("ij,ij", s, s), \
        np.einsum("ii", s), np.einsum("i,j", x, x)


def kx_cumsum_dtypes(x):
    return (np.cumsum(x, dtype=np.float32), np.nancumsum(np.where(x > 1, np.nan, x)),
            np.cumprod(x[:4], dtype=np.float64), np.trapezoid(x, dx=0.5))


def kx_stack_variants(x, y):
    return (np.stack((x, y), axis=1), np.dstack([x, y]), np.vstack((x, y)).T, np.hstack((x, 0.0)),
            np.atleast_2d(x).T, np.expand_dims(x, axis=(0, 2)).shape, np.column_stack((x, y, x)))


def kx_minmax_scaling(x):
    lo, hi = x.min(axis=0), x.max(axis=0)
    return (x - lo) / (hi - lo), np.ptp(x, axis=0), np.argmin(x, axis=0), x.argmax(axis=None)


def kx_int_index_math(x):
    h = 0.25
    i = (x / h).astype(int)
    frac = x / h - i
    return i, frac, np.floor(x / h).astype(np.int64), np.rint(x * 4).astype(np.int32)


def kx_matrix_exponential_taylor(a):
    m = a / (np.linalg.norm(a) + 1.0)
    out = np.eye(m.shape[0])
    term = np.eye(m.shape[0])
    for k in range(1, 12):
        term = term @ m / k
        out = out + term
    return out


def kx_gram_schmidt(v):
    q = np.zeros_like(v)
    for j in range(v.shape[1]):
        w = v[:, j].copy()
        for i in range(j):
            w -= (q[:, i] @ v[:, j]) * q[:, i]
        q[:, j] = w / np.linalg.norm(w)
    return np.abs(q)


def kx_conjugate_gradient(a, b):
    m = a @ a.T + a.shape[0] * np.eye(a.shape[0])
    x = np.zeros_like(b)
    r = b - m @ x
    p = r.copy()
    rs = r @ r
    for _ in range(a.shape[0]):
        mp = m @ p
        alpha = rs / (p @ mp)
        x += alpha * p
        r -= alpha * mp
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def kx_newton_raphson_vec(a):
    x = np.ones_like(a)
    for _ in range(8):
        f = x ** 3 - a
        x = x - f / (3 * x ** 2)
    return x, np.cbrt(a)


def kx_sparse_like_laplacian(n_arr):
    n = n_arr.shape[0]
    lap = np.diag(-2.0 * np.ones(n)) + np.diag(np.ones(n - 1), 1) + np.diag(np.ones(n - 1), -1)
    return lap @ n_arr, np.linalg.solve(lap - np.eye(n), n_arr)


def kx_bool_ops(x, y):
    a, b = x > 0, y > 0
    return (a & b, a | b, a ^ b, ~a, np.logical_xor(a, b), a.sum(), (a == b).all(), np.any(a),
            a.astype(float).mean(), np.where(a, x, 0).sum())


CASES.update({
    "kx_duplicate_index_write": (kx_duplicate_index_write, (f64(5), f64(4))),
    "kx_mask_read_reduce": (kx_mask_read_reduce, (f64(12),)),
    "kx_where_indices": (kx_where_indices, (f64(12),)),
    "kx_traced_fill_and_bounds": (kx_traced_fill_and_bounds, (f64(5),)),
    "kx_fancy_combos": (kx_fancy_combos, (f64(4, 5),)),
    "kx_quadratic_forms": (kx_quadratic_forms, (f64(3), f64(3, 3))),
    "kx_cumsum_dtypes": (kx_cumsum_dtypes, (f64(7),)),
    "kx_stack_variants": (kx_stack_variants, (f64(4), f64(4))),
    "kx_minmax_scaling": (kx_minmax_scaling, (f64(6, 3),)),
    "kx_int_index_math": (kx_int_index_math, (np.abs(f64(6)),)),
    "kx_matrix_exponential_taylor": (kx_matrix_exponential_taylor, (f64(3, 3),)),
    "kx_gram_schmidt": (kx_gram_schmidt, (f64(4, 3),)),
    "kx_conjugate_gradient": (kx_conjugate_gradient, (f64(4, 4), f64(4))),
    "kx_newton_raphson_vec": (kx_newton_raphson_vec, (np.abs(f64(5)) + 0.5,)),
    "kx_sparse_like_laplacian": (kx_sparse_like_laplacian, (f64(6),)),
    "kx_bool_ops": (kx_bool_ops, (f64(6), f64(6))),
})


# -- batch 5: whole small programs ---------------------------------------------------------------

def px_poisson_fft(f):
    n = f.shape[0]
    k = 2 * np.pi * np.fft.fftfreq(n, d=1.0 / n)
    kx, ky = np.meshgrid(k, k, indexing="ij")
    k2 = kx ** 2 + ky ** 2
    k2[0, 0] = 1.0
    fh = np.fft.fft2(f)
    uh = -fh / k2
    uh[0, 0] = 0.0
    return np.real(np.fft.ifft2(uh))

def px_md_periodic(pos, box):
    d = pos[:, None, :] - pos[None, :, :]
    d -= box * np.round(d / box)
    r2 = (d ** 2).sum(-1)
    np.fill_diagonal(r2, np.inf)
    inv6 = (1.0 / r2) ** 3
    f = (24 * (2 * inv6 ** 2 - inv6) / r2)[..., None] * d
    return f.sum(axis=1), 0.5 * np.sum(4 * (inv6 ** 2 - inv6)[np.isfinite(r2)])

def px_lotka_volterra(y0):
    def rhs(y):
        return np.array([1.1 * y[0] - 0.4 * y[0] * y[1], 0.1 * y[0] * y[1] - 0.4 * y[1]])
    y = np.abs(y0) + 1
    out = [y]
    h = 0.01
    for _ in range(20):
        k1 = rhs(y)
        k2 = rhs(y + h / 2 * k1)
        k3 = rhs(y + h / 2 * k2)
        k4 = rhs(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        out.append(y)
    return np.array(out)

def px_metropolis(x0, props, us):
    x = x0.copy()

    def logp(v):
        return -0.5 * v ** 2
    acc = np.zeros_like(x0)
    for i in range(props.shape[0]):
        xn = x + 0.5 * props[i]
        a = np.log(us[i]) < logp(xn) - logp(x)
        x = np.where(a, xn, x)
        acc += a
    return x, acc / props.shape[0]

def px_gp_regression(xt, yt, xs):
    def k(a, b):
        return np.exp(-0.5 * (a[:, None] - b[None, :]) ** 2)
    K = k(xt, xt) + 1e-2 * np.eye(len(xt))
    L = np.linalg.cholesky(K)
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, yt))
    ks = k(xt, xs)
    mu = ks.T @ alpha
    v = np.linalg.solve(L, ks)
    var = np.diag(k(xs, xs)) - np.sum(v ** 2, axis=0)
    return mu, var, -0.5 * yt @ alpha - np.log(np.diag(L)).sum()

def px_heat2d_neumann(u0):
    u = u0.copy()
    for _ in range(10):
        un = u.copy()
        un[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1])
        un[0, :], un[-1, :], un[:, 0], un[:, -1] = un[1, :], un[-2, :], un[:, 1], un[:, -2]
        u = un
    return u

def px_savgol_like(y):
    x = np.arange(-3, 4)
    coeffs = np.polyfit(x, np.eye(7), 2)
    w = coeffs[-1]
    return np.convolve(y, w[::-1], mode="valid")

def px_logistic_map(r):
    x = np.full_like(r, 0.5)
    traj = np.empty((30, r.size))
    for i in range(30):
        x = r * x * (1 - x)
        traj[i] = x
    return traj[-10:].std(axis=0)

def px_bootstrap_mean(x, idx):
    samples = x[idx]
    means = samples.mean(axis=1)
    return np.percentile(means, [2.5, 97.5]), means.std(ddof=1)

def px_image_gradients(img):
    gy, gx = np.gradient(img)
    mag = np.hypot(gx, gy)
    ang = np.arctan2(gy, gx)
    hist, _ = np.histogram(ang, bins=8, range=(-np.pi, np.pi), weights=mag)
    return mag, hist

def px_kmeans_full(x, c0):
    c = c0.copy()
    for _ in range(5):
        d = ((x[:, None] - c[None]) ** 2).sum(-1)
        lab = d.argmin(1)
        for j in range(c.shape[0]):
            m = lab == j
            c[j] = np.where(m.sum() > 0, (x * m[:, None]).sum(0) / np.maximum(m.sum(), 1), c[j])
    return c, lab


CASES.update({
    "px_poisson_fft": (px_poisson_fft, (f64(8, 8),)),
    "px_md_periodic": (px_md_periodic, (R.random((5, 2)) * 4, 4.0)),
    "px_lotka_volterra": (px_lotka_volterra, (f64(2),)),
    "px_metropolis": (px_metropolis, (f64(4), f64(10, 4), R.random((10, 4)))),
    "px_gp_regression": (px_gp_regression, (np.sort(f64(6)), f64(6), f64(4))),
    "px_heat2d_neumann": (px_heat2d_neumann, (f64(6, 7),)),
    "px_savgol_like": (px_savgol_like, (f64(20),)),
    "px_logistic_map": (px_logistic_map, (2.5 + R.random(5),)),
    "px_bootstrap_mean": (px_bootstrap_mean, (f64(20), R.integers(0, 20, (50, 20)))),
    "px_image_gradients": (px_image_gradients, (f64(6, 7),)),
    "px_kmeans_full": (px_kmeans_full, (f64(20, 2), f64(3, 2))),
})
