"""``Graph.to_source(target)`` for every traceable function of the API, on every framework target.

For each function of ``ivy.func_wrapper.API`` there is a small deterministic sample call in
``SAMPLES`` (or a reason in ``EXCLUDED``). Each (function, target) case traces the call with
``ivy.trace_graph`` on the target's backend, prints the graph with ``to_source(target)``, runs the
source in a fresh namespace and compares its result with the eager call: dtype, shape and values
(NaN == NaN, a tolerance for floats). Random functions are compared on dtype and shape only.
``XFAIL`` lists the (function, target) pairs that cannot be written as standalone code, with the
reason; those must raise ``TraceError`` (strict xfail).

Print the coverage table of docs/tracer.md::

    .venv/bin/python -m tests.tracer.test_to_source_coverage
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import ivy
from ivy import func_wrapper as _fw
from ivy.backend_handler import load_backend
from ivy.dtypes import as_ivy_dtype
from ivy.tracer import TraceError, trace_graph

TARGETS = ("numpy", "torch", "jax", "tensorflow")
# the framework, Python's standard library, and for JAX and TensorFlow NumPy (a dependency of both;
# copied backend helpers use it for static shape arithmetic)
_STDLIB = {"base64", "math", "itertools", "functools", "operator", "collections"}
_ALLOWED_IMPORTS = {"numpy": {"numpy"} | _STDLIB, "torch": {"torch"} | _STDLIB,
                    "jax": {"jax", "numpy"} | _STDLIB, "tensorflow": {"tensorflow", "numpy"} | _STDLIB}

_rng = np.random.default_rng(20261122)


def _u(*shape, lo=0.1, hi=0.9, dtype=np.float32):
    return _rng.uniform(lo, hi, shape).astype(dtype)


def _n(*shape, dtype=np.float32):
    return _rng.standard_normal(shape).astype(dtype)


def _i(*shape, lo=0, hi=5, dtype=np.int64):
    return _rng.integers(lo, hi, shape).astype(dtype)


def _b(*shape):
    return _rng.random(shape) > 0.5


def _c(*shape, dtype=np.complex64):
    return (_rng.standard_normal(shape) + 1j * _rng.standard_normal(shape)).astype(dtype)


def _spd(n, dtype=np.float64):
    a = _rng.standard_normal((n, n))
    return (a @ a.T + n * np.eye(n)).astype(dtype)


class S:
    """A sample call: positional and keyword arguments; NumPy arrays anywhere in them (also in
    lists, tuples and dicts) become inputs of the traced function."""

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs

    def __repr__(self):
        return "S(" + ", ".join([_short(a) for a in self.args] +
                                [f"{k}={_short(v)}" for k, v in self.kwargs.items()]) + ")"


def _short(v):
    if isinstance(v, np.ndarray):
        return f"{v.dtype}{list(v.shape)}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_short(e) for e in v) + "]"
    return repr(v)


F = _u(3, 4)        # float32 in (0.1, 0.9): inside every elementwise function's domain
G = _u(3, 4)
N = _n(3, 4)        # signed
D = _n(3, 4, dtype=np.float64)
SPECIAL = np.array([[np.nan, np.inf, -np.inf, -0.0], [0.0, 1.5, -2.5, 3.0]], np.float32)
INT = _i(3, 4, lo=-4, hi=5)
P = _i(3, 4, lo=1, hi=5)  # positive ints
SH = _i(3, 4, lo=0, hi=4)  # shift amounts
B1, B2 = _b(3, 4), _b(3, 4)
C = _c(3, 4)
V3a, V3b = _n(3), _n(3)
SPD = _spd(3)
M = _n(3, 3, dtype=np.float64)
SYM = (M + M.T) / 2
IMG = _n(1, 5, 5, 2)     # NHWC
SEQ = _n(2, 6, 3)        # NWC
VOL = _n(1, 4, 4, 4, 2)  # NDHWC
IDX = np.array([2, 0, 3], np.int64)
SORTED = np.sort(_u(6))

SAMPLES: dict[str, object] = {
    # -- elementwise ----------------------------------------------------------------------------
    **{n: S(F) for n in ["abs", "acos", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
                         "exp", "expm1", "floor", "log", "log10", "log1p", "log2", "negative",
                         "positive", "reciprocal", "sign", "sin", "sinh", "sqrt", "square",
                         "tan", "tanh", "trunc"]},
    "acosh": S(F + 1.0),
    "round": S(N * 3),
    "signbit": S(SPECIAL),
    "isnan": S(SPECIAL), "isinf": S(SPECIAL), "isfinite": S(SPECIAL),
    "conj": S(C), "real": S(C), "imag": S(C),
    "bitwise_invert": S(INT),
    "logical_not": S(B1),
    **{n: S(F, G) for n in ["atan2", "copysign", "divide", "equal", "floor_divide",
                            "greater", "greater_equal", "hypot", "less", "less_equal",
                            "logaddexp", "maximum", "minimum", "nextafter", "not_equal",
                            "remainder", "subtract"]},
    "add": [S(F, G), S(F, D), S(INT, P.astype(np.int8)), S(F, 2.5), S(3, INT)],
    "multiply": [S(F, G), S(INT, P), S(C, 2.0)],
    "pow": [S(F, G), S(P, 2)],
    **{n: S(INT, P) for n in ["bitwise_and", "bitwise_or", "bitwise_xor"]},
    **{n: S(P, SH) for n in ["bitwise_left_shift", "bitwise_right_shift"]},
    **{n: S(B1, B2) for n in ["logical_and", "logical_or", "logical_xor"]},
    "clip": [S(N, -0.5, 0.5), S(N, min=0.0)],
    # -- creation ------------------------------------------------------------------------------
    "arange": [S(5), S(1, 7, 2, dtype="float32")],
    "asarray": S([1.0, 2.0, 3.0]),
    "array": S([[1, 2], [3, 4]]),
    "empty": S((2, 3)),
    "empty_like": S(F),
    "eye": [S(3), S(3, 4, k=1, dtype="int32")],
    "from_dlpack": S(F),
    "full": S((2, 3), 1.5),
    "full_like": S(INT, 7),
    "linspace": S(0.0, 1.0, 5),
    "meshgrid": [S(V3a, _n(2)), S(V3a, _n(2), indexing="ij")],
    "ones": S((2, 3)),
    "ones_like": S(F, dtype="int32"),
    "zeros": S((2, 3), dtype="int64"),
    "zeros_like": S(F),
    "tril": S(F, k=1),
    "triu": S(F, k=-1),
    # -- data types ----------------------------------------------------------------------------
    "astype": [S(F, "float64"), S(N, "int32")],
    "can_cast": S("float32", "float64"),
    "isdtype": S("float32", "real floating"),
    "result_type": S(F, D, "float16"),
    # -- general -------------------------------------------------------------------------------
    "dev": S(F),
    "dtype": S(F),
    "get_item": [S(F, (slice(1, None), slice(None, None, 2))), S(F, (Ellipsis, None, 0)),
                 S(F, IDX[:2]), S(F, B1), S(F, (1, [2, 0, 3]))],
    "set_item": [S(F, (0, slice(1, 3)), 5.0), S(F, 1, G[0]), S(F, B1, 0.0)],
    "is_array": S(F), "is_ivy_array": S(F), "is_native_array": S(F),
    "to_device": S(F, "cpu"),
    "to_ivy": S(F),
    "to_native": S(F),
    # -- gradients -----------------------------------------------------------------------------
    "stop_gradient": S(F),
    # -- indexing ------------------------------------------------------------------------------
    "take": [S(F, IDX, axis=1), S(F.ravel(), IDX)],
    "take_along_axis": S(F, _i(3, 2, hi=4), axis=1),
    # -- linear algebra ------------------------------------------------------------------------
    "matmul": [S(F, G.T), S(F, D.T)],
    "linalg.matmul": S(F, G.T),
    "matrix_transpose": S(F),
    "linalg.matrix_transpose": S(F),
    "tensordot": [S(F, G.T, axes=1), S(F, G, axes=([0, 1], [0, 1]))],
    "linalg.tensordot": S(F, G.T, axes=1),
    "vecdot": S(F, G),
    "linalg.vecdot": S(F, G, axis=0),
    "linalg.cholesky": [S(SPD), S(SPD, upper=True)],
    "linalg.cross": S(_n(2, 3), _n(2, 3)),
    "linalg.det": S(M),
    "linalg.diagonal": S(F, offset=1),
    "linalg.eig": S(SPD),
    "linalg.eigh": S(SYM),
    "linalg.eigvals": S(SPD),
    "linalg.eigvalsh": S(SYM),
    "linalg.inv": S(M),
    "linalg.matrix_norm": [S(M), S(M, ord="nuc"), S(M, ord=2, keepdims=True), S(M, ord=-np.inf)],
    "linalg.matrix_power": [S(M, 3), S(M, -2)],
    "linalg.matrix_rank": S(M),
    "linalg.outer": S(V3a, V3b),
    "linalg.pinv": S(_n(3, 4, dtype=np.float64)),
    "linalg.qr": [S(M), S(_n(4, 3, dtype=np.float64), mode="complete")],
    "linalg.slogdet": S(M),
    "linalg.solve": S(SPD, _n(3, 2, dtype=np.float64)),
    "linalg.svd": [S(_n(3, 4, dtype=np.float64)), S(M, full_matrices=False)],
    "linalg.svdvals": S(M),
    "linalg.trace": [S(M), S(F, offset=1, dtype="float64")],
    "linalg.vector_norm": [S(F), S(N, axis=1, ord=1, keepdims=True), S(N, ord=np.inf)],
    # -- manipulation --------------------------------------------------------------------------
    "broadcast_arrays": S(_n(3, 1), _n(1, 4)),
    "broadcast_shapes": S((3, 1), (1, 4)),
    "broadcast_to": S(_n(3, 1), (2, 3, 4)),
    "concat": [S([F, G], axis=1), S([F, D], axis=None)],
    "expand_dims": [S(F, axis=1), S(F, axis=(0, -1))],
    "flip": [S(F), S(F, axis=1)],
    "moveaxis": S(_n(2, 3, 4), 0, -1),
    "permute_dims": S(_n(2, 3, 4), (2, 0, 1)),
    "repeat": [S(F, 2, axis=1), S(F, np.array([1, 0, 2], np.int64), axis=0), S(F, 2)],
    "reshape": S(F, (2, 6)),
    "roll": [S(F, 1), S(F, (1, -1), axis=(0, 1))],
    "squeeze": S(_n(3, 1, 4), 1),
    "stack": S([F, G], axis=1),
    "tile": S(F, (2, 1)),
    "unstack": S(F, axis=1),
    # -- searching -----------------------------------------------------------------------------
    "argmax": [S(N), S(N, axis=1, keepdims=True)],
    "argmin": [S(N), S(N, axis=0)],
    "count_nonzero": [S(INT), S(INT, axis=1, keepdims=True)],
    "nonzero": S(INT),
    "searchsorted": [S(SORTED, F), S(SORTED, F, side="right")],
    "where": [S(B1, F, G), S(B1, F, 0.0)],
    # -- set -----------------------------------------------------------------------------------
    "isin": S(INT, P),
    "unique_all": S(INT),
    "unique_counts": S(INT),
    "unique_inverse": S(INT),
    "unique_values": S(INT),
    # -- sorting -------------------------------------------------------------------------------
    "argsort": [S(N), S(N, axis=0, descending=True)],
    "sort": [S(N), S(N, axis=0, descending=True)],
    # -- statistical / utility -----------------------------------------------------------------
    "cumulative_sum": [S(F, axis=1), S(INT, axis=0, include_initial=True)],
    "cumulative_prod": [S(F, axis=1), S(P, axis=0, dtype="float64")],
    "max": [S(N), S(N, axis=1, keepdims=True)],
    "min": [S(N), S(N, axis=(0, 1))],
    "mean": [S(N), S(N, axis=0)],
    "prod": [S(F), S(P, axis=1)],
    "sum": [S(N), S(INT, axis=1, keepdims=True), S(F, dtype="float64")],
    "std": [S(N), S(N, axis=1, correction=1)],
    "var": [S(N), S(N, axis=0, correction=1, keepdims=True)],
    "all": [S(B1), S(B1, axis=1)],
    "any": [S(B1), S(INT, axis=0, keepdims=True)],
    "diff": [S(F), S(F, axis=0, n=2), S(F, prepend=G[:, :1], append=G[:, :2])],
    # -- fft -----------------------------------------------------------------------------------
    "fft.fft": [S(C), S(F, n=6, axis=0, norm="ortho")],
    "fft.ifft": S(C),
    "fft.fftn": S(C),
    "fft.ifftn": S(C, axes=(0,), norm="forward"),
    "fft.rfft": S(F),
    "fft.irfft": [S(C), S(C, n=5)],
    "fft.rfftn": S(F),
    "fft.irfftn": S(C),
    "fft.hfft": S(C),
    "fft.ihfft": S(F),
    "fft.fftfreq": S(5, d=0.5),
    "fft.rfftfreq": S(6),
    "fft.fftshift": S(F),
    "fft.ifftshift": S(F, axes=(1,)),
    # -- nn: activations -----------------------------------------------------------------------
    **{n: S(N) for n in ["relu", "relu6", "sigmoid", "silu", "selu", "softsign", "mish",
                         "hard_sigmoid", "hard_swish"]},
    "elu": S(N, alpha=0.5),
    "leaky_relu": S(N),
    "gelu": [S(N), S(N, approximate=True)],
    "softplus": [S(N), S(N * 30, beta=2.0, threshold=10.0)],
    "softmax": [S(N), S(N, axis=0)],
    "log_softmax": S(N),
    "logsumexp": [S(N), S(N, axis=1, keepdims=True)],
    # -- nn: layers ----------------------------------------------------------------------------
    "linear": [S(F, _n(5, 4), _n(5)), S(F, _n(5, 4))],
    "conv1d": [S(SEQ, _n(3, 3, 4)), S(SEQ, _n(3, 3, 4), strides=2, padding="SAME", bias=_n(4))],
    "conv2d": [S(IMG, _n(3, 3, 2, 3)), S(IMG, _n(3, 3, 2, 4), padding="SAME", strides=2)],
    "conv3d": S(VOL, _n(2, 2, 2, 2, 3)),
    "conv1d_transpose": S(SEQ, _n(3, 4, 3), strides=2),
    "conv2d_transpose": S(IMG, _n(3, 3, 4, 2), strides=2, padding="SAME"),
    "conv3d_transpose": S(VOL, _n(2, 2, 2, 3, 2)),
    "max_pool1d": S(SEQ, 2),
    "max_pool2d": [S(IMG, 2), S(IMG, 3, strides=1, padding="SAME")],
    "max_pool3d": S(VOL, 2),
    "avg_pool1d": S(SEQ, 2),
    "avg_pool2d": [S(IMG, 2), S(IMG, 3, strides=1, padding="SAME")],
    "avg_pool3d": S(VOL, 2),
    "adaptive_avg_pool2d": S(IMG, 2),
    "layer_norm": [S(_n(2, 3, 4), (4,)), S(_n(2, 3, 4), (4,), weight=_n(4), bias=_n(4))],
    "batch_norm": [S(_n(2, 3, 4), _n(4), _u(4)),
                   S(_n(2, 3, 4), _n(4), _u(4), weight=_n(4), bias=_n(4), training=True)],
    "group_norm": S(_n(2, 3, 4), 2, weight=_n(4), bias=_n(4)),
    "instance_norm": S(_n(2, 3, 4)),
    "dropout": S(N, 0.5, training=False),
    "embedding": S(_n(5, 3), IDX),
    "one_hot": [S(IDX, 4), S(IDX, 4, dtype="int32", axis=0)],
    "scaled_dot_product_attention": [S(_n(2, 3, 4), _n(2, 5, 4), _n(2, 5, 4)),
                                     S(_n(2, 3, 4), _n(2, 3, 4), _n(2, 3, 4), is_causal=True)],
    "multi_head_attention": S(_n(2, 3, 4), _n(2, 3, 4), _n(2, 3, 4), num_heads=2,
                              q_weight=_n(4, 4), k_weight=_n(4, 4), v_weight=_n(4, 4),
                              out_weight=_n(4, 4)),
    "lstm_update": S(_n(2, 3, 4), _n(2, 5), _n(2, 5), _n(4, 20), _n(5, 20)),
    "gru_update": S(_n(2, 3, 4), _n(2, 5), _n(4, 15), _n(5, 15)),
    "interpolate": [S(IMG, (7, 3)), S(IMG, (7, 3), mode="bilinear")],
    "pad": [S(F, ((1, 0), (0, 2))), S(F, ((1, 1), (2, 0)), mode="reflect")],
    "gather_nd": S(F, np.array([[0, 1], [2, 3]], np.int64)),
    "scatter_nd": S(np.array([[0], [2]], np.int64), _n(2, 4), (3, 4)),
    # -- nn: losses ----------------------------------------------------------------------------
    "cross_entropy": [S(N, np.array([0, 3, 1], np.int64)), S(N, F, reduction="none")],
    "binary_cross_entropy": S(F, (G > 0.5).astype(np.float32)),
    "nll_loss": S(N, np.array([0, 3, 1], np.int64)),
    "mse_loss": S(F, G),
    "l1_loss": S(F, G, reduction="sum"),
    "huber_loss": S(N, F, delta=0.5),
    "kl_div": S(N, F),
    # -- random (dtype and shape only) ---------------------------------------------------------
    "random_uniform": [S(shape=(2, 3), seed=1), S(low=-1.0, high=2.0, shape=(4,))],
    "random_normal": [S(shape=(2, 3), seed=1), S(mean=1.0, std=0.5, shape=(3,), dtype="float64")],
    "randint": [S(0, 5, shape=(2, 3), seed=1), S(-3, 3, shape=(4,), dtype="int32")],
    "bernoulli": [S(F, seed=1), S(F)],
    "multinomial": [S(_u(2, 4), 3, seed=1), S(_u(4), 3, replace=False)],
    "shuffle": [S(F, seed=1), S(F, 1)],
}
SAMPLES["dropout"] = [S(N, 0.5, training=False), S(N, 0.5, seed=1), S(N, 0.25)]
# harder variants: other layouts, paddings, modes and options
_MORE = {
    "conv2d": [S(_n(1, 4, 5, 5), _n(4, 2, 3, 3), data_format="channel_first",
                 filter_format="channel_first", padding=1, groups=2, dilations=2)],
    "conv1d_transpose": [S(SEQ, _n(3, 2, 3), strides=2, padding="SAME", output_padding=1,
                           bias=_n(2))],
    "conv2d_transpose": [S(_n(1, 4, 3, 3), _n(4, 2, 2, 2), strides=2, padding=1,
                           data_format="channel_first", filter_format="channel_first")],
    "avg_pool2d": [S(IMG, 3, strides=2, padding="SAME", count_include_pad=True)],
    "avg_pool1d": [S(_n(2, 3, 7), 3, strides=2, padding=1, data_format="channel_first")],
    "max_pool1d": [S(SEQ, 3, strides=2, padding="SAME")],
    "interpolate": [S(SEQ, 4, mode="linear", align_corners=True),
                    S(VOL, (3, 5, 2), mode="trilinear")],
    "pad": [S(F, ((2, 1), (1, 3)), mode=m) for m in ("edge", "wrap", "symmetric")] +
           [S(F, 1, constant_values=2.5)],
    "scatter_nd": [S(np.array([[0, 1], [0, 1], [2, 3]], np.int64), _n(3), (3, 4),
                     reduction="max"),
                   S(np.array([[1], [2]], np.int64), _n(2, 4), out=_n(3, 4), reduction="replace")],
    "one_hot": [S(IDX, 4, on_value=5, off_value=-1, dtype="int64")],
    "linalg.matrix_rank": [S(np.array([[1.0, 2.0], [2.0, 4.0]]), rtol=1e-3)],
    "searchsorted": [S(_u(6), F, sorter=np.argsort(_u(6)))],
    "linspace": [S(2, 10, 4, endpoint=False, dtype="float64")],
    "eye": [S(4, k=-1)],
    "cross_entropy": [S(N, np.array([0, 3, 1], np.int64), label_smoothing=0.1, reduction="sum")],
    "binary_cross_entropy": [S(N, (G > 0.5).astype(np.float32), from_logits=True,
                               pos_weight=_u(4), reduction="none")],
    "kl_div": [S(N, N, log_target=True, reduction="batchmean")],
    "embedding": [S(_n(5, 3) * 3, IDX, max_norm=1.0)],
    "multi_head_attention": [S(_n(2, 3, 4), _n(2, 5, 4), _n(2, 5, 4), num_heads=2,
                               q_weight=_n(4, 4), k_weight=_n(4, 4), v_weight=_n(4, 4),
                               out_weight=_n(4, 4), q_bias=_n(4), k_bias=_n(4), v_bias=_n(4),
                               out_bias=_n(4), mask=_b(3, 5) | np.eye(3, 5, dtype=bool))],
    "scaled_dot_product_attention": [S(_n(2, 3, 4), _n(2, 3, 4), _n(2, 3, 4), mask=_n(3, 3),
                                       scale=0.3)],
    "layer_norm": [S(_n(2, 3, 4), (3, 4), eps=1e-3)],
    "group_norm": [S(_n(2, 4, 3), 2, data_format="channel_first")],
    "batch_norm": [S(_n(2, 4, 3), _n(4), _u(4), data_format="channel_first", training=True)],
    "adaptive_avg_pool2d": [S(_n(1, 2, 5, 7), (2, 3), data_format="channel_first")],
}
for _k, _v in _MORE.items():
    _have = SAMPLES[_k] if isinstance(SAMPLES[_k], list) else [SAMPLES[_k]]
    SAMPLES[_k] = _have + _v

# compared on dtype and shape only, unless a seed is given (seeded calls give the eager values)
RANDOM = {"random_uniform", "random_normal", "randint", "bernoulli", "multinomial", "shuffle",
          "dropout", "empty", "empty_like"}

EXCLUDED = {
    "to_numpy": "converts a traced value to NumPy: a TraceError by design (the graph would bake "
                "in one value)",
    "to_scalar": "turns a traced value into a Python scalar: a TraceError by design",
    "finfo": "returns a finfo object (Python metadata), not an array",
    "iinfo": "returns an iinfo object (Python metadata), not an array",
    "__array_namespace_info__": "returns the namespace's Info object, not an array",
    "seed": "sets the global random state and returns None: nothing to record",
    "grad": "returns a Python function (a transformation); calling it inside a trace is a "
            "TraceError (differentiate the graph's replay instead)",
    "value_and_grad": "returns a Python function (a transformation); calling it inside a trace "
                      "is a TraceError",
    "jac": "returns a Python function (a transformation); calling it inside a trace is a "
           "TraceError",
    "execute_with_gradients": "the framework's autodiff is not a graph of Ivy calls: inside a "
                              "trace it is a TraceError (the gradient would be a stale constant)",
}

# (function, target) pairs that cannot be written as standalone code: to_source raises TraceError
XFAIL: dict[tuple[str, str], str] = {}


def _cases():
    out = []
    for name in sorted(SAMPLES):
        samples = SAMPLES[name] if isinstance(SAMPLES[name], list) else [SAMPLES[name]]
        for k, s in enumerate(samples):
            for t in TARGETS:
                marks = []
                if (name, t) in XFAIL:
                    marks.append(pytest.mark.xfail(reason=XFAIL[(name, t)], strict=True,
                                                   raises=TraceError))
                out.append(pytest.param(name, k, s, t, id=f"{name}-{k}-{t}", marks=marks))
    return out


# -- running a sample ------------------------------------------------------------------------------

def _leaves(v, out):
    if isinstance(v, np.ndarray):
        out.append(v)
    elif isinstance(v, (list, tuple)):
        for e in v:
            _leaves(e, out)
    elif isinstance(v, dict):
        for e in v.values():
            _leaves(e, out)
    return out


def _fill(v, it):
    if isinstance(v, np.ndarray):
        return next(it)
    if isinstance(v, (list, tuple)):
        return type(v)(_fill(e, it) for e in v)
    if isinstance(v, dict):
        return {k: _fill(e, it) for k, e in v.items()}
    return v


def _caller(fn, s: S):
    def sample(*xs):
        it = iter(xs)
        args, kwargs = _fill(s.args, it), _fill(s.kwargs, it)
        return fn(*args, **kwargs)
    return sample


def _to_np(v, backend):
    if isinstance(v, ivy.Array):
        v = v.data
    if isinstance(v, (list, tuple)):
        return [_to_np(e, backend) for e in v]
    if isinstance(v, (bool, int, float, complex, str)) or v is None:
        return v
    if isinstance(v, ivy.Dtype):
        return ("dtype", str(v))
    for conv in (lambda d: d, np.dtype):
        try:
            return ("dtype", str(as_ivy_dtype(conv(v))))
        except Exception:
            pass
    return np.asarray(load_backend(backend).to_numpy(v))


_TOL = {"float16": (1e-2, 1e-3), "bfloat16": (2e-2, 1e-2), "float32": (2e-4, 2e-5),
        "complex64": (2e-4, 2e-5), "float64": (1e-9, 1e-12), "complex128": (1e-9, 1e-12)}


def _compare(got, want, values=True, where="result"):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (where, got, want)
        for k, (g, w) in enumerate(zip(got, want, strict=True)):
            _compare(g, w, values, f"{where}[{k}]")
        return
    if not isinstance(want, np.ndarray):
        if isinstance(got, np.ndarray) and got.ndim == 0 and values:
            got = got.item()
        assert got == want and type(got) is type(want), (where, got, want)
        return
    assert isinstance(got, np.ndarray), (where, type(got))
    assert got.shape == want.shape, (where, got.shape, want.shape)
    assert got.dtype == want.dtype, (where, got.dtype, want.dtype)
    if not values:
        return
    if want.dtype.kind in "fc":
        rtol, atol = _TOL.get(want.dtype.name, (1e-6, 1e-7))
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True,
                                   err_msg=where)
    else:
        np.testing.assert_array_equal(got, want, err_msg=where)


def _natives(target, arrays):
    B = load_backend(target)
    return [B.asarray(a) for a in arrays]


@pytest.mark.parametrize("name,k,sample,target", _cases())
def test_to_source_matches_eager(name, k, sample, target):
    fn = _fw._resolve(ivy, name)
    call = _caller(fn, sample)
    xs = _natives(target, _leaves((sample.args, sample.kwargs), []))
    with ivy.using_backend(target):
        want = _to_np(call(*ivy.to_ivy(list(xs))), target)
        g = trace_graph(call, *xs)
    src = g.to_source(target)
    code = src.split('"""', 2)[2]
    assert not re.search(r"\bivy\b", code), src
    imports = {ln.split()[1].split(".")[0] for ln in code.splitlines()
               if ln.lstrip().startswith(("import ", "from "))}
    assert imports <= _ALLOWED_IMPORTS[target], (imports, src)
    ns: dict = {}
    exec(compile(src, f"<to_source {name} {target}>", "exec"), ns)
    got = ns["sample"](*_natives(target, _leaves((sample.args, sample.kwargs), [])))
    try:
        seeded = sample.kwargs.get("seed") is not None
        _compare(_to_np(got, target), want, values=name not in RANDOM or seeded)
    except AssertionError as e:
        raise AssertionError(f"{e}\n--- source ---\n{src}") from None


