"""tf.raw_ops: the raw op names and keyword arguments that ``tf.function`` graphs contain.

Raw ops take keyword arguments only (as in TensorFlow). Each is a composition of the frontend's
functions, so the semantics (no promotion, dtype lists) are the same.
"""

from __future__ import annotations

import ivy

from . import _functions as _F
from . import _special as _S
from . import image as _image
from . import nn as _nn
from ._core import BY_NAME, Tensor, as_dtype, convert_to_tensor, invalid, nat, wrap
from ._functions import FLOAT, check, match


def _kw(fn):
    def op(**kwargs):
        kwargs.pop("name", None)
        return fn(**kwargs)
    op.__name__ = fn.__name__
    op.__doc__ = fn.__doc__
    return op


def _bin(f):
    return _kw(lambda x, y: f(x, y))


AddV2, Add = _bin(_F.add), _bin(_F.add)
Sub, Mul = _bin(_F.subtract), _bin(_F.multiply)
RealDiv = _bin(_F.realdiv)
Div = _bin(_F.truediv)
FloorDiv, FloorMod = _bin(_F.floordiv), _bin(_F.floormod)
Maximum, Minimum = _bin(_F.maximum), _bin(_F.minimum)
Pow = _bin(_F.pow)
SquaredDifference = _bin(_F.squared_difference)
Greater, GreaterEqual = _bin(_F.greater), _bin(_F.greater_equal)
Less, LessEqual = _bin(_F.less), _bin(_F.less_equal)
LogicalAnd, LogicalOr = _bin(_F.logical_and), _bin(_F.logical_or)
DivNoNan = _bin(_F.divide_no_nan)


@_kw
def Equal(x, y, incompatible_shape_error=True):
    return _F.equal(x, y)


@_kw
def NotEqual(x, y, incompatible_shape_error=True):
    return _F.not_equal(x, y)


def _un(f):
    return _kw(lambda x: f(x))


Square, Sqrt, Rsqrt = _un(_F.square), _un(_F.sqrt), _un(_F.rsqrt)
Exp, Log, Log1p = _un(_F.exp), _un(_F.log), _un(_F.log1p)
Neg, Abs, Sign = _un(_F.negative), _un(_F.abs), _un(_F.sign)
Floor, Ceil, Round = _un(_F.floor), _un(_F.ceil), _un(_F.round)
Sin, Cos, Tanh, Sigmoid = _un(_F.sin), _un(_F.cos), _un(_F.tanh), _un(_F.sigmoid)
Reciprocal = _un(_F.reciprocal)
LogicalNot = _un(_F.logical_not)
IsNan = _un(_F.is_nan)
Erf = _un(_F.erf)
Erfc = _un(_F.erfc)
# special functions (tf.math / tf.math.special semantics, see _special.py)
Lgamma, Digamma = _un(_S.lgamma), _un(_S.digamma)
Erfinv, Ndtri = _un(_S.erfinv), _un(_S.ndtri)
BesselI0, BesselI0e = _un(_S.bessel_i0), _un(_S.bessel_i0e)
BesselI1, BesselI1e = _un(_S.bessel_i1), _un(_S.bessel_i1e)
BesselJ0, BesselJ1 = _un(_S.special.bessel_j0), _un(_S.special.bessel_j1)
BesselY0, BesselY1 = _un(_S.special.bessel_y0), _un(_S.special.bessel_y1)
BesselK0, BesselK0e = _un(_S.special.bessel_k0), _un(_S.special.bessel_k0e)
BesselK1, BesselK1e = _un(_S.special.bessel_k1), _un(_S.special.bessel_k1e)
Igamma = _kw(lambda a, x: _S.igamma(a, x))
Igammac = _kw(lambda a, x: _S.igammac(a, x))
Polygamma = _kw(lambda a, x: _S.polygamma(a, x))
Zeta = _kw(lambda x, q: _S.zeta(x, q))
Betainc = _kw(lambda a, b, x: _S.betainc(a, b, x))
Xlogy = _bin(_F.xlogy)
Xlog1py = _bin(_F.xlog1py)
Relu = _kw(lambda features: _nn.relu(features))
Relu6 = _kw(lambda features: _nn.relu6(features))
Elu = _kw(lambda features: _nn.elu(features))
Selu = _kw(lambda features: _nn.selu(features))
Softplus = _kw(lambda features: _nn.softplus(features))
LeakyRelu = _kw(lambda features, alpha=0.2: _nn.leaky_relu(features, alpha))
Softmax = _kw(lambda logits: _nn.softmax(logits))
LogSoftmax = _kw(lambda logits: _nn.log_softmax(logits))
Identity = _kw(lambda input: _F.identity(input))  # noqa: A002
StopGradient = _kw(lambda input: _F.stop_gradient(input))  # noqa: A002


