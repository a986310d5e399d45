"""The coverage table of the captures' rules, printed from their ``RULES`` (:class:`base.Rules`).

    python -m ivy.transpiler.capture [--write] [source ...]

Without sources: jax, tensorflow and torch. ``--write`` writes the tables to
``docs/capture-rules.md`` instead of printing them.
"""

from __future__ import annotations

import pathlib
import sys

from .base import coverage_markdown

_DEFAULT = ("jax", "tensorflow", "torch")
_HEAD = """# The captures' explicit rules

Generated from each capture's `RULES` (`ivy/transpiler/capture/base.py: Rules`) by
`python -m ivy.transpiler.capture --write`; do not edit by hand. Operations without an explicit
rule go through the source's frontend function of the same name (torch: also the out-of-place
rule of an in-place op), each result checked against the framework's at capture time.
"""


def main(argv: list[str]) -> int:
    write = "--write" in argv
    sources = [a for a in argv if a != "--write"] or list(_DEFAULT)
    tables = "\n".join(f"## {s}\n\n{coverage_markdown(s)}" for s in sources)
    if not write:
        print(tables)
        return 0
    doc = pathlib.Path(__file__).resolve().parents[3] / "docs" / "capture-rules.md"
    doc.write_text(f"{_HEAD}\n{tables}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
