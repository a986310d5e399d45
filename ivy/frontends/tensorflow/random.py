"""tf.random: seeded draws through Ivy's ``seed=`` arguments.

The numbers are **not** TensorFlow's random stream: ``tf.random.set_seed`` plus the op ``seed``
make a program's draws reproducible *within the frontend* (same program, same backend -> same
values), and ``stateless_*`` functions give the same values for the same ``seed=[a, b]``; tests
check shapes, dtypes, ranges and reproducibility, not values.
"""

from __future__ import annotations

import enum

import ivy

from ._core import as_dtype, float32, invalid, name_of, nat, not_implemented, wrap

_STATE = {"global": None, "count": 0}


def set_seed(seed):
    """tf.random.set_seed: fixes the global seed and restarts the sequence of op seeds."""
    _STATE["global"] = None if seed is None else int(seed)
    _STATE["count"] = 0


def get_global_generator():
    """The global ``tf.random.Generator`` (created from a fixed seed on first use, or from the
    global seed when ``set_seed`` was called)."""
    if _STATE.get("generator") is None:
        g = _STATE["global"]
        _STATE["generator"] = Generator.from_seed(87654321 if g is None else g)
    return _STATE["generator"]


def set_global_generator(generator):
    _STATE["generator"] = generator


def _op_seed(seed):
    g = _STATE["global"]
    if g is None and seed is None:
        return None
    _STATE["count"] += 1
    g = 87654321 if g is None else g
    s = 0 if seed is None else int(seed)
    return (g * 1000003 + s * 10007 + _STATE["count"] * 7919) % (2 ** 31 - 1)


def _shape(shape):
    from ._functions import _shape_arg

    return _shape_arg(shape)


def _uniform(shape, minval, maxval, dtype, seed):
    dt = as_dtype(dtype)
    sh = _shape(shape)
    if dt.is_integer:
        if maxval is None:
            raise ValueError("Must specify maxval for integer dtype")
        lo, hi = int(minval), int(maxval)
        if lo >= hi:
            invalid("Need minval < maxval", "RandomUniformInt")
        return wrap(ivy.randint(lo, hi, shape=sh, dtype=dt.name, seed=seed))
    if not dt.is_floating:
        raise ValueError(f"Invalid dtype {dt!r}")
    maxval = 1 if maxval is None else maxval
    u = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=dt.name, seed=seed)
    lo, hi = nat(minval, dt), nat(maxval, dt)
    return wrap(ivy.add(ivy.multiply(u, ivy.subtract(hi, lo)), lo))


def uniform(shape, minval=0, maxval=None, dtype=float32, seed=None, name=None):
    return _uniform(shape, minval, maxval, dtype, _op_seed(seed))


def _normal(shape, mean, stddev, dtype, seed):
    dt = as_dtype(dtype)
    z = ivy.random_normal(mean=0.0, std=1.0, shape=_shape(shape), dtype=dt.name, seed=seed)
    return wrap(ivy.add(ivy.multiply(z, nat(stddev, dt)), nat(mean, dt)))


def normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _normal(shape, mean, stddev, dtype, _op_seed(seed))


def _truncated(shape, mean, stddev, dtype, seed):
    """Normal draws outside two standard deviations are redrawn (up to 12 rounds, then
    clipped: a probability below 1e-16 per element)."""
    dt = as_dtype(dtype)
    sh = _shape(shape)
    z = ivy.random_normal(mean=0.0, std=1.0, shape=sh, dtype=dt.name, seed=seed)
    for i in range(12):
        bad = ivy.greater(ivy.abs(z), 2.0)
        if not bool(ivy.to_numpy(ivy.any(bad))):
            break
        s = None if seed is None else (seed * 31 + i + 1) % (2 ** 31 - 1)
        z = ivy.where(bad, ivy.random_normal(mean=0.0, std=1.0, shape=sh, dtype=dt.name,
                                             seed=s), z)
    z = ivy.clip(z, -2.0, 2.0)
    return wrap(ivy.add(ivy.multiply(z, nat(stddev, dt)), nat(mean, dt)))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _truncated(shape, mean, stddev, dtype, _op_seed(seed))


def shuffle(value, seed=None, name=None):
    d = nat(value)
    if len(d.shape) == 0:
        invalid("value must be at least 1-D", "RandomShuffle")
    return wrap(ivy.shuffle(d, 0, seed=_op_seed(seed)))


def _stateless_seed(seed):
    s = [int(v) for v in (seed.numpy().tolist() if hasattr(seed, "numpy") else seed)]
    if len(s) != 2:
        invalid(f"seed must have shape [2], not {len(s)}", "StatelessRandomUniformV2")
    return (s[0] * 2654435761 + s[1] * 40503 + 12345) % (2 ** 31 - 1)


