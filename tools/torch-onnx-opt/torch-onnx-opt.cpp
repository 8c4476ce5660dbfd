//===- torch-onnx-opt.cpp - Run torch-onnx passes on MLIR -----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/InitAll.h"
#ifdef TORCH_ONNX_META_KERNELS
#include "torch-onnx/Import/TorchScript/MetaKernels.h"
#endif
#include "torch-onnx/Support/NestingDepth.h"
#include "torch-onnx/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::torch_onnx::registerAllDialects(registry);
#ifdef TORCH_ONNX_META_KERNELS
  mlir::torch_onnx::registerMetaKernels(registry);
#endif
  mlir::torch_onnx::registerAllPasses();
  llvm::cl::SetVersionPrinter(mlir::torch_onnx::printVersion);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "torch-onnx optimizer: Torch and ONNX dialect passes\n",
      registry);

  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // Deeply nested text would overflow the parser's stack.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef()), llvm::SMLoc());
  if (mlir::failed(mlir::torch_onnx::checkNestingDepth(sourceMgr)))
    return 1;

  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // MlirOptMain's context is its own, so a failure that printed nothing
  // (MLIR's bytecode reader refuses some damaged files silently) is told by
  // the standard error staying as it was.
  uint64_t errorsBefore = llvm::errs().tell();
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config))) {
    if (llvm::errs().tell() == errorsBefore)
      llvm::errs() << inputFilename
                   << ": error: failed without a diagnostic; if it is MLIR "
                      "bytecode, the file is damaged or truncated\n";
    return 1;
  }
  output->keep();
  return 0;
}
