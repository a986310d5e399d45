"""tf.linalg functions vs real TensorFlow."""

import numpy as np
import pytest
import tensorflow as real
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    B2,
    BACKENDS,
    EX,
    F64,
    FLOATS,
    A,
    D,
    Spec,
    a,
    arrays,
    arrs,
    check,
    chk,
    covers,
    run_spec,
    uniform,
    well_conditioned,
)

sq = arrs(F64, shape=st.sampled_from([(3, 3), (2, 4, 4)]), lo=-2, hi=2, specials=False)
SPECS = [
    Spec("linalg.matrix_rank", a(sq, tol=st.sampled_from([None, 0.5]))),
    Spec("linalg.einsum", a("ij,jk->ik", arrs(F64, shape=(2, 3)), arrs(F64, shape=(3, 2))),
         rtol=1e-5, atol=1e-5),
    Spec("einsum", a("bij,bjk->bik", arrs(("float32", "int32"), shape=(2, 2, 3)),
                     arrs(("float32", "int32"), shape=(2, 3, 2))), rtol=1e-5),
    Spec("einsum", a(st.sampled_from(["ii", "ij->ji", "ii->i"]), arrs(F64, shape=(3, 3))),
         rtol=1e-5),
    Spec("linalg.tridiagonal_matmul", a(arrs(F64, shape=(2, 3, 4), specials=False),
                                        arrs(F64, shape=(2, 4, 2), specials=False)),
         rtol=1e-4, atol=1e-4),
]


def _tridiag(dtype):
    def build(x):
        x = x.copy()
        x[..., 1, :] = np.abs(x[..., 1, :]) + 4.0  # diagonally dominant: well conditioned
        return A(x)
    return arrays(dtype, (2, 3, 4), lo=-1, hi=1, specials=False).map(build)


SPECS += [
    Spec("linalg.tridiagonal_solve", a(_tridiag("float32"), arrs(FLOATS, shape=(2, 4, 2),
                                                                  specials=False)),
         rtol=1e-4, atol=1e-4),
    Spec("linalg.tridiagonal_solve", a(_tridiag("float64"), arrs(("float64",), shape=(2, 2, 4),
                                                                  specials=False),
                                       transpose_rhs=True), rtol=1e-6, atol=1e-6),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more(spec, data):
    run_spec(spec, data)


covers("tf.linalg.eig", "tf.linalg.eigvals", "tf.eig", "tf.eigvals", "tf.linalg.lu_reconstruct")


def test_eig_and_lu_reconstruct():
    m = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]], np.float64)
    ev, _ = real.linalg.eig(m)
    lu, p = real.linalg.lu(m[[2, 0, 1]])
    exp = real.linalg.lu_reconstruct(lu, p)
    for b in BACKENDS:
        with ivy.using_backend(b):
            assert ftf.eig is ftf.linalg.eig and ftf.eigvals is ftf.linalg.eigvals
            e, v = ftf.linalg.eig(ftf.constant(m))
            assert e.dtype.name == "complex128" and v.shape.as_list() == [3, 3]
            np.testing.assert_allclose(np.sort(e.numpy().real), np.sort(ev.numpy().real),
                                       rtol=1e-8)
            np.testing.assert_allclose(m @ v.numpy(), v.numpy() * e.numpy(), atol=1e-8)
            ev2 = ftf.linalg.eigvals(ftf.constant(m.astype(np.float32)))
            assert ev2.dtype.name == real.linalg.eigvals(m.astype(np.float32)).dtype.name
            np.testing.assert_allclose(np.sort(ev2.numpy().real), np.sort(ev.numpy().real),
                                       rtol=1e-5)
            got = ftf.linalg.lu_reconstruct(ftf.constant(lu.numpy()), ftf.constant(p.numpy()))
            np.testing.assert_allclose(got.numpy(), exp.numpy(), rtol=1e-10)
            np.testing.assert_allclose(got.numpy(), m[[2, 0, 1]], rtol=1e-10)


