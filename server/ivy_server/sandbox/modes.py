"""The sandbox's modes, run inside it after ``child.py`` has checked its isolation: ``trace``
(Trace: the worker's framework), ``transpile`` (Transpile: capture on the source framework) and
``run`` (Transpile's verification of emitted code on a target framework). Each imports what it
needs, loads the seccomp filter and the rlimits (``confine.py``), and only then reads the request
and runs submitted code. Also the tables both sides read: each framework's module, a transpile
target's, the libraries submitted code may import."""

from __future__ import annotations

import builtins
import sys

from ivy_client import codec

from ivy.functional.backends import all_descriptors, descriptor
from ivy.transpiler.frameworks import FRAMEWORKS

from ..errors import _is_oom, message_of  # everything a reply needs, before the filter
from .confine import (
    REMOVED_BUILTINS,
    Forbidden,
    guarded_import,
    load_seccomp,
    set_limits,
)

#: each backend's framework module
FRAMEWORK = {d.name: d.module for d in all_descriptors()}

#: what a transpile target's emitted code imports, by target
TARGET_MODULE = {**{n: descriptor(n).module for n in FRAMEWORKS}, "ivy": "ivy"}
#: libraries submitted code may import next to its framework in transpile mode (the allow-list is
#: a convenience, not the boundary: see the module docstring)
ECOSYSTEM = {"torch": ("kornia", "transformers"), "jax": ("flax", "optax"),
             "tensorflow": ("keras",), "numpy": ("scipy",)}
#: pure-Python standard modules that submitted and emitted code commonly imports
SAFE_STDLIB = ("math", "cmath", "functools", "itertools", "operator", "typing", "dataclasses",
               "collections", "numbers", "enum", "abc", "string", "re")
#: the function each warm transpile sandbox converts before its filter is loaded (our code, not
#: a request's): the frameworks' lazy imports, the emitter and the first kernels are then warm
WARM_UP = {
    "torch": "import torch\ndef f(x, y):\n    return torch.relu(x @ y.T) * 2 + torch.sin(x).sum()\n",
    "numpy": "import numpy as np\ndef f(x, y):\n    return np.maximum(x @ y.T, 0) * 2 + np.sin(x).sum()\n",
    "jax": ("import jax.numpy as jnp\ndef f(x, y):\n"
            "    return jnp.maximum(x @ y.T, 0) * 2 + jnp.sin(x).sum()\n"),
    "tensorflow": ("import tensorflow as tf\ndef f(x, y):\n    return tf.nn.relu(tf.matmul(x, y, "
                   "transpose_b=True)) * 2 + tf.reduce_sum(tf.sin(x))\n"),
}
# the file name the user's lines carry in error messages (not "<...>": the transpiler names the
# innermost frame of a real-looking file as the user's line)
SUBMITTED = "submitted.py"
EMITTED = "emitted.py"  # the same for emitted code run by a target worker



def _unknown(a) -> str | None:
    """Why the command line names a framework this sandbox does not know (None: it does not)."""
    if a.backend not in FRAMEWORK:
        return f"unknown backend {a.backend!r}"
    for t in (a.target or "").split(","):
        if a.target is not None and t not in TARGET_MODULE:
            return f"unknown transpile target {t!r}"
    if a.target and "," in a.target and a.mode != "transpile":
        return "several targets are for mode transpile only"
    return None


def _lock_down(a, reply) -> str | None:
    """Load the seccomp filter, then the rlimits, then say "ready" to the worker (``READY`` on
    the reply pipe: the sandbox's wall-time limit counts from here, not from its imports);
    None, or why the filter cannot be loaded (the mode then answers that and runs nothing: fail
    closed)."""
    try:
        load_seccomp(a.seccomp_lib)
    except Exception as e:  # noqa: BLE001 - fail closed
        return (f"the seccomp filter cannot be loaded ({type(e).__name__}: {e}): apt-get install "
                "libseccomp2; pip install pyseccomp")
    set_limits(a.cpu_s, a.memory_mb)
    reply.ready()
    return None


def _failure(e: BaseException, reply, message: str) -> int:
    """The reply for an error out of submitted code: "forbidden" or "memory" when that is what
    it, or an exception it chains to (the tracer and transpiler wrap what the code raised), is;
    else "error" with ``message``."""
    cause, seen = e, 0
    while cause is not None and seen < 20:
        if isinstance(cause, Forbidden):
            return reply(ok=False, kind="forbidden", message=str(cause))
        if _is_oom(cause):
            return reply(ok=False, kind="memory", message=message_of(cause))
        cause, seen = cause.__cause__ or cause.__context__, seen + 1
    return reply(ok=False, kind="error", message=message)


