"""How each Ivy function is written in each ``to_source`` target: one table per target.

An entry is a ``str.format`` template over the API's parameter names (each replaced by its
rendered argument) plus ``{out_dtype}`` (the node's traced output dtype, as the target's dtype
expression), or a function ``f(c) -> str`` of a :class:`Ctx` for the cases that depend on the
traced dtypes, shapes or constant arguments. An entry that cannot express a call raises
:class:`Unsupported` with the reason, which ``to_source`` reports.

The traced dtypes make the output exact without the backends' run-time dtype logic: e.g. ``sum``
is written with ``dtype=<traced output dtype>``, so NumPy's/PyTorch's own accumulation rules never
come into play.
"""

from __future__ import annotations

import inspect

import numpy as np

from .. import func_wrapper as _fw
from .graph import Ref


class Unsupported(Exception):
    pass


class Ctx:
    """The arguments of one call node, bound to the API signature."""

    def __init__(self, src, node):
        self.src, self.node = src, node
        ba = inspect.signature(_fw.API[node.target]).bind(*node.args, **node.kwargs)
        ba.apply_defaults()
        self.raw = dict(ba.arguments)
        self.e = {k: src.expr(v) for k, v in self.raw.items()}

    def __getitem__(self, k) -> str:
        return self.e[k]

    def dtype_of(self, k) -> str | None:
        v = self.raw[k]
        if v.__class__ is Ref:
            return self.src.g.nodes[v.node].outputs[v.index][1]
        return None

    def shape_of(self, k):
        v = self.raw[k]
        return tuple(self.src.g.nodes[v.node].outputs[v.index][0])

    @property
    def out_dtype(self) -> str:
        return self.node.outputs[0][1]

    @property
    def out_shape(self):
        return tuple(self.node.outputs[0][0])

    def dt(self, name: str) -> str:
        return self.src.dtype(name)

    def helper(self, name: str, source: str) -> str:
        self.src.helpers.setdefault(name, source)
        return name

    def literal(self, v) -> str:
        return self.src.expr(v)

    def promoted(self, *names) -> str:
        from ..dtypes import promote_types

        ds = [d for d in (self.dtype_of(n) for n in names) if d is not None]
        out = ds[0]
        for d in ds[1:]:
            out = str(promote_types(out, d))
        return out


def _fmt(template: str, c: Ctx) -> str:
    return template.format(**c.e, out_dtype=c.dt(c.out_dtype))


# -- shared builders ------------------------------------------------------------------------------

def _kw(pairs) -> str:
    return ", ".join(f"{k}={v}" for k, v in pairs if v is not None)


def _binary(fn: str, cast: str | None = None, scalar_tensor: str | None = None,
            to_out: bool = False):
    """``fn(a, b)``; operands cast to the promoted (or output) dtype with ``cast`` when they differ;
    Python scalars wrapped with ``scalar_tensor`` where the framework needs tensors."""
    def f(c: Ctx) -> str:
        names = [k for k in c.raw if k in ("x1", "x2")]
        target = c.out_dtype if to_out else c.promoted(*names)
        parts = []
        for k in names:
            d = c.dtype_of(k)
            if d is None:
                parts.append(scalar_tensor.format(v=c[k], dt=c.dt(target)) if scalar_tensor
                             else c[k])
            elif d != target and cast:
                parts.append(cast.format(v=c[k], dt=c.dt(target)))
            else:
                parts.append(c[k])
        return f"{fn}({', '.join(parts)})"
    return f


def _reduce(fn: str, axis_kw: str, keep_kw: str, dtype_kw: str | None = None,
            pre_cast: str | None = None, extra=None):
    def f(c: Ctx) -> str:
        x = c["x"]
        if pre_cast and c.dtype_of("x") != c.out_dtype:
            x = pre_cast.format(v=x, dt=c.dt(c.out_dtype))
        axis = c.raw.get("axis")
        kws = [(axis_kw, c["axis"] if axis is not None else None)]
        if dtype_kw:
            kws.append((dtype_kw, c.dt(c.out_dtype)))
        if extra:
            kws += extra(c)
        kws.append((keep_kw, c["keepdims"] if c.raw.get("keepdims") else None))
        args = _kw(kws)
        return f"{fn}({x}{', ' + args if args else ''})"
    return f


def _torch_prod(c: Ctx) -> str:
    axis = c.raw["axis"]
    if isinstance(axis, tuple):
        if len(axis) != 1:
            raise Unsupported("torch.prod reduces one axis at a time")
        axis = axis[0]
    dt = c.dt(c.out_dtype)
    if axis is None:
        if c.raw["keepdims"]:
            return f"torch.prod({c['x']}, dtype={dt}).reshape({(1,) * len(c.shape_of('x'))})"
        return f"torch.prod({c['x']}, dtype={dt})"
    return f"torch.prod({c['x']}, dim={axis}, keepdim={c.raw['keepdims']}, dtype={dt})"


def _std_like(fn_np: str, ns: str, ddof_kw: str, axis_kw: str, keep_kw: str):
    def f(c: Ctx) -> str:
        kws = [(axis_kw, c["axis"] if c.raw["axis"] is not None else None),
               (ddof_kw, c["correction"]),
               (keep_kw, c["keepdims"] if c.raw["keepdims"] else None)]
        return f"{ns}.{fn_np}({c['x']}, {_kw(kws)})"
    return f


def _tf_std(var: bool):
    def f(c: Ctx) -> str:
        shape = c.shape_of("x")
        axis = c.raw["axis"]
        axes = range(len(shape)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
        n = int(np.prod([shape[a] for a in axes]))
        ax = "None" if axis is None else c["axis"]
        x = c["x"]
        r = (f"tf.math.reduce_sum(tf.math.square({x} - tf.math.reduce_mean({x}, axis={ax}, "
             f"keepdims=True)), axis={ax}, keepdims={c.raw['keepdims']}) / "
             f"({n} - {c['correction']})")
        return r if var else f"tf.math.sqrt({r})"
    return f


def _set_item_copy(copy: str):
    def f(c: Ctx) -> str:
        h = c.helper("_set_item", f"def _set_item(x, key, value):\n    x = {copy}\n"
                                  "    x[key] = value\n    return x\n")
        return f"{h}({c['x']}, {c['key']}, {c['value']})"
    return f


def _index(c: Ctx) -> str:
    return f"{c['x']}[{c.src.index_expr(c.raw['key'])}]"


def _torch_get_item(c: Ctx) -> str:
    key = c.raw["key"]
    ks = key if isinstance(key, tuple) else (key,)
    if any(isinstance(k, slice) and k.step is not None and k.step < 0 for k in ks):
        raise Unsupported("torch cannot index with negative steps")
    return _index(c)


def _tf_get_item(c: Ctx) -> str:
    key = c.raw["key"]
    if key.__class__ is Ref:  # one array key: a boolean mask, or integer indices along axis 0
        if c.dtype_of("key") == "bool":
            return f"tf.boolean_mask({c['x']}, {c['key']})"
        return f"tf.gather({c['x']}, {c['key']}, axis=0)"
    ks = key if isinstance(key, tuple) else (key,)
    if any(k.__class__ is Ref for k in ks):
        raise Unsupported("TensorFlow tensors take only basic indices (ints, slices, None, ...); "
                          "a key mixing them with arrays is not written out")
    if any(isinstance(k, (list, np.ndarray)) for k in ks):
        # a static advanced index: the flat positions it selects, computed now
        shape = c.shape_of("x")
        flat = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)[key]
        return (f"tf.gather(tf.reshape({c['x']}, [-1]), tf.constant({flat.tolist()}, "
                f"dtype=tf.int64))")
    return _index(c)


def _tf_set_item(c: Ctx) -> str:
    """A static key: the indices it selects are computed now and embedded."""
    key = c.raw["key"]
    shape = c.shape_of("x")
    ks = key if isinstance(key, tuple) else (key,)
    if any(k.__class__ is Ref for k in ks):
        raise Unsupported("TensorFlow set_item with an array key")
    grid = np.indices(shape, dtype=np.int64).transpose(*range(1, len(shape) + 1), 0)
    idx = grid[key]
    sel_shape = idx.shape[:-1]
    return (f"tf.tensor_scatter_nd_update({c['x']}, tf.constant({idx.reshape(-1, len(shape)).tolist()}"
            f", dtype=tf.int64), tf.reshape(tf.broadcast_to(tf.cast({c['value']}, {c.dt(c.dtype_of('x'))}), "
            f"{tuple(sel_shape)}), [-1]))")


def _eye(ns: str, k_ok: bool = True):
    def f(c: Ctx) -> str:
        if c.raw["k"] and not k_ok:
            raise Unsupported("eye with k != 0")
        m = c.raw["n_cols"]
        kws = [("M" if ns in ("np", "jnp") else "num_columns" if ns == "tf" else "m",
                c["n_cols"] if m is not None else None),
               ("k", c["k"] if c.raw["k"] and k_ok else None),
               ("dtype", c.dt(c.out_dtype))]
        fn = {"np": "np.eye", "jnp": "jnp.eye", "torch": "torch.eye", "tf": "tf.eye"}[ns]
        return f"{fn}({c['n_rows']}, {_kw(kws)})"
    return f


def _arange(fn: str, names=("start", "stop", "step")):
    def f(c: Ctx) -> str:
        if c.raw["stop"] is None:
            return f"{fn}(0, {c['start']}, {c['step']}, dtype={c.dt(c.out_dtype)})"
        return f"{fn}({c['start']}, {c['stop']}, {c['step']}, dtype={c.dt(c.out_dtype)})"
    return f


