"""tf.errors: the frontend's exception types (InvalidArgumentError is also a ValueError)."""

from ._core import (  # noqa: F401
                    InvalidArgumentError,
                    NotFoundError,
                    OpError,
                    OutOfRangeError,
                    ResourceExhaustedError,
                    UnimplementedError,
)
