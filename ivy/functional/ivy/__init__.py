"""The functional API: one module per category, each function declared once (see func_wrapper).

``CATEGORIES`` is the one list of modules whose functions ``ivy/__init__.py`` exports; ``linalg``
and ``fft`` are exported as the sub-namespaces ``ivy.linalg`` and ``ivy.fft``.
"""

CATEGORIES = [
    "general", "info", "creation", "data_type", "elementwise", "indexing", "linear_algebra",
    "manipulation", "searching", "set", "sorting", "statistical", "utility",
    "nn", "random", "gradients",
    "linalg", "fft",
]
NAMESPACES = ("linalg", "fft")
