//===- Passes.h - Conversion passes -----------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_CONVERSION_PASSES_H
#define TORCH_ONNX_CONVERSION_PASSES_H

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"

namespace mlir::torch_onnx {

#define GEN_PASS_REGISTRATION
#include "torch-onnx/Conversion/Passes.h.inc"

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_CONVERSION_PASSES_H
