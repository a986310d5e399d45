"""``ivy.transpile``: capture → Ivy graph → emitted target code → verified, as one object.

The pipeline (docs/transpiler.md):

1. **capture** with the source framework's own machinery (``capture/<source>.py``), each
   operation checked against the framework's own result on the example inputs;
2. **optimise and emit** the Ivy graph for the target (``Graph.to_source``: standalone code that
   imports only the target framework);
3. **verify** the emitted code: run it on the example inputs and on a second random draw of the
   same shapes, compare with the source's outputs (and, for models, one gradient); anything
   that does not match raises :class:`TranspileError` — a transpile is never silently wrong.

This module is the orchestration (and the result, :class:`Transpiled`); the verification is
:mod:`.verify`, the emitted function and its per-signature variants :mod:`.variants`, code given
as text (the service, the CLI) :mod:`.service`.
"""

from __future__ import annotations

import functools
import re
import time
import types
from pathlib import Path

import numpy as np
import optree

from .. import backend_handler
from ..tracer.emit.base import function_name
from ..tracer.errors import TraceError
from ..tracer.fuse import fused_counts
from . import frameworks as fw
from . import models, shapes
from .capture import Captured, frontend, get_capture
from .errors import TranspileError
from .variants import Variants, load_emitted
from .verify import Runner, fails, failure_text, tolerances, verify_emitted

_MODEL_ROOTS = {"torch": "torch", "keras": "tensorflow", "tensorflow": "tensorflow",
                "tf_keras": "tensorflow", "flax": "jax", "ivy": "ivy"}


# -- which framework is the source -------------------------------------------------------------
def _globals_frameworks(fn) -> set[str]:
    """Frameworks that ``fn``'s code refers to through its globals (``torch.…``, ``jnp.…``)."""
    found = set()
    code = getattr(fn, "__code__", None)
    g = dict(getattr(fn, "__globals__", {}))
    if code is None:
        return found
    for n, cell in zip(code.co_freevars, getattr(fn, "__closure__", None) or (), strict=False):
        try:
            g[n] = cell.cell_contents
        except ValueError:  # an empty cell
            pass
    stack = [code]
    while stack:
        c = stack.pop()
        for n in (*c.co_names, *c.co_freevars):
            v = g.get(n)
            if v is None:
                continue
            mod = v.__name__ if isinstance(v, types.ModuleType) else getattr(v, "__module__", "")
            root = (mod or "").split(".", 1)[0]
            if root == "ivy":
                sub = (mod or "").split(".")
                found.add(sub[2] if len(sub) > 2 and sub[1] == "frontends" else "ivy")
            elif root in ("torch", "numpy", "jax", "tensorflow", "keras", "flax", "optax", "kornia",
                          "transformers"):
                found.add({"keras": "tensorflow", "flax": "jax", "optax": "jax",
                           "kornia": "torch", "transformers": "torch"}.get(root, root))
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return found


def infer_source(obj, args=(), kwargs=None) -> str:
    """The source framework of ``obj``: a model's class, the example arrays' framework, or the
    frameworks the function's code refers to (NumPy when nothing says otherwise)."""
    if isinstance(obj, tuple) and len(obj) == 2 and callable(obj[0]):
        return "jax"  # (pure function, parameter pytree)
    for c in type(obj).__mro__:
        root = (c.__module__ or "").split(".", 1)[0]
        if root in _MODEL_ROOTS and not isinstance(obj, types.FunctionType):
            if root == "ivy" and "Module" not in {k.__name__ for k in type(obj).__mro__}:
                continue
            return _MODEL_ROOTS[root]
    seen = {fw.framework_of(x) for x in optree.tree_leaves((args, kwargs or {}), namespace="ivy")
            if fw.is_array(x)}
    seen.discard(None)
    non_numpy = seen - {"numpy"}
    if len(non_numpy) == 1:
        return non_numpy.pop()
    used = _globals_frameworks(obj)
    for name in ("torch", "jax", "tensorflow", "ivy", "numpy"):
        if name in used and (name != "numpy" or len(used) == 1 or used <= {"numpy", "ivy"}):
            return name
    if "numpy" in used or "numpy" in seen:
        return "numpy"
    raise TranspileError("cannot tell which framework this code is written for; pass "
                         f"source= (one of {', '.join(fw.FRAMEWORKS)} or 'ivy')")


