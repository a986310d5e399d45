"""``torch.*`` random sampling (``rand``, ``randn``, ``randint``, ``normal``, generators).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import math

import ivy

from ._base import _floatify, _int, _int64, _out
from ._core import (
    dtype_of,
    get_default_dtype,
    not_implemented,
    size_args,
    to_dtype,
)
from ._creation import _dev, tensor
from ._tensor import Tensor, wrap

# ------------------------------------------------------------------------------ randomness

class Generator:
    """torch.Generator: a seed and a counter; each draw uses seed ``hash(seed, counter)`` for
    Ivy's ``seed=`` argument, so draws repeat after ``manual_seed`` but are not torch's stream."""

    def __init__(self, device="cpu"):
        self._seed = 67280421310721
        self._count = 0
        self.device = device

    def manual_seed(self, seed):
        self._seed = _int(seed)
        self._count = 0
        return self

    def seed(self):
        import random as _random

        self.manual_seed(_random.getrandbits(63))
        return self._seed

    def initial_seed(self):
        return self._seed

    def next_seed(self) -> int:
        self._count += 1
        return (self._seed * 1000003 + self._count * 7919) % (2 ** 31 - 1)

    def get_state(self):
        return tensor([self._seed, self._count], dtype=_int64)

    def set_state(self, state):
        self._seed, self._count = (_int(v) for v in state.tolist())


default_generator = Generator()


def manual_seed(seed):
    return default_generator.manual_seed(seed)


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


def _gen(generator):
    return (generator or default_generator).next_seed()


def rand(*size, generator=None, out=None, dtype=None, layout=None, device=None,
         requires_grad=False, pin_memory=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.random_uniform(shape=size_args(size), dtype=dt.ivy, seed=_gen(generator),
                                        device=_dev(device))._data), out)


def randn(*size, generator=None, out=None, dtype=None, layout=None, device=None,
          requires_grad=False, pin_memory=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.random_normal(shape=size_args(size), dtype=dt.ivy, seed=_gen(generator),
                                       device=_dev(device))._data), out)


def randint(low=0, high=None, size=None, *, generator=None, out=None, dtype=None, layout=None,
            device=None, requires_grad=False):
    if size is None:
        low, high, size = 0, low, high
    dt = to_dtype(dtype) if dtype is not None else _int64
    return _out(wrap(ivy.randint(_int(low), _int(high), shape=size_args((size,)), dtype=dt.ivy,
                                 seed=_gen(generator), device=_dev(device))._data), out)


def randperm(n, *, generator=None, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else _int64
    r = ivy.arange(0, _int(n), 1, dtype=dt.ivy)._data
    return _out(wrap(ivy.shuffle(r, seed=_gen(generator))), out)


def rand_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return rand(*input.shape, dtype=dtype or input.dtype)


def randn_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return randn(*input.shape, dtype=dtype or input.dtype)


def randint_like(input, low=0, high=None, *, dtype=None, layout=None, device=None,
                 requires_grad=False, memory_format=None):
    if high is None:
        low, high = 0, low
    return randint(low, high, tuple(input.shape), dtype=dtype or input.dtype)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, **kw):
    if size is not None:
        return _out(randn(*size_args((size,)), generator=generator, dtype=dtype) * std + mean,
                    out)
    shape = ivy.broadcast_shapes(*[tuple(v.shape) for v in (mean, std) if isinstance(v, Tensor)])
    ref = mean if isinstance(mean, Tensor) else std
    z = randn(*shape, generator=generator, dtype=ref.dtype)
    return _out(z * std + mean, out)


def bernoulli(input, p=None, *, generator=None, out=None):
    probs = input._data if p is None else ivy.full_like(input._data, p)
    r = ivy.bernoulli(_floatify(probs), seed=_gen(generator))
    return _out(wrap(ivy.astype(r, input.dtype.ivy)), out)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    return _out(wrap(ivy.astype(ivy.multinomial(input._data, _int(num_samples),
                                                replace=replacement, seed=_gen(generator)),
                                "int64")), out)


# Poisson and binomial sampling: ATen's algorithms (sample_poisson: product of uniforms below
# rate 10, Hoermann's PTRS rejection above; sample_binomial: the geometric-gap inversion below
# count * min(p, 1-p) = 10, Hoermann's BTRS above), vectorised: every element draws its
# uniforms each round until it is accepted (a Python loop on concrete values). The uniforms are
# the frontend's seeded stream, so the numbers differ from torch's; the distribution is the same.
def _uniform64(shape, generator):
    return ivy.random_uniform(shape=shape, dtype="float64", seed=_gen(generator))


def _transformed_rejection(shape, generator, a, b, vr, shift):
    """One round of Hoermann's transformed rejection, the draw PTRS (Poisson) and BTRS
    (binomial) share, as ATen draws it: U - 0.5 then V, ``us = 0.5 - |U|``, the candidate
    ``k = floor((2a / us + b) U + shift)``, the quick acceptance ``us >= 0.07 and V <= vr``, and
    the hat's denominator ``a / us^2 + b``. Returns ``(V, us, k, quick, hat)``."""
    U = ivy.subtract(_uniform64(shape, generator), 0.5)
    V = _uniform64(shape, generator)
    us = ivy.subtract(0.5, ivy.abs(U))
    k = ivy.floor(ivy.add(ivy.multiply(ivy.add(ivy.divide(ivy.multiply(a, 2.0), us), b), U),
                          shift))
    quick = ivy.logical_and(ivy.greater_equal(us, 0.07), ivy.less_equal(V, vr))
    return V, us, k, quick, ivy.add(ivy.divide(a, ivy.multiply(us, us)), b)


