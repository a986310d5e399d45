"""The frontend test kit (``tests/frontends/kit.py``) bound to TensorFlow.

Arguments: :class:`A` (an array: ``tf.constant`` on either side), :class:`D` (a dtype by name).
Paths: "add", "nn.relu", "raw_ops.AddV2", "Tensor.__add__" (a method on args[0]). Results compare
by dtype, shape, values (NaN == NaN) and that the data is the backend's native array; a spec's
tolerance never goes below its dtype's. IVY_TF_TEST_BACKENDS=numpy,jax restricts the backends
(default: numpy, jax and tensorflow).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
import tensorflow as real
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.tensorflow as ftf
from tests.frontends import kit
from tests.frontends.kit import (  # noqa: F401 - re-exported
    NOT_A_LEAF,
    SpecBase,
    a,
    shapes,  # noqa: F401 - the test modules import it from here
)

# hypothesis examples per spec: IVY_TEST_EXAMPLES (default 12) / 6, at least 2 (each example
# runs real TF and the frontend on three backends; raise IVY_TEST_EXAMPLES for deeper runs)
EX = settings(max_examples=max(2, int(os.environ.get("IVY_TEST_EXAMPLES", "12")) // 6))


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


class TensorFlowFrontend(kit.Frontend):
    label = "tensorflow"
    prefix = "tf."
    errors = kit.Frontend.errors + (ftf.errors.OpError,)
    tolerance_floor = True
    wide_floats = False

    @staticmethod
    def _leaf(o, mod):
        if isinstance(o, A):
            return mod.constant(np.array(o.a, copy=True))
        if isinstance(o, D):
            return getattr(mod, o.name)
        return NOT_A_LEAF

    def real_leaf(self, o):
        return self._leaf(o, real)

    def front_leaf(self, o):
        return self._leaf(o, ftf)

    def call(self, root, path, args, kwargs):
        if path.startswith("Tensor."):
            return getattr(args[0], path[7:])(*args[1:], **kwargs)
        return kit.resolve(root, path)(*args, **kwargs)

    def compare_array(self, got, exp, backend, rtol, atol, where):
        if not isinstance(exp, (real.Tensor, real.Variable)):
            return False
        assert isinstance(got, ftf.Tensor), f"{where}: expected a Tensor, got {type(got)}"
        assert got.dtype.name == exp.dtype.name, f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert got.shape.as_list() == exp.shape.as_list(), \
            f"{where}: shape {got.shape} != {exp.shape}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        e, g = exp.numpy(), got.numpy()
        if e.dtype.kind in "fc" or e.dtype.name == "bfloat16":
            r, a_ = self.tol_for(exp.dtype.name, rtol, atol)
            wide = np.complex128 if e.dtype.kind == "c" else np.float64
            np.testing.assert_allclose(g.astype(wide), e.astype(wide), rtol=r, atol=a_,
                                       equal_nan=True, err_msg=f"{where} on {backend}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"{where} on {backend}")
        return True

    def compare_value(self, got, exp, where):
        if isinstance(exp, (real.TensorShape, real.DType)):
            assert (got.as_list() == exp.as_list() if isinstance(exp, real.TensorShape) else
                    got.name == exp.name), f"{where}: {got} != {exp}"
            return True
        return False


FRONTEND = TensorFlowFrontend(
    real, ftf, os.environ.get("IVY_TF_TEST_BACKENDS", "numpy,jax,tensorflow").split(","))
BACKENDS, ERRORS = FRONTEND.backends, FRONTEND.errors
COVERED: set = FRONTEND.covered  # "tf.add", "tf.nn.relu", "tf.raw_ops.AddV2", ...
covers, check, compare, run_spec = (FRONTEND.covers, FRONTEND.check, FRONTEND.compare,
                                    FRONTEND.run_spec)
call = FRONTEND.call
to_real, to_front = FRONTEND.to_real, FRONTEND.to_front


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32",)
F64 = ("float32", "float64")
INTS = ("int32", "int64", "uint8", "int8")
NUMERIC = ("bool", "int32", "int64", "uint8", "float16", "float32", "float64")
elements, arrays = FRONTEND.elements, FRONTEND.arrays
scalars = kit.scalars


def arrs(dtypes=FLOATS, shape=None, **kw):
    return FRONTEND.wrapped(A, dtypes, shape, **kw)


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


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float"), **kw):
    """(array, array) of one dtype, (array, Python scalar) or (scalar, array)."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(A))
    return st.one_of(same_pair(dtypes, **kw), mixed_pair(dtypes, **kw),
                     st.tuples(one, scalars(scalar_kinds)),
                     st.tuples(scalars(scalar_kinds), one))


@dataclass
class Spec(SpecBase):
    path: str            # "add", "math.add", "nn.relu", "raw_ops.AddV2"
    strategy: object
    rtol: float | None = None
    atol: float | None = None
    backends: tuple = BACKENDS

    def __post_init__(self):
        covers("tf." + self.path)


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
