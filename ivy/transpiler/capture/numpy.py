"""Capturing NumPy programs with a tracer array.

:class:`TracedArray` holds the real ``ndarray`` (so the program computes exactly what NumPy
computes) and its Ivy stand-in. NumPy hands every function and ufunc applied to it back to it
(``__array_function__``, ``__array_ufunc__``; operators through ``NDArrayOperatorsMixin``;
methods by name): each call is computed for real with NumPy and through the NumPy frontend
(``ivy.frontends.numpy``: NEP 50 promotion, float64 defaults) on the stand-ins, the two are
compared (``Shadow.check``) and the result is a new :class:`TracedArray`. The run happens inside
:func:`base.trace`, so the frontend's Ivy calls are the graph.

``np.asarray``/``np.array``/``np.asanyarray`` are not dispatched by NumPy; while a capture runs
they are wrapped so that a traced array passes through them (a list of traced arrays is
stacked); anything else is NumPy's own. Python control flow on values (``float(x)``, ``if x >
0``, ``x.item()``) raises ``TranspileError`` naming the line when the value depends on the
inputs. ``np.random``'s global state is refused (pass random values in).
"""

from __future__ import annotations

import threading

import numpy as np
import optree
from numpy.lib.mixins import NDArrayOperatorsMixin

import ivy
import ivy.frontends.numpy as fnp
from ivy.frontends.numpy import _ndarray as _fnd

from ...array_object import Array
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from .base import Shadow, plain_structure, trace

_state = threading.local()


def _shadow() -> Shadow:
    return _state.shadow


