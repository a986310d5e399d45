"""``tf.linalg.LinearOperator*``: each operator builds its dense matrix (a native array) from
``ivy.*`` calls; the methods (matmul, solve, determinant, ...) work on that matrix, so results
agree with TensorFlow's specialised implementations up to rounding. Hints (``is_square``, ...)
are stored and checked where TensorFlow checks them."""

from __future__ import annotations

import itertools

import ivy

from ._core import KIND, Tensor, TensorShape, as_dtype, name_of, nat, wrap


def _adj(d):
    t = ivy.matrix_transpose(d)
    return ivy.conj(t) if KIND[name_of(d)] == "c" else t


def _bshape(*shapes):
    out = ()
    for s in shapes:
        out = tuple(int(v) for v in ivy.broadcast_shapes(out, tuple(s)))
    return out


class LinearOperator:
    """Base class; subclasses define ``_dense()`` (a native array [..., M, N])."""

    def __init__(self, dtype=None, graph_parents=None, is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=None, name=None,
                 parameters=None):
        if is_positive_definite and is_non_singular is False:
            raise ValueError("A positive definite matrix is always non-singular.")
        if is_positive_definite:
            is_non_singular = True
        if is_non_singular and is_square is False:
            raise ValueError("A non-singular matrix is always square.")
        if is_non_singular:
            is_square = True
        if is_self_adjoint and is_square is False:
            raise ValueError("A self-adjoint matrix is always square.")
        if is_self_adjoint:
            is_square = True
        self._dtype = as_dtype(dtype) if dtype is not None else None
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        self._is_square_hint = is_square
        self._name = name or type(self).__name__
        self._parameters = dict(parameters or {})

    # ------------------------------------------------------------------ structure
    def _dense(self):
        raise NotImplementedError

    def _shape(self):
        return tuple(int(s) for s in self._dense().shape)

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    @property
    def parameters(self):
        return dict(self._parameters)

    @property
    def shape(self):
        return TensorShape(list(self._shape()))

    def shape_tensor(self, name="shape_tensor"):
        return wrap(ivy.asarray(list(self._shape()), dtype="int32"))

    @property
    def batch_shape(self):
        return TensorShape(list(self._shape()[:-2]))

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return wrap(ivy.asarray(list(self._shape()[:-2]), dtype="int32"))

    @property
    def tensor_rank(self):
        return len(self._shape())

    @property
    def range_dimension(self):
        return self.shape[-2]

    @property
    def domain_dimension(self):
        return self.shape[-1]

    def range_dimension_tensor(self, name=None):
        return wrap(ivy.asarray(self._shape()[-2], dtype="int32"))

    def domain_dimension_tensor(self, name=None):
        return wrap(ivy.asarray(self._shape()[-1], dtype="int32"))

    @property
    def is_non_singular(self):
        return self._is_non_singular

    @property
    def is_self_adjoint(self):
        return self._is_self_adjoint

    @property
    def is_positive_definite(self):
        return self._is_positive_definite

    @property
    def is_square(self):
        s = self._shape()
        auto = s[-1] == s[-2]
        if self._is_square_hint is not None and self._is_square_hint != auto:
            raise ValueError(f"User set is_square hint to {self._is_square_hint}, but the "
                             f"operator was {'' if auto else 'not '}square.")
        return auto

    def _check_x(self, x, what="argument"):
        if isinstance(x, LinearOperator):
            d = x.to_dense()
        elif isinstance(x, Tensor):
            d = x
        else:
            d = wrap(nat(x, dtype=self.dtype))
        if d.dtype != self.dtype:
            raise TypeError(f"Expected {what} to have dtype {self.dtype.name}. Found: "
                            f"{d.dtype.name} in tensor {d}")
        return d._data

    def _square(self, what):
        if not self.is_square:
            raise NotImplementedError(f"{what} not implemented for an operator that is "
                                      f"expected to not be square.")

    # ------------------------------------------------------------------ methods
    def to_dense(self, name="to_dense"):
        return wrap(self._dense())

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            return LinearOperatorComposition([left, right])
        xd = self._check_x(x)
        a = _adj(self._dense()) if adjoint else self._dense()
        b = _adj(xd) if adjoint_arg else xd
        if int(a.shape[-1]) != int(b.shape[-2]):
            raise ValueError(f"Dimensions must be equal, but are {int(a.shape[-1])} and "
                             f"{int(b.shape[-2])}")
        return wrap(ivy.matmul(a, b))

    def __matmul__(self, other):
        return self.matmul(other)

    def matvec(self, x, adjoint=False, name="matvec"):
        xd = self._check_x(x)
        r = self.matmul(wrap(ivy.expand_dims(xd, axis=-1)), adjoint=adjoint)._data
        return wrap(ivy.squeeze(r, axis=-1))

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to be singular.")
        self._square("Exact solve")
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            return LinearOperatorComposition([left.inverse(), right])
        b = self._check_x(rhs)
        if adjoint_arg:
            b = _adj(b)
        a = _adj(self._dense()) if adjoint else self._dense()
        shape = _bshape(a.shape[:-2], b.shape[:-2])
        a = ivy.broadcast_to(a, shape + tuple(int(s) for s in a.shape[-2:]))
        b = ivy.broadcast_to(b, shape + tuple(int(s) for s in b.shape[-2:]))
        return wrap(ivy.linalg.solve(a, b))

    def solvevec(self, rhs, adjoint=False, name="solve"):
        b = self._check_x(rhs)
        r = self.solve(wrap(ivy.expand_dims(b, axis=-1)), adjoint=adjoint)._data
        return wrap(ivy.squeeze(r, axis=-1))

    def determinant(self, name="det"):
        self._square("Determinant")
        return wrap(ivy.linalg.det(self._dense()))

    def log_abs_determinant(self, name="log_abs_det"):
        self._square("Determinant")
        d = self._dense()
        if KIND[name_of(d)] == "c":  # TF returns log|det| in the operator's (complex) dtype
            return wrap(ivy.astype(ivy.log(ivy.abs(ivy.linalg.det(d))), name_of(d)))
        return wrap(ivy.linalg.slogdet(d)[1])

    def diag_part(self, name="diag_part"):
        return wrap(ivy.linalg.diagonal(self._dense()))

    def trace(self, name="trace"):
        return wrap(ivy.sum(ivy.linalg.diagonal(self._dense()), axis=-1))

    def add_to_tensor(self, x, name="add_to_tensor"):
        return wrap(ivy.add(self._dense(), self._check_x(x)))

    def eigvals(self, name="eigvals"):
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        d = self._dense()
        e = ivy.linalg.eigvalsh(d)
        return wrap(ivy.astype(e, name_of(d)) if KIND[name_of(d)] == "c" else e)

    def cond(self, name="cond"):
        s = ivy.linalg.svdvals(self._dense())
        return wrap(ivy.divide(ivy.max(s, axis=-1), ivy.min(s, axis=-1)))

    def adjoint(self, name=None):
        if self.is_self_adjoint:
            return self
        return LinearOperatorAdjoint(self)

    H = property(adjoint)

    def inverse(self, name=None):
        if self.is_square is False:
            raise ValueError("Cannot take the Inverse: This operator represents a non square "
                             "matrix.")
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular "
                             "matrix.")
        return LinearOperatorInversion(self)

    def cholesky(self, name="cholesky"):
        if not (self.is_self_adjoint and self.is_positive_definite):
            raise ValueError("Cholesky decomposition is only defined for an operator that is "
                             "self-adjoint and positive definite (set the hints).")
        return LinearOperatorLowerTriangular(wrap(ivy.linalg.cholesky(self._dense())),
                                             is_non_singular=True, is_square=True)

    def __repr__(self):
        return (f'<tf.linalg.{type(self).__name__} "{self.name}" batch_shape='
                f"{self.batch_shape} dtype={self.dtype.name}>")


