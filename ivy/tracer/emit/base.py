"""The emitter base: a graph as a standalone Python function, derived from the backend's own code.

There are no per-target tables of how an Ivy function is written. For each call node the emitter
takes the function the backend runs eagerly (``resolve(B, "linalg.svd")``) and writes it out:

1. **direct binding** (``add = np.add``): the framework's public name, found by searching the
   target's public namespaces (the backend descriptor's ``namespaces``, then any imported public
   module of the framework);
2. **a plain expression** (a body that is ``return <expr>``, possibly after simple assignments):
   inlined at the call site with its parameters substituted in its AST;
3. **anything else**: copied as a helper function, with the helpers and module constants it uses
   (transitively), renamed where names clash. A closure's cells are substituted into the copy; a
   ``functools.partial(shared_fn, <framework module>, ...)`` is ``shared_fn`` copied with that
   parameter replaced by the target's alias (``jnp``).

So the emitted code runs exactly what eager Ivy runs (same promotion, same special cases). The
few rules that are the emitter's own (not the backend's) are in :class:`Emitter`'s subclasses:
how a constant array is written, how a value is copied for ``set_item``'s value semantics, the
output's own random state and device mapping.
"""

from __future__ import annotations

import ast
import builtins
import dis
import functools
import importlib
import inspect
import keyword
import math
import sys
import textwrap
import threading
import types
import warnings

import numpy as np

from ...memo import Memo
from ...registry import resolve
from ..errors import TraceError
from ..ir import CONSTANT, CONTROL_FLOW, INPUT, MUTATING, Ref, iter_refs, walk
from ..source import SourceWriter

#: the standard modules emitted code may import (a sandbox verifying emitted code allows them)
STDLIB = frozenset({"re", "math", "functools", "itertools", "operator", "builtins", "collections",
                    "numbers", "types", "cmath", "string"})
LITERAL_MAX = 4096  # constants with more elements are embedded as base64 bytes


class CannotEmit(Exception):
    """Why a backend function cannot be written out (reported as a TraceError naming the node)."""


def ident(s: str) -> str:
    out = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in str(s))
    if not out or out[0].isdigit():
        out = "_" + out
    return out


class _Src(str):
    """An argument already rendered as source (as opposed to a Python string value)."""


# ---------------------------------------------------------------------------------------------
# Reading code
# ---------------------------------------------------------------------------------------------

def globals_used(code) -> set:
    out = set()
    for ins in dis.get_instructions(code):
        if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL"):
            out.add(ins.argval)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            out |= globals_used(c)
    return out



def _function_ast(fn) -> ast.FunctionDef | ast.Lambda:
    """The AST of ``fn``'s definition (a ``def`` or a ``lambda``)."""
    code = fn.__code__
    if fn.__name__ == "<lambda>" or code.co_name == "<lambda>":
        try:
            lines, _ = inspect.findsource(fn)
        except (OSError, TypeError):
            raise CannotEmit(f"no source for a lambda in {fn.__module__}") from None
        text = "".join(lines)
        found = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Lambda)
                 and n.lineno == code.co_firstlineno
                 and [a.arg for a in n.args.args] == list(code.co_varnames[:code.co_argcount])]
        if len(found) != 1:
            raise CannotEmit(f"cannot find the source of a lambda in {fn.__module__}")
        return found[0]
    try:
        src = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        raise CannotEmit(f"no source for {fn.__module__}.{fn.__qualname__}") from None
    tree = ast.parse(src)
    node = tree.body[0]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise CannotEmit(f"{fn.__module__}.{fn.__qualname__} is not a plain def")
    for dec in node.decorator_list:  # only Ivy's registration (returns the function unchanged)
        name = dec.id if isinstance(dec, ast.Name) else None
        if getattr(fn.__globals__.get(name), "__qualname__", "") != "register" or \
                not (fn.__globals__[name].__module__ or "").startswith("ivy."):
            raise CannotEmit(f"{fn.__module__}.{fn.__qualname__} is decorated")
    node.decorator_list = []
    return node


_MODULE_DEFS: dict = {}


def module_definition(mod_name: str, name: str):
    """The expression AST a module's top level last assigns to ``name`` (None if not simple)."""
    defs = _MODULE_DEFS.get(mod_name)
    if defs is None:
        defs = {}
        mod = sys.modules.get(mod_name)
        try:
            tree = ast.parse(inspect.getsource(mod))
        except (OSError, TypeError):
            tree = ast.Module(body=[], type_ignores=[])
        for st in tree.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and \
                    isinstance(st.targets[0], ast.Name):
                defs[st.targets[0].id] = st.value
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value:
                defs[st.target.id] = st.value
        _MODULE_DEFS[mod_name] = defs
    return defs.get(name)


