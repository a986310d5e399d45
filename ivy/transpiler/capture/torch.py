"""Capturing PyTorch programs at the aten level (``TorchDispatchMode``, like torchax).

The real program runs once, eagerly, on real tensors. Every aten operation it issues reaches
:class:`_Capture.__torch_dispatch__`, which runs the real operation *and* its Ivy mapping
(:mod:`.torch_aten`) on the Ivy stand-ins of its tensor arguments, checks the two results
against each other (``Shadow.check``) and binds the outputs' stand-ins. The whole run happens
inside :func:`base.trace`, so the Ivy calls of the mappings are the graph.

* Module parameters and buffers (``named_parameters`` + ``named_buffers``; tied weights once,
  under their first name) are the graph's ``params`` input, keyed by their real names.
* Ops without a mapping are decomposed with torch's own decompositions
  (``OpOverload.decompose`` / ``torch._decomp``) while the mode stays active, so their pieces are
  captured; an op with neither raises ``TranspileError`` naming it and the user's line.
* In-place ops rebind the stand-in of the tensor they write; writes through ``select``/``slice``
  views are written back into the base tensor (``ivy`` ``set_item`` on an index tuple), and the
  base's other index views are recomputed. Writes through other views raise. In-place metadata
  ops (``squeeze_``, ``t_``…) rebind without writing; ops that write several arguments
  (training-mode batch norm's running statistics) return :class:`torch_aten.Writes`. A write
  into an input or a parameter is noted in the report (the transpiled function is pure).
* ``as_strided`` / ``as_strided_scatter`` become a gather / scatter of the elements they
  address (positions computed from the real tensor's strides; memory outside the tensor raises).
* An output a rule does not compute (flash attention's log-sum-exp, LU factors, eigenvectors) is a
  poisoned stand-in: ops on it are poisoned too, and it raises only when it reaches an output
  or a Python value.
* ``aten._local_scalar_dense`` (``.item()``, ``bool(t)``, ``int(t)``: Python control flow on
  values) is allowed when the value does not depend on the inputs; otherwise it raises naming the
  line. Random ops raise (put the model in ``eval()`` mode). Functions that read values only to
  validate them (``F.one_hot`` with ``num_classes``) are run check-free inside the capture
  (:class:`_Unchecked`).
* ``torch.while_loop`` / ``torch.cond`` (higher-order operators, called directly rather than
  through ``torch.compile``) become ``ivy.while_loop`` / ``ivy.cond`` nodes whose callables are
  captured as sub-graphs; ``torch.cond`` on a predicate known at capture time takes its branch.
  As under ``torch.export``, ``torch.compiler.is_compiling()`` and ``is_exporting()`` are True
  while capturing, so libraries take their export paths (kornia's canny runs its hysteresis as a
  ``torch.while_loop``) and skip data-dependent diagnostics.
"""

from __future__ import annotations

import functools
import math
import traceback

import numpy as np
import optree
import torch
from torch._higher_order_ops import utils as _hop_utils
from torch._ops import HigherOrderOperator
from torch.nn.modules import transformer as _transformer
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode, _disable_current_modes

from ...array_object import Array
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from . import torch_aten as lower
from .base import Evaluator, Shadow, ivy_numpy, plain_structure, trace, user_line

RULES = lower.RULES  # the aten → Ivy table

_VIEW_INDEX_OPS = {"select", "slice", "alias", "detach", "lift_fresh"}


class _Poison:
    """The stand-in of an output Ivy does not compute (e.g. max-pool indices): using it raises."""

    def __init__(self, op: str, what: str):
        self.op, self.what = op, what


class _View:
    """How a view tensor indexes its root: ``idx`` (one entry per root dim: slice or int) and
    ``dims`` (the root dims the view still has, in order); ``None`` idx for an opaque view."""

    def __init__(self, root, idx, dims, tensor, detached=False):
        self.root, self.idx, self.dims, self.tensor = root, idx, dims, tensor
        #: reached through ``detach``: a write through it changes the root's value, not its
        #: derivative (``embedding_renorm_`` under ``no_grad``)
        self.detached = detached


