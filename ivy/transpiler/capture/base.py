"""What every capture shares: following native arrays to their Ivy stand-ins, checking each
captured operation against the framework's own result, naming the user's line, and the trace."""

from __future__ import annotations

import functools
import inspect
import traceback

import numpy as np
import optree

from ... import _frames, backend_handler
from ...array_object import Array
from ...tracer import trace as _trace_state
from ...tracer import trace_graph
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import OpRecord, get_capture

package_dirs = _frames.package_dirs


def _roots() -> tuple[str, ...]:
    """Ivy's and the frameworks' folders and the standard library's (found by the modules'
    real locations: ``ivy._frames``)."""
    return (*_frames.library_dirs(), *_frames._stdlib()[0])


def user_line(frames=None) -> str | None:
    """``file:line: code`` of the innermost frame outside Ivy, the frameworks and the standard
    library — the user's (or the user's library's, e.g. kornia's) line that issued the operation
    (``ivy._frames`` decides, by the packages' real folders)."""
    stack = frames if frames is not None else traceback.extract_stack()[:-1]
    return _frames.user_line(stack)


def plain_structure(tree):
    """Outputs as plain containers: dict subclasses (transformers' ``ModelOutput``) → ``dict``,
    namedtuples → ``tuple``; ``None`` entries of a ``ModelOutput`` are dropped like its
    ``to_tuple`` does."""
    if isinstance(tree, dict):
        drop_none = type(tree) is not dict
        return {k: plain_structure(v) for k, v in tree.items() if not (drop_none and v is None)}
    if isinstance(tree, tuple):
        return tuple(plain_structure(v) for v in tree)
    if isinstance(tree, list):
        return [plain_structure(v) for v in tree]
    return tree


def ivy_numpy(v):
    """The NumPy value behind an Ivy value (an ``ivy.Array``, a native NumPy array, a scalar)
    without the tracer's data-dependence check — for comparing at capture time only."""
    d = getattr(v, "_data", v)
    d = getattr(d, "_data", d)  # a frontend wrapper around an ivy.Array
    return np.asarray(d) if not isinstance(d, np.ndarray) else d


def _native(v):
    d = getattr(v, "_data", v)
    return getattr(d, "_data", d)


_INPUT_ULPS = 64


def _recording():
    """The active tracer while it records; ``None`` outside a trace and while a backend runs a
    loop's callables again with recording suspended (a control-flow node's real iterations): the
    operations are then computed and checked, but they are not nodes of the graph."""
    tracer = _trace_state._active
    return tracer if tracer is not None and not tracer.depth else None


def _max_abs(inputs) -> float:
    """The largest finite magnitude among the float arrays in ``inputs`` (0 if none)."""
    m = 0.0
    for x in optree.tree_leaves(inputs, namespace="ivy"):
        x = _native(x)
        if not hasattr(x, "shape"):
            continue
        a = ivy_numpy(x)
        if a.dtype.kind in "fc" and a.size:
            a = np.abs(a[np.isfinite(a)]) if a.dtype.kind == "f" else np.abs(a)
            if a.size:
                m = max(m, float(np.max(a)))
    return m


# -- rules: source operation -> Ivy --------------------------------------------------------------
def out_of_place(key: str) -> str | None:
    """The out-of-place name of an in-place operation (``add_`` → ``add``; not ``__iand__``)."""
    return key[:-1] if key.endswith("_") and not key.endswith("__") else None


