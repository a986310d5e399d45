"""TensorFlow dtypes <-> Ivy dtypes."""

import tensorflow as tf

from ivy import dtypes as _d

SUPPORTED_DTYPES = _d.ALL
_NATIVE = {d: tf.as_dtype(str(d)) for d in _d.ALL}
_LOOKUP = {**_NATIVE, **{v: v for v in _NATIVE.values()}}


def as_native_dtype(dtype):
    """The tf.DType for an Ivy dtype, a name, or any framework's dtype (``None`` stays)."""
    if dtype is None:
        return None
    try:
        return _LOOKUP[dtype]
    except (KeyError, TypeError):
        return _NATIVE[_d.as_ivy_dtype(dtype)]


def _weak(value, dtype):
    """A Python scalar as a tensor of the array operand's dtype (the standard's weak scalars)."""
    from ivy.functional.ivy.data_type import _weak_promote

    target = _NATIVE[_weak_promote(_d.as_ivy_dtype(dtype), value)]
    return tf.constant(value, dtype=target)


def promote(*args):
    """Cast tensors (and Python scalars) to their Array API result dtype; TF does not promote.

    Returns the converted arguments as a tuple. Raises TypeError for undefined promotions.
    """
    tensors = [a for a in args if isinstance(a, (tf.Tensor, tf.Variable))]
    if not tensors:
        tensors = [tf.convert_to_tensor(a) for a in args]
        args = tuple(tensors)
    target = tensors[0].dtype
    for t in tensors[1:]:
        if t.dtype != target:
            target = _NATIVE[_d.promote_types(target, t.dtype)]
    out = []
    for a in args:
        if isinstance(a, (tf.Tensor, tf.Variable)):
            out.append(a if a.dtype == target else tf.cast(a, target))
        elif isinstance(a, (bool, int, float, complex)):
            out.append(_weak(a, target))
        else:
            out.append(tf.cast(tf.convert_to_tensor(a), target))
    return tuple(out)
