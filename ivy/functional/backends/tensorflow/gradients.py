"""The tensorflow backend: gradients with ``tf.GradientTape`` (tapes nest for higher order)."""

import tensorflow as tf

from ivy.tree import tree_flatten, tree_unflatten


def value_and_grad(func, argnums=0):
    multi = not isinstance(argnums, int)
    nums = tuple(argnums) if multi else (argnums,)

    def vg(*args):
        args = list(args)
        trees, leaves_all = [], []
        for n in nums:
            leaves, tree = tree_flatten(args[n])
            leaves = [tf.convert_to_tensor(leaf) for leaf in leaves]
            args[n] = tree_unflatten(tree, leaves)
            trees.append((tree, len(leaves)))
            leaves_all += leaves
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            for leaf in leaves_all:
                tape.watch(leaf)
            y = func(*args)
        gs = tape.gradient(y, leaves_all, unconnected_gradients=tf.UnconnectedGradients.ZERO)
        out, i = [], 0
        for tree, n in trees:
            out.append(tree_unflatten(tree, gs[i:i + n]))
            i += n
        return y, (tuple(out) if multi else out[0])

    return vg


def jac(func):
    def j(x):
        x = tf.convert_to_tensor(x)
        with tf.GradientTape(watch_accessed_variables=False, persistent=True) as tape:
            tape.watch(x)
            y = func(x)
        return tape.jacobian(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO,
                             experimental_use_pfor=False)

    return j


stop_gradient = tf.stop_gradient
