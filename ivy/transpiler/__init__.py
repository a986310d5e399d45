"""The transpiler: functions, models and libraries converted between NumPy, PyTorch, JAX and
TensorFlow (and framework-agnostic Ivy code), as standalone, verified source. See
docs/transpiler.md.

Layout (each module imports only the ones before it):

* :mod:`.errors` — ``TranspileError`` (names the operation and the user's line);
* :mod:`.frameworks` — the four frameworks' arrays: detection, NumPy conversion, comparison;
* :mod:`.capture` — one module per source framework, one contract (``Captured``);
* :mod:`.models` — the result as a target-native model, gradients in the target;
* :mod:`.api` — ``transpile``, ``Transpiled``, ``transpile_code``; :mod:`.cli` — ``ivy-transpile``.
"""

from .api import (
                  LazyModule,
                  Report,
                  Transpiled,
                  infer_source,
                  inputs_from_specs,
                  load_code,
                  parse_spec,
                  transpile,
                  transpile_code,
)
from .errors import TranspileError

__all__ = ["LazyModule", "Report", "TranspileError", "Transpiled", "infer_source",
           "inputs_from_specs", "load_code", "parse_spec", "transpile", "transpile_code"]
