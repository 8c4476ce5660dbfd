//===- RuntimeAssertions.h - Ops that only check at run time ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_IR_RUNTIMEASSERTIONS_H
#define TORCH_ONNX_DIALECT_TORCH_IR_RUNTIMEASSERTIONS_H

#include "mlir/Support/LLVM.h"

namespace mlir::torch_onnx::Torch {

/// Whether the op named `name` only checks at run time what torch.export
/// assumed (`aten._assert_tensor_metadata`, `aten._assert_scalar`,
/// `aten.sym_constrain_range`, ...), so that an exported graph, which
/// cannot raise, drops it. `name` may be spelled `aten::X.overload`, as
/// LibTorch does, or `torch.aten.X.overload`, as the Torch dialect does.
bool isRuntimeAssertion(StringRef name);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_DIALECT_TORCH_IR_RUNTIMEASSERTIONS_H
