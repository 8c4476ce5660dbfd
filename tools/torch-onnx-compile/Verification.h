//===- Verification.h - Compare ONNX output with LibTorch -------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TOOLS_COMPILE_VERIFICATION_H
#define TORCH_ONNX_TOOLS_COMPILE_VERIFICATION_H

#include "mlir/Support/LLVM.h"
#include <string>
#include <vector>

namespace mlir::torch_onnx {

/// Runs `modelPath` (TorchScript) in LibTorch and `onnxPath` in onnxruntime on
/// the same random inputs (stateful models over three steps) and prints the
/// largest error, with torch_onnx.verify_archive of the Python package: that
/// of the environment the tool is installed in, or the build tree's. `argv0`
/// locates the tool. Fails when the error exceeds 1e-4 of the output's
/// largest magnitude, when PyTorch rejects the inputs, or when either
/// runtime fails.
LogicalResult verifyAgainstTorch(const char *argv0,
                                 const std::string &modelPath,
                                 const std::string &onnxPath,
                                 const std::vector<std::string> &inputShapes,
                                 bool verbose);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_TOOLS_COMPILE_VERIFICATION_H
