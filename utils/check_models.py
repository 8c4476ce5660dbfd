#!/usr/bin/env python3
"""Compiles a set of models with torch-onnx-compile and checks each one.

Every image classification model of utils/model_zoo.py (random weights,
eval mode, traced with a 1x3x224x224 input), its sequence models and the
custom modules below are saved as TorchScript, compiled to ONNX and run in
onnxruntime against PyTorch (utils/verify_model.py). Models whose weights
exceed --max-weights-mb are skipped.

Freshly built models can have degenerate outputs that would make any
comparison pass (see model_zoo.make_outputs_informative). So, unless
--raw-weights is given, the image models' weight matrices that are all
zeros get random values and their batch normalizations' running statistics
are computed from two random batches in training mode. The "max|y|" column
shows the largest output magnitude the relative error is measured against.

When a model exceeds the tolerance, its TorchScript also runs in float64:
if the ONNX model's error against float64 is at most 1.5 times PyTorch's own
float32 error, the row says "noise" (float32 rounding in a deep network,
not a wrong lowering) and gives both errors.

With --peer, the same TorchScript file is also exported by torch.onnx.export
(opset 17 unless --peer-opset says otherwise) to compare node counts; the
column is "-" when the peer refuses the model.

Prints one line per model and a summary; the exit code is 1 when a model
that was not skipped fails.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYTHON = sys.executable

# Models from utils/model_zoo.py checked besides its image models.
ZOO_MODELS = ["transformer_encoder", "dynamic_sequence", "lstm", "gru"]


#===----------------------------------------------------------------------===#
# Custom modules: the op families the issue lists, beyond image models
#===----------------------------------------------------------------------===#

def custom_models():
    """name -> (builder returning an eval-mode module, example input shapes
    in --input-shape syntax). Modules are traced."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

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

    return {
        "decoder": (Decoder, ["2x5x32xf32", "2x7x32xf32"]),
        "transformer": (Seq2Seq, ["2x6x32xf32", "2x5x32xf32"]),
        "attention_masks": (AttentionWithMasks,
                            ["2x5x32xf32", "2x7x32xf32"]),
        "encoder_padding_mask": (EncoderPaddingMask, ["2x6x32xf32"]),
        "encoder_padding_ragged": (EncoderRaggedPadding, ["3x6x32xf32"]),
        "encoder_padding_short": (EncoderShortPadding, ["3x6x32xf32"]),
        "encoder_gelu_norm_first": (lambda: encoder("gelu", True),
                                    ["2x6x32xf32"]),
        "lstm_bidirectional": (
            lambda: Recurrent(nn.LSTM(8, 16, 2, bidirectional=True,
                                      batch_first=True)),
            ["3x5x8xf32", "4x3x16xf32", "4x3x16xf32"]),
        "rnn_relu": (lambda: Recurrent(nn.RNN(8, 16, 2,
                                              nonlinearity="relu")),
                     ["5x3x8xf32", "2x3x16xf32"]),
        "gru_bidirectional": (
            lambda: Recurrent(nn.GRU(8, 16, bidirectional=True)),
            ["5x3x8xf32", "2x3x16xf32"]),
        "cell_loop": (CellLoop, ["4x3x8xf32"]),
        "language_model": (LanguageModel, ["2x6xsi64"]),
        "conv_ops": (ConvOps, ["1x4x10x10xf32"]),
        "tensor_ops": (TensorOps, ["2x4x4xf32", "2x4x4xf32"]),
        "type_promotion": (TypePromotion, ["6xsi64", "6xf32"]),
        "bool_operators": (BoolOperators, ["2x3xf32", "2x3xf32"]),
    }


def image_models():
    sys.path.insert(0, HERE)
    import model_zoo
    return list(model_zoo.IMAGE_MODELS)


#===----------------------------------------------------------------------===#
# Building one model (runs in a child process to bound its memory)
#===----------------------------------------------------------------------===#

