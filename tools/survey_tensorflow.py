"""Survey: real TensorFlow / Keras code (tf.image, tf.signal, tf.linalg, Keras layers and models)
transpiled to NumPy, JAX and PyTorch, each result re-checked against TensorFlow on a third random
draw. Not collected by pytest (no ``test_`` prefix); run as a module:

    .venv/bin/python -m tools.survey_tensorflow [group ...] [--targets numpy,jax]

Prints one line per (case, target) — ``ok``, ``refused <op>: <reason>`` or ``WRONG <detail>`` —
then a table per group and target. Groups: image, signal, linalg, keras, state.
"""

from __future__ import annotations

import re
import sys
import time
import traceback

import numpy as np

R = np.random.default_rng(0)


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


def img(*s):
    return R.random(s).astype(np.float32)


# -- cases: group -> {name: (make_obj, args)} ---------------------------------------------------
def image_cases():
    import tensorflow as tf
    im = img(2, 8, 8, 3)
    im1 = img(8, 8, 3)
    g = tf.image
    M = tf.image.ResizeMethod

    def resize(method, **kw):
        return lambda x: g.resize(x, (11, 6), method=method, **kw)

    boxes = np.asarray([[0.1, 0.2, 0.7, 0.9], [0.0, 0.0, 1.0, 1.0], [0.3, 0.1, 0.6, 0.5]],
                       np.float32)
    c = {
        "resize bilinear": (resize(M.BILINEAR), (im,)),
        "resize nearest": (resize(M.NEAREST_NEIGHBOR), (im,)),
        "resize bicubic": (resize(M.BICUBIC), (im,)),
        "resize area": (resize(M.AREA), (im,)),
        "resize lanczos3": (resize(M.LANCZOS3), (im,)),
        "resize bilinear antialias (down)": (
            lambda x: g.resize(x, (5, 3), antialias=True), (im,)),
        "resize preserve_aspect_ratio": (
            lambda x: g.resize(x, (12, 5), preserve_aspect_ratio=True), (im,)),
        "resize_with_pad": (lambda x: g.resize_with_pad(x, 10, 6), (im,)),
        "adjust_brightness": (lambda x: g.adjust_brightness(x, 0.2), (im,)),
        "adjust_contrast": (lambda x: g.adjust_contrast(x, 1.7), (im,)),
        "adjust_gamma": (lambda x: g.adjust_gamma(x, 1.5, 0.9), (im,)),
        "adjust_hue": (lambda x: g.adjust_hue(x, 0.2), (im,)),
        "adjust_saturation": (lambda x: g.adjust_saturation(x, 1.6), (im,)),
        "rgb_to_hsv": (lambda x: g.rgb_to_hsv(x), (im,)),
        "hsv_to_rgb": (lambda x: g.hsv_to_rgb(x), (im,)),
        "rgb_to_yuv": (lambda x: g.rgb_to_yuv(x), (im,)),
        "rgb_to_yiq": (lambda x: g.rgb_to_yiq(x), (im,)),
        "rgb_to_grayscale": (lambda x: g.rgb_to_grayscale(x), (im,)),
        "sobel_edges": (lambda x: g.sobel_edges(x), (im,)),
        "image_gradients": (lambda x: g.image_gradients(x), (im,)),
        "ssim": (lambda a, b: g.ssim(a, b, max_val=1.0, filter_size=3),
                 (img(2, 16, 16, 3), img(2, 16, 16, 3))),
        "ssim_multiscale": (lambda a, b: g.ssim_multiscale(
            a, b, max_val=1.0, filter_size=3, power_factors=(0.5, 0.5)),
            (img(1, 24, 24, 3), img(1, 24, 24, 3))),
        "psnr": (lambda a, b: g.psnr(a, b, max_val=1.0), (im, img(2, 8, 8, 3))),
        "total_variation": (lambda x: g.total_variation(x), (im,)),
        "central_crop": (lambda x: g.central_crop(x, 0.5), (im,)),
        "crop_to_bounding_box": (lambda x: g.crop_to_bounding_box(x, 1, 2, 5, 4), (im,)),
        "pad_to_bounding_box": (lambda x: g.pad_to_bounding_box(x, 1, 2, 11, 12), (im,)),
        "extract_patches": (lambda x: g.extract_patches(x, [1, 3, 3, 1], [1, 2, 2, 1],
                                                        [1, 1, 1, 1], "VALID"), (im,)),
        "flip_left_right": (lambda x: g.flip_left_right(x), (im,)),
        "flip_up_down": (lambda x: g.flip_up_down(x), (im,)),
        "rot90 k=1": (lambda x: g.rot90(x), (im,)),
        "rot90 k=3": (lambda x: g.rot90(x, k=3), (im1,)),
        "transpose": (lambda x: g.transpose(x), (im,)),
        "per_image_standardization": (lambda x: g.per_image_standardization(x), (im,)),
        "crop_and_resize bilinear": (lambda x: g.crop_and_resize(
            x, boxes, np.asarray([0, 1, 1], np.int32), (4, 5)), (im,)),
        "crop_and_resize nearest": (lambda x: g.crop_and_resize(
            x, boxes, np.asarray([0, 1, 1], np.int32), (4, 5), method="nearest"), (im,)),
        "convert_image_dtype float->uint8": (
            lambda x: g.convert_image_dtype(x, tf.uint8, saturate=True), (im,)),
        "convert_image_dtype uint8->float": (
            lambda x: g.convert_image_dtype(x, tf.float32),
            (R.integers(0, 255, (2, 8, 8, 3)).astype(np.uint8),)),
    }
    return c


