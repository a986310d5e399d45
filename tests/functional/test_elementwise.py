"""Differential tests of the 67 element-wise functions on every backend against NumPy.

One table row per function: the NumPy reference, the dtypes the standard defines it for, how to
draw values, and the result dtype rule. Each (backend, function) pair is one hypothesis test over
dtypes (with mixed-dtype promotion for binary functions), shapes (0-d, empty, broadcasting) and
values (NaN, +-inf, signed zeros where the standard defines the result). The references are
NumPy's ufuncs, computed in the Array API result dtype (float16/bfloat16 in float32, rounded back).
Then: Python scalar operands (weak promotion), ``ivy.Array`` operators against the functions, and
spot checks of semantics that random values rarely hit.
"""

from __future__ import annotations

import math
import operator
import warnings

import ml_dtypes
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
from tests.functional.helpers import BACKENDS, api, assert_same, backends, native, np_dtype

SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
INTS = SIGNED + UNSIGNED
FLOATS = ["float32", "float64"]
HALF = ["float16", "bfloat16"]
COMPLEX = ["complex64", "complex128"]
REAL = INTS + FLOATS
NUMERIC = INTS + FLOATS + COMPLEX
FC = FLOATS + COMPLEX
SPECIALS = [math.nan, math.inf, -math.inf, 0.0, -0.0]
_BF16 = np.dtype(ml_dtypes.bfloat16)


# ---------------------------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------------------------

def _real_elements(lo, hi, specials, width=64):
    finite = st.floats(lo, hi, width=width, allow_subnormal=False)
    return st.one_of(finite, st.sampled_from(SPECIALS)) if specials else finite


def _elements(dtype: str, v: dict):
    """Values for ``dtype`` under the row's value options ``v``."""
    if dtype == "bool":
        return st.booleans()
    if dtype in INTS:
        info = np.iinfo(dtype)
        lo = max(info.min, v.get("ilo", info.min))
        hi = min(info.max, v.get("ihi", info.max))
        return st.integers(lo, hi)
    lo, hi = v.get("lo", -1e4), v.get("hi", 1e4)
    if dtype in COMPLEX:
        # parts never -0: branch-cut signs of zero are C99 details NumPy itself does not follow
        part = _real_elements(lo, hi, v.get("cspecials", False), 32).map(lambda f: f + 0.0)
        el = st.builds(complex, part, part)
        if v.get("cnonzero"):
            el = el.filter(lambda c: abs(c) > 1e-3)
        return el
    return _real_elements(lo, hi, v.get("specials", True), 32)


def _np_array(dtype: str, shape, v: dict):
    """A NumPy array strategy; half types are drawn in float32 and rounded."""
    if dtype in HALF:
        base = hnp.arrays(np.float32, shape, elements=_elements("float32", v))
        return base.map(lambda a: a.astype(np_dtype(dtype)))
    return hnp.arrays(np.dtype(dtype), shape, elements=_elements(dtype, v))


# A fixed pool of small shapes (0-d, empty, broadcasting): few distinct shapes keep JAX's and
# TF's per-shape kernel compilation cheap.
_SHAPES = [(), (0,), (1,), (3,), (2, 3), (3, 1), (1, 3)]
SMALL_SHAPES = st.sampled_from(_SHAPES)
_PAIRS = [((), ()), ((3,), (3,)), ((2, 3), (2, 3)), ((), (2, 3)), ((3,), ()), ((3, 1), (1, 3)),
          ((2, 3), (3,)), ((1,), (0,)), ((0,), ()), ((3, 1), (2, 1, 3))]


def _pair(d1: str, d2: str, v: dict):
    return st.sampled_from(_PAIRS).flatmap(
        lambda s: st.tuples(_np_array(d1, s[0], v),
                            _np_array(d2, s[1], {**v, **v.get("x2", {})})))


def _promotable_pairs(dtypes):
    out = []
    for a in dtypes:
        for b in dtypes:
            try:
                ivy.promote_types(a, b)
            except TypeError:
                continue
            out.append((a, b))
    return out


# ---------------------------------------------------------------------------------------------
# References
# ---------------------------------------------------------------------------------------------

# computed in the half type itself (exact bit-level results); others in float32 and rounded
_HALF_NATIVE = {"nextafter", "copysign", "signbit", "ceil", "floor", "trunc", "maximum",
                "minimum", "negative", "abs"}


