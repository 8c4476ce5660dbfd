//===- TorchConstants.cpp - Torch values known at compile time ------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The conversion reads constants; it does not fold. `torch-cleanup` runs
// before it and folds shape arithmetic, list accesses and scalar/tensor round
// trips (FoldingPatterns.cpp), so an int known at compile time reaches the
// conversion as a constant.
//
//===----------------------------------------------------------------------===//

#include "TorchConstants.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

std::optional<int64_t> torch_to_onnx::getConstantInt(Value value) {
  if (std::optional<int64_t> v = Torch::matchConstantInt(value))
    return v;
  if (auto number = value.getDefiningOp<Torch::ConstantNumberOp>())
    if (auto intAttr = dyn_cast<IntegerAttr>(number.getValue()))
      return intAttr.getInt();
  return std::nullopt;
}

std::optional<double> torch_to_onnx::getConstantFloat(Value value) {
  if (std::optional<int64_t> v = getConstantInt(value))
    return static_cast<double>(*v);
  if (auto constant = value.getDefiningOp<Torch::ConstantFloatOp>())
    return constant.getValue().convertToDouble();
  if (auto number = value.getDefiningOp<Torch::ConstantNumberOp>())
    if (auto floatAttr = dyn_cast<FloatAttr>(number.getValue()))
      return floatAttr.getValueAsDouble();
  if (std::optional<bool> v = Torch::matchConstantBool(value))
    return *v ? 1.0 : 0.0;
  return std::nullopt;
}

std::optional<bool> torch_to_onnx::getConstantBool(Value value) {
  return Torch::matchConstantBool(value);
}

std::optional<SmallVector<Value>> torch_to_onnx::getListElements(Value list) {
  auto construct = list.getDefiningOp<Torch::PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  return SmallVector<Value>(construct.getElements());
}

std::optional<SmallVector<int64_t>>
torch_to_onnx::getConstantIntList(Value list) {
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Value element : *elements) {
    std::optional<int64_t> v = getConstantInt(element);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

bool torch_to_onnx::isNone(Value value) {
  return value && isa<Torch::NoneType>(value.getType());
}
