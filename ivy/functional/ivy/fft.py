"""The Array API standard's fft: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/fft.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Union

from ivy._typing import Array, Device, Dtype
from ivy.func_wrapper import api

# published as ivy.fft.<fn>; backends implement B.fft.<fn> (see ivy.registry)
NAMESPACE = "fft"


@api
def fft(
    x: Array,
    /,
    *,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the one-dimensional discrete Fourier transform."""


@api
def ifft(
    x: Array,
    /,
    *,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the one-dimensional inverse discrete Fourier transform."""


@api
def fftn(
    x: Array,
    /,
    *,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the n-dimensional discrete Fourier transform."""


@api
def ifftn(
    x: Array,
    /,
    *,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the n-dimensional inverse discrete Fourier transform."""


@api
def rfft(
    x: Array,
    /,
    *,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the one-dimensional discrete Fourier transform for real-valued input."""


@api
def irfft(
    x: Array,
    /,
    *,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the one-dimensional inverse of ``rfft`` for complex-valued input."""


@api
def rfftn(
    x: Array,
    /,
    *,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the n-dimensional discrete Fourier transform for real-valued input."""


@api
def irfftn(
    x: Array,
    /,
    *,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the n-dimensional inverse of ``rfftn`` for complex-valued input."""


@api
def hfft(
    x: Array,
    /,
    *,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the one-dimensional discrete Fourier transform of a signal with Hermitian symmetry.
    """


@api
def ihfft(
    x: Array,
    /,
    *,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """Computes the one-dimensional inverse discrete Fourier transform of a signal with Hermitian
    symmetry.
    """


@api(creation=True)
def fftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Computes the discrete Fourier transform sample frequencies (``dtype`` defaults to Ivy's
    default float dtype)."""


@api(creation=True)
def rfftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Computes the discrete Fourier transform sample frequencies (for ``rfft`` and ``irfft``)."""


@api
def fftshift(x: Array, /, *, axes: Optional[Union[int, Sequence[int]]] = None) -> Array:
    """Shifts the zero-frequency component to the center of the spectrum."""


@api
def ifftshift(
    x: Array, /, *, axes: Optional[Union[int, Sequence[int]]] = None
) -> Array:
    """Inverse of ``fftshift``."""