class _Capture(Evaluator, TorchDispatchMode):
    """The aten-level evaluator (:class:`base.Evaluator`): torch runs the program, every aten
    call reaches :meth:`__torch_dispatch__`, which computes it with :data:`RULES` (the overload
    and packet names are the keys) on the stand-ins of its tensor arguments. An operation's user
    line is the innermost frame outside Ivy, torch and the standard library when it runs."""

    supports_higher_order_operators = True  # torch.cond / torch.while_loop reach __torch_dispatch__

    def __init__(self, shadow: Shadow, external: dict | None = None):
        TorchDispatchMode.__init__(self)
        Evaluator.__init__(self, shadow)
        self.views: dict[int, _View] = {}   # id(view tensor) -> _View (holds the tensor)
        self.external = external or {}      # id(input or parameter tensor) -> its name
        self.notes: list[str] = []

    # -- stand-ins ------------------------------------------------------------------------------
    def get(self, t: torch.Tensor, op: str):
        v = self.s.get(t)
        if isinstance(v, _Poison):
            raise self.s.error(f"uses the {v.what} output of {v.op}, which the Ivy mapping does "
                               "not compute", op=op)
        return v

    def _args(self, tree, op):
        return optree.tree_map(lambda a: self.get(a, op) if isinstance(a, torch.Tensor) else a,
                               tree, none_is_leaf=True)

    # -- dispatch -------------------------------------------------------------------------------
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if isinstance(func, HigherOrderOperator):
            return self._higher_order(func, args, kwargs)
        name = func.__name__  # "add.Tensor"
        packet = func.overloadpacket.__name__  # "add"
        op = f"aten.{name}"
        if packet == "_local_scalar_dense":
            out = func(*args, **kwargs)
            self._scalar(args[0], out, op)
            return out
        if packet in lower.NO_OUTPUT:
            return func(*args, **kwargs)
        if lower.is_random(packet):
            raise self.s.error("random operation: the transpiled program would not reproduce "
                               "it (put the model in eval() mode, or pass random values in as "
                               "inputs)", op=op)
        if packet in ("as_strided", "as_strided_copy", "as_strided_scatter", "as_strided_"):
            return self._as_strided(func, packet, args, kwargs, op)
        rule = lower.rule_for(name, packet, _reduction_at(func),
                              tuple(a.name for a in func._schema.arguments))
        if rule is None:
            with self:  # decompose with the mode active so that the pieces are captured
                try:
                    out = func.decompose(*args, **kwargs)
                except Exception:  # noqa: BLE001 - no decomposition: try the table below
                    out = NotImplemented
                if out is NotImplemented:
                    table = lower.decompositions()
                    d = table.get(func)
                    if d is None:
                        raise self.s.unmapped(op) from None
                    out = d(*args, **kwargs)
            return out
        out = func(*args, **kwargs)
        poison = self._poisoned((args, kwargs))
        if poison is not None:  # computed from an output Ivy does not compute: so is this
            self._poison_outputs(func, args, out, poison)
            return out
        iargs = self._args(args, op)
        ikw = self._args(kwargs, op)
        try:
            res = rule(*iargs, **ikw)
        except TranspileError:
            raise
        except Exception as e:  # noqa: BLE001 - a mapping that fails is a transpile error
            raise self.s.error(f"the Ivy mapping {lower.describe(rule)} raised "
                               f"{type(e).__name__}: {e}", op=op) from e
        if packet in ("sort", "topk") and isinstance(out, (tuple, list)):
            self._adopt_tie_order(packet, args, kwargs, out, res)
        if isinstance(res, lower.Writes):  # outputs, and arguments written in place
            for i, value in res.writes.items():
                self._write(args[i], value, op)
            self._bind_outputs(op, rule, out, res.outputs, func, (iargs, ikw))
            return out
        mutated = lower.mutates(func)
        if mutated is not None:
            if packet in _INPLACE_META:
                self._restride(args[mutated], res, op)
            else:
                self._write(args[mutated], res, op)
            return out
        self._bind_outputs(op, rule, out, res, func, (iargs, ikw))
        if packet in _VIEW_INDEX_OPS or lower.is_view(func):
            self._track_view(packet, args, out)
        return out

    def _adopt_tie_order(self, packet, args, kwargs, out, res):
        """``sort``/``topk`` of values with ties: torch's order among equal values is its
        kernel's own (not stable, not documented), Ivy's another valid one. When Ivy's indices
        pick exactly torch's values, torch's own index tensor takes Ivy's indices, so the program
        goes on with that choice and the per-op checks compare like with like; the end-to-end
        check, against torch's untouched run, then refuses the transpile if the program's
        outputs depend on the order of equal values (a mixture-of-experts dispatch does not)."""
        if not isinstance(res, (tuple, list)) or len(res) < 2 or res[1] is None:
            return
        x, idx = args[0], out[1]
        ours = np.asarray(getattr(lower.native(res[1]), "_data", lower.native(res[1])))
        theirs = fw.to_numpy(idx)
        if ours.shape != theirs.shape or np.array_equal(ours, theirs):
            return
        if packet == "sort":
            dim = args[1] if len(args) > 1 and not isinstance(args[1], bool) else \
                kwargs.get("dim", -1)
        else:
            dim = args[2] if len(args) > 2 else kwargs.get("dim", -1)
        with _disable_current_modes():
            mine = torch.from_numpy(ours.astype(np.int64))
            picked = torch.gather(x, int(dim), mine) if x.dim() else x
            vals = out[0]
            same = (picked == vals) | (torch.isnan(picked) & torch.isnan(vals)) \
                if picked.is_floating_point() else picked == vals
            if bool(same.all()):
                idx.copy_(mine)

    def _bind_outputs(self, op, rule, out, res, func, inputs):
        outs = out if isinstance(out, (tuple, list)) else (out,)
        if lower.unchecked(func):  # uninitialised memory (empty): zeros on both sides, so code
            for o in outs:         # that fills it through slices compares equal piece by piece
                if isinstance(o, torch.Tensor):
                    o.zero_()
        ress = res if isinstance(res, (tuple, list)) else (res,)
        if len(ress) < len(outs):
            ress = tuple(ress) + (None,) * (len(outs) - len(ress))
        checked_real, checked_ivy = [], []
        for o, r in zip(outs, ress, strict=False):
            if not isinstance(o, torch.Tensor):
                continue
            if r is None or isinstance(r, (_Poison, lower.Uncomputed)):
                self.s.bind(o, r if isinstance(r, _Poison) else _Poison(
                    op, r.what if r is not None else "secondary"))
                continue
            r = lower.native(r)
            self.s.bind(o, r)
            if lower.unchecked(func):
                continue  # uninitialised memory (empty): shape and dtype only
            checked_real.append(o)
            checked_ivy.append(r)
        if lower.unchecked(func):
            for o, r in zip(outs, ress, strict=False):
                if isinstance(o, torch.Tensor) and r is not None and not isinstance(
                        r, (_Poison, lower.Uncomputed)):
                    self._shape_dtype(op, o, lower.native(r))
        elif checked_real:
            self.s.check(op, lower.describe(rule), checked_real, checked_ivy, inputs=inputs)

    def _shape_dtype(self, op, o, r):
        ref = fw.to_numpy(o)
        got = np.asarray(getattr(r, "_data", r))
        if ref.shape != got.shape or ref.dtype != got.dtype:
            raise self.s.error(f"the Ivy result is {got.dtype}{list(got.shape)}, torch's "
                               f"{ref.dtype}{list(ref.shape)}", op=op)

    # -- outputs Ivy does not compute -------------------------------------------------------------
    def _poisoned(self, tree):
        for a in optree.tree_leaves(tree, none_is_leaf=True):
            if isinstance(a, torch.Tensor):
                v = self.s.values.get(id(a))
                if isinstance(v, _Poison):
                    return v
        return None

    def _poison_outputs(self, func, args, out, poison):
        for o in optree.tree_leaves(out, none_is_leaf=True):
            if isinstance(o, torch.Tensor):
                self.s.bind(o, poison)
        mutated = lower.mutates(func)
        if mutated is not None:
            dst = args[mutated]
            self.s.bind(dst, poison)
            v = self.views.get(id(dst))
            if v is not None:
                self.s.bind(v.root, poison)

    # -- as_strided: a gather (scatter) of the elements it addresses ------------------------------
    def _as_strided(self, func, packet, args, kwargs, op):
        src = args[0]
        rest = list(args[2:] if packet == "as_strided_scatter" else args[1:])
        size, stride = rest[0], rest[1]
        offset = rest[2] if len(rest) > 2 else kwargs.get("storage_offset")
        # positions from the tensor as it is before the op (as_strided_ restrides it in place)
        pos = _strided_positions(src, size, stride, offset)
        if pos is None:
            raise self.s.error("as_strided addresses memory outside the tensor's own elements "
                               "(its storage), which has no value semantics", op=op)
        import ivy
        flat = ivy.reshape(self.get(src, op), (-1,))
        out = func(*args, **kwargs)
        if packet == "as_strided_":  # in-place metadata: the same tensor, new view of its data
            res = ivy.reshape(ivy.take(flat, pos.reshape(-1)), tuple(int(n) for n in size))
            self._restride(src, res, op)
            return out
        if packet == "as_strided_scatter":
            value = ivy.reshape(self.get(args[1], op), (-1,))
            res = ivy.reshape(lower.set_index(flat, pos.reshape(-1), value), tuple(src.shape))
        else:
            res = ivy.reshape(ivy.take(flat, pos.reshape(-1)), tuple(int(n) for n in size))
        res = lower.native(res)
        self.s.bind(out, res)
        self.s.check(op, "ivy.take / ivy.set_item on the addressed elements", [out], [res],
                     inputs=(self.get(src, op),))
        if packet != "as_strided_scatter":
            self.views[id(out)] = _View(self.views[id(src)].root if id(src) in self.views
                                        else src, None, None, out)
        return out

    # -- torch.while_loop / torch.cond: ivy.while_loop / ivy.cond nodes ----------------------------
    # As for TensorFlow's While/If: the tracer calls each callable once on stand-ins holding the
    # current values (recording; every op inside is captured and checked against torch on those
    # values), the backend's loop calls them again with recording suspended (computed and checked,
    # not recorded). The node's outputs are checked against torch's own run of the operator.
    def _higher_order(self, func, args, kwargs):
        name = func.name()
        op = f"torch.ops.higher_order.{name}"
        if name == "while_loop" and len(args) == 4 and not kwargs:
            return self._while_loop(func, op, *args)
        if name == "cond" and len(args) == 4 and not kwargs:
            return self._cond(func, op, *args)
        raise self.s.unmapped(op, hint="of the higher-order operators, torch.cond and "
                              "torch.while_loop (without extra options) are mapped")

    def _ivy_callable(self, fn, extra, op, what):
        """``fn`` (torch tensors in, tensors out) as a callable on Ivy values: each call makes
        tensors holding the values, binds them to the values, runs ``fn`` under the capture and
        returns the stand-ins of its results (flattened)."""
        def call(*vals):
            ts = []
            for v in vals:
                d = v._data if isinstance(v, Array) else v
                t = fw.from_numpy(np.array(ivy_numpy(d), copy=True), "torch")
                self.s.bind(t, d)
                ts.append(t)
            with self:
                out = fn(*ts, *extra)
            res = []
            for o in optree.tree_leaves(out, none_is_leaf=True):
                if isinstance(o, torch.Tensor):
                    res.append(self.get(o, op))
                elif isinstance(o, (bool, int, float)):
                    res.append(np.asarray(o, np.int64 if type(o) is int else None))
                else:
                    raise self.s.error(f"{what} returned a {type(o).__name__}; it must return "
                                       "tensors (or Python numbers)", op=op)
            return tuple(res)

        call.__name__ = what
        return call

    def _state(self, values, op, what):
        out = []
        for v in values:
            if isinstance(v, torch.Tensor):
                out.append(self.get(v, op))
            elif isinstance(v, (bool, int)):  # a Python int in the loop state: an int64 value
                out.append(np.asarray(v, np.bool_ if type(v) is bool else np.int64))
            else:
                raise self.s.error(f"{what} holds a {type(v).__name__}; only tensors and Python "
                                   "ints can be transpiled", op=op)
        return tuple(out)

    def _bind_results(self, op, label, real, ivy_out, inputs):
        real_leaves = optree.tree_leaves(real, none_is_leaf=True)
        ivy_out = [o._data if isinstance(o, Array) else o for o in ivy_out]
        if len(real_leaves) != len(ivy_out):
            raise self.s.error(f"{label} returned {len(ivy_out)} values, torch "
                               f"{len(real_leaves)}", op=op)
        self.s.check(op, label, [r if isinstance(r, torch.Tensor) else np.asarray(r)
                                 for r in real_leaves], ivy_out, inputs=inputs)
        for r, v in zip(real_leaves, ivy_out, strict=True):
            if isinstance(r, torch.Tensor):
                self.s.bind(r, lower.native(v))
        return real

    def _while_loop(self, func, op, cond_fn, body_fn, carried, additional):
        import ivy
        carried, additional = tuple(carried), tuple(additional)
        init = self._state(carried, op, "torch.while_loop's carried_inputs")
        cfn = self._ivy_callable(cond_fn, additional, op, "while_cond")
        bfn = self._ivy_callable(body_fn, additional, op, "while_body")
        out = ivy.while_loop(lambda st: cfn(*st)[0], lambda st: bfn(*st), init)
        real = func(cond_fn, body_fn, carried, additional)  # torch's own loop (mode popped)
        return self._bind_results(op, "ivy.while_loop", real, out, init)

    def _cond(self, func, op, pred, true_fn, false_fn, operands):
        import ivy
        operands = tuple(operands)
        p = self.get(pred, op) if isinstance(pred, torch.Tensor) else bool(pred)
        if not isinstance(p, bool) and not self.s.is_dynamic(p):
            p = bool(ivy_numpy(p))  # known at capture time: that branch only
        if isinstance(p, bool):
            with self:
                return (true_fn if p else false_fn)(*operands)
        ins = self._state(operands, op, "torch.cond's operands")
        tfn = self._ivy_callable(true_fn, (), op, "if_true")
        ffn = self._ivy_callable(false_fn, (), op, "if_false")
        if p.shape:
            raise self.s.error("torch.cond's predicate has more than one element", op=op)
        out = ivy.cond(lower.native(p), tfn, ffn, *ins)
        real = func(pred, true_fn, false_fn, operands)
        return self._bind_results(op, "ivy.cond", real, out, (p, *ins))

    # -- scalars ----------------------------------------------------------------------------------
    def _scalar(self, t, out, op):
        v = self.get(t, op)
        a = v if isinstance(v, Array) else Array(v)
        try:
            a.item() if hasattr(a, "item") else float(a)
        except TraceError:
            raise self.s.error(
                "Python control flow on a tensor value that depends on the inputs (.item(), "
                "bool(), int(), float() or an `if` on a tensor): the transpiled program would "
                "bake in this one value. Use torch.where / masking instead, or pass the value as "
                "a Python argument", op=op) from None

    # -- views and in-place writes ---------------------------------------------------------------
    def _track_view(self, packet, args, out):
        if not isinstance(out, torch.Tensor):
            return
        src = args[0]
        parent = self.views.get(id(src))
        if parent is None:
            root, idx, dims = src, [slice(None)] * src.dim(), list(range(src.dim()))
        else:
            root, idx, dims = parent.root, parent.idx, parent.dims
        detached = packet == "detach" or (parent is not None and parent.detached)
        if idx is None or packet not in _VIEW_INDEX_OPS:
            self.views[id(out)] = _View(root, None, None, out, detached)
            return
        idx, dims = list(idx), list(dims)
        if packet == "select":
            d, i = _dim(args[1], len(dims)), int(args[2])
            rd = dims.pop(d)
            idx[rd] = _compose(idx[rd], i, root.shape[rd])
        elif packet == "slice":
            d = _dim(args[1] if len(args) > 1 else 0, len(dims))
            start = args[2] if len(args) > 2 else None
            end = args[3] if len(args) > 3 else None
            step = args[4] if len(args) > 4 else 1
            rd = dims[d]
            idx[rd] = _compose(idx[rd], slice(start, end, step), root.shape[rd])
        self.views[id(out)] = _View(root, idx, dims, out, detached)

    def _restride(self, dst: torch.Tensor, value, op: str):
        """An in-place metadata op (``squeeze_``, ``t_``…): same data, new shape."""
        value = lower.native(value)
        self.s.bind(dst, value)
        v = self.views.get(id(dst))
        if v is not None:  # its index into the root no longer describes it
            self.views[id(dst)] = _View(v.root, None, None, dst)
        for vid, vw in list(self.views.items()):
            if vw.root is dst and vw.idx is not None:
                self.views[vid] = _View(dst, None, None, vw.tensor)
        self.s.check(op, "in-place metadata: out-of-place mapping, rebound", [dst], [value])

    def _write(self, dst: torch.Tensor, value, op: str):
        """``dst`` was written in place with (the Ivy stand-in) ``value``: rebind it, write it back
        into its base when it is an index view, refresh the base's other views."""
        import ivy
        value = lower.fit(lower.native(value), self.get(dst, op))
        v = self.views.get(id(dst))
        written = self.external.get(id(dst if v is None else v.root))
        if written is not None:
            note = (f"the source writes {written} in place ({op}); the transpiled function "
                    "computes the same outputs but leaves its inputs and parameters unchanged")
            if note not in self.notes:
                self.notes.append(note)
        checked = [dst]
        if v is None:
            self.s.bind(dst, value)
            root = dst
        elif v.idx is not None:
            root = v.root
            base = self.get(root, op)
            self.s.bind(dst, value)
            into = value
            if v.detached and "float" in str(value.dtype):  # the root keeps its derivative
                old = ivy.get_item(base, tuple(v.idx))
                into = lower.native(ivy.add(old, ivy.stop_gradient(ivy.subtract(value, old))))
            self.s.bind(root, lower.set_index(base, tuple(v.idx), into))
        else:
            # a view through reshape/permute/expand… (or an index of one): its elements' places
            # in the root, from the strides, and the write becomes a scatter into the root
            root = v.root
            pos = _view_positions(root, dst)
            if pos is None:
                raise self.s.error("an in-place write through a view whose elements are not "
                                   "each one element of its base (an expanded or overlapping "
                                   "view) cannot be transpiled; write into the base tensor or "
                                   "use out-of-place ops", op=op)
            base = self.get(root, op)
            flat = ivy.reshape(base, (-1,))
            into = ivy.reshape(value, (-1,))
            if v.detached and "float" in str(value.dtype):  # the root keeps its derivative
                old = ivy.take(flat, pos.reshape(-1))
                into = ivy.add(old, ivy.stop_gradient(ivy.subtract(into, old)))
            new = lower.set_index(flat, pos.reshape(-1), into)
            self.s.bind(dst, value)
            self.s.bind(root, lower.native(ivy.reshape(new, tuple(root.shape))))
            checked.append(root)
        # every view of the same root now reads the new data
        new_root = self.s.get(root)
        flat_root = None  # the root flattened once, for the views read back by position
        for vid, vw in list(self.views.items()):
            if vw.root is not root or vid == id(dst):
                continue
            t = vw.tensor
            if vw.idx is not None:
                self.s.bind(t, ivy.get_item(new_root, tuple(vw.idx)))
                continue
            pos = _view_positions(root, t, unique=False)
            if pos is None:
                self.s.bind(t, _Poison(op, "stale view"))
            else:
                if flat_root is None:
                    flat_root = ivy.reshape(new_root, (-1,))
                self.s.bind(t, lower.native(ivy.reshape(
                    ivy.take(flat_root, pos.reshape(-1)), tuple(t.shape))))
        self.s.check(op, "in-place: out-of-place mapping, rebound", checked,
                     [self.s.get(t) for t in checked])


