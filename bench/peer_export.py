#!/usr/bin/env python3
"""Exports a TorchScript archive with torch.onnx.export at opset 17.

The peer of torch-onnx-compile in bench/run_bench.py: one process per export.
Usage: peer_export.py MODEL.pt OUT.onnx SHAPE [SHAPE ...]   (e.g. 1x3x224x224xf32)
"""
import sys

import torch

DTYPES = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16,
          "si64": torch.int64, "i64": torch.int64, "si32": torch.int32,
          "i32": torch.int32, "i1": torch.bool, "bool": torch.bool}


def example(shape):
    *dims, dtype = shape.split("x")
    dims = [int(d) for d in dims]
    if DTYPES[dtype].is_floating_point:
        return torch.randn(dims, dtype=DTYPES[dtype])
    return torch.zeros(dims, dtype=DTYPES[dtype])


def main(argv):
    model = torch.jit.load(argv[0])
    inputs = tuple(example(s) for s in argv[2:])
    # The TorchScript-based exporter: torch.export, the default since
    # torch 2.9, cannot take a ScriptModule.
    torch.onnx.export(model, inputs, argv[1], opset_version=17, dynamo=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
