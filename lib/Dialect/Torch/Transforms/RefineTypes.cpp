//===- RefineTypes.cpp - Infer the types of a function's values -----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_REFINETYPES
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
struct RefineTypesPass : public Torch::impl::RefineTypesBase<RefineTypesPass> {
  void runOnOperation() override {
    if (failed(refineTypes(getOperation())))
      signalPassFailure();
  }
};
} // namespace
