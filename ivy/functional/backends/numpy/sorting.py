"""The numpy backend: sorting functions (see ivy/functional/ivy/sorting.py for the API)."""