def _philox_seed(seed, alg, op):
    """The [2] seed as an int64 native (validated), or NotImplementedError for ThreeFry."""
    a = _alg_int("auto_select" if alg is None else alg)
    if a == 2:
        not_implemented(f"tf.random.{op}", "alg='threefry' (the Philox stream is TF's, "
                        "ThreeFry is not modelled)")
    if a not in (1, 3):
        raise ValueError(f"Unsupported algorithm id: {a}")
    d = nat(seed)
    if name_of(d) not in ("int32", "int64"):
        invalid(f"seed must be int32 or int64, not {name_of(d)}", "StatelessRandomGetKeyCounter")
    if len(d.shape) != 1 or int(d.shape[0]) != 2:
        invalid(f"seed must have shape [2], not {list(d.shape)}",
                "StatelessRandomGetKeyCounter")
    return ivy.astype(d, "int64")


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=float32, name=None,
                      alg="auto_select"):
    """TF's Philox stream bit for bit (float16/32/64, and int32 with ``minval``/``maxval``;
    see _philox.py); other integer forms draw from the frontend's stream."""
    from . import _philox

    dt = as_dtype(dtype)
    sh = _shape(shape)
    s = _philox_seed(seed, alg, "stateless_uniform")
    if dt.name in ("float16", "float32", "float64"):
        hi = 1 if maxval is None else maxval
        lo_, hi_ = nat(minval, dt), nat(hi, dt)
        r = _philox.uniform(sh, s, dt.name)
        return wrap(ivy.add(ivy.multiply(r, ivy.subtract(hi_, lo_)), lo_))
    if dt.name == "int32" and maxval is not None:
        lo_, hi_ = nat(minval, dt), nat(maxval, dt)
        return wrap(_philox.uniform_int32(sh, s, lo_, hi_))
    return _uniform(shape, minval, maxval, dtype, _stateless_seed(seed))


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=float32, name=None,
                     alg="auto_select"):
    """TF's Philox stream and Box-Muller transform (float16/32/64; see _philox.py)."""
    from . import _philox

    dt = as_dtype(dtype)
    if dt.name not in ("float16", "float32", "float64"):
        return _normal(shape, mean, stddev, dtype, _stateless_seed(seed))
    s = _philox_seed(seed, alg, "stateless_normal")
    r = _philox.normal(_shape(shape), s, dt.name)
    return wrap(ivy.add(ivy.multiply(r, nat(stddev, dt)), nat(mean, dt)))


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=float32, name=None,
                               alg=None):
    return _truncated(shape, mean, stddev, dtype, _stateless_seed(seed))


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    d = nat(logits)
    p = ivy.softmax(d, axis=-1)
    r = ivy.multinomial(p, int(num_samples), replace=True, seed=_op_seed(seed))
    return wrap(ivy.astype(r, as_dtype(dtype or "int64").name))


def stateless_categorical(logits, num_samples, seed, dtype=None, name=None):
    d = nat(logits)
    p = ivy.softmax(d, axis=-1)
    r = ivy.multinomial(p, int(num_samples), replace=True, seed=_stateless_seed(seed))
    return wrap(ivy.astype(r, as_dtype(dtype or "int64").name))


def split(seed, num=2, alg="auto_select"):
    """``num`` new stateless seeds (shape [num, 2], the seed's dtype) derived from ``seed``:
    deterministic, but not TensorFlow's Philox bits."""
    dt = name_of(nat(seed))
    return wrap(ivy.randint(0, 2 ** 31 - 1, shape=(int(num), 2), dtype=dt,
                            seed=_stateless_seed(seed)))


def fold_in(seed, data, alg="auto_select"):
    """A new stateless seed (shape [2], the seed's dtype) from ``seed`` and the integer ``data``."""
    dt = name_of(nat(seed))
    s = [int(v) for v in (seed.numpy().tolist() if hasattr(seed, "numpy") else seed)]
    dv = int(data.numpy()) if hasattr(data, "numpy") else int(data)
    return wrap(ivy.randint(0, 2 ** 31 - 1, shape=(2,), dtype=dt,
                            seed=_stateless_seed([s[0] * 1000003 + dv, s[1] + dv * 7919])))


# ----------------------------------------------------------------- samplers built from Ivy draws
# Exact in distribution (Marsaglia-Tsang gamma, Knuth / PTRS Poisson, Bernoulli-sum binomial,
# inverse-CDF truncated normal), not TensorFlow's numbers; rejection loops redraw the rejected
# elements as whole arrays (a host check per round).
def _sub(seed, k):
    return None if seed is None else (int(seed) * 31 + 7 * k + 1) % (2 ** 31 - 1)


