//===- TransformUtils.h - Helpers shared by the Torch passes ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_TRANSFORMUTILS_H
#define TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_TRANSFORMUTILS_H

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace mlir::torch_onnx::Torch {

/// True when `type` is `!torch.tensor` or a list, tuple, optional, union or
/// dict that may hold one.
bool holdsNonValueTensor(Type type);

/// `type` with every `!torch.tensor` in it, nested ones included, replaced
/// by the `!torch.vtensor` of the same sizes and dtype.
Type getValueSemanticType(Type type);

/// The operands that `op` writes to in place, or std::nullopt when the op
/// may write to operands in a way this function does not know. Ops that
/// write nothing (including `aten.batch_norm` outside training mode) give
/// an empty list.
std::optional<SmallVector<unsigned>> getWrittenOperands(Operation *op);

/// True when a result of `op` may share storage with one of its operands:
/// views, in-place and out= variants, list and tuple elements.
bool mayAliasOperands(Operation *op);

/// The registered name of the value-semantic form of an in-place op name:
/// `torch.aten.add_.Tensor` gives `torch.aten.add.Tensor`. Returns an empty
/// optional when no such op is registered.
std::optional<OperationName> getFunctionalFormOfInPlaceOp(Operation *op);

/// Sets the type of `func` from its entry block arguments and its
/// `func.return` operands.
void updateFunctionResultTypes(func::FuncOp func);

/// How diagnostics and generated names refer to argument `index` of `func`:
/// its `torch_onnx.name`, or `arg<index>`.
inline std::string getArgumentName(func::FuncOp func, unsigned index) {
  if (auto name = func.getArgAttrOfType<StringAttr>(index, "torch_onnx.name"))
    return name.str();
  return "arg" + std::to_string(index);
}

/// Finds the slots of `torch.nn_module` instances by name. Each instance is
/// indexed on its first lookup, so that resolving every module access of a
/// large function stays linear in the number of accesses.
class SlotLookup {
public:
  /// The first slot of `module` named `name`, or null.
  SlotOp lookup(NnModuleOp module, StringAttr name);
  /// Records `slot`, just added to `module`, unless the name is taken.
  void insert(NnModuleOp module, SlotOp slot);

private:
  DenseMap<Operation *, DenseMap<StringAttr, SlotOp>> slots;
};

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_TRANSFORMUTILS_H
