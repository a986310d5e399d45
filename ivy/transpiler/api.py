"""``ivy.transpile``: capture → Ivy graph → emitted target code → verified, as one object.

The pipeline (docs/transpiler.md):

1. **capture** with the source framework's own machinery (``capture/<source>.py``), each
   operation checked against the framework's own result on the example inputs;
2. **optimise and emit** the Ivy graph for the target (``Graph.to_source``: standalone code that
   imports only the target framework);
3. **verify** the emitted code: run it on the example inputs and on a second random draw of the
   same shapes, compare with the source's outputs (and, for models, one gradient); anything
   that does not match raises :class:`TranspileError` — a transpile is never silently wrong.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.abc
import importlib.util
import linecache
import re
import sys
import time
import types
import weakref
from pathlib import Path

import numpy as np
import optree

from .. import backend_handler
from ..tracer import ir
from ..tracer.emit.base import function_name
from ..tracer.errors import TraceError
from ..tracer.fuse import fused_counts
from . import frameworks as fw
from . import models
from .capture import Captured, frontend, get_capture
from .errors import TranspileError

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
#: emitted modules by name, while their functions live (the module is kept by its own dict)
_LIVE: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


class _EmittedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Makes emitted modules importable by name while they live: ``torch.compile`` resolves the
    globals of a function it inlines (a model's ``forward`` calling the emitted function, a
    helper called from it) by importing the function's module. Only imported modules enter
    ``sys.modules``; the others are collected with their functions."""

    def find_spec(self, name, path=None, target=None):
        mod = _LIVE.get(name) if name.startswith("ivy_transpiled_") else None
        return None if mod is None else importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return _LIVE[spec.name]

    def exec_module(self, module):
        pass  # already executed


if not any(isinstance(f, _EmittedModules) for f in sys.meta_path):
    sys.meta_path.append(_EmittedModules())


def _load(source: str, target: str, name: str, *, checked: bool = True):
    """Execute the emitted source as a module and return its function. ``checked=False``: a
    private copy whose input check lets every input through (the gradient check's float64 run
    of the same code)."""
    digest = hashlib.sha1(source.encode()).hexdigest()[:10]
    filename = f"<transpiled {name} {target} {digest}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    mod = types.ModuleType(f"ivy_transpiled_{digest}")
    mod.__file__ = filename
    exec(compile(source, filename, "exec"), mod.__dict__)  # noqa: S102 - our own emitted code
    if not checked:
        for k in list(mod.__dict__):
            if k.startswith(("_wrong_input", "_wrong_value")):
                mod.__dict__[k] = _let_through
        return mod.__dict__[name]
    mod.__dict__["__ivy_module__"] = mod  # alive as long as its functions (their globals) are
    _LIVE[mod.__name__] = mod
    return mod.__dict__[name]


def _let_through(fn, arg, x, *_):
    return x  # (the JAX target's check returns the input it accepts)


def _version(target: str) -> str:
    if target == "ivy":
        return "ivy (numpy backend)"
    mod = __import__(target)
    return f"{target} {getattr(mod, '__version__', '?')}"


class _Runner:
    """Runs the emitted code on target arrays for the verification: ``(params, args, kwargs)``
    → the outputs as NumPy."""

    mode = "eager"

    def __init__(self, fn, target: str, is_model: bool):
        self.fn, self.target, self.is_model = fn, target, is_model

    def call(self, params, args, kwargs):
        return self.fn(params, *args, **kwargs) if self.is_model else self.fn(*args, **kwargs)

    def __call__(self, params, args, kwargs):
        with backend_handler.using_backend("numpy") if self.target == "ivy" else _nullcontext():
            return fw.tree_to_numpy(self.call(params, args, kwargs))


#: graphs of at least this many calls are verified under jax.jit; smaller ones eagerly, where
#: JAX's per-operation compilations are shared by every function of the process (an op table
#: of hundreds of one-op programs: 12 s eagerly, 20 s jitted)
_JIT_FROM_CALLS = 16