def _np_softmax(c: Ctx) -> str:
    h = c.helper("_softmax", "def _softmax(x, axis):\n"
                             "    e = np.exp(x - np.max(x, axis=axis, keepdims=True))\n"
                             "    return e / np.sum(e, axis=axis, keepdims=True)\n")
    return f"{h}({c['x']}, {c['axis']})"


def _matrix_norm(fn: str, keep_kw: str, ord_kw: str = "ord", axis: bool = True):
    def f(c: Ctx) -> str:
        o = c.raw["ord"]
        ax = ", axis=(-2, -1)" if axis else ""
        if fn == "tf.norm" and o not in ("fro", 1, np.inf):
            raise Unsupported(f"tf.norm has no matrix ord={o!r}")
        if fn == "tf.norm":
            ax = ", axis=[-2, -1]"
        return f"{fn}({c['x']}, {ord_kw}={c['ord']}{ax}, {keep_kw}={c['keepdims']})"
    return f


# -- convolution / pooling (channel-last inputs, HWIO filters: Ivy's defaults) -------------------

def _conv_check(c: Ctx):
    if c.raw["data_format"] not in ("channel_last", "NHWC") or \
            c.raw["filter_format"] not in ("channel_last", "HWIO"):
        raise Unsupported("only channel-last data and HWIO filters are written out")
    if c.raw.get("bias") is not None:
        raise Unsupported("conv2d with bias")
    pad = c.raw["padding"]
    if not isinstance(pad, str):
        raise Unsupported("explicit conv2d padding")
    return pad.upper()


def _pair(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v)


def _jax_conv2d(c: Ctx) -> str | None:
    try:
        pad = _conv_check(c)
    except Unsupported:
        return None  # other layouts, explicit padding, bias: the backend's own function
    return (f"jax.lax.conv_general_dilated({c['x']}, {c['filters']}, "
            f"window_strides={_pair(c.raw['strides'])}, padding={pad!r}, "
            f"rhs_dilation={_pair(c.raw['dilations'])}, "
            f"dimension_numbers=('NHWC', 'HWIO', 'NHWC'), "
            f"feature_group_count={c['groups']})")


def _tf_conv2d(c: Ctx) -> str:
    pad = _conv_check(c)
    if c.raw["groups"] != 1:
        raise Unsupported("grouped conv2d")
    return (f"tf.nn.conv2d({c['x']}, {c['filters']}, strides={list(_pair(c.raw['strides']))}, "
            f"padding={pad!r}, data_format='NHWC', dilations={list(_pair(c.raw['dilations']))})")


