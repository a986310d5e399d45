"""Coverage of the TensorFlow frontend against the installed real TensorFlow.

    python -m tests.frontends.tensorflow.coverage [--list]

A public callable of ``REAL_NAMESPACES`` is **implemented** only if the differential tests in
``tests/frontends/tensorflow`` exercise it (the test modules fill ``helpers.COVERED`` when
imported), or if it is an alias of a tested name (the same object in real TensorFlow *and* in the
frontend, e.g. ``tf.add`` / ``tf.math.add``); ``present`` means the frontend has the name but no
test compares it with real TensorFlow; **excluded** names carry a category (``_RULES``); the rest
are **missing**. ``tf.raw_ops`` holds every kernel TensorFlow has (1,400+); it is counted in full
but reported on its own row.
"""

from __future__ import annotations

import importlib
import re
import sys

REAL_NAMESPACES = ("tf", "tf.math", "tf.nn", "tf.linalg", "tf.signal", "tf.image", "tf.random",
                   "tf.bitwise", "tf.raw_ops")
TEST_MODULES = ("test_math", "test_manipulation", "test_nn_image_signal", "test_special",
                "test_linop", "test_tensorflow", "test_linalg", "test_nn", "test_image",
                "test_signal", "test_random",
                "test_linalg_random_raw", "test_programs", "test_pyfunc",
                "test_qrng")

_RULES = [
    ("strings / I/O", "string tensors, encoders/decoders, files",
     r"^tf\.(as_string|fingerprint|edit_distance|print|make_ndarray|make_tensor_proto|"
     r"image\.(decode|encode|extract_jpeg|is_jpeg|extract_glimpse|draw_bounding_boxes).*)$|"
     # the JPEG quality ops are an encode + decode round trip through libjpeg's lossy codec
     # (DCT quantisation tables, chroma subsampling, libjpeg's integer IDCT): not array maths
     # that Ivy could reproduce value for value
     r"^tf\.image\.(adjust_jpeg_quality|random_jpeg_quality|stateless_random_jpeg_quality)$|"
     r"^tf\.raw_ops\..*(String|Decode|Encode|Jpeg|Png|Gif|Bmp|Wav|Csv|Regex|Unicode|Base64|"
     r"Print|Reader|File|Record|Save|Restore|Summary|Fingerprint|Substr|Text|AsString).*$"),
    ("graph / session machinery", "graph building, scopes, devices, libraries (the frontend "
     "runs eagerly)",
     r"^tf\.(Graph|Operation|import_graph_def|control_dependencies|group|name_scope|init_scope|"
     r"inside_function|get_current_name_scope|device|DeviceSpec|load_library|load_op_library|"
     r"get_logger|register_tensor_conversion_function|variable_creator_scope|guarantee_const|"
     r"is_symbolic_tensor|check_pinned|timestamp|nondifferentiable_batch_function|"
     r"CriticalSection|type_spec_from_value|TypeSpec|TensorSpec|NoneTensorSpec|OptionalSpec|"
     r"IndexedSlicesSpec|RaggedTensorSpec|SparseTensorSpec|TensorArraySpec|Module|"
     r"AggregationMethod|VariableAggregation|VariableSynchronization|UnconnectedGradients|"
     r"tuple)$"),
    ("autodiff", "gradient machinery (use ivy.grad)",
     r"^tf\.(GradientTape|gradients|hessians|custom_gradient|recompute_grad|grad_pass_through|"
     r"no_gradient|RegisterGradient)$|^tf\.raw_ops\..*Grad(V\d)?$|"
     r"^tf\.raw_ops\..*(Backprop|Grad)[A-Z]?.*$"),
    ("sparse / ragged / TensorArray", "sparse, ragged and list-of-tensor types",
     r"^tf\.(SparseTensor|RaggedTensor|IndexedSlices|TensorArray|ragged_.*|dynamic_partition|"
     r"dynamic_stitch|nn\.(safe_)?embedding_lookup_sparse|nn\.ctc_.*|nn\.collapse_repeated)$|"
     r"^tf\.raw_ops\..*(Sparse|Ragged|TensorList|TensorArray|CSR|Csr).*$"),
    ("Keras RNN cell wrappers", "tf.nn.RNNCell{Device,Dropout,Residual}Wrapper wrap Keras "
     "RNN cell layers (stateful Keras objects, variable creation, device placement); the "
     "frontend has no Keras layers to wrap",
     r"^tf\.nn\.RNNCell(Device|Dropout|Residual)Wrapper$"),
    ("GPU-only kernels", "TensorFlow registers no CPU kernel for the op (a NotFoundError on "
     "the CPU TensorFlow the tests compare with), so no result could be checked against it",
     r"^tf\.image\.generate_bounding_box_proposals$"),
    ("initializers", "Keras-style initializer objects",
     r"^tf\.(constant_initializer|ones_initializer|zeros_initializer|"
     r"random_normal_initializer|random_uniform_initializer)$"),
    ("stateful kernels / runtime", "resources, variables, queues, datasets, tables, TPU/XLA, "
     "collectives, quantization, optimizer updates",
     r"^tf\.raw_ops\..*(Resource|Variable|Var[A-Z]|Queue|Dataset|Iterator|Optional|Table|"
     r"Lookup|Tpu|TPU|Xla|Collective|Nccl|Quantiz|Qint|Quint|Barrier|Stack|Stage|Unstage|Map|"
     r"Ordered|Enqueue|Dequeue|Send|Recv|Rpc|BoostedTrees|Cudnn|Mkl|_Mkl|Apply|Experimental|"
     r"Batch[A-Z].*Function|Checkpoint|Snapshot|Tensor[A-Z].*Handle|Accumulator|"
     r"Infeed|Outfeed|Mutex|Lock|Partitioned|Remote|Distributed|FakeQuant|Requantize|"
     r"Dequantize|Uniform[A-Z].*Quant|Shard|Bucketize|Debug|Assert|Tridiagonal|"
     r"Case|If|While|StatefulPartitionedCall|Symbolic|Func|Eager|Compute|Save|Load|Fact|"
     r"_).*$|^tf\.raw_ops\._.*$"),
]