def _call_eagerly(fn, args, kwargs=None):
    return fn(*args, **(kwargs or {}))


def _causal_hint(mask, is_causal=None, size=None):
    """``nn.Transformer*``'s ``_detect_is_causal_mask`` without reading the mask's values:
    ``is_causal`` only lets attention skip a mask equal to the causal one, so answering "not
    causal" unless told keeps the mask — the same result for a causal mask, the right one for any
    other. Torch compares the values, which would bake the example's answer into the program."""
    return is_causal is True


_INPLACE_META = {"squeeze_", "unsqueeze_", "t_", "transpose_", "swapdims_", "swapaxes_"}


@functools.cache
class _Unchecked(TorchFunctionMode):
    """Functions whose aten decomposition reads input values only to validate them
    (``F.one_hot`` with ``num_classes`` given: ``aminmax`` + ``.item()`` for the range check,
    which the capture would refuse as data-dependent control flow). The real function runs
    outside the capture (so invalid example inputs still raise torch's error), then a
    check-free equivalent runs inside it and is what the graph records; the per-op checks
    compare it with torch as usual. (Out-of-range labels give a zero row in the emitted code,
    as ``jax.nn.one_hot`` does, instead of torch's error.)"""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.nn.functional.one_hot:
            num_classes = args[1] if len(args) > 1 else kwargs.get("num_classes", -1)
            if num_classes >= 0:
                x = args[0]
                with _disable_current_modes():
                    want = func(x, num_classes)
                got = (x.unsqueeze(-1) == torch.arange(num_classes, device=x.device)).long()
                if not torch.equal(got, want):  # never: the equivalent is exact
                    raise TranspileError("the check-free one_hot differs from torch's",
                                         op="aten.one_hot", source="torch")
                return got
        if func is torch.nn.functional.gaussian_nll_loss:
            with _disable_current_modes():  # torch's own checks (var >= 0, var's shape) raise
                func(*args, **kwargs)
            return _gaussian_nll_loss(*args, **kwargs)
        return func(*args, **kwargs)