def _torch_conv2d(c: Ctx) -> str:
    pad = _conv_check(c)
    s, d = _pair(c.raw["strides"]), _pair(c.raw["dilations"])
    x = f"{c['x']}.permute(0, 3, 1, 2)"
    if pad == "SAME":
        h, w = c.shape_of("x")[1:3]
        kh, kw = c.shape_of("filters")[0:2]
        pads = []
        for n, k, st, dl in ((w, kw, s[1], d[1]), (h, kh, s[0], d[0])):
            out = -(-n // st)
            total = max((out - 1) * st + (k - 1) * dl + 1 - n, 0)
            pads += [total // 2, total - total // 2]
        x = f"torch.nn.functional.pad({x}, {pads})"
    return (f"torch.nn.functional.conv2d({x}, {c['filters']}.permute(3, 2, 0, 1), stride={s}, "
            f"dilation={d}, groups={c['groups']}).permute(0, 2, 3, 1)")


def _pool_check(c: Ctx):
    if c.raw["data_format"] not in ("channel_last", "NHWC"):
        raise Unsupported("only channel-last pooling is written out")
    pad = c.raw["padding"]
    if not isinstance(pad, str) or pad.upper() != "VALID":
        raise Unsupported("max_pool2d with padding other than VALID")
    k = _pair(c.raw["kernel"])
    s = _pair(c.raw["strides"]) if c.raw["strides"] is not None else k
    return k, s


def _jax_max_pool2d(c: Ctx) -> str:
    k, s = _pool_check(c)
    return (f"jax.lax.reduce_window({c['x']}, -jnp.inf, jax.lax.max, (1, {k[0]}, {k[1]}, 1), "
            f"(1, {s[0]}, {s[1]}, 1), 'VALID')")


def _tf_max_pool2d(c: Ctx) -> str:
    k, s = _pool_check(c)
    return f"tf.nn.max_pool2d({c['x']}, ksize={list(k)}, strides={list(s)}, padding='VALID')"


def _torch_max_pool2d(c: Ctx) -> str:
    k, s = _pool_check(c)
    return (f"torch.nn.functional.max_pool2d({c['x']}.permute(0, 3, 1, 2), kernel_size={k}, "
            f"stride={s}).permute(0, 2, 3, 1)")


_NP_CONV = """def _conv2d(x, w, strides, padding, dilations):
    (sh, sw), (dh, dw) = strides, dilations
    ekh, ekw = (w.shape[0] - 1) * dh + 1, (w.shape[1] - 1) * dw + 1
    if padding == "SAME":
        ph = max((-(-x.shape[1] // sh) - 1) * sh + ekh - x.shape[1], 0)
        pw = max((-(-x.shape[2] // sw) - 1) * sw + ekw - x.shape[2], 0)
        x = np.pad(x, ((0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2), (0, 0)))
    win = np.lib.stride_tricks.sliding_window_view(x, (ekh, ekw), axis=(1, 2))
    win = win[:, ::sh, ::sw, :, ::dh, ::dw]
    return np.einsum("nhwcij,ijco->nhwo", win, w)
"""


def _np_conv2d(c: Ctx) -> str | None:
    try:
        pad = _conv_check(c)
    except Unsupported:
        return None  # other layouts, explicit padding, bias: the backend's own function
    if c.raw["groups"] != 1:
        return None
    h = c.helper("_conv2d", _NP_CONV)
    return (f"{h}({c['x']}, {c['filters']}, {_pair(c.raw['strides'])}, {pad!r}, "
            f"{_pair(c.raw['dilations'])}).astype({c.dt(c.out_dtype)})")


def _np_max_pool2d(c: Ctx) -> str:
    k, s = _pool_check(c)
    return (f"np.lib.stride_tricks.sliding_window_view({c['x']}, {k}, axis=(1, 2))"
            f"[:, ::{s[0]}, ::{s[1]}].max(axis=(-2, -1))")


def _linear(mm: str):
    def f(c: Ctx) -> str:
        out = mm.format(x=c["x"], w=c["weight"])
        return out if c.raw["bias"] is None else f"{out} + {c['bias']}"
    return f


def _torch_gelu(c: Ctx) -> str:
    return (f"torch.nn.functional.gelu({c['x']}, approximate="
            f"{'tanh' if c.raw['approximate'] else 'none'!r})")


def _cumulative(fn: str, axis_kw: str, cast: str | None = None, dtype_kw: bool = True):
    def f(c: Ctx) -> str:
        if c.raw.get("include_initial"):
            raise Unsupported("include_initial=True")
        axis = c.raw["axis"]
        axis = 0 if axis is None else axis
        x = c["x"]
        if cast and c.dtype_of("x") != c.out_dtype:
            x = cast.format(v=x, dt=c.dt(c.out_dtype))
        dt = f", dtype={c.dt(c.out_dtype)}" if dtype_kw else ""
        return f"{fn}({x}, {axis_kw}={axis}{dt})"
    return f


# -- the tables -----------------------------------------------------------------------------------

_UNARY_SAME = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
               "exp", "expm1", "floor", "log", "log1p", "log2", "log10", "sign", "sin", "sinh",
               "sqrt", "square", "tan", "tanh", "trunc", "isnan", "isinf", "isfinite",
               "logical_not", "negative", "positive"]
_BINARY_SAME = ["add", "subtract", "multiply", "divide", "pow", "maximum", "minimum", "equal",
                "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
                "logical_or", "atan2", "floor_divide", "remainder", "hypot", "logaddexp"]


def _numpy_like(ns: str) -> dict:
    t: dict = {}
    for n in _UNARY_SAME:
        t[n] = f"{ns}.{n}({{x}})"
    for n in _BINARY_SAME:
        t[n] = f"{ns}.{n}({{x1}}, {{x2}})"
    t.update({
        "sum": _reduce(f"{ns}.sum", "axis", "keepdims", "dtype"),
        "prod": _reduce(f"{ns}.prod", "axis", "keepdims", "dtype"),
        "mean": _reduce(f"{ns}.mean", "axis", "keepdims", "dtype"),
        "max": _reduce(f"{ns}.max", "axis", "keepdims"),
        "min": _reduce(f"{ns}.min", "axis", "keepdims"),
        "all": _reduce(f"{ns}.all", "axis", "keepdims"),
        "any": _reduce(f"{ns}.any", "axis", "keepdims"),
        "std": _std_like("std", ns, "ddof", "axis", "keepdims"),
        "var": _std_like("var", ns, "ddof", "axis", "keepdims"),
        "matmul": f"{ns}.matmul({{x1}}, {{x2}})",
        "matrix_transpose": f"{ns}.swapaxes({{x}}, -1, -2)",
        "permute_dims": f"{ns}.transpose({{x}}, {{axes}})",
        "reshape": f"{ns}.reshape({{x}}, {{shape}})",
        "expand_dims": f"{ns}.expand_dims({{x}}, {{axis}})",
        "squeeze": f"{ns}.squeeze({{x}}, {{axis}})",
        "concat": f"{ns}.concatenate({{arrays}}, axis={{axis}})",
        "stack": f"{ns}.stack({{arrays}}, axis={{axis}})",
        "flip": f"{ns}.flip({{x}}, axis={{axis}})",
        "astype": "{x}.astype({out_dtype})",
        "tensordot": f"{ns}.tensordot({{x1}}, {{x2}}, axes={{axes}})",
        "vecdot": f"{ns}.sum({ns}.conj({{x1}}) * {{x2}}, axis={{axis}})",
        "where": f"{ns}.where({{condition}}, {{x1}}, {{x2}})",
        "take": f"{ns}.take({{x}}, {{indices}}, axis={{axis}})",
        "zeros_like": f"{ns}.zeros_like({{x}}, dtype={{out_dtype}})",
        "ones_like": f"{ns}.ones_like({{x}}, dtype={{out_dtype}})",
        "full_like": f"{ns}.full_like({{x}}, {{fill_value}}, dtype={{out_dtype}})",
        "zeros": f"{ns}.zeros({{shape}}, dtype={{out_dtype}})",
        "ones": f"{ns}.ones({{shape}}, dtype={{out_dtype}})",
        "full": f"{ns}.full({{shape}}, {{fill_value}}, dtype={{out_dtype}})",
        "eye": _eye(ns),
        "arange": _arange(f"{ns}.arange"),
        "asarray": f"{ns}.asarray({{obj}}, dtype={{out_dtype}})",
        "argmax": f"{ns}.argmax({{x}}, axis={{axis}}, keepdims={{keepdims}})",
        "argmin": f"{ns}.argmin({{x}}, axis={{axis}}, keepdims={{keepdims}})",
        "clip": f"{ns}.clip({{x}}, {{min}}, {{max}})",
        "linalg.inv": f"{ns}.linalg.inv({{x}})",
        "linalg.det": f"{ns}.linalg.det({{x}})",
        "linalg.solve": f"{ns}.linalg.solve({{x1}}, {{x2}})",
        "linalg.cholesky": f"{ns}.linalg.cholesky({{x}})",
        "linalg.matrix_norm": _matrix_norm(f"{ns}.linalg.norm", "keepdims"),
        "linalg.vector_norm": f"{ns}.linalg.vector_norm({{x}}, axis={{axis}}, "
                              f"keepdims={{keepdims}}, ord={{ord}})",
        "get_item": _index,
        "cumulative_sum": _cumulative(f"{ns}.cumsum", "axis"),
        "cumulative_prod": _cumulative(f"{ns}.cumprod", "axis"),
    })
    return t


NUMPY = _numpy_like("np")
NUMPY.update({
    "set_item": _set_item_copy("x.copy()"),
    "relu": "np.maximum({x}, 0)",
    "sigmoid": "1 / (1 + np.exp(-{x}))",
    "softmax": _np_softmax,
    "conv2d": _np_conv2d,
    "max_pool2d": _np_max_pool2d,
    "linear": _linear("np.matmul({x}, np.swapaxes({w}, -1, -2))"),
})

JAX = _numpy_like("jnp")
JAX.update({
    "set_item": "{x}.at[{key}].set({value})",
    "relu": "jax.nn.relu({x})",
    "sigmoid": "jax.nn.sigmoid({x})",
    "softmax": "jax.nn.softmax({x}, axis={axis})",
    "log_softmax": "jax.nn.log_softmax({x}, axis={axis})",
    "gelu": "jax.nn.gelu({x}, approximate={approximate})",
    "silu": "jax.nn.silu({x})",
    "conv2d": _jax_conv2d,
    "linear": _linear("jnp.matmul({x}, jnp.swapaxes({w}, -1, -2))"),
    "max_pool2d": _jax_max_pool2d,
    "linalg.vector_norm": "jnp.linalg.vector_norm({x}, axis={axis}, keepdims={keepdims}, "
                          "ord={ord})",
})

_T_CAST = "{v}.to({dt})"
_T_SCALAR = "torch.tensor({v}, dtype={dt})"
TORCH: dict = {}
for _n in _UNARY_SAME:
    TORCH[_n] = f"torch.{_n}({{x}})"
TORCH.update({"negative": "torch.neg({x})", "positive": "{x}"})
for _n, _f in {"add": "torch.add", "subtract": "torch.subtract", "multiply": "torch.multiply",
               "pow": "torch.pow", "equal": "torch.eq", "not_equal": "torch.ne",
               "less": "torch.lt", "less_equal": "torch.le", "greater": "torch.gt",
               "greater_equal": "torch.ge", "floor_divide": "torch.floor_divide",
               "remainder": "torch.remainder"}.items():
    TORCH[_n] = _binary(_f, _T_CAST)
for _n, _f in {"maximum": "torch.maximum", "minimum": "torch.minimum", "atan2": "torch.atan2",
               "logical_and": "torch.logical_and", "logical_or": "torch.logical_or",
               "hypot": "torch.hypot", "logaddexp": "torch.logaddexp"}.items():
    TORCH[_n] = _binary(_f, _T_CAST, _T_SCALAR)
TORCH.update({
    "divide": _binary("torch.divide", _T_CAST, to_out=True),
    "sum": _reduce("torch.sum", "dim", "keepdim", "dtype"),
    "prod": _torch_prod,
    "mean": _reduce("torch.mean", "dim", "keepdim", "dtype"),
    "max": _reduce("torch.amax", "dim", "keepdim"),
    "min": _reduce("torch.amin", "dim", "keepdim"),
    "all": _reduce("torch.all", "dim", "keepdim"),
    "any": _reduce("torch.any", "dim", "keepdim"),
    "std": _std_like("std", "torch", "correction", "dim", "keepdim"),
    "var": _std_like("var", "torch", "correction", "dim", "keepdim"),
    "matmul": _binary("torch.matmul", _T_CAST),
    "matrix_transpose": "torch.transpose({x}, -1, -2)",
    "permute_dims": "torch.permute({x}, {axes})",
    "reshape": "torch.reshape({x}, {shape})",
    "expand_dims": "torch.unsqueeze({x}, {axis})",
    "squeeze": "torch.squeeze({x}, {axis})",
    "concat": "torch.cat({arrays}, dim={axis})",
    "stack": "torch.stack({arrays}, dim={axis})",
    "flip": "torch.flip({x}, dims={axis})",
    "astype": "{x}.to({out_dtype})",
    "tensordot": "torch.tensordot({x1}, {x2}, dims={axes})",
    "where": "torch.where({condition}, {x1}, {x2})",
    "take": "torch.index_select({x}, {axis}, {indices})",
    "zeros_like": "torch.zeros_like({x}, dtype={out_dtype})",
    "ones_like": "torch.ones_like({x}, dtype={out_dtype})",
    "full_like": "torch.full_like({x}, {fill_value}, dtype={out_dtype})",
    "zeros": "torch.zeros({shape}, dtype={out_dtype})",
    "ones": "torch.ones({shape}, dtype={out_dtype})",
    "full": "torch.full({shape}, {fill_value}, dtype={out_dtype})",
    "eye": _eye("torch", k_ok=False),
    "arange": _arange("torch.arange"),
    "asarray": "torch.as_tensor({obj}, dtype={out_dtype})",
    "clip": "torch.clamp({x}, {min}, {max})",
    "linalg.inv": "torch.linalg.inv({x})",
    "linalg.det": "torch.linalg.det({x})",
    "linalg.solve": "torch.linalg.solve({x1}, {x2})",
    "linalg.cholesky": "torch.linalg.cholesky({x})",
    "linalg.matrix_norm": _matrix_norm("torch.linalg.matrix_norm", "keepdim", axis=False),
    "linalg.vector_norm": "torch.linalg.vector_norm({x}, ord={ord}, dim={axis}, "
                          "keepdim={keepdims})",
    "get_item": _torch_get_item,
    "set_item": _set_item_copy("x.clone()"),
    "relu": "torch.relu({x})",
    "sigmoid": "torch.sigmoid({x})",
    "softmax": "torch.softmax({x}, dim={axis})",
    "log_softmax": "torch.log_softmax({x}, dim={axis})",
    "silu": "torch.nn.functional.silu({x})",
    "conv2d": _torch_conv2d,
    "linear": "torch.nn.functional.linear({x}, {weight}, {bias})",
    "cumulative_sum": _cumulative("torch.cumsum", "dim"),
    "cumulative_prod": _cumulative("torch.cumprod", "dim"),
    "gelu": _torch_gelu,
    "max_pool2d": _torch_max_pool2d,
})

_TF_CAST = "tf.cast({v}, {dt})"
TENSORFLOW: dict = {}
for _n in ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp",
           "expm1", "floor", "log", "log1p", "sign", "sin", "sinh", "sqrt", "square", "tan",
           "tanh", "logical_not", "negative"]:
    TENSORFLOW[_n] = f"tf.math.{_n}({{x}})"
TENSORFLOW.update({"isnan": "tf.math.is_nan({x})", "isinf": "tf.math.is_inf({x})",
                   "isfinite": "tf.math.is_finite({x})", "positive": "{x}"})
for _n, _f in {"add": "tf.math.add", "subtract": "tf.math.subtract",
               "multiply": "tf.math.multiply", "pow": "tf.math.pow",
               "maximum": "tf.math.maximum", "minimum": "tf.math.minimum",
               "equal": "tf.math.equal", "not_equal": "tf.math.not_equal",
               "less": "tf.math.less", "less_equal": "tf.math.less_equal",
               "greater": "tf.math.greater", "greater_equal": "tf.math.greater_equal",
               "logical_and": "tf.math.logical_and", "logical_or": "tf.math.logical_or",
               "atan2": "tf.math.atan2", "floor_divide": "tf.math.floordiv",
               "remainder": "tf.math.floormod", "matmul": "tf.linalg.matmul"}.items():
    TENSORFLOW[_n] = _binary(_f, _TF_CAST, "tf.constant({v}, dtype={dt})")
