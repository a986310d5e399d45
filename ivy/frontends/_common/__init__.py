"""What every frontend shares.

``creation_backend()``: the Ivy backend whose native arrays a frontend's creation functions make
(``torch.zeros``, ``np.array``, ``jnp.arange``, ``tf.constant``): the backend set with
``ivy.set_backend`` (or a tracer's stand-in), else NumPy. Functions of existing arrays use the
arrays' own backend instead.
"""

from __future__ import annotations

from ...backend_handler import current_backend


def creation_backend():
    """The backend creation functions use: the one set, else NumPy (``ivy.current_backend()``
    with no arrays to infer from)."""
    return current_backend()