def _bound_names(node) -> set:
    """Every name bound anywhere inside ``node`` (parameters, assignments, loop targets...)."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.alias):
            out.add((n.asname or n.name).partition(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def _ivy_imports(fn, node) -> dict:
    """Names bound by ``import ivy...`` / ``from ivy... import`` (or relative imports) inside
    ``fn``: name -> the object."""
    out = {}
    pkg = (fn.__module__ or "").rpartition(".")[0]
    for n in ast.walk(node):
        if isinstance(n, ast.ImportFrom):
            mod = n.module or ""
            if n.level:
                base = pkg
                for _ in range(n.level - 1):
                    base = base.rpartition(".")[0]
                mod = f"{base}.{mod}" if mod else base
            if not (mod == "ivy" or mod.startswith("ivy.")):
                continue
            m = importlib.import_module(mod)
            for a in n.names:
                v = getattr(m, a.name, None)
                if v is None:
                    v = importlib.import_module(f"{mod}.{a.name}")
                out[a.asname or a.name] = (mod, a.name, v)
        elif isinstance(n, ast.Import):
            for a in n.names:
                if a.name == "ivy" or a.name.startswith("ivy."):
                    if a.asname:
                        out[a.asname] = (None, None, importlib.import_module(a.name))
                    else:
                        out["ivy"] = (None, None, importlib.import_module("ivy"))
    return out


class _DropIvyImports(ast.NodeTransformer):
    def visit_ImportFrom(self, node):
        if node.level or (node.module or "").split(".")[0] == "ivy":
            return ast.Pass()
        return node

    def visit_Import(self, node):
        if any(a.name.split(".")[0] == "ivy" for a in node.names):
            return ast.Pass()
        return node


class _Substitute(ast.NodeTransformer):
    """Replace loads of names (``subst``: name -> expression AST) and ``mod.attr`` of Ivy modules
    (``attrs``: name -> function(attr) -> expression AST)."""

    def __init__(self, subst: dict, attrs: dict):
        self.subst, self.attrs = subst, attrs

    def visit_Attribute(self, node):
        v = node.value
        if isinstance(v, ast.Name) and v.id in self.attrs and isinstance(node.ctx, ast.Load):
            return ast.copy_location(self.attrs[v.id](node.attr), node)
        return self.generic_visit(node)

    def visit_Compare(self, node):
        """``x is None`` / ``x is not None`` with a literal substituted for ``x`` folds to a bool
        (``-1 is not None`` is a SyntaxWarning, an error under ``-W error``)."""
        node = self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
            try:
                left, right = ast.literal_eval(node.left), ast.literal_eval(node.comparators[0])
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                return node
            if left is None or right is None:
                same = left is None and right is None
                return ast.copy_location(
                    ast.Constant(same if isinstance(node.ops[0], ast.Is) else not same), node)
        return node

    def visit_Name(self, node):
        if node.id in self.attrs:
            raise CannotEmit(f"module {node.id} is used other than as {node.id}.attribute")
        new = self.subst.get(node.id)
        if new is None:
            return node
        if not isinstance(node.ctx, ast.Load):
            raise CannotEmit(f"{node.id} is assigned to")
        return ast.copy_location(_clone(new), node)


def _clone(node):
    return ast.parse(ast.unparse(node), mode="eval").body


def _expr_ast(s: str):
    return ast.parse(s, mode="eval").body


def _strip_docstring(body: list) -> list:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return body or [ast.Pass()]


# ---------------------------------------------------------------------------------------------
# Public names of framework objects
# ---------------------------------------------------------------------------------------------

_PUBLIC: dict = {}


def _public_names(roots: tuple, namespaces: dict) -> dict[int, tuple[str, str]]:
    """id(object) -> (expression, import line or "") for every public callable/class of the
    target's namespaces (preferred, in order), then of any imported public module of ``roots``."""
    key = (roots, tuple(namespaces.items()))
    got = _PUBLIC.get(key)
    if got is not None:
        return got
    got = {}

    def scan(prefix, mod, imp):
        for k, v in list(vars(mod).items()):
            if k.startswith("_") or isinstance(v, (types.ModuleType, int, float, str, bytes)):
                continue
            if callable(v):
                got.setdefault(id(v), (f"{prefix}.{k}", imp))

    with warnings.catch_warnings():  # reading deprecated aliases warns
        warnings.simplefilter("ignore")
        for prefix, modname in namespaces.items():
            try:
                scan(prefix, importlib.import_module(modname), "")
            except Exception:  # noqa: BLE001 - an optional namespace of this framework version
                continue
        for modname in sorted(m for m in list(sys.modules) if m.partition(".")[0] in roots):
            if any(p.startswith("_") for p in modname.split(".")) or "tests" in modname:
                continue
            mod = sys.modules.get(modname)
            if isinstance(mod, types.ModuleType):
                scan(modname, mod, f"import {modname}")
    _PUBLIC[key] = got
    return got


# ---------------------------------------------------------------------------------------------
# The emitter
# ---------------------------------------------------------------------------------------------

