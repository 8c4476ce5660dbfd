//===- ONNXImportFuzzer.cpp - libFuzzer harness of the ONNX importer ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to the importer of `--import-onnx`. An input is a
// model, optionally followed by the separator below and the bytes of its
// external data file. The harness writes them to model.onnx and
// model.onnx.data in a private temporary folder and imports model.onnx from
// there, as the tool does; a model that imports is printed, resources
// included. utils/fuzz.sh builds it.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.h"
#include "torch-onnx/Target/ONNX/ONNXImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::torch_onnx;

/// Separates the model from the contents of model.onnx.data.
static constexpr llvm::StringLiteral kDataSeparator =
    "\n--model.onnx.data--\n";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = fuzz::getContextForNextInput(
      /*runsPerContext=*/512, [](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, ONNX::ONNXDialect>();
      });
  std::string modelPath =
      fuzz::getPrivatePath("onnx-import-fuzzer", "model.onnx");
  std::string dataPath =
      fuzz::getPrivatePath("onnx-import-fuzzer", "model.onnx.data");

  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto [model, externalData] = input.split(kDataSeparator);
  fuzz::writeFile(modelPath, model);
  if (input.contains(kDataSeparator))
    fuzz::writeFile(dataPath, externalData);
  else
    llvm::sys::fs::remove(dataPath);
  fuzz::importAndPrint(context,
                       [&] { return importONNXFile(modelPath, &context); });
  return 0;
}
