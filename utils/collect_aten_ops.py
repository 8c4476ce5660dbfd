#!/usr/bin/env python3
"""Prints the aten base names used by the models the allowlist must cover.

Run with the Python of the project's virtual environment (.venv) when
refreshing dialects/Torch/AtenOpAllowlist.txt.
"""
import sys

import torch

from zoo_image_models import IMAGE_MODELS, image_model


def graph_ops(graph, out):
    for node in graph.nodes():
        kind = node.kind()
        if kind.startswith("aten::"):
            out.add(kind[6:])
        for block in node.blocks():
            graph_ops(block, out)


def module_ops(module, out):
    # Every method by name: a scripted LSTM has only the overloads
    # forward__0 and forward__1, and attribute lookup of a ModuleList's
    # `__len__` finds the Python builtin instead.
    for sub in module.modules():
        for method in sub._c._method_names():
            graph_ops(sub._c._get_method(method).graph, out)


def main():
    ops = set()
    torch.manual_seed(0)
    for name in sorted(IMAGE_MODELS):
        try:
            model, inputs = image_model(name, informative=False)
            traced = torch.jit.trace(model, inputs, check_trace=False)
            module_ops(traced, ops)
            print(name, file=sys.stderr)
        except Exception as e:
            print("skip", name, e, file=sys.stderr)
    extra = [
        torch.nn.TransformerEncoder(torch.nn.TransformerEncoderLayer(
            16, 2, 32, batch_first=True), 2).eval(),
        torch.nn.TransformerDecoderLayer(16, 2, 32).eval(),
        torch.nn.LSTM(4, 8, 2, bidirectional=True),
        torch.nn.GRU(4, 8, 2, batch_first=True),
        torch.nn.RNN(4, 8),
    ]
    for m in extra:
        try:
            module_ops(torch.jit.script(m), ops)
        except Exception as e:
            print("skip", type(m).__name__, e, file=sys.stderr)
    for op in sorted(ops):
        print(op)


if __name__ == "__main__":
    main()
