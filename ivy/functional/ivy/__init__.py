"""The functional API: one module per category, each function declared once (see func_wrapper).

``CATEGORIES`` is the one list of modules whose functions ``ivy/__init__.py`` exports. A module
that sets ``NAMESPACE = "linalg"`` is exported as the sub-namespace ``ivy.linalg`` (dotted names
nest: ``"nn.functional"``); see :mod:`ivy.registry`.
"""

CATEGORIES = [
    "general", "info", "creation", "data_type", "elementwise", "indexing", "linear_algebra",
    "manipulation", "searching", "set", "sorting", "statistical", "utility",
    "nn", "random", "gradients", "control_flow",
    "linalg", "fft", "special",
]
