"""``ivy-transpile``: convert a function in a file from one framework to another.

    ivy-transpile path/to/file.py:fn --source torch --target jax --example 'float32[2,3,16,16]' -o out.py
    ivy-transpile path/to/file.py:fn --target jax --example 'float32[B,3,H=32,W=32]' -o out.py

Prints the report (what was captured, how each operation was mapped, the verification) and writes
the standalone target code (``-o``; stdout when omitted). Exit status: 0 verified, 1 the transpile
failed (the error names the operation and your line), 2 bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import TranspileError
from .frameworks import FRAMEWORKS, TARGETS
from .service import dynamic_of_specs, inputs_from_specs, parse_spec, transpile_code


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        prog="ivy-transpile", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  ivy-transpile filters.py:blur --source torch --target jax "
               "--example 'float32[1,3,32,32]' -o blur_jax.py")
    p.add_argument("entry", help="FILE.py:NAME — the function (or model class, built with no "
                                 "arguments) to convert")
    p.add_argument("--source", choices=(*FRAMEWORKS, "ivy"), default=None,
                   help="the framework the code is written for (inferred when omitted)")
    p.add_argument("--target", choices=TARGETS, required=True, help="the framework to emit")
    p.add_argument("--example", action="append", default=[], metavar="DTYPE[SHAPE]",
                   help="one example input per positional argument, e.g. float32[2,3] "
                        "(random values); repeat for several arguments. A dimension may be a "
                        "name (B: any size, the same wherever the name appears) with an "
                        "optional example size (H=32)")
    p.add_argument("--dynamic", choices=("auto", "off"), default=None,
                   help="auto: every input dimension the program does not pin takes any size "
                        "(found by capturing again at other sizes, verified at sizes never "
                        "captured); off: the example's shapes. Default: off, or the dimensions "
                        "--example names (float32[B,3,H=32,W=32]: B, H and W take any size)")
    p.add_argument("-o", "--output", help="write the code here (a model's weights go beside it)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-verify", action="store_true",
                   help="skip running the emitted code (not recommended)")
    return p.parse_args(argv)


def main(argv=None) -> int:
    a = parse_args(argv)
    if ":" not in a.entry:
        print(f"ivy-transpile: expected FILE.py:NAME, got {a.entry!r}", file=sys.stderr)
        return 2
    file, name = a.entry.rsplit(":", 1)
    path = Path(file)
    if not path.is_file():
        print(f"ivy-transpile: no such file: {file}", file=sys.stderr)
        return 2
    try:
        specs = [parse_spec(s) for s in a.example]
    except ValueError as e:
        print(f"ivy-transpile: {e}", file=sys.stderr)
        return 2
    dynamic = {"auto": "auto", "off": False}.get(a.dynamic) if a.dynamic else \
        (dynamic_of_specs(specs) or False)
    sys.path.insert(0, str(path.resolve().parent))  # the file's own imports of its neighbours
    try:
        t = transpile_code(path.read_text(), name, source=a.source, target=a.target,
                           args=inputs_from_specs(specs),
                           options={"verify": not a.no_verify, "filename": str(path),
                                    "dynamic": dynamic})
    except Exception as e:  # noqa: BLE001 - a TranspileError, or any error of a call without
        # the inputs it needs (e.g. the tracer's TraceError for an `ivy` source)
        needs_inputs = not specs and "required positional argument" in str(e)
        if not isinstance(e, TranspileError) and not needs_inputs:
            raise
        print(f"ivy-transpile: {e}", file=sys.stderr)
        if needs_inputs:
            print(f"ivy-transpile: no --example was given: add one per positional argument of "
                  f"{name}, e.g. --example 'float32[2,3]' (repeat it for each argument)",
                  file=sys.stderr)
        return 1
    print(json.dumps(t.report, indent=1, default=str) if a.json else str(t.report),
          file=sys.stderr if not a.output else sys.stdout)
    if a.output:
        for w in t.save(a.output):
            print(f"wrote {w}")
    else:
        print(t.source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
