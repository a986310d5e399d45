"""What the transpiler needs to know about each framework's arrays, in one place.

Nothing here imports a framework at module import: each function imports the one it is asked
about, so ``ivy.transpile`` from NumPy to JAX never loads torch or TensorFlow.
"""

from __future__ import annotations

import sys

import numpy as np
import optree

FRAMEWORKS = ("numpy", "torch", "jax", "tensorflow")
TARGETS = (*FRAMEWORKS, "ivy")
ALIASES = {"np": "numpy", "pytorch": "torch", "tf": "tensorflow", "keras": "tensorflow",
           "jnp": "jax", "flax": "jax"}


def canonical(name: str | None, what: str = "framework", allowed=FRAMEWORKS) -> str | None:
    if name is None:
        return None
    n = ALIASES.get(str(name).lower(), str(name).lower())
    if n not in allowed:
        raise ValueError(f"unknown {what} {name!r}; valid: {', '.join(allowed)}")
    return n


def framework_of(x) -> str | None:
    """The framework an array (or model object) belongs to, without importing any framework."""
    t = type(x)
    for c in t.__mro__:
        m = c.__module__ or ""
        root = m.split(".", 1)[0]
        if root == "numpy" and (isinstance(x, (np.ndarray, np.generic))):
            return "numpy"
        if root == "torch":
            return "torch"
        if root in ("jax", "jaxlib", "flax", "optax"):
            return "jax"
        if root in ("tensorflow", "keras", "tf_keras"):
            return "tensorflow"
    return None


def is_array(x) -> bool:
    if isinstance(x, (np.ndarray, np.generic)):
        return True
    fw = framework_of(x)
    if fw == "torch":
        return type(x).__name__ in ("Tensor", "Parameter") or _isinstance(x, "torch", "Tensor")
    if fw == "jax":
        return _isinstance(x, "jax", "Array")
    if fw == "tensorflow":
        tf = sys.modules.get("tensorflow")
        return tf is not None and isinstance(x, (tf.Tensor, tf.Variable))
    return False


def _isinstance(x, mod, name):
    m = sys.modules.get(mod)
    return m is not None and isinstance(x, getattr(m, name))


def to_numpy(x) -> np.ndarray:
    """A NumPy copy of a framework array (bfloat16 stays bfloat16 through ml_dtypes)."""
    if isinstance(x, np.ndarray):
        return x
    if isinstance(x, np.generic):
        return np.asarray(x)
    fw = framework_of(x)
    if fw == "torch":
        import torch
        t = x.detach()
        if t.is_conj():
            t = t.resolve_conj()
        if t.dtype is torch.bfloat16:
            import ml_dtypes
            return t.cpu().view(torch.int16).numpy().view(ml_dtypes.bfloat16)
        if t.dtype in (torch.uint16, torch.uint32, torch.uint64):
            return t.cpu().numpy()
        return t.cpu().numpy()
    if fw in ("jax", "tensorflow"):
        return np.asarray(x)
    if hasattr(x, "_data"):  # ivy.Array
        return to_numpy(x._data)
    return np.asarray(x)


def from_numpy(a, fw: str):
    """``a`` (NumPy array or scalar) as an array of ``fw`` (``ivy`` → an ivy.Array on NumPy)."""
    a = np.asarray(a)
    if fw == "numpy":
        return a
    if fw == "torch":
        import torch
        if a.dtype.name == "bfloat16":
            return torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
        return torch.from_numpy(np.array(a, copy=True))
    if fw == "jax":
        import jax
        import jax.numpy as jnp
        if a.dtype.itemsize == 8 or a.dtype.name == "complex128":  # keep 64-bit values 64-bit
            with jax.enable_x64(True):
                return jnp.asarray(a)
        return jnp.asarray(a)
    if fw == "tensorflow":
        import tensorflow as tf
        return tf.convert_to_tensor(a)
    if fw == "ivy":
        import ivy
        return ivy.asarray(a)
    raise ValueError(f"unknown framework {fw!r}")


def tree_to_numpy(tree):
    """``tree`` with every framework array replaced by a NumPy array (other leaves kept)."""
    return optree.tree_map(lambda v: to_numpy(v) if is_array(v) else v, tree,
                           none_is_leaf=True, namespace="ivy")


def tree_from_numpy(tree, fw: str):
    return optree.tree_map(lambda v: from_numpy(v, fw) if isinstance(v, (np.ndarray, np.generic))
                           else v, tree, none_is_leaf=True, namespace="ivy")


