"""Prints the number and the sorted names of a model's initializers."""
import sys

import onnx

names = sorted(t.name for t in onnx.load(sys.argv[1]).graph.initializer)
print(len(names), "initializers", " ".join(names))
