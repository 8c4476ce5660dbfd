//===- DerivedInitializer.h - Initializers the emitter derives --*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Some weights reach the graph through one cheap op on an initializer: the
// transposed B of a linear layer's MatMul, the convolution weight that a
// fused batch normalization scales per output channel. Neither needs to be
// made in memory: the emitter writes such an op as an initializer itself,
// deriving its bytes from the source initializer's as it writes them.
// Folding leaves these ops alone.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_DERIVEDINITIALIZER_H
#define TORCH_ONNX_DIALECT_ONNX_IR_DERIVEDINITIALIZER_H

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include <optional>

namespace mlir::torch_onnx::ONNX {

/// An op whose result the emitter writes as an initializer.
struct DerivedInitializer {
  enum class Kind {
    /// `onnx.Transpose` (perm [1, 0]) of a matrix whose elements have 1, 2,
    /// 4 or 8 bytes.
    Transposed,
    /// `onnx.Mul` of an f32 tensor of rank >= 1 by an f32 initializer of
    /// shape [d0, 1, ..., 1]: each row along dim 0 times its own factor.
    RowScaled,
  };
  Kind kind;
  /// The initializer the result is derived from; both are of static shape
  /// and in the op's block.
  InitializerOp source;
  /// RowScaled: the initializer of the factors.
  InitializerOp scale;
};

/// What `op` derives when the emitter writes it as an initializer; none
/// for other ops.
std::optional<DerivedInitializer> getDerivedInitializer(Operation *op);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_DIALECT_ONNX_IR_DERIVEDINITIALIZER_H