class Emitter(SourceWriter):
    """Writes one graph for one framework target. Subclasses (one module per target) hold the
    target's own facts; the rest comes from the backend descriptor and the backend's code."""

    target = ""
    #: lines the input check runs before it refuses (indented, ``x``, ``dtype``, ``got_dtype``
    #: and ``shape_ok`` in scope) that accept an input in another form by returning it converted
    #: to what the code was written for; where set, the check's result replaces the input
    widen_input = ""
    numpy_scalars = False  # the target's reductions may return NumPy scalars (0-d made arrays)

    def __init__(self, graph, fname: str):
        from ...functional.backends import descriptor, load_backend

        super().__init__(graph)
        self.d = descriptor(self.target)
        self.B = load_backend(self.target)
        self.roots = tuple(self.d.helper_roots)
        self.imports: list[str] = list(self.d.emit_imports)
        self.defs: dict[str, str | None] = {}  # emitted name -> source (None while being built)
        self.done: dict = {}  # key of an object -> emitted expression
        self.taken: set = set(dir(builtins)) | {fname} | {n.name for n in graph.nodes}
        self.taken |= {p.partition(".")[0] for p in self.d.namespaces}
        self.taken |= {"np", "math", "functools", "collections", "base64"}
        self.node = None
        self.header_target = self.target  # the target named in messages (:func:`write`)
        self.consts: list[str] = []  # module-level constant lines (:func:`write`)

    # -- names ------------------------------------------------------------------------------
    def fresh(self, want: str) -> str:
        want = ident(want)
        if want in self.taken and not want.startswith("_"):
            want = "_" + want  # a helper named like a node: _add(x, y)
        name, k = want, 2
        while name in self.taken:
            name = f"{want}_{k}"
            k += 1
        self.taken.add(name)
        return name

    def local(self, want: str) -> str:
        """A fresh name for a nested function or one of its values (``scan_step_2``)."""
        want = ident(want)
        name, k = want, 2
        while name in self.taken:
            name = f"{want}_{k}"
            k += 1
        self.taken.add(name)
        return name

    def need_import(self, line: str) -> None:
        if line and line not in self.imports:
            self.imports.append(line)

    def define(self, want: str, source_of) -> str:
        """A new module-level definition; ``source_of(name)`` returns its source."""
        name = self.fresh(want)
        self.defs[name] = None  # keeps the order: dependencies are defined first
        src = source_of(name)
        self.defs.pop(name)
        self.defs[name] = src
        return name

    # -- dtypes and values ------------------------------------------------------------------
    def dtype(self, d) -> str:
        if str(d) == "bfloat16" and self.d.dtype_ns == "np":
            # NumPy has no bfloat16 of its own: ml_dtypes' (what Ivy's NumPy backend uses)
            self.need_import("import ml_dtypes")
            return "ml_dtypes.bfloat16"
        return self.d.dtype_expr(str(d))

    def native_dtype(self, v) -> str | None:
        """Source for a framework dtype object of the target (or a NumPy one), else None."""
        if isinstance(v, np.dtype) and v.names is None:
            if v.name == "bfloat16" and self.d.dtype_ns != "jnp":
                # NumPy has no bfloat16 of its own: ml_dtypes' (a dependency of JAX and TF too)
                self.need_import("import numpy as np")
                self.need_import("import ml_dtypes")
                return "np.dtype(ml_dtypes.bfloat16)"
            if self.d.dtype_ns == "jnp":
                return f"jnp.dtype({v.name!r})"
            if "numpy" in self.roots:
                self.need_import("import numpy as np")
                return f"np.dtype({v.name!r})"
        if isinstance(v, type) and issubclass(v, np.generic):
            name = np.dtype(v).name
            if name == "bfloat16" and self.d.dtype_ns != "jnp":
                self.need_import("import ml_dtypes")
                return "ml_dtypes.bfloat16"
            if self.d.dtype_ns in ("np", "jnp"):
                return self.dtype(name)
            if "numpy" in self.roots:
                self.need_import("import numpy as np")
                return f"np.{v.__name__}"
        return None

    def literal(self, v) -> str | None:
        """``v`` as a Python literal, or None."""
        c = v.__class__
        if v is None or c in (bool, int, str, bytes):
            return repr(v)
        if c is float:
            return repr(v) if math.isfinite(v) else f"float({repr(v)!r})"
        if c is complex:
            return f"complex({self.literal(v.real)}, {self.literal(v.imag)})"
        if v is Ellipsis:
            return "..."
        from ...dtypes import Dtype

        if c is Dtype:  # an Ivy dtype equals and hashes as its name
            return repr(str(v))
        return None

    def value(self, v, hint: str, owner=None) -> str:
        """An expression for ``v`` in the output (defining helpers as needed)."""
        lit = self.literal(v)
        if lit is not None:
            return lit
        key = self._key(v)
        if key is not None and key in self.done:
            return self.done[key]
        out = self._value(v, hint, owner)
        if key is not None:
            self.done[key] = out
        return out

    @staticmethod
    def _key(v):
        if isinstance(v, (list, dict, set)):
            return ("id", id(v))
        try:
            hash(v)
        except TypeError:
            return ("id", id(v))
        return ("obj", type(v), id(v))

    def _value(self, v, hint, owner) -> str:
        c = v.__class__
        if c is Memo:  # a cache: as declared, not as this process has filled it
            return self.container(dict(v.initial), hint, owner)
        if c in (tuple, list, set, frozenset, dict):
            return self.container(v, hint, owner)
        d = self.native_dtype(v)
        if d is not None:
            return d
        d = self.framework_dtype(v)
        if d is not None:
            return d
        if isinstance(v, types.ModuleType):
            return self.module(v, owner)
        if isinstance(v, functools.partial):
            return self.partial(v, hint)
        if isinstance(v, type):
            return self.cls(v, hint, owner)
        if isinstance(v, types.FunctionType):
            pub = self.public(v)
            if pub is not None:
                return pub
            if self.copyable(v):
                return self.copy_function(v, hint)
            raise CannotEmit(f"{_where(owner)} uses {v.__module__}.{v.__qualname__}")
        if isinstance(v, threading.local):  # state (Ivy's default dtypes): as in force now
            attrs = {k: self.value(e, f"{hint}_{k}", owner) for k, e in vars(v).items()}
            body = "".join(f"    {k} = {e}\n" for k, e in attrs.items()) or "    pass\n"
            return self.define(hint, lambda n: f"class {n}:  # the values in force when written\n"
                                               f"{body}")
        if c.__module__ == "ivy.functional.backends._shared.rng" and c.__name__ == "Streams":
            return self.random_streams(v, hint, owner)
        if callable(v):
            pub = self.public(v)
            if pub is not None:
                return pub
            got = self.compiled_function(v, hint)
            if got is not None:
                return got
        raise CannotEmit(f"{_where(owner)} uses the value {v!r} ({type(v).__name__})")

    def random_streams(self, v, hint, owner) -> str:
        """A backend's random streams (``_shared/rng.Streams``): the output has one stream of
        its own, made as the backend makes a fresh one (no per-caller streams there)."""
        fresh = self.value(v.fresh, f"{hint}_fresh", owner)
        return self.define(hint, lambda n: (
            f"class {n}:  # the output's own random stream\n"
            f"    stream = [{fresh}(None)]\n"
            f"    current = staticmethod(lambda: {n}.stream)\n"
            f"    get = staticmethod(lambda: {n}.stream[0])\n"))

    def compiled_function(self, v, hint) -> str | None:
        """Hook: a backend helper wrapped by the target's compiler (``jax.jit``), or None."""
        return None

    def framework_dtype(self, v) -> str | None:
        """Hook: the target framework's dtype objects."""
        return None

    def container(self, v, hint, owner) -> str:
        c = v.__class__
        if c is dict:
            items = ", ".join(f"{self.value(k, hint, owner)}: {self.value(e, hint, owner)}"
                              for k, e in v.items())
            text = "{" + items + "}"
        else:
            items = [self.value(e, hint, owner) for e in v]
            if c is list:
                text = "[" + ", ".join(items) + "]"
            elif c is tuple:
                text = "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
            else:
                text = f"{c.__name__}([" + ", ".join(items) + "])"
        return text

    def public(self, v) -> str | None:
        """The public name of a framework object (NumPy's too where NumPy may be imported)."""
        got = _public_names(self.roots, dict(self.d.namespaces)).get(id(v))
        if got is None and "numpy" in self.roots and self.target != "numpy":
            got = _public_names(("numpy",), {"np": "numpy", "np.linalg": "numpy.linalg",
                                             "np.fft": "numpy.fft"}).get(id(v))
            if got is not None and got[0].startswith("np."):
                self.need_import("import numpy as np")
        if got is None:
            return None
        self.need_import(got[1])
        return got[0]

    def module(self, v, owner) -> str:
        name = v.__name__
        for prefix, path in self.d.namespaces.items():
            if path == name:
                return prefix
        root = name.partition(".")[0]
        if name == "numpy" and "numpy" in self.roots:
            self.need_import("import numpy as np")
            return "np"
        if root in self.roots or root in STDLIB:
            self.need_import(f"import {name}")
            return name
        raise CannotEmit(f"{_where(owner)} uses module {name}")

    def cls(self, v, hint, owner) -> str:
        if v.__module__ == "builtins":
            return v.__name__
        from ...dtypes import Dtype

        if v is Dtype:  # Ivy dtypes are written as their names (a Dtype equals its name)
            return "str"
        if issubclass(v, tuple) and hasattr(v, "_fields"):
            self.need_import("import collections")
            return self.define(v.__name__, lambda n: f"{n} = collections.namedtuple("
                                                     f"{v.__name__!r}, {list(v._fields)!r})\n")
        if issubclass(v, BaseException) and v.__module__.startswith("ivy"):
            base = next(b for b in v.__mro__ if b.__module__ == "builtins")
            return self.define(v.__name__, lambda n: f"class {n}({base.__name__}):\n    pass\n")
        pub = self.public(v)
        if pub is not None:
            return pub
        raise CannotEmit(f"{_where(owner)} uses the class {v.__module__}.{v.__qualname__}")

    def copyable(self, fn) -> bool:
        """Whether Python function ``fn`` may be copied into the output."""
        mod = fn.__module__ or ""
        if hasattr(fn, "ivy_source"):  # a dispatcher: needs Ivy at run time
            return False
        if mod.startswith("ivy.functional.backends."):
            part = mod.split(".")[3]
            if part.startswith("_"):
                return True  # code shared by several backends
            from ...functional.backends import descriptor

            try:
                return descriptor(part).module in self.roots
            except KeyError:
                return False
        return mod.startswith("ivy.") or mod == "ivy"

    # -- functions ----------------------------------------------------------------------------
    def partial(self, p: functools.partial, hint: str) -> str:
        """``partial(shared_fn, <module>, ...)``: ``shared_fn`` copied with its bound parameters
        substituted (a module by the target's alias)."""
        fn = p.func
        if not isinstance(fn, types.FunctionType) or not self.copyable(fn):
            raise CannotEmit(f"cannot write functools.partial of {fn!r}")
        return self.copy_function(fn, hint, bound_args=p.args, bound_kwargs=p.keywords)

    def copy_function(self, fn, hint: str | None = None, *, bound_args=(),
                      bound_kwargs=None) -> str:
        """Copy ``fn`` into the output as a module-level function; returns its name."""
        key = ("fn", id(fn), tuple(id(a) for a in bound_args),
               tuple(sorted((k, id(v)) for k, v in (bound_kwargs or {}).items())))
        if key in self.done:
            return self.done[key]
        node = _function_ast(fn)
        for n in ast.walk(node):  # imports inside the body: the framework, stdlib or Ivy's own
            mods = [a.name for a in n.names] if isinstance(n, ast.Import) else \
                [n.module or ""] if isinstance(n, ast.ImportFrom) and not n.level else []
            for imp in mods:
                root = imp.partition(".")[0]
                if root not in self.roots and root not in STDLIB and root != "ivy":
                    raise CannotEmit(f"{_where(fn)} imports {imp}")
        want = fn.__name__ if fn.__name__ != "<lambda>" else (hint or "_fn")
        name = self.fresh(want)
        self.done[key] = name
        self.defs[name] = None
        try:
            src = self._copy(fn, node, name, bound_args, bound_kwargs or {})
        except BaseException:
            self.defs.pop(name, None)
            self.done.pop(key, None)
            raise
        self.defs.pop(name)
        self.defs[name] = src
        return name

    def _substitutions(self, fn, node) -> tuple[dict, dict]:
        """Names to replace in ``fn``'s copy: globals and closure cells -> expression ASTs."""
        subst: dict = {}
        attrs: dict = {}
        code = fn.__code__
        for name, (mod, attr, v) in _ivy_imports(fn, node).items():  # `from ivy.x import y`
            if isinstance(v, types.ModuleType):
                attrs[name] = self._attr_of(v, fn)
            else:
                subst[name] = _expr_ast(self.global_value(mod, attr, v, fn))
        for g in sorted(globals_used(code)):
            if g in fn.__globals__:
                v = fn.__globals__[g]
                if isinstance(v, types.ModuleType) and (v.__name__.startswith("ivy.")
                                                        or v.__name__ == "ivy"):
                    attrs[g] = self._attr_of(v, fn)
                    continue
                e = self.global_value(fn.__module__, g, v, fn)
            elif hasattr(builtins, g):
                continue
            else:
                raise CannotEmit(f"{_where(fn)} uses the undefined name {g}")
            if e != g:
                subst[g] = _expr_ast(e)
        if fn.__closure__:
            for fv, cell in zip(code.co_freevars, fn.__closure__, strict=True):
                try:
                    v = cell.cell_contents
                except ValueError:
                    raise CannotEmit(f"{_where(fn)} has an empty closure cell {fv}") from None
                if isinstance(v, types.ModuleType) and v.__name__.startswith("ivy"):
                    attrs[fv] = self._attr_of(v, fn)
                    continue
                subst[fv] = _expr_ast(self.value(v, f"_{fn.__name__}_{fv}", fn))
        bound = _bound_names(node) - set(_ivy_imports(fn, node))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            bound.discard(node.name)  # its own name: a recursive call is a global load
        clash = (set(subst) | set(attrs)) & bound
        if clash:
            raise CannotEmit(f"{_where(fn)} binds {sorted(clash)[0]} locally and globally")
        return subst, attrs

    def _attr_of(self, mod, owner):
        def attr(a):
            if not hasattr(mod, a):
                raise CannotEmit(f"{_where(owner)} uses {mod.__name__}.{a}, which does not exist")
            return _expr_ast(self.global_value(mod.__name__, a, getattr(mod, a), owner))
        return attr

    def global_value(self, mod_name: str, g: str, v, owner) -> str:
        """A module global of ``mod_name`` named ``g`` (value ``v``) in the output."""
        lit = self.literal(v)
        if lit is not None:
            return lit
        key = self._key(v)
        if isinstance(v, (types.FunctionType, type, types.ModuleType, functools.partial)) or \
                callable(v):
            return self.value(v, g, owner)
        if key in self.done:
            return self.done[key]
        # a data constant: a named definition, from its defining expression when that is a
        # literal (caches that start empty stay empty) or else from its value
        expr = module_definition(mod_name, g)
        text = None
        if expr is not None:
            try:
                ast.literal_eval(expr)
                text = ast.unparse(expr)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                text = None
        if text is None:
            try:
                text = self.value(v, g, owner)
            except CannotEmit:
                if expr is None:
                    raise
                text = self.expression(mod_name, expr, owner)
        if text in self.defs:  # already a named definition (a class snapshot, a copy)
            self.done[key] = text
            return text
        name = self.define(g, lambda n: f"{n} = {text}\n")
        self.done[key] = name
        return name

    def expression(self, mod_name: str, expr, owner) -> str:
        """A module-level expression of module ``mod_name`` with its names written out."""
        mod = sys.modules[mod_name]
        subst, attrs = {}, {}
        for n in ast.walk(expr):
            if isinstance(n, ast.Name) and n.id not in subst and n.id not in attrs:
                if n.id in vars(mod):
                    v = vars(mod)[n.id]
                    if isinstance(v, types.ModuleType) and v.__name__.startswith("ivy"):
                        attrs[n.id] = self._attr_of(v, owner)
                        continue
                    subst[n.id] = _expr_ast(self.global_value(mod_name, n.id, v, owner))
                elif not hasattr(builtins, n.id):
                    raise CannotEmit(f"{_where(owner)}: cannot write {ast.unparse(expr)}")
        return ast.unparse(_Substitute(subst, attrs).visit(_clone(expr)))

    def _copy(self, fn, node, name, bound_args, bound_kwargs) -> str:
        subst, attrs = self._substitutions(fn, node)
        node = _Substitute(subst, attrs).visit(_DropIvyImports().visit(_clone_stmt(node)))
        args = node.args
        # parameters bound by functools.partial: positional ones are removed and substituted
        pos = args.posonlyargs + args.args
        if len(bound_args) > len(pos):
            raise CannotEmit(f"{_where(fn)}: partial binds more arguments than it has")
        fixed = {}
        for a, v in zip(pos, bound_args, strict=False):
            fixed[a.arg] = _expr_ast(self.value(v, f"{name}_{a.arg}", fn))
        if fixed:
            k = len(bound_args)
            n_pos = len(args.posonlyargs)
            defaults = list(args.defaults)
            n_def_pos = len(pos) - len(defaults)  # index of the first defaulted parameter
            keep_defaults = defaults[max(0, k - n_def_pos):]
            args.posonlyargs = args.posonlyargs[k:] if k <= n_pos else []
            args.args = args.args[max(0, k - n_pos):]
            args.defaults = keep_defaults
            node = _Substitute(fixed, {}).visit(node)
        for kname, v in bound_kwargs.items():  # keyword arguments of the partial: new defaults
            e = _expr_ast(self.value(v, f"{name}_{kname}", fn))
            for a, _ in _param_defaults(args):
                if a.arg == kname:
                    _set_default(args, a, e)
                    break
            else:
                raise CannotEmit(f"{_where(fn)}: partial binds unknown keyword {kname}")
        if isinstance(node, ast.Lambda):
            return f"{name} = {ast.unparse(node)}\n"
        node.name = name
        node.body = _strip_docstring(node.body)
        node.returns = None
        for a in args.posonlyargs + args.args + args.kwonlyargs:
            a.annotation = None
        for a in (args.vararg, args.kwarg):
            if a is not None:
                a.annotation = None
        return ast.unparse(node) + "\n"

    # -- inlining a plain-expression body --------------------------------------------------
    def inline(self, fn, bound: dict) -> str | None:
        """``fn``'s body as one expression with the arguments substituted, or None when the body
        is not ``[simple assignments] return <expr>``."""
        if not isinstance(fn, types.FunctionType) or fn.__closure__ or \
                fn.__code__.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
            return None
        try:
            node = _function_ast(fn)
        except CannotEmit:
            return None
        if isinstance(node, ast.Lambda):
            body = [ast.Return(node.body)]
        else:
            body = _strip_docstring(node.body)
        if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
            return None
        for st in body[:-1]:
            if not (isinstance(st, ast.Assign) and len(st.targets) == 1
                    and isinstance(st.targets[0], ast.Name)):
                return None
        for n in ast.walk(node):
            if isinstance(n, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                              ast.GeneratorExp, ast.NamedExpr, ast.Yield, ast.Await)) and \
                    n is not node:
                return None
        env = {k: _expr_ast(v) for k, v in bound.items()}
        local = set(env)
        uses: dict = {}
        for st in body:
            for n in ast.walk(st.value):
                if isinstance(n, ast.Name):
                    uses[n.id] = uses.get(n.id, 0) + 1
        try:
            subst, attrs = self._substitutions(fn, node)
        except CannotEmit:
            return None
        for st in body:
            for n in ast.walk(st.value):
                if isinstance(n, ast.Name) and n.id not in local and n.id not in subst and \
                        n.id not in attrs and n.id not in fn.__globals__ and \
                        not hasattr(builtins, n.id):
                    return None
            value = _Substitute({**subst, **env}, attrs).visit(_clone(st.value))
            if isinstance(st, ast.Assign):
                tgt = st.targets[0].id
                if uses.get(tgt, 0) > 1 and not isinstance(value, (ast.Name, ast.Constant,
                                                                   ast.Attribute)):
                    return None  # used twice: inlining would compute it twice
                env[tgt] = value
                local.add(tgt)
            else:
                return ast.unparse(value)
        return None

    # -- the graph (SourceWriter's hooks) ------------------------------------------------------
    def leaf(self, v) -> str:
        """A node argument that is not a structure (a literal, a dtype, an array) as source."""
        c = v.__class__
        from ...dtypes import Dtype

        if c is Dtype:
            return self.dtype(v)
        lit = self.literal(v)
        if lit is not None:
            return lit
        if c is slice:
            return f"slice({self.expr(v.start)}, {self.expr(v.stop)}, {self.expr(v.step)})"
        if isinstance(v, np.generic):
            return self.expr(v.item())
        if isinstance(v, np.ndarray):
            return self.constant(v)
        raise CannotEmit(f"cannot write the argument {v!r} ({type(v).__name__}) as source")

    def constant_node(self, n, name: str) -> None:
        self.consts.append(f"{name} = {self.constant(n.value)}")  # module level

    def sub_function(self, want: str) -> str:
        return self.local(want)  # fresh: shadows nothing outside

    def sub_local(self, fname: str, node_name: str) -> str:
        return self.local(f"{fname}_{node_name}")

    def call_text(self, n, name: str) -> str:
        self.node = n
        try:
            text = self.call(n)
        except CannotEmit as e:
            target = self.header_target
            raise TraceError(
                f"to_source({target!r}): cannot write node {name} = ivy.{n.target}(...) "
                f"of {self.g.name} for {target}: {e}. The emitter writes what the "
                f"{target} backend runs eagerly; make that backend function a direct "
                "binding, a plain expression, or a function that uses only the framework and "
                "pure-Python helpers") from None
        if self.numpy_scalars and len(n.outputs) == 1 and n.paths == [()] and \
                n.outputs[0][0] is not None and tuple(n.outputs[0][0]) == ():
            text = f"np.asarray({text})"  # NumPy reductions give scalars; the graph has 0-d arrays
        return text

    def args_of(self, n) -> tuple[list[str], dict[str, str]]:
        args = n.args[:-1] if n.target in CONTROL_FLOW else n.args  # captures: closures
        pos = [self.expr(a) for a in args]
        kw = {k: self.expr(v) for k, v in n.kwargs.items()}
        if n.target in MUTATING and self.d.mutable and pos:
            pos[0] = self.copied(pos[0])
        return pos, kw

    def copied(self, x: str) -> str:
        """Hook: a copy of array expression ``x`` (value semantics of ``set_item``)."""
        return x

    def call(self, n) -> str:
        """The expression computing call node ``n``."""
        fn = resolve(self.B, n.target)
        if getattr(fn, "ivy_missing", False):
            raise CannotEmit(f"ivy.{n.target} is not implemented for the {self.target} backend")
        pos, kw = self.args_of(n)
        argtext = ", ".join(pos + [f"{k}={v}" for k, v in kw.items()])
        pub = self.public(fn) if not isinstance(fn, types.FunctionType) or \
            not (fn.__module__ or "").startswith("ivy") else None
        if pub is not None:
            return f"{pub}({argtext})"
        if isinstance(fn, types.FunctionType):
            try:
                ba = inspect.signature(fn).bind(*map(_Src, pos),
                                                **{k: _Src(v) for k, v in kw.items()})
            except TypeError as e:
                raise CannotEmit(f"the backend function does not take these arguments: {e}") \
                    from None
            ba.apply_defaults()
            bound = {}
            ok = True
            for k, v in ba.arguments.items():
                if v.__class__ is _Src:
                    bound[k] = str(v)
                elif isinstance(v, tuple) and all(e.__class__ is _Src for e in v):
                    bound[k] = "(" + "".join(f"{e}, " for e in v) + ")"
                else:
                    try:
                        bound[k] = self.value(v, k, fn)
                    except CannotEmit:
                        ok = False
            got = self.inline(fn, bound) if ok else None
            if got is not None:
                return got
        name = self.value(fn, n.target.replace(".", "_"), None)
        return f"{name}({argtext})"

    def constant(self, value: np.ndarray) -> str:
        """Hook: a constant array as source."""
        raise NotImplementedError

    def finish(self) -> None:
        """Hook: called after the body is written (e.g. to add imports)."""

    def wrap_body(self, body: list[str]) -> list[str]:
        """Hook: the function body's lines, e.g. inside a context manager."""
        return body