def signal_cases():
    import tensorflow as tf
    s = tf.signal
    sig = f32(2, 64)
    spec = f32(2, 7, 12)

    def istft(x):
        st = s.stft(x, 16, 4, 16)
        return s.inverse_stft(st, 16, 4, 16,
                              window_fn=s.inverse_stft_window_fn(4))

    def mfcc(x):
        st = tf.abs(s.stft(x, 16, 8, 16))
        w = s.linear_to_mel_weight_matrix(8, st.shape[-1], 8000, 20.0, 3800.0)
        mel = tf.math.log(tf.tensordot(st, w, 1) + 1e-6)
        return s.mfccs_from_log_mel_spectrograms(mel)

    return {
        "stft": (lambda x: s.stft(x, 16, 8, 16), (sig,)),
        "stft magnitude (pad_end)": (lambda x: tf.abs(s.stft(x, 16, 8, pad_end=True)), (sig,)),
        "inverse_stft(stft)": (istft, (sig,)),
        "frame": (lambda x: s.frame(x, 8, 4), (sig,)),
        "frame pad_end": (lambda x: s.frame(x, 8, 5, pad_end=True), (sig,)),
        "overlap_and_add": (lambda x: s.overlap_and_add(x, 4), (f32(2, 5, 8),)),
        "linear_to_mel_weight_matrix @ spec": (
            lambda x: tf.tensordot(x, s.linear_to_mel_weight_matrix(6, 12, 8000), 1), (spec,)),
        "mfccs_from_log_mel_spectrograms": (
            lambda x: s.mfccs_from_log_mel_spectrograms(x), (spec,)),
        "stft->mel->mfcc": (mfcc, (sig,)),
        "dct type 2": (lambda x: s.dct(x), (spec,)),
        "dct type 2 ortho": (lambda x: s.dct(x, norm="ortho"), (spec,)),
        "dct type 3": (lambda x: s.dct(x, type=3), (spec,)),
        "dct type 1": (lambda x: s.dct(x, type=1), (spec,)),
        "idct": (lambda x: s.idct(x, norm="ortho"), (spec,)),
        "hann_window * x": (lambda x: x * s.hann_window(64), (sig,)),
        "hamming_window * x": (lambda x: x * s.hamming_window(64, periodic=False), (sig,)),
        "rfft": (lambda x: s.rfft(x), (sig,)),
        "irfft(rfft)": (lambda x: s.irfft(s.rfft(x) * 2.0), (sig,)),
        "fft2d": (lambda x: s.fft2d(tf.complex(x, x * 0.5)), (f32(2, 8, 6),)),
        "ifft2d abs": (lambda x: tf.abs(s.ifft2d(tf.complex(x, -x))), (f32(2, 8, 6),)),
        "fft": (lambda x: s.fft(tf.cast(x, tf.complex64)), (sig,)),
    }


