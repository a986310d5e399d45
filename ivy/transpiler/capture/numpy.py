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
inputs; so does reading into Python the shape of an array whose length depends on the input
values (``len(x[x > 0])``). ``np.random``'s global state and an unseeded
``np.random.default_rng()`` are refused (pass random values in); a seeded Generator's draws are
constants of the graph, as in NumPy.
"""

from __future__ import annotations

import os
import threading
import weakref

import numpy as np
import optree
from numpy.lib.mixins import NDArrayOperatorsMixin

import ivy
import ivy.frontends.numpy as fnp
from ivy.frontends.numpy import _ndarray as _fnd

from ... import _frames
from ...array_object import Array
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from .base import Shadow, plain_structure, trace, user_line

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
            target = _out_target(out, f"numpy.{name}")
            if method != "__call__":
                raise _shadow().error(f"ufunc.{method}(out=...) is not supported; assign the "
                                      "result instead", op=f"numpy.{name}.{method}")
            # x += y & co.: computed out of place, then stored into x (cast like NumPy does)
            r = self.__array_ufunc__(ufunc, method, *inputs, **kwargs)
            return _write_out(target, r, f"numpy.{name}")
        own = getattr(np, name, None) is ufunc  # not a SciPy ufunc of the same name
        op = f"{'numpy' if own else type(ufunc).__module__ or 'ufunc'}.{name}" + (
            "" if method == "__call__" else f".{method}")
        front_ufunc = getattr(fnp, name, None) if own else None
        if method == "__call__":
            fn = front_ufunc
            label = f"ivy.frontends.numpy.{name}"
        else:  # reduce, accumulate, outer, at: the frontend ufunc's method
            fn = getattr(front_ufunc, method, None) if isinstance(front_ufunc, fnp.ufunc) \
                else None
            label = f"ivy.frontends.numpy.{name}.{method}"
        if fn is None:
            if method != "at" and _all_constant((inputs, kwargs)):
                return _constant_call(lambda *a, **k: getattr(ufunc, method)(*a, **k), inputs,
                                      kwargs)
            raise _shadow().unmapped(op)
        if method == "at":  # np.add.at(a, idx, b): unbuffered, in place into a
            return _inplace_call(op, label, lambda *a, **k: ufunc.at(*a, **k), fn, 0, inputs,
                                 kwargs)
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
        if "out" in kwargs and kwargs["out"] is not None and name not in _INPLACE_FUNCTIONS:
            target = _out_target(kwargs["out"], f"{prefix}.{name}")
            kw = {k: v for k, v in kwargs.items() if k != "out"}
            return _write_out(target, self.__array_function__(func, types, args, kw),
                              f"{prefix}.{name}")
        if ns is fnp and name in _WITH_CALLABLES:  # run here: the callable sees traced arrays
            return _WITH_CALLABLES[name](*args, **kwargs)
        fn = getattr(ns, name, None)
        op = f"{prefix}.{name}"
        if fn is None or not callable(fn):
            if _all_constant((args, kwargs)):
                return _constant_call(func, args, kwargs)
            raise _shadow().unmapped(op)
        if ns is fnp and name in _INPLACE_FUNCTIONS:
            return _inplace_call(op, f"ivy.frontends.{prefix}.{name}", func, fn,
                                 _INPLACE_FUNCTIONS[name], args, kwargs)
        return _apply(op, f"ivy.frontends.{prefix}.{name}", func, fn, args, kwargs)

    # -- attributes and methods -----------------------------------------------------------------
    @property
    def shape(self):
        if self.value.ndim and _from_user_code(2):
            _check_static_shape(self, "the shape")
        return self.value.shape

    @property
    def size(self):
        if self.value.ndim and _from_user_code(2):
            _check_static_shape(self, "the size")
        return self.value.size

    dtype = property(lambda self: self.value.dtype)
    ndim = property(lambda self: self.value.ndim)
    itemsize = property(lambda self: self.value.itemsize)
    nbytes = property(lambda self: self.value.nbytes)

    @property
    def T(self):  # noqa: N802 - NumPy's name
        return np.transpose(self)

    @property
    def flat(self):
        return _Flat(self)

    strides = property(lambda self: self.value.strides)
    flags = property(lambda self: self.value.flags)

    @property
    def real(self):
        return np.real(self)

    @property
    def imag(self):
        return np.imag(self)

    def __len__(self):
        if self.value.ndim and _from_user_code(2):
            _check_static_shape(self, "len()")
        return len(self.value)

    def __iter__(self):
        for i in range(len(self.value)):
            yield self[i]

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        meth = getattr(np.ndarray, name, None)
        if meth is None:
            raise AttributeError(f"'ndarray' object has no attribute {name!r}")
        if not callable(meth):  # an attribute of ndarray the traced array does not follow
            raise _shadow().unmapped(f"numpy.ndarray.{name}", hint="this ndarray attribute")
        op = f"numpy.ndarray.{name}"

        def method(*args, **kwargs):
            fn = getattr(_fnd.ndarray, name, None)
            if fn is None:
                raise _shadow().unmapped(op)
            if name in _INPLACE_METHODS:
                return self._inplace_method(name, args, kwargs)
            if kwargs.get("out") is not None:  # x.clip(0, 1, out=x), x.sum(0, out=s)
                target = _out_target(kwargs["out"], op)
                kw = {k: v for k, v in kwargs.items() if k != "out"}
                return _write_out(target, method(*args, **kw), op)
            return _apply(op, f"ivy.frontends.numpy.ndarray.{name}",
                          lambda s, *a, **k: getattr(s, name)(*a, **k),
                          lambda s, *a, **k: getattr(s, name)(*a, **k), (self, *args), kwargs)
        return method

    def _inplace_method(self, name, args, kwargs):
        """``x.sort()``, ``x.fill(v)``, ``x.partition(k)``, ``x.put(i, v)``: NumPy's method on a
        copy of the value, the frontend's on a frontend array over the stand-in; both results
        replace this array's contents (and a view's base, as ``x[k] op= v`` does)."""
        sh = _shadow()
        op = f"numpy.ndarray.{name}"
        value = _value(self).copy()
        getattr(value, name)(*_real(args), **_real(kwargs))
        front = _fnd.wrap(_copy(self.ivy))
        try:
            getattr(front, name)(*_front(args), **_front(kwargs))
        except TranspileError:
            raise
        except NotImplementedError as e:
            raise sh.error(f"no Ivy mapping for this call ({e})", op=op) from e
        except Exception as e:  # noqa: BLE001
            raise sh.error(f"the Ivy mapping ivy.frontends.numpy.ndarray.{name} raised "
                           f"{type(e).__name__}: {e}", op=op) from e
        sh.check(op, f"ivy.frontends.numpy.ndarray.{name}", value, front._data,
                 inputs=[self.ivy, *_stand_ins((args, kwargs))])
        self._replace(value, front._data, op)

    def _replace(self, value, stand_in, op):
        """New contents for this array (an in-place write). A basic-indexing view writes them
        into its base (``x[k]``'s ``view_of``); the base of any other view (reshape, ravel,
        transpose: ``derived``) is not followed: it becomes stale, and reading it later is
        refused naming this write's line (NumPy would see the write through the view)."""
        view_of = self.__dict__.get("view_of")
        if view_of is None:
            line = user_line()
            for b in self.__dict__.get("derived", ()):
                b.stale = (op, line)
        self.value, self.ivy = value, stand_in
        self.__dict__.pop("stale", None)
        if view_of is not None:
            base, key = view_of
            _WRITING.append(self)
            try:
                base[key] = self
            finally:
                _WRITING.pop()
        self._refresh_views(op)

    def _refresh_views(self, op):
        """After a write into this array, its live views see it, as NumPy's do: a basic-indexing
        view (``row = u[0]``) is re-read from the new contents; any other view (reshape, ravel,
        transpose) becomes stale (reading it is refused, naming this write)."""
        views = self.__dict__.get("_views")
        if not views:
            return
        line = None
        alive = []
        for ref in views:
            w = ref()
            if w is None:
                continue
            alive.append(ref)
            if _WRITING and w is _WRITING[-1]:
                continue  # the view this write came through: it holds the new values
            view_of = w.__dict__.get("view_of")
            if view_of is not None and view_of[0] is self:
                r = _apply("numpy.ndarray.__getitem__",
                           "ivy.frontends.numpy.ndarray.__getitem__", lambda s, k: s[k],
                           lambda s, k: s[k], (self, view_of[1]), {}, register=False)
                w.value, w.ivy = r.value, r.ivy
                w.__dict__.pop("stale", None)
                w._refresh_views(op)
            else:
                line = line or user_line()
                w.stale = (op, line)
        self._views = alive

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
        new_value = _value(self).copy()  # (refused if stale: a write missed through a view)
        new_value[real_key] = real_val
        base = _fnd.wrap(_copy(self.ivy))
        try:
            base[_front(key)] = _front(value)
        except TranspileError:
            raise
        except Exception as e:  # noqa: BLE001
            raise sh.error(f"the Ivy mapping of x[...] = v raised {type(e).__name__}: {e}",
                           op="numpy.ndarray.__setitem__") from e
        sh.check("numpy.ndarray.__setitem__", "ivy.frontends.numpy.ndarray.__setitem__",
                 new_value, base._data, inputs=(_stand_ins(key), _stand_ins(value)))
        self._replace(new_value, base._data, "numpy.ndarray.__setitem__")

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
        if not _shadow().is_dynamic(self.ivy):  # a constant (np.zeros(3) made while capturing)
            v = self.value if dtype is None else self.value.astype(dtype)
            return v.copy() if copy else v
        raise _shadow().error(
            "a traced array was converted to a plain NumPy array by code that NumPy does not "
            "dispatch (a C extension or a library call such as scipy): its result would be a "
            "constant of the graph. An array made outside the function (a global or a "
            "closure) indexed by or written with traced values does this too: write "
            "np.asarray(table)[idx] (or np.take(table, idx)) inside the function",
            op="numpy.asarray")

    def __repr__(self):
        return f"TracedArray({self.value!r})"

    def __hash__(self):  # a constant scalar (np.arange(3)[i] as a dict key) hashes as NumPy's
        if self.value.ndim == 0 and not _shadow().is_dynamic(self.ivy):
            return hash(self.value.item())
        raise TypeError("unhashable type: 'numpy.ndarray'")