def _gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):  # noqa: A002
    """``F.gaussian_nll_loss`` without its ``torch.any(var < 0)`` check (run by torch itself
    outside the capture); the rest as torch's: the homoscedastic ``unsqueeze``, and ``var``
    clamped to ``eps`` under ``no_grad`` (its gradient passes the clamp unchanged)."""
    if isinstance(var, float):
        var = var * torch.ones_like(input)
    if var.size() != input.size() and input.size()[:-1] == var.size():
        var = torch.unsqueeze(var, -1)
    var = var + (var.clamp(min=eps) - var).detach()
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    if reduction == "mean":
        return loss.mean()
    return loss.sum() if reduction == "sum" else loss


def _reduction_at(func) -> int | None:
    for i, a in enumerate(func._schema.arguments):
        if a.name == "reduction" and str(a.type) == "int":
            return i
    return None


def _offsets(start: int, size, stride) -> np.ndarray:
    o = np.full((), int(start), np.int64)
    for n, st in zip(size, stride, strict=True):
        o = o[..., None] + np.arange(int(n), dtype=np.int64) * int(st)
    return o


def _strided_positions(t: torch.Tensor, size, stride, offset):
    """For ``t.as_strided(size, stride, offset)``: the position (in ``t``'s row-major element
    order) of each element it addresses, or ``None`` if one is not an element of ``t``."""
    have = _offsets(t.storage_offset(), t.shape, t.stride()).reshape(-1)
    want = _offsets(t.storage_offset() if offset is None else offset, size, stride)
    if want.size == 0:
        return want
    if have.size == 0 or want.min() < 0:
        return None
    inv = np.full(int(max(have.max(), want.max())) + 1, -1, np.int64)
    inv[have[::-1]] = np.arange(have.size, dtype=np.int64)[::-1]  # the first element wins
    pos = inv[want]
    return None if (pos < 0).any() else pos


