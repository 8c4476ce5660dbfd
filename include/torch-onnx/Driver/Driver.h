//===- Driver.h - Torch-dialect module to an ONNX file ----------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The steps between an imported module and a written model, shared by
// torch-onnx-compile and the Python package: torch-to-onnx-pipeline, the
// graph's names, and the export. Neither LibTorch nor ONNX appears in this
// header.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DRIVER_DRIVER_H
#define TORCH_ONNX_DRIVER_DRIVER_H

#include "torch-onnx/Target/ONNX/ONNXExport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir::torch_onnx {

struct CompileOptions {
  /// The target ONNX opset.
  int64_t opset = 17;
  /// The method or function to compile; empty chooses as
  /// torch-to-onnx-pipeline's `entry` option does.
  std::string entry;
  /// Names of the graph's user inputs and outputs, in order; lifted state
  /// keeps its attribute-path names.
  std::vector<std::string> inputNames;
  std::vector<std::string> outputNames;
  /// `ARG:AXIS=SYMBOL` specs; ARG is an argument index, a name of
  /// `forward`'s arguments, or one of `inputNames`.
  std::vector<std::string> dynamicDims;
  bool fallbackCustomOps = false;
  /// convert-torch-to-onnx's `custom-ops` entries,
  /// `OP=DOMAIN::TYPE(NAME0,NAME1,...)`.
  std::vector<std::string> customOps;
  bool keepDuplicateInitializers = false;
  ONNXExportOptions exportOptions;
  /// Verify the IR after every pass, not only after the pipeline.
  bool verifyEach = false;
  /// Adjusts the pass manager before it runs, e.g. to apply command-line
  /// options or enable timing.
  std::function<LogicalResult(PassManager &)> configurePassManager;
  /// Told the name of each stage as it starts.
  std::function<void(const std::string &)> onStage;
};

/// Lowers `module` (the Torch dialect) in place to one ONNX-dialect graph
/// with the names of `options`, ready for the emitter of ONNXExport.h.
LogicalResult lowerToONNX(ModuleOp module, const CompileOptions &options);

/// Lowers `module` (the Torch dialect) to ONNX and writes the model to
/// `outputPath`. Fails with diagnostics and writes nothing when the module
/// cannot be compiled. Fills `summary` on success, when given.
LogicalResult compileToONNXFile(ModuleOp module, StringRef outputPath,
                                const CompileOptions &options,
                                ONNXModelSummary *summary = nullptr);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_DRIVER_DRIVER_H
