//===- ShapeFunctionImport.cpp - LibTorch's shape functions as Torch IR ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// LibTorch registers a shape function, written in TorchScript, for many of
// its operators (torch/csrc/jit/runtime/symbolic_shape_registry.h): it takes
// each tensor argument as the list of its sizes, the other arguments as
// they are, and returns the result's sizes. This file imports them with the
// graph importer, as it imports any TorchScript function.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "LibTorchSupport.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"
#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"

#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/runtime/serialized_shape_function_registry.h>
#include <torch/csrc/jit/runtime/symbolic_shape_registry.h>
#include <torch/csrc/jit/runtime/symbolic_shape_registry_util.h>

#include <algorithm>
#include <map>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

/// `ns::name.overload` for `schema`.
static std::string operatorName(const c10::FunctionSchema &schema) {
  if (schema.overload_name().empty())
    return schema.name();
  return schema.name() + "." + schema.overload_name();
}

OwningOpRef<ModuleOp>
mlir::torch_onnx::importShapeFunctions(MLIRContext *context) {
  context->loadDialect<func::FuncDialect, Torch::TorchDialect>();
  Location loc = NameLoc::get(StringAttr::get(context, "LibTorch"));
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  ThrowOnAllocationFailure throwOnAllocationFailure;
  try {
    // The registry's own name for each function, where it keeps one.
    std::map<std::string, std::string> functionNames;
    for (const auto &[op, name] :
         torch::jit::GetShapeFunctionMappings().getAllKeysAndValues())
      functionNames[operatorName(op->schema())] = name;
    for (const auto &[op, name] :
         torch::jit::get_tensorexpr_elementwise_set().getAllKeysAndValues())
      functionNames.emplace(operatorName(op->schema()), name);

    // In the order of the operator names, so that the output is stable.
    std::map<std::string, const c10::FunctionSchema *> schemas;
    for (const c10::FunctionSchema *schema :
         torch::jit::RegisteredShapeComputeSchemas())
      schemas.emplace(operatorName(*schema), schema);

    ModuleImporter importer(*module, "LibTorch", {});
    // Speculatively created ops may fail to verify; that only selects
    // torch.operator, so their diagnostics are dropped.
    ScopedDiagnosticHandler quietSpeculation(context, [&](Diagnostic &) {
      return success(importer.isVerifyingSpeculatively());
    });
    OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
    std::map<const torch::jit::Graph *, StringAttr> imported;
    llvm::StringSet<> usedSymbols;
    SmallVector<NamedAttribute> table;
    for (const auto &[name, schema] : schemas) {
      std::optional<std::shared_ptr<torch::jit::Graph>> graph =
          torch::jit::shapeComputeGraphForSchema(*schema);
      if (!graph || !*graph)
        continue;
      StringAttr &symbol = imported[graph->get()];
      if (!symbol) {
        auto it = functionNames.find(name);
        std::string base = it != functionNames.end() ? it->second : name;
        std::string unique = base;
        for (int i = 1; !usedSymbols.insert(unique).second; ++i)
          unique = base + "_" + std::to_string(i);
        symbol = StringAttr::get(context, unique);

        SmallVector<Type> argTypes, resultTypes;
        for (const torch::jit::Value *input : (*graph)->inputs())
          argTypes.push_back(importer.importType(*input->type()));
        for (const torch::jit::Value *output : (*graph)->outputs())
          resultTypes.push_back(importer.importType(*output->type()));
        auto func = func::FuncOp::create(
            builder, loc, unique,
            FunctionType::get(context, argTypes, resultTypes));
        func.setPrivate();
        if (failed(GraphImporter(importer, func).importBody(**graph, argTypes)))
          return nullptr;
      }
      table.push_back(NamedAttribute(StringAttr::get(context, name),
                                     FlatSymbolRefAttr::get(symbol)));
    }
    (*module)->setAttr(Torch::kShapeFunctionsAttr,
                       DictionaryAttr::get(context, table));
  } catch (const c10::Error &error) {
    emitError(loc) << "reading LibTorch's shape functions failed: "
                   << firstLine(error.what_without_backtrace());
    return nullptr;
  } catch (const std::exception &error) {
    emitError(loc) << "reading LibTorch's shape functions failed: "
                   << firstLine(error.what());
    return nullptr;
  }
  return module;
}
