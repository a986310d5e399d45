"""Emitted source compiles cleanly: no SyntaxWarning (e.g. ``-1 is not None`` left behind when a
literal is substituted into a copied helper; ``python -W error`` makes that a SyntaxError)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ivy


@pytest.mark.parametrize("target", ["numpy", "torch", "jax", "tensorflow"])
def test_substituted_literals_fold(target):
    def f(x):
        return ivy.log1p(ivy.abs(x)) + ivy.sqrt(ivy.abs(x))

    with ivy.using_backend(target):
        g = ivy.trace_graph(f, ivy.asarray(np.ones((2, 3), np.float32)))
        src = g.to_source(target)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyntaxWarning)
        compile(src, "<emitted>", "exec")
