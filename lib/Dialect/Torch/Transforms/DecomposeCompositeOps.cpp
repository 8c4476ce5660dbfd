//===- DecomposeCompositeOps.cpp - Composite ops into their parts ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "CompositeDecompositions.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_DECOMPOSECOMPOSITEOPS
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
struct DecomposeCompositeOpsPass
    : public Torch::impl::DecomposeCompositeOpsBase<
          DecomposeCompositeOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    Torch::populateCompositeDecompositionPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
