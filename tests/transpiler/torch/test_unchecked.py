"""Functions whose aten decomposition reads input values only to validate them transpile.

``F.one_hot(labels, num_classes)`` decomposes into ``aminmax`` + two ``.item()`` range checks
before the real work; the capture runs torch's own function outside the capture (its errors on
the example stay) and a check-free equivalent inside it.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw


def labels_program(x):
    labels = (x * 3).long().clamp(0, 2)
    return F.one_hot(labels, num_classes=3).float() * x.unsqueeze(-1)


@pytest.mark.parametrize("target", ["numpy", "jax", "tensorflow"])
def test_one_hot_with_num_classes(target):
    x = np.random.default_rng(0).random((4, 5)).astype(np.float32)
    t = ivy.transpile(labels_program, source="torch", target=target, args=(x,))
    assert t.report["verification"]["verified"]
    x2 = np.random.default_rng(1).random((4, 5)).astype(np.float32)
    want = labels_program(torch.from_numpy(x2)).numpy()
    np.testing.assert_allclose(fw.to_numpy(t(x2)), want)


def test_one_hot_errors_of_the_source_stay():
    def bad(x):
        return F.one_hot(x.long() - 5, num_classes=3)  # negative labels: torch raises

    with pytest.raises(TranspileError, match="non-negative|the PyTorch program itself raised"):
        ivy.transpile(bad, source="torch", target="numpy",
                      args=(np.zeros((2, 3), np.float32),))


def test_one_hot_without_num_classes_is_still_refused():
    def infer(x):
        return F.one_hot((x * 3).long())  # the class count comes from the data

    with pytest.raises(TranspileError, match="_local_scalar_dense"):
        ivy.transpile(infer, source="torch", target="numpy",
                      args=(np.random.default_rng(0).random((2, 3)).astype(np.float32),))
