//===- TypeConversion.cpp - Torch types to ONNX dialect types -------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"

#include "ONNXBuilder.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {
/// The ONNX constant for a Torch scalar known at compile time, as a 0-d
/// tensor of type `type`; null for any other value.
Value materializeScalarConstant(OpBuilder &builder, Type type,
                                ValueRange inputs, Location loc) {
  if (inputs.size() != 1)
    return {};
  auto tensorType = dyn_cast<RankedTensorType>(type);
  Value input = inputs.front();
  if (!tensorType || tensorType.getRank() != 0 ||
      !isa<Torch::IntType, Torch::FloatType, Torch::BoolType,
           Torch::NumberType>(input.getType()))
    return {};
  ONNXBuilder b(builder, loc);
  Type elementType = tensorType.getElementType();
  if (std::optional<int64_t> v = Torch::matchConstantInt(input))
    return b.intScalar(elementType, *v);
  if (std::optional<double> v = Torch::matchConstantFloat(input))
    return b.scalar(elementType, *v);
  return {};
}
} // namespace

TorchToONNXTypeConverter::TorchToONNXTypeConverter(MLIRContext *context) {
  // Conversions are tried last to first: this one only catches the types
  // that the patterns read at compile time.
  addConversion([](Type type) { return type; });
  addConversion([](Torch::ValueTensorType type) -> Type {
    auto tensorType = cast<Torch::BaseTensorType>(type);
    Type elementType = convertDtype(tensorType.getOptionalDtype());
    if (!elementType)
      return {};
    if (!tensorType.hasSizes())
      return UnrankedTensorType::get(elementType);
    return RankedTensorType::get(tensorType.getSizes(), elementType);
  });
  addConversion([](Torch::NonValueTensorType) -> Type { return {}; });
  addConversion([context](Torch::IntType) -> Type {
    return RankedTensorType::get({}, IntegerType::get(context, 64));
  });
  addConversion([context](Torch::FloatType) -> Type {
    return RankedTensorType::get({}, Float64Type::get(context));
  });
  addConversion([context](Torch::NumberType) -> Type {
    return RankedTensorType::get({}, Float64Type::get(context));
  });
  addConversion([context](Torch::BoolType) -> Type {
    return RankedTensorType::get({}, IntegerType::get(context, 1));
  });
  // A value whose producer or user has no conversion stays behind a cast,
  // so that conversion goes on and every such op can be reported.
  auto castFallback = [](OpBuilder &builder, Type type, ValueRange inputs,
                         Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(castFallback);
  addTargetMaterialization(castFallback);
  // Materializations are tried last to first.
  addTargetMaterialization(materializeScalarConstant);
}
