"""Every API function is exercised three ways by these tests (``api.<fn>`` in a test file, or a
name a table-driven test passes to ``getattr(api, ...)``), or has a stated exclusion.

This replaces the single-sample check of the former ``tests/tracer/test_to_source_coverage.py``:
the cases are now the hypothesis differential tests themselves (0-d, empty, NaN/inf, signed zero,
complex infinities, broadcasting), each run eagerly, replayed and as emitted source.
"""

from __future__ import annotations

import pathlib
import re

from ivy.registry import API
from tests.functional.helpers import NOT_TRACEABLE

HERE = pathlib.Path(__file__).parent

# functions no functional test calls three ways yet, and why
NOT_COVERED: dict[str, str] = {
    **{p: f"the same dispatcher as ivy.{p[7:]} (ivy.linalg.{p[7:]} is ivy.{p[7:]}), which runs "
          "three ways" for p in ("linalg.matmul", "linalg.matrix_transpose", "linalg.tensordot",
                                 "linalg.vecdot")},
}


def _exercised() -> set:
    found = set()
    for f in HERE.glob("test_*.py"):
        if f.name == pathlib.Path(__file__).name:
            continue
        text = f.read_text()
        found |= set(re.findall(r"\bapi\.((?:linalg\.|fft\.)?[A-Za-z_][A-Za-z0-9_]*)\b", text))
        for tpl in re.findall(r"getattr\(api, f[\"']([^\"']+)[\"']\)", text):  # f"conv{nd}d"
            for nd in "123":
                for kind in ("max", "avg"):
                    found.add(tpl.replace("{nd}", nd).replace("{kind}", kind))
        if "getattr(api" in text:  # table-driven: the names the table holds
            ns = "linalg." if "getattr(api.linalg" in text else \
                "fft." if "getattr(api.fft" in text else ""
            names = re.findall(r"[\"']([A-Za-z_][A-Za-z0-9_]*)[\"']", text)
            names += re.findall(r"^def case_([A-Za-z0-9_]+)\(", text, re.M)  # case_<fn> tables
            for name in names:
                for path in (name, ns + name):
                    if path in API:
                        found.add(path)
    return found


def test_every_api_function_runs_three_ways_or_is_excluded():
    api = {p for p, f in API.items() if hasattr(f, "ivy_source") or p in NOT_TRACEABLE}
    missing = api - _exercised() - set(NOT_TRACEABLE) - set(NOT_COVERED)
    assert not missing, ("call these through tests.functional.helpers.api in a functional test, "
                         f"or state why not in NOT_COVERED: {sorted(missing)}")
    assert not set(NOT_COVERED) & _exercised(), "remove from NOT_COVERED: now exercised"
