"""The jax backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API)."""

import jax.numpy as jnp

add = jnp.add
