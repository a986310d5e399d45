"""NumPy scientific code as people write it, for the transpiler corpus: name -> (fn, args)."""

from __future__ import annotations

import numpy as np

R = np.random.default_rng(0)


def softmax(x):
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def logsumexp(x):
    m = x.max(axis=1, keepdims=True)
    return (m + np.log(np.exp(x - m).sum(axis=1, keepdims=True))).squeeze(1)


def standardize(x):
    return (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-8)


def poly_eval(x, c):
    y = np.zeros_like(x)
    for k in range(c.shape[0]):  # Horner, static length
        y = y * x + c[k]
    return y


def trapezoid(y, x):
    return np.sum((y[1:] + y[:-1]) * np.diff(x) / 2.0)


def finite_differences(f):
    g = np.empty_like(f)
    g[1:-1] = (f[2:] - f[:-2]) / 2.0
    g[0] = f[1] - f[0]
    g[-1] = f[-1] - f[-2]
    return g


def pca(x):
    xc = x - x.mean(axis=0)
    cov = xc.T @ xc / (x.shape[0] - 1)
    w, v = np.linalg.eigh(cov)
    return w[::-1], np.abs(xc @ v[:, ::-1][:, :2])


def least_squares(a, b):
    return np.linalg.solve(a.T @ a + 1e-3 * np.eye(a.shape[1]), a.T @ b)


def fft_convolve(x, k):
    n = x.shape[-1] + k.shape[-1] - 1
    return np.fft.irfft(np.fft.rfft(x, n) * np.fft.rfft(k, n), n)


def rbf_kernel(x, y):
    d2 = np.sum(x ** 2, 1)[:, None] + np.sum(y ** 2, 1)[None, :] - 2 * x @ y.T
    return np.exp(-0.5 * np.maximum(d2, 0.0))


def kmeans_step(x, c):
    d = ((x[:, None, :] - c[None, :, :]) ** 2).sum(-1)
    assign = np.argmin(d, axis=1)
    onehot = (assign[:, None] == np.arange(c.shape[0])[None, :]).astype(x.dtype)
    counts = onehot.sum(0)[:, None]
    return onehot.T @ x / np.maximum(counts, 1.0), assign


def kalman_step(x, p, z, f, h, q, r):
    x = f @ x
    p = f @ p @ f.T + q
    s = h @ p @ h.T + r
    k = p @ h.T @ np.linalg.inv(s)
    x = x + k @ (z - h @ x)
    p = (np.eye(p.shape[0]) - k @ h) @ p
    return x, p


def newton_sqrt(a):
    x = np.ones_like(a)
    for _ in range(6):
        x = 0.5 * (x + a / x)
    return x


def image_filter(img):
    p = np.pad(img, 1, mode="edge")
    return (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * img)


def cumulative_stats(x):
    c = np.cumsum(x, axis=0)
    n = np.arange(1, x.shape[0] + 1)[:, None]
    return c / n, np.cumprod(1 + x * 0.01, axis=0)


def verlet(pos, vel, dt):
    acc = -pos / (np.linalg.norm(pos, axis=1, keepdims=True) ** 3 + 1e-3)
    pos2 = pos + vel * dt + 0.5 * acc * dt ** 2
    acc2 = -pos2 / (np.linalg.norm(pos2, axis=1, keepdims=True) ** 3 + 1e-3)
    return pos2, vel + 0.5 * (acc + acc2) * dt


def pairwise_distances(x):
    return np.sqrt(np.maximum(((x[:, None, :] - x[None, :, :]) ** 2).sum(-1), 0.0))


def stable_sigmoid(x):
    return np.where(x >= 0, 1 / (1 + np.exp(-x)), np.exp(x) / (1 + np.exp(x)))


def asarray_first(x, w):
    x = np.asarray(x, dtype=np.float64)
    w = np.array(w)
    return np.tanh(x @ w).mean()


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


def f64(*s):
    return R.standard_normal(s)


def spd(n):
    a = R.standard_normal((n, n))
    return a @ a.T + n * np.eye(n)


CASES = {
    "softmax": (softmax, (f32(4, 7),)),
    "logsumexp": (logsumexp, (f64(5, 6),)),
    "standardize": (standardize, (f32(20, 3),)),
    "poly_eval": (poly_eval, (f64(10), f64(4))),
    "trapezoid": (trapezoid, (f64(50), np.sort(f64(50)))),
    "finite_differences": (finite_differences, (f64(30),)),
    "pca": (pca, (f64(40, 4),)),
    "least_squares": (least_squares, (f64(20, 3), f64(20))),
    "fft_convolve": (fft_convolve, (f64(32), f64(5))),
    "rbf_kernel": (rbf_kernel, (f32(6, 3), f32(4, 3))),
    "kmeans_step": (kmeans_step, (f64(30, 2), f64(3, 2))),
    "kalman_step": (kalman_step, (f64(2), spd(2), f64(1), np.array([[1.0, 0.1], [0.0, 1.0]]),
                                  np.array([[1.0, 0.0]]), 0.01 * np.eye(2), 0.1 * np.eye(1))),
    "newton_sqrt": (newton_sqrt, (np.abs(f64(8)) + 0.5,)),
    "image_filter": (image_filter, (f32(12, 12),)),
    "cumulative_stats": (cumulative_stats, (f64(10, 3),)),
    "verlet": (verlet, (f64(5, 3), f64(5, 3), 0.01)),
    "pairwise_distances": (pairwise_distances, (f32(6, 3),)),
    "stable_sigmoid": (stable_sigmoid, (f32(3, 5) * 10,)),
    "asarray_first": (asarray_first, (f32(3, 4), f64(4, 2))),
}