def _hints(kw, **defaults):
    out = {k: kw.get(k, v) for k, v in defaults.items()}
    for k in ("is_non_singular", "is_self_adjoint", "is_positive_definite", "is_square", "name"):
        out.setdefault(k, kw.get(k))
    return out


def _float_check(d, allowed=("float16", "float32", "float64", "complex64", "complex128"),
                 what="matrix"):
    if name_of(d) not in allowed:
        raise TypeError(f"Argument {what} must have dtype in {list(allowed)}. Found: "
                        f"{name_of(d)}")
    return d


class LinearOperatorFullMatrix(LinearOperator):
    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorFullMatrix"):
        self._m = _float_check(nat(matrix))
        if len(self._m.shape) < 2:
            raise ValueError(f"Argument matrix must have at least 2 dimensions.  Found: "
                             f"{list(self._m.shape)}")
        super().__init__(name_of(self._m), None, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name)

    def _dense(self):
        return self._m


class LinearOperatorLowerTriangular(LinearOperator):
    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowerTriangular"):
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        self._m = _float_check(nat(tril), what="tril")
        if len(self._m.shape) < 2:
            raise ValueError("Argument tril must have at least 2 dimensions.")
        super().__init__(name_of(self._m), None, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name)

    def _dense(self):
        return ivy.tril(self._m)


