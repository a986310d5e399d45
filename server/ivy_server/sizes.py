"""How large a call's result will be, from its arguments, before the call runs (issue 33).

``ResultSize(api).check(name, args, kwargs, cap)`` raises RESOURCE_EXHAUSTED when the result of
``name(*args, **kwargs)`` would hold more than ``cap`` bytes, naming the size and the cap; it
allocates nothing. The estimate comes from the function's declared signature (read once per
function), so it covers every function with such a parameter, not a list of names:

- a ``shape`` argument (``full``, ``zeros``, ``ones``, ``empty``, the random draws,
  ``broadcast_to``, ``reshape``, ...): its product; ``num`` (``linspace``); ``n_rows`` and
  ``n_cols`` (``eye``); ``start``/``stop``/``step`` (``arange``); ``depth`` (``one_hot``);
  ``repetitions`` and an integer ``repeats`` (``tile``, ``repeat``); ``num_samples``
  (``multinomial``); ``size``/``output_size`` (resizing: the leading two dimensions times it);
  ``n`` in ``fft.*``;
- the array arguments: the shape they broadcast to (every element-wise op, ``where``, ...);
- the contractions and products whose result is not a broadcast: ``matmul``, ``outer``,
  ``tensordot``, ``meshgrid``, ``broadcast_arrays``, ``pad``.

Each element is counted at the ``dtype`` argument's size, else the largest array argument's,
else Ivy's default for the scalars given (float32, int64, complex64, bool). What this cannot see
(``einsum``'s subscripts, data-dependent sizes) is left to the OS limit (``limits.py``).
"""

from __future__ import annotations

import inspect
import math

from .errors import exhausted

_ITEM = {"bool": 1, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "float16": 2,
         "bfloat16": 2, "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8,
         "float64": 8, "complex64": 8, "complex128": 16}
_COUNTING = ("shape", "num", "n_rows", "n_cols", "depth", "repetitions", "repeats",
             "num_samples", "size", "output_size", "n", "start", "stop", "step", "pad_width")
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _int(v):
    """``v`` as a non-negative int (a Python or NumPy integer, a 0-d integer array), else None."""
    if isinstance(v, bool):
        return None
    try:
        i = v.__index__()
    except (AttributeError, TypeError, ValueError):
        return None
    return i if i >= 0 else None


def _dims(v):
    """A shape-like argument (an int or a sequence of ints) as a tuple, else None."""
    if (i := _int(v)) is not None:
        return (i,)
    if isinstance(v, (list, tuple)) and len(v) <= 64:
        out = tuple(_int(d) for d in v)
        return None if None in out else out
    return None


def _shape(a):
    s = getattr(a, "shape", None)
    if s is None or isinstance(a, (type, str, bytes)):
        return None
    try:
        return tuple(int(d) for d in s)
    except (TypeError, ValueError):
        return None


def _itemsize(dtype) -> int | None:
    if dtype is None:
        return None
    if isinstance(dtype, str):
        return _ITEM.get(dtype)
    n = getattr(dtype, "itemsize", None) or getattr(dtype, "size", None)
    return n if isinstance(n, int) and n > 0 else _ITEM.get(str(dtype).rsplit(".", 1)[-1])


def _broadcast(shapes):
    """The shape ``shapes`` broadcast to, or None where they do not broadcast."""
    nd = max(len(s) for s in shapes)
    out = []
    for i in range(1, nd + 1):
        d = 1
        for s in shapes:
            if i <= len(s):
                e = s[-i]
                if e != 1:
                    if d not in (1, e):
                        return None
                    d = e
        out.append(d)
    return tuple(reversed(out))


def _fmt(n: int) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


class _Plan:
    __slots__ = ("positional", "var_positional", "counting", "quick")

    def __init__(self, fn):
        try:
            params = list(inspect.signature(fn).parameters.values())
        except (TypeError, ValueError):
            params = []
        self.positional = tuple(p.name for p in params if p.kind in _POSITIONAL)
        self.var_positional = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params)
        self.counting = frozenset(p.name for p in params if p.name in _COUNTING)
        # the product of the arguments bounds the result, except where a count is divided
        # (arange's step), added (pad's widths) or used twice (eye's n_rows, n_cols' default)
        self.quick = not self.counting & {"step", "pad_width", "n_rows"}


