//===- ONNXChecks.cpp - libonnx's checker and shape inference -------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Built with exceptions (see CMakeLists.txt): every exception libonnx throws
// is caught here.
//
//===----------------------------------------------------------------------===//

#include "ONNXChecks.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include <exception>
#include <unordered_map>
#include <unordered_set>

using namespace mlir::torch_onnx;

std::optional<std::string> mlir::torch_onnx::checkModel(
    const onnx::ModelProto &model,
    const std::vector<const onnx::TensorProto *> &largeInitializers) {
  onnx::ModelProto checked = model;
  onnx::GraphProto *graph = checked.mutable_graph();
  std::unordered_set<std::string> inputs;
  for (const onnx::ValueInfoProto &input : graph->input())
    inputs.insert(input.name());
  for (const onnx::TensorProto *tensor : largeInitializers) {
    if (inputs.count(tensor->name()))
      continue;
    onnx::ValueInfoProto *input = graph->add_input();
    input->set_name(tensor->name());
    onnx::TypeProto_Tensor *type = input->mutable_type()->mutable_tensor_type();
    type->set_elem_type(tensor->data_type());
    onnx::TensorShapeProto *shape = type->mutable_shape();
    for (int64_t dim : tensor->dims())
      shape->add_dim()->set_dim_value(dim);
  }

  try {
    onnx::checker::check_model(checked);
  } catch (const std::exception &error) {
    return std::string("the ONNX checker rejects the model: ") + error.what();
  }
  try {
    onnx::ShapeInferenceOptions options(/*check_type_val=*/true,
                                        /*strict_mode_val=*/1,
                                        /*data_prop_val=*/false);
    onnx::shape_inference::InferShapes(
        checked, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception &error) {
    return std::string("ONNX shape inference rejects the model: ") +
           error.what();
  }
  return std::nullopt;
}

std::optional<std::string>
mlir::torch_onnx::checkModelFile(const onnx::ModelProto &model,
                                 const std::string &modelDir) {
  try {
    onnx::checker::CheckerContext context;
    context.set_ir_version(static_cast<int>(model.ir_version()));
    std::unordered_map<std::string, int> opsets;
    for (const onnx::OperatorSetIdProto &opset : model.opset_import())
      opsets[opset.domain()] = static_cast<int>(opset.version());
    context.set_opset_imports(opsets);
    context.set_model_dir(modelDir);
    onnx::checker::LexicalScopeContext scope;
    onnx::checker::check_graph(model.graph(), context, scope);
  } catch (const std::exception &error) {
    return std::string(error.what());
  }
  return std::nullopt;
}

std::optional<std::string>
mlir::torch_onnx::inferShapes(onnx::ModelProto &model) {
  try {
    onnx::ShapeInferenceOptions options(/*check_type_val=*/false,
                                        /*strict_mode_val=*/0,
                                        /*data_prop_val=*/false);
    onnx::shape_inference::InferShapes(
        model, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception &error) {
    return std::string(error.what());
  }
  return std::nullopt;
}
