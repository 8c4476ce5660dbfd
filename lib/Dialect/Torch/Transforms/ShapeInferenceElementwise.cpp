//===- ShapeInferenceElementwise.cpp - Elementwise op shape rules ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The few elementwise ops whose types PyTorch's registries give less
// precisely than a rule: LibTorch's broadcast shape function leaves a dim
// unknown when an unknown dim meets a known one, where broadcasting, if it
// succeeds, gives the known size, and the meta kernels cannot run on the
// stand-in sizes of such operands. The other elementwise ops take their
// types from the shape functions, the learned dtypes and the meta kernels.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

bool mlir::torch_onnx::Torch::isBroadcastingElementwiseOp(Operation *op) {
  func::FuncOp function = lookupShapeFunction(getTorchOperatorName(op));
  return (function && function.getSymName().starts_with("broadcast")) ||
         isa<AtenLogicalAndOp, AtenLogicalOrOp, AtenLogicalXorOp,
             AtenFloorDivideOp>(op);
}

bool mlir::torch_onnx::Torch::inferElementwiseOp(Operation *op,
                                                 ShapeRefiner &refiner) {
  MLIRContext *context = op->getContext();
  // The dtype of each op, and the operands that broadcast to its shape
  // (none: the shape of operand 0).
  std::optional<std::pair<Type, ValueRange>> rule =
      llvm::TypeSwitch<Operation *,
                       std::optional<std::pair<Type, ValueRange>>>(op)
          .Case<AtenWhereSelfOp, AtenWhereScalarOtherOp,
                AtenWhereScalarSelfOp, AtenWhereScalarOp>([&](Operation *) {
            return std::make_pair(
                promoteOperandDtypes(refiner, op->getOperands().slice(1, 2)),
                op->getOperands());
          })
          .Case<AtenLogicalAndOp, AtenLogicalOrOp, AtenLogicalXorOp>(
              [&](Operation *) {
                return std::make_pair(getBoolDtype(context),
                                      ValueRange(op->getOperands()));
              })
          .Case([&](AtenFloorDivideOp) {
            return std::make_pair(
                promoteOperandDtypes(refiner, op->getOperands()),
                ValueRange(op->getOperands()));
          })
          .Case([&](AtenLogicalNotOp) {
            return std::make_pair(getBoolDtype(context), ValueRange());
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!rule)
    return false;
  TensorInfo result;
  if (rule->second.empty()) {
    result.dims = refiner.getTensor(op->getOperand(0)).dims;
  } else {
    SmallVector<TensorInfo> tensors;
    for (Value operand : rule->second)
      if (isa<BaseTensorType>(operand.getType()))
        tensors.push_back(refiner.getTensor(operand));
    result.dims = broadcastTensorDims(tensors);
  }
  result.dtype = rule->first;
  refiner.setTensor(op->getResult(0), std::move(result));
  return true;
}