def _module(ns):
    import tensorflow as real

    obj = real
    for p in ns.split(".")[1:]:
        obj = getattr(obj, p)
    return obj


def _real_names():
    out = {}
    for ns in REAL_NAMESPACES:
        m = _module(ns)
        for n in dir(m):
            if n.startswith("_"):
                continue
            obj = getattr(m, n)
            if callable(obj) and not isinstance(obj, type(sys)):
                out[f"{ns}.{n}"] = obj
    return out


def _rule(q):
    for cat, reason, rx in _RULES:
        if re.match(rx, q):
            return cat, reason
    return None


def _frontend_obj(q):
    import ivy.frontends.tensorflow as ftf

    obj = ftf
    for p in q.split(".")[1:]:
        try:
            if not hasattr(obj, p):
                return None
            obj = getattr(obj, p)
        except NotImplementedError:
            return None
    return obj


def _is_stub(obj):
    """A frontend function whose body only raises the frontend's NotImplementedError."""
    import ast
    import inspect
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))
    except (OSError, TypeError, SyntaxError):
        return False
    fn = tree.body[0] if tree.body else None
    if not isinstance(fn, ast.FunctionDef):
        return False
    body = [b for b in fn.body if not (isinstance(b, ast.Expr) and isinstance(
        getattr(b, "value", None), ast.Constant)) and not isinstance(b, ast.ImportFrom)]
    return len(body) == 1 and isinstance(body[0], ast.Expr) and isinstance(
        body[0].value, ast.Call) and getattr(body[0].value.func, "id", "") in (
        "not_implemented", "_not_implemented")


def covered():
    for m in TEST_MODULES:
        importlib.import_module(f"tests.frontends.tensorflow.{m}")
    from tests.frontends.tensorflow.helpers import COVERED

    return COVERED


def rows():
    """(qualified name, status, reason) for every public callable of REAL_NAMESPACES."""
    cov = set(covered())
    names = _real_names()
    by_real = {}
    for q, obj in names.items():
        by_real.setdefault(id(obj), []).append(q)
    for q in list(cov):  # aliases: same object in real TF and in the frontend
        if q not in names:
            continue
        fo = _frontend_obj(q)
        for other in by_real.get(id(names[q]), []):
            if other not in cov and fo is not None and _frontend_obj(other) is fo:
                cov.add(other)
    out = []
    for q in sorted(names):
        ex = _rule(q)
        if ex is not None:
            out.append((q, "excluded", f"{ex[0]}: {ex[1]}"))
        elif q in cov:
            out.append((q, "implemented", "differentially tested"))
        elif _frontend_obj(q) is not None and _is_stub(_frontend_obj(q)):
            out.append((q, "missing", "raises NotImplementedError"))
        elif _frontend_obj(q) is not None:
            out.append((q, "present", "in the frontend, not differentially tested"))
        else:
            out.append((q, "missing", ""))
    return out


def summary(rs):
    per = {}
    for q, s, _ in rs:
        ns = next(n for n in sorted(REAL_NAMESPACES, key=len, reverse=True)
                  if q.startswith(n + "."))
        d = per.setdefault(ns, {"implemented": 0, "present": 0, "missing": 0, "excluded": 0})
        d[s] += 1
    return per


def table(rs):
    lines = ["| namespace | implemented (tested) | present, untested | missing | excluded | % |",
             "|---|---|---|---|---|---|"]
    tot = {"implemented": 0, "present": 0, "missing": 0, "excluded": 0}
    per = summary(rs)
    for ns in REAL_NAMESPACES:
        d = per.get(ns, {"implemented": 0, "present": 0, "missing": 0, "excluded": 0})
        n = d["implemented"] + d["present"] + d["missing"]
        lines.append(f"| `{ns}` | {d['implemented']} | {d['present']} | {d['missing']} | "
                     f"{d['excluded']} | {100 * d['implemented'] / max(n, 1):.1f} |")
        if ns != "tf.raw_ops":
            for k in tot:
                tot[k] += d[k]
    n = tot["implemented"] + tot["present"] + tot["missing"]
    lines.append(f"| **all but raw_ops** | **{tot['implemented']}** | {tot['present']} | "
                 f"{tot['missing']} | {tot['excluded']} | "
                 f"**{100 * tot['implemented'] / max(n, 1):.1f}** |")
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    rs = rows()
    if "--list" in argv:
        for q, s, r in rs:
            if "--all" in argv or s != "excluded":
                print(f"{s:12} {q:55} {r}")
    print(table(rs))


if __name__ == "__main__":
    main()
