//===- Driver.cpp - Torch-dialect module to an ONNX file ------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Driver/Driver.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Pipelines/Pipelines.h"
#include "torch-onnx/Pipelines/Resources.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::torch_onnx;

/// The graph function of the converted module.
static func::FuncOp findGraph(ModuleOp module) {
  func::FuncOp graph;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isPrivate() && !func.isDeclaration())
      graph = func;
  return graph;
}

/// Gives the graph's user inputs and outputs the names of `options`; lifted
/// state keeps its attribute-path names.
static LogicalResult applyNames(func::FuncOp graph,
                                const CompileOptions &options) {
  MLIRContext *context = graph.getContext();
  const std::vector<std::string> &inputNames = options.inputNames;
  const std::vector<std::string> &outputNames = options.outputNames;
  auto isState = [&](unsigned i) {
    return static_cast<bool>(graph.getArgAttr(i, "onnx.initializer"));
  };
  unsigned next = 0;
  for (unsigned i = 0, e = graph.getNumArguments();
       i < e && next < inputNames.size(); ++i)
    if (!isState(i))
      graph.setArgAttr(i, "onnx.name",
                       StringAttr::get(context, inputNames[next++]));
  if (next < inputNames.size())
    return graph.emitError("got ")
           << inputNames.size() << " input names but the graph has " << next
           << " inputs";
  unsigned userOutputs = graph.getNumResults();
  for (unsigned i = 0, e = graph.getNumResults(); i < e; ++i)
    if (auto name = graph.getResultAttrOfType<StringAttr>(i, "onnx.name"))
      if (name.getValue().ends_with(".out"))
        userOutputs = std::min(userOutputs, i);
  if (outputNames.size() > userOutputs)
    return graph.emitError("got ")
           << outputNames.size() << " output names but the graph has "
           << userOutputs << " outputs";
  for (unsigned i = 0; i < outputNames.size(); ++i)
    graph.setResultAttr(i, "onnx.name",
                        StringAttr::get(context, outputNames[i]));
  return success();
}

/// The options of torch-to-onnx-pipeline. An ARG of a dynamic dim that names
/// one of the input names means that input.
static void setPipelineOptions(const CompileOptions &options,
                               TorchToONNXPipelineOptions &pipelineOptions) {
  pipelineOptions.opset = options.opset;
  pipelineOptions.entry = options.entry;
  const std::vector<std::string> &inputNames = options.inputNames;
  std::vector<std::string> specs;
  for (const std::string &entry : options.dynamicDims) {
    std::optional<Torch::DynamicDimSpec> spec =
        Torch::parseDynamicDimSpec(entry);
    auto it = spec ? llvm::find(inputNames, spec->arg) : inputNames.end();
    if (it == inputNames.end()) {
      specs.push_back(entry);
      continue;
    }
    specs.push_back(std::to_string(it - inputNames.begin()) + ":" +
                    std::to_string(spec->axis) + "=" + spec->symbol);
  }
  pipelineOptions.dynamicDims = specs;
  pipelineOptions.fallbackCustomOps = options.fallbackCustomOps;
  pipelineOptions.customOps = options.customOps;
  pipelineOptions.keepDuplicateInitializers = options.keepDuplicateInitializers;
}

/// The opset that torch-mlir's ONNX importer recorded on the public
/// functions of `module` (`torch.onnx_meta.opset_version`), within the
/// opsets the compiler targets; the entry's when `entry` names one.
static std::optional<int64_t> getImportedOpset(ModuleOp module,
                                               StringRef entry) {
  std::optional<int64_t> opset;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isPrivate() || (!entry.empty() && func.getSymName() != entry))
      continue;
    if (auto attr = func->getAttrOfType<IntegerAttr>(
            "torch.onnx_meta.opset_version")) {
      int64_t value = attr.getValue().getSExtValue();
      opset = std::max(opset.value_or(0), value);
    }
  }
  if (!opset)
    return std::nullopt;
  return std::clamp<int64_t>(*opset, ONNX::getMinTargetOpset(),
                             ONNX::getMaxKnownOpset());
}

LogicalResult mlir::torch_onnx::lowerToONNX(ModuleOp module,
                                            const CompileOptions &options) {
  if (options.onStage)
    options.onStage("running torch-to-onnx-pipeline");
  PassManager pm(module->getContext(), ModuleOp::getOperationName());
  if (options.configurePassManager &&
      failed(options.configurePassManager(pm)))
    return failure();
  TorchToONNXPipelineOptions pipelineOptions;
  setPipelineOptions(options, pipelineOptions);
  // ONNX nodes that torch-mlir imported have the semantics of their opset,
  // so their functions lower at that opset.
  if (std::optional<int64_t> imported =
          getImportedOpset(module, options.entry);
      imported && *imported != options.opset) {
    module.emitWarning("lowering at opset ")
        << *imported << ", the opset of the ONNX nodes it holds, instead of "
        << options.opset;
    pipelineOptions.opset = *imported;
  }
  buildTorchToONNXPipeline(pm, pipelineOptions);
  // The importer verified its output; one verification after the pipeline
  // catches a pass that broke the IR without walking it after every pass.
  pm.enableVerifier(options.verifyEach);
  if (failed(pm.run(module)) || failed(verify(module)))
    return failure();

  // Weights that folding replaced are no longer needed for the export.
  releaseUnreferencedResources(module);

  func::FuncOp graph = findGraph(module);
  if (!graph)
    return module.emitError("the pipeline produced no graph function");
  return applyNames(graph, options);
}

LogicalResult mlir::torch_onnx::compileToONNXFile(ModuleOp module,
                                                  StringRef outputPath,
                                                  const CompileOptions &options,
                                                  ONNXModelSummary *summary) {
  if (failed(lowerToONNX(module, options)))
    return failure();
  if (options.onStage)
    options.onStage(outputPath == "-" ? std::string("writing to stdout")
                                      : "writing " + outputPath.str());
  return exportONNXFile(module, outputPath, options.exportOptions, summary);
}
