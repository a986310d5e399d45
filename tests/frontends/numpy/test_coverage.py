"""The coverage table is computed from the tests' registry; every covered name exists."""

import ivy.frontends.numpy as fnp

from . import coverage


def test_coverage_rows():
    rows = coverage.rows()
    names = {q for q, _, _ in rows}
    assert "numpy.add" in names and "numpy.linalg.inv" in names and "numpy.fft.fft" in names
    assert "numpy.random.Generator.normal" in names
    status = dict((q, s) for q, s, _ in rows)
    assert status["numpy.add"] == "implemented"
    assert status["numpy.save"] == "excluded"
    for q, s, _ in rows:
        if s == "implemented":  # the frontend really has it
            obj = fnp
            parts = q.split(".")[1:]
            if parts[0] == "random" and parts[1] == "Generator":
                obj, parts = fnp.random.Generator, parts[2:]
            for p in parts:
                obj = getattr(obj, p)
    impl = sum(s == "implemented" for _, s, _ in rows)
    todo = sum(s == "not implemented" for _, s, _ in rows)
    assert impl / (impl + todo) > 0.8