def _red(f):
    return _kw(lambda input, axis, keep_dims=False: f(input, axis, keep_dims))  # noqa: A002


Mean, Sum, Max = _red(_F.reduce_mean), _red(_F.reduce_sum), _red(_F.reduce_max)
Min, Prod = _red(_F.reduce_min), _red(_F.reduce_prod)
All, Any = _red(_F.reduce_all), _red(_F.reduce_any)


@_kw
def ArgMax(input, dimension, output_type=BY_NAME["int64"]):  # noqa: A002
    return _F.argmax(input, dimension, output_type)


@_kw
def ArgMin(input, dimension, output_type=BY_NAME["int64"]):  # noqa: A002
    return _F.argmin(input, dimension, output_type)


@_kw
def Reshape(tensor, shape):
    return _F.reshape(tensor, shape)


@_kw
def Transpose(x, perm):
    return _F.transpose(x, perm)


@_kw
def ConcatV2(values, axis):
    return _F.concat(values, axis)


@_kw
def Pack(values, axis=0):
    return _F.stack(values, axis)


@_kw
def Unpack(value, num, axis=0):
    return _F.unstack(value, num, axis)


@_kw
def Squeeze(input, axis=()):  # noqa: A002
    return _F.squeeze(input, list(axis) if axis else None)


@_kw
def ExpandDims(input, axis):  # noqa: A002
    return _F.expand_dims(input, axis)


@_kw
def StridedSlice(input, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,  # noqa: A002
                 new_axis_mask=0, shrink_axis_mask=0):
    """The masks become a Python index exactly as TensorFlow's ``__getitem__`` builds them."""
    return _F.strided_slice(input, begin, end, strides, begin_mask, end_mask, ellipsis_mask,
                            new_axis_mask, shrink_axis_mask)


@_kw
def Slice(input, begin, size):  # noqa: A002
    return _F.slice(input, begin, size)


@_kw
def GatherV2(params, indices, axis, batch_dims=0):
    return _F.gather(params, indices, axis=axis, batch_dims=batch_dims)


@_kw
def GatherNd(params, indices):
    return _F.gather_nd(params, indices)


@_kw
def Cast(x, DstT, Truncate=False):  # noqa: N803
    return _F.cast(x, DstT)


@_kw
def Fill(dims, value):
    return _F.fill(dims, value)


@_kw
def Range(start, limit, delta):
    (a, b, c), n = match("Range", start, limit, delta)
    return _F.range(wrap(a), wrap(b), wrap(c), dtype=n)


@_kw
def Tile(input, multiples):  # noqa: A002
    return _F.tile(input, multiples)


@_kw
def Pad(input, paddings):  # noqa: A002
    return _F.pad(input, paddings)


@_kw
def PadV2(input, paddings, constant_values):  # noqa: A002
    return _F.pad(input, paddings, constant_values=constant_values)


@_kw
def MirrorPad(input, paddings, mode):  # noqa: A002
    return _F.pad(input, paddings, mode=mode)


