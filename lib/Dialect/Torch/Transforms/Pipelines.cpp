//===- Pipelines.cpp - The Torch legalization pipeline --------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::torch_onnx;

void Torch::buildTorchLegalizePipeline(
    OpPassManager &pm, const TorchLegalizePipelineOptions &options) {
  pm.addPass(createResolveOperators());
  InlinePartialApplicationsOptions inlining;
  inlining.entryMethod = options.entry;
  pm.addPass(createInlinePartialApplications(inlining));
  pm.addPass(createLiftStatefulBuffers());
  pm.addNestedPass<func::FuncOp>(createMaximizeValueSemantics());
  pm.addNestedPass<func::FuncOp>(createDensifyNestedTensors());
  GeneralizeShapesOptions shapes;
  shapes.dynamicDims.assign(options.dynamicDims.begin(),
                            options.dynamicDims.end());
  pm.addPass(createGeneralizeShapes(shapes));
  // With the types of every operand known.
  pm.addNestedPass<func::FuncOp>(createDecomposeCompositeOps());
  // After inlining, forward has no callers whose types could break.
  CleanupOptions cleanup;
  cleanup.refineTypes = true;
  pm.addNestedPass<func::FuncOp>(createCleanup(cleanup));
  // The sizes and dtypes of the requested inputs are known everywhere now;
  // reject those PyTorch would reject before compiling further.
  pm.addNestedPass<func::FuncOp>(createCheckShapes());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

void Torch::registerTorchLegalizePipeline() {
  PassPipelineRegistration<TorchLegalizePipelineOptions>(
      "torch-legalize-pipeline",
      "Turn an imported TorchScript object graph into one value-semantic "
      "func.func @forward",
      buildTorchLegalizePipeline);
}