# -- the result --------------------------------------------------------------------------------
def _count(n: int, noun: str) -> str:
    """``1 Ivy call``, ``3 Ivy calls``."""
    return f"{n} {noun}{'s' * (n != 1)}"


class Report(dict):
    """The transpile report (a JSON-able dict) with a readable ``str``."""

    def __str__(self) -> str:
        v = self.get("verification", {})
        lines = [f"{self['name']}: {self['source']} -> {self['target']} ({self['kind']}), "
                 f"{_count(self['graph']['calls'], 'Ivy call')} from "
                 f"{_count(sum(o['count'] for o in self['ops']), 'captured operation')}, "
                 f"{self['timings']['total_s'] * 1e3:.0f} ms",
                 f"verified: {v.get('verified')} ({v.get('where', '')})"]
        for part in ("example", "second_draw", "gradient"):
            entries = v.get(part)
            if isinstance(entries, list) and entries:
                worst = max(e["max_abs_err"] for e in entries)
                bad = [e for e in entries if not e["ok"]]
                lines.append(f"  {part}: {len(entries) - len(bad)}/{len(entries)} match, "
                             f"max |error| {worst:.3g}" + (f"; FAILED {bad[0]['path']}: "
                                                           f"{bad[0]['why']}" if bad else ""))
            elif isinstance(entries, dict):
                lines.append(f"  {part}: {entries.get('skipped', entries)}")
        fused = self["graph"].get("fused")
        if fused:
            lines.append("fused: " + ", ".join(f"{k} x{v}" for k, v in sorted(fused.items()))
                         + " (one Ivy call each; transpile(..., fuse=False) keeps the source's "
                         "operations)")
        lines.append("operations:")
        for o in self["ops"]:
            lines.append(f"  {o['op']} x{o['count']} -> {o['mapping']} (max |error| "
                         f"{o['max_err']:.3g})")
        for n in self.get("notes", []):
            lines.append(f"note: {n}")
        return "\n".join(lines)


