"""The frontend test kit: differential tests of ``ivy.frontends.<fw>`` against the real framework.

A test draws NumPy inputs with hypothesis, wrapped in the framework's argument class (an array
argument: ``A`` for numpy / jax / tensorflow, ``T`` for torch) or left as Python values;
:meth:`Frontend.check` calls the same API path on the real framework and on its Ivy frontend
under each Ivy backend and compares type, dtype, shape and values (NaN == NaN) -- or that both
raise. :class:`Frontend` holds what every framework shares; each ``tests/frontends/<fw>/helpers.py``
subclasses it with what differs (its argument wrappers, how a path is called, how one array
compares, its tolerances and errors) and binds the names the test modules import
(``check``, ``compare``, ``Spec``, ``run_spec``, the strategies, ``covers``). ``COVERED`` (one set
per framework) collects the API names the tests exercise; the coverage tables count a name as
implemented only if it is there. Each framework's ``conftest.py`` gives the binding as the
``frontend`` fixture.
"""

from __future__ import annotations

import contextlib
import math
import os
import warnings

import numpy as np
from hypothesis import currently_in_test_context
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy

SPECIALS = (math.nan, math.inf, -math.inf, 0.0, -0.0)
NOT_A_LEAF = object()  # what Frontend.real_leaf / front_leaf return for a container or a value
DEFAULT_TOLERANCE = (1e-9, 1e-12)  # (rtol, atol) of a dtype not in Frontend.tolerances

# The JAX backend compiles every operation anew for each new shape and dtype (XLA, ~40 ms an
# op on one core): in the frontend tests it was ~85% of the time of every non-JAX frontend.
# Inside hypothesis examples the frontend under the "jax" backend is therefore checked on every
# other distinct argument set a test passes to a path (the 1st, 3rd, ...); the other backends
# on every call.
# The backends' own semantics are tested on every backend with every example in
# tests/functional; what the frontend tests prove per backend is that the frontend's code runs
# on it and agrees, which the first example of each path already does on jax. Calls outside
# hypothesis (fixed edge cases) always run every backend. IVY_FULL=1: every call on every
# backend.
ROTATED_BACKENDS = () if os.environ.get("IVY_FULL") else ("jax",)


def convert(o, leaf):
    """``o`` with each argument wrapper replaced by ``leaf(wrapper)`` (lists, tuples and dicts
    rebuilt; other values as they are)."""
    r = leaf(o)
    if r is not NOT_A_LEAF:
        return r
    if isinstance(o, list):
        return [convert(e, leaf) for e in o]
    if isinstance(o, tuple):
        return tuple(convert(e, leaf) for e in o)
    if isinstance(o, dict):
        return {k: convert(v, leaf) for k, v in o.items()}
    return o


def resolve(root, path):
    """``root.a.b.c`` for ``path`` "a.b.c"."""
    obj = root
    for p in path.split("."):
        obj = getattr(obj, p)
    return obj


