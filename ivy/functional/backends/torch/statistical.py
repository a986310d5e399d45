"""The torch backend: statistical functions (see ivy/functional/ivy/statistical.py for the API)."""