def build_model(name, out, max_weights_mb, raw_weights):
    """Saves model `name` as TorchScript to `out` and writes the example
    input shapes and compile/verify flags to `out`.json. Exit code 3 means
    the model is too big."""
    import torch
    torch.manual_seed(0)
    sys.path.insert(0, HERE)
    import model_zoo
    info = {"compile_flags": [], "verify_flags": []}
    custom = custom_models()
    if name in custom:
        build, shapes = custom[name]
        model = build().eval()
        inputs = []
        for shape in shapes:
            dims, dtype = parse_shape(shape)
            inputs.append(torch.randn(*dims) if dtype == "f32" else
                          torch.randint(0, 10, dims))
        with torch.no_grad():
            module = torch.jit.trace(model, tuple(inputs), check_trace=False)
        info["compile_flags"] = [f for shape in shapes
                                 for f in ("--input-shape", shape)]
        info["shapes"] = shapes
    elif name in model_zoo.REGISTRY and name not in model_zoo.IMAGE_MODELS:
        build, flags, verify, shapes = model_zoo.REGISTRY[name]
        module = build()
        info["compile_flags"] = list(flags)
        if "--input-shape" not in flags:
            for shape in shapes:
                info["compile_flags"] += ["--input-shape", shape]
        info["verify_flags"] = list(verify)
        info["shapes"] = shapes
    else:
        build, size = model_zoo.IMAGE_MODELS[name]
        model = build().eval()
        weight_bytes = sum(t.numel() * t.element_size()
                           for t in list(model.parameters()) +
                           list(model.buffers()))
        info["weights_mb"] = weight_bytes / 2**20
        if weight_bytes > max_weights_mb * 2**20:
            with open(out + ".json", "w") as f:
                json.dump(info, f)
            return 3
        if not raw_weights:
            model = model_zoo.make_outputs_informative(model, size)
        example = torch.randn(1, 3, size, size)
        with torch.no_grad():
            module = torch.jit.trace(model, (example,), check_trace=False)
        shape = f"1x3x{size}x{size}xf32"
        info["compile_flags"] = ["--input-shape", shape]
        info["shapes"] = [shape]
    module.save(out)
    with open(out + ".json", "w") as f:
        json.dump(info, f)
    return 0


def parse_shape(text):
    """`1x3x224x224xf32` as (dims, torch dtype name)."""
    parts = text.split("x")
    dims = [int(p) for p in parts[:-1]]
    return dims, parts[-1]


def peer_export(pt, out, shapes, opset):
    """Exports `pt` with torch.onnx.export; prints the node count."""
    import torch
    dtypes = {"f32": torch.float32, "si64": torch.int64, "i64": torch.int64,
              "i1": torch.bool}
    inputs = []
    for shape in shapes:
        dims, dtype = parse_shape(shape)
        if dtypes[dtype] == torch.float32:
            inputs.append(torch.randn(*dims))
        else:
            inputs.append(torch.zeros(*dims, dtype=dtypes[dtype]))
    module = torch.jit.load(pt)
    # The TorchScript-based exporter: torch.export cannot take a ScriptModule.
    torch.onnx.export(module, tuple(inputs), out, opset_version=opset,
                      dynamo=False)
    return 0


def measure_accuracy(pt, onnx_path):
    """Prints, as JSON, the errors of onnxruntime's and of PyTorch's float32
    outputs relative to PyTorch's float64 outputs, on verify_model.py's
    inputs, each relative to the largest float64 magnitude."""
    import numpy as np
    import onnx
    import torch
    sys.path.insert(0, HERE)
    import verify_model
    model = onnx.load(onnx_path, load_external_data=False)
    initializers = {init.name for init in model.graph.initializer}
    inputs = [i for i in model.graph.input if i.name not in initializers]
    args = verify_model.parse_args([pt, onnx_path])
    rng = np.random.default_rng(args.seed)
    torch.manual_seed(args.seed)
    feeds = [(i.name, verify_model.random_input(i, {}, rng, args))
             for i in inputs]
    if any(array.dtype != np.float32 for _, array in feeds):
        print(json.dumps({}))
        return 0
    module = torch.jit.load(pt)
    with torch.no_grad():
        single = verify_model.flatten(
            module(*[torch.from_numpy(a.copy()) for _, a in feeds]))
        double = verify_model.flatten(module.double()(
            *[torch.from_numpy(a.astype(np.float64)) for _, a in feeds]))
    actual = verify_model.run_onnxruntime(onnx_path, [feeds], {})[0]
    outputs = [o.name for o in model.graph.output]
    ours = torch_error = 0.0
    for name, reference, torch_single in zip(outputs, double, single):
        reference = reference.numpy()
        scale = max(float(np.max(np.abs(reference), initial=0)), 1e-6)
        ours = max(ours, float(np.max(np.abs(
            actual[name].astype(np.float64) - reference))) / scale)
        torch_error = max(torch_error, float(np.max(np.abs(
            torch_single.numpy().astype(np.float64) - reference))) / scale)
    print(json.dumps({"ours": ours, "torch": torch_error}))
    return 0


