"""Verifying emitted code against the source (docs/transpiler.md, "Verification and
tolerances"): the example and a second random draw of inputs, the gradient of a model, float32
rounding told apart from a wrong mapping (the source in float64), the float64 second opinion on
gradients, and the captured operation a second-draw failure comes from."""

from __future__ import annotations

import contextlib

import numpy as np
import optree

from .. import backend_handler
from ..tracer import ir
from . import frameworks as fw
from . import models
from .capture import Captured
from .errors import TranspileError
from .variants import load_emitted


class Runner:
    """Runs the emitted code on target arrays for the verification: ``(params, args, kwargs)``
    → the outputs as NumPy."""

    mode = "eager"

    def __init__(self, fn, target: str, is_model: bool):
        self.fn, self.target, self.is_model = fn, target, is_model

    def call(self, params, args, kwargs):
        return self.fn(params, *args, **kwargs) if self.is_model else self.fn(*args, **kwargs)

    def __call__(self, params, args, kwargs):
        with backend_handler.using_backend("numpy") if self.target == "ivy" else contextlib.nullcontext():
            return fw.tree_to_numpy(self.call(params, args, kwargs))


#: graphs of at least this many calls are verified under jax.jit; smaller ones eagerly, where
#: JAX's per-operation compilations are shared by every function of the process (an op table
#: of hundreds of one-op programs: 12 s eagerly, 20 s jitted)
_JIT_FROM_CALLS = 16


class JaxRunner(Runner):
    """Runs emitted JAX code for the verification under ``jax.jit``: one XLA compilation of the
    whole function instead of one per distinct operation run eagerly (the bulk of a transpile's
    time: rgb_to_hsv 1.4 s → 0.45 s), and it shows the output is jittable. The example's
    non-array values (Python numbers, strings, None) stay static; the second draw, with the same
    shapes, reuses the compilation. Code that cannot be jitted (or whose jitted run raises) runs
    eagerly from then on, and the report says why. Emitted code that switches on 64-bit values
    (``jax.enable_x64``) is jitted in that mode, so float64 inputs stay float64."""

    def __init__(self, fn, is_model: bool, x64: bool):
        super().__init__(fn, "jax", is_model)
        self.x64 = x64
        self.cache: dict = {}
        self.mode = "jax.jit"

    def __call__(self, params, args, kwargs):
        import jax
        with jax.enable_x64(True) if self.x64 else contextlib.nullcontext():
            if self.mode == "jax.jit":
                try:
                    return fw.tree_to_numpy(self._jitted(params, args, kwargs))
                except Exception as e:  # noqa: BLE001 - not jittable: the eager run decides
                    self.mode = f"eager (jax.jit failed: {type(e).__name__}: {str(e)[:200]})"
            return fw.tree_to_numpy(self.call(params, args, kwargs))

    def _jitted(self, params, args, kwargs):
        import jax
        leaves, spec = optree.tree_flatten((params, args, kwargs), none_is_leaf=True,
                                           namespace="ivy")
        dyn = [i for i, v in enumerate(leaves) if isinstance(v, jax.Array)]
        static = tuple((i, v) for i, v in enumerate(leaves) if not isinstance(v, jax.Array))
        key = (spec, repr(static))
        f = self.cache.get(key)
        if f is None:
            n = len(leaves)

            def whole(*arrays):
                full = [None] * n
                for i, v in static:
                    full[i] = v
                for i, v in zip(dyn, arrays, strict=True):
                    full[i] = v
                return self.call(*optree.tree_unflatten(spec, full))

            f = self.cache[key] = jax.jit(whole)
        return f(*(leaves[i] for i in dyn))


def _second_draw(args, kwargs, seed=1):
    rng = np.random.default_rng(seed)

    def draw(v):
        return fw.random_like(v, rng) if isinstance(v, np.ndarray) else v

    return (optree.tree_map(draw, args, none_is_leaf=True, namespace="ivy"),
            optree.tree_map(draw, kwargs, none_is_leaf=True, namespace="ivy"))


