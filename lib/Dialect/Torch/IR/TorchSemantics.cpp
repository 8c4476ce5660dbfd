//===- TorchSemantics.cpp - PyTorch's dtypes, promotion, int math ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

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
  switch (static_cast<ScalarType>(scalarType)) {
  case ScalarType::Byte:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case ScalarType::Char:
    return signedInt(8);
  case ScalarType::Short:
    return signedInt(16);
  case ScalarType::Int:
    return signedInt(32);
  case ScalarType::Long:
    return signedInt(64);
  case ScalarType::Half:
    return Float16Type::get(context);
  case ScalarType::Float:
    return Float32Type::get(context);
  case ScalarType::Double:
    return Float64Type::get(context);
  case ScalarType::ComplexHalf:
    return ComplexType::get(Float16Type::get(context));
  case ScalarType::ComplexFloat:
    return ComplexType::get(Float32Type::get(context));
  case ScalarType::ComplexDouble:
    return ComplexType::get(Float64Type::get(context));
  case ScalarType::Bool:
    return IntegerType::get(context, 1);
  case ScalarType::BFloat16:
    return BFloat16Type::get(context);
  default:
    return Type();
  }
}

std::optional<int64_t>
mlir::torch_onnx::Torch::getScalarTypeForDtype(Type dtype) {
  if (!dtype)
    return std::nullopt;
  for (int64_t scalarType = 0;
       scalarType <= static_cast<int64_t>(ScalarType::BFloat16); ++scalarType)
    if (getDtypeForScalarType(dtype.getContext(), scalarType) == dtype)
      return scalarType;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Categories and promotion
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

Type mlir::torch_onnx::Torch::getPythonScalarDtype(Type type) {
  MLIRContext *context = type.getContext();
  if (isa<Torch::IntType>(type))
    return IntegerType::get(context, 64, IntegerType::Signed);
  if (isa<Torch::FloatType>(type))
    return Float32Type::get(context);
  if (isa<Torch::BoolType>(type))
    return IntegerType::get(context, 1);
  return Type();
}

namespace {
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
} // namespace

void ResultTypeState::add(Type dtype, Group group) {
  Type &result = group == Group::Tensor          ? tensorDtype
                 : group == Group::ZeroDimTensor ? zeroDimDtype
                                                 : scalarDtype;
  result = result ? promoteDtypes(result, dtype) : dtype;
}

Type ResultTypeState::getResultDtype() const {
  return combineCategories(tensorDtype,
                           combineCategories(zeroDimDtype, scalarDtype));
}

//===----------------------------------------------------------------------===//
// Tensor types
//===----------------------------------------------------------------------===//

Type mlir::torch_onnx::Torch::joinTensorTypes(Type a, Type b) {
  if (a == b)
    return a;
  auto ta = dyn_cast<BaseTensorType>(a), tb = dyn_cast<BaseTensorType>(b);
  if (!ta || !tb || ta.hasValueSemantics() != tb.hasValueSemantics())
    return Type();
  std::optional<ArrayRef<int64_t>> sizes;
  if (ta.getOptionalSizes() == tb.getOptionalSizes())
    sizes = ta.getOptionalSizes();
  Type dtype = ta.getOptionalDtype() == tb.getOptionalDtype()
                   ? ta.getOptionalDtype()
                   : Type();
  return ta.getWithSizesAndDtype(sizes, dtype);
}
