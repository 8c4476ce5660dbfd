#!/usr/bin/env python3
"""Times torch_onnx.export against torch.onnx.export in one process.

    .venv/bin/python bench/export_api.py [--runs 5] [--models resnet50,bert]
                                         [--write docs/benchmarks-python.md]

Each model is built from a transformers config with random weights and
wrapped to return its logits. Every exporter runs once to warm up, then the
exporters take turns, `--runs` times each; the report gives each one's
median wall time, and the ratios to torch_onnx.export's. The peers are
torch.onnx.export with dynamo=True (its default in PyTorch 2.9 and later)
and with dynamo=False (the TorchScript-based exporter), both at opset 17.
torch_onnx.export's time includes tracing the module.
"""
import argparse
import contextlib
import datetime
import io
import logging
import os
import statistics
import sys
import tempfile
import time
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Run from a checkout, the package of the build tree is the one to time.
BUILT = os.path.join(ROOT, "build", "python_packages")
if os.path.isdir(os.path.join(BUILT, "torch_onnx")):
    sys.path.insert(0, BUILT)

import torch  # noqa: E402
import transformers  # noqa: E402

import torch_onnx  # noqa: E402


class Logits(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, *args):
        return self.model(*args).logits


def build_resnet50():
    config = transformers.ResNetConfig()  # the ResNet-50 layout
    model = transformers.ResNetForImageClassification(config)
    return Logits(model), (torch.randn(1, 3, 224, 224),)


def build_bert():
    config = transformers.BertConfig()  # BERT-base
    model = transformers.BertForSequenceClassification(config)
    return Logits(model), (torch.randint(0, config.vocab_size, (1, 128)),)


MODELS = {"resnet50": build_resnet50, "bert": build_bert}


def exporters(directory):
    path = os.path.join(directory, "model.onnx")

    def ours(model, args):
        torch_onnx.export(model, args, path, opset_version=17)

    def dynamo(model, args):
        torch.onnx.export(model, args, path, opset_version=17, dynamo=True)

    def torchscript(model, args):
        torch.onnx.export(model, args, path, opset_version=17, dynamo=False)

    return {"torch_onnx.export": ours,
            "torch.onnx.export(dynamo=True)": dynamo,
            "torch.onnx.export(dynamo=False)": torchscript}


def run_quietly(function, *args):
    """Runs `function`, hiding the peers' progress output and warnings."""
    with warnings.catch_warnings(), \
            contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        function(*args)
        return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--write", metavar="REPORT.md",
                        help="also write the results as a Markdown report")
    options = parser.parse_args()
    # The dynamo-based exporter logs through `logging` on every call.
    logging.getLogger("torch.onnx").setLevel(logging.ERROR)
    torch.manual_seed(0)
    setup = (f"torch {torch.__version__}, transformers "
             f"{transformers.__version__}, {os.cpu_count()} CPUs, median of "
             f"{options.runs} alternating runs after one warm-up each")
    print(setup)
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        runners = exporters(directory)
        for name in options.models.split(","):
            model, args = MODELS[name]()
            model.eval()
            times = {label: [] for label in runners}
            for label, runner in runners.items():
                run_quietly(runner, model, args)
            for _ in range(options.runs):
                for label, runner in runners.items():
                    times[label].append(run_quietly(runner, model, args))
            ours = statistics.median(times["torch_onnx.export"])
            print(f"\n{name}")
            medians = []
            for label, samples in times.items():
                median = statistics.median(samples)
                medians.append(median)
                print(f"  {label:34s} {median:7.3f} s  {median / ours:5.1f}x")
            rows.append((name, medians))
    if options.write:
        write_report(options.write, setup, list(runners), rows)


def write_report(path, setup, labels, rows):
    """The results as Markdown: each exporter's time and its ratio to
    torch_onnx.export's."""
    lines = [
        "# Benchmarks: torch_onnx.export against torch.onnx.export",
        "",
        f"Measured {datetime.date.today()} by `bench/export_api.py`, in one "
        f"process: {setup}. Each model is built from a transformers config "
        "with random weights; times are the export call alone (tracing "
        "included), at opset 17 (dynamo=True writes 18).",
        "",
        "| model | " + " | ".join(f"`{label}`" for label in labels) + " |",
        "|---" * (len(labels) + 1) + "|",
    ]
    for name, medians in rows:
        cells = [f"{m:.3f} s ({m / medians[0]:.1f}x)" for m in medians]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    with open(path, "w") as report:
        report.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
