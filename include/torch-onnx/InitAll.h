//===- InitAll.h - Registers the dialects and passes ------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_INITALL_H
#define TORCH_ONNX_INITALL_H

namespace mlir {
class DialectRegistry;
namespace torch_onnx {

/// Adds the torch, onnx and func dialects to `registry`.
void registerAllDialects(DialectRegistry &registry);
/// Registers every pass and pass pipeline of the project, plus the upstream
/// cleanups they use (canonicalize, cse, inline, symbol-dce).
void registerAllPasses();

} // namespace torch_onnx
} // namespace mlir

#endif // TORCH_ONNX_INITALL_H