class TracedArray(NDArrayOperatorsMixin):
    """A NumPy array being traced: ``value`` (the real ndarray) and ``ivy`` (its stand-in)."""

    __array_priority__ = 1000

    def __init__(self, value, stand_in):
        self.value = value
        self.ivy = stand_in

    # -- dispatch -------------------------------------------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        name = ufunc.__name__
        out = kwargs.pop("out", None)
        if out is not None:
            target = out[0] if isinstance(out, tuple) and len(out) == 1 else out
            if not isinstance(target, TracedArray) or method != "__call__":
                raise _shadow().error("ufunc out= into an array that is not traced is not "
                                      "supported; assign the result instead", op=f"numpy.{name}")
            # x += y & co.: computed out of place, then stored into x (cast like NumPy does)
            r = self.__array_ufunc__(ufunc, method, *inputs, **kwargs)
            view_of = target.__dict__.get("view_of")
            target.value = r.value.astype(target.value.dtype, casting="same_kind")
            target.ivy = ivy.astype(r.ivy, target.ivy.dtype) if r.ivy.dtype != \
                target.ivy.dtype else r.ivy
            target.ivy = getattr(target.ivy, "_data", target.ivy)
            if view_of is not None:  # a basic-indexing view: the write lands in its base
                base, key = view_of
                base[key] = target
            elif target.value.base is not None and target.__dict__.get("derived"):
                raise _shadow().error("an in-place update of a view made by reshape/transpose "
                                      "cannot be followed; assign the result instead",
                                      op=f"numpy.{name}")
            return target
        if method == "__call__":
            fn = getattr(fnp, name, None)
            label = f"ivy.frontends.numpy.{name}"
        elif method in ("reduce", "accumulate"):
            alias = {("add", "reduce"): "sum", ("multiply", "reduce"): "prod",
                     ("maximum", "reduce"): "max", ("minimum", "reduce"): "min",
                     ("logical_and", "reduce"): "all", ("logical_or", "reduce"): "any",
                     ("add", "accumulate"): "cumsum", ("multiply", "accumulate"): "cumprod"}
            a = alias.get((name, method))
            fn = getattr(fnp, a, None) if a else None
            label = f"ivy.frontends.numpy.{a}"
        else:
            fn = None
            label = ""
        op = f"numpy.{name}" + ("" if method == "__call__" else f".{method}")
        if fn is None:
            raise _shadow().unmapped(op)
        return _apply(op, label, lambda *a, **k: getattr(ufunc, method)(*a, **k), fn, inputs,
                      kwargs)

    def __array_function__(self, func, types, args, kwargs):
        mod = func.__module__ or "numpy"
        name = func.__name__
        ns, prefix = fnp, "numpy"
        for sub in ("linalg", "fft"):
            if f".{sub}" in mod:
                ns, prefix = getattr(fnp, sub), f"numpy.{sub}"
        if name in _RANDOMISH:
            raise _shadow().error("NumPy's global random state cannot be transpiled: pass random "
                                  "values in as inputs", op=f"{prefix}.{name}")
        fn = getattr(ns, name, None)
        op = f"{prefix}.{name}"
        if fn is None or not callable(fn):
            raise _shadow().unmapped(op)
        return _apply(op, f"ivy.frontends.{prefix}.{name}", func, fn, args, kwargs)

    # -- attributes and methods -----------------------------------------------------------------
    shape = property(lambda self: self.value.shape)
    dtype = property(lambda self: self.value.dtype)
    ndim = property(lambda self: self.value.ndim)
    size = property(lambda self: self.value.size)
    itemsize = property(lambda self: self.value.itemsize)
    nbytes = property(lambda self: self.value.nbytes)

    @property
    def T(self):  # noqa: N802 - NumPy's name
        return np.transpose(self)

    @property
    def real(self):
        return np.real(self)

    @property
    def imag(self):
        return np.imag(self)

    def __len__(self):
        return len(self.value)

    def __iter__(self):
        for i in range(len(self.value)):
            yield self[i]

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        meth = getattr(np.ndarray, name, None)
        if meth is None or not callable(meth):
            raise AttributeError(f"'ndarray' object has no attribute {name!r}")
        op = f"numpy.ndarray.{name}"

        def method(*args, **kwargs):
            fn = getattr(_fnd.ndarray, name, None)
            if fn is None:
                raise _shadow().unmapped(op)
            return _apply(op, f"ivy.frontends.numpy.ndarray.{name}",
                          lambda s, *a, **k: getattr(s, name)(*a, **k),
                          lambda s, *a, **k: getattr(s, name)(*a, **k), (self, *args), kwargs)
        return method

    def __getitem__(self, key):
        r = _apply("numpy.ndarray.__getitem__", "ivy.frontends.numpy.ndarray.__getitem__",
                   lambda s, k: s[k], lambda s, k: s[k], (self, key), {})
        if isinstance(r, TracedArray) and r.value.base is not None and \
                np.shares_memory(r.value, self.value):
            r.view_of = (self, key)  # basic indexing: writes into r write into self
        return r

    def __setitem__(self, key, value):
        sh = _shadow()
        real_key, real_val = _real(key), _real(value)
        self.value = self.value.copy()
        self.value[real_key] = real_val
        base = _fnd.wrap(ivy.astype(self.ivy, self.ivy.dtype, copy=True))
        try:
            base[_front(key)] = _front(value)
        except TranspileError:
            raise
        except Exception as e:  # noqa: BLE001
            raise sh.error(f"the Ivy mapping of x[...] = v raised {type(e).__name__}: {e}",
                           op="numpy.ndarray.__setitem__") from e
        self.ivy = base._data
        sh.check("numpy.ndarray.__setitem__", "ivy.frontends.numpy.ndarray.__setitem__",
                 self.value, self.ivy, inputs=(_stand_ins(key), _stand_ins(value)))

    # -- values (Python control flow) ------------------------------------------------------------
    def _concrete(self, what):
        try:
            a = Array(self.ivy)
            complex(a) if self.value.dtype.kind == "c" else float(a)  # raises when dynamic
        except TraceError:
            raise _shadow().error(
                f"{what} of an array that depends on the inputs (Python control flow on array "
                "values): the transpiled program would bake in this one value. Use np.where / "
                "masking instead, or pass the value as a Python argument",
                op=f"numpy.ndarray.{what}") from None
        return self.value

    def __float__(self):
        return float(self._concrete("float()"))

    def __int__(self):
        return int(self._concrete("int()"))

    def __index__(self):
        return int(self._concrete("__index__"))

    def __bool__(self):
        return bool(self._concrete("bool()"))

    def __complex__(self):
        return complex(self._concrete("complex()"))

    def item(self, *args):
        return self._concrete("item()").item(*args)

    def tolist(self):
        return self._concrete("tolist()").tolist()

    def __array__(self, dtype=None, copy=None):
        raise _shadow().error(
            "a traced array was converted to a plain NumPy array by code that NumPy does not "
            "dispatch (a C extension or a library call such as scipy): its result would be a "
            "constant of the graph", op="numpy.asarray")

    def __repr__(self):
        return f"TracedArray({self.value!r})"


