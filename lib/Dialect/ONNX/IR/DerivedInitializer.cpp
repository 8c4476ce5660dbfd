//===- DerivedInitializer.cpp - Initializers the emitter derives ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/IR/DerivedInitializer.h"

using namespace mlir;
using namespace mlir::torch_onnx;

/// The initializer of static shape in `op`'s block that defines `value`;
/// null if there is none.
static ONNX::InitializerOp getLocalInitializer(Operation *op, Value value) {
  auto init = value.getDefiningOp<ONNX::InitializerOp>();
  if (!init || init->getBlock() != op->getBlock())
    return nullptr;
  auto type = dyn_cast<RankedTensorType>(init.getOutput().getType());
  if (!type || !type.hasStaticShape())
    return nullptr;
  return init;
}

static std::optional<ONNX::DerivedInitializer> matchTranspose(Operation *op) {
  ONNX::InitializerOp init = getLocalInitializer(op, op->getOperand(0));
  if (!init)
    return std::nullopt;
  auto type = cast<RankedTensorType>(init.getOutput().getType());
  if (type.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
      !llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                          type.getElementType().getIntOrFloatBitWidth()))
    return std::nullopt;
  // Without a perm the dims reverse, which for a matrix is [1, 0] too.
  if (auto perm = op->getAttrOfType<ArrayAttr>("perm")) {
    if (perm.size() != 2)
      return std::nullopt;
    auto first = dyn_cast<IntegerAttr>(perm[0]);
    auto second = dyn_cast<IntegerAttr>(perm[1]);
    if (!first || !second || first.getInt() != 1 || second.getInt() != 0)
      return std::nullopt;
  }
  return ONNX::DerivedInitializer{ONNX::DerivedInitializer::Kind::Transposed,
                                  init, nullptr};
}

static std::optional<ONNX::DerivedInitializer> matchRowScale(Operation *op) {
  ONNX::InitializerOp source = getLocalInitializer(op, op->getOperand(0));
  ONNX::InitializerOp scale = getLocalInitializer(op, op->getOperand(1));
  if (!source || !scale || source == scale)
    return std::nullopt;
  auto type = cast<RankedTensorType>(source.getOutput().getType());
  auto scaleType = cast<RankedTensorType>(scale.getOutput().getType());
  if (!type.getElementType().isF32() || !scaleType.getElementType().isF32() ||
      type.getRank() < 1 || type.getNumElements() == 0 ||
      scaleType.getRank() != type.getRank() ||
      op->getResult(0).getType() != type)
    return std::nullopt;
  if (scaleType.getDimSize(0) != type.getDimSize(0) ||
      llvm::any_of(scaleType.getShape().drop_front(),
                   [](int64_t dim) { return dim != 1; }))
    return std::nullopt;
  return ONNX::DerivedInitializer{ONNX::DerivedInitializer::Kind::RowScaled,
                                  source, scale};
}

std::optional<ONNX::DerivedInitializer>
ONNX::getDerivedInitializer(Operation *op) {
  if (isa<TransposeOp>(op))
    return matchTranspose(op);
  if (isa<MulOp>(op) && op->getNumOperands() == 2)
    return matchRowScale(op);
  return std::nullopt;
}
