"""The frontend test kit (``tests/frontends/kit.py``) bound to PyTorch.

Arguments: :class:`T` (a tensor: ``torch.from_numpy`` / ``ft.tensor`` of its NumPy array),
:class:`D` (a dtype by name). Paths: "add", "nn.functional.relu", "Tensor.add" (a method on
args[0]), "Tensor.add_" and "add_" (in-place: compared with ``self`` after the call). Results
compare by dtype, shape, values (NaN == NaN) and that the data is the backend's native array.
``COVERED`` is what ``scripts/frontend_coverage.py`` counts as implemented.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import torch as real
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft
from tests.frontends import kit
from tests.frontends.kit import (  # noqa: F401 - re-exported
    NOT_A_LEAF,
    SpecBase,
    a,
    examples,
    shapes,  # noqa: F401 - the test modules import it from here
)
from tests.frontends.kit import axis_for as dims_for  # noqa: F401 - re-exported


@dataclass
class T:
    """A tensor argument: built with torch.from_numpy / ft.tensor from ``a``."""
    a: np.ndarray

    def __repr__(self):
        return f"T({self.a.dtype}{list(self.a.shape)}: {self.a.tolist()!r})"


@dataclass
class D:
    """A dtype argument by name (``torch.float32`` on either side)."""
    name: str


class TorchFrontend(kit.Frontend):
    label = "torch"
    prefix = "torch."

    @staticmethod
    def _leaf(o, mod, tensor):
        if isinstance(o, T):
            return tensor(np.array(o.a, copy=True))
        if isinstance(o, D):
            return getattr(mod, o.name)
        return NOT_A_LEAF

    def real_leaf(self, o):
        return self._leaf(o, real, real.from_numpy)

    def front_leaf(self, o):
        return self._leaf(o, ft, ft.tensor)

    def call(self, root, path, args, kwargs):
        if path.startswith("Tensor."):
            name = path[7:]
            self_, rest = args[0], args[1:]
            if name.endswith("_") and not name.startswith("__"):
                self_ = self_.clone()
                r = getattr(self_, name)(*rest, **kwargs)
                return ("inplace", r is self_, self_)
            return getattr(self_, name)(*rest, **kwargs)
        if "." not in path and path.endswith("_") and not path.startswith("_") and args:
            # torch.<name>_(input, ...): in-place on input (compared like Tensor.<name>_)
            self_ = args[0].clone()
            r = kit.resolve(root, path)(self_, *args[1:], **kwargs)
            return ("inplace", r is self_, self_)
        return kit.resolve(root, path)(*args, **kwargs)

    def compare_array(self, got, exp, backend, rtol, atol, where):
        if not isinstance(exp, real.Tensor):
            return False
        assert isinstance(got, ft.Tensor), f"{where}: expected a Tensor, got {type(got)}"
        assert repr(got.dtype) == str(exp.dtype), f"{where}: dtype {got.dtype} != {exp.dtype}"
        assert tuple(got.shape) == tuple(exp.shape), \
            f"{where}: shape {tuple(got.shape)} != {tuple(exp.shape)}"
        assert ivy.backend_of(got._data).name == backend, \
            f"{where}: data is {type(got._data)}, not a {backend} array"
        e = exp.detach().resolve_conj().numpy() if exp.dtype != real.bfloat16 else \
            exp.float().numpy()
        g = got.numpy() if got.dtype.name != "bfloat16" else got.float().numpy()
        self.assert_close(g, e, got.dtype.name, backend, rtol, atol, where)
        return True

    def compare_value(self, got, exp, where):
        if not isinstance(exp, real.dtype):
            return False
        assert repr(got) == str(exp), f"{where}: {got} != {exp}"
        return True

    def compare_fields(self, got, exp, where):
        assert tuple(getattr(got, "_fields", exp._fields)) == tuple(exp._fields)

    def compare_type(self, got, exp, where):
        assert type(got) is type(exp) or isinstance(exp, (real.Size, tuple)), \
            f"{where}: type {type(got)} != {type(exp)}"


FRONTEND = TorchFrontend(real, ft, ("numpy", "jax", "torch"))
BACKENDS, ERRORS = FRONTEND.backends, FRONTEND.errors
COVERED: set = FRONTEND.covered  # "torch.add", "torch.Tensor.add_", "torch.nn.functional.relu"
covers, check, compare, run_spec = (FRONTEND.covers, FRONTEND.check, FRONTEND.compare,
                                    FRONTEND.run_spec)
to_real, to_front = FRONTEND.to_real, FRONTEND.to_front


# ------------------------------------------------------------------------------ strategies
FLOATS = ("float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8")
NUMERIC = ("bool",) + INTS + FLOATS
elements, arrays = FRONTEND.elements, FRONTEND.arrays
scalars = kit.scalars


def tensors(dtypes=FLOATS, shape=None, **kw):
    return FRONTEND.wrapped(T, dtypes, shape, **kw)


def tensor_pair(dtypes1=NUMERIC, dtypes2=None, **kw):
    """Two tensors of broadcastable shapes (dtypes drawn independently: promotion pairs)."""
    return FRONTEND.broadcastable_pair(T, dtypes1, dtypes2, **kw)


def operand_pair(dtypes=NUMERIC, scalar_kinds=("int", "float", "bool"), **kw):
    """(tensor, tensor) or (tensor, Python scalar) or (scalar, tensor) pairs."""
    one = st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw).map(T))
    return st.one_of(tensor_pair(dtypes, **kw), tensor_pair(dtypes, **kw),
                     st.tuples(one, scalars(scalar_kinds)))


# ------------------------------------------------------------------------------------ specs

@dataclass
class Spec(SpecBase):
    """One API function and a strategy for its (args, kwargs); ``method``/``inplace`` also test
    ``Tensor.name`` / ``Tensor.name_`` with the first argument as self."""
    path: str
    strategy: object
    method: bool = False
    inplace: bool = False
    rtol: float | None = None
    atol: float | None = None
    backends: tuple = BACKENDS
    extra: tuple = field(default_factory=tuple)  # additional names it covers (aliases)

    def __post_init__(self):
        root = "torch." + self.path
        covers(root, *("torch." + e for e in self.extra))
        name = self.path.rsplit(".", 1)[-1]
        # a method / in-place variant is tested where real torch has one
        self.method = self.method and hasattr(real.Tensor, name)
        self.inplace = self.inplace and hasattr(real.Tensor, name + "_")
        if self.method:
            covers(f"torch.Tensor.{name}")
        if self.inplace:
            covers(f"torch.Tensor.{name}_")
        # the namespace spelling torch.<name>_(input, ...) is tested where real torch has it
        self.ns_inplace = self.inplace and "." not in self.path and hasattr(real, name + "_")
        if self.ns_inplace:
            covers(f"torch.{name}_")

    def variants(self, args):
        if not (args and isinstance(args[0], T)):
            return ()
        name = self.path.rsplit(".", 1)[-1]
        return tuple(p for p, on in ((f"Tensor.{name}", self.method),
                                     (f"Tensor.{name}_", self.inplace),
                                     (f"{name}_", self.ns_inplace)) if on)


def edge_values(dt, n=7, seed=0):
    """``n`` values of torch dtype ``dt`` for differential tests of fast paths: the float edges
    (0, -0, NaN, +-inf) shuffled by ``seed``, complex from them, small integers (non-negative
    for unsigned dtypes), random bools."""
    g = real.Generator().manual_seed(seed)
    if dt is real.bool:
        return real.rand(n, generator=g) > 0.5
    if dt.is_floating_point or dt.is_complex:
        v = real.tensor([0.0, -0.0, 1.5, -2.25, float("nan"), float("inf"), -float("inf"), 3.0,
                          0.5])[:n]
        v = v[real.randperm(n, generator=g)]
        if dt.is_complex:
            v = real.complex(v, v.flip(0))
        return v.to(dt)
    if dt in (real.uint8, real.uint16, real.uint32, real.uint64):
        return real.randint(0, 9, (n,), generator=g).to(dt)
    return real.randint(-4, 5, (n,), generator=g).to(dt)