TENSORFLOW.update({
    "divide": _binary("tf.math.divide", _TF_CAST, "tf.constant({v}, dtype={dt})", to_out=True),
    "sum": _reduce("tf.math.reduce_sum", "axis", "keepdims", pre_cast=_TF_CAST),
    "prod": _reduce("tf.math.reduce_prod", "axis", "keepdims", pre_cast=_TF_CAST),
    "mean": _reduce("tf.math.reduce_mean", "axis", "keepdims", pre_cast=_TF_CAST),
    "max": _reduce("tf.math.reduce_max", "axis", "keepdims"),
    "min": _reduce("tf.math.reduce_min", "axis", "keepdims"),
    "all": _reduce("tf.math.reduce_all", "axis", "keepdims"),
    "any": _reduce("tf.math.reduce_any", "axis", "keepdims"),
    "std": _tf_std(False),
    "var": _tf_std(True),
    "matrix_transpose": "tf.linalg.matrix_transpose({x})",
    "permute_dims": "tf.transpose({x}, perm={axes})",
    "reshape": "tf.reshape({x}, {shape})",
    "expand_dims": "tf.expand_dims({x}, {axis})",
    "squeeze": "tf.squeeze({x}, {axis})",
    "concat": "tf.concat({arrays}, axis={axis})",
    "stack": "tf.stack({arrays}, axis={axis})",
    "astype": "tf.cast({x}, {out_dtype})",
    "tensordot": "tf.tensordot({x1}, {x2}, axes={axes})",
    "where": "tf.where({condition}, {x1}, {x2})",
    "take": "tf.gather({x}, {indices}, axis={axis})",
    "zeros_like": "tf.zeros_like({x}, dtype={out_dtype})",
    "ones_like": "tf.ones_like({x}, dtype={out_dtype})",
    "full_like": "tf.fill(tf.shape({x}), tf.constant({fill_value}, dtype={out_dtype}))",
    "zeros": "tf.zeros({shape}, dtype={out_dtype})",
    "ones": "tf.ones({shape}, dtype={out_dtype})",
    "full": "tf.fill({shape}, tf.constant({fill_value}, dtype={out_dtype}))",
    "eye": _eye("tf", k_ok=False),
    "arange": _arange("tf.range"),
    "asarray": "tf.constant({obj}, dtype={out_dtype})",
    "linalg.inv": "tf.linalg.inv({x})",
    "linalg.det": "tf.linalg.det({x})",
    "linalg.solve": "tf.linalg.solve({x1}, {x2})",
    "linalg.cholesky": "tf.linalg.cholesky({x})",
    "linalg.matrix_norm": _matrix_norm("tf.norm", "keepdims"),
    "get_item": _tf_get_item,
    "set_item": _tf_set_item,
    "relu": "tf.nn.relu({x})",
    "sigmoid": "tf.math.sigmoid({x})",
    "softmax": "tf.nn.softmax({x}, axis={axis})",
    "log_softmax": "tf.nn.log_softmax({x}, axis={axis})",
    "silu": "tf.nn.silu({x})",
    "conv2d": _tf_conv2d,
    "linear": _linear("tf.linalg.matmul({x}, {w}, transpose_b=True)"),
    "cumulative_sum": _cumulative("tf.math.cumsum", "axis", _TF_CAST, dtype_kw=False),
    "cumulative_prod": _cumulative("tf.math.cumprod", "axis", _TF_CAST, dtype_kw=False),
    "gelu": "tf.nn.gelu({x}, approximate={approximate})",
    "max_pool2d": _tf_max_pool2d,
})

# -- more entries: dtype-exact forms of what the backends decide at run time -----------------------

_CASTS = {"numpy": "{v}.astype({dt})", "jax": "{v}.astype({dt})", "torch": "{v}.to({dt})",
          "tensorflow": "tf.cast({v}, {dt})"}


def _cast_out(c: Ctx, expr: str, have: str) -> str:
    """``expr`` (of dtype ``have``) cast to the traced output dtype if that differs."""
    if have == c.out_dtype:
        return expr
    return _CASTS[c.src.target].format(v=expr, dt=c.dt(c.out_dtype))


def _cast_to(c: Ctx, k: str, want: str) -> str:
    d = c.dtype_of(k)
    if d is None or d == want:
        return c[k]
    return _CASTS[c.src.target].format(v=c[k], dt=c.dt(want))


def _out_tuple(c: Ctx, expr: str, have: str) -> str:
    """A tuple result whose arrays all have dtype ``have``, cast to the traced output dtypes."""
    if all(d == have for _, d in c.node.outputs):
        return expr
    dt = c.dt(c.node.outputs[0][1])
    return "tuple(" + _CASTS[c.src.target].format(v="_a", dt=dt) + f" for _a in {expr})"


_NP_ARGSORT_DESC = """def _argsort_desc(x, axis):
    n = x.shape[axis]
    return n - 1 - np.flip(np.argsort(np.flip(x, axis), axis=axis, stable=True), axis)
"""


def _np_argsort(c: Ctx) -> str:
    if c.raw["descending"]:
        e = f"{c.helper('_argsort_desc', _NP_ARGSORT_DESC)}({c['x']}, {c['axis']})"
    else:
        e = f"np.argsort({c['x']}, axis={c['axis']}, stable=True)"
    return _cast_out(c, e, "int64")


def _np_sort(ns: str):
    def f(c: Ctx) -> str:
        e = f"{ns}.sort({c['x']}, axis={c['axis']}, stable=True)"
        return f"{ns}.flip({e}, axis={c['axis']})" if c.raw["descending"] else e
    return f


def _arg_minmax(target: str, fn: str):
    def f(c: Ctx) -> str:
        x, axis = c["x"], c.raw["axis"]
        if target == "torch":
            e = f"{fn}({x})" if axis is None else \
                f"{fn}({x}, dim={axis}, keepdim={c.raw['keepdims']})"
        else:
            if axis is None:
                x, axis = f"tf.reshape({x}, [-1])", 0
            e = f"{fn}({x}, axis={axis}, output_type=tf.int64)"
        if c.raw["keepdims"] and (axis is None or target == "tensorflow"):
            e = f"{e}.reshape({c.out_shape})" if target == "torch" else \
                f"tf.reshape({e}, {list(c.out_shape)})"
        return _cast_out(c, e, "int64")
    return f


def _searchsorted(target: str):
    def f(c: Ctx) -> str:
        x1, x2, side, sorter = c["x1"], c["x2"], c.raw["side"], c.raw["sorter"]
        if c.dtype_of("x2") is None:
            x2 = {"numpy": "np.asarray({v}, dtype={dt})", "jax": "jnp.asarray({v}, dtype={dt})",
                  "torch": "torch.tensor({v}, dtype={dt})",
                  "tensorflow": "tf.constant({v}, dtype={dt})"}[target].format(
                v=x2, dt=c.dt(c.dtype_of("x1")))
        elif c.dtype_of("x1") != c.dtype_of("x2"):
            d = c.promoted("x1", "x2")
            x1, x2 = _cast_to(c, "x1", d), _cast_to(c, "x2", d)
        if target in ("numpy", "jax"):
            ns = "np" if target == "numpy" else "jnp"
            return _cast_out(c, f"{ns}.searchsorted({x1}, {x2}, side={side!r}, "
                                f"sorter={c['sorter']})", "int64" if ns == "np" else "")
        if target == "torch":
            return _cast_out(c, f"torch.searchsorted({x1}, {x2}, side={side!r}, "
                                f"sorter={c['sorter']})", "int64")
        if sorter is not None:
            x1 = f"tf.gather({x1}, {c['sorter']})"
        return (f"tf.reshape(tf.searchsorted({x1}, tf.reshape({x2}, [-1]), side={side!r}, "
                f"out_type={c.dt(c.out_dtype)}), {list(c.out_shape)})")
    return f


def _one_hot(ns: str):
    def f(c: Ctx) -> str:
        dt = c.dt(c.out_dtype)
        idx = c["indices"]
        if ns == "torch":
            e = (f"torch.where(torch.unsqueeze({idx}, -1) == torch.arange({c['depth']}, "
                 f"dtype={idx}.dtype), torch.tensor({c['on_value']}, dtype={dt}), "
                 f"torch.tensor({c['off_value']}, dtype={dt}))")
            move = "torch.movedim"
        else:
            e = (f"{ns}.where({ns}.expand_dims({idx}, -1) == {ns}.arange({c['depth']}, "
                 f"dtype={idx}.dtype), {ns}.asarray({c['on_value']}, dtype={dt}), "
                 f"{ns}.asarray({c['off_value']}, dtype={dt}))")
            move = f"{ns}.moveaxis"
        axis = c.raw["axis"]
        if axis not in (-1, len(c.out_shape) - 1):
            e = f"{move}({e}, -1, {axis})"
        return e
    return f


def _trace(target: str):
    def f(c: Ctx) -> str:
        x, o, dt = c["x"], c["offset"], c.dt(c.out_dtype)
        if target in ("numpy", "jax"):
            ns = "np" if target == "numpy" else "jnp"
            return f"{ns}.trace({x}, offset={o}, axis1=-2, axis2=-1, dtype={dt})"
        if target == "torch":
            return f"torch.sum(torch.diagonal({x}, offset={o}, dim1=-2, dim2=-1), -1, dtype={dt})"
        return f"tf.reduce_sum(tf.cast(tf.linalg.diag_part({x}, k={o}), {dt}), axis=-1)"
    return f


