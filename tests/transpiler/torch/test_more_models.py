"""More transformers architectures, each built from a small config (random init) and
transpiled torch -> JAX with verification (example, second draw, parameter gradients).

The corpus (test_corpus.py) covers eight models on every target; these add 22 architectures on
the JAX target (attention variants: ALiBi, rotary, sliding-window, relative positions, grouped
queries; vision: patches, windows, convolutions; audio: conv feature extractors). Default: a
sample of two fast ones; ``IVY_FULL=1`` runs all (about 3 min on one core).
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
import torch

import ivy

T = pytest.importorskip("transformers")
FULL = bool(os.environ.get("IVY_FULL"))
ids = np.random.default_rng(0).integers(3, 90, (2, 8)).astype(np.int64)
img = np.random.default_rng(0).random((1, 3, 32, 32)).astype(np.float32)
audio = np.random.default_rng(0).standard_normal((1, 400)).astype(np.float32)
s = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
         vocab_size=100, max_position_embeddings=64)
dec = dict(use_cache=False, bos_token_id=0, eos_token_id=0)

cases = {
 "Albert": (lambda: T.AlbertModel(T.AlbertConfig(embedding_size=16, **s)), (ids,)),
 "Electra": (lambda: T.ElectraModel(T.ElectraConfig(embedding_size=16, **s)), (ids,)),
 "DebertaV2": (lambda: T.DebertaV2Model(T.DebertaV2Config(**s)), (ids,)),
 "MobileBert": (lambda: T.MobileBertModel(T.MobileBertConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64, vocab_size=100, embedding_size=16, intra_bottleneck_size=16, true_hidden_size=16)), (ids,)),
 "Mistral": (lambda: T.MistralModel(T.MistralConfig(num_key_value_heads=1, **s, **dec)), (ids,)),
 "Qwen2": (lambda: T.Qwen2Model(T.Qwen2Config(num_key_value_heads=1, **s, **dec)), (ids,)),
 "Phi": (lambda: T.PhiModel(T.PhiConfig(**s, **dec)), (ids,)),
 "Gemma": (lambda: T.GemmaModel(T.GemmaConfig(num_key_value_heads=1, head_dim=16, **s, **dec)), (ids,)),
 "GPTNeo": (lambda: T.GPTNeoModel(T.GPTNeoConfig(hidden_size=32, num_layers=2, num_heads=2, attention_types=[[["global", "local"], 1]], vocab_size=100, max_position_embeddings=64, window_size=4, use_cache=False)), (ids,)),
 "OPT": (lambda: T.OPTModel(T.OPTConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, ffn_dim=64, vocab_size=100, max_position_embeddings=64, word_embed_proj_dim=32, use_cache=False)), (ids,)),
 "Bloom": (lambda: T.BloomModel(T.BloomConfig(hidden_size=32, n_layer=2, n_head=2, vocab_size=100, use_cache=False)), (ids,)),
 "Falcon": (lambda: T.FalconModel(T.FalconConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, vocab_size=100, use_cache=False)), (ids,)),
 "CLIPText": (lambda: T.CLIPTextModel(T.CLIPTextConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, vocab_size=100, max_position_embeddings=64)), (ids,)),
 "CLIPVision": (lambda: T.CLIPVisionModel(T.CLIPVisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, image_size=32, patch_size=8)), (img,)),
 "ConvNext": (lambda: T.ConvNextModel(T.ConvNextConfig(hidden_sizes=[8, 16], depths=[1, 1], num_stages=2)), (img,)),
 "ResNet": (lambda: T.ResNetModel(T.ResNetConfig(hidden_sizes=[8, 16], depths=[1, 1], embedding_size=8)), (img,)),
 "Swin": (lambda: T.SwinModel(T.SwinConfig(image_size=32, patch_size=4, embed_dim=8, depths=[1, 1], num_heads=[1, 2], window_size=4)), (img,)),
 "Segformer": (lambda: T.SegformerModel(T.SegformerConfig(num_encoder_blocks=2, depths=[1, 1], sr_ratios=[2, 1], hidden_sizes=[8, 16], num_attention_heads=[1, 2], patch_sizes=[7, 3], strides=[4, 2], mlp_ratios=[2, 2])), (img,)),
 "Wav2Vec2": (lambda: T.Wav2Vec2Model(T.Wav2Vec2Config(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64, conv_dim=(8, 8), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2)), (audio,)),
 "Whisper": (lambda: T.WhisperModel(T.WhisperConfig(d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, vocab_size=100, num_mel_bins=8, max_source_positions=16, max_target_positions=16, use_cache=False, pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=0)).encoder, (np.random.default_rng(0).random((1, 8, 32)).astype(np.float32),)),
 "MPNet": (lambda: T.MPNetModel(T.MPNetConfig(**s)), (ids,)),
 "XLMRoberta": (lambda: T.XLMRobertaModel(T.XLMRobertaConfig(**{**s, "max_position_embeddings": 72})), (ids,)),
}

SAMPLE = ("Qwen2", "CLIPVision")


@pytest.mark.parametrize("name", sorted(cases) if FULL else SAMPLE)
def test_model_to_jax(name):
    make, args = cases[name]
    torch.manual_seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = make().eval()
    t = ivy.transpile(m, source="torch", target="jax", args=args)
    v = t.report["verification"]
    assert v["verified"], v
