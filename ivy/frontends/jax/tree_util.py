"""jax.tree_util basics on optree (None is an empty subtree, as in JAX)."""

from __future__ import annotations

import optree

_NS = "ivy.frontends.jax"


def tree_flatten(tree, is_leaf=None):
    return optree.tree_flatten(tree, is_leaf=is_leaf, none_is_leaf=False, namespace=_NS)


def tree_unflatten(treedef, leaves):
    return optree.tree_unflatten(treedef, list(leaves))


def tree_leaves(tree, is_leaf=None):
    return optree.tree_leaves(tree, is_leaf=is_leaf, none_is_leaf=False, namespace=_NS)


def tree_structure(tree, is_leaf=None):
    return optree.tree_structure(tree, is_leaf=is_leaf, none_is_leaf=False, namespace=_NS)


def tree_map(f, tree, *rest, is_leaf=None):
    return optree.tree_map(f, tree, *rest, is_leaf=is_leaf, none_is_leaf=False, namespace=_NS)


def tree_reduce(function, tree, initializer=None, is_leaf=None):
    import functools

    leaves = tree_leaves(tree, is_leaf)
    return functools.reduce(function, leaves) if initializer is None else \
        functools.reduce(function, leaves, initializer)


def tree_all(tree):
    return all(tree_leaves(tree))


def register_pytree_node(nodetype, flatten_func, unflatten_func):
    optree.register_pytree_node(nodetype, flatten_func, unflatten_func, namespace=_NS)
