"""The TensorFlow frontend: ``import ivy.frontends.tensorflow as tf`` runs eager TF-style code on
any Ivy backend.

Tensors hold a native array of the Ivy backend in use (set with ``ivy.set_backend``, or NumPy when
none is set); every function is a plain composition of ``ivy.*`` calls. Real TensorFlow is never
imported here. TensorFlow's semantics: no implicit promotion between tensors of different dtypes
(``tf.errors.InvalidArgumentError``), Python scalars adopt the tensor's dtype, float32/int32
defaults. Coverage and what raises ``NotImplementedError``: docs/frontends-tensorflow.md.
"""

from __future__ import annotations

from . import (  # noqa: F401
    _core,
    _functions,
    bitwise,
    dtypes,
    errors,
    image,
    linalg,
    math,
    nn,
    random,
    raw_ops,
    signal,
)
from ._core import (  # noqa: F401
    DType,
    InvalidArgumentError,
    Tensor,
    TensorShape,
    Variable,
    as_dtype,  # noqa: A004
    bfloat16,
    bool,
    complex64,
    complex128,
    constant,
    convert_to_tensor,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    not_implemented,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ._functions import *  # noqa: F401,F403
from ._functions import (  # noqa: F401
    _and,
    _invert,
    _or,
    _xor,
    argmax,
    argmin,
    broadcast_to,
    cast,
    clip_by_norm,
    clip_by_value,
    concat,
    cumsum,
    einsum,
    expand_dims,
    gather,
    gather_nd,
    matmul,
    norm,
    one_hot,
    pad,
    range,
    reshape,
    reverse,
    shape,
    split,
    squeeze,
    stack,
    tile,
    transpose,
    unique,
    unstack,
    where,
)

_core.F = _functions
__version__ = "2.21.0+ivy"
newaxis = None
sigmoid = math.sigmoid
divide = math.divide

_MISSING = {
    "string": "string tensors (tf.string)", "strings": "tf.strings", "qint8": "quantized dtypes",
    "quint8": "quantized dtypes", "qint32": "quantized dtypes", "resource": "resource handles",
    "variant": "variant tensors", "SparseTensor": "sparse tensors", "sparse": "tf.sparse",
    "RaggedTensor": "ragged tensors", "ragged": "tf.ragged", "keras": "Keras (use Ivy's stateful "
    "API)", "data": "tf.data", "io": "tf.io", "distribute": "tf.distribute", "saved_model":
    "SavedModel", "summary": "tf.summary", "TensorArray": "tf.TensorArray",
    "custom_gradient": "tf.custom_gradient",
    "experimental": "tf.experimental", "compat": "tf.compat", "config": "tf.config",
    "device": "tf.device", "Module": "tf.Module", "train": "tf.train", "optimizers": "optimizers",
    "searchsorted_batched": "", "tensor_scatter_nd_nd": "",
}

from .linalg import eig, eigvals  # noqa: E402,F401

matrix_square_root = linalg.sqrtm
fftnd, ifftnd = signal._raw_fftnd, signal._raw_ifftnd
rfftnd, irfftnd = signal._raw_rfftnd, signal._raw_irfftnd
math.approx_max_k, math.approx_min_k = nn.approx_max_k, nn.approx_min_k

from ._qrng import random_index_shuffle  # noqa: E402,F401
from ._nn_based import (  # noqa: E402,F401
    approx_top_k,
    conv,
    conv2d_backprop_filter_v2,
    conv2d_backprop_input_v2,
    extract_volume_patches,
)


def __getattr__(name):
    if name in _MISSING:
        not_implemented(f"tf.{name}", _MISSING[name])
    raise AttributeError(f"module 'ivy.frontends.tensorflow' has no attribute {name!r}")
