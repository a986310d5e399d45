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
  so ``jax.random`` with explicit keys converts bit-exactly (batched keys too: shape primitives
  on typed keys get the key-data dimension); ``random_gamma`` is captured through JAX's own
  sampler (its lax ops: bit-exact), with JAX's implicit-reparameterisation derivative.
* ``lax.linalg`` (cholesky, eigh, eig with left eigenvectors too, svd, qr pivoted or not, geqrf,
  geqp3, lu, lu_pivots_to_permutation, householder_product, triangular_solve, tridiagonal_solve)
  through ``ivy.frontends.jax.lax.linalg`` (``svd`` with ``subset_by_index`` is refused: JAX
  cannot run it on CPU, so there is nothing to check it against);
  ``custom_linear_solve`` as its solve plus one refinement step through ``matvec`` (JAX's
  implicit derivative); ``select_and_scatter_add``/``select_and_gather_add`` (max-pool VJP/JVP),
  variadic ``reduce``, ``stack``, ``split``, ``lt_to``/``le_to``/``eq_to``, ``platform_index``
  (CPU's branch). Decompositions unique only up to a choice (eigen/singular vector signs, a
  repeated value's basis, ``eig``'s order; QR's signs when they differ from JAX's) are compared
  with JAX's result re-expressed in the Ivy result's basis, and the program is refused, naming
  the primitive and the line, when its outputs change under another valid choice.

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

from ... import _frames
from ...array_object import Array
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from .base import Evaluator, Rules, Shadow, ivy_numpy, plain_structure, trace

try:
    from jax.extend.core import Literal as _Literal
except ImportError:  # older JAX
    from jax.core import Literal as _Literal

_INLINE = {"pjit", "jit", "closed_call", "core_call", "remat", "remat2", "checkpoint",
           "custom_jvp_call", "custom_vjp_call", "custom_vjp_call_jaxpr", "custom_lin"}
_IDENTITY = {"copy", "copy_p", "optimization_barrier", "random_wrap", "random_unwrap",
             "pvary", "device_put", "random_clone"}


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
            "scatter-sub": "scatter_sub", "regularized_incomplete_beta": "betainc"}

#: the binary primitives a ``reduce``/``reduce_window`` computation (a one-equation jaxpr) may be
_MONOID = {"add", "mul", "max", "min", "and", "or", "xor"}

#: (exponent_bits, mantissa_bits) of the floating dtypes ``reduce_precision`` can round to
_PRECISION = {(5, 10): "float16", (8, 7): "bfloat16", (8, 23): "float32", (11, 52): "float64"}


def _line(eqn) -> str | None:
    """The user's line of a jaxpr equation (JAX keeps the Python traceback of each one): the
    innermost of JAX's user frames that is not Ivy's or another framework's either."""
    try:
        from jax._src import source_info_util
        frames = list(source_info_util.user_frames(eqn.source_info.traceback))
    except Exception:  # noqa: BLE001 - a best-effort location
        return None
    return _frames.user_line(frames, innermost_first=True)


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


