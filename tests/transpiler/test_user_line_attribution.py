"""A refusal quotes the user's own line wherever the user's code lives (issue 39).

Which frames are Ivy's is decided by the real folders of Ivy's and the frameworks' packages
(``ivy._frames``), not by a path substring: user code in a folder named ``ivy`` (a clone of this
repository, its examples, a project called ivy) used to be skipped, and the error named the
caller's line or ``<string>:8``. For every source framework a refused program is placed in a
folder named ``ivy``, in a plain temporary folder, in a ``site-packages`` folder on ``sys.path``,
in a notebook cell (IPython's ``<ipython-input-…>`` and ipykernel's ``/tmp/ipykernel_…/….py``)
and in code submitted as a string (``transpile_code``); the error must quote the refused line.
The tracer's refusals (``ivy.trace_graph``) are checked the same way."""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import linecache
import sys
import textwrap
import types

import numpy as np
import pytest

import ivy
from ivy import _frames
from ivy.tracer import TraceError, trace_graph
from ivy.transpiler import TranspileError, transpile_code

_N = itertools.count()

# source -> (the program, its refused line, the example inputs)
PROGRAMS = {
    "numpy": ('''
        import numpy as np


        def refused(x):
            y = x * 2.0
            return y + np.random.normal(size=x.shape)
        ''', "return y + np.random.normal(size=x.shape)",
        lambda: (np.ones(3),)),
    "jax": ('''
        import jax.numpy as jnp


        def refused(a):
            b = a + 0.0
            return jnp.linalg.eigh(b)[1]
        ''', "return jnp.linalg.eigh(b)[1]",
        lambda: (np.array([[2.0, 0.5, 0.0], [0.5, 3.0, 0.2], [0.0, 0.2, 4.0]], np.float32),)),
    "torch": ('''
        def refused(x):
            x = x + 0.0
            while x.sum() < 10:
                x = x * 2
            return x
        ''', "while x.sum() < 10:",
        lambda: (np.array([0.5, 1.0], np.float32),)),
    "tensorflow": ('''
        import tensorflow as tf

        B = tf.Variable(0.0, name="b_attribution")


        def refused(x):
            def yes():
                B.assign_add(1.0)
                return x * 2.0
            return tf.cond(tf.reduce_sum(x) > 0, yes, lambda: x - 1.0)
        ''', "B.assign_add(1.0)",
        lambda: (np.array([1.0, 2.0, 3.0], np.float32),)),
    "tensorflow-loop": ('''
        import tensorflow as tf


        def refused(x):
            def body(v):
                return (tf.concat([v, v[-1:] * 0.5], axis=0),)
            return tf.while_loop(lambda v: tf.reduce_sum(tf.abs(v[-1])) > 0.1, body, (x,),
                                 shape_invariants=(tf.TensorShape([None, 3]),))[0]
        ''', "return tf.while_loop(lambda v: tf.reduce_sum(tf.abs(v[-1])) > 0.1, body, (x,),",
        lambda: (np.full((2, 3), 2.0, np.float32),)),
}

PLACES = ("folder-named-ivy", "nested-ivy-clone", "tmp", "site-packages", "ipython-input",
          "ipykernel-cell", "code-string")


def _source(case):
    return case.split("-")[0]


def _code(case, where=None):
    """The program's text; placed somewhere, it starts with as many comment lines as the place's
    index, so that no two placements are the same text at the same lines (TensorFlow reuses the
    traceback of an identical function at identical lines: the file named would be the first
    copy's, e.g. the ivy folder's for the temporary folder's, though the line is the same)."""
    head = "".join(f"# {where}\n" for _ in range(PLACES.index(where))) if where else ""
    return head + textwrap.dedent(PROGRAMS[case][0]).lstrip()


