"""The frontend ``jax.Array``: one native array of the Ivy backend in use, JAX's behaviour on top.

Immutable (``x[i] = v`` raises TypeError as in JAX; use ``x.at[i].set(v)``), weakly typed when
built from Python scalars, operators with JAX's promotion. Most methods are the ``jax.numpy``
functions themselves (attached in ``numpy/__init__``).
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

import ivy

from . import _core
from ._core import CANON, KIND, creation_backend, name_of, not_implemented, promote, to_name

_new = object.__new__
_np_generic = np.generic
F = None  # the jax.numpy module (set by numpy/__init__)


def wrap(r, weak=False):
    """A native array as a frontend Array, its dtype canonicalised (x64 disabled)."""
    if isinstance(r, _np_generic):
        r = np.asarray(r)
    elif isinstance(r, ivy.Array):
        r = r._data
    n = name_of(r)
    if n in CANON:
        r = ivy.astype(r, CANON[n])
    a = _new(Array)
    a._data = r
    a._weak = weak
    return a


def convert(d, n):
    """``ivy.astype(d, n)`` with XLA's conversion semantics: float -> integer truncates toward
    zero and saturates at the integer range (NaN -> 0), as ``jnp.astype``/``jnp.int8(x)`` do."""
    src = name_of(d)
    if KIND[src] == "f" and KIND[n] in "iu":
        if src != "float32":
            d = ivy.astype(d, "float32")
        info = np.iinfo(n)
        lo, hi = float(info.min), float(info.max)
        t = ivy.trunc(d)
        ok = ivy.logical_and(ivy.greater_equal(t, lo), ivy.less(t, hi))
        r = ivy.astype(ivy.where(ok, t, ivy.zeros_like(t)), n)
        r = ivy.where(ivy.greater_equal(t, hi), ivy.full_like(r, info.max), r)
        return ivy.where(ivy.less(t, lo), ivy.full_like(r, info.min), r)
    return ivy.astype(d, n)


def typed(x):
    """(canonical dtype name, weak) of an operand."""
    if isinstance(x, Array):
        return name_of(x._data), x._weak
    if isinstance(x, (list, tuple)):
        return typed(asarray(x))
    if hasattr(x, "dtype") and hasattr(x, "shape"):  # native or NumPy array
        return to_name(x.dtype), False
    return _core.scalar_typed(x)


def _check_int_range(s, name):
    if s.__class__ is builtins.int and KIND[name] in "iu":
        info = np.iinfo(name)
        if not info.min <= s <= info.max:
            raise OverflowError(f"Python int {s} too large to convert to {name}")


def operand(x, name, ref=None):
    """Native array of ``x`` (Array, scalar, NumPy or native) with dtype ``name``."""
    if isinstance(x, Array):
        d = x._data
        return d if name_of(d) == name else ivy.astype(d, name)
    if isinstance(x, (builtins.bool, builtins.int, builtins.float, builtins.complex)):
        B = ivy.backend_of(ref) if ref is not None else creation_backend()
        if x.__class__ is builtins.int and KIND[name] == "u" and x < 0:
            x = builtins.int(np.array(x).astype(name))  # JAX wraps negative ints to unsigned
        _check_int_range(x, name)
        return B.asarray(x, dtype=name)
    return asarray(x, dtype=name)._data


def natives(*xs, inexact=False, out_bool=False):
    """Promote operands by JAX's rule -> (list of natives, result name, weak)."""
    ts = [typed(x) for x in xs]
    name, weak = promote(*ts)
    if inexact and KIND[name] in "biu":
        name = "float32"
    ref = next((x._data for x in xs if isinstance(x, Array)), None)
    return [operand(x, name, ref) for x in xs], name, weak


def elementwise(fn, *xs, inexact=False, out_bool=False, keep_weak=True):
    ns, _, weak = natives(*xs, inexact=inexact)
    r = fn(*ns)
    return wrap(r, weak and keep_weak)


