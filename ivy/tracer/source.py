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

import ast
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
# modules copied helpers may import: the framework, and NumPy for JAX and TensorFlow (a dependency
# of both; shared backend helpers use it for static shape arithmetic)
_ROOTS = {"numpy": {"numpy"}, "torch": {"torch"}, "jax": {"jax", "jaxlib", "numpy"},
          "tensorflow": {"tensorflow", "numpy"}}
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
                   ("tf.nn", "tensorflow.nn"), ("tf.bitwise", "tensorflow.bitwise"),
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
                if k.startswith("_") or isinstance(v, (types.ModuleType, int, float, str)):
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
        self.namespaces: dict[str, tuple] = {}

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
        got = self._call(n)
        if self.target == "numpy" and len(n.outputs) == 1 and n.paths == [()] and \
                tuple(n.outputs[0][0]) == ():
            return f"np.asarray({got})"  # NumPy reductions give scalars; Ivy gives 0-d arrays
        return got

    def _call(self, n) -> str:
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
        if self.target == "tensorflow":
            return f"{name}({self.arglist(n, promote=True)})"
        return f"{name}({self.arglist(n)})"

    def arglist(self, n, promote: bool = False) -> str:
        if promote and len(n.args) >= 2 and n.args[0].__class__ is Ref and \
                n.args[1].__class__ is Ref and list(inspect.signature(
                    _fw.API[n.target]).parameters)[:2] == ["x1", "x2"]:
            # TensorFlow does not promote: x1 and x2 are cast to the traced promoted dtype
            from ..dtypes import promote_types

            d1 = self.g.nodes[n.args[0].node].outputs[n.args[0].index][1]
            d2 = self.g.nodes[n.args[1].node].outputs[n.args[1].index][1]
            if d1 != d2:
                dt = self.dtype(str(promote_types(d1, d2)))
                parts = [self.expr(a) if d == str(promote_types(d1, d2)) else
                         f"tf.cast({self.expr(a)}, {dt})"
                         for a, d in ((n.args[0], d1), (n.args[1], d2))]
                parts += [self.expr(a) for a in n.args[2:]]
                parts += [f"{k}={self.expr(v)}" for k, v in n.kwargs.items()]
                return ", ".join(parts)
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
            if not getattr(obj, "__closure__", None):
                raise _CannotInline(f"two helpers are named {name}")
            for k in range(2, 100):  # a closure is assigned to a name: any free one does
                have = self.helper_objs.get(f"{name}_{k}")
                if have is obj or have is None:
                    break
            name = f"{name}_{k}"
            if have is obj:
                return name
        if name == "<lambda>":
            raise _CannotInline(f"{obj.__module__} uses a lambda")
        try:
            src = textwrap.dedent(inspect.getsource(obj))
        except (OSError, TypeError) as e:
            raise _CannotInline(f"no source for {obj.__module__}.{name}") from e
        if src.lstrip().startswith("@"):
            raise _CannotInline(f"{obj.__module__}.{name} is decorated")
        self._check_imports(obj)
        self.helper_objs[name] = obj
        closure = getattr(obj, "__closure__", None)
        if closure:
            # a closure is rebuilt by a maker function taking its free variables
            code = obj.__code__
            try:
                cells = [c.cell_contents for c in closure]
            except ValueError:
                raise _CannotInline(f"{obj.__module__}.{name} has an empty cell") from None
            self.helpers[name] = None  # keeps the order: the maker's dependencies come first
            values = [self._lambda(v, f"_{name}_{fv}") if getattr(v, "__name__", "") == "<lambda>"
                      else self._value_expr(v, obj) for v, fv in zip(cells, code.co_freevars,
                                                                      strict=True)]
            maker = f"_make_{name}"
            body = textwrap.indent(src, "    ")
            self.helpers[maker] = (f"def {maker}({', '.join(code.co_freevars)}):\n{body}"
                                   f"    return {code.co_name}\n")
            self._dependencies(obj)
            self.helpers.pop(name)
            self.helpers[name] = f"{name} = {maker}({', '.join(values)})\n"
            return name
        if name != obj.__name__:
            raise _CannotInline(f"two helpers are named {obj.__name__}")
        self.helpers[name] = src
        self._dependencies(obj)
        return name

    def _dependencies(self, fn) -> None:
        """Bring in every module-level name ``fn``'s code uses (builtins need nothing)."""
        for g in sorted(_globals_used(fn.__code__)):
            if g in fn.__globals__:
                self._dependency(g, fn.__globals__[g], fn)

    def _lambda(self, fn, name: str) -> str:
        """A lambda (a closure cell's value) written out as ``name = lambda ...``."""
        if self.helper_objs.get(name) is fn:
            return name
        if name in self.helper_objs or getattr(fn, "__closure__", None):
            raise _CannotInline(f"cannot write the lambda {name}")
        try:
            lines, _ = inspect.findsource(fn)
        except (OSError, TypeError):
            raise _CannotInline(f"no source for a lambda in {fn.__module__}") from None
        text = "".join(lines)
        code = fn.__code__
        found = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Lambda)
                 and n.lineno == code.co_firstlineno
                 and [a.arg for a in n.args.args] == list(code.co_varnames[:code.co_argcount])]
        if len(found) != 1:
            raise _CannotInline(f"cannot find the source of a lambda in {fn.__module__}")
        self._check_imports(fn)
        self.helper_objs[name] = fn
        self.helpers[name] = None
        self._dependencies(fn)
        self.helpers.pop(name)
        self.helpers[name] = f"{name} = {ast.get_source_segment(text, found[0])}\n"
        return name

    def _direct(self, v) -> str | None:
        """The public name of framework callable ``v`` (NumPy's too where NumPy is allowed)."""
        direct = _reverse(self.target).get(id(v))
        if direct is None and self.target in ("jax", "tensorflow"):
            direct = _reverse("numpy").get(id(v))
            if direct is not None:
                if "import numpy as np" not in self.imports:
                    self.imports.append("import numpy as np")
        return direct

    def _namespace(self, g: str, mod, owner) -> None:
        """A backend module used as ``g.attr``: a class holding the attributes used."""
        attrs = _attrs_used(owner.__code__, g)
        have = self.namespaces.setdefault(g, (mod, set()))
        if have[0] is not mod:
            raise _CannotInline(f"two helpers are named {g}")
        self.helper_objs[g] = mod
        attrs -= have[1]
        if not attrs and g in self.helpers:
            return
        have[1].update(attrs)
        for a in sorted(attrs):
            if not hasattr(mod, a):
                raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses {mod.__name__}.{a}")
        lines = [f"class {g}:  # {mod.__name__.rpartition('.')[2]}"]
        for a in sorted(have[1]):
            v = getattr(mod, a)
            if isinstance(v, types.FunctionType):
                if not self._inlinable_function(v):
                    raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses "
                                        f"{v.__module__}.{v.__name__}")
                lines.append(f"    {a} = staticmethod({self._inline(v)})")
            else:
                lines.append(f"    {a} = {self._value_expr(v, owner)}")
        self.helpers.pop(g, None)
        self.helpers[g] = "\n".join(lines) + "\n"

    def _dtypes_namespace(self, g: str, mod, owner) -> None:
        """``ivy.dtypes`` used for its defaults and dtype constants: a snapshot of them, as the
        target's dtypes (the defaults are the ones in force now, as for the traced dtypes)."""
        from ..dtypes import Dtype

        attrs = _attrs_used(owner.__code__, g)
        have = self.namespaces.setdefault(g, (mod, set()))
        if have[0] is not mod:
            raise _CannotInline(f"two helpers are named {g}")
        self.helper_objs[g] = mod
        have[1].update(attrs)
        lines = [f"class {g}:  # Ivy's dtypes and defaults when this was written"]
        for a in sorted(have[1]):
            v = getattr(mod, a, None)
            if a == "_defaults":
                lines.append("    class _defaults:")
                for k in ("float", "int", "uint", "complex"):
                    lines.append(f"        {k} = {self.dtype(str(getattr(v, k)))}")
            elif a.startswith("default_") and a.endswith("_dtype") and callable(v):
                lines.append(f"    {a} = staticmethod(lambda: {self.dtype(str(v()))})")
            elif isinstance(v, Dtype):
                lines.append(f"    {a} = {self.dtype(str(v))}")
            else:
                raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses ivy.dtypes.{a}")
        self.helpers.pop(g, None)
        self.helpers[g] = "\n".join(lines) + "\n"

    def _check_imports(self, obj) -> None:
        """Imports inside the function body must be of allowed modules."""
        for mod in _imports_used(obj.__code__):
            root = mod.partition(".")[0]
            if root not in _ROOTS[self.target] and root not in _STDLIB:
                raise _CannotInline(f"{obj.__module__}.{obj.__name__} imports {mod}")

    def _value_expr(self, v, owner) -> str:
        """An expression for the value ``v`` of a closure cell (helpers defined as needed)."""
        if isinstance(v, types.ModuleType):
            root = v.__name__.partition(".")[0]
            if root not in _ROOTS[self.target] and root not in _STDLIB:
                raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses module "
                                    f"{v.__name__}")
            line = f"import {v.__name__}"
            if line not in self.imports:
                self.imports.append(line)
            return v.__name__
        if isinstance(v, types.FunctionType) and v.__name__ == "as_native_dtype":
            self.helper_objs.setdefault("as_native_dtype", v)
            self.helpers.setdefault("as_native_dtype",
                                    _native_dtype_helper(self.target, "as_native_dtype"))
            return "as_native_dtype"
        if isinstance(v, types.FunctionType) and v.__module__ == "ivy.dtypes" and \
                v.__name__.startswith("default_") and v.__name__.endswith("_dtype"):
            name = f"_{v.__name__}"
            self.helpers.setdefault(name, f"def {name}():\n    return {self.dtype(str(v()))}\n")
            return name
        if isinstance(v, types.FunctionType):
            if self._inlinable_function(v):
                return self._inline(v)
            direct = self._direct(v)
            if direct is not None:
                return direct
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses "
                                f"{v.__module__}.{v.__name__}")
        if callable(v) and not isinstance(v, type):
            direct = self._direct(v)
            if direct is not None:
                return direct
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses {v!r}")
        if isinstance(v, type):
            nm = getattr(v, "__name__", "")
            self._dependency(nm, v, owner)
            return nm
        return self.value_literal(v, owner)

    def _inlinable_function(self, v) -> bool:
        mod = v.__module__ or ""
        if mod.startswith(f"ivy.functional.backends.{self.target}") or mod == "ivy.errors":
            return True
        if mod.startswith("ivy.functional.backends._"):  # shared backend helpers
            return True
        if mod.startswith("ivy.") and not hasattr(v, "ivy_source") and v.__name__ != "<lambda>":
            return True  # a pure-Python helper (its own dependencies are checked the same way)
        return False

    def value_literal(self, v, owner) -> str:
        """``v`` (numbers, strings, containers, framework dtypes) as Python source."""
        c = v.__class__
        if c in (list, tuple, set, frozenset):
            items = [self.value_literal(e, owner) for e in v]
            if c is list:
                return "[" + ", ".join(items) + "]"
            if c is tuple:
                return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
            return f"{c.__name__}([" + ", ".join(items) + "])"
        if c is dict:
            return "{" + ", ".join(f"{self.value_literal(k, owner)}: {self.value_literal(e, owner)}"
                                   for k, e in v.items()) + "}"
        d = self._native_dtype(v)
        if d is not None:
            return d
        from ..dtypes import Dtype

        if isinstance(v, Dtype):  # an Ivy dtype compares and hashes equal to its name
            return repr(str(v))
        if isinstance(v, type) and v.__module__ == "builtins":
            return v.__name__
        if callable(v) and not isinstance(v, type):
            if isinstance(v, types.FunctionType) and self._inlinable_function(v):
                return self._inline(v)
            direct = self._direct(v)
            if direct is not None:
                return direct
        try:
            return _literal(v, strict=True)
        except _CannotInline:
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses the value "
                                f"{v!r}") from None

    def _native_dtype(self, v) -> str | None:
        """Source for a framework dtype object of the target, else None."""
        t = self.target
        try:
            if t == "torch":
                import torch

                if isinstance(v, torch.dtype):
                    return str(v)
            elif t == "tensorflow":
                import tensorflow as tf

                if isinstance(v, tf.dtypes.DType):
                    return f"tf.{v.name}"
            if isinstance(v, np.dtype):
                ns = {"numpy": "np", "jax": "jnp"}.get(t)
                if ns is not None and v.names is None:
                    return f"{ns}.dtype({v.name!r})"
            if isinstance(v, type) and issubclass(v, np.generic) and t in ("numpy", "jax"):
                return f"{_DTYPE_NS[t]}.{v.__name__}"
        except ImportError:
            return None
        return None

    def _dependency(self, g: str, v, owner) -> None:
        if g in self.helper_objs:
            if self.helper_objs[g] is v:
                return
            raise _CannotInline(f"two helpers are named {g}")
        if isinstance(v, types.ModuleType) and v.__name__.startswith("ivy.functional.backends."):
            self._namespace(g, v, owner)
            return
        if isinstance(v, types.ModuleType) and v.__name__ == "ivy.dtypes":
            self._dtypes_namespace(g, v, owner)
            return
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
        if g == "as_native_dtype" or getattr(v, "__name__", "") == "as_native_dtype":
            # dtypes in the output are native already
            self.helper_objs[g] = v
            self.helpers[g] = _native_dtype_helper(self.target, g)
            return
        if self.target == "tensorflow" and getattr(v, "__name__", "") == "promote" and \
                (getattr(v, "__module__", "") or "").startswith("ivy.functional.backends."):
            # the call sites cast array operands to the traced promoted dtype (see _call)
            self.helper_objs[g] = v
            self.helpers[g] = _TF_PROMOTE.replace("def promote", f"def {g}", 1)
            return
        if g in ("_GEN", "_KEY") and (getattr(owner, "__module__", "") or "").endswith(".random"):
            # the backend's global random state: the output gets a fresh one of its own
            self.helper_objs[g] = v
            self.helpers[g] = _RNG_STATE[self.target].replace("_GEN", g)
            if self.target == "jax" and "import numpy as np" not in self.imports:
                self.imports.append("import numpy as np")
            return
        if getattr(v, "__name__", "") == "as_native_device":
            self.helper_objs[g] = v
            self.helpers[g] = _DEVICE_HELPER[self.target].replace("as_native_device", g, 1)
            return
        if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, "_fields"):
            if "import collections" not in self.imports:
                self.imports.append("import collections")
            self.helper_objs[g] = v
            self.helpers[g] = (f"{g} = collections.namedtuple({v.__name__!r}, "
                               f"{list(v._fields)!r})\n")
            return
        if isinstance(v, (types.FunctionType,)):
            mod = v.__module__ or ""
            if self._inlinable_function(v):
                if v.__name__ != g:
                    self.helper_objs[g] = v
                    self.helpers[g] = None
                    name = self._inline(v)
                    self.helpers.pop(g)
                    self.helpers[g] = f"{g} = {name}\n"
                    return
                self._inline(v)
                return
            direct = self._direct(v)
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
            direct = self._direct(v)
            if direct is not None:
                self.helper_objs[g] = v
                self.helpers[g] = f"{g} = {direct}\n"
                return
            if isinstance(v, type) and v.__module__ == "builtins":
                self.helper_objs[g] = v
                self.helpers[g] = f"{g} = {v.__name__}\n"
                return
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses {g} ({v!r})")
        d = self._native_dtype(v)
        if d is not None:
            self.helper_objs[g] = v
            self.helpers[g] = f"{g} = {d}\n"
            return
        try:
            text = self.value_literal(v, owner)
        except _CannotInline:
            raise _CannotInline(f"{owner.__module__}.{owner.__name__} uses the value {g}") from None
        self.helper_objs[g] = v
        self.helpers[g] = f"{g} = {text}\n"


