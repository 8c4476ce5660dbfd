//===- ONNXExport.h - ONNX dialect to ONNX protobuf -------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TARGET_ONNX_ONNXEXPORT_H
#define TORCH_ONNX_TARGET_ONNX_ONNXEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::torch_onnx {

/// A module whose calls become calls of a model-local function.
struct ModuleFunction {
  /// The module's dotted attribute path, such as `encoder.layer.0`.
  std::string path;
  std::string domain;
  /// The function's name, usually the module's class name.
  std::string name;
};

/// Parses `PATH=DOMAIN::NAME`, the command line form of a ModuleFunction.
std::optional<ModuleFunction> parseModuleFunction(StringRef spec);

struct ONNXExportOptions {
  /// Initializers of at least this many bytes go to `<out>.data`. Without a
  /// value, external data is used only when the model would pass protobuf's
  /// 2 GiB limit.
  std::optional<uint64_t> externalDataThreshold;
  /// Run the ONNX checker and shape inference on the written model.
  bool verify = true;
  /// Serialized FunctionProtos to add to the model as local functions; the
  /// custom nodes of the graph call them.
  std::vector<std::string> localFunctions;
  /// Modules whose calls become local functions.
  std::vector<ModuleFunction> moduleFunctions;
};

/// The name of the side file of the model at `modelPath` that holds its
/// external data: `<model>.data`.
std::string getExternalDataPath(StringRef modelPath);

/// What an export wrote, as the model's readers see it.
struct ONNXModelSummary {
  std::vector<std::string> inputNames;
  std::vector<std::string> outputNames;
  /// The lifted state (metadata `torch_onnx.state`): pairs of the graph
  /// input that takes a state's value and the output that returns its next
  /// value.
  std::vector<std::pair<std::string, std::string>> state;
  /// Nodes in the graph and in all its subgraphs.
  uint64_t nodeCount = 0;
  /// Whether the side file `getExternalDataPath(outputPath)` was written.
  bool wroteExternalData = false;
};

/// Writes `module`, which holds one ONNX-dialect graph, to `outputPath`
/// atomically: a failed export leaves no file behind. On success, fills
/// `summary` when it is given.
LogicalResult exportONNXFile(ModuleOp module, StringRef outputPath,
                             const ONNXExportOptions &options,
                             ONNXModelSummary *summary = nullptr);

/// Writes `module` like exportONNXFile, but to `os`, as one serialized
/// ModelProto. A stream holds no side file: the model must stay within
/// protobuf's 2 GiB limit, and `options.externalDataThreshold` must be
/// unset; `summary->wroteExternalData` stays false.
LogicalResult exportONNXStream(ModuleOp module, raw_ostream &os,
                               const ONNXExportOptions &options,
                               ONNXModelSummary *summary = nullptr);

/// Prints `module` in ONNX's textual syntax.
LogicalResult exportONNXText(ModuleOp module, raw_ostream &os);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_TARGET_ONNX_ONNXEXPORT_H
