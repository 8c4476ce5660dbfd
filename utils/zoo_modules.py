"""Small modules of the model zoo (model_zoo.py): the modules of the user's
documents, and modules that exercise one feature of the importer, the
passes or the conversion each. The registry in model_zoo.py says how each is
built (traced or scripted) and with which inputs.
"""
import functools
from typing import List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


# ---------------------------------------------------------------------------
# Modules from the user's documents.
# ---------------------------------------------------------------------------

class EmbeddingSubmodule(nn.Module):
    def __init__(self, embedding_dim, num_embeddings):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, embedding_dim)
        self.state = torch.randn(1, embedding_dim)

    def forward(self, indices):
        embedded = self.embedding(indices)
        self.state = torch.add(self.state, embedded)
        return self.state


class RunningAverageSubmodule(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer('running_avg', torch.zeros(dim))
        self.count = 0

    def forward(self, input):
        self.count += 1
        self.running_avg = (self.running_avg * (self.count - 1) + input) / self.count
        return self.running_avg


class LSTMSubmodule(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size)
        self.hidden = None

    def forward(self, input):
        output, self.hidden = self.lstm(input, self.hidden)
        return output


def scaled_add(tensor, scale):
    return tensor + scale


class BadModule(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.add_partial = functools.partial(scaled_add, scale=self.scale)

    def forward(self, x):
        return self.add_partial(x)


class ConditionalModule(nn.Module):
    def __init__(self, add_val, mult_val):
        super().__init__()
        self.add_val = nn.Parameter(torch.tensor(add_val, dtype=torch.float32))
        self.mult_val = nn.Parameter(torch.tensor(mult_val, dtype=torch.float32))

    def forward(self, x, use_mult):
        if use_mult:
            return x * self.mult_val
        else:
            return x + self.add_val


# ---------------------------------------------------------------------------
# Further test modules.
# ---------------------------------------------------------------------------

class SmallConvNet(nn.Module):
    """The bundled example: conv, batch norm, pooling and a classifier."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1))
        self.classifier = nn.Linear(16, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


class TiedConvBatchNorm(nn.Module):
    """Convolutions followed by batch norm whose weights are shared: `a` and
    `b` have one weight, and `c`'s weight is a view of the weight `big` that
    forward also uses. Fusing a batch norm must change none of them in
    place."""

    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(4, 8, 3, padding=1, bias=False)
        self.b = nn.Conv2d(4, 8, 3, padding=1, bias=False)
        self.b.weight = self.a.weight
        self.big = nn.Parameter(torch.randn(16, 4, 3, 3))
        self.c = nn.Conv2d(4, 8, 3, padding=1)
        self.c.weight = nn.Parameter(self.big.data[:8])
        self.norms = nn.ModuleList(nn.BatchNorm2d(8) for _ in range(3))
        with torch.no_grad():
            for norm in self.norms:
                norm.weight.uniform_(0.5, 2.0)
                norm.bias.normal_()
                norm.running_mean.normal_()
                norm.running_var.uniform_(0.5, 2.0)

    def forward(self, x):
        y = sum(norm(conv(x)) for norm, conv in
                zip(self.norms, (self.a, self.b, self.c)))
        return y + nn.functional.conv2d(x, self.big, padding=1)[:, :8]


class KVCache(nn.Module):
    """Keeps the last 4 keys, rolling the buffer with torch.cat."""

    def __init__(self):
        super().__init__()
        self.register_buffer('cache', torch.zeros(1, 4, 8))
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        k = self.proj(x)
        self.cache = torch.cat([self.cache[:, 1:], k], dim=1)
        return self.cache.sum(dim=1)


class SetStateScale(nn.Module):
    """Restores itself with __setstate__, which doubles the scale: a loader
    that skipped __setstate__ would compute half the result."""

    def __init__(self):
        super().__init__()
        self.weight = torch.randn(4, 4)
        self.scale = 1.5

    @torch.jit.export
    def __getstate__(self) -> Tuple[torch.Tensor, float, bool]:
        return (self.weight, self.scale, self.training)

    @torch.jit.export
    def __setstate__(self, state: Tuple[torch.Tensor, float, bool]) -> None:
        self.weight = state[0]
        self.scale = state[1] * 2.0
        self.training = state[2]

    def forward(self, x):
        return torch.mm(x, self.weight) * self.scale


class ScriptedLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x, n: int):
        for _ in range(n):
            x = torch.tanh(self.fc(x))
        return x


class FixedLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.steps = 3

    def forward(self, x):
        for i in range(self.steps):
            x = torch.tanh(self.fc(x)) + i
        return x


class DeepMLP(nn.Module):
    def __init__(self, blocks):
        super().__init__()
        self.blocks = nn.Sequential(*[
            nn.Sequential(nn.Linear(16, 16), nn.LayerNorm(16), nn.GELU())
            for _ in range(blocks)])

    def forward(self, x):
        return self.blocks(x)


class SumModule(nn.Module):
    """The dynamic_axes example of the torch.onnx documentation."""

    def forward(self, x):
        return torch.sum(x, dim=1)


class ReshapeByTensor(nn.Module):
    """Reshapes by a size held in a tensor input (x.reshape(y, -1))."""

    def forward(self, x, y):
        return x.reshape(int(y), -1)


class ShapeArithmetic(nn.Module):
    """Reads sizes from states.shape and does int arithmetic on them."""

    def forward(self, states):
        batch_size, seq_length = states.shape[:2]
        real_seq_length = seq_length
        real_seq_length += 2
        return states * (real_seq_length + seq_length) + batch_size


class SelfAttention(nn.Module):
    """Multi-head self attention through F.scaled_dot_product_attention, as
    transformers' decoders call it: causal, or with an additive float mask
    given as the second argument."""

    def __init__(self, dim=16, heads=2, causal=True):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.heads = heads
        self.causal = causal

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        batch, length, dim = x.shape
        q, k, v = self.qkv(x).split(dim, dim=2)
        shape = (batch, length, self.heads, dim // self.heads)
        q, k, v = (t.view(shape).transpose(1, 2) for t in (q, k, v))
        y = torch.nn.functional.scaled_dot_product_attention(
            q, k, v, attn_mask=mask, is_causal=self.causal)
        return self.out(y.transpose(1, 2).reshape(batch, length, dim))


class SamePaddingConv(nn.Module):
    """Convolutions with string padding, which trace to _convolution_mode."""

    def __init__(self):
        super().__init__()
        self.same = nn.Conv2d(3, 4, (3, 4), padding="same", dilation=(1, 2))
        self.valid = nn.Conv1d(4, 2, 3, padding="valid")

    def forward(self, x):
        y = self.same(x)
        return self.valid(y.flatten(2))


class PackedSequenceStarts(nn.Module):
    """Where packed sequences start in position ids, as transformers' masking
    code finds them: torch.diff with a prepended value."""

    def forward(self, position_ids):
        first = position_ids[:, :1] - 1
        steps = torch.diff(position_ids, prepend=first, dim=-1)
        return (steps != 1).cumsum(-1), torch.diff(position_ids.float(), n=2)


# ---------------------------------------------------------------------------
# Op families of the conversion: attention, recurrent layers, convolutions,
# tensor manipulation and type promotion.
# ---------------------------------------------------------------------------

class Decoder(nn.Module):
    """A causal batch-first TransformerDecoder."""
    def __init__(self):
        super().__init__()
        layer = nn.TransformerDecoderLayer(32, 4, 64, batch_first=True)
        self.decoder = nn.TransformerDecoder(layer, 2)

    def forward(self, tgt, memory):
        mask = nn.Transformer.generate_square_subsequent_mask(
            tgt.shape[1])
        return self.decoder(tgt, memory, tgt_mask=mask)


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.transformer = nn.Transformer(32, 4, 2, 2, 64,
                                          batch_first=True)

    def forward(self, src, tgt):
        return self.transformer(src, tgt)


class AttentionWithMasks(nn.Module):
    """MultiheadAttention with padding and float attention masks, and
    its averaged weights."""
    def __init__(self):
        super().__init__()
        self.attention = nn.MultiheadAttention(32, 4, batch_first=True)

    def forward(self, query, key):
        padding = torch.arange(key.shape[1]) >= key.shape[1] - 2
        padding = padding.unsqueeze(0).expand(key.shape[0], -1)
        bias = torch.linspace(-1.0, 1.0, query.shape[1] * key.shape[1])
        bias = bias.reshape(query.shape[1], key.shape[1])
        return self.attention(query, key, key, key_padding_mask=padding,
                              attn_mask=bias)


class EncoderPaddingMask(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(32, 4, 64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2)

    def forward(self, x):
        padding = torch.arange(x.shape[1]) >= x.shape[1] - 1
        padding = padding.unsqueeze(0).expand(x.shape[0], -1)
        return self.encoder(x, src_key_padding_mask=padding)


class EncoderRaggedPadding(EncoderPaddingMask):
    """Three sequences padded by 0, 1 and 3 tokens: the output keeps
    the full length, with the padding rows of the others zeroed."""
    def forward(self, x):
        lengths = x.shape[1] - torch.tensor([0, 1, 3])
        padding = torch.arange(x.shape[1]).unsqueeze(0) >= \
            lengths.unsqueeze(1)
        return self.encoder(x, src_key_padding_mask=padding)


class EncoderShortPadding(EncoderPaddingMask):
    """Every sequence padded by 2 to 4 tokens, 2 plus the number of
    positive values among the first two of its first token: the output
    is shorter than the input, by a length that depends on the data."""
    def forward(self, x):
        pads = 2 + (x[:, 0, :2] > 0).sum(-1)
        padding = torch.arange(x.shape[1]).unsqueeze(0) >= \
            (x.shape[1] - pads).unsqueeze(1)
        return self.encoder(x, src_key_padding_mask=padding)


class Recurrent(nn.Module):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def forward(self, x, *states):
        return self.cell(x, states if len(states) > 1 else states[0])


class CellLoop(nn.Module):
    """An LSTMCell and a GRUCell unrolled over the sequence."""
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTMCell(8, 16)
        self.gru = nn.GRUCell(16, 12)

    def forward(self, x):
        h = torch.zeros(x.shape[1], 16)
        c = torch.zeros(x.shape[1], 16)
        g = torch.zeros(x.shape[1], 12)
        outputs = []
        for step in x.unbind(0):
            h, c = self.lstm(step, (h, c))
            g = self.gru(h, g)
            outputs.append(g)
        return torch.stack(outputs)


class LanguageModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(100, 32, padding_idx=0)
        self.position = nn.Parameter(torch.randn(1, 16, 32))
        self.norm = nn.LayerNorm(32)
        self.head = nn.Linear(32, 100)

    def forward(self, tokens):
        x = self.embedding(tokens) + self.position[:, :tokens.shape[1]]
        return F.log_softmax(self.head(self.norm(x)), dim=-1)


class ConvOps(nn.Module):
    """Convolution, normalization, pooling and resizing forms."""
    def __init__(self):
        super().__init__()
        self.dilated = nn.Conv2d(4, 8, 3, padding=2, dilation=2)
        self.strided = nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=4)
        self.up = nn.ConvTranspose2d(8, 4, 4, stride=2, padding=1)
        self.group_norm = nn.GroupNorm(2, 8)
        self.instance_norm = nn.InstanceNorm2d(4, affine=True)
        self.conv1d = nn.Conv1d(4, 6, 3, padding=1)
        self.shuffle = nn.PixelShuffle(2)

    def forward(self, x):
        y = F.gelu(self.group_norm(self.dilated(x)), approximate="tanh")
        y = F.silu(self.strided(y))
        y = self.instance_norm(self.up(y)) + x
        a = F.avg_pool2d(y, 3, 2, padding=1, ceil_mode=True,
                         count_include_pad=False)
        m = F.max_pool2d(y, 3, 2, ceil_mode=True)
        z = F.interpolate(a, scale_factor=2.0, mode="nearest")
        w = F.interpolate(m, size=(9, 9), mode="bilinear",
                          align_corners=False)
        p = F.adaptive_max_pool2d(y, (3, 3))
        s = self.shuffle(torch.cat([y, y, y, y], 1))
        c = self.conv1d(y.flatten(2))
        return z, w, p, F.hardsigmoid(s), F.elu(c), F.leaky_relu(y, 0.1)


class TensorOps(nn.Module):
    """Slicing, indexing, lists, reductions and comparisons."""
    def forward(self, x, y):
        a, b = x.chunk(2, dim=1)
        parts = x.split([1, 3], dim=2)
        rolled = torch.roll(x, shifts=(1, -2), dims=(1, 2))
        picked = x[:, 1:4:2, -1] + x[..., 0].sum(1, keepdim=True)
        gathered = x[:, torch.tensor([2, 0])]
        flipped = x.flip(-1).transpose(1, 2).contiguous()
        masked = x.masked_fill(x > 0.5, -1.0)
        where = torch.where(x < y, x, y * 2)
        stacked = torch.stack([a, b], dim=0).mean((0, 2))
        reduced = (x.amax(-1), x.max(dim=1).values, x.argmax(-1),
                   x.cumsum(1), torch.softmax(x, -1), x.norm(dim=-1),
                   x.var(1), x.prod(2))
        return (a * b, parts[1], rolled, picked, gathered, flipped,
                masked, where, stacked) + reduced


class TypePromotion(nn.Module):
    """Arithmetic on ints and floats by PyTorch's promotion rules."""
    def forward(self, i, f):
        scaled = i * 1.5 + f
        floor = torch.div(i, 3, rounding_mode="floor")
        trunc = torch.div(i - 5, 3, rounding_mode="trunc")
        true_div = i / 4
        rem = torch.remainder(i - 5, 3)
        compared = torch.logical_or(torch.logical_and(i > 4, f < 0.0),
                                    i == 2)
        mixed = torch.where(compared, i, i + 100)
        clamped = torch.clamp(f, -0.5, 0.5) ** 2
        cast = f.to(torch.int64) + i.to(torch.float32).to(torch.int32)
        return (scaled, floor, trunc, true_div, rem, compared, mixed,
                clamped, cast, i.sum(), f.abs().sqrt().exp().log())


class BoolOperators(nn.Module):
    """Python's &, | and ^ on bool tensors."""
    def forward(self, x, y):
        return ((x > 0) & (y > 0)) | ((x < y) ^ (y < 0.5))


def encoder(activation, norm_first):
    layer = nn.TransformerEncoderLayer(32, 4, 64, activation=activation,
                                       norm_first=norm_first,
                                       batch_first=True)
    return nn.TransformerEncoder(layer, 2)


# ---------------------------------------------------------------------------
# Modules for the importer's tests: the object graph, scripted control flow
# and nodes, state, free functions and sizes that tracing bakes in.
# ---------------------------------------------------------------------------

class ConvLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU())
        self.fc = nn.Linear(4 * 6 * 6, 5)

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


class ControlFlow(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2.0

    def forward(self, x: torch.Tensor, n: int):
        if bool(x.sum() > 0):
            y = x * self.scale
        else:
            y = x - 1
        for i in range(n):
            y = y + i
        return y


class MiscNodes(nn.Module):
    """Tuples, optionals, dtype and device queries, a loop with a break, and
    operators without a generated op (i0, str.format)."""

    def forward(self, x: torch.Tensor, pair: Tuple[int, int],
                maybe: Optional[int]):
        dims = x.size()
        rows, cols = dims[0], dims[1]
        first = pair[0]
        a, b = pair
        y = torch.i0(x) * first
        label = "{} rows".format(rows)
        if maybe is not None:
            y = y + maybe
        z = torch.zeros([rows], dtype=x.dtype, device=x.device)
        for i in range(cols):
            if i > b:
                break
            z = z + i
        return y, z, label


class BufferReassign(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("avg", torch.zeros(4))

    def forward(self, x):
        self.avg = self.avg * 0.5 + x * 0.5
        return self.avg


class InplaceAttr(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.zeros(4))
        self.count = 0

    def forward(self, x):
        self.count += 1
        self.buf.add_(x)
        return self.buf * self.count


def scaled_mul(tensor: torch.Tensor, scale: float) -> torch.Tensor:
    return tensor * scale


class FreeFunction(nn.Module):
    """The scripted form of a bound call: scripting rejects functools.partial."""

    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        return scaled_mul(x, self.scale) + scaled_mul(x, 1.0)


class Leaf(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.linear(x))

    @torch.jit.export
    def double(self, x):
        return self.forward(x) * 2


class Branch(nn.Module):
    def __init__(self):
        super().__init__()
        self.leaf = Leaf()

    def forward(self, x):
        return self.leaf.double(x) + self.leaf(x)


class Tree(nn.Module):
    def __init__(self):
        super().__init__()
        self.left = Branch()
        self.right = Leaf()
        self.names: List[str] = ["left", "right"]
        self.sizes = (1, 2)
        self.flag = True
        self.nothing = None

    def forward(self, x):
        return self.left(x) - self.right(x)


class BakedSizes(nn.Module):
    """Traced with a batch of 6: some sizes follow the batch, one cannot."""

    def forward(self, x):
        kept = x.reshape(6, 2, 2)
        counter = torch.arange(6)
        split = x.reshape(2, 3, 4)
        return kept, counter, split


class GRUModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(8, 16, num_layers=2, batch_first=True)

    def forward(self, x):
        output, hidden = self.gru(x)
        return output, hidden


class NoForward(nn.Module):
    @torch.jit.export
    def helper(self, x: torch.Tensor):
        return x + 1