def test_every_api_function_is_sampled_or_excluded():
    api = set(_fw.API)
    missing = api - set(SAMPLES) - set(EXCLUDED)
    assert not missing, f"add a sample (SAMPLES) or a reason (EXCLUDED) for: {sorted(missing)}"
    assert not set(SAMPLES) & set(EXCLUDED)
    assert set(SAMPLES) | set(EXCLUDED) <= api, sorted((set(SAMPLES) | set(EXCLUDED)) - api)
    assert {n for n, _ in XFAIL} <= set(SAMPLES)


def coverage_table() -> str:
    """The per-target coverage table of docs/tracer.md (markdown)."""
    total = len(_fw.API)
    n_cases = sum(len(v) if isinstance(v, list) else 1 for v in SAMPLES.values())
    static, composed = [], []
    for name in sorted(SAMPLES):
        s = SAMPLES[name][0] if isinstance(SAMPLES[name], list) else SAMPLES[name]
        xs = _leaves((s.args, s.kwargs), [])
        with ivy.using_backend("numpy"):
            g = trace_graph(_caller(_fw._resolve(ivy, name), s), *xs)
        if not g.calls:
            static.append(name)
        elif name not in {n.target for n in g.calls}:
            composed.append(name)
    lines = [f"{len(SAMPLES)} of the {total} API functions have samples ({n_cases} sample calls, "
             f"each run on every target); {len(EXCLUDED)} are excluded (below).", "",
             "| target | functions written out | expected failures (TraceError) |",
             "|---|---|---|"]
    for t in TARGETS:
        bad = sorted(n for n, tt in XFAIL if tt == t)
        lines.append(f"| {t} | {len(SAMPLES) - len(bad)} / {len(SAMPLES)} | "
                     f"{', '.join(f'`{b}`' for b in bad) or '-'} |")
    lines += ["", f"Of these, {len(static)} record no call: their result is fixed at trace time "
              "(metadata, or an array built from constants) and the source returns it as a "
              "constant: " + ", ".join(f"`{n}`" for n in static) + ". "
              f"{len(composed)} are aliases recorded as the function they alias: "
              + (", ".join(f"`{n}`" for n in composed) or "none") + "."]
    lines += ["", "| excluded | why |", "|---|---|"]
    lines += [f"| `{n}` | {r} |" for n, r in sorted(EXCLUDED.items())]
    if XFAIL:
        lines += ["", "| function, target | why it is not written out |", "|---|---|"]
        lines += [f"| `{n}`, {t} | {r} |" for (n, t), r in sorted(XFAIL.items())]
    return "\n".join(lines)


if __name__ == "__main__":
    print(coverage_table())
