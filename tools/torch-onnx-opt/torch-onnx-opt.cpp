//===- torch-onnx-opt.cpp - Run torch-onnx passes on MLIR -----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/InitAll.h"
#include "torch-onnx/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::torch_onnx::registerAllDialects(registry);
  mlir::torch_onnx::registerAllPasses();
  llvm::cl::SetVersionPrinter(mlir::torch_onnx::printVersion);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "torch-onnx optimizer: Torch and ONNX dialect passes\n",
      registry));
}