class _Flat:
    """``x.flat``: reads index the raveled array; ``x.flat[k] = v`` writes through a raveled
    copy reshaped back into ``x``."""

    def __init__(self, arr):
        self.arr = arr

    def __len__(self):
        return self.arr.value.size

    def __iter__(self):
        flat = np.ravel(self.arr)
        for i in range(len(self)):
            yield flat[i]

    def __getitem__(self, key):
        return np.ravel(self.arr)[key]

    def __setitem__(self, key, v):
        flat = np.ravel(self.arr).copy()
        flat[key] = v
        new = flat.reshape(self.arr.value.shape)
        self.arr._replace(new.value, new.ivy, "numpy.ndarray.flat.__setitem__")


_INPLACE_METHODS = frozenset({"sort", "fill", "partition", "put"})
#: NumPy functions that write into an argument (its position) and return None
_INPLACE_FUNCTIONS = {"fill_diagonal": 0, "put_along_axis": 0, "put": 0, "putmask": 0,
                      "place": 0, "copyto": 0}

_RANDOMISH = {"shuffle", "permutation", "choice", "rand", "randn", "random", "normal",
              "uniform", "randint"}


# -- applying one operation ------------------------------------------------------------------------
def _out_target(out, op):
    target = out[0] if isinstance(out, tuple) and len(out) == 1 else out
    if not isinstance(target, TracedArray):
        raise _shadow().error("out= into an array that is not traced (made outside the "
                              "function, or several outputs) is not supported; assign the "
                              "result instead", op=op)
    return target


