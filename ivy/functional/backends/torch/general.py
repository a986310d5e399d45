"""Indexing, shapes and DLPack on torch tensors.

torch differs from the standard's indexing in two places, fixed here: slices with a negative step
are not supported (we index with the mirrored positive slice and flip), and an index tensor of
dtype uint8 would be read as a boolean mask (integer index tensors are made int64).
"""

import torch

_SIGNED_OF = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def shape_of(x) -> tuple:
    return tuple(x.shape)


def _key_tuple(key):
    return key if isinstance(key, tuple) else (key,)


def _clean(x, key):
    """Integer index tensors as int64 (uint8 ones would be read as masks), empty boolean masks as
    empty integer indices (the standard lets a mask axis of size 0 select nothing from any axis);
    None if nothing changed."""
    changed = False
    out = []
    dim = 0  # the axis of x the key element indexes (None once past an ellipsis)
    for k in _key_tuple(key):
        if k is Ellipsis:
            dim = None
        elif isinstance(k, torch.Tensor) and k.dtype == torch.bool:
            if k.ndim and k.numel() == 0:
                if dim is not None:
                    have = tuple(x.shape[dim:dim + k.ndim])
                    if len(have) < k.ndim or any(m not in (h, 0) for m, h in zip(
                            k.shape, have, strict=False)):
                        raise IndexError(f"boolean index of shape {tuple(k.shape)} does not "
                                         f"match the indexed axes {have}")
                k = k.nonzero(as_tuple=True)
                changed = True
            if dim is not None:
                dim += len(k) if isinstance(k, tuple) else k.ndim
        elif k is not None and dim is not None:
            dim += 1
        if isinstance(k, torch.Tensor) and k.dtype not in (torch.bool, torch.int64, torch.int32):
            k = k.to(torch.int64)
            changed = True
        if isinstance(k, tuple):
            out.extend(k)
        else:
            out.append(k)
    return tuple(out) if changed else None


def _negative_slices(x, key):
    """(dim of x, position in the basic-index result or None) of each negative-step slice.

    Returns ``None`` when there is none (the common case, checked first and cheaply).
    """
    keys = _key_tuple(key)
    if not any(isinstance(k, slice) and k.step is not None and k.step < 0 for k in keys):
        return None
    consumed = 0
    for k in keys:
        if k is None or k is Ellipsis or isinstance(k, bool):
            continue
        consumed += k.ndim if isinstance(k, torch.Tensor) and k.dtype == torch.bool else 1
    dim, pos, found = 0, 0, []
    advanced = any(isinstance(k, torch.Tensor) for k in keys)
    for k in keys:
        if k is None or isinstance(k, bool):
            pos += 1
        elif k is Ellipsis:
            n = x.ndim - consumed
            dim += n
            pos += n
        elif isinstance(k, slice):
            if k.step is not None and k.step < 0:
                found.append((dim, None if advanced else pos, k))
            dim += 1
            pos += 1
        elif isinstance(k, torch.Tensor) and k.dtype == torch.bool:
            dim += k.ndim
        else:
            dim += 1
    return found


def _mirror(s: slice, n: int, flipped_input: bool) -> slice:
    """A positive-step slice for the negative-step ``s`` on an axis of size ``n``.

    ``flipped_input``: it selects, on the flipped axis, what ``s`` selects on the axis; else it
    selects the same elements as ``s`` in increasing order (flip the result afterwards).
    """
    start, stop, step = s.indices(n)
    count = len(range(start, stop, step))
    if count == 0:
        return slice(0, 0)
    last = start + (count - 1) * step
    if flipped_input:
        return slice(n - 1 - start, n - last, -step)
    return slice(last, start + 1, -step)


def _positive_key(x, key, found, flipped_input):
    keys = list(_key_tuple(key))
    dims = {id(s): d for d, _, s in found}
    for i, k in enumerate(keys):
        if isinstance(k, slice) and id(k) in dims:
            keys[i] = _mirror(k, x.shape[dims[id(k)]], flipped_input)
    return tuple(keys)


def get_item(x, /, key):
    if key.__class__ is int:  # x[i]: nothing to clean, no negative-step slice
        return x[key]
    fixed = _clean(x, key)
    if fixed is not None:
        key = fixed
    found = _negative_slices(x, key)
    if found is None:
        return x[key]
    if all(p is not None for _, p, _ in found):  # basic indexing: flip the (smaller) result
        r = x[_positive_key(x, key, found, False)]
        return torch.flip(_flippable(r), [p for _, p, _ in found]).view(x.dtype)
    flipped = _flippable(x).flip([d for d, _, _ in found]).view(x.dtype)
    return flipped[_positive_key(x, key, found, True)]


def _flippable(x):
    s = _SIGNED_OF.get(x.dtype)
    return x if s is None else x.view(s)


def set_item(x, key, value, /):
    fixed = _clean(x, key)
    if fixed is not None:
        key = fixed
    if not isinstance(value, torch.Tensor):
        value = torch.as_tensor(value, dtype=x.dtype, device=x.device)
    elif value.dtype != x.dtype:
        value = value.to(x.dtype)
    found = _negative_slices(x, key)
    s = _SIGNED_OF.get(x.dtype)
    target, value = (x, value) if s is None else (x.view(s), value.view(s))
    if found is None:
        target[key] = value
        return x
    # exact for any key: the flat positions the key selects, then one scatter
    positions = get_item(torch.arange(x.numel(), device=x.device).reshape(x.shape), key)
    if positions.numel() == 0:
        return x
    flat = positions.reshape(-1)
    coords = []
    for size in reversed(tuple(x.shape)):  # torch.unravel_index's first call takes ~1 s
        coords.append(flat % size)
        flat = flat // size
    coords = tuple(reversed(coords))
    target[coords] = value.broadcast_to(positions.shape).reshape(-1)
    return x


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    kwargs = {k: v for k, v in (("max_version", max_version), ("dl_device", dl_device),
                                ("copy", copy)) if v is not None}
    return x.__dlpack__(stream=stream, **kwargs) if stream is not None else \
        x.__dlpack__(**kwargs)


def dlpack_device(x, /):
    return x.__dlpack_device__()

