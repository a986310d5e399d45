"""Layers: thin Modules over the nn functions. Variables are created with the initializers
(PyTorch's defaults unless given) as native arrays of the current backend.

Convolution layers keep their filters in the layout matching ``data_format``: channel-last
``(*k, in/groups, out)`` or channel-first ``(out, in/groups, *k)`` (PyTorch's), so a channel-first
model runs without transposes on PyTorch.
"""

from __future__ import annotations

import math
import sys
import warnings
from collections.abc import Callable, Sequence

from ivy.container import Container
from ivy.functional.backends._shared.nn import channel_last, ntuple
from ivy.functional.ivy import creation as _creation
from ivy.functional.ivy import general as _general
from ivy.functional.ivy import gradients as _gradients
from ivy.functional.ivy import manipulation as _manipulation
from ivy.functional.ivy import nn as _F
from ivy.registry import API as _API
from ivy.stateful import initializers as init
from ivy.stateful.module import Module


def _is_tracer(x) -> bool:
    jax = sys.modules.get("jax")
    return jax is not None and isinstance(x, jax.core.Tracer)


def _kaiming_default():
    return init.KaimingUniform(a=math.sqrt(5), nonlinearity="leaky_relu")


class Identity(Module):
    def _forward(self, x):
        return x


class Linear(Module):
    """y = x W^T + b with W of shape (out, in)."""

    def __init__(self, in_features: int, out_features: int, *, with_bias: bool = True,
                 weight_initializer=None, bias_initializer=None, **kw):
        self.in_features, self.out_features, self.with_bias = in_features, out_features, with_bias
        self.weight_initializer = weight_initializer or _kaiming_default()
        self.bias_initializer = bias_initializer or init.FanInUniform()
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        v = {"w": self.weight_initializer((self.out_features, self.in_features),
                                          fan_in=self.in_features, fan_out=self.out_features,
                                          dtype=self.dtype, seed=self.seed)}
        if self.with_bias:
            v["b"] = self.bias_initializer((self.out_features,), fan_in=self.in_features,
                                           fan_out=self.out_features, dtype=self.dtype,
                                           seed=None if self.seed is None else self.seed + 1)
        return v

    def _forward(self, x):
        v = self.v
        return _F.linear(x, v["w"], v.get("b"))

    def _extra_repr(self):
        return f"{self.in_features}, {self.out_features}"


class _ConvND(Module):
    nd = 2
    transpose = False

    def __init__(self, in_channels: int, out_channels: int, kernel_size, *, strides=1,
                 padding="VALID", dilations=1, groups: int = 1, output_padding=0,
                 with_bias: bool = True, data_format: str = "channel_last",
                 weight_initializer=None, bias_initializer=None, **kw):
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = ntuple(kernel_size, self.nd, "kernel_size")
        self.strides, self.padding, self.dilations = strides, padding, dilations
        self.groups, self.output_padding, self.with_bias = groups, output_padding, with_bias
        self.data_format = data_format
        self.weight_initializer = weight_initializer or _kaiming_default()
        self.bias_initializer = bias_initializer or init.FanInUniform()
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        k = self.kernel_size
        rf = math.prod(k)
        if self.transpose:
            a, b = self.out_channels // self.groups, self.in_channels
            fan_in = a * rf  # PyTorch computes the transposed fans from weight dims 1 and 0
        else:
            a, b = self.in_channels // self.groups, self.out_channels
            fan_in = a * rf
        shape = (*k, a, b) if channel_last(self.data_format) else (b, a, *k)
        v = {"w": self.weight_initializer(shape, fan_in=fan_in, fan_out=b * rf, dtype=self.dtype,
                                          seed=self.seed)}
        if self.with_bias:
            v["b"] = self.bias_initializer((self.out_channels,), fan_in=fan_in, fan_out=b * rf,
                                           dtype=self.dtype,
                                           seed=None if self.seed is None else self.seed + 1)
        return v

    def _forward(self, x):
        v = self.v
        fmt = self.data_format
        if self.transpose:
            fn = _API[f"conv{self.nd}d_transpose"]
            return fn(x, v["w"], strides=self.strides, padding=self.padding,
                      output_padding=self.output_padding, dilations=self.dilations,
                      groups=self.groups, data_format=fmt, filter_format=fmt, bias=v.get("b"))
        fn = _API[f"conv{self.nd}d"]
        return fn(x, v["w"], strides=self.strides, padding=self.padding,
                  dilations=self.dilations, groups=self.groups, data_format=fmt,
                  filter_format=fmt, bias=v.get("b"))

    def _extra_repr(self):
        return f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}"


