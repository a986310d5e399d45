"""Backends: one package per framework, the same file names in each.

Each package exposes plain functions on native arrays with the API's signatures, plus a small
protocol used by the core: ``name``, ``version``, ``SUPPORTED_DTYPES``, ``CAPABILITIES``,
``as_native_dtype``, ``dev``, ``devices``, ``as_native_device``, ``shape_of``, ``to_numpy``,
``to_dlpack``, ``dlpack_device``.
"""
