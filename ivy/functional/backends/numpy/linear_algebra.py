"""The numpy backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py for the API)."""
