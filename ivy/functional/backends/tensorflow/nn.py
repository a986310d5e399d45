"""The tensorflow backend: nn functions (see ivy/functional/ivy/nn.py for the API)."""
