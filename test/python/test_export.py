"""torch_onnx.export: arguments, destinations, errors and the result."""
import inspect
import io
import os

import onnx
import pytest
import torch
import torch.nn as nn

import torch_onnx
from conftest import assert_close, graph_io, line_of, run_ort
from torch_onnx import ExportError


class SumModule(nn.Module):
    def forward(self, x):
        return torch.sum(x, dim=1)


class TwoInputs(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 3)

    def forward(self, x, y):
        return self.linear(x) * y.sum(dim=1, keepdim=True)


class Unconvertible(nn.Module):
    """Two ops without an ONNX lowering, one of them twice."""

    def forward(self, x):
        y = torch.lgamma(x)
        z = torch.erfinv(x.clamp(-0.5, 0.5))
        return y + torch.lgamma(z)


class Counter(nn.Module):
    """Stateful: `total` accumulates the inputs."""

    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(3))

    def forward(self, x):
        self.total = self.total + x
        return self.total * 2


# --- Dynamic axes ---------------------------------------------------------------


@pytest.mark.parametrize("names, key", [(["x"], "x"), (["data"], "data"),
                                        (None, "x")],
                         ids=["input_name", "renamed", "forward_arg"])
def test_dynamic_axes_by_name(tmp_path, names, key):
    """A key of dynamic_axes may be an input_names name or, without
    input_names, forward's argument name; the model runs at other sizes."""
    path = tmp_path / "sum.onnx"
    result = torch_onnx.export(SumModule(), (torch.ones(2, 2),), path,
                               input_names=names, output_names=["sum"],
                               dynamic_axes={key: {0: "batch", 1: "width"}})
    inputs, outputs = graph_io(path)
    assert inputs == {key: ["batch", "width"]}
    assert outputs == {"sum": ["batch"]}
    assert result.input_names == [key]
    x = torch.randn(5, 7)
    (output,) = run_ort(path, {key: x})
    assert_close(output, x.sum(dim=1))


def test_dynamic_axes_list_gets_torch_names(tmp_path):
    """{name: [axes]} names the dims as torch.onnx.export does."""
    path = tmp_path / "sum.onnx"
    torch_onnx.export(SumModule(), (torch.ones(2, 2),), path,
                      input_names=["x"], output_names=["sum"],
                      dynamic_axes={"x": [0, 1], "sum": [0]})
    inputs, outputs = graph_io(path)
    assert inputs["x"] == ["x_dynamic_axes_1", "x_dynamic_axes_2"]
    assert outputs["sum"] == ["x_dynamic_axes_1"]


def test_dynamic_axes_on_two_inputs(tmp_path):
    """Two inputs share a symbol; the second has one of its own too."""
    path = tmp_path / "two.onnx"
    model = TwoInputs().eval()
    torch_onnx.export(model, (torch.randn(2, 4), torch.randn(2, 5)), path,
                      input_names=["a", "b"],
                      dynamic_axes={"a": {0: "n"}, "b": {0: "n", 1: "k"}})
    inputs, outputs = graph_io(path)
    assert inputs == {"a": ["n", 4], "b": ["n", "k"]}
    a, b = torch.randn(6, 4), torch.randn(6, 2)
    (output,) = run_ort(path, {"a": a, "b": b})
    with torch.no_grad():
        assert_close(output, model(a, b))


def test_dynamic_axes_unknown_key(tmp_path):
    with pytest.raises(ExportError, match="'y'.*neither an input nor an output"):
        torch_onnx.export(SumModule(), (torch.ones(2, 2),),
                          tmp_path / "m.onnx", input_names=["x"],
                          dynamic_axes={"y": {0: "batch"}})


def test_dynamic_axes_static_output_warns(tmp_path):
    """An output axis named in dynamic_axes that no dynamic input dim
    reaches stays static, and the result says so."""
    result = torch_onnx.export(SumModule(), (torch.ones(2, 3),),
                               tmp_path / "m.onnx", input_names=["x"],
                               output_names=["sum"],
                               dynamic_axes={"x": {1: "width"},
                                             "sum": {0: "batch"}})
    warned = [w for w in result.warnings if "output 'sum'" in w.message]
    assert len(warned) == 1 and "fixed size 2" in warned[0].message


# --- Errors -----------------------------------------------------------------------


