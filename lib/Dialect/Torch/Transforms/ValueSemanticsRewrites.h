//===- ValueSemanticsRewrites.h - Value forms of writing ops ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Builders of the value-semantic ops that compute what a writing op leaves
// in the tensor it writes. Each takes the current contents of its operands
// as value tensors and returns the new contents, or fails after emitting an
// error at the writing op.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_VALUESEMANTICSREWRITES_H
#define TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_VALUESEMANTICSREWRITES_H

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

namespace mlir::torch_onnx::Torch {

/// The contents `copy_` leaves in a tensor of type `targetType` whose
/// current contents are `target`: `source` broadcast to its shape and cast
/// to its dtype.
Value createCopiedValue(OpBuilder &builder, Location loc, Value source,
                        Value target, BaseTensorType targetType);

/// The value-semantic op of in-place op `op` (`aten.add_.Tensor` gives
/// `aten.add.Tensor`, `torch.operator "ns::foo_"` gives `"ns::foo"`),
/// applied to `operands`, with one result of type `resultType`.
FailureOr<Value> createFunctionalOp(OpBuilder &builder, Operation *op,
                                    ValueRange operands, Type resultType);

/// The value-semantic overload of out= variant `op` (`aten.add.out` gives
/// `aten.add.Tensor`), applied to `operands` (the op's operands without the
/// outputs).
FailureOr<Operation *> createFunctionalFromOutVariant(OpBuilder &builder,
                                                      Operation *op,
                                                      ValueRange operands,
                                                      TypeRange resultTypes);

/// The new contents of `base` after `update` is written to `view`, a view
/// of it. `base` and `update` are current contents. For the list a split
/// returns, `update` is the new list and the result joins its pieces; for
/// a piece unpacked from such a list, `base` is the list and the result is
/// the list with that piece replaced.
FailureOr<Value> createScatter(OpBuilder &builder, OpResult view, Value base,
                               Value update, Operation *writer);

/// The running mean and variance that normalization op `norm` leaves when
/// it normalizes with its input's statistics: `running + momentum *
/// (statistic - running)`, where the statistics are the mean and unbiased
/// variance of each channel: over the batch for batch norm, and for
/// instance norm (`perInstance`) over each instance, averaged over the
/// batch.
FailureOr<std::pair<Value, Value>>
createUpdatedRunningStats(OpBuilder &builder, Operation *norm, Value input,
                          Value runningMean, Value runningVar, Value momentum,
                          bool perInstance = false);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_VALUESEMANTICSREWRITES_H
