"""Pictures of a graph: Graphviz DOT text, and SVG (through ``dot`` when it is installed, otherwise
laid out here: nodes in layers by depth, edges as arrows), optionally inside an HTML page."""

from __future__ import annotations

import html
import os
import shutil
import subprocess

from .ir import CALL, CONSTANT, INPUT, Ref, Sub, iter_refs

_COLORS = {INPUT: "#d4f4dd", CONSTANT: "#eeeeee", CALL: "#dde8ff", "output": "#ffe6cc"}


def _outs(n) -> str:
    return ", ".join(f"{d}[{', '.join('?' if s is None else str(s) for s in (shp or ()))}]"
                     for shp, d in n.outputs)


def _label_lines(n) -> list[str]:
    if n.op == INPUT:
        return [f"input {n.name}", _outs(n)]
    if n.op == CONSTANT:
        v = n.value
        extra = [repr(v.item())[:24]] if v.size == 1 else []
        return [f"constant {n.name}", _outs(n), *extra]
    return [n.name, _call_text(n), _outs(n)]


def _short(v) -> str:

    if v.__class__ is Ref:
        return "\u00b7"  # a value flowing in (drawn as an edge)
    if v.__class__ is Sub:
        return "\u03bb"  # a traced callable (a sub-graph; drawn as part of this box)
    if isinstance(v, (tuple, list)):
        inner = ", ".join(_short(e) for e in v)
        return f"({inner})" if isinstance(v, tuple) else f"[{inner}]"
    if isinstance(v, slice):
        text = ("" if v.start is None else str(v.start)) + ":" + \
            ("" if v.stop is None else str(v.stop))
        return text + ("" if v.step is None else f":{v.step}")
    if v is Ellipsis:
        return "..."
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def _call_text(n) -> str:
    parts = [_short(a) for a in n.args]
    parts += [f"{k}={_short(v)}" for k, v in n.kwargs.items() if v is not None]
    text = f"ivy.{n.target}({', '.join(parts)})"
    return text if len(text) <= 44 else text[:41] + "...)"


def _edges(graph):
    """(from node, to node or 'output', label) for every value flowing."""
    out = []
    for i, n in enumerate(graph.nodes):
        seen = set()
        for r in iter_refs((n.args, n.kwargs)):
            if (r.node, r.index) in seen:
                continue
            seen.add((r.node, r.index))
            src = graph.nodes[r.node]
            lab = f"[{r.index}]" if len(src.outputs) > 1 else ""
            out.append((r.node, i, lab))
    for r in iter_refs(graph.output):
        src = graph.nodes[r.node]
        out.append((r.node, "output", f"[{r.index}]" if len(src.outputs) > 1 else ""))
    return out


def to_dot(graph) -> str:
    def q(s):
        return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"digraph {q(graph.name)} {{", "  rankdir=TB;",
             '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];']
    for i, n in enumerate(graph.nodes):
        shape = "ellipse" if n.op == INPUT else "box"
        label = "\\n".join(s.replace('"', "'") for s in _label_lines(n))
        lines.append(f'  n{i} [label="{label}", shape={shape}, fillcolor="{_COLORS[n.op]}"];')
    lines.append(f'  output [label="output", shape=doubleoctagon, fillcolor="{_COLORS["output"]}"];')
    for a, b, lab in _edges(graph):
        dst = "output" if b == "output" else f"n{b}"
        lines.append(f"  n{a} -> {dst}" + (f' [label="{lab}"]' if lab else "") + ";")
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_svg(graph) -> str:
    """SVG text of the graph: Graphviz when available, else Ivy's own layered layout."""
    dot = shutil.which("dot")
    if dot:
        try:
            r = subprocess.run([dot, "-Tsvg"], input=to_dot(graph).encode(), capture_output=True,
                               timeout=60, check=True)
            return r.stdout.decode()
        except (subprocess.SubprocessError, OSError):
            pass
    return _own_svg(graph)


def _own_svg(graph) -> str:
    edges = _edges(graph)
    n = len(graph.nodes)
    depth = [0] * n
    for a, b, _ in edges:  # nodes are in execution order, so one sweep gives longest paths
        if b != "output":
            depth[b] = max(depth[b], depth[a] + 1)
    out_depth = 1 + max((depth[a] for a, b, _ in edges if b == "output"), default=0)
    layers: dict[int, list] = {}
    for i in range(n):
        layers.setdefault(depth[i], []).append(i)
    layers.setdefault(out_depth, []).append("output")
    W, H, GX, GY, PAD = 210, 54, 24, 46, 20
    width = PAD * 2 + max(len(v) for v in layers.values()) * (W + GX)
    pos = {}
    for d, items in layers.items():
        row_w = len(items) * (W + GX) - GX
        x0 = (width - row_w) / 2
        for k, item in enumerate(items):
            pos[item] = (x0 + k * (W + GX), PAD + d * (H + GY))
    height = PAD * 2 + (out_depth + 1) * (H + GY)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica,Arial,sans-serif" '
             'font-size="11">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>'
             '</defs>', f"<title>{html.escape(graph.name)}</title>"]
    for a, b, lab in edges:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        parts.append(f'<line x1="{x1 + W / 2:.1f}" y1="{y1 + H:.1f}" x2="{x2 + W / 2:.1f}" '
                     f'y2="{y2:.1f}" stroke="#555" marker-end="url(#arrow)"/>')
        if lab:
            parts.append(f'<text x="{(x1 + x2) / 2 + W / 2 + 4:.1f}" y="{(y1 + H + y2) / 2:.1f}" '
                         f'fill="#555">{html.escape(lab)}</text>')
    for item, (x, y) in pos.items():
        if item == "output":
            lines, color = ["output"], _COLORS["output"]
        else:
            node = graph.nodes[item]
            lines, color = _label_lines(node), _COLORS[node.op]
        rx = 27 if item != "output" and graph.nodes[item].op == INPUT else 6
        parts.append(f'<g><rect x="{x:.1f}" y="{y:.1f}" width="{W}" height="{H}" rx="{rx}" '
                     f'fill="{color}" stroke="#333"/>')
        for k, text in enumerate(lines[:3]):
            ty = y + H / 2 + (k - (len(lines[:3]) - 1) / 2) * 14 + 4
            weight = ' font-weight="bold"' if k == 0 else ""
            parts.append(f'<text x="{x + W / 2:.1f}" y="{ty:.1f}" text-anchor="middle"{weight}>'
                         f"{html.escape(text[:34])}</text>")
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def save_svg(graph, path) -> str:
    path = os.fspath(path)
    svg = to_svg(graph)
    if path.endswith((".html", ".htm")):
        svg = (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>"
               f"{html.escape(graph.name)}</title></head><body>\n<h3>{html.escape(repr(graph))}"
               f"</h3>\n{svg}</body></html>\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)
    return path
