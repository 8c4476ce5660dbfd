//===- Pipelines.cpp - The end-to-end torch-onnx pipeline -----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Pipelines/Pipelines.h"

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::torch_onnx;

void mlir::torch_onnx::buildTorchToONNXPipeline(
    OpPassManager &pm, const TorchToONNXPipelineOptions &options) {
  Torch::TorchLegalizePipelineOptions legalize;
  legalize.entry = options.entry;
  legalize.dynamicDims = options.dynamicDims;
  Torch::buildTorchLegalizePipeline(pm, legalize);

  ConvertTorchToONNXOptions convert;
  convert.opset = options.opset;
  convert.fallbackCustomOps = options.fallbackCustomOps;
  convert.customOps.assign(options.customOps.begin(), options.customOps.end());
  pm.addPass(createConvertTorchToONNX(convert));
  pm.addNestedPass<func::FuncOp>(ONNX::createFoldConstants());
  pm.addNestedPass<func::FuncOp>(ONNX::createFuseConvBatchNorm());
  pm.addNestedPass<func::FuncOp>(ONNX::createFuseRMSNormalization());
  // Before deduplication, which may share a weight's blob.
  pm.addNestedPass<func::FuncOp>(ONNX::createUnflattenLinear());
  if (!options.keepDuplicateInitializers)
    pm.addNestedPass<func::FuncOp>(ONNX::createDeduplicateInitializers());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // After CSE, which gives the size computations one Shape per tensor.
  pm.addNestedPass<func::FuncOp>(ONNX::createSimplifyShapeComputations());
  pm.addPass(createCSEPass());
}

void mlir::torch_onnx::registerTorchToONNXPipeline() {
  PassPipelineRegistration<TorchToONNXPipelineOptions>(
      "torch-to-onnx-pipeline",
      "Compile imported TorchScript to the ONNX dialect",
      buildTorchToONNXPipeline);
}
