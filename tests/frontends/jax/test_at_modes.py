"""``Array.at[idx].get/set/add/...`` and ``x[idx]`` vs real JAX: out-of-bound indices under each
``mode`` (gather: clamp by default, ``fill``/``drop`` give ``fill_value``; scatter: dropped by
default, clamped with ``clip``), ``wrap_negative_indices``, repeated indices (accumulated or the
operation applied once per occurrence) and the ``unique_indices``/``indices_are_sorted`` hints."""

from __future__ import annotations

import os
import warnings

import jax.numpy as rjnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.jax.numpy as fjnp

from .helpers import BACKENDS, ERRORS, compare, covers, reference

FULL = bool(os.environ.get("IVY_FULL"))
METHODS = ("get", "set", "add", "subtract", "multiply", "divide", "power", "min", "max",
           "apply")
covers("jax.Array.at")


def _side(o, asarray):
    if isinstance(o, np.ndarray):
        return asarray(np.array(o, copy=True))
    if isinstance(o, tuple):
        return tuple(_side(e, asarray) for e in o)
    return o


def _call(jnp, x, key, meth, arg, kw):
    ref = _side(x, jnp.asarray)[_side(key, jnp.asarray)] if meth == "getitem" else \
        _side(x, jnp.asarray).at[_side(key, jnp.asarray)]
    if meth == "getitem":
        return ref
    if meth == "get":
        return ref.get(**kw)
    if meth == "apply":
        return ref.apply(jnp.sin if x.dtype.kind == "f" else jnp.negative, **kw)
    return getattr(ref, meth)(_side(arg, jnp.asarray), **kw)


