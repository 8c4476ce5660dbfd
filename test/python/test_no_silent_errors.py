"""Models whose ONNX form once ran and gave a wrong answer, and their
siblings: nested control flow, ranges with fractional steps, and shapes
holding 0. Each is run in onnxruntime against PyTorch, at the traced size
and, where an axis is dynamic, at another one."""
import pytest
import torch
import torch.nn as nn

import torch_onnx
from conftest import assert_close, run_ort


def check(tmp_path, model, args, script=False, dynamic_axes=None,
          other_args=None):
    """Exports `model` on `args` and compares onnxruntime with PyTorch on
    `args` and on `other_args` when given."""
    path = tmp_path / "model.onnx"
    result = torch_onnx.export(model, args, path, script=script,
                               dynamic_axes=dynamic_axes)
    for inputs in [args] + ([other_args] if other_args else []):
        expected = model(*inputs)
        expected = expected if isinstance(expected, tuple) else (expected,)
        feeds = dict(zip(result.input_names, inputs))
        outputs = run_ort(path, feeds)
        assert len(outputs) == len(expected)
        for actual, wanted in zip(outputs, expected):
            assert_close(actual, wanted)


# --- Loops inside loops ----------------------------------------------------


class WhileInFor(nn.Module):
    """The inner while loop once never ran: its trip count, INT64_MAX,
    wrapped around, and the result was the initial 0 instead of 20."""

    def forward(self, x):
        total = torch.zeros_like(x)
        for _ in range(4):
            j = 0
            while j < 5:
                total = total + x
                j += 1
        return total


class ForInWhile(nn.Module):
    """The outer count is a run-time size."""

    def forward(self, x):
        total = torch.zeros_like(x)
        i = 0
        while i < x.size(0):
            for k in range(i + 1):
                total = total + x * k
            i += 1
        return total


class TriangularLoops(nn.Module):
    """The inner trip count depends on the outer index, and an `if` on a
    tensor sits in the innermost body."""

    def forward(self, x):
        total = x
        for i in range(3):
            for j in range(i):
                if bool(total.sum() > 0):
                    total = total * 0.5 + j
                else:
                    total = total - i
        return total


class BreakInNestedLoop(nn.Module):
    def forward(self, x):
        count = 0
        for i in range(6):
            j = 0
            while True:
                j += 1
                count += 1
                if j >= i:
                    break
        return x * count


@pytest.mark.parametrize("module", [WhileInFor, TriangularLoops,
                                    BreakInNestedLoop])
def test_nested_loops(tmp_path, module):
    model = torch.jit.script(module())
    check(tmp_path, model, (torch.randn(2, 3),))


def test_while_around_for_dynamic_count(tmp_path):
    model = torch.jit.script(ForInWhile())
    check(tmp_path, model, (torch.randn(2, 3),), dynamic_axes={"x": [0]},
          other_args=(torch.randn(4, 3),))


# --- Ranges ------------------------------------------------------------------

ARANGE_CASES = [
    # (start, end, step, dtype): an int64 range counts after truncating the
    # bounds to integers (0, 11, 2.2 has 6 elements, not 5).
    (0, 11, 2.2, torch.int64),
    (1, 10, 1.5, torch.int64),
    (-1, 3, 1.7, torch.int64),
    (0.5, 10.2, 3, torch.int64),
    (10, 0.5, -2.5, torch.int64),
    # Other integer dtypes count in double, and step by the truncated step.
    (0, 10, 2.5, torch.int32),
    (1, 10, 1.5, torch.int32),
    (0, 1, 0.1, torch.float32),
    (0.5, 5, 1.8, torch.float64),
]


class Arange(nn.Module):
    def __init__(self, start, end, step, dtype):
        super().__init__()
        self.bounds = (start, end, step)
        self.dtype = dtype

    def forward(self, x):
        start, end, step = self.bounds
        return torch.arange(start, end, step, dtype=self.dtype) + x


@pytest.mark.parametrize("case", ARANGE_CASES, ids=str)
def test_arange_fractional_step(tmp_path, case):
    *bounds, dtype = case
    check(tmp_path, Arange(*bounds, dtype), (torch.zeros(1, dtype=dtype),))


class ArangeToSize(nn.Module):
    """A range to a run-time size with a fractional step."""

    def forward(self, x):
        return torch.arange(0, x.size(0), 1.5, dtype=torch.int64)


def test_arange_fractional_step_dynamic(tmp_path):
    check(tmp_path, ArangeToSize(), (torch.zeros(7),),
          dynamic_axes={"x": [0]}, other_args=(torch.zeros(10),))


# --- Shapes holding 0 --------------------------------------------------------


class ViewEmpty(nn.Module):
    """view to a shape whose 0 comes from the input: an ONNX Reshape reads
    a 0 as "copy the input's dim"."""

    def forward(self, x):
        return x.view(x.size(1), 3, x.size(0)) + 1


class ReshapeEmptyMiddle(nn.Module):
    def forward(self, x):
        return x.reshape(x.size(0), x.size(1), 3), x.flatten(1) * 2


class UnflattenEmpty(nn.Module):
    def forward(self, x):
        return x.unflatten(1, (0, 2))


class NewZerosLike(nn.Module):
    def forward(self, x):
        return x.new_zeros(x.size(1), x.size(0)), x.expand(3, -1, -1, -1)


@pytest.mark.parametrize("module, shape", [
    (ViewEmpty, (2, 0, 3)),
    (ReshapeEmptyMiddle, (2, 0, 3)),
    (UnflattenEmpty, (2, 0)),
    (NewZerosLike, (2, 0, 3)),
], ids=lambda v: getattr(v, "__name__", str(v)))
def test_zero_size_dims(tmp_path, module, shape):
    check(tmp_path, module(), (torch.randn(*shape),))


def test_zero_size_dim_beside_dynamic_batch(tmp_path):
    """The 0 is static, the batch dynamic: the result is empty at every
    batch size."""
    check(tmp_path, ReshapeEmptyMiddle(), (torch.randn(2, 0, 3),),
          dynamic_axes={"x": [0]}, other_args=(torch.randn(5, 0, 3),))
