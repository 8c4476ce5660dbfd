"""Small transformers models, built from configs with random weights,
through torch_onnx.export with dynamic batch and sequence, checked with
verify=True (the example size and one larger)."""
import pytest
import torch

import torch_onnx
from conftest import Logits

transformers = pytest.importorskip("transformers")


SMALL = dict(vocab_size=128, hidden_size=64, num_hidden_layers=2,
             num_attention_heads=4, intermediate_size=128,
             max_position_embeddings=64)


def bert():
    return transformers.BertForSequenceClassification(
        transformers.BertConfig(**SMALL))


def llama():
    # No cache: transformers then builds the causal mask by indexing
    # position_ids with broadcast index tensors.
    config = transformers.LlamaConfig(**SMALL, num_key_value_heads=2,
                                      use_cache=False)
    return transformers.LlamaForCausalLM(config)


@pytest.mark.parametrize("build, with_mask", [(bert, True), (llama, False)])
def test_text_model(tmp_path, build, with_mask):
    model = Logits(build()).eval()
    ids = torch.randint(0, SMALL["vocab_size"], (2, 8))
    args, names = (ids,), ["input_ids"]
    if with_mask:
        mask = torch.ones(2, 8, dtype=torch.long)
        mask[1, -3:] = 0
        args, names = (ids, mask), ["input_ids", "attention_mask"]
    axes = {name: {0: "batch", 1: "sequence"} for name in names}
    result = torch_onnx.export(model, args, tmp_path / "model.onnx",
                               input_names=names, dynamic_axes=axes,
                               verify=True)
    assert result.input_names == names
