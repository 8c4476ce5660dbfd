"""torch_onnx.export on PyTorch's OpInfo samples, op by op.

utils/opinfo_suite.py runs the Core ATen and torchlib ops of PyTorch's op
database through three exporters and writes docs/op-coverage.md. This runs
the first SAMPLES samples of each op that passes there today through
torch_onnx.export alone, in onnxruntime against eager PyTorch, so that a
regression fails here. An op that starts to pass can join the lists.
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils"))
import opinfo_suite  # noqa: E402

SAMPLES = 3
TIME_LIMIT = 60  # seconds per sample

# OpInfo keys ("name" or "name.variant"), Core ATen ops first.
CORE_OPS = [
    "abs", "acos", "acosh", "add", "addmm", "addmm.decomposed", "any",
    "arange", "argmax", "argmin", "asin", "asinh", "atan", "atanh",
    "bitwise_not", "bmm", "bmm.triton_optimized", "cat", "ceil", "clamp",
    "clone", "constant_pad_nd", "cos", "cosh", "cumsum", "div.floor_rounding",
    "div.no_rounding_mode", "div.trunc_rounding", "empty", "eq", "erf", "exp",
    "expand", "expm1", "flip", "floor", "fmod", "full", "full_like", "gather",
    "ge", "gt", "isinf", "isnan", "le", "log", "log10", "log1p", "log2",
    "logical_and", "logical_not", "logical_or", "logical_xor", "lt",
    "masked.argmax", "masked.argmin", "masked.cumsum", "masked.prod",
    "max.binary", "max.reduction_no_dim", "maximum", "min.binary",
    "min.reduction_no_dim", "minimum", "mm", "mul", "native_layer_norm", "ne",
    "neg", "nn.functional.adaptive_avg_pool1d", "nn.functional.avg_pool1d",
    "nn.functional.elu", "nn.functional.embedding", "nn.functional.gelu",
    "nn.functional.hardtanh", "nn.functional.leaky_relu",
    "nn.functional.pad.constant", "nn.functional.relu", "permute", "pow",
    "prod", "reciprocal", "remainder", "repeat", "round", "rsqrt",
    "scalar_tensor", "scatter_add", "select", "select_scatter", "sigmoid",
    "sign", "sin", "sinh", "slice", "split_with_sizes", "sqrt", "squeeze",
    "sub", "tan", "tanh", "topk", "trunc", "unsqueeze", "var", "var.unbiased",
    "view", "where"
]
OTHER_OPS = [
    "addcdiv", "addcmul", "addmv", "all", "baddbmm", "broadcast_to", "chunk",
    "clamp_max", "clamp_min", "conj", "contiguous", "dot", "einsum",
    "empty_like", "exp2", "expand_as", "flatten", "floor_divide", "frac",
    "lerp", "linalg.vector_norm", "log_softmax", "log_softmax.with_dtype",
    "masked.log_softmax", "masked.softmax", "masked_fill", "matmul", "mv",
    "narrow", "new_empty", "new_full", "new_ones", "new_zeros",
    "nn.functional.celu", "nn.functional.conv1d", "nn.functional.conv2d",
    "nn.functional.conv3d", "nn.functional.embedding_bag",
    "nn.functional.glu", "nn.functional.group_norm",
    "nn.functional.hardsigmoid", "nn.functional.hardswish",
    "nn.functional.layer_norm", "nn.functional.linear",
    "nn.functional.logsigmoid", "nn.functional.mish",
    "nn.functional.pad.reflect", "nn.functional.pad.replicate",
    "nn.functional.pixel_shuffle", "nn.functional.pixel_unshuffle",
    "nn.functional.prelu", "nn.functional.relu6", "nn.functional.selu",
    "nn.functional.silu", "ones", "ones_like", "reshape", "roll", "softmax",
    "softmax.with_dtype", "split", "split.list_args", "stack", "t", "tile",
    "transpose", "tril", "triu", "true_divide", "unbind", "unflatten",
    "unsafe_split", "view_as", "zeros", "zeros_like"
]

# The ops that fail today, left out above (docs/op-coverage.md has every
# sample). "(k of n)": k of the first n samples fail.
#
# No lowering ("cannot convert '<op>' to ONNX opset 17"):
#   aten::_native_batch_norm_legit: _native_batch_norm_legit
#   aten::_sparse_mm.reduce: sparse.mm.reduce
#   aten::_upsample_bilinear2d_aa.vec: _upsample_bilinear2d_aa
#   aten::addbmm: addbmm
#   aten::addr: addr
#   aten::amax: amax (2 of 3), masked.amax (1 of 3)
#   aten::amin: amin (2 of 3), masked.amin (1 of 3)
#   aten::angle: angle
#   aten::as_strided: as_strided, as_strided.partial_views
#   aten::atan2: atan2
#   aten::atleast_1d: atleast_1d
#   aten::atleast_2d: atleast_2d
#   aten::atleast_3d: atleast_3d
#   aten::avg_pool2d: nn.functional.avg_pool2d
#   aten::avg_pool3d: nn.functional.avg_pool3d (2 of 3)
#   aten::bernoulli: bernoulli
#   aten::bilinear: nn.functional.bilinear
#   aten::bincount: bincount
#   aten::bitwise_and.Tensor: bitwise_and
#   aten::bitwise_left_shift.Tensor: bitwise_left_shift
#   aten::bitwise_or.Tensor: bitwise_or
#   aten::bitwise_right_shift.Tensor: bitwise_right_shift
#   aten::bitwise_xor.Tensor: bitwise_xor
#   aten::broadcast_tensors: nn.functional.mse_loss
#   aten::cross: cross
#   aten::deg2rad: deg2rad
#   aten::diagonal: diagonal
#   aten::diagonal_copy: diagonal_copy
#   aten::dropout: nn.functional.dropout (1 of 3)
#   aten::empty_strided: empty_strided
#   aten::erfc: erfc
#   aten::grid_sampler_2d: grid_sampler_2d
#   aten::heaviside: heaviside
#   aten::histc: histc
#   aten::im2col: nn.functional.unfold
#   aten::index_put: index_put (1 of 3)
#   aten::isclose: isclose
#   aten::isfinite: isfinite
#   aten::isneginf: isneginf
#   aten::isposinf: isposinf
#   aten::linalg_cross: linalg.cross
#   aten::linalg_det: linalg.det
#   aten::linspace.Tensor_Tensor: linspace.tensor_overload
#   aten::logaddexp: logaddexp, masked.logaddexp
#   aten::logaddexp2: logaddexp2
#   aten::logcumsumexp: logcumsumexp
#   aten::logdet: logdet
#   aten::logit: logit
#   aten::logsumexp: logsumexp (1 of 3), masked.logsumexp (1 of 3)
#   aten::mH: mH
#   aten::mT: mT
#   aten::masked_scatter: masked_scatter
#   aten::max_pool1d_with_indices: nn.functional.max_pool1d (2 of 3)
#   aten::max_pool2d_with_indices: max_pool2d_with_indices_backward,
#       nn.functional.max_pool2d (2 of 3)
#   aten::max_pool3d_with_indices: nn.functional.max_pool3d (2 of 3)
#   aten::mean.dim: mean (2 of 3)
#   aten::multinomial: multinomial
#   aten::native_group_norm: native_group_norm
#   aten::new_empty_strided: new_empty_strided
#   aten::nll_loss_nd: nn.functional.nll_loss
#   aten::nonzero: nonzero
#   aten::normal: normal.in_place
#   aten::normal.Tensor_Tensor: normal
#   aten::normal.float_float: normal.number_mean
#   aten::pad: nn.functional.pad.circular
#   aten::rad2deg: rad2deg
#   aten::randint: randint
#   aten::randint_like: randint_like
#   aten::randn: randn
#   aten::randn_like: rand_like, randn_like
#   aten::repeat_interleave.self_int: repeat_interleave
#   aten::resolve_conj: resolve_conj
#   aten::resolve_neg: resolve_neg
#   aten::round.decimals: round.decimals_0, round.decimals_3,
#       round.decimals_neg_3
#   aten::scaled_dot_product_attention:
#       nn.functional.scaled_dot_product_attention (1 of 3)
#   aten::scatter.reduce: scatter (2 of 3)
#   aten::scatter_reduce.two: scatter_reduce.amax, scatter_reduce.amin,
#       scatter_reduce.mean, scatter_reduce.prod, scatter_reduce.sum
#   aten::signbit: signbit
#   aten::sinc: sinc
#   aten::slice_scatter: slice_scatter (1 of 3)
#   aten::sort.stable: sort (1 of 3)
#   aten::special_erfcx: special.erfcx
#   aten::squeeze.dims: squeeze.multiple
#   aten::stft: stft
#   aten::sum.dim_IntList: masked.mean (1 of 3), masked.sum (1 of 3), sum (2 of
#       3)
#   aten::unfold: unfold
#   aten::unique_consecutive: unique_consecutive
#   aten::view_copy: view_copy
#   aten::xlogy.Tensor: xlogy
#
# Other reasons:
#   fill: tracing fails, INTERNAL ASSERT in torch's alias analysis (a bool
#       fill value); the TorchScript exporter fails the same way
#   resize_: tracing fails, the output does not depend on the inputs
#   index_select (1 of 3), max.reduction_with_dim (1 of 3),
#       min.reduction_with_dim (1 of 3): a rank-0 input with dim=0 gives a
#       Gather, ArgMax or ArgMin on a scalar, which ONNX shape inference
#       rejects (the same samples of sum, mean, amax, amin and logsumexp have
#       no lowering above)
#   native_batch_norm: in training mode (2 of 3), running statistics updated
#       in place are not rewritten; in eval mode it has no lowering
#   nn.functional.instance_norm: running statistics updated in place are not
#       rewritten
#   masked.var: the output is float64, PyTorch's float32
#   linspace (1 of 3): steps=1 gives the wrong value
#   nn.functional.softplus (1 of 3): wrong values with beta=3, threshold=0.2
#       (torchscript's too)
#   nn.functional.pad.replicate_negative: onnxruntime rejects an edge Pad
#       that crops an axis (all three exporters)


@pytest.fixture(scope="module")
def opinfos():
    return {opinfo_suite.op_key(o): o for o in opinfo_suite.load_op_db()}


@pytest.mark.parametrize("key", CORE_OPS + OTHER_OPS)
def test_opinfo_samples(key, opinfos, tmp_path):
    opinfo = opinfos[key]
    cases, skipped = opinfo_suite.make_cases(
        opinfo, opinfo_suite.aten_name(opinfo), SAMPLES)
    assert cases, f"no usable sample (skipped: {skipped})"
    failures = []
    for case in cases:
        result, detail, _ = opinfo_suite.attempt("ours", case, str(tmp_path),
                                                 TIME_LIMIT)
        if result != "pass":
            failures.append(f"sample {case.index} ({case.description}): "
                            f"{result}" + (f"; {detail}" if detail else ""))
    assert not failures, "\n".join(failures)
