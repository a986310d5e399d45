"""The jax backend: indexing functions (see ivy/functional/ivy/indexing.py for the API)."""
