//===- Resources.cpp - Releasing unreferenced resource blobs --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Pipelines/Resources.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

size_t torch_onnx::releaseUnreferencedResources(Operation *root) {
  // Resources are referenced from op attributes, and from dictionaries and
  // arrays nested in them (function argument attributes, for example).
  llvm::StringSet<> referenced;
  root->walk([&](Operation *op) {
    op->getAttrDictionary().walk([&](DenseResourceElementsAttr attr) {
      referenced.insert(attr.getRawHandle().getKey());
    });
  });

  auto &manager =
      DenseResourceElementsHandle::getManagerInterface(root->getContext())
          .getBlobManager();
  SmallVector<std::string> unreferenced;
  manager.getBlobMap(
      [&](const llvm::StringMap<DialectResourceBlobManager::BlobEntry> &blobs) {
        for (const auto &entry : blobs)
          if (entry.second.getBlob() && !referenced.contains(entry.getKey()))
            unreferenced.push_back(entry.getKey().str());
      });
  size_t released = 0;
  for (const std::string &name : unreferenced) {
    DialectResourceBlobManager::BlobEntry *entry = manager.lookup(name);
    if (!entry || !entry->getBlob())
      continue;
    released += entry->getBlob()->getData().size();
    entry->setBlob(AsmResourceBlob());
  }
  return released;
}
