"""torch.lstm / torch.gru (ATen's functional recurrent kernels that nn.LSTM / nn.GRU call) vs
real torch on the numpy, jax and torch Ivy backends, with the weights of real nn.LSTM / nn.GRU
modules: layers, directions, batch_first, biases, LSTM projections; raising parity."""

import numpy as np
import pytest
import torch as real

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, T, check, covers

covers("torch.lstm", "torch.gru")


def _case(kind, steps, batch, n_in, hidden, layers, bi, batch_first, bias, proj=0,
          dtype="float32", seed=0):
    rng = np.random.default_rng(seed)
    real.manual_seed(seed)
    m = (real.nn.LSTM(n_in, hidden, num_layers=layers, bidirectional=bi, bias=bias,
                      proj_size=proj) if kind == "lstm" else
         real.nn.GRU(n_in, hidden, num_layers=layers, bidirectional=bi, bias=bias))
    m = m.to(getattr(real, dtype))
    params = [T(p.detach().numpy().copy()) for p in m._flat_weights]
    d = 2 if bi else 1
    x = rng.standard_normal((batch, steps, n_in) if batch_first else (steps, batch, n_in))
    h = rng.standard_normal((layers * d, batch, proj or hidden)).astype(dtype)
    hx = (T(h), T(rng.standard_normal((layers * d, batch, hidden)).astype(dtype))) \
        if kind == "lstm" else T(h)
    return T(x.astype(dtype)), hx, params


@pytest.mark.parametrize("kind,cfg", [
    ("lstm", dict(steps=5, batch=2, n_in=3, hidden=4, layers=2, bi=True, batch_first=False,
                  bias=True)),
    ("lstm", dict(steps=4, batch=2, n_in=3, hidden=4, layers=1, bi=False, batch_first=True,
                  bias=False, proj=2)),
    ("gru", dict(steps=5, batch=2, n_in=3, hidden=4, layers=2, bi=True, batch_first=True,
                 bias=True)),
    ("gru", dict(steps=3, batch=1, n_in=2, hidden=3, layers=1, bi=False, batch_first=False,
                 bias=False, dtype="float64")),
], ids=["lstm-2layer-bidir", "lstm-proj-batch_first-nobias", "gru-2layer-bidir-batch_first",
        "gru-float64-nobias"])
def test_rnn_functional(kind, cfg):
    x, hx, params = _case(kind, **cfg)
    check(kind, x, hx, params, cfg["bias"], cfg["layers"], 0.0, False, cfg["bi"],
          cfg["batch_first"], _rtol=1e-4, _atol=1e-5)


def test_rnn_functional_errors():
    x, hx, params = _case("gru", 3, 2, 3, 4, 1, False, False, True)
    check("gru", T(np.zeros((0, 2, 3), "float32")), hx, params, True, 1, 0.0, False, False,
          False)  # empty sequence: raises
    check("gru", T(x.a.astype("float64")), hx, params, True, 1, 0.0, False, False, False)  # dtype
    check("gru", x, hx, params[:3], True, 1, 0.0, False, False, False)  # parameter count
    x, hx, params = _case("lstm", 3, 2, 3, 4, 2, False, False, True)
    for b in BACKENDS:  # dropout between layers in training draws torch's stream: refused
        with ivy.using_backend(b):
            with pytest.raises(NotImplementedError, match="dropout"):
                ft.lstm(ft.tensor(x.a), tuple(ft.tensor(h.a) for h in hx),
                        [ft.tensor(p.a) for p in params], True, 2, 0.5, True, False, False)