def _write_out(target, r, op):
    """``f(..., out=target)``: ``r`` (computed without ``out``) stored into ``target``, cast
    like NumPy (same_kind); a view's write lands in its base."""
    if not isinstance(r, TracedArray):
        raise _shadow().error("out= with a result that is not one array is not supported; "
                              "assign the result instead", op=op)
    if r.value.shape != _value(target).shape:
        raise _shadow().error(f"non-broadcastable output operand with shape "
                              f"{target.value.shape} doesn't match the broadcast shape "
                              f"{r.value.shape}", op=op)
    value = r.value.astype(target.value.dtype, casting="same_kind")
    stand_in = ivy.astype(r.ivy, target.ivy.dtype) if r.ivy.dtype != target.ivy.dtype \
        else r.ivy
    target._replace(value, getattr(stand_in, "_data", stand_in), op)
    return target


def _copy(stand_in):
    """A copy of a stand-in for the frontend to write into (a mutable backend's in-place
    ``set_item`` must not change the recorded value)."""
    r = ivy.astype(stand_in, stand_in.dtype, copy=True)
    return getattr(r, "_data", r)


def _value(v):
    stale = v.__dict__.get("stale")
    if stale is not None:
        op, line = stale
        raise _shadow().error(f"this array shares memory with a reshape/ravel/transpose view "
                              f"(one is the other's view) and the other was written in place "
                              f"({op} at {line}); NumPy would see that write here, the "
                              "transpiler does not follow it: write into a copy (or index the "
                              "array itself) instead",
                              op="numpy.ndarray (read after a write through a view)")
    return v.value