def _compute_dtype(d: str, name: str) -> np.dtype:
    return np.dtype("float32") if d in HALF and name not in _HALF_NATIVE else np_dtype(d)


def _floor_divide_ref(a, b):
    r = np.floor_divide(a, b)
    if r.dtype.kind == "f":  # the standard: floor(a / b) where an operand is infinite
        r = np.where(np.isinf(a) | np.isinf(b), np.floor(a / b), r)
    return r


def _conj(x):
    return np.conjugate(x)


def _round(x):
    return np.round(x)


U = "unary"
B = "binary"
# name: (arity, NumPy reference, dtypes, result rule, value options)
# result rules: "same" (the promoted dtype), "bool", "real" (complex -> its float part)
_TRANS = dict(lo=-20.0, hi=20.0)
TABLE = {
    "abs": (U, np.abs, NUMERIC + HALF, "real", dict(ilo=-100, ihi=100)),
    "acos": (U, np.arccos, FC, "same", dict(lo=-1.5, hi=1.5)),
    "acosh": (U, np.arccosh, FC, "same", dict(lo=-2.0, hi=30.0)),
    "add": (B, np.add, NUMERIC + HALF, "same", {}),
    "asin": (U, np.arcsin, FC, "same", dict(lo=-1.5, hi=1.5)),
    "asinh": (U, np.arcsinh, FC, "same", _TRANS),
    "atan": (U, np.arctan, FC, "same", _TRANS),
    "atan2": (B, np.arctan2, FLOATS, "same", {}),
    "atanh": (U, np.arctanh, FC, "same", dict(lo=-1.5, hi=1.5)),
    "bitwise_and": (B, np.bitwise_and, ["bool"] + INTS, "same", {}),
    "bitwise_left_shift": (B, None, INTS, "same", dict(x2=dict(ilo=0, ihi=70))),
    "bitwise_invert": (U, np.invert, ["bool"] + INTS, "same", {}),
    "bitwise_or": (B, np.bitwise_or, ["bool"] + INTS, "same", {}),
    "bitwise_right_shift": (B, None, INTS, "same", dict(x2=dict(ilo=0, ihi=70))),
    "bitwise_xor": (B, np.bitwise_xor, ["bool"] + INTS, "same", {}),
    "ceil": (U, np.ceil, REAL + HALF, "same", {}),
    "conj": (U, _conj, NUMERIC, "same", {}),
    "copysign": (B, np.copysign, FLOATS + HALF, "same", {}),
    "cos": (U, np.cos, FC, "same", _TRANS),
    "cosh": (U, np.cosh, FC, "same", _TRANS),
    "divide": (B, np.divide, FC + HALF, "same", dict(cnonzero=True)),
    "equal": (B, np.equal, ["bool"] + NUMERIC, "bool", {}),
    "exp": (U, np.exp, FC + HALF, "same", _TRANS),
    "expm1": (U, np.expm1, FC, "same", _TRANS),
    "floor": (U, np.floor, REAL + HALF, "same", {}),
    "floor_divide": (B, _floor_divide_ref, REAL, "same",
                     dict(ilo=-1000, ihi=1000, x2=dict(ilo=1, ihi=50))),
    "greater": (B, np.greater, REAL, "bool", {}),
    "greater_equal": (B, np.greater_equal, REAL, "bool", {}),
    "hypot": (B, np.hypot, FLOATS, "same", {}),
    "imag": (U, np.imag, FC, "real", {}),
    "isfinite": (U, np.isfinite, NUMERIC, "bool", dict(cspecials=True)),
    "isinf": (U, np.isinf, NUMERIC, "bool", dict(cspecials=True)),
    "isnan": (U, np.isnan, NUMERIC, "bool", dict(cspecials=True)),
    "less": (B, np.less, REAL, "bool", {}),
    "less_equal": (B, np.less_equal, REAL, "bool", {}),
    "log": (U, np.log, FC, "same", {}),
    "log1p": (U, np.log1p, FC, "same", {}),
    "log2": (U, np.log2, FC, "same", {}),
    "log10": (U, np.log10, FC, "same", {}),
    "logaddexp": (B, np.logaddexp, FLOATS, "same", {}),
    "logical_and": (B, np.logical_and, ["bool"], "bool", {}),
    "logical_not": (U, np.logical_not, ["bool"], "bool", {}),
    "logical_or": (B, np.logical_or, ["bool"], "bool", {}),
    "logical_xor": (B, np.logical_xor, ["bool"], "bool", {}),
    "maximum": (B, np.maximum, REAL + HALF, "same", {}),
    "minimum": (B, np.minimum, REAL + HALF, "same", {}),
    "multiply": (B, np.multiply, NUMERIC + HALF, "same", dict(lo=-1e3, hi=1e3)),
    "negative": (U, np.negative, NUMERIC + HALF, "same", {}),
    "nextafter": (B, np.nextafter, FLOATS + HALF, "same", {}),
    "not_equal": (B, np.not_equal, ["bool"] + NUMERIC, "bool", {}),
    "positive": (U, np.positive, NUMERIC, "same", {}),
    "pow": (B, np.power, NUMERIC, "same",
            dict(ilo=-3, ihi=3, lo=-3.0, hi=3.0, cnonzero=True, x2=dict(ilo=0, ihi=4))),
    "real": (U, np.real, NUMERIC, "real", {}),
    "reciprocal": (U, np.reciprocal, FC, "same", dict(cnonzero=True)),
    "remainder": (B, np.remainder, REAL, "same",
                  dict(ilo=-1000, ihi=1000, x2=dict(ilo=1, ihi=50))),
    "round": (U, _round, NUMERIC, "same", dict(lo=-100.0, hi=100.0)),
    "sign": (U, np.sign, NUMERIC, "same", dict(ilo=-100, ihi=100)),
    "signbit": (U, np.signbit, FLOATS + HALF, "bool", {}),
    "sin": (U, np.sin, FC + HALF, "same", _TRANS),
    "sinh": (U, np.sinh, FC, "same", _TRANS),
    "square": (U, np.square, NUMERIC, "same", dict(lo=-1e3, hi=1e3)),
    "sqrt": (U, np.sqrt, FC + HALF, "same", {}),
    "subtract": (B, np.subtract, NUMERIC + HALF, "same", {}),
    "tan": (U, np.tan, FC, "same", dict(lo=-1.5, hi=1.5)),
    "tanh": (U, np.tanh, FC, "same", _TRANS),
    "trunc": (U, np.trunc, REAL + HALF, "same", {}),
}
EXACT = {"nextafter", "copysign", "round", "ceil", "floor", "trunc", "sign", "maximum",
         "minimum", "negative", "positive", "real", "imag", "conj"}