def trace(a, reply) -> int:
    """Mode "trace": read the request, import Ivy with the worker's backend, load the filter and
    the limits, then run the submitted source and trace its entry point."""
    if (why := _unknown(a)) is not None:
        return reply(ok=False, kind="error", message=why)
    request = codec.decode(sys.stdin.buffer.read())
    import ivy

    B = ivy.set_backend(a.backend)
    if (why := _lock_down(a, reply)) is not None:  # fail closed
        return reply(ok=False, kind="isolation", message=why)
    allowed = frozenset({FRAMEWORK[a.backend], "numpy", "math", "ivy"})
    safe = {k: v for k, v in vars(builtins).items() if k not in REMOVED_BUILTINS}
    safe["__import__"] = guarded_import(allowed)
    namespace = {"__builtins__": safe, "__name__": "ivy_submitted"}
    try:
        code = builtins.compile(request["source"], "<submitted>", "exec")
        builtins.exec(code, namespace)
        fn = namespace.get(request["entry"])
        if not callable(fn):
            return reply(ok=False, kind="entry",
                         message=f"the submitted source defines no function {request['entry']!r}")
        to_native = (lambda x: x) if a.backend == "numpy" else (
            lambda x: B.asarray(x, device="cpu"))
        args, kwargs = codec.decode(request["args"], buffers=request["buffers"],
                                    array_hook=to_native) if request["args"] else ([], {})
        graph = ivy.trace_graph(fn, *args, **kwargs)
        output = graph(*args, **kwargs)

        def convert(obj):
            if obj.__class__ is ivy.Array:
                obj = obj._data
            try:
                return B.to_numpy(obj)
            except Exception:
                return obj

        return reply(ok=True, graph=graph.to_dict(), output=codec.encode(output, convert=convert))
    except Forbidden as e:
        return reply(ok=False, kind="forbidden", message=str(e))
    except MemoryError as e:
        return reply(ok=False, kind="memory", message=f"MemoryError: {e}")
    except BaseException as e:  # noqa: BLE001 - report, never crash silently
        return _failure(e, reply, message_of(e))


def plain(tree):
    """``tree`` with dict-likes as dicts (string keys), tuples/lists as lists, arrays as NumPy:
    the shape both sides of a verification are compared in (msgpack keeps exactly this)."""
    import numpy as np

    if isinstance(tree, dict) or (hasattr(tree, "keys") and hasattr(tree, "__getitem__")
                                  and not hasattr(tree, "shape")):
        return {str(k): plain(tree[k]) for k in tree.keys()}
    if isinstance(tree, (list, tuple)):
        return [plain(v) for v in tree]
    if isinstance(tree, np.generic):
        return np.asarray(tree)
    return tree


def _restricted_module(code: str, allowed: frozenset, name: str = "ivy_submitted",
                       filename: str = SUBMITTED):
    """Execute ``code`` as a fresh module whose builtins lack open/exec/eval/... and whose imports
    are limited to ``allowed``; its lines are registered so that errors can quote them."""
    import linecache
    import types

    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    mod = types.ModuleType(name)
    mod.__file__ = filename
    safe = {k: v for k, v in vars(builtins).items() if k not in REMOVED_BUILTINS}
    safe["__import__"] = guarded_import(allowed, "submitted code")
    mod.__dict__["__builtins__"] = safe
    builtins.exec(builtins.compile(code, filename, "exec"), mod.__dict__)
    return mod


def _inline_weights(code: str, weights: dict, target: str) -> str:
    """``code`` with a ``load_params()`` that holds a model's weights (base64 in the file)."""
    import base64

    conv = {"numpy": "a", "torch": "__import__('torch').from_numpy(a)",
            "jax": "__import__('jax.numpy').numpy.asarray(a)",
            "tensorflow": "__import__('tensorflow').convert_to_tensor(a)",
            "ivy": "__import__('ivy').asarray(a)"}[target]
    rows = []
    for k, v in weights.items():
        data = base64.b64encode(v.tobytes()).decode()
        rows.append(f"    {k!r}: ({v.dtype.name!r}, {tuple(v.shape)!r},\n     {data!r}),")
    body = "\n".join(rows)
    return (code.rstrip("\n") + "\n\n\n_WEIGHTS = {\n" + body + "\n}\n\n\n"
            "def load_params():\n"
            '    """The model\'s weights (stored in this file), by parameter name."""\n'
            "    import base64\n    import numpy\n"
            "    if any(t == 'bfloat16' for t, _, _ in _WEIGHTS.values()):\n"
            "        import ml_dtypes  # noqa: F401  (registers numpy's bfloat16)\n"
            "    out = {}\n"
            "    for k, (t, shape, data) in _WEIGHTS.items():\n"
            "        a = numpy.frombuffer(base64.b64decode(data), dtype=numpy.dtype(t))"
            ".reshape(shape).copy()\n"
            f"        out[k] = {conv}\n"
            "    return out\n")


