//===- TorchValues.cpp - Torch lists and none in the conversion -----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The conversion reads constants with the Torch dialect's matchConstant*
// functions; it does not fold. `torch-cleanup` runs before it and folds shape
// arithmetic, list accesses and scalar/tensor round trips
// (FoldingPatterns.cpp), so an int known at compile time reaches the
// conversion as a constant.
//
//===----------------------------------------------------------------------===//

#include "TorchValues.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

std::optional<SmallVector<Value>> torch_to_onnx::getListElements(Value list) {
  auto construct = list.getDefiningOp<Torch::PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  return SmallVector<Value>(construct.getElements());
}

bool torch_to_onnx::isNone(Value value) {
  return value && isa<Torch::NoneType>(value.getType());
}