class Conv1D(_ConvND):
    nd = 1


class Conv2D(_ConvND):
    nd = 2


class Conv3D(_ConvND):
    nd = 3


class Conv1DTranspose(_ConvND):
    nd, transpose = 1, True


class Conv2DTranspose(_ConvND):
    nd, transpose = 2, True


class Conv3DTranspose(_ConvND):
    nd, transpose = 3, True


class DepthwiseConv2D(Conv2D):
    """Conv2D with one group per input channel (``depth_multiplier`` filters each)."""

    def __init__(self, channels: int, kernel_size, *, depth_multiplier: int = 1, **kw):
        super().__init__(channels, channels * depth_multiplier, kernel_size, groups=channels,
                         **kw)


class _Pool(Module):
    kind, nd = "max", 2

    def __init__(self, kernel_size, strides=None, padding="VALID", *,
                 data_format: str = "channel_last", **kw):
        self.kernel_size, self.strides, self.padding = kernel_size, strides, padding
        self.data_format = data_format
        super().__init__(**kw)

    def _forward(self, x):
        fn = _API[f"{self.kind}_pool{self.nd}d"]
        return fn(x, self.kernel_size, strides=self.strides, padding=self.padding,
                  data_format=self.data_format)


class MaxPool1D(_Pool):
    kind, nd = "max", 1


class MaxPool2D(_Pool):
    kind, nd = "max", 2


class MaxPool3D(_Pool):
    kind, nd = "max", 3


class AvgPool1D(_Pool):
    kind, nd = "avg", 1


class AvgPool2D(_Pool):
    kind, nd = "avg", 2


class AvgPool3D(_Pool):
    kind, nd = "avg", 3


class AdaptiveAvgPool2D(Module):
    def __init__(self, output_size, *, data_format: str = "channel_last", **kw):
        self.output_size, self.data_format = output_size, data_format
        super().__init__(**kw)

    def _forward(self, x):
        return _F.adaptive_avg_pool2d(x, self.output_size, data_format=self.data_format)


class Flatten(Module):
    """Flatten all axes from ``start_axis`` on into one."""

    def __init__(self, start_axis: int = 1, **kw):
        self.start_axis = start_axis
        super().__init__(**kw)

    def _forward(self, x):
        shape = tuple(x.shape)
        return _manipulation.reshape(x, (*shape[:self.start_axis], -1))


class Dropout(Module):
    def __init__(self, prob: float = 0.5, *, scale: bool = True, **kw):
        self.prob, self.scale = prob, scale
        super().__init__(**kw)

    def _forward(self, x):
        return _F.dropout(x, self.prob, training=self.training, scale=self.scale)


class Embedding(Module):
    def __init__(self, num_embeddings: int, embedding_dim: int, *, max_norm=None,
                 initializer=None, **kw):
        self.num_embeddings, self.embedding_dim, self.max_norm = (num_embeddings, embedding_dim,
                                                                  max_norm)
        self.initializer = initializer or init.Normal(0.0, 1.0)
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        return {"w": self.initializer((self.num_embeddings, self.embedding_dim), dtype=self.dtype,
                                      seed=self.seed)}

    def _forward(self, indices):
        return _F.embedding(self.v["w"], indices, max_norm=self.max_norm)


class LayerNorm(Module):
    def __init__(self, normalized_shape, *, eps: float = 1e-5, elementwise_affine: bool = True,
                 **kw):
        self.normalized_shape = ((normalized_shape,) if isinstance(normalized_shape, int)
                                 else tuple(normalized_shape))
        self.eps, self.affine = eps, elementwise_affine
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        if not self.affine:
            return {}
        return {"w": init.ones(self.normalized_shape, dtype=self.dtype),
                "b": init.zeros(self.normalized_shape, dtype=self.dtype)}

    def _forward(self, x):
        v = self.v
        return _F.layer_norm(x, self.normalized_shape, weight=v.get("w"), bias=v.get("b"),
                              eps=self.eps)


