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
from conftest import Logits

transformers = pytest.importorskip("transformers")

OPSETS = range(torch_onnx.MIN_OPSET, torch_onnx.MAX_OPSET + 1)
SMALL = dict(vocab_size=128, hidden_size=64, num_hidden_layers=2,
             num_attention_heads=4, intermediate_size=128,
             max_position_embeddings=64)


def text_inputs(with_mask):
    ids = torch.randint(0, SMALL["vocab_size"], (2, 8),
                        generator=torch.Generator().manual_seed(0))
    if not with_mask:
        return (ids,), ["input_ids"]
    mask = torch.ones(2, 8, dtype=torch.long)
    mask[1, -3:] = 0
    return (ids, mask), ["input_ids", "attention_mask"]


def bert():
    model = transformers.BertForSequenceClassification(
        transformers.BertConfig(**SMALL))
    return Logits(model), *text_inputs(with_mask=True)


def gpt2():
    config = transformers.GPT2Config(
        vocab_size=128, n_embd=64, n_layer=2, n_head=4, n_positions=64,
        use_cache=False)
    return Logits(transformers.GPT2LMHeadModel(config)), *text_inputs(False)


def llama():
    config = transformers.LlamaConfig(**SMALL, num_key_value_heads=2,
                                      use_cache=False)
    return Logits(transformers.LlamaForCausalLM(config)), *text_inputs(False)


def encoder():
    layer = nn.TransformerEncoderLayer(d_model=32, nhead=4,
                                       dim_feedforward=64, batch_first=True,
                                       activation="gelu")
    model = nn.TransformerEncoder(layer, num_layers=2,
                                  enable_nested_tensor=False)
    x = torch.randn(2, 8, 32, generator=torch.Generator().manual_seed(0))
    return model, (x,), ["x"]


def resnet():
    config = transformers.ResNetConfig(
        embedding_size=16, hidden_sizes=[16, 32], depths=[1, 1],
        num_labels=10)
    model = transformers.ResNetForImageClassification(config)
    x = torch.randn(2, 3, 32, 32, generator=torch.Generator().manual_seed(0))
    return Logits(model), (x,), ["pixel_values"]


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
