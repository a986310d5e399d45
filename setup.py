"""Builds the optional C fast path of Ivy's dispatchers (ivy/_dispatch.c); metadata is in
pyproject.toml. ``optional=True``: without a C compiler the install still succeeds and Ivy uses its
pure-Python dispatchers (same behaviour, one Python frame slower per call)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("ivy._dispatch", ["ivy/_dispatch.c"], optional=True)])