class LinearOperatorDiag(LinearOperator):
    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorDiag"):
        if is_square is False:
            raise ValueError("Only square diagonal operators currently supported.")
        self._d = _float_check(nat(diag), what="diag")
        if len(self._d.shape) < 1:
            raise ValueError("Argument diag must have at least 1 dimension.")
        if KIND[name_of(self._d)] != "c" and is_self_adjoint is False:
            raise ValueError("A real diagonal operator is always self adjoint.")
        if KIND[name_of(self._d)] != "c":
            is_self_adjoint = True
        super().__init__(name_of(self._d), None, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name)

    @property
    def diag(self):
        return wrap(self._d)

    def _dense(self):
        n = int(self._d.shape[-1])
        return ivy.multiply(ivy.expand_dims(self._d, axis=-1), ivy.eye(n, dtype=name_of(self._d)))


def _batch_eye(num_rows, num_columns, batch_shape, dtype, scale=None):
    e = ivy.eye(int(num_rows), int(num_columns), dtype=dtype)
    shape = tuple(int(b) for b in (batch_shape or ())) + (int(num_rows), int(num_columns))
    return ivy.broadcast_to(e, shape)


class LinearOperatorIdentity(LinearOperator):
    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True,
                 is_self_adjoint=True, is_positive_definite=True, is_square=True,
                 assert_proper_shapes=False, name="LinearOperatorIdentity"):
        for k, v in (("is_non_singular", is_non_singular), ("is_self_adjoint", is_self_adjoint),
                     ("is_positive_definite", is_positive_definite), ("is_square", is_square)):
            if not v:
                raise ValueError(f"An identity operator is always {k[3:].replace('_', '-')}.")
        n = int(nat(num_rows)) if not isinstance(num_rows, int) else num_rows
        if n < 0:
            raise ValueError(f"Argument num_rows must be non-negative.  Found: {n}")
        self._n = n
        self._batch = tuple(int(b) for b in (batch_shape or ()))
        super().__init__(dtype or "float32", None, True, True, True, True, name)

    def _dense(self):
        return _batch_eye(self._n, self._n, self._batch, self.dtype.name)


class LinearOperatorScaledIdentity(LinearOperator):
    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorScaledIdentity"):
        if is_square is False:
            raise ValueError("A ScaledIdentity operator is always square.")
        self._mult = _float_check(nat(multiplier), what="multiplier")
        self._n = int(num_rows)
        super().__init__(name_of(self._mult), None, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name)

    @property
    def multiplier(self):
        return wrap(self._mult)

    def _dense(self):
        m = ivy.expand_dims(ivy.expand_dims(self._mult, axis=-1), axis=-1)
        return ivy.multiply(m, ivy.eye(self._n, dtype=name_of(self._mult)))


