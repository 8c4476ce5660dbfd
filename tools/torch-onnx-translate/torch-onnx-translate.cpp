//===- torch-onnx-translate.cpp - Import and export torch-onnx IR ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Moves IR across the project's boundaries: TorchScript and torch.export
// (.pt2) archives in, ONNX models in and out.
//
// The source is built twice. torch-onnx-translate-torchscript has the
// importers that link LibTorch; torch-onnx-translate does not load LibTorch,
// whose start-up takes most of a second, and runs the former for
// --import-torchscript and --import-torch-export.
//
//===----------------------------------------------------------------------===//

#ifdef TORCH_ONNX_TRANSLATE_TORCHSCRIPT
#include "torch-onnx/Import/TorchExport/TorchExportImporter.h"
#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"
#endif
#include "torch-onnx/InitAll.h"
#include "torch-onnx/Support/NestingDepth.h"
#include "torch-onnx/Support/SilentFailure.h"
#include "torch-onnx/Target/ONNX/ONNXExport.h"
#include "torch-onnx/Target/ONNX/ONNXImport.h"
#include "torch-onnx/Version.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#ifndef TORCH_ONNX_TRANSLATE_TORCHSCRIPT
#include <unistd.h>
#endif

using namespace mlir;
using namespace mlir::torch_onnx;
namespace cl = llvm::cl;

namespace {
enum class Action {
  ImportTorchScript,
  ImportTorchExport,
  ImportONNX,
  ExportONNX,
  ExportONNXText
};

cl::opt<Action> action(
    cl::desc("Translation:"), cl::Required,
    cl::values(clEnumValN(Action::ImportTorchScript, "import-torchscript",
                          "TorchScript archive (.pt) to the Torch dialect"),
               clEnumValN(Action::ImportTorchExport, "import-torch-export",
                          "torch.export archive (.pt2) to the Torch dialect; "
                          "the program carries its input shapes"),
               clEnumValN(Action::ImportONNX, "import-onnx",
                          "ONNX model to the ONNX dialect"),
               clEnumValN(Action::ExportONNX, "export-onnx",
                          "ONNX dialect to an ONNX model"),
               clEnumValN(Action::ExportONNXText, "export-onnx-text",
                          "ONNX dialect to ONNX's textual syntax")));

cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<input file>"),
                                   cl::Required);
cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                    cl::value_desc("filename"), cl::init("-"));
cl::list<std::string> inputShapes(
    "input-shape",
    cl::desc("Shape of one tensor argument of forward, in order, such as "
             "1x3x224x224xf32 ('?' for an unknown dim)"));
cl::opt<uint64_t> externalDataThreshold(
    "external-data-threshold",
    cl::desc("Store initializers of at least this many bytes in <out>.data"),
    cl::value_desc("bytes"));
cl::list<std::string> moduleFunctions(
    "module-function",
    cl::desc("With --export-onnx, make the calls of the module at PATH (its "
             "nodes' scope, such as encoder.layer.0) calls of the local "
             "function DOMAIN::NAME (repeatable)"),
    cl::value_desc("PATH=DOMAIN::NAME"));
cl::opt<bool> noVerifyONNX(
    "no-verify-onnx",
    cl::desc("Skip the ONNX checker and shape inference on export"));
cl::opt<bool> emitBytecode(
    "emit-bytecode",
    cl::desc("Write imported MLIR as bytecode, which holds large weights "
             "without hex-encoding them"));
cl::opt<unsigned> elideWeightsAbove(
    "elide-weights-larger-than",
    cl::desc("When printing MLIR, elide weight blobs above this many bytes; "
             "the text then no longer holds the model's weights"),
    cl::value_desc("bytes"));

/// Writes the output file through `write`: to a temporary file renamed into
/// place once complete, or to standard output for "-". Nothing is left at
/// the output path when writing fails.
LogicalResult writeOutput(function_ref<LogicalResult(raw_ostream &)> write) {
  bool failedToWrite = false;
  llvm::Error error =
      llvm::writeToOutput(outputFilename, [&](raw_ostream &os) -> llvm::Error {
        if (failed(write(os))) {
          failedToWrite = true;
          return llvm::createStringError("cannot write the output");
        }
        return llvm::Error::success();
      });
  if (!error)
    return success();
  std::string message = llvm::toString(std::move(error));
  // LLVM's message names the file already: "'out.mlir': No such file ...".
  llvm::StringRef reason(message);
  reason.consume_front("'" + outputFilename + "': ");
  if (!failedToWrite)
    llvm::errs() << "error: cannot write '" << outputFilename
                 << "': " << reason << "\n";
  return failure();
}

