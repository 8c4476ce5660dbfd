//===- Pipelines.h - The end-to-end torch-onnx pipeline ---------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_PIPELINES_PIPELINES_H
#define TORCH_ONNX_PIPELINES_PIPELINES_H

#include "torch-onnx/Version.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::torch_onnx {

/// The options of `torch-to-onnx-pipeline`. torch-onnx-compile's flags of
/// the same names set them.
struct TorchToONNXPipelineOptions
    : public PassPipelineOptions<TorchToONNXPipelineOptions> {
  Option<int64_t> opset{*this, "opset",
                        llvm::cl::desc("Target ONNX opset, " TORCH_ONNX_OPSET_RANGE),
                        llvm::cl::init(17)};
  Option<std::string> entry{
      *this, "entry",
      llvm::cl::desc("The method or function to compile (default: forward; "
                     "for plain functions forward, main, or the only public "
                     "one)")};
  ListOption<std::string> dynamicDims{
      *this, "dynamic-dim",
      llvm::cl::desc("Dims to make dynamic: ARG:AXIS=SYMBOL, ...")};
  Option<bool> fallbackCustomOps{
      *this, "fallback-custom-ops",
      llvm::cl::desc("Emit unconvertible ops in the org.pytorch.aten domain"),
      llvm::cl::init(false)};
  ListOption<std::string> customOps{
      *this, "custom-ops",
      llvm::cl::desc("Ops to replace by custom nodes: "
                     "OP=DOMAIN::TYPE(NAME0,NAME1,...)")};
  Option<bool> keepDuplicateInitializers{
      *this, "keep-duplicate-initializers",
      llvm::cl::desc("Keep every initializer under its own name, even when "
                     "several have equal contents"),
      llvm::cl::init(false)};
};

/// Imported TorchScript to the ONNX dialect: legalization, shape
/// generalization, conversion and ONNX cleanups.
void buildTorchToONNXPipeline(OpPassManager &pm,
                              const TorchToONNXPipelineOptions &options);

/// Registers `torch-to-onnx-pipeline`.
void registerTorchToONNXPipeline();

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_PIPELINES_PIPELINES_H