_RANK = {
    "numpy": "def _matrix_rank(x, rtol):\n"
             "    s = np.linalg.svd(x, compute_uv=False)\n"
             "    return np.sum(s > rtol * np.max(s, axis=-1, keepdims=True), axis=-1)\n",
    "jax": "def _matrix_rank(x, rtol):\n"
           "    s = jnp.linalg.svd(x, compute_uv=False)\n"
           "    return jnp.sum(s > rtol * jnp.max(s, axis=-1, keepdims=True), axis=-1)\n",
    "torch": "def _matrix_rank(x, rtol):\n"
             "    s = torch.linalg.svdvals(x)\n"
             "    return torch.sum(s > rtol * torch.amax(s, dim=-1, keepdim=True), dim=-1)\n",
    "tensorflow": "def _matrix_rank(x, rtol):\n"
                  "    s = tf.linalg.svd(x, compute_uv=False)\n"
                  "    return tf.reduce_sum(tf.cast(s > rtol * tf.reduce_max(s, axis=-1, "
                  "keepdims=True), tf.int64), axis=-1)\n",
}


def _matrix_rank(c: Ctx) -> str:
    """rank = number of singular values > rtol * largest; rtol defaults to max(M, N) * eps."""
    shape = c.shape_of("x")
    if c.raw["rtol"] is None:
        eps = float(np.finfo(np.dtype(c.dtype_of("x").replace("complex128", "float64")
                                      .replace("complex64", "float32"))).eps)
        rtol = repr(max(shape[-2:]) * eps)
    elif c.dtype_of("rtol") is not None:
        rtol = f"{c['rtol']}[..., None]"
    else:
        rtol = c["rtol"]
    h = c.helper("_matrix_rank", _RANK[c.src.target])
    return _cast_out(c, f"{h}({c['x']}, {rtol})", "int64")


def _linspace(target: str):
    def f(c: Ctx) -> str:
        dt = c.dt(c.out_dtype)
        num, endpoint = c.raw["num"], c.raw["endpoint"]
        a, b = c["start"], c["stop"]
        if target in ("numpy", "jax"):
            ns = "np" if target == "numpy" else "jnp"
            return f"{ns}.linspace({a}, {b}, {num}, endpoint={endpoint}, dtype={dt})"
        n = num if endpoint else num + 1
        if target == "torch":
            cdt = "torch.complex128" if "complex" in c.out_dtype else "torch.float64"
            e = f"torch.linspace({a}, {b}, {n}, dtype={cdt})"
        else:
            cdt = "tf.complex128" if "complex" in c.out_dtype else "tf.float64"
            e = f"tf.linspace(tf.constant({a}, {cdt}), tf.constant({b}, {cdt}), {n})"
        if not endpoint:
            e = f"{e}[:-1]"
        return _CASTS[target].format(v=e, dt=dt)
    return f


def _freq(kind: str):
    """fftfreq / rfftfreq: static arguments, written as the values in the traced dtype."""
    def f(c: Ctx) -> str:
        n, d = c.raw["n"], c.raw["d"]
        vals = (np.fft.fftfreq if kind == "fftfreq" else np.fft.rfftfreq)(n, d=d)
        vals = vals.astype(np.dtype(c.out_dtype)).tolist()
        from .source import _ARRAY_FN

        return f"{_ARRAY_FN[c.src.target]}({vals!r}, dtype={c.dt(c.out_dtype)})"
    return f


def _cumulative_full(target: str, fn: str, axis_kw: str, init: str):
    """cumulative_sum / cumulative_prod in the traced dtype, with include_initial."""
    def f(c: Ctx) -> str:
        axis = c.raw["axis"]
        axis = 0 if axis is None else axis
        x = c["x"]
        dt = c.dt(c.out_dtype)
        if c.dtype_of("x") != c.out_dtype:
            x = _CASTS[target].format(v=x, dt=dt)
        e = f"{fn}({x}, {axis_kw}={axis})"
        if target != "tensorflow":
            e = f"{fn}({x}, {axis_kw}={axis}, dtype={dt})"
        if not c.raw.get("include_initial"):
            return e
        shape = list(c.out_shape)
        shape[axis] = 1
        first = {"numpy": f"np.{init}({tuple(shape)}, dtype={dt})",
                 "jax": f"jnp.{init}({tuple(shape)}, dtype={dt})",
                 "torch": f"torch.{init}({tuple(shape)}, dtype={dt})",
                 "tensorflow": f"tf.{init}({shape}, dtype={dt})"}[target]
        cat = {"numpy": "np.concatenate", "jax": "jnp.concatenate", "torch": "torch.cat",
               "tensorflow": "tf.concat"}[target]
        kw = "dim" if target == "torch" else "axis"
        return f"{cat}([{first}, {e}], {kw}={axis})"
    return f


def _static_pads(c: Ctx, nd: int, kernel, strides, dilations=None):
    from ..functional.backends import _numpy_like_nn as g

    cl = g.channel_last(c.raw["data_format"])
    shape = c.shape_of("x")
    sp = tuple(shape[1:-1]) if cl else tuple(shape[2:])
    ks = g.ntuple(kernel, nd, "kernel")
    s = ks if strides is None else g.ntuple(strides, nd, "strides")
    d = (1,) * nd if dilations is None else g.ntuple(dilations, nd, "dilations")
    return cl, sp, ks, s, d, g.conv_pads(c.raw["padding"], sp, ks, s, d)


def _max_pool(target: str, nd: int):
    def f(c: Ctx) -> str:
        cl, sp, ks, s, _, pads = _static_pads(c, nd, c.raw["kernel"], c.raw["strides"])
        x = c["x"]
        low = "-float('inf')" if c.dtype_of("x").startswith(("float", "bfloat")) else None
        if low is None:
            raise Unsupported("max pooling of integer arrays")
        if target == "torch":
            if cl:
                x = f"torch.movedim({x}, -1, 1)"
            flat = [p for lo_hi in reversed(pads) for p in lo_hi]
            if any(flat):
                x = f"torch.nn.functional.pad({x}, {flat}, value={low})"
            e = f"torch.nn.functional.max_pool{nd}d({x}, kernel_size={ks}, stride={s})"
            return f"torch.movedim({e}, 1, -1)" if cl else e
        if not cl:
            x = {"numpy": f"np.moveaxis({x}, 1, -1)", "jax": f"jnp.moveaxis({x}, 1, -1)",
                 "tensorflow": f"tf.experimental.numpy.moveaxis({x}, 1, -1)"}[target]
        full = [(0, 0), *pads, (0, 0)]
        if target == "numpy":
            if any(p != (0, 0) for p in pads):
                x = f"np.pad({x}, {full}, constant_values={low})"
            sl = ", ".join(f"::{st}" for st in s)
            axes = tuple(range(1, nd + 1))
            e = (f"np.lib.stride_tricks.sliding_window_view({x}, {ks}, axis={axes})"
                 f"[:, {sl}].max(axis={tuple(range(-nd, 0))})")
        elif target == "jax":
            e = (f"jax.lax.reduce_window({x}, -jnp.inf, jax.lax.max, {(1, *ks, 1)}, "
                 f"{(1, *s, 1)}, {full})")
        else:
            if any(p != (0, 0) for p in pads):
                x = f"tf.pad({x}, {full}, constant_values={low})"
            e = (f"tf.nn.pool({x}, window_shape={list(ks)}, pooling_type='MAX', "
                 f"strides={list(s)}, padding='VALID')")
        if not cl:
            e = {"numpy": f"np.moveaxis({e}, -1, 1)", "jax": f"jnp.moveaxis({e}, -1, 1)",
                 "tensorflow": f"tf.experimental.numpy.moveaxis({e}, -1, 1)"}[target]
        return e
    return f


def _avg_pool(target: str, nd: int):
    """Average of the real cells in each window (or of all cells with count_include_pad)."""
    def f(c: Ctx) -> str:
        from ..functional.backends import _numpy_like_nn as g

        cl, sp, ks, s, _, pads = _static_pads(c, nd, c.raw["kernel"], c.raw["strides"])
        x = c["x"]
        dt = c.dt(c.dtype_of("x"))
        padded = any(p != (0, 0) for p in pads)
        scale = None
        if padded and not c.raw["count_include_pad"]:
            counts = g.pool_counts(sp, ks, s, pads)
            scale = (float(np.prod(ks)) / counts).tolist()
        if target == "torch":
            if cl:
                x = f"torch.movedim({x}, -1, 1)"
            if padded:
                x = f"torch.nn.functional.pad({x}, {[p for q in reversed(pads) for p in q]})"
            e = f"torch.nn.functional.avg_pool{nd}d({x}, kernel_size={ks}, stride={s})"
            if scale is not None:
                e = f"({e} * torch.tensor({scale}, dtype={dt}))"
            return f"torch.movedim({e}, 1, -1)" if cl else e
        mv = {"numpy": "np.moveaxis", "jax": "jnp.moveaxis",
              "tensorflow": "tf.experimental.numpy.moveaxis"}[target]
        if not cl:
            x = f"{mv}({x}, 1, -1)"
        full = [(0, 0), *pads, (0, 0)]
        if target == "tensorflow":
            if padded:
                x = f"tf.pad({x}, {full})"
            e = (f"tf.nn.pool({x}, window_shape={list(ks)}, pooling_type='AVG', "
                 f"strides={list(s)}, padding='VALID')")
            if scale is not None:
                e = f"({e} * tf.constant({scale}, dtype={dt})[..., None])"
        else:
            ns = "np" if target == "numpy" else "jnp"
            if padded:
                x = f"{ns}.pad({x}, {full})"
            if target == "numpy":
                sl = ", ".join(f"::{st}" for st in s)
                e = (f"np.lib.stride_tricks.sliding_window_view({x}, {ks}, "
                     f"axis={tuple(range(1, nd + 1))})[:, {sl}].mean(axis="
                     f"{tuple(range(-nd, 0))}, dtype={dt})")
            else:
                e = (f"(jax.lax.reduce_window({x}, jnp.zeros((), {dt}), jax.lax.add, "
                     f"{(1, *ks, 1)}, {(1, *s, 1)}, 'VALID') / {float(np.prod(ks))!r})")
            if scale is not None:
                e = f"({e} * {ns}.asarray({scale}, dtype={dt})[..., None])"
        return f"{mv}({e}, -1, 1)" if not cl else e
    return f


