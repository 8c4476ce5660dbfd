#!/usr/bin/env python3
"""The registry of the models that the tests, examples and benchmarks use.

    utils/model_zoo.py NAME OUT.pt [--flags-file FILE]
                       [--verify-flags-file FILE]
    utils/model_zoo.py NAME (--flags | --verify-flags | --shapes)
    utils/model_zoo.py --list

Run it with the Python of the project's virtual environment (.venv). The
first form saves model NAME as TorchScript, made after
torch.manual_seed(0) with random weights (nothing is downloaded), and
writes the flags that torch-onnx-compile and torch_onnx.verify_archive need for
it to FILE, one a line, for them to read as a response file (@FILE). The
second prints those flags, or the example input shapes, on one line.

Each entry (Model) says how its module is made, traced or scripted; the
example input of each tensor argument of forward, in --input-shape syntax
(input_shape.py), on which a traced module is traced; the further
torch-onnx-compile flags that it needs, such as dynamic dims and names; and
the verify_model.py flags that suit it, such as sizes for its dynamic dims.
The modules are defined in zoo_modules.py and zoo_image_models.py.
"""
import argparse
import functools
import os
import sys
from typing import Callable, List, NamedTuple

import torch
import torch.nn as nn

import input_shape
import zoo_modules as m
from zoo_image_models import IMAGE_MODELS, image_model


class Model(NamedTuple):
    build: Callable[[], torch.jit.ScriptModule]
    # The example input of each tensor argument of forward, in order.
    shapes: List[str]
    # torch-onnx-compile flags besides the --input-shape of each shape.
    flags: List[str]
    # verify_model.py flags.
    verify: List[str]

    def compile_flags(self):
        """Every torch-onnx-compile flag that the model needs."""
        return [f for shape in self.shapes
                for f in ("--input-shape", shape)] + self.flags


REGISTRY = {}


def trace(module, shapes, train=False):
    """`module` traced on random inputs of `shapes`, in eval mode unless
    `train`."""
    module.train(train)
    inputs = tuple(input_shape.torch_example(shape) for shape in shapes)
    with torch.no_grad():
        return torch.jit.trace(module, inputs, check_trace=False)


def traced(name, make, shapes, flags=(), verify=(), train=False):
    """Registers the module that `make` returns, traced on `shapes`."""
    REGISTRY[name] = Model(lambda: trace(make(), shapes, train), list(shapes),
                           list(flags), list(verify))


def scripted(name, make, shapes, flags=(), verify=()):
    """Registers the module that `make` returns, scripted."""
    REGISTRY[name] = Model(lambda: torch.jit.script(make()), list(shapes),
                           list(flags), list(verify))


# ---------------------------------------------------------------------------
# Image classification models.
# ---------------------------------------------------------------------------

for _name, (_, _size) in IMAGE_MODELS.items():
    traced(_name, functools.partial(lambda n: image_model(n)[0], _name),
           [f"1x3x{_size}x{_size}xf32"])

# ---------------------------------------------------------------------------
# The modules of the user's documents.
# ---------------------------------------------------------------------------

scripted("embedding", lambda: m.EmbeddingSubmodule(10, 100), ["1xsi64"],
         verify=["--int-high", "100"])
scripted("running_average", lambda: m.RunningAverageSubmodule(5), ["5xf32"])


def lstm_after_one_call():
    """LSTMSubmodule after one call: tracing bakes in the hidden state it
    set, and scripting finds `hidden` a tuple."""
    model = m.LSTMSubmodule(10, 20)
    with torch.no_grad():
        model(torch.randn(5, 10))
    return model


traced("lstm", lstm_after_one_call, ["5x10xf32"],
       ["--dynamic-dim", "input:0=seq_len"], ["--dim", "seq_len=5"])
scripted("lstm_stateful", lstm_after_one_call, ["5x10xf32"],
         ["--dynamic-dim", "input:0=seq_len"], ["--dim", "seq_len=5"])
