"""Shared helpers of the torch_onnx package tests.

Run from the repository root after a build:
    PYTHONPATH=build/python_packages .venv/bin/python -m pytest test/python
"""
import copy
import os
import sys

import numpy as np
import onnx
import onnxruntime
import pytest
import torch

# The model zoo's modules (utils/), for the tests that build its models.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils"))
from transformers_zoo import Logits  # noqa: E402,F401


class Fn(torch.nn.Module):
    """A module whose forward is `fn`."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


@pytest.fixture(autouse=True)
def seeded():
    """Every test draws the same example tensors and weights."""
    torch.manual_seed(0)


@pytest.fixture
def in_tmp_path(tmp_path, monkeypatch):
    """The seed examples write relative file names: run them in tmp_path."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def ort_session(model):
    """An onnxruntime CPU session of `model`, a path or bytes."""
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    return onnxruntime.InferenceSession(
        model if isinstance(model, bytes) else str(model), options,
        providers=["CPUExecutionProvider"])


def run_ort(model, feeds):
    """The outputs of `model` on `feeds` ({name: tensor or array})."""
    arrays = {name: value.detach().numpy() if isinstance(value, torch.Tensor)
              else value for name, value in feeds.items()}
    return ort_session(model).run(None, arrays)


def assert_close(actual, expected, rtol=1e-4, atol=1e-5):
    """`actual` (numpy) within rtol of `expected`'s largest magnitude."""
    if isinstance(expected, torch.Tensor):
        expected = expected.detach().numpy()
    expected = np.asarray(expected)
    actual = np.asarray(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if not np.issubdtype(expected.dtype, np.floating):
        np.testing.assert_array_equal(actual, expected)
        return
    scale = float(np.max(np.abs(expected), initial=0.0))
    error = float(np.max(np.abs(actual.astype(np.float64) - expected),
                         initial=0.0))
    assert error <= rtol * scale + atol, \
        f"max error {error:.3g} against largest magnitude {scale:.3g}"


def copy_module(model):
    """copy.deepcopy of `model`, also when forward assigned tensors that
    autograd computed (the seed's LSTM keeps `hidden` with a grad_fn)."""
    memo = {}
    for module in model.modules():
        for value in vars(module).values():
            values = value if isinstance(value, (tuple, list)) else [value]
            for tensor in values:
                if isinstance(tensor, torch.Tensor) and not tensor.is_leaf:
                    memo[id(tensor)] = tensor.detach().clone()
    return copy.deepcopy(model, memo)


def dims(value_info):
    """A graph input's or output's dims: ints, or dim_param strings."""
    return [d.dim_param or d.dim_value
            for d in value_info.type.tensor_type.shape.dim]


def graph_io(path):
    """({input name: dims}, {output name: dims}) of the model at `path`."""
    graph = onnx.load(str(path), load_external_data=False).graph
    return ({i.name: dims(i) for i in graph.input},
            {o.name: dims(o) for o in graph.output})


def line_of(function, text):
    """The line number in `function`'s file of its first line containing
    `text`: the Python source location a diagnostic should name."""
    import inspect
    lines, start = inspect.getsourcelines(function)
    for offset, line in enumerate(lines):
        if text in line:
            return start + offset
    raise AssertionError(f"{text!r} is not in {function.__name__}")

