"""torch.nn.functional losses and the distances they use (reduction= as torch)."""

from __future__ import annotations

import builtins
import math

import ivy

from .. import _core
from .. import _functions as F
from .._core import not_implemented
from .._tensor import Tensor, wrap
from .activations import log_softmax, logsigmoid
from .layers import linear


def _reduce(loss, reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        sa = True if size_average is None else size_average
        rd = True if reduce is None else reduce
        reduction = "none" if not rd else ("mean" if sa else "sum")
    if reduction == "none":
        return loss
    if reduction == "mean":
        return wrap(ivy.mean(loss._data)) if loss.numel() else wrap(ivy.divide(ivy.sum(
            loss._data), 0.0))
    if reduction == "sum":
        return wrap(ivy.sum(loss._data))
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _lse3(a, b, c):
    """log(exp(a) + exp(b) + exp(c)), -inf where all three are -inf (without a log(0), whose
    derivative would make the gradient NaN there)."""
    m = ivy.maximum(a, ivy.maximum(b, c))
    m = ivy.where(ivy.isinf(m), ivy.zeros_like(m), m)
    acc = ivy.add(ivy.add(ivy.exp(ivy.subtract(a, m)), ivy.exp(ivy.subtract(b, m))),
                  ivy.exp(ivy.subtract(c, m)))
    dead = ivy.equal(acc, 0)
    out = ivy.add(ivy.log(ivy.where(dead, ivy.ones_like(acc), acc)), m)
    return ivy.where(dead, ivy.full_like(out, -math.inf), out)


def _lengths(v, n, what):
    d = v._data if isinstance(v, Tensor) else ivy.asarray(list(v), dtype="int64")._data
    d = ivy.astype(ivy.reshape(d, (-1,)), "int64")
    if d.shape[0] != n:
        raise RuntimeError(f"ctc_loss: expected {what} to have {n} entries, got {d.shape[0]}")
    return d


def _n(v):
    return v._data if isinstance(v, ivy.Array) else v


def _cols(x, start, stop):
    """``x[:, start:stop]`` recorded by the tracer (native slicing is not)."""
    return ivy.get_item(x, (slice(None), slice(start, stop)))


def ctc_nll(lp, targets, il, tl, blank):
    """Per-sample CTC negative log-likelihood on native Ivy values (``lp`` ``(T, N, C)`` log
    probabilities, ``targets`` padded ``(N, S)`` or concatenated 1-D, ``il``/``tl`` int64
    ``(N,)`` lengths, which may be graph values): the forward (alpha) recursion in log space over
    the blank-extended labels, an ``ivy.scan`` over time; a sample shorter than ``T`` keeps its
    last state. Also the mapping of aten's ``_ctc_loss`` in the torch transpiler."""
    T_, N = int(lp.shape[0]), int(lp.shape[1])
    tg = ivy.astype(targets, "int64")
    if len(tg.shape) == 2:
        S = int(tg.shape[1])
    else:  # concatenated: sample n's labels start at the sum of the earlier lengths
        S = int(tg.shape[0])
        start = ivy.subtract(ivy.cumulative_sum(tl, axis=0), tl)
        pos = ivy.add(ivy.expand_dims(start, axis=1),
                      ivy.expand_dims(_n(ivy.arange(S, dtype="int64")), axis=0))
        pos = ivy.clip(pos, 0, builtins.max(S - 1, 0))
        tg = ivy.reshape(ivy.take(tg, ivy.reshape(pos, (-1,)), axis=0), (N, S)) if S else \
            _n(ivy.zeros((N, 0), dtype="int64"))
    L = 2 * S + 1

    def full(shape, v, dtype="int64"):
        return _n(ivy.full(shape, v, dtype=dtype))

    # the extended labels: blank, l1, blank, l2, ..., blank
    ext = ivy.concat([ivy.reshape(ivy.stack([full((N, S), blank), tg], axis=2), (N, 2 * S)),
                      full((N, 1), blank)], axis=1)
    pos = ivy.reshape(_n(ivy.arange(L, dtype="int64")), (1, L))
    # s may be reached from s-2: a label that differs from the label two back
    prev2 = ivy.concat([full((N, 2), blank), _cols(ext, None, -2)], axis=1) if L > 2 else ext
    skip = ivy.logical_and(ivy.not_equal(ext, blank), ivy.not_equal(ext, prev2))
    neg = full((N, L), -math.inf, lp.dtype)
    lp_ext = ivy.take_along_axis(lp, ivy.broadcast_to(ivy.expand_dims(ext, axis=0),
                                                      (T_, N, L)), axis=2)  # (T, N, L)
    a0 = ivy.where(ivy.less(pos, 2), ivy.get_item(lp_ext, 0), neg)
    a0 = ivy.where(ivy.logical_and(ivy.equal(pos, 1), ivy.expand_dims(ivy.equal(tl, 0), axis=1)),
                   neg, a0)

    def step(carry, x):
        (alpha,), (lp_t, t) = carry, x
        a1 = ivy.concat([_cols(neg, None, 1), _cols(alpha, None, -1)], axis=1)
        a2 = ivy.where(skip, ivy.concat([_cols(neg, None, 2), _cols(alpha, None, -2)], axis=1),
                       neg) if L > 2 else neg
        new = ivy.add(_lse3(alpha, a1, a2), lp_t)
        return (ivy.where(ivy.expand_dims(ivy.less(t, il), axis=1), new, alpha),), None

    (alpha,), _ = ivy.scan(step, (a0,), (ivy.get_item(lp_ext, slice(1, None)),
                                         _n(ivy.arange(1, T_, dtype="int64"))))
    alpha = _n(alpha)
    end = ivy.expand_dims(ivy.multiply(tl, 2), axis=1)
    last = ivy.take_along_axis(alpha, end, axis=1)
    before = ivy.take_along_axis(alpha, ivy.maximum(ivy.subtract(end, 1), 0), axis=1)
    before = ivy.where(ivy.greater(end, 0), before, ivy.full_like(before, -math.inf))
    return ivy.get_item(_n(ivy.negative(_lse3(last, before, ivy.full_like(last, -math.inf)))),
                        (slice(None), 0))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    """Connectionist temporal classification (:func:`ctc_nll` per sample), reduced as torch
    does: ``mean`` divides each loss by its target length (at least 1) first."""
    lp = log_probs._data
    unbatched = len(lp.shape) == 2
    if unbatched:
        lp = ivy.expand_dims(lp, axis=1)
    if len(lp.shape) != 3:
        raise RuntimeError(f"ctc_loss: log_probs must be 2-D or 3-D, got {len(lp.shape)}-D")
    N, C = int(lp.shape[1]), int(lp.shape[2])
    if not 0 <= blank < C:
        raise RuntimeError("blank must be in label range")
    tg = targets._data
    if unbatched and len(tg.shape) == 1:
        tg = ivy.expand_dims(tg, axis=0)
    tl = _lengths(target_lengths, N, "target_lengths")
    nll = ctc_nll(lp, tg, _lengths(input_lengths, N, "input_lengths"), tl, blank)
    if zero_infinity:
        nll = ivy.where(ivy.isinf(nll), ivy.zeros_like(nll), nll)
    if reduction == "mean":
        return wrap(_n(ivy.mean(ivy.divide(nll, ivy.astype(ivy.maximum(tl, 1), nll.dtype)))))
    if reduction == "sum":
        return wrap(_n(ivy.sum(nll)))
    if reduction != "none":
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return wrap(ivy.get_item(nll, 0) if unbatched else nll)


def _check_same(input, target):
    if tuple(input.shape) != tuple(target.shape):
        import warnings

        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size "
                      f"({input.shape}). This will likely lead to incorrect results due to "
                      "broadcasting.", stacklevel=3)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _check_same(input, target)
    d = input - target
    return _reduce(d * d, reduction, size_average, reduce)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    _check_same(input, target)
    return _reduce(F.abs(input - target), reduction, size_average, reduce)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    d = F.abs(input - target)
    if beta == 0:
        return _reduce(d, reduction, size_average, reduce)
    loss = F.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
    return _reduce(loss, reduction, size_average, reduce)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    d = F.abs(input - target)
    loss = F.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    return _reduce(loss, reduction)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    return _nll(input, target, weight, ignore_index, reduction, size_average, reduce)