def _work(dt):
    return "float64" if dt == "float64" else "float32"


def _std_gamma(alpha, seed):
    """Gamma(alpha, 1) draws, one per element of the float array ``alpha``."""
    sh = tuple(alpha.shape)
    w = name_of(alpha)
    boost = ivy.less(alpha, 1.0)
    a = ivy.where(boost, ivy.add(alpha, 1.0), alpha)
    d = ivy.subtract(a, 1.0 / 3.0)
    c = ivy.divide(1.0, ivy.sqrt(ivy.multiply(d, 9.0)))
    out = ivy.zeros(sh, dtype=w)
    done = ivy.zeros(sh, dtype="bool")
    for i in range(100):
        x = ivy.random_normal(mean=0.0, std=1.0, shape=sh, dtype=w, seed=_sub(seed, 2 * i))
        u = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=w, seed=_sub(seed, 2 * i + 1))
        v = ivy.pow(ivy.add(1.0, ivy.multiply(c, x)), 3.0)
        vpos = ivy.greater(v, 0)
        vs = ivy.where(vpos, v, ivy.ones_like(v))
        rhs = ivy.add(ivy.add(ivy.multiply(ivy.square(x), 0.5), d),
                      ivy.subtract(ivy.multiply(d, ivy.log(vs)), ivy.multiply(d, vs)))
        ok = ivy.logical_and(vpos, ivy.less(ivy.log(u), rhs))
        out = ivy.where(ivy.logical_and(ok, ivy.logical_not(done)), ivy.multiply(d, vs), out)
        done = ivy.logical_or(done, ok)
        if bool(ivy.to_numpy(ivy.all(done))):
            break
    u = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=w, seed=_sub(seed, 1000))
    out = ivy.where(boost, ivy.multiply(out, ivy.pow(u, ivy.divide(1.0, alpha))), out)
    return ivy.where(ivy.logical_or(ivy.isnan(alpha), ivy.less(alpha, 0)),
                     ivy.full_like(out, float("nan")), out)


def _poisson(lam, seed):
    """Poisson(lam) counts as floats: Knuth's product of uniforms below 10, Hoermann's
    transformed rejection (PTRS, as TensorFlow and JAX) from 10 on."""
    sh = tuple(lam.shape)
    w = name_of(lam)
    small = ivy.less(lam, 10.0)
    # Knuth
    lim = ivy.exp(ivy.negative(ivy.where(small, lam, ivy.zeros_like(lam))))
    p = ivy.ones(sh, dtype=w)
    k = ivy.zeros(sh, dtype=w)
    active = ivy.ones(sh, dtype="bool")
    for i in range(1000):
        u = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=w, seed=_sub(seed, i))
        p = ivy.where(active, ivy.multiply(p, u), p)
        fin = ivy.less_equal(p, lim)
        k = ivy.where(ivy.logical_and(active, ivy.logical_not(fin)), ivy.add(k, 1.0), k)
        active = ivy.logical_and(active, ivy.logical_not(fin))
        if not bool(ivy.to_numpy(ivy.any(active))):
            break
    out = k
    if bool(ivy.to_numpy(ivy.any(ivy.logical_not(small)))):
        big = ivy.where(small, ivy.full_like(lam, 10.0), lam)
        log_lam = ivy.log(big)
        b = ivy.add(0.931, ivy.multiply(ivy.sqrt(big), 2.53))
        a = ivy.add(-0.059, ivy.multiply(b, 0.02483))
        inv_alpha = ivy.add(1.1239, ivy.divide(1.1328, ivy.subtract(b, 3.4)))
        vr = ivy.subtract(0.9277, ivy.divide(3.6224, ivy.subtract(b, 2.0)))
        res = ivy.zeros(sh, dtype=w)
        done = small
        for i in range(1000):
            u = ivy.subtract(ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=w,
                                                seed=_sub(seed, 5000 + 2 * i)), 0.5)
            v = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=w,
                                   seed=_sub(seed, 5001 + 2 * i))
            us = ivy.subtract(0.5, ivy.abs(u))
            kk = ivy.floor(ivy.add(ivy.add(ivy.multiply(ivy.add(ivy.divide(ivy.multiply(a, 2.0),
                                                                           us), b), u), big),
                                   0.43))
            s = ivy.log(ivy.divide(ivy.multiply(v, inv_alpha),
                                   ivy.add(ivy.divide(a, ivy.square(us)), b)))
            t = ivy.subtract(ivy.add(ivy.negative(big), ivy.multiply(kk, log_lam)),
                             ivy.lgamma(ivy.add(ivy.maximum(kk, 0.0), 1.0)))
            acc1 = ivy.logical_and(ivy.greater_equal(us, 0.07), ivy.less_equal(v, vr))
            rej = ivy.logical_or(ivy.less(kk, 0), ivy.logical_and(ivy.less(us, 0.013),
                                                                   ivy.greater(v, us)))
            acc = ivy.logical_or(acc1, ivy.logical_and(ivy.logical_not(rej),
                                                       ivy.less_equal(s, t)))
            res = ivy.where(ivy.logical_and(acc, ivy.logical_not(done)), kk, res)
            done = ivy.logical_or(done, acc)
            if bool(ivy.to_numpy(ivy.all(done))):
                break
        out = ivy.where(small, k, res)
    return ivy.where(ivy.logical_or(ivy.isnan(lam), ivy.less(lam, 0)),
                     ivy.full_like(out, float("nan")), out)


