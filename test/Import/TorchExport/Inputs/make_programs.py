#!/usr/bin/env python3
"""Exports a small module with torch.export and saves it as a .pt2 archive.

    make_programs.py NAME OUT.pt2

NAME is one of:
  linear_average              LinearAverage, dynamic batch
  linear_average_functional   the same after run_decompositions
  cond                        Cond, dynamic batch
  while_loop                  WhileLoop, static shape
  ranged                      Rows, rows a Dim from 3 to 10
  sym_size                    Rows, rows an unbounded Dim
Weights come from torch.manual_seed(0), so each archive is the same on
every run.
"""
import sys

import torch
from torch import nn
from torch._higher_order_ops.while_loop import while_loop


# locations.test checks the lines of LinearAverage.forward and Cond.forward.


class LinearAverage(nn.Module):
    """A Linear layer and a running average of its output, a buffer updated
    in place."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 3)
        self.register_buffer("avg", torch.zeros(3))

    def forward(self, x):
        y = self.l(x)
        self.avg.mul_(0.9).add_(y.mean(0) * 0.1)
        return y


class Cond(nn.Module):
    """torch.cond on the sign of the input's sum."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 4)

    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: self.l(t).sin(),
                          lambda t: t.cos() * 2, (x,))


class WhileLoop(nn.Module):
    """Doubles x until its sum passes a limit, counting the steps."""

    def forward(self, x):
        return while_loop(lambda i, t: t.sum() < 100.0,
                          lambda i, t: (i + 1, t * 2.0),
                          (torch.zeros((), dtype=torch.long), x))


class Rows(nn.Module):
    """A view whose size is computed from the input's: x.shape[0] * 2."""

    def forward(self, x):
        return x.view(x.shape[0] * 2, -1).softmax(-1)


def export(name):
    batch = torch.export.Dim("batch")
    if name in ("linear_average", "linear_average_functional"):
        program = torch.export.export(LinearAverage(), (torch.randn(2, 4),),
                                      dynamic_shapes={"x": {0: batch}})
        if name == "linear_average_functional":
            program = program.run_decompositions()
        return program
    if name == "cond":
        return torch.export.export(Cond(), (torch.randn(3, 4),),
                                   dynamic_shapes={"x": {0: batch}})
    if name == "while_loop":
        return torch.export.export(WhileLoop(), (torch.rand(3),))
    if name == "ranged":
        rows = torch.export.Dim("rows", min=3, max=10)
        return torch.export.export(Rows(), (torch.randn(4, 6),),
                                   dynamic_shapes={"x": {0: rows}})
    if name == "sym_size":
        return torch.export.export(Rows(), (torch.randn(4, 6),),
                                   dynamic_shapes={"x": {0: batch}})
    raise SystemExit(f"unknown program '{name}'\n\n{__doc__}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    torch.manual_seed(0)
    torch.export.save(export(sys.argv[1]), sys.argv[2])
