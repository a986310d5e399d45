"""Coverage of the NumPy frontend against the installed NumPy's public API.

    python -m tests.frontends.numpy.coverage [--list]

Introspects the real ``numpy``, ``numpy.linalg``, ``numpy.fft`` and ``numpy.random.Generator``
public callables (classes such as ``numpy.ndarray``/``numpy.dtype`` and the scalar types are not
counted) and classifies each one:

- **excluded**: in ``EXCLUDED`` with a category (I/O, string formatting, datetime, ...);
- **implemented**: exercised by a differential test in ``tests/frontends/numpy`` (the test
  modules fill ``helpers.COVERED`` when imported; a name the frontend has but that no test
  compares with real NumPy does NOT count);
- **not implemented**: everything else (``present`` in the reason when the frontend has the name
  but no test covers it).
"""

from __future__ import annotations

import importlib
import sys

import numpy as real

REAL_NAMESPACES = ("numpy", "numpy.linalg", "numpy.fft", "numpy.random.Generator")

_CATS = {
    "I/O": ("file and buffer I/O, serialisation",
            "load save savez savez_compressed savetxt loadtxt genfromtxt fromfile fromregex "
            "frombuffer fromstring packbits unpackbits"),
    "string/formatting": ("text formatting of arrays and numbers",
                          "array2string array_repr array_str base_repr binary_repr "
                          "format_float_positional format_float_scientific typename "
                          "mintypecode"),
    "datetime": ("datetime64/timedelta64 and business days",
                 "busday_count busday_offset datetime_as_string datetime_data is_busday isnat"),
    "matrix class": ("numpy.matrix (deprecated in favour of arrays)", "asmatrix bmat"),
    "polynomial (legacy)": ("the legacy poly1d API; numpy.polynomial classes are not in scope",
                            "poly polyadd polyder polydiv polyfit polyint polymul polysub "
                            "polyval roots"),
    "testing": ("NumPy's own test runner", "test"),
    "C-API/config": ("build, runtime and error-handling configuration, memory introspection",
                     "get_include show_config show_runtime info get_printoptions "
                     "set_printoptions printoptions getbufsize setbufsize geterrcall seterrcall "
                     "geterr seterr may_share_memory shares_memory nested_iters from_dlpack "
                     "require isfortran"),
    "Python callables per element": ("need a Python function called per element",
                                     "frompyfunc vectorize"),
}
EXCLUDED = {f"numpy.{n}": cat for cat, (_, names) in _CATS.items() for n in names.split()}
EXCLUDED.update({"numpy.linalg.test": "testing", "numpy.fft.test": "testing"})
REASONS = {cat: reason for cat, (reason, _) in _CATS.items()}

TEST_MODULES = ("test_elementwise", "test_reductions_manipulation", "test_linalg_fft_random",
                "test_programs", "test_random_distributions", "test_numpy", "test_linalg",
                "test_special")


def _public(ns: str):
    if ns == "numpy.random.Generator":
        obj = real.random.Generator
        return [n for n in dir(obj) if not n.startswith("_") and callable(getattr(obj, n, None))]
    mod = importlib.import_module(ns)
    return [n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n))
            and not isinstance(getattr(mod, n), type)]


def _frontend_has(qual: str) -> bool:
    import ivy.frontends.numpy as fnp
    obj = fnp
    for p in qual.split(".")[1:]:
        obj = getattr(obj, p, None)
        if obj is None:
            return False
    return True


def covered() -> set:
    from . import helpers
    for m in TEST_MODULES:
        importlib.import_module(f"{__package__}.{m}")
    return set(helpers.COVERED)


def rows():
    """[(qualified name, status, reason)] for every public callable of REAL_NAMESPACES."""
    cov = covered()
    out = []
    for ns in REAL_NAMESPACES:
        for n in sorted(set(_public(ns))):
            q = f"{ns}.{n}"
            if q in EXCLUDED:
                out.append((q, "excluded", f"{EXCLUDED[q]}: {REASONS.get(EXCLUDED[q], '')}"))
            elif q in cov:
                out.append((q, "implemented", "differentially tested"))
            else:
                out.append((q, "not implemented",
                            "present, untested" if _frontend_has(q) else "missing"))
    return out


def summary(rs):
    by_ns = {}
    for q, status, _ in rs:
        ns = next(n for n in sorted(REAL_NAMESPACES, key=len, reverse=True)
                  if q.startswith(n + "."))
        d = by_ns.setdefault(ns, {"implemented": 0, "not implemented": 0, "excluded": 0})
        d[status] += 1
    return by_ns


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    rs = rows()
    if "--list" in argv:
        for q, s, r in rs:
            print(f"{q:55s} {s:16s} {r}")
        print()
    tot_i = tot_n = tot_e = 0
    print(f"| namespace | implemented | not implemented | excluded | coverage |")
    print(f"|---|---:|---:|---:|---:|")
    for ns, d in summary(rs).items():
        i, n, e = d["implemented"], d["not implemented"], d["excluded"]
        tot_i, tot_n, tot_e = tot_i + i, tot_n + n, tot_e + e
        print(f"| {ns} | {i} | {n} | {e} | {100 * i / max(i + n, 1):.1f}% |")
    print(f"| **total** | {tot_i} | {tot_n} | {tot_e} | "
          f"**{100 * tot_i / max(tot_i + tot_n, 1):.1f}%** |")
    missing = [q for q, s, _ in rs if s == "not implemented"]
    print(f"\nnot implemented ({len(missing)}): {' '.join(m.split('.')[-1] for m in missing)}")


if __name__ == "__main__":
    main()
