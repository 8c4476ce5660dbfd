//===- TransposedInitializer.cpp - Transposes the emitter writes ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/IR/TransposedInitializer.h"

using namespace mlir;
using namespace mlir::torch_onnx;

ONNX::InitializerOp ONNX::getTransposedInitializer(Operation *op) {
  if (!isa<TransposeOp>(op))
    return nullptr;
  auto init = op->getOperand(0).getDefiningOp<InitializerOp>();
  if (!init || init->getBlock() != op->getBlock())
    return nullptr;
  auto type = dyn_cast<RankedTensorType>(init.getOutput().getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getElementType().isIntOrFloat() ||
      !llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                          type.getElementType().getIntOrFloatBitWidth()))
    return nullptr;
  // Without a perm the dims reverse, which for a matrix is [1, 0] too.
  if (auto perm = op->getAttrOfType<ArrayAttr>("perm")) {
    if (perm.size() != 2)
      return nullptr;
    auto first = dyn_cast<IntegerAttr>(perm[0]);
    auto second = dyn_cast<IntegerAttr>(perm[1]);
    if (!first || !second || first.getInt() != 1 || second.getInt() != 0)
      return nullptr;
  }
  return init;
}