def linalg_cases():
    import tensorflow as tf
    L = tf.linalg
    a = f32(3, 4, 4)
    b = f32(3, 4, 2)

    def spd(x):
        return tf.matmul(x, x, transpose_b=True) + 4.0 * tf.eye(x.shape[-1])

    def svd_vals(x):
        return L.svd(x, compute_uv=False)

    def svd_recon(x):
        s_, u, v = L.svd(x)
        return tf.matmul(u * s_[..., None, :], v, adjoint_b=True)

    def qr_recon(x):
        q, r = L.qr(x)
        return tf.matmul(q, r), tf.abs(L.diag_part(r))

    def eigh_vals(x):
        e, v = L.eigh(spd(x))
        return e, tf.abs(v[..., 0, :])

    return {
        "det": (lambda x: L.det(x), (a,)),
        "inv": (lambda x: L.inv(spd(x)), (a,)),
        "solve": (lambda x, y: L.solve(spd(x), y), (a, b)),
        "cholesky": (lambda x: L.cholesky(spd(x)), (a,)),
        "cholesky_solve": (lambda x, y: L.cholesky_solve(L.cholesky(spd(x)), y), (a, b)),
        "qr (Q@R, |diag R|)": (qr_recon, (a,)),
        "svd values": (svd_vals, (a,)),
        "svd reconstruction": (svd_recon, (a,)),
        "eigh (values, |v|)": (eigh_vals, (a,)),
        "lstsq": (lambda x, y: L.lstsq(x, y), (f32(3, 6, 4), f32(3, 6, 2))),
        "triangular_solve lower": (lambda x, y: L.triangular_solve(
            L.band_part(x, -1, 0) + 4.0 * tf.eye(4), y), (a, b)),
        "triangular_solve upper adjoint": (lambda x, y: L.triangular_solve(
            L.band_part(x, 0, -1) + 4.0 * tf.eye(4), y, lower=False, adjoint=True), (a, b)),
        "logdet": (lambda x: L.logdet(spd(x)), (a,)),
        "slogdet": (lambda x: L.slogdet(x), (a,)),
        "band_part": (lambda x: L.band_part(x, 1, 2), (a,)),
        "matrix_transpose": (lambda x: L.matrix_transpose(x), (f32(2, 3, 5),)),
        "norm fro": (lambda x: L.norm(x, axis=[-2, -1]), (a,)),
        "norm vector": (lambda x: L.norm(x, axis=-1), (a,)),
        "norm ord=1": (lambda x: tf.norm(x, ord=1, axis=-1), (a,)),
        "trace": (lambda x: L.trace(x), (a,)),
        "diag_part": (lambda x: L.diag_part(x), (a,)),
        "diag": (lambda x: L.diag(x), (f32(2, 4),)),
        "expm": (lambda x: L.expm(x * 0.3), (a,)),
        "pinv": (lambda x: L.pinv(x), (f32(3, 5, 4),)),
        "einsum": (lambda x, y: L.einsum("bij,bjk->bik", x, y), (a, b)),
        "matvec": (lambda x, y: L.matvec(x, y), (a, f32(3, 4))),
        "l2_normalize": (lambda x: L.l2_normalize(x, axis=-1), (a,)),
    }