def _infer_list(obj):
    """Dtype (name) JAX gives a (nested) list of scalars/arrays: promotion of its leaves, not weak."""
    leaves = []

    def walk(o):
        if isinstance(o, (list, tuple)):
            for e in o:
                walk(e)
        else:
            leaves.append(o)

    walk(obj)
    if not leaves:
        return "float32"
    return promote(*[typed(e) for e in leaves])[0]


def _to_np(o):
    if isinstance(o, Array):
        return ivy.to_numpy(o._data)
    if isinstance(o, (list, tuple)):
        return [_to_np(e) for e in o]
    return o


def asarray(obj, dtype=None, order=None, *, copy=None, device=None):
    """jnp.asarray / jnp.array: Python scalars are weakly typed, 64-bit canonicalised to 32."""
    if isinstance(obj, Array):
        if dtype is None:
            return obj
        n = to_name(dtype)
        return wrap(convert(obj._data, n), False)
    if isinstance(obj, (builtins.bool, builtins.int, builtins.float, builtins.complex)):
        n, weak = _core.scalar_typed(obj)
        if dtype is not None:
            n, weak = to_name(dtype), False
        _check_int_range(obj, n)
        return wrap(creation_backend().asarray(obj, dtype=n), weak)
    if isinstance(obj, (list, tuple)):
        n = to_name(dtype) if dtype is not None else _infer_list(obj)
        a = np.asarray(_to_np(obj))
        return wrap(creation_backend().asarray(a.astype(n) if n != "bfloat16" else a,
                                               dtype=n), False)
    if isinstance(obj, (np.ndarray, np.generic)):
        a = np.asarray(obj)
        n = to_name(dtype if dtype is not None else a.dtype)
        return wrap(creation_backend().asarray(np.array(a, copy=True), dtype=n), False)
    if hasattr(obj, "dtype") and hasattr(obj, "shape"):  # a native array of some backend
        n = to_name(dtype if dtype is not None else obj.dtype)
        B = creation_backend()
        try:
            bo = ivy.backend_of(obj)
        except Exception:  # noqa: BLE001
            bo = None
        if bo is not B:
            obj = B.asarray(np.asarray(obj))
        return wrap(obj if name_of(obj) == n else convert(obj, n), False)
    if hasattr(obj, "__array__"):
        return asarray(np.asarray(obj), dtype)
    raise TypeError(f"JAX frontend: cannot convert {type(obj).__name__} to an array")


def native(x):
    return x._data if isinstance(x, Array) else x


def _key(k):
    c = k.__class__
    if isinstance(k, Array):
        return k._data
    if c is tuple:
        return tuple(_key(e) for e in k)
    if c is list:
        return asarray(k)._data
    if isinstance(k, np.ndarray):
        return asarray(k)._data
    return k


_GET_MODES = {None: "clip", "promise_in_bounds": "clip", "clip": "clip", "fill": "fill",
              "drop": "fill"}
_SET_MODES = {None: "drop", "promise_in_bounds": "drop", "clip": "clip", "fill": "drop",
              "drop": "drop"}


def _mode(mode, table):
    m = getattr(mode, "value", mode)
    if isinstance(m, str):
        m = m.lower()
    if m not in table:
        raise ValueError(f'Unknown gather mode "{mode}"')
    return table[m]


def _int_like(c):
    return isinstance(c, (builtins.int, np.integer)) and not isinstance(c, (builtins.bool,
                                                                             np.bool_))


