"""One-token decode steps of a Llama-style decoder (RoPE, RMSNorm,
grouped-query attention, SiLU MLP, SDPA) whose KV cache lives in registered
buffers, written at the position argument the way a static cache does it:
with index_copy_ or with a slice assignment. The cache must become lifted
state, and 8 steps in onnxruntime must match eager PyTorch, cache included,
whether the module is traced or comes as a torch.export program."""
import copy

import numpy as np
import pytest
import torch
from torch import nn
from torch.nn import functional as F

import torch_onnx
from conftest import assert_close

VOCAB, HIDDEN, HEADS, KV_HEADS, LAYERS, MAX_LEN = 64, 32, 4, 2, 2, 16
HEAD_DIM = HIDDEN // HEADS
STEPS = 8


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)
        self.eps = eps

    def forward(self, x):
        variance = x.pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(variance + self.eps))


def rotate_half(x):
    first, second = x.chunk(2, dim=-1)
    return torch.cat((-second, first), dim=-1)


def repeat_kv(x):
    """Each KV head serves HEADS // KV_HEADS query heads, as in transformers'
    Llama."""
    batch, heads, length, dim = x.shape
    groups = HEADS // KV_HEADS
    return x[:, :, None].expand(batch, heads, groups, length, dim).reshape(
        batch, heads * groups, length, dim)


class Layer(nn.Module):
    def __init__(self, write):
        super().__init__()
        self.write = write
        self.norm1, self.norm2 = RMSNorm(HIDDEN), RMSNorm(HIDDEN)
        self.q = nn.Linear(HIDDEN, HEADS * HEAD_DIM, bias=False)
        self.k = nn.Linear(HIDDEN, KV_HEADS * HEAD_DIM, bias=False)
        self.v = nn.Linear(HIDDEN, KV_HEADS * HEAD_DIM, bias=False)
        self.o = nn.Linear(HEADS * HEAD_DIM, HIDDEN, bias=False)
        self.gate = nn.Linear(HIDDEN, 2 * HIDDEN, bias=False)
        self.up = nn.Linear(HIDDEN, 2 * HIDDEN, bias=False)
        self.down = nn.Linear(2 * HIDDEN, HIDDEN, bias=False)
        shape = (1, KV_HEADS, MAX_LEN, HEAD_DIM)
        self.register_buffer("key_cache", torch.zeros(shape))
        self.register_buffer("value_cache", torch.zeros(shape))

    def store(self, cache, pos, value):
        if self.write == "index_copy":
            cache.index_copy_(2, pos, value)
        else:
            cache[:, :, pos] = value

    def forward(self, x, pos, cos, sin, mask):
        h = self.norm1(x)
        q = self.q(h).view(1, 1, HEADS, HEAD_DIM).transpose(1, 2)
        k = self.k(h).view(1, 1, KV_HEADS, HEAD_DIM).transpose(1, 2)
        v = self.v(h).view(1, 1, KV_HEADS, HEAD_DIM).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        self.store(self.key_cache, pos, k)
        self.store(self.value_cache, pos, v)
        keys = repeat_kv(self.key_cache)
        values = repeat_kv(self.value_cache)
        attended = F.scaled_dot_product_attention(q, keys, values,
                                                  attn_mask=mask)
        x = x + self.o(attended.transpose(1, 2).reshape(1, 1, HIDDEN))
        h = self.norm2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Decoder(nn.Module):
    """forward(token (1, 1) int64, pos (1,) int64) -> logits (1, 1, V)."""

    def __init__(self, write):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(Layer(write) for _ in range(LAYERS))
        self.norm = RMSNorm(HIDDEN)
        self.head = nn.Linear(HIDDEN, VOCAB, bias=False)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, HEAD_DIM, 2).float()
                                    / HEAD_DIM))
        angles = torch.outer(torch.arange(MAX_LEN).float(), inv_freq)
        angles = torch.cat((angles, angles), dim=-1)
        self.register_buffer("cos_table", angles.cos(), persistent=False)
        self.register_buffer("sin_table", angles.sin(), persistent=False)

    def forward(self, token, pos):
        x = self.embed(token)
        cos = self.cos_table.index_select(0, pos).view(1, 1, 1, HEAD_DIM)
        sin = self.sin_table.index_select(0, pos).view(1, 1, 1, HEAD_DIM)
        # Attend to the positions written so far.
        mask = (torch.arange(MAX_LEN) <= pos).view(1, 1, 1, MAX_LEN)
        for layer in self.layers:
            x = layer(x, pos, cos, sin, mask)
        return self.head(self.norm(x))


def steps():
    generator = torch.Generator().manual_seed(1)
    tokens = torch.randint(0, VOCAB, (STEPS, 1, 1), generator=generator)
    return [(tokens[i], torch.tensor([i])) for i in range(STEPS)]


CACHES = [f"layers.{i}.{kind}_cache" for i in range(LAYERS)
          for kind in ("key", "value")]


def run_decode(reference, path):
    """Runs STEPS decode steps of `reference` in PyTorch and of the model at
    `path` in onnxruntime, with its state fed back, and compares the logits
    of each step and the final caches."""
    session = torch_onnx.StatefulSession(str(path))
    assert sorted(session.state_bindings) == sorted(CACHES)
    for step, (token, pos) in enumerate(steps()):
        with torch.no_grad():
            expected = reference(token, pos)
        (actual,) = session.run(token.numpy(), pos.numpy())
        assert_close(actual, expected, rtol=1e-4)
    for name in CACHES:
        expected = reference.get_buffer(name)
        assert float(expected.abs().sum()) > 0, f"{name} was never written"
        assert_close(session.state[name], expected, rtol=1e-4)
        # Positions past the last step stay zero.
        assert not np.any(session.state[name][:, :, STEPS:])


@pytest.mark.parametrize("write", ["index_copy", "slice_assignment"])
def test_traced_decode_steps(tmp_path, write):
    torch.manual_seed(0)
    model = Decoder(write).eval()
    reference = copy.deepcopy(model)
    token, pos = steps()[0]
    result = torch_onnx.export(model, (token, pos), tmp_path / "decode.onnx",
                               input_names=["token", "pos"])
    assert result.user_input_names == ["token", "pos"]
    assert sorted(s.attribute for s in result.state) == sorted(CACHES)
    # Tracing ran forward once; the module's caches were put back.
    for name in CACHES:
        assert not model.get_buffer(name).any()
    run_decode(reference, tmp_path / "decode.onnx")


@pytest.mark.parametrize("write", ["index_copy", "slice_assignment"])
@pytest.mark.parametrize("decompose", [False, True])
def test_exported_program_decode_steps(tmp_path, write, decompose):
    torch.manual_seed(0)
    model = Decoder(write).eval()
    reference = copy.deepcopy(model)
    program = torch.export.export(model, steps()[0])
    if decompose:
        program = program.run_decompositions()
    result = torch_onnx.export(program, f=tmp_path / "decode.onnx")
    assert result.user_input_names == ["token", "pos"]
    assert sorted(s.attribute for s in result.state) == sorted(CACHES)
    # The program's buffers were shared with the compiler, not written.
    for name in CACHES:
        assert not program.state_dict[name].any()
    run_decode(reference, tmp_path / "decode.onnx")