def keras_cases():
    import keras
    import tensorflow as tf
    layers = keras.layers
    keras.utils.set_random_seed(0)

    def seq(*ls, shape):
        return lambda: keras.Sequential([keras.Input(shape), *ls])

    def built(make, *args):
        def mk():
            m = make()
            m(*args)
            return m
        return mk

    def mha_masked():
        lay = layers.MultiHeadAttention(num_heads=2, key_dim=4)
        q, v = f32(2, 5, 8), f32(2, 7, 8)
        lay(q, v)

        class M(keras.Model):
            def __init__(self):
                super().__init__()
                self.att = lay

            def call(self, q, v):
                mask = tf.sequence_mask([4, 7], 7)[:, None, :]
                return self.att(q, v, attention_mask=mask)
        m = M()
        m(q, v)
        return m

    def mha_causal():
        class M(keras.Model):
            def __init__(self):
                super().__init__()
                self.att = layers.MultiHeadAttention(num_heads=2, key_dim=4)

            def call(self, x):
                return self.att(x, x, use_causal_mask=True)
        m = M()
        m(f32(2, 5, 8))
        return m

    def two_inputs():
        a, b = keras.Input((6,)), keras.Input((4,))
        h = layers.Concatenate()([layers.Dense(5, activation="relu")(a), b])
        return keras.Model([a, b], layers.Dense(2)(h))

    def subclassed():
        class Block(keras.Model):
            def __init__(self):
                super().__init__()
                self.d1 = layers.Dense(8, activation="gelu")
                self.norm = layers.LayerNormalization()
                self.d2 = layers.Dense(3)

            def call(self, x):
                h = self.norm(self.d1(x))
                return self.d2(h + tf.reduce_mean(h, axis=-1, keepdims=True))
        m = Block()
        m(f32(4, 6))
        return m

    def normalization():
        lay = layers.Normalization()
        lay.adapt(f32(20, 5) * 3.0 + 1.0)
        return lay

    def mobilenet():
        return keras.applications.MobileNetV3Small(
            input_shape=(32, 32, 3), weights=None, include_top=True, classes=5,
            include_preprocessing=True)

    def attention():
        class M(keras.Model):
            def __init__(self):
                super().__init__()
                self.att = layers.Attention(use_scale=True)

            def call(self, q, v):
                return self.att([q, v])
        m = M()
        m(f32(2, 5, 4), f32(2, 6, 4))
        return m

    x6 = f32(4, 6)
    im = img(2, 8, 8, 3)
    seqx = f32(2, 5, 6)
    return {
        "Dense": (seq(layers.Dense(5, activation="tanh"), shape=(6,)), (x6,)),
        "Conv1D": (seq(layers.Conv1D(4, 3, padding="causal", dilation_rate=2), shape=(5, 6)),
                   (seqx,)),
        "Conv2D strided": (seq(layers.Conv2D(4, 3, strides=2, padding="same"), shape=(8, 8, 3)),
                           (im,)),
        "Conv3D": (seq(layers.Conv3D(2, 3, padding="same"), shape=(4, 6, 6, 2)),
                   (f32(1, 4, 6, 6, 2),)),
        "Conv2DTranspose": (seq(layers.Conv2DTranspose(4, 3, strides=2, padding="same"),
                                shape=(8, 8, 3)), (im,)),
        "DepthwiseConv2D": (seq(layers.DepthwiseConv2D(3, depth_multiplier=2, padding="same"),
                                shape=(8, 8, 3)), (im,)),
        "SeparableConv2D": (seq(layers.SeparableConv2D(4, 3), shape=(8, 8, 3)), (im,)),
        "LSTM": (seq(layers.LSTM(4), shape=(5, 6)), (seqx,)),
        "LSTM return_sequences": (seq(layers.LSTM(4, return_sequences=True), shape=(5, 6)),
                                  (seqx,)),
        "GRU": (seq(layers.GRU(4, return_sequences=True), shape=(5, 6)), (seqx,)),
        "SimpleRNN": (seq(layers.SimpleRNN(4), shape=(5, 6)), (seqx,)),
        "Bidirectional(LSTM)": (seq(layers.Bidirectional(layers.LSTM(3)), shape=(5, 6)),
                                (seqx,)),
        "MultiHeadAttention (attention_mask)": (mha_masked, (f32(2, 5, 8), f32(2, 7, 8))),
        "MultiHeadAttention (causal)": (mha_causal, (f32(2, 5, 8),)),
        "LayerNormalization": (seq(layers.LayerNormalization(), shape=(6,)), (x6,)),
        "BatchNormalization": (seq(layers.BatchNormalization(), shape=(8, 8, 3)), (im,)),
        "GroupNormalization": (seq(layers.GroupNormalization(groups=2), shape=(8, 8, 4)),
                               (f32(2, 8, 8, 4),)),
        "Embedding": (seq(layers.Embedding(10, 4), shape=(5,)),
                      (R.integers(0, 10, (2, 5)).astype(np.int32),)),
        "MaxPooling2D": (seq(layers.MaxPooling2D(), shape=(8, 8, 3)), (im,)),
        "AveragePooling2D same": (seq(layers.AveragePooling2D(3, 2, padding="same"),
                                      shape=(8, 8, 3)), (im,)),
        "MaxPooling1D": (seq(layers.MaxPooling1D(2), shape=(6, 5)), (f32(2, 6, 5),)),
        "AveragePooling1D": (seq(layers.AveragePooling1D(2), shape=(6, 5)), (f32(2, 6, 5),)),
        "MaxPooling3D": (seq(layers.MaxPooling3D(2), shape=(4, 4, 4, 2)),
                         (f32(1, 4, 4, 4, 2),)),
        "GlobalAveragePooling2D": (seq(layers.GlobalAveragePooling2D(), shape=(8, 8, 3)), (im,)),
        "GlobalMaxPooling1D": (seq(layers.GlobalMaxPooling1D(), shape=(6, 5)),
                               (f32(2, 6, 5),)),
        "UpSampling2D nearest": (seq(layers.UpSampling2D(2), shape=(8, 8, 3)), (im,)),
        "UpSampling2D bilinear": (seq(layers.UpSampling2D(2, interpolation="bilinear"),
                                      shape=(8, 8, 3)), (im,)),
        "Resizing": (seq(layers.Resizing(5, 7), shape=(8, 8, 3)), (im,)),
        "Rescaling": (seq(layers.Rescaling(1 / 127.5, offset=-1), shape=(8, 8, 3)), (im,)),
        "Normalization (adapted)": (normalization, (f32(4, 5),)),
        "Attention": (attention, (f32(2, 5, 4), f32(2, 6, 4))),
        "Dropout (inference)": (seq(layers.Dense(5), layers.Dropout(0.5), shape=(6,)), (x6,)),
        "functional model, two inputs": (two_inputs, (f32(3, 6), f32(3, 4))),
        "subclassed Model": (subclassed, (x6,)),
        "MobileNetV3Small (weights=None, 32x32)": (mobilenet, (img(1, 32, 32, 3),)),
    }