def _norm_key(d, key, mode, wrap_negative=True, gather=True):
    """JAX's treatment of integer indices, made explicit for ``ivy.get_item``.

    Negative indices count from the end (unless ``wrap_negative`` is False); what is still out
    of bounds is clamped (``mode="clip"``: JAX's gather default) or sent to a pad slot at index
    ``size`` of that axis (``mode`` "fill"/"drop": the caller pads those axes by one element, a
    fill value for a gather, a discarded slot for a scatter). Returns ``(key, padded_axes)``."""
    key = key if key.__class__ is tuple else (key,)
    comps = []
    consumed = 0
    for c in key:
        if c is None or c is Ellipsis or isinstance(c, (builtins.bool, np.bool_)):
            comps.append(c)
            continue
        if isinstance(c, slice) or _int_like(c):
            comps.append(c)
            consumed += 1
            continue
        if isinstance(c, Array):
            c = c._data
        elif isinstance(c, (list, tuple, np.ndarray)):
            c = asarray(c)._data
        elif not (hasattr(c, "dtype") and hasattr(c, "shape")):
            raise TypeError(f"JAX frontend: unsupported index {c!r} of type "
                            f"{type(c).__name__}")
        comps.append(c)
        consumed += len(c.shape) if name_of(c) == "bool" else 1
    shape = tuple(d.shape)
    out, pads, ax, zero_axes, indexed = [], [], 0, [], []
    for c in comps:
        if c is None or isinstance(c, (builtins.bool, np.bool_)):
            out.append(c)
            continue
        if c is Ellipsis:
            out.append(c)
            ax += len(shape) - consumed
            continue
        if isinstance(c, slice):
            out.append(c)
            ax += 1
            continue
        if ax >= len(shape):
            raise IndexError(f"Too many indices: {len(shape)}-dimensional array indexed with "
                             f"{consumed} regular indices.")
        n = builtins.int(shape[ax])
        if n == 0 and _int_like(c):
            raise IndexError(f"index is out of bounds for axis {ax} with size 0")
        if n == 0 and gather:  # XLA refuses the gather unless its slices are empty anyway
            zero_axes.append(ax)
        if _int_like(c):
            i = builtins.int(c)
            if wrap_negative and i < 0:
                i += n
            if not 0 <= i < n:
                if mode == "clip" and n > 0:
                    i = min(max(i, 0), n - 1)
                elif mode != "clip":
                    i = n
                    if ax not in pads:
                        pads.append(ax)
            out.append(i)
            ax += 1
            continue
        nm = name_of(c)
        if nm == "bool":
            out.append(c)
            ax += len(c.shape)
            continue
        if KIND[nm] not in "iu":
            raise IndexError(f"Indexer must have integer or boolean type, got indexer with "
                             f"type {nm} at position {len(out)}, indexer value {c}")
        c = ivy.astype(c, "int64")
        if wrap_negative:
            c = ivy.where(ivy.less(c, 0), ivy.add(c, n), c)
        indexed.append(ax)
        if mode == "clip" and n:
            c = ivy.clip(c, 0, n - 1)
        else:
            bad = ivy.logical_or(ivy.less(c, 0), ivy.greater_equal(c, n))
            c = ivy.where(bad, ivy.full_like(c, n), c)
            if ax not in pads:
                pads.append(ax)
        out.append(c)
        ax += 1
    if zero_axes and all(shape[i] for i in range(len(shape)) if i not in indexed):
        raise TypeError(f"Slice size at index {zero_axes[0]} in gather op is out of range, must "
                        f"be within [0, 0 + 1), got 1.")
    return tuple(out), pads


def _pad_axes(d, pads, value):
    """``d`` with one more element (``value``, a 0-d native of d's dtype) at the end of each
    axis in ``pads``."""
    for ax in pads:
        shp = list(d.shape)
        shp[ax] = 1
        d = ivy.concat([d, ivy.broadcast_to(value, tuple(shp))], axis=ax)
    return d


def _fill_value(name, fill_value, ref):
    if fill_value is None:
        fill_value = _core._gather_fill(name)
    f = asarray(fill_value)._data
    if ivy.backend_of(f) is not ivy.backend_of(ref):
        f = ivy.backend_of(ref).asarray(ivy.to_numpy(f))
    return convert(f, name)


