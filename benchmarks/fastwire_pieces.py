"""The codec's C fast path, piece by piece, in a hot loop: this tree's ``_fastwire`` module against
another build of it (a copy of the code in DIR with its extension built, e.g. the previous commit).

    .venv/bin/python benchmarks/fastwire_pieces.py [--other DIR] [--passes 2]

For the tiny call (``add`` on two 2x2 float64): the client encoding the request (two new arrays
each time, as a user's are), the worker parsing it, the worker framing a new result array, and
the client reading the response. Best of 7 x 50,000 per piece, ns per call. Without ``--other``
only this tree's figures are printed. A hot loop shows how much code a piece runs; between real
calls the same code runs cold and costs several times as much (docs/rpc.md, "Cold code").
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import sys
import timeit
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "client")]

from ivy_client import codec, wire  # noqa: E402


def load_other(tree: str):
    """The ``_fastwire`` module built in ``tree``, initialised as codec initialises its own."""
    so = glob.glob(str(Path(tree) / "client" / "ivy_client" / "_fastwire.*.so"))
    if not so:
        raise SystemExit(f"no built _fastwire in {tree}/client/ivy_client")
    spec = importlib.util.spec_from_file_location("other._fastwire", so[0])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mine = codec._fast
    codec._fast = mod
    try:
        codec._fast_init()
    finally:
        codec._fast = mine
    return mod


def pieces(m) -> dict:
    x = np.arange(4.0).reshape(2, 2)
    oob, items, depth, size = (codec.OOB_THRESHOLD, codec.MAX_ITEMS, codec.MAX_DEPTH,
                               codec.MAX_BYTES)
    # the messages this build's client and worker send (since session 17 its inline arrays are
    # aligned in them, so the reader views them), else the Python framing
    request = (m.encode_request("add", (x, x), {}, oob, 1 << 20)
               if hasattr(m, "encode_request") else None) or \
        wire.frame_call_request("add", codec.encode([[x, x], {}]), False, ())
    response = m.encode_response(x, oob, 1 << 20) or wire.frame_call_response(codec.encode(x), [])
    if hasattr(m, "response_value"):
        def read():
            return m.response_value(response, wire.MAX_FIELDS, depth, items, size)
    else:  # before response_value: the parse, then the decode
        def read():
            return m.decode(m.call_response(response, wire._EMPTY, wire.MAX_FIELDS)[0], None,
                            depth, items, size)
    assert (read() == x).all()
    return {
        "client encodes the request (two new arrays)":
            lambda: m.encode([[np.add(x, 0), np.add(x, 0)], {}], oob),
        "  of which making the two arrays": lambda: (np.add(x, 0), np.add(x, 0)),
        "worker parses the request": lambda: m.call_request(request, None, items, size),
        "worker frames the result (a new array)":
            lambda: m.encode_response(np.add(x, 0), oob, 1 << 20),
        "client reads the response": read,
    }


def best(f, n=50_000) -> float:
    return min(timeit.repeat(f, number=n, repeat=7)) / n * 1e9


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--other", metavar="DIR", help="another copy of the code, extension built")
    p.add_argument("--passes", type=int, default=2)
    a = p.parse_args()
    if codec._fast is None:
        print("the C fast path is not built (or IVY_FASTWIRE=python): nothing to measure")
        return 1
    mods = {"this": codec._fast}
    if a.other:
        mods["other"] = load_other(a.other)
    tables = {k: pieces(m) for k, m in mods.items()}
    names = list(tables["this"])
    head = f"{'piece (ns per call, best of 7 x 50,000)':44}" + "".join(f"{k:>10}" for k in mods)
    print(head + ("  other - this" if a.other else ""))
    for _ in range(max(1, a.passes)):
        for name in names:
            v = {k: best(t[name]) for k, t in tables.items()}
            line = f"{name:44}" + "".join(f"{v[k]:10.0f}" for k in mods)
            if a.other:
                line += f"  {v['other'] - v['this']:+12.0f}"
            print(line)
    print(f"(NumPy {np.__version__}; {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
