"""Acceptance: the MLP and CNN of examples/train_mlp_cnn.py, 50 Adam steps from the same weights
and data, give the same loss curve on torch, jax and tensorflow (1e-4 relative per step) and
match the hand-written native models."""

from __future__ import annotations

import importlib.util
import os

import numpy as np
import pytest

_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "train_mlp_cnn.py")
_spec = importlib.util.spec_from_file_location("train_mlp_cnn", _PATH)
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)

_CURVES: dict = {}


def ivy_curve(backend, kind):
    if (backend, kind) not in _CURVES:
        _CURVES[backend, kind] = np.array(ex.train_ivy(backend, kind))
    return _CURVES[backend, kind]


def rel(a, b):
    return np.abs(np.asarray(a) - np.asarray(b)) / np.abs(np.asarray(b))


@pytest.mark.parametrize("kind", ["mlp", "cnn"])
def test_same_curve_on_every_backend(kind):
    ref = ivy_curve("torch", kind)
    assert len(ref) == 50 and ref[-1] < 0.8 * ref[0]  # it does learn
    for b in ("jax", "tensorflow"):
        assert np.all(rel(ivy_curve(b, kind), ref) < 1e-4), (b, rel(ivy_curve(b, kind), ref))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["mlp", "cnn"])
@pytest.mark.parametrize("backend", ["torch", "jax", "tensorflow"])
def test_matches_native_model(backend, kind):
    native = np.array(ex.train_native(backend, kind))
    gap = rel(ivy_curve(backend, kind), native)
    # tf.keras sums its gradients in a different order; float32 round-off then drifts slowly
    # over 50 steps (about 1e-4 by the end of the CNN run). Elsewhere the curves agree to ~1e-6.
    tol = 5e-4 if backend == "tensorflow" else 1e-4
    assert np.all(gap < tol), gap
    assert abs(ivy_curve(backend, kind)[-1] - native[-1]) / native[-1] < tol
