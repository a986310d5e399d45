"""The numpy backend: fft functions (see ivy/functional/ivy/fft.py for the API)."""