traced("bad_partial", lambda: m.BadModule(2.0), ["1x3x16x16xf32"])
scripted("conditional", lambda: m.ConditionalModule(2.0, 3.0),
         ["1x3x8x8xf32", "1xi1"])

# ---------------------------------------------------------------------------
# State, control flow, dynamic dims, attention and other single features.
# ---------------------------------------------------------------------------

traced("small_convnet", m.SmallConvNet, ["1x3x32x32xf32"])
traced("transformer_encoder", lambda: nn.TransformerEncoder(
    nn.TransformerEncoderLayer(32, 4, 64, batch_first=True), 2),
    ["2x5x32xf32"])
scripted("kv_cache", m.KVCache, ["1x1x8xf32"])
traced("gru", m.GRUModule, ["3x5x8xf32"])
scripted("scripted_loop", m.ScriptedLoop, ["2x6xf32"])
scripted("setstate_scale", lambda: m.SetStateScale().eval(), ["2x4xf32"])
scripted("fixed_loop", m.FixedLoop, ["2x6xf32"])
traced("tied_conv_bn", m.TiedConvBatchNorm, ["1x4x8x8xf32"])
traced("bn_train", lambda: nn.BatchNorm1d(6), ["4x6xf32"], train=True)
for _blocks in [3, 100, 200, 400, 800, 1600]:
    traced(f"deep_mlp_{_blocks}", functools.partial(m.DeepMLP, _blocks),
           ["4x16xf32"])
# The torch.onnx documentation's examples.
traced("sum_dynamic", m.SumModule, ["2x2xf32"],
       ["--input-names", "x", "--output-names", "sum",
        "--dynamic-dim", "x:0=my_custom_axis_name"],
       ["--dim", "my_custom_axis_name=3"])
scripted("reshape_by_tensor", m.ReshapeByTensor, ["4x6xf32", "si64"],
         verify=["--int-low", "1", "--int-high", "5"])
traced("shape_arithmetic", m.ShapeArithmetic, ["2x5x3xf32"],
       ["--dynamic-dim", "0:0=batch", "--dynamic-dim", "0:1=seq"],
       ["--dim", "batch=3", "--dim", "seq=4"])
# A sequence model with dynamic batch and sequence axes.
traced("dynamic_sequence", lambda: nn.TransformerEncoder(
    nn.TransformerEncoderLayer(64, 4, 128, batch_first=True), 1),
    ["1x10x64xf32"],
    ["--input-names", "input", "--output-names", "output",
     "--dynamic-dim", "input:0=batch_size", "--dynamic-dim",
     "input:1=seq_len"],
    ["--dim", "batch_size=2", "--dim", "seq_len=7"])
# F.scaled_dot_product_attention: causal, with a mask, and causal over a
# sequence longer than the traced one.
traced("sdpa_causal", m.SelfAttention, ["2x5x16xf32"])
traced("sdpa_mask", lambda: m.SelfAttention(causal=False),
       ["2x5x16xf32", "2x1x5x5xf32"])
traced("sdpa_dynamic", m.SelfAttention, ["1x5x16xf32"],
       ["--dynamic-dim", "x:0=batch", "--dynamic-dim", "x:1=seq"],
       ["--dim", "batch=3", "--dim", "seq=9"])
traced("conv_same_padding", m.SamePaddingConv, ["2x3x8x8xf32"])
traced("packed_sequence_starts", m.PackedSequenceStarts, ["2x6xsi64"],
       ["--dynamic-dim", "position_ids:1=seq"],
       ["--dim", "seq=9", "--int-high", "4"])

# ---------------------------------------------------------------------------
# Op families of the conversion (utils/check_models.py).
# ---------------------------------------------------------------------------

