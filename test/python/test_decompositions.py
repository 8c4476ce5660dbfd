"""Composite ops that tracing records whole (cosine_similarity, kron,
median, ...), computed from the ops PyTorch builds them of: each traced
module runs in onnxruntime against PyTorch, several with dynamic dims and
on values that exercise the edges (NaN, infinities, zeros)."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import torch_onnx
from conftest import Fn, run_ort


def flatten(value):
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in flatten(item)]
    return [value]


def check(tmp_path, fn, args, runs=None, dynamic_axes=None):
    """Exports `fn` traced on `args`; compares onnxruntime with PyTorch on
    `args` and on each argument tuple of `runs`."""
    model = Fn(fn)
    path = tmp_path / "model.onnx"
    names = [f"x{i}" for i in range(len(args))]
    result = torch_onnx.export(model, args, path, input_names=names,
                               dynamic_axes=dynamic_axes)
    for inputs in [args] + list(runs or []):
        expected = [e.numpy() for e in flatten(model(*inputs))]
        actual = run_ort(path, dict(zip(result.input_names, inputs)))
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert a.dtype == e.dtype, (a.dtype, e.dtype)
            assert a.shape == e.shape, (a.shape, e.shape)
            if np.issubdtype(e.dtype, np.floating):
                np.testing.assert_allclose(a, e, rtol=1e-5, atol=1e-6,
                                           equal_nan=True)
            else:
                np.testing.assert_array_equal(a, e)


def r(*shape):
    return torch.randn(*shape)


CASES = {
    "cosine_similarity": (lambda a, b: torch.cosine_similarity(a, b, dim=1),
                          (r(3, 4, 5), r(3, 4, 5))),
    "cosine_similarity_broadcast": (
        lambda a, b: F.cosine_similarity(a, b, dim=-1, eps=1e-3),
        (r(3, 1, 5), r(4, 5))),
    "pairwise_distance": (lambda a, b: F.pairwise_distance(a, b, p=3.0),
                          (r(3, 5), r(3, 5))),
    "pairwise_distance_keepdim": (
        lambda a, b: F.pairwise_distance(a, b, keepdim=True), (r(3, 5), r(5))),
    "cdist": (lambda a, b: torch.cdist(a, b), (r(3, 4, 5), r(3, 6, 5))),
    "cdist_p1": (lambda a, b: torch.cdist(a, b, p=1.0), (r(4, 5), r(30, 5))),
    "linalg_norm": (lambda a: torch.linalg.norm(a, dim=1), (r(3, 5),)),
    "linalg_norm_all": (lambda a: torch.linalg.norm(a), (r(3, 5, 2),)),
    "linalg_norm_ord": (lambda a: torch.linalg.norm(a, 3, -1, True),
                        (r(3, 5),)),
    "renorm": (lambda a: torch.renorm(a, 2, 0, 1.0), (r(3, 5) * 2,)),
    "kron": (lambda a, b: torch.kron(a, b), (r(3, 4), r(2, 5))),
    "kron_ranks": (lambda a, b: torch.kron(a, b), (r(2, 3, 2), r(4))),
    "inner": (lambda a, b: torch.inner(a, b), (r(3, 5), r(2, 4, 5))),
    "cumprod": (lambda a: torch.cumprod(a, 1), (r(3, 4),)),
    "cumprod_zeros_int": (
        lambda a: torch.cumprod((a * 2).round().long(), 0), (r(6, 2),)),
    "diag_of_matrix": (lambda a: torch.diag(a, -1), (r(4, 5),)),
    "diag_from_vector": (lambda a: torch.diag(a), (r(4),)),
    "diag_from_vector_above": (lambda a: torch.diag(a, 2), (r(3),)),
    "diag_from_vector_below": (lambda a: torch.diag(a, -1), (r(3),)),
    "diag_embed": (lambda a: torch.diag_embed(a, 1), (r(2, 3),)),
    "trapezoid": (lambda a: torch.trapezoid(a, dx=0.5, dim=0), (r(4, 5),)),
    "tril_indices": (lambda a: a + torch.tril_indices(3, 4, 1), (r(2, 9),)),
    "triu_indices": (lambda a: a + torch.triu_indices(4, 3, -1), (r(2, 9),)),
    "median_dim": (lambda a: torch.median(a, 1), (r(3, 5),)),
    "median_keepdim": (lambda a: torch.median(a, 0, keepdim=True),
                       (r(4, 3),)),
    "median_nan": (lambda a: torch.median(a, 1),
                   (torch.tensor([[1.0, float("nan"), 0.0, float("nan")],
                                  [3.0, 1.0, 2.0, 0.0]]),)),
    "median_all": (lambda a: torch.median(a), (r(3, 5),)),
    "median_scalar": (lambda a: torch.median(a, 0), (r(()),)),
    "nanmedian": (
        lambda a: torch.nanmedian(a, 1),
        (torch.tensor([[1.0, float("nan"), 0.0, float("nan"), 4.0],
                       [3.0, 1.0, 2.0, 0.0, -1.0]]),)),
    "nanmedian_keepdim": (lambda a: torch.nanmedian(a, 0, keepdim=True),
                          (r(4, 3),)),
    "median_all_nan": (lambda a: torch.median(a),
                       (torch.tensor([1.0, float("nan"), 2.0]),)),
    "kthvalue": (lambda a: torch.kthvalue(a, 2, 1), (r(3, 5),)),
    "aminmax": (lambda a: torch.aminmax(a, dim=1), (r(3, 5),)),
    "cummax": (lambda a: torch.cummax(a, 1), (r(3, 5),)),
    "cummax_ties_nan": (
        lambda a: torch.cummax(a, 0),
        (torch.tensor([1.0, 3.0, 3.0, float("nan"), 2.0, float("nan")]),)),
    "cummin_ties_nan": (
        lambda a: torch.cummin(a, -1),
        (torch.tensor([[1.0, 0.0, 0.0, float("nan"), -5.0],
                       [2.0, 2.0, -1.0, -1.0, -3.0]]),)),
    "cummin_int": (lambda a: torch.cummin((a * 3).long(), 0), (r(6, 2),)),
    "bucketize": (
        lambda a, b: torch.bucketize(a, b),
        (torch.tensor([[float("nan"), 1.0, -1.0], [5.0, float("inf"), 0.0]]),
         torch.tensor([0.0, 1.0, 2.0]))),
    "bucketize_right_int32": (
        lambda a, b: torch.bucketize(a, b, out_int32=True, right=True),
        (torch.tensor([0.0, 1.0, 1.5, 2.0]), torch.tensor([0.0, 1.0, 2.0]))),
    "searchsorted": (lambda b, a: torch.searchsorted(b, a),
                     (torch.sort(r(6))[0], r(3, 5))),
    "searchsorted_rows_right": (
        lambda b, a: torch.searchsorted(b, a, side="right"),
        (torch.tensor([[0.0, 1.0, 1.0, 2.0], [-1.0, 0.0, 0.5, 3.0]]),
         torch.tensor([[1.0, 0.0, 2.5], [0.5, 3.0, -2.0]]))),
    "cov": (lambda a: torch.cov(a), (r(3, 5),)),
    "cov_vector": (lambda a: torch.cov(a, correction=0), (r(7),)),
    "block_diag": (lambda a, b, c: torch.block_diag(a, b, c),
                   (r(2, 3), r(3), r(()))),
    "rms_norm": (lambda a, w: F.rms_norm(a, (5,), w), (r(3, 5), r(5))),
    "rms_norm_eps": (lambda a: F.rms_norm(a, (4, 5), eps=1e-3),
                     (r(3, 4, 5),)),
    "rms_norm_half": (lambda a: F.rms_norm(a.half(), (5,)).float(),
                      (r(3, 5),)),
    "tensordot": (lambda a, b: torch.tensordot(a, b, ([1, 2], [0, 1])),
                  (r(3, 4, 5), r(4, 5, 6))),
    "tensordot_reordered": (lambda a, b: torch.tensordot(a, b, ([0, 2],
                                                                [2, 1])),
                            (r(3, 4, 5), r(6, 5, 3))),
    "tensordot_outer": (lambda a, b: torch.tensordot(a, b, dims=0),
                        (r(3), r(2))),
    "trace": (lambda a: torch.trace(a), (r(4, 3),)),
    "trace_int": (lambda a: torch.trace((a * 4).long()), (r(3, 3),)),
    "take": (lambda a, i: torch.take(a, i),
             (r(3, 4), torch.tensor([[0, -1], [5, 11]]))),
    "nanmean": (lambda a: torch.nanmean(a.masked_fill(a > 1, float("nan")),
                                        1), (r(3, 5),)),
    "dist": (lambda a, b: torch.dist(a, b, 3), (r(3, 5), r(5))),
    "msort": (lambda a: torch.msort(a), (r(4, 3),)),
    "movedim": (lambda a: torch.movedim(a, (0, 1), (2, 0)), (r(2, 3, 4),)),
    "diagflat": (lambda a: torch.diagflat(a, -1), (r(2, 2),)),
    "real": (lambda a: torch.real(a) + 1, (r(3),)),
    "isreal": (lambda a: torch.isreal(a), (r(3),)),
    "matrix_H": (lambda a: a.H, (r(3, 2),)),
    "safe_softmax": (
        lambda a: torch.ops.aten._safe_softmax(
            a.masked_fill(a > 0.5, float("-inf")), 1),
        (torch.tensor([[1.0, 2.0], [0.0, 0.3]]),)),
    "permute_copy": (lambda a: torch.permute_copy(a, (1, 0)), (r(2, 3),)),
    "unsqueeze_copy": (lambda a: torch.unsqueeze_copy(a, 1), (r(2, 3),)),
    "margin_ranking_loss": (
        lambda a, b, t: F.margin_ranking_loss(a, b, t, margin=0.3),
        (r(5), r(5), torch.sign(r(5)))),
    "hinge_embedding_loss": (
        lambda a, t: F.hinge_embedding_loss(a, t, margin=0.5),
        (r(5), torch.sign(r(5)))),
    "soft_margin_loss": (lambda a, t: F.soft_margin_loss(a, t),
                         (r(5), torch.sign(r(5)))),
    "cosine_embedding_loss": (
        lambda a, b, t: F.cosine_embedding_loss(a, b, t, margin=0.1,
                                                reduction="none"),
        (r(4, 5), r(4, 5), torch.sign(r(4)))),
    "poisson_nll_loss": (lambda a, t: F.poisson_nll_loss(a, t),
                         (r(5), r(5).abs() * 3)),
    "poisson_nll_loss_full": (
        lambda a, t: F.poisson_nll_loss(a.abs() + 0.1, t, log_input=False,
                                        full=True),
        (r(5), r(5).abs() * 3)),
    "aminmax_all": (lambda a: torch.aminmax(a), (r(3, 5),)),
    "huber_loss": (lambda a, b: F.huber_loss(a, b, delta=0.7),
                   (r(3, 5), r(3, 5))),
    "huber_loss_sum": (lambda a, b: F.huber_loss(a, b, reduction="sum"),
                       (r(3, 5), r(5))),
    "smooth_l1_loss": (lambda a, b: F.smooth_l1_loss(a, b, beta=0.5),
                       (r(3, 5), r(3, 5))),
    "smooth_l1_loss_l1": (
        lambda a, b: F.smooth_l1_loss(a, b, reduction="none", beta=0.0),
        (r(3, 5), r(3, 5))),
    "nansum": (lambda a: torch.nansum(a, 1),
               (torch.tensor([[1.0, float("nan")], [float("nan"),
                                                    float("nan")]]),)),
    "count_nonzero": (lambda a: torch.count_nonzero(a.round(), 1),
                      (r(3, 5),)),
    "count_nonzero_dims": (lambda a: torch.count_nonzero(a.round(), (0, 1)),
                           (r(3, 5),)),
    "isin": (lambda a, b: torch.isin(a, b),
             (torch.randint(0, 5, (3, 5)), torch.randint(0, 5, (4,)))),
    "isin_invert": (lambda a, b: torch.isin(a, b, invert=True),
                    (torch.randint(0, 5, (3, 5)), torch.randint(0, 5, (2, 2)))),
    "hypot": (lambda a, b: torch.hypot(a, b), (r(3, 5), r(3, 5))),
    "copysign": (lambda a, b: torch.copysign(a, b), (r(3, 5), r(3, 5))),
    "float_power": (lambda a, b: torch.float_power(a.abs(), b),
                    (r(3, 5), r(3, 5))),
    "ldexp": (lambda a, b: torch.ldexp(a, b),
              (r(3, 5), torch.randint(-3, 4, (3, 5)))),
    "ravel": (lambda a: torch.ravel(a), (r(3, 5),)),
    "dstack": (lambda a, b, c: torch.dstack((a, b, c)),
               (r(3, 5), r(3, 5, 2), r(3, 5))),
    "dstack_vectors": (lambda a, b: torch.dstack((a, b)), (r(5), r(5))),
    "meshgrid_ij": (lambda a, b: torch.meshgrid(a, b, indexing="ij"),
                    (r(3), r(4))),
    "meshgrid_xy": (lambda a, b, c: torch.meshgrid(a, b, c, indexing="xy"),
                    (r(3), r(4), r(2))),
    "meshgrid_scalar": (lambda a, b: torch.meshgrid(a, b, indexing="xy"),
                        (r(()), r(3))),
    "cdist_p0": (lambda a, b: torch.cdist(a.round(), b.round(), p=0.0),
                 (r(4, 3), r(5, 3))),
    "cdist_inf": (lambda a, b: torch.cdist(a, b, p=float("inf")),
                  (r(4, 3), r(5, 3))),
    "cartesian_prod": (lambda a, b: torch.cartesian_prod(a, b),
                       (r(3), r(4))),
    "rot90": (lambda a: torch.rot90(a, 1, (0, 1)), (r(3, 5),)),
    "rot90_twice": (lambda a: torch.rot90(a, 2, (1, 2)), (r(2, 3, 5),)),
    "rot90_back": (lambda a: torch.rot90(a, -1, (0, 2)), (r(2, 3, 5),)),
    "logspace": (lambda a: a + torch.logspace(0, 2, 5), (r(5),)),
    "logspace_base": (lambda a: a * torch.logspace(-1, 1, 4, base=2.0),
                      (r(4),)),
    "vdot": (lambda a, b: torch.vdot(a, b), (r(5), r(5))),
    "linalg_diagonal": (lambda a: torch.linalg.diagonal(a, offset=1),
                        (r(2, 4, 5),)),
    "argwhere": (lambda a: torch.argwhere(a > 0), (r(3, 4),)),
    "positive": (lambda a: torch.positive(a) * 2, (r(3, 4),)),
    "conj_physical": (lambda a: torch.conj_physical(a) + 1, (r(3, 4),)),
    "linalg_vecdot": (lambda a, b: torch.linalg.vecdot(a, b, dim=0),
                      (r(4, 3), r(4, 1))),
    "fftshift": (lambda a: torch.fft.fftshift(a), (r(5, 6),)),
    "fftshift_dim": (lambda a: torch.fft.fftshift(a, dim=(-1,)),
                     (r(2, 5, 7),)),
    "ifftshift": (lambda a: torch.fft.ifftshift(a, dim=(0, 2)),
                  (r(5, 3, 7),)),
    "multi_dot": (lambda a, b, c: torch.linalg.multi_dot((a, b, c)),
                  (r(3, 4), r(4, 5), r(5, 2))),
    "multi_dot_vectors": (lambda a, b, c: torch.linalg.multi_dot((a, b, c)),
                          (r(4), r(4, 5), r(5))),
    "matrix_power_0": (lambda a: torch.linalg.matrix_power(a, 0),
                       (r(2, 3, 3),)),
    "matrix_power_5": (lambda a: torch.linalg.matrix_power(a, 5) / 10,
                       (r(3, 3),)),
    "trapezoid_x": (lambda y, x: torch.trapezoid(y, x, dim=0),
                    (r(4, 3), r(4, 3))),
    "trapezoid_x_1d": (lambda y, x: torch.trapezoid(y, x),
                       (r(2, 5), r(5).sort().values)),
    "trapz_x": (lambda y, x: torch.trapz(y, x, dim=1), (r(2, 5), r(5))),
    "cumulative_trapezoid_x": (
        lambda y, x: torch.cumulative_trapezoid(y, x, dim=0),
        (r(4, 3), r(4))),
    "cumulative_trapezoid_dx": (
        lambda y: torch.cumulative_trapezoid(y, dx=0.5), (r(3, 5),)),
    "sum_to_size": (lambda a: a.sum_to_size(3, 1), (r(2, 3, 4),)),
    "sum_to_size_same": (lambda a: a.sum_to_size(3, 4) + 1, (r(3, 4),)),
    "softmax_backward_data": (
        lambda g, o: torch.ops.aten._softmax_backward_data(
            g, o.softmax(1), 1, torch.float32), (r(3, 5), r(3, 5))),
    "native_dropout_backward": (
        lambda g, m: torch.ops.aten.native_dropout_backward(g, m > 0, 2.0),
        (r(3, 5), r(3, 5))),
    "matrix_norm_fro": (lambda a: torch.linalg.matrix_norm(a),
                        (r(2, 3, 4),)),
    "matrix_norm_fro_keepdim": (
        lambda a: torch.linalg.matrix_norm(a, "fro", (0, 2), True),
        (r(2, 3, 4),)),
    "linalg_norm_ord_1d": (lambda a: torch.linalg.norm(a, 3), (r(5),)),
    "tensordot_broadcast": (
        lambda a, b: torch.tensordot(a, b, dims=([0, 1], [2, 0])),
        (r(1, 3, 2), r(3, 5, 4))),
    "as_strided_copy": (
        lambda a: torch.ops.aten.as_strided_copy(a, (2, 2), (1, 2), 1),
        (r(3, 3),)),
    "split_with_sizes_copy": (
        lambda a: torch.ops.aten.split_with_sizes_copy(a, [1, 3], 1),
        (r(2, 4),)),
    "unbind_copy": (lambda a: torch.ops.aten.unbind_copy(a, 1), (r(2, 3),)),
    "triplet_margin_loss": (
        lambda a, p, n: F.triplet_margin_loss(a, p, n, margin=0.5),
        (r(4, 6), r(4, 6), r(4, 6))),
    "triplet_margin_loss_swap": (
        lambda a, p, n: F.triplet_margin_loss(a, p, n, p=1.0, swap=True,
                                              reduction="none"),
        (r(4, 6), r(4, 6), r(4, 6))),
    "unique": (lambda a: torch.unique(a), (r(4, 5).round(),)),
    "unique_inverse_counts": (
        lambda a: torch.unique(a, return_inverse=True, return_counts=True),
        (r(3, 4).round(),)),
    "unique_nan": (
        lambda a: torch.unique(a, return_inverse=True, return_counts=True),
        (torch.tensor([2.0, float("nan"), 1.0, 2.0, float("nan"), -0.0]),)),
    "unique_int": (lambda a: torch.unique(a, sorted=False),
                   (torch.tensor([[3, 1], [1, 7]]),)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_decomposition(tmp_path, name):
    fn, args = CASES[name]
    check(tmp_path, fn, args)


SPECIAL = torch.tensor([0.0, -0.0, 1.5, -2.0, float("inf"), float("-inf"),
                        float("nan"), 3e38])
OTHER = torch.tensor([0.0, -1.0, -3.0, 0.0, float("nan"), 2.0, float("inf"),
                      3e38])


@pytest.mark.parametrize("fn", [torch.hypot, torch.copysign],
                         ids=["hypot", "copysign"])
def test_special_values(tmp_path, fn):
    """hypot does not overflow where a^2 + b^2 would, and is inf with an
    infinite operand even beside a NaN; copysign takes the sign of -0.0."""
    check(tmp_path, fn, (SPECIAL, OTHER), runs=[(OTHER, SPECIAL)])


@pytest.mark.parametrize("fn", [
    lambda a, b: torch.special.ndtr(a) + torch.special.ndtr(b),
    lambda a, b: torch.special.entr(a) + torch.special.entr(b),
    torch.special.xlog1py,
], ids=["ndtr", "entr", "xlog1py"])
def test_special_functions(tmp_path, fn):
    """ndtr in both tails, entr at 0, below it and at infinity, xlog1py 0
    where x is 0 unless y is NaN."""
    check(tmp_path, fn, (SPECIAL, OTHER), runs=[(OTHER, SPECIAL)])


@pytest.mark.parametrize("name,fn,shapes,axes", [
    ("cumprod", lambda a: torch.cumprod(a, 0), [(4, 3), (7, 3)], {0: "n"}),
    ("median", lambda a: torch.median(a, 1), [(3, 5), (2, 8)],
     {0: "b", 1: "n"}),
    ("kron", lambda a: torch.kron(a, a), [(2, 3), (3, 1)], {0: "m", 1: "n"}),
    ("cosine_similarity",
     lambda a: torch.cosine_similarity(a, a.flip(0), dim=1),
     [(3, 4), (5, 6)], {0: "m", 1: "n"}),
    ("diag_embed", lambda a: torch.diag_embed(a, -2), [(2, 3), (1, 5)],
     {0: "b", 1: "n"}),
    ("cdist", lambda a: torch.cdist(a, a[:2]), [(3, 4), (5, 2)],
     {0: "m", 1: "n"}),
    ("rms_norm", lambda a: F.rms_norm(a, (a.shape[-1],)), [(2, 4), (3, 6)],
     {0: "b", 1: "n"}),
    ("tensordot", lambda a: torch.tensordot(a, a, ([0], [0])),
     [(3, 4), (5, 2)], {0: "m", 1: "n"}),
    ("take", lambda a: torch.take(a, torch.tensor([0, 1])), [(3, 4), (5, 2)],
     {0: "m", 1: "n"}),
], ids=lambda value: value if isinstance(value, str) else "")
def test_dynamic_dims(tmp_path, name, fn, shapes, axes):
    """Sizes stay dynamic: the decompositions read them at run time."""
    first, *others = [torch.randn(*shape) for shape in shapes]
    check(tmp_path, fn, (first,), runs=[(x,) for x in others],
          dynamic_axes={"x0": axes})
