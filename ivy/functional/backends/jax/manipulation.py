"""The jax backend: manipulation functions (see ivy/functional/ivy/manipulation.py for the API)."""

import jax.numpy as jnp

from ivy.functional.ivy.manipulation import _normalize_axes, _result_dtype, _squeezed_shape

from .dtypes import as_native_dtype

broadcast_to = jnp.broadcast_to


def expand_dims(x, /, axis):
    # the standard asks IndexError for an out-of-range axis; jax raises ValueError
    axes = axis if isinstance(axis, tuple) else (axis,)
    out_ndim = x.ndim + len(axes)
    for a in axes:
        if not -out_ndim <= a < out_ndim:
            raise IndexError(f"expand_dims: axis {a} is out of range for a {x.ndim}-D array "
                             f"(valid: {-out_ndim} to {out_ndim - 1})")
    return jnp.expand_dims(x, axis)
flip = jnp.flip
moveaxis = jnp.moveaxis
tile = jnp.tile


def _dtype_of(arrays):
    """The Array API result dtype (JAX would turn uint64 with int64 into float64)."""
    first = arrays[0].dtype
    if all(a.dtype == first for a in arrays):
        return first
    return as_native_dtype(_result_dtype([a.dtype for a in arrays]))


def broadcast_arrays(*arrays):
    return tuple(jnp.broadcast_arrays(*arrays))


def concat(arrays, /, *, axis=0):
    return jnp.concatenate(arrays, axis=axis, dtype=_dtype_of(arrays))


def permute_dims(x, /, axes):
    return jnp.transpose(x, _normalize_axes(axes, x.ndim, "permute_dims"))


def repeat(x, repeats, /, *, axis=None):
    return jnp.repeat(x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    out = jnp.reshape(x, tuple(shape))
    return jnp.array(out, copy=True) if copy and out is x else out


def roll(x, /, shift, *, axis=None):
    return jnp.roll(x, shift, axis=axis)


def squeeze(x, /, axis):
    return jnp.reshape(x, _squeezed_shape(tuple(x.shape), axis))


def stack(arrays, /, *, axis=0):
    dtype = _dtype_of(arrays)
    return jnp.stack([a if a.dtype == dtype else a.astype(dtype) for a in arrays], axis=axis)


def unstack(x, /, *, axis=0):
    return tuple(jnp.unstack(x, axis=axis))