#===----------------------------------------------------------------------===#
# Checking one model
#===----------------------------------------------------------------------===#

def count_nodes(path):
    import onnx
    model = onnx.load(path, load_external_data=False)
    return len(model.graph.node)


def find_quality_issues(path):
    """What the graph quality rules flag in the top-level graph: Identity
    nodes, Shape nodes, and nodes that only depend on constants."""
    import onnx
    graph = onnx.load(path, load_external_data=False).graph
    constant = {init.name for init in graph.initializer} | {""}
    counts = {}
    for node in graph.node:
        kind = None
        if node.op_type in ("Identity", "Shape"):
            kind = node.op_type
        elif node.op_type == "Constant" or (
                node.input and all(i in constant for i in node.input)):
            kind = "constant-only " + node.op_type
            constant.update(node.output)
        if kind:
            counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))


def run(cmd, timeout, log):
    start = time.time()
    try:
        result = subprocess.run(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                timeout=timeout)
        output, code = result.stdout, result.returncode
    except subprocess.TimeoutExpired as e:
        output = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) \
            else (e.stdout or "")
        output += f"\ntimed out after {timeout}s"
        code = -1
    log.write(f"$ {' '.join(cmd)}\n{output}\n")
    log.flush()
    return code, output, time.time() - start


def check_model(name, args, workdir, log):
    row = {"name": name, "status": "FAIL", "error": None, "scale": None,
           "nodes": None,
           "peer_nodes": None, "note": ""}
    pt = os.path.join(workdir, name + ".pt")
    onnx_path = os.path.join(workdir, name + ".onnx")
    code, output, _ = run([PYTHON, __file__, "--build", name, pt,
                           "--max-weights-mb", str(args.max_weights_mb)] +
                          (["--raw-weights"] if args.raw_weights else []),
                          args.timeout, log)
    info = {}
    if os.path.exists(pt + ".json"):
        with open(pt + ".json") as f:
            info = json.load(f)
    if code == 3:
        row["status"] = "skip"
        row["note"] = f"weights {info.get('weights_mb', 0):.0f} MB"
        return row
    if code != 0:
        row["note"] = "building the TorchScript model failed"
        return row

    compile_cmd = [args.compiler, pt, "-o", onnx_path,
                   "--opset", str(args.opset)] + info["compile_flags"]
    code, output, seconds = run(compile_cmd, args.timeout, log)
    row["compile_seconds"] = seconds
    if code != 0:
        errors = [l for l in output.splitlines() if "error" in l]
        row["note"] = "compile: " + (errors[-1][:160] if errors else
                                     output.strip()[-160:])
        return row
    row["nodes"] = count_nodes(onnx_path)
    issues = find_quality_issues(onnx_path)
    if issues:
        row["note"] = "graph: " + issues + "; "

    verify_cmd = [PYTHON, os.path.join(HERE, "verify_model.py"), pt,
                  onnx_path, "-v", "--tolerance", str(args.tolerance)] + \
        info["verify_flags"]
    code, output, _ = run(verify_cmd, args.timeout, log)
    match = re.search(r"largest relative error (\S+) .*: (ok|MISMATCH)",
                      output)
    if match:
        row["error"] = float(match.group(1))
    scales = [float(m) for m in
              re.findall(r"largest magnitude (\S+?)\)", output)]
    if scales:
        row["scale"] = max(scales)
    if code == 0 and match and match.group(2) == "ok":
        row["status"] = "pass"
    elif match:
        # A mismatch may be float32 rounding that PyTorch's own float32
        # result has as well: compare both against float64.
        code, output, _ = run([PYTHON, __file__, "--accuracy", pt, onnx_path],
                              args.timeout, log)
        errors = json.loads(output.strip().splitlines()[-1]) \
            if code == 0 else {}
        if errors:
            row["note"] += (f"vs float64: ours {errors['ours']:.2e}, "
                           f"PyTorch float32 {errors['torch']:.2e}")
            if errors["ours"] <= 1.5 * errors["torch"]:
                row["status"] = "noise"
        else:
            row["note"] += "verify: mismatch"
    else:
        lines = [l for l in output.splitlines() if l.strip()]
        row["note"] += "verify: " + (lines[-1][:160] if lines else
                                     "no output")

    if args.peer:
        peer_path = os.path.join(workdir, name + ".peer.onnx")
        code, output, _ = run([PYTHON, __file__, "--peer-export", pt,
                               peer_path, "--peer-opset",
                               str(args.peer_opset), "--shapes"] +
                              info["shapes"], args.timeout, log)
        if code == 0:
            row["peer_nodes"] = count_nodes(peer_path)
        for path in (peer_path, peer_path + ".data"):
            if os.path.exists(path):
                os.remove(path)
    if not args.keep:
        for path in (pt, pt + ".json", onnx_path, onnx_path + ".data"):
            if os.path.exists(path):
                os.remove(path)
    return row


