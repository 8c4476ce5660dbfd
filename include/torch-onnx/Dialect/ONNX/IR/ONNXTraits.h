//===- ONNXTraits.h - Traits and interfaces of ONNX ops ---------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_ONNXTRAITS_H
#define TORCH_ONNX_DIALECT_ONNX_IR_ONNXTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::torch_onnx::ONNX {
/// Checks `op` against the libonnx schema of its op type at the target
/// opset of its module; reports every mismatch as an op error.
LogicalResult verifyAgainstSchema(Operation *op);
} // namespace mlir::torch_onnx::ONNX

namespace mlir::torch_onnx::ONNX::OpTrait {

/// The op is an ONNX operator of the default domain, checked against
/// libonnx's schema of the module's target opset.
template <typename ConcreteType>
class SchemaVerified
    : public ::mlir::OpTrait::TraitBase<ConcreteType, SchemaVerified> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyAgainstSchema(op);
  }
};

} // namespace mlir::torch_onnx::ONNX::OpTrait

#include "torch-onnx/Dialect/ONNX/IR/ONNXInterfaces.h.inc"

#endif // TORCH_ONNX_DIALECT_ONNX_IR_ONNXTRAITS_H
