"""Differential testing of the NumPy frontend against the real NumPy.

A test draws NumPy inputs with hypothesis, wrapped in :class:`A` (an array argument) or left as
Python values; :func:`check` calls the same NumPy API path on the real ``numpy`` and on
``ivy.frontends.numpy`` under each Ivy backend (numpy, jax, torch) and compares dtype, shape,
scalar-vs-array, values (NaN == NaN) and that the data is the backend's native array -- or that
both raise. ``COVERED`` collects the names the tests exercise; ``coverage.py`` counts a name as
implemented only if it is there.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as real
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.numpy as fnp

BACKENDS = ("numpy", "jax", "torch")
COVERED: set = set()  # "numpy.add", "numpy.ndarray.sum", "numpy.linalg.inv", ...
ERRORS = (ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError, ArithmeticError,
          ivy.IvyError, real.linalg.LinAlgError, RuntimeError)


def covers(*names):
    COVERED.update(names)


@dataclass
class A:
    """An array argument: ``numpy.array`` on the real side, ``fnp.array`` on the frontend's."""
    a: real.ndarray

    def __repr__(self):
        return f"A({self.a.dtype}{list(self.a.shape)}: {self.a.tolist()!r})"


@dataclass
class S:
    """A NumPy scalar argument (``np.float32(1.5)`` on either side)."""
    dtype: str
    v: object

    def __repr__(self):
        return f"S({self.dtype}({self.v!r}))"


@dataclass
class D:
    """A dtype argument by name (``numpy.float32`` on either side)."""
    name: str


def _map(o, fa, fs, fd):
    if isinstance(o, A):
        return fa(o)
    if isinstance(o, S):
        return fs(o)
    if isinstance(o, D):
        return fd(o)
    if isinstance(o, list):
        return [_map(e, fa, fs, fd) for e in o]
    if isinstance(o, tuple):
        return tuple(_map(e, fa, fs, fd) for e in o)
    if isinstance(o, dict):
        return {k: _map(v, fa, fs, fd) for k, v in o.items()}
    return o


def to_real(o):
    return _map(o, lambda x: real.array(x.a, copy=True), lambda s: getattr(real, s.dtype)(s.v),
                lambda d: getattr(real, d.name))


def to_front(o):
    return _map(o, lambda x: fnp.array(real.array(x.a, copy=True)),
                lambda s: getattr(fnp, s.dtype)(s.v), lambda d: getattr(fnp, d.name))


def resolve(root, path):
    obj = root
    for p in path.split("."):
        obj = getattr(obj, p)
    return obj


def call(root, path, args, kwargs):
    if path == "getattr":
        return getattr(args[0], args[1])
    """``path`` is e.g. "add", "linalg.inv", "ndarray.sum" (a method on args[0]),
    "op.__add__" (an operator on args[0]) or "inplace.__iadd__" (returns (self, result))."""
    if path.startswith(("ndarray.", "op.")):
        name = path.split(".", 1)[1]
        return getattr(args[0], name)(*args[1:], **kwargs)
    if path.startswith("inplace."):
        name = path.split(".", 1)[1]
        self = args[0]
        r = getattr(self, name)(*args[1:], **kwargs)
        return ("inplace", r is self, self)
    if path.startswith("setitem."):
        self, key, value = args
        self[key] = value
        return self
    return resolve(root, path)(*args, **kwargs)


def tol_for(dtype_name, rtol=None, atol=None):
    base = {"float16": (2e-3, 2e-3), "float32": (2e-5, 2e-6), "complex64": (2e-5, 2e-6)}.get(
        dtype_name, (1e-9, 1e-12))
    return (rtol if rtol is not None else base[0], atol if atol is not None else base[1])


