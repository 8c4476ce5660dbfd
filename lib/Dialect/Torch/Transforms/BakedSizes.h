//===- BakedSizes.h - Rewrite sizes that tracing fixed ----------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Tracing records Python ints as constants, so a size computed from an
// input's shape becomes the example's size. When `torch-generalize-shapes`
// makes a dim dynamic, these constants are rewritten into values computed at
// run time where their meaning is clear, and reported otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_BAKEDSIZES_H
#define TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_BAKEDSIZES_H

#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"

#include "mlir/IR/Builders.h"

namespace mlir::torch_onnx::Torch {

/// A dim of an entry function argument made dynamic.
struct DynamicArgumentDim {
  BlockArgument argument;
  int64_t axis;
  /// The size the example input had.
  int64_t tracedSize;
  StringAttr symbol;
};

/// Rewrites the constants of one op that hold a traced size of a dim that
/// is now dynamic. It runs on each op before the ShapeRefiner refines it,
/// so the op's operands already have their new types.
class BakedSizeRewriter {
public:
  /// `tracedTypes` holds the type every value had before the dims became
  /// dynamic.
  BakedSizeRewriter(ShapeRefiner &refiner, DenseMap<Value, Type> tracedTypes,
                    ArrayRef<DynamicArgumentDim> dynamicDims)
      : refiner(refiner), tracedTypes(std::move(tracedTypes)),
        dynamicDims(dynamicDims) {}

  void rewrite(Operation *op);

private:
  /// For each dim of `tensor`: its traced size if the dim became dynamic.
  SmallVector<std::optional<int64_t>> getGeneralizedDims(Value tensor) const;
  /// The traced sizes of `tensor`, if all were known.
  std::optional<SmallVector<int64_t>> getTracedSizes(Value tensor) const;
  /// The symbol of dim `dim` of `tensor` now, for messages.
  std::string describeDim(Value tensor, int64_t dim) const;

  void rewriteReshape(Operation *op, Value input, unsigned listIndex);
  void rewriteExpand(Operation *op);
  void rewriteSlice(Operation *op);
  void rewriteSelect(Operation *op);
  void rewriteNarrow(Operation *op);
  void rewriteSplit(Operation *op);
  void rewriteCreation(Operation *op, unsigned listIndex);
  void rewriteArangeEnd(Operation *op, unsigned endIndex);

  /// The argument dim with `size` as its traced size, when it is unique.
  /// `ambiguous` is set when several symbols have that traced size.
  const DynamicArgumentDim *findArgumentDimOfSize(int64_t size,
                                                  bool &ambiguous) const;

  /// Builders of the replacement values, placed before `op` and refined.
  Value createInt(Operation *op, Location loc, int64_t value);
  Value createSize(Operation *op, Location loc, Value tensor, int64_t dim);
  Value createMul(Operation *op, Location loc, Value a, Value b);
  /// Replaces element `position` of the list operand `listIndex` of `op`,
  /// copying the list first if others use it too.
  void replaceListElement(Operation *op, unsigned listIndex,
                          ArrayRef<std::pair<unsigned, Value>> replacements);
  /// Replaces operand `index` of `op`.
  void replaceOperand(Operation *op, unsigned index, Value value);

  ShapeRefiner &refiner;
  DenseMap<Value, Type> tracedTypes;
  ArrayRef<DynamicArgumentDim> dynamicDims;
};

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_BAKEDSIZES_H