def localize(cap: Captured, cap_mod, obj, args, kwargs) -> dict | None:
    """Which captured operation made the emitted code wrong on the second draw: capture the
    program again on those inputs; the first node where the two graphs differ (a constant baked
    from the example's values, a different op sequence) names its source op and line (the
    captures set ``node.meta``). A capture that fails on the second draw names its op itself."""
    try:
        cap2 = cap_mod.capture(obj, args, kwargs)
    except TranspileError as e:
        return {"op": e.op, "line": e.line,
                "why": f"on a second random draw of inputs the capture fails ({e.detail})"}
    except Exception:  # noqa: BLE001 - no localization; the verification failure stands
        return None
    a, b = cap.graph.nodes, cap2.graph.nodes
    for k in range(min(len(a), len(b)) + 1):
        if k < len(a) and k < len(b) and _node_key(a[k]) == _node_key(b[k]):
            continue
        meta = next((n.meta for n in a[k:] if n.meta), None)
        if meta is None:
            return None
        return {"op": meta["source_op"], "line": meta["line"],
                "why": "the captured program depends on the input values here: captured on a "
                       "second random draw of inputs it records a different computation (a "
                       "value read into Python: data-dependent control flow, or a mapping that "
                       "inspects its data), so the emitted code holds the example's values"}
    return None


def _node_key(n):
    """What makes two captured nodes the same computation (constants by value)."""
    def norm(v):
        if isinstance(v, ir.Sub):
            return ("sub", tuple(_node_key(m) for m in v.graph.nodes))
        if isinstance(v, (tuple, list)):
            return (type(v).__name__, tuple(norm(e) for e in v))
        if isinstance(v, dict):
            return ("dict", tuple((k, norm(e)) for k, e in v.items()))
        if isinstance(v, np.ndarray):
            return ("array", v.shape, str(v.dtype), v.tobytes())
        return repr(v)

    value = None
    if n.value is not None:
        v = np.asarray(n.value)
        value = (v.shape, str(v.dtype), v.tobytes())
    return (n.op, n.target, norm(n.args), norm(n.kwargs), repr(n.outputs), value)


def fails(verification: dict, part: str) -> bool:
    v = verification.get(part)
    return isinstance(v, list) and not all(e["ok"] for e in v)


def tolerances(graph) -> dict:
    """``frameworks.RTOL``, no tighter than the least precise float the program computes in: a
    float64 output computed from float32 values (NumPy's ``f32 / np.float64`` promotes) can only
    be float32-accurate."""
    floor = 0.0
    for n in graph.nodes:
        for _, d in (n.outputs or ()):
            floor = max(floor, fw.RTOL.get(str(d), 0.0))
    return {k: max(v, floor) for k, v in fw.RTOL.items()}


def verify_emitted(fn, target, cap: Captured, cap_mod, obj, params, text: str = "") -> dict:
    conv = target if target != "ivy" else "numpy"
    tol = tolerances(cap.graph)
    out = {}
    a, k = fw.tree_from_numpy(cap.args, conv), fw.tree_from_numpy(cap.kwargs, conv)
    calls = sum(1 for n in cap.graph.nodes if n.op == "call")
    run = JaxRunner(fn, cap.is_model, "enable_x64" in text) \
        if target == "jax" and calls >= _JIT_FROM_CALLS else Runner(fn, target, cap.is_model)
    try:
        got = run(params, a, k)
        out["example"] = fw.compare_trees(cap.outputs, got, rtol_table=tol)
        if fails(out, "example") and not cap.is_model:
            _rounding(out["example"], cap_mod, obj, cap.args, cap.kwargs, cap.outputs, got)
    except Exception as e:  # noqa: BLE001 - reported as a failed verification
        out["example"] = [_crash("example", e)]
    # a second draw of inputs with the same shapes and dtypes, against the source run natively
    a2, k2 = _second_draw(cap.args, cap.kwargs)
    try:
        ref2 = fw.tree_to_numpy(cap_mod.run_native(obj, a2, k2))
    except Exception as e:  # noqa: BLE001 - the source itself rejects random inputs
        out["second_draw"] = {"skipped": f"the source raised on random inputs: "
                                         f"{type(e).__name__}: {str(e)[:200]}"}
    else:
        got2 = None
        try:
            got2 = run(params, fw.tree_from_numpy(a2, conv), fw.tree_from_numpy(k2, conv))
            out["second_draw"] = fw.compare_trees(ref2, got2, rtol_table=tol)
        except Exception as e:  # noqa: BLE001
            out["second_draw"] = [_crash("second_draw", e)]
        if fails(out, "second_draw"):
            where = localize(cap, cap_mod, obj, a2, k2)
            if where is not None:
                out["localized"] = where
            elif not cap.is_model and got2 is not None:
                _rounding(out["second_draw"], cap_mod, obj, a2, k2, ref2, got2)
    if cap.is_model and cap.trainable:
        out["gradient"] = verify_gradient(fn, target, cap, cap_mod, obj, params, a, k, text)
    ok = True
    for part in ("example", "second_draw", "gradient"):
        v = out.get(part)
        if isinstance(v, list):
            ok = ok and all(e["ok"] for e in v)
    out["verified"] = bool(ok)
    out["run"] = run.mode
    return out


