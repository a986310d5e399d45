"""Fuzz the RPC decoders: ``codec.decode`` and the ``CallRequest`` path the worker takes.

Coverage-guided, with atheris (libFuzzer for Python; a dev-only tool, imported only here)::

    .venv/bin/pip install atheris
    nice -n 19 .venv/bin/python scripts/fuzz_codec.py -max_total_time=600 -print_final_stats=1

Arguments starting with one dash go to libFuzzer (``-runs=``, ``-max_total_time=``, ``-jobs=``,
...). ``--corpus DIR`` keeps the corpus (default: a fresh temporary folder), seeded with valid
messages of every kind of value. A finding is any exception other than ``CodecError`` (a
``ValueError``), or a crash of the process: libFuzzer writes the input to ``crash-*`` and stops.

Without atheris, ``--smoke N [--seed S]`` decodes N random mutations of the seed messages
(byte flips, insertions, deletions, truncations, splices, length fields set to extremes) and
prints a summary; it exits non-zero on the first input that raises anything but ``CodecError``
(``tests/security/test_codec_bounds.py`` runs it in a subprocess, so a crash fails the test).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "client")]

# one fixed set of out-of-band buffers (sizes 0, 1, 8, 24 and 64 bytes) every input may refer to
BUFFERS = [b"", b"\x01", bytes(range(8)), bytes(24), bytes(range(64))]


def seeds() -> list[bytes]:
    """Valid inputs of both modes: 0 + msgpack document, 1 + framed CallRequest."""
    import ml_dtypes
    import msgpack
    import numpy as np
    from ivy_client import codec, wire

    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    values = [
        [[a, a.T], {}], [[np.float16(1.5), np.int64(-3)], {"axis": 0}], [[(a, (a,)), [a]], {}],
        [[1, -2, 2**63, 1.5, 1 + 2j, "s", b"b", None, True], {"k": [1, {"x": ()}]}],
        [[slice(1, None, 2), Ellipsis, np.dtype("int8"), np.float32], {}],
        [[codec.Ref("h-1", "float32", (2, 3))], {"keep": False}],
        [[np.zeros((0, 3), np.bool_), np.ones((), np.complex128)], {}],
        [[np.ones(3, ml_dtypes.bfloat16)], {}], [[{1: 2, (3,): [4]}], {}],
        [[[[[[[[1]]]]]]], {}],
    ]
    out = []
    for v in values:
        out.append(b"\0" + codec.encode(v))
        buffers: list = []
        doc = codec.encode(v, buffers=buffers, threshold=8)
        out.append(b"\1" + wire.frame_call_request("add", doc, False, buffers, ""))
    out.append(b"\0" + msgpack.packb([[msgpack.ExtType(2, msgpack.packb(["uint8", [8], 2]))],
                                      {}]))
    return out


def decode(data: bytes) -> bool:
    """Decode one input: True when it decodes, False when refused with CodecError; anything
    else raised is a finding."""
    from ivy_client import codec, wire

    if not data:
        return False
    mode, body = data[0] & 1, data[1:]
    try:
        if mode == 0:
            codec.decode(body, buffers=BUFFERS)
        else:
            function, args, keep, buffers, graph_id = wire.parse_call_request(body)
            codec.decode(args, buffers=buffers)
    except codec.CodecError:
        return False
    return True


def target(data: bytes) -> None:
    decode(data)


# -- mutation smoke (no atheris) ------------------------------------------------------------------

def mutate(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(7)
        i = rng.randrange(len(b) + 1)
        if op == 0 and b:  # flip a byte
            b[i % len(b)] = rng.randrange(256)
        elif op == 1:  # insert bytes
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2 and len(b) > 1:  # delete a run
            del b[i:i + rng.randint(1, 8)]
        elif op == 3:  # truncate
            del b[max(1, i):]
        elif op == 4:  # splice in part of another seed
            other = rng.choice(pool)
            j = rng.randrange(len(other))
            b[i:i] = other[j:j + rng.randint(1, 32)]
        elif op == 5 and len(b) > 4:  # an extreme length or count field
            j = rng.randrange(1, len(b))
            b[j:j + 5] = rng.choice([b"\xdd\xff\xff\xff\xff", b"\xdf\x7f\xff\xff\xff",
                                     b"\xc9\xff\xff\xff\xf0", b"\xc7\x07\x07\x91\x91",
                                     b"\x12\xff\xff\xff\x0f", b"\x91" * 5])
        elif op == 6:  # repeat a run (nesting)
            j = rng.randrange(len(b) + 1)
            b[j:j] = bytes(b[j:j + rng.randint(1, 4)]) * rng.randint(2, 200)
    return bytes(b)


def smoke(n: int, seed: int) -> int:
    rng = random.Random(seed)
    pool = seeds()
    ok = refused = 0
    for k in range(n):
        data = mutate(rng, rng.choice(pool), pool)
        try:
            if decode(data):
                ok += 1
            else:
                refused += 1
        except Exception as e:  # noqa: BLE001 - any other exception is the finding
            print(f"input {k} ({data[:64].hex()}...) raised {type(e).__name__}: {e}")
            return 1
    print(f"{n} mutated inputs (seed {seed}): {ok} decoded, {refused} refused with CodecError, "
          "0 other exceptions")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smoke", type=int, metavar="N",
                    help="decode N random mutations of the seeds (no atheris needed)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--corpus", help="corpus folder for libFuzzer (seeded when empty)")
    args, rest = ap.parse_known_args()
    if args.smoke is not None:
        return smoke(args.smoke, args.seed)
    try:
        import atheris
    except ImportError:
        print("scripts/fuzz_codec.py needs atheris, a dev-only tool: .venv/bin/pip install "
              "atheris (or run --smoke N for the mutation smoke without it)", file=sys.stderr)
        return 2
    with atheris.instrument_imports(include=["ivy_client"]):
        from ivy_client import codec, wire  # noqa: F401 - instrumented for coverage

    corpus = Path(args.corpus or tempfile.mkdtemp(prefix="fuzz-codec-"))
    corpus.mkdir(parents=True, exist_ok=True)
    if not any(corpus.iterdir()):
        for i, s in enumerate(seeds()):
            (corpus / f"seed-{i:02d}").write_bytes(s)
    print(f"corpus: {corpus}", file=sys.stderr)
    atheris.Setup([sys.argv[0], *rest, str(corpus)], target)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    sys.exit(main())
