"""The one layer between ``ivy.f`` and ``backend.f``.

Every public function is written once in ``ivy/functional/ivy/<category>.py`` as a signature with a
docstring and no body, decorated with :func:`api`. The decorator generates (once, at import) a
dispatcher with the *same* signature whose fast path is a single call::

    def add(x1, x2, /):
        B = _B
        if B is None:                      # no backend set: infer it from the arrays (slow path)
            return _slow_call(_SPEC_add, (x1, x2), {})
        w = False
        if x1.__class__ is _Array:         # ivy.Array in -> unwrap now, wrap the result below
            x1 = x1._data
            w = True
        ...                                # (same for x2)
        r = B.add(x1, x2)                  # native arrays pay only the checks above
        return _wrap(r) if w else r

``_B`` is the current backend namespace (``ivy.functional.backends.<fw>``) or ``None`` when no
backend is set. It lives in :data:`DISPATCH_GLOBALS`, the globals of every generated dispatcher, and
is written only by :func:`set_dispatch_backend` — so switching backend is one dict assignment (plus
the C mirror), atomic and cheap, and a call costs one extra Python frame instead of a stack of
decorators.

With the C extension built (``ivy/_dispatch.c``, compiled by ``setup.py``), each non-creation
function is a ``Dispatcher`` object doing that same fast path in C, without the Python frame; it
calls the generated dispatcher (``ivy.add.fallback``) for everything else. Where a backend function
declares a native binding (``ivy.functional.backends.native_binding``: torch's ``add`` is
``torch.add`` for two tensors of one real dtype), the C path calls that framework function in the
declared case, without the backend function's frame. ``IVY_DISPATCH=python`` turns the C path
off (and with it the native bindings: the backend function always runs).

Errors raised by the backend keep their native type; the dispatcher adds a note naming the Ivy
function and backend (``BaseException.add_note``), which costs nothing unless an error is raised.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from .errors import BackendError
from .functional.backends import all_descriptors, load_backend
from .registry import API, path_of, resolve

# The C fast path (ivy/_dispatch.c), unless it is not built or IVY_DISPATCH=python asks for the
# pure-Python dispatchers (same behaviour; useful to debug or to compare).
_dispatch = None
if os.environ.get("IVY_DISPATCH", "c") != "python":
    try:
        from . import _dispatch
    except ImportError:  # not compiled (no C compiler at install time)
        pass
ACCELERATED = _dispatch is not None

# ``API`` (ivy.registry): name ("add", "linalg.svd", "fft.fft") -> public dispatcher. The RPC
# worker serves exactly these.


class Spec(NamedTuple):
    path: str  # "add" or "linalg.svd"
    creation: bool  # always return ivy.Array (functions that make arrays from non-arrays)


# ---------------------------------------------------------------------------------------------
# Native array recognition and backend inference
# ---------------------------------------------------------------------------------------------

_BACKEND_OF_TYPE: dict[type, str | None] = {np.ndarray: "numpy"}


def backend_name_of_type(t: type) -> str | None:
    """The backend whose native array type ``t`` is (``None`` for non-arrays). Cached per type.

    Reads the backends' descriptors (``array_types``); a framework that is not imported has no
    arrays, so nothing is imported here."""
    try:
        return _BACKEND_OF_TYPE[t]
    except KeyError:
        pass
    root = t.__module__.partition(".")[0]
    # the descriptors whose modules define t first (jax for jaxlib types), then the others
    # (subclasses defined elsewhere, e.g. numpy scalar types of ml_dtypes)
    ds = all_descriptors()
    name = None
    for d in sorted(ds, key=lambda d: root not in d.type_roots):
        types_ = d.resolve_array_types()
        if types_ and issubclass(t, types_):
            name = d.name
            break
    _BACKEND_OF_TYPE[t] = name
    return name


def _scan(values, found: set) -> None:
    for v in values:
        c = v.__class__
        if c is list or c is tuple:
            _scan(v, found)
            continue
        if c is Array:
            v = v._data
            c = v.__class__
        n = _BACKEND_OF_TYPE.get(c, 0)
        if n == 0:
            n = backend_name_of_type(c)
        if n is not None:
            found.add(n)


def infer_backend(fn_name: str, args, kwargs):
    """The backend for a call with no backend set: from the native arrays given, else NumPy."""
    found: set = set()
    _scan(args, found)
    if kwargs:
        _scan(kwargs.values(), found)
    if len(found) > 1:
        raise BackendError(
            f"ivy.{fn_name} got arrays of several frameworks ({', '.join(sorted(found))}); "
            "convert them to one framework first, or set a backend with ivy.set_backend"
        )
    return load_backend(found.pop() if found else "numpy")


# ---------------------------------------------------------------------------------------------
# Wrapping results
# ---------------------------------------------------------------------------------------------

def wrap(r):
    """Wrap native arrays in ``r`` (an array, or a tuple/list/namedtuple of them) as ivy.Array."""
    c = r.__class__
    if c is Array:
        return r
    n = _BACKEND_OF_TYPE.get(c, 0)
    if n == 0:
        n = backend_name_of_type(c)
    if n is not None:
        if n == "numpy" and c is not np.ndarray:
            r = np.asarray(r)  # numpy returns scalars for 0-d results; an Array holds an ndarray
        a = _new_array(Array)
        a._data = r
        return a
    if c is tuple or c is list:
        return c(wrap(e) for e in r)
    if isinstance(r, tuple) and hasattr(r, "_fields"):  # namedtuple results (linalg.eigh, ...)
        return c(*(wrap(e) for e in r))
    return r


def unwrap(x):
    """The native array inside ``x`` (``x`` itself for anything else); recurses into lists/tuples."""
    c = x.__class__
    if c is Array:
        return x._data
    if c is list or c is tuple:
        return c(unwrap(e) for e in x)
    return x


def _any_array(seq) -> bool:
    for e in seq:
        if e.__class__ is Array:
            return True
    return False


def _note(e: BaseException, path: str, B) -> None:
    e.add_note(f"(in ivy.{path} on the {getattr(B, 'name', B)} backend)")


def slow_call(spec: Spec, args: tuple, kwargs: dict):
    """General path: unwrap any ivy.Array, infer the backend if none is set, wrap the result."""
    wrap_out = spec.creation
    new_args = []
    for a in args:
        c = a.__class__
        if c is Array:
            a = a._data
            wrap_out = True
        elif (c is list or c is tuple) and _any_array(a):
            a = c(unwrap(e) for e in a)
            wrap_out = True
        new_args.append(a)
    for k, v in kwargs.items():
        if v.__class__ is Array:
            kwargs[k] = v._data
            wrap_out = True
    B = DISPATCH_GLOBALS["_B"]
    if B is None:
        B = infer_backend(spec.path, new_args, kwargs)
    try:
        r = resolve(B, spec.path)(*new_args, **kwargs)
    except Exception as e:
        _note(e, spec.path, B)
        raise
    return wrap(r) if wrap_out else r


# ---------------------------------------------------------------------------------------------
# The decorator
# ---------------------------------------------------------------------------------------------

_SEQ_OF_ARRAYS = re.compile(r"(Sequence|List|list|Tuple|tuple)\[\s*Array")


def _param_kind(annotation) -> str:
    """'seq' for a sequence of arrays, 'array' for an array (or array-or-scalar), 'key' for an
    index key (an array, or a tuple/list that may hold arrays), else 'other'."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    if text == "IndexKey":
        return "key"
    if "Array" not in text:
        return "other"
    return "seq" if _SEQ_OF_ARRAYS.search(text) else "array"