class Transpiled:
    """A transpiled function or model (see :func:`transpile`)."""

    def __init__(self, *, fn, source: str, report: Report, graph, target: str, name: str,
                 captured: Captured, params: dict):
        self.fn = fn
        self.source = source
        self.report = report
        self.graph = graph
        self.target = target
        self.name = name
        self.source_framework = captured.source
        self.is_model = captured.is_model
        self.trainable = list(captured.trainable)
        self._params_np = captured.params
        self._params = params
        self._model = None

    # -- calling --------------------------------------------------------------------------------
    def _inputs(self, inputs, kwargs):
        conv = self.target if self.target != "ivy" else "numpy"
        if self.source_framework == "jax":  # as the JAX program holds them: x64 off
            inputs, kwargs = fw.jax_canonical_native((tuple(inputs), kwargs))
        return fw.convert_tree(tuple(inputs), conv), fw.convert_tree(kwargs, conv)

    def __call__(self, *inputs, **kwargs):
        inputs, kwargs = self._inputs(inputs, kwargs)
        if self.is_model:
            if self.target in ("torch", "tensorflow"):
                return self.model(*inputs, **kwargs)
            return self.fn(self._params, *inputs, **kwargs)
        if self.target == "ivy":
            with backend_handler.using_backend("numpy"):
                return self.fn(*inputs, **kwargs)
        return self.fn(*inputs, **kwargs)

    def apply(self, params, *inputs, **kwargs):
        """The pure form: ``fn(params, *inputs)`` (models; JAX style)."""
        inputs, kwargs = self._inputs(inputs, kwargs)
        return self.fn(params, *inputs, **kwargs)

    @property
    def params(self) -> dict:
        """The weights as target arrays, by the source's names (``{}`` for a function). For the
        torch and tensorflow targets these are the model's own parameters/variables."""
        if self.is_model and self.target == "torch":
            return self.model.parameter_dict()
        if self.is_model and self.target == "tensorflow":
            return self.model.params
        return self._params

    def params_numpy(self) -> dict[str, np.ndarray]:
        return {k: fw.to_numpy(v) for k, v in self.params.items()}

    @property
    def model(self):
        """The target-native model: a ``torch.nn.Module``, a ``keras.layers.Layer``, or (JAX,
        NumPy, Ivy) an object with ``params`` and ``apply``. ``None`` for a function."""
        if not self.is_model:
            return None
        if self._model is None:
            self._model = models.build(self.target, self.fn, self._params, self.trainable,
                                       self.name)
        return self._model

    # -- saving ---------------------------------------------------------------------------------
    def save(self, path) -> list[str]:
        """Write the standalone source to ``path``; a model's weights go beside it
        (``<stem>.pt`` for torch, ``<stem>.npz`` otherwise) with a ``load_params()`` in the source.
        Returns the paths written."""
        path = Path(path)
        text = self.source
        written = [str(path)]
        if self.is_model:
            weights = self.params_numpy()
            if self.target == "torch":
                import torch
                wpath = path.with_suffix(".pt")
                torch.save({k: fw.from_numpy(v, "torch") for k, v in weights.items()}, wpath)
                text += _LOADER_TORCH.format(file=wpath.name)
            else:
                wpath = path.with_suffix(".npz")
                np.savez(wpath, **{_npz_key(k): v for k, v in weights.items()})
                text += _LOADER_NPZ.format(file=wpath.name, keys=repr(
                    {_npz_key(k): k for k in weights}), conv=_NPZ_CONV[self.target])
            written.append(str(wpath))
        path.write_text(text)
        return written

    def __repr__(self):
        v = self.report.get("verification", {}).get("verified")
        return (f"<Transpiled {self.name}: {self.source_framework} -> {self.target}, "
                f"{'model' if self.is_model else 'function'}, verified={v}>")


def _npz_key(k: str) -> str:
    return k.replace("/", "__SLASH__")


_LOADER_TORCH = '''

def load_params(path=None):
    """The weights saved beside this file, by parameter name."""
    import os
    path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), {file!r})
    return torch.load(path, weights_only=True)
'''
_LOADER_NPZ = '''

def load_params(path=None):
    """The weights saved beside this file, by parameter name."""
    import os
    import numpy
    path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), {file!r})
    names = {keys}
    with numpy.load(path) as f:
        return {{names[k]: {conv} for k in f.files}}
'''
_NPZ_CONV = {"numpy": "f[k]", "jax": "jax.numpy.asarray(f[k])",
             "tensorflow": "tf.convert_to_tensor(f[k])", "ivy": "ivy.asarray(f[k])"}


# -- the pipeline ------------------------------------------------------------------------------
def _version(target: str) -> str:
    if target == "ivy":
        return "ivy (numpy backend)"
    mod = __import__(target)
    return f"{target} {getattr(mod, '__version__', '?')}"


def _io_spec(tree) -> list[dict]:
    paths, leaves, _ = optree.tree_flatten_with_path(tree, none_is_leaf=True, namespace="ivy")
    return [{"path": "".join(f"[{k!r}]" for k in p), "shape": list(v.shape),
             "dtype": str(v.dtype)} for p, v in zip(paths, leaves, strict=False) if isinstance(v, np.ndarray)]


def _unwritable(e: TraceError, graph, cap, source: str, target: str) -> TranspileError:
    """The emitter's refusal as a TranspileError naming the source operation (and its line)
    that produced the Ivy call the target cannot express, when one can be told apart."""
    fn = next((n.target for n in graph.nodes if n.op == "call" and
               f"node {n.name} = ivy.{n.target}(" in str(e)), None)
    rec = None
    if fn is not None:
        leaf = str(fn).rpartition(".")[2]
        hits = [r for r in cap.ops if leaf in re.split(r"[^A-Za-z0-9]+|_", r.op)
                or str(r.mapping).endswith(f".{leaf}")]
        rec = hits[0] if len(hits) == 1 else None
    what = f"ivy.{fn}" if fn else "an Ivy call"
    return TranspileError(f"the {target} target cannot express {what} ({e})",
                          op=rec.op if rec else None, line=rec.line if rec else None,
                          source=source, target=target)