def _class_first(input):
    return 0 if input.ndim == 1 else 1


def _nll(logp, target, weight, ignore_index, reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        sa = True if size_average is None else size_average
        rd = True if reduce is None else reduce
        reduction = "none" if not rd else ("mean" if sa else "sum")
    if target.dtype.cat != 1:
        raise RuntimeError("expected scalar type Long but found " + str(target.dtype))
    cd = _class_first(logp)
    C = logp.shape[cd]
    t = target._data
    valid = ivy.not_equal(t, ignore_index)
    tsafe = ivy.where(valid, t, ivy.zeros_like(t))
    if ivy.to_numpy(ivy.any(ivy.logical_and(valid, ivy.logical_or(ivy.less(t, 0),
                                                                    ivy.greater_equal(t, C))))):
        raise IndexError(f"Target {ivy.to_numpy(ivy.max(t))} is out of bounds.")
    lp = logp._data
    picked = ivy.squeeze(ivy.take_along_axis(lp, ivy.expand_dims(ivy.astype(tsafe, "int64"),
                                                                 axis=cd), axis=cd), axis=cd)
    w = ivy.ones_like(picked) if weight is None else ivy.take(weight._data,
                                                             ivy.astype(tsafe, "int64"))
    w = ivy.where(valid, w, ivy.zeros_like(w))
    loss = ivy.negative(ivy.multiply(picked, w))
    if reduction == "none":
        return wrap(loss)
    if reduction == "sum":
        return wrap(ivy.sum(loss))
    if reduction == "mean":
        return wrap(ivy.divide(ivy.sum(loss), ivy.sum(w)))
    raise ValueError(f"{reduction} is not a valid value for reduction")


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    if size_average is not None or reduce is not None:
        sa = True if size_average is None else size_average
        rd = True if reduce is None else reduce
        reduction = "none" if not rd else ("mean" if sa else "sum")
    cd = _class_first(input)
    C = input.shape[cd]
    logp = log_softmax(input, cd)
    wshape = [1] * input.ndim
    wshape[cd] = C
    if target.dtype.cat >= 2:  # class probabilities
        if tuple(target.shape) != tuple(input.shape):
            raise RuntimeError("Expected target size to equal the input size for probabilities")
        tt = target if label_smoothing == 0 else target * (1 - label_smoothing) + \
            label_smoothing / C
        lw = logp * tt
        if weight is not None:
            lw = lw * weight.reshape(*wshape)
        loss = -lw.sum(cd)
        if reduction == "mean":
            n = input.numel() // C if input.ndim > 1 else 1
            return loss.sum() / n if input.numel() else loss.sum() / 0.0
        return _reduce(loss, reduction)
    nll = _nll(logp, target, weight, ignore_index, reduction)
    if label_smoothing == 0:
        return nll
    valid = target != ignore_index
    lw = logp if weight is None else logp * weight.reshape(*wshape)
    smooth = -lw.sum(cd)
    smooth = F.where(valid, smooth, F.zeros_like(smooth))
    if reduction == "mean":
        if weight is not None:
            ts = F.where(valid, target, F.zeros_like(target))
            denom = F.where(valid, weight[ts], F.zeros_like(weight[ts])).sum()
        else:
            denom = valid.sum()
        ret = smooth.sum() / denom
    elif reduction == "sum":
        ret = smooth.sum()
    else:
        ret = smooth
    return (1 - label_smoothing) * nll + ret * (label_smoothing / C)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    if tuple(input.shape) != tuple(target.shape):
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input "
                         f"size ({input.shape}) is deprecated. Please ensure they have the same "
                         "size.")
    x = input._data
    if ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(x, 0), ivy.greater(x, 1)))):
        raise RuntimeError("all elements of input should be between 0 and 1")
    lx = F.clamp(F.log(input), min=-100)
    l1x = F.clamp(F.log(1 - input), min=-100)
    loss = -(target * lx + (1 - target) * l1x)
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction, size_average, reduce)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    if tuple(input.shape) != tuple(target.shape):
        raise ValueError(f"Target size ({target.shape}) must be the same as input size "
                         f"({input.shape})")
    x, t = input, target
    sp = F.log1p(F.exp(-F.abs(x))) + F.clamp(-x, min=0)
    if pos_weight is not None:
        lw = 1 + (pos_weight - 1) * t
        loss = (1 - t) * x + lw * sp
    else:
        loss = (1 - t) * x + sp
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction, size_average, reduce)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if log_target:
        loss = F.exp(target) * (target - input)
    else:
        loss = F.xlogy(target, target) - target * input
    if reduction == "batchmean":
        return loss.sum() / input.shape[0] if input.ndim else loss.sum()
    return _reduce(loss, reduction, size_average, reduce)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-08,
                     reduce=None, reduction="mean"):
    if log_input:
        loss = F.exp(input) - target * input
    else:
        loss = input - target * F.log(input + eps)
    if full:
        st = target * F.log(target) - target + 0.5 * F.log(2 * math.pi * target)
        loss = loss + F.where(target > 1, st, F.zeros_like(st))
    return _reduce(loss, reduction, size_average, reduce)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-06, reduction="mean"):
    if var.ndim == input.ndim - 1 or (var.shape[-1:] != input.shape[-1:] and var.shape[-1] == 1
                                      if var.ndim else False):
        var = var.unsqueeze(-1) if var.ndim == input.ndim - 1 else var
    # torch clamps ``var`` to ``eps`` under no_grad: the value is eps there, and the gradient
    # passes the clamp unchanged (a clamp would give it 0): ``eps + (var - stop_gradient(var))``
    # (exactly eps) where ``var < eps``
    d = var._data
    v = wrap(ivy.where(ivy.less(d, eps), ivy.add(ivy.subtract(d, ivy.stop_gradient(d)), eps), d))
    loss = 0.5 * (F.log(v) + (input - target) ** 2 / v)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                        reduction="mean"):
    return _reduce(F.clamp(-target * (input1 - input2) + margin, min=0), reduction,
                   size_average, reduce)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    zeros_ = F.zeros_like(input)
    pos = F.where(target == 1, input, zeros_)
    neg = F.where(target == -1, F.clamp(margin - input, min=0), zeros_)
    return _reduce(pos + neg, reduction, size_average, reduce)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    return _reduce(F.log1p(F.exp(-target * input)), reduction, size_average, reduce)


