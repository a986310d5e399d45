"""Capturing JAX programs from their jaxpr (``jax.make_jaxpr``).

The closed jaxpr of the program on the example inputs is evaluated equation by equation: the
real value with ``eqn.primitive.bind(*invals, **eqn.params)`` and the Ivy value through the
``jax.lax`` frontend (``ivy.frontends.jax.lax``: the primitives with the parameters jaxpr
shows), compared (``Shadow.check``) — all inside :func:`base.trace`, so the frontend's Ivy calls
are the graph.

* ``jit``/``pjit``/``closed_call``/``custom_jvp_call``/``custom_vjp_call``/``remat`` sub-jaxprs
  are inlined.
* Control flow is kept as loops: ``while`` (data-dependent conditions included), ``scan`` and
  ``cond`` on an input-dependent index become ``ivy.while_loop`` / ``ivy.scan`` / ``ivy.cond``
  nodes (the tracer's sub-graph nodes), whose callables evaluate the sub-jaxpr through this same
  evaluator on Ivy values, so the emitted code keeps ``jax.lax.while_loop``/``scan``/``cond``,
  ``tf.while_loop``/``tf.cond``, or a Python ``while``/``for``/``if`` (NumPy, PyTorch). Checking:
  on the tracer's one recording call each op of the body is checked against JAX on the
  stand-ins' values; the backend's real loop then calls the callables with recording suspended,
  where no real values exist, so that evaluator (``real=False``) computes the Ivy side only; the
  loop node's outputs are compared with JAX's whole primitive bound once on the real inputs.
  ``fori_loop`` with static bounds is a loop node too (JAX lowers it to ``scan``; a counter used
  as an index goes through ``dynamic_slice``, lowered with ``ivy.take`` when its start is traced).
  ``cond`` with an index known at capture time takes that branch directly. A body that cannot be
  traced as a sub-graph (a mapping that needs a concrete value: ``TraceError``) falls back to the
  old way: ``scan``/a ``while`` with a known condition unrolled, ``cond`` by evaluating every
  branch and selecting (``ivy.where``); a data-dependent ``while`` is then refused.
* ``random_wrap``/``random_bits``/``random_unwrap`` go through the frontend's exact threefry2x32,
  so ``jax.random`` with explicit keys converts bit-exactly.

JAX programs are captured with x64 disabled (JAX's default, which is what the JAX frontend
implements), even if something in the process has turned x64 on.

Models: ``(fn, params)`` (``fn(params, *args)``), a Flax linen module with its variables as
``(module, variables)``, or a Flax NNX module; the parameter pytree is flattened to dotted names
(``params.Dense_0.kernel``).
"""

from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

import ivy
import ivy.frontends.jax.lax as flax_lax
from ivy.frontends.jax import _array as _fja
from ivy.frontends.jax import random as _fjr

from ...array_object import Array
from ...tracer import trace as _trace_state
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from .base import Shadow, ivy_numpy, plain_structure, trace

try:
    from jax.extend.core import Literal as _Literal
except ImportError:  # older JAX
    from jax.core import Literal as _Literal

_INLINE = {"pjit", "jit", "closed_call", "core_call", "remat", "checkpoint", "custom_jvp_call",
           "custom_vjp_call", "custom_vjp_call_jaxpr", "custom_lin"}
_IDENTITY = {"copy", "copy_p", "optimization_barrier", "random_wrap", "random_unwrap",
             "pvary", "device_put"}


def _lowest(d, sign):
    """The identity of ``max`` (``sign=-1``) or ``min`` (``sign=1``) in dtype ``d``."""
    if d.kind in "fc":
        return d.type(sign * np.inf)
    if d.kind == "b":
        return sign > 0
    return np.iinfo(d).max if sign > 0 else np.iinfo(d).min


_WINDOW = {"reduce_window_sum": ("add", lambda d: d.type(0)),
           "reduce_window_max": ("max", lambda d: _lowest(d, -1)),
           "reduce_window_min": ("min", lambda d: _lowest(d, 1))}


_RENAMED = {"or": "bitwise_or", "and": "bitwise_and", "xor": "bitwise_xor", "not": "bitwise_not",
            "add_any": "add", "scatter-add": "scatter_add", "scatter-mul": "scatter_mul",
            "scatter-min": "scatter_min", "scatter-max": "scatter_max",
            "scatter-sub": "scatter_sub"}

