"""``Graph.to_source``: a graph as a readable, standalone Python function.

For a framework target the output imports only that framework (plus ``base64`` for large
constants). Each call node becomes one line; how an Ivy function is written in the target comes from,
in order:

1. the target's table in :mod:`ivy.tracer.targets` (a template over the API's parameter names,
   using the traced dtypes and shapes);
2. a *direct binding* in the backend (``add = np.add`` in ``backends/numpy/elementwise.py``): the
   framework function is called by its public name (``np.add(x, y)``), found automatically;
3. the backend's own Python function, copied into the output as a helper together with the
   backend helpers it uses (only when that closure needs nothing from Ivy itself).

Anything else raises :class:`ivy.tracer.TraceError` naming the function and the target.
"""

from __future__ import annotations

import dis
import inspect
import math
import textwrap
import types

import numpy as np

from .. import func_wrapper as _fw
from .graph import CALL, CONSTANT, INPUT, Ref
from .trace import TraceError, _ident

TARGETS = ("numpy", "torch", "jax", "tensorflow", "ivy")
_ALIAS = {"tf": "tensorflow", "np": "numpy", "pytorch": "torch"}
_HEADER = {
    "numpy": ["import numpy as np"],
    "torch": ["import torch"],
    "jax": ["import jax", "import jax.numpy as jnp"],
    "tensorflow": ["import tensorflow as tf"],
    "ivy": ["import ivy"],
}
_DTYPE_NS = {"numpy": "np", "torch": "torch", "jax": "jnp", "tensorflow": "tf", "ivy": "ivy"}
_ARRAY_FN = {"numpy": "np.array", "torch": "torch.tensor", "jax": "jnp.array",
             "tensorflow": "tf.constant", "ivy": "ivy.asarray"}
_ROOTS = {"numpy": {"numpy"}, "torch": {"torch"}, "jax": {"jax", "jaxlib"},
          "tensorflow": {"tensorflow"}}
_STDLIB = {"math", "functools", "itertools", "operator", "builtins", "collections"}
_LITERAL_MAX = 4096  # constants with more elements are embedded as base64 bytes

# namespaces searched for direct bindings (expression prefix, module path)
_NAMESPACES = {
    "numpy": [("np", "numpy"), ("np.linalg", "numpy.linalg"), ("np.fft", "numpy.fft")],
    "torch": [("torch", "torch"), ("torch.linalg", "torch.linalg"), ("torch.fft", "torch.fft"),
              ("torch.special", "torch.special"), ("torch.nn.functional", "torch.nn.functional")],
    "jax": [("jnp", "jax.numpy"), ("jnp.linalg", "jax.numpy.linalg"), ("jnp.fft", "jax.numpy.fft"),
            ("jax.nn", "jax.nn"), ("jax.lax", "jax.lax")],
    "tensorflow": [("tf", "tensorflow"), ("tf.math", "tensorflow.math"),
                   ("tf.linalg", "tensorflow.linalg"), ("tf.signal", "tensorflow.signal"),
                   ("tf.nn", "tensorflow.nn"),
                   ("tf.experimental.numpy", "tensorflow.experimental.numpy")],
}
_REVERSE: dict[str, dict[int, str]] = {}


def _reverse(target: str) -> dict[int, str]:
    got = _REVERSE.get(target)
    if got is None:
        import importlib

        got = {}
        for prefix, modname in _NAMESPACES[target]:
            try:
                mod = importlib.import_module(modname)
            except Exception:
                continue
            for k, v in vars(mod).items():
                if k.startswith("_") or isinstance(v, (types.ModuleType, type, int, float, str)):
                    continue
                if callable(v):
                    got.setdefault(id(v), f"{prefix}.{k}")
        _REVERSE[target] = got
    return got


