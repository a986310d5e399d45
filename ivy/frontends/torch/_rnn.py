"""``torch.lstm`` / ``torch.gru`` (ATen's multi-layer recurrent ops).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import ivy

from ._base import _range
from ._core import (
    dtype_of,
    not_implemented,
)
from ._tensor import Tensor, wrap


# ------------------------------------------------------------------- torch.lstm / torch.gru
def _rnn(name, gates_per, input, hx, params, has_biases, num_layers, dropout, train,
         bidirectional, batch_first):
    """ATen's multi-layer ``lstm`` / ``gru`` on padded (not packed) input, one time step at a
    time: ``params`` per layer and direction (w_ih, w_hh[, b_ih, b_hh][, w_hr for an LSTM with
    projections]); ``hx`` (num_layers * directions, batch, hidden) (LSTM: (h, c))."""
    if not isinstance(input, Tensor):
        not_implemented(f"torch.{name} on a packed sequence (data, batch_sizes)")
    if dropout and train and num_layers > 1:
        not_implemented(f"torch.{name}(dropout > 0, train=True)",
                        "dropout between layers draws from torch's random stream")
    x = input._data
    if len(x.shape) != 3:
        raise RuntimeError(f"{name}: Expected input to be 3-D (sequence, batch, features), got "
                           f"{len(x.shape)}-D")
    dt = dtype_of(x)
    if dt.cat != 2:
        raise RuntimeError(f"{name}: expected a floating point input, got {input.dtype}")
    dirs = 2 if bidirectional else 1
    per = len(params) // (num_layers * dirs) if num_layers * dirs else 0
    base = 4 if has_biases else 2
    if per * num_layers * dirs != len(params) or per not in (base, base + (name == "lstm")):
        raise RuntimeError(f"{name}: got {len(params)} parameters for {num_layers} layer(s), "
                           f"{dirs} direction(s) and has_biases={has_biases}")
    proj = per == base + 1
    for t in params:
        if t.dtype is not dt:
            raise RuntimeError(f"{name}: input and parameter tensors are not the same dtype, "
                               f"found input tensor with {input.dtype} and parameter tensor "
                               f"with {t.dtype}")
    if batch_first:
        x = ivy.permute_dims(x, (1, 0, 2))
    if name == "lstm":
        h_all, c_all = hx[0]._data, hx[1]._data
    else:
        h_all, c_all = hx._data, None
    steps = x.shape[0]
    hn, cn = [], []

    def lin(v, w, b):
        r = ivy.matmul(v, ivy.matrix_transpose(w))
        return r if b is None else ivy.add(r, b)

    def chunk(g, n):  # the gates along the last axis (torch's chunk)
        m = g.shape[-1] // n
        return [ivy.get_item(g, (slice(None), slice(j * m, (j + 1) * m))) for j in _range(n)]

    layer_in = x
    for layer in _range(num_layers):
        outs = []
        for d in _range(dirs):
            k = layer * dirs + d
            w = [t._data for t in params[k * per:(k + 1) * per]]
            w_ih, w_hh = w[0], w[1]
            b_ih, b_hh = (w[2], w[3]) if has_biases else (None, None)
            w_hr = w[-1] if proj else None
            h = ivy.get_item(h_all, k)
            c = ivy.get_item(c_all, k) if c_all is not None else None
            seq = [None] * steps
            for t in (_range(steps - 1, -1, -1) if d else _range(steps)):
                xt = ivy.get_item(layer_in, t)
                gi, gh = lin(xt, w_ih, b_ih), lin(h, w_hh, b_hh)
                if name == "lstm":
                    g4 = chunk(ivy.add(gi, gh), 4)
                    i_, f_ = ivy.sigmoid(g4[0]), ivy.sigmoid(g4[1])
                    g_, o_ = ivy.tanh(g4[2]), ivy.sigmoid(g4[3])
                    c = ivy.add(ivy.multiply(f_, c), ivy.multiply(i_, g_))
                    h = ivy.multiply(o_, ivy.tanh(c))
                    if proj:
                        h = lin(h, w_hr, None)
                else:
                    ir, iz, in_ = chunk(gi, 3)
                    hr, hz, hn_ = chunk(gh, 3)
                    r = ivy.sigmoid(ivy.add(ir, hr))
                    z = ivy.sigmoid(ivy.add(iz, hz))
                    n = ivy.tanh(ivy.add(in_, ivy.multiply(r, hn_)))
                    h = ivy.add(ivy.multiply(ivy.subtract(h, n), z), n)
                seq[t] = h
            if not steps:
                raise RuntimeError(f"{name}: Expected sequence length to be larger than 0 in RNN")
            outs.append(ivy.stack(seq, axis=0))
            hn.append(h)
            if c is not None:
                cn.append(c)
        layer_in = outs[0] if dirs == 1 else ivy.concat(outs, axis=-1)
    out = ivy.permute_dims(layer_in, (1, 0, 2)) if batch_first else layer_in
    res = (wrap(out), wrap(ivy.stack(hn, axis=0)))
    return res + (wrap(ivy.stack(cn, axis=0)),) if name == "lstm" else res


def lstm(input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
         batch_first):
    """torch.lstm (ATen's functional LSTM, what nn.LSTM calls): (output, h_n, c_n)."""
    return _rnn("lstm", 4, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first)


def gru(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """torch.gru (ATen's functional GRU, what nn.GRU calls): (output, h_n)."""
    return _rnn("gru", 3, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first)
