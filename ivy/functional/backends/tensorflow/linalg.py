"""The tensorflow backend: linalg functions (see ivy/functional/ivy/linalg.py for the API)."""
