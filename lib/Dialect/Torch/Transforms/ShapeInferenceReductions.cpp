//===- ShapeInferenceReductions.cpp - Creation op rules -------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// arange, whose LibTorch shape function counts a range with a float step
// and an integral dtype one element short, and the `tensor` builtins, which
// have no shape function or kernel. Reductions, sorting and the other
// creation ops take their types from PyTorch's registries.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// The dtype of a Python scalar operand, as torch.full infers it.
Type getScalarOperandDtype(Value value) {
  MLIRContext *context = value.getContext();
  Type type = value.getType();
  if (isa<Torch::IntType>(type))
    return getSi64Dtype(context);
  if (isa<Torch::BoolType>(type))
    return getBoolDtype(context);
  if (isa<Torch::FloatType>(type))
    return getF32Dtype(context);
  if (auto number = value.getDefiningOp<ConstantNumberOp>())
    return isa<FloatAttr>(number.getValue()) ? getF32Dtype(context)
                                             : getSi64Dtype(context);
  return Type();
}

/// True for an int-valued scalar operand (arange gives si64 then).
bool isIntScalar(Value value) {
  if (isa<Torch::IntType>(value.getType()))
    return true;
  if (auto number = value.getDefiningOp<ConstantNumberOp>())
    return isa<IntegerAttr>(number.getValue());
  return false;
}

bool inferArange(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenArangeOp, AtenArangeStartOp, AtenArangeStartStepOp>(op))
    return false;
  MLIRContext *context = op->getContext();
  unsigned numScalars = isa<AtenArangeOp>(op)        ? 1
                        : isa<AtenArangeStartOp>(op) ? 2
                                                     : 3;
  ValueRange scalars = op->getOperands().take_front(numScalars);
  Value end = scalars[numScalars == 1 ? 0 : 1];
  Value dtypeOperand = op->getOperand(numScalars);
  Type dtype;
  if (!isConstantNone(dtypeOperand))
    dtype = refiner.getDtypeOperand(dtypeOperand);
  else
    dtype = llvm::all_of(scalars, isIntScalar) ? getSi64Dtype(context)
                                               : getF32Dtype(context);
  std::optional<double> start =
      numScalars == 1 ? 0.0 : matchConstantFloat(scalars[0]);
  std::optional<double> step =
      numScalars == 3 ? matchConstantFloat(scalars[2]) : 1.0;
  std::optional<double> stop = matchConstantFloat(end);
  // PyTorch counts an int64 range in int64, after truncating each bound
  // toward zero, and every other dtype's range in double.
  if (start && step && stop && dtype == getSi64Dtype(context)) {
    *start = std::trunc(*start);
    *stop = std::trunc(*stop);
    *step = std::trunc(*step);
  }
  DimInfo length = DimInfo::unknown();
  if (start && step && stop && *step != 0)
    length = DimInfo::known(
        std::max<int64_t>(0, std::ceil((*stop - *start) / *step)));
  else if (start == 0.0 && step == 1.0 && isIntScalar(end))
    length = refiner.getInt(end);
  refiner.setTensor(op->getResult(0), TensorInfo::ranked({length}, dtype));
  return true;
}

/// `tensor` of a list and of a Python scalar: builtins of TorchScript that
/// PyTorch's dispatcher does not know.
bool inferTensorLiteral(Operation *op, ShapeRefiner &refiner) {
  MLIRContext *context = op->getContext();
  auto dtypeOr = [&](Value operand, Type fallback) {
    return isConstantNone(operand) ? fallback
                                   : refiner.getDtypeOperand(operand);
  };
  std::optional<TensorInfo> result =
      llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
          .Case<AtenTensorIntOp, AtenTensorFloatOp, AtenTensorBoolOp>(
              [&](Operation *) {
                return TensorInfo::ranked(
                    {}, dtypeOr(op->getOperand(1),
                                getScalarOperandDtype(op->getOperand(0))));
              })
          .Case([&](AtenTensorOp tensor) -> TensorInfo {
            auto list = tensor.getData().getDefiningOp<PrimListConstructOp>();
            Type elementType =
                cast<ListType>(tensor.getData().getType()).getContainedType();
            Type fallback;
            if (isa<Torch::IntType>(elementType))
              fallback = getSi64Dtype(context);
            else if (isa<Torch::FloatType>(elementType))
              fallback = getF32Dtype(context);
            else if (isa<Torch::BoolType>(elementType))
              fallback = getBoolDtype(context);
            Type dtype = dtypeOr(tensor.getDtype(), fallback);
            if (!list || !fallback)
              return TensorInfo::unranked(dtype);
            return TensorInfo::ranked(
                {DimInfo::known(list.getElements().size())}, dtype);
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!result)
    return false;
  refiner.setTensor(op->getResult(0), std::move(*result));
  return true;
}
} // namespace

bool mlir::torch_onnx::Torch::inferCreationOp(Operation *op,
                                              ShapeRefiner &refiner) {
  return inferArange(op, refiner) || inferTensorLiteral(op, refiner);
}