def test_unconvertible_ops_name_op_and_line(tmp_path):
    """One error lists every unconvertible op with its Python line, and no
    file is left behind."""
    path = tmp_path / "bad.onnx"
    with pytest.raises(ExportError) as caught:
        torch_onnx.export(Unconvertible(), torch.randn(4, 8), path)
    message = str(caught.value)
    source = inspect.getsourcefile(Unconvertible)
    for op, text in (("lgamma", "y = torch.lgamma"),
                     ("erfinv", "z = torch.erfinv"),
                     ("lgamma", "return y + torch.lgamma")):
        line = line_of(Unconvertible.forward, text)
        assert f"{source}:{line}" in message
        assert any(d.severity == "error" and f"aten::{op}" in d.message
                   and d.location.startswith(f"{source}:{line}")
                   for d in caught.value.diagnostics), caught.value.diagnostics
    assert "aten::lgamma (2x)" in message
    assert isinstance(caught.value, RuntimeError)
    assert not path.exists()


def test_fallback_custom_ops(tmp_path):
    """operator_export_type=ONNX_FALLTHROUGH emits unconvertible ops as
    nodes of the org.pytorch.aten domain."""
    path = tmp_path / "fallback.onnx"
    torch_onnx.export(Unconvertible(), torch.randn(4, 8), path,
                      operator_export_type=torch.onnx.OperatorExportTypes
                      .ONNX_FALLTHROUGH)
    domains = {n.domain for n in onnx.load(str(path)).graph.node}
    assert "org.pytorch.aten" in domains


class Scaled(nn.Module):
    def forward(self, x, factor):
        return x * factor


def test_non_tensor_argument(tmp_path):
    """An int argument is a constant of the model, with a warning."""
    path = tmp_path / "scaled.onnx"
    x = torch.randn(2, 4)
    with pytest.warns(UserWarning, match="argument 'factor' = 3 is a "
                      "constant of the exported model"):
        result = torch_onnx.export(Scaled(), (x, 3), path)
    assert result.input_names == ["x"]
    assert any("'factor' = 3" in d.message for d in result.warnings)
    (actual,) = run_ort(path, {"x": x})
    assert_close(actual, x * 3)


@pytest.mark.parametrize("option, value", [
    ("export_params", False),
    ("keep_initializers_as_inputs", True),
    ("dynamic_shapes", {"x": {0: "batch"}}),
    ("custom_opsets", {"custom_domain": 2}),
    ("export_modules_as_functions", {int}),
    ("operator_export_type", torch.onnx.OperatorExportTypes.ONNX_ATEN),
])
def test_unsupported_option_values(tmp_path, option, value):
    with pytest.raises(ExportError, match=option):
        torch_onnx.export(SumModule(), (torch.ones(2, 2),),
                          tmp_path / "never.onnx", **{option: value})
    assert not (tmp_path / "never.onnx").exists()


def test_unknown_keyword(tmp_path):
    with pytest.raises(TypeError, match="no_such_option"):
        torch_onnx.export(SumModule(), (torch.ones(2, 2),),
                          tmp_path / "never.onnx", no_such_option=1)


def test_defaults_of_torch_are_accepted(tmp_path):
    """torch.onnx.export's defaults and its ignored options pass."""
    torch_onnx.export(
        SumModule(), (torch.ones(2, 2),), tmp_path / "m.onnx",
        export_params=True, keep_initializers_as_inputs=False,
        dynamo=False, do_constant_folding=True, optimize=True, report=False,
        training=torch.onnx.TrainingMode.EVAL,
        operator_export_type=torch.onnx.OperatorExportTypes.ONNX,
        custom_opsets=None, export_modules_as_functions=False,
        autograd_inlining=True, opset_version=None, verbose=False)
    assert set(torch_onnx.TORCH_ONNX_EXPORT_ARGUMENTS) >= set(
        inspect.signature(torch.onnx.export).parameters)


# --- Modules, arguments, modes -------------------------------------------------------


class Dropped(nn.Module):
    def __init__(self):
        super().__init__()
        self.dropout = nn.Dropout(0.5)

    def forward(self, x):
        return self.dropout(x) + 1


def test_eval_during_export_and_mode_restored(tmp_path):
    model = Dropped().train()
    path = tmp_path / "m.onnx"
    torch_onnx.export(model, torch.ones(64), path)
    assert model.training and model.dropout.training
    (output,) = run_ort(path, {"x": torch.ones(64)})
    assert_close(output, torch.full((64,), 2.0))


