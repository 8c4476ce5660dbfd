//===- Passes.h - ONNX dialect cleanups -------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_TRANSFORMS_PASSES_H
#define TORCH_ONNX_DIALECT_ONNX_TRANSFORMS_PASSES_H

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::torch_onnx::ONNX {

#define GEN_PASS_DECL
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"

/// The pattern of `onnx-fuse-rms-normalization`, for the target opset's
/// users to check: it does not look at the opset itself.
void populateFuseRMSNormalizationPatterns(RewritePatternSet &patterns);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_DIALECT_ONNX_TRANSFORMS_PASSES_H