class _Src:
    def __init__(self, graph, target):
        self.g, self.target = graph, target
        self.helpers: dict[str, str] = {}  # name -> source
        self.helper_objs: dict[str, object] = {}
        self.imports: list[str] = list(_HEADER[target])
        self.needs_base64 = False
        self.module_lines: list[str] = []

    # -- values ---------------------------------------------------------------------------------
    def ref(self, r: Ref) -> str:
        n = self.g.nodes[r.node]
        s = n.name
        for k in n.paths[r.index] if n.op == CALL else ():
            s += f"[{k}]"
        return s

    def dtype(self, d) -> str:
        name = str(d)
        if self.target == "ivy":
            return f"ivy.{name}"
        if name == "bool":
            return {"numpy": "np.bool_", "jax": "jnp.bool_"}.get(self.target, f"{_DTYPE_NS[self.target]}.bool")
        return f"{_DTYPE_NS[self.target]}.{name}"

    def expr(self, v) -> str:
        from ..dtypes import Dtype

        c = v.__class__
        if c is Ref:
            return self.ref(v)
        if isinstance(v, Dtype):
            return self.dtype(v)
        if v is None or c is bool or c is int or c is str:
            return repr(v)
        if c is float:
            return repr(v) if math.isfinite(v) else f"float({repr(v)!r})"
        if c is complex:
            return f"complex({self.expr(v.real)}, {self.expr(v.imag)})"
        if v is Ellipsis:
            return "..."
        if c is slice:
            return f"slice({self.expr(v.start)}, {self.expr(v.stop)}, {self.expr(v.step)})"
        if c is tuple:
            return "(" + ", ".join(self.expr(e) for e in v) + ("," if len(v) == 1 else "") + ")"
        if c is list:
            return "[" + ", ".join(self.expr(e) for e in v) + "]"
        if c is dict:
            return "{" + ", ".join(f"{self.expr(k)}: {self.expr(e)}" for k, e in v.items()) + "}"
        if isinstance(v, np.generic):
            return self.expr(v.item())
        raise TraceError(f"to_source({self.target!r}): cannot write the constant {v!r} "
                         f"({type(v).__name__}) as Python source")

    def index_expr(self, key) -> str:
        """``key`` as the inside of ``x[...]`` (slices as ``a:b``)."""
        def one(k):
            if k.__class__ is slice:
                s = ("" if k.start is None else self.expr(k.start)) + ":" + \
                    ("" if k.stop is None else self.expr(k.stop))
                return s + (":" + self.expr(k.step) if k.step is not None else "")
            return self.expr(k)
        if key.__class__ is tuple:
            return ", ".join(one(k) for k in key) if key else "()"
        return one(key)

    def constant(self, value: np.ndarray) -> str:
        t = self.target
        dt = self.dtype(value.dtype.name if value.dtype.name != "bool" else "bool")
        if value.size <= _LITERAL_MAX or t == "ivy" and value.size <= _LITERAL_MAX:
            return f"{_ARRAY_FN[t]}({_literal(value.tolist())}, dtype={dt})"
        self.needs_base64 = True
        raw = np.ascontiguousarray(value).astype(value.dtype.newbyteorder("<")).tobytes()
        b = repr(__import__("base64").b64encode(raw).decode("ascii"))
        shape = tuple(value.shape)
        if t == "numpy":
            return f"np.frombuffer(base64.b64decode({b}), dtype={dt}).reshape({shape}).copy()"
        if t == "torch":
            return (f"torch.frombuffer(bytearray(base64.b64decode({b})), dtype={dt})"
                    f".reshape({shape})")
        if t == "jax":
            return f"jnp.frombuffer(base64.b64decode({b}), dtype={dt}).reshape({shape})"
        if t == "tensorflow":
            return f"tf.reshape(tf.io.decode_raw(base64.b64decode({b}), {dt}), {shape})"
        self.imports.append("import numpy as np")
        return (f"ivy.asarray(np.frombuffer(base64.b64decode({b}), dtype={value.dtype.name!r})"
                f".reshape({shape}).copy())")

    # -- calls ----------------------------------------------------------------------------------
    def call(self, n) -> str:
        path = n.target
        if self.target == "ivy":
            return f"ivy.{path}({self.arglist(n)})"
        from .targets import Unsupported, render

        try:
            got = render(self, n)
        except Unsupported as e:
            raise TraceError(f"to_source({self.target!r}): cannot write ivy.{path} for "
                             f"{self.target} here: {e}") from None
        if got is not None:
            return got
        from ..backend_handler import load_backend

        B = load_backend(self.target)
        fn = _fw._resolve(B, path)
        if getattr(fn, "ivy_missing", False):
            raise TraceError(f"to_source({self.target!r}): ivy.{path} is not implemented for the "
                             f"{self.target} backend")
        direct = _reverse(self.target).get(id(fn))
        if direct is not None and not (getattr(fn, "__module__", "") or "").startswith("ivy."):
            return f"{direct}({self.arglist(n)})"
        name = self.inline(fn, path)
        return f"{name}({self.arglist(n)})"

    def arglist(self, n) -> str:
        parts = [self.expr(a) for a in n.args]
        parts += [f"{k}={self.expr(v)}" for k, v in n.kwargs.items()]
        return ", ".join(parts)

    def bind(self, n) -> dict | None:
        fn = _fw.API[n.target]
        try:
            ba = inspect.signature(fn).bind(*n.args, **n.kwargs)
        except TypeError:
            return None
        ba.apply_defaults()
        return {k: self.expr(v) for k, v in ba.arguments.items()}

    # -- inlining backend functions -------------------------------------------------------------
    def inline(self, fn, path: str) -> str:
        """Copy backend function ``fn`` (and the backend helpers it uses) into the output."""
        try:
            name = self._inline(fn)
        except _CannotInline as e:
            raise TraceError(
                f"to_source({self.target!r}): no way to write ivy.{path} for {self.target}: "
                f"{e}. Add an entry for {path!r} to ivy.tracer.targets.TABLES[{self.target!r}]"
            ) from None
        alias = f"_ivy_{path.replace('.', '_')}"
        if alias not in self.helpers:
            self.helpers[alias] = f"{alias} = {name}\n"
        return alias

    def _inline(self, obj) -> str:
        name = obj.__name__
        have = self.helper_objs.get(name)
        if have is obj:
            return name
        if have is not None:
            raise _CannotInline(f"two helpers are named {name}")
        if getattr(obj, "__closure__", None):
            raise _CannotInline(f"{obj.__module__}.{name} is a closure")
        try:
            src = textwrap.dedent(inspect.getsource(obj))
        except (OSError, TypeError) as e:
            raise _CannotInline(f"no source for {obj.__module__}.{name}") from e
        if src.lstrip().startswith("@"):
            raise _CannotInline(f"{obj.__module__}.{name} is decorated")
        self.helper_objs[name] = obj
        self.helpers[name] = src
        for g in sorted(_globals_used(obj.__code__)):
            if g not in obj.__globals__:
                continue  # a builtin
            self._dependency(g, obj.__globals__[g], obj)
        return name

    def _dependency(self, g: str, v, owner) -> None:
        if g in self.helper_objs:
            if self.helper_objs[g] is v:
                return
            raise _CannotInline(f"two helpers are named {g}")
        if isinstance(v, types.ModuleType):
            root = v.__name__.partition(".")[0]
            if root not in _ROOTS[self.target] and root not in _STDLIB:
                raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses module "
                                    f"{v.__name__}")
            line = f"import {v.__name__}" if v.__name__ == g else f"import {v.__name__} as {g}"
            if "." in v.__name__ and v.__name__ != g:
                parent, _, leaf = v.__name__.rpartition(".")
                line = f"from {parent} import {leaf} as {g}" if leaf != g else \
                    f"from {parent} import {leaf}"
            if line not in self.imports:
                self.imports.append(line)
            self.helper_objs[g] = v
            return
        if g == "as_native_dtype":  # dtypes in the output are native already
            self.helper_objs[g] = v
            self.helpers[g] = "def as_native_dtype(dtype):\n    return dtype\n"
            return
        if isinstance(v, (types.FunctionType,)):
            mod = v.__module__ or ""
            if mod.startswith(f"ivy.functional.backends.{self.target}") or mod == "ivy.errors":
                self._inline(v)
                return
            direct = _reverse(self.target).get(id(v))
            if direct is not None:
                self.helper_objs[g] = v
                self.helpers[g] = f"{g} = {direct}\n"
                return
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses {mod}.{v.__name__}")
        if isinstance(v, type) and issubclass(v, Exception) and v.__module__.startswith("ivy"):
            base = next(b for b in v.__mro__ if b.__module__ == "builtins")
            self.helper_objs[g] = v
            self.helpers[g] = f"class {g}({base.__name__}):\n    pass\n"
            return
        if callable(v):
            direct = _reverse(self.target).get(id(v))
            if direct is not None:
                self.helper_objs[g] = v
                self.helpers[g] = f"{g} = {direct}\n"
                return
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses {g} ({v!r})")
        try:
            text = _literal(v, strict=True)
        except _CannotInline:
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses the value {g}") from None
        self.helper_objs[g] = v
        self.helpers[g] = f"{g} = {text}\n"