def _param(v, dt, op):
    from ._core import convert_to_tensor

    t = convert_to_tensor(v, dtype=dt)
    return t._data


def _float_dtype(dtype, op, allowed=("float16", "float32", "float64")):
    dt = as_dtype(dtype)
    if dt.name not in allowed:
        invalid(f"Value for attr 'dtype' of {dt.name} is not in the list of allowed values",
                op)
    return dt


def gamma(shape, alpha, beta=None, dtype=float32, seed=None, name=None):
    """Output shape ``shape + broadcast(alpha, beta).shape``; Marsaglia-Tsang draws (alpha < 1
    boosted by ``U ** (1 / alpha)``) divided by ``beta``."""
    dt = _float_dtype(dtype, "RandomGamma")
    a = _param(alpha, dt, "RandomGamma")
    b = None if beta is None else _param(beta, dt, "RandomGamma")
    psh = tuple(a.shape) if b is None else tuple(ivy.broadcast_shapes(a.shape, b.shape))
    sh = _shape(shape) + psh
    w = _work(dt.name)
    g = _std_gamma(ivy.broadcast_to(ivy.astype(a, w), sh), _op_seed(seed))
    if b is not None:
        g = ivy.divide(g, ivy.broadcast_to(ivy.astype(b, w), sh))
    return wrap(ivy.astype(g, dt.name))


def stateless_gamma(shape, seed, alpha, beta=None, dtype=float32, name=None):
    """``alpha`` (and ``beta``) broadcast to ``shape``, which is the output shape."""
    dt = _float_dtype(dtype, "StatelessRandomGammaV3")
    sh = _shape(shape)
    a = _param(alpha, dt, "StatelessRandomGammaV3")
    w = _work(dt.name)
    g = _std_gamma(ivy.broadcast_to(ivy.astype(a, w), sh), _stateless_seed(seed))
    if beta is not None:
        g = ivy.divide(g, ivy.broadcast_to(ivy.astype(_param(beta, dt, "Mul"), w), sh))
    return wrap(ivy.astype(g, dt.name))


_POISSON_OUT = ("float16", "float32", "float64", "int32", "int64")


def poisson(shape, lam, dtype=float32, seed=None, name=None):
    """Output shape ``shape + lam.shape``."""
    from ._core import convert_to_tensor

    dt = _float_dtype(dtype, "RandomPoissonV2", _POISSON_OUT)
    lt = convert_to_tensor(lam, dtype_hint=float32)
    l_ = lt._data
    check_dt = name_of(l_)
    if check_dt not in _POISSON_OUT:
        invalid(f"Value for attr 'R' of {check_dt} is not in the list of allowed values",
                "RandomPoissonV2")
    sh = _shape(shape) + tuple(l_.shape)
    w = _work(check_dt)
    r = _poisson(ivy.broadcast_to(ivy.astype(l_, w), sh), _op_seed(seed))
    if dt.is_integer:
        r = ivy.where(ivy.isnan(r), ivy.zeros_like(r), r)
    return wrap(ivy.astype(r, dt.name))


def stateless_poisson(shape, seed, lam, dtype="int32", name=None):
    """``lam`` broadcast to ``shape`` (the output shape)."""
    from ._core import convert_to_tensor

    dt = _float_dtype(dtype, "StatelessRandomPoisson", _POISSON_OUT)
    l_ = convert_to_tensor(lam, dtype_hint=float32)._data
    sh = _shape(shape)
    r = _poisson(ivy.broadcast_to(ivy.astype(l_, _work(name_of(l_))), sh),
                 _stateless_seed(seed))
    if dt.is_integer:
        r = ivy.where(ivy.isnan(r), ivy.zeros_like(r), r)
    return wrap(ivy.astype(r, dt.name))


