//===- MLIRModule.h - Bindings shared by the _C module ----------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_PYTHON_MLIRMODULE_H
#define TORCH_ONNX_PYTHON_MLIRMODULE_H

#include "torch-onnx/Driver/Diagnostics.h"

#include <pybind11/pybind11.h>

#include <vector>

/// Diagnostic records as a list of dicts with the keys of DiagnosticRecord;
/// `op` is present only when known.
pybind11::list
diagnosticsToPython(const std::vector<mlir::torch_onnx::DiagnosticRecord> &);

/// Adds the class MLIRModule to `m`; its errors raise `compileError`.
void bindMLIRModule(pybind11::module_ &m, PyObject *compileError);

#endif // TORCH_ONNX_PYTHON_MLIRMODULE_H
