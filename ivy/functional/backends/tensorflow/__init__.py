"""The tensorflow backend."""

import tensorflow as _fw

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

DESCRIPTOR = _descriptor("tensorflow")
name = DESCRIPTOR.name
version = _fw.__version__
CAPABILITIES = {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 32}