def examples(n: int) -> int:
    """Hypothesis examples per spec for a test module: ``n`` in the default run, scaled by
    ``IVY_TEST_EXAMPLES / 8`` (tests/conftest.py) for deeper runs; at least 2."""
    return max(2, n * int(os.environ.get("IVY_TEST_EXAMPLES", "8")) // 8)


def a(*args, **kwargs):
    """Build an (args, kwargs) pair strategy from strategies (or constants)."""
    def lift(v):
        return v if isinstance(v, st.SearchStrategy) else st.just(v)

    return st.tuples(st.tuples(*[lift(v) for v in args]),
                     st.fixed_dictionaries({k: lift(v) for k, v in kwargs.items()}))


class Frontend:
    """One framework's differential-test binding: the real module, the frontend, the backends
    it runs on, the errors that count as "raised too", and the hooks a subclass fills in."""

    label = ""            # the framework's name in messages ("torch", "NumPy", ...)
    prefix = ""           # of the covered names ("torch.", "tf.", ...)
    # a frontend error that matches the framework raising
    errors: tuple = (RuntimeError, ValueError, TypeError, IndexError, ZeroDivisionError,
                     OverflowError, ivy.IvyError, AssertionError, NotImplementedError)
    # dtype name -> (rtol, atol)
    tolerances: dict = {"float16": (1e-2, 1e-2), "bfloat16": (5e-2, 5e-2),
                        "float32": (2e-4, 2e-5), "complex64": (2e-4, 2e-5)}
    tolerance_floor = False  # True: a given rtol/atol never goes below the dtype's own
    wide_floats = True    # float64 / complex128 inputs drawn at full width (False: 32 bits)

    def __init__(self, real, front, backends):
        self.real, self.front, self.backends = real, front, tuple(backends)
        self.covered: set = set()
        self._rotation: dict = {}  # (test, path) -> {arguments' repr: jax runs on them}

    def backends_for(self, path, backends, args=(), kwargs=None):
        """``backends`` for this call of ``path``: the ROTATED_BACKENDS only for the 1st, 3rd,
        ... distinct arguments a test passes inside hypothesis examples (see ROTATED_BACKENDS).
        The same arguments again (hypothesis replaying or shrinking a failure) get the same
        backends, so a failure on a rotated backend reproduces."""
        if not ROTATED_BACKENDS or not currently_in_test_context():
            return backends
        seen = self._rotation.setdefault((os.environ.get("PYTEST_CURRENT_TEST", ""), path), {})
        try:
            key = repr((args, kwargs))
        except Exception:  # noqa: BLE001 - an argument without a repr: a new call
            key = object()
        if key not in seen:
            seen[key] = len(seen) % 2 == 0
        if seen[key]:
            return backends
        kept = tuple(b for b in backends if b not in ROTATED_BACKENDS)
        return kept or backends

    # -- what a subclass provides ------------------------------------------------------------
    def real_leaf(self, o):
        """``o`` as the real framework's argument, or NOT_A_LEAF."""
        return NOT_A_LEAF

    def front_leaf(self, o):
        """``o`` as the frontend's argument, or NOT_A_LEAF."""
        return NOT_A_LEAF

    def call(self, root, path, args, kwargs):
        """Call API ``path`` of ``root`` (the real module or the frontend) on the arguments."""
        return resolve(root, path)(*args, **kwargs)

    def compare_array(self, got, exp, backend, rtol, atol, where) -> bool:
        """Compare when ``exp`` is one of the framework's arrays; False if it is not."""
        return False

    def compare_value(self, got, exp, where) -> bool:
        """Compare the framework's other value types (dtypes, shapes); False if not one."""
        return False

    def compare_fields(self, got, exp, where):
        """Named tuples: the field names (nothing by default)."""

    def compare_type(self, got, exp, where):
        """Plain values: their types, after ``got == exp`` (nothing by default)."""

    compare_dicts = False  # True: a dict result compares key by key

    def reference(self):
        """The context the real framework runs in (as its users see it)."""
        return contextlib.nullcontext()

    # -- the shared machinery ----------------------------------------------------------------
    def covers(self, *names):
        self.covered.update(names)

    def to_real(self, o):
        return convert(o, self.real_leaf)

    def to_front(self, o):
        return convert(o, self.front_leaf)

    def tol_for(self, name, rtol=None, atol=None):
        base = self.tolerances.get(name, DEFAULT_TOLERANCE)
        if self.tolerance_floor:
            return (max(rtol, base[0]) if rtol is not None else base[0],
                    max(atol, base[1]) if atol is not None else base[1])
        return (rtol if rtol is not None else base[0], atol if atol is not None else base[1])

    def compare(self, got, exp, backend, rtol=None, atol=None, where="result"):
        if self.compare_array(got, exp, backend, rtol, atol, where):
            return
        if isinstance(exp, tuple) and exp and isinstance(exp[0], str) and exp[0] == "inplace":
            assert isinstance(got, tuple) and got[0] == "inplace"
            assert got[1] == exp[1], f"{where}: in-place result is self: {got[1]} != {exp[1]}"
            self.compare(got[2], exp[2], backend, rtol, atol, where + " (self after in-place)")
        elif isinstance(exp, (tuple, list)):
            assert isinstance(got, (tuple, list)), \
                f"{where}: expected a sequence, got {type(got)}"
            assert len(got) == len(exp), f"{where}: length {len(got)} != {len(exp)}"
            if hasattr(exp, "_fields"):
                self.compare_fields(got, exp, where)
            for i, (g, e) in enumerate(zip(got, exp, strict=True)):
                self.compare(g, e, backend, rtol, atol, f"{where}[{i}]")
        elif self.compare_dicts and isinstance(exp, dict):
            assert set(got) == set(exp), f"{where}: keys {set(got)} != {set(exp)}"
            for k in exp:
                self.compare(got[k], exp[k], backend, rtol, atol, f"{where}[{k!r}]")
        elif self.compare_value(got, exp, where):
            return
        elif isinstance(exp, float) and isinstance(got, (float, int)):
            assert (math.isnan(exp) and math.isnan(got)) or math.isclose(
                got, exp, rel_tol=1e-6, abs_tol=1e-9), f"{where}: {got} != {exp}"
        else:
            assert got == exp, f"{where}: {got!r} != {exp!r}"
            self.compare_type(got, exp, where)

    def assert_close(self, g, e, dtype_name, backend, rtol, atol, where):
        """NumPy values ``g`` (frontend) and ``e`` (real): within the dtype's tolerance if
        inexact, equal otherwise."""
        if e.dtype.kind in "fc":
            r, a_ = self.tol_for(dtype_name, rtol, atol)
            np.testing.assert_allclose(g, e, rtol=r, atol=a_, equal_nan=True,
                                       err_msg=f"{where} on {backend}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"{where} on {backend}")

    def check(self, path, *args, backends=None, _rtol=None, _atol=None, **kwargs):
        """Run ``path`` on the real framework and on the frontend under each backend; compare
        (or both must raise). Returns the real framework's result."""
        backends = self.backends_for(path, self.backends if backends is None else backends,
                                     args, kwargs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                with self.reference():
                    exp = self.call(self.real, path, self.to_real(args), self.to_real(kwargs))
                exp_err = None
            except Exception as e:  # noqa: BLE001 - any error: the frontend must raise too
                exp, exp_err = None, e
            for b in backends:
                with ivy.using_backend(b):
                    fargs, fkw = self.to_front(args), self.to_front(kwargs)
                    if exp_err is not None:
                        try:
                            got = self.call(self.front, path, fargs, fkw)
                        except self.errors:
                            continue
                        raise AssertionError(f"{path} on {b}: {self.label} raised {exp_err!r} "
                                             f"but the frontend returned {got!r}")
                    try:
                        got = self.call(self.front, path, fargs, fkw)
                    except NotImplementedError:
                        raise
                    except Exception as e:
                        raise AssertionError(f"{path} on {b}: frontend raised {e!r}; "
                                             f"{self.label} returned {exp!r}") from e
                    self.compare(got, exp, b, _rtol, _atol, where=path)
        return exp

    def run_spec(self, spec, data):
        """Draw the spec's arguments; check its path and each variant (methods, in-place)."""
        args, kwargs = data.draw(spec.strategy, label="args, kwargs")
        backends = getattr(spec, "backends", None)
        for path in (spec.path, *spec.variants(args)):
            self.check(path, *args, backends=backends, _rtol=spec.rtol, _atol=spec.atol,
                       **kwargs)

    # -- strategies --------------------------------------------------------------------------
    def elements(self, dtype, *, lo=None, hi=None, specials=True):
        """Values of ``dtype``: floats in [lo, hi] (default +-100) with NaN/inf/-0 mixed in,
        complex parts in +-10, integers in [lo, hi] (default +-20) within the dtype."""
        dt = np.dtype(dtype)
        if dt.kind == "f":
            lo = -100.0 if lo is None else lo
            hi = 100.0 if hi is None else hi
            width = ((32 if dt.itemsize <= 4 else 64) if self.wide_floats else
                     (16 if dt.itemsize == 2 else 32))
            fl = st.floats(lo, hi, width=width, allow_subnormal=False)
            return st.one_of(fl, fl, fl, st.sampled_from(SPECIALS)) if specials else fl
        if dt.kind == "c":
            width = (32 if dt.itemsize <= 8 else 64) if self.wide_floats else 32
            part = st.floats(-10, 10, width=width, allow_subnormal=False)
            return st.builds(complex, part, part)
        if dt.kind == "b":
            return st.booleans()
        info = np.iinfo(dt)
        return st.integers(max(info.min, -20 if lo is None else math.ceil(lo)),
                           min(info.max, 20 if hi is None else math.floor(hi)))

    def arrays(self, dtype, shape=None, **kw):
        """NumPy arrays of ``dtype`` (shape: :func:`shapes` unless given)."""
        return hnp.arrays(np.dtype(dtype), shape if shape is not None else shapes(),
                          elements=self.elements(dtype, **kw))

    def wrapped(self, wrapper, dtypes, shape=None, **kw):
        """Array arguments (``wrapper`` around a NumPy array) of one of ``dtypes``."""
        return st.sampled_from(dtypes).flatmap(lambda d: self.arrays(d, shape, **kw)).map(wrapper)

    def broadcastable_pair(self, wrapper, dtypes1, dtypes2=None, **kw):
        """Two array arguments of broadcastable shapes (dtypes drawn independently: promotion
        pairs)."""
        dtypes2 = dtypes2 or dtypes1
        return st.tuples(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
                         st.sampled_from(dtypes1), st.sampled_from(dtypes2)).flatmap(
            lambda t: st.tuples(self.arrays(t[1], t[0].input_shapes[0], **kw).map(wrapper),
                                self.arrays(t[2], t[0].input_shapes[1], **kw).map(wrapper)))


def shapes(min_dims=0, max_dims=3, min_side=0, max_side=3):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def scalars(kinds=("int", "float", "bool")):
    """Python scalars of the given kinds ("bigint": values beyond 32 bits)."""
    opts = {"int": st.integers(-5, 5), "float": st.floats(-5, 5, allow_subnormal=False),
            "bool": st.booleans(), "bigint": st.sampled_from([300, -200, 70000, 2 ** 40])}
    return st.one_of(*[opts[k] for k in kinds])


def axis_for(ndim, allow_none=True):
    """An axis (or dim) argument valid for ``ndim`` dimensions (None allowed unless not)."""
    opts = [st.none()] if allow_none else []
    if ndim:
        opts.append(st.integers(-ndim, ndim - 1))
    elif not allow_none:
        opts.append(st.sampled_from([0, -1]))
    return st.one_of(*opts) if opts else st.none()


class SpecBase:
    """Mixin of the frameworks' ``Spec`` dataclasses (path, strategy, rtol, atol, ...)."""

    def variants(self, args):
        """Further paths to check on the same arguments (methods, in-place forms)."""
        return ()

    @property
    def id(self):
        return self.path
