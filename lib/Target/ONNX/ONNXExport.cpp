//===- ONNXExport.cpp - ONNX dialect to ONNX protobuf ---------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Target/ONNX/ONNXExport.h"

using namespace mlir;

// Placeholder until the emitter lands.
LogicalResult mlir::torch_onnx::exportONNXFile(ModuleOp module, StringRef,
                                               const ONNXExportOptions &) {
  return module.emitError("the ONNX emitter is not built yet");
}

LogicalResult mlir::torch_onnx::exportONNXText(ModuleOp module, raw_ostream &) {
  return module.emitError("the ONNX emitter is not built yet");
}
