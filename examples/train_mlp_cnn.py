"""Train a small MLP and a small CNN written once with ivy.Module on PyTorch, JAX and TensorFlow,
and the same models hand-written in each framework (torch.nn, JAX with a hand-written Adam,
tf.keras), all from the same initial weights and data, for 50 Adam steps.

    python examples/train_mlp_cnn.py            # prints the loss curves and the largest gaps

The acceptance test (tests/stateful/test_acceptance.py) imports this file.
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import ivy  # noqa: E402

STEPS, LR = 50, 3e-3
BACKENDS = ("torch", "jax", "tensorflow")


# ------------------------------------------------------------------------- data and weights
def make_data(kind: str, seed: int = 0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((32, 8) if kind == "mlp" else (16, 1, 8, 8)).astype(np.float32)
    y = rng.integers(0, 3, size=32 if kind == "mlp" else 16)
    return x, y


def init_weights(kind: str, seed: int = 1) -> dict:
    """Initial weights, keyed as the ivy models' ``v.flat_dict()`` (PyTorch layouts)."""
    rng = np.random.default_rng(seed)

    def u(*shape, fan_in):
        b = 1 / np.sqrt(fan_in)
        return rng.uniform(-b, b, shape).astype(np.float32)

    if kind == "mlp":
        return {"l1/w": u(16, 8, fan_in=8), "l1/b": u(16, fan_in=8),
                "l2/w": u(16, 16, fan_in=16), "l2/b": u(16, fan_in=16),
                "l3/w": u(3, 16, fan_in=16), "l3/b": u(3, fan_in=16)}
    return {"c1/w": u(4, 1, 3, 3, fan_in=9), "c1/b": u(4, fan_in=9),
            "c2/w": u(8, 4, 3, 3, fan_in=36), "c2/b": u(8, fan_in=36),
            "fc/w": u(3, 32, fan_in=32), "fc/b": u(3, fan_in=32)}


# ------------------------------------------------------------------------------ ivy models
class MLP(ivy.Module):
    def __init__(self):
        super().__init__()
        self.l1, self.l2, self.l3 = ivy.Linear(8, 16), ivy.Linear(16, 16), ivy.Linear(16, 3)

    def _forward(self, x):
        return self.l3(ivy.tanh(self.l2(ivy.relu(self.l1(x)))))


class CNN(ivy.Module):
    """conv 3x3 SAME -> relu -> maxpool 2 -> conv 3x3 VALID -> relu -> flatten -> linear."""

    def __init__(self):
        super().__init__()
        f = "channel_first"
        self.c1 = ivy.Conv2D(1, 4, 3, padding="SAME", data_format=f)
        self.pool = ivy.MaxPool2D(2, data_format=f)
        self.c2 = ivy.Conv2D(4, 8, 3, data_format=f)
        self.flatten = ivy.Flatten()
        self.fc = ivy.Linear(32, 3)

    def _forward(self, x):
        x = self.pool(ivy.relu(self.c1(x)))
        return self.fc(self.flatten(ivy.relu(self.c2(x))))


def ivy_setup(backend: str, kind: str):
    """(step function, model) for the ivy model on ``backend`` with the shared weights."""
    ivy.set_backend(backend)
    model = MLP() if kind == "mlp" else CNN()
    model.v = ivy.Container.from_flat_dict(
        {k: ivy.to_native(ivy.asarray(w)) for k, w in init_weights(kind).items()})
    x, y = make_data(kind)
    x, y = ivy.to_native(ivy.asarray(x)), ivy.to_native(ivy.asarray(y))
    opt = ivy.Adam(lr=LR)

    def loss_fn(v):
        return ivy.cross_entropy(model(x, v=v), y)

    def step():
        loss, grads = ivy.execute_with_gradients(loss_fn, model.v)
        model.v = opt.step(model.v, grads)
        return loss

    return step, model


def train_ivy(backend: str, kind: str, steps: int = STEPS) -> list:
    step, _ = ivy_setup(backend, kind)
    try:
        return [float(ivy.to_numpy(step())) for _ in range(steps)]
    finally:
        ivy.unset_backend()


# --------------------------------------------------------------------------- native models
def torch_setup(kind: str):
    import torch
    from torch import nn

    w = {k: torch.from_numpy(a.copy()) for k, a in init_weights(kind).items()}
    if kind == "mlp":
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.Tanh(),
                              nn.Linear(16, 3))
        names = {"0": "l1", "2": "l2", "4": "l3"}
    else:
        model = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Conv2d(4, 8, 3), nn.ReLU(), nn.Flatten(), nn.Linear(32, 3))
        names = {"0": "c1", "3": "c2", "6": "fc"}
    with torch.no_grad():
        for idx, name in names.items():
            model[int(idx)].weight.copy_(w[f"{name}/w"])
            model[int(idx)].bias.copy_(w[f"{name}/b"])
    x, y = (torch.from_numpy(a) for a in make_data(kind))
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    lossf = nn.CrossEntropyLoss()

    def step():
        opt.zero_grad()
        loss = lossf(model(x), y)
        loss.backward()
        opt.step()
        return loss.detach()

    return step


