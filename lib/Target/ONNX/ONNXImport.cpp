//===- ONNXImport.cpp - ONNX protobuf to the ONNX dialect -----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reads a ModelProto, checks that its tensors are consistent, lets libonnx
// infer the types the model leaves out, and imports the graph
// (GraphImporter) into a module carrying the model's metadata.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Target/ONNX/ONNXImport.h"

#include "ExternalData.h"
#include "GraphImporter.h"
#include "ONNXChecks.h"
#include "TensorSerialization.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <climits>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// Checks every tensor of `graph` and its subgraphs, so that neither
/// libonnx nor the importer reads past the end of a tensor's data.
LogicalResult checkTensors(const onnx::GraphProto &graph, Location loc) {
  for (const onnx::TensorProto &tensor : graph.initializer())
    if (failed(checkTensorData(tensor, loc)))
      return failure();
  if (graph.sparse_initializer_size())
    return emitError(loc) << "sparse initializers are not supported";
  for (const onnx::NodeProto &node : graph.node()) {
    for (const onnx::AttributeProto &attr : node.attribute()) {
      if (attr.has_t() && failed(checkTensorData(attr.t(), loc)))
        return failure();
      for (const onnx::TensorProto &tensor : attr.tensors())
        if (failed(checkTensorData(tensor, loc)))
          return failure();
      if (attr.has_g() && failed(checkTensors(attr.g(), loc)))
        return failure();
      for (const onnx::GraphProto &subgraph : attr.graphs())
        if (failed(checkTensors(subgraph, loc)))
          return failure();
    }
  }
  return success();
}

/// Sets the module attributes that hold the model's metadata.
void setModuleAttributes(ModuleOp module, const onnx::ModelProto &model,
                         const llvm::StringMap<int64_t> &opsets) {
  Builder b(module.getContext());
  // A dictionary key cannot be empty: the default domain is "ai.onnx".
  SmallVector<NamedAttribute> imports;
  for (const auto &entry : opsets)
    imports.push_back(b.getNamedAttr(entry.getKey().empty()
                                         ? StringRef(ONNX::kDefaultDomainKey)
                                         : entry.getKey(),
                                     b.getI64IntegerAttr(entry.getValue())));
  module->setAttr("onnx.opset_import", b.getDictionaryAttr(imports));
  if (model.ir_version())
    module->setAttr("onnx.ir_version", b.getI64IntegerAttr(model.ir_version()));
  if (!model.producer_name().empty())
    module->setAttr("onnx.producer_name",
                    b.getStringAttr(model.producer_name()));
  if (!model.producer_version().empty())
    module->setAttr("onnx.producer_version",
                    b.getStringAttr(model.producer_version()));
  if (!model.domain().empty())
    module->setAttr("onnx.domain", b.getStringAttr(model.domain()));
  if (model.model_version())
    module->setAttr("onnx.model_version",
                    b.getI64IntegerAttr(model.model_version()));
  if (!model.doc_string().empty())
    module->setAttr("onnx.doc_string", b.getStringAttr(model.doc_string()));
  if (model.metadata_props_size()) {
    SmallVector<NamedAttribute> props;
    for (const onnx::StringStringEntryProto &prop : model.metadata_props())
      props.push_back(
          b.getNamedAttr(prop.key(), b.getStringAttr(prop.value())));
    module->setAttr("onnx.metadata_props", b.getDictionaryAttr(props));
  }
}

} // namespace

OwningOpRef<ModuleOp> mlir::torch_onnx::importONNXFile(llvm::StringRef path,
                                                       MLIRContext *context) {
  context->loadDialect<ONNX::ONNXDialect>();
  Location fileLoc = FileLineColLoc::get(context, path, 0, 0);

  auto modelProto = std::make_unique<onnx::ModelProto>();
  {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer) {
      emitError(fileLoc) << "cannot read '" << path
                         << "': " << buffer.getError().message();
      return nullptr;
    }
    size_t size = (*buffer)->getBufferSize();
    if (size > INT_MAX ||
        !modelProto->ParseFromArray((*buffer)->getBufferStart(),
                                    static_cast<int>(size))) {
      emitError(fileLoc) << "'" << path
                         << "' is not a valid ONNX model (the protobuf "
                            "cannot be parsed)";
      return nullptr;
    }
  }
  onnx::ModelProto &model = *modelProto;
  if (!model.has_graph()) {
    emitError(fileLoc) << "'" << path
                       << "' is not a valid ONNX model (it "
                          "has no graph)";
    return nullptr;
  }
  if (model.functions_size()) {
    emitError(fileLoc) << "model-local functions are not supported";
    return nullptr;
  }
  if (failed(checkTensors(model.graph(), fileLoc)))
    return nullptr;

  llvm::StringMap<int64_t> opsets;
  for (const onnx::OperatorSetIdProto &opset : model.opset_import()) {
    StringRef domain = opset.domain();
    opsets[domain == ONNX::kDefaultDomainKey ? "" : domain] = opset.version();
  }
  if (!opsets.count(""))
    opsets[""] = ONNX::kDefaultOpset;

  // Let libonnx fill in the types the model leaves out, but only on a model
  // its checker accepts: its shape inference trusts its input.
  std::string modelDir = llvm::sys::path::parent_path(path).str();
  if (!checkModelFile(model, modelDir.empty() ? "." : modelDir))
    (void)inferShapes(model);

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  setModuleAttributes(*module, model, opsets);
  ExternalDataReader externalData(modelDir);
  if (failed(importGraph(*model.mutable_graph(), *module, opsets, externalData,
                         fileLoc)))
    return nullptr;
  // The blobs own the large tensors now; the rest of the proto can go.
  modelProto.reset();
  if (failed(verify(*module)))
    return nullptr;
  return module;
}
