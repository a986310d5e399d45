"""Run in the MXNet environment (tests/mxnet/test_mxnet_axes.py): every function of Ivy's API that
takes an ``axis``, on the mxnet backend, over shapes with and without zero-size dimensions, every
axis (negative ones too), and bool/int8/int32/float32 inputs, compared with Ivy's NumPy backend
in the same process (NumPy 1.23; tests/mxnet/test_numpy1_core.py checks that backend against NumPy
itself there), plus the float functions (``exp``, ``sin``, activations, ``softmax``...) on
integer inputs and ``where`` broadcasting to more than 5 dimensions. The Array API suite draws few
multi-dimensional or zero-size inputs at its default 20 examples: this sweep found
``take_along_axis`` failing on every input of 2+ dimensions, ``cumulative_sum`` on every negative
axis, reductions whose result is zero-size (``sum`` of a (0, 3) array over axis 1) failing inside
MXNet, and float functions of integers answered in the integer dtype.

Where the reference raises, the mxnet backend must raise too; where it answers, the mxnet backend
must give the same dtype, shape and values. Prints ``ok <cases>`` or the mismatches (exit 1).
"""

import math
import sys
import warnings

warnings.simplefilter("ignore")

import numpy as np  # noqa: E402

import ivy  # noqa: E402

SHAPES = [(0,), (4,), (0, 3), (2, 0), (2, 3), (3, 0, 2), (2, 3, 4)]
DTYPES = ["bool", "int8", "int32", "float32"]
# functions of real floating-point values: integer/bool input is computed in Ivy's default float
# on the mxnet backend (as on PyTorch and JAX; NumPy picks float16/float64 by the input's
# width), so their reference is the NumPy backend on the same values in float32
FLOAT_FUNCS = {"softmax", "log_softmax", "logsumexp", "exp", "expm1", "log", "log1p", "log2",
               "log10", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
               "tanh", "asinh", "acosh", "atanh", "atan2", "hypot", "logaddexp", "sigmoid",
               "gelu", "silu", "mish", "elu", "selu", "leaky_relu", "softplus", "huber_loss",
               "kl_div"}


def data(shape, dtype, salt=0):
    v = (np.arange(math.prod(shape)) * 7 + salt) % 11 - 5
    return (v != 0 if dtype == "bool" else v.astype(dtype)).reshape(shape)


def indices(shape, axis, extra=1):
    """Valid (negative too) indices along ``axis`` of an array of ``shape``."""
    n = shape[axis]
    ishape = list(shape)
    ishape[axis] = n + extra if n else 0
    v = np.arange(math.prod(ishape)) * 5 % (2 * n) - n if n else np.zeros(0)
    return v.astype("int64").reshape(ishape)


