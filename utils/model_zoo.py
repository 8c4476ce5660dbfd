#!/usr/bin/python3
"""Builds the TorchScript models used by the examples, tests and benchmarks.

    /usr/bin/python3 utils/model_zoo.py NAME OUT.pt
    /usr/bin/python3 utils/model_zoo.py --list

Models are randomly initialized (no downloads) and saved with
torch.jit.trace or torch.jit.script. Each entry also records the
torch-onnx-compile flags and verify_model.py flags that suit it, printed
with --flags and --verify-flags.
"""
import argparse
import functools
import os
import sys
from typing import Tuple

import torch
import torch.nn as nn


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


def torchvision_model(name, size=224):
    import torchvision
    model = getattr(torchvision.models, name)(weights=None).eval()
    return model, (torch.randn(1, 3, size, size),)


def trace(model, inputs):
    with torch.no_grad():
        return torch.jit.trace(model, inputs, check_trace=False)


# name -> (builder returning a ScriptModule, compile flags, verify flags,
#          example input shapes in --input-shape syntax)
def _registry():
    r = {}

    def add(name, build, flags=(), verify=(), shapes=()):
        shapes = list(shapes)
        flags = list(flags)
        for i, flag in enumerate(flags[:-1]):
            if flag == "--input-shape":
                shapes.append(flags[i + 1])
        r[name] = (build, flags, list(verify), shapes)

    for tv in ["resnet18", "resnet50", "mobilenet_v2", "alexnet", "vgg11_bn",
               "swin_t", "convnext_tiny", "vit_b_16", "efficientnet_b0",
               "squeezenet1_0", "densenet121", "shufflenet_v2_x0_5",
               "mnasnet0_5", "regnet_x_400mf", "googlenet", "resnext50_32x4d",
               "mobilenet_v3_small", "wide_resnet50_2"]:
        add(tv, functools.partial(lambda n: trace(*torchvision_model(n)), tv),
            shapes=["1x3x224x224xf32"])
    add("inception_v3",
        lambda: trace(*torchvision_model("inception_v3", 299)),
        shapes=["1x3x299x299xf32"])
    add("small_convnet",
        lambda: trace(SmallConvNet().eval(), (torch.randn(1, 3, 32, 32),)),
        shapes=["1x3x32x32xf32"])

    torch.manual_seed(0)
    add("embedding", lambda: torch.jit.script(EmbeddingSubmodule(10, 100)),
        ["--input-shape", "1xsi64"], ["--int-high", "100"])
    add("running_average",
        lambda: torch.jit.script(RunningAverageSubmodule(5)),
        ["--input-shape", "5xf32"])

    def lstm():
        model = LSTMSubmodule(10, 20)
        with torch.no_grad():
            model(torch.randn(5, 10))
        return trace(model, (torch.randn(5, 10),))
    add("lstm", lstm, ["--dynamic-dim", "input:0=seq_len"],
        ["--dim", "seq_len=5"], shapes=["5x10xf32"])
    def lstm_stateful():
        model = LSTMSubmodule(10, 20)
        with torch.no_grad():
            model(torch.randn(5, 10))  # Gives `hidden` its tuple type.
        return torch.jit.script(model)
    add("lstm_stateful", lstm_stateful,
        ["--input-shape", "5x10xf32", "--dynamic-dim", "input:0=seq_len"],
        ["--dim", "seq_len=5"])
    add("bad_partial",
        lambda: trace(BadModule(2.0), (torch.randn(1, 3, 16, 16),)),
        shapes=["1x3x16x16xf32"])
    add("conditional",
        lambda: torch.jit.script(ConditionalModule(2.0, 3.0)),
        ["--input-shape", "1x3x8x8xf32", "--input-shape", "1xi1"])

    def transformer():
        layer = nn.TransformerEncoderLayer(32, 4, 64, batch_first=True)
        model = nn.TransformerEncoder(layer, 2).eval()
        return trace(model, (torch.randn(2, 5, 32),))
    add("transformer_encoder", transformer, shapes=["2x5x32xf32"])
    add("kv_cache", lambda: torch.jit.script(KVCache()),
        ["--input-shape", "1x1x8xf32"])
    add("gru", lambda: trace(nn.GRU(8, 16, 2, batch_first=True).eval(),
                             (torch.randn(3, 5, 8),)),
        shapes=["3x5x8xf32"])
    add("scripted_loop", lambda: torch.jit.script(ScriptedLoop()),
        ["--input-shape", "2x6xf32"])
    add("setstate_scale", lambda: torch.jit.script(SetStateScale().eval()),
        ["--input-shape", "2x4xf32"])
    add("fixed_loop", lambda: torch.jit.script(FixedLoop()),
        ["--input-shape", "2x6xf32"])
    add("tied_conv_bn",
        lambda: trace(TiedConvBatchNorm().eval(), (torch.randn(1, 4, 8, 8),)),
        shapes=["1x4x8x8xf32"])
    add("bn_train", lambda: trace(nn.BatchNorm1d(6).train(),
                                  (torch.randn(4, 6),)),
        shapes=["4x6xf32"])
    for n in [3, 100, 200, 400, 800, 1600]:
        add(f"deep_mlp_{n}", functools.partial(
            lambda k: trace(DeepMLP(k).eval(), (torch.randn(4, 16),)), n),
            shapes=["4x16xf32"])
    # The torch.onnx documentation's examples.
    add("sum_dynamic", lambda: trace(SumModule(), (torch.ones(2, 2),)),
        ["--input-names", "x", "--output-names", "sum",
         "--dynamic-dim", "x:0=my_custom_axis_name"],
        ["--dim", "my_custom_axis_name=3"], shapes=["2x2xf32"])
    add("reshape_by_tensor", lambda: torch.jit.script(ReshapeByTensor()),
        ["--input-shape", "4x6xf32", "--input-shape", "si64"],
        ["--int-low", "1", "--int-high", "5"])
    add("shape_arithmetic",
        lambda: trace(ShapeArithmetic(), (torch.randn(2, 5, 3),)),
        ["--dynamic-dim", "0:0=batch", "--dynamic-dim", "0:1=seq"],
        ["--dim", "batch=3", "--dim", "seq=4"], shapes=["2x5x3xf32"])

    # A sequence model with dynamic batch and sequence axes.
    def sequence_model():
        layer = nn.TransformerEncoderLayer(64, 4, 128, batch_first=True)
        model = nn.TransformerEncoder(layer, 1).eval()
        return trace(model, (torch.randn(1, 10, 64),))
    add("dynamic_sequence", sequence_model,
        ["--input-names", "input", "--output-names", "output",
         "--dynamic-dim", "input:0=batch_size", "--dynamic-dim",
         "input:1=seq_len"],
        ["--dim", "batch_size=2", "--dim", "seq_len=7"], shapes=["1x10x64xf32"])
    return r


REGISTRY = _registry()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--flags", action="store_true",
                        help="print the model's torch-onnx-compile flags")
    parser.add_argument("--verify-flags", action="store_true",
                        help="print the model's verify_model.py flags")
    parser.add_argument("--shapes", action="store_true",
                        help="print the example input shapes")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(sorted(REGISTRY)))
        return 0
    if args.name not in REGISTRY:
        print(f"unknown model '{args.name}'; see --list", file=sys.stderr)
        return 2
    build, flags, verify, shapes = REGISTRY[args.name]
    if args.flags:
        shape_flags = [] if "--input-shape" in flags else [
            f for shape in shapes for f in ("--input-shape", shape)]
        print(" ".join(shape_flags + flags))
        return 0
    if args.shapes:
        print(" ".join(shapes))
        return 0
    if args.verify_flags:
        print(" ".join(verify))
        return 0
    if not args.out:
        parser.error("missing OUT.pt")
    torch.manual_seed(0)
    module = build()
    tmp = args.out + ".tmp"
    module.save(tmp)
    os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
