"""The jax backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""
