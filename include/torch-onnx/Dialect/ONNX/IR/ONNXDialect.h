//===- ONNXDialect.h - ONNX dialect -----------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_ONNXDIALECT_H
#define TORCH_ONNX_DIALECT_ONNX_IR_ONNXDIALECT_H

#include "mlir/IR/Dialect.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.h.inc"

#endif // TORCH_ONNX_DIALECT_ONNX_IR_ONNXDIALECT_H