def _shift_ref(left: bool):
    def ref(a, b):
        d = a.dtype
        bits = d.itemsize * 8
        a, b = np.broadcast_arrays(a, b)
        out = np.empty(a.shape, d)
        for idx in np.ndindex(out.shape):
            x, s = int(a[idx]), int(b[idx])
            v = (x << s) if left else (x >> s)
            if left:
                v &= (1 << bits) - 1
                if d.kind == "i" and v >= 1 << (bits - 1):
                    v -= 1 << bits
            out[idx] = v
        return out
    return ref


REFS = {"bitwise_left_shift": _shift_ref(True), "bitwise_right_shift": _shift_ref(False)}


def _sign_ref(x):
    """The standard's complex sign, z / |z| (NumPy 1.x's np.sign gives the real part's sign),
    element by element in Python, with NumPy 2's answers for one infinite part."""
    if x.dtype.kind != "c":
        return np.sign(x)
    out = []
    for z in x.ravel().tolist():
        if z == 0:
            out.append(0j)
        elif math.isinf(z.real) and math.isfinite(z.imag):
            out.append(complex(math.copysign(1, z.real), 0))
        elif math.isinf(z.imag) and math.isfinite(z.real):
            out.append(complex(0, math.copysign(1, z.imag)))
        else:
            out.append(z / abs(z))
    return np.array(out, x.dtype).reshape(x.shape)


if int(np.__version__.split(".")[0]) < 2:
    REFS["sign"] = _sign_ref


def _expected_dtype(rule: str, d: str) -> str:
    if rule == "bool":
        return "bool"
    if rule == "real" and d in COMPLEX:
        return {"complex64": "float32", "complex128": "float64"}[d]
    return d


def _reference(name: str, args: list, dt: str):
    ref = REFS.get(name) or TABLE[name][1]
    cd = _compute_dtype(dt, name)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        out = np.asarray(ref(*[a.astype(cd) for a in args]))
    return out


