//===- TorchConstants.h - Torch values known at compile time ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reading the Torch scalars and lists that the conversion knows at compile
// time: constants, sizes of static dims, the int arithmetic on them, and the
// elements of lists built by `torch.prim.ListConstruct`.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TORCHCONSTANTS_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TORCHCONSTANTS_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::torch_onnx::torch_to_onnx {

/// The value of an int constant (`torch.constant.int`, or an int
/// `torch.constant.number`). Sizes and int arithmetic known at compile time
/// are constants once `torch-cleanup` has folded them.
std::optional<int64_t> getConstantInt(Value value);
/// The value of a float (or an int or bool) known at compile time.
std::optional<double> getConstantFloat(Value value);
/// The value of a bool known at compile time.
std::optional<bool> getConstantBool(Value value);
/// The ints of a list whose elements are all known at compile time.
std::optional<SmallVector<int64_t>> getConstantIntList(Value list);
/// The elements of a list built by `torch.prim.ListConstruct`.
std::optional<SmallVector<Value>> getListElements(Value list);
/// True for a value of type `!torch.none`, such as `torch.constant.none`.
bool isNone(Value value);

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TORCHCONSTANTS_H
