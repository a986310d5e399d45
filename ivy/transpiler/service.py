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


__all__ = ["inputs_from_specs", "load_code", "parse_spec", "transpile_code"]