def _check(name, backend, args, dt):
    rule = TABLE[name][3]
    want = _expected_dtype(rule, dt)
    exp = _reference(name, args, dt)
    if exp.dtype.kind in "fc" and want != str(exp.dtype):
        with np.errstate(all="ignore"):
            exp = exp.astype(np_dtype(want))
    with ivy.using_backend(backend):
        ins = [native(backend, a) for a in args]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = getattr(api, name)(*ins)
    if want in HALF:  # ml_dtypes' bfloat16 is not kind "f": compare in float32
        assert ivy.dtype(got) == want, f"dtype {ivy.dtype(got)} != {want}"
        g = ivy.to_numpy(got).astype(np.float32)
        assert g.shape == exp.shape, f"shape {g.shape} != {exp.shape}"
        tol = 1e-2 if want == "float16" else 5e-2
        np.testing.assert_allclose(g, exp.astype(np.float32), rtol=tol, atol=tol, equal_nan=True)
        return
    kw = {"rtol": 0, "atol": 0} if name in EXACT and want not in COMPLEX else {}
    assert_same(got, exp, dtype=want, **kw)


_UNARY = [n for n, r in TABLE.items() if r[0] == U]
_BINARY = [n for n, r in TABLE.items() if r[0] == B]


def test_table_covers_the_api():
    import ivy.functional.ivy.elementwise as decl

    declared = {n for n, f in vars(decl).items() if getattr(f, "ivy_path", None) == n}
    assert declared - {"clip"} == set(TABLE), declared ^ set(TABLE)
    assert len(declared) == 67


@backends
@pytest.mark.parametrize("name", _UNARY)
@given(data=st.data())
def test_unary(backend, name, data):
    _, _, dtypes, _, v = TABLE[name]
    dt = data.draw(st.sampled_from(dtypes), label="dtype")
    x = data.draw(_np_array(dt, SMALL_SHAPES, v), label="x")
    _check(name, backend, [x], dt)


@backends
@pytest.mark.parametrize("name", _BINARY)
@given(data=st.data())
def test_binary(backend, name, data):
    _, _, dtypes, _, v = TABLE[name]
    d1, d2 = data.draw(st.sampled_from(_promotable_pairs(dtypes)), label="dtypes")
    x1, x2 = data.draw(_pair(d1, d2, v), label="x1, x2")
    dt = str(ivy.promote_types(d1, d2))
    if name in ("floor_divide", "remainder") and dt in INTS:
        assume(not (x2 == 0).any())
    if name in ("bitwise_left_shift", "bitwise_right_shift"):
        assume(not (x2 < 0).any())
    if name in ("divide", "pow") and dt in COMPLEX:
        # complex x / 0, x / inf, 0 ** z, inf ** z are not portable (TF, XLA: NaN parts)
        assume(np.isfinite(x1).all() and np.isfinite(x2).all())
        assume(not ((x2 if name == "divide" else x1) == 0).any())
    _check(name, backend, [x1, x2], dt)


# ---------------------------------------------------------------------------------------------
# Python scalar operands: the array's dtype wins (weak scalars), on either side
# ---------------------------------------------------------------------------------------------

_SCALAR_FUNCS = ["add", "subtract", "multiply", "divide", "pow", "equal", "not_equal", "less",
                 "less_equal", "greater", "greater_equal", "maximum", "minimum", "atan2",
                 "copysign", "hypot", "logaddexp", "nextafter", "floor_divide", "remainder",
                 "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
                 "bitwise_right_shift", "logical_and", "logical_or", "logical_xor"]


def _scalar_for(dtype: str, name: str):
    if dtype == "bool":
        return st.booleans()
    if dtype in INTS:
        info = np.iinfo(dtype)
        if name in ("bitwise_left_shift", "bitwise_right_shift"):
            return st.integers(0, 7)
        lo = 1 if name in ("floor_divide", "remainder", "pow") else max(info.min, -100)
        return st.integers(lo, min(info.max, 4 if name == "pow" else 100))
    if dtype in COMPLEX:
        part = st.floats(-10, 10).filter(lambda f: f == 0 or 1e-3 < math.fabs(f))
        return st.builds(complex, part, part).filter(bool)
    # nothing that underflows in float32 (or is subnormal: TF and XLA flush those to zero)
    return st.floats(-100, 100).filter(lambda f: 1e-3 < math.fabs(f))


