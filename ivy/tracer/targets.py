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
    if any(k.__class__ is Ref or isinstance(k, (list, np.ndarray)) for k in ks):
        raise Unsupported("TensorFlow tensors take only basic indices (ints, slices, None, ...)")
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


def _jax_conv2d(c: Ctx) -> str:
    pad = _conv_check(c)
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


def _np_conv2d(c: Ctx) -> str:
    pad = _conv_check(c)
    if c.raw["groups"] != 1:
        raise Unsupported("grouped conv2d")
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
