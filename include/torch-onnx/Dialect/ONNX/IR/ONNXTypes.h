//===- ONNXTypes.h - ONNX dialect types -------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_ONNXTYPES_H
#define TORCH_ONNX_DIALECT_ONNX_IR_ONNXTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "torch-onnx/Dialect/ONNX/IR/ONNXTypes.h.inc"

#endif // TORCH_ONNX_DIALECT_ONNX_IR_ONNXTYPES_H