def _occurrence_rounds(flat_pos):
    """Split scatter positions into rounds of distinct positions: round r holds the r-th
    occurrence of every repeated position (needs concrete indices). None when all distinct."""
    fp = np.asarray(ivy.to_numpy(flat_pos)).ravel()
    if len(np.unique(fp)) == len(fp):
        return None
    order = np.argsort(fp, kind="stable")
    s = fp[order]
    starts = np.r_[0, np.nonzero(s[1:] != s[:-1])[0] + 1]
    first = np.repeat(starts, np.diff(np.r_[starts, len(s)]))
    rank = np.empty(len(fp), dtype=np.int64)
    rank[order] = np.arange(len(fp)) - first
    return [np.nonzero(rank == r)[0] for r in range(builtins.int(rank.max()) + 1)]


class _IndexUpdateRef:
    """``x.at[key]``: JAX's gather/scatter semantics for out-of-bound indices (``mode``),
    negative indices (``wrap_negative_indices``) and repeated indices (accumulated by
    ``add``/``subtract``/``multiply``/``min``/``max``, ``apply``/``divide``/``power`` applied
    once per occurrence). ``indices_are_sorted``/``unique_indices`` are promises JAX may
    exploit; the frontend gives the exact result whether or not they hold."""

    __slots__ = ("x", "key", "_unique")

    def __init__(self, x, key):
        self.x, self.key, self._unique = x, key, False

    def get(self, *, indices_are_sorted=False, unique_indices=False, mode=None,
            fill_value=None, out_sharding=None, wrap_negative_indices=True):
        m = _mode(mode, _GET_MODES)
        d = self.x._data
        key, pads = _norm_key(d, _key(self.key), m, wrap_negative_indices)
        if pads:
            d = _pad_axes(d, pads, _fill_value(name_of(d), fill_value, d))
        return wrap(ivy.get_item(d, key), self.x._weak)

    def _positions(self, mode, wrap_negative):
        """(padded flat data, flat positions (k, 1), result shape of the indexing, unpad)."""
        m = _mode(mode, _SET_MODES)
        d = self.x._data
        shape = tuple(d.shape)
        key, pads = _norm_key(d, _key(self.key), m, wrap_negative, gather=False)
        if pads:
            d = _pad_axes(d, pads, ivy.zeros((), dtype=name_of(d), device=ivy.dev(d)))
        pshape = tuple(d.shape)
        n = 1
        for s in pshape:
            n *= s
        B = ivy.backend_of(d)
        iota = ivy.reshape(B.asarray(np.arange(n, dtype=np.int64)), pshape)
        pos = ivy.get_item(iota, key)

        def unpad(flat):
            r = ivy.reshape(flat, pshape)
            if pads:
                r = ivy.get_item(r, tuple(slice(0, s) for s in shape))
            return r

        # integers, slices and masks never repeat a position; integer arrays may
        self._unique = not any(hasattr(c, "shape") and name_of(c) != "bool" for c in key)
        return ivy.reshape(d, (n,)), ivy.reshape(pos, (-1, 1)), tuple(pos.shape), unpad

    def _scatter(self, v, reduction, mode=None, wrap_negative=True):
        x = self.x
        name = name_of(x._data)
        if name == "bool" and reduction == "sum":
            not_implemented("Array.at[].add on bool arrays")
        flat, flat_pos, pshape, unpad = self._positions(mode, wrap_negative)
        vals = ivy.reshape(ivy.broadcast_to(operand(v, name, flat), pshape), (-1,))
        if reduction == "mul":
            return wrap(unpad(self._rounds(flat, flat_pos, vals, ivy.multiply, self._unique)),
                        x._weak)
        r = ivy.scatter_nd(flat_pos, vals, (flat.shape[0],), reduction=reduction, out=flat)
        return wrap(unpad(r), x._weak)

    @staticmethod
    def _rounds(flat, flat_pos, vals, fn, unique=False):
        """flat[p] = fn(flat[p], v) once per occurrence of p (sequentially for repeats; integer
        array indices are read concretely to find the repeats)."""
        rounds = None if unique else _occurrence_rounds(flat_pos)
        if rounds is None:
            cur = ivy.reshape(ivy.gather_nd(flat, flat_pos), (-1,))
            return ivy.scatter_nd(flat_pos, fn(cur, vals), (flat.shape[0],),
                                  reduction="replace", out=flat)
        B = ivy.backend_of(flat)
        for sel in rounds:
            s = B.asarray(sel)
            p = ivy.take(flat_pos, s, axis=0)
            cur = ivy.reshape(ivy.gather_nd(flat, p), (-1,))
            flat = ivy.scatter_nd(p, fn(cur, ivy.take(vals, s, axis=0)), (flat.shape[0],),
                                  reduction="replace", out=flat)
        return flat

    def set(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,  # noqa: A003
            out_sharding=None, wrap_negative_indices=True):
        return self._scatter(values, "replace", mode, wrap_negative_indices)

    def add(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
            out_sharding=None, wrap_negative_indices=True):
        return self._scatter(values, "sum", mode, wrap_negative_indices)

    def subtract(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
                 out_sharding=None, wrap_negative_indices=True):
        return self._scatter(F.negative(values) if isinstance(values, Array) else -values,
                             "sum", mode, wrap_negative_indices)

    def multiply(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
                 out_sharding=None, wrap_negative_indices=True):
        return self._scatter(values, "mul", mode, wrap_negative_indices)

    mul = multiply

    def _ones_mul(self, values, mode, wrap_negative):
        ones = wrap(ivy.ones_like(self.x._data), self.x._weak)
        return _IndexUpdateRef(ones, self.key)._scatter(values, "mul", mode, wrap_negative)

    def divide(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
               out_sharding=None, wrap_negative_indices=True):
        return F.divide(self.x, self._ones_mul(values, mode, wrap_negative_indices))

    def power(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
              out_sharding=None, wrap_negative_indices=True):
        return F.power(self.x, self._ones_mul(values, mode, wrap_negative_indices))

    def min(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,  # noqa: A003
            out_sharding=None, wrap_negative_indices=True):
        return self._scatter(values, "min", mode, wrap_negative_indices)

    def max(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,  # noqa: A003
            out_sharding=None, wrap_negative_indices=True):
        return self._scatter(values, "max", mode, wrap_negative_indices)

    def apply(self, func, *, indices_are_sorted=False, unique_indices=False, mode=None,
              wrap_negative_indices=True):
        x = self.x
        name = name_of(x._data)
        flat, flat_pos, _, unpad = self._positions(mode, wrap_negative_indices)

        def fn(cur, _):
            r = func(wrap(cur, x._weak))
            return operand(r, name, cur)

        r = self._rounds(flat, flat_pos, ivy.zeros((flat_pos.shape[0],), dtype=name,
                                                   device=ivy.dev(flat)), fn, self._unique)
        return wrap(unpad(r), x._weak)


