"""torch_onnx: PyTorch modules to ONNX with the torch-onnx compiler.

    import torch_onnx
    result = torch_onnx.export(model, (x,), "model.onnx", input_names=["x"],
                               dynamic_axes={"x": {0: "batch"}})
    print(result)

`export` takes the arguments of `torch.onnx.export` and compiles in this
process; state that forward writes becomes explicit inputs and outputs,
which `StatefulSession` feeds back at run time. Errors are `ExportError`,
with every unconvertible op and its Python source line.
"""
from ._export import (TORCH_ONNX_EXPORT_ARGUMENTS, Diagnostic, ExportError,
                      ExportResult, StateBinding, export)
from ._session import StatefulSession
from ._C import MAX_OPSET, MIN_OPSET


def _version():
    from . import _C
    version = getattr(_C, "__version__", None)
    if version:
        return str(version)
    try:
        from importlib.metadata import version as distribution_version
        return distribution_version("torch-onnx")
    except Exception:
        return "0+unknown"


__version__ = _version()

__all__ = [
    "export",
    "ExportError",
    "ExportResult",
    "Diagnostic",
    "StateBinding",
    "StatefulSession",
    "TORCH_ONNX_EXPORT_ARGUMENTS",
    "MIN_OPSET",
    "MAX_OPSET",
]
