//===- TorchScriptImporter.cpp - TorchScript archives to Torch IR ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"

using namespace mlir;

// Placeholder until the importer lands.
OwningOpRef<ModuleOp> mlir::torch_onnx::importTorchScriptFile(
    llvm::StringRef path, const TorchScriptImportOptions &, MLIRContext *context) {
  emitError(FileLineColLoc::get(context, path, 0, 0))
      << "the TorchScript importer is not built yet";
  return nullptr;
}
