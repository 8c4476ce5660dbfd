//===- ONNXExport.cpp - ONNX dialect to ONNX protobuf ---------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The emitter: builds the model (ModelBuilder), checks it with libonnx
// (ONNXChecks) and writes it (ModelWriter) or prints it (TextPrinter).
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Target/ONNX/ONNXExport.h"

#include "ModelBuilder.h"
#include "ModelWriter.h"
#include "ONNXChecks.h"
#include "TextPrinter.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::torch_onnx;

LogicalResult
mlir::torch_onnx::exportONNXFile(ModuleOp module, StringRef outputPath,
                                 const ONNXExportOptions &options,
                                 bool *wroteExternalData) {
  ModelContents contents;
  if (failed(buildModel(module, contents)))
    return failure();
  if (options.verify) {
    std::vector<const onnx::TensorProto *> largeHeaders;
    largeHeaders.reserve(contents.largeInitializers.size());
    for (const LargeInitializer &init : contents.largeInitializers)
      largeHeaders.push_back(&init.header);
    if (std::optional<std::string> error =
            checkModel(contents.model, largeHeaders))
      return module.emitError() << *error;
  }
  return writeModelFile(contents, outputPath, options.externalDataThreshold,
                        module.getLoc(), wroteExternalData);
}

LogicalResult mlir::torch_onnx::exportONNXText(ModuleOp module,
                                               raw_ostream &os) {
  ModelContents contents;
  if (failed(buildModel(module, contents)))
    return failure();
  printModelText(contents, os);
  return success();
}
