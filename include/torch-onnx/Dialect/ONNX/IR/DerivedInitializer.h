//===- TransposedInitializer.h - Transposes the emitter writes --*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A weight that a graph reads transposed (the B of a linear layer's MatMul)
// need not be transposed in memory: the emitter writes an `onnx.Transpose`
// of a matrix initializer as an initializer itself, transposing the bytes
// as it writes them. Folding leaves such a transpose alone.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_TRANSPOSEDINITIALIZER_H
#define TORCH_ONNX_DIALECT_ONNX_IR_TRANSPOSEDINITIALIZER_H

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

namespace mlir::torch_onnx::ONNX {

/// The initializer that `op` transposes when `op` is an `onnx.Transpose`
/// (perm [1, 0]) of a matrix of static shape that an `onnx.Initializer` in
/// the same block holds, with elements of 1, 2, 4 or 8 bytes; null
/// otherwise.
InitializerOp getTransposedInitializer(Operation *op);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_DIALECT_ONNX_IR_TRANSPOSEDINITIALIZER_H
