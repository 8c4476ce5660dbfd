"""Ops that ONNX has no single node for, composed from several: each is
run in onnxruntime against PyTorch on values that exercise the edges
(zeros of both signs, infinities, NaN)."""
import numpy as np
import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

import torch_onnx
from conftest import run_ort

SPECIAL = torch.tensor([0.0, -0.0, 1.5, -2.0, float("inf"), float("-inf"),
                        float("nan"), 0.25])
OTHER = torch.tensor([0.0, 1.0, -3.0, 0.0, 2.0, float("inf"), 1.0,
                      float("nan")])


class Unary(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


class Binary(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, a, b):
        return self.fn(a, b)


def check(tmp_path, model, args, opset=17):
    path = tmp_path / "model.onnx"
    result = torch_onnx.export(model, args, path, opset_version=opset)
    expected = model(*args)
    (actual,) = run_ort(path, dict(zip(result.input_names, args)))
    expected = expected.numpy()
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape
    if expected.dtype == np.bool_ or not np.issubdtype(expected.dtype,
                                                        np.floating):
        np.testing.assert_array_equal(actual, expected)
    else:
        np.testing.assert_allclose(actual, expected, rtol=1e-5, atol=1e-6,
                                   equal_nan=True)


UNARY = {
    "erfc": torch.special.erfc,
    "sinc": torch.sinc,
    "deg2rad": torch.deg2rad,
    "rad2deg": torch.rad2deg,
    "isfinite": torch.isfinite,
    "isposinf": torch.isposinf,
    "isneginf": torch.isneginf,
    "signbit": torch.signbit,
    # PyTorch's sign of NaN is 0; ONNX's Sign gives NaN (it was returned).
    "sign": torch.sign,
    "sgn": torch.sgn,
    "fliplr": lambda x: torch.fliplr(x.reshape(2, 4)),
    "flipud": lambda x: torch.flipud(x.reshape(2, 4)),
    "logit": lambda x: torch.logit(x.sigmoid()),
    "logit_eps": lambda x: torch.logit(x.sigmoid(), eps=0.1),
    "resolve_neg": lambda x: torch.resolve_neg(x) * 2,
    "view_copy": lambda x: torch.ops.aten.view_copy(x, [2, 4]),
}


@pytest.mark.parametrize("name", UNARY)
def test_unary(tmp_path, name):
    check(tmp_path, Unary(UNARY[name]), (SPECIAL.clone(),))


def test_integer_predicates(tmp_path):
    x = torch.tensor([0, -3, 7], dtype=torch.int64)
    model = Unary(lambda x: torch.isfinite(x) & ~torch.isinf(x) &
                  ~torch.signbit(x))
    check(tmp_path, model, (x,))


BINARY = {
    "atan2": torch.atan2,
    "logaddexp": torch.logaddexp,
    "logaddexp2": torch.logaddexp2,
    "xlogy": torch.xlogy,
    "heaviside": torch.heaviside,
    "isclose": torch.isclose,
    "isclose_nan": lambda a, b: torch.isclose(a, b, rtol=0.1, atol=0.5,
                                              equal_nan=True),
    # A NaN loses against a number; NaN only where both are.
    "fmax": torch.fmax,
    "fmin": torch.fmin,
    "fmax_broadcast": lambda a, b: torch.fmax(a.reshape(2, 4),
                                              b.reshape(2, 4)[:1]),
}


@pytest.mark.parametrize("name", BINARY)
def test_binary(tmp_path, name):
    check(tmp_path, Binary(BINARY[name]), (SPECIAL.clone(), OTHER.clone()))


def test_atan2_quadrants(tmp_path):
    y = torch.tensor([1.0, 1.0, -1.0, -1.0, 0.0, 0.0, 2.0, -2.0])
    x = torch.tensor([1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 0.0, 0.0])
    check(tmp_path, Binary(torch.atan2), (y, x))


@pytest.mark.parametrize("op", ["&", "|", "^"])
def test_bitwise_integers_opset18(tmp_path, op):
    a = torch.tensor([12, -7, 5, 0], dtype=torch.int64)
    b = torch.tensor([10, 3, -1, 9], dtype=torch.int64)
    fn = {"&": lambda a, b: a & b, "|": lambda a, b: a | b,
          "^": lambda a, b: a ^ b}[op]
    check(tmp_path, Binary(fn), (a, b), opset=18)


@pytest.mark.parametrize("reduce", ["sum", "prod", "mean", "amax", "amin"])
@pytest.mark.parametrize("include_self", [True, False])
def test_scatter_reduce(tmp_path, reduce, include_self):
    self_ = torch.randn(5, 3)
    index = torch.tensor([[0, 1, 0], [0, 4, 2], [3, 1, 2], [0, 0, 0]])
    src = torch.randn(4, 3)

    class ScatterReduce(nn.Module):
        def forward(self, x, y):
            return x.scatter_reduce(0, index, y, reduce,
                                    include_self=include_self)

    opset = 18 if reduce in ("amax", "amin") else 17
    check(tmp_path, ScatterReduce(), (self_, src), opset=opset)


class ScalarReductions(nn.Module):
    """Reductions of a 0-d tensor over dim 0 or -1, which PyTorch allows."""

    def forward(self, x):
        values, indices = x.max(dim=0)
        return (x.sum(dim=[0]) + x.mean(dim=-1, keepdim=True) +
                x.amax(dim=0) + values + indices +
                x.index_select(0, torch.tensor([0])))


def test_zero_dim_reductions(tmp_path):
    check(tmp_path, ScalarReductions(), (torch.tensor(2.5),))


@pytest.mark.parametrize("decimals", [0, 2, -1])
def test_round_decimals(tmp_path, decimals):
    x = torch.tensor([1.23456, -7.891, 125.5, 0.005, -0.5, 2.5])
    check(tmp_path, Unary(lambda x: torch.round(x, decimals=decimals)), (x,))


@pytest.mark.parametrize("pool, shape", [
    (nn.MaxPool1d, (2, 3, 11)), (nn.MaxPool2d, (2, 3, 7, 9)),
    (nn.MaxPool2d, (3, 7, 9)), (nn.MaxPool3d, (1, 2, 5, 6, 7))],
    ids=["1d", "2d", "2d_unbatched", "3d"])
def test_max_pool_indices(tmp_path, pool, shape):
    """Indices within each plane, as PyTorch numbers them."""
    layer = pool(3, stride=2, padding=1, return_indices=True)

    class Pool(nn.Module):
        def forward(self, x):
            values, indices = layer(x)
            return values, indices

    x = torch.randn(*shape)
    path = tmp_path / "pool.onnx"
    result = torch_onnx.export(Pool(), (x,), path)
    values, indices = run_ort(path, dict(zip(result.input_names, (x,))))
    expected_values, expected_indices = Pool()(x)
    np.testing.assert_allclose(values, expected_values.numpy(), rtol=1e-6)
    np.testing.assert_array_equal(indices, expected_indices.numpy())


class RandomDraws(nn.Module):
    def forward(self, x):
        return (torch.rand_like(x), torch.randn_like(x),
                torch.randint(3, 9, (4000,)), torch.bernoulli(x.sigmoid()),
                torch.rand(2, 4000))


def test_random_ops_distributions(tmp_path):
    """Random values cannot match PyTorch's; their shapes, dtypes and
    ranges must."""
    x = torch.zeros(50, 80)
    path = tmp_path / "random.onnx"
    result = torch_onnx.export(RandomDraws(), (x,), path)
    uniform, normal, ints, coins, table = run_ort(
        path, dict(zip(result.input_names, (x,))))
    expected = RandomDraws()(x)
    for actual, wanted in zip((uniform, normal, ints, coins, table),
                              expected):
        assert actual.shape == tuple(wanted.shape)
        assert actual.dtype == wanted.numpy().dtype
    assert 0.0 <= uniform.min() and uniform.max() < 1.0
    assert abs(uniform.mean() - 0.5) < 0.05
    assert abs(normal.mean()) < 0.1 and abs(normal.std() - 1.0) < 0.1
    assert ints.min() == 3 and ints.max() == 8
    assert set(np.unique(coins)) <= {0.0, 1.0}
    assert abs(coins.mean() - 0.5) < 0.05
    assert uniform.std() > 0.2


def test_linspace_single_step(tmp_path):
    """linspace with one step is its start (it was its end)."""
    check(tmp_path, Unary(lambda x: torch.linspace(3.0, 9.0, 1) + x),
          (torch.zeros(1),))


@pytest.mark.parametrize("beta, threshold", [(1.0, 20.0), (3.0, 0.2),
                                             (1.0, 1.0)])
def test_softplus_threshold(tmp_path, beta, threshold):
    """Past the threshold softplus is its input (it was ignored)."""
    x = torch.linspace(-3, 3, 25)
    check(tmp_path, Unary(lambda x: nn.functional.softplus(
        x, beta=beta, threshold=threshold)), (x,))


@pytest.mark.parametrize("offset, dim1, dim2", [(0, 0, 1), (1, 0, 1),
                                                (-2, 1, 2), (3, 2, 0),
                                                (9, 0, 1)])
def test_diagonal(tmp_path, offset, dim1, dim2):
    x = torch.randn(4, 5, 6)
    check(tmp_path, Unary(lambda x: torch.diagonal(x, offset, dim1, dim2)),
          (x,))


def test_squeeze_dims(tmp_path):
    x = torch.randn(1, 3, 1, 2)
    check(tmp_path, Unary(lambda x: x.squeeze((0, 1, -2))), (x,))


@pytest.mark.parametrize("dim", [None, 0, 1, -1])
def test_repeat_interleave(tmp_path, dim):
    x = torch.randn(2, 3, 4)
    check(tmp_path, Unary(lambda x: x.repeat_interleave(3, dim=dim)), (x,))


@pytest.mark.parametrize("dim", [None, 0, 1])
def test_repeat_interleave_tensor_counts(tmp_path, dim):
    """Counts given as a tensor input: the result's length follows them,
    a single count applies to every element, and zero drops one."""
    x = torch.randn(3, 4)

    class Repeat(nn.Module):
        def forward(self, x, counts, single):
            return (torch.repeat_interleave(counts),
                    x.repeat_interleave(counts[:x.shape[dim or 0]], dim=dim)
                    if dim is not None else x.repeat_interleave(single),
                    x.repeat_interleave(single, dim=dim))

    path = tmp_path / "repeat.onnx"
    args = (x, torch.tensor([1, 0, 3, 2]), torch.tensor(2))
    result = torch_onnx.export(Repeat(), args, path)
    for counts, single in ((args[1], args[2]),
                           (torch.tensor([2, 2, 0, 1]), torch.tensor(3))):
        feed = (x, counts, single)
        actual = run_ort(path, dict(zip(result.input_names, feed)))
        for got, wanted in zip(actual, Repeat()(*feed)):
            np.testing.assert_array_equal(got, wanted.numpy())


SHAPES = {
    "mT": lambda x: x.mT,
    "mH": lambda x: x.mH,
    "adjoint": lambda x: x.adjoint(),
    "atleast_3d": lambda x: torch.atleast_3d(x[0]),
    "atleast_2d": lambda x: torch.atleast_2d(x[0, 0]),
    "atleast_1d": lambda x: torch.atleast_1d(x[0, 0, 0]),
    "logcumsumexp": lambda x: torch.logcumsumexp(x * 30, dim=1),
}


@pytest.mark.parametrize("name", SHAPES)
def test_shape_functions(tmp_path, name):
    check(tmp_path, Unary(SHAPES[name]), (torch.randn(2, 3, 4),))


@pytest.mark.parametrize("fn", [
    lambda a, b: torch.linalg.cross(a, b),
    lambda a, b: torch.cross(a, b, dim=1),
    lambda a, b: torch.linalg.cross(a, b[:1]),
], ids=["linalg", "dim1", "broadcast"])
def test_cross(tmp_path, fn):
    a, b = torch.randn(4, 3), torch.randn(4, 3)
    check(tmp_path, Binary(fn), (a, b))


class EyeOfSizes(nn.Module):
    def forward(self, x):
        return x * torch.eye(x.size(0), x.size(1), dtype=x.dtype)


def test_eye(tmp_path):
    """eye and eye.m lower to EyeLike of zeros (they had no lowering)."""
    check(tmp_path, Unary(lambda x: x + torch.eye(3)), (torch.randn(2, 3, 3),))
    check(tmp_path, Unary(lambda x: x * torch.eye(3, 5, dtype=torch.int64)),
          (torch.ones(3, 5, dtype=torch.int64),))
    path = tmp_path / "dynamic.onnx"
    result = torch_onnx.export(EyeOfSizes(), (torch.randn(4, 6),), path,
                               dynamic_axes={"x": {0: "rows", 1: "columns"}})
    x = torch.randn(5, 3)
    (actual,) = run_ort(path, dict(zip(result.input_names, (x,))))
    np.testing.assert_array_equal(actual, EyeOfSizes()(x).numpy())


@pytest.mark.parametrize("fn", [
    lambda x: torch.outer(x[0], x[1]),
    lambda x: torch.outer(x[0].long(), x[1] > 0),
    lambda x: nn.functional.one_hot((x.abs() * 2).long().clamp(0, 3), 4),
    lambda x: nn.functional.one_hot((x.abs() * 2).long().clamp(0, 5)),
    lambda x: x.index_add(0, torch.tensor([1, 0]), x),
    lambda x: x.index_add(1, torch.tensor([3, 3, 0, 1]), 2 * x, alpha=0.5),
    lambda x: torch.masked_select(x, x > 0),
    lambda x: torch.masked_select(x, torch.tensor([True, False, True, True])),
    lambda x: x.index_fill(1, torch.tensor([1, -1]), -7.0),
    lambda x: x.index_fill(0, torch.tensor(1), torch.tensor(3.5)),
    lambda x: x.long().index_fill(1, torch.tensor([0, 0]), 9),
    lambda x: torch.hstack([x[0], x[1, :3], x[0, 0]]),
    lambda x: torch.hstack([x, x[:, :2]]),
    lambda x: torch.vstack([x, x[0], x[1]]),
    lambda x: torch.column_stack([x[0], x[1], x.T[:, :1]]),
], ids=["outer", "outer_promoted", "one_hot", "one_hot_max", "index_add",
        "index_add_repeated_alpha", "masked_select",
        "masked_select_broadcast", "index_fill_negative",
        "index_fill_tensor_value", "index_fill_int", "hstack_vectors",
        "hstack_matrices", "vstack", "column_stack"])
def test_ops_users_call(tmp_path, fn):
    """Ops users call that had no lowering: outer, one_hot, index_add
    (repeated positions accumulate), masked_select, index_fill, hstack,
    vstack and column_stack."""
    x = torch.tensor([[0.5, -1.5, 2.0, 0.25], [1.0, 0.75, -0.5, 3.0]])
    check(tmp_path, Unary(fn), (x,))


NAN_ROWS = torch.tensor([[1.0, float("nan"), 3.0, float("nan")],
                         [2.0, float("-inf"), float("inf"), -1.0],
                         [-0.0, 0.0, 5.0, -5.0]])


@pytest.mark.parametrize("fn", [
    lambda x: torch.amax(x, 1),
    lambda x: torch.amin(x, (0, 1)),
    lambda x: torch.max(x),
    lambda x: torch.min(x),
    lambda x: torch.max(x, 1)[0],
    lambda x: torch.max(x, 1)[1],
    lambda x: torch.min(x, 0, keepdim=True)[1],
    lambda x: torch.argmax(x, 1),
    lambda x: torch.argmin(x),
    lambda x: torch.argmax(x, 0, keepdim=True),
], ids=["amax", "amin_all", "max", "min", "max_dim_values",
        "max_dim_indices", "min_dim_indices_keepdim", "argmax", "argmin_all",
        "argmax_keepdim"])
def test_reductions_propagate_nan(tmp_path, fn):
    """max, min and their indices give NaN, and the index of the first NaN,
    where the reduced slice holds one: onnxruntime's ReduceMax, ReduceMin,
    ArgMax and ArgMin skip NaN, which silently gave the largest number."""
    check(tmp_path, Unary(fn), (NAN_ROWS,))


def nan_planes(*shape):
    """Random planes with NaN at about one element in six, some windows
    holding two."""
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(*shape, generator=generator)
    x[torch.rand(*shape, generator=generator) < 1 / 6] = float("nan")
    return x


@pytest.mark.parametrize("fn, shape", [
    (lambda x: F.max_pool1d(x, 3, stride=2, padding=1), (2, 3, 11)),
    (lambda x: F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True),
     (2, 3, 7, 9)),
    (lambda x: F.max_pool2d(x, 2, dilation=2), (3, 7, 9)),
    (lambda x: F.max_pool3d(x, 2), (1, 2, 4, 6, 6)),
    (lambda x: F.max_pool2d(x, 3, stride=2, padding=1,
                            return_indices=True)[1], (2, 3, 7, 9)),
    (lambda x: F.max_pool1d(x, 4, stride=1, return_indices=True)[1],
     (2, 3, 11)),
    (lambda x: F.adaptive_max_pool2d(x, (2, 3)), (2, 3, 6, 9)),
    (lambda x: F.adaptive_max_pool2d(x, (3, 4)), (2, 3, 7, 9)),
], ids=["1d", "2d_ceil", "2d_dilated_unbatched", "3d", "2d_indices",
        "1d_indices_overlapping", "adaptive_divisible", "adaptive"])