def _view_positions(root: torch.Tensor, view: torch.Tensor, unique: bool = True):
    """The position (in ``root``'s row-major element order) of each element of ``view``, a
    tensor sharing ``root``'s storage; ``None`` if one is not an element of ``root``, if the two
    do not share storage, or (``unique``) if two elements of the view are one of the root."""
    try:
        same = view.untyped_storage().data_ptr() == root.untyped_storage().data_ptr()
    except (RuntimeError, NotImplementedError):  # tensors without storage
        return None
    if not same:
        return None
    pos = _strided_positions(root, tuple(view.shape), view.stride(), view.storage_offset())
    if pos is None or (unique and pos.size and np.unique(pos).size != pos.size):
        return None
    return pos


def _dim(d, n):
    d = int(d)
    return d + n if d < 0 else d


def _compose(cur, new, n):
    """Index ``new`` (int or slice) applied after ``cur`` (int or slice) on a root dim of size n."""
    r = range(n)[cur]
    if isinstance(new, slice):
        start, stop, step = new.start, new.stop, new.step or 1
        big = 1 << 62
        if stop is not None and stop >= big:
            stop = None
        if start is not None and start <= -big:
            start = None
        r2 = r[slice(start, stop, step)]
        return slice(r2.start, r2.stop if r2.stop >= 0 else None, r2.step)
    return r[int(new)]


