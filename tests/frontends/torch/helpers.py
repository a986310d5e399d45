"""Differential testing of the PyTorch frontend against real PyTorch.

A test draws NumPy inputs with hypothesis, wrapped in :class:`T` (a tensor argument) or left as
Python values; :func:`check` calls the same torch API path on real ``torch`` and on
``ivy.frontends.torch`` under each Ivy backend (numpy, jax, torch) and compares dtype, shape and
values (NaN == NaN), or that both raise. ``COVERED`` collects the API names the tests exercise;
``scripts/frontend_coverage.py`` counts a name as implemented only if it is here.
"""

from __future__ import annotations

import math
import os
import warnings
from dataclasses import dataclass, field

import numpy as np
import torch as real
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.torch as ft

BACKENDS = ("numpy", "jax", "torch")
COVERED: set = set()  # "torch.add", "torch.Tensor.add_", "torch.nn.functional.relu", ...
ERRORS = (RuntimeError, ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError,
          ivy.IvyError, AssertionError, NotImplementedError)


def covers(*names):
    COVERED.update(names)


@dataclass
class T:
    """A tensor argument: built with torch.from_numpy / ft.tensor from ``a``."""
    a: np.ndarray

    def __repr__(self):
        return f"T({self.a.dtype}{list(self.a.shape)}: {self.a.tolist()!r})"


@dataclass
class D:
    """A dtype argument by name (``torch.float32`` on either side)."""
    name: str


def _to_real(o):
    if isinstance(o, T):
        return real.from_numpy(np.array(o.a, copy=True))
    if isinstance(o, D):
        return getattr(real, o.name)
    if isinstance(o, list):
        return [_to_real(e) for e in o]
    if isinstance(o, tuple):
        return tuple(_to_real(e) for e in o)
    if isinstance(o, dict):
        return {k: _to_real(v) for k, v in o.items()}
    return o


def _to_front(o):
    if isinstance(o, T):
        return ft.tensor(np.array(o.a, copy=True))
    if isinstance(o, D):
        return getattr(ft, o.name)
    if isinstance(o, list):
        return [_to_front(e) for e in o]
    if isinstance(o, tuple):
        return tuple(_to_front(e) for e in o)
    if isinstance(o, dict):
        return {k: _to_front(v) for k, v in o.items()}
    return o


def resolve(root, path):
    obj = root
    for p in path.split("."):
        obj = getattr(obj, p)
    return obj


def call(root, path, args, kwargs):
    """``path`` is e.g. "add", "nn.functional.relu", "Tensor.add" (method on args[0]) or
    "Tensor.add_" (in-place: returns (result, self))."""
    if path.startswith("Tensor."):
        name = path[7:]
        self, rest = args[0], args[1:]
        if name.endswith("_") and not name.startswith("__"):
            self = self.clone()
            r = getattr(self, name)(*rest, **kwargs)
            return ("inplace", r is self, self)
        return getattr(self, name)(*rest, **kwargs)
    if "." not in path and path.endswith("_") and not path.startswith("_") and args:
        # torch.<name>_(input, ...): in-place on input (compared like Tensor.<name>_)
        self = args[0].clone()
        r = resolve(root, path)(self, *args[1:], **kwargs)
        return ("inplace", r is self, self)
    return resolve(root, path)(*args, **kwargs)


def tol_for(dtype_name, rtol=None, atol=None):
    base = {"float16": (1e-2, 1e-2), "bfloat16": (5e-2, 5e-2), "float32": (2e-4, 2e-5),
            "complex64": (2e-4, 2e-5)}.get(dtype_name, (1e-9, 1e-12))
    return (rtol if rtol is not None else base[0], atol if atol is not None else base[1])