def _clone_stmt(node):
    return ast.parse(textwrap.dedent(ast.unparse(node))).body[0] \
        if not isinstance(node, ast.Lambda) else _clone(node)


def _param_defaults(args):
    pos = args.posonlyargs + args.args
    first = len(pos) - len(args.defaults)
    for i, a in enumerate(pos):
        yield a, (i - first if i >= first else None)
    for i, a in enumerate(args.kwonlyargs):
        yield a, ("kw", i)


def _set_default(args, a, e) -> None:
    pos = args.posonlyargs + args.args
    if a in args.kwonlyargs:
        args.kw_defaults[args.kwonlyargs.index(a)] = e
        return
    i = pos.index(a)
    first = len(pos) - len(args.defaults)
    if i >= first:
        args.defaults[i - first] = e
    else:
        # a parameter without default followed by ones without: make it keyword-only
        raise CannotEmit(f"partial binds positional parameter {a.arg} by keyword")


def _where(owner) -> str:
    if owner is None:
        return "the backend"
    return f"{getattr(owner, '__module__', '?')}.{getattr(owner, '__qualname__', owner)}"


# ---------------------------------------------------------------------------------------------
# Writing the whole function
# ---------------------------------------------------------------------------------------------

_STATIC = (type(None), bool, int, float, complex, str)


