"""The numpy backend: data type functions (see ivy/functional/ivy/data_type.py for the API)."""
