"""StatefulSession: lifted state fed back over several steps."""
import numpy as np
import pytest
import torch
import torch.nn as nn

import torch_onnx
from conftest import assert_close, copy_module
from torch_onnx import StatefulSession


class Cache(nn.Module):
    """Keeps the last `size` rows it was given."""

    def __init__(self, size=4, width=3):
        super().__init__()
        self.register_buffer("cache", torch.zeros(size, width))

    def forward(self, x):
        self.cache = torch.cat([self.cache[x.shape[0]:], x], dim=0)
        return self.cache.sum(dim=0)


class Model(nn.Module):
    """State in a submodule (`sub.cache`) and in the module (`steps`, a
    Python int)."""

    def __init__(self):
        super().__init__()
        self.sub = Cache()
        self.scale = nn.Linear(3, 3)
        self.steps = 0

    def forward(self, x):
        self.steps += 1
        return self.scale(self.sub(x)) * self.steps


@pytest.fixture
def exported(tmp_path):
    model = Model().eval()
    eager = copy_module(model)
    path = tmp_path / "stateful.onnx"
    result = torch_onnx.export(model, torch.randn(1, 3), path, script=True,
                               input_names=["x"], output_names=["y"])
    return eager, result


def test_state_bindings(exported):
    _, result = exported
    assert sorted(result.state) == [
        torch_onnx.StateBinding("steps", "steps.out", "steps"),
        torch_onnx.StateBinding("sub.cache", "sub.cache.out", "sub.cache")]
    session = StatefulSession(result.path)
    assert session.input_names == ["x"] and session.output_names == ["y"]
    assert session.state_bindings == {"steps": "steps.out",
                                      "sub.cache": "sub.cache.out"}
    # The initial state is the module's.
    assert_close(session.state["sub.cache"], torch.zeros(4, 3))
    assert int(session.state["steps"]) == 0


def test_three_steps_match_pytorch(exported):
    eager, result = exported
    session = StatefulSession(result.path)
    for step in range(3):
        x = torch.randn(1, 3)
        (y,) = session.run(x)
        with torch.no_grad():
            assert_close(y, eager(x))
        assert_close(session.state["sub.cache"], eager.sub.cache)
        assert int(session.state["steps"]) == eager.steps == step + 1


def test_reset_and_assigned_state(exported):
    eager, result = exported
    session = StatefulSession(result.path)
    x = torch.randn(1, 3)
    first = session.run(x)[0]
    session.run(torch.randn(1, 3))
    session.reset()
    assert_close(session.run(x)[0], first)
    # Assigning an entry sets the state the next call starts from.
    session.state["steps"] = np.array(9, dtype=np.int64)
    session.state["sub.cache"] = np.ones((4, 3), dtype=np.float32)
    eager.steps = 9
    eager.sub.cache = torch.ones(4, 3)
    with torch.no_grad():
        assert_close(session.run(x)[0], eager(x))


def test_inputs_by_name_and_sources(exported):
    eager, result = exported
    x = np.random.default_rng(0).standard_normal((1, 3)).astype(np.float32)
    with open(result.path, "rb") as f:
        data = f.read()
    outputs = [StatefulSession(source).run(feeds)[0]
               for source, feeds in ((result.path, {"x": x}),
                                     (data, {"x": torch.from_numpy(x)}),
                                     (result, {"x": x}))]
    outputs.append(StatefulSession(result.path).run(x=x)[0])
    with torch.no_grad():
        expected = eager(torch.from_numpy(x))
    for output in outputs:
        assert_close(output, expected)


def test_bad_inputs(exported):
    _, result = exported
    session = StatefulSession(result.path)
    with pytest.raises(ValueError, match="missing input"):
        session.run()
    with pytest.raises(ValueError, match="set session.state"):
        session.run({"x": np.zeros((1, 3), np.float32),
                     "steps": np.array(1)})


def test_model_without_state(tmp_path):
    model = nn.Linear(3, 2).eval()
    path = tmp_path / "linear.onnx"
    torch_onnx.export(model, torch.randn(1, 3), path)
    session = StatefulSession(path)
    assert session.state == {}
    x = torch.randn(1, 3)
    with torch.no_grad():
        assert_close(session.run(x)[0], model(x))
