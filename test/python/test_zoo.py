"""The transformers zoo (utils/transformers_zoo.py) at its reduced size:
BERT, DistilBERT, RoBERTa, ViT, Whisper's encoder, T5's encoder, ResNet-50,
ConvNeXt, Swin, MobileNetV2, GPT-2 and a Llama (prefill), built from
transformers configs with random weights, and GPT-2 and the Llama as
one-token decode steps whose static KV cache lives in registered buffers.

Each model is compiled two ways:
  traced    torch_onnx.export(module, args, dynamic_axes=...), which
            traces the module with torch.jit.trace;
  exported  torch_onnx.export(torch.export.export(module, args,
            dynamic_shapes=...)), the .pt2 path.
The models run in onnxruntime against eager PyTorch at the example size and
at a second size on their dynamic axes (batch, and sequence for text). The
decode steps have no dynamic axis: their caches must become lifted state,
and 8 steps in onnxruntime, each step's cache outputs fed back, must match
8 steps of the eager module, logits and final caches included.
"""
import copy

import numpy as np
import pytest
import torch

import torch_onnx
from conftest import assert_close, graph_io, ort_session

pytest.importorskip("transformers")
import transformers_zoo as zoo  # noqa: E402

PREFILL = [name for name, model in zoo.ZOO.items() if model.kind != "decode"]
DECODE = [name for name, model in zoo.ZOO.items() if model.kind == "decode"]
PATHS = ["traced", "exported"]


def compile_model(built, path, how):
    """Compiles `built` (a zoo Example) to `path`; the ExportResult. The
    module is copied, so that the caller's stays as it was."""
    module = copy.deepcopy(built.module)
    if how == "traced":
        return torch_onnx.export(module, built.args, path,
                                 input_names=built.names,
                                 dynamic_axes=built.dynamic_axes or None)
    program = torch.export.export(
        module, built.args, dynamic_shapes=zoo.export_dynamic_shapes(built))
    return torch_onnx.export(program, f=path)


@pytest.mark.parametrize("how", PATHS)
@pytest.mark.parametrize("name", PREFILL)
def test_zoo_model(tmp_path, name, how):
    built = zoo.example(name)
    path = tmp_path / f"{name}.onnx"
    result = compile_model(built, path, how)
    assert result.state == []
    inputs, _ = graph_io(path)
    # The dynamic axes stay dynamic.
    assert len(inputs) == len(built.names)
    for dims, name in zip(inputs.values(), built.names):
        for axis in built.dynamic_axes.get(name, {}):
            assert isinstance(dims[axis], str), (name, dims)
    session = ort_session(path)
    for args in (built.args, built.second):
        with torch.no_grad():
            expected = built.module(*args)
        (actual,) = session.run(None, {
            value.name: arg.numpy()
            for value, arg in zip(session.get_inputs(), args)})
        assert_close(actual, expected)


@pytest.mark.parametrize("how", PATHS)
@pytest.mark.parametrize("name", DECODE)
def test_decode_steps(tmp_path, name, how):
    built = zoo.example(name)
    reference = built.module
    caches = reference.cache_names()
    path = tmp_path / f"{name}.onnx"
    result = compile_model(built, path, how)
    assert result.user_input_names == ["token", "pos"]
    assert sorted(s.attribute for s in result.state) == sorted(caches)
    # Compiling wrote none of the module's caches.
    for cache in caches:
        assert not reference.get_buffer(cache).any()
    session = torch_onnx.StatefulSession(str(path))
    vocab = reference.model.config.vocab_size
    for token, pos in zoo.decode_steps(vocab):
        with torch.no_grad():
            expected = reference(token, pos)
        (actual,) = session.run(token.numpy(), pos.numpy())
        assert_close(actual, expected)
    for cache in caches:
        expected = reference.get_buffer(cache)
        assert float(expected.abs().sum()) > 0, f"{cache} was never written"
        assert_close(session.state[cache], expected)
        # Positions past the last step stay zero.
        assert not np.any(session.state[cache][:, :, zoo.DECODE_STEPS:])