def _real(tree):
    return optree.tree_map(lambda v: _value(v) if isinstance(v, TracedArray) else v, tree,
                           is_leaf=lambda v: isinstance(v, TracedArray), none_is_leaf=True)


def _front(tree):
    return optree.tree_map(lambda v: _fnd.wrap(v.ivy) if isinstance(v, TracedArray) else v, tree,
                           is_leaf=lambda v: isinstance(v, TracedArray), none_is_leaf=True)


def _stand_ins(tree):
    return [v.ivy for v in optree.tree_leaves(tree, is_leaf=lambda v: isinstance(v, TracedArray),
                                              none_is_leaf=True) if isinstance(v, TracedArray)]


_WRITING: list = []  # the view a write into its base is coming through (TracedArray._replace)


def _mapped(sh, op, label, ivy_fn, args, kwargs):
    """``ivy_fn(*args, **kwargs)`` (the frontend mapping); its failures as transpile errors."""
    try:
        return ivy_fn(*args, **kwargs)
    except TranspileError:
        raise
    except NotImplementedError as e:
        raise sh.error(f"no Ivy mapping for this call ({e})", op=op) from e
    except Exception as e:  # noqa: BLE001 - a mapping that fails is a transpile error
        raise sh.error(f"the Ivy mapping {label} raised {type(e).__name__}: {e}", op=op) from e


def _apply(op, label, real_fn, ivy_fn, args, kwargs, register=True):
    sh = _shadow()
    real_out = real_fn(*_real(args), **_real(kwargs))
    if op in ("numpy.empty", "numpy.empty_like"):  # undefined contents: zeros on both sides
        real_out = np.zeros_like(real_out)
    ivy_out = _mapped(sh, op, label, ivy_fn, _front(args), _front(kwargs))
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
    ins = [v for v in optree.tree_leaves((args, kwargs), none_is_leaf=True,
                                         is_leaf=lambda v: isinstance(v, TracedArray))
           if isinstance(v, TracedArray)]
    for o in out:  # a view of an input (x[k], reshape, transpose...): see TracedArray._replace
        if register and isinstance(o, TracedArray) and o.value.base is not None:
            shared = [v for v in ins if np.may_share_memory(o.value, v.value)]
            if shared:
                o.derived = shared
                for v in shared:
                    v.__dict__.setdefault("_views", []).append(weakref.ref(o))
    return optree.tree_unflatten(spec, out)


def _all_constant(tree) -> bool:
    """Whether every traced array in ``tree`` is a constant of the graph (``np.arange(5)`` made
    while capturing), i.e. nothing depends on the program's inputs."""
    sh = _shadow()
    return all(not sh.is_dynamic(v.ivy) for v in optree.tree_leaves(
        tree, none_is_leaf=True, is_leaf=lambda v: isinstance(v, TracedArray))
        if isinstance(v, TracedArray))


def _constant_call(real_fn, args, kwargs):
    """An operation without an Ivy mapping on constants only (``scipy.special.gamma(
    np.arange(1, 5))``): computed by NumPy, its result a constant of the graph, as it would
    have been had the arrays been plain."""
    sh = _shadow()
    out = real_fn(*_real(args), **_real(kwargs))
    leaves, spec = optree.tree_flatten(out, none_is_leaf=True)
    leaves = [TracedArray(np.asarray(v), sh.get(np.asarray(v)))
              if isinstance(v, (np.ndarray, np.generic)) else v for v in leaves]
    return optree.tree_unflatten(spec, leaves)


# -- NumPy functions that call the user's functions: run here on traced arrays, each NumPy call
# -- inside (and inside the user's function) is then captured and checked like any other
def _apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = np.asarray(arr)
    nd = arr.ndim
    if not -nd <= axis < nd:
        raise np.exceptions.AxisError(axis, nd)
    axis = axis % nd
    xm = np.moveaxis(arr, axis, -1)
    lead = tuple(xm.shape[:-1])
    if any(d == 0 for d in lead):
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    outs = [np.asarray(func1d(xm[ind], *args, **kwargs)) for ind in np.ndindex(*lead)]
    first = outs[0]
    r = np.stack([o.astype(first.dtype) if o.dtype != first.dtype else o for o in outs])
    r = r.reshape(lead + tuple(first.shape))
    if first.ndim == 0:
        return r
    return np.moveaxis(r, tuple(range(len(lead), r.ndim)),
                       tuple(range(axis, axis + first.ndim)))


