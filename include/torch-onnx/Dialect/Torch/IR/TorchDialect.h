//===- TorchDialect.h - Torch dialect ---------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_IR_TORCHDIALECT_H
#define TORCH_ONNX_DIALECT_TORCH_IR_TORCHDIALECT_H

#include "mlir/IR/Dialect.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h.inc"

#endif // TORCH_ONNX_DIALECT_TORCH_IR_TORCHDIALECT_H