def convert_tree(tree, fw: str):
    """Every array in ``tree`` as an array of ``fw``: arrays of other frameworks through NumPy;
    ``fw``'s own arrays as they are (no copy, and still on their device and in their
    framework's autodiff: a JAX tracer under ``jax.grad``/``jit``, a torch tensor that requires
    grad, a TF tensor a ``GradientTape`` watches)."""
    def one(v):
        if not is_array(v) or (framework_of(v) == fw and not isinstance(v, np.generic)):
            return v
        return from_numpy(to_numpy(v), fw)

    return optree.tree_map(one, tree, none_is_leaf=True, namespace="ivy")


_JAX_32 = {"int64": np.int32, "uint64": np.uint32, "float64": np.float32,
           "complex128": np.complex64}


def dtype_name(v) -> str:
    """The plain dtype name of an array of any framework (``"float32"``: from ``torch.float32``,
    ``<dtype: 'float32'>`` (TF), ``float32`` (NumPy, JAX)); ``""`` for a value without one."""
    d = str(getattr(v, "dtype", "")).rpartition(".")[2].removeprefix("<dtype: '")
    return d.removesuffix("'>")


def jax_canonical_native(tree):
    """``tree`` with 64-bit arrays as JAX holds them with x64 off (its default, under which JAX
    programs are captured): int64 → int32, float64 → float32..., cast in each array's own
    framework (no copy through NumPy: tracers and autodiff pass); the rest as is."""
    def one(v):
        if not is_array(v) or isinstance(v, np.generic):
            return v
        to = _JAX_32.get(dtype_name(v))
        if to is None:
            return v
        f = framework_of(v)
        if f == "torch":
            import torch
            return v.to(getattr(torch, np.dtype(to).name))
        if f == "tensorflow":
            import tensorflow as tf
            return tf.cast(v, np.dtype(to).name)
        return v.astype(to)

    return optree.tree_map(one, tree, none_is_leaf=True, namespace="ivy")