def compare(got, exp, backend, rtol=None, atol=None, where="result"):
    if isinstance(exp, real.Tensor):
        assert isinstance(got, ft.Tensor), f"{where}: expected a Tensor, got {type(got)}"
        assert repr(got.dtype) == str(exp.dtype), f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert tuple(got.shape) == tuple(exp.shape), \
            f"{where}: shape {tuple(got.shape)} != {tuple(exp.shape)}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        e = exp.detach().resolve_conj().numpy() if exp.dtype != real.bfloat16 else \
            exp.float().numpy()
        g = got.numpy() if got.dtype.name != "bfloat16" else got.float().numpy()
        if e.dtype.kind in "fc":
            r, a = tol_for(got.dtype.name, rtol, atol)
            np.testing.assert_allclose(g, e, rtol=r, atol=a, equal_nan=True,
                                       err_msg=f"{where} on {backend}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"{where} on {backend}")
    elif isinstance(exp, tuple) and exp and exp[0] == "inplace":
        assert isinstance(got, tuple) and got[0] == "inplace"
        assert got[1] == exp[1], f"{where}: in-place result is self: {got[1]} != {exp[1]}"
        compare(got[2], exp[2], backend, rtol, atol, where + " (self after in-place)")
    elif isinstance(exp, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{where}: expected a sequence, got {type(got)}"
        assert len(got) == len(exp), f"{where}: length {len(got)} != {len(exp)}"
        if hasattr(exp, "_fields"):
            assert tuple(getattr(got, "_fields", exp._fields)) == tuple(exp._fields)
        for i, (g, e) in enumerate(zip(got, exp)):
            compare(g, e, backend, rtol, atol, f"{where}[{i}]")
    elif isinstance(exp, real.dtype):
        assert repr(got) == str(exp), f"{where}: {got} != {exp}"
    elif isinstance(exp, float) and isinstance(got, (float, int)):
        assert (math.isnan(exp) and math.isnan(got)) or math.isclose(got, exp, rel_tol=1e-6,
                                                                      abs_tol=1e-9), \
            f"{where}: {got} != {exp}"
    else:
        assert got == exp, f"{where}: {got!r} != {exp!r}"
        assert type(got) is type(exp) or isinstance(exp, (real.Size, tuple)), \
            f"{where}: type {type(got)} != {type(exp)}"


def check(path, *args, backends=BACKENDS, _rtol=None, _atol=None, **kwargs):
    """Run ``path`` on real torch and on the frontend under each backend; compare."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exp = call(real, path, _to_real(args), _to_real(kwargs))
            exp_err = None
        except Exception as e:  # noqa: BLE001 - any torch error: the frontend must raise too
            exp, exp_err = None, e
        for b in backends:
            with ivy.using_backend(b):
                fargs, fkw = _to_front(args), _to_front(kwargs)
                if exp_err is not None:
                    try:
                        got = call(ft, path, fargs, fkw)
                    except ERRORS:
                        continue
                    raise AssertionError(f"{path} on {b}: torch raised {exp_err!r} but the "
                                         f"frontend returned {got!r}")
                try:
                    got = call(ft, path, fargs, fkw)
                except NotImplementedError:
                    raise
                except Exception as e:
                    raise AssertionError(f"{path} on {b}: frontend raised {e!r}; torch returned "
                                         f"{exp!r}") from e
                compare(got, exp, b, _rtol, _atol, where=f"{path}")
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
    dt = np.dtype(dtype)
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
    info = np.iinfo(dt)
    lo = max(info.min, -20 if lo is None else lo)
    hi = min(info.max, 20 if hi is None else hi)
    return st.integers(lo, hi)


def arrays(dtype, shape=None, **kw):
    shape = shape if shape is not None else shapes()
    return hnp.arrays(np.dtype(dtype), shape, elements=elements(dtype, **kw))


def tensors(dtypes=FLOATS, shape=None, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, shape, **kw)).map(T)


def tensor_pair(dtypes1=NUMERIC, dtypes2=None, **kw):
    """Two tensors of broadcastable shapes (dtypes drawn independently: promotion pairs)."""
    dtypes2 = dtypes2 or dtypes1
    return st.tuples(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
                     st.sampled_from(dtypes1), st.sampled_from(dtypes2)).flatmap(
        lambda t: st.tuples(arrays(t[1], t[0].input_shapes[0], **kw).map(T),
                            arrays(t[2], t[0].input_shapes[1], **kw).map(T)))


def scalars(kinds=("int", "float", "bool")):
    opts = {"int": st.integers(-5, 5), "float": st.floats(-5, 5, allow_subnormal=False),
            "bool": st.booleans()}
    return st.one_of(*[opts[k] for k in kinds])


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float", "bool"), **kw):
    """(tensor, tensor) or (tensor, Python scalar) or (scalar, tensor) pairs."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(T))
    return st.one_of(tensor_pair(dtypes, **kw), tensor_pair(dtypes, **kw),
                     st.tuples(one, scalars(scalar_kinds)))


def dims_for(ndim, allow_none=True):
    opts = [st.none()] if allow_none else []
    if ndim:
        opts.append(st.integers(-ndim, ndim - 1))
    elif not allow_none:
        opts.append(st.sampled_from([0, -1]))
    return st.one_of(*opts) if opts else st.none()


# ------------------------------------------------------------------------------------ specs

@dataclass
class Spec:
    """One API function and a strategy for its (args, kwargs); ``method``/``inplace`` also test
    ``Tensor.name`` / ``Tensor.name_`` with the first argument as self."""
    path: str
    strategy: object
    method: bool = False
    inplace: bool = False
    rtol: float | None = None
    atol: float | None = None
    backends: tuple = BACKENDS
    extra: tuple = field(default_factory=tuple)  # additional names it covers (aliases)

    def __post_init__(self):
        root = "torch." + self.path
        covers(root, *("torch." + e for e in self.extra))
        name = self.path.rsplit(".", 1)[-1]
        # a method / in-place variant is tested where real torch has one
        self.method = self.method and hasattr(real.Tensor, name)
        self.inplace = self.inplace and hasattr(real.Tensor, name + "_")
        if self.method:
            covers(f"torch.Tensor.{name}")
        if self.inplace:
            covers(f"torch.Tensor.{name}_")
        # the namespace spelling torch.<name>_(input, ...) is tested where real torch has it
        self.ns_inplace = self.inplace and "." not in self.path and hasattr(real, name + "_")
        if self.ns_inplace:
            covers(f"torch.{name}_")

    @property
    def id(self):
        return self.path


def run_spec(spec: Spec, data):
    args, kwargs = data.draw(spec.strategy, label="args, kwargs")
    check(spec.path, *args, backends=spec.backends, _rtol=spec.rtol, _atol=spec.atol, **kwargs)
    name = spec.path.rsplit(".", 1)[-1]
    if spec.method and args and isinstance(args[0], T):
        check(f"Tensor.{name}", *args, backends=spec.backends, _rtol=spec.rtol, _atol=spec.atol,
              **kwargs)
    if spec.inplace and args and isinstance(args[0], T):
        check(f"Tensor.{name}_", *args, backends=spec.backends, _rtol=spec.rtol, _atol=spec.atol,
              **kwargs)
    if spec.ns_inplace and args and isinstance(args[0], T):
        check(f"{name}_", *args, backends=spec.backends, _rtol=spec.rtol, _atol=spec.atol,
              **kwargs)


def a(*args, **kwargs):
    """Build an (args, kwargs) pair strategy from strategies (or constants)."""
    def lift(v):
        return v if isinstance(v, st.SearchStrategy) else st.just(v)

    return st.tuples(st.tuples(*[lift(v) for v in args]),
                     st.fixed_dictionaries({k: lift(v) for k, v in kwargs.items()}))


def examples(n: int) -> int:
    """Hypothesis examples per spec for a test module: ``n`` in the default run, scaled by
    ``IVY_TEST_EXAMPLES / 8`` (tests/conftest.py) for deeper runs; at least 2."""
    return max(2, n * int(os.environ.get("IVY_TEST_EXAMPLES", "8")) // 8)


def edge_values(dt, n=7, seed=0):
    """``n`` values of torch dtype ``dt`` for differential tests of fast paths: the float edges
    (0, -0, NaN, +-inf) shuffled by ``seed``, complex from them, small integers (non-negative
    for unsigned dtypes), random bools."""
    g = real.Generator().manual_seed(seed)
    if dt is real.bool:
        return real.rand(n, generator=g) > 0.5
    if dt.is_floating_point or dt.is_complex:
        v = real.tensor([0.0, -0.0, 1.5, -2.25, float("nan"), float("inf"), -float("inf"), 3.0,
                          0.5])[:n]
        v = v[real.randperm(n, generator=g)]
        if dt.is_complex:
            v = real.complex(v, v.flip(0))
        return v.to(dt)
    if dt in (real.uint8, real.uint16, real.uint32, real.uint64):
        return real.randint(0, 9, (n,), generator=g).to(dt)
    return real.randint(-4, 5, (n,), generator=g).to(dt)