@backends
@pytest.mark.parametrize("name", _SCALAR_FUNCS)
@given(data=st.data())
def test_python_scalar_operand(backend, name, data):
    dtypes = [d for d in TABLE[name][2] if d not in HALF]
    dt = data.draw(st.sampled_from(dtypes), label="dtype")
    v = dict(TABLE[name][4])
    v.pop("x2", None)
    x = data.draw(_np_array(dt, SMALL_SHAPES, {**v, "ilo": 0, "ihi": 3} if name == "pow" else v),
                  label="x")
    s = data.draw(_scalar_for(dt, name), label="scalar")
    scalar_first = data.draw(st.booleans(), label="scalar first")
    if scalar_first and name in ("floor_divide", "remainder", "divide") and dt in INTS:
        assume(not (x == 0).any())
    if scalar_first and name in ("bitwise_left_shift", "bitwise_right_shift", "pow"):
        x = np.clip(x, 0, 3).astype(x.dtype)
    if dt in COMPLEX and name == "divide" and scalar_first:
        assume(not (x == 0).any())
    args_np = [np.asarray(s, dtype=np_dtype(dt)), x] if scalar_first else \
        [x, np.asarray(s, dtype=np_dtype(dt))]
    exp = _reference(name, args_np, dt)
    want = _expected_dtype(TABLE[name][3], dt)
    with ivy.using_backend(backend):
        a = native(backend, x)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = getattr(api, name)(s, a) if scalar_first else getattr(api, name)(a, s)
    assert_same(got, exp, dtype=want)


# ---------------------------------------------------------------------------------------------
# ivy.Array operators are the functions
# ---------------------------------------------------------------------------------------------

_OPS = {
    "+": (operator.add, operator.iadd, "add", NUMERIC),
    "-": (operator.sub, operator.isub, "subtract", NUMERIC),
    "*": (operator.mul, operator.imul, "multiply", NUMERIC),
    "/": (operator.truediv, operator.itruediv, "divide", FC),
    "//": (operator.floordiv, operator.ifloordiv, "floor_divide", REAL),
    "%": (operator.mod, operator.imod, "remainder", REAL),
    "**": (operator.pow, operator.ipow, "pow", FC),
    "&": (operator.and_, operator.iand, "bitwise_and", ["bool"] + INTS),
    "|": (operator.or_, operator.ior, "bitwise_or", ["bool"] + INTS),
    "^": (operator.xor, operator.ixor, "bitwise_xor", ["bool"] + INTS),
    "<<": (operator.lshift, operator.ilshift, "bitwise_left_shift", INTS),
    ">>": (operator.rshift, operator.irshift, "bitwise_right_shift", INTS),
    "==": (operator.eq, None, "equal", ["bool"] + NUMERIC),
    "!=": (operator.ne, None, "not_equal", ["bool"] + NUMERIC),
    "<": (operator.lt, None, "less", REAL),
    "<=": (operator.le, None, "less_equal", REAL),
    ">": (operator.gt, None, "greater", REAL),
    ">=": (operator.ge, None, "greater_equal", REAL),
}


def _same_values(a, b):
    a, b = ivy.to_numpy(a), ivy.to_numpy(b)
    assert a.dtype == b.dtype and a.shape == b.shape
    np.testing.assert_array_equal(a, b)


@backends
@pytest.mark.parametrize("sym", list(_OPS))
@given(data=st.data())
def test_array_operators(backend, sym, data):
    op, iop, name, dtypes = _OPS[sym]
    dt = data.draw(st.sampled_from(dtypes), label="dtype")
    v = {"ilo": 0, "ihi": 5, "lo": 1.0, "hi": 5.0, "specials": False}
    shape = data.draw(SMALL_SHAPES, label="shape")
    if name in ("floor_divide", "remainder"):
        v["ilo"] = 1  # x1 is the divisor of the reflected operator
    x1 = data.draw(_np_array(dt, shape, v), label="x1")
    x2 = data.draw(_np_array(dt, shape, v), label="x2")
    if name in ("floor_divide", "remainder") and dt in INTS:
        x2 = np.where(x2 == 0, 1, x2).astype(x2.dtype)
    s = 2 if dt in INTS else True if dt == "bool" else 2.0
    # the eager function: its graph replay and emitted source at these signatures (arrays of
    # one dtype, a Python scalar on either side) are test_binary's and
    # test_python_scalar_operand's; here the operator is compared with the function
    fn = getattr(ivy, name)
    with ivy.using_backend(backend), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a, b = ivy.asarray(x1), ivy.asarray(x2)
        _same_values(op(a, b), fn(a, b))
        _same_values(op(a, s), fn(a, s))
        if iop is not None:
            _same_values(op(s, a), fn(s, a))  # reflected operator
            want = fn(a, b)
            c = ivy.asarray(x1.copy())
            before = c
            c = iop(c, b)
            assert c is before  # in place: the same ivy.Array
            _same_values(c, want)