class _BatchNorm(Module):
    def __init__(self, num_features: int, *, eps: float = 1e-5, momentum: float = 0.1,
                 affine: bool = True, track_running_stats: bool = True,
                 data_format: str = "channel_last", **kw):
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.data_format = data_format
        super().__init__(**kw)
        self.buffers = Container(running_mean=init.zeros((num_features,), dtype=self.dtype),
                                 running_var=init.ones((num_features,), dtype=self.dtype))

    def _create_variables(self, *_, **__):
        if not self.affine:
            return {}
        return {"w": init.ones((self.num_features,), dtype=self.dtype),
                "b": init.zeros((self.num_features,), dtype=self.dtype)}

    def _forward(self, x):
        v, buf = self.v, self.buffers
        use_batch = self.training or not self.track_running_stats
        out, m, var = _F.batch_norm(x, buf["running_mean"], buf["running_var"],
                                     weight=v.get("w"), bias=v.get("b"), training=use_batch,
                                     momentum=self.momentum, eps=self.eps,
                                     data_format=self.data_format)
        if self.training and self.track_running_stats:
            if _is_tracer(m):
                # inside jax.jit / jax.grad the statistics are tracers that must not escape;
                # use ivy.batch_norm functionally (it returns them) to carry them through
                if not self.__dict__.get("_warned"):
                    self.__dict__["_warned"] = True
                    warnings.warn("BatchNorm running statistics are not updated inside JAX "
                                  "transformations", stacklevel=2)
            else:
                buf["running_mean"] = _gradients.stop_gradient(m)
                buf["running_var"] = _gradients.stop_gradient(var)
        return out


class BatchNorm1D(_BatchNorm):
    """Batch norm over (N, C) or (N, L, C) (channel-last) / (N, C, L) (channel-first)."""


class BatchNorm2D(_BatchNorm):
    """Batch norm over (N, H, W, C) or (N, C, H, W)."""


class GroupNorm(Module):
    def __init__(self, num_groups: int, num_channels: int, *, eps: float = 1e-5,
                 affine: bool = True, data_format: str = "channel_last", **kw):
        self.num_groups, self.num_channels, self.eps = num_groups, num_channels, eps
        self.affine, self.data_format = affine, data_format
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        if not self.affine:
            return {}
        return {"w": init.ones((self.num_channels,), dtype=self.dtype),
                "b": init.zeros((self.num_channels,), dtype=self.dtype)}

    def _forward(self, x):
        v = self.v
        return _F.group_norm(x, self.num_groups, weight=v.get("w"), bias=v.get("b"),
                              eps=self.eps, data_format=self.data_format)


class _Recurrent(Module):
    gates = 4

    def __init__(self, input_size: int, hidden_size: int, *, with_bias: bool = True, **kw):
        self.input_size, self.hidden_size, self.with_bias = input_size, hidden_size, with_bias
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        b = 1.0 / math.sqrt(self.hidden_size)
        u = init.Uniform(-b, b)
        G, H = self.gates, self.hidden_size
        s = self.seed
        v = {"kernel": u((self.input_size, G * H), dtype=self.dtype, seed=s),
             "recurrent_kernel": u((H, G * H), dtype=self.dtype, seed=None if s is None else s + 1)}
        if self.with_bias:
            v["bias"] = u((G * H,), dtype=self.dtype, seed=None if s is None else s + 2)
            v["recurrent_bias"] = u((G * H,), dtype=self.dtype, seed=None if s is None else s + 3)
        return v

    def _zeros(self, x):
        return _general.to_native(_creation.zeros((x.shape[0], self.hidden_size), dtype=_general.dtype(x)))


class LSTM(_Recurrent):
    """Single-layer LSTM over (batch, time, in): returns (hs, (h, c))."""

    gates = 4

    def _forward(self, x, initial_state=None):
        v = self.v
        h, c = initial_state if initial_state is not None else (self._zeros(x), self._zeros(x))
        return _F.lstm_update(x, h, c, v["kernel"], v["recurrent_kernel"], bias=v.get("bias"),
                               recurrent_bias=v.get("recurrent_bias"))


class GRU(_Recurrent):
    """Single-layer GRU over (batch, time, in): returns (hs, h)."""

    gates = 3

    def _forward(self, x, initial_state=None):
        v = self.v
        h = initial_state if initial_state is not None else self._zeros(x)
        return _F.gru_update(x, h, v["kernel"], v["recurrent_kernel"], bias=v.get("bias"),
                              recurrent_bias=v.get("recurrent_bias"))


