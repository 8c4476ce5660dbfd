//===- ShapeInferenceDtypes.cpp - Dtypes and PyTorch type promotion -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

Type mlir::torch_onnx::Torch::getF32Dtype(MLIRContext *context) {
  return Float32Type::get(context);
}
Type mlir::torch_onnx::Torch::getSi64Dtype(MLIRContext *context) {
  return IntegerType::get(context, 64, IntegerType::Signed);
}
Type mlir::torch_onnx::Torch::getBoolDtype(MLIRContext *context) {
  return IntegerType::get(context, 1);
}

namespace {
/// The dtype a Python scalar takes part in promotion with, or null.
Type getScalarDtype(Value value) {
  MLIRContext *context = value.getContext();
  if (Type dtype = getPythonScalarDtype(value.getType()))
    return dtype;
  if (auto number = value.getDefiningOp<ConstantNumberOp>())
    return isa<FloatAttr>(number.getValue()) ? getF32Dtype(context)
                                             : getSi64Dtype(context);
  return Type();
}

/// The dtype of a 0-d f64, si64 or i1 tensor literal as a Python scalar. A
/// trace records the Python scalars of `x - 1` as such literals, and they
/// promote as the wrapped numbers they were (torch.onnx's scalar type
/// analysis does the same).
Type getTracedScalarDtype(Value value, const TensorInfo &info) {
  if (!value.getDefiningOp<ValueTensorLiteralOp>() || !info.hasRank() ||
      info.getRank() != 0 || !info.dtype)
    return Type();
  if (info.dtype.isF64())
    return getF32Dtype(value.getContext());
  if (info.dtype == getSi64Dtype(value.getContext()) || isBoolDtype(info.dtype))
    return info.dtype;
  return Type();
}
} // namespace

Type mlir::torch_onnx::Torch::promoteOperandDtypes(const ShapeRefiner &refiner,
                                                   ValueRange operands,
                                                   bool dimensioned) {
  ResultTypeState state;
  using Group = ResultTypeState::Group;
  for (Value operand : operands) {
    Type type = operand.getType();
    if (isa<Torch::NoneType>(type))
      continue;
    if (isa<BaseTensorType, OptionalType>(type)) {
      if (isConstantNone(operand))
        continue;
      TensorInfo info = refiner.getTensor(operand);
      if (!info.dtype)
        return Type();
      if (Type scalar = getTracedScalarDtype(operand, info)) {
        state.add(scalar, Group::PythonScalar);
        continue;
      }
      state.add(info.dtype, !dimensioned && info.hasRank() &&
                                    info.getRank() == 0
                                ? Group::ZeroDimTensor
                                : Group::Tensor);
      continue;
    }
    Type scalar = getScalarDtype(operand);
    if (!scalar)
      return Type();
    state.add(scalar, Group::PythonScalar);
  }
  return state.getResultDtype();
}