def _conv_geometry(c: Ctx, nd: int):
    """The traced layout and sizes of a (transposed) convolution: the shared NN helpers module,
    channel-last input?, channel-last filters?, kernel size, spatial size, strides, dilations."""
    from ..functional.backends import _numpy_like_nn as g

    cl = g.channel_last(c.raw["data_format"])
    fcl = g.channel_last(c.raw["filter_format"])
    fshape = c.shape_of("filters")
    ks = tuple(fshape[:nd]) if fcl else tuple(fshape[2:])
    shape = c.shape_of("x")
    sp = tuple(shape[1:-1]) if cl else tuple(shape[2:])
    s = g.ntuple(c.raw["strides"], nd, "strides")
    d = g.ntuple(c.raw["dilations"], nd, "dilations")
    return g, cl, fcl, ks, sp, s, d


def _conv(target: str, nd: int):
    def f(c: Ctx) -> str:
        g, cl, fcl, ks, sp, s, d = _conv_geometry(c, nd)
        pads = g.conv_pads(c.raw["padding"], sp, ks, s, d)
        groups = c.raw["groups"]
        x, w = c["x"], c["filters"]
        bias = c.raw["bias"]
        if target == "torch":
            if cl:
                x = f"torch.movedim({x}, -1, 1)"
            if fcl:  # (*k, I, O) -> (O, I, *k)
                w = f"{w}.permute({(nd + 1, nd, *range(nd))})"
            flat = [p for q in reversed(pads) for p in q]
            if any(flat):
                x = f"torch.nn.functional.pad({x}, {flat})"
            e = (f"torch.nn.functional.conv{nd}d({x}, {w}, {c['bias']}, stride={s}, "
                 f"dilation={d}, groups={groups})")
            return f"torch.movedim({e}, 1, -1)" if cl else e
        if target != "tensorflow":
            raise Unsupported("no table entry")
        mv = "tf.experimental.numpy.moveaxis"
        if not cl:
            x = f"{mv}({x}, 1, -1)"
        if not fcl:
            w = f"tf.transpose({w}, {[*range(2, nd + 2), 1, 0]})"
        if any(p != (0, 0) for p in pads):
            x = f"tf.pad({x}, {[(0, 0), *pads, (0, 0)]})"
        e = (f"tf.nn.convolution({x}, {w}, strides={list(s)}, padding='VALID', "
             f"dilations={list(d)})")
        if groups != 1:  # one convolution per group (TensorFlow's CPU kernels have no groups)
            e = (f"tf.concat([tf.nn.convolution(_xg, _wg, strides={list(s)}, padding='VALID', "
                 f"dilations={list(d)}) for _xg, _wg in zip(tf.split({x}, {groups}, axis=-1), "
                 f"tf.split({w}, {groups}, axis=-1))], axis=-1)")
        if bias is not None:
            e = f"({e} + {c['bias']})"
        return f"{mv}({e}, -1, 1)" if not cl else e
    return f


def _conv_transpose(target: str, nd: int):
    """The full transposed convolution (no padding), then the crops Ivy's padding implies."""
    def f(c: Ctx) -> str:
        g, cl, fcl, ks, sp, s, d = _conv_geometry(c, nd)
        crops = g.transpose_conv_crops(c.raw["padding"], sp, ks, s, d, c.raw["output_padding"])
        groups = c.raw["groups"]
        x, w = c["x"], c["filters"]
        if target == "torch":
            if cl:
                x = f"torch.movedim({x}, -1, 1)"
            # Ivy's (*k, out/g, in) (channel-last) or (in, out/g, *k): torch wants (in, out/g, *k)
            if fcl:
                w = f"{w}.permute({(nd + 1, nd, *range(nd))})"
            e = (f"torch.nn.functional.conv_transpose{nd}d({x}, {w}, {c['bias']}, stride={s}, "
                 f"groups={groups}, dilation={d})")
            flat = [-p for q in reversed(crops) for p in q]
            if any(flat):
                e = f"torch.nn.functional.pad({e}, {flat})"
            return f"torch.movedim({e}, 1, -1)" if cl else e
        if target != "tensorflow":
            raise Unsupported("no table entry")
        if groups != 1:
            raise Unsupported("grouped transposed convolution")
        if any(dd != 1 for dd in d) and any(st != 1 for st in s):
            raise Unsupported("TensorFlow's conv_transpose has no dilation with strides")
        mv = "tf.experimental.numpy.moveaxis"
        if not cl:
            x = f"{mv}({x}, 1, -1)"
        if not fcl:  # (in, out/g, *k) -> (*k, out, in)
            w = f"tf.transpose({w}, {[*range(2, nd + 2), 1, 0]})"
        fshape = c.shape_of("filters")
        out_ch = fshape[nd] if fcl else fshape[1]
        full = [c.shape_of("x")[0]] + [(i - 1) * st + dd * (k - 1) + 1
                             for i, st, dd, k in zip(sp, s, d, ks, strict=True)] + [out_ch]
        e = (f"tf.nn.conv_transpose({x}, {w}, {full}, strides={list(s)}, padding='VALID', "
             f"dilations={list(d)})")
        sl, pad = [], []
        for lo, hi in crops:
            sl.append(f"{max(lo, 0)}:{-hi if hi > 0 else ''}")
            pad.append((max(-lo, 0), max(-hi, 0)))
        if any(x != ":" for x in sl):
            e = f"{e}[:, {', '.join(sl)}, :]"
        if any(p != (0, 0) for p in pad):
            e = f"tf.pad({e}, {[(0, 0), *pad, (0, 0)]})"
        if c.raw["bias"] is not None:
            e = f"({e} + {c['bias']})"
        return f"{mv}({e}, -1, 1)" if not cl else e
    return f


def _torch_adaptive_avg_pool2d(c: Ctx) -> str:
    from ..functional.backends import _numpy_like_nn as g

    cl = g.channel_last(c.raw["data_format"])
    size = g.ntuple(c.raw["output_size"], 2, "output_size")
    x = f"torch.movedim({c['x']}, -1, 1)" if cl else c["x"]
    e = f"torch.nn.functional.adaptive_avg_pool2d({x}, {size})"
    return f"torch.movedim({e}, 1, -1)" if cl else e


def _torch_interpolate(c: Ctx) -> str:
    from ..functional.backends import _numpy_like_nn as g

    cl = g.channel_last(c.raw["data_format"])
    nd = len(c.shape_of("x")) - 2
    size = g.ntuple(c.raw["size"], nd, "size")
    mode = c.raw["mode"]
    mode = {"linear": ["linear", "bilinear", "trilinear"][nd - 1],
            "bilinear": ["linear", "bilinear", "trilinear"][nd - 1],
            "trilinear": ["linear", "bilinear", "trilinear"][nd - 1]}.get(mode, mode)
    x = f"torch.movedim({c['x']}, -1, 1)" if cl else c["x"]
    ac = "" if mode == "nearest" else f", align_corners={c.raw['align_corners']}"
    e = f"torch.nn.functional.interpolate({x}, size={size}, mode={mode!r}{ac})"
    return f"torch.movedim({e}, 1, -1)" if cl else e


def _torch_pad(c: Ctx) -> str:
    from ..functional.backends import _numpy_like_nn as g

    shape = c.shape_of("x")
    pw = g.normalize_pad_width(c.raw["pad_width"], len(shape))
    mode = c.raw["mode"]
    if mode == "constant":
        flat = [p for q in reversed(pw) for p in q]
        return f"torch.nn.functional.pad({c['x']}, {flat}, value={c['constant_values']})"
    e = c["x"]
    cur = list(shape)
    for a, (lo, hi) in enumerate(pw):
        if lo or hi:  # the source index of every position, computed now
            idx = g.pad_index(cur[a], lo, hi, mode).tolist()
            e = f"torch.index_select({e}, {a}, torch.tensor({idx}))"
            cur[a] += lo + hi
    return e


_TORCH_SCATTER_ND = """def _scatter_nd(indices, updates, shape, reduction, out):
    res = torch.zeros(shape, dtype=updates.dtype) if out is None else out.clone()
    k = indices.shape[-1]
    flat_res = res.reshape(-1, *res.shape[k:])
    strides = [1] * k
    for i in range(k - 2, -1, -1):
        strides[i] = strides[i + 1] * res.shape[i + 1]
    flat = (indices.reshape(-1, k).to(torch.int64) * torch.tensor(strides)).sum(-1)
    upd = updates.reshape(-1, *res.shape[k:])
    if reduction == "replace":
        flat_res[flat] = upd
    elif reduction == "sum":
        flat_res.index_add_(0, flat, upd)
    else:
        idx = flat.reshape(-1, *([1] * (upd.dim() - 1))).expand_as(upd)
        flat_res.scatter_reduce_(0, idx, upd, "amax" if reduction == "max" else "amin")
    return flat_res.reshape(res.shape)
"""