class LinearOperatorZeros(LinearOperator):
    def __init__(self, num_rows, num_columns=None, batch_shape=None, dtype=None,
                 is_non_singular=False, is_self_adjoint=True, is_positive_definite=False,
                 is_square=True, assert_proper_shapes=False, name="LinearOperatorZeros"):
        if is_non_singular:
            raise ValueError("A Zeros operator is always singular.")
        if is_positive_definite:
            raise ValueError("A Zeros operator is always not positive-definite.")
        if not is_self_adjoint:
            raise ValueError("A Zeros operator is always self adjoint.")
        cols = num_rows if num_columns is None else num_columns
        if is_square and int(cols) != int(num_rows):
            raise ValueError(f"LinearOperatorZeros initialized as is_square=True, but got "
                             f"num_rows({num_rows}) != num_columns({cols})")
        self._r, self._c = int(num_rows), int(cols)
        self._batch = tuple(int(b) for b in (batch_shape or ()))
        super().__init__(dtype or "float32", None, False, True, False, None, name)

    def _dense(self):
        return ivy.zeros(self._batch + (self._r, self._c), dtype=self.dtype.name)

    def solve(self, *a, **k):
        raise NotImplementedError("Exact solve not implemented for an operator that is expected "
                                  "to be singular.")


class LinearOperatorAdjoint(LinearOperator):
    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        self._op = operator
        super().__init__(operator.dtype, None,
                         operator.is_non_singular if is_non_singular is None else is_non_singular,
                         operator.is_self_adjoint if is_self_adjoint is None else is_self_adjoint,
                         operator.is_positive_definite if is_positive_definite is None
                         else is_positive_definite, is_square, name or operator.name + "_adjoint")

    @property
    def operator(self):
        return self._op

    def _dense(self):
        return _adj(self._op._dense())


class LinearOperatorInversion(LinearOperator):
    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        if operator.is_non_singular is False or is_non_singular is False:
            raise ValueError("operator and supplied hints must be non-singular")
        self._op = operator
        super().__init__(operator.dtype, None, True,
                         operator.is_self_adjoint if is_self_adjoint is None else is_self_adjoint,
                         operator.is_positive_definite if is_positive_definite is None
                         else is_positive_definite, True, name or operator.name + "_inv")

    @property
    def operator(self):
        return self._op

    def _dense(self):
        return ivy.linalg.inv(self._op._dense())


def _same_dtype_ops(ops):
    ops = list(ops)
    if not ops:
        raise ValueError(f"Expected a non-empty list of operators. Found: {ops}")
    dt = ops[0].dtype
    for o in ops[1:]:
        if o.dtype != dt:
            raise TypeError("Expected all operators to have the same dtype.  Found "
                            + "   ".join(f"{p.name}: {p.dtype.name}" for p in ops))
    return ops, dt


class LinearOperatorComposition(LinearOperator):
    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        self._ops, dt = _same_dtype_ops(operators)
        if all(o.is_non_singular for o in self._ops) and is_non_singular is False:
            raise ValueError("The composition of non-singular operators is always non-singular.")
        super().__init__(dt, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name or "_o_".join(o.name for o in self._ops))

    @property
    def operators(self):
        return list(self._ops)

    def _dense(self):
        d = self._ops[-1]._dense()
        for o in reversed(self._ops[:-1]):
            d = ivy.matmul(o._dense(), d)
        return d


def _block_shape(ops):
    batch = _bshape(*[tuple(int(s) for s in o._dense().shape[:-2]) for o in ops])
    return batch