class _JaxRunner(_Runner):
    """Runs emitted JAX code for the verification under ``jax.jit``: one XLA compilation of the
    whole function instead of one per distinct operation run eagerly (the bulk of a transpile's
    time: rgb_to_hsv 1.4 s → 0.45 s), and it shows the output is jittable. The example's
    non-array values (Python numbers, strings, None) stay static; the second draw, with the same
    shapes, reuses the compilation. Code that cannot be jitted (or whose jitted run raises) runs
    eagerly from then on, and the report says why. Emitted code that switches on 64-bit values
    (``jax.enable_x64``) is jitted in that mode, so float64 inputs stay float64."""

    def __init__(self, fn, is_model: bool, x64: bool):
        super().__init__(fn, "jax", is_model)
        self.x64 = x64
        self.cache: dict = {}
        self.mode = "jax.jit"

    def __call__(self, params, args, kwargs):
        import jax
        with jax.enable_x64(True) if self.x64 else _nullcontext():
            if self.mode == "jax.jit":
                try:
                    return fw.tree_to_numpy(self._jitted(params, args, kwargs))
                except Exception as e:  # noqa: BLE001 - not jittable: the eager run decides
                    self.mode = f"eager (jax.jit failed: {type(e).__name__}: {str(e)[:200]})"
            return fw.tree_to_numpy(self.call(params, args, kwargs))

    def _jitted(self, params, args, kwargs):
        import jax
        leaves, spec = optree.tree_flatten((params, args, kwargs), none_is_leaf=True,
                                           namespace="ivy")
        dyn = [i for i, v in enumerate(leaves) if isinstance(v, jax.Array)]
        static = tuple((i, v) for i, v in enumerate(leaves) if not isinstance(v, jax.Array))
        key = (spec, repr(static))
        f = self.cache.get(key)
        if f is None:
            n = len(leaves)

            def whole(*arrays):
                full = [None] * n
                for i, v in static:
                    full[i] = v
                for i, v in zip(dyn, arrays, strict=True):
                    full[i] = v
                return self.call(*optree.tree_unflatten(spec, full))

            f = self.cache[key] = jax.jit(whole)
        return f(*(leaves[i] for i in dyn))


class _nullcontext:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def _second_draw(args, kwargs, seed=1):
    rng = np.random.default_rng(seed)

    def draw(v):
        return fw.random_like(v, rng) if isinstance(v, np.ndarray) else v

    return (optree.tree_map(draw, args, none_is_leaf=True, namespace="ivy"),
            optree.tree_map(draw, kwargs, none_is_leaf=True, namespace="ivy"))


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


def transpile(obj, source: str | None = None, target: str = "jax", args=(), kwargs=None, *,
              verify: bool = True, strict: bool = True, name: str | None = None,
              fuse: bool = True):
    """Convert ``obj`` from ``source`` to ``target`` (see docs/transpiler.md).

    ``obj``: a function; a model (``torch.nn.Module``, a Keras layer/model, a Flax module,
    ``(pure_fn, params)``, an ``ivy.Module``); or a module object (a library such as
    ``kornia``), which gives a lazy proxy transpiling each function on first call.
    ``args``/``kwargs``: example inputs (NumPy or source-framework arrays). ``source`` is
    inferred when not given. ``target``: numpy, torch, jax, tensorflow or ivy.

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
    try:
        graph = cap.graph.optimize(fuse=fuse)
    except Exception:  # noqa: BLE001 - an optimisation is optional; the plain graph is correct
        graph = cap.graph
    fname = function_name(graph, name or cap.name)
    try:
        # array inputs are checked (a model's parameters, argument 0, are not): the code is
        # written for the example's shapes and dtypes, another shape would run silently wrong
        text = graph.to_source(target, name=fname, check_inputs=1 if cap.is_model else 0)
    except TraceError as e:  # the target backend cannot express a node (e.g. no ivy.j1 on jax)
        raise _unwritable(e, graph, cap, source, target) from None
    # the header names what was converted (the emitter's says "traced by ivy.trace_graph")
    calls = sum(1 for n in graph.nodes if n.op == "call")
    text = (f'"""{fname}: {source} -> {target}, written by ivy.transpile ({calls} '
            f'call{"s" * (calls != 1)})."""'
            + text[text.index("\n"):])
    fn = _Variants(_load(text, target, fname), cap.is_model, functools.partial(
        transpile, obj, source, target, verify=verify, strict=strict, name=name, fuse=fuse),
        (tuple(cap.args), dict(cap.kwargs)), source)
    t2 = time.perf_counter()
    conv = target if target != "ivy" else "numpy"
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
    verification = {"verified": None, "where": f"in-process, {_version(target)}"}
    if verify:
        verification.update(_verify(fn, target, cap, cap_mod, obj, params, text))
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
        if where is not None and _fails(verification, "second_draw"):
            raise TranspileError(where["why"] + ": " + _failure_text(verification) + "\n"
                                 + str(report), op=where["op"], line=where["line"],
                                 source=source, target=target)
        detached = next((o for o in cap.ops if o.detached), None)
        if detached is not None and _fails(verification, "second_draw"):
            # right on the example, wrong on other values, and this op's Ivy result did not
            # follow its inputs in the trace: the mapping read values into Python
            raise TranspileError(
                f"its Ivy mapping ({detached.mapping}) computed the result from the example's "
                "values in Python (the trace holds a constant where the result depends on the "
                "inputs), so the emitted code does not reproduce the source on other inputs: "
                + _failure_text(verification) + "\n" + str(report),
                op=detached.op, line=detached.detached, source=source, target=target)
        raise TranspileError(_failure_text(verification) + "\n" + str(report),
                             source=source, target=target)
    return result


