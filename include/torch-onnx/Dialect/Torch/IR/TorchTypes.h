//===- TorchTypes.h - Torch dialect types -----------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_IR_TORCHTYPES_H
#define TORCH_ONNX_DIALECT_TORCH_IR_TORCHTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include <optional>

namespace mlir::torch_onnx::Torch {

/// The size of a dim that is not known statically.
constexpr int64_t kUnknownSize = ShapedType::kDynamic;

class ValueTensorType;
class NonValueTensorType;

/// Either tensor type: `!torch.tensor` or `!torch.vtensor`.
class BaseTensorType : public Type {
public:
  using Type::Type;
  static bool classof(Type type);

  /// The sizes, or none when the rank is unknown.
  std::optional<ArrayRef<int64_t>> getOptionalSizes() const;
  /// The dtype, or null when unknown.
  Type getOptionalDtype() const;

  bool hasSizes() const { return getOptionalSizes().has_value(); }
  ArrayRef<int64_t> getSizes() const { return *getOptionalSizes(); }
  bool hasDtype() const { return static_cast<bool>(getOptionalDtype()); }
  Type getDtype() const { return getOptionalDtype(); }
  bool areAllSizesKnown() const;
  bool hasValueSemantics() const;
  int64_t getRank() const { return getSizes().size(); }

  /// The same kind of tensor type with other sizes and dtype.
  BaseTensorType getWithSizesAndDtype(std::optional<ArrayRef<int64_t>> sizes,
                                      Type dtype) const;
};

/// True for every type of the torch dialect.
bool isTorchType(Type type);
/// True for the element types a torch tensor may have.
bool isValidTorchDtype(Type type);
/// True when a value of type `sub` may flow where `super` is expected.
bool isValidSubtype(Type sub, Type super);

/// The shape and dtype of an example input, as the tools' `--input-shape`
/// spells it: sizes (kUnknownSize for `?`) and a dtype.
struct InputShape {
  SmallVector<int64_t> sizes;
  Type dtype;
};

/// Parses `1x3x224x224xf32`, `?x10xsi64` or `f32` (a 0-d tensor). Returns
/// std::nullopt and sets `error` when the text is malformed.
std::optional<InputShape> parseInputShape(MLIRContext *context, StringRef text,
                                          std::string &error);

} // namespace mlir::torch_onnx::Torch

#define GET_TYPEDEF_CLASSES
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h.inc"

#endif // TORCH_ONNX_DIALECT_TORCH_IR_TORCHTYPES_H