def test_max_pool_propagates_nan(tmp_path, fn, shape):
    """A window holding a NaN gives NaN, and the index of its last NaN, as
    PyTorch's kernels do: onnxruntime's MaxPool and ReduceMax skip NaN,
    which silently gave the window's largest number."""
    check(tmp_path, Unary(fn), (nan_planes(*shape),))


@pytest.mark.parametrize("fn, shape", [
    (lambda x: torch.mean(x), (0,)),
    (lambda x: torch.mean(x, 1), (3, 0)),
    (lambda x: torch.mean(x, 0, keepdim=True), (0, 2)),
    (lambda x: torch.var_mean(x, 0, correction=0)[1], (0, 4)),
    (lambda x: torch.var(x, 0), (0, 4)),
    (lambda x: torch.std(x, 1, correction=2), (3, 1)),
], ids=["all", "dim", "keepdim", "var_mean", "var", "std_no_freedom"])
def test_mean_of_nothing_is_nan(tmp_path, fn, shape):
    """onnxruntime's ReduceMean of no elements gives 0; PyTorch's mean is
    NaN (0 / 0), and so is a variance with no degrees of freedom."""
    check(tmp_path, Unary(fn), (torch.zeros(*shape),))


@pytest.mark.parametrize("fn", [
    lambda x: torch.mean(x, 1),
    lambda x: torch.mean(x),
    lambda x: torch.var_mean(x, 1, keepdim=True)[1],
], ids=["dim", "all", "var_mean"])
def test_mean_over_a_dynamic_dim_of_size_0(tmp_path, fn):
    """A reduced dim known only at run time may be 0 there: the mean is
    still NaN, as PyTorch's, where ReduceMean would give 0."""
    path = tmp_path / "model.onnx"
    model = Unary(fn)
    result = torch_onnx.export(model, (torch.randn(3, 4),), path,
                               dynamic_axes={"x": {1: "width"}})
    for x in (torch.randn(3, 5), torch.zeros(3, 0)):
        (actual,) = run_ort(path, dict(zip(result.input_names, (x,))))
        np.testing.assert_allclose(actual, model(x).numpy(), rtol=1e-5,
                                   atol=1e-6, equal_nan=True)
