//===- TorchValues.h - Torch lists and none in the conversion ---*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The structure of Torch values the patterns read: the elements of lists
// built by `torch.prim.ListConstruct`, and `none`. Constants are read with
// the Torch dialect's matchConstant* functions (TorchOps.h).
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TORCHVALUES_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TORCHVALUES_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::torch_onnx::torch_to_onnx {

/// The elements of a list built by `torch.prim.ListConstruct`.
std::optional<SmallVector<Value>> getListElements(Value list);
/// True for a value of type `!torch.none`, such as `torch.constant.none`.
bool isNone(Value value);

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TORCHVALUES_H