def _rounding(entries: list, cap_mod, obj, args, kwargs, ref, got) -> None:
    """Failed float32 entries that are rounding, not a wrong mapping, marked ok with a note:
    the source run natively on the same inputs in float64 is the truth, and the emitted code
    is no further from it than the source's own float32 result (×4, as for the per-op
    checks). A program that amplifies rounding (a colour conversion through cube roots, a
    nearly singular solve) meets the rtol of float32 on neither side. Functions only (a
    model's parameters would need casting too); nothing is accepted when the source cannot
    run in float64."""
    def to64(v):
        return v.astype(np.float64) if isinstance(v, np.ndarray) and v.dtype == np.float32 \
            else v
    try:
        a64 = optree.tree_map(to64, args, none_is_leaf=True, namespace="ivy")
        k64 = optree.tree_map(to64, kwargs, none_is_leaf=True, namespace="ivy")
        truth = fw.tree_to_numpy(cap_mod.run_native(obj, a64, k64))
        paths, tl, _ = optree.tree_flatten_with_path(truth, none_is_leaf=True, namespace="ivy")
        rl = optree.tree_leaves(ref, none_is_leaf=True, namespace="ivy")
        gl = optree.tree_leaves(got, none_is_leaf=True, namespace="ivy")
    except Exception:  # noqa: BLE001 - no float64 reference: the failure stands
        return
    if not (len(tl) == len(rl) == len(gl) == len(entries)):
        return
    for e, t, r, g in zip(entries, tl, rl, gl, strict=True):
        if e["ok"] or not all(isinstance(v, np.ndarray) for v in (t, r, g)):
            continue
        if r.dtype != np.float32 or r.shape != g.shape or r.shape != t.shape \
                or t.dtype != np.float64:
            continue
        t, r, g = (v.astype(np.float64) for v in (t, r, g))
        fin = np.isfinite(t) & np.isfinite(r)
        if not np.array_equal(np.isfinite(r), np.isfinite(g)) or not fin.any():
            continue
        own = float(np.abs(r - t)[fin].max())
        err = float(np.abs(g - t)[fin].max())
        # a float64 run that computes something else (code branching on the dtype) is no truth
        if own <= 1e-2 * float(np.abs(t[fin]).max()) and err <= 4 * own:
            e["ok"] = True
            e["why"] = (f"{e['why']}; accepted: the source's own float32 result is "
                        f"{own:.3g} from its float64 result, the emitted code {err:.3g} "
                        "(rounding amplified by the program, not a wrong mapping)")


def verify_gradient(fn, target, cap, cap_mod, obj, params, a, k, text=""):
    if target in ("numpy", "ivy"):
        return {"skipped": f"{target} has no automatic differentiation"}
    try:
        ref = cap_mod.gradient(obj, cap.args, cap.kwargs)
    except NotImplementedError as e:
        return {"skipped": str(e)}
    try:
        got = models.gradient(target, fn, params, cap.trainable, a, k)
    except Exception as e:  # noqa: BLE001
        return [_crash("gradient", e)]
    names = [n for n in ref if n in got]
    missing = sorted(set(ref) ^ set(got))
    # a gradient that is zero in exact arithmetic (e.g. an attention key bias) comes out as
    # rounding noise on both sides: judge each against the largest gradient of the model
    scale = max((float(np.max(np.abs(ref[n]))) for n in names if ref[n].size), default=0.0)
    res = fw.compare_trees({n: ref[n] for n in names}, {n: got[n] for n in names},
                           rtol_table=_GRAD_RTOL, atol=1e-6 * scale)
    if not all(e["ok"] for e in res):
        # the same code in float64: a copy whose input check lets the float64 inputs through
        fn64 = load_emitted(text, target, fn.__name__, checked=False) if text else fn
        second_opinion(res, names, got, fn64, target, cap, cap_mod, obj, ref)
    if missing:
        res.append({"path": "gradient names", "ok": False, "max_abs_err": float("inf"),
                    "why": f"parameters without a gradient on one side: {missing[:5]}"})
    return res


