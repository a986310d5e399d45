"""Real PyTorch code the transpiler converts: kornia functions and modules, tiny transformers
models (random init from configs). Each case: (name, make) where make() returns
(obj, args, kwargs, rtol_note) — obj a function or an nn.Module in eval mode, args NumPy arrays."""

from __future__ import annotations

import numpy as np
import torch


def _img(seed=0, shape=(1, 3, 16, 16)):
    return np.random.default_rng(seed).random(shape).astype(np.float32)


def _kornia():
    import kornia as K
    x = _img()
    c = {
        "kornia.color.rgb_to_grayscale": (K.color.rgb_to_grayscale, (x,)),
        "kornia.color.rgb_to_hsv": (K.color.rgb_to_hsv, (x,)),
        "kornia.color.rgb_to_ycbcr": (K.color.rgb_to_ycbcr, (x,)),
        "kornia.color.rgb_to_lab": (K.color.rgb_to_lab, (x,)),
        "kornia.filters.gaussian_blur2d": (lambda t: K.filters.gaussian_blur2d(t, (5, 5), (1.5, 1.5)), (x,)),
        "kornia.filters.box_blur": (lambda t: K.filters.box_blur(t, (3, 3)), (x,)),
        "kornia.filters.sobel": (K.filters.sobel, (x,)),
        "kornia.filters.laplacian": (lambda t: K.filters.laplacian(t, 3), (x,)),
        "kornia.filters.median_blur": (lambda t: K.filters.median_blur(t, (3, 3)), (x,)),
        "kornia.filters.canny": (lambda t: K.filters.canny(t)[0], (x,)),
        "kornia.enhance.adjust_brightness": (lambda t: K.enhance.adjust_brightness(t, 0.2), (x,)),
        "kornia.enhance.adjust_contrast": (lambda t: K.enhance.adjust_contrast(t, 0.5), (x,)),
        "kornia.enhance.adjust_gamma": (lambda t: K.enhance.adjust_gamma(t, 1.5), (x,)),
        "kornia.enhance.normalize": (lambda t: K.enhance.normalize(
            t, torch.tensor([0.5, 0.4, 0.3]), torch.tensor([0.2, 0.25, 0.3])), (x,)),
        "kornia.geometry.rotate": (lambda t: K.geometry.transform.rotate(t, torch.tensor([30.0])), (x,)),
        "kornia.geometry.resize": (lambda t: K.geometry.transform.resize(t, (8, 12)), (x,)),
        "kornia.geometry.pyrdown": (K.geometry.transform.pyrdown, (x,)),
        "kornia.geometry.hflip": (K.geometry.transform.hflip, (x,)),
        "kornia.geometry.warp_affine": (lambda t: K.geometry.transform.warp_affine(
            t, torch.tensor([[[0.9, 0.1, 1.0], [-0.1, 0.9, 0.5]]]), (16, 16)), (x,)),
        "kornia.losses.ssim_loss": (lambda a, b: K.losses.ssim_loss(a, b, 5), (x, _img(1))),
        "kornia.metrics.psnr": (lambda a, b: K.metrics.psnr(a, b, 1.0), (x, _img(1))),
        "kornia.feature.harris_response": (lambda t: K.feature.harris_response(
            K.color.rgb_to_grayscale(t)), (x,)),
        "kornia.morphology.dilation": (lambda t: K.morphology.dilation(t, torch.ones(3, 3)), (x,)),
        "kornia.filters.GaussianBlur2d (module)": (
            K.filters.GaussianBlur2d((3, 3), (1.0, 1.0)).eval(), (x,)),
    }
    return c


def _transformers():
    import transformers as T
    torch.manual_seed(0)
    ids = np.random.default_rng(0).integers(0, 100, (2, 8)).astype(np.int64)
    small = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                 intermediate_size=64, vocab_size=100, max_position_embeddings=64)
    return {
        "transformers.BertModel": (lambda: T.BertModel(T.BertConfig(**small)), (ids,)),
        "transformers.GPT2Model": (lambda: T.GPT2Model(T.GPT2Config(
            n_embd=32, n_layer=2, n_head=2, vocab_size=100, n_positions=64, use_cache=False)),
            (ids,)),
        "transformers.DistilBertModel": (lambda: T.DistilBertModel(T.DistilBertConfig(
            dim=32, n_layers=2, n_heads=2, hidden_dim=64, vocab_size=100,
            max_position_embeddings=64)), (ids,)),
        "transformers.RobertaModel": (lambda: T.RobertaModel(T.RobertaConfig(
            **{**small, "max_position_embeddings": 72})), (ids + 2,)),
    }


def cases() -> dict:
    out = {}
    for name, (fn, args) in _kornia().items():
        out[name] = (lambda fn=fn: fn, args)
    for name, (make, args) in _transformers().items():
        out[name] = (lambda make=make: make().eval(), args)
    return out
