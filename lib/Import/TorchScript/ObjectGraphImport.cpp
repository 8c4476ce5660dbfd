//===- ObjectGraphImport.cpp - Classes and module instances ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A scripted or traced module is a tree of objects. Each class becomes a
// `torch.class_type` listing its attributes in slot order and its methods;
// each object becomes a `torch.nn_module` whose slots hold the attribute
// values.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <ATen/core/class_type.h>
#include <ATen/core/function.h>
#include <ATen/core/ivalue.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

ModuleImporter::ModuleImporter(ModuleOp module, llvm::StringRef archivePath,
                               ArrayRef<InputShape> inputShapes)
    : module(module),
      archiveLoc(FileLineColLoc::get(module.getContext(), archivePath, 0, 0)),
      inputShapes(inputShapes), moduleBuilder(module.getContext()) {
  moduleBuilder.setInsertionPointToEnd(module.getBody());
}

/// Python's convention: a leading underscore marks a private member.
static bool isPrivateName(llvm::StringRef name) {
  return name.starts_with("_");
}

StringAttr
ModuleImporter::getFunctionSymbol(const torch::jit::Function &function,
                                  const c10::ClassType *owner) {
  StringAttr &symbol = functionSymbols[&function];
  if (symbol)
    return symbol;
  std::string name =
      owner ? owner->name()->qualifiedName() + "." + function.name()
            : function.qualname().qualifiedName();
  // Distinct functions never share a symbol, even if their names collide.
  std::string unique = name;
  for (unsigned suffix = 1; !usedSymbols.insert(unique).second; ++suffix)
    unique = name + "$" + std::to_string(suffix);
  symbol = StringAttr::get(getContext(), unique);
  return symbol;
}

void ModuleImporter::collectClasses(
    const c10::IValue &value,
    llvm::DenseSet<const c10::ivalue::Object *> &visited) {
  if (value.isObject()) {
    const c10::ivalue::Object &object = value.toObjectRef();
    if (!visited.insert(&object).second)
      return;
    const c10::ClassType *classType = object.type().get();
    if (!classSymbols.count(classType)) {
      std::string name = classType->name()->qualifiedName();
      usedSymbols.insert(name);
      classSymbols[classType] = StringAttr::get(getContext(), name);
      classes.push_back(classType);
    }
    for (const c10::IValue &slot : object.slots())
      collectClasses(slot, visited);
    return;
  }
  if (value.isList()) {
    for (const c10::IValue &element : value.toListRef())
      collectClasses(element, visited);
  } else if (value.isTuple()) {
    for (const c10::IValue &element : value.toTupleRef().elements())
      collectClasses(element, visited);
  } else if (value.isGenericDict()) {
    for (const auto &entry : value.toGenericDict())
      collectClasses(entry.value(), visited);
  }
}

LogicalResult ModuleImporter::importObjectGraph(const c10::IValue &root) {
  llvm::DenseSet<const c10::ivalue::Object *> visited;
  collectClasses(root, visited);

  for (const c10::ClassType *classType : classes) {
    StringAttr symbol = classSymbols.lookup(classType);
    Location loc = NameLoc::get(symbol, archiveLoc);
    auto classOp = Torch::ClassTypeOp::create(moduleBuilder, loc, symbol);
    OpBuilder body = OpBuilder::atBlockEnd(&classOp.getBody().emplaceBlock());
    for (size_t i = 0, e = classType->numAttributes(); i < e; ++i) {
      std::string name = classType->getAttributeName(i);
      Torch::AttrOp::create(
          body, loc, isPrivateName(name) ? body.getUnitAttr() : UnitAttr(),
          body.getStringAttr(name),
          TypeAttr::get(importType(*classType->getAttribute(i))));
    }
    for (torch::jit::Function *method : classType->methods()) {
      const std::string &name = method->name();
      Torch::MethodOp::create(
          body, loc, isPrivateName(name) ? body.getUnitAttr() : UnitAttr(),
          body.getStringAttr(name),
          FlatSymbolRefAttr::get(getFunctionSymbol(*method, classType)));
    }
  }

  return success(static_cast<bool>(importObject(root, "", archiveLoc)));
}
