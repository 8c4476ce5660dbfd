//===- InitAll.cpp - Register every dialect and pass of torch-onnx --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/InitAll.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#ifdef TORCH_ONNX_BUILD_COMPILER
#include "torch-onnx/Conversion/Passes.h"
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Pipelines/Pipelines.h"
#endif

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::torch_onnx::registerAllDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, Torch::TorchDialect, ONNX::ONNXDialect>();
  func::registerInlinerExtension(registry);
}

void mlir::torch_onnx::registerAllPasses() {
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerSymbolDCEPass();
#ifdef TORCH_ONNX_BUILD_COMPILER
  Torch::registerTorchPasses();
  Torch::registerTorchLegalizePipeline();
  ONNX::registerONNXPasses();
  registerConversionPasses();
  registerTorchToONNXPipeline();
#endif
}
