"""Coverage of the JAX frontend against the installed real JAX.

    python -m tests.frontends.jax.coverage [--list]

A public callable of ``REAL_NAMESPACES`` is **implemented** only if the differential tests in
``tests/frontends/jax`` exercise it (the test modules fill ``helpers.COVERED`` when imported);
``present`` means the frontend has the name but no test compares it with real JAX; **excluded**
names carry a category and reason (``EXCLUDED``); the rest are **missing**.
"""

from __future__ import annotations

import importlib
import re
import sys

REAL_NAMESPACES = ("jax.numpy", "jax.numpy.linalg", "jax.numpy.fft", "jax.nn", "jax.lax",
                   "jax.random", "jax.scipy.special")
TEST_MODULES = ("test_numpy", "test_lax_nn_random", "test_programs", "test_lax", "test_random",
                "test_numpy_linalg",
                "test_special", "test_at_modes")

_RULES = [
    ("sharding/distributed", "collectives, named axes and sharding (multi-device programs)",
     r"^jax\.lax\.(all_gather|all_to_all|axis_index|axis_size|pbroadcast|pcast|pmax|pmean|pmin|"
     r"ppermute|precv|psend|pshuffle|psum|psum_scatter|pswapaxes|ragged_all_to_all|"
     r"with_sharding_constraint|shape_as_value)$"),
    ("custom calls / compiler internals", "XLA-level machinery with no array semantics to map",
     r"^jax\.lax\.(after_all|create_token|composite|custom_linear_solve|custom_root|dce_sink|"
     r"optimization_barrier|platform_dependent|stage|rng_bit_generator|rng_uniform|"
     r"reduce_precision|AccuracyMode|DotAlgorithm|DotAlgorithmPreset|Precision|PrecisionLike|"
     r"Tolerance|RandomAlgorithm|FftType|RaggedDotDimensionNumbers|ragged_dot|"
     r"ragged_dot_general|scaled_dot|random_gamma_grad|igamma_grad_a)$"),
    ("platform-specific", "quantised / low-precision matmul configs", r"^jax\.nn\.("
     r"scaled_dot_general|scaled_matmul|get_scaled_dot_general_config)$"),
    ("I/O and interop", "files, DLPack, buffers", r"^jax\.numpy\.(save|savez|load|from_dlpack|"
     r"frombuffer|fromfile|fromfunction|fromiter|fromstring|loadtxt|genfromtxt|printoptions|"
     r"set_printoptions|get_printoptions)$"),
    ("typed PRNG keys", "typed key arrays and PRNG implementations (the frontend uses raw "
     "uint32 keys)", r"^jax\.random\.(key_impl|key_dtype|clone|wrap_key_data)$"),
]


def _real_names():
    out = []
    for ns in REAL_NAMESPACES:
        m = importlib.import_module(ns)
        for n in dir(m):
            if n.startswith("_"):
                continue
            obj = getattr(m, n)
            if callable(obj) and not isinstance(obj, type(sys)):
                out.append(f"{ns}.{n}")
    return sorted(set(out))


def _rule(q):
    for cat, reason, rx in _RULES:
        if re.match(rx, q):
            return cat, reason
    return None


# {qualified name: (category, reason)} for the installed JAX, from the rules above
EXCLUDED: dict = {q: r for q in _real_names() if (r := _rule(q)) is not None}


def _excluded(q):
    return EXCLUDED.get(q)


def _frontend_has(q):
    import ivy.frontends.jax as fj

    obj = fj
    for p in q.split(".")[1:]:
        if not hasattr(obj, p):
            return False
        obj = getattr(obj, p)
    return True


def covered():
    for m in TEST_MODULES:
        importlib.import_module(f"tests.frontends.jax.{m}")
    from tests.frontends.jax.helpers import COVERED

    return COVERED


def rows():
    """(qualified name, status, reason) for every public callable of REAL_NAMESPACES."""
    cov = covered()
    out = []
    for q in _real_names():
        ex = _excluded(q)
        if ex is not None:
            out.append((q, "excluded", f"{ex[0]}: {ex[1]}"))
        elif q in cov:
            out.append((q, "implemented", "differentially tested"))
        elif _frontend_has(q):
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


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    rs = rows()
    if "--list" in argv:
        for q, s, r in rs:
            print(f"{s:12} {q:45} {r}")
    tot = {"implemented": 0, "present": 0, "missing": 0, "excluded": 0}
    print(f"{'namespace':20} {'impl':>5} {'present':>8} {'missing':>8} {'excl':>5} {'%':>6}")
    for ns, d in summary(rs).items():
        n = d["implemented"] + d["present"] + d["missing"]
        print(f"{ns:20} {d['implemented']:5} {d['present']:8} {d['missing']:8} "
              f"{d['excluded']:5} {100 * d['implemented'] / max(n, 1):6.1f}")
        for k in tot:
            tot[k] += d[k]
    n = tot["implemented"] + tot["present"] + tot["missing"]
    pct = 100 * tot["implemented"] / max(n, 1)
    print(f"{'total':20} {tot['implemented']:5} {tot['present']:8} {tot['missing']:8} "
          f"{tot['excluded']:5} {pct:6.1f}")
    print(f"implemented (differentially tested): {pct:.1f}% of {n} non-excluded callables")
    return pct


if __name__ == "__main__":
    main()
