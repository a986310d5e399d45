"""The frontend test kit (``tests/frontends/kit.py``) bound to JAX.

Arguments: :class:`A` (an array: ``jnp.asarray`` on either side), :class:`DN` (lax dimension
numbers by class name), :class:`Key` (a ``jax.random.PRNGKey``); Python values stay weakly typed
on both sides. Paths: "numpy.add", "lax.scan", "Array.sum" (a method on args[0]). Results compare
by dtype, weak_type, shape, values (NaN == NaN) and that the data is the backend's native array;
real JAX runs as its users see it (:func:`reference`: x64 off).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import jax as real
import jax.numpy as rjnp
import numpy as np
from hypothesis import strategies as st

import ivy
import ivy.frontends.jax as fj
from tests.frontends import kit
from tests.frontends.kit import (  # noqa: F401 - re-exported
    NOT_A_LEAF,
    SpecBase,
    a,
    examples,
    shapes,  # noqa: F401 - the test modules import it from here
)


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


def reference():
    """Real JAX as its users see it: x64 disabled (Ivy's JAX backend enables x64 process-wide)."""
    return real.enable_x64(False)


class JaxFrontend(kit.Frontend):
    label = "jax"
    prefix = "jax."
    wide_floats = False
    compare_dicts = True

    @staticmethod
    def _leaf(o, mod, asarray):
        if isinstance(o, Key):
            return mod.random.PRNGKey(o.seed)
        if isinstance(o, DN):
            return getattr(mod.lax, o.cls)(*o.fields)
        if isinstance(o, A):
            return asarray(np.array(o.a, copy=True))
        return NOT_A_LEAF

    def real_leaf(self, o):
        return self._leaf(o, real, rjnp.asarray)

    def front_leaf(self, o):
        return self._leaf(o, fj, fj.numpy.asarray)

    def call(self, root, path, args, kwargs):
        if path.startswith("Array."):
            return getattr(args[0], path[6:])(*args[1:], **kwargs)
        return kit.resolve(root, path)(*args, **kwargs)

    def compare_array(self, got, exp, backend, rtol, atol, where):
        if not isinstance(exp, real.Array):
            return False
        assert isinstance(got, fj.Array), f"{where}: expected an Array, got {type(got)}"
        assert got.dtype == exp.dtype, f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert got.shape == exp.shape, f"{where}: shape {got.shape} != {exp.shape}"
        assert got.weak_type == exp.weak_type, \
            f"{where}: weak_type {got.weak_type} != {exp.weak_type}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        e, g = np.asarray(exp), np.asarray(got)
        self.assert_close(g, e, e.dtype.name, backend, rtol, atol, where)
        return True

    def reference(self):
        return reference()


FRONTEND = JaxFrontend(real, fj, ("numpy", "jax", "torch"))
BACKENDS, ERRORS = FRONTEND.backends, FRONTEND.errors
COVERED: set = FRONTEND.covered  # "jax.numpy.add", "jax.lax.scan", ...
covers, check, compare, run_spec = (FRONTEND.covers, FRONTEND.check, FRONTEND.compare,
                                    FRONTEND.run_spec)
to_real, to_front = FRONTEND.to_real, FRONTEND.to_front


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


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32",)
INTS = ("int8", "int16", "int32", "uint8")
NUMERIC = ("bool",) + INTS + ("float16", "float32")
elements, arrays = FRONTEND.elements, FRONTEND.arrays
scalars = kit.scalars


def arrs(dtypes=FLOATS, shape=None, **kw):
    return FRONTEND.wrapped(A, dtypes, shape, **kw)


def arr_pair(dtypes1=NUMERIC, dtypes2=None, **kw):
    return FRONTEND.broadcastable_pair(A, dtypes1, dtypes2, **kw)


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float", "bool"), **kw):
    """(array, array), (array, Python scalar: weak) or (scalar, array) pairs."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(A))
    return st.one_of(arr_pair(dtypes, **kw), st.tuples(one, scalars(scalar_kinds)),
                     st.tuples(scalars(scalar_kinds), one))


@dataclass
class Spec(SpecBase):
    path: str            # "numpy.add", "lax.exp", "nn.relu"
    strategy: object
    method: str = ""     # also test Array.<method> with args[0] as self
    rtol: float | None = None
    atol: float | None = None

    def __post_init__(self):
        covers("jax." + self.path)
        if self.method:
            covers("jax.Array." + self.method)

    def variants(self, args):
        if self.method and args and isinstance(args[0], A):
            return ("Array." + self.method,)
        return ()
