//===- PT2ImportFuzzer.cpp - libFuzzer harness of the .pt2 importer -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to the importer of `.pt2` archives (torch.export
// programs): the harness writes them to model.pt2 in a private temporary
// folder and imports it from there, as torch-onnx-compile does; a program
// that imports is printed. A refused archive must name its reason in an
// error. utils/fuzz.sh builds it.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Import/TorchExport/TorchExportImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::torch_onnx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = fuzz::getContextForNextInput(
      /*runsPerContext=*/256, [](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, Torch::TorchDialect>();
      });
  std::string path = fuzz::getPrivatePath("pt2-import-fuzzer", "model.pt2");
  fuzz::writeFile(path,
                  llvm::StringRef(reinterpret_cast<const char *>(data), size));
  fuzz::importAndPrint(context,
                       [&] { return importTorchExportFile(path, &context); });
  return 0;
}
