"""Node names, source metadata and module functions of exported graphs."""
import onnx
import pytest
import torch
from torch import nn

import torch_onnx
from torch_onnx import ExportError

from conftest import assert_close, run_ort


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.att = nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.att(x)) + x


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.ModuleList([Block(), Block()])
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        for layer in self.layer:
            x = layer(x)
        return self.head(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, x):
        return self.encoder(x).sigmoid()


def metadata(node):
    return {p.key: p.value for p in node.metadata_props}


def test_nodes_named_by_module_scope(tmp_path):
    path = tmp_path / "net.onnx"
    torch_onnx.export(Net().eval(), (torch.randn(3, 4),), path)
    names = [node.name for node in onnx.load(path).graph.node]
    assert "/encoder/layer.0/att/Gemm" in names
    assert "/encoder/layer.1/att/Gemm" in names
    assert "/encoder/head/Gemm" in names


def test_nodes_carry_python_line_and_scopes(tmp_path):
    path = tmp_path / "net.onnx"
    torch_onnx.export(Net().eval(), (torch.randn(3, 4),), path)
    (gemm,) = [n for n in onnx.load(path).graph.node
               if n.name == "/encoder/layer.1/att/Gemm"]
    props = metadata(gemm)
    assert props["pkg.torch.onnx.name_scopes"] == \
        "['encoder', 'layer.1', 'att']"
    # Outermost frame first: Net.forward, Encoder.forward, Block.forward.
    frames = props["pkg.torch.onnx.stack_trace"].splitlines()
    this_file = __file__.rstrip("c")
    lines = [int(f.rsplit("line ", 1)[1]) for f in frames
             if this_file in f]
    source = open(this_file).read().splitlines()
    assert "self.encoder(x)" in source[lines[0] - 1]
    assert "layer(x)" in source[lines[1] - 1]
    assert "self.att(x)" in source[lines[2] - 1]


@pytest.mark.parametrize("selection", [True, {Block}])
def test_modules_as_functions(tmp_path, selection):
    model = Net().eval()
    x = torch.randn(3, 4)
    path = tmp_path / "net.onnx"
    torch_onnx.export(model, (x,), path, input_names=["x"],
                      dynamic_axes={"x": {0: "batch"}},
                      export_modules_as_functions=selection)
    onnx_model = onnx.load(path)
    onnx.checker.check_model(onnx_model, full_check=True)
    functions = {(f.domain, f.name): f for f in onnx_model.functions}
    # Both layers have the same nodes: they share one function.
    block = functions[(Block.__module__, "Block")]
    # With True, nn.Linear is a function too, called from Block's.
    inner = "Linear" if selection is True else "Gemm"
    assert [n.op_type for n in block.node] == [inner, "Relu", "Add"]
    calls = [n for n in onnx_model.graph.node if n.op_type == "Block"]
    if selection is True:
        # Encoder is exported too, and its function calls Block's.
        encoder = functions[(Encoder.__module__, "Encoder")]
        assert [n.op_type for n in encoder.node] == ["Block", "Block",
                                                     "Linear"]
        assert [n.op_type for n in onnx_model.graph.node] == ["Encoder",
                                                              "Sigmoid"]
    else:
        assert [n.name for n in calls] == ["/encoder/layer.0/Block",
                                           "/encoder/layer.1/Block"]
        # The weights are the call's inputs.
        assert calls[1].input[1:] == ["encoder.layer.1.att.weight",
                                      "encoder.layer.1.att.bias"]
    for batch in (3, 5):
        x = torch.randn(batch, 4)
        (actual,) = run_ort(path, {"x": x})
        assert_close(actual, model(x))


def test_modules_as_functions_needs_a_trace(tmp_path):
    with pytest.raises(ExportError, match="export_modules_as_functions"):
        torch_onnx.export(Net().eval(), (torch.randn(3, 4),),
                          tmp_path / "never.onnx", script=True,
                          export_modules_as_functions=True)
