"""Writes small TorchScript archives for the importer's lit tests.

Usage: make_models.py NAME OUT.pt

Every model is randomly initialized; nothing is downloaded.
"""

import functools
import io
import os
import sys
import zipfile
from typing import List, Optional, Tuple

import torch
import torch.nn as nn

# The modules of the user's documents and the image models are shared with
# the model zoo.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "..", "utils"))
import model_zoo  # noqa: E402
from model_zoo import (BadModule, ConditionalModule,  # noqa: E402
                       EmbeddingSubmodule, LSTMSubmodule,
                       RunningAverageSubmodule)

torch.manual_seed(0)


def traced(module, *inputs, check_trace=True):
    module.eval()
    with torch.no_grad():
        return torch.jit.trace(module, inputs, check_trace=check_trace)


# --- Traced conv + linear net ------------------------------------------------


class ConvLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU())
        self.fc = nn.Linear(4 * 6 * 6, 5)

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


# --- Scripted control flow ---------------------------------------------------


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
    operators without a generated op (erfc, str.format)."""

    def forward(self, x: torch.Tensor, pair: Tuple[int, int],
                maybe: Optional[int]):
        dims = x.size()
        rows, cols = dims[0], dims[1]
        first = pair[0]
        a, b = pair
        y = torch.erfc(x) * first
        label = "{} rows".format(rows)
        if maybe is not None:
            y = y + maybe
        z = torch.zeros([rows], dtype=x.dtype, device=x.device)
        for i in range(cols):
            if i > b:
                break
            z = z + i
        return y, z, label


# --- State: reassigned buffer and in-place updates ---------------------------


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


# --- functools.partial and free functions ------------------------------------


def scaled_mul(tensor: torch.Tensor, scale: float) -> torch.Tensor:
    return tensor * scale


class FreeFunction(nn.Module):
    """The scripted form of a bound call: scripting rejects functools.partial."""

    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        return scaled_mul(x, self.scale) + scaled_mul(x, 1.0)


# --- Submodules calling each other -------------------------------------------


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


# --- Sizes that tracing bakes in ------------------------------------------------


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


# --- Builders ------------------------------------------------------------------


def build_lstm():
    model = LSTMSubmodule(input_size=10, hidden_size=20)
    dummy = torch.randn(5, 10)
    with torch.no_grad():
        model(dummy)  # Sets the hidden state, which tracing bakes in.
    # Each call changes the hidden state, so checking the trace would fail.
    return traced(model, dummy, check_trace=False)


def build_lstm_scripted():
    model = LSTMSubmodule(input_size=10, hidden_size=20)
    with torch.no_grad():
        model(torch.randn(5, 10))  # Gives `hidden` its tuple type.
    return torch.jit.script(model)


def build_bn_train():
    model = nn.BatchNorm1d(6).train()
    with torch.no_grad():
        return torch.jit.trace(model, torch.randn(4, 6))


def build_transformer():
    layer = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32,
                                       batch_first=True)
    model = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
    return traced(model, torch.randn(2, 5, 16))


def build_image_model(name):
    """The zoo's image model `name`, traced with a 1x3x224x224 input."""
    model, inputs = model_zoo.image_model(name)
    return traced(model, *inputs)


BUILDERS = {
    "conv_linear": lambda: traced(ConvLinear(), torch.randn(1, 3, 8, 8)),
    "control_flow": lambda: torch.jit.script(ControlFlow()),
    "misc_nodes": lambda: torch.jit.script(MiscNodes()),
    "buffer_reassign": lambda: torch.jit.script(BufferReassign()),
    "inplace_attr": lambda: torch.jit.script(InplaceAttr()),
    "partial_traced": lambda: traced(BadModule(2.0), torch.randn(1, 3, 4, 4)),
    "free_function": lambda: torch.jit.script(FreeFunction(3.0)),
    "submodule_calls": lambda: torch.jit.script(Tree()),
    "embedding": lambda: torch.jit.script(EmbeddingSubmodule(10, 100)),
    "running_average": lambda: torch.jit.script(RunningAverageSubmodule(5)),
    "baked_sizes": lambda: traced(BakedSizes(), torch.randn(6, 4)),
    "lstm": build_lstm,
    "lstm_scripted": build_lstm_scripted,
    "bn_train": build_bn_train,
    "conditional": lambda: torch.jit.script(ConditionalModule(2.0, 3.0)),
    "gru": lambda: traced(GRUModule(), torch.randn(3, 7, 8)),
    "transformer": build_transformer,
    "resnet18": lambda: build_image_model("resnet18"),
    "resnet50": lambda: build_image_model("resnet50"),
    "mobilenet_v2": lambda: build_image_model("mobilenet_v2"),
    "alexnet": lambda: build_image_model("alexnet"),
    "no_forward": lambda: torch.jit.script(NoForward()),
}


def write_bad_archive(name, path):
    """Writes an archive that LibTorch must refuse."""
    if name == "bad_not_zip":
        with open(path, "w") as f:
            f.write("this is not a TorchScript archive\n")
        return
    if name == "bad_state_dict":
        # A zip archive, but torch.save's rather than torch.jit.save's.
        torch.save(ConvLinear().state_dict(), path)
        return
    buffer = io.BytesIO()
    torch.jit.save(torch.jit.script(ControlFlow()), buffer)
    data = buffer.getvalue()
    if name == "bad_truncated":
        with open(path, "wb") as f:
            f.write(data[: len(data) // 2])
        return
    if name == "bad_newer_version":
        # Rewrite the format version record as a future PyTorch would.
        source = zipfile.ZipFile(io.BytesIO(data))
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
            for info in source.infolist():
                payload = source.read(info.filename)
                if info.filename.endswith("/version"):
                    payload = b"100\n"
                out.writestr(info, payload)
        return
    raise SystemExit(f"unknown model '{name}'")


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    name, path = sys.argv[1], sys.argv[2]
    if name.startswith("bad_"):
        write_bad_archive(name, path)
        return
    if name not in BUILDERS:
        raise SystemExit(f"unknown model '{name}'")
    torch.jit.save(BUILDERS[name](), path)


if __name__ == "__main__":
    main()
