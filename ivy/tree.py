"""Nested structures (lists, tuples, dicts, namedtuples, ``ivy.Container``...) as pytrees: the one
tree utility of ``ivy/``, optree in Ivy's registry namespace.

Everything outside the dispatcher's hot path that walks a nested structure goes through here (the
dispatcher's own ``wrap``/``unwrap``/``_scan`` in :mod:`ivy.func_wrapper` stay hand-written: they
run on every call and look only at lists and tuples). ``None`` is an empty node, as in optree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import optree

NAMESPACE = "ivy"  # the optree registry namespace Ivy's own node types (Container) live in


def tree_map(fn: Callable, tree, *rest, is_leaf: Callable | None = None):
    """``fn(leaf, *matching leaves of rest)`` for every leaf; the same structure back."""
    return optree.tree_map(fn, tree, *rest, is_leaf=is_leaf, namespace=NAMESPACE)


def tree_map_with_path(fn: Callable, tree, *rest, is_leaf: Callable | None = None):
    """``fn(path, leaf, *matching leaves)`` with ``path`` the tuple of keys leading to the leaf."""
    return optree.tree_map_with_path(fn, tree, *rest, is_leaf=is_leaf, namespace=NAMESPACE)


def tree_leaves(tree, is_leaf: Callable | None = None) -> list:
    return optree.tree_leaves(tree, is_leaf=is_leaf, namespace=NAMESPACE)


def tree_flatten(tree, is_leaf: Callable | None = None) -> tuple[list, Any]:
    """``(leaves, treespec)``; :func:`tree_unflatten` inverts it."""
    return optree.tree_flatten(tree, is_leaf=is_leaf, namespace=NAMESPACE)


def tree_flatten_with_path(tree, is_leaf: Callable | None = None) -> tuple[list, list, Any]:
    """``(paths, leaves, treespec)``."""
    return optree.tree_flatten_with_path(tree, is_leaf=is_leaf, namespace=NAMESPACE)


def tree_unflatten(treespec, leaves) -> Any:
    return optree.tree_unflatten(treespec, leaves)


def register_node(cls: type, flatten: Callable, unflatten: Callable) -> None:
    """Make ``cls`` a pytree node: ``flatten(x) -> (children, aux, keys)``,
    ``unflatten(aux, children) -> x``."""
    optree.register_pytree_node(cls, flatten, unflatten, namespace=NAMESPACE)
