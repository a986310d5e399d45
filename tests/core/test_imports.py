"""The import graph of ``ivy/``: no cycles among module-level imports, and no function-local
import used to dodge one.

The graph is built statically with ``ast``: an edge A -> B for each ``import``/``from ... import``
executed when A is imported (module level, including ``if``/``try`` blocks and class bodies; not
``if TYPE_CHECKING:``). ``from pkg import name`` is an edge to ``pkg.name`` when that is a module
of ``ivy/``, else to ``pkg``. A parent package is not an implicit dependency of its sub-modules
(Python imports it first, but a package's ``__init__`` importing its own sub-modules is the
ordinary shape, not a cycle).

A function-local import "dodges a cycle" when its target reaches the importing module through
module-level imports: importing it at the top would make a cycle. Those are failures unless
listed in ``ALLOWED_DODGES`` with the reason.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "ivy"

# (importer, imported) -> why the import stays function-local. Keep this short: each entry is a
# cycle waiting to be untangled (and test_allowed_dodges_are_still_needed flags fixed ones).
ALLOWED_DODGES: dict[tuple[str, str], str] = {}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    mods = {_module_name(p): p for p in PKG.rglob("*.py")}
    for ext in ("*.so", "*.pyd"):  # compiled extensions (ivy._dispatch): leaves of the graph
        for p in PKG.rglob(ext):
            rel = p.relative_to(ROOT)
            mods.setdefault(".".join([*rel.parts[:-1], p.name.partition(".")[0]]), p)
    return mods


def _is_package(mods: dict[str, Path], name: str) -> bool:
    p = mods.get(name)
    return p is not None and p.name == "__init__.py"


def _targets(node, current: str, mods: dict[str, Path]) -> list[str]:
    """The ivy modules an import statement imports (empty for other packages)."""
    out = []
    if isinstance(node, ast.Import):
        for a in node.names:
            if a.name == "ivy" or a.name.startswith("ivy."):
                name = a.name
                while name not in mods and "." in name:
                    name = name.rpartition(".")[0]
                out.append(name)
        return out
    if node.level:
        base = current if _is_package(mods, current) else current.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        pkg = f"{base}.{node.module}" if node.module else base
    else:
        pkg = node.module or ""
    if not (pkg == "ivy" or pkg.startswith("ivy.")):
        return out
    for a in node.names:
        sub = f"{pkg}.{a.name}"
        out.append(sub if sub in mods else pkg)
    return [t for t in out if t in mods]


class _Collector(ast.NodeVisitor):
    def __init__(self, current: str, mods):
        self.current, self.mods = current, mods
        self.top: set[str] = set()
        self.local: list[tuple[str, int]] = []
        self.depth = 0

    def _add(self, node):
        for t in _targets(node, self.current, self.mods):
            if t == self.current:
                continue
            if self.depth:
                self.local.append((t, node.lineno))
            else:
                self.top.add(t)

    visit_Import = _add
    visit_ImportFrom = _add

    def _function(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_If(self, node):
        t = node.test
        if (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
                isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"):
            for n in node.orelse:
                self.visit(n)
            return
        self.generic_visit(node)


def import_graph():
    """``(module-level edges, function-local imports)`` of every module of ``ivy/``."""
    mods = _modules()
    top: dict[str, set[str]] = {}
    local: dict[str, list[tuple[str, int]]] = {}
    for name, path in mods.items():
        if path.suffix != ".py":
            top[name], local[name] = set(), []
            continue
        c = _Collector(name, mods)
        c.visit(ast.parse(path.read_text(), str(path)))
        top[name], local[name] = c.top, c.local
    return top, local


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def _reaches(graph, start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        v = todo.pop()
        if v == goal:
            return True
        if v not in seen:
            seen.add(v)
            todo.extend(graph.get(v, ()))
    return False


def _shortest_cycle(graph, comp: list[str]) -> list[str]:
    inside = set(comp)
    start = comp[0]
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph.get(v, ())):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return [*reversed(path), start]
                if w in inside and w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return comp


def cycle_dodges(top, local) -> list[tuple[str, str, int]]:
    """Function-local imports whose target reaches the importer through module-level imports.
    ``ivy/__init__`` (the package, which imports everything) does not count as a path."""
    graph = {k: {t for t in v if t != "ivy"} for k, v in top.items()}
    out = []
    for mod, imports in local.items():
        for target, line in imports:
            if target != "ivy" and _reaches(graph, target, mod):
                out.append((mod, target, line))
    return out


def test_no_cycles_among_module_level_imports():
    top, _ = import_graph()
    cycles = _cycles(top)
    msgs = [" -> ".join(_shortest_cycle(top, c)) + f"   (component: {', '.join(c)})"
            for c in cycles]
    assert not cycles, "module-level import cycles in ivy/:\n" + "\n".join(msgs)


def test_no_function_local_imports_dodging_cycles():
    top, local = import_graph()
    dodges = sorted({d for d in cycle_dodges(top, local) if (d[0], d[1]) not in ALLOWED_DODGES})
    msgs = [f"{m} (line {line}) imports {t} inside a function: {t} imports {m} back"
            for m, t, line in dodges]
    assert not dodges, "function-local imports dodging a cycle:\n" + "\n".join(msgs)


def test_allowed_dodges_are_still_needed():
    top, local = import_graph()
    found = {(m, t) for m, t, _ in cycle_dodges(top, local)}
    stale = [k for k in ALLOWED_DODGES if k not in found]
    assert not stale, f"ALLOWED_DODGES entries no longer needed: {stale}"


def test_graph_sees_known_edges():
    """A guard on the scanner itself: it must see the imports it is meant to check."""
    top, local = import_graph()
    assert "ivy.func_wrapper" in top["ivy.backend_handler"]
    assert "ivy.registry" in top["ivy.func_wrapper"]
    assert "ivy.functional.backends._shared.nn" in top["ivy.functional.backends.jax.nn"]
    assert any(local.values())


@pytest.mark.parametrize("module", ["ivy", "ivy.functional.backends",
                                    "ivy.functional.backends.descriptors"])
def test_importing_imports_no_ml_framework(module):
    code = (f"import sys, importlib; importlib.import_module({module!r}); "
            "print(sorted(m for m in ('torch', 'jax', 'tensorflow') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       env={"PATH": "", "PYTHONPATH": str(ROOT)}, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip().splitlines()[-1] == "[]"


if __name__ == "__main__":  # python tests/core/test_imports.py: print the findings
    top, local = import_graph()
    for c in _cycles(top):
        print("cycle:", " -> ".join(_shortest_cycle(top, c)))
    for m, t, line in cycle_dodges(top, local):
        print(f"dodge: {m}:{line} -> {t}")
    n = sum(len(v) for v in local.values())
    print(f"{len(top)} modules, {sum(len(v) for v in top.values())} module-level edges, "
          f"{n} function-local imports")
