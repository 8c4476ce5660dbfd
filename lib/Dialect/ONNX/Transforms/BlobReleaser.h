//===- BlobReleaser.h - Releasing weights that rewrites replace -*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_BLOBRELEASER_H
#define TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_BLOBRELEASER_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::torch_onnx::ONNX {

/// A rewrite listener that counts the ops whose `value` is a resource blob
/// and releases a blob as soon as the last of them is erased, so that a
/// folded weight does not live beside the weight it replaces until
/// the end of the pipeline. Blobs are released only when `func` is the only
/// function of its module: another function, possibly being rewritten on
/// another thread, could refer to the same blob.
class BlobReleaser : public RewriterBase::Listener {
public:
  explicit BlobReleaser(Operation *func);

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override;
  void notifyOperationErased(Operation *op) override;

private:
  bool enabled = false;
  llvm::StringMap<unsigned> references;
};

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_BLOBRELEASER_H
