"""Assertions and validation in torch programs (``torch_aten.py``: ``_is_all_true``,
``_is_any_true``, ``_assert_async``) and the core ATen ops mapped with them
(``_adaptive_avg_pool2d``, ``col2im``), against real torch.

Ivy has no assertion operation that emitted code could keep, so a check on a value that depends on
the inputs is refused, never dropped: ``torch._assert_async`` on such a value, and
``torch.distributions``' ``validate_args`` checks (``_is_all_true`` then a Python ``if``). A check
whose value is known at capture time holds for every input and is left out. The distributions
transpile with ``validate_args=False`` and, with it on, when every check is on constants."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw

D = torch.distributions


def _f(seed, *shape):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _check(fn, args, fresh, target):
    t = ivy.transpile(fn, source="torch", target=target, args=args)
    assert t.report["verification"]["verified"]
    want = fn(*(torch.from_numpy(a) for a in fresh))
    res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(*fresh)))
    assert all(r["ok"] for r in res), res
    return t


def _all_any(x):
    return torch._is_all_true(x > -1.0), torch._is_any_true(x > 1.0), torch._is_all_true(x > 0.0)


@pytest.mark.parametrize("target", ["numpy", "jax", "tensorflow"])
def test_is_all_true_is_any_true(target):
    """Both outcomes on a fresh draw: all(x > -1) true and false across the draws."""
    args = (np.abs(_f(0, 5)) * 0.5,)   # all > -1, none > 1
    fresh = (_f(1, 5) * 3.0,)          # some < -1, some > 1
    t = _check(_all_any, args, fresh, target)
    assert {"aten._is_all_true.default", "aten._is_any_true.default"} <= {
        r["op"] for r in t.report["ops"]}


def test_assert_async_on_an_input_value_is_refused():
    """Today's capture dropped it silently: the emitted code then accepted every input."""
    def f(x):
        torch._assert_async(torch.all(x > 0))
        return x.sqrt()

    with pytest.raises(TranspileError, match=r"aten\._assert_async.*depends on the inputs") as e:
        ivy.transpile(f, source="torch", target="numpy", args=(np.abs(_f(0, 4)) + 0.1,))
    assert "test_assertions.py" in str(e.value)  # the user's line


def test_assert_async_on_a_constant_is_left_out():
    def f(x):
        torch._assert_async(torch.tensor(3) > 2, "always")
        return x * 2

    _check(f, (_f(0, 4),), (_f(1, 4),), "numpy")


def _normal(x, loc, scale, validate):
    return D.Normal(loc, scale, validate_args=validate).log_prob(x)


def _mvn(x, loc, a, validate):
    cov = a @ a.T + torch.eye(3)
    return D.MultivariateNormal(loc, covariance_matrix=cov, validate_args=validate).log_prob(x)


def _categorical(logits, value, validate):
    return D.Categorical(logits=logits, validate_args=validate).log_prob(value)


def _dist_args(name, seed):
    if name == "normal":
        return _normal, (_f(seed, 4), _f(seed + 1, 4), np.abs(_f(seed + 2, 4)) + 0.5)
    if name == "mvn":
        return _mvn, (_f(seed, 5, 3), _f(seed + 1, 3), _f(seed + 2, 3, 3))
    value = np.random.default_rng(seed).integers(0, 4, 6)
    return _categorical, (_f(seed, 6, 4), value)


@pytest.mark.parametrize("name", ["normal", "mvn", "categorical"])
def test_validate_args_on_input_values_is_refused_naming_the_line(name):
    fn, args = _dist_args(name, 0)
    with pytest.raises(TranspileError, match="depends on the inputs") as e:
        ivy.transpile(lambda *a: fn(*a, True), source="torch", target="numpy", args=args)
    assert "test_assertions.py" in str(e.value)


@pytest.mark.parametrize("target", ["numpy", "jax", "tensorflow"])
@pytest.mark.parametrize("name", ["normal", "mvn", "categorical"])
def test_log_prob_without_validation(name, target):
    fn, args = _dist_args(name, 0)
    _, fresh = _dist_args(name, 10)

    def prog(*a):
        return fn(*a, False)
    _check(prog, args, fresh, target)


@pytest.mark.parametrize("target", ["numpy", "jax"])
def test_validate_args_on_constants_transpiles(target):
    """Checks on the distribution's constant parameters (``_is_all_true`` of a constant, then a
    Python ``if``) hold for every input; ``icdf`` validates nothing input-dependent."""
    loc, scale = torch.tensor([0.0, 1.0, -2.0]), torch.tensor([1.0, 0.5, 2.0])

    def f(p):
        return D.Normal(loc, scale, validate_args=True).icdf(p)

    rng = np.random.default_rng(0)
    t = _check(f, (rng.uniform(0.05, 0.95, 3).astype(np.float32),),
               (rng.uniform(0.05, 0.95, 3).astype(np.float32),), target)
    assert "aten._is_all_true.default" in {r["op"] for r in t.report["ops"]}


@pytest.mark.parametrize("target", ["numpy", "jax"])
def test_adaptive_avg_pool2d_and_col2im(target):
    def f(img, cols):
        return (torch.ops.aten._adaptive_avg_pool2d(img, [4, 3]),
                torch.ops.aten.col2im(cols, [5, 4], [2, 3], [1, 1], [1, 0], [2, 1]))

    def args(seed):
        return _f(seed, 2, 3, 9, 7), _f(seed + 1, 2, 3 * 6, 6)
    _check(f, args(0), args(5), target)
