//===- FuzzerSupport.h - What the importer harnesses share ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The harnesses that import files: a context renewed every so many inputs,
// a private temporary folder for the files an input becomes, and the check
// that a refused input names its reason.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_UTILS_FUZZ_FUZZERSUPPORT_H
#define TORCH_ONNX_UTILS_FUZZ_FUZZERSUPPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace mlir::torch_onnx::fuzz {

/// The context for the next input. A context keeps every type, name and
/// resource blob it has seen; a fresh one, with the dialects that
/// `addDialects` registers, every `runsPerContext` inputs bounds the memory
/// of a long run.
inline MLIRContext &getContextForNextInput(
    unsigned runsPerContext,
    llvm::function_ref<void(DialectRegistry &)> addDialects) {
  static std::unique_ptr<MLIRContext> context;
  static unsigned runs = 0;
  if (!context || ++runs % runsPerContext == 0) {
    DialectRegistry registry;
    addDialects(registry);
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
  }
  return *context;
}

/// The path of `file` in a private temporary folder of this process, named
/// after `harness`; the folder and the files named so are removed at exit.
inline std::string getPrivatePath(llvm::StringRef harness,
                                  llvm::StringRef file) {
  static std::string folder;
  static std::vector<std::string> files;
  if (folder.empty()) {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory(harness, path))
      llvm::report_fatal_error("cannot create a temporary folder");
    folder = std::string(path);
    std::atexit(+[] {
      for (const std::string &name : files)
        llvm::sys::fs::remove(name);
      llvm::sys::fs::remove(folder);
    });
  }
  std::string path = folder + "/" + file.str();
  if (llvm::find(files, path) == files.end())
    files.push_back(path);
  return path;
}

/// Writes `bytes` to `path`.
inline void writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    llvm::report_fatal_error("cannot write " + llvm::Twine(path));
  os << bytes;
}

/// Runs `import`. A module it returns is printed, resources included; when
/// it returns none, it must have reported an error that names the reason,
/// else the harness traps.
inline void
importAndPrint(MLIRContext &context,
               llvm::function_ref<OwningOpRef<ModuleOp>()> import) {
  bool reported = false;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    reported |= diag.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  OwningOpRef<ModuleOp> module = import();
  if (!module) {
    if (!reported)
      __builtin_trap();
    return;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
}

} // namespace mlir::torch_onnx::fuzz

#endif // TORCH_ONNX_UTILS_FUZZ_FUZZERSUPPORT_H
