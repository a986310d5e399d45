"""The MXNet backend: manipulation functions (see ivy/functional/ivy/manipulation.py for the API)."""

from mxnet import numpy as mnp

from .dtypes import result_dtype as _result_dtype


def _common(arrays):
    arrays = list(arrays)
    dt = arrays[0].dtype
    if any(a.dtype != dt for a in arrays[1:]):
        dt = _result_dtype(*(a.dtype for a in arrays))
        arrays = [a if a.dtype == dt else a.astype(dt) for a in arrays]
    return arrays


def _u8(fn):
    """``fn`` on a bool array through uint8 (several MXNet layout kernels reject bool)."""

    def wrapper(x, /, *args, **kwargs):
        if x.dtype == bool:
            return fn(x.astype("uint8"), *args, **kwargs).astype(bool)
        return fn(x, *args, **kwargs)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def broadcast_arrays(*arrays):
    return tuple(mnp.broadcast_arrays(*arrays))


def broadcast_to(x, /, shape):
    return mnp.broadcast_to(x, tuple(shape))


def concat(arrays, /, *, axis=0):
    arrays = _common(arrays)
    if axis is None:
        return mnp.concatenate([a.reshape(-1) for a in arrays], axis=0)
    return mnp.concatenate(arrays, axis=axis)


def expand_dims(x, /, axis):
    if isinstance(axis, (tuple, list)):
        out_nd = x.ndim + len(axis)
        norm = [a % out_nd if -out_nd <= a < out_nd else None for a in axis]
        if None in norm or len(set(norm)) != len(norm):
            raise ValueError(f"expand_dims: axes {tuple(axis)} are out of range or repeated for "
                             f"a result of {out_nd} dimensions")
        for a in sorted(ax % out_nd for ax in axis):
            x = mnp.expand_dims(x, a)
        return x
    if not -x.ndim - 1 <= axis <= x.ndim:  # MXNet's own check raises its MXNetError
        raise IndexError(f"expand_dims: axis {axis} is out of range for a result of "
                         f"{x.ndim + 1} dimensions")
    return mnp.expand_dims(x, axis % (x.ndim + 1))


@_u8
def flip(x, /, *, axis=None):
    if axis is None:
        axis = tuple(range(x.ndim))
    if x.ndim == 0:
        if axis not in ((), []):
            raise IndexError(f"flip: axis {axis} is out of range for a 0-d array")
        return x.copy()
    # MXNet's flip refuses negative axes
    axis = tuple(a % x.ndim for a in axis) if isinstance(axis, (tuple, list)) else axis % x.ndim
    return mnp.flip(x, axis=axis)


@_u8
def moveaxis(x, source, destination, /):
    return mnp.moveaxis(x, source, destination)


@_u8
def permute_dims(x, /, axes):
    return mnp.transpose(x, tuple(axes))


@_u8
def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, mnp.ndarray):
        if repeats.size == 1:  # a 0-d or one-element array broadcasts to every element
            repeats = int(repeats.reshape(()).item())
        else:
            # mx.np.repeat takes one int: repeat each slice on its own
            if axis is None:
                x, axis = x.reshape(-1), 0
            if repeats.ndim != 1 or repeats.shape[0] != x.shape[axis]:
                raise ValueError(f"repeat: repeats of shape {tuple(repeats.shape)} cannot "
                                 f"broadcast to the {x.shape[axis]} elements along axis {axis}")
            reps = [int(r) for r in repeats.asnumpy()]
            parts = [mnp.repeat(mnp.take(x, mnp.array([i], dtype="int64"), axis=axis), r,
                                axis=axis) for i, r in enumerate(reps) if r]
            if not parts:
                shape = list(x.shape)
                shape[axis] = 0
                return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
            return mnp.concatenate(parts, axis=axis)
    if x.size == 0:  # MXNet's repeat fails on zero-size input; the result is empty too
        shape = [x.size * repeats] if axis is None else list(x.shape)
        if axis is not None:
            shape[axis] *= repeats
        return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
    return mnp.repeat(x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    out = mnp.reshape(x, tuple(shape))
    return out.copy() if copy else out


@_u8
def roll(x, /, shift, *, axis=None):
    return mnp.roll(x, shift, axis=axis)


def squeeze(x, /, axis):
    for a in axis if isinstance(axis, (tuple, list)) else (axis,):
        if not -x.ndim <= a < x.ndim:
            raise IndexError(f"squeeze: axis {a} is out of range for {x.ndim} dimensions")
        if x.shape[a] != 1:  # MXNet's own check raises its MXNetError
            raise ValueError(f"squeeze: axis {a} has size {x.shape[a]}, not 1")
    return mnp.squeeze(x, axis=axis)


def stack(arrays, /, *, axis=0):
    return mnp.stack(_common(arrays), axis=axis)


@_u8
def tile(x, repetitions, /):
    return mnp.tile(x, tuple(repetitions))


@_u8
def _unstack(x, i, axis):
    return mnp.take(x, mnp.array([i], dtype="int64", ctx=x.ctx), axis=axis)


def unstack(x, /, *, axis=0):
    axis = axis % x.ndim
    shape = x.shape[:axis] + x.shape[axis + 1:]
    return tuple(_unstack(x, i, axis).reshape(shape) for i in range(x.shape[axis]))
