"""Differential testing of the JAX frontend against real JAX.

A test draws NumPy inputs with hypothesis, wrapped in :class:`A` (an array argument: real
``jnp.asarray`` / frontend ``jnp.asarray``) or left as Python values (weakly typed on both sides);
:func:`check` calls the same API path on real ``jax`` and on ``ivy.frontends.jax`` under each Ivy
backend (numpy, jax, torch) and compares dtype, weak_type, shape and values (NaN == NaN), or that
both raise. ``COVERED`` collects the API names the tests exercise; ``coverage.py`` counts a name
as implemented only if it is here.
"""

from __future__ import annotations

import math
import os
import warnings
from dataclasses import dataclass

import jax as real
import jax.numpy as rjnp
import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.jax as fj

BACKENDS = ("numpy", "jax", "torch")
COVERED: set = set()  # "jax.numpy.add", "jax.lax.scan", ...
ERRORS = (RuntimeError, ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError,
          ivy.IvyError, AssertionError, NotImplementedError)


def covers(*names):
    COVERED.update(names)


@dataclass
class A:
    """An array argument built from ``a`` with jnp.asarray on either side."""
    a: np.ndarray

    def __repr__(self):
        return f"A({self.a.dtype}{list(self.a.shape)}: {self.a.tolist()!r})"


@dataclass
class DN:
    """lax dimension numbers by class name (``GatherDimensionNumbers``...) on either side."""
    cls: str
    fields: tuple


@dataclass
class Key:
    """A PRNG key ``jax.random.PRNGKey(seed)`` built on either side."""
    seed: int


def _conv(o, asarray):
    if isinstance(o, Key):
        return (real if asarray is rjnp.asarray else fj).random.PRNGKey(o.seed)
    if isinstance(o, DN):
        return getattr((real if asarray is rjnp.asarray else fj).lax, o.cls)(*o.fields)
    if isinstance(o, A):
        return asarray(np.array(o.a, copy=True))
    if isinstance(o, list):
        return [_conv(e, asarray) for e in o]
    if isinstance(o, tuple):
        return tuple(_conv(e, asarray) for e in o)
    if isinstance(o, dict):
        return {k: _conv(v, asarray) for k, v in o.items()}
    return o


def resolve(root, path):
    obj = root
    for p in path.split("."):
        obj = getattr(obj, p)
    return obj


def call(root, path, args, kwargs):
    """``path`` is e.g. "numpy.add", "lax.scan" or "Array.sum" (method on args[0])."""
    if path.startswith("Array."):
        return getattr(args[0], path[6:])(*args[1:], **kwargs)
    return resolve(root, path)(*args, **kwargs)


def tol_for(name, rtol=None, atol=None):
    base = {"float16": (1e-2, 1e-2), "bfloat16": (5e-2, 5e-2), "float32": (2e-4, 2e-5),
            "complex64": (2e-4, 2e-5)}.get(name, (1e-9, 1e-12))
    return (rtol if rtol is not None else base[0], atol if atol is not None else base[1])