_RANDOMISH = {"shuffle", "permutation", "choice", "rand", "randn", "random", "normal",
              "uniform", "randint"}


# -- applying one operation ------------------------------------------------------------------------
def _real(tree):
    return optree.tree_map(lambda v: v.value if isinstance(v, TracedArray) else v, tree,
                           is_leaf=lambda v: isinstance(v, TracedArray), none_is_leaf=True)


def _front(tree):
    return optree.tree_map(lambda v: _fnd.wrap(v.ivy) if isinstance(v, TracedArray) else v, tree,
                           is_leaf=lambda v: isinstance(v, TracedArray), none_is_leaf=True)


def _stand_ins(tree):
    return [v.ivy for v in optree.tree_leaves(tree, is_leaf=lambda v: isinstance(v, TracedArray),
                                              none_is_leaf=True) if isinstance(v, TracedArray)]


def _apply(op, label, real_fn, ivy_fn, args, kwargs):
    sh = _shadow()
    real_out = real_fn(*_real(args), **_real(kwargs))
    if op in ("numpy.empty", "numpy.empty_like"):  # undefined contents: zeros on both sides
        real_out = np.zeros_like(real_out)
    try:
        ivy_out = ivy_fn(*_front(args), **_front(kwargs))
    except TranspileError:
        raise
    except NotImplementedError as e:
        raise sh.error(f"no Ivy mapping for this call ({e})", op=op) from e
    except Exception as e:  # noqa: BLE001 - a mapping that fails is a transpile error
        raise sh.error(f"the Ivy mapping {label} raised {type(e).__name__}: {e}", op=op) from e
    real_leaves, spec = optree.tree_flatten(real_out, none_is_leaf=True)
    ivy_leaves = optree.tree_leaves(ivy_out, none_is_leaf=True,
                                    is_leaf=lambda v: isinstance(v, _fnd.ndarray))
    if len(real_leaves) != len(ivy_leaves):
        raise sh.error(f"the Ivy mapping {label} returned {len(ivy_leaves)} values, NumPy "
                       f"{len(real_leaves)}", op=op)
    ivy_nat = [v._data if isinstance(v, _fnd.ndarray) else v for v in ivy_leaves]
    arrays = [(r, i) for r, i in zip(real_leaves, ivy_nat, strict=True)
              if isinstance(r, (np.ndarray, np.generic))]
    if arrays:
        sh.check(op, label, [np.asarray(r) for r, _ in arrays], [i for _, i in arrays],
                 inputs=_stand_ins((args, kwargs)))
    out = [TracedArray(np.asarray(r), i) if isinstance(r, (np.ndarray, np.generic)) else r
           for r, i in zip(real_leaves, ivy_nat, strict=True)]
    return optree.tree_unflatten(spec, out)


# -- np.asarray & co. while capturing -------------------------------------------------------------
_ORIG = {}


def _has_traced(v):
    return isinstance(v, TracedArray) or (isinstance(v, (list, tuple)) and
                                           any(_has_traced(e) for e in v))


