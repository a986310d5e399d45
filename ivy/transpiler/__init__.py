"""The transpiler: functions, models and libraries converted between NumPy, PyTorch, JAX and
TensorFlow (and framework-agnostic Ivy code), as standalone, verified source. See
docs/transpiler.md.

Layout (each module imports only the ones before it):

* :mod:`.errors` — ``TranspileError`` (names the operation and the user's line);
* :mod:`.frameworks` — the four frameworks' arrays: detection, NumPy conversion, comparison;
* :mod:`.capture` — one module per source framework, one contract (``Captured``);
* :mod:`.models` — the result as a target-native model, gradients in the target;
* :mod:`.variants` — the emitted code loaded as a function, transpiled again per input signature;
* :mod:`.verify` — the emitted code checked against the source (example, second draw, gradient);
* :mod:`.api` — ``transpile``, ``Transpiled``, ``LazyModule`` (the orchestration);
* :mod:`.service` — ``transpile_code``, ``load_code``, input specs; :mod:`.cli` — ``ivy-transpile``.
"""

from .api import LazyModule, Report, Transpiled, infer_source, transpile
from .errors import TranspileError
from .service import dynamic_of_specs, inputs_from_specs, load_code, parse_spec, transpile_code

__all__ = ["LazyModule", "Report", "TranspileError", "Transpiled", "infer_source",
           "dynamic_of_specs", "inputs_from_specs", "load_code", "parse_spec", "transpile",
           "transpile_code"]