class Accumulator(nn.Module):
    """State updated in place, which a trace records."""

    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(3))

    def forward(self, x):
        self.total.add_(x)
        return self.total * 2


def test_traced_in_place_state_is_lifted(tmp_path):
    """The trace runs forward once; the module is put back as it was, so
    the model's initial state is the module's, and verify's 3 steps
    agree."""
    model = Accumulator()
    result = torch_onnx.export(model, torch.randn(3), tmp_path / "acc.onnx",
                               verify=True)
    assert result.state == [torch_onnx.StateBinding("total", "total.out",
                                                    "total")]
    assert torch.equal(model.total, torch.zeros(3))
    x = torch.randn(3)
    (output, total) = run_ort(tmp_path / "acc.onnx", {"x": x})
    assert_close(output, 2 * x)
    assert_close(total, x)


def test_training_mode_batch_norm(tmp_path):
    """training=TRAINING exports batch statistics and lifts the running
    ones; the module keeps its mode and its statistics."""
    model = nn.Sequential(nn.Linear(4, 6), nn.BatchNorm1d(6)).eval()
    result = torch_onnx.export(model, torch.randn(8, 4), tmp_path / "bn.onnx",
                               training=torch.onnx.TrainingMode.TRAINING,
                               verify=True)
    assert {s.attribute for s in result.state} == {
        "1.running_mean", "1.running_var", "1.num_batches_tracked"}
    assert not model.training and not model[1].training
    assert torch.equal(model[1].running_mean, torch.zeros(6))
    assert int(model[1].num_batches_tracked) == 0


def test_kwargs_and_trailing_dict(tmp_path):
    x, y = torch.randn(2, 4), torch.randn(2, 5)
    model = TwoInputs().eval()
    with torch.no_grad():
        expected = model(x, y)
    for args, kwargs in (((x,), {"y": y}), ((x, {"y": y}), None)):
        path = tmp_path / "kw.onnx"
        result = torch_onnx.export(model, args, path, kwargs=kwargs,
                                   verify=True)
        assert result.input_names == ["x", "y"]
        (output,) = run_ort(path, {"x": x, "y": y})
        assert_close(output, expected)


@pytest.mark.parametrize("form", ["script_module", "archive_path"])
def test_script_module_and_archive(tmp_path, form):
    model = torch.jit.script(Counter())
    if form == "archive_path":
        archive = tmp_path / "counter.pt"
        model.save(str(archive))
        model = str(archive)
    x = torch.randn(3)
    result = torch_onnx.export(model, (x,), tmp_path / "counter.onnx",
                               verify=True)
    assert result.state == [torch_onnx.StateBinding("total", "total.out",
                                                    "total")]
    (output, total) = run_ort(tmp_path / "counter.onnx", {"x": x})
    assert_close(output, 2 * x)
    assert_close(total, x)


# --- Destinations -----------------------------------------------------------------


def test_export_to_file_object(tmp_path):
    model = TwoInputs().eval()
    x, y = torch.randn(2, 4), torch.randn(2, 5)
    buffer = io.BytesIO()
    result = torch_onnx.export(model, (x, y), buffer, input_names=["x", "y"],
                               output_names=["z"])
    assert result.path is None
    data = buffer.getvalue()
    onnx.checker.check_model(onnx.load_from_string(data))
    (output,) = run_ort(data, {"x": x, "y": y})
    with torch.no_grad():
        assert_close(output, model(x, y))
    assert os.listdir(tmp_path) == []


def test_file_object_refuses_external_data():
    with pytest.raises(ExportError, match="external_data"):
        torch_onnx.export(SumModule(), (torch.ones(2, 2),), io.BytesIO(),
                          external_data=True)


def test_no_destination_keeps_bytes(tmp_path):
    result = torch_onnx.export(SumModule(), (torch.ones(2, 2),))
    assert result.path is None and result.model_bytes
    result.save(tmp_path / "saved.onnx")
    x = torch.randn(2, 2)
    (output,) = run_ort(tmp_path / "saved.onnx", {"x": x})
    assert_close(output, x.sum(dim=1))
    assert len(result.model.graph.node) == result.node_count


def test_external_data(tmp_path):
    path = tmp_path / "big.onnx"
    model = nn.Linear(64, 64).eval()
    result = torch_onnx.export(model, torch.randn(1, 64), path,
                               external_data=True)
    assert result.external_data
    assert (tmp_path / "big.onnx.data").stat().st_size >= 64 * 64 * 4
    x = torch.randn(1, 64)
    (output,) = run_ort(path, {result.input_names[0]: x})
    with torch.no_grad():
        assert_close(output, model(x))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16,
                                   torch.float32, torch.float64])