def format_row(row):
    error = "-" if row["error"] is None else f"{row['error']:.2e}"
    scale = "-" if row["scale"] is None else f"{row['scale']:.3g}"
    nodes = "-" if row["nodes"] is None else str(row["nodes"])
    peer = "-" if row["peer_nodes"] is None else str(row["peer_nodes"])
    return (f"{row['name']:<22} {row['status']:<5} {error:>9} {scale:>8} "
            f"{nodes:>6} "
            f"{peer:>6}  {row['note']}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*",
                        help="models to check (default: all)")
    parser.add_argument("--compiler",
                        default=os.path.join(ROOT, "build", "bin",
                                             "torch-onnx-compile"))
    parser.add_argument("--opset", type=int, default=17)
    parser.add_argument("--peer", action="store_true",
                        help="also count the nodes torch.onnx.export makes")
    parser.add_argument("--peer-opset", type=int, default=17)
    parser.add_argument("--tolerance", type=float, default=1e-4)
    parser.add_argument("--raw-weights", action="store_true",
                        help="check the models as their builders make them")
    parser.add_argument("--max-weights-mb", type=float, default=500)
    parser.add_argument("--timeout", type=int, default=1800,
                        help="seconds allowed for each step")
    parser.add_argument("--workdir", help="where models are written "
                        "(default: a temporary directory)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the .pt and .onnx files")
    parser.add_argument("--log", help="write every command's output here")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--list", action="store_true")
    # Internal modes, run in child processes.
    parser.add_argument("--build", nargs=2, metavar=("NAME", "OUT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--peer-export", nargs=2, metavar=("PT", "OUT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--shapes", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--accuracy", nargs=2, metavar=("PT", "ONNX"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.build:
        return build_model(args.build[0], args.build[1], args.max_weights_mb,
                           args.raw_weights)
    if args.accuracy:
        return measure_accuracy(*args.accuracy)
    if args.peer_export:
        return peer_export(args.peer_export[0], args.peer_export[1],
                           args.shapes, args.peer_opset)

    names = args.models or (image_models() + ZOO_MODELS +
                            list(custom_models()))
    if args.list:
        print("\n".join(names))
        return 0
    if not os.path.exists(args.compiler):
        print(f"no compiler at {args.compiler}; pass --compiler",
              file=sys.stderr)
        return 2

    workdir = args.workdir or tempfile.mkdtemp(prefix="check_models")
    os.makedirs(workdir, exist_ok=True)
    log = open(args.log, "w") if args.log else open(os.devnull, "w")
    print(f"{'model':<22} {'state':<5} {'rel.err':>9} {'max|y|':>8} "
          f"{'nodes':>6} "
          f"{'peer':>6}  note", flush=True)
    rows = []
    for name in names:
        row = check_model(name, args, workdir, log)
        rows.append(row)
        print(format_row(row), flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)
    log.close()

    passed = sum(r["status"] == "pass" for r in rows)
    skipped = sum(r["status"] == "skip" for r in rows)
    noise = sum(r["status"] == "noise" for r in rows)
    failed = [r["name"] for r in rows if r["status"] == "FAIL"]
    print(f"\n{passed} passed, {noise} within float32 rounding, "
          f"{len(failed)} failed, {skipped} skipped of {len(rows)} models "
          f"(opset {args.opset})")
    if noise:
        print("within float32 rounding: the error exceeds the tolerance, but "
              "against float64 the ONNX model is about as accurate as "
              "PyTorch's float32 result")
    if failed:
        print("failed: " + ", ".join(failed))
    if args.peer:
        worse = [r["name"] for r in rows
                 if r["nodes"] is not None and r["peer_nodes"] is not None
                 and r["nodes"] > r["peer_nodes"]]
        if worse:
            print("more nodes than torch.onnx.export: " + ", ".join(worse))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
