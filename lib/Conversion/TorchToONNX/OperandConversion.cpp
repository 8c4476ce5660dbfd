//===- OperandConversion.cpp - Torch operands as ONNX values --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "OperandConversion.h"

#include "ONNXBuilder.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

FailureOr<Value>
torch_to_onnx::getIntListAsTensor(ConversionPatternRewriter &rewriter,
                                  Location loc, Value list) {
  ONNXBuilder b(rewriter, loc);
  if (std::optional<SmallVector<int64_t>> values = Torch::matchConstantIntList(list))
    return b.i64Tensor(*values);
  if (auto size = list.getDefiningOp<Torch::AtenSizeOp>()) {
    Value self = rewriter.getRemappedValue(size.getSelf());
    if (!self || !isa<TensorType>(self.getType()))
      return failure();
    return b.shapeOf(self);
  }
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return failure();
  // Runs of constants become one constant each.
  SmallVector<Value> parts;
  SmallVector<int64_t> pending;
  auto flush = [&] {
    if (!pending.empty())
      parts.push_back(b.i64Tensor(pending));
    pending.clear();
  };
  for (Value element : *elements) {
    if (std::optional<int64_t> v = Torch::matchConstantInt(element)) {
      pending.push_back(*v);
      continue;
    }
    flush();
    FailureOr<Value> scalar =
        getScalarAsTensor(rewriter, loc, element, rewriter.getI64Type());
    if (failed(scalar))
      return failure();
    parts.push_back(b.unsqueeze(*scalar, {0}));
  }
  flush();
  if (parts.empty())
    return b.i64Tensor({});
  return b.concat(parts, 0);
}

FailureOr<Value>
torch_to_onnx::getScalarAsTensor(ConversionPatternRewriter &rewriter,
                                 Location loc, Value scalar, Type elementType) {
  ONNXBuilder b(rewriter, loc);
  if (std::optional<int64_t> v = Torch::matchConstantInt(scalar))
    return b.intScalar(elementType, *v);
  if (std::optional<double> v = Torch::matchConstantFloat(scalar))
    return b.scalar(elementType, *v);
  Value converted = rewriter.getRemappedValue(scalar);
  if (!converted || !isa<TensorType>(converted.getType()))
    return failure();
  // A 1-element tensor used as a scalar.
  if (std::optional<int64_t> rank = getRank(converted); rank && *rank != 0) {
    converted = b.reshape(converted, {},
                          RankedTensorType::get({}, getElementType(converted)));
  }
  Value cast = b.cast(converted, elementType);
  if (!cast)
    return failure();
  return cast;
}

FailureOr<Value>
torch_to_onnx::getOperandAs(ConversionPatternRewriter &rewriter, Location loc,
                            Value torchValue, Value converted,
                            Type elementType) {
  if (isa<Torch::IntType, Torch::FloatType, Torch::BoolType,
          Torch::NumberType>(torchValue.getType()))
    return getScalarAsTensor(rewriter, loc, torchValue, elementType);
  if (!converted || !isa<TensorType>(converted.getType()))
    return failure();
  Value cast = ONNXBuilder(rewriter, loc).cast(converted, elementType);
  if (!cast)
    return failure();
  return cast;
}

FailureOr<SmallVector<Value>>
torch_to_onnx::getTensorListElements(ConversionPatternRewriter &rewriter,
                                     Value list) {
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return failure();
  SmallVector<Value> converted;
  for (Value element : *elements) {
    Value value = rewriter.getRemappedValue(element);
    if (!value || !isa<TensorType>(value.getType()))
      return failure();
    converted.push_back(value);
  }
  return converted;
}
