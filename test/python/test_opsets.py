"""Every opset the build targets, from torch_onnx.MIN_OPSET to MAX_OPSET:
transformer encoders, GPT-2 and Llama decoders (prefill, dynamic batch and
sequence), a ResNet and a convnet with group norms and Mish compile, pass onnx's full checker, are written with
the opset and its IR version, and match PyTorch in onnxruntime at the
example size and a larger one (verify=True)."""
import onnx
import onnx.helper
import pytest
import torch
from torch import nn

import torch_onnx

pytest.importorskip("transformers")
import transformers_zoo as zoo  # noqa: E402

OPSETS = range(torch_onnx.MIN_OPSET, torch_onnx.MAX_OPSET + 1)


def zoo_model(name):
    built = zoo.example(name)
    return built.module, built.args, built.names


def bert():
    return zoo_model("bert")  # with an attention mask


def gpt2():
    return zoo_model("gpt2")


def llama():
    return zoo_model("llama")


def encoder():
    layer = nn.TransformerEncoderLayer(d_model=32, nhead=4,
                                       dim_feedforward=64, batch_first=True,
                                       activation="gelu")
    model = nn.TransformerEncoder(layer, num_layers=2,
                                  enable_nested_tensor=False)
    x = torch.randn(2, 8, 32, generator=torch.Generator().manual_seed(0))
    return model, (x,), ["x"]


def resnet():
    return zoo_model("resnet50")


def group_norm_convnet():
    model = nn.Sequential(
        nn.Conv2d(3, 8, 3), nn.GroupNorm(2, 8), nn.Mish(),
        nn.Conv2d(8, 4, 3), nn.GroupNorm(4, 4, affine=False), nn.GELU())
    x = torch.randn(2, 3, 12, 12, generator=torch.Generator().manual_seed(0))
    return model, (x,), ["x"]


@pytest.mark.parametrize("opset", OPSETS)
@pytest.mark.parametrize("build", [bert, gpt2, llama, encoder, resnet,
                                   group_norm_convnet])
def test_model_at_opset(tmp_path, build, opset):
    torch.manual_seed(0)
    model, args, names = build()
    model.eval()
    # Images keep their size: the batch is dynamic. Text and sequences: the
    # batch and the sequence.
    axes = {name: ({0: "batch"} if build in (resnet, group_norm_convnet) else
                   {0: "batch", 1: "sequence"}) for name in names}
    path = tmp_path / "model.onnx"
    torch_onnx.export(model, args, path, input_names=names,
                      dynamic_axes=axes, opset_version=opset, verify=True)
    proto = onnx.load(path)
    onnx.checker.check_model(proto, full_check=True)
    default = [o.version for o in proto.opset_import if o.domain in ("", "ai.onnx")]
    assert default == [opset]
    assert proto.ir_version == onnx.helper.find_min_ir_version_for(
        [onnx.helper.make_opsetid("", opset)])