def _apply_over_axes(func, a, axes):
    val = np.asarray(a)
    n = val.ndim
    for axis in (axes if isinstance(axes, (list, tuple)) else (axes,)):
        axis = n + axis if axis < 0 else axis
        res = func(val, axis)
        if res.ndim != val.ndim:
            res = np.expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        val = res
    return val


def _piecewise(x, condlist, funclist, *args, **kw):
    """NumPy's ``y[cond] = f(x[cond])`` as ``y = where(cond, f(x), y)`` in order: the functions
    are evaluated on every element (a function reducing over its argument would differ from
    NumPy: the verification refuses that)."""
    x = np.asarray(x)
    n2 = len(funclist)
    c0 = None if np.isscalar(condlist) else condlist[0]
    if np.isscalar(condlist) or (x.ndim != 0 and not (
            isinstance(c0, (list, np.ndarray)) or (isinstance(c0, TracedArray) and c0.ndim))):
        condlist = [condlist]
    conds = [np.asarray(c, dtype=bool) for c in condlist]
    if len(conds) == n2 - 1:
        conds.append(~np.any(np.stack([np.broadcast_to(c, x.shape) for c in conds]), axis=0))
    elif len(conds) != n2:
        raise ValueError(f"with {len(conds)} condition(s), either {len(conds)} or "
                         f"{len(conds) + 1} functions are expected")
    y = np.zeros_like(x)
    for cond, func in zip(conds, funclist, strict=True):
        v = func(x, *args, **kw) if callable(func) else func
        y = np.where(cond, v, y)
        if y.dtype != x.dtype:
            y = y.astype(x.dtype)
    return y


_WITH_CALLABLES = {"apply_along_axis": _apply_along_axis, "apply_over_axes": _apply_over_axes,
                   "piecewise": _piecewise}


def _inplace_call(op, label, real_fn, ivy_fn, pos, args, kwargs):
    """A NumPy call that writes into its argument ``pos`` (``np.fill_diagonal``,
    ``np.put_along_axis``, ``np.add.at``...): NumPy's on a copy of the value, the frontend's on a
    frontend array over the stand-in; both results replace the traced array's contents."""
    sh = _shadow()
    target = args[pos]
    if not isinstance(target, TracedArray):
        raise sh.error("an in-place call writing into an array that is not traced (made "
                       "outside the function) is not supported; copy it first "
                       "(y = x.copy()) or assign the result instead", op=op)
    value = _value(target).copy()
    real_args = list(_real(args))
    real_args[pos] = value
    r = real_fn(*real_args, **_real(kwargs))
    front_args = list(_front(args))
    front = front_args[pos] = _fnd.wrap(_copy(target.ivy))
    _mapped(sh, op, label, ivy_fn, front_args, _front(kwargs))
    sh.check(op, label, value, front._data, inputs=_stand_ins((args, kwargs)))
    target._replace(value, front._data, op)
    return r


# -- shapes that depend on the input values ---------------------------------------------------
def _check_static_shape(t, what):
    """Refuse reading the shape of ``t`` into Python where it depends on the inputs' values
    (``np.flatnonzero(m).size``, ``len(x[x > 0])``): the converted program would keep this
    draw's length, and a second draw of the same length would not show it."""
    if _shape_from_values(t.ivy):
        raise _shadow().error(
            f"{what} of an array whose length depends on the input values (np.nonzero, "
            "boolean indexing, np.unique...) is read into Python: the transpiled program would "
            "keep this draw's length. Count with np.count_nonzero(mask) or mask.sum() instead",
            op="numpy.ndarray.shape")