def stateless_binomial(shape, seed, counts, probs, output_dtype="int32", name=None):
    """Sums of ``counts`` Bernoulli(``probs``) draws (``counts``/``probs`` broadcast to
    ``shape``); raises NotImplementedError when ``size * max(counts)`` exceeds 2**24."""
    from ._core import convert_to_tensor

    pt = convert_to_tensor(probs, dtype_hint=float32)
    p_ = pt._data
    n_ = convert_to_tensor(counts, dtype=pt.dtype)._data
    dt = as_dtype(output_dtype)
    sh = _shape(shape)
    n_ = ivy.broadcast_to(n_, sh)
    p_ = ivy.broadcast_to(p_, sh)
    size = 1
    for v in sh:
        size *= v
    nmax = int(ivy.to_numpy(ivy.max(n_))) if size else 0
    if size * max(nmax, 1) > 2 ** 24:
        not_implemented("tf.random.stateless_binomial",
                        "counts this large (the sampler sums Bernoulli draws)")
    w = _work(name_of(p_))
    u = ivy.random_uniform(low=0.0, high=1.0, shape=sh + (max(nmax, 1),), dtype=w,
                           seed=_stateless_seed(seed))
    idx = ivy.arange(max(nmax, 1), dtype=w)
    hit = ivy.logical_and(ivy.less(u, ivy.expand_dims(ivy.astype(p_, w), axis=-1)),
                          ivy.less(idx, ivy.expand_dims(ivy.astype(n_, w), axis=-1)))
    r = ivy.sum(ivy.astype(hit, w), axis=-1)
    return wrap(ivy.astype(r, dt.name))


def _ndtr(x):
    return ivy.multiply(0.5, ivy.erfc(ivy.multiply(x, -0.7071067811865476)))


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0, minvals=-2.0,
                                             maxvals=2.0, name=None):
    """Inverse-CDF draws on ``[minvals, maxvals]`` (standardised; bounds in the upper tail are
    mirrored into the lower one for precision), the dtype of ``means``."""
    from ._core import convert_to_tensor

    op = "StatelessParameterizedTruncatedNormal"
    ts = [convert_to_tensor(v) for v in (means, stddevs, minvals, maxvals)]
    dt = ts[0].dtype
    for i, t in enumerate(ts):  # TF converts each on its own and then requires one dtype
        if t.dtype.name != dt.name:
            invalid(f"cannot compute {op} as input #{i + 2}(zero-based) was expected to be a "
                    f"{dt.name} tensor but is a {t.dtype.name} tensor", op)
    if dt.name not in ("float16", "float32", "float64"):
        invalid(f"Value for attr 'dtype' of {dt.name} is not in the list of allowed values", op)
    sh = _shape(shape)
    w = _work(dt.name)
    m, s, lo, hi = (ivy.broadcast_to(ivy.astype(t._data, w), sh) for t in ts)
    a = ivy.divide(ivy.subtract(lo, m), s)
    b = ivy.divide(ivy.subtract(hi, m), s)
    flip = ivy.greater(ivy.add(a, b), 0)
    a2 = ivy.where(flip, ivy.negative(b), a)
    b2 = ivy.where(flip, ivy.negative(a), b)
    pa, pb = _ndtr(a2), _ndtr(b2)
    u = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=w, seed=_stateless_seed(seed))
    z = ivy.ndtri(ivy.add(pa, ivy.multiply(u, ivy.subtract(pb, pa))))
    z = ivy.clip(ivy.where(flip, ivy.negative(z), z), a, b)
    return wrap(ivy.astype(ivy.add(m, ivy.multiply(z, s)), dt.name))