def api(fn: Callable | None = None, *, creation: bool = False, name: str | None = None):
    """Turn a signature-and-docstring definition into the public dispatcher for that function.

    ``creation=True`` marks functions that always return ``ivy.Array`` (they make arrays from
    non-arrays: ``zeros``, ``arange``, ``asarray``...). Parameters annotated with ``Array`` are
    checked for ``ivy.Array`` on the fast path; ``Sequence[Array]`` ones are scanned.
    """
    if fn is None:
        return lambda f: api(f, creation=creation, name=name)

    fname = name or fn.__name__
    path = path_of(fn.__module__, fname)
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())

    # the def line, the call into the backend, and the fast-path checks
    def_parts, call_parts, arrays, seqs, keys = [], [], [], [], []
    P = inspect.Parameter
    for i, p in enumerate(params):
        prev = params[i - 1].kind if i else None
        if prev is P.POSITIONAL_ONLY and p.kind is not P.POSITIONAL_ONLY:
            def_parts.append("/")
        if p.kind is P.KEYWORD_ONLY and prev not in (P.KEYWORD_ONLY, P.VAR_POSITIONAL):
            def_parts.append("*")
        if p.kind is P.VAR_POSITIONAL:
            def_parts.append("*" + p.name)
            call_parts.append("*" + p.name)
        elif p.kind is P.VAR_KEYWORD:
            def_parts.append("**" + p.name)
            call_parts.append("**" + p.name)
        elif p.kind is P.POSITIONAL_ONLY:
            def_parts.append(p.name)
            call_parts.append(p.name)
        else:
            def_parts.append(p.name)
            call_parts.append(f"{p.name}={p.name}")
        kind = _param_kind(p.annotation)
        if kind != "other" and p.kind is P.VAR_POSITIONAL:
            kind = "seq"
        if kind == "array":
            arrays.append(p.name)
        elif kind == "seq":
            seqs.append(p.name)
        elif kind == "key":
            keys.append(p.name)
    if params and params[-1].kind is P.POSITIONAL_ONLY:
        def_parts.append("/")

    # slow_call gets the positional arguments as a tuple and the keyword ones as a dict
    plain = [c for c in call_parts if "=" not in c and not c.startswith("*")]
    star = [c[1:] for c in call_parts if c.startswith("*") and not c.startswith("**")]
    var_kw = [c[2:] for c in call_parts if c.startswith("**")]
    kw_args = [c.split("=")[0] for c in call_parts if "=" in c]
    args_expr = "(" + "".join(f"{a}, " for a in plain) + ")"
    if star:
        args_expr = f"{args_expr} + tuple({star[0]})"
    kwargs_expr = "{" + ", ".join(f"'{k}': {k}" for k in kw_args) + "}"
    if var_kw:
        kwargs_expr = f"{{**{kwargs_expr}, **{var_kw[0]}}}"

    # Each dispatcher refers to its Spec as a global of its own name, so all share DISPATCH_GLOBALS
    # (and with it the one ``_B``).
    spec_name = "_SPEC_" + path.replace(".", "__")
    DISPATCH_GLOBALS[spec_name] = Spec(path, creation)
    call = f"B.{path}({', '.join(call_parts)})"
    slow = f"return _slow_call({spec_name}, {args_expr}, {kwargs_expr})"
    lines = [f"def {fname}({', '.join(def_parts)}):", "    B = _B"]
    if creation:
        lines.append(f"    {slow}")
    else:
        # no backend set -> infer (slow); otherwise unwrap ivy.Array arguments inline and wrap the
        # result only if one was given, so native arrays pay two class checks and nothing else
        lines += ["    if B is None:", f"        {slow}", "    w = False"]
        for a in arrays:
            lines += [f"    if {a}.__class__ is _Array:", f"        {a} = {a}._data", "        w = True"]
        for q in seqs:
            lines += [f"    if _any_array({q}):", f"        {q} = _unwrap({q})", "        w = True"]
        for k in keys:
            lines += [f"    if {k}.__class__ is _Array:", f"        {k} = {k}._data",
                      "        w = True",
                      f"    elif ({k}.__class__ is tuple or {k}.__class__ is list) and "
                      f"_any_array({k}):", f"        {k} = _unwrap({k})", "        w = True"]
        lines += [
            "    try:",
            f"        r = {call}",
            "    except Exception as e:",
            f"        _note(e, {path!r}, B)",
            "        raise",
            "    return _wrap(r) if w else r",
        ]
    src = "\n".join(lines) + "\n"
    loc: dict = {}
    exec(compile(src, f"<ivy dispatcher {path}>", "exec"), DISPATCH_GLOBALS, loc)
    out = loc[fname]
    out.__defaults__ = fn.__defaults__
    out.__kwdefaults__ = fn.__kwdefaults__
    out.__doc__ = fn.__doc__
    out.__module__ = fn.__module__
    out.__qualname__ = fn.__qualname__
    out.__annotations__ = dict(fn.__annotations__)
    out.ivy_path = path
    out.ivy_source = src  # the generated code, for the curious: print(ivy.add.ivy_source)
    if _dispatch is not None and not creation and path.count(".") <= 1:
        # The same fast path in C (no Python frame); it calls ``out`` for everything else. The C
        # lookup resolves one namespace level (``B.linalg.svd``); deeper namespaces
        # ("nn.functional.relu") use the generated Python dispatcher, which resolves any depth.
        py, out = out, _dispatch.Dispatcher(path, out)
        out.__dict__.update(py.__dict__)
        for attr in ("__doc__", "__module__", "__qualname__", "__name__", "__annotations__",
                     "__defaults__", "__kwdefaults__"):
            setattr(out, attr, getattr(py, attr))
        out.__signature__ = sig  # the declaration's (what inspect.signature(py) gives too)
    API[path] = out
    return out


