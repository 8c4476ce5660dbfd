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

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Import/TorchExport/TorchExportImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
/// The context keeps every resource blob and name it has seen; a fresh one
/// every so many inputs bounds the memory of a long run.
constexpr unsigned kRunsPerContext = 256;

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, Torch::TorchDialect>();
  auto context = std::make_unique<MLIRContext>(
      registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return context;
}

/// The private folder of this process, removed at exit.
std::string folder;
void removeFolder() {
  llvm::sys::fs::remove(folder + "/model.pt2");
  llvm::sys::fs::remove(folder);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::unique_ptr<MLIRContext> context;
  static unsigned runs = 0;
  if (!context || ++runs % kRunsPerContext == 0)
    context = makeContext();
  if (folder.empty()) {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory("pt2-import-fuzzer", path))
      llvm::report_fatal_error("cannot create a temporary folder");
    folder = std::string(path);
    std::atexit(removeFolder);
  }
  std::string path = folder + "/model.pt2";
  {
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    if (error)
      llvm::report_fatal_error("cannot write " + llvm::Twine(path));
    os << llvm::StringRef(reinterpret_cast<const char *>(data), size);
  }

  bool reported = false;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
    reported |= diag.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  OwningOpRef<ModuleOp> module = importTorchExportFile(path, context.get());
  // A refused archive names its reason.
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