#: the binary primitives a ``reduce``/``reduce_window`` computation (a one-equation jaxpr) may be
_MONOID = {"add", "mul", "max", "min", "and", "or", "xor"}

#: (exponent_bits, mantissa_bits) of the floating dtypes ``reduce_precision`` can round to
_PRECISION = {(5, 10): "float16", (8, 7): "bfloat16", (8, 23): "float32", (11, 52): "float64"}


def _line(eqn) -> str | None:
    """The user's line of a jaxpr equation (JAX keeps the Python traceback of each one)."""
    try:
        from jax._src import source_info_util
        f = source_info_util.user_frame(eqn.source_info.traceback)
    except Exception:  # noqa: BLE001 - a best-effort location
        return None
    if f is None:
        return None
    import linecache
    return f"{f.file_name}:{f.start_line}: {linecache.getline(f.file_name, f.start_line).strip()}"


# -- models --------------------------------------------------------------------------------------
def _path_name(path) -> str:
    parts = []
    for k in path:
        for attr in ("key", "name", "idx"):
            if hasattr(k, attr):
                parts.append(str(getattr(k, attr)))
                break
        else:
            parts.append(str(k))
    return ".".join(parts)


def _pure(obj):
    """``(fn, params_tree or None, trainable_filter)`` for any accepted object."""
    if isinstance(obj, tuple) and len(obj) == 2:
        first, second = obj
        if hasattr(first, "apply") and hasattr(first, "init"):  # flax.linen (module, variables)
            return (lambda v, *a, **k: first.apply(v, *a, **k)), second, type(first).__name__
        if callable(first):
            return first, second, getattr(first, "__name__", "fn")
    try:
        from flax import nnx
    except ImportError:
        nnx = None
    if nnx is not None and isinstance(obj, nnx.Module):
        graphdef, state = nnx.split(obj)
        return (lambda s, *a, **k: nnx.merge(graphdef, s)(*a, **k)), state, type(obj).__name__
    return obj, None, getattr(obj, "__name__", "fn")


def is_model(obj) -> bool:
    return _pure(obj)[1] is not None


def _flat_params(tree):
    leaves_p, treedef = jax.tree_util.tree_flatten_with_path(tree)
    names = [_path_name(p) for p, _ in leaves_p]
    return names, [v for _, v in leaves_p], treedef


# -- evaluation ----------------------------------------------------------------------------------
def _real_np(v):
    if hasattr(v, "dtype") and jax.dtypes.issubdtype(v.dtype, jax.dtypes.prng_key):
        v = jax.random.key_data(v)
    return np.asarray(v)