def jax_setup(kind: str):
    import jax
    import jax.numpy as jnp

    params = {k: jnp.asarray(a) for k, a in init_weights(kind).items()}
    x, y = (jnp.asarray(a) for a in make_data(kind))

    def lin(h, n, p):
        return h @ p[f"{n}/w"].T + p[f"{n}/b"]

    def conv(h, n, p, pad):
        out = jax.lax.conv_general_dilated(h, p[f"{n}/w"], (1, 1), pad,
                                           dimension_numbers=("NCHW", "OIHW", "NCHW"))
        return out + p[f"{n}/b"][None, :, None, None]

    def forward(p):
        if kind == "mlp":
            return lin(jnp.tanh(lin(jax.nn.relu(lin(x, "l1", p)), "l2", p)), "l3", p)
        h = jax.nn.relu(conv(x, "c1", p, "SAME"))
        h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
        h = jax.nn.relu(conv(h, "c2", p, "VALID"))
        return lin(h.reshape(h.shape[0], -1), "fc", p)

    def loss_fn(p):
        logp = jax.nn.log_softmax(forward(p))
        return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))

    vg = jax.value_and_grad(loss_fn)
    state = {"p": params, "m": jax.tree_util.tree_map(jnp.zeros_like, params),
             "v": jax.tree_util.tree_map(jnp.zeros_like, params), "t": 0}

    def step():  # Adam exactly as torch.optim.Adam (optax is not required)
        loss, g = vg(state["p"])
        state["t"] += 1
        t, b1, b2 = state["t"], 0.9, 0.999
        state["m"] = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], g)
        state["v"] = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], g)
        state["p"] = jax.tree_util.tree_map(
            lambda p, m, v: p - (LR / (1 - b1 ** t)) * m / (jnp.sqrt(v) / (1 - b2 ** t) ** 0.5
                                                            + 1e-8),
            state["p"], state["m"], state["v"])
        return loss

    return step


def tf_setup(kind: str):
    import tensorflow as tf

    w = init_weights(kind)
    x, y = make_data(kind)
    if kind == "mlp":
        model = tf.keras.Sequential([tf.keras.Input((8,)),
                                     tf.keras.layers.Dense(16, activation="relu"),
                                     tf.keras.layers.Dense(16, activation="tanh"),
                                     tf.keras.layers.Dense(3)])
        for layer, n in zip(model.layers, ("l1", "l2", "l3"), strict=True):
            layer.set_weights([w[f"{n}/w"].T, w[f"{n}/b"]])
    else:
        x = np.transpose(x, (0, 2, 3, 1))
        model = tf.keras.Sequential([
            tf.keras.Input((8, 8, 1)),
            tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
            tf.keras.layers.MaxPool2D(2),
            tf.keras.layers.Conv2D(8, 3, activation="relu"),
            tf.keras.layers.Permute((3, 1, 2)),  # flatten in PyTorch's (C, H, W) order
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(3)])
        convs = [la for la in model.layers if isinstance(la, tf.keras.layers.Conv2D)]
        for layer, n in zip(convs, ("c1", "c2"), strict=True):
            layer.set_weights([np.transpose(w[f"{n}/w"], (2, 3, 1, 0)), w[f"{n}/b"]])
        model.layers[-1].set_weights([w["fc/w"].T, w["fc/b"]])
    opt = tf.keras.optimizers.Adam(learning_rate=LR, epsilon=1e-8)
    lossf = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    x, y = tf.constant(x), tf.constant(y)
    t = [0]

    def step():
        # Keras adds epsilon to sqrt(v) before the bias correction, PyTorch after it: scale
        # Keras' epsilon by sqrt(1 - beta2^t) so both take the same step.
        t[0] += 1
        opt.epsilon = 1e-8 * (1 - 0.999 ** t[0]) ** 0.5
        with tf.GradientTape() as tape:
            loss = lossf(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables, strict=True))
        return loss

    return step


NATIVE = {"torch": torch_setup, "jax": jax_setup, "tensorflow": tf_setup}


def train_native(backend: str, kind: str, steps: int = STEPS) -> list:
    step = NATIVE[backend](kind)
    return [float(np.asarray(step())) for _ in range(steps)]


def max_rel_gap(a, b) -> float:
    a, b = np.asarray(a), np.asarray(b)
    return float(np.max(np.abs(a - b) / np.abs(b)))


def main(steps: int = STEPS):
    for kind in ("mlp", "cnn"):
        curves = {b: train_ivy(b, kind, steps) for b in BACKENDS}
        natives = {b: train_native(b, kind, steps) for b in BACKENDS}
        print(f"\n{kind.upper()}: loss at steps 1, 10, 25, {steps}")
        for b in BACKENDS:
            c, n = curves[b], natives[b]
            print(f"  ivy[{b:10s}] {c[0]:.6f} {c[9]:.6f} {c[24]:.6f} {c[-1]:.6f}   "
                  f"native {n[-1]:.6f}   max rel gap to native {max_rel_gap(c, n):.2e}")
        gaps = [max_rel_gap(curves[b], curves["torch"]) for b in BACKENDS]
        print(f"  max rel gap between ivy backends: {max(gaps):.2e}")


if __name__ == "__main__":
    main()
