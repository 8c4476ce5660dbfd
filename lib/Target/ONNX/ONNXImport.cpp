//===- ONNXImport.cpp - ONNX protobuf to the ONNX dialect -----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Target/ONNX/ONNXImport.h"

using namespace mlir;

// Placeholder until the ONNX importer lands.
OwningOpRef<ModuleOp> mlir::torch_onnx::importONNXFile(llvm::StringRef path,
                                                       MLIRContext *context) {
  emitError(FileLineColLoc::get(context, path, 0, 0))
      << "the ONNX importer is not built yet";
  return nullptr;
}