def _class_targets(input, target, name):
    """(x as (N, C), target as (N,)) for the multi-class margin losses (torch's checks)."""
    if target.dtype is not _core.int64:
        raise RuntimeError(f"expected scalar type Long but found {target.dtype}")
    if input.dtype.cat < 2:
        raise RuntimeError(f"\"{name}\" not implemented for '{input.dtype}'")
    if input.ndim not in (1, 2) or input.numel() == 0:
        not_implemented(f"torch.nn.functional.{name}", "input must be a non-empty 1-d or 2-d "
                        "tensor")
    x = input if input.ndim == 2 else input.reshape(1, -1)
    return x, x.shape[1]


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None,
                      reduce=None, reduction="mean"):
    """sum over i != y of w[y] max(0, margin - x[y] + x[i])**p, divided by C."""
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    x, C = _class_targets(input, target, "multi_margin_loss")
    t = target.reshape(-1)
    if t.shape[0] != x.shape[0]:
        raise RuntimeError(f"inconsistent target size, expected {x.shape[0]} but got "
                           f"{tuple(target.shape)}")
    if t.numel() and bool(F.any((t < 0) | (t >= C))):
        raise RuntimeError("target out of range")
    if weight is not None and weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype} but found {weight.dtype}")
    xy = F.gather(x, 1, t.unsqueeze(1))
    z = F.clamp(margin - xy + x, min=0)
    if p == 2:
        z = z * z
    if weight is not None:
        z = z * F.index_select(weight.reshape(-1), 0, t).unsqueeze(1)
    z = F.where(F.arange(C).unsqueeze(0) == t.unsqueeze(1), F.zeros_like(z), z)
    loss = z.sum(1) / C
    if input.ndim == 1:
        loss = loss.reshape(())
    return _reduce(loss, reduction, size_average, reduce)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """sum over the target classes j (the prefix of ``target`` before the first -1) and the
    non-target classes i of max(0, 1 - (x[j] - x[i])), divided by C."""
    x, C = _class_targets(input, target, "multilabel_margin_loss")
    if tuple(target.shape) != tuple(input.shape):
        raise RuntimeError(f"inconsistent target size: {tuple(target.shape)} for input of size: "
                           f"{tuple(input.shape)}")
    t = target.reshape(x.shape[0], C)
    valid = F.cumprod((t != -1).long(), 1) == 1
    if bool(F.any((t < -1) | (t >= C))):  # torch checks every entry, also after the -1
        raise RuntimeError("argument #2 'target' is out of range")
    ts = F.where(valid, t, F.zeros_like(t))
    xj = F.gather(x, 1, ts)  # (N, C): x at the j-th target (where valid)
    is_target = F.any((ts.unsqueeze(2) == F.arange(C).reshape(1, 1, C)) & valid.unsqueeze(2), 1)
    z = F.clamp(1 - xj.unsqueeze(2) + x.unsqueeze(1), min=0)  # (N, j, i)
    mask = valid.unsqueeze(2) & ~is_target.unsqueeze(1)
    loss = F.where(mask, z, F.zeros_like(z)).sum((1, 2)) / C
    if input.ndim == 1:
        loss = loss.reshape(())
    return _reduce(loss, reduction, size_average, reduce)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    from .. import linalg

    rt = _core.result_type(x1, x2)
    a, b = x1.to(rt), x2.to(rt)
    a, b = F.broadcast_tensors(a, b)
    na = F.clamp(linalg.vector_norm(a, 2, dim, True), min=eps)
    nb = F.clamp(linalg.vector_norm(b, 2, dim, True), min=eps)
    return ((a / na) * (b / nb)).sum(dim)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                          reduction="mean"):
    cos = cosine_similarity(input1, input2, dim=-1)
    zeros_ = F.zeros_like(cos)
    loss = F.where(target == 1, 1 - cos, F.where(target == -1, F.clamp(cos - margin, min=0),
                                                 zeros_))
    return _reduce(loss, reduction, size_average, reduce)


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    from .. import linalg

    return linalg.vector_norm(x1 - x2 + eps, p, -1, keepdim)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    dp = pairwise_distance(anchor, positive, p, eps)
    dn = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dn = F.minimum(dn, pairwise_distance(positive, negative, p, eps))
    return _reduce(F.clamp(dp - dn + margin, min=0), reduction, size_average, reduce)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean"):
    """torch's formula: clamp_min(margin + d(a, p) - d(a, n), 0), d = pairwise_distance unless
    given (any callable on frontend Tensors); ``swap`` uses min(d(a, n), d(p, n))."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    if not (anchor.ndim == positive.ndim == negative.ndim):
        raise RuntimeError("The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {anchor.ndim}D, positive "
                           f"{positive.ndim}D, and negative {negative.ndim}D inputs")
    dist = distance_function if distance_function is not None else pairwise_distance
    dp, dn = dist(anchor, positive), dist(anchor, negative)
    if swap:
        dn = F.minimum(dn, dist(positive, negative))
    loss = F.clamp_min(margin + dp - dn, 0)
    if reduction == "sum":
        return F.sum(loss)
    return F.mean(loss) if reduction == "mean" else loss


def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None,
                         reduction="mean", ignore_index=None, label_smoothing=0.0, options=None):
    """torch's reference: cross_entropy(linear(input, linear_weight, linear_bias), target, ...)
    (``ignore_index=None`` behaves as cross_entropy's default -100, as in torch)."""
    if options is not None:
        not_implemented("torch.nn.functional.linear_cross_entropy(options=...)")
    logits = linear(input, linear_weight, linear_bias)
    ii = ignore_index if ignore_index is not None else -100  # torch: None is the default
    return cross_entropy(logits, target, weight, ignore_index=ii, reduction=reduction,
                         label_smoothing=label_smoothing)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    loss = loss.sum(-1) / input.shape[-1]
    return _reduce(loss, reduction, size_average, reduce)
