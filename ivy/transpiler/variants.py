"""The emitted code as a function: executing the emitted module (importable by name while its
functions live), and :class:`Variants`, the emitted function that transpiles the source again
for each other input signature it is called with."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.util
import linecache
import sys
import types
import weakref

import numpy as np
import optree

from . import frameworks as fw

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


def load_emitted(source: str, target: str, name: str, *, checked: bool = True):
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


class Variants:
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
        with jax.ensure_compile_time_eval() if jax is not None else contextlib.nullcontext():
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


__all__ = ["Variants", "load_emitted"]
