#!/usr/bin/env python3
"""Install a worker image's dependencies from pyproject.toml's extras (the one source of truth).

    python docker/install_deps.py --backend torch --variant cuda [--dry-run]

The requirement strings are read from `[project].dependencies` and the `serve` and `<backend>`
extras. The CPU variant installs them as written, except that torch comes from PyTorch's CPU index
(PyPI's Linux torch wheel is a CUDA build). The CUDA variant swaps each framework's CPU requirement
for its CUDA build, keeping pyproject's version constraint, by these explicit rules:

    torch==X            -> torch==X          from TORCH_INDEX_URL (default PyTorch's cu128 index)
    jax[cpu]<spec>      -> jax[cuda12]<spec> (PyPI: jaxlib + the CUDA 12 plugin and NVIDIA wheels)
    tensorflow-cpu<spec> -> tensorflow[and-cuda]<spec> (PyPI: tensorflow + its NVIDIA wheels)

numpy needs no swap (the numpy backend runs on the CPU only). `--dry-run` prints the pip commands.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path

BACKENDS = ("numpy", "torch", "jax", "tensorflow")
VARIANTS = ("cpu", "cuda")
TORCH_INDEX = {
    "cpu": "https://download.pytorch.org/whl/cpu",
    "cuda": "https://download.pytorch.org/whl/cu128",
}

_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$")


def _load(pyproject: Path) -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: tomllib arrived in 3.11
        import tomli as tomllib  # type: ignore[no-redef]
    with open(pyproject, "rb") as f:
        return tomllib.load(f)


def split(req: str) -> tuple[str, str, str]:
    """'jax[cpu]>=0.4' -> ('jax', '[cpu]', '>=0.4')."""
    m = _NAME.match(req)
    if not m:
        raise ValueError(f"cannot parse requirement {req!r}")
    return m.group(1), m.group(2) or "", m.group(3).strip()


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirements(pyproject: Path, backend: str) -> tuple[list[str], list[str]]:
    """(core + serve requirements, the backend extra's requirements) as written in pyproject."""
    project = _load(pyproject)["project"]
    extras = project.get("optional-dependencies", {})
    base = list(project.get("dependencies", [])) + list(extras["serve"])
    framework = [] if backend == "numpy" else list(extras[backend])
    if backend != "numpy" and not framework:
        raise SystemExit(f"pyproject.toml has no [{backend}] extra")
    return base, framework


def cuda_swap(req: str) -> str:
    """The CUDA build of one framework requirement (explicit rules, see the module docstring)."""
    name, extra, spec = split(req)
    n = _norm(name)
    if n == "jax":
        return f"jax[cuda12]{spec}"
    if n == "tensorflow-cpu" or n == "tensorflow":
        return f"tensorflow[and-cuda]{spec}"
    if n == "torch":
        return f"torch{spec}"
    return req


def plan(pyproject: Path, backend: str, variant: str, torch_index_url: str = "") -> list[list[str]]:
    """The pip commands (argv lists, without the interpreter) that install the image's deps."""
    if backend not in BACKENDS:
        raise SystemExit(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if variant not in VARIANTS:
        raise SystemExit(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    base, framework = requirements(pyproject, backend)
    pip = ["-m", "pip", "install", "--no-cache-dir"]
    steps: list[list[str]] = []
    torch_reqs = [r for r in framework if _norm(split(r)[0]) == "torch"]
    others = [r for r in framework if r not in torch_reqs]
    if torch_reqs:
        # torch first, alone, from PyTorch's index for the variant (as PyTorch's install guide does);
        # the later PyPI step then finds the constraint already satisfied and keeps this build.
        index = torch_index_url or TORCH_INDEX[variant]
        steps.append(pip + ["--index-url", index] + [cuda_swap(r) for r in torch_reqs])
    if variant == "cuda":
        others = [cuda_swap(r) for r in others]
    steps.append(pip + base + others + torch_reqs)
    return steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pyproject", type=Path, default=Path("pyproject.toml"))
    ap.add_argument("--backend", required=True, choices=BACKENDS)
    ap.add_argument("--variant", default="cpu", choices=VARIANTS)
    ap.add_argument("--torch-index-url", default="", help="override PyTorch's index for the variant")
    ap.add_argument("--dry-run", action="store_true", help="print the pip commands, run nothing")
    args = ap.parse_args(argv)
    for step in plan(args.pyproject, args.backend, args.variant, args.torch_index_url):
        cmd = [sys.executable, *step]
        print("+", shlex.join(cmd), flush=True)
        if not args.dry_run:
            subprocess.run(cmd, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
