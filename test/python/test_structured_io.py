"""Arguments and results that are not flat tensors: tuples, lists and dicts
of tensors, and constant arguments, against torch.onnx.export(dynamo=False).
"""
import io
import json
import warnings

import numpy as np
import onnx
import pytest
import torch
import torch.nn as nn

import torch_onnx
from conftest import assert_close, dims, run_ort
from torch_onnx import ExportError, StatefulSession


class Pair(nn.Module):
    """(a) A tuple of two tensors beside a tensor."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 3)

    def forward(self, pair, z):
        a, b = pair
        return self.linear(a) * b + z


class Config(nn.Module):
    """(b) A dict of tensors, whose keys are not in sorted order."""

    def forward(self, x, cfg):
        return x * cfg["scale"] + cfg["bias"]


class NestedList(nn.Module):
    """(c) A list nested in a dict."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 3)

    def forward(self, x, cfg):
        first, second = cfg["xs"]
        return self.linear(x) + first * second + cfg["w"]


class Constants(nn.Module):
    """(d) An int, a float, a bool and None beside tensors."""

    def forward(self, x, n, scale, flag, mask, y):
        out = x * n + scale
        if flag:
            out = out.relu()
        if mask is not None:
            out = out * mask
        return out + y


class NestedResult(nn.Module):
    """(e) A nested dict and tuple as the result, with a None in it."""

    def forward(self, x):
        y = x.relu()
        return {"sum": y.sum(0),
                "parts": (x[:1] * 2, {"max": y.amax(1), "none": None})}, \
            [x - 1]


def torch_export_io(model, args, **options):
    """([(name, dims)] of the inputs, and of the outputs) of the model that
    torch.onnx.export(dynamo=False) makes."""
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(model, args, buffer, dynamo=False, **options)
    graph = onnx.load_from_string(buffer.getvalue()).graph
    return ([(i.name, dims(i)) for i in graph.input],
            [(o.name, dims(o)) for o in graph.output])


def our_io(result):
    graph = result.model.graph
    return ([(i.name, dims(i)) for i in graph.input],
            [(o.name, dims(o)) for o in graph.output])


def metadata(result):
    props = {p.key: p.value for p in result.model.metadata_props}
    return (json.loads(props["torch_onnx.input_structure"]),
            json.loads(props["torch_onnx.output_structure"]))