class ResultSize:
    """The per-function plans (signature read once) and the check."""

    def __init__(self, api: dict):
        self.api = api
        self.plans: dict[str, _Plan] = {}

    def plan(self, name: str, fn) -> _Plan:
        p = self.plans.get(name)
        if p is None:
            p = self.plans[name] = _Plan(fn)
        return p

    def check(self, name: str, fn, args, kwargs, cap: int) -> None:
        """Refuse (RESOURCE_EXHAUSTED) a call whose result would exceed ``cap`` bytes."""
        plan = self.plans.get(name) or self.plan(name, fn)
        # The common case first, in one pass: an upper bound on the result's elements, the
        # product of the arrays' dimensions (and, where the signature has counts, of the
        # integers given: shapes, num, depth, ...; zeros counted as ones: matmul of (n, 0) and
        # (0, m) is n x m), times the largest element (16 bytes), times the number of outputs
        # (meshgrid, broadcast_arrays: at most one per argument). Small: nothing to estimate.
        if plan.quick:
            bound = 1
            try:
                if not plan.counting:  # arrays only (element-wise ops, matmul, ...)
                    for v in (args if not kwargs else (*args, *kwargs.values())):
                        sh = getattr(v, "shape", None)
                        if sh is not None:
                            for d in sh:
                                if d > 1:
                                    bound *= d
                else:
                    for v in (args if not kwargs else (*args, *kwargs.values())):
                        c = v.__class__
                        if c is int:
                            if v > 1:
                                bound *= v
                        elif c is tuple or c is list:
                            if len(v) <= 64:
                                for d in v:
                                    if d.__class__ is not int:  # NumPy integers, 0-d arrays
                                        d = _int(d)
                                        if d is None:
                                            continue
                                    if d > 1:
                                        bound *= d
                        elif (sh := getattr(v, "shape", None)) is not None and c is not str:
                            if not len(sh) and (i := _int(v)) is not None and i > 1:
                                bound *= i  # a NumPy integer or 0-d integer array as a count
                            for d in sh:
                                if d > 1:
                                    bound *= d
                if bound * 16 * (len(args) + len(kwargs) + 2) <= cap:
                    return
            except (TypeError, ValueError, AttributeError):
                pass  # not an array's shape (a class's descriptor, an unknown dimension)
        est = self.estimate(name, plan, args, kwargs)
        if est is not None and est[0] > cap:
            nbytes, what = est
            raise exhausted(
                f"{name}: the result would be {_fmt(nbytes)} ({what}), over the worker's memory "
                f"cap of {cap / 2**20:.0f} MiB (--memory-cap-mb): nothing was allocated. Ask for "
                "less, or start the worker with a larger --memory-cap-mb")

    def estimate(self, name: str, plan: _Plan, args, kwargs):
        """(bytes, description) of the result, or None where the arguments say nothing."""
        named = dict(zip(plan.positional, args, strict=False))
        extra = list(args[len(plan.positional):]) if plan.var_positional else []
        named.update(kwargs)
        arrays = [(k, s) for k, v in named.items() if (s := _shape(v)) is not None]
        arrays += [("*", s) for v in extra if (s := _shape(v)) is not None]
        shapes = [s for _, s in arrays]
        item = _itemsize(named.get("dtype"))
        if item is None:
            sizes = [_itemsize(getattr(v, "dtype", None)) for v in
                     list(named.values()) + extra if _shape(v) is not None]
            sizes = [s for s in sizes if s]
            item = max(sizes) if sizes else self._scalar_item(named, plan)
        counts = []  # (elements, what)
        first = shapes[0] if shapes else None
        lead = math.prod(first) if first is not None else 1
        c = plan.counting
        if "shape" in c and (d := _dims(named.get("shape"))) is not None:
            counts.append((math.prod(d), f"shape {list(d)}"))
        if "num" in c and (n := _int(named.get("num"))) is not None:
            counts.append((n, f"num={n}"))
        if "n_rows" in c and (r := _int(named.get("n_rows"))) is not None:
            k = _int(named.get("n_cols"))
            counts.append((r * (r if k is None else k), f"{r} x {r if k is None else k}"))
        if {"start", "stop", "step"} <= c:
            n = self._arange(named)
            if n is not None:
                counts.append((n, f"{n} values"))
        if "depth" in c and (n := _int(named.get("depth"))) is not None:
            counts.append((lead * n, f"depth={n}"))
        if "repetitions" in c and (d := _dims(named.get("repetitions"))) is not None:
            counts.append((lead * math.prod(d), f"repetitions {list(d)}"))
        if "repeats" in c and (n := _int(named.get("repeats"))) is not None:
            counts.append((lead * n, f"repeats={n}"))
        if "num_samples" in c and (n := _int(named.get("num_samples"))) is not None:
            rows = math.prod(first[:-1]) if first else 1
            counts.append((rows * n, f"num_samples={n}"))
        for key in ("size", "output_size"):
            if key in c and (d := _dims(named.get(key))) is not None and first is not None:
                counts.append((math.prod(first[:2]) * math.prod(d), f"{key} {list(d)}"))
        if "n" in c and name.startswith("fft.") and (n := _int(named.get("n"))) is not None:
            axis = named.get("axis", -1)
            per = first[axis] if first and isinstance(axis, int) and -len(first) <= axis < len(
                first) else 1
            counts.append(((lead // per if per else lead) * n if first else n, f"n={n}"))
        special = self._special(name, named, shapes)
        if special is not None:
            counts.append(special)
        elif len(shapes) >= 2 and (b := _broadcast(shapes)) is not None:
            counts.append((math.prod(b), f"the inputs broadcast to {list(b)}"))
        if not counts:
            return None
        elements, what = max(counts, key=lambda t: t[0])
        return elements * item, f"{what}, {elements} elements of {item} bytes"

    @staticmethod
    def _scalar_item(named: dict, plan: _Plan) -> int:
        """Ivy's default dtype for the scalars given (not the counts): float32, int64,
        complex64, bool."""
        kinds = set()
        for k, v in named.items():
            if k in plan.counting and k not in ("start", "stop", "step"):
                continue
            if isinstance(v, bool):
                kinds.add("b")
            elif isinstance(v, int):
                kinds.add("i")
            elif isinstance(v, float):
                kinds.add("f")
            elif isinstance(v, complex):
                kinds.add("c")
        if "c" in kinds:
            return 8
        if "f" in kinds:
            return 4
        if "i" in kinds:
            return 8
        return 1 if kinds == {"b"} else 4

    @staticmethod
    def _arange(named: dict):
        start, stop, step = named.get("start"), named.get("stop"), named.get("step", 1)
        if stop is None:
            start, stop = 0, start
        try:
            n = math.ceil((float(stop) - float(start)) / float(step))
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            return None
        return max(0, n) if math.isfinite(n) else None

    @staticmethod
    def _special(name: str, named: dict, shapes: list):
        """Results that are not the inputs' broadcast: (elements, what) or None."""
        if name in ("matmul", "linalg.matmul") and len(shapes) == 2:
            a, b = shapes
            if not a or not b:
                return None
            a2, b2 = (a if len(a) > 1 else (1,) + a), (b if len(b) > 1 else b + (1,))
            batch = _broadcast([a2[:-2], b2[:-2]]) if a2[:-2] or b2[:-2] else ()
            if batch is None:
                return None
            n = math.prod(batch) * a2[-2] * b2[-1]
            return n, f"{list(a)} @ {list(b)}"
        if name in ("outer", "linalg.outer") and len(shapes) == 2:
            n = math.prod(shapes[0]) * math.prod(shapes[1])
            return n, f"outer of {list(shapes[0])} and {list(shapes[1])}"
        if name in ("tensordot", "linalg.tensordot") and len(shapes) == 2:
            a, b = shapes
            axes = named.get("axes", 2)
            k = _int(axes)
            if k is not None and k <= min(len(a), len(b)):
                n = math.prod(a[:len(a) - k]) * math.prod(b[k:])
            elif isinstance(axes, (list, tuple)) and len(axes) == 2:
                try:
                    ia = {int(i) % len(a) for i in axes[0]}
                    ib = {int(i) % len(b) for i in axes[1]}
                except (TypeError, ValueError, ZeroDivisionError):
                    return None
                n = math.prod(d for i, d in enumerate(a) if i not in ia) * math.prod(
                    d for i, d in enumerate(b) if i not in ib)
            else:
                return None
            return n, f"tensordot of {list(a)} and {list(b)}"
        if name == "meshgrid" and shapes:
            n = math.prod(math.prod(s) for s in shapes)
            return n * len(shapes), f"{len(shapes)} grids of {n} elements"
        if name == "broadcast_arrays" and shapes:
            b = _broadcast(shapes)
            if b is None:
                return None
            return math.prod(b) * len(shapes), f"{len(shapes)} arrays of shape {list(b)}"
        if name == "pad" and shapes:
            x, width = shapes[0], named.get("pad_width")
            if (w := _int(width)) is not None:
                dims = [d + 2 * w for d in x]
            elif isinstance(width, (list, tuple)) and len(width) == len(x):
                try:
                    dims = [d + sum(_int(p) or 0 for p in pw) for d, pw in zip(x, width, strict=True)]
                except TypeError:
                    return None
            else:
                return None
            return math.prod(dims), f"padded to {dims}"
        return None