def cases():
    # where broadcasting to more than 5 dimensions (MXNet's broadcast::MAX_DIM)
    for out in [(2, 1, 2, 1, 2, 3), (2, 2, 1, 2, 1, 2, 1, 2)]:
        cond = data(out, "int32") > 0
        for dt in DTYPES:
            a = data(tuple(1 if i % 2 else n for i, n in enumerate(out)), dt)
            yield "where", (cond, a, data((out[-1],), dt, 2)), {}
            yield "where", (cond[:1], data(out, dt), a), {}
    for shape in SHAPES:
        nd = len(shape)
        for dt in DTYPES:
            x = data(shape, dt)
            for axis in [None, *range(-nd, nd)]:
                kw = {"axis": axis}
                for name in ["sum", "prod", "mean", "max", "min", "all", "any", "count_nonzero",
                             "argmax", "argmin", "var", "std", "logsumexp",
                             "linalg.vector_norm"]:
                    yield name, (x,), kw
                    yield name, (x,), {**kw, "keepdims": True}
                yield "linalg.vector_norm", (x,), {**kw, "ord": 1}
                yield "linalg.vector_norm", (x,), {**kw, "ord": float("inf")}
                yield "std", (x,), {**kw, "correction": 1}
                if axis is None:
                    continue
                for name in ["sort", "argsort"]:
                    yield name, (x,), kw
                    yield name, (x,), {**kw, "descending": True}
                for name in ["flip", "softmax", "log_softmax", "unstack", "expand_dims",
                             "diff"]:
                    yield name, (x,), kw
                yield "cumulative_sum", (x,), kw
                yield "cumulative_sum", (x,), {**kw, "include_initial": True}
                yield "roll", (x,), {**kw, "shift": 2}
                yield "repeat", (x,), {**kw, "repeats": 2}
                yield "concat", ([x, data(shape, dt, 3)],), kw
                yield "stack", ([x, data(shape, dt, 3)],), kw
                yield "squeeze", (np.expand_dims(x, axis),), kw
                yield "vecdot", (x, data(shape, dt, 1)), kw
                yield "take_along_axis", (x, indices(shape, axis)), kw
                yield "take_along_axis", (x, indices(shape, axis, -1 if shape[axis] else 0)), kw
                yield "take", (x, indices((shape[axis],), 0)), kw
                if shape[axis] == 0 or nd > 1:
                    yield "take", (x, np.zeros((0,), "int64")), kw
            if nd >= 2:
                for offset in (-1, 0, 1):
                    yield "linalg.trace", (x,), {"offset": offset}
                    yield "linalg.diagonal", (x,), {"offset": offset}
                for ord in ("fro", 1, float("inf")):
                    yield "linalg.matrix_norm", (x,), {"ord": ord}
                yield "matrix_transpose", (x,), {}
                yield "permute_dims", (x,), {"axes": tuple(range(nd))[::-1]}
            for name in ["exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "sin", "cos",
                         "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh",
                         "acosh", "atanh", "sigmoid", "gelu", "silu", "mish", "elu", "selu",
                         "leaky_relu", "softplus", "abs"]:
                yield name, (x,), {}
            for name in ["atan2", "hypot", "logaddexp", "huber_loss", "kl_div"]:
                yield name, (x, data(shape, dt, 4)), {}
            yield "unique_values", (x,), {}
            yield "searchsorted", (np.sort(x.reshape(-1)), x), {}
            yield "nonzero", (x,), {}


def run(backend, name, args, kwargs):
    fn = ivy.func_wrapper.API[name]
    with ivy.using_backend(backend) as B:
        def native(a):
            if isinstance(a, list):
                return [native(v) for v in a]
            return B.asarray(a) if isinstance(a, np.ndarray) else a

        try:
            r = fn(*map(native, args), **kwargs)
        except Exception as e:  # noqa: BLE001 - compared with the other backend's outcome
            return None, e
        if isinstance(r, (list, tuple)):
            return [ivy.to_numpy(v) for v in r], None
        return ivy.to_numpy(r), None


def same(a, b):
    if isinstance(a, list) or isinstance(b, list):
        return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
                and all(same(u, v) for u, v in zip(a, b, strict=True)))
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind == "f":
        return np.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True)
    return np.array_equal(a, b)


def main():
    bad, n = [], 0
    for name, args, kwargs in cases():
        n += 1
        ref_args = args
        if name in FLOAT_FUNCS:
            ref_args = [a.astype("float32") if isinstance(a, np.ndarray) else a for a in args]
        want, ref_err = run("numpy", name, ref_args, kwargs)
        got, err = run("mxnet", name, args, kwargs)
        what = (f"{name}({', '.join(f'{a.dtype}{list(a.shape)}' if isinstance(a, np.ndarray) else 'list' for a in args)}"
                f", {kwargs})")
        if ref_err is not None:
            if name == "softmax" and err is None and got.shape == args[0].shape and not got.size:
                # the NumPy backend's softmax takes a max over the axis first, which NumPy
                # refuses for zero elements; the softmax of an empty axis is empty (PyTorch, JAX)
                continue
            if err is None:
                bad.append(f"{what}: the reference raised {type(ref_err).__name__}: {ref_err}; "
                           f"mxnet answered")
        elif err is not None:
            bad.append(f"{what}: mxnet raised {type(err).__name__}: "
                       f"{str(err).splitlines()[0][:160] if str(err) else ''}")
        elif not same(got, want):
            shown = [(v.dtype, v.shape) for v in got] if isinstance(got, list) else (
                got.dtype, got.shape, got.ravel()[:6])
            ref = [(v.dtype, v.shape) for v in want] if isinstance(want, list) else (
                want.dtype, want.shape, want.ravel()[:6])
            bad.append(f"{what}: mxnet gave {shown}, the reference {ref}")
    if bad:
        print(f"{len(bad)} of {n} cases differ:")
        print("\n".join(bad[:200]))
        sys.exit(1)
    print(f"ok {n}")


if __name__ == "__main__":
    main()
