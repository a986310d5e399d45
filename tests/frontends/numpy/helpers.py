"""The frontend test kit (``tests/frontends/kit.py``) bound to NumPy.

Arguments: :class:`A` (an array: ``numpy.array`` on the real side, ``fnp.array`` on the
frontend's), :class:`S` (a NumPy scalar), :class:`D` (a dtype by name). Paths: "add",
"linalg.inv", "ndarray.sum" (a method on args[0]), "op.__add__" (an operator on args[0]),
"inplace.__iadd__" (returns (self, result)), "setitem.", "getattr". Results compare by dtype,
shape, scalar-vs-array, values (NaN == NaN) and that the data is the backend's native array.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as real
from hypothesis import strategies as st

import ivy
import ivy.frontends.numpy as fnp
from tests.frontends import kit
from tests.frontends.kit import (
    NOT_A_LEAF,
    SpecBase,
    a,
    axis_for,
    shapes,  # noqa: F401 - the test modules import it from here
)


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


class NumPyFrontend(kit.Frontend):
    label = "NumPy"
    prefix = "numpy."
    errors = (ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError,
              ArithmeticError, ivy.IvyError, real.linalg.LinAlgError, RuntimeError)
    tolerances = {"float16": (2e-3, 2e-3), "float32": (2e-5, 2e-6), "complex64": (2e-5, 2e-6)}

    @staticmethod
    def _leaf(o, mod):
        if isinstance(o, A):
            return mod.array(real.array(o.a, copy=True))
        if isinstance(o, S):
            return getattr(mod, o.dtype)(o.v)
        if isinstance(o, D):
            return getattr(mod, o.name)
        return NOT_A_LEAF

    def real_leaf(self, o):
        return self._leaf(o, real)

    def front_leaf(self, o):
        return self._leaf(o, fnp)

    def call(self, root, path, args, kwargs):
        if path == "getattr":
            return getattr(args[0], args[1])
        if path.startswith(("ndarray.", "op.")):
            name = path.split(".", 1)[1]
            return getattr(args[0], name)(*args[1:], **kwargs)
        if path.startswith("inplace."):
            name = path.split(".", 1)[1]
            self_ = args[0]
            r = getattr(self_, name)(*args[1:], **kwargs)
            return ("inplace", r is self_, self_)
        if path.startswith("setitem."):
            self_, key, value = args
            self_[key] = value
            return self_
        return kit.resolve(root, path)(*args, **kwargs)

    def compare_array(self, got, exp, backend, rtol, atol, where):
        if not isinstance(exp, (real.ndarray, real.generic)):
            return False
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
        self.assert_close(real.asarray(got), exp, exp.dtype.name, backend, rtol, atol, where)
        return True

    def compare_value(self, got, exp, where):
        if not isinstance(exp, real.dtype):
            return False
        assert isinstance(got, fnp.dtype) and got.name == exp.name, f"{where}: {got} != {exp}"
        return True

    def compare_fields(self, got, exp, where):
        assert tuple(getattr(got, "_fields", ())) == tuple(exp._fields), \
            f"{where}: fields {getattr(got, '_fields', None)} != {exp._fields}"

    def compare_type(self, got, exp, where):
        assert type(got) is type(exp) or isinstance(exp, type), \
            f"{where}: type {type(got)} != {type(exp)}"


FRONTEND = NumPyFrontend(real, fnp, ("numpy", "jax", "torch"))
BACKENDS, ERRORS = FRONTEND.backends, FRONTEND.errors
COVERED: set = FRONTEND.covered  # "numpy.add", "numpy.ndarray.sum", "numpy.linalg.inv", ...
covers, check, compare, run_spec = (FRONTEND.covers, FRONTEND.check, FRONTEND.compare,
                                    FRONTEND.run_spec)
to_real, to_front = FRONTEND.to_real, FRONTEND.to_front


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8")
NUMERIC = ("bool",) + INTS + FLOATS
elements, arrays = FRONTEND.elements, FRONTEND.arrays


def arr(dtypes=FLOATS, shape=None, **kw):
    return FRONTEND.wrapped(A, dtypes, shape, **kw)


def arr_pair(dtypes1=NUMERIC, dtypes2=None, **kw):
    """Two arrays of broadcastable shapes (dtypes drawn independently: promotion pairs)."""
    return FRONTEND.broadcastable_pair(A, dtypes1, dtypes2, **kw)


def pyscalars(kinds=("int", "float", "bool")):
    return kit.scalars(kinds)


def npscalars(dtypes=("float32", "float64", "int8", "int32", "int64")):
    return st.sampled_from(dtypes).flatmap(
        lambda d: elements(d, specials=False).map(lambda v: S(d, v)))


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float", "bool"), **kw):
    """(array, array) / (array, Python scalar) / (scalar, array) / (array, NumPy scalar)."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(A))
    sc = pyscalars(scalar_kinds)
    return st.one_of(arr_pair(dtypes, **kw), arr_pair(dtypes, **kw), st.tuples(one, sc),
                     st.tuples(sc, one), st.tuples(one, npscalars()))


def with_axis(dtypes=FLOATS, allow_none=True, shape=None, **extra):
    """(array, axis=..., **extra) where axis fits the drawn array."""
    return arr(dtypes, shape).flatmap(lambda x: a(x, axis=axis_for(x.a.ndim, allow_none),
                                                  **extra))


@dataclass
class Spec(SpecBase):
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

    def variants(self, args):
        if self.method and args and isinstance(args[0], A):
            return (f"ndarray.{self.path.rsplit('.', 1)[-1]}",)
        return ()