def _symbolic(cap, cap_mod, obj, dynamic, target, fname, fuse, params_of):
    """The graph with symbolic sizes, its source and the plan (``shapes.Plan``): captured again
    at other sizes, fitted, emitted, and verified at sizes never captured; a dimension that
    fails anywhere is pinned and the code written again."""
    plan = shapes.Plan(cap.graph, cap.args, cap.kwargs, 1 if cap.is_model else 0, dynamic,
                       lambda a, k: cap_mod.capture(obj, a, k),
                       prepare=lambda g: g.optimize(fuse=fuse))
    conv = target if target != "ivy" else "numpy"
    tol = tolerances(cap.graph)
    for _ in range(len(plan.symbols) + 1):
        graph = plan.generalize(cap.graph)  # (compared and generalized once optimised)
        graph.dims = plan.emitted_dims()
        text = graph.to_source(target, name=fname, check_inputs=1 if cap.is_model else 0)
        fn = load_emitted(text, target, fname)
        run = Runner(fn, target, cap.is_model)
        params = params_of()

        def native(a, k):
            return fw.tree_to_numpy(cap_mod.run_native(obj, a, k))

        def emitted(a, k, run=run, params=params):
            return run(params, fw.tree_from_numpy(a, conv), fw.tree_from_numpy(k, conv))

        def compare(ref, got):
            bad = [e for e in fw.compare_trees(ref, got, rtol_table=tol) if not e["ok"]]
            return f"{bad[0]['path']}: {bad[0]['why']}" if bad else ""

        if not plan.check_sizes(native, emitted, compare):
            return graph, text, plan
    return graph, text, plan


def _dims_line(plan) -> str:
    """The docstring's sentence on sizes: which dimensions the code takes at any size."""
    free = [s for s in plan.symbols if not s.pinned]
    if not free:
        return " Every input size is fixed (see the report's dims)."
    parts = []
    for s in free:
        bound = f" >= {s.min}" if s.min > 1 else ""
        bound += f" <= {s.max}" if s.max is not None else ""
        same = [f"{d.input}.shape[{d.axis}]" for d in s.dims[1:]]
        parts.append(s.code + bound + (f" (= {', '.join(same)})" if same else ""))
    return f" Sizes read from the inputs: {'; '.join(parts)}."


