"""Indexing (functional updates), shapes and DLPack on jax arrays."""

import jax.numpy as jnp


def shape_of(x) -> tuple:
    return tuple(x.shape)


def get_item(x, /, key):
    return x[key]


def set_item(x, key, value, /):
    return x.at[key].set(jnp.asarray(value, dtype=x.dtype))


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    kwargs = {k: v for k, v in (("max_version", max_version), ("dl_device", dl_device),
                                ("copy", copy)) if v is not None}
    try:
        return x.__dlpack__(stream=stream, **kwargs)
    except BufferError:
        if max_version is None:
            raise
        # JAX refuses a max_version below its own; the standard lets a producer answer with
        # another version (the consumer checks the capsule's), so export the legacy capsule
        kwargs.pop("max_version")
        return x.__dlpack__(stream=stream, **kwargs)


def dlpack_device(x, /):
    return x.__dlpack_device__()