class _Variants:
    """The emitted function, and the program transpiled again for each other input signature
    it is called with. The emitted code is written for the example's shapes, dtypes and plain
    Python argument values and refuses others (a ValueError marked ``wrong_input``); called with
    such inputs, this transpiles the source again with them as the example (capture and
    verification as the first time, cached per signature) and runs that. A JAX source's 64-bit
    inputs are first cast to the 32 bits the JAX program holds them in. A model's variants take the
    parameters passed in (the target's current weights, trained or not). Inside a ``jax.jit``
    trace (shapes, no values) the first example's values resized to the new shape are the
    example; where sizes are unknown (``tf.function`` with a ``None`` dimension) the refusal
    stands, with advice."""

    def __init__(self, fn, is_model: bool, again, example=((), {}), source: str = ""):
        self.fn, self.is_model, self.again = fn, is_model, again
        self.example = example  # the first example's (args, kwargs), NumPy
        self.source = source
        self.more: dict = {}
        self.__name__ = self.__qualname__ = fn.__name__
        self.__doc__, self.__wrapped__ = fn.__doc__, fn

    def __call__(self, *args, **kwargs):
        if self.more:
            try:
                f = self.more.get(self._key(args, kwargs))
            except TypeError:  # an unhashable plain argument: no variant is kept for it
                f = None
            if f is not None:
                return f(*args, **kwargs)
        try:
            return self.fn(*args, **kwargs)
        except ValueError as e:
            if not getattr(e, "wrong_input", False):  # the emitted code's refusal (its guard)
                raise
            f = self._variant(args, kwargs, e)
        return f(*args, **kwargs)

    def _key(self, args, kwargs):
        inputs = args[1:] if self.is_model else args
        leaves, spec = optree.tree_flatten((inputs, kwargs), none_is_leaf=True, namespace="ivy")
        return spec, tuple((tuple(v.shape), str(v.dtype)) if fw.is_array(v) else
                           (type(v), v) for v in leaves)

    def _variant(self, args, kwargs, why):
        torch = sys.modules.get("torch")
        if torch is not None and torch.compiler.is_compiling():
            # under torch.compile: transpiling runs eagerly, outside the graph (a graph break)
            return torch._dynamo.disable(self._make)(args, kwargs, why)
        return self._make(args, kwargs, why)

    def _make(self, args, kwargs, why):
        inputs = args[1:] if self.is_model else args
        key = self._key(args, kwargs)  # the call as made (what __call__ looks up)
        if self.source == "jax":  # 64-bit inputs: a JAX program (x64 off) holds them in 32 bits
            head = args[:1] if self.is_model else ()
            c_args = head + tuple(fw.jax_canonical_native(tuple(inputs)))
            c_kwargs = fw.jax_canonical_native(kwargs)
            if self._key(c_args, c_kwargs) != key:
                def canonical(*a, **k):
                    h = a[:1] if self.is_model else ()
                    return self.fn(*h, *fw.jax_canonical_native(tuple(a[len(h):])),
                                   **fw.jax_canonical_native(k))
                try:
                    self.fn(*c_args, **c_kwargs)
                except ValueError as e:
                    if not getattr(e, "wrong_input", False):
                        raise
                else:
                    self.more[key] = canonical
                    return canonical
        # a keyword left out keeps the example's value (as in the emitted code)
        kwargs = {**{k: v for k, v in self.example[1].items() if k not in kwargs}, **kwargs}
        try:
            hash(key)
            try:
                inputs_np, kwargs_np = fw.tree_to_numpy(inputs), fw.tree_to_numpy(kwargs)
            except Exception:  # noqa: BLE001 - abstract values (a jax.jit trace)
                inputs_np, kwargs_np = self._resized(inputs, kwargs)
        except Exception:  # noqa: BLE001 - unknown sizes (tf.function), unhashable arguments
            e = ValueError(
                f"{why}. Inside this trace the transpiled function cannot be transpiled again "
                "for these inputs (their sizes are not all known, or their structure is not the "
                "example's): call it once eagerly with inputs of this shape (it then transpiles "
                "for them and keeps both), or transpile with an example of this shape")
            e.wrong_input = True
            raise e from None
        jax = sys.modules.get("jax")
        with jax.ensure_compile_time_eval() if jax is not None else _nullcontext():
            # (inside a jax.jit trace, JAX would stage the new transpile's own JAX work into it)
            f = self.again(args=inputs_np, kwargs=kwargs_np).fn.fn
        self.more[key] = f
        return f

    def _resized(self, inputs, kwargs):
        """Example values for abstract inputs (a ``jax.jit`` trace knows shapes and dtypes, not
        values): the first example's values repeated to the new shape (``np.resize``) in the
        new dtype, so they keep its ranges (token ids, indices); plain Python values as given.
        The new transpile verifies on them like any other."""
        leaves, spec = optree.tree_flatten((tuple(inputs), kwargs), none_is_leaf=True,
                                           namespace="ivy")
        ex, ex_spec = optree.tree_flatten(self.example, none_is_leaf=True, namespace="ivy")
        if spec != ex_spec:
            raise ValueError("another structure than the example's")
        out = []
        for v, e in zip(leaves, ex, strict=True):
            if fw.is_array(v):
                shape = tuple(int(d) for d in v.shape)  # TypeError for unknown sizes
                dt = np.dtype(fw.dtype_name(v))
                out.append(np.resize(np.asarray(e), shape).astype(dt) if np.size(e) else
                           np.zeros(shape, dt))
            else:
                out.append(v)
        return optree.tree_unflatten(spec, out)