def transpile(obj, source: str | None = None, target: str = "jax", args=(), kwargs=None, *,
              verify: bool = True, strict: bool = True, name: str | None = None,
              fuse: bool = True, dynamic=False):
    """Convert ``obj`` from ``source`` to ``target`` (see docs/transpiler.md).

    ``obj``: a function; a model (``torch.nn.Module``, a Keras layer/model, a Flax module,
    ``(pure_fn, params)``, an ``ivy.Module``); or a module object (a library such as
    ``kornia``), which gives a lazy proxy transpiling each function on first call.
    ``args``/``kwargs``: example inputs (NumPy or source-framework arrays). ``source`` is
    inferred when not given. ``target``: numpy, torch, jax, tensorflow or ivy.

    ``dynamic``: which input dimensions the emitted code takes at any size. ``False`` (the
    default for now): the example's shapes, checked (another shape transpiles again through
    ``t(...)``). ``"auto"``: every dimension of size ≥ 2 the program does not pin (captured
    again at other sizes, fitted, verified at sizes never captured; see
    :mod:`ivy.transpiler.shapes`). ``{"x": {0: "batch"}}``: the named dimensions only (a name
    shared by dimensions makes them one size; ``{"name": ..., "min": ..., "max": ...}`` bounds
    it); refused, naming the op and line, when the program pins one. ``report["dims"]`` says
    what became of every dimension.

    ``fuse=False`` keeps the source's own operations where the optimiser would replace a
    composite (a layer norm, a softmax, GELU, SiLU) by the one Ivy function that the target
    maps to its fused kernel (:mod:`ivy.tracer.fuse`; ``report["graph"]["fused"]`` lists them).

    Returns a :class:`Transpiled`; raises :class:`TranspileError` when an operation cannot be
    mapped or the emitted code does not reproduce the source (``strict=False`` returns it with
    ``report["verification"]["verified"] == False`` instead).
    """
    target = fw.canonical(target, "target", fw.TARGETS)
    if isinstance(obj, types.ModuleType):
        return LazyModule(obj, source, target)
    args = tuple(args) if isinstance(args, (tuple, list)) else (args,)
    kwargs = dict(kwargs or {})
    source = fw.canonical(source, "source", (*fw.FRAMEWORKS, "ivy")) or \
        infer_source(obj, args, kwargs)
    t0 = time.perf_counter()
    args_np, kwargs_np = _distinct((fw.tree_to_numpy(args), fw.tree_to_numpy(kwargs)))
    through = frontend.uses_frontend(obj)
    if through is not None:  # code written against ivy.frontends.<fw>: no real framework needed
        cap_mod = types.SimpleNamespace(
            capture=functools.partial(frontend.capture, framework=through),
            run_native=functools.partial(frontend.run_native, framework=through))
        source = through
    else:
        cap_mod = get_capture(source)
    try:
        cap = cap_mod.capture(obj, args_np, kwargs_np)
    except TranspileError as e:  # the capture does not know the target: the message names it
        if e.target is not None:
            raise
        raise TranspileError(e.detail, op=e.op, line=e.line, source=e.source or source,
                             target=target) from e.__cause__
    t1 = time.perf_counter()
    conv = target if target != "ivy" else "numpy"
    plan = None
    try:
        graph = cap.graph.optimize(fuse=fuse)
    except Exception:  # noqa: BLE001 - an optimisation is optional; the plain graph is correct
        graph = cap.graph
    fname = function_name(graph, name or cap.name)
    try:
        if dynamic not in (False, None):
            graph, text, plan = _symbolic(
                cap, cap_mod, obj, dynamic, target, fname, fuse,
                lambda: {k: fw.from_numpy(v, conv) for k, v in cap.params.items()})
        else:
            # array inputs are checked (a model's parameters, argument 0, are not): the code is
            # written for the example's shapes and dtypes, another shape would run silently wrong
            text = graph.to_source(target, name=fname, check_inputs=1 if cap.is_model else 0)
    except TraceError as e:  # the target backend cannot express a node (e.g. no ivy.j1 on jax)
        raise _unwritable(e, graph, cap, source, target) from None
    # the header names what was converted (the emitter's says "traced by ivy.trace_graph")
    calls = sum(1 for n in graph.nodes if n.op == "call")
    text = (f'"""{fname}: {source} -> {target}, written by ivy.transpile ({calls} '
            f'call{"s" * (calls != 1)}).{_dims_line(plan) if plan is not None else ""}"""'
            + text[text.index("\n"):])
    fn = Variants(load_emitted(text, target, fname), cap.is_model, functools.partial(
        transpile, obj, source, target, verify=verify, strict=strict, name=name, fuse=fuse,
        dynamic=dynamic), (tuple(cap.args), dict(cap.kwargs)), source)
    t2 = time.perf_counter()
    params = {k: fw.from_numpy(v, conv) for k, v in cap.params.items()}
    report = Report(
        name=fname, source=source, target=target, kind="model" if cap.is_model else "function",
        inputs=_io_spec((cap.args, cap.kwargs)), outputs=_io_spec(cap.outputs),
        params={"count": len(cap.params), "elements": int(sum(v.size for v in cap.params.values())),
                "trainable": len(cap.trainable)},
        ops=[o.to_dict() for o in cap.ops],
        graph={"nodes": len(graph.nodes), "calls": sum(1 for n in graph.nodes if n.op == "call"),
               "fused": fused_counts(graph)},
        notes=list(cap.notes))
    if plan is not None:
        report["dims"] = plan.report()
    verification = {"verified": None, "where": f"in-process, {_version(target)}"}
    if verify:
        verification.update(verify_emitted(fn, target, cap, cap_mod, obj, params, text))
    else:
        verification["skipped"] = "verify=False"
    report["verification"] = verification
    t3 = time.perf_counter()
    report["timings"] = {"capture_s": t1 - t0, "emit_s": t2 - t1, "verify_s": t3 - t2,
                         "total_s": t3 - t0}
    result = Transpiled(fn=fn, source=text, report=report, graph=graph, target=target,
                        name=fname, captured=cap, params=params)
    if verify and strict and not verification["verified"]:
        where = verification.get("localized")
        if where is not None and fails(verification, "second_draw"):
            raise TranspileError(where["why"] + ": " + failure_text(verification) + "\n"
                                 + str(report), op=where["op"], line=where["line"],
                                 source=source, target=target)
        detached = next((o for o in cap.ops if o.detached), None)
        if detached is not None and fails(verification, "second_draw"):
            # right on the example, wrong on other values, and this op's Ivy result did not
            # follow its inputs in the trace: the mapping read values into Python
            raise TranspileError(
                f"its Ivy mapping ({detached.mapping}) computed the result from the example's "
                "values in Python (the trace holds a constant where the result depends on the "
                "inputs), so the emitted code does not reproduce the source on other inputs: "
                + failure_text(verification) + "\n" + str(report),
                op=detached.op, line=detached.detached, source=source, target=target)
        raise TranspileError(failure_text(verification) + "\n" + str(report),
                             source=source, target=target)
    return result


