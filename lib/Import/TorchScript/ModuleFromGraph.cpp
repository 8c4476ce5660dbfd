//===- ModuleFromGraph.cpp - A module around a forward graph --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"

#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/ir/ir.h>

#include <stdexcept>

torch::jit::Module mlir::torch_onnx::moduleFromGraph(
    const std::shared_ptr<torch::jit::Graph> &graph,
    const std::string &className, const std::vector<std::string> &argNames,
    const std::vector<std::string> &stateNames,
    const std::vector<at::Tensor> &stateTensors,
    const std::vector<bool> &stateIsParameter) {
  size_t numArgs = argNames.size();
  if (stateNames.size() != stateTensors.size() ||
      stateNames.size() != stateIsParameter.size() ||
      graph->inputs().size() != numArgs + stateNames.size())
    throw std::invalid_argument("the graph's inputs do not match the "
                          "arguments and the module state");
  auto unit = std::make_shared<torch::jit::CompilationUnit>();
  torch::jit::Module module(c10::QualifiedName(className), unit,
                            /*shouldMangle=*/true);
  for (size_t i = 0; i < stateNames.size(); ++i)
    module.register_parameter(stateNames[i], stateTensors[i],
                              /*is_buffer=*/!stateIsParameter[i]);

  std::shared_ptr<torch::jit::Graph> forward = graph->copy();
  torch::jit::Value *self = forward->insertInput(0, "self");
  self->setType(module.type());
  for (size_t i = 0; i < numArgs; ++i)
    forward->inputs()[1 + i]->setDebugName(argNames[i]);
  torch::jit::Block *body = forward->block();
  for (size_t i = 0; i < stateNames.size(); ++i) {
    torch::jit::Value *input = forward->inputs()[1 + numArgs + i];
    torch::jit::Node *read = forward->createGetAttr(self, stateNames[i]);
    body->prependNode(read);
    input->replaceAllUsesWith(read->output());
  }
  for (size_t i = stateNames.size(); i-- > 0;)
    forward->eraseInput(1 + numArgs + i);
  torch::jit::Function *function = unit->create_function(
      c10::QualifiedName(*module.type()->name(), "forward"), forward);
  module.type()->addMethod(function);
  return module;
}
