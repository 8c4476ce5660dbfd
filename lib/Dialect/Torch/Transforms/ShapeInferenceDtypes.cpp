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

//===----------------------------------------------------------------------===//
// ScalarType numbers
//===----------------------------------------------------------------------===//

Type mlir::torch_onnx::Torch::getDtypeForScalarType(MLIRContext *context,
                                                    int64_t scalarType) {
  auto signedInt = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Signed);
  };
  switch (scalarType) {
  case 0:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case 1:
    return signedInt(8);
  case 2:
    return signedInt(16);
  case 3:
    return signedInt(32);
  case 4:
    return signedInt(64);
  case 5:
    return Float16Type::get(context);
  case 6:
    return Float32Type::get(context);
  case 7:
    return Float64Type::get(context);
  case 8:
    return ComplexType::get(Float16Type::get(context));
  case 9:
    return ComplexType::get(Float32Type::get(context));
  case 10:
    return ComplexType::get(Float64Type::get(context));
  case 11:
    return IntegerType::get(context, 1);
  case 15:
    return BFloat16Type::get(context);
  default:
    return Type();
  }
}

std::optional<int64_t>
mlir::torch_onnx::Torch::getScalarTypeForDtype(Type dtype) {
  if (!dtype)
    return std::nullopt;
  for (int64_t scalarType : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15})
    if (getDtypeForScalarType(dtype.getContext(), scalarType) == dtype)
      return scalarType;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Categories
//===----------------------------------------------------------------------===//

bool mlir::torch_onnx::Torch::isFloatDtype(Type dtype) {
  return dtype && isa<mlir::FloatType>(dtype);
}
bool mlir::torch_onnx::Torch::isComplexDtype(Type dtype) {
  return dtype && isa<ComplexType>(dtype);
}
bool mlir::torch_onnx::Torch::isBoolDtype(Type dtype) {
  return dtype && dtype.isSignlessInteger(1);
}
bool mlir::torch_onnx::Torch::isIntegralDtype(Type dtype) {
  return dtype && isa<IntegerType>(dtype) && !isBoolDtype(dtype);
}

Type mlir::torch_onnx::Torch::getF32Dtype(MLIRContext *context) {
  return Float32Type::get(context);
}
Type mlir::torch_onnx::Torch::getSi64Dtype(MLIRContext *context) {
  return IntegerType::get(context, 64, IntegerType::Signed);
}
Type mlir::torch_onnx::Torch::getBoolDtype(MLIRContext *context) {
  return IntegerType::get(context, 1);
}

Type mlir::torch_onnx::Torch::getFloatResultDtype(Type dtype) {
  if (isIntegralDtype(dtype) || isBoolDtype(dtype))
    return getF32Dtype(dtype.getContext());
  return dtype;
}

namespace {
/// The category of a dtype, in PyTorch's order of precedence.
enum class Category { Bool, Integral, Float, Complex };

Category getCategory(Type dtype) {
  if (isComplexDtype(dtype))
    return Category::Complex;
  if (isFloatDtype(dtype))
    return Category::Float;
  if (isBoolDtype(dtype))
    return Category::Bool;
  return Category::Integral;
}

unsigned getFloatWidth(Type dtype) {
  if (auto complex = dyn_cast<ComplexType>(dtype))
    return getFloatWidth(complex.getElementType());
  return cast<mlir::FloatType>(dtype).getWidth();
}
} // namespace

Type mlir::torch_onnx::Torch::promoteDtypes(Type a, Type b) {
  if (!a || !b)
    return Type();
  if (a == b)
    return a;
  MLIRContext *context = a.getContext();
  Category ca = getCategory(a), cb = getCategory(b);
  if (ca != cb) {
    // The higher category wins; a complex result is wide enough for the
    // float operand.
    Type high = ca > cb ? a : b, low = ca > cb ? b : a;
    if (isComplexDtype(high) && isFloatDtype(low) &&
        getFloatWidth(low) > getFloatWidth(high))
      return ComplexType::get(low);
    return high;
  }
  switch (ca) {
  case Category::Bool:
    return a;
  case Category::Integral: {
    auto ia = cast<IntegerType>(a), ib = cast<IntegerType>(b);
    if (ia.isUnsigned() != ib.isUnsigned()) {
      // uint8 with a signed type: the signed type, at least 16 bits.
      IntegerType sign = ia.isUnsigned() ? ib : ia;
      return IntegerType::get(context, std::max(16u, sign.getWidth()),
                              IntegerType::Signed);
    }
    return ia.getWidth() >= ib.getWidth() ? a : b;
  }
  case Category::Float:
    if (getFloatWidth(a) == getFloatWidth(b)) // f16 with bf16
      return Float32Type::get(context);
    return getFloatWidth(a) > getFloatWidth(b) ? a : b;
  case Category::Complex:
    return getFloatWidth(a) >= getFloatWidth(b) ? a : b;
  }
  return Type();
}

namespace {
/// PyTorch's ResultTypeState: the promoted dtype of each group of operands.
struct ResultTypeState {
  Type dimResult, zeroResult, wrappedResult;
  bool unknown = false;

  static void update(Type &group, Type dtype) {
    group = group ? promoteDtypes(group, dtype) : dtype;
  }
};

/// Combines the result of a group with the one of a lower-precedence group.
Type combineCategories(Type higher, Type lower) {
  if (!higher)
    return lower;
  if (!lower)
    return higher;
  if (isComplexDtype(higher))
    return higher;
  if (isComplexDtype(lower)) {
    if (isFloatDtype(higher))
      return ComplexType::get(higher);
    return lower;
  }
  if (isFloatDtype(higher))
    return higher;
  if (isBoolDtype(higher) || isFloatDtype(lower))
    return promoteDtypes(higher, lower);
  return higher;
}

/// The dtype a Python scalar takes part in promotion with, or null.
Type getScalarDtype(Value value) {
  MLIRContext *context = value.getContext();
  Type type = value.getType();
  if (isa<Torch::IntType>(type))
    return getSi64Dtype(context);
  if (isa<Torch::FloatType>(type))
    return getF32Dtype(context);
  if (isa<Torch::BoolType>(type))
    return getBoolDtype(context);
  if (auto number = value.getDefiningOp<ConstantNumberOp>())
    return isa<FloatAttr>(number.getValue()) ? getF32Dtype(context)
                                             : getSi64Dtype(context);
  return Type();
}
} // namespace

Type mlir::torch_onnx::Torch::promoteOperandDtypes(const ShapeRefiner &refiner,
                                                   ValueRange operands) {
  ResultTypeState state;
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
      if (info.hasRank() && info.getRank() == 0)
        ResultTypeState::update(state.zeroResult, info.dtype);
      else
        ResultTypeState::update(state.dimResult, info.dtype);
      continue;
    }
    Type scalar = getScalarDtype(operand);
    if (!scalar)
      return Type();
    ResultTypeState::update(state.wrappedResult, scalar);
  }
  return combineCategories(
      state.dimResult,
      combineCategories(state.zeroResult, state.wrappedResult));
}
