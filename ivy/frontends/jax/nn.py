"""jax.nn on Ivy (JAX's definitions: gelu approximate=True by default, softplus = logaddexp(x, 0),
...)."""

from __future__ import annotations

import math

import ivy

from ._array import asarray, wrap
from ._core import KIND, name_of, not_implemented, to_name
from .numpy import _functions as F


def _fl(x):
    a = asarray(x)
    if KIND[name_of(a._data)] in "biu":
        return a.astype("float32")
    return a


def _u(fn):
    def f(x):
        a = _fl(x)
        return wrap(fn(a._data), a._weak)
    return f


relu = _u(ivy.relu)
relu6 = _u(ivy.relu6)
sigmoid = _u(ivy.sigmoid)
silu = swish = _u(ivy.silu)
soft_sign = _u(ivy.softsign)
mish = _u(ivy.mish)
selu = _u(ivy.selu)
tanh = F.tanh


def identity(x):
    return asarray(x)


def softplus(x):
    return F.logaddexp(_fl(x), 0.0)


def log_sigmoid(x):
    return -softplus(-_fl(x))


def elu(x, alpha=1.0):
    a = _fl(x)
    return F.where(a > 0, a, alpha * F.expm1(F.where(a > 0, 0.0, a)))


def celu(x, alpha=1.0):
    a = _fl(x)
    return F.maximum(a, 0.0) + alpha * F.expm1(F.minimum(a, 0.0) / alpha)


def leaky_relu(x, negative_slope=0.01):
    a = _fl(x)
    return F.where(a >= 0, a, negative_slope * a)


def hard_tanh(x):
    return F.clip(_fl(x), -1.0, 1.0)


def hard_sigmoid(x):
    return relu6(_fl(x) + 3.0) / 6.0


def hard_silu(x):
    a = _fl(x)
    return a * hard_sigmoid(a)


hard_swish = hard_silu


def squareplus(x, b=4):
    a = _fl(x)
    return (a + F.sqrt(a * a + b)) / 2


def sparse_plus(x):
    a = _fl(x)
    return F.where(a <= -1.0, 0.0, F.where(a >= 1.0, a, (a + 1.0) ** 2 / 4))


def sparse_sigmoid(x):
    return 0.5 * F.clip(_fl(x) + 1.0, 0.0, 2.0)


def log1mexp(x):
    a = _fl(x)
    return F.where(a < math.log(2), F.log(-F.expm1(-a)), F.log1p(-F.exp(-a)))


def gelu(x, approximate=True):
    a = _fl(x)
    if approximate:
        c = math.sqrt(2 / math.pi)
        return 0.5 * a * (1 + F.tanh(c * (a + 0.044715 * (a ** 3))))
    return wrap(ivy.gelu(a._data, approximate=False), a._weak)


def glu(x, axis=-1):
    a = asarray(x)
    n = a.shape[axis]
    if n % 2:
        raise AssertionError("axis size must be divisible by 2")
    x1, x2 = F.split(a, 2, axis)
    return x1 * sigmoid(x2)


def _where_fill(a, where, fill):
    return a if where is None else F.where(where, a, fill)


def softmax(x, axis=-1, where=None, initial=None):
    a = _fl(x)
    m = F.max(_where_fill(a, where, -math.inf), axis, keepdims=True, initial=-math.inf)
    m = F.where(F.isfinite(m), m, 0.0)
    e = F.exp(a - m)
    e = _where_fill(e, where, 0.0)
    r = e / F.sum(e, axis, keepdims=True)
    return _where_fill(r, where, 0.0)


def log_softmax(x, axis=-1, where=None, initial=None):
    a = _fl(x)
    m = F.max(_where_fill(a, where, -math.inf), axis, keepdims=True, initial=-math.inf)
    m = F.where(F.isfinite(m), m, 0.0)
    sh = a - m
    s = F.log(F.sum(_where_fill(F.exp(sh), where, 0.0), axis, keepdims=True))
    r = sh - s
    return _where_fill(r, where, -math.inf)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    x = _fl(a)
    if b is not None or return_sign:
        bb = F.ones_like(x) if b is None else asarray(b)
        m = F.max(_where_fill(x, where, -math.inf), axis, keepdims=True, initial=-math.inf)
        m = F.where(F.isfinite(m), m, 0.0)
        s = F.sum(_where_fill(bb * F.exp(x - m), where, 0.0), axis, keepdims=True)
        sign = F.sign(s)
        r = F.log(F.abs(s)) + m
        if not keepdims:
            r, sign = F.squeeze(r, axis), F.squeeze(sign, axis)
        return (r, sign) if return_sign else F.where(sign < 0, math.nan, r)
    m = F.max(_where_fill(x, where, -math.inf), axis, keepdims=True, initial=-math.inf)
    m = F.where(F.isfinite(m), m, 0.0)
    r = F.log(F.sum(_where_fill(F.exp(x - m), where, 0.0), axis, keepdims=True)) + m
    return r if keepdims else F.squeeze(r, axis if axis is not None else None)


def logmeanexp(x, axis=None, where=None, keepdims=False):
    a = _fl(x)
    n = F.sum(F.ones_like(a) if where is None else F.asarray(where, dtype=a.dtype), axis,
              keepdims=keepdims)
    return logsumexp(a, axis, keepdims=keepdims, where=where) - F.log(n)


def standardize(x, axis=-1, mean=None, variance=None, epsilon=1e-5, where=None):
    a = _fl(x)
    if mean is None:
        mean = F.mean(a, axis, keepdims=True, where=where)
    if variance is None:
        variance = F.mean(F.square(a), axis, keepdims=True, where=where) - F.square(mean)
    return (a - mean) * F.reciprocal(F.sqrt(variance + epsilon))


def one_hot(x, num_classes, *, dtype=None, axis=-1):
    a = asarray(x)
    name = to_name(dtype) if dtype is not None else "float32"
    cls = F.arange(num_classes)
    r = F.expand_dims(a, -1) == cls
    r = r.astype(name)
    return F.moveaxis(r, -1, axis) if axis != -1 else r


def dot_product_attention(query, key, value, bias=None, mask=None, *, scale=None,
                          is_causal=False, query_seq_lengths=None, key_value_seq_lengths=None,
                          local_window_size=None, implementation=None):
    """(B, T, N, H) layout as JAX; plain softmax(q k^T * scale + bias) v."""
    if query_seq_lengths is not None or key_value_seq_lengths is not None or \
            local_window_size is not None:
        not_implemented("jax.nn.dot_product_attention with sequence lengths / local windows")
    q, k, v = asarray(query), asarray(key), asarray(value)
    h = q.shape[-1]
    scale = 1.0 / math.sqrt(h) if scale is None else scale
    logits = F.einsum("...tnh,...snh->...nts", q, k) * scale
    if bias is not None:
        logits = logits + bias
    if mask is not None:
        logits = F.where(mask, logits, F.finfo(logits.dtype).min)
    if is_causal:
        t, s = logits.shape[-2], logits.shape[-1]
        cm = F.tril(F.ones((t, s), "bool"))
        logits = F.where(cm, logits, F.finfo(logits.dtype).min)
    w = softmax(logits.astype("float32"), axis=-1).astype(logits.dtype)
    return F.einsum("...nts,...snh->...tnh", w, v)


def initializers(*a, **k):
    not_implemented("jax.nn.initializers")
