//===- ONNXExport.cpp - ONNX dialect to ONNX protobuf ---------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The emitter: builds the model (ModelBuilder), checks it with libonnx
// (ONNXChecks) and writes it to a file or a stream (ModelWriter) or prints
// it (TextPrinter).
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Target/ONNX/ONNXExport.h"

#include "ModelBuilder.h"
#include "ModelWriter.h"
#include "ModuleFunctions.h"
#include "ONNXChecks.h"
#include "TextPrinter.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::torch_onnx;

/// The nodes of `graph` and of the subgraphs of its nodes' attributes.
static uint64_t countNodes(const onnx::GraphProto &graph) {
  uint64_t count = graph.node_size();
  for (const onnx::NodeProto &node : graph.node())
    for (const onnx::AttributeProto &attr : node.attribute()) {
      if (attr.has_g())
        count += countNodes(attr.g());
      for (const onnx::GraphProto &subgraph : attr.graphs())
        count += countNodes(subgraph);
    }
  return count;
}

/// Fills `summary` from `model`; its state map comes from the metadata that
/// convert-torch-to-onnx wrote.
static void summarize(const onnx::ModelProto &model,
                      ONNXModelSummary &summary) {
  const onnx::GraphProto &graph = model.graph();
  for (const onnx::ValueInfoProto &input : graph.input())
    summary.inputNames.push_back(input.name());
  for (const onnx::ValueInfoProto &output : graph.output())
    summary.outputNames.push_back(output.name());
  summary.nodeCount = countNodes(graph);
  for (const onnx::StringStringEntryProto &prop : model.metadata_props()) {
    if (prop.key() != "torch_onnx.state")
      continue;
    llvm::Expected<llvm::json::Value> json = llvm::json::parse(prop.value());
    if (!json) {
      llvm::consumeError(json.takeError());
      continue;
    }
    if (const llvm::json::Object *bindings = json->getAsObject())
      for (const auto &[input, output] : *bindings)
        if (std::optional<llvm::StringRef> name = output.getAsString())
          summary.state.emplace_back(input.str(), name->str());
  }
  // The JSON object's order is a hash order; the graph's is the user's.
  llvm::StringMap<size_t> inputIndex;
  for (auto [index, name] : llvm::enumerate(summary.inputNames))
    inputIndex.try_emplace(name, index);
  auto indexOf = [&](const std::string &name) {
    auto it = inputIndex.find(name);
    return it == inputIndex.end() ? summary.inputNames.size() : it->second;
  };
  llvm::sort(summary.state, [&](const auto &lhs, const auto &rhs) {
    return indexOf(lhs.first) < indexOf(rhs.first);
  });
}

/// Model-local functions need this IR version.
static constexpr int64_t kLocalFunctionsIRVersion = 8;

/// Adds the serialized FunctionProtos `functions` to `model`, with an opset
/// import for each function's domain, and raises the IR version to one that
/// has local functions when the model has any.
static LogicalResult addLocalFunctions(ArrayRef<std::string> functions,
                                       onnx::ModelProto &model,
                                       ModuleOp module) {
  for (const std::string &bytes : functions) {
    onnx::FunctionProto *function = model.add_functions();
    if (!function->ParseFromString(bytes))
      return module.emitError("a local function is not a serialized ONNX "
                              "FunctionProto");
    bool imported = llvm::any_of(
        model.opset_import(), [&](const onnx::OperatorSetIdProto &opset) {
          return opset.domain() == function->domain();
        });
    if (!imported) {
      onnx::OperatorSetIdProto *opset = model.add_opset_import();
      opset->set_domain(function->domain());
      opset->set_version(1);
    }
  }
  if (model.functions_size() && model.ir_version() < kLocalFunctionsIRVersion)
    model.set_ir_version(kLocalFunctionsIRVersion);
  return success();
}

/// Builds the model of `module` into `contents` with the functions that
/// `options` asks for, fills `summary` when it is given, and checks the
/// model when `options.verify` is set.
static LogicalResult prepareModel(ModuleOp module,
                                  const ONNXExportOptions &options,
                                  ModelContents &contents,
                                  ONNXModelSummary *summary) {
  if (failed(buildModel(module, contents)))
    return failure();
  extractModuleFunctions(contents.model, options.moduleFunctions,
                         module.getLoc());
  if (failed(addLocalFunctions(options.localFunctions, contents.model,
                               module)))
    return failure();
  if (summary)
    summarize(contents.model, *summary);
  if (options.verify) {
    std::vector<const onnx::TensorProto *> largeHeaders;
    largeHeaders.reserve(contents.largeInitializers.size());
    for (const LargeInitializer &init : contents.largeInitializers)
      largeHeaders.push_back(&init.header);
    if (std::optional<std::string> error =
            checkModel(contents.model, largeHeaders))
      return module.emitError() << *error;
  }
  return success();
}

LogicalResult
mlir::torch_onnx::exportONNXFile(ModuleOp module, StringRef outputPath,
                                 const ONNXExportOptions &options,
                                 ONNXModelSummary *summary) {
  ModelContents contents;
  if (failed(prepareModel(module, options, contents, summary)))
    return failure();
  return writeModelFile(contents, outputPath, options.externalDataThreshold,
                        module.getLoc(),
                        summary ? &summary->wroteExternalData : nullptr);
}

LogicalResult
mlir::torch_onnx::exportONNXStream(ModuleOp module, raw_ostream &os,
                                   const ONNXExportOptions &options,
                                   ONNXModelSummary *summary) {
  if (options.externalDataThreshold)
    return module.emitError("a stream cannot hold external data: export "
                            "to a file to set an external data threshold");
  ModelContents contents;
  if (failed(prepareModel(module, options, contents, summary)))
    return failure();
  return writeModelStream(contents, os, module.getLoc());
}

LogicalResult mlir::torch_onnx::exportONNXText(ModuleOp module,
                                               raw_ostream &os) {
  ModelContents contents;
  if (failed(buildModel(module, contents)))
    return failure();
  printModelText(contents, os);
  return success();
}
