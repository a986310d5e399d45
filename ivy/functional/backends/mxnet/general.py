"""Indexing, shapes and DLPack on ``mxnet.numpy`` arrays."""

from .dtypes import promote as _promote


def shape_of(x) -> tuple:
    return tuple(x.shape)


def _key(x, key):
    """MXNet's 0-d arrays accept only ``()`` as an index; ``...`` means the same there."""
    if x.ndim == 0 and (key is Ellipsis or key == (Ellipsis,)):
        return ()
    return key


def _masks(key):
    """Zero-size boolean masks as their (empty) integer coordinates: MXNet aborts the process on
    a zero-size mask; a non-empty one it handles itself."""
    from mxnet import numpy as mnp

    def fix(k):
        if isinstance(k, mnp.ndarray) and k.dtype == bool and k.size == 0:
            return mnp.nonzero(k)
        return (k,)

    if isinstance(key, tuple):
        return tuple(p for k in key for p in fix(k))
    parts = fix(key)
    return parts[0] if len(parts) == 1 else parts


def _ints_as_arrays(key):
    """With an integer array in the key, Python ints become 0-d index arrays: NumPy treats them
    so (all advanced indices broadcast together), while MXNet mis-indexes the mix (x[0, 0, [0], 0]
    raised "index 0 is out of bounds for axis 0 with size 0")."""
    from mxnet import numpy as mnp

    if not isinstance(key, tuple) or not any(isinstance(k, mnp.ndarray) for k in key):
        return key
    ctx = next(k.ctx for k in key if isinstance(k, mnp.ndarray))
    return tuple(mnp.array(k, dtype="int64", ctx=ctx)
                 if isinstance(k, int) and not isinstance(k, bool) else k for k in key)


def _scalar_mask(key):
    """A 0-d bool mask alone (``x[mask]`` or ``x[(mask,)]``), else None."""
    from mxnet import numpy as mnp

    if isinstance(key, tuple) and len(key) == 1:
        key = key[0]
    return key if isinstance(key, mnp.ndarray) and key.dtype == bool and key.ndim == 0 else None


def get_item(x, /, key):
    mask = _scalar_mask(key)
    if mask is not None:  # x[True]: x with a new axis of 1; x[False]: of 0 (MXNet gets both wrong)
        from mxnet import numpy as mnp

        if bool(mask):
            return mnp.expand_dims(x, 0).copy()
        return mnp.zeros((0, *x.shape), dtype=x.dtype, ctx=x.ctx)
    key = _ints_as_arrays(_masks(key))
    if x.ndim == 0:
        key = _key(x, key)
        if isinstance(key, tuple) and not key:
            return x  # MXNet's x[()] gives a NumPy value, not an array
        # None / ... / a 0-d mask on a 0-d array: index its 1-element reshape at 0 first
        key = key if isinstance(key, tuple) else (key,)
        return x.reshape((1,))[(0, *key)]
    return x[key]


def set_item(x, key, value, /):
    from mxnet import numpy as mnp

    if isinstance(value, mnp.ndarray) and value.dtype != x.dtype:
        value = value.astype(x.dtype)
    elif not isinstance(value, mnp.ndarray):
        value = _promote(x, value)[1].astype(x.dtype)
    mask = _scalar_mask(key)
    if mask is not None:
        if not bool(mask):
            return x
        key = Ellipsis
    x[_key(x, _ints_as_arrays(_masks(key)))] = value
    return x


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    # MXNet 1.9 exports the legacy (unversioned) DLPack capsule only
    return x.to_dlpack_for_read()


def dlpack_device(x, /):
    c = x.ctx
    return (1, 0) if c.device_type.startswith("cpu") else (2, c.device_id)