def signature(graph, statics: list | None = None) -> tuple[list[str], list[str]]:
    """Parameters of the generated function and the lines that unpack nested inputs.
    ``statics`` (if given) receives ``(expression, value)`` for each plain Python value of the
    arguments (traced as constants: baked into the code)."""
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
        elif statics is not None and c in _STATIC:
            statics.append((expr, t))

    for k, t in enumerate(targs):
        if t.__class__ is Ref:
            params.append(graph.nodes[t.node].name)
        else:
            p = f"arg{k}"
            base = p
            for n in graph.inputs:  # nested inputs are named <param>_<key>
                if not n.name.startswith("_") and "_" in n.name:
                    base = n.name.split("_")[0]
                    break
            p = base if base not in names and base not in params else p
            params.append(p)
            walk(t, p)
    static = []
    for k, t in tkw.items():
        if t.__class__ is Ref:
            params.append(graph.nodes[t.node].name)
        elif not _has_ref(t):
            static.append(f"{k}=None")  # a static keyword value: baked in at trace time
            if statics is not None and t.__class__ in _STATIC:
                statics.append((k, t))
        else:
            params.append(k)
            walk(t, k)
    return params + static, unpack  # defaults last: array keywords may follow static ones


def _has_ref(t) -> bool:
    return next(iter_refs(t), None) is not None


