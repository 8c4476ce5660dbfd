"""The losses of torch.nn.functional, each reduction, with and without
class weights, ignored targets and a spatial (K-dimensional) form, run in
onnxruntime against PyTorch at the traced batch and at another batch."""
import pytest
import torch
import torch.nn.functional as F
from torch import nn

import torch_onnx
from conftest import assert_close, run_ort

REDUCTIONS = ["none", "mean", "sum"]


class Loss(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x, y):
        return self.fn(x, y)


def check(tmp_path, fn, make):
    """`make(batch)` gives the (input, target) of a batch."""
    model = Loss(fn)
    example = make(3)
    path = tmp_path / "loss.onnx"
    result = torch_onnx.export(model, example, path,
                               input_names=["input", "target"],
                               dynamic_axes={"input": {0: "batch"},
                                             "target": {0: "batch"}})
    for args in (example, make(5)):
        (actual,) = run_ort(path, dict(zip(result.input_names, args)))
        assert_close(actual, model(*args))


def classes(batch, spatial=()):
    return (torch.randn(batch, 4, *spatial),
            torch.randint(0, 4, (batch, *spatial)))


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("weighted", [False, True], ids=["plain", "weighted"])
def test_cross_entropy_indices(tmp_path, reduction, weighted):
    weight = torch.tensor([0.5, 2.0, 1.0, 3.0]) if weighted else None
    check(tmp_path, lambda x, y: F.cross_entropy(
        x, y, weight=weight, reduction=reduction, ignore_index=2), classes)


def test_cross_entropy_spatial_and_probabilities(tmp_path):
    check(tmp_path, lambda x, y: F.cross_entropy(x, y),
          lambda n: classes(n, (2, 3)))
    weight = torch.tensor([0.5, 2.0, 1.0, 3.0])
    check(tmp_path, lambda x, y: F.cross_entropy(x, y.softmax(1),
                                                 weight=weight),
          lambda n: (torch.randn(n, 4, 2), torch.randn(n, 4, 2)))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_nll_loss(tmp_path, reduction):
    weight = torch.tensor([0.5, 2.0, 1.0, 3.0])
    check(tmp_path, lambda x, y: F.nll_loss(
        x.log_softmax(1), y, weight=weight, reduction=reduction,
        ignore_index=1), lambda n: classes(n, (3,)))


@pytest.mark.parametrize("name", ["mse", "l1", "kl_div", "kl_div_log",
                                  "bce", "bce_logits", "bce_logits_pos"])
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_pointwise(tmp_path, name, reduction):
    weight = torch.tensor([0.5, 2.0, 1.0])
    fns = {
        "mse": lambda x, y: F.mse_loss(x, y, reduction=reduction),
        "l1": lambda x, y: F.l1_loss(x, y, reduction=reduction),
        "kl_div": lambda x, y: F.kl_div(
            x.log_softmax(1), torch.relu(y) / 2, reduction=reduction),
        "kl_div_log": lambda x, y: F.kl_div(
            x.log_softmax(1), y.log_softmax(1), reduction=reduction,
            log_target=True),
        "bce": lambda x, y: F.binary_cross_entropy(
            x.sigmoid(), y.sigmoid(), weight=weight, reduction=reduction),
        "bce_logits": lambda x, y: F.binary_cross_entropy_with_logits(
            x * 30, y.sigmoid(), reduction=reduction),
        "bce_logits_pos": lambda x, y: F.binary_cross_entropy_with_logits(
            x, y.sigmoid(), weight=weight, pos_weight=weight * 2,
            reduction=reduction),
    }
    check(tmp_path, fns[name], lambda n: (torch.randn(n, 3),
                                          torch.randn(n, 3)))