def compare(got, exp, backend, rtol=None, atol=None, where="result"):
    if isinstance(exp, (real.ndarray, real.generic)):
        assert isinstance(got, fnp.ndarray), f"{where}: expected an array, got {type(got)}"
        if isinstance(exp, real.generic):
            assert isinstance(got, fnp.generic), \
                f"{where}: NumPy returns a scalar ({type(exp).__name__}), frontend an array"
        elif exp.ndim:  # (a 0-d result: NumPy itself is inconsistent between arrays/scalars)
            assert not isinstance(got, fnp.generic), \
                f"{where}: NumPy returns an array, frontend a scalar"
        assert got.dtype.name == exp.dtype.name, f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert got.shape == exp.shape, f"{where}: shape {got.shape} != {exp.shape}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        g = real.asarray(got)
        if exp.dtype.kind in "fc":
            r, a = tol_for(exp.dtype.name, rtol, atol)
            real.testing.assert_allclose(g, exp, rtol=r, atol=a, equal_nan=True,
                                         err_msg=f"{where} on {backend}")
        else:
            real.testing.assert_array_equal(g, exp, err_msg=f"{where} on {backend}")
    elif isinstance(exp, tuple) and exp and isinstance(exp[0], str) and exp[0] == "inplace":
        assert got[0] == "inplace" and got[1] == exp[1], f"{where}: in-place returns self"
        compare(got[2], exp[2], backend, rtol, atol, where + " (self)")
    elif isinstance(exp, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{where}: expected a sequence, got {type(got)}"
        assert len(got) == len(exp), f"{where}: length {len(got)} != {len(exp)}"
        if hasattr(exp, "_fields"):
            assert tuple(getattr(got, "_fields", ())) == tuple(exp._fields), \
                f"{where}: fields {getattr(got, '_fields', None)} != {exp._fields}"
        for i, (g, e) in enumerate(zip(got, exp)):
            compare(g, e, backend, rtol, atol, f"{where}[{i}]")
    elif isinstance(exp, real.dtype):
        assert isinstance(got, fnp.dtype) and got.name == exp.name, f"{where}: {got} != {exp}"
    elif isinstance(exp, float) and isinstance(got, (float, int)):
        assert (math.isnan(exp) and math.isnan(got)) or math.isclose(
            got, exp, rel_tol=1e-6, abs_tol=1e-9), f"{where}: {got} != {exp}"
    else:
        assert got == exp, f"{where}: {got!r} != {exp!r}"
        assert type(got) is type(exp) or isinstance(exp, type), \
            f"{where}: type {type(got)} != {type(exp)}"


def check(path, *args, backends=BACKENDS, _rtol=None, _atol=None, **kwargs):
    """Run ``path`` on real NumPy and on the frontend under each backend; compare."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exp = call(real, path, to_real(args), to_real(kwargs))
            exp_err = None
        except Exception as e:  # noqa: BLE001 - any NumPy error: the frontend must raise too
            exp, exp_err = None, e
        for b in backends:
            with ivy.using_backend(b):
                fargs, fkw = to_front(args), to_front(kwargs)
                if exp_err is not None:
                    try:
                        got = call(fnp, path, fargs, fkw)
                    except ERRORS:
                        continue
                    raise AssertionError(f"{path} on {b}: NumPy raised {exp_err!r} but the "
                                         f"frontend returned {got!r}")
                try:
                    got = call(fnp, path, fargs, fkw)
                except NotImplementedError:
                    raise
                except Exception as e:
                    raise AssertionError(f"{path} on {b}: frontend raised {e!r}; NumPy "
                                         f"returned {exp!r}") from e
                compare(got, exp, b, _rtol, _atol, where=path)
    return exp


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8")
NUMERIC = ("bool",) + INTS + FLOATS
SPECIALS = (math.nan, math.inf, -math.inf, 0.0, -0.0)


def shapes(min_dims=0, max_dims=3, min_side=0, max_side=3):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def elements(dtype, *, lo=None, hi=None, specials=True):
    dt = real.dtype(dtype)
    if dt.kind == "f":
        lo = -100.0 if lo is None else lo
        hi = 100.0 if hi is None else hi
        fl = st.floats(lo, hi, width=32 if dt.itemsize <= 4 else 64, allow_subnormal=False)
        if specials:
            return st.one_of(fl, fl, fl, st.sampled_from(SPECIALS))
        return fl
    if dt.kind == "c":
        part = st.floats(-10, 10, width=32 if dt.itemsize <= 8 else 64, allow_subnormal=False)
        return st.builds(complex, part, part)
    if dt.kind == "b":
        return st.booleans()
    info = real.iinfo(dt)
    lo = max(info.min, -20 if lo is None else lo)
    hi = min(info.max, 20 if hi is None else hi)
    return st.integers(lo, hi)


def arrays(dtype, shape=None, **kw):
    shape = shape if shape is not None else shapes()
    return hnp.arrays(real.dtype(dtype), shape, elements=elements(dtype, **kw))


def arr(dtypes=FLOATS, shape=None, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, shape, **kw)).map(A)


def arr_pair(dtypes1=NUMERIC, dtypes2=None, **kw):
    """Two arrays of broadcastable shapes (dtypes drawn independently: promotion pairs)."""
    dtypes2 = dtypes2 or dtypes1
    return st.tuples(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
                     st.sampled_from(dtypes1), st.sampled_from(dtypes2)).flatmap(
        lambda t: st.tuples(arrays(t[1], t[0].input_shapes[0], **kw).map(A),
                            arrays(t[2], t[0].input_shapes[1], **kw).map(A)))


def pyscalars(kinds=("int", "float", "bool")):
    opts = {"int": st.integers(-5, 5), "float": st.floats(-5, 5, allow_subnormal=False),
            "bool": st.booleans(), "bigint": st.sampled_from([300, -200, 70000, 2 ** 40])}
    return st.one_of(*[opts[k] for k in kinds])


def npscalars(dtypes=("float32", "float64", "int8", "int32", "int64")):
    return st.sampled_from(dtypes).flatmap(
        lambda d: elements(d, specials=False).map(lambda v: S(d, v)))


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float", "bool"), **kw):
    """(array, array) / (array, Python scalar) / (scalar, array) / (array, NumPy scalar)."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(A))
    sc = pyscalars(scalar_kinds)
    return st.one_of(arr_pair(dtypes, **kw), arr_pair(dtypes, **kw), st.tuples(one, sc),
                     st.tuples(sc, one), st.tuples(one, npscalars()))


def axis_for(ndim, allow_none=True):
    opts = [st.none()] if allow_none else []
    if ndim:
        opts.append(st.integers(-ndim, ndim - 1))
    elif not allow_none:
        opts.append(st.sampled_from([0, -1]))
    return st.one_of(*opts) if opts else st.none()


def a(*args, **kwargs):
    """Build an (args, kwargs) pair strategy from strategies (or constants)."""
    def lift(v):
        return v if isinstance(v, st.SearchStrategy) else st.just(v)

    return st.tuples(st.tuples(*[lift(v) for v in args]),
                     st.fixed_dictionaries({k: lift(v) for k, v in kwargs.items()}))


def with_axis(dtypes=FLOATS, allow_none=True, shape=None, **extra):
    """(array, axis=..., **extra) where axis fits the drawn array."""
    return arr(dtypes, shape).flatmap(lambda x: a(x, axis=axis_for(x.a.ndim, allow_none),
                                                  **extra))


@dataclass
class Spec:
    """One API path and a strategy for its (args, kwargs); ``method`` also tests
    ``ndarray.name`` with the first argument as self."""
    path: str
    strategy: object
    method: bool = False
    rtol: float | None = None
    atol: float | None = None
    backends: tuple = BACKENDS
    extra: tuple = field(default_factory=tuple)

    def __post_init__(self):
        root = "numpy." + self.path
        covers(root, *("numpy." + e for e in self.extra))
        name = self.path.rsplit(".", 1)[-1]
        self.method = self.method and hasattr(real.ndarray, name)
        if self.method:
            covers(f"numpy.ndarray.{name}")

    @property
    def id(self):
        return self.path


def run_spec(spec: Spec, data):
    args, kwargs = data.draw(spec.strategy, label="args, kwargs")
    check(spec.path, *args, backends=spec.backends, _rtol=spec.rtol, _atol=spec.atol, **kwargs)
    if spec.method and args and isinstance(args[0], A):
        name = spec.path.rsplit(".", 1)[-1]
        check(f"ndarray.{name}", *args, backends=spec.backends, _rtol=spec.rtol,
              _atol=spec.atol, **kwargs)