class LinearOperatorBlockDiag(LinearOperator):
    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name=None):
        self._ops, dt = _same_dtype_ops(operators)
        if is_square is False:
            raise ValueError("Argument is_square must be True or None.")
        super().__init__(dt, None, is_non_singular, is_self_adjoint, is_positive_definite, True,
                         name or "_ds_".join(o.name for o in self._ops))

    @property
    def operators(self):
        return list(self._ops)

    def _dense(self):
        batch = _block_shape(self._ops)
        mats = [o._dense() for o in self._ops]
        cols = [int(m.shape[-1]) for m in mats]
        rows = []
        for i, m in enumerate(mats):
            m = ivy.broadcast_to(m, batch + tuple(int(s) for s in m.shape[-2:]))
            left, right = sum(cols[:i]), sum(cols[i + 1:])
            pad = [(0, 0)] * len(batch) + [(0, 0), (left, right)]
            rows.append(ivy.pad(m, pad))
        return ivy.concat(rows, axis=-2)


class LinearOperatorBlockLowerTriangular(LinearOperator):
    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorBlockLowerTriangular"):
        self._rows = [list(r) for r in operators]
        for i, r in enumerate(self._rows):
            if len(r) != i + 1:
                raise ValueError(f"Argument operators[{i}] must contain `i + 1` elements. "
                                 f"Found {len(r)}.")
        flat, dt = _same_dtype_ops([o for r in self._rows for o in r])
        super().__init__(dt, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         True, name)

    @property
    def operators(self):
        return [list(r) for r in self._rows]

    def _dense(self):
        flat = [o for r in self._rows for o in r]
        batch = _block_shape(flat)
        sizes = [int(r[-1]._dense().shape[-1]) for r in self._rows]
        out = []
        for i, r in enumerate(self._rows):
            parts = [ivy.broadcast_to(o._dense(), batch + tuple(int(s) for s in
                                                                o._dense().shape[-2:]))
                     for o in r]
            row = ivy.concat(parts, axis=-1)
            pad = [(0, 0)] * len(batch) + [(0, 0), (0, sum(sizes[i + 1:]))]
            out.append(ivy.pad(row, pad))
        return ivy.concat(out, axis=-2)


class LinearOperatorKronecker(LinearOperator):
    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        self._ops, dt = _same_dtype_ops(operators)
        super().__init__(dt, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name or "_x_".join(o.name for o in self._ops))

    @property
    def operators(self):
        return list(self._ops)

    def _dense(self):
        d = self._ops[0]._dense()
        for o in self._ops[1:]:
            b = o._dense()
            batch = _bshape(tuple(int(s) for s in d.shape[:-2]),
                            tuple(int(s) for s in b.shape[:-2]))
            m, n = int(d.shape[-2]), int(d.shape[-1])
            p, q = int(b.shape[-2]), int(b.shape[-1])
            k = ivy.multiply(ivy.reshape(d, tuple(d.shape[:-2]) + (m, 1, n, 1)),
                             ivy.reshape(b, tuple(b.shape[:-2]) + (1, p, 1, q)))
            d = ivy.reshape(ivy.broadcast_to(k, batch + (m, p, n, q)), batch + (m * p, n * q))
        return d


