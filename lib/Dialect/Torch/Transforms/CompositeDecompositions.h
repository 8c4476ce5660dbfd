//===- CompositeDecompositions.h - Composite ops as PyTorch builds them --===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Patterns that rewrite the composite ops that TorchScript records whole
// (`aten::cosine_similarity`, `aten::kron`, ...) into the ops their PyTorch
// implementation calls.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_COMPOSITEDECOMPOSITIONS_H
#define TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_COMPOSITEDECOMPOSITIONS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::torch_onnx::Torch {

/// Adds the decompositions of composite ops to `patterns`.
void populateCompositeDecompositionPatterns(RewritePatternSet &patterns);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_LIB_DIALECT_TORCH_TRANSFORMS_COMPOSITEDECOMPOSITIONS_H
