"""The transpiled function as a model of the target framework, and gradients in the target.

A captured model's graph is ``fn(params, *inputs)`` with ``params`` a flat dict keyed by the
source's parameter names. Here that function is given a native home in each target:

* torch — a ``torch.nn.Module`` whose submodules follow the dotted names, so
  ``named_parameters()`` gives back exactly the source's names (``encoder.layer.0.…weight``);
  trainable weights are ``nn.Parameter``s, the rest buffers;
* tensorflow — a ``keras.layers.Layer`` holding one variable per parameter (``trainable`` as in
  the source); ``layer.params`` maps the source names to them;
* jax — a Flax NNX module (``nnx.Param`` per trainable weight) when flax is installed;
* jax without flax / numpy / ivy — a small object holding ``params`` (a dict) and
  ``apply(params, *inputs)``.
"""

from __future__ import annotations

import re

import numpy as np
import optree

from . import frameworks as fw


class FunctionalModel:
    """A pure function plus its parameter dict (the JAX, NumPy and Ivy targets' model)."""

    def __init__(self, fn, params: dict, trainable: list[str]):
        self.apply = fn
        self.params = params
        self.trainable = list(trainable)

    def __call__(self, *inputs, **kwargs):
        return self.apply(self.params, *inputs, **kwargs)

    def __repr__(self):
        return f"FunctionalModel({len(self.params)} parameters)"


def _torch_model(fn, params: dict, trainable: set, name: str):
    import torch

    class TranspiledModule(torch.nn.Module):
        """A transpiled model: parameters under the source's names; ``forward`` runs the
        transpiled function on them."""

        def __init__(self):
            super().__init__()
            self._fn = fn
            self._slots = []
            for key, value in params.items():
                *path, leaf = key.split(".")
                mod = self
                for part in path:
                    sub = mod._modules.get(part)
                    if sub is None:
                        sub = torch.nn.Module()
                        mod.add_module(part, sub)
                    mod = sub
                t = value if isinstance(value, torch.Tensor) else torch.as_tensor(value)
                if key in trainable and (t.is_floating_point() or t.is_complex()):
                    mod.register_parameter(leaf, torch.nn.Parameter(t.detach().clone()))
                else:
                    mod.register_buffer(leaf, t.detach().clone())
                self._slots.append((key, mod, leaf))

        def parameter_dict(self) -> dict:
            return {k: getattr(m, leaf) for k, m, leaf in self._slots}

        def forward(self, *inputs, **kwargs):
            return self._fn(self.parameter_dict(), *inputs, **kwargs)

    TranspiledModule.__name__ = TranspiledModule.__qualname__ = _class_name(name)
    return TranspiledModule()


def _keras_model(fn, params: dict, trainable: set, name: str):
    import keras

    class TranspiledLayer(keras.layers.Layer):
        """A transpiled model as a Keras layer: one variable per source parameter."""

        def __init__(self):
            super().__init__(name=_class_name(name))
            self._fn = fn
            self._keys = list(params)
            self._vars = []
            for key in self._keys:
                v = np.asarray(fw.to_numpy(params[key]))
                var = self.add_weight(shape=v.shape, dtype=str(v.dtype), initializer="zeros",
                                      trainable=key in trainable and v.dtype.kind in "fc",
                                      name=re.sub(r"[^A-Za-z0-9_]", "_", key) or "w")
                var.assign(v)
                self._vars.append(var)

        @property
        def params(self) -> dict:
            return dict(zip(self._keys, self._vars, strict=False))

        def call(self, *inputs, **kwargs):
            import tensorflow as tf
            return self._fn({k: tf.convert_to_tensor(v) for k, v in zip(self._keys, self._vars,
                                                                         strict=True)},
                            *inputs, **kwargs)

    return TranspiledLayer()


def _nnx_model(fn, params: dict, trainable: set, name: str):
    """A Flax NNX module (when flax is installed): ``nnx.Param`` for trainable weights,
    ``nnx.BatchStat``-like plain variables for the rest; ``nnx.split``/``nnx.grad`` work on it."""
    import jax.numpy as jnp
    from flax import nnx

    def read(v):
        return v.get_value() if hasattr(v, "get_value") else v.value

    class TranspiledNNX(nnx.Module):
        def __init__(self):
            self._fn = nnx.static(fn) if hasattr(nnx, "static") else fn
            vars_ = {k: (nnx.Param if k in trainable else nnx.Variable)(jnp.asarray(v))
                     for k, v in params.items()}
            self.params = nnx.data(vars_) if hasattr(nnx, "data") else vars_

        def __call__(self, *inputs, **kwargs):
            return self._fn({k: read(v) for k, v in self.params.items()}, *inputs, **kwargs)

    TranspiledNNX.__name__ = TranspiledNNX.__qualname__ = _class_name(name)
    return TranspiledNNX()