#: at most this many failing parameters get finite differences (three float64 forwards each)
_FD_MAX = 16


def second_opinion(res, names, got, fn, target, cap, cap_mod, obj, ref) -> None:
    """Failed gradient entries that are float32 rounding or a defect of the source's own
    backward, marked ok with a note; everything else stands (docs/transpiler.md, "Gradients").

    The source model and the emitted code both run again in float64 (a deep copy of the
    model; the emitted code on float64 parameters and inputs, JAX under ``enable_x64``):

    * rounding: the target's float64 gradient equals the source's float64 gradient (within
      ``1e-7`` of the model's largest gradient, 1000× tighter than the float32 check), and
      its float32 gradient is within ``1e-3`` of that largest gradient of its float64 self.
      A wrong mapping is as wrong in float64; only rounding disappears.
    * the source's backward disagrees with its own forward: along a random direction of the
      parameter, float64 central differences of the source's forward agree with the target's
      gradient (to 5% of the two gradients' disagreement) and not with the source's autodiff,
      and the one-sided differences agree with each other to 10% of it (the loss is smooth
      there: at a kink, e.g. ReLU6 at exactly 0, a convention decides and the source's
      stands). Never when the source defines its own derivative (torch: a custom
      ``autograd.Function``, ``detach``; JAX: ``custom_jvp``/``custom_vjp``, ``stop_gradient``;
      TF: ``tf.custom_gradient``, ``tf.stop_gradient`` — the witness's ``custom``): its
      backward is the model's definition (a straight-through estimator is meant to differ).
      Found on torch 2.13: eval-mode BatchNorm's CPU backward with batch 1 and a gradient in
      another memory layout (LeViT: ``flatten(2).transpose(1, 2)`` after it) gives wrong
      bias gradients in float32 and float64 alike.

    Witnesses: ``capture.torch``, ``capture.jax`` and ``capture.tensorflow`` (Keras) each give
    ``float64_witness``. Sources without one (NumPy: no models), models that cannot run in
    float64 and emitted code that cannot: the failures stand."""
    witness = getattr(cap_mod, "float64_witness", None)
    if witness is None or target not in ("torch", "jax", "tensorflow"):
        return
    conv = target

    def to64(v):
        return v.astype(np.float64) if isinstance(v, np.ndarray) and v.dtype == np.float32 \
            else v

    try:
        wit = witness(obj, cap.args, cap.kwargs)
        ref64 = wit.gradient()
        x64 = _x64(target)
        with x64:
            p64 = {k: fw.from_numpy(to64(v), conv) for k, v in cap.params.items()}
            a64 = fw.tree_from_numpy(optree.tree_map(to64, cap.args, none_is_leaf=True,
                                                     namespace="ivy"), conv)
            k64 = fw.tree_from_numpy(optree.tree_map(to64, cap.kwargs, none_is_leaf=True,
                                                     namespace="ivy"), conv)
            got64 = models.gradient(target, fn, p64, cap.trainable, a64, k64)
    except Exception:  # noqa: BLE001 - no float64 witness: the failures stand
        return
    big = max((float(np.max(np.abs(ref64[n]))) for n in names
               if n in ref64 and ref64[n].size), default=0.0)
    rng = np.random.default_rng(7)
    fd_left = _FD_MAX
    for e in res:
        if e["ok"]:
            continue
        n = next((m for m in names if e["path"] == f"[{m!r}]"), None)
        if n is None or n not in ref64 or n not in got64:
            continue
        r, t, t32, r32 = (np.asarray(v, np.float64) for v in (ref64[n], got64[n], got[n],
                                                               ref[n]))
        if r.shape != t.shape or t.shape != t32.shape or not (np.isfinite(r).all()
                                                           and np.isfinite(t).all()):
            continue
        if float(np.max(np.abs(t32 - t), initial=0.0)) > 1e-3 * big:
            continue  # the float32 gradient is not float32 rounding of the float64 one
        apart = float(np.max(np.abs(r32 - r), initial=0.0)) if r32.shape == r.shape \
            else float("inf")
        if apart > 1e-3 * big:
            # the float64 copy does not reproduce the source's own float32 gradient (e.g. a
            # gradient hook on a parameter, which a deep copy drops): it is no witness
            e["why"] += ("; the source's float64 copy does not reproduce its float32 gradient "
                         f"({apart:.2g} apart), so it "
                         "cannot judge" + (f"; the source's backward runs gradient rules of its "
                                           f"own ({', '.join(wit.custom[:3])})"
                                           if wit.custom else ""))
            continue
        err64 = float(np.max(np.abs(t - r), initial=0.0))
        if err64 <= 1e-7 * big:
            e["ok"] = True
            e["why"] += (f"; accepted: float32 rounding (in float64 the emitted code's gradient "
                         f"is {err64:.2g} from the source's, the model's largest gradient "
                         f"{big:.3g})")
            continue
        if wit.custom:
            e["why"] += (f"; in float64 too ({err64:.2g}); the source's backward runs "
                         f"gradient rules of its own or cuts its gradient "
                         f"({', '.join(wit.custom[:3])}), which define it")
            continue
        if fd_left <= 0:
            continue
        fd_left -= 1
        v = rng.standard_normal(r.shape)
        v /= max(float(np.linalg.norm(v)), 1e-300)
        d_t, d_r = float(np.sum(t * v)), float(np.sum(r * v))
        gap = abs(d_t - d_r)
        h = 1e-6 * max(1.0, float(np.max(np.abs(cap.params[n]), initial=0.0))) \
            if n in cap.params else 1e-6
        try:
            l0, lp, lm = (wit.loss({n: s * h * v}) for s in (0.0, 1.0, -1.0))
        except Exception:  # noqa: BLE001
            continue
        d_c, d_p, d_m = (lp - lm) / (2 * h), (lp - l0) / h, (l0 - lm) / h
        if gap > 0 and abs(d_c - d_t) <= 0.05 * gap and abs(d_p - d_m) <= 0.1 * gap:
            e["ok"] = True
            e["why"] += (f"; accepted: the source framework's own gradient disagrees with its "
                         f"forward (float64, along a random direction: central differences "
                         f"{d_c:.6g}, the emitted code {d_t:.6g}, the source's autodiff "
                         f"{d_r:.6g}; one-sided differences {d_p:.6g} / {d_m:.6g}): a defect "
                         "of the source's backward, not of the mapping")
        else:
            e["why"] += (f"; in float64 too ({err64:.2g}), and the source's forward agrees with "
                         f"its own gradient (finite differences {d_c:.6g}, source {d_r:.6g}, "
                         f"emitted code {d_t:.6g})")


def _x64(target):
    if target == "jax":
        import jax
        return jax.enable_x64(True)
    return contextlib.nullcontext()


# gradients go through a longer chain of roundings than outputs; float32 at 1e-4
_GRAD_RTOL = {**fw.RTOL, "float32": 1e-4, "complex64": 1e-4}


def _crash(part, e) -> dict:
    return {"path": part, "ok": False, "max_abs_err": float("inf"),
            "why": f"the emitted code raised {type(e).__name__}: {str(e)[:500]}"}


def failure_text(v: dict) -> str:
    for part in ("example", "second_draw", "gradient"):
        for e in v.get(part) or []:
            if isinstance(e, dict) and not e.get("ok", True):
                return (f"the emitted code does not reproduce the source ({part.replace('_', ' ')}, "
                        f"output {e['path']}): {e['why']}")
    return "the emitted code could not be verified"


__all__ = ["JaxRunner", "Runner", "failure_text", "fails", "localize", "second_opinion",
           "tolerances", "verify_emitted", "verify_gradient"]