def _torch_scatter_nd(c: Ctx) -> str:
    h = c.helper("_scatter_nd", _TORCH_SCATTER_ND)
    shape = c.raw["shape"]
    return (f"{h}({c['indices']}, {c['updates']}, {tuple(shape) if shape is not None else None}, "
            f"{c['reduction']}, {c['out']})")


def _eye_any_k(target: str):
    def f(c: Ctx) -> str:
        n = c.raw["n_rows"]
        m = c.raw["n_cols"] if c.raw["n_cols"] is not None else n
        k = c.raw["k"]
        dt = c.dt(c.out_dtype)
        if target == "torch":
            if not k:
                return f"torch.eye({n}, {m}, dtype={dt})"
            return (f"(torch.arange({m})[None, :] - torch.arange({n})[:, None] == {k})"
                    f".to({dt})")
        if not k:
            return f"tf.eye({n}, num_columns={m}, dtype={dt})"
        return f"tf.cast(tf.range({m})[None, :] - tf.range({n})[:, None] == {k}, {dt})"
    return f


def _torch_flip(c: Ctx) -> str:
    axis = c.raw["axis"]
    if axis is None:
        axis = tuple(range(len(c.shape_of("x"))))
    elif isinstance(axis, int):
        axis = (axis,)
    return f"torch.flip({c['x']}, dims={tuple(axis)})"


def _expand_dims(target: str):
    def f(c: Ctx) -> str:
        axis = c.raw["axis"]
        if isinstance(axis, int):
            fn = "torch.unsqueeze" if target == "torch" else "tf.expand_dims"
            return f"{fn}({c['x']}, {axis})"
        fn = "torch.reshape" if target == "torch" else "tf.reshape"
        return f"{fn}({c['x']}, {c.out_shape if target == 'torch' else list(c.out_shape)})"
    return f


def _concat(target: str):
    def f(c: Ctx) -> str:
        arrays = c.raw["arrays"]
        dts = [c.src.g.nodes[a.node].outputs[a.index][1] for a in arrays]
        want = c.out_dtype
        parts = [c.src.expr(a) if d == want else _CASTS[target].format(v=c.src.expr(a),
                                                                     dt=c.dt(want))
                 for a, d in zip(arrays, dts, strict=True)]
        if c.raw["axis"] is None:
            parts = [f"torch.reshape({p}, (-1,))" if target == "torch" else
                     f"tf.reshape({p}, [-1])" for p in parts]
            axis = 0
        else:
            axis = c.raw["axis"]
        fn = "torch.cat" if target == "torch" else "tf.concat"
        kw = "dim" if target == "torch" else "axis"
        return f"{fn}([{', '.join(parts)}], {kw}={axis})"
    return f


def _torch_take(c: Ctx) -> str:
    if c.raw["axis"] is None:
        return f"torch.take({c['x']}, {c['indices']})"
    return f"torch.index_select({c['x']}, {c['axis']}, {c['indices']})"


def _np_gelu(c: Ctx) -> str:
    if c.raw["approximate"]:
        return (f"(0.5 * {c['x']} * (1 + np.tanh(({c['x']} + 0.044715 * {c['x']} ** 3) * "
                f"{float(np.sqrt(2 / np.pi))!r}))).astype({c.dt(c.out_dtype)})")
    c.src.imports.append("import math")
    h = c.helper("_erf", "_erf = np.vectorize(math.erf, otypes=[np.float64])\n")
    return (f"(0.5 * {c['x']} * (1 + {h}({c['x']} * {float(1 / np.sqrt(2))!r})))"
            f".astype({c.dt(c.out_dtype)})")


def _torch_unique(kind: str):
    def f(c: Ctx) -> str:
        h = c.helper("_unique_all", _TORCH_UNIQUE)
        e = f"{h}({c['x']})"
        pick = {"all": "", "counts": "[0::3]", "inverse": "[0:3:2]", "values": "[0]"}[kind]
        return _out_tuple(c, e + pick, "int64") if kind != "values" else e + pick
    return f


_TORCH_UNIQUE = """def _unique_all(x):
    values, inverse, counts = torch.unique(x, sorted=True, return_inverse=True,
                                           return_counts=True)
    n = x.numel()
    first = torch.full((values.shape[0],), n, dtype=torch.int64)
    first = first.scatter_reduce(0, inverse.reshape(-1), torch.arange(n), "amin")
    return values, first, inverse.reshape(x.shape), counts
"""

_TF_UNIQUE = """def _unique_all(x):
    flat = tf.reshape(x, [-1])
    y, idx = tf.unique(flat, out_idx=tf.int64)
    order = tf.argsort(y, stable=True)
    values = tf.gather(y, order)
    rank = tf.argsort(order, stable=True)
    inverse = tf.gather(tf.cast(rank, tf.int64), idx)
    k = tf.shape(values, out_type=tf.int64)[0]
    counts = tf.math.unsorted_segment_sum(tf.ones_like(inverse), inverse, k)
    first = tf.math.unsorted_segment_min(tf.range(tf.size(flat, out_type=tf.int64)), inverse, k)
    return values, first, tf.reshape(inverse, tf.shape(x)), counts
"""


def _tf_unique(kind: str):
    def f(c: Ctx) -> str:
        h = c.helper("_unique_all", _TF_UNIQUE)
        pick = {"all": "", "counts": "[0::3]", "inverse": "[0:3:2]", "values": "[0]"}[kind]
        e = f"{h}({c['x']}){pick}"
        return _out_tuple(c, e, "int64") if kind != "values" else e
    return f


def _tf_isin(c: Ctx) -> str:
    d = c.promoted("x1", "x2") if c.dtype_of("x2") is not None else c.dtype_of("x1")
    x1, x2 = _cast_to(c, "x1", d), _cast_to(c, "x2", d)
    if c.dtype_of("x2") is None:
        x2 = f"tf.constant({c['x2']}, dtype={c.dt(d)})"
    e = f"tf.reduce_any(tf.equal(tf.expand_dims({x1}, -1), tf.reshape({x2}, [-1])), axis=-1)"
    return f"tf.logical_not({e})" if c.raw["invert"] else e


def _tf_sort(c: Ctx) -> str:
    direction = "'DESCENDING'" if c.raw["descending"] else "'ASCENDING'"
    return f"tf.sort({c['x']}, axis={c['axis']}, direction={direction})"


def _tf_argsort(c: Ctx) -> str:
    direction = "'DESCENDING'" if c.raw["descending"] else "'ASCENDING'"
    return _cast_out(c, f"tf.argsort({c['x']}, axis={c['axis']}, direction={direction}, "
                        f"stable=True)", "int32")


def _tf_matrix_norm(c: Ctx) -> str:
    o, x = c.raw["ord"], c["x"]
    if o in ("fro", 1, np.inf):
        e = f"tf.norm({x}, ord={c['ord']}, axis=[-2, -1])"
    elif o == "nuc":
        e = f"tf.reduce_sum(tf.linalg.svd({x}, compute_uv=False), axis=-1)"
    elif o in (2, -2):
        red = "tf.reduce_max" if o == 2 else "tf.reduce_min"
        e = f"{red}(tf.linalg.svd({x}, compute_uv=False), axis=-1)"
    elif o in (-1, -np.inf):
        ax = -2 if o == -1 else -1
        e = f"tf.reduce_min(tf.reduce_sum(tf.abs({x}), axis={ax}), axis=-1)"
    else:
        raise Unsupported(f"matrix_norm ord={o!r}")
    if c.raw["keepdims"]:
        e = f"tf.reshape({e}, {list(c.out_shape)})"
    return _cast_out(c, e, c.dtype_of("x").replace("complex128", "float64")
                     .replace("complex64", "float32"))


def _tf_take_along_axis(c: Ctx) -> str:
    return (f"tf.experimental.numpy.take_along_axis({c['x']}, {c['indices']}, "
            f"axis={c['axis']})")


def _tf_broadcast_arrays(c: Ctx) -> str:
    shapes = [list(s) for s, _ in c.node.outputs]
    arrays = c.raw["arrays"]
    return "(" + ", ".join(f"tf.broadcast_to({c.src.expr(a)}, {s})"
                           for a, s in zip(arrays, shapes, strict=True)) + ",)"


def _tf_cholesky(c: Ctx) -> str:
    e = f"tf.linalg.cholesky({c['x']})"
    return f"tf.linalg.adjoint({e})" if c.raw["upper"] else e


def _np_slogdet(c: Ctx) -> str:
    return f"tuple(np.asarray(_a) for _a in np.linalg.slogdet({c['x']}))"


def _tf_any(c: Ctx) -> str:
    x = c["x"] if c.dtype_of("x") == "bool" else f"tf.not_equal({c['x']}, 0)"
    ax = c["axis"] if c.raw["axis"] is not None else None
    return f"tf.reduce_any({x}, axis={ax}, keepdims={c['keepdims']})"


def _tf_all(c: Ctx) -> str:
    x = c["x"] if c.dtype_of("x") == "bool" else f"tf.not_equal({c['x']}, 0)"
    ax = c["axis"] if c.raw["axis"] is not None else None
    return f"tf.reduce_all({x}, axis={ax}, keepdims={c['keepdims']})"


def _tf_set_item_mask(c: Ctx) -> str:
    key = c.raw["key"]
    if key.__class__ is Ref and c.dtype_of("key") == "bool":
        v = f"tf.cast({c['value']}, {c.dt(c.dtype_of('x'))})"
        return f"tf.where({c['key']}, {v}, {c['x']})"
    return _tf_set_item(c)