def _rounds(active):
    return bool(ivy.any(active))


def _sample_name(x, what):
    from ._tensor import _TORCH_NAMES

    n = dtype_of(x).name
    if dtype_of(x).cat != 2:
        raise RuntimeError(f'"{what}" not implemented for \'{_TORCH_NAMES.get(n, n)}\'')
    return n


def poisson(input, generator=None):
    x = input._data
    name = _sample_name(x, "poisson_cpu")
    lam = ivy.astype(x, "float64")
    if bool(ivy.any(ivy.logical_not(ivy.greater_equal(lam, 0.0)))):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    if bool(ivy.any(ivy.greater_equal(lam, 2.0 ** 62))):
        not_implemented("torch.poisson with a rate >= 2**62",
                        "torch returns an int64 overflow value there")
    shape = tuple(x.shape)
    res = ivy.zeros_like(lam)
    # rate < 10: count uniforms until their product drops to exp(-rate)
    small = ivy.logical_and(ivy.greater(lam, 0.0), ivy.less(lam, 10.0))
    enlam = ivy.exp(ivy.negative(lam))
    prod = ivy.ones_like(lam)
    active = small
    while _rounds(active):
        prod = ivy.multiply(prod, _uniform64(shape, generator))
        inc = ivy.logical_and(active, ivy.greater(prod, enlam))
        res = ivy.where(inc, ivy.add(res, 1.0), res)
        active = inc
    # rate >= 10: PTRS
    big = ivy.greater_equal(lam, 10.0)
    lb = ivy.where(big, lam, ivy.full_like(lam, 10.0))
    slam, loglam = ivy.sqrt(lb), ivy.log(lb)
    b = ivy.add(ivy.multiply(slam, 2.53), 0.931)
    a = ivy.add(ivy.multiply(b, 0.02483), -0.059)
    invalpha = ivy.add(ivy.divide(1.1328, ivy.subtract(b, 3.4)), 1.1239)
    vr = ivy.subtract(0.9277, ivy.divide(3.6224, ivy.subtract(b, 2.0)))
    active = big
    while _rounds(active):
        V, us, k, quick, hat = _transformed_rejection(shape, generator, a, b, vr,
                                                      ivy.add(lb, 0.43))
        skip = ivy.logical_or(ivy.less(k, 0.0), ivy.logical_and(ivy.less(us, 0.013),
                                                                 ivy.greater(V, us)))
        lhs = ivy.subtract(ivy.add(ivy.log(V), ivy.log(invalpha)), ivy.log(hat))
        kk = ivy.maximum(k, ivy.zeros_like(k))
        rhs = ivy.subtract(ivy.add(ivy.negative(lb), ivy.multiply(kk, loglam)),
                           ivy.lgamma(ivy.add(kk, 1.0)))
        ok = ivy.logical_and(active, ivy.logical_or(quick, ivy.logical_and(
            ivy.logical_not(skip), ivy.less_equal(lhs, rhs))))
        res = ivy.where(ok, k, res)
        active = ivy.logical_and(active, ivy.logical_not(ok))
    return wrap(ivy.astype(res, name))


_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                  0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                  0.00833056343336287)


def _stirling_tail(k):
    kp1 = ivy.add(k, 1.0)
    kp1sq = ivy.multiply(kp1, kp1)
    r = ivy.divide(ivy.subtract(1.0 / 12, ivy.divide(ivy.subtract(1.0 / 360, ivy.divide(
        1.0 / 1260, kp1sq)), kp1sq)), kp1)
    for i, v in enumerate(_STIRLING_TAIL):
        r = ivy.where(ivy.equal(k, float(i)), ivy.full_like(r, v), r)
    return r


