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


def _empty_index_shape(x, key):
    """The result shape of ``x[key]`` when an index array in ``key`` is empty, else None.

    MXNet must not run such an index: its kernel checks index 0 against a zero-size axis and
    records "index 0 is out of bounds" in the asynchronous engine, which then fails (or leaves
    unwritten, i.e. garbage, outputs in) whatever runs next. The result has no elements, so its
    shape (from NumPy, which also raises NumPy's errors for a bad key) is all that is needed."""
    import numpy as onp
    from mxnet import numpy as mnp

    parts = key if isinstance(key, tuple) else (key,)
    if not any(isinstance(k, mnp.ndarray) and k.size == 0 for k in parts):
        return None
    host = tuple(k.asnumpy() if isinstance(k, mnp.ndarray) else k for k in parts)
    return onp.empty(x.shape, dtype=bool)[host if isinstance(key, tuple) else host[0]].shape


def get_item(x, /, key):
    mask = _scalar_mask(key)
    if mask is not None:  # x[True]: x with a new axis of 1; x[False]: of 0 (MXNet gets both wrong)
        from mxnet import numpy as mnp

        if bool(mask):
            return mnp.expand_dims(x, 0).copy()
        return mnp.zeros((0, *x.shape), dtype=x.dtype, ctx=x.ctx)
    shape = _empty_index_shape(x, key)
    if shape is not None:
        from mxnet import numpy as mnp

        return mnp.zeros(shape, dtype=x.dtype, ctx=x.ctx)
    key = _ints_as_arrays(_masks(key))
    if x.ndim == 0:
        key = _key(x, key)
        if isinstance(key, tuple) and not key:
            return x  # MXNet's x[()] gives a NumPy value, not an array
        # None / ... / a 0-d mask on a 0-d array: index its 1-element reshape at 0 first
        key = key if isinstance(key, tuple) else (key,)
        return x.reshape((1,))[(0, *key)]
    return x[key]


def _selected_shape(x, key):
    """The shape ``x[key]`` selects, found by NumPy on a zero-stride stand-in of ``x``'s shape
    (no copy of ``x``; NumPy raises its errors for a bad key)."""
    import numpy as onp
    from mxnet import numpy as mnp

    parts = key if isinstance(key, tuple) else (key,)
    host = tuple(k.asnumpy() if isinstance(k, mnp.ndarray) else k for k in parts)
    stand_in = onp.broadcast_to(onp.empty((), dtype=bool), x.shape)
    return stand_in[host if isinstance(key, tuple) else host[0]].shape


def set_item(x, key, value, /):
    import numpy as onp
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
    else:
        shape = _selected_shape(x, _key(x, key))
        if 0 in shape:
            # nothing selected: MXNet must not run it (an empty slice fails its assertion, an
            # empty index array its kernel); the value must still broadcast to the selection
            onp.broadcast_shapes(tuple(value.shape), shape)
            return x
    key = _key(x, _ints_as_arrays(_masks(key)))
    if x.dtype == bool:
        # MXNet's slice assignment has no bool kernel ("Unknown type enum 7"): assign in uint8
        u = x.astype("uint8")
        u[key] = value.astype("uint8")
        return u.astype(bool)
    x[key] = value
    return x


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    # MXNet 1.9 exports the legacy (unversioned) DLPack capsule only
    return x.to_dlpack_for_read()


def dlpack_device(x, /):
    c = x.ctx
    return (1, 0) if c.device_type.startswith("cpu") else (2, c.device_id)