# ------------------------------------------------------------------------ deterministic helpers
class Algorithm(enum.Enum):
    """tf.random.Algorithm (the numbers match TensorFlow's framework/rng_alg.h)."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _alg_int(alg):
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, int):
        return alg
    if isinstance(alg, str):
        c = alg.strip().lower().replace("-", "").replace("_", "")
        if c in ("philox", "threefry", "autoselect"):
            return {"philox": 1, "threefry": 2, "autoselect": 3}[c]
        raise ValueError(f"Argument `alg` got unsupported value {alg}")
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) to int.")


def create_rng_state(seed, alg):
    """TF's state layout: an int64 vector of 3 (Philox, auto-select) or 2 (ThreeFry) words; an
    integer seed is chopped into 64-bit words, a vector is cut and left-padded with zeros."""
    import numpy as np

    from ._core import constant

    a = _alg_int(alg)
    if a not in (1, 2, 3):
        raise ValueError(f"Argument `alg` got unsupported value {a}")
    size = 2 if a == 2 else 3
    if isinstance(seed, int):
        words = []
        for _ in range(size):
            words.append(seed & 0xFFFFFFFFFFFFFFFF)
            seed >>= 64
        seed = words
    vals = np.asarray(seed.numpy() if hasattr(seed, "numpy") else seed, dtype=object).ravel()
    vals = [int(v) - 2 ** 64 if int(v) > 2 ** 63 - 1 else int(v) for v in vals][:size]
    vals = [0] * (size - len(vals)) + vals
    return constant(np.array(vals, dtype=np.int64))


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """Deterministic: every class ``0..num_sampled-1`` sampled, all expected counts 1."""
    import collections

    from ._functions import cast, ones, ones_like
    from ._functions import range as tf_range

    tc = nat(true_classes)
    if name_of(tc) != "int64":
        invalid(f"cannot compute AllCandidateSampler as input #0(zero-based) was expected to "
                f"be a int64 tensor but is a {name_of(tc)} tensor", "AllCandidateSampler")
    if len(tc.shape) != 2 or tc.shape[1] != int(num_true):
        invalid("true_classes must have num_true columns", "AllCandidateSampler")
    if tc.shape[0] * tc.shape[1] and bool(ivy.to_numpy(ivy.any(ivy.logical_or(
            ivy.less(tc, 0), ivy.greater_equal(tc, int(num_sampled)))))):
        invalid(f"`true_candidate` out of range [0, {int(num_sampled)})", "AllCandidateSampler")
    out = collections.namedtuple("AllCandidateSampler", ["sampled_candidates",
                                                         "true_expected_count",
                                                         "sampled_expected_count"])
    return out(tf_range(int(num_sampled), dtype="int64"),
               cast(ones_like(wrap(tc)), float32), ones([int(num_sampled)], dtype=float32))


def _true_classes(true_classes, num_true, op):
    tc = nat(true_classes)
    if name_of(tc) != "int64":
        invalid(f"cannot compute {op} as input #0(zero-based) was expected to be a int64 "
                f"tensor but is a {name_of(tc)} tensor", op)
    if len(tc.shape) != 2 or tc.shape[1] != int(num_true):
        invalid("true_classes must have num_true columns", op)
    return tc


def _range_sampler(kind, true_classes, num_true, num_sampled, unique, range_max, seed,
                   probs=None):
    """TF's RangeSampler: ``num_sampled`` draws (distinct ones when ``unique``, counting the
    tries), expected counts ``p * num_sampled`` or ``-expm1(num_tries * log1p(-p))``. The draws
    come from the frontend's stream (not TF's)."""
    import collections
    import math

    op = {"uniform": "UniformCandidateSampler", "log": "LogUniformCandidateSampler",
          "fixed": "FixedUnigramCandidateSampler",
          "learned": "LearnedUnigramCandidateSampler"}[kind]
    tc = _true_classes(true_classes, num_true, op)
    ns, rm = int(num_sampled), int(range_max)
    if tc.shape[0] * tc.shape[1] and bool(ivy.to_numpy(ivy.any(ivy.logical_or(
            ivy.less(tc, 0), ivy.greater_equal(tc, rm))))):
        invalid(f"`true_candidate` out of range [0, {rm})", op)
    if unique and ns > rm:
        invalid("Sampler's range is too small.", op)
    log_range = math.log1p(rm)

    def draw(k, s):
        if kind == "uniform":
            return ivy.randint(0, rm, shape=(k,), dtype="int64", seed=s)
        if probs is not None:  # inverse CDF of the unigram distribution
            u = ivy.random_uniform(low=0.0, high=1.0, shape=(k,), dtype="float64", seed=s)
            cdf = ivy.cumulative_sum(probs, axis=0)
            return ivy.astype(ivy.clip(ivy.searchsorted(cdf, u, side="right"), 0, rm - 1),
                              "int64")
        u = ivy.random_uniform(low=0.0, high=1.0, shape=(k,), dtype="float64", seed=s)
        v = ivy.subtract(ivy.floor(ivy.exp(ivy.multiply(u, log_range))), 1.0)
        return ivy.astype(ivy.clip(v, 0, rm - 1), "int64")

    def prob(v):
        if kind == "uniform":
            return ivy.full_like(ivy.astype(v, "float64"), 1.0 / rm)
        if probs is not None:
            return ivy.take(probs, ivy.astype(v, "int64"), axis=0)
        v = ivy.astype(v, "float64")
        return ivy.divide(ivy.log(ivy.divide(ivy.add(v, 2.0), ivy.add(v, 1.0))), log_range)

    if not unique:
        sampled, tries = draw(ns, _sub(seed, 0)), ns
    else:
        pool = draw(max(4 * ns, 16), _sub(seed, 0))
        i = 1
        while int(ivy.unique_values(pool).shape[0]) < ns:
            pool = ivy.concat([pool, draw(max(4 * ns, 16), _sub(seed, i))], axis=0)
            i += 1
        u = ivy.unique_all(pool)
        order = ivy.argsort(u.indices)[:ns]
        sampled = ivy.take(u.values, order, axis=0)
        tries = int(ivy.to_numpy(ivy.take(u.indices, order, axis=0)[-1])) + 1 if ns else 0

    def expected(v):
        p = prob(v)
        if tries == ns:
            return ivy.astype(ivy.multiply(p, float(ns)), "float32")
        return ivy.astype(ivy.negative(ivy.expm1(ivy.multiply(ivy.log1p(ivy.negative(p)),
                                                              float(tries)))), "float32")

    out = collections.namedtuple(op, ["sampled_candidates", "true_expected_count",
                                      "sampled_expected_count"])
    return out(wrap(sampled), wrap(expected(tc)), wrap(expected(sampled)))


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None,
                              name=None):
    return _range_sampler("uniform", true_classes, num_true, num_sampled, unique, range_max,
                          _op_seed(seed))


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                  seed=None, name=None):
    return _range_sampler("log", true_classes, num_true, num_sampled, unique, range_max,
                          _op_seed(seed))


def _unigram_weights(range_max, unigrams, distortion, num_reserved_ids, num_shards, shard,
                     vocab_file, op):
    rm = int(range_max)
    if vocab_file:
        not_implemented(f"tf.random.{op}", "vocab_file (file I/O); pass unigrams")
    if int(num_shards) != 1 or int(shard) != 0:
        not_implemented(f"tf.random.{op}", "num_shards > 1")
    uni = [float(u) for u in (unigrams or [])]
    if not uni:
        invalid("Must provide either vocab_file or unigrams", op)
    w = [0.0] * int(num_reserved_ids) + [u ** float(distortion) for u in uni]
    if len(w) != rm:
        invalid(f"Expected range_max ({rm}) == num_reserved_ids + len(unigrams) ({len(w)})", op)
    return ivy.divide(ivy.asarray(w, dtype="float64"), sum(w))


def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                    vocab_file="", distortion=1.0, num_oov_buckets=0,
                                    num_reserved_ids=0, num_shards=1, shard=0, unigrams=(),
                                    seed=None, name=None):
    """TF's FixedUnigramSampler: weights ``unigram ** distortion`` (zero for the reserved ids);
    draws from the frontend's stream."""
    probs = _unigram_weights(range_max, unigrams, distortion, num_reserved_ids, num_shards,
                             shard, vocab_file, "FixedUnigramCandidateSampler")
    return _range_sampler("fixed", true_classes, num_true, num_sampled, unique, range_max,
                          _op_seed(seed), probs=probs)