def serve(a, reply) -> int:
    """Modes "transpile" and "run": import what the request will need, warm up (before the
    filter: our own code), load the filter and limits, *then* read the request from stdin — so a
    worker may start this process before any request exists (a warm sandbox) and still hand each
    request a process that no other request has touched.

    ``--target a,b,c`` (mode transpile; a worker's sandbox warmed at its start): every one of
    those targets is imported and warmed up, and the request's ``target`` picks one."""
    import importlib

    if (why := _unknown(a)) is not None:
        return reply(ok=False, kind="error", message=why)

    targets = (a.target or a.backend).split(",")
    target = ",".join(targets)  # (messages before a request picks one)
    frameworks = [FRAMEWORK[a.backend]] if a.mode == "transpile" else []
    frameworks += [TARGET_MODULE[t] for t in targets]
    try:
        import ivy
        from ivy.transpiler import frameworks as fw
        from ivy.transpiler.errors import TranspileError

        for m in dict.fromkeys(frameworks):
            importlib.import_module(m)
    except Exception as e:  # noqa: BLE001 - the worker's environment lacks a framework
        return reply(ok=False, kind="unavailable", message=(
            f"this worker's environment cannot {'transpile ' + a.backend + ' -> ' + target if a.mode == 'transpile' else 'run ' + target + ' code'}: "
            f"{type(e).__name__}: {e}"))
    for m in filter(None, a.preload.split(",")):
        try:
            importlib.import_module(m)
        except Exception:  # noqa: BLE001, S110 - the request's own import will say what is wrong
            pass
    if a.mode == "transpile":
        import numpy as np

        from ivy.tracer import draw  # noqa: F401 - the graph picture, after the filter

        rng = np.random.default_rng(0)
        x, y = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2))
        for t in targets:
            try:
                ivy.transpiler.transpile_code(WARM_UP[a.backend], "f", source=a.backend,
                                              target=t, args=(x, y))
            except Exception as e:  # noqa: BLE001 - only a warm-up; a request shows a real error
                print(f"ivy-sandbox: warm-up transpile {a.backend} -> {t} failed: {e}",
                      file=sys.stderr)
    if (why := _lock_down(a, reply)) is not None:  # fail closed
        return reply(ok=False, kind="isolation", message=why)
    request = codec.decode(sys.stdin.buffer.read())
    if len(targets) > 1:  # a sandbox warmed for several targets: the request names its own
        target = request.get("target") if isinstance(request, dict) else None
        if target not in targets:
            return reply(ok=False, kind="error", message=f"this sandbox transpiles to "
                         f"{', '.join(targets)}, not {target!r}")
    try:
        if a.mode == "transpile":
            return reply(ok=True, **_transpile(a.backend, target, request, ivy, fw))
        return reply(ok=True, **_run_emitted(target, request, ivy, fw))
    except Forbidden as e:
        return reply(ok=False, kind="forbidden", message=str(e))
    except TranspileError as e:
        return reply(ok=False, kind="transpile", message=str(e))
    except _EntryMissing as e:
        return reply(ok=False, kind="entry", message=str(e))
    except MemoryError as e:
        return reply(ok=False, kind="memory", message=f"MemoryError: {e}")
    except BaseException as e:  # noqa: BLE001 - report, never crash silently
        return _failure(e, reply, _user_error(e, message_of(e)))


class _EntryMissing(LookupError):
    pass


def _user_error(e: BaseException, text: str) -> str:
    """``text`` with the submitted line the error came from (the innermost frame in it)."""
    import traceback

    where = ""
    for fr in traceback.extract_tb(e.__traceback__):
        if fr.filename in (SUBMITTED, EMITTED):
            where = f"{fr.filename}:{fr.lineno}: {(fr.line or '').strip()}"
    if isinstance(e, SyntaxError) and e.lineno:
        where = f"{e.filename}:{e.lineno}: {(e.text or '').strip()}"
    return f"{text} (at {where})" if where else text