class _CannotInline(Exception):
    pass


def _attrs_used(code, name: str) -> set:
    """Attributes ``name.attr`` read in ``code`` (``name`` a global)."""
    out = set()
    prev = None
    for ins in dis.get_instructions(code):
        if prev is not None and prev.opname == "LOAD_GLOBAL" and prev.argval == name:
            if ins.opname in ("LOAD_ATTR", "LOAD_METHOD"):
                out.add(ins.argval)
            else:
                raise _CannotInline(f"{name} is used other than as {name}.attribute")
        prev = ins
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            out |= _attrs_used(c, name)
    return out


def _imports_used(code) -> set:
    out = set()
    for ins in dis.get_instructions(code):
        if ins.opname == "IMPORT_NAME":
            out.add(ins.argval)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            out |= _imports_used(c)
    return out


_DEVICE_HELPER = {
    "numpy": "def as_native_device(device):\n    return 'cpu'\n",
    "torch": ("def as_native_device(device):\n"
              "    if device is None or str(device).startswith('cpu'):\n"
              "        return torch.device('cpu')\n"
              "    return torch.device('cuda', int(str(device).partition(':')[2] or 0))\n"),
    "jax": ("def as_native_device(device):\n"
            "    if device is None or str(device).startswith('cpu'):\n"
            "        return jax.devices('cpu')[0]\n"
            "    return jax.devices('gpu')[int(str(device).partition(':')[2] or 0)]\n"),
    "tensorflow": ("def as_native_device(device):\n"
                   "    if device is None or str(device).startswith('cpu'):\n"
                   "        return '/CPU:0'\n"
                   "    return '/GPU:' + (str(device).partition(':')[2] or '0')\n"),
}


