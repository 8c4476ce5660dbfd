//===- ONNXChecks.h - libonnx's checker and shape inference -----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// libonnx reports problems by throwing. These wrappers, the only code of the
// library built with exceptions, turn them into messages. The header is free
// of MLIR so that its users need no exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_ONNXCHECKS_H
#define TORCH_ONNX_LIB_TARGET_ONNX_ONNXCHECKS_H

#include <onnx/onnx_pb.h>

#include <optional>
#include <string>
#include <vector>

namespace mlir::torch_onnx {

/// Runs `onnx::checker::check_model` and strict, type-checking shape
/// inference on `model`. The tensors of `largeInitializers` belong to the
/// graph but are left out of `model`; they are checked as graph inputs of
/// their type so that their bytes are not needed. Returns the first problem
/// found, or std::nullopt.
std::optional<std::string>
checkModel(const onnx::ModelProto &model,
           const std::vector<const onnx::TensorProto *> &largeInitializers);

/// Runs the ONNX checker on the graph of `model` as read from `modelDir`
/// (which its external data locations are relative to). Returns the first
/// problem found, or std::nullopt.
std::optional<std::string> checkModelFile(const onnx::ModelProto &model,
                                          const std::string &modelDir);

/// Runs lenient shape inference on `model`, adding what it learns to the
/// value_info of its graphs. Returns the error that stopped it early, if
/// any; what was inferred before stays.
std::optional<std::string> inferShapes(onnx::ModelProto &model);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_ONNXCHECKS_H
