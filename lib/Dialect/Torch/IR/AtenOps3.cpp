//===- AtenOps3.cpp - Generated aten ops, shard 3 ----------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The aten ops are split over four files to keep each compile small.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

#define GET_OP_CLASSES
#include "torch-onnx/Dialect/Torch/IR/AtenOps3.cpp.inc"

void mlir::torch_onnx::Torch::registerAtenOpsShard3(TorchDialect &dialect) {
  dialect.addGeneratedOperations<
#define GET_OP_LIST
#include "torch-onnx/Dialect/Torch/IR/AtenOps3.cpp.inc"
      >();
}