/// Prints `module` to the output file, in full unless large weights are to
/// be elided.
LogicalResult printModule(ModuleOp module) {
  return writeOutput([&](raw_ostream &os) -> LogicalResult {
    if (emitBytecode) {
      if (failed(writeBytecodeToFile(module, os))) {
        llvm::errs() << "error: cannot write the module as bytecode\n";
        return failure();
      }
      return success();
    }
    OpPrintingFlags flags;
    if (elideWeightsAbove.getNumOccurrences()) {
      os << "// Weights larger than " << elideWeightsAbove
         << " bytes are elided (--elide-weights-larger-than): this text "
            "does not hold the model's weights.\n";
      flags.elideLargeResourceString(elideWeightsAbove);
    }
    module->print(os, flags);
    return success();
  });
}

/// Parses the input file. The module may keep references into the file's
/// buffer, so that the weights of a bytecode file are not copied.
OwningOpRef<ModuleOp> parseMLIR(MLIRContext &context) {
  std::string error;
  auto file = openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << "error: " << error << "\n";
    return nullptr;
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(file), SMLoc());
  if (failed(checkNestingDepth(*sourceMgr)))
    return nullptr;
  ReadObserver observer(&context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    observer.reportIfSilent(inputFilename);
  return module;
}

#ifndef TORCH_ONNX_TRANSLATE_TORCHSCRIPT
/// Replaces this process with torch-onnx-translate-torchscript, next to this
/// executable, on the same arguments. Returns only on failure.
int execTorchScriptTool(char **argv) {
  static int anchor;
  std::string self = llvm::sys::fs::getMainExecutable(argv[0], &anchor);
  SmallString<256> tool(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(tool, "torch-onnx-translate-torchscript");
  argv[0] = tool.data();
  ::execv(tool.c_str(), argv);
  llvm::errs() << "error: cannot run '" << tool
               << "' to import an archive: "
               << std::error_code(errno, std::generic_category()).message()
               << "\n";
  return 1;
}
#endif
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  cl::SetVersionPrinter(torch_onnx::printVersion);
  std::string usageError;
  llvm::raw_string_ostream usageStream(usageError);
  if (!cl::ParseCommandLineOptions(argc, argv, "torch-onnx translation tool\n",
                                   &usageStream)) {
    llvm::errs() << usageError;
    return 2;
  }
#ifndef TORCH_ONNX_TRANSLATE_TORCHSCRIPT
  if (action == Action::ImportTorchScript ||
      action == Action::ImportTorchExport)
    return execTorchScriptTool(argv);
#endif

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr diagSourceMgr;
  SourceMgrDiagnosticHandler diagHandler(diagSourceMgr, &context);

  switch (action) {
  case Action::ImportTorchScript: {
#ifdef TORCH_ONNX_TRANSLATE_TORCHSCRIPT
    TorchScriptImportOptions options;
    options.inputShapes.assign(inputShapes.begin(), inputShapes.end());
    OwningOpRef<ModuleOp> module =
        importTorchScriptFile(inputFilename, options, &context);
    return module && succeeded(printModule(*module)) ? 0 : 1;
#else
    return 1;
#endif
  }
  case Action::ImportTorchExport: {
#ifdef TORCH_ONNX_TRANSLATE_TORCHSCRIPT
    if (!inputShapes.empty()) {
      llvm::errs() << "error: --input-shape does not apply to "
                      "--import-torch-export: the program carries its "
                      "shapes\n";
      return 2;
    }
    OwningOpRef<ModuleOp> module =
        importTorchExportFile(inputFilename, &context);
    return module && succeeded(printModule(*module)) ? 0 : 1;
#else
    return 1;
#endif
  }
  case Action::ImportONNX: {
    OwningOpRef<ModuleOp> module = importONNXFile(inputFilename, &context);
    return module && succeeded(printModule(*module)) ? 0 : 1;
  }
  case Action::ExportONNX:
  case Action::ExportONNXText: {
    OwningOpRef<ModuleOp> module = parseMLIR(context);
    if (!module)
      return 1;
    if (action == Action::ExportONNXText)
      return succeeded(writeOutput([&](raw_ostream &os) {
               return exportONNXText(*module, os);
             }))
                 ? 0
                 : 1;
    ONNXExportOptions options;
    if (externalDataThreshold.getNumOccurrences())
      options.externalDataThreshold = externalDataThreshold;
    options.verify = !noVerifyONNX;
    for (const std::string &spec : moduleFunctions) {
      std::optional<ModuleFunction> function = parseModuleFunction(spec);
      if (!function) {
        llvm::errs() << "error: bad --module-function '" << spec
                     << "': expected PATH=DOMAIN::NAME, e.g. "
                        "encoder.layer.0=mylib::Block\n";
        return 2;
      }
      options.moduleFunctions.push_back(*function);
    }
    return succeeded(exportONNXFile(*module, outputFilename, options)) ? 0 : 1;
  }
  }
  return 1;
}
