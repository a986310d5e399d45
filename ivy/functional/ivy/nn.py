"""Ivy nn functions: one declaration each (see ivy/functional/func_wrapper.py).

Conventions shared by the layer functions:

- ``data_format`` is ``"channel_last"`` (``NWC``/``NHWC``/``NDHWC``, Ivy's default) or
  ``"channel_first"`` (``NCW``/``NCHW``/``NCDHW``, PyTorch's); the explicit strings are accepted too.
- convolution ``filters`` are ``(*spatial, in/groups, out)`` (``filter_format="channel_last"``, TF's
  ``HWIO``) or ``(out, in/groups, *spatial)`` (``"channel_first"``, PyTorch's ``OIHW``); transposed
  convolution filters are ``(*spatial, out/groups, in)`` or ``(in, out/groups, *spatial)``.
- ``padding`` is ``"SAME"`` (TensorFlow's rule), ``"VALID"``, an int, one int per spatial
  dimension, or one ``(low, high)`` pair per spatial dimension.
- ``linear`` weights are ``(out, in)`` as in PyTorch.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple, Union

from ivy._typing import Array, Dtype
from ivy.func_wrapper import api

Padding = Union[str, int, Sequence[int], Sequence[Tuple[int, int]]]
IntOrSeq = Union[int, Sequence[int]]

# ------------------------------------------------------------------------------- activations


@api
def relu(x: Array, /) -> Array:
    """max(x, 0)."""


@api
def relu6(x: Array, /) -> Array:
    """min(max(x, 0), 6)."""


@api
def leaky_relu(x: Array, /, *, alpha: float = 0.2) -> Array:
    """x where x >= 0, alpha * x elsewhere."""


@api
def elu(x: Array, /, *, alpha: float = 1.0) -> Array:
    """x where x > 0, alpha * (exp(x) - 1) elsewhere."""


@api
def selu(x: Array, /) -> Array:
    """Scaled ELU with the self-normalising constants."""


@api
def gelu(x: Array, /, *, approximate: bool = False) -> Array:
    """x * Phi(x); ``approximate=True`` uses the tanh form."""


@api
def silu(x: Array, /) -> Array:
    """x * sigmoid(x) (swish)."""


@api
def mish(x: Array, /) -> Array:
    """x * tanh(softplus(x))."""


@api
def sigmoid(x: Array, /) -> Array:
    """1 / (1 + exp(-x))."""


@api
def hard_sigmoid(x: Array, /) -> Array:
    """relu6(x + 3) / 6 (PyTorch's hardsigmoid)."""


@api
def hard_swish(x: Array, /) -> Array:
    """x * relu6(x + 3) / 6."""


@api
def softplus(x: Array, /, *, beta: float = 1.0, threshold: float = 20.0) -> Array:
    """log(1 + exp(beta x)) / beta; linear where beta x > threshold (as PyTorch)."""


@api
def softsign(x: Array, /) -> Array:
    """x / (1 + |x|)."""


@api
def softmax(x: Array, /, *, axis: int = -1) -> Array:
    """exp(x) / sum(exp(x)) along ``axis``."""


@api
def log_softmax(x: Array, /, *, axis: int = -1) -> Array:
    """x - logsumexp(x) along ``axis``."""


@api
def logsumexp(x: Array, /, *, axis: Optional[IntOrSeq] = None, keepdims: bool = False) -> Array:
    """log(sum(exp(x))) computed stably; over all axes when ``axis`` is None."""


# ---------------------------------------------------------------------------------- layers


@api
def linear(x: Array, weight: Array, /, bias: Optional[Array] = None) -> Array:
    """x @ weight.T + bias, with ``weight`` of shape (out, in)."""


@api
def conv1d(x: Array, filters: Array, /, *, strides: IntOrSeq = 1, padding: Padding = "VALID",
           dilations: IntOrSeq = 1, groups: int = 1, data_format: str = "channel_last",
           filter_format: str = "channel_last", bias: Optional[Array] = None) -> Array:
    """1-D convolution (cross-correlation) with strides, dilations and groups."""


@api
def conv2d(x: Array, filters: Array, /, *, strides: IntOrSeq = 1, padding: Padding = "VALID",
           dilations: IntOrSeq = 1, groups: int = 1, data_format: str = "channel_last",
           filter_format: str = "channel_last", bias: Optional[Array] = None) -> Array:
    """2-D convolution; ``groups == in_channels`` is a depthwise convolution."""


@api
def conv3d(x: Array, filters: Array, /, *, strides: IntOrSeq = 1, padding: Padding = "VALID",
           dilations: IntOrSeq = 1, groups: int = 1, data_format: str = "channel_last",
           filter_format: str = "channel_last", bias: Optional[Array] = None) -> Array:
    """3-D convolution."""


@api
def conv1d_transpose(x: Array, filters: Array, /, *, strides: IntOrSeq = 1,
                     padding: Padding = "VALID", output_padding: IntOrSeq = 0,
                     dilations: IntOrSeq = 1, groups: int = 1, data_format: str = "channel_last",
                     filter_format: str = "channel_last", bias: Optional[Array] = None) -> Array:
    """Transposed 1-D convolution (gradient of conv1d w.r.t. its input). ``"VALID"`` gives
    (i-1)*s + d*(k-1) + 1 + output_padding, ``"SAME"`` gives i*s, integers crop as PyTorch."""


@api
def conv2d_transpose(x: Array, filters: Array, /, *, strides: IntOrSeq = 1,
                     padding: Padding = "VALID", output_padding: IntOrSeq = 0,
                     dilations: IntOrSeq = 1, groups: int = 1, data_format: str = "channel_last",
                     filter_format: str = "channel_last", bias: Optional[Array] = None) -> Array:
    """Transposed 2-D convolution (see conv1d_transpose)."""


@api
def conv3d_transpose(x: Array, filters: Array, /, *, strides: IntOrSeq = 1,
                     padding: Padding = "VALID", output_padding: IntOrSeq = 0,
                     dilations: IntOrSeq = 1, groups: int = 1, data_format: str = "channel_last",
                     filter_format: str = "channel_last", bias: Optional[Array] = None) -> Array:
    """Transposed 3-D convolution (see conv1d_transpose)."""


@api
def max_pool1d(x: Array, kernel: IntOrSeq, /, *, strides: Optional[IntOrSeq] = None,
               padding: Padding = "VALID", data_format: str = "channel_last") -> Array:
    """Max pooling; ``strides`` defaults to ``kernel``; padding never wins the max."""


@api
def max_pool2d(x: Array, kernel: IntOrSeq, /, *, strides: Optional[IntOrSeq] = None,
               padding: Padding = "VALID", data_format: str = "channel_last") -> Array:
    """2-D max pooling."""


@api
def max_pool3d(x: Array, kernel: IntOrSeq, /, *, strides: Optional[IntOrSeq] = None,
               padding: Padding = "VALID", data_format: str = "channel_last") -> Array:
    """3-D max pooling."""


@api
def avg_pool1d(x: Array, kernel: IntOrSeq, /, *, strides: Optional[IntOrSeq] = None,
               padding: Padding = "VALID", data_format: str = "channel_last",
               count_include_pad: bool = False) -> Array:
    """Average pooling; padded cells are left out of the count unless ``count_include_pad``."""


@api
def avg_pool2d(x: Array, kernel: IntOrSeq, /, *, strides: Optional[IntOrSeq] = None,
               padding: Padding = "VALID", data_format: str = "channel_last",
               count_include_pad: bool = False) -> Array:
    """2-D average pooling."""


@api
def avg_pool3d(x: Array, kernel: IntOrSeq, /, *, strides: Optional[IntOrSeq] = None,
               padding: Padding = "VALID", data_format: str = "channel_last",
               count_include_pad: bool = False) -> Array:
    """3-D average pooling."""


@api
def adaptive_avg_pool2d(x: Array, output_size: IntOrSeq, /, *,
                        data_format: str = "channel_last") -> Array:
    """Average pooling to a fixed output size (PyTorch's bin rule)."""


@api
def layer_norm(x: Array, normalized_shape: IntOrSeq, /, *, weight: Optional[Array] = None,
               bias: Optional[Array] = None, eps: float = 1e-5) -> Array:
    """Normalise over the last ``len(normalized_shape)`` axes (biased variance)."""


@api
def batch_norm(x: Array, mean: Array, variance: Array, /, *, weight: Optional[Array] = None,
               bias: Optional[Array] = None, training: bool = False, momentum: float = 0.1,
               eps: float = 1e-5, data_format: str = "channel_last"
               ) -> Tuple[Array, Array, Array]:
    """Batch normalisation -> (out, new running mean, new running variance).

    In training the batch statistics normalise and the running ones are updated as PyTorch does
    (unbiased variance, ``new = (1 - momentum) * old + momentum * batch``); in inference the
    running statistics normalise and are returned unchanged."""


@api
def group_norm(x: Array, num_groups: int, /, *, weight: Optional[Array] = None,
               bias: Optional[Array] = None, eps: float = 1e-5,
               data_format: str = "channel_last") -> Array:
    """Normalise each group of channels over the group's channels and all spatial positions."""


@api
def instance_norm(x: Array, /, *, weight: Optional[Array] = None, bias: Optional[Array] = None,
                  eps: float = 1e-5, data_format: str = "channel_last") -> Array:
    """Normalise each channel of each sample over its spatial positions."""


@api
def dropout(x: Array, prob: float, /, *, training: bool = True, scale: bool = True,
            seed: Optional[int] = None) -> Array:
    """Zero each element with probability ``prob`` (scaling the rest by 1/(1-prob) when
    ``scale``); identity when not ``training``. ``seed`` makes the mask reproducible."""


@api
def embedding(weight: Array, indices: Array, /, *, max_norm: Optional[float] = None) -> Array:
    """Rows of ``weight`` at ``indices``; rows with a larger norm are rescaled to ``max_norm``."""


@api
def one_hot(indices: Array, depth: int, /, *, on_value: float = 1, off_value: float = 0,
            axis: int = -1, dtype: Optional[Dtype] = None) -> Array:
    """One-hot encoding (default float dtype unless ``dtype``); new axis at ``axis``."""


@api
def scaled_dot_product_attention(query: Array, key: Array, value: Array, /, *,
                                 mask: Optional[Array] = None, is_causal: bool = False,
                                 scale: Optional[float] = None) -> Array:
    """softmax(q k^T * scale + mask) v over (..., L, E) x (..., S, E) x (..., S, Ev).

    A boolean ``mask`` keeps True positions; a float mask is added to the scores. ``scale``
    defaults to 1/sqrt(E). ``is_causal`` masks positions j > i."""


@api
def multi_head_attention(query: Array, key: Array, value: Array, /, *, num_heads: int,
                         q_weight: Array, k_weight: Array, v_weight: Array, out_weight: Array,
                         q_bias: Optional[Array] = None, k_bias: Optional[Array] = None,
                         v_bias: Optional[Array] = None, out_bias: Optional[Array] = None,
                         mask: Optional[Array] = None, is_causal: bool = False) -> Array:
    """Multi-head attention on (batch, L, E) inputs with (out, in) projection weights, as
    ``torch.nn.MultiheadAttention(batch_first=True)`` (mask as in scaled_dot_product_attention)."""


@api
def lstm_update(x: Array, init_h: Array, init_c: Array, kernel: Array, recurrent_kernel: Array,
                /, *, bias: Optional[Array] = None, recurrent_bias: Optional[Array] = None
                ) -> Tuple[Array, Tuple[Array, Array]]:
    """Run an LSTM over x (batch, time, in) -> (hs (batch, time, hidden), (h, c)).

    ``kernel`` is (in, 4*hidden), ``recurrent_kernel`` (hidden, 4*hidden), gates in the order
    input, forget, cell, output (as PyTorch)."""


@api
def gru_update(x: Array, init_h: Array, kernel: Array, recurrent_kernel: Array, /, *,
               bias: Optional[Array] = None, recurrent_bias: Optional[Array] = None
               ) -> Tuple[Array, Array]:
    """Run a GRU over x (batch, time, in) -> (hs, h); kernels (in, 3h) and (h, 3h), gates in the
    order reset, update, new (as PyTorch)."""


@api
def interpolate(x: Array, size: IntOrSeq, /, *, mode: str = "nearest",
                align_corners: bool = False, data_format: str = "channel_last") -> Array:
    """Resize the spatial dimensions to ``size``: "nearest", "linear", "bilinear", "trilinear"
    (PyTorch's coordinate rules, ``align_corners`` for the linear modes)."""


@api
def pad(x: Array, pad_width: Union[int, Sequence[Tuple[int, int]]], /, *,
        mode: str = "constant", constant_values: float = 0) -> Array:
    """Pad as numpy.pad: ``mode`` "constant", "reflect", "edge", "symmetric" or "wrap"."""


@api
def gather_nd(params: Array, indices: Array, /) -> Array:
    """``params[indices[..., 0], indices[..., 1], ...]`` (TensorFlow's gather_nd)."""


@api
def scatter_nd(indices: Array, updates: Array, /, shape: Optional[Sequence[int]] = None, *,
               reduction: str = "sum", out: Optional[Array] = None) -> Array:
    """Scatter ``updates`` into zeros of ``shape`` (or a copy of ``out``) at ``indices`` (last axis
    indexes the leading dimensions). ``reduction``: "sum", "max", "min" or "replace"."""


# ---------------------------------------------------------------------------------- losses


@api
def cross_entropy(input: Array, target: Array, /, *, axis: int = -1, from_logits: bool = True,
                  label_smoothing: float = 0.0, reduction: str = "mean") -> Array:
    """Cross entropy of class scores ``input`` along ``axis`` against integer class ``target``
    or class probabilities of ``input``'s shape. ``from_logits=False`` takes probabilities."""


@api
def binary_cross_entropy(input: Array, target: Array, /, *, from_logits: bool = False,
                         pos_weight: Optional[Array] = None, reduction: str = "mean") -> Array:
    """Binary cross entropy of probabilities (or logits when ``from_logits``)."""


@api
def mse_loss(input: Array, target: Array, /, *, reduction: str = "mean") -> Array:
    """(input - target)^2 reduced by "mean", "sum" or "none"."""


@api
def l1_loss(input: Array, target: Array, /, *, reduction: str = "mean") -> Array:
    """|input - target| reduced."""


@api
def huber_loss(input: Array, target: Array, /, *, delta: float = 1.0,
               reduction: str = "mean") -> Array:
    """0.5 d^2 where |d| < delta, delta (|d| - 0.5 delta) elsewhere (PyTorch's huber_loss)."""


@api
def kl_div(input: Array, target: Array, /, *, reduction: str = "mean",
           log_target: bool = False) -> Array:
    """target * (log target - input) with ``input`` log-probabilities (PyTorch's kl_div)."""


@api
def nll_loss(input: Array, target: Array, /, *, axis: int = -1, reduction: str = "mean") -> Array:
    """-input[target] along ``axis`` with ``input`` log-probabilities."""