def _localize(cap: Captured, cap_mod, obj, args, kwargs) -> dict | None:
    """Which captured operation made the emitted code wrong on the second draw: capture the
    program again on those inputs; the first node where the two graphs differ (a constant baked
    from the example's values, a different op sequence) names its source op and line (the
    captures set ``node.meta``). A capture that fails on the second draw names its op itself."""
    try:
        cap2 = cap_mod.capture(obj, args, kwargs)
    except TranspileError as e:
        return {"op": e.op, "line": e.line,
                "why": f"on a second random draw of inputs the capture fails ({e.detail})"}
    except Exception:  # noqa: BLE001 - no localization; the verification failure stands
        return None
    a, b = cap.graph.nodes, cap2.graph.nodes
    for k in range(min(len(a), len(b)) + 1):
        if k < len(a) and k < len(b) and _node_key(a[k]) == _node_key(b[k]):
            continue
        meta = next((n.meta for n in a[k:] if n.meta), None)
        if meta is None:
            return None
        return {"op": meta["source_op"], "line": meta["line"],
                "why": "the captured program depends on the input values here: captured on a "
                       "second random draw of inputs it records a different computation (a "
                       "value read into Python: data-dependent control flow, or a mapping that "
                       "inspects its data), so the emitted code holds the example's values"}
    return None


def _node_key(n):
    """What makes two captured nodes the same computation (constants by value)."""
    def norm(v):
        if isinstance(v, ir.Sub):
            return ("sub", tuple(_node_key(m) for m in v.graph.nodes))
        if isinstance(v, (tuple, list)):
            return (type(v).__name__, tuple(norm(e) for e in v))
        if isinstance(v, dict):
            return ("dict", tuple((k, norm(e)) for k, e in v.items()))
        if isinstance(v, np.ndarray):
            return ("array", v.shape, str(v.dtype), v.tobytes())
        return repr(v)

    value = None
    if n.value is not None:
        v = np.asarray(n.value)
        value = (v.shape, str(v.dtype), v.tobytes())
    return (n.op, n.target, norm(n.args), norm(n.kwargs), repr(n.outputs), value)


def _fails(verification: dict, part: str) -> bool:
    v = verification.get(part)
    return isinstance(v, list) and not all(e["ok"] for e in v)


def _tolerances(graph) -> dict:
    """``frameworks.RTOL``, no tighter than the least precise float the program computes in: a
    float64 output computed from float32 values (NumPy's ``f32 / np.float64`` promotes) can only
    be float32-accurate."""
    floor = 0.0
    for n in graph.nodes:
        for _, d in (n.outputs or ()):
            floor = max(floor, fw.RTOL.get(str(d), 0.0))
    return {k: max(v, floor) for k, v in fw.RTOL.items()}


