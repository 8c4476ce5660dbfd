//===- TorchDialect.cpp - Torch dialect registration ----------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.cpp.inc"

namespace {
/// Every torch op may be inlined: TorchScript has no op that depends on the
/// function it sits in.
struct TorchInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TorchDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "torch-onnx/Dialect/Torch/IR/TorchOps.cpp.inc"
      >();
  registerTypes();
  registerTorchDialectOperations(this);
  addInterfaces<TorchInlinerInterface>();
}

Operation *TorchDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    if (isa<IntType>(type))
      return ConstantIntOp::create(builder, loc, intAttr.getInt());
    if (isa<BoolType>(type))
      return ConstantBoolOp::create(builder, loc, intAttr.getInt() != 0);
  }
  auto floatAttr = dyn_cast<FloatAttr>(value);
  if (floatAttr && isa<Torch::FloatType>(type))
    return ConstantFloatOp::create(builder, loc, floatAttr.getValueAsDouble());
  auto boolAttr = dyn_cast<BoolAttr>(value);
  if (boolAttr && isa<BoolType>(type))
    return ConstantBoolOp::create(builder, loc, boolAttr.getValue());
  auto strAttr = dyn_cast<StringAttr>(value);
  if (strAttr && isa<StringType>(type))
    return ConstantStrOp::create(builder, loc, strAttr.getValue());
  if (isa<UnitAttr>(value) && isa<Torch::NoneType>(type))
    return ConstantNoneOp::create(builder, loc);
  if (auto elements = dyn_cast<ElementsAttr>(value)) {
    if (isa<ValueTensorType>(type))
      return ValueTensorLiteralOp::create(builder, loc, type, elements);
    if (isa<NonValueTensorType>(type))
      return NonValueTensorLiteralOp::create(builder, loc, type, elements);
  }
  return nullptr;
}