def _convert(name):
    orig = _ORIG[name]

    def conv(a, dtype=None, *args, **kwargs):
        if isinstance(a, TracedArray):
            return a if dtype is None or np.dtype(dtype) == a.dtype else a.astype(dtype)
        if isinstance(a, (list, tuple)) and _has_traced(a):
            parts = [conv(e, dtype) if _has_traced(e) else TracedArray(
                orig(e, dtype), _shadow().get(orig(e, dtype))) for e in a]
            return np.stack(parts)
        return orig(a, dtype, *args, **kwargs)
    return conv


_PATCHED = ("asarray", "array", "asanyarray", "ascontiguousarray")


_GLOBAL_RANDOM = ("normal", "uniform", "rand", "randn", "randint", "random", "random_sample",
                  "choice", "shuffle", "permutation", "standard_normal", "poisson", "binomial",
                  "exponential", "gamma", "beta", "multivariate_normal")


def _refuse_random(name):
    def refuse(*args, **kwargs):
        raise _shadow().error("NumPy's global random state (np.random." + name + ") cannot be "
                              "transpiled: the converted program could not reproduce the draw. "
                              "Pass random values in as inputs", op=f"numpy.random.{name}")
    return refuse


class _patched:
    def __enter__(self):
        for n in _PATCHED:
            _ORIG.setdefault(n, getattr(np, n))
            setattr(np, n, _convert(n))
        for n in _GLOBAL_RANDOM:
            _ORIG.setdefault("random." + n, getattr(np.random, n))
            setattr(np.random, n, _refuse_random(n))

    def __exit__(self, *exc):
        for n in _PATCHED:
            setattr(np, n, _ORIG[n])
        for n in _GLOBAL_RANDOM:
            setattr(np.random, n, _ORIG["random." + n])
        return False


# -- the contract -------------------------------------------------------------------------------
def is_model(obj) -> bool:
    return False


def capture(obj, args, kwargs) -> Captured:
    name = getattr(obj, "__name__", "fn")
    shadow = Shadow("numpy", name)
    result = {}

    def run(*a, **k):
        _state.shadow = shadow

        def lift(v):
            if isinstance(v, Array):
                return TracedArray(np.asarray(v._data).copy(), v._data)
            return v

        ta = optree.tree_map(lift, a, none_is_leaf=True, is_leaf=lambda v: isinstance(v, Array))
        tk = optree.tree_map(lift, k, none_is_leaf=True, is_leaf=lambda v: isinstance(v, Array))
        with _patched():
            out = obj(*ta, **tk)
        out = plain_structure(out)
        result["out"] = _real(out)

        def lower(v):
            if isinstance(v, TracedArray):
                return v.ivy
            if isinstance(v, (np.ndarray, np.generic)):
                return shadow.get(np.asarray(v))  # a constant result
            return v
        return optree.tree_map(lower, out, none_is_leaf=True,
                               is_leaf=lambda v: isinstance(v, TracedArray))

    try:
        graph = trace(run, name, None, tuple(args), kwargs, like=obj)
    except TraceError as e:
        raise TranspileError(str(e), source="numpy") from e
    finally:
        _state.shadow = None
    outputs = optree.tree_map(lambda v: np.asarray(v).copy() if isinstance(
        v, (np.ndarray, np.generic)) else v, result["out"], none_is_leaf=True)
    return Captured(source="numpy", name=name, graph=graph, args=tuple(args), kwargs=dict(kwargs),
                    outputs=outputs, ops=shadow.op_records())


def run_native(obj, args, kwargs, params=None):
    out = obj(*(np.array(a, copy=True) if isinstance(a, np.ndarray) else a for a in args),
              **kwargs)
    return fw.tree_to_numpy(plain_structure(out))


def gradient(obj, args, kwargs):
    raise NotImplementedError("NumPy has no automatic differentiation")


__all__ = ["TracedArray", "capture", "gradient", "is_model", "run_native"]
