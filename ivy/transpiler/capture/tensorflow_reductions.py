"""Raw op → Ivy rules for TensorFlow's segment reductions and cumulative log-sum-exp, added to
:data:`.tensorflow.RULES` (which imports this module; same rule signature: ``rule(op, *ivys,
static)``, ``static`` the inputs' values where known without running the graph).

* ``UnsortedSegmentSum/Max/Min/Prod`` (``tf.math.unsorted_segment_*``; ``unsorted_segment_mean``
  and ``unsorted_segment_sqrt_n`` are built by TF from ``UnsortedSegmentSum``) and the sorted
  ``SegmentSum/Mean/Max/Min/Prod`` with their ``num_segments`` known statically (the output's
  shape): a scatter of the rows into one extra, discarded segment for out-of-range ids — TF
  drops negative ids; ids at or past ``num_segments`` are an error on TF's CPU kernel and dropped
  by its GPU and XLA kernels, as here. Empty segments: 0 for sums, 1 for products, the dtype's
  lowest (highest) value for unsorted max (min), 0 for the sorted ops.
* ``CumulativeLogsumexp`` (``tf.math.cumulative_logsumexp``, with ``exclusive`` and
  ``reverse``): a log-depth (Hillis–Steele) scan of ``logaddexp``, so no ``exp`` overflows and
  the graph has ``ceil(log2 n)`` steps, not ``n``.
"""

from __future__ import annotations

import numpy as np

import ivy

from ...array_object import Array
from ...tracer.errors import TraceError
from .base import Rules

#: the rules of this module, merged into ``tensorflow.RULES``
RULES = Rules(__name__)
rule = RULES.rule


def _lowest(dtype: str, highest: bool = False):
    d = np.dtype(dtype)
    info = np.finfo(d) if d.kind == "f" else np.iinfo(d)
    return info.max if highest else info.min


def _segments(op, data, ids, n: int, kind: str, *, empty_zero: bool):
    """``kind`` ("sum", "max", "min", "prod") of the rows of ``data`` grouped by ``ids`` (whose
    shape is a prefix of ``data``'s) into ``n`` segments."""
    k = len(ids.shape)
    rest = tuple(int(s) for s in data.shape[k:])
    rows = int(np.prod([int(s) for s in ids.shape])) if k else 1
    flat_ids = ivy.astype(ivy.reshape(ids, (rows,)), "int64")
    flat = ivy.reshape(data, (rows,) + rest)
    valid = ivy.logical_and(ivy.greater_equal(flat_ids, 0), ivy.less(flat_ids, n))
    target = ivy.where(valid, flat_ids, ivy.full_like(flat_ids, n))  # n: the discarded segment
    dt = str(data.dtype)
    if kind == "prod":  # no multiplicative scatter: a [segments, rows] mask, then a product
        mask = ivy.equal(ivy.reshape(ivy.arange(n, dtype="int64"), (n, 1)),
                         ivy.reshape(target, (1, rows)))
        mask = ivy.reshape(mask, (n, rows) + (1,) * len(rest))
        d = ivy.expand_dims(flat, axis=0)
        return ivy.astype(ivy.prod(ivy.where(mask, d, ivy.ones_like(d)), axis=1), dt)
    idx = ivy.reshape(target, (rows, 1))
    shape = (n + 1,) + rest
    if kind == "sum":
        out = ivy.scatter_nd(idx, flat, shape, reduction="sum")
    else:
        init = ivy.full(shape, _lowest(dt, highest=kind == "min"), dtype=dt)
        out = ivy.scatter_nd(idx, flat, shape, reduction=kind, out=init)
        if empty_zero:  # the sorted ops give 0 for an empty segment
            count = ivy.scatter_nd(idx, ivy.ones((rows,), dtype="int64"), (n + 1,),
                                   reduction="sum")
            empty = ivy.reshape(ivy.equal(count, 0), (n + 1,) + (1,) * len(rest))
            out = ivy.where(empty, ivy.zeros_like(out), out)
    return ivy.get_item(out, slice(0, n))


def _known(value, op, what: str) -> np.ndarray:
    """``value`` (an Ivy stand-in) when it does not depend on the inputs — it sets the output's
    shape, which the emitted code fixes — else a refusal naming ``what``."""
    try:
        return np.asarray(Array(value).to_numpy())
    except TraceError:
        raise NotImplementedError(
            f"{op.type} with {what} computed from the inputs: it sets the output's shape, which "
            "the transpiled code fixes (pass it as a constant)") from None


def _num_segments(op, value) -> int:
    return int(_known(value, op, "num_segments").reshape(()))


@rule("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd",
      mapping="ivy.scatter_nd (segment reduction)")
def unsorted_segment(op, data, ids, num_segments, *, static, **_):
    kind = op.type.removeprefix("UnsortedSegment").lower()
    return _segments(op, data, ids, _num_segments(op, num_segments), kind, empty_zero=False)


@rule("SegmentSum", "SegmentMax", "SegmentMin", "SegmentProd", "SegmentMean",
      mapping="ivy.scatter_nd (segment reduction)")
def sorted_segment(op, data, ids, *, static, **_):
    """The sorted segment ops: ``max(ids) + 1`` segments, so the ids must not depend on the
    inputs. (``Segment*V2``, with ``num_segments``, has XLA kernels only: it does not run
    eagerly on CPU, so the capture cannot check it.)"""
    known = _known(ids, op, "segment ids (the output's size is max(ids) + 1; "
                   "tf.math.unsorted_segment_* takes num_segments)")
    n = int(known.max()) + 1 if known.size else 0
    kind = op.type.removeprefix("Segment").lower()
    if kind == "mean":
        total = _segments(op, data, ids, n, "sum", empty_zero=True)
        count = _segments(op, ivy.ones(tuple(ids.shape), dtype=str(data.dtype)), ids, n, "sum",
                          empty_zero=True)
        count = ivy.reshape(count, (n,) + (1,) * (len(data.shape) - len(ids.shape)))
        return ivy.divide(total, ivy.maximum(count, ivy.ones_like(count)))
    return _segments(op, data, ids, n, kind, empty_zero=True)


@rule("CumulativeLogsumexp", mapping="ivy.logaddexp (log-depth scan)")
def cumulative_logsumexp(op, x, axis, *, static, **_):
    ax = int(_known(axis, op, "an axis").reshape(())) % len(x.shape)
    n = int(x.shape[ax])

    def take(v, s):
        return ivy.get_item(v, (slice(None),) * ax + (s,))

    y = ivy.flip(x, axis=ax) if op.get_attr("reverse") else x
    step = 1
    while step < n:  # y[i] = logaddexp(y[i], y[i - step]) for i >= step
        y = ivy.concat([take(y, slice(0, step)),
                        ivy.logaddexp(take(y, slice(step, None)), take(y, slice(0, n - step)))],
                       axis=ax)
        step *= 2
    if op.get_attr("exclusive") and n:
        first = ivy.full_like(take(y, slice(0, 1)), -np.inf)
        y = ivy.concat([first, take(y, slice(0, n - 1))], axis=ax)
    return ivy.flip(y, axis=ax) if op.get_attr("reverse") else y


__all__ = ["RULES"]