# -- libraries ---------------------------------------------------------------------------------
def _signature(tree):
    def key(v):
        if fw.is_array(v):
            a = fw.to_numpy(v)
            return ("array", a.shape, str(a.dtype))
        try:
            hash(v)
            return ("value", v)
        except TypeError:
            return ("repr", repr(v))

    leaves, spec = optree.tree_flatten(tree, none_is_leaf=True, namespace="ivy")
    return (str(spec), tuple(key(v) for v in leaves))


class LazyModule:
    """A library as seen through the transpiler: each function transpiles on its first call with
    the arguments given (cached per input signature) and runs in the target framework."""

    def __init__(self, module, source, target):
        self._module, self._source, self._target = module, source, target

    def __getattr__(self, name):
        attr = getattr(self._module, name)
        if isinstance(attr, types.ModuleType):
            return LazyModule(attr, self._source, self._target)
        if callable(attr) and not isinstance(attr, type):
            return LazyFunction(attr, self._source, self._target)
        return attr

    def __repr__(self):
        return f"<transpiled library {self._module.__name__} -> {self._target}>"


class LazyFunction:
    def __init__(self, fn, source, target):
        self.fn, self.source, self.target = fn, source, target
        self.cache: dict = {}
        self.__name__ = getattr(fn, "__name__", "fn")
        self.__doc__ = getattr(fn, "__doc__", None)

    def __call__(self, *args, **kwargs):
        key = _signature((args, kwargs))
        t = self.cache.get(key)
        if t is None:
            t = self.cache[key] = transpile(self.fn, self.source, self.target, args, kwargs)
        return t(*args, **kwargs)


__all__ = ["LazyModule", "Report", "Transpiled", "infer_source", "transpile"]


def _distinct(tree):
    """``tree`` with every array a distinct object: the same array passed for two parameters
    (``f(x, x)``) must give the graph two inputs, not one used twice (the second draw gives
    the parameters different values)."""
    seen: set = set()

    def one(v):
        if isinstance(v, np.ndarray):
            if id(v) in seen:
                return v.copy()
            seen.add(id(v))
        return v

    return optree.tree_map(one, tree, none_is_leaf=True)