@backends
def test_unary_operators(backend):
    with ivy.using_backend(backend):
        a = ivy.asarray(np.array([-2, 0, 3], dtype=np.int16))
        _same_values(-a, api.negative(a))
        _same_values(+a, api.positive(a))
        _same_values(abs(a), api.abs(a))
        _same_values(~a, api.bitwise_invert(a))
        b = ivy.asarray(np.array([True, False]))
        _same_values(~b, ivy.asarray(np.array([False, True])))


@backends
def test_inplace_operator_keeps_dtype(backend):
    with ivy.using_backend(backend):
        a = ivy.asarray(np.array([1, 2], dtype=np.int8))
        with pytest.raises(TypeError):
            a /= ivy.asarray(np.array([2, 2], dtype=np.int8))  # int8 -> float: not in place
        a += 1
        np.testing.assert_array_equal(ivy.to_numpy(a), [2, 3])


# ---------------------------------------------------------------------------------------------
# Spot checks of the standard's rules
# ---------------------------------------------------------------------------------------------

def _np(x):
    return ivy.to_numpy(x)


def _on(backend, a, dtype=None):
    a = np.asarray(a, dtype=dtype)
    return native(backend, a)


@backends
def test_zero_d_arrays_promote_fully(backend):
    # torch would give int8 for int8[3] + int64[] (0-d tensors are weak there); the standard: int64
    with ivy.using_backend(backend):
        r = api.add(_on(backend, [1, 2, 3], "int8"), _on(backend, 5, "int64"))
        assert ivy.dtype(r) == "int64"
        r = api.multiply(_on(backend, 2.0, "float64"), _on(backend, [1.0], "float32"))
        assert ivy.dtype(r) == "float64"
        r = api.add(_on(backend, [1], "uint8"), _on(backend, [1], "int8"))
        assert ivy.dtype(r) == "int16"
        r = api.add(_on(backend, [1], "float32"), _on(backend, [1], "complex128"))
        assert ivy.dtype(r) == "complex128"


@backends
def test_clip(backend):
    with ivy.using_backend(backend):
        x = _on(backend, [-3.0, 0.5, 2.0, np.nan, 7.0], "float32")
        r = api.clip(x, -1, 5)  # Python int bounds on a float array
        assert ivy.dtype(r) == "float32"
        np.testing.assert_array_equal(_np(r), [-1, 0.5, 2, np.nan, 5])
        r = api.clip(x, max=_on(backend, [0.0, 0, 0, 0, np.nan], "float32"))
        np.testing.assert_array_equal(_np(r), [-3, 0, 0, np.nan, np.nan])
        np.testing.assert_array_equal(_np(api.clip(x)), _np(x))
        i = _on(backend, [[-5, 0, 9]], "int8")
        r = api.clip(i, _on(backend, [[-1], [0]], "int8"), 3)  # broadcasting bounds
        assert ivy.dtype(r) == "int8"
        np.testing.assert_array_equal(_np(r), [[-1, 0, 3], [0, 0, 3]])
        u = _on(backend, [0, 70000, 2**32 - 1], "uint32")
        np.testing.assert_array_equal(_np(api.clip(u, 5, 2**31)), [5, 70000, 2**31])


@backends
def test_rounding_and_signs(backend):
    with ivy.using_backend(backend):
        x = _on(backend, [0.5, 1.5, 2.5, -0.5, -2.5, 3.7], "float64")
        np.testing.assert_array_equal(_np(api.round(x)), [0, 2, 2, -0.0, -2, 4])
        assert np.signbit(_np(api.round(x))[3])
        c = _on(backend, [2.5 + 3.5j, -0.5 - 1.5j], "complex128")
        np.testing.assert_array_equal(_np(api.round(c)), [2 + 4j, -0.0 - 2j])
        s = _np(api.sign(_on(backend, [3 + 4j, 0j, -2j], "complex64")))
        np.testing.assert_allclose(s, [0.6 + 0.8j, 0, -1j], atol=1e-6)
        s = _np(api.sign(_on(backend, [-2.0, -0.0, 0.0, np.nan, 7], "float32")))
        np.testing.assert_array_equal(s, [-1, 0, 0, np.nan, 1])
        f = _on(backend, [1.0, -1.0, np.nan, 0.0], "float32")
        g = _on(backend, [-0.0, 0.0, -1.0, -np.inf], "float32")
        r = _np(api.copysign(f, g))
        np.testing.assert_array_equal(np.signbit(r), [True, False, True, True])
        np.testing.assert_array_equal(_np(api.signbit(_on(backend, [-0.0, 0.0, -np.inf, -np.nan],
                                                          "float64"))), [1, 0, 1, 1])
        t = _np(api.trunc(_on(backend, [-0.5, 0.5, -2.7], "float32")))
        np.testing.assert_array_equal(t, [-0.0, 0, -2])
        assert np.signbit(t[0])