def test_lu_solve_inverse():
    m = np.array([[1.0, 2.0, 0.5], [3.0, 1.0, 2.0], [0.0, 4.0, 1.0]], np.float64)
    lu, p = real.linalg.lu(m)
    rhs = np.array([[1.0], [2.0], [3.0]])
    check("linalg.lu_solve", A(lu.numpy()), A(p.numpy()), A(rhs), _rtol=1e-10)
    check("linalg.lu_solve", A(lu.numpy()), A(p.numpy()), A(rhs.astype(np.float32)))
    check("linalg.lu_matrix_inverse", A(lu.numpy()), A(p.numpy()), _rtol=1e-10)
    lu32, p32 = real.linalg.lu(m.astype(np.float32))
    check("linalg.lu_matrix_inverse", A(lu32.numpy()), A(p32.numpy()), _rtol=1e-5)


covers("tf.linalg.lu_solve", "tf.linalg.lu_matrix_inverse")


# ------------------------------------------------------------------------------ tf.linalg
def test_linalg_added():
    chk("linalg.expm", A(well_conditioned(3, (2,))), rtol=1e-3, atol=1e-4)
    chk("linalg.expm", A(uniform(4, 4, dt=np.float64) * 8), rtol=1e-8, atol=1e-8)
    chk("linalg.expm", A(np.zeros((0, 0), np.float32)))
    chk("linalg.expm", A(uniform(2, 3)))                       # not square: both raise
    chk("linalg.expm", A(np.eye(2, dtype=np.int32)))      # int: both raise
    chk("linalg.sqrtm", A(well_conditioned(3, (2,))), rtol=1e-3, atol=1e-4)
    chk("linalg.sqrtm", A(well_conditioned(4, dt=np.float64, c=2.0)), rtol=1e-8, atol=1e-9)
    chk("matrix_square_root", A(well_conditioned(3)), rtol=1e-3, atol=1e-4)
    c = (well_conditioned(3, dt=np.float64) + 0.3j * uniform(3, 3)).astype(np.complex64)
    chk("linalg.logm", A(c), rtol=2e-3, atol=2e-4)
    chk("linalg.logm", A(well_conditioned(3)))                          # real input: both raise
    chk("linalg.lu", A(uniform(2, 4, 4)))
    chk("linalg.lu", A(uniform(3, 3, dt=np.float64)), output_idx_type=D("int64"))
    bd = uniform(3, 5, lo=1, hi=2)
    for lower in (True, False):
        for adj in (False, True):
            chk("linalg.banded_triangular_solve", A(bd), A(uniform(5, 2)), lower=lower, adjoint=adj,
                rtol=1e-4, atol=1e-5)
    chk("linalg.banded_triangular_solve", A(bd), A(uniform(5, 2, dt=np.float64)))  # mixed: raise
    chk("linalg.tridiagonal_matmul", A(well_conditioned(4)), A(uniform(4, 2)), diagonals_format="matrix",
        rtol=1e-5, atol=1e-6)
    al, be = uniform(6, dt=np.float64), uniform(5, dt=np.float64)
    chk("linalg.eigh_tridiagonal", A(al), A(be))
    chk("linalg.eigh_tridiagonal", A(al), A(be), select="i", select_range=[1, 3])
    chk("linalg.eigh_tridiagonal", A(al), A(be), select="v", select_range=[-0.5, 0.5])
    e, v = real.linalg.eigh_tridiagonal(al, be, eigvals_only=False)
    for b in B2:
        with ivy.using_backend(b):
            ge, gv = ftf.linalg.eigh_tridiagonal(ftf.constant(al), ftf.constant(be),
                                                 eigvals_only=False)
            np.testing.assert_allclose(ge.numpy(), e.numpy(), rtol=1e-9, atol=1e-12)
            np.testing.assert_allclose(np.abs(gv.numpy()), np.abs(v.numpy()), atol=1e-9)
