"""The torch backend: linalg functions (see ivy/functional/ivy/linalg.py for the API)."""