def _shape_from_values(stand_in) -> bool:
    """Whether the recorded value ``stand_in`` derives from an op whose output shape depends on
    values computed from the inputs (``tracer.compile.DATA_DEPENDENT``, a boolean index)."""
    from ...tracer.compile import DATA_DEPENDENT
    from ...tracer.ir import CALL, Ref, iter_refs
    from .base import _native, _recording
    tracer = _recording()
    if tracer is None:
        return False
    scope, r = tracer._find(_native(stand_in))
    if r is None or r.__class__ is not Ref:
        return False
    memo = _shadow().__dict__.setdefault("_shape_from_values", {}).setdefault(id(scope), {})
    nodes, dyn = scope.nodes, scope.dynamic
    stack = [r.node]
    while stack:
        j = stack[-1]
        if j in memo:
            stack.pop()
            continue
        n = nodes[j]
        # a write has the shape of the array written into (x[idx] = v), a scatter that of its
        # ``shape`` or ``out`` (np.add.at), whatever the indices and values are
        if n.op == CALL and n.target == "set_item":
            shaped_by = n.args[:1]
        elif n.op == CALL and n.target == "scatter_nd":
            shaped_by = (n.args[2:], n.kwargs.get("shape"), n.kwargs.get("out"))
        else:
            shaped_by = (n.args, n.kwargs)
        parents = [p.node for p in iter_refs(shaped_by) if p.__class__ is Ref
                   and 0 <= p.node < len(nodes)]
        todo = [p for p in parents if p not in memo]
        if todo:
            stack.extend(todo)
            continue
        own = False
        if n.op == CALL and j in dyn:
            if n.target in DATA_DEPENDENT:
                own = True
            elif n.target == "get_item":  # x[mask] (x[mask] = v keeps x's shape)
                key = n.args[1] if len(n.args) > 1 else n.kwargs.get("key")
                own = any(k.__class__ is Ref and k.node in dyn and 0 <= k.node < len(nodes)
                          and nodes[k.node].outputs[k.index][1] == "bool"
                          for k in iter_refs(key))
        memo[j] = own or any(memo[p] for p in parents)
        stack.pop()
    return memo[r.node]


# -- np.asarray & co. while capturing -------------------------------------------------------------
_ORIG = {}


def _has_traced(v):
    return isinstance(v, TracedArray) or (isinstance(v, (list, tuple)) and
                                           any(_has_traced(e) for e in v)) or (
        isinstance(v, dict) and any(_has_traced(e) for e in v.values()))


def _convert(name):
    orig = _ORIG[name]

    def conv(a, dtype=None, *args, **kwargs):
        if isinstance(a, TracedArray):
            return a if dtype is None or np.dtype(dtype) == a.dtype else a.astype(dtype)
        if isinstance(a, (list, tuple)) and _has_traced(a):
            parts = [conv(e, dtype) if _has_traced(e) else _constant(orig(e, dtype))
                     for e in a]
            return np.stack(parts)
        r = orig(a, dtype, *args, **kwargs)
        if type(r) is np.ndarray and r.dtype.kind in "biufc" and _from_user_code(2):
            return _constant(r)  # the user's own array (a table indexed by traced values...)
        return r
    return conv


def _constant(r):
    return TracedArray(r, _shadow().get(r))


def _from_user_code(depth):
    """Whether the frame ``depth`` levels up (the caller of a patched NumPy function) is the
    user's code, not NumPy's, Ivy's, the standard library's or an installed library's."""
    import os
    import sys
    if getattr(_state, "shadow", None) is None:
        return False  # another thread, outside any capture: NumPy's own behaviour
    f = sys._getframe(depth).f_code.co_filename
    if f.startswith("<") and not f.startswith(_frames.USER_PSEUDO):
        return False
    if getattr(_state, "in_generator", False):
        return False  # inside a seeded Generator's draw (Cython code has no Python frame)
    f = os.path.abspath(f)
    if f.startswith(_POLYNOMIAL_ROOT):
        return True  # np.polynomial: pure Python over NumPy's API, followed like the user's code
    return not f.startswith(_library_roots())


_POLYNOMIAL_ROOT = os.path.dirname(np.polynomial.__file__) + os.sep


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


def _default_rng(seed=None):
    """``np.random.default_rng`` while capturing: a seeded Generator draws what NumPy's draws
    (the same values on every call: constants of the graph); an unseeded one is refused."""
    gen = _ORIG["random.default_rng"](seed)
    if not _from_user_code(2):
        return gen
    if seed is None:
        raise _shadow().error("np.random.default_rng() without a seed draws different values on "
                              "every call: the converted program could not reproduce them. "
                              "Seed it (default_rng(0)) or pass random values in as inputs",
                              op="numpy.random.default_rng")
    return _CapturedGenerator(gen.bit_generator)


class _CapturedGenerator(np.random.Generator):
    """The user's seeded ``Generator`` while capturing (same bit generator, same draws). Its
    methods run as NumPy's own code: the arrays they make inside (``permutation``'s
    ``arange``...) stay plain, the draws become constants where they meet traced values. A
    draw from traced values (``permutation(x)``, ``normal(loc=x)``) is refused."""

    def __getattribute__(self, name):
        attr = super().__getattribute__(name)
        if name.startswith("_") or not callable(attr):
            return attr

        def draw(*args, **kwargs):
            if _has_traced(args) or _has_traced(kwargs):
                raise _shadow().error(
                    f"Generator.{name} applied to values computed from the inputs cannot be "
                    "transpiled: draw indices or noise and combine them with the values "
                    "(x[rng.permutation(len(x))], loc + scale * rng.standard_normal(...))",
                    op=f"numpy.random.Generator.{name}")
            prev = getattr(_state, "in_generator", False)
            _state.in_generator = True
            try:
                return attr(*args, **kwargs)
            finally:
                _state.in_generator = prev
        return draw


