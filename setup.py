"""Builds the optional C fast paths: Ivy's dispatchers (ivy/_dispatch.c) and the PyTorch frontend's
common calls (ivy/frontends/torch/_fast.c); metadata is in pyproject.toml. ``optional=True``:
without a C compiler the install still succeeds and Ivy uses its pure-Python code (same behaviour,
one Python frame slower per call)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("ivy._dispatch", ["ivy/_dispatch.c"], optional=True),
                   Extension("ivy.frontends.torch._fast", ["ivy/frontends/torch/_fast.c"],
                             optional=True)])