def _native_dtype_helper(target: str, name: str) -> str:
    """Dtypes in the output are the target's already; names (from the traced call) too, except
    that PyTorch takes no dtype names."""
    if target == "torch":
        return (f"def {name}(dtype):\n"
                "    return getattr(torch, dtype) if isinstance(dtype, str) else dtype\n")
    return f"def {name}(dtype):\n    return dtype\n"


_RNG_STATE = {
    "numpy": "_GEN = [np.random.default_rng()]\n",
    "torch": "_GEN = [torch.Generator()]\n_GEN[0].seed()\n",
    "tensorflow": "_GEN = [tf.random.Generator.from_non_deterministic_state()]\n",
    "jax": "_GEN = [jax.random.PRNGKey(int(np.random.SeedSequence().generate_state(1)[0]))]\n",
}

_TF_PROMOTE = """def promote(*args):
    tensors = [a for a in args if isinstance(a, (tf.Tensor, tf.Variable))]
    if not tensors:
        tensors = [tf.convert_to_tensor(a) for a in args]
        args = tuple(tensors)
    d = tensors[0].dtype
    if any(t.dtype != d for t in tensors):
        raise TypeError("operands of different dtypes: cast them to the promoted dtype first")
    return tuple(a if isinstance(a, (tf.Tensor, tf.Variable)) else tf.constant(a, dtype=d)
                 for a in args)
"""


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
    helpers = [h for h in s.helpers.values() if h]
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