_LEARNED: dict = {}


def learned_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                      seed=None, name=None):
    """TF's LearnedUnigramSampler: counts start at 1 per class and, after each call, grow by
    the true classes seen; as TF's eager kernel cache, the counts persist across calls with the
    same explicit ``seed`` and attributes (a call without a seed starts fresh)."""
    tc = _true_classes(true_classes, num_true, "LearnedUnigramCandidateSampler")
    rm = int(range_max)
    key = (int(seed), rm, int(num_true), int(num_sampled), bool(unique)) \
        if seed is not None else None
    counts = _LEARNED.get(key) if key is not None else None
    if counts is None:
        counts = ivy.ones((rm,), dtype="float64")
    probs = ivy.divide(counts, ivy.sum(counts))
    out = _range_sampler("learned", true_classes, num_true, num_sampled, unique, range_max,
                         _op_seed(seed), probs=probs)
    if key is not None:
        flat = ivy.reshape(tc, (-1,))
        hits = ivy.sum(ivy.astype(ivy.equal(ivy.expand_dims(flat, axis=-1),
                                            ivy.arange(rm, dtype="int64")), "float64"), axis=0)
        _LEARNED[key] = ivy.add(counts, hits)
    return out


class Generator:
    """``tf.random.Generator``: the state is TF's (an int64 ``Variable`` of 3 words for Philox,
    2 for ThreeFry; ``from_seed`` lays it out as TF's ``create_rng_state``). Each draw uses the
    frontend's stateless stream seeded by the state and advances the counter word by one; the
    numbers and the counter increments are **not** TensorFlow's Philox output."""

    def __init__(self, copy_from=None, state=None, alg=None):
        from ._core import Variable

        if copy_from is not None:
            state, alg = copy_from.state.numpy(), copy_from.algorithm
        if state is None:
            raise ValueError("Must provide either `copy_from` or `state` (use "
                             "Generator.from_seed or from_non_deterministic_state)")
        self._alg = _alg_int(alg if alg is not None else "philox")
        if self._alg == 3:
            self._alg = 1
        size = 2 if self._alg == 2 else 3
        st = nat(state, dtype="int64")
        if len(st.shape) != 1 or int(st.shape[0]) != size:
            raise ValueError(f"Generator state must be a vector of {size} int64 values, got "
                             f"shape {list(st.shape)}")
        self._state = Variable(wrap(ivy.astype(st, "int64")), trainable=False)

    # ---------------------------------------------------------------- construction
    @classmethod
    def from_seed(cls, seed, alg=None):
        alg = _alg_int(alg if alg is not None else "philox")
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        import os

        return cls.from_seed(int.from_bytes(os.urandom(8), "little") >> 1, alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        import numpy as np

        from ._core import constant

        c = [int(v) for v in np.asarray(counter.numpy() if hasattr(counter, "numpy")
                                        else counter).ravel()]
        k = [int(v) for v in np.asarray(key.numpy() if hasattr(key, "numpy") else key).ravel()]
        return cls(state=constant(np.array(c + k, np.int64)), alg=alg)

    # ---------------------------------------------------------------- state
    @property
    def state(self):
        return self._state

    @property
    def algorithm(self):
        return self._alg

    @property
    def key(self):
        return wrap(ivy.get_item(self._state._data, -1))

    def reset(self, state):
        self._state.assign(wrap(ivy.astype(nat(state, dtype="int64"), "int64")))

    def reset_from_seed(self, seed):
        self.reset(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        self.reset(Generator.from_key_counter(key, counter, self._alg).state)

    def skip(self, delta):
        d = self._state._data
        self._state.assign(wrap(ivy.concat([ivy.add(ivy.get_item(d, slice(0, 1)),
                                                     int(delta)),
                                            ivy.get_item(d, slice(1, None))], axis=0)))

    def _next_seed(self):
        import numpy as np

        words = [int(v) for v in np.asarray(ivy.to_numpy(self._state._data)).ravel()]
        self.skip(1)
        return [(words[-1] * 1000003 + words[1 if len(words) == 3 else 0]) % (2 ** 31 - 1),
                words[0] % (2 ** 31 - 1)]

    # ---------------------------------------------------------------- draws
    def uniform(self, shape, minval=0, maxval=None, dtype=float32, name=None):
        return stateless_uniform(shape, self._next_seed(), minval, maxval, dtype)

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=float32, name=None):
        return stateless_normal(shape, self._next_seed(), mean, stddev, dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=float32, name=None):
        return stateless_truncated_normal(shape, self._next_seed(), mean, stddev, dtype)

    def uniform_full_int(self, shape, dtype="uint64", name=None):
        dt = as_dtype(dtype).name
        if dt not in ("int32", "int64", "uint32", "uint64"):
            raise ValueError(f"Argument `dtype` got invalid value {dt}")
        bits = 32 if dt.endswith("32") else 64
        hi = stateless_uniform(shape, self._next_seed(), minval=0, maxval=2 ** 31 - 1,
                               dtype="int64")._data
        lo = stateless_uniform(shape, self._next_seed(), minval=0, maxval=2 ** 31 - 1,
                               dtype="int64")._data
        words = ivy.bitwise_xor(ivy.bitwise_left_shift(hi, 33 if bits == 64 else 1), lo)
        if bits == 32:
            words = ivy.bitwise_and(words, 0xFFFFFFFF)
            if dt == "int32":
                words = ivy.subtract(words, ivy.multiply(ivy.astype(ivy.greater(
                    words, 2 ** 31 - 1), "int64"), 2 ** 32))
        return wrap(ivy.astype(words, dt) if dt != "uint64" else
                    ivy.bitcast(words, "uint64"))

    def binomial(self, shape, counts, probs, dtype="int32", name=None):
        return stateless_binomial(shape, self._next_seed(), counts, probs, dtype)

    def make_seeds(self, count=1):
        """``[2, count]`` int64 seeds for the stateless ops."""
        return wrap(ivy.astype(stateless_uniform([2, int(count)], self._next_seed(), minval=0,
                                                 maxval=2 ** 31 - 1, dtype="int64")._data,
                               "int64"))

    def split(self, count=1):
        return [Generator(state=wrap(ivy.concat([ivy.zeros((len(self._state._data.shape)
                                                             and int(self._state.shape[0]) - 1,),
                                                            dtype="int64"),
                                                 ivy.reshape(nat(s), (1,))], axis=0)),
                          alg=self._alg)
                for s in self.make_seeds(int(count))._data[0]]

    def __repr__(self):
        return f"<tf.random.Generator alg={self._alg} state={self._state.numpy()}>"
