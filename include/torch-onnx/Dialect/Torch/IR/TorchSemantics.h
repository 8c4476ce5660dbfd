//===- TorchSemantics.h - PyTorch's dtypes, promotion, int math -*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The facts of PyTorch's semantics that the Torch passes and the conversion
// to ONNX both need, in one place: the ScalarType numbers that `dtype`
// arguments carry, the dtype categories, `torch.promote_types`, the join of
// tensor types, Python's integer division, and the values of aten scalar ops
// on constant operands.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_IR_TORCHSEMANTICS_H
#define TORCH_ONNX_DIALECT_TORCH_IR_TORCHSEMANTICS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <optional>
#include <variant>

namespace mlir::torch_onnx::Torch {

/// c10::ScalarType: the numbers with which `dtype` arguments name dtypes.
enum class ScalarType : int64_t {
  Byte = 0,
  Char = 1,
  Short = 2,
  Int = 3,
  Long = 4,
  Half = 5,
  Float = 6,
  Double = 7,
  ComplexHalf = 8,
  ComplexFloat = 9,
  ComplexDouble = 10,
  Bool = 11,
  BFloat16 = 15,
};

/// The dtype a ScalarType number denotes (6 is f32, 4 is si64, 11 is i1),
/// or null for a number that is no dtype of the Torch dialect.
Type getDtypeForScalarType(MLIRContext *context, int64_t scalarType);
/// The ScalarType number of a dtype, or none.
std::optional<int64_t> getScalarTypeForDtype(Type dtype);

bool isFloatDtype(Type dtype);
bool isComplexDtype(Type dtype);
/// An integer dtype other than bool.
bool isIntegralDtype(Type dtype);
bool isBoolDtype(Type dtype);

/// The dtype of `torch.promote_types(a, b)`; null if either is null.
Type promoteDtypes(Type a, Type b);

/// The dtype a Python scalar of Torch type `type` takes part in promotion
/// with: si64 for `!torch.int`, f32 (the default dtype) for `!torch.float`,
/// i1 for `!torch.bool`; null for other types.
Type getPythonScalarDtype(Type type);

/// `torch.result_type`: operands promote within their group, and a group of
/// lower precedence (0-d tensors, then Python scalars) changes the result
/// only when its category (bool < integer < float < complex) is higher.
class ResultTypeState {
public:
  enum class Group { Tensor, ZeroDimTensor, PythonScalar };

  /// Adds an operand of dtype `dtype` in `group`.
  void add(Type dtype, Group group);
  /// The promoted dtype; null when no operand was added.
  Type getResultDtype() const;

private:
  Type tensorDtype, zeroDimDtype, scalarDtype;
};

/// The most specific tensor type that both tensor types `a` and `b` are
/// subtypes of: the sizes and dtype they share. Null when one is not a
/// tensor type or their value semantics differ.
Type joinTensorTypes(Type a, Type b);

/// Python's `a // b` on ints: rounds toward negative infinity.
inline int64_t floorDivide(int64_t a, int64_t b) {
  return llvm::divideFloorSigned(a, b);
}
/// Python's `a % b` on ints: takes the sign of the divisor.
inline int64_t floorRemainder(int64_t a, int64_t b) {
  return a - floorDivide(a, b) * b;
}

/// A Python scalar known at compile time: an int, a float or a bool.
using Scalar = std::variant<int64_t, double, bool>;

/// Python's `int(s)`: a float is truncated toward zero, a bool is 0 or 1.
int64_t scalarToInt(Scalar s);
/// Python's `float(s)`.
double scalarToDouble(Scalar s);

/// The value of the aten scalar op of base name `base` (`add` for
/// `aten::add.int`, `floordiv`, `remainder`, `lt`, `__not__`, `Int`, ...) on
/// constant operands `args`, as Python computes it: arithmetic on ints and
/// bools gives an int and `div` a float; `floordiv` and `remainder` round
/// toward negative infinity. None when the op is unknown or does not take
/// such operands, and for a division by zero.
std::optional<Scalar> evaluateScalarOp(StringRef base, ArrayRef<Scalar> args);

/// The size-1 dims that atleast_1d/2d/3d (`wanted` dims) add to a tensor of
/// rank `rank`, as sorted positions in the result: a vector becomes a row
/// for atleast_2d, and [1, n, 1] for atleast_3d.
SmallVector<int64_t> getAtLeastAxes(int64_t rank, int64_t wanted);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_DIALECT_TORCH_IR_TORCHSEMANTICS_H
