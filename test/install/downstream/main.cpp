//===- main.cpp - Compiles a Torch-dialect function to ONNX ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Usage: torch-onnx-downstream OUTPUT.onnx. Compiles a function that
// negates its input with the installed torch-onnx libraries, writes the
// model to a buffer and prints its size, then writes it to OUTPUT.onnx.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/InitAll.h"
#include "torch-onnx/Pipelines/Pipelines.h"
#include "torch-onnx/Target/ONNX/ONNXExport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

static const char *const kTorchIR = R"mlir(
func.func @forward(%x: !torch.vtensor<[2,3],f32>)
    -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.neg %x
      : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
)mlir";

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " OUTPUT.onnx\n";
    return 2;
  }
  DialectRegistry registry;
  torch_onnx::registerAllDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kTorchIR, &context);
  if (!module)
    return 1;

  PassManager pm(&context, ModuleOp::getOperationName());
  torch_onnx::TorchToONNXPipelineOptions options;
  options.opset = 17;
  torch_onnx::buildTorchToONNXPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 1;

  // The model in memory, then in the file.
  std::string model;
  llvm::raw_string_ostream os(model);
  torch_onnx::ONNXExportOptions exportOptions;
  if (failed(torch_onnx::exportONNXStream(*module, os, exportOptions)))
    return 1;
  llvm::outs() << "in-memory model: " << model.size() << " bytes\n";
  if (failed(torch_onnx::exportONNXFile(*module, argv[1], exportOptions)))
    return 1;
  llvm::outs() << "wrote " << argv[1] << "\n";
  return 0;
}