class _Eval:
    """Evaluates a jaxpr on ``(real, ivy)`` pairs. ``real=False``: inside a loop's callable run by
    the backend's real loop (recording suspended), where no real values exist: the Ivy side
    only, no per-op check (the loop node's outputs are checked as a whole)."""

    def __init__(self, shadow: Shadow, real: bool = True):
        self.s = shadow
        self.real = real

    def ivy_of(self, env, var):
        if isinstance(var, _Literal):
            v = var.val
            if type(v) in (bool, int, float, complex):
                return v
            return self._const(np.asarray(v, dtype=var.aval.dtype))  # TypedFloat & co.
        return env[var][1]

    def real_of(self, env, var):
        if isinstance(var, _Literal):
            return var.val
        return env[var][0]

    def _const(self, v):
        if isinstance(v, (bool, int, float, complex)):
            return v
        if not self.real:  # the real loop run: nothing is recorded
            return np.asarray(_real_np(v))
        return self.s.get(np.asarray(_real_np(v)))

    def run(self, jaxpr, consts, args):
        """Evaluate ``jaxpr`` on ``(real, ivy)`` pairs; returns the outputs' pairs."""
        env = {}
        for var, c in zip(jaxpr.constvars, consts, strict=True):
            env[var] = c if isinstance(c, tuple) else (c if self.real else None, self._const(c))
        for var, a in zip(jaxpr.invars, args, strict=True):
            env[var] = a
        for eqn in jaxpr.eqns:
            outs = self.eqn(eqn, env)
            for var, o in zip(eqn.outvars, outs, strict=True):
                env[var] = o
        return [(self.real_of(env, v), self.ivy_of(env, v)) for v in jaxpr.outvars]

    def eqn(self, eqn, env):
        name = eqn.primitive.name
        ins = [(self.real_of(env, v), self.ivy_of(env, v)) for v in eqn.invars]
        p = eqn.params
        op = f"lax.{name}"
        if name in _INLINE:
            sub = p.get("jaxpr") or p.get("call_jaxpr") or p.get("fun_jaxpr")
            if hasattr(sub, "jaxpr"):
                return self.run(sub.jaxpr, list(sub.consts), ins)
            return self.run(sub, [], ins)
        if name == "scan":
            return self.scan(eqn, ins)
        if name == "while":
            return self.while_(eqn, ins)
        if name == "cond":
            return self.cond(eqn, ins)
        if not self.real:
            if name in _IDENTITY:
                return [(None, ins[0][1])] if not eqn.primitive.multiple_results else ins
            res, _ = self.lower(name, [i for _, i in ins], p)
            res_list = list(res) if isinstance(res, (list, tuple)) else [res]
            return [(None, r._data if isinstance(r, (_fja.Array, Array)) else r)
                    for r in res_list]
        real = eqn.primitive.bind(*[r for r, _ in ins], **p)
        real_list = list(real) if eqn.primitive.multiple_results else [real]
        if name in _IDENTITY:
            res = [ins[0][1]] if not eqn.primitive.multiple_results else [i for _, i in ins]
            return list(zip(real_list, res, strict=True))
        try:
            res, label = self.lower(name, [i for _, i in ins], p)
        except (TranspileError, TraceError):
            raise
        except NotImplementedError as e:
            raise self.s.unmapped(op, _line(eqn), hint=str(e)[:200]) from None
        except Exception as e:  # noqa: BLE001 - a mapping that fails is a transpile error
            raise self.s.error(f"the Ivy mapping raised {type(e).__name__}: {e}", op=op,
                               line=_line(eqn)) from e
        res_list = list(res) if isinstance(res, (list, tuple)) else [res]
        res_list = [r._data if isinstance(r, _fja.Array) else
                    (r._data if isinstance(r, Array) else r) for r in res_list]
        self.s.check(op, label, [_real_np(r) for r in real_list], res_list,
                     inputs=[i for _, i in ins], line=_line(eqn))
        return list(zip(real_list, res_list, strict=True))

    def lower(self, name, ivals, params):
        wrapped = [_fja.wrap(v) if hasattr(v, "shape") else v for v in ivals]
        if name == "random_bits":
            bits = params["bit_width"]
            if bits != 32:
                raise NotImplementedError(f"random_bits with bit_width={bits}")
            return _fjr.bits(wrapped[0], tuple(params["shape"]), "uint32"), \
                "ivy.frontends.jax.random.bits"
        if name == "random_seed":
            return _fjr.PRNGKey(wrapped[0]), "ivy.frontends.jax.random.PRNGKey"
        if name == "random_split":
            return _fjr.split(wrapped[0], params["shape"][0] if params.get("shape") else 2), \
                "ivy.frontends.jax.random.split"
        if name == "random_fold_in":
            return _fjr.fold_in(wrapped[0], wrapped[1]), "ivy.frontends.jax.random.fold_in"
        if name == "threefry2x32":
            return _fjr.threefry2x32(*wrapped), "ivy.frontends.jax.random.threefry2x32"
        if name in _WINDOW:
            comp, init = _WINDOW[name]
            x = wrapped[0]
            init_v = init(np.dtype(str(x._data.dtype)))
            return flax_lax.reduce_window(
                x, init_v, getattr(flax_lax, comp), params["window_dimensions"],
                params["window_strides"], params["padding"], params.get("base_dilation"),
                params.get("window_dilation")), f"ivy.frontends.jax.lax.reduce_window({comp})"
        if name in ("reduce", "reduce_window"):
            if len(wrapped) != 2:
                raise NotImplementedError(f"{name} over several operands")
            comp, what = self._computation(params["jaxpr"], params.get("consts", ()))
            if name == "reduce":
                return flax_lax.reduce(wrapped[0], wrapped[1], comp, params["dimensions"]), \
                    f"ivy.frontends.jax.lax.reduce({what})"
            return flax_lax.reduce_window(
                wrapped[0], wrapped[1], comp, params["window_dimensions"],
                params["window_strides"], params["padding"], params.get("base_dilation"),
                params.get("window_dilation")), f"ivy.frontends.jax.lax.reduce_window({what})"
        if name in ("argmax", "argmin"):
            (axis,) = params["axes"]
            return getattr(flax_lax, name)(wrapped[0], axis, params["index_dtype"]), \
                f"ivy.frontends.jax.lax.{name}"
        if name == "approx_top_k":  # exact on CPU (what JAX computes there)
            fn = flax_lax.approx_max_k if params["is_max_k"] else flax_lax.approx_min_k
            return fn(wrapped[0], params["k"], params["reduction_dimension"]), \
                f"ivy.frontends.jax.lax.{fn.__name__}"
        if name == "sort" and len(wrapped) > 1:  # several operands sorted by the first
            if params["num_keys"] != 1:
                raise NotImplementedError(f"sort with num_keys={params['num_keys']}")
            return flax_lax.sort(tuple(wrapped), params["dimension"]), \
                "ivy.frontends.jax.lax.sort (several operands)"
        if name == "concatenate":
            return flax_lax.concatenate(wrapped, params["dimension"]), \
                "ivy.frontends.jax.lax.concatenate"
        if name == "reduce_precision":
            return _reduce_precision(ivals[0], params["exponent_bits"],
                                     params["mantissa_bits"]), "ivy.astype (reduce_precision)"
        if name == "fft":
            kind = int(getattr(params["fft_type"], "value", params["fft_type"]))
            lengths = tuple(params["fft_lengths"])
            axes = tuple(range(-len(lengths), 0))
            x = ivals[0]
            fn = {0: ivy.fft.fftn, 1: ivy.fft.ifftn, 2: ivy.fft.rfftn, 3: ivy.fft.irfftn}[kind]
            kw = {"s": lengths} if kind in (2, 3) else {}
            return fn(x, axes=axes, **kw), f"ivy.fft.{fn.__name__}"
        if name in ("dynamic_slice", "dynamic_update_slice"):
            k = 1 if name == "dynamic_slice" else 2
            if not (self.real and _all_concrete(ivals[k:])):
                return _dynamic_slice(name, ivals, params), f"ivy.take ({name}, traced start)"
            fn = getattr(flax_lax, name)  # the start indices as one sequence
            if k == 1:
                return fn(wrapped[0], wrapped[1:], params["slice_sizes"]), \
                    "ivy.frontends.jax.lax.dynamic_slice"
            return fn(wrapped[0], wrapped[1], wrapped[2:]), \
                "ivy.frontends.jax.lax.dynamic_update_slice"
        if name == "iota":
            return flax_lax.broadcasted_iota(params["dtype"], tuple(params["shape"]),
                                             params["dimension"]), \
                "ivy.frontends.jax.lax.broadcasted_iota"
        name = _RENAMED.get(name, name)
        params = {k: (v.name.lower() if type(v).__name__ == "GatherScatterMode" else v)
                  for k, v in params.items()}
        fn = getattr(flax_lax, name, None) or getattr(flax_lax, name.rstrip("_"), None)
        if fn is None:
            raise NotImplementedError(f"ivy.frontends.jax.lax has no {name}")
        try:
            sig = inspect.signature(fn).parameters
            kw = {k: v for k, v in params.items() if k in sig}
        except (TypeError, ValueError):
            kw = dict(params)
        return fn(*wrapped, **kw), f"ivy.frontends.jax.lax.{name}"

    def _computation(self, sub, consts):
        """The binary computation of a ``reduce``/``reduce_window`` (a jaxpr on two scalars): the
        frontend's own primitive when it is one (the frontend has fast paths for those), else a
        callable evaluating the jaxpr on Ivy values (its result is checked with the whole op)."""
        jaxpr = sub.jaxpr if hasattr(sub, "jaxpr") else sub
        consts = list(sub.consts) if hasattr(sub, "consts") else list(consts)
        if len(jaxpr.eqns) == 1 and len(jaxpr.invars) == 2:
            e = jaxpr.eqns[0]
            if (e.primitive.name in _MONOID and set(e.invars) == set(jaxpr.invars)
                    and list(e.outvars) == list(jaxpr.outvars)):
                n = _RENAMED.get(e.primitive.name, e.primitive.name)
                return getattr(flax_lax, n), n

        def comp(a, b):
            ev = _Eval(self.s, real=False)
            pair = [(None, _fja.asarray(v)._data) for v in (a, b)]
            (_, r), = ev.run(jaxpr, consts, pair)
            return _fja.wrap(r)

        return comp, "jaxpr"

    # -- control flow: loop nodes (ivy.while_loop / ivy.scan / ivy.cond) ------------------------
    # The loop's callables evaluate the sub-jaxpr through a nested evaluator on Ivy values. The
    # tracer calls each callable once on stand-ins holding the current values (recording): there
    # the real value of every input is the stand-in's own value, so each op is still checked
    # against JAX. The backend's real loop then calls them with recording suspended
    # (``tracer.depth > 0``): no real values exist there, so that evaluator (``real=False``) only
    # computes the Ivy side. The loop node's outputs are checked against JAX binding the whole
    # primitive on the real inputs once. A loop that cannot be traced as a node (a mapping that
    # needs a concrete value inside the body, ``TraceError``) falls back to unrolling when its
    # trip count / branch is known at capture time.
    def _recording(self) -> bool:
        t = _trace_state._active
        return self.real and t is not None and t.depth == 0

    def _arr(self, v, aval):
        """An Ivy value as a native array of ``aval``'s dtype (a Literal is a Python scalar)."""
        if isinstance(v, (bool, int, float, complex)):
            v = ivy.asarray(v, dtype=str(aval.dtype))
        return v._data if isinstance(v, Array) else v

    def _callable(self, closed, outer, what):
        """The sub-jaxpr ``closed`` as a flat callable on native leaves; ``outer``: the (real, ivy)
        pairs of its leading inputs (the consts the primitive passes, closures of the loop)."""
        avals = [v.aval for v in closed.jaxpr.outvars]

        def fn(*vals):
            live = self._recording()
            ev = _Eval(self.s, real=live)
            args = [*outer, *[((ivy_numpy(v) if live else None), v) for v in vals]]
            outs = ev.run(closed.jaxpr, list(closed.consts), args)
            return tuple(self._arr(i, a) for (_, i), a in zip(outs, avals, strict=True))

        fn.__name__ = what
        return fn

    def _node(self, eqn, ins, label, make):
        """Run ``make()`` (an ivy control-flow call returning the flat outputs) and, with real
        values, check its outputs against JAX's whole primitive."""
        outs = [o._data if isinstance(o, Array) else o for o in make()]
        if not self.real:
            return [(None, o) for o in outs]
        real = eqn.primitive.bind(*[r for r, _ in ins], **eqn.params)
        real = list(real) if eqn.primitive.multiple_results else [real]
        op = f"lax.{eqn.primitive.name}"
        self.s.check(op, label, [_real_np(r) for r in real], outs, inputs=[i for _, i in ins],
                     line=_line(eqn))
        return list(zip(real, outs, strict=True))

    def _inputs(self, eqn, ins):
        """The ivy side of the primitive's inputs as native arrays (Literals get their dtype)."""
        return [self._arr(i, v.aval) for (_, i), v in zip(ins, eqn.invars, strict=True)]

    def _concrete(self, ivy_value):
        try:
            return bool(Array(ivy_value))
        except TraceError:
            return None

    def scan(self, eqn, ins):
        p = eqn.params
        nc, ncarry = p["num_consts"], p["num_carry"]
        body = p["jaxpr"]
        iv = self._inputs(eqn, ins)
        carry, xs = tuple(iv[nc:nc + ncarry]), tuple(iv[nc + ncarry:])
        f = self._callable(body, ins[:nc], "scan_step")

        def step(c, x):
            out = f(*c, *x)
            return tuple(out[:ncarry]), tuple(out[ncarry:])

        def make():
            c, ys = ivy.scan(step, carry, xs, length=p["length"], reverse=p["reverse"])
            return [*c, *ys]

        try:
            return self._node(eqn, ins, "ivy.scan", make)
        except TraceError:
            if not self._recording():
                raise
            return self._unrolled_scan(eqn, ins)

    def _unrolled_scan(self, eqn, ins):
        p = eqn.params
        body, length, reverse = p["jaxpr"], p["length"], p["reverse"]
        nc, ncarry = p["num_consts"], p["num_carry"]
        consts, carry, xs = ins[:nc], ins[nc:nc + ncarry], ins[nc + ncarry:]
        ys_steps = []
        order = range(length - 1, -1, -1) if reverse else range(length)
        for i in order:
            x_i = [(r[i], ivy.get_item(v, i)._data if isinstance(ivy.get_item(v, i), Array)
                    else ivy.get_item(v, i)) for r, v in xs]
            out = self.run(body.jaxpr, list(body.consts), [*consts, *carry, *x_i])
            carry, ys = out[:ncarry], out[ncarry:]
            ys_steps.append(ys)
        if reverse:
            ys_steps.reverse()
        n_ys = len(eqn.outvars) - ncarry
        stacked = []
        for j in range(n_ys):
            real = jnp.stack([s[j][0] for s in ys_steps]) if ys_steps else None
            iv = ivy.stack([s[j][1] for s in ys_steps], axis=0)
            stacked.append((real, iv._data if isinstance(iv, Array) else iv))
        return [*carry, *stacked]

    def while_(self, eqn, ins):
        p = eqn.params
        cj, bj = p["cond_jaxpr"], p["body_jaxpr"]
        cn, bn = p["cond_nconsts"], p["body_nconsts"]
        state = tuple(self._inputs(eqn, ins)[cn + bn:])
        cfn = self._callable(cj, ins[:cn], "while_cond")
        bfn = self._callable(bj, ins[cn:cn + bn], "while_body")

        def make():
            return ivy.while_loop(lambda s: cfn(*s)[0], lambda s: bfn(*s), state)

        try:
            return self._node(eqn, ins, "ivy.while_loop", make)
        except TraceError:
            if not self._recording():
                raise
            return self._unrolled_while(eqn, ins)

    def _unrolled_while(self, eqn, ins):
        """The loop run at capture time: only when its condition is known (fori_loop with static
        bounds whose body needs a concrete counter)."""
        p = eqn.params
        cj, bj = p["cond_jaxpr"], p["body_jaxpr"]
        cn, bn = p["cond_nconsts"], p["body_nconsts"]
        cconsts, bconsts, state = ins[:cn], ins[cn:cn + bn], ins[cn + bn:]
        for _ in range(1 << 20):
            (c_real, c_ivy), = self.run(cj.jaxpr, list(cj.consts), [*cconsts, *state])
            go = self._concrete(c_ivy)
            if go is None:
                raise self.s.error("the loop condition depends on the input values and the "
                                   "body cannot be traced as a loop node (see the error above "
                                   "it)", op="lax.while")
            if go != bool(c_real):
                raise self.s.error("the loop condition differs from JAX's", op="lax.while")
            if not go:
                return state
            state = self.run(bj.jaxpr, list(bj.consts), [*bconsts, *state])
        raise self.s.error("more than 2**20 iterations", op="lax.while")

    def cond(self, eqn, ins):
        branches = eqn.params["branches"]
        (i_real, i_ivy), ops = ins[0], ins[1:]
        try:
            idx = int(Array(i_ivy)) if not isinstance(i_ivy, (bool, int)) else int(i_ivy)
        except TraceError:
            idx = None
        if idx is not None:  # known at capture time: take that branch
            b = branches[int(np.clip(idx, 0, len(branches) - 1))]
            return self.run(b.jaxpr, list(b.consts), ops)
        operands = self._inputs(eqn, ins)[1:]
        fns = [self._callable(b, [], f"branch{k}") for k, b in enumerate(branches)]
        preds = [ivy.less_equal(i_ivy, k) for k in range(len(branches) - 1)]

        def chain(k):
            if k == len(fns) - 1:
                return fns[k]
            return lambda *o: ivy.cond(preds[k], fns[k], chain(k + 1), *o)

        try:
            return self._node(eqn, ins, "ivy.cond", lambda: chain(0)(*operands))
        except TraceError:
            if not self._recording():
                raise
        # fallback: evaluate all, select (the branches are pure)
        outs = [self.run(b.jaxpr, list(b.consts), ops) for b in branches]
        k = int(np.clip(int(np.asarray(i_real)), 0, len(branches) - 1))
        sel = []
        for j in range(len(outs[0])):
            iv = outs[-1][j][1]
            for bi in range(len(branches) - 2, -1, -1):
                iv = ivy.where(ivy.equal(i_ivy, bi), outs[bi][j][1], iv)
            sel.append((outs[k][j][0], iv._data if isinstance(iv, Array) else iv))
        return sel