class _Eval(Evaluator):
    """Evaluates a jaxpr on ``(real, ivy)`` pairs (:class:`base.Evaluator`): the equations in
    order, each primitive through :data:`RULES` (the primitive's name is the key, its params the
    static arguments). ``at``: the user's line of the call being inlined (``jnp.linalg.eigh``)."""

    def __init__(self, shadow: Shadow, real: bool = True, linear: bool = False):
        super().__init__(shadow, real)
        # ``linear``: a custom_linear_solve's solve applied as the linear map JAX's derivative
        # rules apply it as: its stop_gradients are the identity there
        self.linear = linear

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
            outer, self.at = self.at, self.line(eqn)
            try:
                if hasattr(sub, "jaxpr"):
                    return self.run(sub.jaxpr, list(sub.consts), ins)
                return self.run(sub, [], ins)
            finally:
                self.at = outer
        if name == "scan":
            return self.scan(eqn, ins)
        if name == "while":
            return self.while_(eqn, ins)
        if name == "cond":
            return self.cond(eqn, ins)
        if name == "custom_linear_solve":
            return self.linear_solve(eqn, ins)
        if name == "stop_gradient" and self.linear:
            return ins
        if name == "random_gamma":  # JAX's own sampler, made of lax ops: bit-exact
            sub = _gamma_jaxpr(eqn)
            (r, x), = self.run(sub.jaxpr, list(sub.consts), ins)
            return [(r, _native_of(_implicit_gamma_grad(ins[1][1], x, p["log_space"])))]
        if name == "platform_index":  # the branch of a platform-dependent lowering: CPU's
            idx = _cpu_index(p["platforms"], op, self.line(eqn), self.s)
            return [(eqn.primitive.bind(**p) if self.real else None, idx)]
        if not self.real:
            if name in _IDENTITY:
                return [(None, ins[0][1])] if not eqn.primitive.multiple_results else ins
            res, _ = self.lower(name, [i for _, i in ins], _key_params(eqn, p))
            res_list = list(res) if isinstance(res, (list, tuple)) else [res]
            return [(None, r._data if isinstance(r, (_fja.Array, Array)) else r)
                    for r in res_list]
        try:
            real = eqn.primitive.bind(*[r for r, _ in ins], **p)
        except NotImplementedError as e:  # svd's subset_by_index: TPU only
            raise self.s.error(f"JAX itself cannot run it on CPU ({e}), so there is nothing "
                               "to verify a conversion against", op=op,
                               line=self.line(eqn)) from None
        real_list = list(real) if eqn.primitive.multiple_results else [real]
        if name in _IDENTITY:
            res = [ins[0][1]] if not eqn.primitive.multiple_results else [i for _, i in ins]
            return list(zip(real_list, res, strict=True))
        try:
            res, label = self.lower(name, [i for _, i in ins], _key_params(eqn, p))
        except (TranspileError, TraceError):
            raise
        except NotImplementedError as e:
            raise self.s.unmapped(op, self.line(eqn), hint=str(e)[:200]) from None
        except Exception as e:  # noqa: BLE001 - a mapping that fails is a transpile error
            raise self.s.error(f"the Ivy mapping raised {type(e).__name__}: {e}", op=op,
                               line=self.line(eqn)) from e
        res_list = list(res) if isinstance(res, (list, tuple)) else [res]
        res_list = [r._data if isinstance(r, _fja.Array) else
                    (r._data if isinstance(r, Array) else r) for r in res_list]
        if name in _CHOICE and not (name == "svd" and not p.get("compute_uv", True)) and not (
                name == "qr" and _same_values(real_list, res_list)):
            # unique only up to a choice: compare with JAX's result re-expressed in the Ivy
            # result's basis, and go on with that (an equally valid JAX result)
            real_list = [jnp.asarray(a) for a in _choice_transform(
                name, p, [_real_np(r) for r in real_list],
                other=[ivy_numpy(r) for r in res_list])]
            self.s.__dict__.setdefault("jax_choices", {}).setdefault(
                id(eqn), (op, self.line(eqn), eqn))
        self.s.check(op, label, [_real_np(r) for r in real_list], res_list,
                     inputs=[i for _, i in ins], line=self.line(eqn))
        return list(zip(real_list, res_list, strict=True))

    def linear_solve(self, eqn, ins):
        """``custom_linear_solve``: ``x = solve(b)`` whose derivative is the implicit one
        through ``matvec`` (JAX's solve jaxpr holds stop_gradient'ed factors, so evaluating it
        alone would give the emitted code a zero gradient with respect to the matrix):
        ``x0 = stop_gradient(solve(b))``, ``x = x0 - solve(matvec(x0) - b)`` — equal to ``x0``
        (one refinement step, exact up to rounding) with the derivative
        ``A^-1 (db - dA x)``."""
        p = eqn.params
        lens, subs = p["const_lengths"], p["jaxprs"]
        fields = lens._fields
        off = {f: sum(getattr(lens, g) for g in fields[:fields.index(f)]) for f in fields}
        n_b = len(eqn.invars) - sum(lens)
        b = ins[len(ins) - n_b:]

        def call(f, vals, ev):
            sub = getattr(subs, f)
            c = ins[off[f]:off[f] + getattr(lens, f)]
            if not ev.real:
                c = [(None, i) for _, i in c]
            return ev.run(sub.jaxpr, list(sub.consts), [*c, *vals])

        x0 = call("solve", b, self)
        if subs.matvec is None:
            return x0
        # the residual is rounding noise, which no per-op check can compare with JAX's: the
        # correction is computed on the Ivy side only, and checked as a whole below
        ev = _Eval(self.s, real=False)
        x0i = [(None, ivy.stop_gradient(i)) for _, i in x0]
        mv = call("matvec", x0i, ev)
        res = [(None, _native_of(ivy.subtract(im, self._arr(ib, v.aval))))
               for (_, im), (_, ib), v in zip(mv, b, eqn.invars[len(ins) - n_b:], strict=True)]
        corr = call("solve", res, _Eval(self.s, real=False, linear=True))
        out = [(r0, _native_of(ivy.subtract(i0, ic)))
               for (r0, _), (_, i0), (_, ic) in zip(x0, x0i, corr, strict=True)]
        if self.real:  # the whole primitive, as JAX computes it
            real = eqn.primitive.bind(*[r for r, _ in ins], **p)
            self.s.check("lax.custom_linear_solve", "solve + one refinement step",
                         [_real_np(r) for r in real], [i for _, i in out],
                         inputs=[i for _, i in ins], line=self.line(eqn))
            out = [(r, i) for r, (_, i) in zip(real, out, strict=True)]
        return out

    def source_line(self, eqn):
        return _line(eqn)

    def lower(self, name, ivals, params):
        """The primitive ``name`` on Ivy values through its rule (:data:`RULES`): returns the
        result and what it was mapped to."""
        params = {k: _py_scalars(v) for k, v in params.items()}
        wrapped = [_fja.wrap(v) if hasattr(v, "shape") else v for v in ivals]
        return RULES.lookup(name)(self, name, wrapped, ivals, params)

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

    def _variadic_computation(self, sub, n):
        """A variadic ``reduce``'s computation (a jaxpr on ``2n`` scalars giving ``n``) as a
        callable on two ``n``-tuples of frontend arrays."""
        jaxpr = sub.jaxpr if hasattr(sub, "jaxpr") else sub
        consts = list(sub.consts) if hasattr(sub, "consts") else []

        def comp(acc, x):
            ev = _Eval(self.s, real=False)
            pairs = [(None, _fja.asarray(v)._data) for v in (*acc, *x)]
            return tuple(_fja.wrap(r) for _, r in ev.run(jaxpr, consts, pairs))

        return comp

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
            live = self.recording()
            ev = _Eval(self.s, real=live)
            inv = closed.jaxpr.invars[len(outer):]
            args = [*outer, *[((_as_real(ivy_numpy(v), var.aval) if live else None), v)
                              for v, var in zip(vals, inv, strict=True)]]
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
            if not self.recording():
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

        if cj.out_avals[0].shape:  # a batched predicate (vmap of a while_loop): JAX loops
            # while any element's holds, and keeps the carry of the elements whose does not
            nd = len(cj.out_avals[0].shape)

            def cond(s):
                return ivy.any(cfn(*s)[0])

            def body(s):
                pred, new = cfn(*s)[0], bfn(*s)
                return tuple(ivy.where(ivy.reshape(pred, tuple(pred.shape) + (1,) * (
                    len(n.shape) - nd)), n, o) for n, o in zip(new, s, strict=True))
        else:
            def cond(s):
                return cfn(*s)[0]

            def body(s):
                return bfn(*s)

        def make():
            return ivy.while_loop(cond, body, state)

        try:
            return self._node(eqn, ins, "ivy.while_loop", make)
        except TraceError:
            if not self.recording():
                raise
            return self._unrolled_while(eqn, ins)

    def _unrolled_while(self, eqn, ins):
        """The loop run at capture time: only when its condition is known (fori_loop with static
        bounds whose body needs a concrete counter)."""
        p = eqn.params
        cj, bj = p["cond_jaxpr"], p["body_jaxpr"]
        cn, bn = p["cond_nconsts"], p["body_nconsts"]
        cconsts, bconsts, state = ins[:cn], ins[cn:cn + bn], ins[cn + bn:]
        return self.unrolled_while(
            lambda st: self.run(cj.jaxpr, list(cj.consts), [*cconsts, *st])[0],
            lambda st: self.run(bj.jaxpr, list(bj.consts), [*bconsts, *st]), state,
            op="lax.while", line=None, limit=1 << 20,
            unknown="the loop condition depends on the input values and the body cannot be "
                    "traced as a loop node (see the error above it)",
            differs="the loop condition differs from JAX's", too_many="more than 2**20 iterations")

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
            if not self.recording():
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


def _native_of(v):
    return v._data if isinstance(v, Array) else v


def _as_real(v, aval):
    """A stand-in's value as JAX holds it: key data as a typed key where ``aval`` is one."""
    return jax.random.wrap_key_data(v) if _is_key(aval) else v


