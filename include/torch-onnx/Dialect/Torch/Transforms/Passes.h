//===- Passes.h - Torch dialect passes --------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_PASSES_H
#define TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::torch_onnx::Torch {

#define GEN_PASS_DECL
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"

/// Adds the patterns `torch-cleanup` folds with: int, float and bool
/// arithmetic on constants, shape queries of tensors with known sizes,
/// element access on lists and tuples built in place, and scalar/tensor
/// round trips. Without `foldArgumentSizes`, the sizes of function
/// arguments are left alone (their rank still folds): the passes that run
/// before `torch-generalize-shapes` must not bake in sizes it may make
/// dynamic.
void populateTorchFoldingPatterns(RewritePatternSet &patterns,
                                  bool foldArgumentSizes = true);

/// One `dynamic-dim` entry, ARG:AXIS=SYMBOL: dim AXIS of argument ARG (an
/// index or a name) becomes a dynamic dim called SYMBOL.
struct DynamicDimSpec {
  std::string arg;
  int64_t axis;
  std::string symbol;
};

/// Parses a `dynamic-dim` entry; nullopt when it is not ARG:AXIS=SYMBOL.
std::optional<DynamicDimSpec> parseDynamicDimSpec(StringRef entry);

/// The options of `torch-legalize-pipeline`.
struct TorchLegalizePipelineOptions
    : public PassPipelineOptions<TorchLegalizePipelineOptions> {
  Option<std::string> entry{
      *this, "entry",
      llvm::cl::desc("The entry method or function (see "
                     "torch-inline-partial-applications' entry-method)")};
  ListOption<std::string> dynamicDims{
      *this, "dynamic-dim",
      llvm::cl::desc("Dims to make dynamic, as ARG:AXIS=SYMBOL entries (see "
                     "torch-generalize-shapes)")};
};

/// Adds the passes that turn an imported TorchScript object graph into one
/// value-semantic `func.func @forward` to `pm`: inlining, state lifting,
/// value semantics, nested tensors as padded tensors, shape generalization,
/// cleanup and the check of the shapes and dtypes against PyTorch's rules.
void buildTorchLegalizePipeline(OpPassManager &pm,
                                const TorchLegalizePipelineOptions &options);

/// Registers `torch-legalize-pipeline`.
void registerTorchLegalizePipeline();

#define GEN_PASS_REGISTRATION
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_PASSES_H
