"""Builds the optional C fast paths: Ivy's dispatchers (ivy/_dispatch.c), the PyTorch frontend's
common calls (ivy/frontends/torch/_fast.c), the RPC codec's tiny calls
(client/ivy_client/_fastwire.c) and the worker's request tallies (server/ivy_server/_tally.c);
metadata is in pyproject.toml. ``optional=True``:
without a C compiler the install still succeeds and Ivy uses its pure-Python code (same behaviour,
one Python frame slower per call)."""

from setuptools import Extension, setup

try:  # _fastwire.c uses NumPy's C API (pyproject's build requirements bring NumPy 2's headers,
    # whose builds run on NumPy >= 1.23; a --no-build-isolation build uses the installed NumPy)
    import numpy

    _NUMPY = [numpy.get_include()]
except ImportError:  # no NumPy to build against: _fastwire fails to compile, which optional=True
    _NUMPY = []  # tolerates (the client then uses its Python codec)

# _dispatch_api.h: ivy._dispatch's C API, used by the frontend's C ops (listed so that the sdist
# ships it and a change to it rebuilds both)
_API = ["ivy/_dispatch_api.h"]
setup(ext_modules=[Extension("ivy._dispatch", ["ivy/_dispatch.c"], depends=_API, optional=True),
                   Extension("ivy.frontends.torch._fast", ["ivy/frontends/torch/_fast.c"],
                             depends=_API, optional=True),
                   Extension("ivy_client._fastwire", ["client/ivy_client/_fastwire.c"],
                             include_dirs=_NUMPY, optional=True),
                   Extension("ivy_server._tally", ["server/ivy_server/_tally.c"],
                             optional=True)])