class Rules(dict):
    """One source's table of rules: source operation name → the rule computing it with Ivy.

    A rule carries ``ivy_mapping`` (what reports and errors call it). :meth:`rule` registers a
    function under one or more names; :meth:`lookup` finds the rule of an operation in a fixed
    order (:meth:`lookup`'s docstring); :meth:`coverage` lists the table (the coverage table of
    ``docs/transpiler.md`` is printed from it: :func:`coverage`).

    Lookups are cached (the fallback's rules are built once per name), and so are the functions
    registered with :meth:`cached`; every change to the table clears those caches, so a rule set
    or replaced later (an extension, a test's ``monkeypatch.setitem``) is the one used from then
    on, whatever was looked up before in the process.

    ``module``: the module whose functions :meth:`rule` registers (their mapping is
    ``module.function``); ``fallback``: ``name -> rule or None`` for names without an explicit
    rule (a frontend function of the same name); ``in_place``: whether an in-place name
    (``add_``) takes the out-of-place rule (``add``) — the capture rebinds the written value.
    """

    def __init__(self, module: str, *, fallback=None, in_place: bool = False):
        super().__init__()
        self.module = module
        self.fallback = fallback
        self.in_place = in_place
        self._caches: list = []
        self._memo: dict = {}

    # -- registering ----------------------------------------------------------------------------
    def rule(self, *names, mapping: str | None = None):
        """Register the decorated function as the rule of each of ``names``; its mapping is
        ``mapping`` or ``module.function``."""
        def deco(fn):
            fn.ivy_mapping = mapping or f"{self.module}.{fn.__name__}"
            for n in names:
                self[n] = fn
            return fn
        return deco

    def cached(self, fn):
        """``fn`` cached (``functools.cache``) until the table changes."""
        fn = functools.cache(fn)
        self._caches.append(fn.cache_clear)
        return fn

    # -- lookup ---------------------------------------------------------------------------------
    def lookup(self, *keys: str):
        """The rule of an operation known by ``keys``, most specific first (an overload, then
        its packet: ``"add.Tensor", "add"``): the first explicit rule of a key; else, for an
        in-place last key (``add_``), the out-of-place one's (``add``); else the fallback's rule
        for the last key, then for its out-of-place name; else None."""
        key = tuple(keys)
        if key in self._memo:
            return self._memo[key]
        r = self._lookup(keys)
        self._memo[key] = r
        return r

    def _lookup(self, keys):
        for k in keys:
            r = self.get(k)
            if r is not None:
                return r
        last = keys[-1]
        base = out_of_place(last) if self.in_place else None
        if base:
            r = self.get(base)
            if r is not None:
                return r
        if self.fallback is not None:
            for cand in (last, base):
                if cand:
                    r = self.fallback(cand)
                    if r is not None:
                        return r
        return None

    # -- the table ------------------------------------------------------------------------------
    def coverage(self) -> list[tuple[str, str]]:
        """``(operation, mapping)`` for every explicit rule, sorted by operation."""
        return sorted((k, describe(r)) for k, r in self.items())

    # -- every change clears the caches ---------------------------------------------------------
    def _changed(self) -> None:
        self._memo.clear()
        for clear in self._caches:
            clear()

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key):
        super().__delitem__(key)
        self._changed()

    def update(self, *args, **kwargs):
        super().update(*args, **kwargs)
        self._changed()

    def pop(self, *args):
        out = super().pop(*args)
        self._changed()
        return out

    def setdefault(self, key, default=None):
        out = super().setdefault(key, default)
        self._changed()
        return out

    def popitem(self):
        out = super().popitem()
        self._changed()
        return out

    def clear(self):
        super().clear()
        self._changed()

    def __ior__(self, other):
        self.update(other)
        return self


def describe(rule) -> str:
    """What a rule maps to, as reports and errors name it."""
    return getattr(rule, "ivy_mapping", getattr(rule, "__name__", repr(rule)))


def coverage(source: str) -> list[tuple[str, str]]:
    """``(operation, mapping)`` of every explicit rule of ``source``'s capture (its ``RULES``;
    imports the framework)."""
    rules = getattr(get_capture(source), "RULES", None)
    return rules.coverage() if rules is not None else []


def coverage_markdown(source: str) -> str:
    """The coverage table of ``source``'s rules, as Markdown."""
    rows = "\n".join(f"| `{op}` | `{m}` |" for op, m in coverage(source))
    return f"| {source} operation | Ivy mapping |\n|---|---|\n{rows}\n"