# -- the contract ---------------------------------------------------------------------------------
def is_model(obj) -> bool:
    return isinstance(obj, torch.nn.Module)


def _named_state(model: torch.nn.Module) -> tuple[dict, list]:
    named, seen = {}, set()
    trainable = []
    for n, p in model.named_parameters():
        named[n] = p
        seen.add(id(p))
        if p.requires_grad:
            trainable.append(n)
    for n, b in model.named_buffers():
        if id(b) not in seen and b is not None:
            named[n] = b
            seen.add(id(b))
    return named, trainable


def _to_torch(tree):
    return optree.tree_map(lambda v: fw.from_numpy(v, "torch") if isinstance(v, np.ndarray)
                           else v, tree, none_is_leaf=True)


def _forward_of(obj):
    return obj.forward if isinstance(obj, torch.nn.Module) else obj


def capture(obj, args, kwargs) -> Captured:
    model = is_model(obj)
    name = type(obj).__name__ if model else getattr(obj, "__name__", "fn")
    shadow = Shadow("torch", name)
    named, trainable = _named_state(obj) if model else ({}, [])
    params_np = {k: fw.to_numpy(v).copy() for k, v in named.items()}
    targs, tkw = _to_torch(tuple(args)), _to_torch(dict(kwargs))
    in_leaves = [t for t in optree.tree_leaves((targs, tkw), none_is_leaf=True)
                 if isinstance(t, torch.Tensor)]
    result = {}

    def run(*a, **k):
        if model:
            params, a = a[0], a[1:]
            for key, t in named.items():
                shadow.bind(t, params[key]._data if isinstance(params[key], Array)
                            else params[key])
        ivy_leaves = [x for x in optree.tree_leaves((a, k), none_is_leaf=True)
                      if isinstance(x, (Array, np.ndarray))]
        for t, x in zip(in_leaves, ivy_leaves, strict=True):
            shadow.bind(t, x._data if isinstance(x, Array) else x)
        external = {id(t): f"the parameter/buffer {k!r}" for k, t in named.items()}
        external.update({id(t): f"its input {i}" for i, t in enumerate(in_leaves)})
        mode = _Capture(shadow, external)
        result["mode"] = mode
        # like torch.compile / torch.export: libraries skip their data-dependent diagnostics
        # (kornia's overflow checks, transformers' mask checks) when a graph is being captured
        flags = torch.compiler._is_compiling_flag, torch.compiler._is_exporting_flag
        torch.compiler._is_compiling_flag = torch.compiler._is_exporting_flag = True
        # torch.cond / while_loop / scan call their operator through torch.compile in eager
        # mode; called directly, the operator reaches the capture's __torch_dispatch__ (dynamo
        # cannot trace through a dispatch mode, and importing it costs seconds)
        hop_call = _hop_utils._hop_compile_and_call
        _hop_utils._hop_compile_and_call = _call_eagerly
        causal = _transformer._detect_is_causal_mask
        _transformer._detect_is_causal_mask = _causal_hint
        try:
            with torch.no_grad(), mode, _Unchecked():
                out = obj(*targs, **tkw)
        except (TranspileError, TraceError):
            raise
        except Exception as e:  # the program itself fails on the example inputs
            line = user_line(traceback.extract_tb(e.__traceback__))
            raise TranspileError(f"the PyTorch program itself raised {type(e).__name__}: {e} "
                                 "on the example inputs (check the inputs' shapes, dtypes and "
                                 "value ranges)", line=line, source="torch") from e
        finally:
            torch.compiler._is_compiling_flag, torch.compiler._is_exporting_flag = flags
            _hop_utils._hop_compile_and_call = hop_call
            _transformer._detect_is_causal_mask = causal
        out = plain_structure(out)
        for leaf in optree.tree_leaves(out, none_is_leaf=True):
            if not isinstance(leaf, (torch.Tensor, bool, int, float, complex, str, type(None))):
                raise TranspileError(
                    f"the output contains a {type(leaf).__name__}, which is not a tensor or a "
                    "plain value (for transformers models pass use_cache=False / "
                    "return_dict=True so that outputs are tensors)", source="torch")
        result["out"] = out
        return optree.tree_map(lambda t: mode.get(t, "output") if isinstance(t, torch.Tensor)
                               else t, out, none_is_leaf=True)

    try:
        graph = trace(run, name, params_np if model else None, tuple(args), kwargs,
                      like=_forward_of(obj))
    except TraceError as e:
        raise TranspileError(str(e), line=user_line(), source="torch") from e
    outputs = optree.tree_map(lambda t: fw.to_numpy(t).copy() if isinstance(t, torch.Tensor)
                              else t, result["out"], none_is_leaf=True)
    return Captured(source="torch", name=name, graph=graph, args=tuple(args),
                    kwargs=dict(kwargs), params=params_np, outputs=outputs,
                    ops=shadow.op_records(), is_model=model, trainable=trainable,
                    notes=list(result["mode"].notes))