def compare(got, exp, backend, rtol=None, atol=None, where="result"):
    if isinstance(exp, real.Array):
        assert isinstance(got, fj.Array), f"{where}: expected an Array, got {type(got)}"
        assert got.dtype == exp.dtype, f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert got.shape == exp.shape, f"{where}: shape {got.shape} != {exp.shape}"
        assert got.weak_type == exp.weak_type, \
            f"{where}: weak_type {got.weak_type} != {exp.weak_type}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        e, g = np.asarray(exp), np.asarray(got)
        if e.dtype.kind in "fc":
            r, a = tol_for(e.dtype.name, rtol, atol)
            np.testing.assert_allclose(g, e, rtol=r, atol=a, equal_nan=True,
                                       err_msg=f"{where} on {backend}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"{where} on {backend}")
    elif isinstance(exp, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{where}: expected a sequence, got {type(got)}"
        assert len(got) == len(exp), f"{where}: length {len(got)} != {len(exp)}"
        for i, (g, e) in enumerate(zip(got, exp)):
            compare(g, e, backend, rtol, atol, f"{where}[{i}]")
    elif isinstance(exp, dict):
        assert set(got) == set(exp), f"{where}: keys {set(got)} != {set(exp)}"
        for k in exp:
            compare(got[k], exp[k], backend, rtol, atol, f"{where}[{k!r}]")
    elif isinstance(exp, float) and isinstance(got, (float, int)):
        assert (math.isnan(exp) and math.isnan(got)) or math.isclose(got, exp, rel_tol=1e-6,
                                                                      abs_tol=1e-9)
    else:
        assert got == exp, f"{where}: {got!r} != {exp!r}"


def reference():
    """Real JAX as its users see it: x64 disabled (Ivy's JAX backend enables x64 process-wide)."""
    return real.enable_x64(False)


def check(path, *args, backends=BACKENDS, _rtol=None, _atol=None, **kwargs):
    """Run ``path`` on real jax and on the frontend under each backend; compare."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with reference():
                exp = call(real, path, _conv(args, rjnp.asarray), _conv(kwargs, rjnp.asarray))
            exp_err = None
        except Exception as e:  # noqa: BLE001 - any jax error: the frontend must raise too
            exp, exp_err = None, e
        for b in backends:
            with ivy.using_backend(b):
                fargs = _conv(args, fj.numpy.asarray)
                fkw = _conv(kwargs, fj.numpy.asarray)
                if exp_err is not None:
                    try:
                        got = call(fj, path, fargs, fkw)
                    except ERRORS:
                        continue
                    raise AssertionError(f"{path} on {b}: jax raised {exp_err!r} but the "
                                         f"frontend returned {got!r}")
                try:
                    got = call(fj, path, fargs, fkw)
                except NotImplementedError:
                    raise
                except Exception as e:
                    raise AssertionError(f"{path} on {b}: frontend raised {e!r}; jax returned "
                                         f"{exp!r}") from e
                compare(got, exp, b, _rtol, _atol, where=path)
    return exp


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32",)
INTS = ("int8", "int16", "int32", "uint8")
NUMERIC = ("bool",) + INTS + ("float16", "float32")
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
    return st.integers(max(info.min, -20 if lo is None else lo),
                       min(info.max, 20 if hi is None else hi))


def arrays(dtype, shape=None, **kw):
    return hnp.arrays(np.dtype(dtype), shape if shape is not None else shapes(),
                      elements=elements(dtype, **kw))


def arrs(dtypes=FLOATS, shape=None, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, shape, **kw)).map(A)


def arr_pair(dtypes1=NUMERIC, dtypes2=None, **kw):
    dtypes2 = dtypes2 or dtypes1
    return st.tuples(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
                     st.sampled_from(dtypes1), st.sampled_from(dtypes2)).flatmap(
        lambda t: st.tuples(arrays(t[1], t[0].input_shapes[0], **kw).map(A),
                            arrays(t[2], t[0].input_shapes[1], **kw).map(A)))


def scalars(kinds=("int", "float", "bool")):
    opts = {"int": st.integers(-5, 5), "float": st.floats(-5, 5, allow_subnormal=False),
            "bool": st.booleans()}
    return st.one_of(*[opts[k] for k in kinds])


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float", "bool"), **kw):
    """(array, array), (array, Python scalar: weak) or (scalar, array) pairs."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(A))
    return st.one_of(arr_pair(dtypes, **kw), st.tuples(one, scalars(scalar_kinds)),
                     st.tuples(scalars(scalar_kinds), one))


def a(*args, **kwargs):
    """Build an (args, kwargs) pair strategy from strategies (or constants)."""
    def lift(v):
        return v if isinstance(v, st.SearchStrategy) else st.just(v)

    return st.tuples(st.tuples(*[lift(v) for v in args]),
                     st.fixed_dictionaries({k: lift(v) for k, v in kwargs.items()}))


@dataclass
class Spec:
    path: str            # "numpy.add", "lax.exp", "nn.relu"
    strategy: object
    method: str = ""     # also test Array.<method> with args[0] as self
    rtol: float | None = None
    atol: float | None = None

    def __post_init__(self):
        covers("jax." + self.path)
        if self.method:
            covers("jax.Array." + self.method)

    @property
    def id(self):
        return self.path


def run_spec(spec, data):
    args, kwargs = data.draw(spec.strategy, label="args, kwargs")
    check(spec.path, *args, _rtol=spec.rtol, _atol=spec.atol, **kwargs)
    if spec.method and args and isinstance(args[0], A):
        check("Array." + spec.method, *args, _rtol=spec.rtol, _atol=spec.atol, **kwargs)


def check_program(fn, *, rtol=None, atol=None, backends=BACKENDS, where="program"):
    """``fn(jax_module, jnp_module)`` on real JAX and on the frontend under each backend; the
    results (any pytree of arrays / Python values) must match, or both must raise."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with reference():
                exp, err = fn(real, rjnp), None
        except Exception as e:  # noqa: BLE001
            exp, err = None, e
        for b in backends:
            with ivy.using_backend(b):
                if err is not None:
                    try:
                        got = fn(fj, fj.numpy)
                    except ERRORS:
                        continue
                    raise AssertionError(f"{where} on {b}: jax raised {err!r}, the frontend "
                                         f"returned {got!r}")
                compare(fn(fj, fj.numpy), exp, b, rtol, atol, where)
    return exp


def examples(n: int) -> int:
    """Hypothesis examples per spec for a test module: ``n`` in the default run, scaled by
    ``IVY_TEST_EXAMPLES / 8`` (tests/conftest.py) for deeper runs; at least 2."""
    return max(2, n * int(os.environ.get("IVY_TEST_EXAMPLES", "8")) // 8)