def _all_concrete(vals) -> bool:
    """Whether every value is known at capture time (not computed from the inputs)."""
    for v in vals:
        if isinstance(v, (bool, int)):
            continue
        try:
            int(Array(v))
        except TraceError:
            return False
    return True


def _reduce_precision(x, exponent_bits, mantissa_bits):
    """XLA's ``reduce_precision`` to a float dtype's bits: a round trip through that dtype
    (round to nearest even, overflow to inf) that flushes what is below its smallest normal
    number to a signed zero (XLA keeps no subnormals there)."""
    import ml_dtypes
    src = np.dtype(str(x.dtype))
    if src.kind != "f":
        raise NotImplementedError(f"reduce_precision on {src}")
    fs = ml_dtypes.finfo(src)
    if int(exponent_bits) >= fs.nexp and int(mantissa_bits) >= fs.nmant:
        return x  # nothing to drop
    dst = _PRECISION.get((int(exponent_bits), int(mantissa_bits)))
    if dst is None:
        raise NotImplementedError(f"reduce_precision to {exponent_bits} exponent and "
                                  f"{mantissa_bits} mantissa bits")
    r = ivy.astype(ivy.astype(x, dst), str(src))
    if int(exponent_bits) < fs.nexp:
        tiny = float(ml_dtypes.finfo(dst).smallest_normal)
        r = ivy.where(ivy.less(ivy.abs(r), tiny), ivy.multiply(x, 0), r)
    return r


