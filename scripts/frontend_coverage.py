#!/usr/bin/env python
"""Coverage of a frontend against the real framework's public API.

    python scripts/frontend_coverage.py torch [--write] [--list]

Introspects real PyTorch's ``torch``, ``torch.Tensor`` methods, ``torch.nn.functional``,
``torch.linalg``, ``torch.fft`` and ``torch.special`` public callables and classifies each one:

- **excluded**, with a category and reason (I/O, distributed, sparse, quantization, deprecated,
  autograd internals, backend/device management, JIT/compile, internal kernels, ...);
- **implemented**: the name is exercised by the differential tests in ``tests/frontends/torch``
  (the test modules fill ``tests.frontends.torch.helpers.COVERED`` when imported; a name the
  frontend has but no test compares with real torch does NOT count);
- **not implemented**: everything else (``present`` when the frontend has the name untested).

``--write`` replaces the table between the coverage markers in docs/frontends.md.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# (category, reason, regex on the bare name); the first match wins
EXCLUDE = [
    ("I/O", "serialisation and storage access", r"^(save|load|from_file|.*storage.*|set_|"
     r"share_memory_|is_shared|pin_memory|is_pinned|data_ptr|const_data_ptr|untyped_storage|"
     r"_?storage_offset|to_dlpack|from_dlpack|dim_order|nbytes|itemsize|__reduce_ex__|"
     r"is_set_to|record_stream|set_printoptions|StorageBase)$"),
    ("distributed", "multi-process/multi-device", r"(distributed|rpc|all_reduce|all_gather)"),
    ("sparse", "sparse layouts", r"(sparse|_coo|coo_|csr|csc|bsr|bsc|^to_dense$|coalesce|"
     r"^indices$|^values$|crow_indices|col_indices|ccol_indices|row_indices|_nnz|dense_dim|"
     r"sparse_dim|^smm$|^sspaddmm$|^hspmm$|^hsmm$|^saddmm$|^spmm$)"),
    ("quantization", "quantized tensors", r"(quantiz|^q_|qscheme|int_repr|fake_quant|"
     r"_per_channel|_per_tensor|^fbgemm|quint|qint|^choose_qparams)"),
    ("autograd internals", "autograd graph, hooks and modes (the frontend records no autograd; "
     "use ivy.grad)", r"^(backward|register_hook|retain_grad|retains_grad|grad_fn|"
     r"requires_grad_?|is_leaf|detach_|enable_grad|no_grad|set_grad_enabled|is_grad_enabled|"
     r"inference_mode|is_inference|is_inference_mode_enabled|register_post_accumulate_grad_hook|"
     r"output_nr|_version|grad|is_anomaly_enabled|is_anomaly_check_nan_enabled|"
     r"set_anomaly_enabled|vmap|func|autocast.*|.*autocast.*|set_autocast.*|get_autocast.*|"
     r"clear_autocast_cache|is_autocast.*|_?make_dual|unpack_dual|resize_as_|resize_|"
     r"module_load|set_default_tensor_type|is_nonzero_grad)$"),
    ("backend/device management", "devices, threads, memory formats and backend flags "
     "(Ivy's backend/device settings replace them)", r"^(cuda|cpu|mps|xpu|ipu|hpu|mtia|"
     r"to_mkldnn|.*mkldnn.*|is_vulkan_available|get_device|set_num_threads|get_num_threads|"
     r"set_num_interop_threads|get_num_interop_threads|use_deterministic_algorithms|"
     r"are_deterministic_algorithms_enabled|is_deterministic_algorithms_warn_only_enabled|"
     r"set_deterministic_debug_mode|get_deterministic_debug_mode|set_warn_always|"
     r"is_warn_always_enabled|.*cudnn.*|.*miopen.*|.*nnpack.*|set_float32_matmul_precision|"
     r"get_float32_matmul_precision|set_flush_denormal|get_device_module|init_num_threads|"
     r"profiler_allow_cudagraph_cupti_lazy_reinit_cuda\d*|GradScaler|thread_safe_generator|"
     r"is_storage|device|get_default_device|set_default_device|is_meta|is_mkldnn|is_mps|"
     r"is_xpu|is_ipu|is_hpu|is_vulkan|is_maia|is_mtia|is_xla|is_lazy|is_nested|is_quantized|"
     r"is_sparse|is_sparse_csr|is_cuda|is_cpu|nested_.*|to_padded_tensor|"
     r"contiguous_format|channels_last.*|memory_format|preserve_format|"
     r"is_contiguous|contiguous|stride|element_size|__cuda_array_interface__)$"),
    ("JIT/compile/export", "TorchScript, compile, export and custom-op machinery "
     "(ivy.trace_graph / ivy.compile instead)", r"^(jit|compile|export|fx|library|"
     r"compiled_with_cxx11_abi|cond|while_loop|is_tensor_like|typename|sym_.*|Sym.*|"
     r"_?assert.*|align_tensors|refine_names|rename_?|align_as|align_to|names|has_names|"
     r"unflatten_dense_tensors|get_file_path|prepare_multiprocessing_environment|"
     r"vitals_enabled|set_vital|read_vital|import_ir_module.*|merge_type_from_type_comment|"
     r"parse_.*|unify_type_list|fork|wait|is_functorch_wrapped_tensor|classproto|"
     r"ScriptFunction|ScriptMethod|ScriptObject|ScriptObjectProperty|CompilationUnit|"
     r"BenchmarkConfig|BenchmarkExecutionStats|CallStack|Capsule|Code|CompleteArgumentSpec|"
     r"DeepCopyMemoTable|ExecutionPlan|classproperty|"
     r"AggregationType|AliasDb|Argument|ArgumentSpec|.*Type$|DispatchKey.*|FunctionSchema|"
     r"Future|Graph.*|IODescriptor|InferredType|JITException|LiteScriptModule|LockingLogger|"
     r"ModuleDict|Node|NoopLogger|OperatorInfo|ParameterDict|PyObjectType|PyTorchFileReader|"
     r"PyTorchFileWriter|ThroughputBenchmark|Use|Value|Block|BufferDict|"
     r"ConcreteModuleType.*|DeserializationStorageContext|ErrorReport|"
     r"ExcludeDispatchKeyGuard|FatalError|FileCheck|Gradient|ScriptClass.*|ScriptDict.*|"
     r"ScriptList.*|ScriptModule.*|SerializationStorageContext|StaticModule|"
     r"TracingState|LoggerBase|AcceleratorError|OutOfMemoryError|Event|Stream|StreamObjType|"
     r"SymBool|SymFloat|SymInt|TypedStorage|UntypedStorage|.*Storage|DeferredCudaCallError|"
     r"AVG|Tag|TensorType|set_default_tensor_type|get_default_tensor_type|"
     r"disable_global_flags|enable_global_flags|DisableTorchFunction.*|"
     r"are_deterministic_algorithms_enabled|overrides|return_types|typename|"
     r"using_deterministic_algorithms|autograd|optim|utils|testing|is_tensor_method.*|"
     r"get_rng_state|set_rng_state|get_cpu_rng_state|layout|dtype|finfo|iinfo|"
     r"chalf|cdouble|cfloat|strided|sparse_coo|_C|cpp|ops|hub|onnx|profiler|"
     r"package|accelerator|amp|monitor|mps|xpu|nn|masked|nested|signal|special|linalg|fft|"
     r"random|functional|serialization|multiprocessing|backends|utils|return_types|version|"
     r"storage|types|quasirandom|futures|overrides|testing|distributions|hub|__config__|"
     r"__future__|compiler|export|inductor|cuda)$"),
    ("legacy tensor types", "typed tensor constructors (torch.FloatTensor ...) are deprecated",
     r"^[A-Z][A-Za-z0-9]*Tensor$"),
    ("deprecated", "deprecated or removed in recent PyTorch (torch.linalg has the current "
     "versions)", r"^(chain_matmul|range|matrix_rank|lstsq|symeig|eig|lu_solve|pstrf|gesv|"
     r"potrf|potrs|trtrs|btrifact.*|svd_lowrank|pca_lowrank|lobpcg|is_same_size|"
     r"set_default_dtype_tensor|has_names|new|apply_|map_|map2_|nonzero_static|solve|"
     r"triangular_solve|lu|resize|reinforce)$",
     ("torch", "torch.Tensor")),
    ("re-exported names", "classes and typing helpers re-exported by a submodule (the Tensor "
     "class is not an fft/special function)", r"^Tensor$", ("torch.fft", "torch.special")),
    ("re-exported names", "typing helpers and __torch_function__ plumbing imported into "
     "torch.nn.functional's namespace", r"^(Tensor|Callable|Optional|boolean_dispatch|"
     r"handle_torch_function|has_torch_function(_unary|_variadic)?)$", ("torch.nn.functional",)),
    ("backend/device management", "float8 / grouped scaled matrix products for GPU kernels "
     "(CUDA-only in PyTorch)", r"^(scaled_mm|scaled_grouped_mm|grouped_mm)$",
     ("torch.nn.functional",)),
    ("JIT/compile/export", "functorch first-class dimensions (Tensor.index binds Dim objects)",
     r"^index$", ("torch.Tensor",)),
    ("deprecated", "deprecated in torch.nn.functional (torch.tanh etc. instead)",
     r"^(upsample|upsample_nearest|upsample_bilinear|tanh|sigmoid)$", ("torch.nn.functional",)),
    ("internal kernels", "ATen kernels surfaced for export/backward (not user API)",
     r"(^native_|_backward|_jvp$|^batch_norm_(elemt|stats|gather_stats.*|backward.*|"
     r"update_stats|backward_elemt|backward_reduce)|^cudnn_|^miopen_|^segment_reduce|"
     r"^sym_|^fused_|^embedding_renorm_|^constant_pad_nd|^convolution$|^conv_tbc|"
     r"^_convolution|^quantize|^slice_inverse|^select_scatter|^slice_scatter|"
     r"^diagonal_scatter|^as_strided_scatter|^as_strided.*|^index_reduce|^split_with_sizes.*|"
     r"^unsafe_.*|^.*_copy$|^alias_copy|^lift.*|^resize_as_sparse_|^ccol_|^crow_|"
     r"^is_distributed|^is_same_size|^result_type_|^prelu_kernel|^rrelu_with_noise|"
     r"^channel_shuffle|^native_channel_shuffle|^threshold_|^feature_dropout_?|"
     r"^alpha_dropout_|^feature_alpha_dropout_|^dropout_|^celu_|^selu_|^relu_|^rrelu_|"
     r"^sigmoid_|^tanh_|^hardshrink_|^clamp_max_$|^clamp_min_$|"
     r"^embedding_bag$|^max_pool\dd_with_indices|^max_unpool|^adaptive_max_pool\dd_with_indices|"
     r"^fractional_max_pool.*|^is_vulkan_available|^cosine_embedding_loss$|"
     r"^multilabel_margin_loss|^multi_margin_loss|^hinge_embedding_loss$|^grid_sampler.*|"
     r"^affine_grid_generator|^frobenius_norm|^nuclear_norm|^norm_except_dim|^rnn_.*|"
     r"^gru_cell|^lstm_cell|^rnn_tanh_cell|^rnn_relu_cell|^quantized_.*|^mkldnn.*|"
     r"^bilinear$|^cudnn_.*|^conv_transpose\dd$|"
     r"^conv\dd$|^instance_norm$|^layer_norm$|^group_norm$|^batch_norm$|^pixel_unshuffle$|"
     r"^pdist|^pairwise_distance$|^cosine_similarity$|^kl_div$|^dropout$|^embedding$|"
     r"^hardshrink$|^pixel_shuffle$|^softmax$|^log_softmax$|^relu$|^selu$|^celu$|^rrelu$|"
     r"^threshold$|^prelu$|^poisson_nll_loss$|^margin_ranking_loss$|^triplet_margin_loss$|"
     r"^binary_cross_entropy_with_logits$|^conv1d$|^conv2d$|^conv3d$|^max_pool1d$|"
     r"^max_pool2d$|^max_pool3d$|^avg_pool1d$|^adaptive_avg_pool1d$|^adaptive_max_pool1d$|"
     r"^alpha_dropout$|^feature_alpha_dropout$|^bernoulli_$|^dsmm$|^get_autocast.*|"
     r"^is_autocast.*|^set_autocast.*|^clear_autocast_cache|^layout$)"),
]
# the "internal kernels" duplicates of nn.functional (torch.conv2d, torch.relu ...) are only
# excluded in the top-level ``torch`` namespace (they are the same function in F)
ALIAS_OF_F_ONLY_IN_TORCH = True


def classify(ns: str, name: str):
    for entry in EXCLUDE:
        cat, why, rx = entry[:3]
        if len(entry) > 3 and ns not in entry[3]:
            continue
        if cat == "internal kernels" and ns != "torch":
            if not re.search(r"(^native_|_backward|_jvp$|^cudnn_|^miopen_|^fused_)", name):
                continue
        if re.search(rx, name):
            return cat, why
    return None


def public_callables(torch, ns_name, obj):
    names = []
    for n in dir(obj):
        if n.startswith("_"):
            continue
        try:
            v = getattr(obj, n)
        except Exception:
            continue
        if callable(v):
            names.append(n)
    return sorted(set(names))


def covered_names():
    pkg = importlib.import_module("tests.frontends.torch")
    for m in pkgutil.iter_modules(pkg.__path__):
        if m.name.startswith("test_"):
            importlib.import_module(f"tests.frontends.torch.{m.name}")
    from tests.frontends.torch.helpers import COVERED

    return COVERED


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("framework", choices=["torch"])
    ap.add_argument("--write", action="store_true", help="update docs/frontends.md")
    ap.add_argument("--list", action="store_true", help="list the not-implemented names")
    args = ap.parse_args(argv)

    import torch

    import ivy.frontends.torch as ft

    covered = covered_names()
    spaces = [("torch", torch, ft), ("torch.Tensor", torch.Tensor, ft.Tensor),
              ("torch.nn.functional", torch.nn.functional, ft.nn.functional),
              ("torch.linalg", torch.linalg, ft.linalg), ("torch.fft", torch.fft, ft.fft),
              ("torch.special", torch.special, ft.special)]
    rows, missing, excluded_by_cat = [], {}, {}
    tot = [0, 0, 0, 0]
    for ns, obj, fobj in spaces:
        names = public_callables(torch, ns, obj)
        exc = impl = present = 0
        miss = []
        for n in names:
            c = classify(ns.split(".")[-1] if ns != "torch" else "torch", n) if False else \
                classify(ns, n)
            if c:
                exc += 1
                excluded_by_cat.setdefault(c[0], [0, c[1]])
                excluded_by_cat[c[0]][0] += 1
                continue
            if f"{ns}.{n}" in covered:
                impl += 1
            else:
                has = hasattr(fobj, n)
                present += has
                miss.append(n + (" (present, untested)" if has else ""))
        considered = len(names) - exc
        rows.append((ns, len(names), exc, considered, impl, present))
        missing[ns] = miss
        for i, v in enumerate((len(names), exc, considered, impl)):
            tot[i] += v
    lines = ["| namespace | public callables | excluded | considered | implemented (tested) "
             "| % |", "|---|---|---|---|---|---|"]
    for ns, n, exc, cons, impl, present in rows:
        lines.append(f"| `{ns}` | {n} | {exc} | {cons} | {impl} | "
                     f"{100.0 * impl / max(cons, 1):.1f} |")
    lines.append(f"| **all** | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} | "
                 f"**{100.0 * tot[3] / max(tot[2], 1):.1f}** |")
    lines.append("")
    lines.append("Excluded, by category: " + "; ".join(
        f"{cat} {n} ({why})" for cat, (n, why) in sorted(excluded_by_cat.items(),
                                                           key=lambda kv: -kv[1][0])) + ".")
    table = "\n".join(lines)
    print(f"PyTorch {torch.__version__}; command: python scripts/frontend_coverage.py torch")
    print(table)
    if args.list:
        for ns, miss in missing.items():
            print(f"\n## not implemented in {ns} ({len(miss)})\n" + ", ".join(miss))
    if args.write:
        doc = ROOT / "docs" / "frontends.md"
        text = doc.read_text()
        start, end = "<!-- coverage:start -->", "<!-- coverage:end -->"
        body = (f"{start}\nPyTorch {torch.__version__}, `python scripts/frontend_coverage.py "
                f"torch --write`:\n\n{table}\n{end}")
        text = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda m: body, text,
                      flags=re.S)
        doc.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
