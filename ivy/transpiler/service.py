"""Transpiling code given as text (the service's and the CLI's way in): loading it as a module,
and example inputs from shape/dtype specs."""

from __future__ import annotations

import hashlib
import linecache
import types

import numpy as np

from .api import Transpiled, transpile
from .errors import TranspileError


def load_code(code: str, entry: str, filename: str | None = None):
    """Execute ``code`` as a fresh module and return its ``entry`` (a model class is instantiated
    with no arguments and put in eval mode when it has one)."""
    digest = hashlib.sha1(code.encode()).hexdigest()[:12]
    filename = filename or f"<transpile {entry} {digest}>"
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    mod = types.ModuleType(f"ivy_user_{digest}")
    mod.__file__ = filename
    exec(compile(code, filename, "exec"), mod.__dict__)  # noqa: S102 - run in the sandbox by the service
    return entry_of(mod, entry)


def entry_of(mod, entry: str, *, what: str = "the code", error: type = TranspileError):
    """``entry`` of the module ``mod``: a model class is instantiated with no arguments and put
    in eval mode when it has one. Missing, ``error`` names the callables ``mod`` defines."""
    if entry not in mod.__dict__:
        found = sorted(k for k, v in mod.__dict__.items() if callable(v) and not k.startswith("_")
                       and getattr(v, "__module__", None) == mod.__name__)
        raise error(f"{what} defines no {entry!r}; callables it defines: "
                    f"{', '.join(found) or 'none'}")
    obj = mod.__dict__[entry]
    if isinstance(obj, type):
        obj = obj()
        if callable(getattr(obj, "eval", None)):
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
                     strict=options.get("strict", True), name=options.get("name"),
                     dynamic=options.get("dynamic", False))


#: example sizes for dimensions given by name (or None) without one: small, distinct, even
#: (strided convolutions and pooling take them), unlike the sizes 1 and 2 that programs fix
_EXAMPLE_SIZES = (4, 6, 8, 10, 12, 14, 16, 18, 20)


def _example_size(name, taken: dict, fixed: set) -> int:
    if name in taken:
        return taken[name]
    size = next(s for s in _EXAMPLE_SIZES if s not in fixed and s not in taken.values())
    taken[name] = size
    return size


def inputs_from_specs(specs, seed: int = 0) -> tuple:
    """Example inputs from ``[{"shape": [2, 3], "dtype": "float32"}, …]`` (or ``"float32[2,3]"``
    strings): standard normal floats, small non-negative ints, random bools. A dimension given
    by name or None gets an example size (:func:`example_shapes`)."""
    rng = np.random.default_rng(seed)
    out = []
    specs = [parse_spec(s) if isinstance(s, str) else s for s in specs]
    shapes = example_shapes(specs)
    for s, shape in zip(specs, shapes, strict=True):
        if "value" in s:
            out.append(np.asarray(s["value"], dtype=s.get("dtype")))
            continue
        dtype = np.dtype(s.get("dtype", "float32"))
        if dtype.kind == "b":
            out.append(rng.random(shape) < 0.5)
        elif dtype.kind in "iu":
            out.append(rng.integers(0, int(s.get("high", 10)), size=shape).astype(dtype))
        elif dtype.kind == "c":
            out.append((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype))
        else:
            out.append(rng.standard_normal(shape).astype(dtype))
    return tuple(out)


def _dim_parts(d):
    """A spec's dimension: ``(name or None, example size or None)`` — ``3``, ``"B"``,
    ``"H=32"``, ``None`` (a size of any value, its own name)."""
    if d is None:
        return None, None
    if isinstance(d, (int, np.integer)) and not isinstance(d, bool):
        return None, int(d)
    if isinstance(d, str):
        name, _, size = d.partition("=")
        name = name.strip()
        if not name.isidentifier():
            raise ValueError(f"dimension {d!r}: expected a size, a name (B) or a name with an "
                             "example size (H=32)")
        try:
            return name, int(size) if size.strip() else None
        except ValueError:
            raise ValueError(f"dimension {d!r}: the example size after '=' must be an "
                             "integer") from None
    raise ValueError(f"dimension {d!r}: expected a size, a name or null")


def example_shapes(specs) -> list:
    """Each spec's example shape, a size chosen for the dimensions given by name or None (one
    size per name: dimensions that share a name share it)."""
    parts = [[_dim_parts(d) for d in s.get("shape", ())] for s in specs]
    fixed = {size for ps in parts for name, size in ps if name is None and size is not None}
    taken = {name: size for ps in parts for name, size in ps if name and size is not None}
    out = []
    for k, ps in enumerate(parts):
        shape = []
        for axis, (name, size) in enumerate(ps):
            if size is None:
                size = _example_size(name or f"arg{k}_{axis}", taken, fixed)
            shape.append(size)
        out.append(tuple(shape))
    return out


def dynamic_of_specs(specs) -> dict | None:
    """The ``dynamic=`` of specs that name dimensions (``"B"``, ``None``): ``{argument index:
    {axis: name}}``, or None when every dimension is a plain size."""
    out: dict = {}
    for k, s in enumerate(specs):
        s = parse_spec(s) if isinstance(s, str) else s
        for axis, d in enumerate(s.get("shape", ())):
            name, _ = _dim_parts(d)
            if name is not None or d is None:
                out.setdefault(k, {})[axis] = name or f"arg{k}_{axis}"
    return out or None


def parse_spec(text: str) -> dict:
    """``"float32[2,3,16,16]"`` → ``{"dtype": "float32", "shape": [2, 3, 16, 16]}``; a
    dimension may be a name (``B``, the same size wherever it appears) or a name with an
    example size (``H=32``): ``"float32[B,3,H=32,W=32]"``."""
    text = text.strip()
    if "[" not in text or not text.endswith("]"):
        raise ValueError(f"input spec {text!r}: expected dtype[d0,d1,...], e.g. float32[2,3]")
    dtype, dims = text[:-1].split("[", 1)
    try:
        np.dtype(dtype)
    except TypeError:
        raise ValueError(f"input spec {text!r}: unknown dtype {dtype!r}") from None
    shape = []
    for d in (d.strip() for d in dims.split(",")):
        if not d:
            continue
        try:
            shape.append(int(d))
        except ValueError:
            _dim_parts(d)  # a name, or a name with its example size
            shape.append(d)
    return {"dtype": dtype, "shape": shape}


__all__ = ["dynamic_of_specs", "example_shapes", "inputs_from_specs", "load_code", "parse_spec",
           "transpile_code"]