def leaves(value):
    """The tensors of a nested result, in torch.onnx.export's order."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in leaves(v)]
    return []


def assert_same_structure(actual, expected):
    """`actual` (numpy leaves) has the structure and values of `expected`."""
    if isinstance(expected, torch.Tensor):
        assert_close(actual, expected)
    elif expected is None:
        assert actual is None
    else:
        assert type(actual) is type(expected), (actual, expected)
        if isinstance(expected, dict):
            assert list(actual) == list(expected)
            actual, expected = list(actual.values()), list(expected.values())
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_same_structure(a, e)


def test_tuple_argument(tmp_path):
    model = Pair().eval()
    a, b, z = torch.randn(2, 4), torch.randn(2, 3), torch.randn(3)
    args = ((a, b), z)
    result = torch_onnx.export(model, args, tmp_path / "pair.onnx")
    assert result.input_names == ["pair_0", "pair_1", "z"]
    assert metadata(result)[0] == [["pair", {"tuple": [0, 1]}], ["z", 2]]
    names = dict(input_names=["a", "b", "z"], output_names=["y"])
    named = torch_onnx.export(model, args, tmp_path / "named.onnx", **names)
    assert our_io(named) == torch_export_io(model, args, **names)
    (actual,) = run_ort(named.path, {"a": a, "b": b, "z": z})
    with torch.no_grad():
        assert_close(actual, model(*args))


def test_dict_argument_in_insertion_order(tmp_path):
    """Dict items flatten in the dict's order (`scale` before `bias`), not
    in sorted order, as with torch.onnx.export. A dict in last place of
    args is keyword arguments, so one more (empty) dict follows it."""
    model = Config()
    x = torch.randn(2, 3)
    cfg = {"scale": torch.randn(3), "bias": torch.randn(2, 1)}
    args = (x, cfg, {})
    result = torch_onnx.export(model, args, tmp_path / "cfg.onnx",
                               output_names=["y"])
    assert result.input_names == ["x", "cfg_scale", "cfg_bias"]
    ours, theirs = our_io(result), torch_export_io(
        model, args, input_names=result.input_names, output_names=["y"])
    assert ours == theirs
    assert [d for _, d in ours[0]] == [[2, 3], [3], [2, 1]]
    feeds = {"x": x, "cfg_scale": cfg["scale"], "cfg_bias": cfg["bias"]}
    (actual,) = run_ort(result.path, feeds)
    assert_close(actual, model(x, cfg))
    # Given as kwargs, the same.
    by_keyword = torch_onnx.export(model, (x,), tmp_path / "kw.onnx",
                                   kwargs={"cfg": cfg})
    assert by_keyword.input_names == result.input_names


def test_list_in_dict_with_dynamic_axes(tmp_path):
    """A dynamic dim on tensors nested in a list in a dict, named by their
    default names, runs at two sizes."""
    model = NestedList().eval()

    def example(batch):
        return (torch.randn(batch, 4),
                {"xs": [torch.randn(batch, 3), torch.randn(1, 3)],
                 "w": torch.randn(3)})

    x, cfg = example(2)
    args = (x, cfg, {})
    axes = {"x": {0: "batch"}, "cfg_xs_0": {0: "batch"}}
    result = torch_onnx.export(model, args, tmp_path / "nested.onnx",
                               dynamic_axes=axes, output_names=["y"])
    names = ["x", "cfg_xs_0", "cfg_xs_1", "cfg_w"]
    assert result.input_names == names
    assert metadata(result)[0] == [
        ["x", 0], ["cfg", {"dict": [["xs", {"list": [1, 2]}], ["w", 3]]}]]
    ours = our_io(result)
    theirs = torch_export_io(model, args, input_names=names,
                             output_names=["y"], dynamic_axes=axes)
    assert ours[0] == theirs[0]
    assert ours[0][1] == ("cfg_xs_0", ["batch", 3])
    # torch.onnx.export names the output's dim after its node.
    assert ours[1] == [("y", ["batch", 3])]
    assert [n for n, _ in theirs[1]] == ["y"]
    session = StatefulSession(result.path)
    for batch in (2, 5):
        x, cfg = example(batch)
        feeds = {"x": x, "cfg_xs_0": cfg["xs"][0], "cfg_xs_1": cfg["xs"][1],
                 "cfg_w": cfg["w"]}
        (actual,) = run_ort(result.path, feeds)
        with torch.no_grad():
            expected = model(x, cfg)
        assert_close(actual, expected)
        # The session takes forward's own arguments too.
        assert_close(session.run(x, cfg)[0], expected)
        assert_close(session.run(x=x, cfg=cfg)[0], expected)


def test_constant_arguments(tmp_path):
    """An int, a float and a bool are constants of the model, each with a
    warning; None is left out. torch.onnx.export makes the int and the
    float 0-d inputs instead, so its inputs are ours plus those two."""
    model = Constants()
    x, mask, y = torch.randn(2, 3), torch.rand(2, 3), torch.randn(3)
    args = (x, 3, 0.5, True, None, y)
    with pytest.warns(UserWarning) as record:
        result = torch_onnx.export(model, args, tmp_path / "constants.onnx",
                                   output_names=["out"])
    messages = [str(w.message) for w in record]
    for text in ("'n' = 3", "'scale' = 0.5", "'flag' = True"):
        assert any(f"argument {text} is a constant of the exported model"
                   in m for m in messages), messages
    assert not any("'mask'" in m for m in messages)
    assert sum("constant of the exported model" in d.message
               for d in result.warnings) == 3
    assert result.input_names == ["x", "y"]
    ours = our_io(result)
    theirs = torch_export_io(model, args, output_names=["out"])
    assert [d for _, d in ours[0]] == [d for _, d in theirs[0] if d]
    assert [d for _, d in theirs[0]] == [[2, 3], [], [], [3]]
    assert ours[1] == theirs[1]
    (actual,) = run_ort(result.path, {"x": x, "y": y})
    assert_close(actual, model(*args))
    assert metadata(result)[0] == [
        ["x", 0], ["n", {"constant": 3}], ["scale", {"constant": 0.5}],
        ["flag", {"constant": True}], ["mask", None], ["y", 1]]

    session = StatefulSession(result.path)
    assert_close(session.run(x, 3, 0.5, True, None, y)[0], model(*args))
    assert_close(session.run(x=x, y=y)[0], model(*args))
    with pytest.raises(ValueError, match="constant 3 in the model"):
        session.run(x, 4, 0.5, True, None, y)
    with pytest.raises(ValueError, match="'mask' was None"):
        session.run(x, 3, 0.5, True, mask, y)


def test_nested_result(tmp_path):
    """A nested result flattens as torch.onnx.export's does, Nones left
    out; unflatten_outputs gives the outputs their structure back."""
    model = NestedResult()
    x = torch.randn(4, 3)
    result = torch_onnx.export(model, (x,), tmp_path / "result.onnx")
    assert result.output_names == [f"output_{i}" for i in range(4)]
    input_structure, output_structure = metadata(result)
    assert output_structure == {"tuple": [
        {"dict": [["sum", 0], ["parts", {"tuple": [
            1, {"dict": [["max", 2], ["none", None]]}]}]]},
        {"list": [3]}]}
    assert result.output_structure == output_structure
    assert result.input_structure == input_structure == [["x", 0]]

    names = dict(input_names=["x"], output_names=["s", "p", "m", "d"])
    named = torch_onnx.export(model, (x,), tmp_path / "named.onnx", **names)
    ours, theirs = our_io(named), torch_export_io(model, (x,), **names)
    assert ours == theirs
    assert [d for _, d in ours[1]] == [[3], [1, 3], [4], [4, 3]]

    expected = model(x)
    outputs = run_ort(result.path, {"x": x})
    for actual, want in zip(outputs, leaves(expected)):
        assert_close(actual, want)
    assert_same_structure(result.unflatten_outputs(outputs), expected)
    session = StatefulSession(result.path)
    assert_same_structure(session.unflatten_outputs(session.run(x)),
                          expected)
    with pytest.raises(ValueError, match="4 user output"):
        result.unflatten_outputs(outputs[:3])


class Everything(nn.Module):
    """Nested arguments, a constant, a nested result and a returned
    input."""

    def forward(self, inputs, k, extra):
        a, (b, c) = inputs
        return {"y": a @ b * k + extra["bias"], "c": c}, (c.sum(),)


def test_verify_and_session(tmp_path):
    model = Everything()
    inputs = (torch.randn(2, 4), (torch.randn(4, 3), torch.randn(5)))
    extra = {"bias": torch.randn(3)}
    with pytest.warns(UserWarning, match="'k' = 2.0"):
        result = torch_onnx.export(
            model, (inputs, 2.0, extra, {}), tmp_path / "all.onnx",
            verify=True, dynamic_axes={"inputs_0": {0: "rows"}})
    assert result.input_names == ["inputs_0", "inputs_1_0", "inputs_1_1",
                                  "extra_bias"]
    session = StatefulSession(result.path)
    larger = (torch.randn(6, 4), inputs[1])
    expected = model(larger, 2.0, extra)
    outputs = session.unflatten_outputs(session.run(larger, 2.0, extra))
    assert_same_structure(outputs, expected)
    # The graph's inputs in order, or by name, still work.
    flat = session.run(larger[0], *inputs[1], extra["bias"])
    by_name = session.run({"inputs_0": larger[0], "inputs_1_0": inputs[1][0],
                           "inputs_1_1": inputs[1][1],
                           "extra_bias": extra["bias"]})
    for a, b in zip(flat, by_name):
        np.testing.assert_array_equal(a, b)
    assert_same_structure(result.unflatten_outputs(flat), expected)


class Counter(nn.Module):
    """Lifted state beside nested arguments."""

    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(3))

    def forward(self, pair):
        self.total.add_(pair[0] * pair[1])
        return {"total": self.total.clone()}


def test_state_with_structure(tmp_path):
    model = Counter()
    pair = (torch.randn(3), torch.randn(3))
    result = torch_onnx.export(model, (pair,), tmp_path / "counter.onnx",
                               verify=True)
    assert result.user_input_names == ["pair_0", "pair_1"]
    assert [s.attribute for s in result.state] == ["total"]
    session = StatefulSession(result.path)
    for _ in range(2):
        expected = model(pair)
        outputs = session.run(pair)
        assert_same_structure(session.unflatten_outputs(outputs), expected)
        # All the outputs, state included, unflatten too.
        all_outputs = run_ort(result.path, {"pair_0": pair[0],
                                            "pair_1": pair[1]})
        assert list(result.unflatten_outputs(all_outputs)) == ["total"]


def test_scripted_module_refuses_structured_arguments(tmp_path):
    args = ((torch.randn(2, 4), torch.randn(2, 3)), torch.randn(3))
    with pytest.raises(ExportError, match="need tracing"):
        torch_onnx.export(Pair(), args, tmp_path / "never.onnx", script=True)
    with pytest.raises(ExportError, match="argument 1 of forward is int"):
        torch_onnx.export(Config(), (torch.randn(2), 3),
                          tmp_path / "never.onnx", script=True)
    assert not (tmp_path / "never.onnx").exists()


class IntResult(nn.Module):
    def forward(self, x):
        return x + 1, {"count": 3}


def test_non_tensor_result(tmp_path):
    with pytest.raises(ExportError, match=r"forward returns int at "
                       r"result\[1\]\['count'\]"):
        torch_onnx.export(IntResult(), torch.randn(2), tmp_path / "n.onnx")


def test_unsupported_argument_type(tmp_path):
    with pytest.raises(ExportError, match=r"argument 'cfg'\['w'\] is "
                       r"ndarray"):
        torch_onnx.export(Config(), (torch.randn(2), {"w": np.ones(2)}, {}),
                          tmp_path / "n.onnx")
