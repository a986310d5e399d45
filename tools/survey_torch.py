"""Survey: many real PyTorch calls (kornia, torch.nn modules, tiny transformers models), each
transpiled torch -> numpy / tensorflow / jax and re-checked against torch on a third random draw.

Not a pytest module (no ``test_`` prefix). Run:

    .venv/bin/python -m tools.survey_torch [--targets numpy,jax] [--only SUBSTR]
        [--group kornia|nn|transformers] [--json out.json]

Each (case, target) is one of: ``ok`` (verified, and equal to torch on a third draw),
``refused`` (a ``TranspileError``; the aten op it names and the reason are recorded),
``wrong`` (transpiled and reported verified, but different from torch on the third draw — the
worst outcome), ``crash`` (any other exception: an unclear error), ``script`` (torch itself
failed on the example: an error of this survey, not of the transpiler).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import traceback
import warnings

import numpy as np
import torch

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw

TARGETS = ("numpy", "tensorflow", "jax")


def _img(seed=0, shape=(1, 3, 16, 16)):
    return np.random.default_rng(seed).random(shape).astype(np.float32)


def _f(seed, shape, lo=None):
    a = np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
    return np.abs(a) + lo if lo is not None else a


def _t(*v):
    return torch.tensor(v if len(v) > 1 else v[0], dtype=torch.float32)


# -- kornia -----------------------------------------------------------------------------------

def kornia_cases():
    import kornia as K
    C, F, E, G, M = K.color, K.filters, K.enhance, K.geometry, K.morphology
    GT, GC = G.transform, G.conversions
    x, y = _img(), _img(1)
    g1 = _img(2, (1, 1, 16, 16))
    x2 = _img(3, (2, 3, 12, 12))
    k3 = torch.ones(3, 3)
    H = torch.tensor([[[1.0, 0.1, 0.5], [0.05, 0.95, 0.2], [0.001, 0.002, 1.0]]])
    A = torch.tensor([[[0.9, 0.1, 1.0], [-0.1, 0.9, 0.5]]])
    logits = _f(4, (2, 3, 8, 8))
    labels = np.random.default_rng(5).integers(0, 3, (2, 8, 8)).astype(np.int64)
    pred_lbl = np.random.default_rng(6).integers(0, 3, (2, 8, 8)).astype(np.int64)
    cls_logits = _f(7, (6, 5))
    cls_lbl = np.random.default_rng(8).integers(0, 5, (6,)).astype(np.int64)
    pts2 = _f(9, (2, 7, 2))
    pts3 = _f(10, (2, 7, 3))
    hom3 = np.concatenate([_f(11, (2, 7, 2)), np.abs(_f(12, (2, 7, 1))) + 0.5], -1)
    aa = _f(13, (4, 3)) * 0.7
    quat = _f(14, (4, 4))
    quat = quat / np.linalg.norm(quat, axis=-1, keepdims=True)
    depth = _f(15, (1, 1, 6, 8), lo=0.5)
    Kcam = np.array([[[10.0, 0, 4.0], [0, 10.0, 3.0], [0, 0, 1.0]]], np.float32)
    patches = _img(16, (3, 1, 32, 32))
    src4 = np.array([[[0.0, 0.0], [15.0, 0.0], [15.0, 15.0], [0.0, 15.0]]], np.float32)
    dst4 = np.array([[[1.0, 2.0], [14.0, 0.5], [15.5, 14.0], [0.5, 13.0]]], np.float32)
    noise = _f(17, (1, 2, 16, 16)) * 0.5
    mapx = np.broadcast_to(np.arange(16, dtype=np.float32)[None, None] * 0.9 + 0.7,
                           (1, 16, 16)).copy()
    mapy = np.broadcast_to(np.arange(16, dtype=np.float32)[None, :, None] * 0.95 + 0.3,
                           (1, 16, 16)).copy()
    R = np.stack([np.linalg.qr(np.random.default_rng(s).standard_normal((3, 3)))[0]
                  for s in range(4)]).astype(np.float32)
    R = R * np.sign(np.linalg.det(R))[:, None, None]
    T4 = np.tile(np.eye(4, dtype=np.float32), (2, 1, 1))
    T4[:, :3, :3] = R[:2]
    T4[:, :3, 3] = _f(18, (2, 3))

    c = {
        # color
        "color.rgb_to_hsv": (C.rgb_to_hsv, (x,)),
        "color.hsv_to_rgb": (lambda t: C.hsv_to_rgb(C.rgb_to_hsv(t)), (x,)),
        "color.rgb_to_hls": (C.rgb_to_hls, (x,)),
        "color.hls_to_rgb": (lambda t: C.hls_to_rgb(C.rgb_to_hls(t)), (x,)),
        "color.rgb_to_lab": (C.rgb_to_lab, (x,)),
        "color.lab_to_rgb": (lambda t: C.lab_to_rgb(C.rgb_to_lab(t)), (x,)),
        "color.rgb_to_luv": (C.rgb_to_luv, (x,)),
        "color.luv_to_rgb": (lambda t: C.luv_to_rgb(C.rgb_to_luv(t)), (x,)),
        "color.rgb_to_ycbcr": (C.rgb_to_ycbcr, (x,)),
        "color.ycbcr_to_rgb": (C.ycbcr_to_rgb, (x,)),
        "color.rgb_to_yuv": (C.rgb_to_yuv, (x,)),
        "color.yuv_to_rgb": (C.yuv_to_rgb, (x,)),
        "color.rgb_to_xyz": (C.rgb_to_xyz, (x,)),
        "color.xyz_to_rgb": (C.xyz_to_rgb, (x,)),
        "color.rgb_to_grayscale": (C.rgb_to_grayscale, (x,)),
        "color.bgr_to_rgb": (C.bgr_to_rgb, (x,)),
        "color.rgb_to_linear_rgb": (C.rgb_to_linear_rgb, (x,)),
        "color.linear_rgb_to_rgb": (C.linear_rgb_to_rgb, (x,)),
        "color.sepia": (C.sepia, (x,)),
        "color.rgb_to_yuv420": (C.rgb_to_yuv420, (x,)),
        "color.raw_to_rgb": (lambda t: C.raw_to_rgb(t, C.CFA.BG), (g1,)),
        # filters
        "filters.gaussian_blur2d": (lambda t: F.gaussian_blur2d(t, (5, 5), (1.5, 1.5)), (x,)),
        "filters.gaussian_blur2d_tensor_sigma": (
            lambda t, s: F.gaussian_blur2d(t, (5, 5), s), (x2, np.array([[1.0, 1.5], [0.8, 1.2]], np.float32))),
        "filters.box_blur": (lambda t: F.box_blur(t, (3, 3)), (x,)),
        "filters.box_blur_separable": (lambda t: F.box_blur(t, (3, 5), separable=True), (x,)),
        "filters.median_blur": (lambda t: F.median_blur(t, (3, 3)), (x,)),
        "filters.median_blur5": (lambda t: F.median_blur(t, 5), (x2,)),
        "filters.bilateral_blur": (lambda t: F.bilateral_blur(t, (3, 3), 0.1, (1.5, 1.5)), (x,)),
        "filters.joint_bilateral_blur": (lambda t, g: F.joint_bilateral_blur(t, g, (5, 5), 0.1, (1.5, 1.5)), (x, y)),
        "filters.sobel": (F.sobel, (x,)),
        "filters.laplacian": (lambda t: F.laplacian(t, 5), (x,)),
        "filters.spatial_gradient": (F.spatial_gradient, (x,)),
        "filters.spatial_gradient_2nd": (lambda t: F.spatial_gradient(t, order=2), (x,)),
        "filters.spatial_gradient3d": (F.spatial_gradient3d, (_img(19, (1, 2, 4, 8, 8)),)),
        "filters.unsharp_mask": (lambda t: F.unsharp_mask(t, (3, 3), (1.5, 1.5)), (x,)),
        "filters.motion_blur": (lambda t: F.motion_blur(t, 5, 35.0, 0.5), (x,)),
        "filters.canny_no_hysteresis": (lambda t: F.canny(t, hysteresis=False), (x,)),
        "filters.filter2d": (lambda t, k: F.filter2d(t, k), (x, _f(20, (1, 3, 3)))),
        "filters.filter2d_separable": (lambda t, a, b: F.filter2d_separable(t, a, b), (x, _f(21, (1, 3)), _f(22, (1, 5)))),
        "filters.guided_blur": (lambda t, g: F.guided_blur(g, t, 3, 0.1), (x, y)),
        "filters.in_range": (lambda t: F.in_range(t, (0.2, 0.2, 0.2), (0.8, 0.8, 0.8)), (x,)),
        "filters.max_blur_pool2d": (lambda t: F.max_blur_pool2d(t, 3), (x,)),
        "filters.blur_pool2d": (lambda t: F.blur_pool2d(t, 3), (x,)),
        "filters.dexined_free_sobel_magnitude": (lambda t: F.sobel(t, normalized=False), (x,)),
        # enhance
        "enhance.adjust_brightness": (lambda t: E.adjust_brightness(t, 0.2), (x,)),
        "enhance.adjust_contrast": (lambda t: E.adjust_contrast(t, 0.5), (x,)),
        "enhance.adjust_contrast_with_mean_subtraction": (lambda t: E.adjust_contrast_with_mean_subtraction(t, 0.5), (x,)),
        "enhance.adjust_gamma": (lambda t: E.adjust_gamma(t, 1.5), (x,)),
        "enhance.adjust_hue": (lambda t: E.adjust_hue(t, 0.3), (x,)),
        "enhance.adjust_saturation": (lambda t: E.adjust_saturation(t, 2.0), (x,)),
        "enhance.adjust_log": (lambda t: E.adjust_log(t, 1.2), (x,)),
        "enhance.adjust_sigmoid": (lambda t: E.adjust_sigmoid(t, 0.5, 10.0), (x,)),
        "enhance.normalize": (lambda t: E.normalize(t, _t(0.5, 0.4, 0.3), _t(0.2, 0.25, 0.3)), (x,)),
        "enhance.denormalize": (lambda t: E.denormalize(t, _t(0.5, 0.4, 0.3), _t(0.2, 0.25, 0.3)), (x,)),
        "enhance.normalize_min_max": (lambda t: E.normalize_min_max(t), (x,)),
        "enhance.sharpness": (lambda t: E.sharpness(t, 0.5), (x,)),
        "enhance.solarize": (lambda t: E.solarize(t, 0.4, 0.1), (x,)),
        "enhance.posterize": (lambda t: E.posterize(t, 3), (x,)),
        "enhance.invert": (E.invert, (x,)),
        "enhance.equalize": (E.equalize, (x,)),
        "enhance.equalize_clahe": (lambda t: E.equalize_clahe(t, 40.0, (2, 2)), (x,)),
        "enhance.equalize_clahe_slow": (lambda t: E.equalize_clahe(t, 40.0, (2, 2), slow_and_differentiable=True), (x,)),
        "enhance.add_weighted": (lambda a, b: E.add_weighted(a, 0.3, b, 0.7, 0.1), (x, y)),
        "enhance.zca_mean_transform": (lambda t: E.linear_transform(t, torch.eye(48), torch.zeros(1, 48)), (_img(23, (4, 3, 4, 4)),)),
        "enhance.jpeg_codec_differentiable": (lambda t: E.jpeg_codec_differentiable(t, torch.tensor([50.0])), (_img(24, (1, 3, 16, 16)),)),
        # geometry.transform
        "transform.warp_affine": (lambda t: GT.warp_affine(t, A, (16, 16)), (x,)),
        "transform.warp_affine_reflect_nearest": (lambda t: GT.warp_affine(t, A, (12, 14), mode="nearest", padding_mode="reflection"), (x,)),
        "transform.warp_perspective": (lambda t: GT.warp_perspective(t, H, (16, 16)), (x,)),
        "transform.warp_perspective_input_H": (lambda t, h: GT.warp_perspective(t, h, (16, 16)), (x, H.numpy())),
        "transform.rotate": (lambda t: GT.rotate(t, _t([30.0])), (x,)),
        "transform.translate": (lambda t: GT.translate(t, torch.tensor([[2.0, -1.5]])), (x,)),
        "transform.scale": (lambda t: GT.scale(t, torch.tensor([[1.2, 0.8]])), (x,)),
        "transform.shear": (lambda t: GT.shear(t, torch.tensor([[0.1, -0.2]])), (x,)),
        "transform.resize": (lambda t: GT.resize(t, (8, 12)), (x,)),
        "transform.resize_antialias": (lambda t: GT.resize(t, (8, 6), antialias=True), (x,)),
        "transform.resize_nearest": (lambda t: GT.resize(t, (24, 20), interpolation="nearest"), (x,)),
        "transform.resize_bicubic": (lambda t: GT.resize(t, (24, 20), interpolation="bicubic"), (x,)),
        "transform.rescale": (lambda t: GT.rescale(t, 0.5), (x,)),
        "transform.crop_by_boxes": (lambda t: GT.crop_by_boxes(t, torch.tensor([[[2.0, 2.0], [9.0, 2.0], [9.0, 9.0], [2.0, 9.0]]]), torch.tensor([[[0.0, 0.0], [7.0, 0.0], [7.0, 7.0], [0.0, 7.0]]])), (x,)),
        "transform.crop_and_resize": (lambda t: GT.crop_and_resize(t, torch.tensor([[[2.0, 2.0], [10.0, 2.0], [10.0, 12.0], [2.0, 12.0]]]), (8, 8)), (x,)),
        "transform.center_crop": (lambda t: GT.center_crop(t, (8, 10)), (x,)),
        "transform.remap": (lambda t, mx, my: GT.remap(t, mx, my, align_corners=True), (x, mapx, mapy)),
        "transform.hflip": (GT.hflip, (x,)),
        "transform.vflip": (GT.vflip, (x,)),
        "transform.rot180": (GT.rot180, (x,)),
        "transform.pyrdown": (GT.pyrdown, (x,)),
        "transform.pyrup": (GT.pyrup, (x,)),
        "transform.build_pyramid": (lambda t: GT.build_pyramid(t, 3), (x,)),
        "transform.build_laplacian_pyramid": (lambda t: GT.build_laplacian_pyramid(t, 3), (x,)),
        "transform.elastic_transform2d": (lambda t, n: GT.elastic_transform2d(t, n, (5, 5), (2.0, 2.0), (1.0, 1.0)), (x, noise)),
        "transform.get_perspective_transform": (GT.get_perspective_transform, (src4, dst4)),
        "transform.get_rotation_matrix2d": (GT.get_rotation_matrix2d, (np.array([[8.0, 8.0]], np.float32), np.array([30.0], np.float32), np.array([[1.0, 1.0]], np.float32))),
        "transform.get_affine_matrix2d": (lambda tr, c, s, a: GT.get_affine_matrix2d(tr, c, s, a), (np.array([[1.0, 2.0]], np.float32), np.array([[8.0, 8.0]], np.float32), np.array([[1.1, 0.9]], np.float32), np.array([20.0], np.float32))),
        "transform.invert_affine_transform": (GT.invert_affine_transform, (A.numpy(),)),
        "transform.affine": (lambda t: GT.affine(t, A), (x,)),
        "transform.warp_grid": (lambda t: GT.warp_grid(K.utils.create_meshgrid(8, 8), t), (H.numpy(),)),
        "transform.warp_affine3d": (lambda t: GT.warp_affine3d(t, torch.tensor([[[1.0, 0.05, 0.0, 0.5], [0.0, 0.95, 0.1, 0.0], [0.02, 0.0, 1.0, 0.3]]]), (4, 8, 8)), (_img(25, (1, 2, 4, 8, 8)),)),
        "transform.resize_3d_via_interpolate": (lambda t: torch.nn.functional.interpolate(t, (6, 10, 10), mode="trilinear"), (_img(26, (1, 2, 4, 8, 8)),)),
        # geometry.conversions / camera / linalg
        "conversions.axis_angle_to_rotation_matrix": (GC.axis_angle_to_rotation_matrix, (aa,)),
        "conversions.rotation_matrix_to_axis_angle": (GC.rotation_matrix_to_axis_angle, (R,)),
        "conversions.rotation_matrix_to_quaternion": (GC.rotation_matrix_to_quaternion, (R,)),
        "conversions.quaternion_to_rotation_matrix": (GC.quaternion_to_rotation_matrix, (quat,)),
        "conversions.quaternion_to_axis_angle": (GC.quaternion_to_axis_angle, (quat,)),
        "conversions.axis_angle_to_quaternion": (GC.axis_angle_to_quaternion, (aa,)),
        "conversions.quaternion_log_to_exp": (GC.quaternion_log_to_exp, (aa,)),
        "conversions.quaternion_exp_to_log": (GC.quaternion_exp_to_log, (quat,)),
        "conversions.euler_from_quaternion": (lambda q: GC.euler_from_quaternion(q[:, 0], q[:, 1], q[:, 2], q[:, 3]), (quat,)),
        "conversions.quaternion_from_euler": (lambda e: GC.quaternion_from_euler(e[:, 0], e[:, 1], e[:, 2]), (aa,)),
        "conversions.convert_points_to_homogeneous": (GC.convert_points_to_homogeneous, (pts2,)),
        "conversions.convert_points_from_homogeneous": (GC.convert_points_from_homogeneous, (hom3,)),
        "conversions.normalize_pixel_coordinates": (lambda p: GC.normalize_pixel_coordinates(p, 16, 16), (pts2,)),
        "conversions.denormalize_homography": (lambda h: GC.denormalize_homography(h, (16, 16), (16, 16)), (H.numpy(),)),
        "conversions.vector_to_skew_symmetric_matrix": (GC.vector_to_skew_symmetric_matrix, (pts3[0],)),
        "conversions.matrix4x4_to_Rt": (GC.matrix4x4_to_Rt, (T4,)),
        "conversions.cart2pol": (lambda a, b: GC.cart2pol(a, b), (_f(27, (5,)), _f(28, (5,)))),
        "linalg.transform_points": (G.linalg.transform_points, (T4, pts3)),
        "linalg.inverse_transformation": (G.linalg.inverse_transformation, (T4,)),
        "linalg.compose_transformations": (G.linalg.compose_transformations, (T4, T4[::-1].copy())),
        "linalg.relative_transformation": (G.linalg.relative_transformation, (T4, T4[::-1].copy())),
        "linalg.point_line_distance": (G.linalg.point_line_distance, (pts2[0], _f(29, (7, 3)))),
        "camera.project_points": (G.camera.project_points, (hom3[0] + np.float32([0, 0, 3]), Kcam[0])),
        "camera.unproject_points": (lambda p, d, k: G.camera.unproject_points(p, d, k), (pts2[0], _f(30, (7, 1), lo=0.5), Kcam[0])),
        "depth.depth_to_3d_v2": (lambda d, k: G.depth.depth_to_3d_v2(d[:, 0], k), (depth, Kcam)),
        "depth.depth_to_3d": (G.depth.depth_to_3d, (depth, Kcam)),
        "depth.depth_to_normals": (G.depth.depth_to_normals, (depth, Kcam)),
        "epipolar.fundamental_from_essential": (lambda e, k: G.epipolar.fundamental_from_essential(e, k, k), (R[:2], Kcam.repeat(2, 0))),
        "epipolar.essential_from_Rt": (lambda r, t: G.epipolar.essential_from_Rt(r, t, r.transpose(-1, -2), -t), (R[:2], _f(31, (2, 3, 1)))),
        "epipolar.sampson_epipolar_distance": (G.epipolar.sampson_epipolar_distance, (pts2, pts2[:, ::-1].copy(), np.tile(R[:1], (2, 1, 1)))),
        "homography.find_homography_dlt": (G.homography.find_homography_dlt, (src4 + _f(32, (1, 4, 2)) * 0.1, dst4)),
        "geometry.bbox_to_mask": (lambda b: K.geometry.bbox.bbox_to_mask(b, 16, 16), (np.array([[[2.0, 3.0], [10.0, 3.0], [10.0, 12.0], [2.0, 12.0]]], np.float32),)),
        # morphology
        "morphology.dilation": (lambda t: M.dilation(t, k3), (x,)),
        "morphology.erosion": (lambda t: M.erosion(t, k3), (x,)),
        "morphology.opening": (lambda t: M.opening(t, k3), (x,)),
        "morphology.closing": (lambda t: M.closing(t, k3), (x,)),
        "morphology.gradient": (lambda t: M.gradient(t, k3), (x,)),
        "morphology.top_hat": (lambda t: M.top_hat(t, k3), (x,)),
        "morphology.bottom_hat": (lambda t: M.bottom_hat(t, k3), (x,)),
        "morphology.dilation_unfold": (lambda t: M.dilation(t, torch.tensor([[0.0, 1.0, 0.0], [1.0, 1.0, 1.0], [0.0, 1.0, 0.0]]), engine="unfold"), (x,)),
        "morphology.erosion_convolution_engine": (lambda t: M.erosion(t, k3, engine="convolution"), (x,)),
        # losses
        "losses.ssim_loss": (lambda a, b: K.losses.ssim_loss(a, b, 5), (x, y)),
        "losses.psnr_loss": (lambda a, b: K.losses.psnr_loss(a, b, 1.0), (x, y)),
        "losses.dice_loss": (K.losses.dice_loss, (logits, labels)),
        "losses.focal_loss": (lambda p, t: K.losses.focal_loss(p, t, 0.5, 2.0, "mean"), (logits, labels)),
        "losses.binary_focal_loss_with_logits": (lambda p, t: K.losses.binary_focal_loss_with_logits(p, t, 0.25, 2.0, "mean"), (logits, (labels[:, None].repeat(3, 1) > 1).astype(np.float32))),
        "losses.tversky_loss": (lambda p, t: K.losses.tversky_loss(p, t, 0.5, 0.5), (logits, labels)),
        "losses.total_variation": (K.losses.total_variation, (x,)),
        "losses.charbonnier_loss": (lambda a, b: K.losses.charbonnier_loss(a, b, "mean"), (x, y)),
        "losses.welsch_loss": (lambda a, b: K.losses.welsch_loss(a, b, "mean"), (x, y)),
        "losses.cauchy_loss": (lambda a, b: K.losses.cauchy_loss(a, b, "mean"), (x, y)),
        "losses.geman_mcclure_loss": (lambda a, b: K.losses.geman_mcclure_loss(a, b, "mean"), (x, y)),
        "losses.inverse_depth_smoothness_loss": (K.losses.inverse_depth_smoothness_loss, (depth, _img(33, (1, 3, 6, 8)))),
        "losses.kl_div_loss_2d": (K.losses.kl_div_loss_2d, (np.abs(logits) / np.abs(logits).sum((2, 3), keepdims=True), np.abs(logits[::-1]) / np.abs(logits[::-1]).sum((2, 3), keepdims=True))),
        "losses.js_div_loss_2d": (K.losses.js_div_loss_2d, (np.abs(logits) / np.abs(logits).sum((2, 3), keepdims=True), np.abs(logits[::-1]) / np.abs(logits[::-1]).sum((2, 3), keepdims=True))),
        "losses.ms_ssim_loss": (lambda a, b: K.losses.MS_SSIMLoss()(a, b), (_img(34, (1, 3, 64, 64)), _img(35, (1, 3, 64, 64)))),
        "losses.lovasz_hinge_loss": (K.losses.lovasz_hinge_loss, (logits[:, :1], (labels > 1).astype(np.int64))),
        "losses.lovasz_softmax_loss": (K.losses.lovasz_softmax_loss, (logits, labels)),
        "losses.ssim3d_loss": (lambda a, b: K.losses.ssim3d_loss(a, b, 3), (_img(36, (1, 1, 6, 8, 8)), _img(37, (1, 1, 6, 8, 8)))),
        # metrics
        "metrics.ssim": (lambda a, b: K.metrics.ssim(a, b, 5), (x, y)),
        "metrics.psnr": (lambda a, b: K.metrics.psnr(a, b, 1.0), (x, y)),
        "metrics.accuracy": (lambda p, t: K.metrics.accuracy(p, t, (1, 2)), (cls_logits, cls_lbl)),
        "metrics.confusion_matrix": (lambda p, t: K.metrics.confusion_matrix(p, t, 3), (pred_lbl, labels)),
        "metrics.confusion_matrix_normalized": (lambda p, t: K.metrics.confusion_matrix(p, t, 3, normalized=True), (pred_lbl, labels)),
        "metrics.mean_iou": (lambda p, t: K.metrics.mean_iou(p, t, 3), (pred_lbl, labels)),
        "metrics.aepe": (K.metrics.aepe, (_f(38, (2, 6, 6, 2)), _f(39, (2, 6, 6, 2)))),
        "metrics.mean_iou_bbox": (K.metrics.mean_iou_bbox, (np.array([[0, 0, 4, 4], [2, 2, 6, 7]], np.float32), np.array([[1, 1, 5, 5], [0, 3, 5, 8], [2, 2, 3, 3]], np.float32))),
        # feature
        "feature.harris_response": (lambda t: K.feature.harris_response(t), (g1,)),
        "feature.gftt_response": (K.feature.gftt_response, (g1,)),
        "feature.hessian_response": (K.feature.hessian_response, (g1,)),
        "feature.dog_response": (K.feature.dog_response, (_img(40, (1, 1, 4, 16, 16)),)),
        "feature.dog_response_single": (K.feature.dog_response_single, (g1,)),
        "feature.SIFTDescriptor": (lambda: K.feature.SIFTDescriptor(32, 8, 4).eval(), (patches,)),
        "feature.MKDDescriptor": (lambda: K.feature.MKDDescriptor(32, whitening=None).eval(), (patches,)),
        "feature.HardNet": (lambda: K.feature.HardNet(pretrained=False).eval(), (patches,)),
        "feature.TFeat": (lambda: K.feature.TFeat(pretrained=False).eval(), (patches,)),
        "feature.SOSNet": (lambda: K.feature.SOSNet(pretrained=False).eval(), (patches,)),
        "feature.HyNet": (lambda: K.feature.HyNet(pretrained=False).eval(), (patches,)),
        "feature.PatchDominantGradientOrientation": (lambda: K.feature.PatchDominantGradientOrientation(32).eval(), (patches,)),
        "feature.LAFAffineShapeEstimator": (lambda: K.feature.LAFAffineShapeEstimator(32).eval(), (np.array([[[[5.0, 0, 8], [0, 5.0, 8]], [[4.0, 1.0, 7], [-1.0, 4.0, 9]]]], np.float32), g1)),
        "feature.get_laf_scale": (K.feature.get_laf_scale, (np.array([[[[5.0, 0.5, 8], [0.2, 5.0, 8]]]], np.float32),)),
        "feature.laf_to_boundary_points": (K.feature.laf_to_boundary_points, (np.array([[[[5.0, 0.5, 8], [0.2, 5.0, 8]]]], np.float32),)),
        "feature.extract_patches_simple": (lambda t, laf: K.feature.extract_patches_simple(t, laf, PS=8), (g1, np.array([[[[3.0, 0.2, 8], [0.1, 3.0, 7]]]], np.float32))),
        "feature.match_nn": (lambda a, b: K.feature.match_nn(a, b)[0], (_f(41, (6, 8)), _f(42, (5, 8)))),
        "feature.match_snn": (lambda a, b: K.feature.match_snn(a, b, 0.95)[0], (_f(41, (6, 8)), _f(42, (5, 8)))),
        # contrib / utils
        "utils.create_meshgrid": (lambda t: K.utils.create_meshgrid(6, 8, normalized_coordinates=True) + t, (_f(43, (1, 6, 8, 2)),)),
        "utils.one_hot": (lambda lb: K.utils.one_hot(lb, 3, torch.device("cpu"), torch.float32), (labels,)),
        "contrib.extract_tensor_patches": (lambda t: K.contrib.extract_tensor_patches(t, 4, 3), (x,)),
        "contrib.combine_tensor_patches": (lambda t: K.contrib.combine_tensor_patches(K.contrib.extract_tensor_patches(t, 4, 4), (16, 16), 4, 4), (x,)),
        "contrib.compute_padding": (lambda t: torch.nn.functional.pad(t, K.contrib.compute_padding((16, 16), (5, 5))), (x,)),
        "image.ImageToTensor_normalize": (lambda t: K.enhance.Normalize(mean=_t(0.5, 0.4, 0.3), std=_t(0.2, 0.2, 0.2))(t), (x,)),
        "augmentation.CenterCrop": (lambda: K.augmentation.CenterCrop(8, p=1.0).eval(), (x,)),
        "augmentation.Normalize": (lambda: K.augmentation.Normalize(_t(0.5, 0.4, 0.3), _t(0.2, 0.2, 0.2), p=1.0).eval(), (x,)),
    }
    out = {}
    for k, (fn, args) in c.items():  # a lambda of no arguments makes a module; else a function
        maker = getattr(fn, "__name__", "") == "<lambda>" and fn.__code__.co_argcount == 0
        out[k] = (fn, args) if maker else (lambda fn=fn: fn, args)
    return out


# -- torch.nn ---------------------------------------------------------------------------------

def nn_cases():
    nn = torch.nn
    s1 = _f(50, (2, 5, 4))   # (batch, seq, feat)
    s2 = _f(51, (5, 2, 4))   # (seq, batch, feat)
    img = _f(52, (2, 4, 8, 8))
    vol = _f(53, (1, 2, 4, 6, 6))
    seq1d = _f(54, (2, 4, 10))
    tok = _f(55, (2, 6, 16))
    mem = _f(56, (2, 5, 16))
    ids = np.random.default_rng(57).integers(0, 20, (3, 4)).astype(np.int64)
    flat_ids = np.random.default_rng(58).integers(0, 20, (10,)).astype(np.int64)
    offsets = np.array([0, 3, 7], np.int64)
    causal = np.triu(np.full((6, 6), -np.inf, np.float32), 1)
    kpm = np.zeros((2, 5), bool)
    kpm[:, -1] = True

    class ResBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = nn.Conv2d(4, 4, 3, padding=1, bias=False)
            self.b1 = nn.BatchNorm2d(4)
            self.c2 = nn.Conv2d(4, 4, 3, padding=1, bias=False)
            self.b2 = nn.BatchNorm2d(4)

        def forward(self, x):
            return torch.relu(x + self.b2(self.c2(torch.relu(self.b1(self.c1(x))))))

    class UNetBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.down = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.GroupNorm(2, 8), nn.SiLU())
            self.pool = nn.MaxPool2d(2)
            self.mid = nn.Conv2d(8, 8, 3, padding=1)
            self.up = nn.ConvTranspose2d(8, 8, 2, stride=2)
            self.out = nn.Conv2d(16, 4, 1)

        def forward(self, x):
            d = self.down(x)
            m = torch.nn.functional.gelu(self.mid(self.pool(d)))
            return self.out(torch.cat([d, self.up(m)], 1))

    class MHAMasked(nn.Module):
        def __init__(self, **kw):
            super().__init__()
            self.m = nn.MultiheadAttention(16, 4, batch_first=True, **kw)

        def forward(self, q, kv, kpm, am=None):
            return self.m(q, kv, kv, key_padding_mask=kpm, attn_mask=am)[0]

    class MHASelfCausal(nn.Module):
        def __init__(self):
            super().__init__()
            self.m = nn.MultiheadAttention(16, 2, batch_first=True)

        def forward(self, x, am):
            o, w = self.m(x, x, x, attn_mask=am, need_weights=True)
            return o, w

    class Rnn(nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, x):
            return self.m(x)

    c = {
        "nn.LSTM_2layer_bidir_batch_first": (lambda: Rnn(nn.LSTM(4, 6, num_layers=2, bidirectional=True, batch_first=True)), (s1,)),
        "nn.LSTM_seq_first": (lambda: Rnn(nn.LSTM(4, 6)), (s2,)),
        "nn.LSTM_proj": (lambda: Rnn(nn.LSTM(4, 6, proj_size=3, batch_first=True)), (s1,)),
        "nn.GRU_2layer_bidir": (lambda: Rnn(nn.GRU(4, 6, num_layers=2, bidirectional=True, batch_first=True)), (s1,)),
        "nn.GRU_seq_first": (lambda: Rnn(nn.GRU(4, 5)), (s2,)),
        "nn.RNN_tanh_2layer": (lambda: Rnn(nn.RNN(4, 6, num_layers=2, batch_first=True)), (s1,)),
        "nn.RNN_relu_bidir": (lambda: Rnn(nn.RNN(4, 6, nonlinearity="relu", bidirectional=True)), (s2,)),
        "nn.LSTMCell": (lambda: nn.LSTMCell(4, 6), (s1[:, 0],)),
        "nn.GRUCell": (lambda: nn.GRUCell(4, 6), (s1[:, 0],)),
        "nn.TransformerEncoderLayer": (lambda: nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True), (tok,)),
        "nn.TransformerEncoderLayer_norm_first_gelu": (lambda: nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, activation="gelu", norm_first=True), (tok,)),
        "nn.TransformerEncoder_mask": (lambda: (lambda e: (lambda x, m: e(x, mask=m)))(nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True), 2, enable_nested_tensor=False).eval()), (tok, causal)),
        # the usual way: the causal mask built in forward (a constant), is_causal given
        "nn.TransformerEncoder_causal_in_forward": (lambda: (lambda e: (lambda x: e(x, mask=nn.Transformer.generate_square_subsequent_mask(6), is_causal=True)))(nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True), 2, enable_nested_tensor=False).eval()), (tok,)),
        "nn.TransformerDecoderLayer": (lambda: nn.TransformerDecoderLayer(16, 2, 32, dropout=0.0, batch_first=True), (tok, mem)),
        "nn.Transformer": (lambda: nn.Transformer(16, 2, 1, 1, 32, dropout=0.0, batch_first=True), (mem, tok)),
        "nn.MultiheadAttention_kpm": (lambda: MHAMasked(), (tok, mem, kpm)),
        "nn.MultiheadAttention_kv_dims_bias_kv": (lambda: MHAMasked(add_bias_kv=True, add_zero_attn=True), (tok, mem, kpm)),
        "nn.MultiheadAttention_causal_weights": (lambda: MHASelfCausal(), (tok, causal)),
        "nn.Conv1d_groups_dilation": (lambda: nn.Conv1d(4, 8, 3, groups=2, dilation=2, padding=2), (seq1d,)),
        "nn.Conv1d_circular": (lambda: nn.Conv1d(4, 6, 3, padding=1, padding_mode="circular"), (seq1d,)),
        "nn.Conv2d_reflect": (lambda: nn.Conv2d(4, 6, 3, padding=1, padding_mode="reflect"), (img,)),
        "nn.Conv2d_replicate_stride": (lambda: nn.Conv2d(4, 6, 3, stride=2, padding=2, padding_mode="replicate"), (img,)),
        "nn.Conv2d_circular_groups": (lambda: nn.Conv2d(4, 8, 3, padding=1, groups=4, padding_mode="circular"), (img,)),
        "nn.Conv2d_same_dilation": (lambda: nn.Conv2d(4, 4, 3, padding="same", dilation=2), (img,)),
        "nn.Conv3d": (lambda: nn.Conv3d(2, 4, 3, padding=1, stride=(1, 2, 2)), (vol,)),
        "nn.Conv3d_reflect_groups": (lambda: nn.Conv3d(2, 4, 3, padding=1, groups=2, padding_mode="reflect"), (vol,)),
        "nn.ConvTranspose1d": (lambda: nn.ConvTranspose1d(4, 6, 3, stride=2, padding=1, output_padding=1), (seq1d,)),
        "nn.ConvTranspose2d_groups_dilation": (lambda: nn.ConvTranspose2d(4, 6, 3, stride=2, groups=2, dilation=2, padding=1), (img,)),
        "nn.ConvTranspose2d_output_size": (lambda: (lambda m: (lambda x: m(x, output_size=[16, 16])))(nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1).eval()), (img,)),
        "nn.ConvTranspose3d": (lambda: nn.ConvTranspose3d(2, 3, 3, stride=2, padding=1), (vol,)),
        "nn.Upsample_nearest": (lambda: nn.Upsample(scale_factor=2, mode="nearest"), (img,)),
        "nn.Upsample_nearest_exact": (lambda: nn.Upsample(size=(11, 13), mode="nearest-exact"), (img,)),
        "nn.Upsample_bilinear": (lambda: nn.Upsample(scale_factor=1.5, mode="bilinear"), (img,)),
        "nn.Upsample_bilinear_align": (lambda: nn.Upsample(size=(11, 13), mode="bilinear", align_corners=True), (img,)),
        "nn.Upsample_bicubic": (lambda: nn.Upsample(scale_factor=2, mode="bicubic"), (img,)),
        "nn.Upsample_bicubic_align": (lambda: nn.Upsample(size=(5, 7), mode="bicubic", align_corners=True), (img,)),
        "nn.Upsample_linear1d": (lambda: nn.Upsample(scale_factor=2, mode="linear"), (seq1d,)),
        "nn.Upsample_trilinear": (lambda: nn.Upsample(scale_factor=2, mode="trilinear"), (vol,)),
        "nn.interpolate_area": (lambda: (lambda x: torch.nn.functional.interpolate(x, size=(5, 3), mode="area")), (img,)),
        "nn.PixelShuffle": (lambda: nn.PixelShuffle(2), (img,)),
        "nn.PixelUnshuffle": (lambda: nn.PixelUnshuffle(2), (img,)),
        "nn.GroupNorm": (lambda: nn.GroupNorm(2, 4), (img,)),
        "nn.InstanceNorm2d_affine": (lambda: nn.InstanceNorm2d(4, affine=True), (img,)),
        "nn.InstanceNorm1d_running": (lambda: nn.InstanceNorm1d(4, track_running_stats=True), (seq1d,)),
        "nn.LayerNorm_2d": (lambda: nn.LayerNorm([8, 8]), (img,)),
        "nn.RMSNorm": (lambda: nn.RMSNorm(16), (tok,)),
        "nn.BatchNorm1d_eval": (lambda: nn.BatchNorm1d(4), (seq1d,)),
        "nn.LocalResponseNorm": (lambda: nn.LocalResponseNorm(3), (img,)),
        "nn.Embedding_padding_idx": (lambda: nn.Embedding(20, 5, padding_idx=0), (ids,)),
        "nn.EmbeddingBag_mean_offsets": (lambda: (lambda m: (lambda i, o: m(i, o)))(nn.EmbeddingBag(20, 5, mode="mean").eval()), (flat_ids, offsets)),
        "nn.EmbeddingBag_sum_2d": (lambda: nn.EmbeddingBag(20, 5, mode="sum"), (ids,)),
        "nn.EmbeddingBag_max": (lambda: nn.EmbeddingBag(20, 5, mode="max"), (ids,)),
        "nn.AdaptiveAvgPool2d": (lambda: nn.AdaptiveAvgPool2d((3, 5)), (img,)),
        "nn.AdaptiveMaxPool2d": (lambda: nn.AdaptiveMaxPool2d((3, 5)), (img,)),
        "nn.AdaptiveAvgPool1d": (lambda: nn.AdaptiveAvgPool1d(4), (seq1d,)),
        "nn.AdaptiveMaxPool1d": (lambda: nn.AdaptiveMaxPool1d(3), (seq1d,)),
        "nn.AdaptiveAvgPool3d": (lambda: nn.AdaptiveAvgPool3d((2, 3, 3)), (vol,)),
        "nn.MaxPool2d_ceil_dilation": (lambda: nn.MaxPool2d(3, 2, padding=1, dilation=1, ceil_mode=True), (img,)),
        "nn.AvgPool2d_count_include_pad_false": (lambda: nn.AvgPool2d(3, 2, padding=1, count_include_pad=False, ceil_mode=True), (img,)),
        "nn.MaxPool1d": (lambda: nn.MaxPool1d(3, 2), (seq1d,)),
        "nn.MaxPool3d": (lambda: nn.MaxPool3d(2), (vol,)),
        "nn.AvgPool3d": (lambda: nn.AvgPool3d(2, padding=1), (vol,)),
        "nn.LPPool2d": (lambda: nn.LPPool2d(2, 2), (img,)),
        "nn.Fold": (lambda: nn.Fold((6, 6), 3), (_f(59, (2, 18, 16)),)),
        "nn.Unfold_dilation_stride": (lambda: nn.Unfold(3, dilation=2, padding=1, stride=2), (img,)),
        "nn.ResNetBlock": (lambda: ResBlock(), (img,)),
        "nn.UNetBlock": (lambda: UNetBlock(), (img,)),
        "nn.ReflectionPad2d": (lambda: nn.ReflectionPad2d((1, 2, 2, 1)), (img,)),
        "nn.ReplicationPad3d": (lambda: nn.ReplicationPad3d(1), (vol,)),
        "nn.CircularPad1d": (lambda: nn.CircularPad1d(2), (seq1d,)),
        "nn.ChannelShuffle": (lambda: nn.ChannelShuffle(2), (img,)),
        "nn.Bilinear": (lambda: nn.Bilinear(4, 3, 5), (s1[:, 0], s1[:, 1, :3])),
        "nn.PReLU_Hardswish_Mish_seq": (lambda: nn.Sequential(nn.Linear(4, 8), nn.PReLU(8), nn.Hardswish(), nn.Linear(8, 8), nn.Mish(), nn.Softplus(2.0), nn.ELU(), nn.CELU(), nn.SELU(), nn.GLU()), (s1[:, 0],)),
        "nn.CrossEntropyLoss_ls_weight": (lambda: (lambda f: (lambda p, t: f(p, t)))(nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.0, 1.0]), label_smoothing=0.1)), (_f(60, (6, 5)), np.random.default_rng(61).integers(0, 5, (6,)).astype(np.int64))),
        "nn.CTCLoss": (lambda: (lambda f: (lambda lp, t: f(lp.log_softmax(-1), t, torch.tensor([6, 5]), torch.tensor([3, 2]))))(nn.CTCLoss()), (_f(62, (6, 2, 5)), np.array([[1, 2, 3], [2, 4, 1]], np.int64))),
        "nn.CTCLoss_lengths_in": (lambda: (lambda f: (lambda lp, t, il, tl: f(lp.log_softmax(-1), t, il, tl)))(nn.CTCLoss(zero_infinity=True)), (_f(62, (6, 2, 5)), np.array([1, 2, 3, 2, 4], np.int64), np.array([6, 5], np.int64), np.array([3, 2], np.int64))),
        "nn.functional.grid_sample_bicubic": (lambda: (lambda x, g: torch.nn.functional.grid_sample(x, g, mode="bicubic", align_corners=False)), (img, np.clip(_f(63, (2, 5, 5, 2)) * 0.6, -1.1, 1.1))),
        "nn.functional.affine_grid": (lambda: (lambda th: torch.nn.functional.affine_grid(th, [2, 3, 5, 6], align_corners=False)), (_f(64, (2, 2, 3)),)),
        "nn.functional.scaled_dot_product_attention_causal": (lambda: (lambda q, k, v: torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)), (_f(65, (2, 2, 5, 8)), _f(66, (2, 2, 5, 8)), _f(67, (2, 2, 5, 8)))),
    }
    return c


# -- transformers -----------------------------------------------------------------------------

def transformers_cases():
    import transformers as T
    ids = np.random.default_rng(0).integers(3, 90, (2, 8)).astype(np.int64)
    img32 = _img(70, (1, 3, 32, 32))
    s = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
             vocab_size=100, max_position_embeddings=64)
    dec = dict(use_cache=False, bos_token_id=0, eos_token_id=0)
    vit = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
               image_size=32, patch_size=8, num_channels=3)
    t5 = dict(d_model=32, d_kv=16, d_ff=64, num_layers=2, num_heads=2, vocab_size=100,
              decoder_start_token_id=0, use_cache=False)
    bart = dict(d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
                decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, vocab_size=100,
                max_position_embeddings=64, use_cache=False, bos_token_id=0, eos_token_id=2,
                pad_token_id=1, decoder_start_token_id=2)

    class WithDec(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, i, d):
            return self.m(input_ids=i, decoder_input_ids=d).last_hidden_state

    c = {
        "GPT2Model": (lambda: T.GPT2Model(T.GPT2Config(n_embd=32, n_layer=2, n_head=2, vocab_size=100, n_positions=64, use_cache=False)), (ids,)),
        "T5EncoderModel": (lambda: T.T5EncoderModel(T.T5Config(**t5)), (ids,)),
        "T5Model_with_decoder": (lambda: WithDec(T.T5Model(T.T5Config(**t5))), (ids, ids[:, :5].copy())),
        "BartModel": (lambda: T.BartModel(T.BartConfig(**bart)), (ids,)),
        "DistilBertModel": (lambda: T.DistilBertModel(T.DistilBertConfig(dim=32, n_layers=2, n_heads=2, hidden_dim=64, vocab_size=100, max_position_embeddings=64)), (ids,)),
        "RobertaModel": (lambda: T.RobertaModel(T.RobertaConfig(**{**s, "max_position_embeddings": 72})), (ids,)),
        "LlamaModel": (lambda: T.LlamaModel(T.LlamaConfig(num_key_value_heads=1, **s, **dec)), (ids,)),
        "ViTModel": (lambda: T.ViTModel(T.ViTConfig(**vit)), (img32,)),
        "DeiTModel": (lambda: T.DeiTModel(T.DeiTConfig(**vit)), (img32,)),
        "BeitModel": (lambda: T.BeitModel(T.BeitConfig(**vit, use_relative_position_bias=True)), (img32,)),
        "Dinov2Model": (lambda: T.Dinov2Model(T.Dinov2Config(**{**vit, "image_size": 32})), (img32,)),
        "MobileViTModel": (lambda: T.MobileViTModel(T.MobileViTConfig(image_size=32, patch_size=2, hidden_sizes=[16, 24, 32], neck_hidden_sizes=[8, 8, 16, 16, 24, 32, 64], num_attention_heads=2)), (img32,)),
        "BertForSequenceClassification": (lambda: T.BertForSequenceClassification(T.BertConfig(**s, num_labels=3)), (ids,)),
        "Longformer": (lambda: T.LongformerModel(T.LongformerConfig(**{**s, "max_position_embeddings": 80}, attention_window=4)), (ids,)),
        "Perceiver": (lambda: T.PerceiverModel(T.PerceiverConfig(num_latents=4, d_latents=16, d_model=8, num_blocks=1, num_self_attends_per_block=1, num_self_attention_heads=2, num_cross_attention_heads=1)), (_f(71, (2, 6, 8)),)),
        "Mamba?": (lambda: T.MambaModel(T.MambaConfig(hidden_size=16, num_hidden_layers=1, vocab_size=100, state_size=4, use_cache=False)), (ids,)),
        "BigBird_block_sparse?": (lambda: T.BigBirdModel(T.BigBirdConfig(**{**s, "max_position_embeddings": 128}, attention_type="original_full")), (ids,)),
    }
    return c


GROUPS = {"kornia": kornia_cases, "nn": nn_cases, "transformers": transformers_cases}


# -- running ----------------------------------------------------------------------------------

def _third(args):
    rng = np.random.default_rng(3)
    return tuple(fw.random_like(a, rng) if isinstance(a, np.ndarray) else a for a in args)


def _native(obj, args):
    with torch.no_grad():
        out = obj(*(torch.from_numpy(np.ascontiguousarray(a)) if isinstance(a, np.ndarray) else a
                    for a in args))
    if hasattr(out, "to_tuple") and not isinstance(out, dict):
        out = out.to_tuple()
    if isinstance(out, dict):
        out = {k: v for k, v in out.items() if v is not None}
    return fw.tree_to_numpy(dict(out) if isinstance(out, dict) else out)


_OP = re.compile(r"(aten\.[\w.]+|operation [\w.]+)")


def reason(e: BaseException) -> tuple[str, str]:
    msg = " ".join(str(e).split())
    m = _OP.search(msg)
    op = m.group(1).replace("operation ", "") if m else ""
    # drop "at file:line: code" (the op and the reason are what a table needs)
    cut = re.sub(r" at \S+:\d+: .*?: (?=(no Ivy|the Ivy|uses the|random|Python|the emitted))",
                 ": ", msg)
    return op, cut[:400]


def run_case(obj, args, target, more=()):
    """Transpile on ``args`` (verified), then compare with torch on a third draw of the same
    shapes and on each argument tuple in ``more`` (e.g. another batch size: a new signature, so
    ``t(...)`` re-transpiles)."""
    t0 = time.perf_counter()
    try:
        t = ivy.transpile(obj, source="torch", target=target, args=args)
    except TranspileError as e:
        op, r = reason(e)
        return {"status": "refused", "op": op, "reason": r, "s": time.perf_counter() - t0}
    except Exception as e:  # noqa: BLE001 - a survey records every failure
        return {"status": "crash", "op": "", "reason": f"{type(e).__name__}: {e}"[:300],
                "tb": traceback.format_exc()[-1500:], "s": time.perf_counter() - t0}
    dt = time.perf_counter() - t0
    bad: list = []
    draws = [("third draw", _third(args))] + [(f"extra draw {i}", ab) for i, ab in enumerate(more)]
    for k, (label, a3) in enumerate(draws):
        try:
            want = _native(obj, a3)
        except Exception as e:  # noqa: BLE001
            return {"status": "ok", "note": f"torch fails on {label}: {e}"[:200], "s": dt}
        try:
            got = fw.tree_to_numpy(t(*a3))
            bad = [r for r in fw.compare_trees(want, got) if not r["ok"]]
        except Exception as e:  # noqa: BLE001
            if not k:  # the example's signature: any failure is a wrong result
                return {"status": "wrong", "op": "",
                        "reason": f"{label} raised {type(e).__name__}: {e}"[:300], "s": dt}
            if isinstance(e, TranspileError):  # another signature: t(...) transpiled again
                op, r = reason(e)
                return {"status": "refused", "op": op, "reason": f"{label}: {r}", "s": dt}
            return {"status": "crash", "op": "", "reason": f"{label} raised "
                    f"{type(e).__name__}: {e}"[:300], "tb": traceback.format_exc()[-1500:],
                    "s": dt}
        if bad:
            break
    if bad and _conditioning(obj, a3, want, got):
        return {"status": "ok", "note": "differs from torch float32 by no more than torch "
                "float32 differs from torch float64 (ill-conditioned draw)", "s": dt}
    if bad:
        return {"status": "wrong", "op": "", "reason": str(bad[:2])[:300], "s": dt}
    return {"status": "ok", "s": dt}


def _conditioning(obj, args, want, got):
    """True when the target's result is as close to torch's float64 result as torch's own
    float32 result is (rounding amplified by an ill-conditioned draw, not a wrong mapping)."""
    import copy
    try:
        o64 = copy.deepcopy(obj).double() if isinstance(obj, torch.nn.Module) else obj
        a64 = tuple(a.astype(np.float64) if isinstance(a, np.ndarray) and a.dtype == np.float32
                    else a for a in args)
        truth = _native(o64, a64)
    except Exception:  # noqa: BLE001 - no float64 reference: not shown to be conditioning
        return False
    import optree
    for w, g, t in zip(optree.tree_leaves(want), optree.tree_leaves(got),
                       optree.tree_leaves(truth), strict=False):
        w, g, t = (np.asarray(v, np.float64) for v in (w, g, t))
        if w.shape != g.shape or not np.isfinite(g).all() and not np.array_equal(
                np.isfinite(g), np.isfinite(w)):
            return False
        fin = np.isfinite(t)
        if np.abs(g - t)[fin].max(initial=0) > 4 * np.abs(w - t)[fin].max(initial=0) + 1e-6:
            return False
    return True


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--targets", default=",".join(TARGETS))
    p.add_argument("--group", default="")
    p.add_argument("--only", default="")
    p.add_argument("--json", default="")
    a = p.parse_args(argv)
    targets = a.targets.split(",")
    torch.manual_seed(0)
    results = {}
    for gname, g in GROUPS.items():
        if a.group and a.group != gname:
            continue
        for name, (make, args) in g().items():
            full = f"{gname}:{name}"
            if a.only and a.only not in full:
                continue
            torch.manual_seed(0)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    obj = make()
                    if isinstance(obj, torch.nn.Module):
                        obj = obj.eval()
                    _native(obj, args)
            except Exception as e:  # noqa: BLE001
                results[full] = {t: {"status": "script", "reason": f"{type(e).__name__}: {e}"[:300]} for t in targets}
                print(f"{full:60s} SCRIPT {type(e).__name__}: {str(e)[:150]}", flush=True)
                continue
            results[full] = {}
            for tgt in targets:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    r = run_case(obj, args, tgt)
                results[full][tgt] = r
                extra = "" if r["status"] == "ok" else f" [{r.get('op', '')}] {r.get('reason', '')[:160]}"
                print(f"{full:60s} {tgt:10s} {r['status']:8s} {r['s']:.2f}s{extra}", flush=True)
    print("\nsummary (ok / refused / wrong / crash / script):")
    for tgt in targets:
        n = {k: 0 for k in ("ok", "refused", "wrong", "crash", "script")}
        for r in results.values():
            n[r[tgt]["status"]] += 1
        print(f"  {tgt:10s} {n['ok']:4d} / {n['refused']:3d} / {n['wrong']:3d} / {n['crash']:3d}"
              f" / {n['script']:3d}   of {len(results)}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