def _torch_binary_promoted(fn: str):
    return _binary(fn, _T_CAST, _T_SCALAR)


def _torch_diff(c: Ctx) -> str:
    d = c.out_dtype
    parts = [f"n={c['n']}", f"dim={c['axis']}"]
    for k in ("prepend", "append"):
        if c.raw[k] is not None:
            parts.append(f"{k}={_cast_to(c, k, d)}")
    return f"torch.diff({_cast_to(c, 'x', d)}, {', '.join(parts)})"


def _torch_vecdot(c: Ctx) -> str:
    d = c.out_dtype
    return f"torch.linalg.vecdot({_cast_to(c, 'x1', d)}, {_cast_to(c, 'x2', d)}, dim={c['axis']})"


def _torch_isin(c: Ctx) -> str:
    if c.dtype_of("x1") is not None and c.dtype_of("x2") is not None and \
            c.dtype_of("x1") != c.dtype_of("x2"):
        d = c.promoted("x1", "x2")
        return (f"torch.isin({_cast_to(c, 'x1', d)}, {_cast_to(c, 'x2', d)}, "
                f"invert={c['invert']})")
    return f"torch.isin({c['x1']}, {c['x2']}, invert={c['invert']})"


def _dropout(target: str):
    def f(c: Ctx) -> str:
        if not c.raw["training"] or c.raw["prob"] == 0:
            return c["x"]
        return None  # the backend's own function (its random state becomes the output's)
    return f


for _t, _tab in (("numpy", NUMPY), ("jax", JAX), ("torch", TORCH), ("tensorflow", TENSORFLOW)):
    _tab.update({
        "linalg.trace": _trace(_t),
        "linalg.matrix_rank": _matrix_rank,
        "linspace": _linspace(_t),
        "fft.fftfreq": _freq("fftfreq"),
        "fft.rfftfreq": _freq("rfftfreq"),
        "dropout": _dropout(_t),
        "max_pool1d": _max_pool(_t, 1),
        "max_pool2d": _max_pool(_t, 2),
        "max_pool3d": _max_pool(_t, 3),
        "avg_pool1d": _avg_pool(_t, 1),
        "avg_pool2d": _avg_pool(_t, 2),
        "avg_pool3d": _avg_pool(_t, 3),
    })
for _ns, _tab in (("np", NUMPY), ("jnp", JAX)):
    _t = "numpy" if _ns == "np" else "jax"
    _tab.update({
        "one_hot": _one_hot(_ns),
        "count_nonzero": f"{_ns}.asarray({_ns}.count_nonzero({{x}}, axis={{axis}}, "
                         f"keepdims={{keepdims}}), dtype={{out_dtype}})",
        "searchsorted": _searchsorted(_t),
        "sort": _np_sort(_ns),
        "cumulative_sum": _cumulative_full(_t, f"{_ns}.cumsum", "axis", "zeros"),
        "cumulative_prod": _cumulative_full(_t, f"{_ns}.cumprod", "axis", "ones"),
        "unique_values": f"{_ns}.unique_values({{x}})",
        "unique_counts": f"tuple({_ns}.unique_counts({{x}}))",
        "unique_inverse": f"tuple({_ns}.unique_inverse({{x}}))",
        "unique_all": f"tuple({_ns}.unique_all({{x}}))",
    })
NUMPY.update({
    "argsort": _np_argsort,
    "gelu": _np_gelu,
    "linalg.slogdet": _np_slogdet,
})
JAX.update({
    "argsort": lambda c: _cast_out(c, f"jnp.argsort({c['x']}, axis={c['axis']}, stable=True, "
                                      f"descending={c['descending']})", "int64"),
})
TORCH.update({
    "argsort": lambda c: _cast_out(c, f"torch.argsort({c['x']}, dim={c['axis']}, "
                                      f"descending={c['descending']}, stable=True)", "int64"),
    "sort": lambda c: (f"torch.sort({c['x']}, dim={c['axis']}, descending={c['descending']}, "
                       f"stable=True).values"),
    "argmax": _arg_minmax("torch", "torch.argmax"),
    "argmin": _arg_minmax("torch", "torch.argmin"),
    "count_nonzero": lambda c: _cast_out(
        c, f"torch.count_nonzero({c['x']}, dim={c['axis']}).reshape({c.out_shape})", "int64"),
    "searchsorted": _searchsorted("torch"),
    "one_hot": _one_hot("torch"),
    "cumulative_sum": _cumulative_full("torch", "torch.cumsum", "dim", "zeros"),
    "cumulative_prod": _cumulative_full("torch", "torch.cumprod", "dim", "ones"),
    "eye": _eye_any_k("torch"),
    "flip": _torch_flip,
    "expand_dims": _expand_dims("torch"),
    "concat": _concat("torch"),
    "take": _torch_take,
    "bitwise_and": _torch_binary_promoted("torch.bitwise_and"),
    "bitwise_or": _torch_binary_promoted("torch.bitwise_or"),
    "bitwise_xor": _torch_binary_promoted("torch.bitwise_xor"),
    "bitwise_left_shift": _torch_binary_promoted("torch.bitwise_left_shift"),
    "bitwise_right_shift": _torch_binary_promoted("torch.bitwise_right_shift"),
    "bitwise_invert": "torch.bitwise_not({x})",
    "copysign": _binary("torch.copysign", _T_CAST, to_out=True),
    "nextafter": _binary("torch.nextafter", _T_CAST, _T_SCALAR),
    "logical_xor": _binary("torch.logical_xor", _T_CAST, _T_SCALAR),
    "diff": _torch_diff,
    "vecdot": _torch_vecdot,
    "linalg.vecdot": _torch_vecdot,
    "linalg.cross": lambda c: (f"torch.linalg.cross({_cast_to(c, 'x1', c.out_dtype)}, "
                               f"{_cast_to(c, 'x2', c.out_dtype)}, dim={c['axis']})"),
    "linalg.outer": lambda c: (f"torch.outer({_cast_to(c, 'x1', c.out_dtype)}, "
                               f"{_cast_to(c, 'x2', c.out_dtype)})"),
    "isin": _torch_isin,
    "unique_all": _torch_unique("all"),
    "unique_counts": _torch_unique("counts"),
    "unique_inverse": _torch_unique("inverse"),
    "unique_values": _torch_unique("values"),
    "conv1d": _conv("torch", 1), "conv2d": _conv("torch", 2), "conv3d": _conv("torch", 3),
    "conv1d_transpose": _conv_transpose("torch", 1),
    "conv2d_transpose": _conv_transpose("torch", 2),
    "conv3d_transpose": _conv_transpose("torch", 3),
    "adaptive_avg_pool2d": _torch_adaptive_avg_pool2d,
    "interpolate": _torch_interpolate,
    "pad": _torch_pad,
    "scatter_nd": _torch_scatter_nd,
})
def _tf_flip(c: Ctx) -> str:
    ndim = len(c.shape_of("x"))
    axis = c.raw["axis"]
    axes = range(ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
    axes = sorted(a % ndim for a in axes) if ndim else []
    return f"tf.reverse({c['x']}, axis={axes})" if axes else c["x"]


TENSORFLOW.update({
    "flip": _tf_flip,
    "argsort": _tf_argsort,
    "sort": _tf_sort,
    "argmax": _arg_minmax("tensorflow", "tf.math.argmax"),
    "argmin": _arg_minmax("tensorflow", "tf.math.argmin"),
    "count_nonzero": lambda c: (f"tf.math.count_nonzero({c['x']}, axis={c['axis']}, "
                                f"keepdims={c['keepdims']}, dtype={c.dt(c.out_dtype)})"),
    "searchsorted": _searchsorted("tensorflow"),
    "one_hot": lambda c: (f"tf.one_hot({c['indices']}, {c['depth']}, on_value={c['on_value']}, "
                          f"off_value={c['off_value']}, axis={c['axis']}, "
                          f"dtype={c.dt(c.out_dtype)})"),
    "cumulative_sum": _cumulative_full("tensorflow", "tf.math.cumsum", "axis", "zeros"),
    "cumulative_prod": _cumulative_full("tensorflow", "tf.math.cumprod", "axis", "ones"),
    "eye": _eye_any_k("tensorflow"),
    "expand_dims": _expand_dims("tensorflow"),
    "concat": _concat("tensorflow"),
    "isin": _tf_isin,
    "unique_all": _tf_unique("all"),
    "unique_counts": _tf_unique("counts"),
    "unique_inverse": _tf_unique("inverse"),
    "unique_values": _tf_unique("values"),
    "linalg.matrix_norm": _tf_matrix_norm,
    "linalg.cholesky": _tf_cholesky,
    "take_along_axis": _tf_take_along_axis,
    "broadcast_arrays": _tf_broadcast_arrays,
    "any": _tf_any,
    "all": _tf_all,
    "set_item": _tf_set_item_mask,
    "conv1d": _conv("tensorflow", 1), "conv2d": _conv("tensorflow", 2),
    "conv3d": _conv("tensorflow", 3),
    "conv1d_transpose": _conv_transpose("tensorflow", 1),
    "conv2d_transpose": _conv_transpose("tensorflow", 2),
    "conv3d_transpose": _conv_transpose("tensorflow", 3),
})


TABLES: dict[str, dict] = {"numpy": NUMPY, "torch": TORCH, "jax": JAX, "tensorflow": TENSORFLOW}


def render(src, node) -> str | None:
    """The target expression for ``node`` from the table, or None if the table has no entry."""
    entry = TABLES.get(src.target, {}).get(node.target)
    if entry is None:
        return None
    c = Ctx(src, node)
    if callable(entry):
        return entry(c)
    return _fmt(entry, c)