def _guarded_inputs(graph, first_arg: int) -> list:
    """The array input nodes reached from the positional arguments from ``first_arg`` on and
    from every keyword argument (a model's parameter dict, argument 0, is left out)."""
    targs, tkw = graph.template
    seen, out = set(), []
    for t in (*targs[first_arg:], *tkw.values()):
        for r in iter_refs(t):
            n = graph.nodes[r.node]
            if n.op == INPUT and r.node not in seen and n.outputs and \
                    n.outputs[0][0] is not None and n.outputs[0][1] is not None:
                seen.add(r.node)
                out.append(n)
    return out


#: the emitted code's refusal of other inputs than it was written for: a ValueError marked
#: ``wrong_input`` (plain functions, no class: ``torch.compile`` resolves a class through its
#: module, which the emitted code's namespace is not)
_WRONG_INPUT = '''def {name}(fn, arg, x, shape, dtype, free=()):
    # the exact check failed: compare leniently (another framework's array of the same shape
    # and dtype, a TF shape given as a TensorShape, an unknown size (None: a symbolic trace) in
    # a dimension whose size the code never uses) before refusing
    if not hasattr(x, "shape") or not hasattr(x, "dtype"):
        e = TypeError(
            f"{{fn}}: input {{arg}} is a {{type(x).__name__}}, but this code was written for an "
            f"array ({{dtype}}{{list(shape)}}): pass an array of the target framework (or a NumPy "
            f"array), e.g. np.asarray(value, dtype={{dtype!r}})")
        e.wrong_input = True
        raise e
    got_shape = tuple(x.shape)
    got_dtype = str(x.dtype).rpartition(".")[2]
    got_dtype = got_dtype.removeprefix("<dtype: '").removesuffix("'>")
    shape_ok = len(got_shape) == len(shape) and all(
        s is None or g == s or (g is None and d in free)
        for d, (g, s) in enumerate(zip(got_shape, shape)))
    if shape_ok and got_dtype == dtype:
        return x
{widen}    e = ValueError(
        f"{{fn}}: input {{arg}} is {{got_dtype}}{{list(got_shape)}}, but this code was written for "
        f"{{dtype}}{{list(shape)}}{{' (None: any size)' if None in shape else ''}}: shapes and "
        f"dtypes are fixed when the code is written (from the example inputs); transpile or "
        f"trace again with an example of this shape and dtype")
    e.wrong_input = True
    raise e
'''

