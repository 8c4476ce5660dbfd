//===- ModelBuilder.h - ONNX dialect to an in-memory ModelProto -*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The emitter's first half: builds the ModelProto of an ONNX-dialect module.
// The bytes of large top-level initializers are not copied into the proto;
// they stay in their attributes until the writer streams them to disk.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_MODELBUILDER_H
#define TORCH_ONNX_LIB_TARGET_ONNX_MODELBUILDER_H

#include "TensorSerialization.h"

#include "mlir/IR/BuiltinOps.h"

#include <onnx/onnx_pb.h>

#include <vector>

namespace mlir::torch_onnx {

/// A top-level initializer whose bytes are written only with the file.
struct LargeInitializer {
  /// Name, dims and data type; no data.
  onnx::TensorProto header;
  TensorBytes bytes;
};

/// An ONNX model whose large initializers are kept apart. The graph's own
/// `initializer` list holds the small ones with their data; the large ones
/// follow them in the written file.
struct ModelContents {
  onnx::ModelProto model;
  std::vector<LargeInitializer> largeInitializers;
};

/// Builds the model of `module`. Fails with diagnostics when the module is
/// not one ONNX graph the emitter can write.
LogicalResult buildModel(ModuleOp module, ModelContents &contents);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_MODELBUILDER_H