def _dynamic_slice(name, ivals, params):
    """``dynamic_slice`` / ``dynamic_update_slice`` whose start indices are traced (a loop
    counter inside a loop body): clamped as JAX does, then ``ivy.take`` along each axis (the
    update: taken back into place and selected with ``ivy.where``), so nothing is concretised."""
    x = ivals[0]
    shape = tuple(int(d) for d in x.shape)
    if name == "dynamic_slice":
        starts, sizes = ivals[1:], tuple(params["slice_sizes"])
    else:
        upd, starts = ivals[1], ivals[2:]
        sizes = tuple(int(d) for d in upd.shape)
    starts = [ivy.clip(ivy.astype(ivy.asarray(st), "int64"), 0, n - k)
              for st, n, k in zip(starts, shape, sizes, strict=True)]
    if name == "dynamic_slice":
        for d, (st, k) in enumerate(zip(starts, sizes, strict=True)):
            x = ivy.take(x, ivy.add(st, ivy.arange(k, dtype="int64")), axis=d)
        return x
    mask = None
    for d, (st, n, k) in enumerate(zip(starts, shape, sizes, strict=True)):
        rel = ivy.subtract(ivy.arange(n, dtype="int64"), st)
        inside = ivy.logical_and(ivy.greater_equal(rel, 0), ivy.less(rel, k))
        upd = ivy.take(upd, ivy.clip(rel, 0, k - 1), axis=d)
        inside = ivy.reshape(inside, tuple(n if j == d else 1 for j in range(len(shape))))
        mask = inside if mask is None else ivy.logical_and(mask, inside)
    return ivy.where(mask, upd, x) if mask is not None else x