_WRONG_VALUE = '''def {name}(fn, arg, got, want):
    e = ValueError(
        f"{{fn}}: argument {{arg}} is {{got!r}}, but this code was written for {{want!r}} (a plain "
        f"Python value is part of the code); transpile or trace again with it")
    e.wrong_input = True
    raise e
'''


_WRONG_SIZE = '''def {name}(fn, what, got, rule):
    e = ValueError(
        f"{{fn}}: {{what}} is {{got}}, but this code holds for {{rule}} (the sizes it was verified "
        f"at); transpile or trace again with an example of this size")
    e.wrong_input = True
    raise e
'''


def _sizes_used(graph) -> set:
    """Every integer the code holds: in the calls' arguments (a reshape's sizes, a slice's
    bounds, a constant factor) and in the constants' shapes and small values (an ``arange(n)``),
    sub-graphs included. The input check lets an unknown size (``None``, in a ``tf.function`` or
    Keras trace) through in an input's first (batch) dimension of size n when no such integer
    is n, n ± 1, a multiple of n (``x.shape[0] * 2`` folded into a reshape) or a divisor of n
    above 1 (``n // 2``): the code then reads the batch size from the array wherever it needs it
    (``x.shape``, a reduction's count, a ``-1`` reshape). Never another known size (that is
    transpiled again), and never other dimensions: sizes there feed computed padding (TF's
    ``SAME`` with a stride depends on the size's parity) and the like. Conservative: a
    coincidence refuses, loudly (an example batch size that is prime and unlike the model's
    other sizes, e.g. 7, avoids it)."""
    out: set = set()

    def ints(v):
        c = v.__class__
        if c is int or c is bool:
            out.add(int(v))
        elif c is float and v.is_integer():
            out.add(int(v))
        elif c in (tuple, list):
            for e in v:
                ints(e)
        elif c is slice:
            ints((v.start, v.stop, v.step))
        elif c is dict:
            for e in v.values():
                ints(e)
        elif isinstance(v, (np.integer, np.floating)) and float(v).is_integer():
            out.add(int(v))
        elif isinstance(v, np.ndarray):
            out.update(int(d) for d in v.shape)
            if v.size <= 64 and v.dtype.kind in "iuf":
                out.update(int(e) for e in v.ravel().tolist() if float(e).is_integer())

    for n in walk(graph):
        if n.op == CONSTANT:
            ints(np.asarray(n.value))
        elif n.op != INPUT:
            ints(n.args)
            ints(n.kwargs)
    return out


def input_guard(graph, em, fname: str, first_arg: int, statics: list,
                dims: dict | None = None) -> list[str]:
    """Lines that check each array input's shape and dtype against those the code was written
    for, and each plain Python argument's value: the emitted code bakes them in (a reshape to
    the example's batch size, ``x.shape[0]`` or ``dim=1`` as a constant), so other inputs would
    otherwise run and give a wrong result silently. One comparison per input in the common case
    (under ``jax.jit``/``tf.function`` it runs while tracing only)."""
    lines = []
    helpers: dict = {}

    def helper(kind):
        if kind not in helpers:
            text = {"input": _WRONG_INPUT, "value": _WRONG_VALUE, "size": _WRONG_SIZE}[kind]
            helpers[kind] = em.define(f"_wrong_{kind}", lambda nm: text.format(
                name=nm, widen=em.widen_input))
        return helpers[kind]

    def dtype(dt):
        ns = getattr(getattr(em, "d", None), "dtype_ns", "")  # (the Ivy target has none)
        if ns not in ("np", "jnp"):
            return em.dtype(dt)  # torch.float32, tf.float32: compared as they are
        # NumPy/JAX arrays' dtype is an np.dtype: compare with one made once (np.float32 or
        # jnp.float32 would be converted on every comparison, ~1 us under JAX)
        key = ("input-dtype", dt)
        if key not in em.done:
            em.done[key] = em.define(f"_{dt}", lambda nm: f"{nm} = {ns}.dtype({em.dtype(dt)})\n")
        return em.done[key]

    used = None
    sizes: list[str] = []  # the symbolic dimensions' relations and bounds, after every input
    for n in _guarded_inputs(graph, first_arg):
        shape, dt = tuple(int(d) for d in n.outputs[0][0]), str(n.outputs[0][1])
        nm = em.names.get(id(n), n.name)
        if dims is not None:
            lines += _symbolic_input_check(n, nm, shape, dt, dims, fname, em, helper, dtype,
                                           sizes)
            continue
        # (getattr: a list or a number where an array was expected reaches the message)
        lines.append(f"if getattr({nm}, 'shape', None) != {shape!r} or {nm}.dtype != "
                     f"{dtype(dt)}:")
        if used is None:
            used = _sizes_used(graph)
        size = shape[0] if shape else 0
        free = (0,) if size > 1 and not any(
            u in (size - 1, size + 1) or (u and u % size == 0) or (u > 1 and size % u == 0)
            for u in used) else ()
        more = f", {free!r}" if free else ""
        lines.append(f"    {f'{nm} = ' if em.widen_input else ''}{helper('input')}({fname!r}, "
                     f"{nm!r}, {nm}, {shape!r}, {dt!r}{more})")
    lines += sizes
    first = {f"arg{k}" for k in range(first_arg)}
    for expr, v in statics:
        if expr.partition("[")[0] in first or (v.__class__ is float and v != v):
            continue
        want = em.literal(v)
        if want is None:
            continue
        cond = f"{expr} is not None" if v is None else f"{expr} != {want}"
        if expr.isidentifier() and v is not None and expr in graph.template[1]:
            cond = f"{expr} is not None and {cond}"  # a keyword left out keeps its value
        lines.append(f"if {cond}:")
        lines.append(f"    {helper('value')}({fname!r}, {expr!r}, {expr}, {want})")
    return lines


