"""tf.dtypes."""

from ._core import (  # noqa: F401,A004
                    DType,
                    as_dtype,
                    bfloat16,
                    bool,
                    complex64,
                    complex128,
                    double,
                    float16,
                    float32,
                    float64,
                    half,
                    int8,
                    int16,
                    int32,
                    int64,
                    uint8,
                    uint16,
                    uint32,
                    uint64,
)
from ._functions import cast, saturate_cast  # noqa: F401