@backends
def test_nextafter_reciprocal_hypot_logaddexp(backend):
    with ivy.using_backend(backend):
        one = _on(backend, [1.0, 0.0, -0.0], "float32")
        r = _np(api.nextafter(one, _on(backend, [2.0, -1.0, 0.0], "float32")))
        assert r[0] == np.nextafter(np.float32(1), np.float32(2))
        assert r[1] == -np.float32(1.4e-45) and r[2] == 0 and not np.signbit(r[2])
        np.testing.assert_array_equal(_np(api.reciprocal(_on(backend, [2.0, -0.0], "float32"))),
                                      [0.5, -np.inf])
        big = _on(backend, [3e300, np.inf, np.nan], "float64")
        h = _np(api.hypot(big, _on(backend, [4e300, np.nan, 1.0], "float64")))
        np.testing.assert_allclose(h[:1], [5e300])
        assert h[1] == np.inf and np.isnan(h[2])
        e = _np(api.logaddexp(_on(backend, [np.inf, -np.inf, 1000.0], "float64"),
                              _on(backend, [np.inf, -np.inf, 1000.0], "float64")))
        assert e[0] == np.inf and e[1] == -np.inf
        np.testing.assert_allclose(e[2], 1000 + np.log(2))


@backends
def test_floor_divide_remainder_signs(backend):
    with ivy.using_backend(backend):
        a = _on(backend, [7, -7, 7, -7], "int32")
        b = _on(backend, [2, 2, -2, -2], "int32")
        np.testing.assert_array_equal(_np(api.floor_divide(a, b)), [3, -4, -4, 3])
        np.testing.assert_array_equal(_np(api.remainder(a, b)), [1, 1, -1, -1])
        x = _on(backend, [-0.0, 0.0, 5.0, -5.0, np.inf, 1.0], "float64")
        y = _on(backend, [3.0, -3.0, 3.0, np.inf, 2.0, 0.1], "float64")
        r = _np(api.remainder(x, y))
        np.testing.assert_array_equal(np.signbit(r[:2]), [False, True])
        np.testing.assert_array_equal(r[2:4], [2.0, np.inf])
        q = _np(api.floor_divide(x, y))
        assert q[4] == np.inf and q[5] == 9.0  # inf // 2 is floor(inf / 2); 1 // 0.1 is 9


@backends
def test_shifts_and_integer_pow(backend):
    with ivy.using_backend(backend):
        for dt in INTS:
            bits = np.iinfo(dt).bits
            x = _on(backend, [1, 3, 5], dt)
            n = _on(backend, [bits, bits + 3, 1], dt)
            np.testing.assert_array_equal(_np(api.bitwise_left_shift(x, n)), [0, 0, 10])
            np.testing.assert_array_equal(_np(api.bitwise_right_shift(x, n)), [0, 0, 2])
        neg = _on(backend, [-8, -1], "int16")
        np.testing.assert_array_equal(_np(api.bitwise_right_shift(neg, _on(backend, [1, 40],
                                                                           "int16"))), [-4, -1])
        u = _on(backend, [2**63 + 6, 2**64 - 1], "uint64")
        np.testing.assert_array_equal(_np(api.bitwise_right_shift(u, 1)), [2**62 + 3, 2**63 - 1])
        p = api.pow(_on(backend, [2, -3, 0], "int64"), _on(backend, [10, 3, 0], "int64"))
        assert ivy.dtype(p) == "int64"
        np.testing.assert_array_equal(_np(p), [1024, -27, 1])
        p = api.pow(_on(backend, [200], "uint8"), 2)  # wraps modulo 2**8
        np.testing.assert_array_equal(_np(p), [64])