class Shadow:
    """Follows the source framework's arrays (by identity, kept alive) to the Ivy values that
    stand for them while a capture runs, and checks each operation as it goes.

    ``records`` collects one :class:`OpRecord` per operation name for the report.
    """

    def __init__(self, source: str, name: str):
        self.source, self.name = source, name
        self.values: dict[int, object] = {}
        self.keep: list = []
        self.records: dict[str, OpRecord] = {}
        self._mark = 0  # top-level graph nodes before this index carry their source op (meta)

    # -- values ---------------------------------------------------------------------------------
    def bind(self, native, value) -> None:
        self.values[id(native)] = value
        self.keep.append(native)

    def has(self, native) -> bool:
        return id(native) in self.values

    def get(self, native):
        """The Ivy value standing for ``native``; an array never seen (a constant made outside
        the traced operations, a closure) becomes a constant of the graph."""
        v = self.values.get(id(native))
        if v is None:
            v = np.array(fw.to_numpy(native), copy=True)
            tracer = _recording()
            if tracer is not None:
                tracer.constant(v)  # a constant node of the graph, known to the tracer
            self.bind(native, v)
        return v

    # -- checking -------------------------------------------------------------------------------
    def check(self, op: str, mapping: str, native_out, ivy_out, *, line: str | None = None,
              rtol: float | None = None, inputs=()) -> float:
        """Compare an operation's Ivy result with the framework's on the example inputs; raise
        :class:`TranspileError` naming ``op`` and the user's line on any difference beyond the
        per-operation tolerance (``frameworks.OP_RTOL``). Returns the max abs error."""
        rec = self.records.get(op)
        if rec is None:
            rec = self.records[op] = OpRecord(op, mapping, line=line or user_line())
        rec.count += 1
        nl, ns = optree.tree_flatten(native_out, none_is_leaf=True, namespace="ivy")
        il, is_ = optree.tree_flatten(ivy_out, none_is_leaf=True, namespace="ivy")
        if len(nl) != len(il):
            raise self.error(f"the Ivy mapping ({mapping}) returned {len(il)} values, the "
                             f"framework {len(nl)}", op=op, line=line)
        tracer = _recording()
        traced_inputs = dynamic_inputs = False
        if tracer is not None:
            for x in optree.tree_leaves(inputs, namespace="ivy"):
                if hasattr(_native(x), "shape"):
                    r = tracer.ids.get(id(_native(x)))
                    if r is not None:
                        traced_inputs = True
                        if r.node in tracer.dynamic:
                            dynamic_inputs = True
                            break
        worst = 0.0
        arrays = detached = 0
        biggest = None  # the inputs' largest magnitude, computed on the first failing output
        for n, i in zip(nl, il, strict=False):
            if n is None or isinstance(n, (bool, int, float, complex, str)) and not fw.is_array(i):
                continue
            ref = fw.to_numpy(n) if fw.is_array(n) else np.asarray(n)
            got = ivy_numpy(i)
            if tracer is not None and fw.is_array(n) and id(_native(i)) not in tracer.ids:
                if not traced_inputs:  # made from constants only (a creation op): a constant
                    tracer.constant(_native(i))
                    continue
                raise self.error(f"the Ivy mapping ({mapping}) computed its result outside Ivy "
                                 "(e.g. NumPy operators on native arrays), so the graph would "
                                 "not record it", op=op, line=line)
            if dynamic_inputs and fw.is_array(n):
                r = tracer.ids.get(id(_native(i)))
                if r is not None:
                    arrays += 1
                    detached += r.node not in tracer.dynamic
            if ref.dtype != got.dtype and ref.shape == got.shape and not fw.is_array(n):
                got = got.astype(ref.dtype)  # a Python scalar result: compare the value
            ok, err, why = fw.difference(ref, got, fw.OP_RTOL, rtol)
            if not ok and ref.dtype.kind in "fc":
                # a result that cancels to ~0 from larger inputs (the mean of a normalised row,
                # x - y for y ~ x) carries rounding noise of the inputs' magnitude, which the
                # output's own magnitude cannot bound: allow a few ulps of the largest input
                if biggest is None:
                    biggest = _max_abs(inputs)
                floor = _INPUT_ULPS * np.finfo(ref.dtype).eps * biggest
                if floor > 0:
                    ok, err, why = fw.difference(ref, got, fw.OP_RTOL, rtol, atol=floor)
            if not ok:
                raise self.error(f"the Ivy result differs from {self.source}'s on the example "
                                 f"inputs: {why} (mapped to {mapping})", op=op, line=line)
            worst = max(worst, err)
        rec.max_err = max(rec.max_err, worst)
        if arrays and detached == arrays and rec.detached is None:
            # every array result is a constant of the trace although the inputs are not (a
            # second output such as inv_ex's info may legitimately be one)
            rec.detached = line or rec.line
        if tracer is not None:  # the nodes recorded since the last op are this op's
            top = tracer.scopes[0].nodes
            meta = {"source_op": op, "line": line or rec.line}
            for k in range(self._mark, len(top)):
                if top[k].meta is None:
                    top[k].meta = meta
            self._mark = len(top)
        return worst

    def is_dynamic(self, value) -> bool:
        """Whether the Ivy ``value`` depends on the inputs in the graph being recorded."""
        tracer = _recording()
        if tracer is None:
            return False
        scope, r = tracer._find(_native(value))
        return r is not None and r.node in scope.dynamic

    def error(self, detail: str, *, op: str | None = None, line: str | None = None):
        return TranspileError(detail, op=op, line=line or user_line(), source=self.source)

    def unmapped(self, op: str, line: str | None = None, hint: str = ""):
        return self.error("no Ivy mapping for this operation" + (f" ({hint})" if hint else "")
                          + "; see docs/transpiler.md for what is covered", op=op, line=line)

    def op_records(self) -> list[OpRecord]:
        return list(self.records.values())