# -- the contract ---------------------------------------------------------------------------------
def _jax_args(args):
    """The example inputs as JAX would hold them (float64 → float32 without x64)."""
    return tuple(np.asarray(jnp.asarray(a)) if isinstance(a, np.ndarray) else a for a in args)


def capture(obj, args, kwargs) -> Captured:
    # JAX's default (x64 off) is what the JAX frontend implements: capture under it even when
    # something in this process (e.g. Ivy's jax backend) has turned x64 on
    with jax.enable_x64(False):
        return _capture(obj, args, kwargs)


def _capture(obj, args, kwargs) -> Captured:
    fn, params_tree, name = _pure(obj)
    shadow = Shadow("jax", name)
    args = _jax_args(args)
    model = params_tree is not None
    if model:
        names, leaves, treedef = _flat_params(params_tree)
        params_np = {n: _real_np(v).copy() for n, v in zip(names, leaves, strict=True)}
    else:
        names, params_np, treedef = [], {}, None
    arg_leaves, arg_def = jax.tree_util.tree_flatten((args, kwargs))

    def flat_fn(p_leaves, a_leaves):
        a, k = jax.tree_util.tree_unflatten(arg_def, a_leaves)
        if model:
            return fn(jax.tree_util.tree_unflatten(treedef, p_leaves), *a, **k)
        return fn(*a, **k)

    p_real = [jnp.asarray(params_np[n]) for n in names]
    a_real = [jnp.asarray(v) if isinstance(v, np.ndarray) else v for v in arg_leaves]
    closed, out_shape = jax.make_jaxpr(flat_fn, return_shape=True)(p_real, a_real)
    out_def = jax.tree_util.tree_structure(out_shape)
    result = {}

    def run(*a, **k):
        if model:
            p, a = a[0], a[1:]
            p_ivy = [p[n]._data if isinstance(p[n], Array) else p[n] for n in names]
        else:
            p_ivy = []
        leaves_ivy = [x._data if isinstance(x, Array) else x
                      for x in jax.tree_util.tree_leaves((a, k))]
        ev = _Eval(shadow)
        outs = ev.run(closed.jaxpr, list(closed.consts),
                      list(zip(p_real + a_real, p_ivy + leaves_ivy, strict=True)))
        result["out"] = jax.tree_util.tree_unflatten(out_def, [r for r, _ in outs])
        return plain_structure(jax.tree_util.tree_unflatten(out_def, [i for _, i in outs]))

    try:
        graph = trace(run, name, params_np if model else None, args, kwargs,
                      like=fn if not model else None)
    except TraceError as e:
        raise TranspileError(str(e), source="jax") from e
    outputs = fw.tree_to_numpy(plain_structure(result["out"]))
    trainable = [n for n in names if params_np[n].dtype.kind in "fc"]
    return Captured(source="jax", name=name, graph=graph, args=tuple(args), kwargs=dict(kwargs),
                    params=params_np, outputs=outputs, ops=shadow.op_records(), is_model=model,
                    trainable=trainable)