def _is_key(aval) -> bool:
    return hasattr(aval, "dtype") and jax.dtypes.issubdtype(aval.dtype, jax.dtypes.prng_key)


def _key_params(eqn, p):
    """A shape primitive on typed PRNG keys (``key<fry>[3]``): the Ivy side holds the key data
    (``uint32[3, 2]``), so the parameters get the trailing key-data dimension."""
    if not eqn.invars or not _is_key(eqn.invars[0].aval) or eqn.primitive.name in (
            "random_split", "random_bits", "random_fold_in", "random_unwrap", "random_wrap"):
        return p
    name, p = eqn.primitive.name, dict(p)
    nk = len(eqn.invars[0].aval.dtype._impl.key_shape)
    tail = tuple(eqn.invars[0].aval.dtype._impl.key_shape)
    if name == "reshape":
        p["new_sizes"], p["dimensions"] = tuple(p["new_sizes"]) + tail, None
    elif name == "slice":
        p["start_indices"] = tuple(p["start_indices"]) + (0,) * nk
        p["limit_indices"] = tuple(p["limit_indices"]) + tail
        if p.get("strides") is not None:
            p["strides"] = tuple(p["strides"]) + (1,) * nk
    elif name == "broadcast_in_dim":
        n = len(p["shape"])
        p["shape"] = tuple(p["shape"]) + tail
        p["broadcast_dimensions"] = tuple(p["broadcast_dimensions"]) + tuple(
            range(n, n + nk))
    elif name == "transpose":
        n = len(p["permutation"])
        p["permutation"] = tuple(p["permutation"]) + tuple(range(n, n + nk))
    elif name not in ("squeeze", "concatenate", "expand_dims"):
        raise NotImplementedError(f"{name} on typed PRNG keys")
    return p


def _py_scalars(v):
    """NumPy integer/bool scalars in a jaxpr parameter (``axes=(np.int64(0),)`` after vmap) as
    Python ones: the tracer would record a NumPy scalar as an array constant of the graph."""
    if isinstance(v, np.bool_):
        return bool(v)
    if isinstance(v, np.integer):
        return int(v)
    if type(v) in (tuple, list):
        return type(v)(_py_scalars(e) for e in v)
    return v


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


def _eig(w, p):
    return flax_lax.linalg.eig(w[0], compute_left_eigenvectors=p["compute_left_eigenvectors"],
                               compute_right_eigenvectors=p["compute_right_eigenvectors"])


def _svd(w, p):
    r = flax_lax.linalg.svd(w[0], full_matrices=p["full_matrices"],
                            compute_uv=p["compute_uv"], subset_by_index=p.get("subset_by_index"))
    return (r[1], r[0], r[2]) if p["compute_uv"] else (r,)


#: the lax.linalg primitives: (wrapped inputs, params) -> the primitive's outputs
_LINALG = {
    "cholesky": lambda w, p: flax_lax.linalg.cholesky(
        w[0], symmetrize_input=False, keep_upper=True),
    "eigh": lambda w, p: flax_lax.linalg.eigh(
        w[0], lower=p["lower"], symmetrize_input=False,
        sort_eigenvalues=p.get("sort_eigenvalues", True),
        subset_by_index=p.get("subset_by_index")),
    "svd": _svd,
    "qr": lambda w, p: flax_lax.linalg.qr(w[0], pivoting=p.get("pivoting", False),
                                          full_matrices=p["full_matrices"]),
    "eig": _eig,
    "lu": lambda w, p: flax_lax.linalg.lu(w[0]),
    "lu_pivots_to_permutation": lambda w, p: flax_lax.linalg.lu_pivots_to_permutation(
        w[0], p["permutation_size"]),
    "householder_product": lambda w, p: flax_lax.linalg.householder_product(*w),
    "geqrf": lambda w, p: flax_lax.linalg.geqrf(w[0]),
    "geqp3": lambda w, p: flax_lax.linalg.geqp3(*w),
    "triangular_solve": lambda w, p: flax_lax.linalg.triangular_solve(
        *w, left_side=p["left_side"], lower=p["lower"], transpose_a=p["transpose_a"],
        conjugate_a=p["conjugate_a"], unit_diagonal=p["unit_diagonal"]),
    "tridiagonal_solve": lambda w, p: flax_lax.linalg.tridiagonal_solve(*w),
}


def _cpu_index(platforms, op, line, shadow):
    """``platform_index``: the position of the CPU lowering among ``platforms`` (the emitted
    code computes what JAX computes on CPU)."""
    for i, ps in enumerate(platforms):
        if ps is None or "cpu" in tuple(ps):
            return i
    raise shadow.error(f"no CPU lowering among {platforms}", op=op, line=line)


def _implicit_gamma_grad(a, out, log_space):
    """The gamma sample ``out`` with JAX's derivative with respect to ``a``: implicit
    reparameterisation, ``dx/da = -(dP/da) / (dP/dx)`` for the regularised incomplete gamma
    ``P(a, x)`` (JAX's ``random_gamma_grad``), not the derivative through the sampler's
    rejection loop. ``out + (a - stop_gradient(a)) * stop_gradient(dout/da)``: the value is
    ``out`` exactly; ``dP/da`` by a central difference of ``ivy.igamma`` in float64."""
    dt = str(out.dtype)
    a64 = ivy.astype(ivy.stop_gradient(a), "float64")
    x = ivy.astype(ivy.stop_gradient(out), "float64")
    if log_space:
        x = ivy.exp(x)
    h = ivy.multiply(ivy.maximum(a64, 1.0), 1e-4)
    dpa = ivy.divide(ivy.subtract(ivy.igamma(ivy.add(a64, h), x),
                                  ivy.igamma(ivy.subtract(a64, h), x)), ivy.multiply(h, 2.0))
    log_dpx = ivy.subtract(ivy.subtract(ivy.multiply(ivy.subtract(a64, 1.0), ivy.log(x)), x),
                           ivy.lgamma(a64))
    g = ivy.negative(ivy.divide(dpa, ivy.exp(log_dpx)))
    if log_space:
        g = ivy.divide(g, x)
    g = ivy.astype(ivy.where(ivy.isfinite(g), g, ivy.zeros_like(g)), dt)
    return ivy.add(ivy.stop_gradient(out),
                   ivy.multiply(ivy.subtract(a, ivy.stop_gradient(a)), ivy.stop_gradient(g)))


def _gamma_jaxpr(eqn):
    """The jaxpr of JAX's own ``random_gamma`` sampler (what it lowers to: lax ops, threefry)."""
    import functools

    from jax._src.random import core as _jrc
    f = functools.partial(_jrc._gamma_impl, log_space=eqn.params["log_space"], use_vmap=True)
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype) for v in eqn.invars]
    return jax.make_jaxpr(f)(*avals)