class Evaluator:
    """What the evaluators of a captured program share (``capture/jax.py``'s jaxpr evaluator,
    ``capture/tensorflow.py``'s graph evaluator), the way a ``torch.fx.Interpreter`` subclass
    overrides only ``call_function``: each evaluates the source's operations on ``(real, ivy)``
    pairs — the framework's own value and the Ivy value standing for it — maps each through its
    :class:`Rules`, checks the Ivy result against the real one (``self.s``, the :class:`Shadow`)
    and lets :func:`ivy.trace_graph` record the Ivy calls. The subclass supplies the iteration
    over its program, the operations' keys and static arguments, and :meth:`source_line`.

    ``real=False``: inside a loop's callable run by the backend's real loop (recording
    suspended), where no real values exist: the Ivy side only, no per-op check (the loop node's
    outputs are checked as a whole). ``at``: the user's line of the enclosing call, for
    operations that carry none of their own.
    """

    def __init__(self, shadow: Shadow, real: bool = True, at: str | None = None):
        self.s = shadow
        self.real = real
        self.at = at

    # -- where an operation comes from ----------------------------------------------------------
    def source_line(self, item) -> str | None:
        """Hook: the user's line the framework kept for ``item`` (an equation, a graph op)."""
        return None

    def line(self, item) -> str | None:
        """The user's line of ``item``, else of the enclosing call."""
        return self.source_line(item) or self.at

    # -- recording ------------------------------------------------------------------------------
    def recording(self) -> bool:
        """Whether the operations evaluated now become graph nodes and are checked (a real
        evaluation while the tracer records; not inside a loop's real run)."""
        return self.real and _recording() is not None

    @staticmethod
    def concrete_bool(value) -> bool | None:
        """``value`` as a Python bool when it is known at capture time, else None (it depends
        on the inputs)."""
        try:
            return bool(Array(value)) if not isinstance(value, (bool, int)) else bool(value)
        except TraceError:
            return None

    # -- control flow ---------------------------------------------------------------------------
    def unrolled_while(self, cond, body, state, *, op: str, line: str | None, limit: int,
                       unknown: str, differs: str, too_many: str):
        """A while loop run trip by trip at capture time (each trip's operations recorded
        inline and checked), for a loop that cannot be kept as a loop node: ``cond(state)``
        gives the condition's ``(real, ivy)`` pair, ``body(state)`` the next state. Refused
        with ``unknown`` when the condition depends on the input values, ``differs`` when it
        is not the framework's, ``too_many`` after ``limit`` trips."""
        for _ in range(limit):
            c_real, c_ivy = cond(state)
            go = self.concrete_bool(c_ivy)
            if go is None:
                raise self.s.error(unknown, op=op, line=line)
            if c_real is not None and go != bool(np.asarray(c_real)):
                raise self.s.error(differs, op=op, line=line)
            if not go:
                return state
            state = body(state)
        raise self.s.error(too_many, op=op, line=line)


def trace(shadow_fn, name: str, params: dict | None, args: tuple, kwargs: dict | None = None,
          like=None):
    """Record ``shadow_fn`` (called as ``shadow_fn(params, *args)`` for a model, ``(*args)`` for a
    function, with NumPy inputs) as an :class:`ivy.Graph` named ``name``, on Ivy's NumPy backend.
    ``like``: the user's function (or ``forward``) whose parameter names the graph's inputs take."""
    shadow_fn.__name__ = name if name.isidentifier() else "transpiled"
    if like is not None:
        _borrow_signature(shadow_fn, like, params is not None)
    with backend_handler.using_backend("numpy"):
        if params is not None:
            return trace_graph(shadow_fn, params, *args, **(kwargs or {}))
        return trace_graph(shadow_fn, *args, **(kwargs or {}))


def _borrow_signature(shadow_fn, like, with_params: bool) -> None:
    try:
        sig = inspect.signature(like)
    except (TypeError, ValueError):
        return
    ps = [p for p in sig.parameters.values() if p.name != "self"]
    if with_params and not (ps and ps[0].name == "params"):
        ps = [inspect.Parameter("params", inspect.Parameter.POSITIONAL_OR_KEYWORD),
              *(p.replace(name=f"{p.name}_") if p.name == "params" else p for p in ps)]
    try:
        shadow_fn.__signature__ = sig.replace(parameters=ps)
    except ValueError:
        pass


def flat_names(prefix: str, tree) -> list[str]:
    paths, _, _ = optree.tree_flatten_with_path(tree, none_is_leaf=True, namespace="ivy")
    return [prefix + "".join(f"[{k!r}]" for k in p) for p in paths]


__all__ = ["Evaluator", "Rules", "Shadow", "coverage", "coverage_markdown", "describe",
           "out_of_place", "flat_names", "ivy_numpy", "plain_structure", "trace", "user_line"]
