#!/usr/bin/env python3
"""Exports a TorchScript archive with torch.onnx.export, the peer that
torch-onnx-compile is compared with.

    peer_export.py MODEL.pt OUT.onnx SHAPE [SHAPE ...] [--opset N]

SHAPEs give the example inputs in --input-shape syntax (input_shape.py),
one per argument of forward. The exporter is the TorchScript-based one
(dynamo=False): torch.export, the default since torch 2.9, cannot take a
ScriptModule. bench/run_bench.py times this script as a whole process, and
utils/check_models.py counts the nodes of what it writes.
"""
import argparse
import sys

import torch

import input_shape


def export(model_path, out, shapes, opset=17):
    """Exports `model_path` to `out` on random inputs of `shapes`."""
    module = torch.jit.load(model_path)
    inputs = tuple(input_shape.torch_example(shape) for shape in shapes)
    torch.onnx.export(module, inputs, out, opset_version=opset, dynamo=False)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("out")
    parser.add_argument("shapes", nargs="+", metavar="SHAPE")
    parser.add_argument("--opset", type=int, default=17)
    args = parser.parse_args(argv)
    torch.manual_seed(0)
    export(args.model, args.out, args.shapes, args.opset)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