class _CannotInline(Exception):
    pass


def _globals_used(code) -> set:
    out = set()
    for ins in dis.get_instructions(code):
        if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            out.add(ins.argval)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            out |= _globals_used(c)
    return out


def _literal(v, strict: bool = False) -> str:
    c = v.__class__
    if c is float:
        return repr(v) if math.isfinite(v) else f"float({repr(v)!r})"
    if v is None or c in (bool, int, str, bytes):
        return repr(v)
    if c is complex:
        return f"complex({_literal(v.real)}, {_literal(v.imag)})"
    if c is list:
        return "[" + ", ".join(_literal(e, strict) for e in v) + "]"
    if c is tuple:
        return "(" + ", ".join(_literal(e, strict) for e in v) + ("," if len(v) == 1 else "") + ")"
    if c in (set, frozenset):
        return f"{c.__name__}([" + ", ".join(_literal(e, strict) for e in v) + "])"
    if c is dict:
        return "{" + ", ".join(f"{_literal(k, strict)}: {_literal(e, strict)}"
                               for k, e in v.items()) + "}"
    if strict:
        raise _CannotInline(repr(v))
    return repr(v)


def to_source(graph, target: str = "ivy", *, name: str | None = None) -> str:
    target = _ALIAS.get(target, target)
    if target not in TARGETS:
        raise ValueError(f"unknown to_source target {target!r}; valid: {', '.join(TARGETS)}")
    s = _Src(graph, target)
    fname = _ident(name or graph.name.rpartition(".")[2].replace("<lambda>", "traced"))
    params, unpack = _signature(graph, s)
    body = [f"    {line}" for line in unpack]
    consts = []
    for n in graph.nodes:
        if n.op == INPUT:
            continue
        if n.op == CONSTANT:
            consts.append(f"{n.name} = {s.constant(n.value)}")
            continue
        body.append(f"    {n.name} = {s.call(n)}")
    body.append(f"    return {s.expr(graph.output)}")
    if s.needs_base64:
        s.imports.insert(0, "import base64")
    out = [f'"""{_ident(graph.name)} traced by ivy.trace_graph ({len(graph.calls)} calls), '
           f'written for {target}."""', ""]
    out += list(dict.fromkeys(s.imports))
    helpers = [h for h in s.helpers.values()]
    if helpers:
        out += ["", ""] + [h.rstrip("\n") + ("\n" if h.startswith(("def ", "class ")) else "")
                           for h in helpers]
    if consts:
        out += [""] + consts
    out += ["", "", f"def {fname}({', '.join(params)}):"] + body
    return "\n".join(out) + "\n"


def _signature(graph, s: _Src):
    """Parameters of the generated function and the lines that unpack nested inputs."""
    targs, tkw = graph.template
    params, unpack = [], []
    names = {n.name for n in graph.nodes if n.op == INPUT}

    def walk(t, expr):
        c = t.__class__
        if c is Ref:
            nm = graph.nodes[t.node].name
            if nm != expr:
                unpack.append(f"{nm} = {expr}")
        elif c is tuple or c is list:
            for k, e in enumerate(t):
                walk(e, f"{expr}[{k}]")
        elif c is dict:
            for k, e in t.items():
                walk(e, f"{expr}[{k!r}]")

    for k, t in enumerate(targs):
        if t.__class__ is Ref:
            params.append(graph.nodes[t.node].name)
        else:
            p = f"arg{k}"
            base = p
            for n in graph.inputs:  # nested inputs are named <param>_<key>
                if n.name.startswith("_") is False and "_" in n.name:
                    base = n.name.split("_")[0]
                    break
            p = base if base not in names and base not in params else p
            params.append(p)
            walk(t, p)
    for k, t in tkw.items():
        if t.__class__ is Ref:
            params.append(graph.nodes[t.node].name)
        else:
            params.append(k)
            walk(t, k)
    return params, unpack