class _At:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x

    def __getitem__(self, key):
        return _IndexUpdateRef(self.x, key)


def _binop(name):
    def op(self, other):
        return getattr(F, name)(self, other)

    def rop(self, other):
        return getattr(F, name)(other, self)

    return op, rop


class Array:
    """A jax.Array backed by one native array of the current Ivy backend."""

    __slots__ = ("_data", "_weak", "__weakref__")
    _frontend_jax_array = True
    __array_priority__ = 1100

    def __init__(self, *args, **kwargs):
        raise TypeError("jax.Array cannot be instantiated directly; use jnp.asarray")

    # -- attributes ------------------------------------------------------------------------
    @property
    def dtype(self):
        return _core.np_dtype(name_of(self._data))

    @property
    def weak_type(self):
        return self._weak

    @property
    def shape(self):
        return tuple(builtins.int(s) for s in self._data.shape)

    @property
    def ndim(self):
        return len(self._data.shape)

    @property
    def size(self):
        n = 1
        for s in self._data.shape:
            n *= builtins.int(s)
        return n

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.itemsize

    @property
    def T(self):
        return F.transpose(self)

    @property
    def mT(self):
        return F.matrix_transpose(self)

    @property
    def real(self):
        return F.real(self)

    @property
    def imag(self):
        return F.imag(self)

    @property
    def at(self):
        return _At(self)

    @property
    def ivy_array(self):
        return ivy.Array(self._data)

    def __len__(self):
        if not self._data.shape:
            raise TypeError("len() of unsized object")
        return builtins.int(self._data.shape[0])

    def __iter__(self):
        if not self._data.shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(len(self)))

    def __array__(self, dtype=None, copy=None):
        a = np.asarray(ivy.to_numpy(self._data))
        return a.astype(dtype) if dtype is not None else a

    def __repr__(self):
        s = np.array2string(np.asarray(self), separator=", ")
        extra = ", weak_type=True" if self._weak else ""
        return f"Array({s}, dtype={self.dtype.name}{extra})"

    def __bool__(self):
        return builtins.bool(np.asarray(self))

    def __int__(self):
        return builtins.int(np.asarray(self))

    def __float__(self):
        return builtins.float(np.asarray(self))

    def __complex__(self):
        return builtins.complex(np.asarray(self))

    def __index__(self):
        if KIND[name_of(self._data)] not in "iu":
            raise TypeError("only integer arrays can be used as an index")
        return operator.index(np.asarray(self).item())

    def __hash__(self):
        raise TypeError("unhashable type: 'jax.Array'")

    def item(self, *args):
        return np.asarray(self).item(*args)

    def tolist(self):
        return np.asarray(self).tolist()

    def block_until_ready(self):
        return self

    def copy(self):
        return wrap(ivy.astype(self._data, name_of(self._data), copy=True), self._weak)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def addressable_data(self, index=0):
        return self

    @property
    def device(self):
        return ivy.dev(self._data)

    def devices(self):
        return {self.device}

    # -- indexing ----------------------------------------------------------------------------
    def __getitem__(self, key):
        d = self._data
        if key.__class__ is builtins.int and d.shape and -d.shape[0] <= key < d.shape[0]:
            return wrap(ivy.get_item(d, key), self._weak)
        k, _ = _norm_key(d, _key(key), "clip")  # out-of-bound integer indices clamp, as JAX
        return wrap(ivy.get_item(d, k), self._weak)

    def __setitem__(self, key, value):
        raise TypeError("JAX arrays are immutable and do not support in-place item assignment. "
                        "Instead of x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
                        "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html")

    # -- operators -------------------------------------------------------------------------
    __add__, __radd__ = _binop("add")
    __sub__, __rsub__ = _binop("subtract")
    __mul__, __rmul__ = _binop("multiply")
    __truediv__, __rtruediv__ = _binop("true_divide")
    __floordiv__, __rfloordiv__ = _binop("floor_divide")
    __mod__, __rmod__ = _binop("remainder")
    __pow__, __rpow__ = _binop("power")
    __matmul__, __rmatmul__ = _binop("matmul")
    __and__, __rand__ = _binop("bitwise_and")
    __or__, __ror__ = _binop("bitwise_or")
    __xor__, __rxor__ = _binop("bitwise_xor")
    __lshift__, __rlshift__ = _binop("left_shift")
    __rshift__, __rrshift__ = _binop("right_shift")
    __lt__, _ = _binop("less")
    __le__, _ = _binop("less_equal")
    __gt__, _ = _binop("greater")
    __ge__, _ = _binop("greater_equal")
    __eq__, _ = _binop("equal")
    __ne__, _ = _binop("not_equal")
    __divmod__, __rdivmod__ = _binop("divmod")

    def __neg__(self):
        return F.negative(self)

    def __pos__(self):
        return self

    def __abs__(self):
        return F.abs(self)

    def __invert__(self):
        return F.invert(self)


def is_array(x):
    return isinstance(x, Array)
