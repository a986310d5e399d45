"""The tensorflow backend: statistical functions (see ivy/functional/ivy/statistical.py for the API)."""
