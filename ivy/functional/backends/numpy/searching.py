"""The numpy backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""
