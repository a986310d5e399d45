"""torch.nn: Module, layers, Parameter, functional, init."""

from . import functional, init  # noqa: F401
from .modules import *  # noqa: F401,F403
from .modules import Buffer, Module, Parameter  # noqa: F401

from . import modules as _m  # noqa: E402


class _Utils:
    """torch.nn.utils: clip_grad_norm_ needs autograd (not in the frontend)."""

    @staticmethod
    def parameters_to_vector(parameters):
        from .. import _functions as F

        return F.cat([p.reshape(-1) for p in parameters])


utils = _Utils()
__all__ = [n for n in dir(_m) if not n.startswith("_")] + ["functional", "init", "Parameter",
                                                          "Module", "Buffer"]
