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

#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.h"
#include "torch-onnx/Target/ONNX/ONNXImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
/// Separates the model from the contents of model.onnx.data.
constexpr llvm::StringLiteral kDataSeparator = "\n--model.onnx.data--\n";
/// The context keeps every resource blob and name it has seen; a fresh one
/// every so many inputs bounds the memory of a long run.
constexpr unsigned kRunsPerContext = 512;

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, ONNX::ONNXDialect>();
  auto context = std::make_unique<MLIRContext>(
      registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return context;
}

/// The private folder of this process, removed at exit.
std::string folder;
void removeFolder() {
  llvm::sys::fs::remove(folder + "/model.onnx");
  llvm::sys::fs::remove(folder + "/model.onnx.data");
  llvm::sys::fs::remove(folder);
}

void writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    llvm::report_fatal_error("cannot write " + llvm::Twine(path));
  os << bytes;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::unique_ptr<MLIRContext> context;
  static unsigned runs = 0;
  if (!context || ++runs % kRunsPerContext == 0)
    context = makeContext();
  if (folder.empty()) {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory("onnx-import-fuzzer", path))
      llvm::report_fatal_error("cannot create a temporary folder");
    folder = std::string(path);
    std::atexit(removeFolder);
  }

  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto [model, externalData] = input.split(kDataSeparator);
  std::string modelPath = folder + "/model.onnx";
  std::string dataPath = folder + "/model.onnx.data";
  writeFile(modelPath, model);
  if (input.contains(kDataSeparator))
    writeFile(dataPath, externalData);
  else
    llvm::sys::fs::remove(dataPath);

  bool reported = false;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
    reported |= diag.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  OwningOpRef<ModuleOp> module = importONNXFile(modelPath, context.get());
  // A refused model names its reason.
  if (!module) {
    if (!reported)
      __builtin_trap();
    return 0;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  return 0;
}
