"""The NumPy backend: gradients. NumPy has no automatic differentiation."""

from ivy.errors import NoGradientError as _NoGradientError

_MSG = ("ivy.{} needs automatic differentiation, which the numpy backend does not have; use one "
        "of: jax, torch, tensorflow")


def value_and_grad(func, argnums=0):
    raise _NoGradientError(_MSG.format("value_and_grad"))


def jac(func):
    raise _NoGradientError(_MSG.format("jac"))


def stop_gradient(x, /):
    # a new array object (a view, no copy): under ivy's tracer the result must not be the input
    # object itself, or every later use of the input would resolve to the detached value
    return x.view() if hasattr(x, "view") and hasattr(x, "base") else x
