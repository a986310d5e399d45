"""The torch backend: random functions (see ivy/functional/ivy/random.py for the API)."""
