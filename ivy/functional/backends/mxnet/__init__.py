"""The MXNet backend: plain functions on ``mxnet.numpy.ndarray`` (MXNet 1.9, its NumPy API).

MXNet needs ``numpy<1.24``, so it runs in a worker of its own environment (``scripts/envs/mxnet.sh``,
docs/deploy.md). What ``mx.np`` cannot do (complex dtypes, FFTs, int16/uint16+/bfloat16,
``nextafter``, bit shifts, ``cumulative_prod``, ``eig``) raises ``UnsupportedBackendError`` or
``UnsupportedDtypeError`` naming the function: docs/conformance.md lists them.
"""

import ctypes as _ctypes
import os as _os

# Synchronous execution. MXNet's default (threaded) engine runs operators asynchronously and
# reports an operator's failure at the next synchronisation point, in whatever code reads a value
# next, having left the failed operator's output unwritten (garbage) for anything that used it.
# The naive engine raises the error from the call that caused it. It must be chosen before MXNet
# is imported; a worker that sets MXNET_ENGINE_TYPE itself keeps its choice.
_os.environ.setdefault("MXNET_ENGINE_TYPE", "NaiveEngine")

import mxnet as mx  # noqa: E402
from mxnet.base import _LIB, check_call

# NumPy shape semantics (0-d and zero-size arrays) for every thread, not only this one:
# ``npx.set_np()`` is thread-local, and the RPC worker calls from a thread pool (2 = GlobalOn)
check_call(_LIB.MXSetIsNumpyShape(_ctypes.c_int(2), _ctypes.byref(_ctypes.c_int())))
mx.npx.set_np()

from ..descriptors import descriptor as _descriptor  # noqa: E402
from . import fft, linalg  # noqa: E402
from .control_flow import *  # noqa: E402
from .creation import *  # noqa: E402
from .data_type import *  # noqa: E402
from .device import *  # noqa: E402
from .dtypes import *  # noqa: E402
from .elementwise import *  # noqa: E402
from .general import *  # noqa: E402
from .gradients import *  # noqa: E402
from .indexing import *  # noqa: E402
from .linear_algebra import *  # noqa: E402
from .manipulation import *  # noqa: E402
from .nn import *  # noqa: E402
from .random import *  # noqa: E402
from .searching import *  # noqa: E402
from .set import *  # noqa: E402
from .sorting import *  # noqa: E402
from .special import *  # noqa: E402
from .statistical import *  # noqa: E402
from .utility import *  # noqa: E402

DESCRIPTOR = _descriptor("mxnet")
name = DESCRIPTOR.name
version = mx.__version__
CAPABILITIES = {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 32}