@_kw
def MatMul(a, b, transpose_a=False, transpose_b=False, grad_a=False, grad_b=False):
    (x, y), n = match("MatMul", a, b)
    if len(x.shape) != 2 or len(y.shape) != 2:
        invalid("In[0] and In[1] must be matrices", "MatMul")
    return _F.matmul(a, b, transpose_a=transpose_a, transpose_b=transpose_b)


@_kw
def BatchMatMulV2(x, y, adj_x=False, adj_y=False, grad_x=False, grad_y=False):
    return _F.matmul(x, y, adjoint_a=adj_x, adjoint_b=adj_y)


BatchMatMulV3 = _kw(lambda x, y, Tout=None, adj_x=False, adj_y=False, grad_x=False,  # noqa: N803
                    grad_y=False: _F.matmul(x, y, adjoint_a=adj_x, adjoint_b=adj_y,
                                            output_type=Tout))


def _pads_from_explicit(padding, explicit_paddings, data_format):
    """TensorFlow's eager kernels use ``explicit_paddings`` whenever it is non-empty (whatever
    ``padding`` says); ``EXPLICIT`` with none is no padding."""
    p = list(explicit_paddings)
    if not p:
        return "VALID" if padding == "EXPLICIT" else padding
    return [[p[2 * i], p[2 * i + 1]] for i in range(len(p) // 2)]


@_kw
def Conv2D(input, filter, strides, padding, use_cudnn_on_gpu=True, explicit_paddings=(),  # noqa: A002
           data_format="NHWC", dilations=(1, 1, 1, 1)):
    pad = _pads_from_explicit(padding, explicit_paddings, data_format)
    return _nn.conv2d(input, filter, strides, pad, data_format, dilations)


@_kw
def DepthwiseConv2dNative(input, filter, strides, padding, explicit_paddings=(),  # noqa: A002
                          data_format="NHWC", dilations=(1, 1, 1, 1)):
    pad = _pads_from_explicit(padding, explicit_paddings, data_format)
    return _nn.depthwise_conv2d(input, filter, strides, pad, data_format, dilations)


@_kw
def Conv2DBackpropInput(input_sizes, filter, out_backprop, strides, padding,  # noqa: A002
                        use_cudnn_on_gpu=True, explicit_paddings=(), data_format="NHWC",
                        dilations=(1, 1, 1, 1)):
    pad = _pads_from_explicit(padding, explicit_paddings, data_format)
    return _nn.conv2d_transpose(out_backprop, filter, input_sizes, strides, pad, data_format,
                                dilations)


@_kw
def BiasAdd(value, bias, data_format="NHWC"):
    return _nn.bias_add(value, bias, data_format)


@_kw
def MaxPool(input, ksize, strides, padding, explicit_paddings=(), data_format="NHWC"):  # noqa: A002
    pad = _pads_from_explicit(padding, explicit_paddings, data_format)
    return _nn.max_pool2d(input, ksize, strides, pad, data_format)


@_kw
def AvgPool(value, ksize, strides, padding, data_format="NHWC"):
    return _nn.avg_pool2d(value, ksize, strides, padding, data_format)


@_kw
def FusedBatchNormV3(x, scale, offset, mean, variance, epsilon=0.0001, exponential_avg_factor=1,
                     data_format="NHWC", is_training=True):
    """Inference mode only (``is_training=False``): (y, mean, variance, r1, r2, r3)."""
    if is_training:
        from ._core import not_implemented

        not_implemented("tf.raw_ops.FusedBatchNormV3(is_training=True)")
    d = nat(x)
    check("FusedBatchNormV3", str(BY_NAME[_F.name_of(d)].name), FLOAT)
    y, m, v = _nn.fused_batch_norm(wrap(d), scale, offset, mean, variance, epsilon,
                                   data_format, False)
    z = wrap(ivy.zeros((0,), dtype="float32"))
    return y, m, v, m, v, z


def FusedBatchNorm(**kwargs):
    """FusedBatchNorm / FusedBatchNormV2: V3 without its sixth output."""
    return FusedBatchNormV3(**kwargs)[:5]


FusedBatchNormV2 = FusedBatchNorm


def _resize_flags(align_corners, half_pixel_centers, op):
    if align_corners and half_pixel_centers:
        invalid("If half_pixel_centers is True, align_corners must be False.", op)


@_kw
def ResizeBilinear(images, size, align_corners=False, half_pixel_centers=False):
    _resize_flags(align_corners, half_pixel_centers, "ResizeBilinear")
    return _image.resize_bilinear_raw(images, size, align_corners, half_pixel_centers)


@_kw
def ResizeNearestNeighbor(images, size, align_corners=False, half_pixel_centers=False):
    _resize_flags(align_corners, half_pixel_centers, "ResizeNearestNeighbor")
    return _image.resize_nearest_raw(images, size, align_corners, half_pixel_centers)


@_kw
def SelectV2(condition, t, e):
    return _F.where(condition, t, e)


@_kw
def Select(condition, x, y):
    c = nat(condition)
    (a, b), n = match("Select", x, y)
    if tuple(a.shape) != tuple(b.shape):
        invalid("'then' and 'else' must have the same size", "Select")
    if len(c.shape) == 1 and len(a.shape) > 1:
        c = ivy.reshape(c, (-1,) + (1,) * (len(a.shape) - 1))
    elif tuple(c.shape) != tuple(a.shape):
        invalid("'cond' and 'then' must have the same size", "Select")
    return wrap(ivy.where(c, a, b))


@_kw
def OneHot(indices, depth, on_value, off_value, axis=-1):
    on = convert_to_tensor(on_value)
    off = convert_to_tensor(off_value, on.dtype) if not isinstance(off_value, Tensor) else \
        off_value
    if on.dtype != off.dtype:
        invalid("on_value and off_value must have the same dtype", "OneHot")
    return _F.one_hot(indices, depth, on, off, axis, on.dtype)


@_kw
def Einsum(inputs, equation):
    return _F.einsum(equation, *inputs)


@_kw
def Shape(input, out_type=BY_NAME["int32"]):  # noqa: A002
    return _F.shape(input, out_type)


@_kw
def Const(value, dtype):
    from ._core import constant

    return constant(value, as_dtype(dtype))


@_kw
def ZerosLike(x):
    return _F.zeros_like(x)


@_kw
def OnesLike(x):
    return _F.ones_like(x)


@_kw
def Cumsum(x, axis, exclusive=False, reverse=False):
    return _F.cumsum(x, axis, exclusive, reverse)


@_kw
def Softsign(features):
    return _nn.softsign(features)


@_kw
def TopKV2(input, k, sorted=True, index_type=BY_NAME["int32"]):  # noqa: A002
    return _F.top_k(input, k, sorted, index_type)


@_kw
def ReverseV2(tensor, axis):
    return _F.reverse(tensor, axis)


@_kw
def SplitV(value, size_splits, axis, num_split):
    return _F.split(value, size_splits, axis)


@_kw
def Split(axis, value, num_split):
    return _F.split(value, num_split, axis)


@_kw
def BroadcastTo(input, shape):  # noqa: A002
    return _F.broadcast_to(input, shape)


@_kw
def SparseSoftmaxCrossEntropyWithLogits(features, labels):
    loss = _nn.sparse_softmax_cross_entropy_with_logits(labels, features)
    p = ivy.softmax(nat(features), axis=-1)
    oh = _F.one_hot(labels, int(nat(features).shape[-1]), dtype=_F.name_of(p))._data
    return loss, wrap(ivy.subtract(p, oh))


# -- ops the transpiler meets in real programs (tf.image, tf.signal, tf.linalg, Keras layers):
# each delegates to the public frontend function with the same semantics ----------------------
def _lin():
    from . import linalg

    return linalg


def _sig():
    from . import signal

    return signal


def _only_main_diag(k, op):
    kk = [int(v) for v in ivy.to_numpy(nat(k)).reshape(-1)] if isinstance(k, Tensor) else [int(k)]
    if any(v != 0 for v in kk):
        from ._core import not_implemented

        not_implemented(f"tf.raw_ops.{op} with k != 0")


@_kw
def MatrixBandPart(input, num_lower, num_upper):  # noqa: A002
    return _lin().band_part(input, num_lower, num_upper)


@_kw
def MatrixDiagV3(diagonal, k, num_rows, num_cols, padding_value, align="RIGHT_LEFT"):
    _only_main_diag(k, "MatrixDiagV3")
    d = nat(diagonal)
    n = int(d.shape[-1])
    rows = int(ivy.to_numpy(nat(num_rows)).reshape(-1)[0])
    cols = int(ivy.to_numpy(nat(num_cols)).reshape(-1)[0])
    if rows not in (-1, n) or cols not in (-1, n):
        from ._core import not_implemented

        not_implemented("tf.raw_ops.MatrixDiagV3 with a non-square num_rows/num_cols")
    return _lin().diag(diagonal)


MatrixDiagV2 = MatrixDiagV3


@_kw
def MatrixDiag(diagonal):
    return _lin().diag(diagonal)


@_kw
def MatrixDiagPartV3(input, k, padding_value, align="RIGHT_LEFT"):  # noqa: A002
    _only_main_diag(k, "MatrixDiagPartV3")
    return _lin().diag_part(input)


@_kw
def MatrixDiagPart(input):  # noqa: A002
    return _lin().diag_part(input)


@_kw
def MatrixSetDiagV3(input, diagonal, k, align="RIGHT_LEFT"):  # noqa: A002
    _only_main_diag(k, "MatrixSetDiagV3")
    return _lin().set_diag(input, diagonal)


@_kw
def MatrixDeterminant(input):  # noqa: A002
    return _lin().det(input)


@_kw
def LogMatrixDeterminant(input):  # noqa: A002
    return tuple(_lin().slogdet(input))


@_kw
def MatrixInverse(input, adjoint=False):  # noqa: A002
    return _lin().inv(input, adjoint=adjoint)


@_kw
def MatrixSolve(matrix, rhs, adjoint=False):
    return _lin().solve(matrix, rhs, adjoint=adjoint)


@_kw
def MatrixTriangularSolve(matrix, rhs, lower=True, adjoint=False):
    return _lin().triangular_solve(matrix, rhs, lower=lower, adjoint=adjoint)


@_kw
def Cholesky(input):  # noqa: A002
    return _lin().cholesky(input)


@_kw
def MatrixSolveLs(matrix, rhs, l2_regularizer, fast=True):
    return _lin().lstsq(matrix, rhs, l2_regularizer, fast)


@_kw
def Qr(input, full_matrices=False):  # noqa: A002
    return tuple(_lin().qr(input, full_matrices=full_matrices))


@_kw
def Svd(input, compute_uv=True, full_matrices=False):  # noqa: A002
    if not compute_uv:  # TF's u and v outputs are then empty
        s = _lin().svd(input, full_matrices=full_matrices, compute_uv=False)
        e = wrap(ivy.zeros((0,), dtype=_F.name_of(nat(s))))
        return s, e, e
    return tuple(_lin().svd(input, full_matrices=full_matrices, compute_uv=True))


@_kw
def SelfAdjointEigV2(input, compute_v=True):  # noqa: A002
    e, v = _lin().eigh(input)
    return e, (v if compute_v else wrap(ivy.zeros((0,), dtype=_F.name_of(nat(e)))))


@_kw
def Complex(real, imag, Tout=None):  # noqa: N803
    return _F.complex(real, imag)


@_kw
def ComplexAbs(x, Tout=None):  # noqa: N803
    return _F.abs(x)


@_kw
def Real(input, Tout=None):  # noqa: A002, N803
    return _F.real(input)


@_kw
def Imag(input, Tout=None):  # noqa: A002, N803
    return _F.imag(input)


@_kw
def Conj(input):  # noqa: A002
    return _F.conj(input)


def _fft_len(fft_length):
    return [int(v) for v in ivy.to_numpy(nat(fft_length)).reshape(-1)]


@_kw
def RFFT(input, fft_length, Tcomplex=None):  # noqa: A002, N803
    return _sig().rfft(input, _fft_len(fft_length))


@_kw
def IRFFT(input, fft_length, Treal=None):  # noqa: A002, N803
    return _sig().irfft(input, _fft_len(fft_length))


@_kw
def RFFT2D(input, fft_length, Tcomplex=None):  # noqa: A002, N803
    return _sig().rfft2d(input, _fft_len(fft_length))


@_kw
def IRFFT2D(input, fft_length, Treal=None):  # noqa: A002, N803
    return _sig().irfft2d(input, _fft_len(fft_length))


FFT = _kw(lambda input: _sig().fft(input))  # noqa: A002
IFFT = _kw(lambda input: _sig().ifft(input))  # noqa: A002
FFT2D = _kw(lambda input: _sig().fft2d(input))  # noqa: A002
IFFT2D = _kw(lambda input: _sig().ifft2d(input))  # noqa: A002
FFT3D = _kw(lambda input: _sig().fft3d(input))  # noqa: A002
IFFT3D = _kw(lambda input: _sig().ifft3d(input))  # noqa: A002
RGBToHSV = _kw(lambda images: _image.rgb_to_hsv(images))
HSVToRGB = _kw(lambda images: _image.hsv_to_rgb(images))


@_kw
def AdjustContrastv2(images, contrast_factor):
    return _image.adjust_contrast(images, contrast_factor)


@_kw
def AdjustHue(images, delta):
    return _image.adjust_hue(images, delta)


@_kw
def AdjustSaturation(images, scale):
    return _image.adjust_saturation(images, scale)


@_kw
def CropAndResize(image, boxes, box_ind, crop_size, method="bilinear", extrapolation_value=0.0):
    return _image.crop_and_resize(image, boxes, box_ind, crop_size, method, extrapolation_value)


@_kw
def ExtractImagePatches(images, ksizes, strides, rates, padding):
    return _image.extract_patches(images, ksizes, strides, rates, padding)


@_kw
def ShapeN(input, out_type=BY_NAME["int32"]):  # noqa: A002
    return tuple(_F.shape(x, out_type) for x in input)


@_kw
def Size(input, out_type=BY_NAME["int32"]):  # noqa: A002
    return _F.size(input, out_type)


@_kw
def Rank(input):  # noqa: A002
    return _F.rank(input)


@_kw
def BroadcastArgs(s0, s1):
    return _F.broadcast_dynamic_shape(s0, s1)


@_kw
def SpaceToBatchND(input, block_shape, paddings):  # noqa: A002
    return _F.space_to_batch_nd(input, block_shape, paddings)


@_kw
def BatchToSpaceND(input, block_shape, crops):  # noqa: A002
    return _F.batch_to_space(input, block_shape, crops)


@_kw
def Conv3D(input, filter, strides, padding, data_format="NDHWC",  # noqa: A002
           dilations=(1, 1, 1, 1, 1)):
    return _nn.conv3d(input, filter, strides, padding, data_format, dilations)


@_kw
def MaxPool3D(input, ksize, strides, padding, data_format="NDHWC"):  # noqa: A002
    return _nn.max_pool3d(input, ksize, strides, padding, data_format)


@_kw
def AvgPool3D(input, ksize, strides, padding, data_format="NDHWC"):  # noqa: A002
    return _nn.avg_pool3d(input, ksize, strides, padding, data_format)