def _verify(fn, target, cap: Captured, cap_mod, obj, params, text: str = "") -> dict:
    conv = target if target != "ivy" else "numpy"
    tol = _tolerances(cap.graph)
    out = {}
    a, k = fw.tree_from_numpy(cap.args, conv), fw.tree_from_numpy(cap.kwargs, conv)
    calls = sum(1 for n in cap.graph.nodes if n.op == "call")
    run = _JaxRunner(fn, cap.is_model, "enable_x64" in text) \
        if target == "jax" and calls >= _JIT_FROM_CALLS else _Runner(fn, target, cap.is_model)
    try:
        got = run(params, a, k)
        out["example"] = fw.compare_trees(cap.outputs, got, rtol_table=tol)
        if _fails(out, "example") and not cap.is_model:
            _rounding(out["example"], cap_mod, obj, cap.args, cap.kwargs, cap.outputs, got)
    except Exception as e:  # noqa: BLE001 - reported as a failed verification
        out["example"] = [_crash("example", e)]
    # a second draw of inputs with the same shapes and dtypes, against the source run natively
    a2, k2 = _second_draw(cap.args, cap.kwargs)
    try:
        ref2 = fw.tree_to_numpy(cap_mod.run_native(obj, a2, k2))
    except Exception as e:  # noqa: BLE001 - the source itself rejects random inputs
        out["second_draw"] = {"skipped": f"the source raised on random inputs: "
                                         f"{type(e).__name__}: {str(e)[:200]}"}
    else:
        got2 = None
        try:
            got2 = run(params, fw.tree_from_numpy(a2, conv), fw.tree_from_numpy(k2, conv))
            out["second_draw"] = fw.compare_trees(ref2, got2, rtol_table=tol)
        except Exception as e:  # noqa: BLE001
            out["second_draw"] = [_crash("second_draw", e)]
        if _fails(out, "second_draw"):
            where = _localize(cap, cap_mod, obj, a2, k2)
            if where is not None:
                out["localized"] = where
            elif not cap.is_model and got2 is not None:
                _rounding(out["second_draw"], cap_mod, obj, a2, k2, ref2, got2)
    if cap.is_model and cap.trainable:
        out["gradient"] = _verify_gradient(fn, target, cap, cap_mod, obj, params, a, k, text)
    ok = True
    for part in ("example", "second_draw", "gradient"):
        v = out.get(part)
        if isinstance(v, list):
            ok = ok and all(e["ok"] for e in v)
    out["verified"] = bool(ok)
    out["run"] = run.mode
    return out


def _rounding(entries: list, cap_mod, obj, args, kwargs, ref, got) -> None:
    """Failed float32 entries that are rounding, not a wrong mapping, marked ok with a note:
    the source run natively on the same inputs in float64 is the truth, and the emitted code
    is no further from it than the source's own float32 result (×4, as for the per-op
    checks). A program that amplifies rounding (a colour conversion through cube roots, a
    nearly singular solve) meets the rtol of float32 on neither side. Functions only (a
    model's parameters would need casting too); nothing is accepted when the source cannot
    run in float64."""
    def to64(v):
        return v.astype(np.float64) if isinstance(v, np.ndarray) and v.dtype == np.float32 \
            else v
    try:
        a64 = optree.tree_map(to64, args, none_is_leaf=True, namespace="ivy")
        k64 = optree.tree_map(to64, kwargs, none_is_leaf=True, namespace="ivy")
        truth = fw.tree_to_numpy(cap_mod.run_native(obj, a64, k64))
        paths, tl, _ = optree.tree_flatten_with_path(truth, none_is_leaf=True, namespace="ivy")
        rl = optree.tree_leaves(ref, none_is_leaf=True, namespace="ivy")
        gl = optree.tree_leaves(got, none_is_leaf=True, namespace="ivy")
    except Exception:  # noqa: BLE001 - no float64 reference: the failure stands
        return
    if not (len(tl) == len(rl) == len(gl) == len(entries)):
        return
    for e, t, r, g in zip(entries, tl, rl, gl, strict=True):
        if e["ok"] or not all(isinstance(v, np.ndarray) for v in (t, r, g)):
            continue
        if r.dtype != np.float32 or r.shape != g.shape or r.shape != t.shape \
                or t.dtype != np.float64:
            continue
        t, r, g = (v.astype(np.float64) for v in (t, r, g))
        fin = np.isfinite(t) & np.isfinite(r)
        if not np.array_equal(np.isfinite(r), np.isfinite(g)) or not fin.any():
            continue
        own = float(np.abs(r - t)[fin].max())
        err = float(np.abs(g - t)[fin].max())
        # a float64 run that computes something else (code branching on the dtype) is no truth
        if own <= 1e-2 * float(np.abs(t[fin]).max()) and err <= 4 * own:
            e["ok"] = True
            e["why"] = (f"{e['why']}; accepted: the source's own float32 result is "
                        f"{own:.3g} from its float64 result, the emitted code {err:.3g} "
                        "(rounding amplified by the program, not a wrong mapping)")


