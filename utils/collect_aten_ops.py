#!/usr/bin/python3
"""Prints the aten base names used by the models the allowlist must cover.

Run with /usr/bin/python3 when refreshing dialects/Torch/AtenOpAllowlist.txt.
"""
import functools
import sys

import torch
import torchvision


def graph_ops(graph, out):
    for node in graph.nodes():
        kind = node.kind()
        if kind.startswith("aten::"):
            out.add(kind[6:])
        for block in node.blocks():
            graph_ops(block, out)


def module_ops(module, out):
    for m in module.modules() if hasattr(module, "modules") else [module]:
        pass
    for name in dir(module._c._type()):
        pass
    graphs = [module.graph]
    for sub in module.modules():
        for method in sub._c._method_names():
            graphs.append(getattr(sub._c, method).graph)
    for g in graphs:
        graph_ops(g, out)


def main():
    ops = set()
    torch.manual_seed(0)
    names = torchvision.models.list_models(module=torchvision.models) \
        if hasattr(torchvision.models, "list_models") else [
            n for n in dir(torchvision.models)
            if n.islower() and not n.startswith("_")
            and callable(getattr(torchvision.models, n))]
    for name in sorted(names):
        try:
            model = getattr(torchvision.models, name)(weights=None).eval()
        except Exception:
            continue
        size = 299 if "inception" in name else 224
        try:
            traced = torch.jit.trace(model, torch.randn(1, 3, size, size),
                                     check_trace=False)
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
