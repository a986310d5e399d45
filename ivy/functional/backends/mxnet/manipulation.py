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
    return mnp.expand_dims(x, axis)


@_u8
def flip(x, /, *, axis=None):
    if axis is None:
        axis = tuple(range(x.ndim))
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
        if repeats.ndim == 0:
            repeats = int(repeats.item())
        else:
            # mx.np.repeat takes one int: repeat each slice on its own
            if axis is None:
                x, axis = x.reshape(-1), 0
            reps = [int(r) for r in repeats.asnumpy()]
            parts = [mnp.repeat(mnp.take(x, mnp.array([i], dtype="int64"), axis=axis), r,
                                axis=axis) for i, r in enumerate(reps) if r]
            if not parts:
                shape = list(x.shape)
                shape[axis] = 0
                return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
            return mnp.concatenate(parts, axis=axis)
    return mnp.repeat(x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    out = mnp.reshape(x, tuple(shape))
    return out.copy() if copy else out


@_u8
def roll(x, /, shift, *, axis=None):
    return mnp.roll(x, shift, axis=axis)


def squeeze(x, /, axis):
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
