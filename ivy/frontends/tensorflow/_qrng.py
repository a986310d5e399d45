"""``tf.random_index_shuffle`` (TensorFlow's Simon-cipher index permutation) and
``tf.math.sobol_sample`` (the unscrambled Sobol' sequence with Joe & Kuo's direction numbers):
TensorFlow's exact outputs, as compositions of Ivy integer ops.

``random_index_shuffle`` is ``tensorflow/core/kernels/random_index_shuffle.cc``: a Feistel
(Simon) cipher on a block of ``max(2 * ceil(ceil(log2(max_index)) / 2), 16)`` bits with round keys
from the 3-word seed, applied repeatedly until the value is <= ``max_index`` (cycle walking).
Blocks wider than 62 bits (``max_index`` >= 2**62) raise ``NotImplementedError`` (Ivy's int64
cannot hold the 64-bit words unsigned on every backend).

``sobol_sample`` is point ``skip + 1 ...`` of the Gray-code Sobol' sequence on 30 bits (the
all-zero first point is not returned), as TensorFlow's ``SobolSample`` kernel; the direction
numbers are Joe & Kuo's (new-joe-kuo-6.21201), read from SciPy's copy of the table
(``scipy/stats/_sobol_direction_numbers.npz``: the primitive polynomials and initial direction
numbers; the recurrence runs here). Without SciPy it raises ``NotImplementedError``.
"""

from __future__ import annotations

import math

import ivy

from ._core import InvalidArgumentError, as_dtype, invalid, name_of, nat, not_implemented, wrap

_INDEX_DTYPES = ("int32", "uint32", "int64", "uint64")
_SIMON_C = 0xFFFFFFFC
_SIMON_Z = 0x7369F885192C0EF5


def _rot(x, r, w, mask, left):
    a, b = (r, w - r) if left else (w - r, r)
    return ivy.bitwise_and(ivy.bitwise_or(ivy.bitwise_left_shift(x, a),
                                          ivy.bitwise_right_shift(x, b)), mask)


def _round_keys(key, w, rounds):
    """Simon's key schedule on ``w``-bit words (TF's ``simon_key_schedule``), Python ints."""
    mask = (1 << w) - 1
    rk = [k & mask for k in key]
    c, z = _SIMON_C & mask, _SIMON_Z & mask

    def rotr(x, r):
        return ((x >> r) | (x << (w - r))) & mask

    for i in range(3, rounds):
        rk.append(c ^ (z & 1) ^ rk[i - 3] ^ rotr(rk[i - 1], 3) ^ rotr(rk[i - 1], 4))
        z >>= 1
    return rk[:rounds]


def _encrypt(v, w, rk):
    """TF's ``simon_encrypt`` on an int64 array of values < 2**(2w)."""
    mask = (1 << w) - 1
    left = ivy.bitwise_and(ivy.bitwise_right_shift(v, w), mask)
    right = ivy.bitwise_and(v, mask)

    def f(x):
        return ivy.bitwise_xor(ivy.bitwise_and(_rot(x, 1, w, mask, True),
                                               _rot(x, 8, w, mask, True)),
                               _rot(x, 2, w, mask, True))

    for i in range(0, len(rk), 2):
        left = ivy.bitwise_xor(ivy.bitwise_xor(left, f(right)), rk[i])
        right = ivy.bitwise_xor(ivy.bitwise_xor(right, f(left)), rk[i + 1])
    return ivy.bitwise_or(ivy.bitwise_left_shift(left, w), right)


def _shuffle_group(idx, key, max_index, rounds):
    """Shuffle the int64 vector ``idx`` under one seed and one ``max_index`` (Python ints)."""
    if max_index == 0:
        return ivy.zeros_like(idx)
    block = int(math.ceil(math.log2(float(max_index))))
    block = max(block + block % 2, 16)
    if block > 62:
        not_implemented("tf.random_index_shuffle with max_index >= 2**62",
                        "64-bit cipher blocks need unsigned 64-bit shifts on every backend")
    w = block // 2
    rk = _round_keys(key, w, rounds)
    if (1 << block) > 8 * (max_index + 1):  # only the 16-bit minimum block: long cycle walks
        # E over the whole block once, then pointer jumping: t[u] becomes the first value <=
        # max_index on u's cycle (every index's cycle holds the index itself, so it ends)
        t = _encrypt(ivy.arange(1 << block, dtype="int64"), w, rk)
        for _ in range(block + 1):
            far = ivy.greater(t, max_index)
            if not bool(ivy.any(ivy.take(far, idx, axis=0))):
                break
            t = ivy.where(far, ivy.take(t, t, axis=0), t)
        return ivy.take(t, idx, axis=0)
    v = _encrypt(idx, w, rk)  # 2**block < 4 * max_index: a few steps of cycle walking
    while True:
        far = ivy.greater(v, max_index)
        if not bool(ivy.any(far)):
            return v
        v = ivy.where(far, _encrypt(v, w, rk), v)


