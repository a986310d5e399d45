"""The torch backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""
