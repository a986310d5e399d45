"""Reports how many cases ran three ways (eager, graph replay, emitted source) and agreed.

``IVY_THREE_WAY_REPORT=path.json`` also writes the counts per function and backend (docs/tracer.md
quotes them)."""

import json
import os


def pytest_terminal_summary(terminalreporter):
    from tests.functional.helpers import KNOWN_HITS, KNOWN_MISMATCHES, THREE_WAY

    for (p, b), hits in sorted(KNOWN_HITS.items()):
        terminalreporter.write_line(
            f"KNOWN emission defect ivy.{p} on {b} ({KNOWN_MISMATCHES[(p, b)]}): {len(hits)} "
            f"case(s), first: {hits[0]}")
    if not THREE_WAY:
        return
    fns = {p for p, _ in THREE_WAY}
    backends = sorted({b for _, b in THREE_WAY})
    terminalreporter.write_line(
        f"three ways (eager = graph replay = emitted source): {sum(THREE_WAY.values())} cases, "
        f"{len(fns)} functions, {len(THREE_WAY)} (function, backend) pairs on "
        f"{', '.join(backends)}")
    out = os.environ.get("IVY_THREE_WAY_REPORT")
    if out:
        with open(out, "w") as f:
            json.dump({f"{p}|{b}": n for (p, b), n in sorted(THREE_WAY.items())}, f, indent=1)
