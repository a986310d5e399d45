"""``ivy.Module``: variables in a Container, ``__call__`` -> ``_forward``, submodules found
automatically, train/eval, npz weights, and the functional call ``module(x, v=other_v)``.

A subclass sets its hyper-parameters and submodules in ``__init__`` (calling
``super().__init__()`` first or last), creates its own variables in ``_create_variables`` and
computes in ``_forward``::

    class MLP(ivy.Module):
        def __init__(self):
            super().__init__()
            self.l1, self.l2 = ivy.Linear(4, 8), ivy.Linear(8, 1)

        def _forward(self, x):
            return self.l2(ivy.relu(self.l1(x)))

``build_mode="on_init"`` (default) creates the variables when the outermost ``__init__``
returns; ``"lazy"`` waits for the first call and passes its inputs to ``_create_variables``
(for layers whose shapes depend on the input). Variables are native arrays of the backend current
at build time.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from typing import Optional

import numpy as np

from ivy import func_wrapper as _fw
from ivy.container import Container


class Module:
    """Base class of every layer and model."""

    _built = False
    _build_mode = "on_init"
    training = True
    dtype = None

    def __init__(self, *, build_mode: str = "on_init", dtype=None, seed: Optional[int] = None):
        if build_mode not in ("on_init", "lazy", "explicit"):
            raise ValueError(f"build_mode must be 'on_init', 'lazy' or 'explicit', got "
                             f"{build_mode!r}")
        d = self.__dict__
        d["_build_mode"] = build_mode
        d.setdefault("dtype", dtype)
        d["seed"] = seed
        d.setdefault("training", True)
        d.setdefault("buffers", Container())

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        orig = cls.__dict__.get("__init__")
        if orig is None or getattr(orig, "_ivy_wrapped", False):
            return

        @functools.wraps(orig)
        def __init__(self, *args, **kw):
            depth = self.__dict__.get("_init_depth", 0)
            self.__dict__["_init_depth"] = depth + 1
            try:
                orig(self, *args, **kw)
            finally:
                self.__dict__["_init_depth"] = depth
            if depth == 0 and self._build_mode == "on_init" and not self._built:
                self.build()

        __init__._ivy_wrapped = True
        cls.__init__ = __init__

    # ------------------------------------------------------------------------ variables
    def _create_variables(self, *inputs, **kwargs) -> dict:
        """This module's own variables (not its submodules'): a dict of native arrays."""
        return {}

    def submodules(self) -> Iterator[tuple[str, Module]]:
        """(name, module) for every direct submodule: attributes that are Modules, or lists,
        tuples or dicts of Modules (named ``attr/i`` or ``attr/key``)."""
        cache = self.__dict__.get("_sub_cache")
        if cache is None:
            cache = self.__dict__["_sub_cache"] = list(self._find_submodules())
        return iter(cache)

    def _find_submodules(self):
        for name, val in list(self.__dict__.items()):
            if name.startswith("_") or name in ("v", "buffers"):
                continue
            if isinstance(val, Module):
                yield name, val
            elif isinstance(val, (list, tuple)):
                for i, m in enumerate(val):
                    if isinstance(m, Module):
                        yield f"{name}/{i}", m
            elif isinstance(val, dict) and not isinstance(val, Container):
                for k, m in val.items():
                    if isinstance(m, Module):
                        yield f"{name}/{k}", m

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if isinstance(value, (Module, list, tuple, dict)) and not isinstance(value, Container):
            self.__dict__.pop("_sub_cache", None)  # submodules may have changed

    def modules(self) -> Iterator[Module]:
        """This module and every module below it."""
        yield self
        for _, m in self.submodules():
            yield from m.modules()

    def build(self, *inputs, **kwargs) -> Module:
        """Create the variables (own ones from ``_create_variables``, then the submodules')."""
        own = self._create_variables(*inputs, **kwargs) or {}
        v = Container(own)
        for name, m in self.submodules():
            if not m._built and m._build_mode != "lazy":
                m.build()
            if m._built:
                v[name] = m.v
        self.__dict__["_v"] = v
        self.__dict__["_built"] = True
        return self

    @property
    def v(self) -> Container:
        """All variables: own ones at the top, each submodule's under its attribute name."""
        if not self._built:
            if self._build_mode == "lazy":
                raise RuntimeError(f"{type(self).__name__} is built lazily: call it once first")
            self.build()
        return self.__dict__["_v"]

    @v.setter
    def v(self, value) -> None:
        value = value if isinstance(value, Container) else Container(value)
        self.__dict__["_v"] = value
        self.__dict__["_built"] = True
        for name, m in self.submodules():
            try:
                sub = value[name]
            except KeyError:
                continue
            m.v = sub

    def _collect(self) -> None:
        """Re-assemble ``v`` from the submodules (after lazy submodules built themselves)."""
        v = self.__dict__.get("_v", Container())
        for name, m in self.submodules():
            if m._built:
                m._collect()
                v[name] = m.v
        self.__dict__["_v"] = v

    # -------------------------------------------------------------------------- calling
    def _forward(self, *args, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} must implement _forward")

    def __call__(self, *args, v=None, **kwargs):
        if not self._built:
            if self._build_mode == "lazy":
                self.build(*args, **kwargs)
            else:
                self.build()
            out = self._forward(*args, **kwargs) if v is None else self._call_with(v, args,
                                                                                 kwargs)
            self._collect()
            return out
        if v is None:
            return self._forward(*args, **kwargs)
        return self._call_with(v, args, kwargs)

    def _call_with(self, v, args, kwargs):
        old = self.__dict__["_v"]
        self.v = v
        try:
            return self._forward(*args, **kwargs)
        finally:
            self.v = old

    forward = __call__

    # ------------------------------------------------------------------------ modes
    def train(self, mode: bool = True) -> Module:
        for m in self.modules():
            m.__dict__["training"] = mode
        return self

    def eval(self) -> Module:
        return self.train(False)

    # ------------------------------------------------------------------------ weights
    def state(self) -> Container:
        """Variables and buffers (e.g. BatchNorm running statistics) of the whole tree."""
        out = Container({"v": self.v})
        for prefix, m in self._named_modules():
            if len(m.buffers):
                for k, b in m.buffers.items():
                    out[f"buffers/{prefix}{k}" if prefix else f"buffers/{k}"] = b
        return out

    def _named_modules(self, prefix: str = ""):
        yield prefix, self
        for name, m in self.submodules():
            yield from m._named_modules(f"{prefix}{name}/")

    def save_weights(self, path: str | os.PathLike) -> None:
        """Write variables and buffers to an ``.npz`` file (portable; no pickle)."""
        from ivy.functional.ivy.general import to_numpy

        flat = {k: to_numpy(x) for k, x in self.state().flat_dict().items()}
        with open(path, "wb") as f:
            np.savez(f, **flat)

    def load_weights(self, path: str | os.PathLike) -> Module:
        """Read weights written by :meth:`save_weights` as native arrays of the current
        backend."""
        import ivy

        with np.load(path, allow_pickle=False) as data:
            flat = {k: data[k] for k in data.files}
        v = {k[2:]: _fw.unwrap(ivy.asarray(a)) for k, a in flat.items() if k.startswith("v/")}
        self.v = Container.from_flat_dict(v)
        mods = dict(self._named_modules())
        for k, a in flat.items():
            if k.startswith("buffers/"):
                path_, _, name = k[len("buffers/"):].rpartition("/")
                mods[path_ + "/" if path_ else ""].buffers[name] = _fw.unwrap(ivy.asarray(a))
        return self

    # ----------------------------------------------------------------------- display
    def __repr__(self) -> str:
        subs = list(self.submodules())
        if not subs:
            return f"{type(self).__name__}({self._extra_repr()})"
        body = "\n".join(f"  ({n}): " + repr(m).replace("\n", "\n  ") for n, m in subs)
        return f"{type(self).__name__}(\n{body}\n)"

    def _extra_repr(self) -> str:
        return ""

    def num_parameters(self) -> int:
        return self.v.size()