def _class_name(name: str) -> str:
    s = re.sub(r"\W", "_", name or "Transpiled")
    return s[:1].upper() + s[1:] if s else "Transpiled"


def build(target: str, fn, params: dict, trainable: list[str], name: str):
    """The target-native model around ``fn(params, *inputs)`` (see the module docstring)."""
    if target == "torch":
        return _torch_model(fn, params, set(trainable), name)
    if target == "tensorflow":
        return _keras_model(fn, params, set(trainable), name)
    if target == "jax":
        try:
            return _nnx_model(fn, params, set(trainable), name)
        except ImportError:  # no flax: the pure form
            pass
    return FunctionalModel(fn, params, trainable)


# -- gradients in the target ------------------------------------------------------------------
def _float_leaves(tree):
    return [x for x in optree.tree_leaves(tree, none_is_leaf=False, namespace="ivy")
            if fw.is_array(x) and _np_dtype(x).kind in "fc"]


def _np_dtype(x):
    d = x.dtype
    try:
        return np.dtype(d)
    except TypeError:
        name = str(d).rsplit(".", 1)[-1].strip("'>")
        try:
            return np.dtype(name)
        except TypeError:
            return np.dtype("float32") if "float" in name else np.dtype("int64")


def gradient(target: str, fn, params: dict, trainable: list[str], args: tuple,
             kwargs: dict | None = None) -> dict[str, np.ndarray]:
    """d<outputs, cotangents>/d(param) for the trainable float parameters (``fw.cotangent``: fixed
    random weights per float output), by the target framework's own autodiff through the
    transpiled function."""
    kwargs = kwargs or {}
    names = [k for k in trainable if k in params and _np_dtype(params[k]).kind in "fc"]
    if target == "torch":
        import torch
        p = dict(params)
        for k in names:
            p[k] = params[k].detach().clone().requires_grad_(True)
        with torch.enable_grad():
            out = fn(p, *args, **kwargs)
            total = sum((o * torch.as_tensor(fw.cotangent(o.shape, _np_dtype(o), i))).sum()
                        for i, o in enumerate(_float_leaves(out)))
            grads = torch.autograd.grad(total, [p[k] for k in names], allow_unused=True)
        return {k: (np.zeros(fw.to_numpy(params[k]).shape, fw.to_numpy(params[k]).dtype)
                    if g is None else fw.to_numpy(g)) for k, g in zip(names, grads, strict=False)}
    if target == "jax":
        import jax
        import jax.numpy as jnp

        def loss(tp):
            out = fn({**params, **tp}, *args, **kwargs)
            return sum(jnp.sum(o * fw.cotangent(o.shape, _np_dtype(o), i))
                       for i, o in enumerate(_float_leaves(out)))

        tp = {k: params[k] for k in names}
        try:  # one compilation of the whole backward pass (eagerly: one per operation)
            g = jax.jit(jax.grad(loss))(tp)
        except Exception:  # noqa: BLE001 - not jittable: eagerly
            g = jax.grad(loss)(tp)
        return {k: np.asarray(v) for k, v in g.items()}
    if target == "tensorflow":
        import tensorflow as tf
        vs = {k: tf.Variable(params[k]) for k in names}
        with tf.GradientTape() as tape:
            # read the variables into tensors: emitted code takes tensors (the tape follows reads)
            out = fn({**params, **{k: tf.convert_to_tensor(v) for k, v in vs.items()}}, *args,
                     **kwargs)
            total = tf.add_n([tf.reduce_sum(o * fw.cotangent(o.shape, _np_dtype(o), i))
                              for i, o in enumerate(_float_leaves(out))])
        gs = tape.gradient(total, [vs[k] for k in names])
        return {k: (np.zeros(params[k].shape, _np_dtype(params[k])) if g is None
                    else np.asarray(tf.convert_to_tensor(g))) for k, g in zip(names, gs, strict=False)}
    raise NotImplementedError(f"{target} has no automatic differentiation to check a gradient with")


__all__ = ["FunctionalModel", "build", "gradient"]
