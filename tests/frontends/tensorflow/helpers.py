"""Differential testing of the TensorFlow frontend against real TensorFlow.

A test draws NumPy inputs with hypothesis, wrapped in :class:`A` (an array argument: real
``tf.constant`` / frontend ``tf.constant``) or left as Python values; :func:`check` calls the same
API path on real ``tensorflow`` and on ``ivy.frontends.tensorflow`` under each Ivy backend (numpy,
jax, tensorflow) and compares dtype, shape and values (NaN == NaN), or that both raise.
``COVERED`` collects the API names the tests exercise; ``coverage.py`` counts a name as
implemented only if it is here.
"""

from __future__ import annotations

import math
import os
import warnings
from dataclasses import dataclass

import numpy as np
import tensorflow as real
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.tensorflow as ftf

# IVY_TF_TEST_BACKENDS=numpy,jax restricts the backends (default: all three)
BACKENDS = tuple(os.environ.get("IVY_TF_TEST_BACKENDS", "numpy,jax,tensorflow").split(","))
COVERED: set = set()  # "tf.add", "tf.nn.relu", "tf.raw_ops.AddV2", ...
ERRORS = (RuntimeError, ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError,
          ivy.IvyError, AssertionError, NotImplementedError, ftf.errors.OpError)
# hypothesis examples per spec: IVY_TEST_EXAMPLES (default 12) / 6, at least 2 (each example
# runs real TF and the frontend on three backends; raise IVY_TEST_EXAMPLES for deeper runs)
EX = settings(max_examples=max(2, int(os.environ.get("IVY_TEST_EXAMPLES", "12")) // 6))


def covers(*names):
    COVERED.update(names)


@dataclass
class A:
    """An array argument built from ``a`` with tf.constant on either side."""
    a: np.ndarray

    def __repr__(self):
        return f"A({self.a.dtype}{list(self.a.shape)}: {self.a.tolist()!r})"


@dataclass
class D:
    """A dtype argument by name (``tf.float32`` on either side)."""
    name: str


def _conv(o, mod):
    if isinstance(o, A):
        return mod.constant(np.array(o.a, copy=True))
    if isinstance(o, D):
        return getattr(mod, o.name)
    if isinstance(o, list):
        return [_conv(e, mod) for e in o]
    if isinstance(o, tuple):
        return tuple(_conv(e, mod) for e in o)
    if isinstance(o, dict):
        return {k: _conv(v, mod) for k, v in o.items()}
    return o


def resolve(root, path):
    obj = root
    for p in path.split("."):
        obj = getattr(obj, p)
    return obj


def call(root, path, args, kwargs):
    """``path`` is e.g. "add", "nn.relu", "raw_ops.AddV2" or "Tensor.__add__" (on args[0])."""
    if path.startswith("Tensor."):
        return getattr(args[0], path[7:])(*args[1:], **kwargs)
    return resolve(root, path)(*args, **kwargs)


def tol_for(name, rtol=None, atol=None):
    base = {"float16": (1e-2, 1e-2), "bfloat16": (5e-2, 5e-2), "float32": (2e-4, 2e-5),
            "complex64": (2e-4, 2e-5)}.get(name, (1e-9, 1e-12))
    return (max(rtol, base[0]) if rtol is not None else base[0],
            max(atol, base[1]) if atol is not None else base[1])


def _is_real_tensor(x):
    return isinstance(x, (real.Tensor, real.Variable))


def compare(got, exp, backend, rtol=None, atol=None, where="result"):
    if _is_real_tensor(exp):
        assert isinstance(got, ftf.Tensor), f"{where}: expected a Tensor, got {type(got)}"
        assert got.dtype.name == exp.dtype.name, f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert got.shape.as_list() == exp.shape.as_list(), \
            f"{where}: shape {got.shape} != {exp.shape}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        e, g = exp.numpy(), got.numpy()
        if e.dtype.kind in "fc" or e.dtype.name == "bfloat16":
            r, a = tol_for(exp.dtype.name, rtol, atol)
            np.testing.assert_allclose(g.astype(np.complex128 if e.dtype.kind == "c" else
                                                np.float64),
                                       e.astype(np.complex128 if e.dtype.kind == "c" else
                                                np.float64),
                                       rtol=r, atol=a, equal_nan=True,
                                       err_msg=f"{where} on {backend}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"{where} on {backend}")
    elif isinstance(exp, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{where}: expected a sequence, got {type(got)}"
        assert len(got) == len(exp), f"{where}: length {len(got)} != {len(exp)}"
        for i, (g, e) in enumerate(zip(got, exp, strict=False)):
            compare(g, e, backend, rtol, atol, f"{where}[{i}]")
    elif isinstance(exp, real.TensorShape):
        assert got.as_list() == exp.as_list(), f"{where}: {got} != {exp}"
    elif isinstance(exp, real.DType):
        assert got.name == exp.name, f"{where}: {got} != {exp}"
    elif isinstance(exp, float) and isinstance(got, (float, int)):
        assert (math.isnan(exp) and math.isnan(got)) or math.isclose(got, exp, rel_tol=1e-6,
                                                                      abs_tol=1e-9)
    else:
        assert got == exp, f"{where}: {got!r} != {exp!r}"


def check(path, *args, backends=BACKENDS, _rtol=None, _atol=None, **kwargs):
    """Run ``path`` on real TensorFlow and on the frontend under each backend; compare."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exp = call(real, path, _conv(args, real), _conv(kwargs, real))
            exp_err = None
        except Exception as e:  # noqa: BLE001 - any TF error: the frontend must raise too
            exp, exp_err = None, e
        for b in backends:
            with ivy.using_backend(b):
                fargs, fkw = _conv(args, ftf), _conv(kwargs, ftf)
                if exp_err is not None:
                    try:
                        got = call(ftf, path, fargs, fkw)
                    except ERRORS:
                        continue
                    raise AssertionError(f"{path} on {b}: tensorflow raised {exp_err!r} but "
                                         f"the frontend returned {got!r}")
                try:
                    got = call(ftf, path, fargs, fkw)
                except NotImplementedError:
                    raise
                except Exception as e:
                    raise AssertionError(f"{path} on {b}: frontend raised {e!r}; tensorflow "
                                         f"returned {exp!r}") from e
                compare(got, exp, b, _rtol, _atol, where=path)
    return exp


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32",)
F64 = ("float32", "float64")
INTS = ("int32", "int64", "uint8", "int8")
NUMERIC = ("bool", "int32", "int64", "uint8", "float16", "float32", "float64")
SPECIALS = (math.nan, math.inf, -math.inf, 0.0, -0.0)


def shapes(min_dims=0, max_dims=3, min_side=0, max_side=3):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def elements(dtype, *, lo=None, hi=None, specials=True):
    dt = np.dtype(dtype)
    if dt.kind == "f":
        lo = -100.0 if lo is None else lo
        hi = 100.0 if hi is None else hi
        fl = st.floats(lo, hi, width=16 if dt.itemsize == 2 else 32, allow_subnormal=False)
        return st.one_of(fl, fl, fl, st.sampled_from(SPECIALS)) if specials else fl
    if dt.kind == "c":
        part = st.floats(-10, 10, width=32, allow_subnormal=False)
        return st.builds(complex, part, part)
    if dt.kind == "b":
        return st.booleans()
    info = np.iinfo(dt)
    return st.integers(max(info.min, -20 if lo is None else math.ceil(lo)),
                       min(info.max, 20 if hi is None else math.floor(hi)))


def arrays(dtype, shape=None, **kw):
    return hnp.arrays(np.dtype(dtype), shape if shape is not None else shapes(),
                      elements=elements(dtype, **kw))


def arrs(dtypes=FLOATS, shape=None, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, shape, **kw)).map(A)


def same_pair(dtypes=NUMERIC, **kw):
    """Two broadcastable arrays of one dtype (TF does not promote)."""
    return st.tuples(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
                     st.sampled_from(dtypes)).flatmap(
        lambda t: st.tuples(arrays(t[1], t[0].input_shapes[0], **kw).map(A),
                            arrays(t[1], t[0].input_shapes[1], **kw).map(A)))


def mixed_pair(dtypes=NUMERIC, **kw):
    """Two arrays of possibly different dtypes (TF raises unless they agree)."""
    return st.tuples(st.sampled_from(dtypes), st.sampled_from(dtypes)).flatmap(
        lambda t: st.tuples(arrays(t[0], (2,), **kw).map(A), arrays(t[1], (2,), **kw).map(A)))


def scalars(kinds=("int", "float", "bool")):
    opts = {"int": st.integers(-5, 5), "float": st.floats(-5, 5, allow_subnormal=False),
            "bool": st.booleans()}
    return st.one_of(*[opts[k] for k in kinds])


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float"), **kw):
    """(array, array) of one dtype, (array, Python scalar) or (scalar, array)."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(A))
    return st.one_of(same_pair(dtypes, **kw), mixed_pair(dtypes, **kw),
                     st.tuples(one, scalars(scalar_kinds)),
                     st.tuples(scalars(scalar_kinds), one))


def a(*args, **kwargs):
    """Build an (args, kwargs) pair strategy from strategies (or constants)."""
    def lift(v):
        return v if isinstance(v, st.SearchStrategy) else st.just(v)

    return st.tuples(st.tuples(*[lift(v) for v in args]),
                     st.fixed_dictionaries({k: lift(v) for k, v in kwargs.items()}))


@dataclass
class Spec:
    path: str            # "add", "math.add", "nn.relu", "raw_ops.AddV2"
    strategy: object
    rtol: float | None = None
    atol: float | None = None
    backends: tuple = BACKENDS

    def __post_init__(self):
        covers("tf." + self.path)

    @property
    def id(self):
        return self.path


def run_spec(spec, data):
    args, kwargs = data.draw(spec.strategy, label="args, kwargs")
    check(spec.path, *args, _rtol=spec.rtol, _atol=spec.atol, backends=spec.backends, **kwargs)


# ------------------------------------------------------------------------------ fixed draws
# Tests on fixed inputs (no hypothesis, to keep the default run cheap) compare numpy and one other
# backend by default, every backend in BACKENDS under IVY_FULL=1; their inputs come from RNG.
FULL = bool(os.environ.get("IVY_FULL"))
OTHER = "tensorflow" if "tensorflow" in BACKENDS else [b for b in BACKENDS if b != "numpy"][0]
B2 = BACKENDS if FULL else ("numpy", OTHER)
RNG = np.random.default_rng(12)


def uniform(*shape, lo=-1.0, hi=1.0, dt=np.float32):
    """An array of ``shape`` drawn uniformly in [lo, hi) from RNG."""
    return RNG.uniform(lo, hi, shape).astype(dt)


def well_conditioned(n, batch=(), dt=np.float32, c=3.0):
    """(A batch of) n x n matrices: uniform draws plus ``c`` on the diagonal."""
    return (uniform(*batch, n, n) + c * np.eye(n)).astype(dt)


def chk(path, *args, rtol=None, atol=None, **kw):
    """:func:`check` on the B2 backends; records ``tf.<path>`` as covered."""
    covers("tf." + path)
    return check(path, *args, backends=B2, _rtol=rtol, _atol=atol, **kw)