#: creation functions whose results, made by the user's code while capturing, are traced arrays
#: (constants of the graph): ``u = np.zeros(n); u[0] = x0``, ``total += x``,
#: ``np.eye(k)[labels]`` then follow the traced values written into or read through them
_CREATION = ("zeros", "ones", "empty", "full", "eye", "identity", "arange", "linspace",
             "logspace", "geomspace", "tri", "zeros_like", "ones_like", "empty_like", "full_like")
_LIBRARY_ROOTS: tuple[str, ...] | None = None


def _library_roots():
    global _LIBRARY_ROOTS
    if _LIBRARY_ROOTS is None:
        import os
        import sysconfig

        from . import base
        dirs = [*base._roots(), *base.package_dirs(("scipy", "sklearn", "pandas", "matplotlib"))]
        for key in ("purelib", "platlib"):
            dirs.append(os.path.abspath(sysconfig.get_paths()[key]) + os.sep)
        _LIBRARY_ROOTS = tuple(dict.fromkeys(dirs))
    return _LIBRARY_ROOTS


def _full(shape, fill_value, dtype=None, order="C", **kwargs):
    """``np.full(shape, v)`` with a traced ``v`` (NumPy's own would convert it): zeros of
    ``v``'s dtype (or ``dtype``) plus ``v``, broadcast."""
    v = np.asarray(fill_value)
    dt = np.dtype(dtype) if dtype is not None else v.dtype
    z = TracedArray(np.zeros(shape, dt), None)
    z.ivy = _shadow().get(z.value)
    r = np.add(z, v.astype(dt) if v.dtype != dt else v)
    return r if r.dtype == dt else r.astype(dt)


def _create(name):
    orig = _ORIG[name]

    def create(*args, **kwargs):
        if name == "full" and _has_traced((args, kwargs)):
            return _full(*args, **kwargs)
        r = orig(*args, **kwargs)
        if type(r) is not np.ndarray:
            return r  # a traced array already (a traced argument), or a NumPy scalar
        if not _from_user_code(2):
            return r  # NumPy's, Ivy's or a library's own use: a plain array, as without capture
        if name in ("empty", "empty_like"):  # undefined contents: zeros (as _apply does)
            r = np.zeros_like(r)
        return TracedArray(r, _shadow().get(r))
    create.__wrapped__ = orig
    return create


#: NumPy functions whose dispatch does not look into a list argument: np.sum([a, b]),
#: np.mean([x, y], axis=0) would convert the traced arrays in it; the list is stacked first
_LIST_FUNCS = ("sum", "mean", "max", "min", "amax", "amin", "prod", "std", "var", "median",
               "average", "percentile", "quantile", "argmax", "argmin", "any", "all", "cumsum",
               "cumprod", "nansum", "nanmean", "nanmax", "nanmin", "nanstd", "nanvar", "ptp",
               "sort", "argsort", "diff", "dot", "clip", "round", "around", "trace",
               "transpose", "reshape", "squeeze", "ravel", "flip", "roll", "cross", "outer",
               "inner", "linspace", "interp", "polyval", "cov", "corrcoef", "tile", "repeat", "take")


def _list_args(name):
    orig = _ORIG[name]

    def call(*args, **kwargs):
        if name == "take" and args and not _has_traced(args[0]) and _has_traced(
                (args[1:], kwargs.get("indices"))):  # NumPy dispatches take on `a` only
            args = (_constant(_ORIG["asarray"](args[0])), *args[1:])
        if any(isinstance(a, (list, tuple)) and _has_traced(a) for a in args):
            args = tuple(np.asarray(a) if isinstance(a, (list, tuple)) and _has_traced(a)
                         else a for a in args)
        return orig(*args, **kwargs)
    call.__wrapped__ = orig
    return call