def run_native(obj, args, kwargs, params=None):
    with torch.no_grad():
        out = obj(*_to_torch(tuple(args)), **_to_torch(dict(kwargs)))
    return fw.tree_to_numpy(plain_structure(out))


def gradient(obj, args, kwargs) -> dict:
    if not is_model(obj):
        raise NotImplementedError("gradients are checked for models only")
    named, trainable = _named_state(obj)
    for p in obj.parameters():
        p.grad = None
    with torch.enable_grad():  # also where the caller turned gradients off globally
        out = plain_structure(obj(*_to_torch(tuple(args)), **_to_torch(dict(kwargs))))
        leaves = [t for t in optree.tree_leaves(out, none_is_leaf=False)
                  if isinstance(t, torch.Tensor) and (t.is_floating_point() or t.is_complex())]
        total = sum((t * torch.as_tensor(fw.cotangent(t.shape, fw.to_numpy(t.detach()).dtype,
                                                      i))).sum() for i, t in enumerate(leaves))
        params = [named[k] for k in trainable]
        grads = torch.autograd.grad(total, params, allow_unused=True)
    return {k: (np.zeros(tuple(p.shape), fw.to_numpy(p.detach()).dtype) if g is None
                else fw.to_numpy(g)) for k, p, g in zip(trainable, params, grads, strict=True)}


def _custom_backwards(total) -> list[str]:
    """The ``torch.autograd.Function`` subclasses whose backward the graph of ``total`` runs."""
    found, seen, todo = [], set(), [total.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, torch.autograd.function.BackwardCFunction):
            found.append(getattr(node, "_forward_cls", type(node)).__name__)
        todo.extend(n for n, _ in node.next_functions)
    return sorted(set(found))


