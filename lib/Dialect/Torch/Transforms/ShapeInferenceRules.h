//===- ShapeInferenceRules.h - Per-op shape inference rules -----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The rules of the shape inference, one function per op family, and the
// helpers they share. A rule records what it knows about the op's results
// in the ShapeRefiner and returns true; it returns false for ops it does not
// know. Rules never change the IR.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_SHAPEINFERENCERULES_H
#define TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_SHAPEINFERENCERULES_H

#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"

#include "mlir/IR/Operation.h"

namespace mlir::torch_onnx::Torch {

//===----------------------------------------------------------------------===//
// Rule families
//===----------------------------------------------------------------------===//

/// where, the logical ops and floor_divide, which broadcast an unknown dim
/// against a known one.
bool inferElementwiseOp(Operation *op, ShapeRefiner &refiner);
/// view, reshape and expand, whose sizes are often symbols.
bool inferViewOp(Operation *op, ShapeRefiner &refiner);
/// nonzero, masked_select, index and narrow.
bool inferIndexingOp(Operation *op, ShapeRefiner &refiner);
/// Losses, linear and baddbmm; then inferSequenceOp.
bool inferNeuralNetOp(Operation *op, ShapeRefiner &refiner);
/// Recurrent layers and attention.
bool inferSequenceOp(Operation *op, ShapeRefiner &refiner);
/// arange and the `tensor` builtins.
bool inferCreationOp(Operation *op, ShapeRefiner &refiner);
/// Ops on Python ints and lists: size.int, int arithmetic, NumToTensor,
/// list access.
bool inferScalarOp(Operation *op, ShapeRefiner &refiner);

/// Records the int a 0-d tensor holds when `op` computes it from other such
/// ints (`bsz * num_heads` in traced attention code).
void inferTensorIntArithmetic(Operation *op, ShapeRefiner &refiner);

/// Applies the hand-written rule that knows `op`; false when none does.
inline bool applyHandWrittenRules(Operation *op, ShapeRefiner &refiner) {
  return inferElementwiseOp(op, refiner) || inferViewOp(op, refiner) ||
         inferIndexingOp(op, refiner) || inferNeuralNetOp(op, refiner) ||
         inferCreationOp(op, refiner) || inferScalarOp(op, refiner);
}

/// What LibTorch's shape function of an op says when it runs on what a
/// refiner knows of the op's operands (ShapeLibrary.cpp).
struct ShapeFunctionResult {
  /// The dims of each tensor result, in order; none when the op has no
  /// shape function or the function cannot tell.
  std::optional<SmallVector<OptionalDims>> dims;
  /// The error the function raised, in PyTorch's words: PyTorch would
  /// reject these operands.
  std::optional<std::string> error;
};
ShapeFunctionResult runShapeFunction(Operation *op,
                                     const ShapeRefiner &refiner);

/// The dtype of result `resultIndex` of `op` by the rule that
/// utils/odsgen/opinfo_rules.py learned from PyTorch's OpInfo samples
/// (LearnedDtypes.cpp); null when there is none or an operand's dtype is
/// unknown.
Type getLearnedDtype(Operation *op, unsigned resultIndex,
                     const ShapeRefiner &refiner);

/// Records what the hand-written rule, the shape function, the learned
/// dtypes and the meta kernel of `op` know about its results: each dim the
/// most specific answer, the dtype the first one known. False when none
/// knows the op.
bool applyShapeRules(Operation *op, ShapeRefiner &refiner);

//===----------------------------------------------------------------------===//
// Op families
//===----------------------------------------------------------------------===//

/// True for the elementwise ops whose tensor operands broadcast together:
/// those whose shape function is LibTorch's broadcast (`add.Tensor`,
/// `where.self`, ...), and the logical ops and floor_divide.
bool isBroadcastingElementwiseOp(Operation *op);

//===----------------------------------------------------------------------===//
// Dtypes
//===----------------------------------------------------------------------===//

Type getF32Dtype(MLIRContext *context);
Type getSi64Dtype(MLIRContext *context);
Type getBoolDtype(MLIRContext *context);
/// The dtype of `torch.result_type(operands...)`: tensors of rank > 0 take
/// precedence over 0-d tensors, which take precedence over Python scalars,
/// unless the lower group has a higher category (bool < int < float <
/// complex). None operands are skipped. Null when a dtype is unknown.
/// `dimensioned` counts 0-d tensors as tensors of rank > 0, as a few ops
/// (addr) do.
Type promoteOperandDtypes(const ShapeRefiner &refiner, ValueRange operands,
                          bool dimensioned = false);

//===----------------------------------------------------------------------===//
// Dims
//===----------------------------------------------------------------------===//

/// `dim` wrapped into [0, rank) as PyTorch does for negative dims; none when
/// out of range.
std::optional<int64_t> normalizeDim(int64_t dim, int64_t rank);
/// The permutation that movedim(source, destination) applies on a rank; none
/// when a dim is out of range or repeated.
std::optional<SmallVector<int64_t>>
getMovedimPermutation(ArrayRef<int64_t> source, ArrayRef<int64_t> destination,
                      int64_t rank);
/// The dim of a broadcast of two dims.
DimInfo broadcastDim(DimInfo a, DimInfo b);
/// The dims of the broadcast of `tensors`, none when a rank is unknown.
std::optional<SmallVector<DimInfo>>
broadcastTensorDims(ArrayRef<TensorInfo> tensors);
/// `a * b`, keeping a symbol when the other factor is 1.
DimInfo multiplyDims(DimInfo a, DimInfo b);

/// A product of dims: a known factor times unknown dims, kept as symbols.
struct SymbolicProduct {
  int64_t factor = 1;
  SmallVector<StringAttr> symbols;
  /// True when an unknown dim without a symbol took part.
  bool opaque = false;

  void multiply(DimInfo dim);
  /// `this / other` as a single dim, when it is one: a known quotient or a
  /// single remaining symbol.
  std::optional<DimInfo> divideToDim(const SymbolicProduct &other) const;
};

/// The product of `dims`, keeping a symbol when all others are 1.
DimInfo multiplyAllDims(ArrayRef<DimInfo> dims);
/// The dim shared by tensors that must agree on it (as in cat): a known
/// size if any knows it, else a symbol if any has one.
DimInfo unifyDims(DimInfo a, DimInfo b);

/// The ints of a constant int list operand, if it is one.
std::optional<SmallVector<int64_t>> getConstantInts(const ShapeRefiner &refiner,
                                                    Value list);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_SHAPEINFERENCERULES_H