def _transpile(source: str, target: str, request: dict, ivy, fw) -> dict:
    """Load the submitted code (restricted), make or decode the example inputs, transpile, and
    gather what the worker answers with."""
    import numpy as np

    from ivy.tracer import draw
    from ivy.transpiler.service import entry_of

    opts = request.get("options") or {}
    allowed = frozenset({FRAMEWORK[source], "numpy", "ivy", *ECOSYSTEM.get(source, ()),
                         *SAFE_STDLIB})
    mod = _restricted_module(request["code"], allowed)
    entry = request["entry"]
    obj = entry_of(mod, entry, what="the submitted code", error=_EntryMissing)
    if request.get("specs"):  # the worker makes the same inputs itself for the verification
        args, kwargs = ivy.transpiler.inputs_from_specs(request["specs"]), {}
    elif request.get("args"):
        args, kwargs = codec.decode(request["args"], buffers=request.get("buffers") or [])
    else:
        args, kwargs = (), {}
    args = tuple(args)
    dynamic = "auto" if opts.get("dynamic") == "auto" else \
        (ivy.transpiler.dynamic_of_specs(request.get("specs") or []) or False)
    t = ivy.transpile(obj, source, target, args, kwargs, verify=not opts.get("skip_verify"),
                      strict=True, name=opts.get("name") or None, dynamic=dynamic)
    kind = opts.get("kind") or "auto"
    actual = "model" if t.is_model else "function"
    if kind not in ("auto", actual):
        from ivy.transpiler.errors import TranspileError

        raise TranspileError(f"options.kind is {kind!r} but {entry!r} is a {actual}",
                             source=source, target=target)
    weights = {k: np.ascontiguousarray(v) for k, v in t.params_numpy().items()} \
        if t.is_model else {}
    code = t.source
    mode = opts.get("weights") or "separate"
    if weights and mode == "inline":
        code = _inline_weights(code, weights, target)
    # the weights go to the worker in every mode: a target worker's verification needs them
    out = {"code": code, "report": dict(t.report), "name": t.name, "is_model": t.is_model,
           "weights": weights}
    if not opts.get("no_graph"):
        out["graph"] = t.graph.to_dict()
        out["svg"] = draw.to_svg(t.graph)
    elif not opts.get("no_keep"):
        out["graph"] = t.graph.to_dict()  # kept by the worker, not sent back
    if not opts.get("skip_verify"):
        # what a target worker compares the emitted code with: the source program's own outputs
        try:
            from ivy.transpiler.capture import get_capture

            expected = get_capture(t.source_framework).run_native(obj, args, kwargs)
        except Exception:  # noqa: BLE001 - (frontend code has no native run) the verified result
            expected = t(*args, **kwargs)
        out["expected"] = plain(fw.tree_to_numpy(expected))
        try:
            from ivy.transpiler.verify import tolerances as _tolerances

            out["rtol"] = _tolerances(t.graph)
        except Exception:  # noqa: BLE001
            out["rtol"] = dict(fw.RTOL)
    return out


def _run_emitted(target: str, request: dict, ivy, fw) -> dict:
    """Run emitted ``target`` code on the example inputs and compare with the expected outputs:
    the verification a target worker does for a Transpile on another worker."""
    import contextlib

    v = request["verify"]
    from ivy.tracer.emit.base import STDLIB

    allowed = frozenset({TARGET_MODULE[target], "numpy", "ml_dtypes", "ivy", "base64",
                         *SAFE_STDLIB, *STDLIB})
    mod = _restricted_module(request["code"], allowed, "ivy_emitted", EMITTED)
    fn = mod.__dict__.get(v["name"])
    if not callable(fn):
        raise _EntryMissing(f"the emitted code defines no function {v['name']!r}")
    args, kwargs = codec.decode(request["args"], buffers=request.get("buffers") or []) \
        if request.get("args") else ([], {})
    conv = "numpy" if target == "ivy" else target
    a, k = fw.tree_from_numpy(tuple(args), conv), fw.tree_from_numpy(dict(kwargs), conv)
    ctx = ivy.using_backend("numpy") if target == "ivy" else contextlib.nullcontext()
    with ctx:
        if v.get("is_model"):
            params = {n: fw.from_numpy(w, conv) for n, w in (v.get("weights") or {}).items()}
            got = fn(params, *a, **k)
        else:
            got = fn(*a, **k)
    got = plain(fw.tree_to_numpy(got))
    example = fw.compare_trees(v["expected"], got, rtol_table=v.get("rtol") or fw.RTOL)
    version = getattr(sys.modules.get(TARGET_MODULE[target]), "__version__", "?")
    return {"verified": all(e["ok"] for e in example), "example": example,
            "framework": f"{target} {version}"}
