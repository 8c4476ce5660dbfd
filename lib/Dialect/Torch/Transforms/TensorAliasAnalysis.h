//===- TensorAliasAnalysis.h - Which tensors share storage ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Classifies every reference-semantics value of a function by how its
// storage relates to other values: fresh storage, the same tensor as
// another value, a view computed from another value, a list or tuple of
// other values, or a value that may or may not share storage with others.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_TENSORALIASANALYSIS_H
#define TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_TENSORALIASANALYSIS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::torch_onnx::Torch {

/// How the storage of a value relates to other values.
enum class AliasKind {
  /// Storage of its own: a function argument, or the result of an op with
  /// value semantics.
  Root,
  /// The same tensor as `base` (an in-place result, `aten.detach`, ...).
  Identity,
  /// A view computed from `base` by `op`, whose operand 0 is `base`.
  View,
  /// A list or tuple built by `op` from its operands, never modified.
  Aggregate,
  /// May or may not share storage with its roots: reading it is fine until
  /// one of them changes; writing through it cannot be rewritten.
  Ambiguous,
};

/// What the analysis knows about one value.
struct AliasInfo {
  AliasKind kind = AliasKind::Root;
  /// For Identity and View: the value it derives from.
  Value base;
  /// For View and Aggregate: the op computing it.
  Operation *op = nullptr;
  /// For Aggregate: the op's operands when it was classified, which a
  /// rewrite may since have replaced in the op itself.
  SmallVector<Value> operands;
  /// For View: whether a write through the view can be written back.
  bool invertible = false;
  /// The Root values whose storage this value may share.
  llvm::SmallSetVector<Value, 4> roots;
};

/// For an op whose results split operand 0 into disjoint views that cover
/// it in order (`aten.chunk`, `aten.split.Tensor`, `aten.unbind.int`, ...),
/// the index of its dim operand.
std::optional<unsigned> getSplitDimOperand(Operation *op);

/// The alias classification of one function.
class TensorAliasAnalysis {
public:
  /// Classifies the values of `func`.
  explicit TensorAliasAnalysis(func::FuncOp func);

  /// The classification of `value`, or null for a value that holds no
  /// reference-semantics tensor.
  const AliasInfo *lookup(Value value) const;

  /// The roots defined outside `op` that the ops nested in `op` write to,
  /// in the order the writes appear.
  SmallVector<Value> getRootsWrittenInside(Operation *op) const;

  /// True when `value` is defined inside `op`'s regions.
  static bool isDefinedInside(Value value, Operation *op);

private:
  void classifyBlock(Block &block);
  void classifyOp(Operation *op);
  void classifyIf(Operation *op);
  void classifyLoop(Operation *op);
  void classifyResult(Operation *op, Value result, unsigned index);
  void setRoot(Value value);
  void setDerived(Value value, AliasKind kind, Value base, Operation *op,
                  bool invertible = false);
  void setAmbiguous(Value value, ArrayRef<Value> sources);
  void setAggregate(Value value, Operation *op);
  /// True for a value known to be the whole tensor of its root.
  bool isWholeRoot(Value value) const;

  llvm::DenseMap<Value, AliasInfo> infos;
};

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_TENSORALIASANALYSIS_H
