"""``ivy.Container``: a dict with attribute access whose leaves are arrays.

It is a pytree node of :mod:`ivy.tree` (optree namespace ``"ivy"``; registered with JAX's pytree
registry when the JAX backend loads), so gradients, optimizers and ``map`` treat it like any nested
dict. Arithmetic
is generated from one table and applied leaf-wise: ``c1 + c2`` adds matching leaves, ``c * 2``
multiplies every leaf.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ivy import tree as _tree
from ivy.tree import NAMESPACE, tree_flatten, tree_leaves, tree_map, tree_unflatten  # noqa: F401


class Container(dict):
    """A nested dict of arrays with attribute access (``c.layer.w``) and leaf-wise arithmetic.

    Keys that are dict method names (``keys``, ``items``, ``copy``...) are reached with ``c[k]``.
    Nested plain dicts become Containers; lists and tuples stay as they are.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for k, v in dict.items(self):
            if isinstance(v, dict) and not isinstance(v, Container):
                dict.__setitem__(self, k, Container(v))

    # ------------------------------------------------------------------ attribute access
    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"Container has no key {name!r}; keys: {list(self)}") from None

    def __setattr__(self, name: str, value) -> None:
        self[name] = value

    def __delattr__(self, name: str) -> None:
        try:
            del self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setitem__(self, key, value) -> None:
        if isinstance(value, dict) and not isinstance(value, Container):
            value = Container(value)
        if isinstance(key, str) and "/" in key:
            head, _, rest = key.partition("/")
            self.setdefault(head, Container())[rest] = value
            return
        dict.__setitem__(self, key, value)

    def __getitem__(self, key):
        if isinstance(key, str) and "/" in key and not dict.__contains__(self, key):
            head, _, rest = key.partition("/")
            return dict.__getitem__(self, head)[rest]
        return dict.__getitem__(self, key)

    def __dir__(self):
        return [*super().__dir__(), *(k for k in self if isinstance(k, str))]

    def __repr__(self) -> str:
        return f"Container({dict.__repr__(self)})"

    # ------------------------------------------------------------------------- pytree
    def map(self, fn: Callable, *others) -> Container:
        """``fn(leaf, *matching leaves of others)`` for every leaf; same structure back."""
        return _tree.tree_map(fn, self, *others)

    def map_with_path(self, fn: Callable) -> Container:
        """``fn("a/b", leaf)`` for every leaf."""
        return _tree.tree_map_with_path(lambda p, x: fn("/".join(map(str, p)), x), self)

    def leaves(self) -> list:
        return _tree.tree_leaves(self)

    def flatten(self) -> tuple[list, Any]:
        """``(leaves, treespec)``; ``Container.unflatten(treespec, leaves)`` inverts it."""
        return _tree.tree_flatten(self)

    @staticmethod
    def unflatten(treespec, leaves) -> Any:
        return _tree.tree_unflatten(treespec, leaves)

    def flat_dict(self, sep: str = "/") -> dict:
        """``{"a/b": leaf}`` for every leaf (the format of saved weights)."""
        paths, leaves, _ = _tree.tree_flatten_with_path(self)
        return {sep.join(map(str, p)): x for p, x in zip(paths, leaves, strict=True)}

    @classmethod
    def from_flat_dict(cls, flat: dict, sep: str = "/") -> Container:
        out = cls()
        for k, v in flat.items():
            node = out
            *heads, last = k.split(sep)
            for h in heads:
                node = node.setdefault(h, cls())
            dict.__setitem__(node, last, v)
        return out

    def __iter_leaves__(self) -> Iterator:
        return iter(self.leaves())

    def num_leaves(self) -> int:
        return len(self.leaves())

    def size(self) -> int:
        """Total number of array elements over all leaves."""
        return int(sum(int(np.prod(tuple(x.shape))) for x in self.leaves()))

    def to_numpy(self) -> Container:
        from ivy.functional.ivy.general import to_numpy

        return self.map(to_numpy)

    def to_native(self) -> Container:
        from ivy import func_wrapper as fw

        return self.map(fw.unwrap)

    def to_ivy(self) -> Container:
        from ivy import func_wrapper as fw

        return self.map(fw.wrap)

    def copy(self) -> Container:
        """A structural copy (leaves shared)."""
        return self.map(lambda x: x)

    def all_equal(self, other, *, rtol: float = 0.0, atol: float = 0.0) -> bool:
        from ivy.functional.ivy.general import to_numpy

        a, b = self.flat_dict(), Container(other).flat_dict()
        return a.keys() == b.keys() and all(
            np.allclose(to_numpy(a[k]), to_numpy(b[k]), rtol=rtol, atol=atol) for k in a)


def _flatten(c: Container):
    keys = tuple(c.keys())
    return tuple(dict.__getitem__(c, k) for k in keys), keys, keys


def _unflatten(keys, children) -> Container:
    out = Container()
    for k, v in zip(keys, children, strict=True):
        dict.__setitem__(out, k, v)
    return out


_tree.register_node(Container, _flatten, _unflatten)


def _is_container(x) -> bool:
    return isinstance(x, Container)


def _binary(op: Callable, reflected: bool):
    def method(self, other):
        if isinstance(other, dict):
            other = other if isinstance(other, Container) else Container(other)
            if reflected:
                return _tree.tree_map(lambda a, b: op(b, a), self, other)
            return _tree.tree_map(op, self, other)
        if reflected:
            return self.map(lambda a: op(other, a))
        return self.map(lambda a: op(a, other))

    return method


_BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
           "truediv": operator.truediv, "floordiv": operator.floordiv, "mod": operator.mod,
           "pow": operator.pow, "matmul": operator.matmul}
for _name, _op in _BINARY.items():
    setattr(Container, f"__{_name}__", _binary(_op, False))
    setattr(Container, f"__r{_name}__", _binary(_op, True))
for _name, _op in {"lt": operator.lt, "le": operator.le, "gt": operator.gt,
                   "ge": operator.ge}.items():
    setattr(Container, f"__{_name}__", _binary(_op, False))
for _name, _op in {"neg": operator.neg, "pos": operator.pos, "abs": operator.abs}.items():
    setattr(Container, f"__{_name}__", (lambda f: lambda self: self.map(f))(_op))
del _name, _op


# tree_map, tree_leaves, tree_flatten, tree_unflatten: re-exported from ivy.tree (above)


def register_with_jax() -> None:
    """Make JAX's transformations (grad, jit) see Containers as pytree nodes."""
    import jax

    try:
        jax.tree_util.register_pytree_node(
            Container, lambda c: (tuple(dict.values(c)), tuple(c.keys())),
            lambda keys, ch: _unflatten(keys, ch))
    except ValueError:  # already registered
        pass