def _verify_gradient(fn, target, cap, cap_mod, obj, params, a, k, text=""):
    if target in ("numpy", "ivy"):
        return {"skipped": f"{target} has no automatic differentiation"}
    try:
        ref = cap_mod.gradient(obj, cap.args, cap.kwargs)
    except NotImplementedError as e:
        return {"skipped": str(e)}
    try:
        got = models.gradient(target, fn, params, cap.trainable, a, k)
    except Exception as e:  # noqa: BLE001
        return [_crash("gradient", e)]
    names = [n for n in ref if n in got]
    missing = sorted(set(ref) ^ set(got))
    # a gradient that is zero in exact arithmetic (e.g. an attention key bias) comes out as
    # rounding noise on both sides: judge each against the largest gradient of the model
    scale = max((float(np.max(np.abs(ref[n]))) for n in names if ref[n].size), default=0.0)
    res = fw.compare_trees({n: ref[n] for n in names}, {n: got[n] for n in names},
                           rtol_table=_GRAD_RTOL, atol=1e-6 * scale)
    if not all(e["ok"] for e in res):
        # the same code in float64: a copy whose input check lets the float64 inputs through
        fn64 = _load(text, target, fn.__name__, checked=False) if text else fn
        _second_opinion(res, names, got, fn64, target, cap, cap_mod, obj, ref)
    if missing:
        res.append({"path": "gradient names", "ok": False, "max_abs_err": float("inf"),
                    "why": f"parameters without a gradient on one side: {missing[:5]}"})
    return res


#: at most this many failing parameters get finite differences (three float64 forwards each)
_FD_MAX = 16


