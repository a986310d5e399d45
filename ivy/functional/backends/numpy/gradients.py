"""The numpy backend: gradients functions (see ivy/functional/ivy/gradients.py for the API)."""