traced("decoder", m.Decoder, ["2x5x32xf32", "2x7x32xf32"])
traced("transformer", m.Seq2Seq, ["2x6x32xf32", "2x5x32xf32"])
traced("attention_masks", m.AttentionWithMasks, ["2x5x32xf32", "2x7x32xf32"])
traced("encoder_padding_mask", m.EncoderPaddingMask, ["2x6x32xf32"])
traced("encoder_padding_ragged", m.EncoderRaggedPadding, ["3x6x32xf32"])
traced("encoder_padding_short", m.EncoderShortPadding, ["3x6x32xf32"])
traced("encoder_gelu_norm_first", lambda: m.encoder("gelu", True),
       ["2x6x32xf32"])
traced("lstm_bidirectional", lambda: m.Recurrent(
    nn.LSTM(8, 16, 2, bidirectional=True, batch_first=True)),
    ["3x5x8xf32", "4x3x16xf32", "4x3x16xf32"])
traced("rnn_relu", lambda: m.Recurrent(nn.RNN(8, 16, 2, nonlinearity="relu")),
       ["5x3x8xf32", "2x3x16xf32"])
traced("gru_bidirectional",
       lambda: m.Recurrent(nn.GRU(8, 16, bidirectional=True)),
       ["5x3x8xf32", "2x3x16xf32"])
traced("cell_loop", m.CellLoop, ["4x3x8xf32"])
traced("language_model", m.LanguageModel, ["2x6xsi64"])
traced("conv_ops", m.ConvOps, ["1x4x10x10xf32"])
traced("tensor_ops", m.TensorOps, ["2x4x4xf32", "2x4x4xf32"])
traced("type_promotion", m.TypePromotion, ["6xsi64", "6xf32"])
traced("bool_operators", m.BoolOperators, ["2x3xf32", "2x3xf32"])

# ---------------------------------------------------------------------------
# Modules of the importer's tests (test/Import/TorchScript).
# ---------------------------------------------------------------------------

traced("conv_linear", m.ConvLinear, ["1x3x8x8xf32"])
scripted("control_flow", m.ControlFlow, ["2x3xf32"])
scripted("misc_nodes", m.MiscNodes, ["2x3xf32"])
scripted("buffer_reassign", m.BufferReassign, ["4xf32"])
scripted("inplace_attr", m.InplaceAttr, ["4xf32"])
scripted("free_function", lambda: m.FreeFunction(3.0), ["2x2xf32"])
scripted("submodule_calls", m.Tree, ["3x4xf32"])
traced("baked_sizes", m.BakedSizes, ["6x4xf32"])
scripted("no_forward", m.NoForward, [])


def write_lines(path, lines):
    with open(path, "w") as f:
        f.writelines(line + "\n" for line in lines)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--list", action="store_true",
                        help="print the names of the models")
    parser.add_argument("--flags", action="store_true",
                        help="print the model's torch-onnx-compile flags")
    parser.add_argument("--verify-flags", action="store_true",
                        help="print the model's verify_model.py flags")
    parser.add_argument("--shapes", action="store_true",
                        help="print the example input shapes")
    parser.add_argument("--flags-file", metavar="FILE",
                        help="write the torch-onnx-compile flags to FILE")
    parser.add_argument("--verify-flags-file", metavar="FILE",
                        help="write the verify_model.py flags to FILE")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(sorted(REGISTRY)))
        return 0
    if args.name not in REGISTRY:
        print(f"unknown model '{args.name}'; see --list", file=sys.stderr)
        return 2
    model = REGISTRY[args.name]
    printed = {"flags": model.compile_flags(), "verify_flags": model.verify,
               "shapes": model.shapes}
    for key, values in printed.items():
        if getattr(args, key):
            print(" ".join(values))
            return 0
    if not args.out:
        parser.error("missing OUT.pt")
    torch.manual_seed(0)
    module = model.build()
    tmp = args.out + ".tmp"
    module.save(tmp)
    os.replace(tmp, args.out)
    if args.flags_file:
        write_lines(args.flags_file, model.compile_flags())
    if args.verify_flags_file:
        write_lines(args.verify_flags_file, model.verify)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