def run(x, key, meth, arg=None, backends=BACKENDS, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with reference():
                exp, err = _call(rjnp, x, key, meth, arg, kw), None
        except Exception as e:  # noqa: BLE001 - the frontend must raise too
            exp, err = None, e
        for b in backends:
            with ivy.using_backend(b):
                if err is not None:
                    with pytest.raises(ERRORS):
                        _call(fjnp, x, key, meth, arg, kw)
                    continue
                got = _call(fjnp, x, key, meth, arg, kw)
                compare(got, exp, b, where=f"x.at[{key!r}].{meth}({arg!r}, {kw})")


I = np.array  # noqa: E741


def test_get_modes_fixed():
    x = np.arange(5, dtype=np.float32) + 1
    idx = I([0, 7, -1, -9, 4, 5, -6, -5])
    for mode in (None, "clip", "fill", "drop", "promise_in_bounds") if FULL else (None, "fill"):
        run(x, idx, "get", mode=mode)
        run(x, 7, "get", mode=mode)
        run(x, -9, "get", mode=mode)
    run(x, idx, "get", mode="fill", fill_value=-3.5)
    run(x, idx, "get", mode="fill", wrap_negative_indices=False)
    run(x, idx, "get", mode="clip", wrap_negative_indices=False)
    run(x, idx, "get", mode="bogus")
    run(x, idx, "getitem")
    run(x, 9, "getitem")
    run(x, -9, "getitem")
    m = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    keys = [(I([0, 1]), slice(None), I([0, 5])), (I([[0], [3]]), I([0, 5, -4])),
            (0, I([-1, 3]), 9)]
    if FULL:
        keys += [(I([0, 2]), slice(1, None)), (1, 5), (slice(1, None), 5), (I([0, 1]), I([5, 0])),
                 (slice(None), I([0, 5, -4])), (Ellipsis, 4), (None, 4), (4,),
                 (I([True, False]),), (I(1), I(-7))]
    for key in keys:
        for mode in (None, "fill", "clip") if FULL else ("fill",):
            run(m, key, "get", mode=mode)
        run(m, key, "getitem")
    for dt in ("int32", "uint8", "int8", "bool") if FULL else ("uint8", "int8", "bool"):
        xi = (np.arange(5) % 3).astype(dt)
        run(xi, idx, "get", mode="fill")
        if FULL:
            run(xi, idx, "get", mode="fill", fill_value=2)
            run(xi, idx, "get")
    run(np.arange(5, dtype=np.int32), idx, "get", mode="fill", fill_value=2.7)


def test_scatter_modes_fixed():
    x = np.arange(5, dtype=np.float32) + 1
    idx = I([1, 7, -1, -9, 3, 5, -6, 1])
    vals = np.arange(8, dtype=np.float32) + 2
    for meth in METHODS[1:]:
        for mode in (None, "clip", "fill", "drop", "promise_in_bounds") if FULL else (None,
                                                                                      "clip"):
            run(x, idx, meth, vals, mode=mode)
            if FULL:
                run(x, 7, meth, 3.0, mode=mode)
        if FULL:
            run(x, idx, meth, vals, mode="clip", wrap_negative_indices=False)
            run(x, idx, meth, vals, wrap_negative_indices=False)
            run(x, I([3, 1, 1]), meth, I([2.0, 3.0, 4.0], dtype=np.float32),
                indices_are_sorted=True)
            run(x, I([3, 1]), meth, I([2.0, 3.0], dtype=np.float32), unique_indices=True)
            run(x, idx, meth, vals, mode="bogus")
    run(x, idx, "add", vals, mode="clip", wrap_negative_indices=False)
    run(x, idx, "set", vals, mode="bogus")
    if not FULL:
        return
    m = np.arange(12, dtype=np.float32).reshape(3, 4)
    for key in ((I([0, 2, 2]), I([5, 0, 0])), (slice(None), I([0, 5, -4, -1])), (1, 9),
                (I([True, False, True]), 1), (I([[0], [3]]), I([0, 5, -4]))):
        for meth in ("set", "add", "multiply", "divide", "apply"):
            for mode in (None, "clip"):
                run(m, key, meth, 2.0, mode=mode)
    xi = np.arange(6, dtype=np.int32)
    for meth in ("set", "add", "subtract", "multiply", "min", "max", "divide", "apply"):
        run(xi, I([0, 0, 9, -2, -8]), meth, I([2, 3, 4, 5, 6], dtype=np.int32))
        run(xi, I([0, 0, 9, -2, -8]), meth, I([2, 3, 4, 5, 6], dtype=np.int32), mode="clip")


@st.composite
def _case(draw):
    shape = draw(st.lists(st.integers(1 if not FULL else 0, 4), min_size=1, max_size=3))
    x = np.asarray(draw(st.lists(st.integers(-4, 4), min_size=int(np.prod(shape)),
                                 max_size=int(np.prod(shape)))), np.float32).reshape(shape)
    key = []
    for n in shape[:draw(st.integers(1, len(shape)))]:
        kind = draw(st.sampled_from(["int", "arr", "arr", "slice"]))
        if kind == "int":
            key.append(draw(st.integers(-2 * n - 1, 2 * n + 1)))
        elif kind == "arr":
            key.append(np.asarray(draw(st.lists(st.integers(-2 * n - 1, 2 * n + 1), min_size=1,
                                                max_size=4)), np.int32))
        else:
            key.append(slice(draw(st.integers(-n, n)), None))
    arrs = [k for k in key if isinstance(k, np.ndarray)]
    if len({a.shape for a in arrs}) > 1:  # broadcastable index arrays
        m = min(a.shape[0] for a in arrs)
        key = [k[:m] if isinstance(k, np.ndarray) else k for k in key]
    meth = draw(st.sampled_from(METHODS))
    mode = draw(st.sampled_from([None, "clip", "fill"]))
    return x, tuple(key), meth, mode


@settings(max_examples=80 if FULL else 8, deadline=None, derandomize=True)
@given(_case())
def test_at_random(case):
    x, key, meth, mode = case
    run(x, key, meth, np.float32(1.5), mode=mode)
