"""Small transformers models of the zoo (utils/transformers_zoo.py), built
from configs with random weights, through torch_onnx.export with dynamic
batch and sequence, checked with verify=True (the example size and one
larger)."""
import pytest

import torch_onnx

pytest.importorskip("transformers")
import transformers_zoo as zoo  # noqa: E402


@pytest.mark.parametrize("name", ["bert", "llama"])
def test_text_model(tmp_path, name):
    # BERT with an attention mask; Llama without a cache, so that
    # transformers builds the causal mask by indexing position_ids with
    # broadcast index tensors.
    built = zoo.example(name)
    result = torch_onnx.export(built.module, built.args,
                               tmp_path / "model.onnx",
                               input_names=built.names,
                               dynamic_axes=built.dynamic_axes, verify=True)
    assert result.input_names == built.names
