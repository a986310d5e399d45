"""tf.numpy_function / tf.py_function (eager: the Python function runs on the values) vs real
TensorFlow: the arguments the function sees, the result structure and dtypes (numpy_function keeps
what the function returns; py_function converts to ``Tout`` and refuses another tensor dtype)."""

from __future__ import annotations

import numpy as np
import pytest
import tensorflow as real

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import BACKENDS, A, D, check, covers

covers("tf.numpy_function")
covers("tf.py_function")


def _kinds(*a):
    return np.asarray([type(v).__name__ == "ndarray" for v in a])


def test_numpy_function():
    x = A(np.array([1.0, 2.0], np.float32))
    check("numpy_function", lambda a: a * 2, [x], D("float32"))
    check("numpy_function", lambda a: (a * 2).astype(np.float64), [x], D("float32"))
    check("numpy_function", lambda a, b: (a + b, a * b), [x, 3.0], [D("float32")] * 2)
    check("numpy_function", lambda a, b: (a + b, a * b), [x, 3], [D("float32")] * 2)
    check("numpy_function", lambda a: a.sum(), [x], D("float32"))
    check("numpy_function", lambda a: 5, [x], D("int64"))
    check("numpy_function", lambda a: [a, a], [x], [D("float32")])
    check("numpy_function", lambda a, b: _kinds(a, b), [x, A(np.arange(3))], D("bool"))
    check("numpy_function", lambda a: np.sort(a)[::-1].copy(),
          [A(np.array([3, 1, 2], np.int64))], D("int64"))


def test_py_function():
    x = A(np.array([1.0, 2.0], np.float32))
    check("py_function", lambda a: a * 2, [x], D("float32"))
    check("py_function", lambda a: 5, [x], D("float32"))
    check("py_function", lambda a: (a, a + 1), [x], [D("float32"), D("float32")])
    check("py_function", lambda a, b: a * b, [x, 3.0], D("float32"))
    check("py_function", func=lambda a: a.numpy().sum(), inp=[x], Tout=D("float32"))
    # a returned tensor of another dtype: InvalidArgumentError in both
    with pytest.raises(real.errors.InvalidArgumentError):
        real.py_function(lambda a: real.cast(a, real.float64), [real.constant([1.0])],
                         real.float32)
    for b in BACKENDS:
        with ivy.using_backend(b):
            with pytest.raises(ftf.errors.InvalidArgumentError):
                ftf.py_function(lambda a: ftf.cast(a, ftf.float64), [ftf.constant([1.0])],
                                ftf.float32)
            r = ftf.py_function(lambda a: type(a).__name__, [ftf.constant([1.0])], None)
            assert r is None
