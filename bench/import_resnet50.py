#!/usr/bin/env python3
"""Compares importing resnet50 with torch-onnx-translate to a bare load.

Usage: .venv/bin/python bench/import_resnet50.py BUILD_DIR [--runs N]

Traces the model zoo's resnet50 (random weights) into a temporary
directory, then times whole processes, best of N runs each:
  - torch-onnx-bench-load-only model.pt (torch::jit::load alone)
  - torch-onnx-translate --import-torchscript model.pt -o /dev/null
    --elide-weights-larger-than=0 (import and printing, weights left out)
and prints the ratio; the target is at most 1.2. For reference it also
times the default printing, which elides large weights only after MLIR's
printer has formatted each of them as hex, a cost proportional to the
weights that the importer itself does not have.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_ZOO = os.path.join(HERE, "..", "utils", "model_zoo.py")


def best_time(command, runs):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    bin_dir = os.path.join(args.build_dir, "bin")
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "resnet50.pt")
        subprocess.run([sys.executable, MODEL_ZOO, "resnet50", model],
                       check=True)
        load = [os.path.join(bin_dir, "torch-onnx-bench-load-only"), model]
        translate = [os.path.join(bin_dir, "torch-onnx-translate"),
                     "--import-torchscript", model,
                     "--input-shape", "1x3x224x224xf32", "-o", os.devnull]
        skip_weights = translate + ["--elide-weights-larger-than=0"]
        # One warm-up run each, so all read the archive from the page cache.
        for command in (load, skip_weights, translate):
            best_time(command, 1)
        load_time = best_time(load, args.runs)
        import_time = best_time(skip_weights, args.runs)
        printed_time = best_time(translate, args.runs)
    print(f"torch::jit::load only:               {load_time:.3f} s")
    print(f"import, weights not printed:         {import_time:.3f} s")
    print(f"import, default printing (for info): {printed_time:.3f} s")
    print(f"ratio: {import_time / load_time:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