def _import_file(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _notebook_cell(code, filename, name):
    """What IPython does with a cell: its text is put in linecache under the cell's file name
    (no such file exists) and the compiled code runs in the session's namespace."""
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    mod = types.ModuleType(name)
    exec(compile(code, filename, "exec"), mod.__dict__)  # noqa: S102 - the test's own code
    return mod, filename


@pytest.fixture
def place_code(tmp_path, monkeypatch):
    """``place_code(code, place)`` → the module of ``code`` placed as ``place`` says and the
    file name its frames carry."""
    def place(code, where):
        name = f"ivy_attr_user_{next(_N)}"
        if where == "folder-named-ivy":  # e.g. ~/ivy/lt.py
            d = tmp_path / "ivy"
        elif where == "nested-ivy-clone":  # e.g. a clone of this repository: ~/ivy/examples/
            d = tmp_path / "ivy" / "examples"
        elif where == "tmp":
            d = tmp_path / "work"
        elif where == "site-packages":
            d = tmp_path / "lib" / "python3.11" / "site-packages"
        elif where == "ipython-input":
            return _notebook_cell(code, f"<ipython-input-{next(_N)}-0123456789ab>", name)
        elif where == "ipykernel-cell":
            return _notebook_cell(code, str(tmp_path / "ipykernel_123" / f"{next(_N)}.py"), name)
        else:
            raise AssertionError(where)
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{name}.py").write_text(code)
        if where == "site-packages":
            monkeypatch.syspath_prepend(str(d))
            mod = importlib.import_module(name)
        else:
            mod = _import_file(d / f"{name}.py", name)
        monkeypatch.setitem(sys.modules, name, mod)
        return mod, mod.__file__
    return place


@pytest.mark.parametrize("where", PLACES)
@pytest.mark.parametrize("case", list(PROGRAMS))
def test_a_refusal_quotes_the_users_line(case, where, place_code):
    source = _source(case)
    pytest.importorskip({"numpy": "numpy", "jax": "jax", "torch": "torch",
                         "tensorflow": "tensorflow"}[source])
    code, line, inputs = _code(case, where), PROGRAMS[case][1], PROGRAMS[case][2]()
    target = "jax" if source == "numpy" else "numpy"
    with pytest.raises(TranspileError) as e:
        if where == "code-string":
            filename = "<transpile refused "
            transpile_code(code, "refused", source=source, target=target, args=inputs)
        else:
            mod, filename = place_code(code, where)
            ivy.transpile(mod.refused, source=source, target=target, args=inputs)
    at = e.value.line or ""
    assert at.startswith(filename) and at.endswith(": " + line), str(e.value)
    assert line in str(e.value)


def test_code_string_keeps_its_given_filename():
    """``transpile_code(..., options={"filename": …})``, as the service names submitted code."""
    code, line, inputs = _code("torch"), PROGRAMS["torch"][1], PROGRAMS["torch"][2]()
    with pytest.raises(TranspileError) as e:
        transpile_code(code, "refused", source="torch", target="numpy", args=inputs,
                       options={"filename": "submitted.py"})
    assert (e.value.line or "").startswith("submitted.py:3: ") and line in e.value.line


TRACED = '''
import ivy


def refused(x):
    y = x + 1.0
    if ivy.sum(y) > 0:
        return y
    return -y
'''


@pytest.mark.parametrize("where", [p for p in PLACES if p != "code-string"])
def test_a_tracer_refusal_quotes_the_users_line(where, place_code):
    mod, filename = place_code(TRACED.lstrip(), where)
    with pytest.raises(TraceError, match=r"bool\(\)") as e:
        trace_graph(mod.refused, np.ones(3, np.float32))
    assert f"{filename}:6: if ivy.sum(y) > 0" in str(e.value), str(e.value)


# -- the helper itself ---------------------------------------------------------------------------
def test_is_user_file_goes_by_the_packages_real_folders(tmp_path):
    assert not _frames.is_user_file(ivy.__file__)
    assert not _frames.is_user_file(ivy.transpiler.__file__)
    assert not _frames.is_user_file(np.__file__)
    assert not _frames.is_user_file(importlib.__file__)  # the standard library
    assert not _frames.is_user_file("<frozen importlib._bootstrap>")
    assert not _frames.is_user_file("<ivy dispatcher add>")
    for user in (tmp_path / "ivy" / "lt.py", tmp_path / "ivy" / "ivy" / "x.py",
                 tmp_path / "site-packages" / "mine.py", tmp_path / "ivy_examples" / "a.py"):
        assert _frames.is_user_file(str(user)), user
    # a sibling of Ivy's package whose name starts with "ivy" (the clone's ivy_examples/)
    assert _frames.is_user_file(_frames.IVY_DIR + "_examples/a.py")
    assert _frames.is_user_file(str(tmp_path / "ivy" / ".." / "ivy" / "lt.py"))
    for pseudo in ("<string>", "<stdin>", "<ipython-input-3-0123456789ab>",
                   "<transpile f 0123456789ab>", "submitted.py"):
        assert _frames.is_user_file(pseudo), pseudo


def test_a_link_into_ivys_package_is_ivys(tmp_path):
    link = tmp_path / "ivy_link"
    link.symlink_to(_frames.IVY_DIR, target_is_directory=True)
    assert not _frames.is_user_file(str(link / "__init__.py"))