def run_native(obj, args, kwargs, params=None):
    with jax.enable_x64(False):
        return _run_native(obj, args, kwargs)


def _run_native(obj, args, kwargs):
    fn, params_tree, _ = _pure(obj)
    a = tuple(jnp.asarray(x) if isinstance(x, np.ndarray) else x for x in args)
    out = fn(params_tree, *a, **kwargs) if params_tree is not None else fn(*a, **kwargs)
    return fw.tree_to_numpy(plain_structure(out))


def gradient(obj, args, kwargs) -> dict:
    with jax.enable_x64(False):
        return _gradient(obj, args, kwargs)


def _gradient(obj, args, kwargs) -> dict:
    fn, params_tree, _ = _pure(obj)
    if params_tree is None:
        raise NotImplementedError("gradients are checked for models only")
    names, leaves, treedef = _flat_params(params_tree)
    a = tuple(jnp.asarray(x) if isinstance(x, np.ndarray) else x for x in _jax_args(args))

    def loss(p_leaves):
        out = fn(jax.tree_util.tree_unflatten(treedef, p_leaves), *a, **kwargs)
        fl = [o for o in jax.tree_util.tree_leaves(plain_structure(out))
              if hasattr(o, "dtype") and jnp.issubdtype(o.dtype, jnp.inexact)]
        return sum(jnp.sum(o * fw.cotangent(o.shape, np.dtype(o.dtype), i))
                   for i, o in enumerate(fl))

    grads = jax.grad(loss)(list(leaves))
    return {n: np.asarray(g) for n, g, v in zip(names, grads, leaves, strict=True)
            if np.asarray(v).dtype.kind in "fc"}


__all__ = ["capture", "gradient", "is_model", "run_native"]
