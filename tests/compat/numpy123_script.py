"""Run inside an environment with numpy 1.23 (the MXNet worker's constraint): Ivy must import and
give Array API results on the numpy backend. Prints 'ok N' on success; raises on the first error."""

import numpy as np

import ivy

assert np.__version__.startswith("1.23"), np.__version__
ivy.set_backend("numpy")
checks = 0


def same(got, want, dtype):
    global checks
    got_np = ivy.to_numpy(got)
    assert str(ivy.dtype(got)) == dtype, (ivy.dtype(got), dtype)
    np.testing.assert_allclose(got_np, np.asarray(want), rtol=1e-6, equal_nan=True)
    checks += 1


x = ivy.asarray([[1.0, 2.0], [3.0, 4.0]])
i8 = ivy.asarray([1, 2, 3], dtype="int8")
same(x + 1, [[2, 3], [4, 5]], "float32")
same(i8 + 1, [2, 3, 4], "int8")  # Python scalars are weak (NEP 50 semantics on numpy 1.x too)
same(i8 * 2, [2, 4, 6], "int8")
same(ivy.add(i8, ivy.asarray([1, 1, 1], dtype="uint8")), [2, 3, 4], "int16")
same(x * 0.5, [[0.5, 1], [1.5, 2]], "float32")
same(ivy.sum(ivy.asarray([1, 2], dtype="int32")), 3, "int64")
same(ivy.matmul(x, x), [[7, 10], [15, 22]], "float32")
same(ivy.exp(ivy.zeros((2,))), [1, 1], "float32")
same(ivy.sqrt(ivy.asarray([4.0])), [2.0], "float32")
same(ivy.mean(x), 2.5, "float32")
same(ivy.max(x, axis=0), [3, 4], "float32")
same(ivy.reshape(x, (4,)), [1, 2, 3, 4], "float32")
same(ivy.concat([x, x], axis=0)[2:], [[1, 2], [3, 4]], "float32")
same(ivy.stack([i8, i8])[1], [1, 2, 3], "int8")
same(ivy.where(x > 2, x, 0.0), [[0, 0], [3, 4]], "float32")
same(ivy.sort(ivy.asarray([3, 1, 2])), [1, 2, 3], "int64")
same(ivy.argmax(x), 3, "int64")
same(ivy.cumulative_sum(ivy.asarray([1.0, 2.0])), [1, 3], "float32")
same(ivy.linalg.inv(ivy.asarray([[2.0, 0.0], [0.0, 4.0]])), [[0.5, 0], [0, 0.25]], "float32")
same(ivy.abs(ivy.fft.fft(ivy.asarray([1.0, 0.0]))), [1, 1], "float32")
same(ivy.permute_dims(x, (1, 0)), [[1, 3], [2, 4]], "float32")
same(ivy.astype(x, "bfloat16") + ivy.asarray(1.0, dtype="bfloat16"), [[2, 3], [4, 5]], "bfloat16")
same(ivy.linspace(0, 1, 3), [0, 0.5, 1], "float32")
same(ivy.arange(3), [0, 1, 2], "int64")
same(ivy.unique_values(ivy.asarray([1, 1, 2])), [1, 2], "int64")
same(x[ivy.asarray([True, False])], [[1, 2]], "float32")
assert ivy.finfo("float32").bits == 32 and ivy.iinfo("int8").max == 127
print("ok", checks)
