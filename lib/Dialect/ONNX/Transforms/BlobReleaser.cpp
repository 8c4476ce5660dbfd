//===- BlobReleaser.cpp - Releasing weights as rewrites replace them ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlobReleaser.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;
using namespace mlir::torch_onnx;

/// Calls `fn` on each resource blob that `op`'s attributes refer to.
static void forEachResource(Operation *op,
                            function_ref<void(DenseResourceElementsAttr)> fn) {
  op->getAttrDictionary().walk(
      [&](DenseResourceElementsAttr resource) { fn(resource); });
}

ONNX::BlobReleaser::BlobReleaser(Operation *func) {
  Operation *parent = func->getParentOp();
  enabled = parent && parent->getNumRegions() == 1 &&
            parent->getRegion(0).hasOneBlock() &&
            llvm::hasSingleElement(parent->getRegion(0).front());
  if (!enabled)
    return;
  func->walk([&](Operation *op) {
    forEachResource(op, [&](DenseResourceElementsAttr resource) {
      ++references[resource.getRawHandle().getKey()];
    });
  });
}

void ONNX::BlobReleaser::notifyOperationInserted(
    Operation *op, OpBuilder::InsertPoint previous) {
  if (!enabled || previous.isSet())
    return;
  forEachResource(op, [&](DenseResourceElementsAttr resource) {
    ++references[resource.getRawHandle().getKey()];
  });
}

void ONNX::BlobReleaser::notifyOperationErased(Operation *op) {
  if (!enabled)
    return;
  forEachResource(op, [&](DenseResourceElementsAttr resource) {
    auto it = references.find(resource.getRawHandle().getKey());
    if (it == references.end() || --it->second != 0)
      return;
    references.erase(it);
    if (DialectResourceBlobManager::BlobEntry *entry =
            resource.getRawHandle().getResource())
      entry->setBlob(AsmResourceBlob());
  });
}