def state_cases():
    """Variable state: writes inside the captured function, variables created on first call,
    tf.shape of a loop variable."""
    import keras
    import tensorflow as tf

    def assign_add():
        v = tf.Variable(np.ones(3, np.float32))

        def f(x):
            v.assign_add(x)
            return v * 2.0
        return f

    def counter():
        c = tf.Variable(0.0)

        def f(x):
            c.assign_add(1.0)
            c.assign_sub(0.25)
            return x * c
        return f

    def assign_then_read():
        v = tf.Variable(np.zeros((2, 3), np.float32))

        def f(x):
            v.assign(tf.tanh(x))
            return v + 1.0, tf.reduce_sum(v)
        return f

    def bn_training():
        lay = keras.layers.BatchNormalization(momentum=0.9)
        lay(img(2, 4, 4, 3))

        class M(keras.Model):
            def __init__(self):
                super().__init__()
                self.bn = lay

            def call(self, x):
                return self.bn(x, training=True)
        m = M()
        m(img(2, 4, 4, 3))
        return m

    def lazy_fn():
        class Lazy(tf.Module):
            def __init__(self):
                self.w = None

            def __call__(self, x):
                if self.w is None:
                    self.w = tf.Variable(tf.ones((x.shape[-1], 3)) * 0.5)
                return tf.matmul(x, self.w)
        return Lazy()

    def lazy_tf_function():  # the method itself a tf.function, creating on its first call
        class LazyF(tf.Module):
            def __init__(self):
                self.w = None

            @tf.function
            def __call__(self, x):
                if self.w is None:
                    self.w = tf.Variable(tf.ones((x.shape[-1], 3)) * 0.25)
                return tf.nn.relu(tf.matmul(x, self.w))
        return LazyF()

    def lazy_dense():  # a Keras layer never called before: built inside the capture
        return keras.layers.Dense(3)

    def lazy_seq():
        return keras.Sequential([keras.layers.Dense(4, activation="relu"),
                                 keras.layers.Dense(2)])

    def shape_in_loop(x):
        def body(i, v):
            n = tf.shape(v)[0]
            return i + 1, v * tf.cast(n, tf.float32) * 0.5
        return tf.while_loop(lambda i, v: i < 3, body, (tf.constant(0), x))

    def shape_in_loop_growing(x):
        def body(v):
            return (tf.concat([v, v[-1:] * 0.5], axis=0),)
        return tf.while_loop(lambda v: tf.shape(v)[0] < 6, body, (x,),
                             shape_invariants=(tf.TensorShape([None, 3]),))[0]

    def shape_relaxed(x):  # the loop variable's static shape unknown in the body, not changing
        def body(i, v):
            n = tf.shape(v)[0]
            return i + 1, tf.reshape(v * tf.cast(n, tf.float32) * 0.5, tf.shape(v)) + \
                tf.cast(tf.size(v), tf.float32)
        return tf.while_loop(lambda i, v: i < 3, body, (tf.constant(0), x),
                             shape_invariants=(tf.TensorShape([]), tf.TensorShape([None, 3])))

    return {
        "tf.shape of a loop variable (shape_invariants relaxed)": (
            lambda: shape_relaxed, (f32(4, 3),)),
        "assign_add then read": (assign_add, (f32(3),)),
        "counter (assign_add, assign_sub)": (counter, (f32(4),)),
        "assign then read twice": (assign_then_read, (f32(2, 3),)),
        "BatchNormalization training=True": (bn_training, (img(2, 4, 4, 3),)),
        "tf.Module creating its variable on first call": (lazy_fn, (f32(4, 5),)),
        "tf.function method creating its variable on first call": (lazy_tf_function,
                                                                    (f32(4, 5),)),
        "keras Dense never built": (lazy_dense, (f32(4, 5),)),
        "keras Sequential never built": (lazy_seq, (f32(4, 5),)),
        "tf.shape of a loop variable": (lambda: shape_in_loop, (f32(4, 3),)),
        "tf.shape in a loop condition": (lambda: shape_in_loop_growing, (f32(2, 3),)),
    }