def _second_opinion(res, names, got, fn, target, cap, cap_mod, obj, ref) -> None:
    """Failed gradient entries that are float32 rounding or a defect of the source's own
    backward, marked ok with a note; everything else stands (docs/transpiler.md, "Gradients").

    The source model and the emitted code both run again in float64 (a deep copy of the
    model; the emitted code on float64 parameters and inputs, JAX under ``enable_x64``):

    * rounding: the target's float64 gradient equals the source's float64 gradient (within
      ``1e-7`` of the model's largest gradient, 1000× tighter than the float32 check), and
      its float32 gradient is within ``1e-3`` of that largest gradient of its float64 self.
      A wrong mapping is as wrong in float64; only rounding disappears.
    * the source's backward disagrees with its own forward: along a random direction of the
      parameter, float64 central differences of the source's forward agree with the target's
      gradient (to 5% of the two gradients' disagreement) and not with the source's autodiff,
      and the one-sided differences agree with each other to 10% of it (the loss is smooth
      there: at a kink, e.g. ReLU6 at exactly 0, a convention decides and the source's
      stands). Never when the source defines its own derivative (torch: a custom
      ``autograd.Function``, ``detach``; JAX: ``custom_jvp``/``custom_vjp``, ``stop_gradient``;
      TF: ``tf.custom_gradient``, ``tf.stop_gradient`` — the witness's ``custom``): its
      backward is the model's definition (a straight-through estimator is meant to differ).
      Found on torch 2.13: eval-mode BatchNorm's CPU backward with batch 1 and a gradient in
      another memory layout (LeViT: ``flatten(2).transpose(1, 2)`` after it) gives wrong
      bias gradients in float32 and float64 alike.

    Witnesses: ``capture.torch``, ``capture.jax`` and ``capture.tensorflow`` (Keras) each give
    ``float64_witness``. Sources without one (NumPy: no models), models that cannot run in
    float64 and emitted code that cannot: the failures stand."""
    witness = getattr(cap_mod, "float64_witness", None)
    if witness is None or target not in ("torch", "jax", "tensorflow"):
        return
    conv = target

    def to64(v):
        return v.astype(np.float64) if isinstance(v, np.ndarray) and v.dtype == np.float32 \
            else v

    try:
        wit = witness(obj, cap.args, cap.kwargs)
        ref64 = wit.gradient()
        x64 = _x64(target)
        with x64:
            p64 = {k: fw.from_numpy(to64(v), conv) for k, v in cap.params.items()}
            a64 = fw.tree_from_numpy(optree.tree_map(to64, cap.args, none_is_leaf=True,
                                                     namespace="ivy"), conv)
            k64 = fw.tree_from_numpy(optree.tree_map(to64, cap.kwargs, none_is_leaf=True,
                                                     namespace="ivy"), conv)
            got64 = models.gradient(target, fn, p64, cap.trainable, a64, k64)
    except Exception:  # noqa: BLE001 - no float64 witness: the failures stand
        return
    big = max((float(np.max(np.abs(ref64[n]))) for n in names
               if n in ref64 and ref64[n].size), default=0.0)
    rng = np.random.default_rng(7)
    fd_left = _FD_MAX
    for e in res:
        if e["ok"]:
            continue
        n = next((m for m in names if e["path"] == f"[{m!r}]"), None)
        if n is None or n not in ref64 or n not in got64:
            continue
        r, t, t32, r32 = (np.asarray(v, np.float64) for v in (ref64[n], got64[n], got[n],
                                                               ref[n]))
        if r.shape != t.shape or t.shape != t32.shape or not (np.isfinite(r).all()
                                                           and np.isfinite(t).all()):
            continue
        if float(np.max(np.abs(t32 - t), initial=0.0)) > 1e-3 * big:
            continue  # the float32 gradient is not float32 rounding of the float64 one
        apart = float(np.max(np.abs(r32 - r), initial=0.0)) if r32.shape == r.shape \
            else float("inf")
        if apart > 1e-3 * big:
            # the float64 copy does not reproduce the source's own float32 gradient (e.g. a
            # gradient hook on a parameter, which a deep copy drops): it is no witness
            e["why"] += ("; the source's float64 copy does not reproduce its float32 gradient "
                         f"({apart:.2g} apart), so it "
                         "cannot judge" + (f"; the source's backward runs gradient rules of its "
                                           f"own ({', '.join(wit.custom[:3])})"
                                           if wit.custom else ""))
            continue
        err64 = float(np.max(np.abs(t - r), initial=0.0))
        if err64 <= 1e-7 * big:
            e["ok"] = True
            e["why"] += (f"; accepted: float32 rounding (in float64 the emitted code's gradient "
                         f"is {err64:.2g} from the source's, the model's largest gradient "
                         f"{big:.3g})")
            continue
        if wit.custom:
            e["why"] += (f"; in float64 too ({err64:.2g}); the source's backward runs "
                         f"gradient rules of its own or cuts its gradient "
                         f"({', '.join(wit.custom[:3])}), which define it")
            continue
        if fd_left <= 0:
            continue
        fd_left -= 1
        v = rng.standard_normal(r.shape)
        v /= max(float(np.linalg.norm(v)), 1e-300)
        d_t, d_r = float(np.sum(t * v)), float(np.sum(r * v))
        gap = abs(d_t - d_r)
        h = 1e-6 * max(1.0, float(np.max(np.abs(cap.params[n]), initial=0.0))) \
            if n in cap.params else 1e-6
        try:
            l0, lp, lm = (wit.loss({n: s * h * v}) for s in (0.0, 1.0, -1.0))
        except Exception:  # noqa: BLE001
            continue
        d_c, d_p, d_m = (lp - lm) / (2 * h), (lp - l0) / h, (l0 - lm) / h
        if gap > 0 and abs(d_c - d_t) <= 0.05 * gap and abs(d_p - d_m) <= 0.1 * gap:
            e["ok"] = True
            e["why"] += (f"; accepted: the source framework's own gradient disagrees with its "
                         f"forward (float64, along a random direction: central differences "
                         f"{d_c:.6g}, the emitted code {d_t:.6g}, the source's autodiff "
                         f"{d_r:.6g}; one-sided differences {d_p:.6g} / {d_m:.6g}): a defect "
                         "of the source's backward, not of the mapping")
        else:
            e["why"] += (f"; in float64 too ({err64:.2g}), and the source's forward agrees with "
                         f"its own gradient (finite differences {d_c:.6g}, source {d_r:.6g}, "
                         f"emitted code {d_t:.6g})")


def _x64(target):
    if target == "jax":
        import jax
        return jax.enable_x64(True)
    return _nullcontext()


