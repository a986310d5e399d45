"""Dtypes: names, conversion from every framework, promotion table, defaults."""

import numpy as np
import pytest

import ivy
from tests.functional.helpers import backends


def test_dtype_is_its_name():
    assert ivy.float32 == "float32"
    assert repr(ivy.float32) == "ivy.float32"
    assert {ivy.int8: 1}["int8"] == 1


@backends
def test_roundtrip_native_dtypes(backend):
    B = ivy.set_backend(backend)
    for d in B.SUPPORTED_DTYPES:
        assert ivy.dtypes.as_ivy_dtype(B.as_native_dtype(d)) == d


@pytest.mark.parametrize("a,b,out", [
    ("int8", "uint8", "int16"), ("uint32", "int64", "int64"), ("float32", "float64", "float64"),
    ("float32", "complex64", "complex64"), ("float64", "complex64", "complex128"),
    ("bool", "bool", "bool"), ("float16", "bfloat16", "float32"), ("uint8", "uint16", "uint16"),
])
def test_promotion_table(a, b, out):
    assert ivy.promote_types(a, b) == out
    assert ivy.promote_types(b, a) == out


@pytest.mark.parametrize("a,b", [("int8", "float32"), ("bool", "int8"), ("uint64", "int64")])
def test_undefined_promotion_is_a_clear_error(a, b):
    with pytest.raises(TypeError, match="no Array API type promotion"):
        ivy.promote_types(a, b)


def test_default_dtypes_settable():
    assert ivy.default_float_dtype() == "float32" and ivy.default_int_dtype() == "int64"
    try:
        ivy.set_default_float_dtype("float64")
        assert ivy.asarray([1.0]).dtype == ivy.float64
    finally:
        ivy.set_default_float_dtype("float32")
    assert ivy.asarray([1.0]).dtype == ivy.float32


def test_unknown_dtype_lists_valid_ones():
    with pytest.raises(ivy.InvalidArgumentError, match="Ivy's dtypes are: bool, int8"):
        ivy.dtypes.as_ivy_dtype("float31")


def test_bfloat16_via_ml_dtypes():
    import ml_dtypes

    assert ivy.dtypes.as_ivy_dtype(np.dtype(ml_dtypes.bfloat16)) == ivy.bfloat16
