"""tf.bitwise."""

import ivy

from ._core import name_of, nat, wrap
from ._functions import INT, bitwise_and, bitwise_or, bitwise_xor, check, match  # noqa: F401


def invert(x, name=None):
    d = nat(x)
    check("Invert", name_of(d), INT)
    return wrap(ivy.bitwise_invert(d))


def left_shift(x, y, name=None):
    (a, b), n = match("LeftShift", x, y)
    check("LeftShift", n, INT)
    return wrap(ivy.bitwise_left_shift(a, b))


def right_shift(x, y, name=None):
    (a, b), n = match("RightShift", x, y)
    check("RightShift", n, INT)
    return wrap(ivy.bitwise_right_shift(a, b))
