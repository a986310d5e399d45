"""The jax backend."""

import jax as _fw


def _activate():
    """Ivy's jax backend needs x64 (int64 and float64 are Ivy's defaults). Called at import and
    by ``load_backend`` whenever the backend is selected, so code that only *emits* JAX source
    (``Graph.to_source("jax")``, the transpiler) can give the user's setting back afterwards."""
    if not _fw.config.jax_enable_x64:
        _fw.config.update("jax_enable_x64", True)


_activate()

from ..descriptors import descriptor as _descriptor  # noqa: E402
from . import fft, linalg
from .control_flow import *
from .creation import *
from .data_type import *
from .device import *
from .dtypes import *
from .elementwise import *
from .general import *
from .gradients import *
from .indexing import *
from .linear_algebra import *
from .manipulation import *
from .nn import *
from .random import *
from .searching import *
from .set import *
from .sorting import *
from .special import *
from .statistical import *
from .utility import *

DESCRIPTOR = _descriptor("jax")
name = DESCRIPTOR.name
version = _fw.__version__
CAPABILITIES = {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 32}