class MultiHeadAttention(Module):
    """``torch.nn.MultiheadAttention(batch_first=True)``: inputs (batch, L, E)."""

    def __init__(self, embed_dim: int, num_heads: int, *, with_bias: bool = True, **kw):
        if embed_dim % num_heads:
            raise ValueError("embed_dim must be divisible by num_heads")
        self.embed_dim, self.num_heads, self.with_bias = embed_dim, num_heads, with_bias
        super().__init__(**kw)

    def _create_variables(self, *_, **__):
        E, s = self.embed_dim, self.seed
        g = init.GlorotUniform()
        v = {}
        for i, n in enumerate(("q", "k", "v")):
            # PyTorch initialises the stacked (3E, E) in-projection with Xavier uniform
            v[f"{n}_w"] = g((E, E), fan_in=E, fan_out=3 * E, dtype=self.dtype,
                            seed=None if s is None else s + i)
        v["out_w"] = _kaiming_default()((E, E), dtype=self.dtype,
                                        seed=None if s is None else s + 3)
        if self.with_bias:
            for n in ("q", "k", "v", "out"):
                v[f"{n}_b"] = init.zeros((E,), dtype=self.dtype)
        return v

    def _forward(self, query, key=None, value=None, *, mask=None, is_causal=False):
        v = self.v
        key = query if key is None else key
        value = key if value is None else value
        return _F.multi_head_attention(
            query, key, value, num_heads=self.num_heads, q_weight=v["q_w"], k_weight=v["k_w"],
            v_weight=v["v_w"], out_weight=v["out_w"], q_bias=v.get("q_b"), k_bias=v.get("k_b"),
            v_bias=v.get("v_b"), out_bias=v.get("out_b"), mask=mask, is_causal=is_causal)


class TransformerEncoderLayer(Module):
    """``torch.nn.TransformerEncoderLayer(batch_first=True)``: self-attention and a feed-forward
    block, each with dropout, a residual and layer norm (after, or before with ``norm_first``)."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation: str | Callable = "relu", *,
                 layer_norm_eps: float = 1e-5, norm_first: bool = False, **kw):
        self.self_attn = MultiHeadAttention(d_model, nhead, build_mode="explicit")
        self.linear1 = Linear(d_model, dim_feedforward, build_mode="explicit")
        self.linear2 = Linear(dim_feedforward, d_model, build_mode="explicit")
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, build_mode="explicit")
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, build_mode="explicit")
        self.dropout, self.dropout1, self.dropout2 = (Dropout(dropout), Dropout(dropout),
                                                      Dropout(dropout))
        self.activation = _API[activation] if isinstance(activation, str) else activation
        self.norm_first = norm_first
        super().__init__(**kw)

    def _sa(self, x, mask, is_causal):
        return self.dropout1(self.self_attn(x, mask=mask, is_causal=is_causal))

    def _ff(self, x):
        return self.dropout2(self.linear2(self.dropout(self.activation(self.linear1(x)))))

    def _forward(self, src, *, mask=None, is_causal=False):
        x = src
        if self.norm_first:
            x = x + self._sa(self.norm1(x), mask, is_causal)
            return x + self._ff(self.norm2(x))
        x = self.norm1(x + self._sa(x, mask, is_causal))
        return self.norm2(x + self._ff(x))


class Sequential(Module):
    """Modules (or plain callables) applied in order."""

    def __init__(self, *layers, **kw):
        self.layers = list(layers)
        super().__init__(**kw)

    def _forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __getitem__(self, i):
        return self.layers[i]

    def __len__(self):
        return len(self.layers)


# ---------------------------------------------------------------------- activation modules
def _activation(name: str, fn_name: str, params: Sequence[str] = ()):
    def __init__(self, *args, **kw):
        own = {p: kw.pop(p) for p in list(kw) if p in params}
        own.update(zip(params, args, strict=False))
        self.kwargs = own
        Module.__init__(self, **kw)

    def _forward(self, x):
        return _API[fn_name](x, **self.kwargs)

    return type(name, (Module,), {"__init__": __init__, "_forward": _forward,
                                  "__doc__": f"``ivy.{fn_name}`` as a module."})


ReLU = _activation("ReLU", "relu")
ReLU6 = _activation("ReLU6", "relu6")
LeakyReLU = _activation("LeakyReLU", "leaky_relu", ("alpha",))
ELU = _activation("ELU", "elu", ("alpha",))
SELU = _activation("SELU", "selu")
GELU = _activation("GELU", "gelu", ("approximate",))
SiLU = _activation("SiLU", "silu")
Mish = _activation("Mish", "mish")
Sigmoid = _activation("Sigmoid", "sigmoid")
HardSigmoid = _activation("HardSigmoid", "hard_sigmoid")
HardSwish = _activation("HardSwish", "hard_swish")
Softplus = _activation("Softplus", "softplus", ("beta", "threshold"))
Softsign = _activation("Softsign", "softsign")
Softmax = _activation("Softmax", "softmax", ("axis",))
LogSoftmax = _activation("LogSoftmax", "log_softmax", ("axis",))
Tanh = _activation("Tanh", "tanh")


