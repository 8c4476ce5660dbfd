//===- MetaKernels.h - PyTorch kernels without data -------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// PyTorch computes the sizes and dtype of an op's results for tensors
// without data (its meta kernels). The tools that link LibTorch register a
// MetaKernelInterface with the Torch dialect; the shape inference, which
// does not link LibTorch, asks it about the ops that its rules leave without
// a rank, a dtype or a size.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_METAKERNELS_H
#define TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_METAKERNELS_H

#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::torch_onnx::Torch {

/// A tensor without data: its c10::ScalarType number and its sizes; or
/// None, in a list of optional tensors.
struct MetaTensor {
  int64_t scalarType = 0;
  SmallVector<int64_t> sizes;
  bool isNone = false;
};

/// One operand of an op, as PyTorch's kernels take it.
struct MetaOperand {
  enum class Kind {
    None,
    Tensor,
    TensorList,
    Int,
    IntList,
    Float,
    FloatList,
    Bool,
    Str,
    /// A device, which the kernels run on the meta device whatever it is.
    Device
  };
  Kind kind = Kind::None;
  /// Tensor: one; TensorList: each element.
  SmallVector<MetaTensor, 1> tensors;
  /// Int: one; IntList: each element.
  SmallVector<int64_t, 1> ints;
  /// Float: the first; FloatList: each element.
  SmallVector<double, 1> numbers;
  bool boolean = false;
  std::string str;
};

/// One result of an operator: a tensor, a list of tensors, or neither.
struct MetaResult {
  enum class Kind { Other, Tensor, TensorList };
  Kind kind = Kind::Other;
  /// Tensor: one; TensorList: each element.
  SmallVector<MetaTensor, 1> tensors;
};

/// Runs PyTorch's operators on tensors without data.
class MetaKernelInterface
    : public DialectInterface::Base<MetaKernelInterface> {
public:
  MetaKernelInterface(Dialect *dialect) : Base(dialect) {}

  /// The results of the operator `name` (`aten::addr`, `aten::add.Tensor`)
  /// on `operands`, one per result of its schema. None when the operator is
  /// unknown, has no kernel that runs without data, or rejects the
  /// operands.
  virtual std::optional<SmallVector<MetaResult>>
  run(StringRef name, ArrayRef<MetaOperand> operands) const = 0;
};

class ShapeRefiner;

/// Records the results of `op` that the MetaKernelInterface of the Torch
/// dialect computes from what `refiner` knows: only when one is registered,
/// `op` is a PyTorch operator, and each operand is a tensor of known rank
/// and dtype, a constant, or a list of either. Unknown sizes and ints take
/// stand-in values in several runs, and a result dim keeps an operand's
/// symbol when it follows it in every run. With `merge`, what the refiner
/// holds about a tensor result is kept and completed. False when it records
/// nothing.
bool inferWithMetaKernel(Operation *op, ShapeRefiner &refiner, bool merge);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_METAKERNELS_H