def test_transposed_weights_bit_exact(tmp_path, dtype):
    """The emitter transposes a linear layer's weight as it writes it, in
    blocks of a cache line a side and element by element at the edges:
    70 and 300 rows cross both for every element size."""
    path = tmp_path / "linear.onnx"
    model = nn.Sequential(nn.Linear(100, 70), nn.ReLU(),
                          nn.Linear(70, 300)).to(dtype).eval()
    torch_onnx.export(model, torch.randn(2, 3, 100, dtype=dtype), path)
    written = {t.name: t for t in onnx.load(str(path)).graph.initializer}
    bits = {2: torch.int16, 4: torch.int32, 8: torch.int64}
    for name in ("0.weight", "2.weight"):
        weight = model.state_dict()[name]
        tensor = written[name + ".T"]
        assert list(tensor.dims) == list(weight.T.shape)
        expected = weight.T.contiguous().view(bits[weight.element_size()])
        assert tensor.raw_data == expected.numpy().tobytes()


# --- Result and verification -------------------------------------------------------


def test_result_fields_and_summary(tmp_path):
    path = tmp_path / "counter.onnx"
    result = torch_onnx.export(Counter(), torch.randn(3), path, script=True,
                               input_names=["x"], output_names=["y"])
    model = onnx.load(str(path))
    assert result.path == str(path)
    assert result.input_names == [i.name for i in model.graph.input]
    assert result.output_names == [o.name for o in model.graph.output]
    assert result.user_input_names == ["x"]
    assert result.user_output_names == ["y"]
    assert result.state == [torch_onnx.StateBinding("total", "total.out",
                                                    "total")]
    assert result.node_count == len(model.graph.node) > 0
    assert result.opset == 17 and not result.external_data
    text = str(result)
    assert str(path) in text and "opset 17" in text
    assert "total (state)" in text and "total -> total.out" in text
    assert len(text.splitlines()) <= 6


def test_result_warnings_have_locations(tmp_path):
    """A traced `if` on a tensor is reported with its line."""
    class Branchy(nn.Module):
        def forward(self, x):
            if x.sum() > 0:
                return x * 2
            return x

    with pytest.warns(torch.jit.TracerWarning):
        result = torch_onnx.export(Branchy(), torch.ones(3),
                                   tmp_path / "m.onnx")
    line = line_of(Branchy.forward, "if x.sum() > 0:")
    assert [w.location for w in result.warnings
            if w.severity == "warning"] == [f"{__file__}:{line}"]
    assert f"{__file__}:{line}: warning:" in str(result)


SCALE = [1.0]


class ChangesItsMind(nn.Module):
    """Each call multiplies by a larger Python float: the trace bakes the
    first one, so PyTorch's next call differs from the model."""

    def forward(self, x):
        SCALE[0] += 1.0
        return x * SCALE[0]


def test_verify_reports_mismatch(tmp_path):
    path = tmp_path / "m.onnx"
    with pytest.raises(ExportError, match=r"output 'y': max error") as caught:
        torch_onnx.export(ChangesItsMind(), torch.ones(4), path,
                          output_names=["y"], verify=True)
    assert "verify" in str(caught.value)
    assert not path.exists()


class MeanOverBatch(nn.Module):
    def forward(self, x):
        n = int(x.shape[0])  # a Python int: the trace bakes it
        return x.sum(0) / n


def test_verify_runs_dynamic_dims_at_other_sizes(tmp_path):
    """verify=True also runs the model with each dynamic dim one larger,
    where a size the trace baked in shows."""
    path = tmp_path / "mean.onnx"
    torch_onnx.export(MeanOverBatch(), torch.randn(2, 3), path, verify=True)
    with pytest.raises(ExportError, match=r"at n=3: output 'output'"):
        torch_onnx.export(MeanOverBatch(), torch.randn(2, 3), path,
                          dynamic_axes={"x": {0: "n"}}, verify=True)
    assert not path.exists()


def test_help_documents_every_argument():
    doc = torch_onnx.export.__doc__
    for name in inspect.signature(torch_onnx.export).parameters:
        if name != "options":
            assert f"{name}:" in doc, name
    for name in torch_onnx.TORCH_ONNX_EXPORT_ARGUMENTS:
        assert name in doc, name