def _select_and_gather_add(tangents, operand, params):
    """The JVP of a ``reduce_window`` max/min: each window's tangent at its first extreme
    element of ``operand`` (``select_prim`` ge: max, le: min), windows as ``reduce_window``
    (padding, base and window dilation)."""
    sel = getattr(params["select_prim"], "name", str(params["select_prim"]))
    if sel not in ("ge", "le"):
        raise NotImplementedError(f"select_and_gather_add with select_prim {sel}")
    dt = np.dtype(str(operand._data.dtype))
    fill = _lowest(dt, -1 if sel == "ge" else 1)
    dims, strides = tuple(params["window_dimensions"]), tuple(params["window_strides"])
    nd = len(dims)
    bd = tuple(params.get("base_dilation") or (1,) * nd)
    wd = tuple(params.get("window_dilation") or (1,) * nd)
    cfg = [(lo, hi, b - 1) for (lo, hi), b in zip(params["padding"], bd, strict=True)]
    xp = flax_lax.pad(operand, fill, cfg)
    tp = flax_lax.pad(tangents, _fja.asarray(np.zeros((), np.dtype(str(tangents._data.dtype)))),
                      cfg)
    k_eff = [(k - 1) * d + 1 for k, d in zip(dims, wd, strict=True)]
    out = [max((n - k) // s + 1, 0) for n, k, s in zip(xp.shape, k_eff, strides, strict=True)]
    best = best_t = None
    for off in __import__("itertools").product(*[range(k) for k in dims]):
        key = tuple(slice(o * d, o * d + (m - 1) * s + 1, s)
                    for o, d, m, s in zip(off, wd, out, strides, strict=True))
        v, t = xp[key], tp[key]
        if best is None:
            best, best_t = v, t
            continue
        take = flax_lax.gt(v, best) if sel == "ge" else flax_lax.lt(v, best)
        best, best_t = flax_lax.select(take, v, best), flax_lax.select(take, t, best_t)
    return best_t


def _select_and_scatter_add(source, operand, params):
    """The transpose of a ``reduce_window`` max/min (max-pool's VJP): each window of
    ``operand`` selects its first extreme element (``select_prim`` ge: max, le: min), which
    receives the window's ``source`` value; contributions to one element add up. One strided
    slice per window offset, as ``reduce_window``; the scatter back is an interior-padded
    ``lax.pad`` per offset."""
    sel = getattr(params["select_prim"], "name", str(params["select_prim"]))
    if sel not in ("ge", "le", "gt", "lt"):
        raise NotImplementedError(f"select_and_scatter_add with select_prim {sel}")
    x, src = operand, source
    dt = np.dtype(str(x._data.dtype))
    big = sel in ("ge", "gt")
    fill = _lowest(dt, -1 if big else 1)
    dims, strides = tuple(params["window_dimensions"]), tuple(params["window_strides"])
    pads = tuple(tuple(p) for p in params["padding"])
    xp = flax_lax.pad(x, fill, [(lo, hi, 0) for lo, hi in pads])
    out = tuple(int(d) for d in src.shape)
    offsets = list(__import__("itertools").product(*[range(k) for k in dims]))
    best = best_i = None
    for i, off in enumerate(offsets):
        key = tuple(slice(o, o + (m - 1) * s + 1, s) for o, m, s in zip(off, out, strides,
                                                                         strict=True))
        v = xp[key]
        if best is None:
            best, best_i = v, _fja.asarray(np.zeros(out, np.int32))
            continue
        # the first extreme wins: a later one replaces it only when strictly better (ge, le)
        take = (flax_lax.gt(v, best) if sel in ("ge",) else flax_lax.lt(v, best)
                if sel == "le" else flax_lax.ge(v, best) if sel == "gt" else flax_lax.le(v, best))
        best = flax_lax.select(take, v, best)
        best_i = flax_lax.select(take, _fja.asarray(np.full(out, i, np.int32)), best_i)
    zero = _fja.asarray(np.zeros((), dt))
    total = None
    shape_p = tuple(int(d) for d in xp.shape)
    for i, off in enumerate(offsets):
        part = flax_lax.select(flax_lax.eq(best_i, _fja.asarray(np.full(out, i, np.int32))),
                               src, flax_lax.broadcast(zero, out))
        cfg = [(o, n - o - ((m - 1) * s + 1), s - 1)
               for o, n, m, s in zip(off, shape_p, out, strides, strict=True)]
        part = flax_lax.pad(part, zero, cfg)
        total = part if total is None else flax_lax.add(total, part)
    crop = tuple(slice(lo, n - hi) for (lo, hi), n in zip(pads, shape_p, strict=True))
    return total[crop]


# -- decompositions whose result is a choice (eigen/singular vector signs, bases, orders) --------
#: primitives whose outputs are unique only up to a choice (column signs/phases, a basis of a
#: repeated eigen/singular value's space, eig's order): their Ivy result is compared with JAX's
#: re-expressed in the Ivy result's basis (:func:`_align`), the capture goes on with that
#: re-expressed JAX value, and the program's outputs must not depend on the choice
#: (:func:`_check_choice_free`: JAX's own program re-run with random other valid choices)
# -- rules: primitive -> Ivy ---------------------------------------------------------------------
# A rule takes the evaluator, the primitive's name, its inputs as frontend arrays (``wrapped``)
# and as Ivy values (``ivals``) and its parameters, and returns the result and what it was
# mapped to. Primitives without a rule go through the ``jax.lax`` frontend function of the same
# name (:func:`_lax_rule`).
def _lax_rule(name: str):
    """The rule of a primitive without an explicit one: ``ivy.frontends.jax.lax.<name>`` with the
    parameters its signature takes (raises ``NotImplementedError`` when the frontend has none)."""
    def lax_rule(ev, name, wrapped, ivals, params):
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

    lax_rule.ivy_mapping = f"ivy.frontends.jax.lax.{_RENAMED.get(name, name)}"
    return lax_rule


#: the primitive → Ivy table (:class:`base.Rules`)
RULES = Rules(__name__, fallback=_lax_rule)
rule = RULES.rule


@rule("random_bits", mapping="ivy.frontends.jax.random.bits")
def random_bits(ev, name, wrapped, ivals, params):
    bits = params["bit_width"]
    if bits != 32:
        raise NotImplementedError(f"random_bits with bit_width={bits}")
    return _fjr.bits(wrapped[0], tuple(params["shape"]), "uint32"), \
        "ivy.frontends.jax.random.bits"


@rule("random_seed", mapping="ivy.frontends.jax.random.PRNGKey")
def random_seed(ev, name, wrapped, ivals, params):
    return _fjr.PRNGKey(wrapped[0]), "ivy.frontends.jax.random.PRNGKey"


@rule("random_split", mapping="ivy.frontends.jax.random.split")
def random_split(ev, name, wrapped, ivals, params):
    return _fjr.split(wrapped[0], params["shape"][0] if params.get("shape") else 2), \
        "ivy.frontends.jax.random.split"


@rule("random_fold_in", mapping="ivy.frontends.jax.random.fold_in")
def random_fold_in(ev, name, wrapped, ivals, params):
    return _fjr.fold_in(wrapped[0], wrapped[1]), "ivy.frontends.jax.random.fold_in"


@rule("threefry2x32", mapping="ivy.frontends.jax.random.threefry2x32")
def threefry2x32(ev, name, wrapped, ivals, params):
    return _fjr.threefry2x32(*wrapped), "ivy.frontends.jax.random.threefry2x32"


@rule(*_WINDOW, mapping="ivy.frontends.jax.lax.reduce_window")
def reduce_window_monoid(ev, name, wrapped, ivals, params):
    comp, init = _WINDOW[name]
    x = wrapped[0]
    init_v = init(np.dtype(str(x._data.dtype)))
    return flax_lax.reduce_window(
        x, init_v, getattr(flax_lax, comp), params["window_dimensions"],
        params["window_strides"], params["padding"], params.get("base_dilation"),
        params.get("window_dilation")), f"ivy.frontends.jax.lax.reduce_window({comp})"


@rule(*_LINALG, mapping="ivy.frontends.jax.lax.linalg")
def linalg(ev, name, wrapped, ivals, params):
    return _LINALG[name](wrapped, params), f"ivy.frontends.jax.lax.linalg.{name}"


@rule("select_and_gather_add", mapping="ivy.where (select_and_gather_add)")
def select_and_gather_add(ev, name, wrapped, ivals, params):
    return _select_and_gather_add(wrapped[0], wrapped[1], params), \
        "ivy.where (select_and_gather_add)"


@rule("select_and_scatter_add", mapping="ivy.where/pad (select_and_scatter_add)")
def select_and_scatter_add(ev, name, wrapped, ivals, params):
    return _select_and_scatter_add(wrapped[0], wrapped[1], params), \
        "ivy.where/pad (select_and_scatter_add)"


@rule("reduce", "reduce_window", mapping="ivy.frontends.jax.lax.reduce")
def reduce(ev, name, wrapped, ivals, params):
    if name == "reduce" and len(wrapped) > 2:  # variadic: (value, index) pairs and the like
        n = len(wrapped) // 2
        comp = ev._variadic_computation(params["jaxpr"], n)
        return flax_lax.reduce(tuple(wrapped[:n]), tuple(wrapped[n:]), comp,
                               params["dimensions"]), "ivy.frontends.jax.lax.reduce (variadic)"
    if len(wrapped) != 2:
        raise NotImplementedError(f"{name} over several operands")
    comp, what = ev._computation(params["jaxpr"], params.get("consts", ()))
    if name == "reduce":
        return flax_lax.reduce(wrapped[0], wrapped[1], comp, params["dimensions"]), \
            f"ivy.frontends.jax.lax.reduce({what})"
    return flax_lax.reduce_window(
        wrapped[0], wrapped[1], comp, params["window_dimensions"],
        params["window_strides"], params["padding"], params.get("base_dilation"),
        params.get("window_dilation")), f"ivy.frontends.jax.lax.reduce_window({what})"


@rule("argmax", "argmin", mapping="ivy.frontends.jax.lax.argmax/argmin")
def argmax(ev, name, wrapped, ivals, params):
    (axis,) = params["axes"]
    return getattr(flax_lax, name)(wrapped[0], axis, params["index_dtype"]), \
        f"ivy.frontends.jax.lax.{name}"


@rule("approx_top_k", mapping="ivy.frontends.jax.lax.approx_max_k/approx_min_k")
def approx_top_k(ev, name, wrapped, ivals, params):  # exact on CPU (what JAX computes there)
    fn = flax_lax.approx_max_k if params["is_max_k"] else flax_lax.approx_min_k
    return fn(wrapped[0], params["k"], params["reduction_dimension"]), \
        f"ivy.frontends.jax.lax.{fn.__name__}"


@rule("sort", mapping="ivy.frontends.jax.lax.sort")
def sort(ev, name, wrapped, ivals, params):
    if len(wrapped) <= 1:
        return _lax_rule(name)(ev, name, wrapped, ivals, params)
    # several operands sorted by the first
    if params["num_keys"] != 1:
        raise NotImplementedError(f"sort with num_keys={params['num_keys']}")
    return flax_lax.sort(tuple(wrapped), params["dimension"]), \
        "ivy.frontends.jax.lax.sort (several operands)"


@rule("stack", mapping="ivy.frontends.jax.lax.stack")
def stack(ev, name, wrapped, ivals, params):  # JAX 0.10's variadic stack primitive
    return flax_lax.stack(tuple(wrapped), params["axis"]), "ivy.frontends.jax.lax.stack"


@rule("concatenate", mapping="ivy.frontends.jax.lax.concatenate")
def concatenate(ev, name, wrapped, ivals, params):
    return flax_lax.concatenate(wrapped, params["dimension"]), \
        "ivy.frontends.jax.lax.concatenate"


@rule("reduce_precision", mapping="ivy.astype (reduce_precision)")
def reduce_precision(ev, name, wrapped, ivals, params):
    return _reduce_precision(ivals[0], params["exponent_bits"],
                             params["mantissa_bits"]), "ivy.astype (reduce_precision)"


@rule("symmetric_product", mapping="ivy.matmul (alpha A A^T + beta C)")
def symmetric_product(ev, name, wrapped, ivals, params):
    """``lax.linalg.symmetric_product``: ``alpha * A @ A^T + beta * C`` (JAX's CPU lowering)."""
    a, c = ivals
    nd = len(a.shape)
    at = ivy.permute_dims(a, (*range(nd - 2), nd - 1, nd - 2))
    dt = str(a.dtype)
    alpha = ivy.asarray(params["alpha"], dtype=dt)
    beta = ivy.asarray(params["beta"], dtype=dt)
    out = ivy.add(ivy.multiply(alpha, ivy.matmul(a, at)), ivy.multiply(beta, c))
    return out, "ivy.matmul (alpha A A^T + beta C)"


@rule("iota_2x32_shape", mapping="ivy.arange (the counter's high and low 32 bits)")
def iota_2x32_shape(ev, name, wrapped, ivals, params):
    """The row-major position of each element of ``shape`` as a 64-bit counter split into its
    high and low 32-bit words (the PRNG kernels' counters)."""
    shape = tuple(int(d) for d in params["shape"])
    n = int(np.prod(shape)) if shape else 1
    pos = np.arange(n, dtype=np.uint64).reshape(shape)
    hi = ivy.asarray((pos >> np.uint64(32)).astype(np.uint32))
    lo = ivy.asarray((pos & np.uint64(0xFFFFFFFF)).astype(np.uint32))
    return [hi, lo], "ivy.arange (the counter's high and low 32 bits)"


@rule("fft", mapping="ivy.fft")
def fft(ev, name, wrapped, ivals, params):
    kind = int(getattr(params["fft_type"], "value", params["fft_type"]))
    lengths = tuple(params["fft_lengths"])
    axes = tuple(range(-len(lengths), 0))
    x = ivals[0]
    fn = {0: ivy.fft.fftn, 1: ivy.fft.ifftn, 2: ivy.fft.rfftn, 3: ivy.fft.irfftn}[kind]
    kw = {"s": lengths} if kind in (2, 3) else {}
    return fn(x, axes=axes, **kw), f"ivy.fft.{fn.__name__}"


@rule("dynamic_slice", "dynamic_update_slice", mapping="ivy.frontends.jax.lax.dynamic_slice")
def dynamic_slice(ev, name, wrapped, ivals, params):
    k = 1 if name == "dynamic_slice" else 2
    if not (ev.real and _all_concrete(ivals[k:])):
        return _dynamic_slice(name, ivals, params), f"ivy.take ({name}, traced start)"
    fn = getattr(flax_lax, name)  # the start indices as one sequence
    if k == 1:
        return fn(wrapped[0], wrapped[1:], params["slice_sizes"]), \
            "ivy.frontends.jax.lax.dynamic_slice"
    return fn(wrapped[0], wrapped[1], wrapped[2:]), \
        "ivy.frontends.jax.lax.dynamic_update_slice"


@rule("iota", mapping="ivy.frontends.jax.lax.broadcasted_iota")
def iota(ev, name, wrapped, ivals, params):
    return flax_lax.broadcasted_iota(params["dtype"], tuple(params["shape"]),
                                     params["dimension"]), \
        "ivy.frontends.jax.lax.broadcasted_iota"


_CHOICE = {"eigh", "svd", "qr", "eig"}
#: eigen/singular values closer than this (relative to the largest) are treated as repeated
_CLUSTER = 1e-3


def _groups(vals, tol):
    """Index groups of (real) ``vals`` chained within ``tol`` of each other."""
    order = np.argsort(vals, kind="stable")
    groups: list[list[int]] = []
    for k, i in enumerate(order):
        if k and vals[i] - vals[order[k - 1]] <= tol:
            groups[-1].append(int(i))
        else:
            groups.append([int(i)])
    return groups


def _H(m):
    return np.conj(np.swapaxes(m, -1, -2))


def _unit(d):
    a = np.abs(d)
    return np.where(a > 0, d / np.where(a > 0, a, 1), 1)


def _random_unitary(n, complex_, rng):
    z = rng.standard_normal((n, n))
    if complex_:
        z = z + 1j * rng.standard_normal((n, n))
    q, r = np.linalg.qr(z)
    return q * _unit(np.diag(r))


def _svd_sets(s, mu, nv):
    """(shared groups, u-only set, v-only set) of an SVD's columns: clusters of non-zero singular
    values (U and V rotate together) and the null spaces (each on its own)."""
    k = len(s)
    tol = _CLUSTER * (float(np.max(s)) if k else 0.0)
    zero = [i for i in range(k) if s[i] <= tol]
    rest = [i for i in range(k) if i not in zero]
    shared = [[rest[j] for j in g] for g in _groups(s[rest], tol)] if rest else []
    return shared, zero + list(range(k, mu)), zero + list(range(k, nv))


def _choice_transform(name, params, outs, other=None, rng=None):
    """JAX's decomposition ``outs`` re-expressed with another valid choice: the one closest to
    ``other`` (the Ivy result: alignment) or a random one (``rng``)."""
    if name == "eigh":
        batch = outs[1].ndim - 1

        def f(m):
            v, w = m[0].astype(np.result_type(m[0], np.float64)), m[1]
            tol = _CLUSTER * float(np.max(np.abs(w))) if w.size else 0.0
            vo = v.copy()
            for g in _groups(w, tol):
                if other is not None:
                    vi = other[0][bix][:, g]
                    vo[:, g] = v[:, g] @ (_H(v[:, g]) @ vi)
                else:
                    vo[:, g] = v[:, g] @ _random_unitary(len(g), np.iscomplexobj(v), rng)
            return [vo, w]
    elif name == "svd":
        if not params.get("compute_uv", True):
            return outs
        batch = outs[0].ndim - 1

        def f(m):
            s, u, vt = m
            u, vt = u.astype(np.result_type(u, np.float64)), vt.astype(np.result_type(vt, np.float64))
            v = _H(vt)
            uo, vo = u.copy(), v.copy()
            cplx = np.iscomplexobj(u)
            shared, uset, vset = _svd_sets(s, u.shape[-1], vt.shape[-2])
            for g in shared:
                if other is not None:
                    r = _H(v[:, g]) @ _H(other[2][bix])[:, g]
                else:
                    r = _random_unitary(len(g), cplx, rng)
                uo[:, g], vo[:, g] = u[:, g] @ r, v[:, g] @ r
            for mat, out, idx, j in ((u, uo, uset, 1), (v, vo, vset, 2)):
                if idx:
                    if other is not None:
                        oth = other[1][bix] if j == 1 else _H(other[2][bix])
                        r = _H(mat[:, idx]) @ oth[:, idx]
                    else:
                        r = _random_unitary(len(idx), cplx, rng)
                    out[:, idx] = mat[:, idx] @ r
            return [s, uo, _H(vo)]
    elif name == "qr":
        batch = outs[0].ndim - 2

        def f(m):
            q, r = (a.astype(np.result_type(a, np.float64)) for a in m[:2])
            k = min(q.shape[-2], r.shape[-1])
            cplx = np.iscomplexobj(q)
            if other is not None:
                d = _unit(np.sum(np.conj(q[:, :k]) * other[0][bix][:, :k], axis=0))
            elif cplx:
                d = np.exp(2j * np.pi * rng.random(k))
            else:
                d = rng.choice([-1.0, 1.0], k)
            qo, ro = q.copy(), r.copy()
            qo[:, :k] = q[:, :k] * d
            ro[:k] = np.conj(d)[:, None] * r[:k]
            extra = list(range(k, q.shape[-1]))
            if extra:
                rot = (_H(q[:, extra]) @ other[0][bix][:, extra] if other is not None
                       else _random_unitary(len(extra), cplx, rng))
                qo[:, extra] = q[:, extra] @ rot
                ro[extra] = _H(rot) @ r[extra]
            return [qo, ro, *m[2:]]  # pivoted: the permutation is JAX's (checked as it is)
    elif name == "eig":
        batch = outs[0].ndim - 1

        def f(m):
            w = m[0]
            if other is not None:
                wi, left, perm = other[0][bix], list(range(len(w))), []
                for x in wi:  # the nearest unused JAX eigenvalue for each Ivy one
                    j = min(left, key=lambda t: abs(w[t] - x))
                    left.remove(j)
                    perm.append(j)
            else:
                perm = list(rng.permutation(len(w)))
            res = [w[perm]]
            for j, vec in enumerate(m[1:], start=1):
                vec = vec[:, perm]
                if other is not None:
                    d = _unit(np.sum(np.conj(vec) * other[j][bix], axis=0))
                else:
                    d = np.exp(2j * np.pi * rng.random(len(w)))
                res.append(vec * d)
            return res
    else:
        return outs
    bix = None
    outs_np = [np.asarray(o) for o in outs]
    results = [o.copy() for o in outs_np]
    for b in np.ndindex(*outs_np[0].shape[:batch]):
        bix = b
        for r, v in zip(results, f([o[b] for o in outs_np]), strict=True):
            r[b] = v.astype(r.dtype) if np.iscomplexobj(r) else np.real(v).astype(r.dtype)
    return results


def _same_values(real_list, res_list) -> bool:
    """Whether the Ivy results equal JAX's as they are (QR: LAPACK's Householder convention,
    which NumPy, PyTorch and TensorFlow share, fixes the signs)."""
    return all(fw.difference(_real_np(r), ivy_numpy(i), fw.OP_RTOL)[0]
               for r, i in zip(real_list, res_list, strict=True))


def _has_choice(params, only) -> bool:
    """Whether a loop's/call's sub-jaxprs contain one of the decompositions ``only`` (ids)."""
    for v in params.values():
        for sub in (v if isinstance(v, (tuple, list)) else (v,)):
            j = getattr(sub, "jaxpr", None)
            j = getattr(j, "jaxpr", j) if j is not None and not hasattr(j, "eqns") else j
            if j is None or not hasattr(j, "eqns"):
                continue
            for e in j.eqns:
                if id(e) in only or _has_choice(e.params, only):
                    return True
    return False


def _jax_with_choices(jaxpr, consts, args, rng, only):
    """JAX's own evaluation of ``jaxpr`` with the results of the decompositions ``only`` (ids of
    their equations) replaced by random other valid ones; ``_LoopChoice`` for one in a loop."""
    env = {}

    def read(v):
        return v.val if isinstance(v, _Literal) else env[v]

    for var, c in zip(jaxpr.constvars, consts, strict=True):
        env[var] = c
    for var, a in zip(jaxpr.invars, args, strict=True):
        env[var] = a
    for eqn in jaxpr.eqns:
        ins = [read(v) for v in eqn.invars]
        name, p = eqn.primitive.name, eqn.params
        if name in _INLINE:
            sub = p.get("jaxpr") or p.get("call_jaxpr") or p.get("fun_jaxpr")
            outs = (_jax_with_choices(sub.jaxpr, list(sub.consts), ins, rng, only)
                    if hasattr(sub, "jaxpr") else _jax_with_choices(sub, [], ins, rng, only))
        else:
            if _has_choice(p, only):
                raise _LoopChoice(eqn)
            outs = eqn.primitive.bind(*ins, **p)
            outs = list(outs) if eqn.primitive.multiple_results else [outs]
            if id(eqn) in only:
                outs = [jnp.asarray(o) for o in _choice_transform(name, p, outs, rng=rng)]
        for var, o in zip(eqn.outvars, outs, strict=True):
            env[var] = o
    return [read(v) for v in jaxpr.outvars]


class _LoopChoice(Exception):
    def __init__(self, eqn):
        super().__init__(eqn.primitive.name)
        self.eqn = eqn


def _check_choice_free(closed, inputs, captured, choices, source="jax"):
    """Refuse a program whose outputs depend on a decomposition's choice: JAX's program re-run
    with random other valid choices of each decomposition (two draws) must give the captured
    outputs. ``choices``: ``{id(eqn): (op, line, eqn)}``."""
    what = {"lax.eigh": "eigenvectors (their signs, or a basis of a repeated eigenvalue's space)",
            "lax.svd": "singular vectors (their signs, or a basis of a repeated singular value's "
                       "space)",
            "lax.qr": "QR factors (the signs of Q's columns and R's rows)",
            "lax.eig": "eigenpairs (their order and the eigenvectors' phases)"}
    want = [_real_np(o) for o in captured]
    for key, (op, line, _) in choices.items():
        w = what.get(op, op)
        for seed in (0, 1):
            rng = np.random.default_rng(seed)
            try:
                outs = _jax_with_choices(closed.jaxpr, list(closed.consts), inputs, rng, {key})
            except _LoopChoice as e:
                raise TranspileError(
                    f"a {op} inside lax.{e.eqn.primitive.name}: its {w} are not unique, and "
                    "whether the result depends on them cannot be checked inside a loop",
                    op=op, line=_line(e.eqn) or line, source=source) from None
            res = fw.compare_trees([_real_np(o) for o in outs], want, rtol_table=fw.OP_RTOL)
            bad = [r for r in res if not r["ok"]]
            if bad:
                raise TranspileError(
                    f"the result depends on which {w} {op} returns, which are not unique (JAX "
                    "and the target frameworks' libraries may return different ones): output "
                    f"{bad[0]['path'] or 0} changes with another valid choice ({bad[0]['why']})",
                    op=op, line=line, source=source)


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
        # namedtuples (optax's states) as plain tuples: the tracer follows those into the
        # graph's inputs (``run`` gets the leaves in the same order; ``flat_fn`` rebuilds them)
        graph = trace(run, name, params_np if model else None, plain_structure(args),
                      plain_structure(kwargs), like=fn if not model else None)
    except TraceError as e:
        raise TranspileError(str(e), source="jax") from e
    choices = shadow.__dict__.get("jax_choices")
    if choices:
        _check_choice_free(closed, p_real + a_real,
                           jax.tree_util.tree_leaves(result["out"]), choices)
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


# -- the gradient check's float64 witness -------------------------------------------------------
def _in_jax(filename) -> bool:
    import os
    root = os.path.dirname(os.path.abspath(jax.__file__))
    return os.path.abspath(str(filename)).startswith(root + os.sep)


def _custom_rules(jaxpr) -> list[str]:
    """Where the program's derivative is defined by its code rather than derived from its
    forward: ``jax.custom_jvp``/``custom_vjp`` functions and ``lax.stop_gradient`` calls, in
    the jaxpr and every sub-jaxpr (``jit``, loops, ``cond`` branches, the custom rules' own
    bodies). JAX's own (``jax.nn.relu``'s rule, the max shift of ``logsumexp``, defined in
    ``jax``'s package or called from it) are derivatives of their forwards (a kink's convention
    aside, which the finite differences' one-sided test already leaves to the source) and do
    not count; Flax's (spectral norm), Optax's and the user's do. A rule whose origin JAX does
    not record counts."""
    found: set[str] = set()

    def subs(v):
        for s in (v if isinstance(v, (list, tuple)) else (v,)):
            if hasattr(s, "eqns"):
                yield s
            elif hasattr(getattr(s, "jaxpr", None), "eqns"):
                yield s.jaxpr

    def where(frame) -> str:
        return f"{frame.file_name}:{frame.line_num}"

    def walk(j):
        for e in j.eqns:
            name = e.primitive.name
            if name.startswith("custom_") and "call_jaxpr" in e.params:
                src = getattr(getattr(getattr(e.params["call_jaxpr"], "jaxpr", None),
                                      "debug_info", None), "func_src_info", None) or ""
                fn_name, _, at = src.rpartition(" at ")
                if not (fn_name and _in_jax(at.rpartition(":")[0])):
                    found.add(f"jax.{name.removesuffix('_call')} {fn_name or '?'} "
                              f"({at or 'origin unknown'})")
            elif name == "stop_gradient":
                tb = getattr(e.source_info, "traceback", None)
                frames = list(tb.frames) if tb is not None else []  # innermost first
                i = next((k for k, f in enumerate(frames) if not _in_jax(f.file_name)), None)
                if i is None:
                    if not frames:
                        found.add("lax.stop_gradient (origin unknown)")
                    continue  # JAX's own, called from JAX
                api = [f for f in frames[:i] if not f.file_name.endswith("traceback_util.py")]
                if not api or api[-1].function_name == "stop_gradient":
                    found.add(f"lax.stop_gradient at {where(frames[i])}")
            for v in e.params.values():
                for s in subs(v):
                    walk(s)

    walk(jaxpr)
    return sorted(found)


def _inexact(v) -> bool:
    """A float or complex leaf (not a typed PRNG key, whose dtype NumPy does not know)."""
    d = getattr(v, "dtype", None)
    if d is None:
        return isinstance(v, (float, complex))
    return bool(jnp.issubdtype(d, jnp.inexact))


class Float64Witness:
    """The model run in float64 under ``jax.enable_x64`` (float32 parameters and inputs cast)
    for the gradient check's second opinion (``verify.second_opinion``; the interface of
    ``capture.torch.Float64Witness``): its ``jax.grad`` gradient, its forward loss
    ``<outputs, cotangents>`` with parameters shifted (finite differences), and ``custom``:
    where its derivative is defined by code (:func:`_custom_rules`), which a forward-based
    witness must not overrule. Raises when the model does not compute in float64 (a dtype
    fixed in the model: its outputs stay float32) — the failure then stands."""

    def __init__(self, obj, args, kwargs):
        fn, params_tree, _ = _pure(obj)
        if params_tree is None:
            raise NotImplementedError("gradients are checked for models only")
        self.names, leaves, treedef = _flat_params(params_tree)
        wide = {np.dtype(np.float32): np.float64, np.dtype(np.float16): np.float64,
                np.dtype(np.complex64): np.complex128}

        def to64(v):
            if isinstance(v, (np.ndarray, jax.Array)) and _inexact(v) \
                    and np.dtype(v.dtype) in wide:
                return jnp.asarray(np.asarray(v), wide[np.dtype(v.dtype)])
            return v

        self.custom: list[str] = []
        with jax.enable_x64(True):
            self.leaves = [to64(v) for v in leaves]
            a, k = jax.tree_util.tree_map(to64, (tuple(_jax_args(args)), dict(kwargs)))
        self.diff = [i for i, v in enumerate(self.leaves) if _inexact(v)]

        def total(diff_leaves):
            p = list(self.leaves)
            for i, v in zip(self.diff, diff_leaves, strict=True):
                p[i] = v
            out = fn(jax.tree_util.tree_unflatten(treedef, p), *a, **k)
            fl = [o for o in jax.tree_util.tree_leaves(plain_structure(out))
                  if hasattr(o, "dtype") and jnp.issubdtype(o.dtype, jnp.inexact)]
            narrow = sorted({str(o.dtype) for o in fl} - {"float64", "complex128"})
            if narrow:
                raise TypeError(f"the model does not compute in float64 (outputs {narrow})")
            return sum(jnp.sum(o * fw.cotangent(o.shape, np.dtype(o.dtype), i))
                       for i, o in enumerate(fl))

        self._total, self._jit = total, jax.jit(total)

    def gradient(self) -> dict:
        p = [self.leaves[i] for i in self.diff]
        with jax.enable_x64(True):
            self.custom = _custom_rules(jax.make_jaxpr(self._total)(p).jaxpr)
            try:  # one compilation of the whole backward pass (eagerly: one per operation)
                grads = jax.jit(jax.grad(self._total))(p)
            except Exception:  # noqa: BLE001 - not jittable: eagerly
                grads = jax.grad(self._total)(p)
        return {self.names[i]: np.asarray(g) for i, g in zip(self.diff, grads, strict=True)}

    def loss(self, shift: dict) -> float:
        """The float64 loss with ``shift[name]`` added to those parameters."""
        with jax.enable_x64(True):
            p = [self.leaves[i] + shift[self.names[i]] if self.names[i] in shift
                 else self.leaves[i] for i in self.diff]
            return float(self._jit(p))


def float64_witness(obj, args, kwargs) -> Float64Witness:
    return Float64Witness(obj, args, kwargs)


__all__ = ["RULES", "capture", "float64_witness", "gradient", "is_model", "run_native"]
