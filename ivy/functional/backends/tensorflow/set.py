"""The tensorflow backend: set functions (see ivy/functional/ivy/set.py for the API)."""