def binomial(count, prob, generator=None):
    if not isinstance(count, Tensor) or not isinstance(prob, Tensor):
        raise TypeError("binomial(): argument 'count' and 'prob' must be Tensor")
    c0 = count._data
    if dtype_of(c0).cat != 2:
        from ._tensor import _TORCH_NAMES

        n = dtype_of(c0).name
        raise RuntimeError(f"binomial only supports floating-point dtypes for count, got: "
                           f"{_TORCH_NAMES.get(n, n)}")
    name = _sample_name(c0, "binomial_cpu")
    if count.dtype is not prob.dtype:
        raise RuntimeError(f"expected scalar type {count.dtype} but found {prob.dtype}")
    cnt, p = ivy.broadcast_arrays(ivy.astype(c0, "float64"), ivy.astype(prob._data, "float64"))
    if tuple(cnt.shape) != tuple(c0.shape):
        raise RuntimeError(f"binomial: prob of shape {tuple(prob.shape)} does not broadcast to "
                           f"count's shape {tuple(count.shape)}")
    if bool(ivy.any(ivy.isinf(cnt))) or bool(ivy.any(ivy.greater_equal(cnt, 2.0 ** 53))):
        not_implemented("torch.binomial with an infinite count or one >= 2**53",
                        "torch's sampler does not return there")
    shape = tuple(cnt.shape)
    nan = ivy.logical_or(ivy.isnan(cnt), ivy.isnan(p))
    flip = ivy.greater(p, 0.5)
    q = ivy.where(flip, ivy.subtract(1.0, p), p)
    trivial = ivy.logical_or(nan, ivy.logical_or(ivy.less_equal(cnt, 0.0),
                                                 ivy.less_equal(q, 0.0)))
    cs = ivy.where(trivial, ivy.ones_like(cnt), cnt)
    qs = ivy.where(trivial, ivy.full_like(q, 0.25), q)
    res = ivy.zeros_like(cnt)
    use_btrs = ivy.logical_and(ivy.logical_not(trivial),
                               ivy.greater_equal(ivy.multiply(cs, qs), 10.0))
    # inversion: count geometric gaps until they pass the count
    logq = ivy.log1p(ivy.negative(qs))
    active = ivy.logical_and(ivy.logical_not(trivial), ivy.logical_not(use_btrs))
    gsum = ivy.zeros_like(cnt)
    while _rounds(active):
        g = ivy.ceil(ivy.divide(ivy.log(_uniform64(shape, generator)), logq))
        gsum = ivy.where(active, ivy.add(gsum, g), gsum)
        stop = ivy.greater(gsum, cs)
        res = ivy.where(ivy.logical_and(active, ivy.logical_not(stop)), ivy.add(res, 1.0), res)
        active = ivy.logical_and(active, ivy.logical_not(stop))
    # BTRS
    sd = ivy.sqrt(ivy.multiply(ivy.multiply(cs, qs), ivy.subtract(1.0, qs)))
    b = ivy.add(ivy.multiply(sd, 2.53), 1.15)
    a = ivy.add(ivy.add(ivy.multiply(b, 0.0248), -0.0873), ivy.multiply(qs, 0.01))
    c = ivy.add(ivy.multiply(cs, qs), 0.5)
    vr = ivy.subtract(0.92, ivy.divide(4.2, b))
    r = ivy.divide(qs, ivy.subtract(1.0, qs))
    alpha = ivy.multiply(ivy.add(ivy.divide(5.1, b), 2.83), sd)
    m = ivy.floor(ivy.multiply(ivy.add(cs, 1.0), qs))
    active = use_btrs
    while _rounds(active):
        V, us, k, quick, hat = _transformed_rejection(shape, generator, a, b, vr, c)
        inside = ivy.logical_and(ivy.greater_equal(k, 0.0), ivy.less_equal(k, cs))
        kk = ivy.clip(k, 0.0, cs)
        lv = ivy.log(ivy.divide(ivy.multiply(V, alpha), hat))
        ub = ivy.add(ivy.add(
            ivy.multiply(ivy.add(m, 0.5), ivy.log(ivy.divide(ivy.add(m, 1.0), ivy.multiply(
                r, ivy.add(ivy.subtract(cs, m), 1.0))))),
            ivy.multiply(ivy.add(cs, 1.0), ivy.log(ivy.divide(
                ivy.add(ivy.subtract(cs, m), 1.0), ivy.add(ivy.subtract(cs, kk), 1.0))))),
            ivy.multiply(ivy.add(kk, 0.5), ivy.log(ivy.divide(ivy.multiply(
                r, ivy.add(ivy.subtract(cs, kk), 1.0)), ivy.add(kk, 1.0)))))
        ub = ivy.add(ub, ivy.subtract(ivy.add(_stirling_tail(m), _stirling_tail(
            ivy.subtract(cs, m))), ivy.add(_stirling_tail(kk), _stirling_tail(
                ivy.subtract(cs, kk)))))
        ok = ivy.logical_and(active, ivy.logical_and(inside, ivy.logical_or(
            quick, ivy.less_equal(lv, ub))))
        res = ivy.where(ok, k, res)
        active = ivy.logical_and(active, ivy.logical_not(ok))
    res = ivy.where(flip, ivy.subtract(cs, res), res)
    res = ivy.where(ivy.logical_or(ivy.less_equal(cnt, 0.0), ivy.less_equal(p, 0.0)),
                    ivy.zeros_like(res), res)
    res = ivy.where(ivy.logical_and(ivy.greater(cnt, 0.0), ivy.greater_equal(p, 1.0)), cnt, res)
    res = ivy.where(nan, ivy.full_like(res, math.nan), res)
    return wrap(ivy.astype(res, name))