def _symbolic_input_check(n, nm, shape, dt, dims, fname, em, helper, dtype, sizes) -> list:
    """The check of one input of code with symbolic dimensions (``dims``: ``{(input, axis):
    (atom or None, min, max)}``, see ivy.transpiler.shapes): its rank, dtype and fixed sizes
    at once; into ``sizes`` the relations (a dimension that is another's size) and bounds."""
    want = []
    conds = [f"len(getattr({nm}, 'shape', ())) != {len(shape)}", f"{nm}.dtype != {dtype(dt)}"]
    for axis, size in enumerate(shape):
        atom, lo, hi = dims.get((n.name, axis), (None, None, None))
        if atom is None:
            want.append(size)
            conds.append(f"{nm}.shape[{axis}] != {size}")
            continue
        want.append(None)
        here = f"{nm}.shape[{axis}]"
        if atom != (n.name, axis):
            other = f"{em.input_name(atom[0])}.shape[{atom[1]}]"
            sizes.append(f"if {here} != {other}:")
            sizes.append(f"    {helper('size')}({fname!r}, {here!r}, {here}, "
                         f"{'the size of ' + other!r} + f' ({{{other}}})')")
            continue
        for bound, op, rule in ((lo, "<", "sizes from {}"), (hi, ">", "sizes up to {}")):
            if bound is not None and (bound > 1 or op == ">"):
                sizes.append(f"if {here} is not None and {here} {op} {bound}:")
                sizes.append(f"    {helper('size')}({fname!r}, {here!r}, {here}, "
                             f"{rule.format(bound)!r})")
    head = f"if {' or '.join(conds)}:"
    call = (f"    {f'{nm} = ' if em.widen_input else ''}{helper('input')}({fname!r}, {nm!r}, "
            f"{nm}, {tuple(want)!r}, {dt!r})")
    return [head, call]


def write(graph, em, fname: str, header_target: str, guard_from: int | None = None,
          dims: dict | None = None) -> str:
    """The whole module: docstring, imports, helpers, constants, the function. ``guard_from``:
    check the array inputs from that positional argument on (:func:`input_guard`)."""
    statics: list = []
    params, unpack = signature(graph, statics)
    body = [f"    {line}" for line in unpack]
    if guard_from is not None:
        body += [f"    {line}" for line in input_guard(graph, em, fname, guard_from, statics,
                                                        dims)]
    em.header_target = header_target
    consts = em.consts = []
    body += em.lines(graph, "    ")
    body.append(f"    return {em.expr(graph.output)}")
    em.finish()
    body = em.wrap_body(body)
    n = len(graph.calls)
    out = [f'"""{ident(graph.name)} traced by ivy.trace_graph ({n} call{"s" * (n != 1)}), '
           f'written for {header_target}."""', ""]
    out += list(dict.fromkeys(em.imports))
    defs = [s for s in em.defs.values() if s]
    if defs:
        out += ["", ""] + [s.rstrip("\n") + ("\n" if s.startswith(("def ", "class ")) else "")
                           for s in defs]
    if consts:
        out += [""] + consts
    out += ["", "", f"def {fname}({', '.join(params)}):"] + body
    return "\n".join(out) + "\n"


#: names the emitted module itself uses: a function called ``slice`` or ``np`` would shadow them
_RESERVED = set(dir(builtins)) | set(keyword.kwlist) | {
    "np", "jnp", "jax", "torch", "tf", "ivy", "math", "functools", "collections", "base64",
    "ml_dtypes", "scipy"}


def function_name(graph, name) -> str:
    """The emitted function's name: the traced function's, with ``_`` appended where it would
    shadow a builtin or a module the emitted code uses."""
    out = ident(name or graph.name.rpartition(".")[2].replace("<lambda>", "traced"))
    return out + "_" if out in _RESERVED else out


def b64(value: np.ndarray) -> str:
    """repr of the base64 text of ``value``'s little-endian bytes (for large constants)."""
    import base64

    raw = np.ascontiguousarray(value).astype(value.dtype.newbyteorder("<")).tobytes()
    return repr(base64.b64encode(raw).decode("ascii"))


def list_literal(value: np.ndarray) -> str:
    """``value.tolist()`` as source (non-finite floats as ``float('nan')``...). An empty array's
    list loses its shape (``zeros((0, 3)).tolist() == []``): callers reshape those
    (``literal_shape``)."""
    return _lit(value.tolist())


def literal_shape(value: np.ndarray) -> str:
    """``""``, or ``.reshape(shape)`` when ``list_literal`` cannot carry ``value``'s shape."""
    return f".reshape({tuple(value.shape)})" if value.size == 0 and value.ndim != 1 else ""


def _lit(v) -> str:
    c = v.__class__
    if c is list:
        return "[" + ", ".join(_lit(e) for e in v) + "]"
    if c is float:
        return repr(v) if math.isfinite(v) else f"float({repr(v)!r})"
    if c is complex:
        return f"complex({_lit(v.real)}, {_lit(v.imag)})"
    return repr(v)
