"""torch_onnx.mlir: Torch-dialect IR held as text or bytecode, lowered in
process and run in onnxruntime against PyTorch."""
import onnx
import pytest
import torch

import torch_onnx
from torch_onnx import mlir

from conftest import assert_close, run_ort

# torch-mlir's style: func.func @main, weights as torch.vtensor.literal,
# dynamic batch as `?`.
MLP = """
func.func @main(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,3],f32> {
  %w = torch.vtensor.literal(dense<[[0.5, -1.0, 0.25, 2.0],
      [1.5, 0.0, -0.5, 1.0], [-2.0, 0.75, 1.0, 0.5]]> : tensor<3x4xf32>)
      : !torch.vtensor<[3,4],f32>
  %b = torch.vtensor.literal(dense<[0.1, -0.2, 0.3]> : tensor<3xf32>)
      : !torch.vtensor<[3],f32>
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[?,4],f32>,
      !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],f32>
      -> !torch.vtensor<[?,3],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[?,3],f32>
      -> !torch.vtensor<[?,3],f32>
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %2 = torch.aten.softmax.int %1, %int1, %none : !torch.vtensor<[?,3],f32>,
      !torch.int, !torch.none -> !torch.vtensor<[?,3],f32>
  return %2 : !torch.vtensor<[?,3],f32>
}
"""


def reference(x):
    w = torch.tensor([[0.5, -1.0, 0.25, 2.0], [1.5, 0.0, -0.5, 1.0],
                      [-2.0, 0.75, 1.0, 0.5]])
    b = torch.tensor([0.1, -0.2, 0.3])
    return torch.softmax(torch.relu(x @ w.T + b), 1)


def check_mlp(model_bytes):
    model = onnx.load_from_string(model_bytes)
    onnx.checker.check_model(model, full_check=True)
    name = model.graph.input[0].name
    for batch in (2, 5):
        x = torch.randn(batch, 4)
        (actual,) = run_ort(model_bytes, {name: x})
        assert_close(actual, reference(x))


def test_compile_text():
    check_mlp(mlir.compile(MLP))


def test_compile_bytes_with_options():
    model_bytes = mlir.compile(MLP.encode(), opset=18, input_names=["x"],
                               output_names=["probs"])
    model = onnx.load_from_string(model_bytes)
    assert model.opset_import[0].version == 18
    assert [i.name for i in model.graph.input] == ["x"]
    assert [o.name for o in model.graph.output] == ["probs"]
    check_mlp(model_bytes)


def test_textual_pipeline_then_emit():
    module = mlir.Module.parse(MLP)
    module.run_pipeline("torch-to-onnx-pipeline{opset=16}")
    assert "torch." not in str(module).replace("torch_onnx", "")
    model_bytes = module.to_onnx()
    assert onnx.load_from_string(model_bytes).opset_import[0].version == 16
    check_mlp(model_bytes)


def test_anchored_pipeline_and_upstream_passes():
    module = mlir.Module.parse(MLP)
    module.run_pipeline("builtin.module(canonicalize, torch-to-onnx-pipeline)")
    check_mlp(module.to_onnx())


def test_bytecode_round_trip():
    bytecode = mlir.Module.parse(MLP).to_bytecode()
    assert bytecode.startswith(b"ML\xefR")
    check_mlp(mlir.compile(bytecode))


def test_load_file(tmp_path):
    path = tmp_path / "mlp.mlir"
    path.write_text(MLP)
    check_mlp(mlir.Module.load(path).lower_to_onnx().to_onnx())


def test_entry_among_several_functions():
    two = MLP + MLP.replace("@main", "@other")
    with pytest.raises(torch_onnx.ExportError, match="other"):
        mlir.compile(two.replace("@main", "@first"))
    check_mlp(mlir.compile(two, entry="other"))


def test_parse_error_names_the_buffer():
    with pytest.raises(torch_onnx.ExportError) as error:
        mlir.Module.parse("func.func @f() {\n  %0 = foo.bar\n}", "bad.mlir")
    assert "bad.mlir:2" in str(error.value)
    assert error.value.diagnostics[0].severity == "error"


def test_deep_nesting_is_refused():
    with pytest.raises(torch_onnx.ExportError, match="nest more than"):
        mlir.Module.parse("[" * 5000)


def test_truncated_bytecode_is_refused():
    bytecode = mlir.Module.parse(MLP).to_bytecode()
    with pytest.raises(torch_onnx.ExportError,
                       match="invalid MLIR bytecode at byte [0-9]+: the "):
        mlir.Module.parse(bytecode[:len(bytecode) // 2], "half.mlirbc")


def test_unknown_pass_is_refused():
    with pytest.raises(torch_onnx.ExportError, match="invalid pass pipeline"):
        mlir.Module.parse(MLP).run_pipeline("no-such-pass")


def test_emit_needs_the_onnx_dialect():
    with pytest.raises(torch_onnx.ExportError, match="still in the Torch"):
        mlir.Module.parse(MLP).to_onnx()


def test_unconvertible_op_is_named():
    text = MLP.replace("torch.aten.relu", "torch.aten.no_such_op")
    with pytest.raises(torch_onnx.ExportError) as error:
        mlir.compile(text)
    assert "no_such_op" in str(error.value)
