"""The tensorflow backend: element-wise functions (see ivy/functional/ivy/elementwise.py)."""

import tensorflow as tf

add = tf.add