@backends
@pytest.mark.parametrize("dt", UNSIGNED)
def test_unsigned_ints_exact(backend, dt):
    # torch has few kernels for uint16/32/64 and TF few for unsigned types: never silently wrong
    info = np.iinfo(dt)
    a_np = np.array([0, 1, info.max, info.max // 2 + 3, 12345 % int(info.max)], dtype=dt)
    b_np = np.array([1, info.max, 2, info.max // 2, 7], dtype=dt)
    with ivy.using_backend(backend), warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        a, b = native(backend, a_np), native(backend, b_np)
        for name, ref in [("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply),
                          ("floor_divide", np.floor_divide), ("remainder", np.remainder),
                          ("maximum", np.maximum), ("minimum", np.minimum), ("less", np.less),
                          ("greater_equal", np.greater_equal), ("bitwise_xor", np.bitwise_xor)]:
            assert_same(getattr(api, name)(a, b), ref(a_np, b_np))
        for name, ref in [("negative", np.negative), ("abs", np.abs), ("square", np.square),
                          ("sign", np.sign), ("bitwise_invert", np.invert)]:
            assert_same(getattr(api, name)(a), ref(a_np))
        assert_same(api.clip(a, 1, 3), np.clip(a_np, 1, 3))


@backends
def test_real_imag_conj_of_real_arrays(backend):
    with ivy.using_backend(backend):
        x = _on(backend, [1.5, -2.0], "float64")
        assert_same(api.real(x), np.array([1.5, -2.0]))
        assert_same(api.imag(x), np.array([0.0, 0.0]))
        assert_same(api.conj(x), np.array([1.5, -2.0]))
        z = _on(backend, [1 + 2j], "complex64")
        assert_same(api.conj(z), np.array([1 - 2j], dtype=np.complex64))
        assert_same(api.imag(z), np.array([2.0], dtype=np.float32))


@backends
def test_complex_special_values(backend):
    # C99 Annex G cases the standard lists (XLA/TF kernels get them wrong without the fixes)
    inf, nan = math.inf, math.nan
    with ivy.using_backend(backend), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z = _on(backend, [complex(inf, nan), complex(-inf, 0.0), complex(nan, 0.0)], "complex128")
        e = _np(api.exp(z))
        assert e[0].real == inf and np.isnan(e[0].imag)
        assert e[1] == 0
        assert np.isnan(e[2].real) and e[2].imag == 0
        lg = _np(api.log(_on(backend, [complex(nan, inf)], "complex128")))
        assert lg[0].real == inf and np.isnan(lg[0].imag)
        m = _np(api.expm1(_on(backend, [complex(inf, 0.0), complex(-0.0, 0.0)], "complex128")))
        assert m[0] == complex(inf, 0) and m[1] == 0 and not np.signbit(m[1].real)


@pytest.mark.skipif("torch" not in BACKENDS, reason="torch not installed")
def test_torch_uint64_division_is_exact():
    rng = np.random.default_rng(0)
    a_np = rng.integers(0, 2**64 - 1, size=200, dtype=np.uint64, endpoint=True)
    b_np = np.concatenate([rng.integers(1, 2**64 - 1, size=100, dtype=np.uint64),
                           rng.integers(1, 1000, size=100, dtype=np.uint64)])
    with ivy.using_backend("torch"):
        a, b = native("torch", a_np), native("torch", b_np)
        assert_same(api.floor_divide(a, b), a_np // b_np)
        assert_same(api.remainder(a, b), a_np % b_np)


@backends
@pytest.mark.parametrize("dt", HALF)
def test_half_precision(backend, dt):
    x_np = np.array([0.5, -1.25, 3.0], dtype=np_dtype(dt))
    with ivy.using_backend(backend):
        x = native(backend, x_np)
        for name in ["add", "multiply", "maximum", "nextafter", "copysign", "less"]:
            r = getattr(api, name)(x, x)
            want = "bool" if name == "less" else dt
            assert ivy.dtype(r) == want
        assert ivy.dtype(api.sqrt(x)) == dt and ivy.dtype(api.exp(x)) == dt
        r = _np(api.nextafter(x, _on(backend, np.array([1.0, -2.0, 3.0], dtype=np_dtype(dt)))))
        np.testing.assert_array_equal(r.astype(np.float32), np.nextafter(x_np, np.array(
            [1.0, -2.0, 3.0], dtype=np_dtype(dt))).astype(np.float32))
        assert ivy.dtype(api.add(x, _on(backend, [1.0], "float32"))) == "float32"