class _IndexConcat:
    """``np.r_[...]`` / ``np.c_[...]`` holding traced arrays: NumPy's rules (scalars and arrays
    promoted together, ``ndmin``, 1-d items as columns in ``c_``) over ``np.concatenate``; no
    traced item: NumPy's own."""

    def __init__(self, orig, axis, ndmin, trans1d):
        self.orig, self.axis, self.ndmin, self.trans1d = orig, axis, ndmin, trans1d

    def __len__(self):
        return 0

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        if not any(_has_traced(it) for it in items):
            return self.orig[key]
        if any(isinstance(it, str) for it in items):
            raise _shadow().error("np.r_/np.c_ with a string directive and traced arrays is "
                                  "not supported; use np.concatenate / np.stack",
                                  op="numpy.r_")
        objs, kinds = [], []
        for it in items:
            if type(it) in np.ScalarType:
                objs.append(it)
                kinds.append(it)
                continue
            if isinstance(it, slice):
                it = _ORIG_R[it]
            arr = np.asarray(it)
            nd = arr.ndim
            if nd < self.ndmin:
                arr = arr.reshape((1,) * (self.ndmin - nd) + tuple(arr.shape))
                if self.trans1d != -1:
                    k2, k1 = self.ndmin - nd, self.trans1d
                    k1 = k1 + k2 + 1 if k1 < 0 else k1
                    d = list(range(self.ndmin))
                    arr = arr.transpose(d[:k1] + d[k2:] + d[k1:k2])
            objs.append(arr)
            kinds.append(arr.dtype)
        final = np.result_type(*kinds)
        pieces = []
        for o in objs:
            if isinstance(o, TracedArray):
                pieces.append(o if o.dtype == final else o.astype(final))
            else:
                pieces.append(_ORIG["array"](o, ndmin=self.ndmin, dtype=final))
        return np.concatenate(pieces, axis=self.axis)


_ORIG_R = np.r_
_ORIG_VEC_CALL = np.vectorize.__call__


def _vectorize_call(self, *args, **kwargs):
    """``np.vectorize(f)(x)`` on traced arrays: ``f`` applied to the whole arrays (the result
    broadcast to the arguments' shape, cast to ``otypes``). Exact for functions written with
    array operations; a function branching on its scalar argument (``if v > 0``) is refused
    there, naming its line, as any Python control flow on traced values."""
    if not _has_traced((args, kwargs)):
        return _ORIG_VEC_CALL(self, *args, **kwargs)
    if self.signature is not None or self.excluded:
        raise _shadow().error("np.vectorize with signature= or excluded= on traced arrays is "
                              "not supported; write the function with array operations",
                              op="numpy.vectorize")
    arrs = [np.asarray(a) for a in args]
    out = self.pyfunc(*arrs, **kwargs)
    shape = np.broadcast_shapes(*[tuple(a.shape) for a in arrs])
    otypes = self.otypes or None

    def fix(o, k):
        o = np.asarray(o)
        if tuple(o.shape) != shape:
            o = np.broadcast_to(o, shape).copy()
        if otypes and o.dtype != np.dtype(otypes[k]):
            o = o.astype(otypes[k])
        return o
    if isinstance(out, tuple):
        return tuple(fix(o, k) for k, o in enumerate(out))
    return fix(out, 0)


class _patched:
    def __enter__(self):
        for n in _PATCHED:
            _ORIG.setdefault(n, getattr(np, n))
            setattr(np, n, _convert(n))
        for n in _CREATION:
            _ORIG.setdefault(n, getattr(np, n))
            setattr(np, n, _create(n))
        for n in _LIST_FUNCS:
            _ORIG.setdefault(n, getattr(np, n))
            setattr(np, n, _list_args(n))
        _ORIG.setdefault("r_", np.r_)
        _ORIG.setdefault("c_", np.c_)
        np.vectorize.__call__ = _vectorize_call
        np.r_ = _IndexConcat(_ORIG["r_"], 0, 1, -1)
        np.c_ = _IndexConcat(_ORIG["c_"], -1, 2, 0)
        for n in _GLOBAL_RANDOM:
            _ORIG.setdefault("random." + n, getattr(np.random, n))
            setattr(np.random, n, _refuse_random(n))
        _ORIG.setdefault("random.default_rng", np.random.default_rng)
        np.random.default_rng = _default_rng

    def __exit__(self, *exc):
        for n in (*_PATCHED, *_CREATION, *_LIST_FUNCS, "r_", "c_"):
            setattr(np, n, _ORIG[n])
        np.vectorize.__call__ = _ORIG_VEC_CALL
        for n in _GLOBAL_RANDOM:
            setattr(np.random, n, _ORIG["random." + n])
        np.random.default_rng = _ORIG["random.default_rng"]
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