class LinearOperatorLowRankUpdate(LinearOperator):
    """``base + U diag(d) V^H`` (``V`` defaults to ``U``, ``d`` to ones)."""

    def __init__(self, base_operator, u, diag_update=None, v=None,
                 is_diag_update_positive=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorLowRankUpdate"):
        self._base = base_operator
        self._u = self._arg(u, "u")
        self._v = self._u if v is None else self._arg(v, "v")
        self._diag = None if diag_update is None else self._arg(diag_update, "diag_update")
        if v is None and diag_update is None and is_self_adjoint is None:
            is_self_adjoint = base_operator.is_self_adjoint
        super().__init__(base_operator.dtype, None, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name)

    def _arg(self, x, what):
        d = x._data if isinstance(x, Tensor) else nat(x, dtype=self._base.dtype)
        if name_of(d) != self._base.dtype.name:
            raise TypeError(f"Expected argument {what} to have dtype "
                            f"{self._base.dtype.name}. Found: {name_of(d)}")
        return d

    @property
    def base_operator(self):
        return self._base

    @property
    def u(self):
        return wrap(self._u)

    @property
    def v(self):
        return wrap(self._v)

    @property
    def diag_update(self):
        return None if self._diag is None else wrap(self._diag)

    def _dense(self):
        u = self._u
        if self._diag is not None:
            u = ivy.multiply(u, ivy.expand_dims(self._diag, axis=-2))
        return ivy.add(self._base._dense(), ivy.matmul(u, _adj(self._v)))


class LinearOperatorHouseholder(LinearOperator):
    """``I - 2 v v^H / (v^H v)``."""

    def __init__(self, reflection_axis, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorHouseholder"):
        self._v = _float_check(nat(reflection_axis), what="reflection_axis")
        if is_self_adjoint is False:
            raise ValueError("A Householder operator is always self adjoint.")
        if is_non_singular is False:
            raise ValueError("A Householder operator is always non-singular.")
        if is_square is False:
            raise ValueError("A Householder operator is always square.")
        super().__init__(name_of(self._v), None, True, True, is_positive_definite, True, name)

    @property
    def reflection_axis(self):
        return wrap(self._v)

    def _dense(self):
        v = self._v
        n = int(v.shape[-1])
        col = ivy.expand_dims(v, axis=-1)
        outer = ivy.matmul(col, _adj(col))
        nrm = ivy.sum(ivy.multiply(ivy.conj(v) if KIND[name_of(v)] == "c" else v, v), axis=-1,
                      keepdims=True)
        nrm = ivy.expand_dims(nrm, axis=-1)
        return ivy.subtract(ivy.eye(n, dtype=name_of(v)),
                            ivy.divide(ivy.multiply(outer, ivy.asarray(2, dtype=name_of(v))),
                                       nrm))


class LinearOperatorPermutation(LinearOperator):
    """``P[i, perm[i]] = 1``."""

    def __init__(self, perm, dtype="float32", is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorPermutation"):
        self._p = nat(perm)
        if KIND[name_of(self._p)] not in "iu":
            raise TypeError(f"Argument perm must have integer dtype. Found: {name_of(self._p)}")
        if is_non_singular is False:
            raise ValueError("A Permutation operator is always non-singular.")
        if is_square is False:
            raise ValueError("A Permutation operator is always square.")
        super().__init__(dtype, None, True, is_self_adjoint, is_positive_definite, True, name)

    @property
    def perm(self):
        return wrap(self._p)

    def _dense(self):
        n = int(self._p.shape[-1])
        return ivy.one_hot(self._p, n, dtype=self.dtype.name)


class LinearOperatorToeplitz(LinearOperator):
    """``T[i, j] = col[i - j]`` below the diagonal, ``row[j - i]`` above."""

    def __init__(self, col, row, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorToeplitz"):
        self._col = _float_check(nat(col), what="col")
        self._row = nat(row)
        if name_of(self._row) != name_of(self._col):
            raise TypeError(f"Expected all arguments to have the same dtype ({name_of(self._col)})"
                            f". Found: {name_of(self._row)}")
        super().__init__(name_of(self._col), None, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name)

    def _dense(self):
        n = int(self._col.shape[-1])
        batch = _bshape(tuple(int(s) for s in self._col.shape[:-1]),
                        tuple(int(s) for s in self._row.shape[:-1]))
        col = ivy.broadcast_to(self._col, batch + (n,))
        row = ivy.broadcast_to(self._row, batch + (n,))
        # values = [row[n-1], ..., row[1], col[0], ..., col[n-1]]; T[i, j] = values[n-1+i-j]
        vals = ivy.concat([ivy.flip(ivy.get_item(row, (Ellipsis, slice(1, None))), axis=-1),
                           col], axis=-1)
        idx = [[n - 1 + i - j for j in range(n)] for i in range(n)]
        return ivy.take(vals, ivy.asarray(idx, dtype="int64"), axis=-1)


def _tridiag_parts(diagonals, diagonals_format):
    """(superdiagonal, diagonal, subdiagonal) as native arrays of shape [..., M]."""
    if diagonals_format == "compact":
        d = nat(diagonals)
        return tuple(ivy.get_item(d, (Ellipsis, i, slice(None))) for i in range(3))
    if diagonals_format == "sequence":
        sup, mid, sub = (nat(x) for x in diagonals)
        return sup, mid, sub
    if diagonals_format == "matrix":
        m = nat(diagonals)
        return (ivy.pad(ivy.linalg.diagonal(m, offset=1),
                        [(0, 0)] * (len(m.shape) - 2) + [(0, 1)]),
                ivy.linalg.diagonal(m),
                ivy.pad(ivy.linalg.diagonal(m, offset=-1),
                        [(0, 0)] * (len(m.shape) - 2) + [(1, 0)]))
    raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")


class LinearOperatorTridiag(LinearOperator):
    def __init__(self, diagonals, diagonals_format="compact", is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorTridiag"):
        if diagonals_format not in ("compact", "matrix", "sequence"):
            raise ValueError(f"Diagonals Format must be one of compact, matrix, sequence, got : "
                             f"{diagonals_format}")
        self._parts = _tridiag_parts(diagonals, diagonals_format)
        _float_check(self._parts[1], what="diagonals")
        super().__init__(name_of(self._parts[1]), None, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name)

    def _dense(self):
        sup, mid, sub = self._parts
        m = int(mid.shape[-1])
        dt = name_of(mid)

        def band(v, k):
            return ivy.multiply(ivy.expand_dims(v, axis=-1), ivy.eye(m, k=k, dtype=dt))

        return ivy.add(ivy.add(band(mid, 0), band(sup, 1)), band(sub, -1))


class _CirculantBase(LinearOperator):
    _RANK = 1

    def __init__(self, spectrum, input_output_dtype="complex64", is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=True, name=None):
        s = nat(spectrum)
        if name_of(s) not in ("float16", "float32", "float64", "complex64", "complex128"):
            raise TypeError(f"Argument spectrum must have dtype in [float16, float32, float64, "
                            f"complex64, complex128]. Found: {name_of(s)}")
        if KIND[name_of(s)] != "c":
            s = ivy.astype(s, "complex128" if name_of(s) == "float64" else "complex64")
        self._s = s
        super().__init__(input_output_dtype, None, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name or type(self).__name__)

    @property
    def spectrum(self):
        return wrap(self._s)

    def adjoint(self, name=None):
        # as TF: the conjugate spectrum, with the default input_output_dtype (complex64)
        return type(self)(wrap(ivy.conj(self._s)), is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint,
                          is_positive_definite=self.is_positive_definite)

    H = property(adjoint)

    def _dense(self):
        r = self._RANK
        dims = [int(v) for v in self._s.shape[-r:]]
        batch = tuple(int(v) for v in self._s.shape[:-r])
        k = self._s
        for ax in range(-r, 0):
            k = ivy.fft.ifft(k, axis=ax)
        n = 1
        for v in dims:
            n *= v
        # C[(i...), (j...)] = k[(i - j) mod dims]
        strides = [1] * r
        for t in range(r - 2, -1, -1):
            strides[t] = strides[t + 1] * dims[t + 1]
        flat = [sum(((a - b) % d) * st for a, b, d, st in zip(i, j, dims, strides, strict=False))
                for i in itertools.product(*[range(d) for d in dims])
                for j in itertools.product(*[range(d) for d in dims])]
        kk = ivy.reshape(k, batch + (n,))
        c = ivy.reshape(ivy.take(kk, ivy.asarray(flat, dtype="int64"), axis=-1),
                        batch + (n, n))
        out = self.dtype.name
        if KIND[out] != "c":
            c = ivy.real(c)
        return ivy.astype(c, out)


class LinearOperatorCirculant(_CirculantBase):
    _RANK = 1


class LinearOperatorCirculant2D(_CirculantBase):
    _RANK = 2


class LinearOperatorCirculant3D(_CirculantBase):
    _RANK = 3


__all__ = [n for n in list(globals()) if n.startswith("LinearOperator")]