def alias(path: str, fn: Callable) -> None:
    """Publish ``fn`` under a second name too (``linalg.matmul`` is ``matmul``)."""
    API[path] = fn


def register(fn: Callable | None = None, *, name: str | None = None):
    """Register a plain (not dispatched) public function, e.g. ``finfo`` or ``result_type``."""
    if fn is None:
        return lambda f: register(f, name=name)
    path = path_of(fn.__module__, name or fn.__name__)
    fn.ivy_path = path
    API[path] = fn
    return fn


def set_dispatch_backend(B) -> None:
    """Make ``B`` (a backend module, a tracer's stand-in, or ``None``) the backend every dispatcher
    calls. The only writer of that state: ``DISPATCH_GLOBALS["_B"]`` for the Python dispatchers
    and its mirror in the C fast path."""
    DISPATCH_GLOBALS["_B"] = B
    if _dispatch is not None:
        _dispatch.set_backend(B)


def set_array_class(cls, wrap_result, native_types: set) -> None:
    """Called once by :mod:`ivy.array_object`: the ``ivy.Array`` class, its result wrapper, and the
    set of native array types it wraps by setting ``_data`` (kept up to date by the wrapper)."""
    global Array
    Array = cls
    DISPATCH_GLOBALS["_Array"] = cls
    if _dispatch is not None:
        _dispatch.configure(cls, wrap_result, _note, native_types)


# The globals of every generated dispatcher. ``_B`` is the current backend (written only by
# set_dispatch_backend); the rest are the helpers the generated code calls.
DISPATCH_GLOBALS: dict = {
    "__builtins__": __builtins__,
    "_B": None,
    "_Array": None,  # set by ivy.array_object when the Array class exists
    "_slow_call": slow_call,
    "_any_array": _any_array,
    "_unwrap": unwrap,
    "_wrap": wrap,
    "_note": _note,
}

Array = None  # filled in by ivy.array_object (circular: Array's operators call the dispatchers)
_new_array = object.__new__
