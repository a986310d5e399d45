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
        # hysteresis: kornia's export path, a torch.while_loop (an ivy.while_loop node)
        "kornia.filters.canny": (K.filters.canny, (x,)),
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
        "kornia.color.rgb_to_hls": (K.color.rgb_to_hls, (x,)),
        "kornia.color.rgb_to_luv": (K.color.rgb_to_luv, (x,)),
        "kornia.filters.unsharp_mask": (lambda t: K.filters.unsharp_mask(t, (3, 3), (1.5, 1.5)),
                                        (x,)),
        "kornia.filters.bilateral_blur": (lambda t: K.filters.bilateral_blur(
            t, (3, 3), 0.1, (1.5, 1.5)), (x,)),
        "kornia.filters.spatial_gradient": (K.filters.spatial_gradient, (x,)),
        "kornia.enhance.adjust_saturation": (lambda t: K.enhance.adjust_saturation(t, 2.0), (x,)),
        "kornia.enhance.adjust_hue": (lambda t: K.enhance.adjust_hue(t, 0.3), (x,)),
        "kornia.enhance.sharpness": (lambda t: K.enhance.sharpness(t, 0.5), (x,)),
        "kornia.enhance.equalize": (K.enhance.equalize, (x,)),
        "kornia.geometry.rescale": (lambda t: K.geometry.transform.rescale(t, 0.5), (x,)),
        "kornia.geometry.get_rotation_matrix2d": (K.geometry.transform.get_rotation_matrix2d, (
            np.array([[8.0, 8.0]], np.float32), np.array([30.0], np.float32),
            np.array([[1.0, 1.0]], np.float32))),
        "kornia.geometry.warp_perspective": (lambda t: K.geometry.transform.warp_perspective(
            t, torch.tensor([[[1.0, 0.1, 0.5], [0.05, 0.95, 0.2], [0.001, 0.002, 1.0]]]),
            (16, 16)), (x,)),
        "kornia.geometry.crop_and_resize": (lambda t: K.geometry.transform.crop_and_resize(
            t, torch.tensor([[[2.0, 2.0], [10.0, 2.0], [10.0, 12.0], [2.0, 12.0]]]), (8, 8)),
            (x,)),
        "kornia.losses.total_variation": (K.losses.total_variation, (x,)),
        "kornia.morphology.erosion": (lambda t: K.morphology.erosion(t, torch.ones(3, 3)), (x,)),
        "kornia.morphology.opening": (lambda t: K.morphology.opening(t, torch.ones(3, 3)), (x,)),
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
        # lm_head.weight is tied to transformer.wte.weight: one parameter, both gradients
        "transformers.GPT2LMHeadModel (tied)": (lambda: T.GPT2LMHeadModel(T.GPT2Config(
            n_embd=32, n_layer=2, n_head=2, vocab_size=100, n_positions=64, use_cache=False,
            bos_token_id=0, eos_token_id=0)), (ids,)),
        "transformers.ViTModel": (lambda: T.ViTModel(T.ViTConfig(
            hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
            image_size=16, patch_size=8, num_channels=3)), (_img(),)),
        "transformers.LlamaModel": (lambda: T.LlamaModel(T.LlamaConfig(
            hidden_size=32, num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
            intermediate_size=64, vocab_size=100, max_position_embeddings=64, use_cache=False,
            bos_token_id=0, eos_token_id=0)), (ids,)),
        "transformers.T5EncoderModel": (lambda: T.T5EncoderModel(T.T5Config(
            d_model=32, d_kv=16, d_ff=64, num_layers=2, num_heads=2, vocab_size=100,
            decoder_start_token_id=0)), (ids,)),
        "transformers.BartModel": (lambda: T.BartModel(T.BartConfig(
            d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
            decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, vocab_size=100,
            max_position_embeddings=64, use_cache=False, bos_token_id=0, eos_token_id=2,
            pad_token_id=1, decoder_start_token_id=2)), (ids % 90 + 3,)),
    }


def cases() -> dict:
    out = {}
    for name, (fn, args) in _kornia().items():
        out[name] = (lambda fn=fn: fn, args)
    for name, (make, args) in _transformers().items():
        out[name] = (lambda make=make: make().eval(), args)
    return out