def random_index_shuffle(index, seed, max_index, rounds=4, name=None):
    """tf.random_index_shuffle: the position of ``index`` in a pseudorandom permutation of
    [0, max_index] fixed by ``seed`` (TensorFlow's values)."""
    idx, mx, sd = nat(index), nat(max_index), nat(seed)
    dt, sdt = name_of(idx), name_of(sd)
    for what, d in (("dtype", dt), ("Tseed", sdt)):
        if d not in _INDEX_DTYPES:
            invalid(f"Value for attr '{what}' of {as_dtype(d).name} is not in the list of "
                    f"allowed values: int32, uint32, int64, uint64", "RandomIndexShuffle")
    if name_of(mx) != dt:
        invalid(f"cannot compute RandomIndexShuffle as input #2(zero-based) was expected to be "
                f"a {as_dtype(dt).name} tensor but is a {as_dtype(name_of(mx)).name} tensor",
                "RandomIndexShuffle")
    rounds = int(rounds)
    if rounds < 4 or rounds % 2:
        not_implemented(f"tf.random_index_shuffle(rounds={rounds})",
                        "TensorFlow's kernel needs an even number of rounds >= 4 (it reads past "
                        "its round keys otherwise)")
    ishape, sshape, mshape = tuple(idx.shape), tuple(sd.shape), tuple(mx.shape)
    nsd = math.prod(sshape)
    n = max(math.prod(ishape), math.prod(mshape), nsd // 3)
    if not (len(ishape) == 0 or (len(ishape) == 1 and ishape[0] == n)):
        invalid("Index bust be a scalar or vector.", "RandomIndexShuffle")
    if not (sshape == (3,) or (len(sshape) == 2 and sshape == (n, 3))):
        invalid(f"Seed must be a vector of size [3] or a matrix of size [{n}, 3] but got "
                f"[{','.join(map(str, sshape))}].", "RandomIndexShuffle")
    if not (len(mshape) == 0 or (len(mshape) == 1 and mshape[0] == n)):
        invalid(f"Maxval must be a scalar or a vector of the same size as index but got "
                f"[{','.join(map(str, mshape))}]", "RandomIndexShuffle")
    # the per-element seeds and bounds decide the cipher (block size, round keys): read eagerly
    iv = [int(v) for v in ivy.to_numpy(ivy.reshape(idx, (-1,))).tolist()]
    mv = [int(v) for v in ivy.to_numpy(ivy.reshape(mx, (-1,))).tolist()]
    sv = [int(v) & 0xFFFFFFFF for v in ivy.to_numpy(ivy.reshape(sd, (-1,))).tolist()]
    iv = iv * n if len(iv) == 1 and n > 1 else iv
    mv = mv * n if len(mv) == 1 and n > 1 else mv
    keys = [tuple(sv[3 * (i if nsd > 3 else 0):3 * (i if nsd > 3 else 0) + 3]) for i in range(n)]
    for i in range(n):
        if iv[i] < 0:
            invalid(f"index must be >= 0 but was {iv[i]}", "RandomIndexShuffle")
        if mv[i] < 0:
            invalid(f"max_index must be >= 0 but was {mv[i]}", "RandomIndexShuffle")
        if mv[i] < iv[i]:
            invalid(f"max_index must be >= index, but {mv[i]} < {iv[i]}", "RandomIndexShuffle")
    i64 = ivy.broadcast_to(ivy.reshape(ivy.astype(idx, "int64"), (-1,)), (n,))
    groups = {}
    for i in range(n):
        groups.setdefault((keys[i], mv[i]), []).append(i)
    out = None
    for (key, m), members in groups.items():
        pos = ivy.asarray(members, dtype="int64") if len(groups) > 1 else None
        sub = i64 if pos is None else ivy.take(i64, pos, axis=0)
        r = _shuffle_group(sub, key, m, rounds)
        if pos is None:
            out = r
        else:
            out = ivy.zeros_like(i64) if out is None else out
            out = ivy.scatter_nd(ivy.expand_dims(pos, axis=-1), r, (n,), reduction="replace",
                                 out=out)
    if out is None:
        out = i64
    out = ivy.astype(out, dt)
    if len(ishape) == 0 and len(sshape) == 1 and len(mshape) == 0:
        out = ivy.reshape(out, ())
    return wrap(out)


# ------------------------------------------------------------------------------------ Sobol'
_SOBOL_BITS = 30
_SOBOL_MAX_DIM = 21200
_DIRECTIONS: dict = {}


def _directions(dim):
    """Direction numbers v[d][k] (int64, 30 bits) for the first ``dim`` dimensions: Joe & Kuo's
    recurrence m_k = m_{k-s} ^ (m_{k-s} << s) ^ sum_j a_j (m_{k-j} << j), all dimensions at
    once (NumPy on constants: the table is data, not part of the computation on tensors)."""
    have = _DIRECTIONS.get("v")
    if have is not None and have.shape[0] >= dim:
        return have[:dim]
    try:
        import os

        import numpy as np
        import scipy.stats

        data = np.load(os.path.join(os.path.dirname(scipy.stats.__file__),
                                    "_sobol_direction_numbers.npz"))
    except (ImportError, OSError) as e:
        not_implemented("tf.math.sobol_sample", f"Joe & Kuo's direction numbers are read from "
                        f"SciPy's table, which could not be loaded ({e})")
    bits = _SOBOL_BITS
    n = min(_SOBOL_MAX_DIM, max(64, 1 << (dim - 1).bit_length()))
    poly = data["poly"][:n].astype(np.int64)
    vinit = data["vinit"][:n].astype(np.int64)
    deg = np.array([int(p).bit_length() - 1 for p in poly], np.int64)
    deg[0] = 0
    m = np.zeros((n, bits), np.int64)
    rows = np.arange(n)
    for k in range(bits):
        init = k < deg
        back = np.maximum(k - deg, 0)
        prev = m[rows, back]
        new = prev ^ (prev << deg)
        for j in range(1, int(deg.max())):
            use = (j < deg) & (((poly >> np.maximum(deg - j, 0)) & 1) == 1) & (k >= j)
            new = np.where(use, new ^ (m[:, max(k - j, 0)] << j), new)
        m[:, k] = np.where(init, vinit[:, min(k, vinit.shape[1] - 1)], new)
    m[0, :] = 1
    v = m << (bits - 1 - np.arange(bits, dtype=np.int64))
    _DIRECTIONS["v"] = v
    return v[:dim]


def sobol_sample(dim, num_results, skip=0, dtype=None, name=None):
    """tf.math.sobol_sample: ``num_results`` points of the ``dim``-dimensional Sobol' sequence
    after the first ``skip`` (TensorFlow's values: float32 or float64)."""
    from ._core import float32

    dt = as_dtype(float32 if dtype is None else dtype)
    if dt.name not in ("float32", "float64"):
        raise TypeError(f"Value for attr 'dtype' of {dt.name} is not in the list of allowed "
                        "values: float, double")
    dim, num_results, skip = (int(ivy.to_scalar(nat(v))) if not isinstance(v, int) else v
                              for v in (dim, num_results, skip))
    if dim < 1:
        invalid(f"dim must be positive but is {dim}", "SobolSample")
    if dim > _SOBOL_MAX_DIM:
        invalid(f"dim must be at most {_SOBOL_MAX_DIM}", "SobolSample")
    if num_results < 1:
        invalid(f"num_results must be positive but is {num_results}", "SobolSample")
    if skip < 0:
        invalid(f"skip must be non-negative but is {skip}", "SobolSample")
    if skip + num_results >= 1 << _SOBOL_BITS:
        invalid("num_results+skip must be less than 2**30", "SobolSample")
    vs = ivy.unstack(ivy.asarray(_directions(dim), dtype="int64"), axis=1)  # bits x (dim,)
    i = ivy.arange(skip + 1, skip + num_results + 1, dtype="int64")
    g = ivy.bitwise_xor(i, ivy.bitwise_right_shift(i, 1))  # Gray code of the point index
    on = ivy.unstack(ivy.expand_dims(ivy.equal(ivy.bitwise_and(ivy.bitwise_right_shift(
        ivy.expand_dims(g, axis=-1), ivy.arange(_SOBOL_BITS, dtype="int64")), 1), 1), axis=1),
        axis=2)  # bits x (n, 1)
    x = ivy.zeros((num_results, dim), dtype="int64")
    for b in range(_SOBOL_BITS):  # XOR of the direction numbers of g's set bits (same shapes)
        x = ivy.where(on[b], ivy.bitwise_xor(x, vs[b]), x)
    return wrap(ivy.multiply(ivy.astype(x, dt.name), 1.0 / (1 << _SOBOL_BITS)))


_ = InvalidArgumentError