def random_like(a: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A fresh draw with ``a``'s shape and dtype: normal floats (uniform in [0, 1) when ``a`` lies
    there, |normal| + 0.1 when ``a`` is positive; an additive mask — infinities and one other
    value — becomes a new mask of those two values), ints within ``a``'s own range (indices and
    token ids stay valid), random bools."""
    a = np.asarray(a)
    k = a.dtype.kind
    if k == "b":
        return rng.random(a.shape) < 0.5
    if k in "iu":
        if a.size == 0:
            return a.copy()
        lo, hi = int(a.min()), int(a.max())
        return rng.integers(lo, hi + 1, size=a.shape).astype(a.dtype)
    if k == "c":
        return (rng.standard_normal(a.shape) + 1j * rng.standard_normal(a.shape)).astype(a.dtype)
    if a.dtype.name == "bfloat16":
        return rng.standard_normal(a.shape).astype(np.float32).astype(a.dtype)
    if a.size and np.isinf(a).any():
        vals = np.unique(a[~np.isnan(a)])
        if vals.size <= 2:  # an additive mask (0 / -inf): a new mask of the same values
            return rng.choice(vals, size=a.shape).astype(a.dtype)
    if a.size and np.all(a >= 0) and np.all(a <= 1):  # images, probabilities: stay in [0, 1)
        return rng.random(a.shape).astype(a.dtype)
    if a.size and np.all(a >= 0):  # positive inputs (scales, variances, images) stay positive
        return np.abs(rng.standard_normal(a.shape)).astype(a.dtype) + a.dtype.type(0.1)
    return rng.standard_normal(a.shape).astype(a.dtype)


# -- comparison -------------------------------------------------------------------------------
#: relative tolerance per dtype for the final check (the issue's bar: 1e-5 for float32)
RTOL = {"float16": 1e-2, "bfloat16": 2e-2, "float32": 1e-5, "float64": 1e-8,
        "complex64": 1e-5, "complex128": 1e-8}
#: looser per-operation tolerance at capture time: catches wrong semantics, not rounding drift
OP_RTOL = {"float16": 2e-2, "bfloat16": 5e-2, "float32": 1e-3, "float64": 1e-7,
           "complex64": 1e-3, "complex128": 1e-7}


def difference(ref, got, rtol_table=RTOL, rtol: float | None = None,
               atol: float = 0.0) -> tuple[bool, float, str]:
    """Compare one array: ``(ok, max_abs_err, why)``.

    Shapes and dtypes must be equal; integers and bools exactly equal; floats within
    ``|got - ref| <= rtol * (|ref| + max|ref|) + atol`` elementwise (relative, with a floor of
    the output's own magnitude so that cancellation near zero in float32 chains — a
    matmul summed in another order — is not a failure: ``allclose(rtol, atol=rtol·max|ref|)``);
    NaN where the reference has NaN, infinities equal.
    """
    ref = np.asarray(ref)
    got = np.asarray(got)
    if ref.shape != got.shape:
        return False, float("inf"), f"shape {got.shape} != expected {ref.shape}"
    if ref.dtype != got.dtype:
        return False, float("inf"), f"dtype {got.dtype} != expected {ref.dtype}"
    if ref.size == 0:
        return True, 0.0, ""
    k = ref.dtype.kind
    if k in "biuSUO" or (k == "V"):
        bad = ref != got
        n = int(np.count_nonzero(bad))
        if n:
            idx = tuple(int(i[0]) for i in np.nonzero(bad)) if ref.ndim else ()
            return False, float("inf"), f"{n} of {ref.size} elements differ (first at {idx})"
        return True, 0.0, ""
    r = ref.astype(np.complex128 if k == "c" else np.float64)
    g = got.astype(np.complex128 if k == "c" else np.float64)
    nan_r, nan_g = np.isnan(r), np.isnan(g)
    if not np.array_equal(nan_r, nan_g):
        return False, float("nan"), (f"NaN pattern differs ({int(nan_g.sum())} NaN, "
                                     f"expected {int(nan_r.sum())})")
    fin = np.isfinite(r)
    if not np.array_equal(r[~fin & ~nan_r], g[~fin & ~nan_r]):
        return False, float("inf"), "infinities differ"
    if not fin.any():
        return True, 0.0, ""
    rf, gf = r[fin], g[fin]
    err = np.abs(gf - rf)
    max_err = float(err.max())
    tol = rtol if rtol is not None else rtol_table.get(ref.dtype.name, 1e-5)
    scale = float(np.abs(rf).max())
    bound = tol * (np.abs(rf) + scale + np.finfo(np.float32).tiny) + atol
    if np.any(err > bound):
        i = int(np.argmax(err - bound))
        return False, max_err, (f"max |difference| {max_err:.3g} (rtol {tol:g}); worst element "
                                f"{complex(gf[i]) if k == 'c' else float(gf[i])!r} vs expected "
                                f"{complex(rf[i]) if k == 'c' else float(rf[i])!r}")
    return True, max_err, ""


def cotangent(shape, dtype, i: int) -> np.ndarray:
    """The fixed random weights the gradient check contracts output leaf ``i`` with (the same on
    both sides). ``sum(out)`` would be a poor probe: it has exactly-zero gradients through
    normalisations (a LayerNorm output sums to its bias), which leaves only rounding noise."""
    rng = np.random.default_rng(1000 + i)
    return rng.standard_normal(tuple(shape)).astype(np.dtype(dtype))


def compare_trees(ref, got, **kw) -> list[dict]:
    """Compare two output trees leaf by leaf: one ``{"path", "ok", "max_abs_err", "why"}`` each.
    A structure mismatch is one failing entry."""
    paths, rleaves, rspec = optree.tree_flatten_with_path(ref, none_is_leaf=True, namespace="ivy")
    gpaths, gleaves, gspec = optree.tree_flatten_with_path(got, none_is_leaf=True, namespace="ivy")
    if len(rleaves) != len(gleaves):
        return [{"path": "", "ok": False, "max_abs_err": float("inf"),
                 "why": f"output structure {gspec} != expected {rspec}"}]
    out = []
    for p, r, g in zip(paths, rleaves, gleaves, strict=False):
        name = "".join(f"[{k!r}]" for k in p) or "output"
        if is_array(r) or is_array(g):
            ok, err, why = difference(to_numpy(r), to_numpy(g), **kw)
        else:
            ok = (r == g) or (isinstance(r, float) and isinstance(g, float) and r != r and g != g)
            err, why = (0.0 if ok else float("inf")), ("" if ok else f"{g!r} != expected {r!r}")
        out.append({"path": name, "ok": bool(ok), "max_abs_err": err, "why": why})
    return out


__all__ = ["ALIASES", "FRAMEWORKS", "OP_RTOL", "RTOL", "TARGETS", "canonical", "compare_trees",
           "cotangent",
           "convert_tree", "difference", "framework_of", "from_numpy", "is_array",
           "jax_canonical_native",
           "random_like", "to_numpy", "tree_from_numpy", "tree_to_numpy"]
