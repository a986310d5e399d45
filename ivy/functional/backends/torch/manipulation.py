"""The torch backend: manipulation functions (see ivy/functional/ivy/manipulation.py for the API)."""
