//===- TorchSemantics.cpp - PyTorch's dtypes, promotion, int math ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"
#include "torch-onnx/Dialect/Torch/IR/RuntimeAssertions.h"

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

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

//===----------------------------------------------------------------------===//
// Scalar ops on constants
//===----------------------------------------------------------------------===//

int64_t mlir::torch_onnx::Torch::scalarToInt(Scalar s) {
  if (auto *i = std::get_if<int64_t>(&s))
    return *i;
  if (auto *d = std::get_if<double>(&s))
    return static_cast<int64_t>(*d);
  return std::get<bool>(s) ? 1 : 0;
}

double mlir::torch_onnx::Torch::scalarToDouble(Scalar s) {
  if (auto *i = std::get_if<int64_t>(&s))
    return static_cast<double>(*i);
  if (auto *d = std::get_if<double>(&s))
    return *d;
  return std::get<bool>(s) ? 1.0 : 0.0;
}

namespace {
/// True for an int or a bool, which Python's arithmetic takes as an int.
bool isIntLike(Scalar s) { return !std::holds_alternative<double>(s); }
} // namespace

std::optional<Scalar>
mlir::torch_onnx::Torch::evaluateScalarOp(StringRef base,
                                          ArrayRef<Scalar> args) {
  if (args.size() == 1) {
    Scalar a = args[0];
    if (base == "neg")
      return isIntLike(a) ? Scalar(-scalarToInt(a))
                          : Scalar(-scalarToDouble(a));
    if (base == "__not__")
      return Scalar(scalarToInt(a) == 0);
    if (base == "Int" || base == "IntImplicit")
      return Scalar(scalarToInt(a));
    if (base == "Float" || base == "FloatImplicit")
      return Scalar(scalarToDouble(a));
    if (base == "Bool")
      return Scalar(scalarToDouble(a) != 0.0);
    if (base == "abs")
      return isIntLike(a) ? Scalar(std::abs(scalarToInt(a)))
                          : Scalar(std::fabs(scalarToDouble(a)));
    return std::nullopt;
  }
  if (args.size() == 3) {
    // for-loop index arithmetic emitted by TorchScript.
    if (base == "__range_length") {
      int64_t lo = scalarToInt(args[0]), hi = scalarToInt(args[1]),
              step = scalarToInt(args[2]);
      if (step == 0)
        return std::nullopt;
      if (step > 0)
        return Scalar(lo < hi ? (hi - lo + step - 1) / step : int64_t(0));
      return Scalar(lo > hi ? (lo - hi - step - 1) / -step : int64_t(0));
    }
    if (base == "__derive_index")
      return Scalar(scalarToInt(args[1]) +
                    scalarToInt(args[0]) * scalarToInt(args[2]));
    return std::nullopt;
  }
  if (args.size() != 2)
    return std::nullopt;
  Scalar a = args[0], b = args[1];
  bool ints = isIntLike(a) && isIntLike(b);
  bool bools =
      std::holds_alternative<bool>(a) && std::holds_alternative<bool>(b);
  if (base == "__and__" || base == "__or__" || base == "__xor__") {
    if (!ints)
      return std::nullopt;
    int64_t x = scalarToInt(a), y = scalarToInt(b);
    int64_t r = base == "__and__"  ? (x & y)
                : base == "__or__" ? (x | y)
                                   : (x ^ y);
    return bools ? Scalar(r != 0) : Scalar(r);
  }
  if (base == "add" || base == "sub" || base == "mul") {
    if (ints) {
      int64_t x = scalarToInt(a), y = scalarToInt(b);
      return Scalar(base == "add" ? x + y : base == "sub" ? x - y : x * y);
    }
    double x = scalarToDouble(a), y = scalarToDouble(b);
    return Scalar(base == "add" ? x + y : base == "sub" ? x - y : x * y);
  }
  if (base == "div") {
    if (scalarToDouble(b) == 0.0)
      return std::nullopt;
    return Scalar(scalarToDouble(a) / scalarToDouble(b));
  }
  if (base == "floordiv") {
    if (ints) {
      if (scalarToInt(b) == 0)
        return std::nullopt;
      return Scalar(floorDivide(scalarToInt(a), scalarToInt(b)));
    }
    if (scalarToDouble(b) == 0.0)
      return std::nullopt;
    return Scalar(std::floor(scalarToDouble(a) / scalarToDouble(b)));
  }
  if (base == "remainder") {
    if (ints) {
      if (scalarToInt(b) == 0)
        return std::nullopt;
      return Scalar(floorRemainder(scalarToInt(a), scalarToInt(b)));
    }
    double x = scalarToDouble(a), y = scalarToDouble(b);
    if (y == 0.0)
      return std::nullopt;
    return Scalar(x - std::floor(x / y) * y);
  }
  auto compare = llvm::StringSwitch<int>(base)
                     .Case("eq", 0)
                     .Case("ne", 1)
                     .Case("lt", 2)
                     .Case("gt", 3)
                     .Case("le", 4)
                     .Case("ge", 5)
                     .Default(-1);
  if (compare < 0)
    return std::nullopt;
  if (ints) {
    int64_t x = scalarToInt(a), y = scalarToInt(b);
    bool r[] = {x == y, x != y, x<y, x> y, x <= y, x >= y};
    return Scalar(r[compare]);
  }
  double x = scalarToDouble(a), y = scalarToDouble(b);
  bool r[] = {x == y, x != y, x<y, x> y, x <= y, x >= y};
  return Scalar(r[compare]);
}

SmallVector<int64_t> Torch::getAtLeastAxes(int64_t rank, int64_t wanted) {
  if (rank >= wanted)
    return {};
  if (rank == 0) {
    SmallVector<int64_t> axes;
    for (int64_t d = 0; d < wanted; ++d)
      axes.push_back(d);
    return axes;
  }
  // Rank 1 of 2 or 3, or rank 2 of 3.
  if (wanted == 2)
    return {0};
  return rank == 1 ? SmallVector<int64_t>{0, 2} : SmallVector<int64_t>{2};
}

bool Torch::isRuntimeAssertion(StringRef name) {
  // `torch.aten.X.overload` and `aten::X.overload` both name aten op X.
  name.consume_front("torch.");
  if (!name.consume_front("aten::") && !name.consume_front("aten."))
    return false;
  StringRef base = name.split('.').first;
  return llvm::is_contained(
      {"_assert_scalar", "_assert_async", "_assert_tensor_metadata",
       "sym_constrain_range", "sym_constrain_range_for_size",
       "_functional_assert_async", "_functional_sym_constrain_range",
       "_functional_sym_constrain_range_for_size"},
      base);
}
