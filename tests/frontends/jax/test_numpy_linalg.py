"""jax.numpy.linalg vs real JAX (decompositions compared up to the sign conventions)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (
    check_program,
    covers,
)

# ------------------------------------------------------------------------------ jax.numpy.linalg
covers("jax.numpy.linalg.cond", "jax.numpy.linalg.eig", "jax.numpy.linalg.eigh",
       "jax.numpy.linalg.eigvals", "jax.numpy.linalg.lstsq", "jax.numpy.linalg.qr",
       "jax.numpy.linalg.svd")


def _signfix(jnp, v):
    """Eigen/singular vectors are defined up to sign: make each column's largest entry > 0."""
    i = jnp.argmax(jnp.abs(v), axis=-2, keepdims=True)
    return v * jnp.sign(jnp.take_along_axis(v, i, axis=-2))


@settings(max_examples=3)
@given(seed=st.integers(0, 10 ** 6))
def test_linalg_decompositions(seed):
    rng = np.random.default_rng(seed)
    m = rng.standard_normal((3, 3)).astype(np.float32)
    spd = (m @ m.T + 3 * np.eye(3)).astype(np.float32)
    tall = rng.standard_normal((4, 3)).astype(np.float32)
    b = rng.standard_normal((4, 2)).astype(np.float32)

    def prog(jax, jnp):
        la = jnp.linalg
        out = {}
        out["cond"] = [la.cond(jnp.asarray(spd), p) for p in (None, 2, -2, 1, np.inf, "fro")]
        w, v = la.eigh(jnp.asarray(spd))
        out["eigh"] = (w, _signfix(jnp, v))
        u, s, vh = la.svd(jnp.asarray(tall), full_matrices=False)
        out["svd"] = (_signfix(jnp, u), s, u @ jnp.diag(s) @ vh)
        out["svd_vals"] = la.svd(jnp.asarray(tall), compute_uv=False)
        q, r = la.qr(jnp.asarray(tall))
        sg = jnp.sign(jnp.diagonal(r))  # Q R is unique up to the signs of R's diagonal
        out["qr"] = (q * sg, r * sg[:, None], q @ r)
        out["qr_complete"] = [t.shape for t in la.qr(jnp.asarray(tall), mode="complete")]
        out["qr_r"] = jnp.abs(la.qr(jnp.asarray(tall), mode="r"))
        ev = la.eigvals(jnp.asarray(spd))
        out["eigvals"] = jnp.sort(ev.real)
        w2, v2 = la.eig(jnp.asarray(m))
        out["eig"] = (jnp.sort_complex(w2), float(jnp.abs(jnp.asarray(m) @ v2 - v2 * w2).max())
                      < 1e-3)
        x, resid, rank, sv = la.lstsq(jnp.asarray(tall), jnp.asarray(b))
        out["lstsq"] = (x, resid, rank, sv)
        out["lstsq_square_1d"] = la.lstsq(jnp.asarray(spd), jnp.asarray(b[:3, 0]))
        low = jnp.asarray(np.array([[1, 2], [2, 4], [3, 6]], np.float32))  # rank 1
        out["lstsq_rank"] = la.lstsq(low, jnp.asarray(b[:3]), rcond=1e-4)[:3]
        out["lstsq_numpy_resid"] = la.lstsq(low, jnp.asarray(b[:3]), numpy_resid=True)[1]
        return out

    check_program(prog, rtol=2e-3, atol=2e-3)
