"""TensorFlow dtypes <-> Ivy dtypes."""

from functools import partial

import tensorflow as tf

from ivy import dtypes as _d
from ivy.functional.backends._shared import dtypes as _dt

from ..descriptors import descriptor

SUPPORTED_DTYPES, _NATIVE, _LOOKUP = _dt.build(tf.as_dtype, descriptor("tensorflow").dtypes)


# the Ivy dtype, a name, or any framework's dtype -> the native dtype (None stays None)
as_native_dtype = partial(_dt.as_native, _NATIVE, _LOOKUP)
del partial


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
