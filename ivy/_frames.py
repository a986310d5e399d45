"""Which stack frames are Ivy's own (or a framework's) and which are the user's.

Decided by the real folders of the packages' modules (``ivy.__file__``'s folder, the frameworks'
``find_spec`` locations, the standard library's), never by a substring of a path: user code in a
folder named ``ivy`` (a clone of this repository, its examples, a project called ivy), in a
temporary directory, in a ``site-packages`` folder, in a notebook cell or in code submitted as a
string is the user's. Every place that names "the user's line" goes through :func:`user_line`
or :func:`is_user_file`. Imports nothing of Ivy.
"""

from __future__ import annotations

import functools
import importlib.util
import linecache
import os
import sysconfig

IVY_DIR = os.path.dirname(os.path.abspath(__file__))

# Ivy's other packages (the service and its client) and the frameworks, their helpers and the
# test runner: frames in them are never the user's line.
LIBRARIES = ("ivy_server", "ivy_client", "torch", "functorch", "jax", "jaxlib", "tensorflow",
             "keras", "tf_keras", "numpy", "ml_dtypes", "optree", "_pytest", "pluggy")

# Pseudo file names of code that is the user's: exec'd/compiled strings, transpile_code's
# ``<transpile …>``, IPython's ``<ipython-input-3-…>`` cells, the REPL. Other ``<…>`` names
# (``<frozen importlib…>``, ``<ivy dispatcher…>``, ``<__array_function__ internals>``) are not.
USER_PSEUDO = ("<string", "<transpile", "<ipython-input", "<stdin", "<console", "<input",
               "<cell")


def _forms(d: str) -> list[str]:
    """``d`` as written and with its links resolved, each with a trailing separator (so that
    ``…/ivy`` does not match ``…/ivy_examples``)."""
    return list(dict.fromkeys((os.path.abspath(d) + os.sep, os.path.realpath(d) + os.sep)))


def package_dirs(names) -> list[str]:
    """The source folders (with a trailing separator) of the installed packages ``names``
    (found, not imported)."""
    dirs = []
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.submodule_search_locations:
            for d in spec.submodule_search_locations:
                dirs.extend(_forms(d))
    return list(dict.fromkeys(dirs))


@functools.cache
def library_dirs(extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Ivy's package folder, the folders of :data:`LIBRARIES` and of ``extra``."""
    return tuple(dict.fromkeys([*_forms(IVY_DIR), *package_dirs(LIBRARIES + tuple(extra))]))


@functools.cache
def _stdlib() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The standard library's folders, and the site-packages folders that may lie inside them
    (a Python installed without a venv keeps site-packages under ``lib/python3.X``)."""
    std = [*_forms(os.path.dirname(os.__file__))]
    if sysconfig.get_path("stdlib"):
        std += _forms(sysconfig.get_path("stdlib"))
    site = []
    for key in ("purelib", "platlib"):
        if sysconfig.get_path(key):
            site += _forms(sysconfig.get_path(key))
    try:
        import site as _site
        for d in _site.getsitepackages():
            site += _forms(d)
    except Exception:  # noqa: BLE001 - some embedded interpreters lack getsitepackages
        pass
    return tuple(dict.fromkeys(std)), tuple(dict.fromkeys(site))


@functools.lru_cache(maxsize=8192)
def is_user_file(filename: str) -> bool:
    """Whether code compiled from ``filename`` is the user's: not in Ivy's packages, a
    framework's, the test runner's or the standard library (a notebook cell, a string, a
    temporary or ``site-packages`` folder, a folder named ``ivy``: the user's)."""
    if not filename:
        return False
    if filename.startswith("<"):
        return filename.startswith(USER_PSEUDO)
    if not os.path.isabs(filename) and not os.path.exists(filename):
        return True  # a name given to submitted code (the service's ``submitted.py``)
    for path in dict.fromkeys((os.path.abspath(filename), os.path.realpath(filename))):
        if path.startswith(library_dirs()):
            return False
        std, site = _stdlib()
        if path.startswith(std) and not path.startswith(site):
            return False
    return True


def _text(fr) -> str:
    filename = getattr(fr, "filename", None) or getattr(fr, "file_name", "")
    lineno = getattr(fr, "lineno", None) or getattr(fr, "start_line", 0)
    code = getattr(fr, "line", None) or linecache.getline(filename, lineno)
    return f"{filename}:{lineno}: {(code or '').strip()}"


def user_line(frames, innermost_first: bool = False) -> str | None:
    """``file:line: code`` of the innermost user frame of ``frames`` (``traceback`` summaries,
    TensorFlow's op tracebacks or JAX's frames: anything with ``filename``/``lineno`` or
    ``file_name``/``start_line``), outermost first unless ``innermost_first``; ``None`` when
    every frame is Ivy's or a library's."""
    frames = list(frames)
    for fr in (frames if innermost_first else reversed(frames)):
        filename = getattr(fr, "filename", None) or getattr(fr, "file_name", "")
        if is_user_file(filename):
            return _text(fr)
    return None


__all__ = ["IVY_DIR", "LIBRARIES", "is_user_file", "library_dirs", "package_dirs", "user_line"]