class _GradientCuts(TorchFunctionMode):
    """Records where a forward cuts its own gradient at the Python level (torch's autograd
    internals detach too, below it): ``.detach()`` of a tensor that requires grad (a
    straight-through estimator ``x + (q - x).detach()``, a commitment loss), or a call on one
    under ``no_grad``; a gradient hook registered on one (``Tensor.register_hook``); an
    embedding with a ``padding_idx`` (that row's gradient is 0) or with ``scale_grad_by_freq``
    (a row's gradient divided by its count). There, as with a custom ``autograd.Function``, the
    backward defines the model's gradient, not the forward's derivative."""

    def __init__(self):
        super().__init__()
        self.found: set[str] = set()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", str(func))
        if name in ("register_hook", "register_post_accumulate_grad_hook"):
            # a gradient hook rewrites the gradient torch's backward passes on (the emitted
            # code has no hooks): the backward is not the forward's derivative
            if args and isinstance(args[0], torch.Tensor) and args[0].requires_grad:
                self.found.add(f"Tensor.{name}")
        elif name in ("detach", "detach_") or not torch.is_grad_enabled():
            if any(isinstance(t, torch.Tensor) and t.requires_grad
                   for t in optree.tree_leaves((args, kwargs))):
                self.found.add("Tensor.detach" if name.startswith("detach")
                               else f"{name} under no_grad")
        elif name in ("embedding", "embedding_bag"):
            # the padding row's gradient is 0 by definition, and scale_grad_by_freq divides a
            # row's gradient by its index's count: neither is the forward's derivative
            w = args[1] if len(args) > 1 else kwargs.get("weight")
            if isinstance(w, torch.Tensor) and w.requires_grad:
                if name == "embedding" and \
                        (args[2:3] or (kwargs.get("padding_idx"),))[0] is not None:
                    self.found.add("embedding padding_idx")
                if (args[5:6] or (kwargs.get("scale_grad_by_freq"),))[0]:
                    self.found.add(f"{name} scale_grad_by_freq")
        return func(*args, **kwargs)


class Float64Witness:
    """The model run in float64 (a deep copy; float32 inputs cast) for the gradient check's
    second opinion (``verify.second_opinion``): its autodiff gradient, its forward loss
    ``<outputs, cotangents>`` with parameters shifted (for finite differences), and the custom
    ``autograd.Function``s its backward runs (their backward defines the model's gradient, so
    a forward-based witness must not overrule it). Raises when the model cannot run in
    float64 (the failure then stands)."""

    def __init__(self, obj, args, kwargs):
        import copy

        def to64(v):
            return v.astype(np.float64) if isinstance(v, np.ndarray) and v.dtype == np.float32 \
                else v

        # hooks on parameters (``p.register_hook``, registered before the forward) rewrite
        # their gradients as the ones registered in the forward do (``_GradientCuts``)
        self.hooked = sorted(f"gradient hook on {k}" for k, p in obj.named_parameters()
                             if getattr(p, "_backward_hooks", None)
                             or getattr(p, "_post_accumulate_grad_hooks", None))
        self.model = copy.deepcopy(obj).double()
        self.args = optree.tree_map(to64, tuple(args), none_is_leaf=True)
        self.kwargs = optree.tree_map(to64, dict(kwargs), none_is_leaf=True)
        self.named, self.trainable = _named_state(self.model)
        self.custom: list[str] = []

    def _total(self, cuts=None):
        if cuts is None:
            out = self.model(*_to_torch(self.args), **_to_torch(self.kwargs))
        else:
            with cuts:  # the model's forward only
                out = self.model(*_to_torch(self.args), **_to_torch(self.kwargs))
        out = plain_structure(out)
        leaves = [t for t in optree.tree_leaves(out, none_is_leaf=False)
                  if isinstance(t, torch.Tensor) and (t.is_floating_point() or t.is_complex())]
        return sum((t * torch.as_tensor(fw.cotangent(t.shape, fw.to_numpy(t.detach()).dtype, i)))
                   .sum() for i, t in enumerate(leaves))

    def gradient(self) -> dict:
        params = [self.named[k] for k in self.trainable]
        cuts = _GradientCuts()
        with torch.enable_grad():
            total = self._total(cuts)
            self.custom = _custom_backwards(total) + sorted(cuts.found) + self.hooked
            grads = torch.autograd.grad(total, params, allow_unused=True)
        return {k: (np.zeros(tuple(p.shape), fw.to_numpy(p.detach()).dtype) if g is None
                    else fw.to_numpy(g)) for k, p, g in zip(self.trainable, params, grads,
                                                           strict=True)}

    def loss(self, shift: dict) -> float:
        """The float64 loss with ``shift[name]`` added to those parameters."""
        with torch.no_grad():
            saved = {k: self.named[k].detach().clone() for k in shift}
            try:
                for k, d in shift.items():
                    self.named[k].add_(torch.as_tensor(d, dtype=self.named[k].dtype))
                return float(self._total())
            finally:
                for k, v in saved.items():
                    self.named[k].copy_(v)


def float64_witness(obj, args, kwargs) -> Float64Witness:
    if not is_model(obj):
        raise NotImplementedError("gradients are checked for models only")
    return Float64Witness(obj, args, kwargs)


__all__ = ["RULES", "capture", "float64_witness", "gradient", "is_model", "run_native"]