def _functions(cases):
    """Plain functions: the case's object is the function itself."""
    def make():
        return {k: ((lambda f=f: f), a) for k, (f, a) in cases().items()}
    return make


GROUPS = {"image": _functions(image_cases), "signal": _functions(signal_cases),
          "linalg": _functions(linalg_cases),
          "keras": keras_cases, "state": state_cases}


def _reason(msg: str) -> str:
    m = re.search(r"(tf\.raw_ops\.\w+|operation \S+)", msg)
    op = m.group(1) if m else "?"
    tail = msg.splitlines()[-1] if msg else ""
    return f"{op}: {tail[:200]}"


def _native(obj, args):
    from ivy.transpiler.capture import tensorflow as ctf
    return ctf.run_native(obj, args, {})


#: cases whose source writes a variable: compared with a fresh object (the transpiled function
#: is pure, the source's variable has moved on)
FRESH = {"assign_add then read", "counter (assign_add, assign_sub)", "assign then read twice"}


def run_case(obj, args, target, fresh=None):
    """ok / refused / wrong for one (object, target), checking against TF on a third draw."""
    import ivy
    from ivy.transpiler import TranspileError
    from ivy.transpiler import frameworks as fw
    try:
        t = ivy.transpile(obj, source="tensorflow", target=target, args=args)
    except TranspileError as e:
        return "refused", _reason(str(e))
    except Exception as e:  # noqa: BLE001 - a crash is a defect: recorded as such
        return "crash", f"{type(e).__name__}: {str(e)[:200]}"
    rng = np.random.default_rng(3)
    a3 = tuple(fw.random_like(a, rng) if isinstance(a, np.ndarray) and a.dtype.kind == "f"
               else a for a in args)
    a3 = tuple(np.abs(a) % 1.0 if isinstance(a, np.ndarray) and a.dtype.kind == "f"
               and o.min() >= 0 else a for a, o in zip(a3, args, strict=True))
    try:
        want = _native(fresh() if fresh else obj, a3)
        got = fw.tree_to_numpy(t(*a3))
        res = fw.compare_trees(want, got)
    except Exception as e:  # noqa: BLE001
        return "wrong", f"third draw raised {type(e).__name__}: {str(e)[:200]}"
    bad = [r for r in res if not r["ok"]]
    if bad:
        return "wrong", str(bad[0])[:200]
    g = t.report["verification"].get("gradient")
    if isinstance(g, list) and not all(e["ok"] for e in g):
        return "wrong", f"gradient: {[e for e in g if not e['ok']][:1]}"
    notes = t.report.get("notes") or []
    return "ok", "; ".join(notes)[:200]


def main(argv):
    targets = ("numpy", "jax", "torch")
    groups = []
    for a in argv:
        if a.startswith("--targets="):
            targets = tuple(a.split("=", 1)[1].split(","))
        else:
            groups.append(a)
    groups = groups or list(GROUPS)
    table = {}
    for gname in groups:
        cases = GROUPS[gname]()
        for cname, (make, args) in cases.items():
            for target in targets:
                t0 = time.perf_counter()
                try:
                    obj = make()
                    status, detail = run_case(obj, args, target,
                                              make if cname in FRESH else None)
                except Exception as e:  # noqa: BLE001 - the case itself failed to build
                    status, detail = "crash", f"building: {type(e).__name__}: {e}"[:200]
                    traceback.print_exc()
                table.setdefault((gname, target), []).append(status)
                print(f"[{gname}] {cname} -> {target}: {status} {detail} "
                      f"({time.perf_counter() - t0:.1f}s)", flush=True)
    print("\ngroup     target  ok/total  refused  wrong  crash")
    for (gname, target), st in table.items():
        print(f"{gname:9} {target:7} {st.count('ok'):3}/{len(st):<4} {st.count('refused'):7} "
              f"{st.count('wrong'):6} {st.count('crash'):6}")


if __name__ == "__main__":
    main(sys.argv[1:])