# gradients go through a longer chain of roundings than outputs; float32 at 1e-4
_GRAD_RTOL = {**fw.RTOL, "float32": 1e-4, "complex64": 1e-4}


def _crash(part, e) -> dict:
    return {"path": part, "ok": False, "max_abs_err": float("inf"),
            "why": f"the emitted code raised {type(e).__name__}: {str(e)[:500]}"}


def _failure_text(v: dict) -> str:
    for part in ("example", "second_draw", "gradient"):
        for e in v.get(part) or []:
            if isinstance(e, dict) and not e.get("ok", True):
                return (f"the emitted code does not reproduce the source ({part.replace('_', ' ')}, "
                        f"output {e['path']}): {e['why']}")
    return "the emitted code could not be verified"


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


# -- code text (the service and the CLI) -------------------------------------------------------
def load_code(code: str, entry: str, filename: str | None = None):
    """Execute ``code`` as a fresh module and return its ``entry`` (a model class is instantiated
    with no arguments and put in eval mode when it has one)."""
    digest = hashlib.sha1(code.encode()).hexdigest()[:12]
    filename = filename or f"<transpile {entry} {digest}>"
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    mod = types.ModuleType(f"ivy_user_{digest}")
    mod.__file__ = filename
    exec(compile(code, filename, "exec"), mod.__dict__)  # noqa: S102 - run in the sandbox by the service
    if entry not in mod.__dict__:
        found = sorted(k for k, v in mod.__dict__.items() if callable(v) and not k.startswith("_")
                       and getattr(v, "__module__", None) == mod.__name__)
        raise TranspileError(f"the code defines no {entry!r}; callables it defines: "
                             f"{', '.join(found) or 'none'}")
    obj = mod.__dict__[entry]
    if isinstance(obj, type):
        obj = obj()
        if hasattr(obj, "eval") and callable(obj.eval):
            obj.eval()
    return obj


def transpile_code(code: str, entry: str, *, source: str | None = None, target: str = "jax",
                   args=(), kwargs=None, options: dict | None = None) -> Transpiled:
    """Transpile ``entry`` of the Python source text ``code`` (the service's and the CLI's way
    in). ``options``: ``verify`` (bool), ``strict`` (bool), ``name`` (the emitted function's
    name), ``filename`` (shown in error messages instead of ``<transpile …>``)."""
    options = dict(options or {})
    obj = load_code(code, entry, options.get("filename"))
    return transpile(obj, source, target, args, kwargs, verify=options.get("verify", True),
                     strict=options.get("strict", True), name=options.get("name"))


def inputs_from_specs(specs, seed: int = 0) -> tuple:
    """Example inputs from ``[{"shape": [2, 3], "dtype": "float32"}, …]`` (or ``"float32[2,3]"``
    strings): standard normal floats, small non-negative ints, random bools."""
    rng = np.random.default_rng(seed)
    out = []
    for s in specs:
        if isinstance(s, str):
            s = parse_spec(s)
        if "value" in s:
            out.append(np.asarray(s["value"], dtype=s.get("dtype")))
            continue
        shape, dtype = tuple(int(d) for d in s["shape"]), np.dtype(s.get("dtype", "float32"))
        if dtype.kind == "b":
            out.append(rng.random(shape) < 0.5)
        elif dtype.kind in "iu":
            out.append(rng.integers(0, int(s.get("high", 10)), size=shape).astype(dtype))
        elif dtype.kind == "c":
            out.append((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype))
        else:
            out.append(rng.standard_normal(shape).astype(dtype))
    return tuple(out)


def parse_spec(text: str) -> dict:
    """``"float32[2,3,16,16]"`` → ``{"dtype": "float32", "shape": [2, 3, 16, 16]}``."""
    text = text.strip()
    if "[" not in text or not text.endswith("]"):
        raise ValueError(f"input spec {text!r}: expected dtype[d0,d1,...], e.g. float32[2,3]")
    dtype, dims = text[:-1].split("[", 1)
    try:
        np.dtype(dtype)
        shape = [int(d) for d in dims.split(",") if d.strip()]
    except (TypeError, ValueError):
        raise ValueError(f"input spec {text!r}: unknown dtype or non-integer dimension") from None
    return {"dtype": dtype, "shape": shape}


__all__ = ["LazyModule", "Report", "Transpiled", "infer_source", "inputs_from_specs",
           "load_code", "parse_spec", "transpile", "transpile_code"]


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
