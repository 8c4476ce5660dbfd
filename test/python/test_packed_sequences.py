"""Packed sequences around recurrent layers: pack_padded_sequence, the
LSTM, GRU and Elman RNN on packed data, and pad_packed_sequence, run in
onnxruntime against PyTorch at the traced batch and at another batch with
other lengths."""
import pytest
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

import torch_onnx
from conftest import assert_close, run_ort

FEATURES, HIDDEN = 5, 7


class PackedRNN(nn.Module):
    def __init__(self, layer, batch_first, enforce_sorted, padding_value=0.0,
                 total_length=None, initial_state=False):
        super().__init__()
        self.rnn = layer
        self.batch_first = batch_first
        self.enforce_sorted = enforce_sorted
        self.padding_value = padding_value
        self.total_length = total_length
        self.initial_state = initial_state

    def forward(self, x, lengths):
        packed = pack_padded_sequence(x, lengths, batch_first=self.batch_first,
                                      enforce_sorted=self.enforce_sorted)
        if self.initial_state:
            batch = x.shape[0 if self.batch_first else 1]
            layers = self.rnn.num_layers * (2 if self.rnn.bidirectional
                                            else 1)
            h0 = torch.ones(layers, batch, HIDDEN) * 0.5
            state = (h0, -h0) if isinstance(self.rnn, nn.LSTM) else h0
            out, hidden = self.rnn(packed, state)
        else:
            out, hidden = self.rnn(packed)
        padded, out_lengths = pad_packed_sequence(
            out, batch_first=self.batch_first,
            padding_value=self.padding_value, total_length=self.total_length)
        if isinstance(hidden, tuple):
            return padded, out_lengths, hidden[0], hidden[1]
        return padded, out_lengths, hidden


def layer(kind, bidirectional, layers, batch_first):
    if kind == "lstm":
        return nn.LSTM(FEATURES, HIDDEN, num_layers=layers,
                       bidirectional=bidirectional, batch_first=batch_first)
    if kind == "gru":
        return nn.GRU(FEATURES, HIDDEN, num_layers=layers,
                      bidirectional=bidirectional, batch_first=batch_first)
    return nn.RNN(FEATURES, HIDDEN, num_layers=layers,
                  nonlinearity=kind.split("_")[1],
                  bidirectional=bidirectional, batch_first=batch_first)


def batch(batch_first, lengths, steps):
    shape = ((len(lengths), steps, FEATURES) if batch_first
             else (steps, len(lengths), FEATURES))
    return torch.randn(*shape), torch.tensor(lengths)


def check(tmp_path, model, batch_first, sorted_lengths):
    example = batch(batch_first, [4, 6, 2] if not sorted_lengths
                    else [6, 4, 2], 6)
    other = batch(batch_first, [3, 5, 5, 1] if not sorted_lengths
                  else [5, 5, 3, 1], 7)
    axes = {0: "batch", 1: "steps"} if batch_first else {0: "steps",
                                                          1: "batch"}
    path = tmp_path / "packed.onnx"
    result = torch_onnx.export(
        model.eval(), example, path, input_names=["x", "lengths"],
        dynamic_axes={"x": axes, "lengths": {0: "batch"}})
    for args in (example, other):
        actual = run_ort(path, dict(zip(result.input_names, args)))
        expected = model(*args)
        assert len(actual) == len(expected)
        for got, wanted in zip(actual, expected):
            assert_close(got, wanted)


@pytest.mark.parametrize("kind", ["lstm", "gru", "rnn_tanh", "rnn_relu"])
@pytest.mark.parametrize("bidirectional", [False, True],
                         ids=["forward", "bidirectional"])
def test_packed_layers(tmp_path, kind, bidirectional):
    model = PackedRNN(layer(kind, bidirectional, 2, True), True, False)
    check(tmp_path, model, True, False)


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_packed_time_major_sorted_with_state(tmp_path, kind):
    """Time-major, lengths already sorted (enforce_sorted), initial
    states given."""
    model = PackedRNN(layer(kind, True, 1, False), False, True,
                      initial_state=True)
    check(tmp_path, model, False, True)


def test_padding_value_and_total_length(tmp_path):
    """Steps past each sequence hold padding_value, up to total_length."""
    model = PackedRNN(layer("lstm", False, 1, True), True, False,
                      padding_value=-3.0, total_length=9)
    check(tmp_path, model, True, False)
