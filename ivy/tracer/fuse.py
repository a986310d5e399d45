"""Pattern fusion: composite computations in a graph become the one Ivy function that each
backend maps to its fused kernel (``torch.nn.functional.layer_norm``, ``torch.softmax``...).

A source framework often spells these out (a NumPy layer norm is mean, subtract, square, mean,
add, sqrt, divide, multiply, add; ``jax.nn.softmax`` lowers to max, subtract, exp, sum, divide)
while code hand-written for the target calls one kernel. :func:`fuse` recognises, on the Ivy
graph:

==================  ===================================================================
``layer_norm``      ``(x - mean(x)) / sqrt(var(x) + eps) [* w] [+ b]`` over the last axes
                    (biased variance: ``mean((x - m)**2)``, ``var(x, correction=0)`` or
                    ``max(0, mean(x**2) - m**2)``; ``1/sqrt``, ``ones/sqrt``, ``pow(., -0.5)``)
``softmax``         ``exp(x - max(x)) / sum(exp(x - max(x)))`` along one axis
``log_softmax``     ``(x - max(x)) - log(sum(exp(x - max(x))))`` or ``x - logsumexp(x)``
``silu``            ``x * sigmoid(x)``
``gelu``            ``0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x**3)))`` (``approximate``)
                    and ``0.5 x (1 + erf(x / sqrt(2)))``
==================  ===================================================================

How: for a candidate input ``x`` (what a reduction or an activation reads) every node that
depends on ``x`` through elementwise arithmetic is written as a polynomial (a sum of monomials
with rational exponents) in ``x`` and a few *atoms* — the statistics of ``x`` (its mean ``m``,
biased variance ``v``, ``e = v + eps``, max ``M``, ``E = exp(x - M)``, ``Z = sum(E)``...) and any
other value (a weight ``w``, a bias ``b``). Association and spelling then do not matter: a node
fuses when its polynomial is exactly the pattern's (``x e^-1/2 w - m e^-1/2 w + b`` for a layer
norm with weight and bias). The rules keep the semantics: every step has the dtype of ``x``
(NumPy's float64 promotion is never fused away), statistics reduce the axes the pattern needs
(the last ones for a layer norm, one axis for a softmax), keep-dims and reduced shapes are never
mixed, the constants are exact (GELU's to the dtype's rounding), and a fusion is skipped when a value
inside it is used elsewhere (it would be computed twice) or is a graph output. The fused result
differs from the unfused one by rounding only.

Each fused node carries ``meta["fused"]`` (its pattern name): :func:`fused_counts` lists them
(the transpile report shows it). ``Graph.optimize(fuse=False)`` / ``ivy.transpile(..., fuse=False)``
switch the pass off.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction

import numpy as np

from .ir import CALL, CONSTANT, INPUT, Node, Ref, iter_refs, map_refs

_MAX_TERMS = 8  # a polynomial with more terms is no pattern's: the node stays opaque
_HALF = Fraction(1, 2)
_GELU_C1 = math.sqrt(2 / math.pi)
_GELU_C3 = 0.044715 * math.sqrt(2 / math.pi)
_ARITH = {"add", "subtract", "multiply", "divide", "negative", "positive", "square", "pow",
          "reciprocal", "sqrt"}


# -- polynomials: {monomial: coefficient}; a monomial is a sorted tuple of (atom, exponent) ----
def _mono(*pairs):
    d: dict = {}
    for a, e in pairs:
        d[a] = d.get(a, 0) + e
    return tuple(sorted(((a, Fraction(e)) for a, e in d.items() if e != 0), key=repr))


def _atom(a):
    return {_mono((a, 1)): 1.0}


def _const(c):
    return {(): float(c)} if c != 0 else {}


def _add(p, q, s=1.0):
    r = dict(p)
    for k, c in q.items():
        v = r.get(k, 0.0) + s * c
        if v == 0.0:
            r.pop(k, None)
        else:
            r[k] = v
    return r if len(r) <= _MAX_TERMS else None


def _mul(p, q):
    r: dict = {}
    for k1, c1 in p.items():
        for k2, c2 in q.items():
            k = _mono(*k1, *k2)
            v = r.get(k, 0.0) + c1 * c2
            if v == 0.0:
                r.pop(k, None)
            else:
                r[k] = v
    return r if len(r) <= _MAX_TERMS else None


def _inv(p):
    if len(p) != 1:
        return None
    (k, c), = p.items()
    return {tuple((a, -e) for a, e in k): 1.0 / c}


def _is(p, q, rel=0.0):
    """Polynomial ``p`` equals ``q`` (coefficients within ``rel`` relative)."""
    if p is None or p.keys() != q.keys():
        return False
    return all(abs(p[k] - c) <= rel * abs(c) for k, c in q.items())


def _forms(p) -> set:
    """How the atoms of ``p`` are shaped: True keep-dims statistics, False reduced ones, "full"
    anything else."""
    out = set()
    for k in p:
        for a, _ in k:
            out.add(a[1] if a[0] in _STATS else "full")
    return out


_STATS = {"m", "v", "q", "e", "M", "Z", "L", "LSE"}


# -- the evaluator ----------------------------------------------------------------------------
class _Family:
    """The polynomials of the nodes depending on ``x`` (reductions over ``axes``; None: only the
    elementwise patterns)."""

    def __init__(self, g, x: Ref, axes, consumers):
        self.g, self.x, self.axes = g, x, axes
        shape, self.dtype = g.nodes[x.node].outputs[x.index]
        self.shape = tuple(shape)
        if axes is not None:
            self.keep = tuple(1 if i in axes else d for i, d in enumerate(self.shape))
            self.red = tuple(d for i, d in enumerate(self.shape) if i not in axes)
            self.count = int(np.prod([self.shape[i] for i in axes], dtype=np.int64))
        self.poly: dict = {(x.node, x.index): _atom(("x",))}
        self.consumers = consumers
        self.eps = None

    # values
    def val(self, v):
        """The polynomial of argument ``v``: its own (it depends on x), a constant's, or an
        atom."""
        if v.__class__ is Ref:
            p = self.poly.get((v.node, v.index))
            if p is not None:
                return p
            n = self.g.nodes[v.node]
            if n.op == CONSTANT and n.value.ndim == 0 and n.value.dtype.kind in "fiu":
                return _const(n.value.item())
            return _atom(("a", v.node, v.index))
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return _const(v)
        return None

    def run(self):
        """Evaluate the nodes that read x, then those reading them, in graph order."""
        heap = sorted(self.consumers.get(self.x.node, ()))
        done: set = set()
        while heap:
            i = heapq.heappop(heap)
            if i in done:
                continue
            done.add(i)
            n = self.g.nodes[i]
            if n.op != CALL or len(n.outputs) != 1 or n.outputs[0][1] != self.dtype:
                continue
            try:
                p = self.node(n)
            except (TypeError, ValueError, ZeroDivisionError, IndexError, KeyError,
                    OverflowError, AttributeError):  # an argument that is no pattern's
                p = None
            if p is None:
                continue
            f = _forms(p)
            if False in f and len(f) > 1:
                continue  # a reduced-shape statistic broadcast against x: no pattern's
            self.poly[(i, 0)] = p
            for j in self.consumers.get(i, ()):
                heapq.heappush(heap, j)
        return self

    def _axes(self, n, ndim):
        ax = n.kwargs.get("axis", n.args[1] if len(n.args) > 1 else None)
        if ax is None:
            ax = tuple(range(ndim))
        elif isinstance(ax, int):
            ax = (ax,)
        return tuple(sorted(a % ndim for a in ax))

    def node(self, n):  # noqa: C901 - one branch per operation
        t, a = n.target, n.args
        shape = tuple(n.outputs[0][0] or ())
        if t in ("add", "subtract"):
            p, q = self.val(a[0]), self.val(a[1])
            return None if p is None or q is None else _add(p, q, 1.0 if t == "add" else -1.0)
        if t == "multiply":
            p, q = self.val(a[0]), self.val(a[1])
            return None if p is None or q is None else _mul(p, q)
        if t == "divide":
            p, q = self.val(a[0]), self.val(a[1])
            q = None if q is None else _inv(q)
            return None if p is None or q is None else _mul(p, q)
        if t == "negative":
            return _mul(self.val(a[0]), _const(-1.0))
        if t == "positive":
            return self.val(a[0])
        if t == "square":
            p = self.val(a[0])
            return _mul(p, p)
        if t == "reciprocal":
            return _inv(self.val(a[0]))
        if t in ("sqrt", "pow"):
            p = self.val(a[0])
            if t == "sqrt":
                e = _HALF
            else:
                c = self.val(a[1])
                if not c or list(c) != [()]:
                    return None
                e = Fraction(c[()]).limit_denominator(8)
                if float(e) != c[()]:
                    return None
            if e.denominator == 1 and 1 <= e <= 3:
                r = p
                for _ in range(int(e) - 1):
                    r = _mul(r, p)
                return r
            if len(p) == 1 and list(p.values()) == [1.0]:
                (k, _), = p.items()
                if len(k) == 1 and k[0][0][0] == "e":  # v + eps > 0: fractional powers are safe
                    return {((k[0][0], k[0][1] * e),): 1.0}
            if len(p) == 2 and self.axes is not None:  # sqrt(v + eps)
                eps = p.get((), 0.0)
                vk = [k for k in p if k]
                if eps > 0 and len(vk) == 1 and len(vk[0]) == 1 and vk[0][0][0][0] == "v" \
                        and vk[0][0][1] == 1 and p[vk[0]] == 1.0:
                    if self.eps is not None and self.eps != eps:
                        return None
                    self.eps = eps
                    return {((("e", vk[0][0][0][1]), e),): 1.0}
            return None
        if t in ("reshape", "expand_dims", "squeeze", "stop_gradient"):
            p = self.val(a[0])
            if t == "stop_gradient":  # only on a softmax's shift (the result does not depend
                return p if _stat_atom(p, "M") else None  # on it: neither does its gradient)
            return self._reform(p, shape)
        if t == "ones_like":
            return _const(1.0)
        if t == "zeros_like":
            return {}
        if t == "maximum":
            p, q = self.val(a[0]), self.val(a[1])
            for c, s in ((p, q), (q, p)):
                if c is not None and list(c) in ([()], []) and s is not None:
                    cv = c.get((), 0.0)
                    if cv == -math.inf and len(s) == 1 and _stat_atom(s, "M"):
                        return s  # jnp.max's initial=-inf
                    if cv == 0.0 and self.axes is not None:  # max(0, mean(x^2) - m^2)
                        keep = _keep_of(s)
                        if keep is not None and _is(s, {_mono((("q", keep), 1)): 1.0,
                                                        _mono((("m", keep), 2)): -1.0}):
                            return _atom(("v", keep))
            return None
        if t == "where":
            c = a[0] if a and a[0].__class__ is Ref else None
            cn = self.g.nodes[c.node] if c is not None else None
            if cn is not None and cn.op == CONSTANT and cn.value.dtype == bool and \
                    cn.value.size and (cn.value.all() or not cn.value.any()):
                pick = a[1] if cn.value.all() else a[2]  # jnp.var's where(n - ddof > 0, v, nan)
                if pick.__class__ is Ref and \
                        tuple(self.g.nodes[pick.node].outputs[pick.index][0]) == shape:
                    return self.val(pick)
                return None
            return self._nan_max(n)  # NumPy's max: NaN in, NaN out (so is a softmax's row)
        if self.axes is not None and t in ("mean", "sum", "max", "var", "logsumexp"):
            return self._reduction(n, shape)
        if t == "exp":
            p = self.val(a[0])
            if self.axes is not None and len(self.axes) == 1:
                if _is(p, {_mono((("x",), 1)): 1.0, _mono((("M", True), 1)): -1.0}):
                    return _atom(("E",))
            return None
        if t == "log":
            p = self.val(a[0])
            if len(p) == 1 and _stat_atom(p, "Z") and list(p.values()) == [1.0]:
                return _atom(("L", _keep_of(p)))
            return None
        if t == "sigmoid":
            return _atom(("S",)) if _is(self.val(a[0]), _atom(("x",))) else None
        try:  # a constant rounded to the dtype
            rel = 4 * float(np.finfo(self.dtype).eps)
        except TypeError:  # bfloat16
            rel = 2.0 ** -6
        if t == "tanh":
            return _atom(("T",)) if _is(self.val(a[0]), {_mono((("x",), 1)): _GELU_C1,
                                                        _mono((("x",), 3)): _GELU_C3},
                                        rel=rel) else None
        if t == "erf":
            return _atom(("R",)) if _is(self.val(a[0]), {_mono((("x",), 1)): math.sqrt(0.5)},
                                        rel=rel) else None
        return None

    def _reform(self, p, shape):
        """A reshape between the keep-dims and the reduced shape of statistics (or none)."""
        if p is None or self.axes is None or not p:
            return None
        keep = _keep_of(p)
        if keep is None:
            return None
        if shape == self.keep:
            return _rekey(p, True)
        if shape == self.red:
            return _rekey(p, False)
        return None

    def _reduction(self, n, shape):
        t = n.target
        y = n.args[0]
        if y.__class__ is not Ref:
            return None
        p = self.poly.get((y.node, y.index))
        ysh = self.g.nodes[y.node].outputs[y.index][0]
        if p is None or tuple(ysh) != self.shape or self._axes(n, len(self.shape)) != self.axes:
            return None
        keep = bool(n.kwargs.get("keepdims", False))
        if shape != (self.keep if keep else self.red):
            return None
        if t == "sum" and n.kwargs.get("dtype") not in (None, self.dtype):
            return None
        if t == "var" and n.kwargs.get("correction", 0) != 0:
            return None
        x = {_mono((("x",), 1)): 1.0}
        if t in ("mean", "sum"):
            scale = 1.0 if t == "mean" else float(self.count)
            if _is(p, x):
                return _mul(_atom(("m", keep)), _const(scale))
            if _is(p, {_mono((("x",), 2)): 1.0, _mono((("x",), 1), (("m", True), 1)): -2.0,
                       _mono((("m", True), 2)): 1.0}):
                return _mul(_atom(("v", keep)), _const(scale))
            if _is(p, {_mono((("x",), 2)): 1.0}):
                return _mul(_atom(("q", keep)), _const(scale))
            if t == "sum" and _is(p, _atom(("E",))):
                return _atom(("Z", keep))
            return None
        if not _is(p, x):
            return None
        if t == "max" and len(self.axes) == 1:
            return _atom(("M", keep))
        if t == "var":
            return _atom(("v", keep))
        if t == "logsumexp" and len(self.axes) == 1:
            return _atom(("LSE", keep))
        return None

    def _nan_max(self, n):
        """``where(any(isnan(x), keepdims), full_like(max, nan), max)`` -> the max."""
        c, nanv, m = n.args[:3] if len(n.args) >= 3 else (None,) * 3
        if self.axes is None or any(r.__class__ is not Ref for r in (c, nanv, m)):
            return None
        pm = self.poly.get((m.node, m.index))
        if pm is None or not _stat_atom(pm, "M") or list(pm.values()) != [1.0]:
            return None
        cn, fn = self.g.nodes[c.node], self.g.nodes[nanv.node]
        if cn.target != "any" or fn.target != "full_like" or fn.args[0] != m:
            return None
        fill = fn.args[1] if len(fn.args) > 1 else fn.kwargs.get("fill_value")
        if not (isinstance(fill, float) and math.isnan(fill)):
            return None
        isn = cn.args[0]
        if isn.__class__ is not Ref or self.g.nodes[isn.node].target != "isnan" or \
                self.g.nodes[isn.node].args[0] != self.x:
            return None
        if self._axes(cn, len(self.shape)) != self.axes or \
                bool(cn.kwargs.get("keepdims", False)) != _keep_of(pm):
            return None
        return pm


def _stat_atom(p, kind) -> bool:
    return len(p) == 1 and all(len(k) == 1 and k[0][0][0] == kind and k[0][1] == 1 for k in p)


def _keep_of(p):
    f = _forms(p)
    return next(iter(f)) if len(f) == 1 and "full" not in f else None


def _rekey(p, keep):
    return {_mono(*(((a[0], keep) + a[2:] if a[0] in _STATS else a, e) for a, e in k)): c
            for k, c in p.items()}


# -- matching roots ---------------------------------------------------------------------------
def _layer_norm(fam, p):
    """(weight atom or None, bias atom or None) when ``p`` is a layer norm of fam.x, else None."""
    if fam.axes is None or fam.eps is None or len(p) not in (2, 3):
        return None
    if fam.axes != tuple(range(len(fam.shape) - len(fam.axes), len(fam.shape))):
        return None
    ek = ("e", True)
    tx = [k for k in p if (("x",), 1) in k]
    if len(tx) != 1 or p[tx[0]] != 1.0:
        return None
    rest = [(a, e) for a, e in tx[0] if a != ("x",)]
    if (ek, -_HALF) not in rest:
        return None
    rest.remove((ek, -_HALF))
    if len(rest) > 1 or (rest and (rest[0][0][0] != "a" or rest[0][1] != 1)):
        return None
    w = rest[0][0] if rest else None
    tm = _mono((("m", True), 1), (ek, -_HALF), *([(w, 1)] if w else []))
    if p.get(tm) != -1.0:
        return None
    others = [k for k in p if k not in (tx[0], tm)]
    b = None
    if others:
        k = others[0]
        if len(k) != 1 or k[0][0][0] != "a" or k[0][1] != 1 or p[k] != 1.0:
            return None
        b = k[0][0]
    return w, b


def _match(fam, p, shape):
    """(fused function, its args, its kwargs) for polynomial ``p`` of a node of ``shape``."""
    if shape != fam.shape or p is None:
        return None
    if fam.axes is not None:
        ln = _layer_norm(fam, p)
        if ln is not None:
            return "layer_norm", ln
        if len(fam.axes) == 1:
            ax = fam.axes[0]
            if _is(p, {_mono((("E",), 1), (("Z", True), -1)): 1.0}):
                return "softmax", ax
            if _is(p, {_mono((("x",), 1)): 1.0, _mono((("M", True), 1)): -1.0,
                       _mono((("L", True), 1)): -1.0}) or \
                    _is(p, {_mono((("x",), 1)): 1.0, _mono((("LSE", True), 1)): -1.0}):
                return "log_softmax", ax
        return None
    if _is(p, {_mono((("x",), 1), (("S",), 1)): 1.0}):
        return "silu", None
    for atom, approx in ((("T",), True), (("R",), False)):
        if _is(p, {_mono((("x",), 1)): 0.5, _mono((("x",), 1), (atom, 1)): 0.5}):
            return "gelu", approx
    return None


def _param(fam, atom, ns, new):
    """A Ref to weight/bias ``atom`` shaped ``ns`` (new reshape/broadcast nodes into ``new``),
    or None when it cannot be one (it varies along an axis that is not normalised)."""
    ref = Ref(atom[1], atom[2])
    shape, dtype = fam.g.nodes[ref.node].outputs[ref.index]
    shape = tuple(shape)
    if dtype != fam.dtype or len(shape) > len(fam.shape):
        return None
    full = (1,) * (len(fam.shape) - len(shape)) + shape
    k = len(ns)
    if any(d != 1 for d in full[:-k]) or any(d not in (1, n) for d, n in zip(full[-k:], ns, strict=True)):
        return None
    if shape == ns:
        return ref
    src = fam.g.nodes[ref.node]  # reshape(w, (1, n)) of a w shaped ns: take w
    if src.op == CALL and src.target == "reshape" and src.args and src.args[0].__class__ is Ref:
        inner = src.args[0]
        if tuple(fam.g.nodes[inner.node].outputs[inner.index][0]) == ns:
            return inner
    core = full[-k:]
    new.append(Node(CALL, "reshape", args=(ref, core), outputs=[(core, dtype)]))
    r = Ref(-len(new), 0)
    if core != ns:
        new.append(Node(CALL, "broadcast_to", args=(r, ns), outputs=[(ns, dtype)]))
        r = Ref(-len(new), 0)
    return r


def _fused_node(fam, kind, info, root):
    """The replacement nodes for ``root`` (the last one is the fused call), or None."""
    x, out = fam.x, [(fam.shape, fam.dtype)]
    meta = dict(root.meta or {})
    meta["fused"] = kind
    new: list = []
    if kind == "layer_norm":
        w, b = info
        ns = fam.shape[len(fam.shape) - len(fam.axes):]
        kw = {}
        for name, atom in (("weight", w), ("bias", b)):
            if atom is not None:
                r = _param(fam, atom, ns, new)
                if r is None:
                    return None
                kw[name] = r
        kw["eps"] = fam.eps
        new.append(Node(CALL, "layer_norm", args=(x, ns), kwargs=kw, outputs=out, meta=meta))
    elif kind in ("softmax", "log_softmax"):
        new.append(Node(CALL, kind, args=(x,), kwargs={"axis": info}, outputs=out, meta=meta))
    elif kind == "silu":
        new.append(Node(CALL, "silu", args=(x,), outputs=out, meta=meta))
    else:
        new.append(Node(CALL, "gelu", args=(x,), kwargs={"approximate": info}, outputs=out,
                        meta=meta))
    return new


def _inside(fam, root: int) -> set:
    """The nodes between x (and the weight/bias atoms) and ``root``: what the fusion replaces."""
    inside, stack = set(), [root]
    while stack:
        i = stack.pop()
        if i in inside or i <= fam.x.node:
            continue
        if (i, 0) not in fam.poly:
            continue  # an atom (a weight, a bias) or a value that does not depend on x
        inside.add(i)
        n = fam.g.nodes[i]
        stack.extend(r.node for r in iter_refs((n.args, n.kwargs)))
        if n.target == "where" and fam.g.nodes[n.args[0].node].op == CALL:
            for r in n.args[:2]:  # NumPy's NaN-propagating max: its any(isnan), full_like
                inside.add(r.node)
                if fam.g.nodes[r.node].target == "any":
                    inside.add(fam.g.nodes[r.node].args[0].node)
    return inside


def _candidates(g, consumers) -> list:
    """(x, axes) pairs worth evaluating: what the reductions read (axes: theirs), and for the
    activations (axes None) the values their elementwise argument reads more than once."""
    seen, out = set(), []
    for n in g.nodes:
        if n.op != CALL or not n.args or n.args[0].__class__ is not Ref:
            continue
        x = n.args[0]
        shape, dtype = g.nodes[x.node].outputs[x.index]
        if shape is None or not str(dtype).startswith(("float", "bfloat")):
            continue
        keys = []
        if n.target in ("mean", "max", "var", "logsumexp", "sum") and len(shape):
            ndim = len(shape)
            ax = n.kwargs.get("axis", n.args[1] if len(n.args) > 1 else None)
            try:
                ax = tuple(range(ndim)) if ax is None else (ax,) if isinstance(ax, int) else ax
                keys.append((x, tuple(sorted(a % ndim for a in ax))))
            except TypeError:
                pass
        elif n.target in ("sigmoid", "tanh", "erf"):
            keys += [(r, None) for r in _shared_reads(g, x, consumers)]
        for key in keys:
            if key not in seen:
                seen.add(key)
                out.append(key)
    return out


def _shared_reads(g, r, consumers, depth=6) -> list:
    """``r`` and the values its elementwise expression reads that have several consumers (the
    ``x`` of ``tanh(c (x + d x**3))``)."""
    out, stack, seen = [r], [(r, 0)], set()
    while stack:
        v, d = stack.pop()
        n = g.nodes[v.node]
        if v in seen or n.op != CALL or n.target not in _ARITH or d >= depth:
            continue
        seen.add(v)
        for q in iter_refs(n.args):
            if g.nodes[q.node].op != CONSTANT:
                if len(consumers.get(q.node, ())) > 1 and q not in out:
                    out.append(q)
                stack.append((q, d + 1))
    return out


def fuse(g):
    """The graph with the patterns above replaced by their fused Ivy functions (a new graph;
    ``g`` itself when nothing matched)."""
    outputs = {r.node for r in iter_refs(g.output)}
    consumers: dict = {}
    for i, n in enumerate(g.nodes):
        for r in iter_refs((n.args, n.kwargs)):
            consumers.setdefault(r.node, set()).add(i)
    replace: dict = {}
    claimed: set = set()
    for x, axes in _candidates(g, consumers):
        if g.nodes[x.node].outputs[x.index][0] is None:
            continue
        fam = _Family(g, x, axes, consumers).run()
        for i in range(len(g.nodes) - 1, x.node, -1):
            p = fam.poly.get((i, 0))
            if p is None or i in claimed:
                continue
            m = _match(fam, p, tuple(g.nodes[i].outputs[0][0]))
            if m is None:
                continue
            inside = _inside(fam, i)
            if inside & claimed:
                continue
            ok = True
            for j in inside - {i}:
                pj = fam.poly.get((j, 0))
                shared = pj is not None and len(pj) == 1 and all(
                    len(k) == 1 and k[0][0][0] in ("m", "M") for k in pj)
                if (j in outputs or not consumers.get(j, set()) <= inside) and not shared:
                    ok = False
                    break
            if not ok:
                continue
            new = _fused_node(fam, m[0], m[1], g.nodes[i])
            if new is None:
                continue
            replace[i] = new
            claimed |= inside
    if not replace:
        return g
    return _rebuild(g, replace)


def _rebuild(g, replace):
    remap: dict = {}
    nodes: list = []
    for i, n in enumerate(g.nodes):
        base = len(nodes)
        if i in replace:
            new = replace[i]

            def f(r, base=base):
                return Ref(base + (-1 - r.node), 0) if r.node < 0 else remap[(r.node, r.index)]

            for m in new:
                nodes.append(m.copy(args=map_refs(m.args, f), kwargs=map_refs(m.kwargs, f)))
            remap[(i, 0)] = Ref(len(nodes) - 1, 0)
            continue

        def f(r):
            return remap[(r.node, r.index)]

        nodes.append(n.copy(args=map_refs(n.args, f), kwargs=map_refs(n.kwargs, f)))
        for j in range(len(n.outputs)):
            remap[(i, j)] = Ref(len(nodes) - 1, j)
    for m in nodes:
        if m.op != INPUT:
            m.name = None
    return g.__class__(nodes, map_refs(g.template, lambda r: remap[(r.node, r.index)]),
                       map_refs(g.output, lambda r: remap[(r.node, r.index)]), name=g.name,
                       backend=g.backend)


def fused_counts(g) -> dict:
    """``{pattern: count}`` of the fused nodes in ``g``."""
    out: dict = {}
    for n in g.nodes:
        k = (n.meta or {}).get("fused") if n.op == CALL else None
        if k:
            out[k] = out.get(k, 0) + 1
    return out
