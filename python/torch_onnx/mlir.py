"""Torch-dialect MLIR to ONNX, in process.

For Python stacks that already hold Torch-dialect IR, such as the output of
torch-mlir's or IREE's FX importer:

    from torch_onnx import mlir
    module = mlir.Module.parse(text)          # MLIR text or bytecode
    module.lower_to_onnx(opset=17)            # torch-to-onnx-pipeline
    onnx_bytes = module.to_onnx()

or `mlir.compile(text, opset=17)` for the three steps. `run_pipeline` runs
any textual pass pipeline that `torch-onnx-opt` accepts. Errors are
`torch_onnx.ExportError`, with the compiler's diagnostics.
"""
import os

from . import _C
from ._export import _export_error

__all__ = ["Module", "compile"]


class Module:
    """One MLIR module in its own context."""

    def __init__(self, handle):
        self._handle = handle

    @classmethod
    def parse(cls, source, name="<string>"):
        """Parses and verifies MLIR text (str or bytes) or bytecode."""
        if isinstance(source, str):
            source = source.encode()
        try:
            return cls(_C.MLIRModule(bytes(source), name))
        except _C.CompileError as error:
            raise _export_error(error) from None

    @classmethod
    def load(cls, path):
        """Parses the MLIR text or bytecode file at `path`."""
        with open(path, "rb") as f:
            return cls.parse(f.read(), os.fspath(path))

    def run_pipeline(self, pipeline):
        """Runs a textual pass pipeline, such as
        "torch-to-onnx-pipeline{opset=18}" or "builtin.module(canonicalize)",
        on the module in place."""
        self._call(self._handle.run_pipeline, pipeline)
        return self

    def lower_to_onnx(self, *, opset=17, entry=None, input_names=(),
                      output_names=(), dynamic_dims=(),
                      fallback_custom_ops=False):
        """Lowers the Torch-dialect module in place to one ONNX graph, as
        torch-onnx-compile does. `entry` names the function to compile
        (default: forward, then main, then the only public one);
        `dynamic_dims` holds "ARG:AXIS=SYMBOL" specs."""
        self._call(self._handle.lower, opset=opset, entry=entry or "",
                   input_names=list(input_names),
                   output_names=list(output_names),
                   dynamic_dims=list(dynamic_dims),
                   fallback_custom_ops=fallback_custom_ops)
        return self

    def to_onnx(self, *, check_model=True):
        """The serialized ModelProto of a module in the ONNX dialect, checked
        by onnx's checker unless `check_model` is False."""
        return self._call(self._handle.to_onnx, check_model=check_model)

    def to_bytecode(self):
        return self._handle.to_bytecode()

    def __str__(self):
        return self._handle.to_text()

    @staticmethod
    def _call(method, *args, **kwargs):
        try:
            return method(*args, **kwargs)
        except _C.CompileError as error:
            raise _export_error(error) from None


def compile(source, **options):
    """The ONNX model of Torch-dialect MLIR `source` (text or bytecode), as
    bytes; `options` are those of Module.lower_to_onnx."""
    return Module.parse(source).lower_to_onnx(**options).to_onnx()
