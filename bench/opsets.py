#!/usr/bin/env python3
"""onnxruntime latency at the newest opset against opset 17 and against
torch.onnx.export(dynamo=True) at its default opset.

    .venv/bin/python bench/opsets.py [--runs 50] [--opsets 17,28] [--small]
        [--write docs/benchmarks-opsets.md]

Two models with random weights:
  bert    BERT-base (transformers' default BertConfig) with an attention
          mask, batch 1, sequence 128;
  decode  one decode step of the Llama-style decoder of
          test/python/test_decode_cache.py (RoPE, RMSNorm, grouped-query
          attention, SiLU MLP, SDPA, the KV cache in registered buffers),
          sized to about 110M parameters: hidden 768, 12 layers, 12 query
          and 4 key/value heads, vocabulary 32000, a cache of 256 positions.

Each is exported in this process by torch_onnx.export at each of
`--opsets` (by default 17 and torch_onnx.MAX_OPSET), and by
torch.onnx.export(dynamo=True) at its default opset. Each model's first output is checked against eager PyTorch; then the
sessions (one thread each) take turns, `--runs` runs each after 5 warm-up
runs, and the report gives median milliseconds and each one's ratio to the
better of the other two.
"""
import argparse
import copy
import datetime
import os
import platform
import sys
import tempfile

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "test", "python"))

from torch_export import build_bert, latencies, ort_session  # noqa: E402

import torch_onnx  # noqa: E402


class Logits(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, *args):
        return self.model(*args)[0]


def bert(small):
    _, transformer, vocab = build_bert(small)
    model = Logits(transformer).eval()
    length = 32 if small else 128
    generator = torch.Generator().manual_seed(0)
    ids = torch.randint(0, vocab, (1, length), generator=generator)
    mask = torch.ones(1, length, dtype=torch.long)
    mask[0, -length // 8:] = 0
    return model, (ids, mask), ["input_ids", "attention_mask"]


def decode(small):
    import test_decode_cache as llama
    sizes = dict(VOCAB=32000, HIDDEN=768, HEADS=12, KV_HEADS=4, LAYERS=12,
                 MAX_LEN=256)
    if small:
        sizes = dict(VOCAB=256, HIDDEN=64, HEADS=4, KV_HEADS=2, LAYERS=2,
                     MAX_LEN=32)
    for name, value in sizes.items():
        setattr(llama, name, value)
    llama.HEAD_DIM = llama.HIDDEN // llama.HEADS
    torch.manual_seed(0)
    model = llama.Decoder("index_copy").eval()
    args = (torch.tensor([[7]]), torch.tensor([0]))
    return model, args, ["token", "pos"]


def export_ours(model, args, names, path, opset):
    torch_onnx.export(copy.deepcopy(model), args, path, input_names=names,
                      opset_version=opset)


def export_dynamo(model, args, names, path):
    program = torch.onnx.export(copy.deepcopy(model), args, input_names=names,
                                dynamo=True)
    program.save(path)


def feed_for(session, args, names):
    """The example arguments by name, and zeros for the lifted state."""
    given = dict(zip(names, (a.numpy() for a in args)))
    feed = {}
    for value in session.get_inputs():
        if value.name in given:
            feed[value.name] = given[value.name]
        else:
            dtype = {"tensor(float)": np.float32,
                     "tensor(int64)": np.int64}[value.type]
            feed[value.name] = np.zeros(value.shape, dtype)
    return feed


def opset_of(path):
    import onnx
    model = onnx.load(path, load_external_data=False)
    return next(o.version for o in model.opset_import
                if o.domain in ("", "ai.onnx"))


def measure(name, build, small, runs, opsets, workdir):
    model, args, names = build(small)
    with torch.no_grad():
        expected = copy.deepcopy(model)(*args).numpy()
    paths = {}
    for opset in opsets:
        paths[f"ours, opset {opset}"] = os.path.join(
            workdir, f"{name}-{opset}.onnx")
        export_ours(model, args, names, paths[f"ours, opset {opset}"], opset)
    paths["dynamo=True"] = os.path.join(workdir, f"{name}-dynamo.onnx")
    export_dynamo(model, args, names, paths["dynamo=True"])
    sessions, rows = {}, []
    for tool, path in paths.items():
        session = ort_session(path)
        feed = feed_for(session, args, names)
        got = session.run(None, feed)[0]
        error = float(np.abs(got - expected).max() / np.abs(expected).max())
        sessions[tool] = (session, feed)
        rows.append((tool, opset_of(path), error))
    latencies(sessions, runs=5)
    times = latencies(sessions, runs=runs)
    return [(tool, opset, error, times[tool]) for tool, opset, error in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--small", action="store_true",
                        help="tiny configs, to try the script")
    parser.add_argument("--models", default="bert,decode")
    parser.add_argument("--opsets", default=f"17,{torch_onnx.MAX_OPSET}",
                        help="the opsets to export at with torch_onnx")
    parser.add_argument("--write", help="write the report here")
    args = parser.parse_args()
    builders = {"bert": bert, "decode": decode}
    lines = []
    command = " ".join(["bench/opsets.py"] + sys.argv[1:])
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.models.split(","):
            opsets = [int(o) for o in args.opsets.split(",")]
            rows = measure(name, builders[name], args.small, args.runs,
                           opsets, workdir)
            lines.append(f"\n### {name}\n")
            lines.append("| export | opset | rel. error | latency (ms) | "
                         "ratio to the better other |")
            lines.append("|---|---|---|---|---|")
            for tool, opset, error, ms in rows:
                others = min(m for t, _, _, m in rows if t != tool)
                lines.append(f"| {tool} | {opset} | {error:.1e} | "
                             f"{ms:.2f} | {ms / others:.2f}x |")
    setup = (f"{datetime.date.today()}, {platform.processor() or 'cpu'}, "
             f"torch {torch.__version__}, onnxruntime "
             f"{__import__('onnxruntime').__version__}, one intra-op thread, "
             f"median of {args.runs} runs after 5 warm-up runs, the sessions "
             "taking turns")
    report = "\n".join(lines)
    print(setup)
    print(report)
    if args.write:
        with open(args.write, "w") as out:
            out.write("# onnxruntime latency by opset\n\n")
            out.write(f"Made by `.venv/bin/python {command}`: {setup}.\n")
            out.write(report + "\n")


if __name__ == "__main__":
    main()
