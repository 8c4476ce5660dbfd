//===- ONNXGenOps2.cpp - Generated ONNX ops, shard 2 ----------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The ops generated from libonnx's schema registry are split over four files
// to keep each compile small.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

#define GET_OP_CLASSES
#include "torch-onnx/Dialect/ONNX/IR/ONNXGenOps2.cpp.inc"

void mlir::torch_onnx::ONNX::registerGeneratedOpsShard2(ONNXDialect &dialect) {
  dialect.addGeneratedOperations<
#define GET_OP_LIST
#include "torch-onnx/Dialect/ONNX/IR/ONNXGenOps2.cpp.inc"
      >();
}
