//===- GraphImport.cpp - TorchScript functions to func.func ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Every method of every class and every free function reached through
// prim::CallFunction becomes a private func.func. A callee is imported
// before the call that names it, so that the call's results take the
// callee's result types.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <ATen/core/class_type.h>
#include <ATen/core/function.h>
#include <ATen/core/function_schema.h>
#include <ATen/core/ivalue.h>
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/ir/ir.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

static constexpr llvm::StringLiteral kNameAttr = "torch_onnx.name";

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

LogicalResult ModuleImporter::importMethods(const c10::ClassType &root) {
  rootClass = &root;
  for (const c10::ClassType *classType : classes)
    for (torch::jit::Function *method : classType->methods())
      if (!getOrImportFunction(*method, classType))
        return failure();
  return success();
}

/// The Python name of argument `index` of `function`.
static std::string argumentName(const torch::jit::Function &function,
                                const torch::jit::Value *input, size_t index) {
  const std::vector<c10::Argument> &arguments =
      function.getSchema().arguments();
  if (index < arguments.size() && !arguments[index].name().empty())
    return pythonName(arguments[index].name());
  return pythonName(input->debugName());
}

LogicalResult
ModuleImporter::refineForwardArguments(torch::jit::Graph &graph,
                                       const c10::ClassType &owner,
                                       SmallVectorImpl<Type> &argTypes) {
  std::string className = owner.name()->qualifiedName();
  const torch::jit::Function &forward = *owner.findMethod("forward");
  size_t nextShape = 0;
  for (size_t i = 1, e = graph.inputs().size(); i < e; ++i) {
    if (graph.inputs()[i]->type()->kind() != c10::TypeKind::TensorType)
      continue;
    if (nextShape < inputShapes.size()) {
      const InputShape &shape = inputShapes[nextShape++];
      argTypes[i] = Torch::NonValueTensorType::get(
          getContext(), ArrayRef<int64_t>(shape.sizes), shape.dtype);
      continue;
    }
    auto known = cast<Torch::BaseTensorType>(argTypes[i]);
    if (known.areAllSizesKnown() && known.hasDtype())
      continue;
    emitError(archiveLoc)
        << "argument '" << argumentName(forward, graph.inputs()[i], i)
        << "' of " << className
        << ".forward is a tensor of unknown shape; pass one --input-shape "
           "per tensor argument, such as --input-shape 1x3x224x224xf32";
    return failure();
  }
  if (nextShape < inputShapes.size()) {
    emitError(archiveLoc) << inputShapes.size()
                          << " --input-shape options given, but " << className
                          << ".forward takes " << nextShape
                          << " tensor argument" << (nextShape == 1 ? "" : "s");
    return failure();
  }
  return success();
}

/// Drops every use of a value in `block` and the blocks nested in it.
static void dropAllInputs(torch::jit::Block *block) {
  for (torch::jit::Node *node : block->nodes()) {
    for (torch::jit::Block *inner : node->blocks())
      dropAllInputs(inner);
    node->removeAllInputs();
  }
  block->return_node()->removeAllInputs();
}

/// Frees the nodes of an imported function's graph, so that the IR still
/// being built reuses their memory instead of adding to it. The graph keeps
/// its inputs; the function's schema was computed before the import.
static void releaseNodes(torch::jit::Graph &graph) {
  torch::jit::Block *block = graph.block();
  dropAllInputs(block);
  for (auto it = block->nodes().rbegin(); it != block->nodes().rend();)
    (*it++)->destroy();
}

func::FuncOp ModuleImporter::getOrImportFunction(torch::jit::Function &function,
                                                 const c10::ClassType *owner) {
  if (func::FuncOp existing = functions.lookup(&function))
    return existing;
  StringAttr symbol = getFunctionSymbol(function, owner);
  Location loc = NameLoc::get(symbol, archiveLoc);
  if (!function.isGraphFunction()) {
    emitError(loc) << "function '" << symbol.getValue()
                   << "' has no TorchScript graph";
    return nullptr;
  }
  torch::jit::Graph &graph = *torch::jit::toGraphFunction(function).graph();

  SmallVector<Type> argTypes, resultTypes;
  for (const torch::jit::Value *input : graph.inputs())
    argTypes.push_back(importType(*input->type()));
  for (const torch::jit::Value *output : graph.outputs())
    resultTypes.push_back(importType(*output->type()));
  bool isRootForward =
      owner && owner == rootClass && function.name() == "forward";
  if (isRootForward && failed(refineForwardArguments(graph, *owner, argTypes)))
    return nullptr;

  auto func = func::FuncOp::create(
      moduleBuilder, loc, symbol.getValue(),
      FunctionType::get(getContext(), argTypes, resultTypes));
  func.setPrivate();
  for (auto [index, input] : llvm::enumerate(graph.inputs())) {
    if (owner && index == 0)
      continue;
    std::string name = argumentName(function, input, index);
    if (!name.empty())
      func.setArgAttr(index, kNameAttr, StringAttr::get(getContext(), name));
  }

  functions[&function] = func;
  inProgress.insert(&function);
  LogicalResult imported =
      GraphImporter(*this, func).importBody(graph, argTypes);
  inProgress.erase(&function);
  if (failed(imported))
    return nullptr;
  if (releaseGraphs)
    releaseNodes(graph);
  return func;
}

//===----------------------------------------------------------------------===//
// Graphs and blocks
//===----------------------------------------------------------------------===//

LogicalResult GraphImporter::importBody(torch::jit::Graph &graph,
                                        TypeRange argTypes) {
  Block *entry = func.addEntryBlock();
  for (auto [input, arg] : llvm::zip(graph.inputs(), entry->getArguments()))
    values[input] = arg;
  builder.setInsertionPointToEnd(entry);
  if (failed(importNodes(graph.block())))
    return failure();
  SmallVector<Value> results;
  if (failed(lookupAll(graph.outputs(), results)))
    return failure();
  func::ReturnOp::create(builder, func.getLoc(), results);
  func.setFunctionType(FunctionType::get(func.getContext(), argTypes,
                                         ValueRange(results).getTypes()));
  return success();
}

LogicalResult GraphImporter::importNodes(torch::jit::Block *block) {
  for (torch::jit::Node *node : block->nodes())
    if (failed(importNode(node)))
      return failure();
  return success();
}

Value GraphImporter::lookup(const torch::jit::Value *value) {
  Value result = values.lookup(value);
  if (!result)
    emitError(func.getLoc())
        << "value %" << value->debugName() << " is used before it is defined";
  return result;
}

LogicalResult
GraphImporter::lookupAll(c10::ArrayRef<torch::jit::Value *> jitValues,
                         SmallVectorImpl<Value> &result) {
  for (const torch::jit::Value *value : jitValues) {
    Value found = lookup(value);
    if (!found)
      return failure();
    result.push_back(found);
  }
  return success();
}

SmallVector<Type> GraphImporter::outputTypes(torch::jit::Node *node) {
  SmallVector<Type> types;
  for (const torch::jit::Value *output : node->outputs())
    types.push_back(importer.importType(*output->type()));
  return types;
}

void GraphImporter::mapOutputs(torch::jit::Node *node, Operation *op) {
  for (auto [output, result] : llvm::zip(node->outputs(), op->getResults()))
    values[output] = result;
}

//===----------------------------------------------------------------------===//
// prim nodes with an op of their own
//===----------------------------------------------------------------------===//

/// Whether a prim::Constant's value maps to torch constants.
static bool isImportableConstant(ModuleImporter &importer,
                                 const c10::IValue &value) {
  if (value.isTensor()) {
    const at::Tensor &tensor = value.toTensor();
    return tensor.defined() && tensor.layout() == at::kStrided &&
           tensor.device().is_cpu() &&
           importer.importDtype(tensor.scalar_type());
  }
  if (value.isNone() || value.isBool() || value.isInt() || value.isDouble() ||
      value.isString() || value.isDevice())
    return true;
  if (value.isList())
    return llvm::all_of(value.toListRef(), [&](const c10::IValue &element) {
      return isImportableConstant(importer, element);
    });
  if (value.isTuple())
    return llvm::all_of(value.toTupleRef().elements(),
                        [&](const c10::IValue &element) {
                          return isImportableConstant(importer, element);
                        });
  return false;
}

LogicalResult GraphImporter::importConstant(torch::jit::Node *node,
                                            Location loc) {
  torch::jit::Value *output = node->output();
  if (output->type()->kind() == c10::TypeKind::FunctionType) {
    // A call names its callee by symbol, so a function constant only needs
    // an op when something other than a call uses it.
    bool onlyCalled = llvm::all_of(output->uses(), [](const auto &use) {
      return use.user->kind() == c10::prim::CallFunction && use.offset == 0;
    });
    return onlyCalled ? success() : createOperator(node, loc);
  }
  c10::optional<c10::IValue> value = torch::jit::toIValue(output);
  if (!value || !isImportableConstant(importer, *value))
    return createOperator(node, loc);
  std::string blobName = (func.getSymName() + ".constant").str();
  Value result;
  if (value->isTensor()) {
    const at::Tensor &tensor = value->toTensor();
    ElementsAttr data =
        importer.importTensorData(tensor, blobName, loc, /*allowInline=*/true);
    if (!data)
      return failure();
    result = Torch::NonValueTensorLiteralOp::create(
        builder, loc, importer.importTensorValueType(tensor), data);
  } else {
    result = importer.importIValue(builder, *value, blobName, loc);
    if (!result)
      return failure();
  }
  values[output] = result;
  return success();
}

LogicalResult GraphImporter::importIf(torch::jit::Node *node, Location loc) {
  if (node->blocks().size() != 2)
    return emitError(loc) << "prim::If without two blocks";
  Value condition = lookup(node->input(0));
  if (!condition)
    return failure();
  auto ifOp =
      Torch::PrimIfOp::create(builder, loc, outputTypes(node), condition);
  for (auto [region, block] : llvm::zip(ifOp->getRegions(), node->blocks())) {
    OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(&region);
    SmallVector<Value> yielded;
    if (failed(importNodes(block)) ||
        failed(lookupAll(block->outputs(), yielded)))
      return failure();
    Torch::PrimIfYieldOp::create(builder, loc, yielded);
  }
  mapOutputs(node, ifOp);
  return success();
}

LogicalResult GraphImporter::importLoop(torch::jit::Node *node, Location loc) {
  SmallVector<Value> operands;
  if (node->blocks().size() != 1 || node->inputs().size() < 2)
    return emitError(loc) << "malformed prim::Loop";
  if (failed(lookupAll(node->inputs(), operands)))
    return failure();
  auto loop =
      Torch::PrimLoopOp::create(builder, loc, outputTypes(node), operands[0],
                                operands[1], ArrayRef(operands).drop_front(2));
  torch::jit::Block *body = node->blocks()[0];
  OpBuilder::InsertionGuard guard(builder);
  Block *block = builder.createBlock(&loop.getRegion());
  for (const torch::jit::Value *input : body->inputs())
    values[input] =
        block->addArgument(importer.importType(*input->type()), loc);
  SmallVector<Value> next;
  if (failed(importNodes(body)) || failed(lookupAll(body->outputs(), next)))
    return failure();
  if (next.empty())
    return emitError(loc) << "prim::Loop body yields no condition";
  Torch::PrimLoopConditionOp::create(builder, loc, next.front(),
                                     ArrayRef(next).drop_front());
  mapOutputs(node, loop);
  return success();
}

LogicalResult GraphImporter::importCall(torch::jit::Node *node, Location loc) {
  bool isMethod = node->kind() == c10::prim::CallMethod;
  SmallVector<Value> operands;
  if (node->inputs().empty() ||
      failed(lookupAll(node->inputs().slice(isMethod ? 0 : 1), operands)))
    return failure();

  // Find the callee statically: the receiver's class or the function value.
  torch::jit::Function *callee = nullptr;
  const c10::ClassType *owner = nullptr;
  const c10::Type &calleeType = *node->input(0)->type();
  if (isMethod) {
    owner = calleeType.castRaw<c10::ClassType>();
    if (owner)
      callee = owner->findMethod(node->s(c10::attr::name));
  } else if (auto *functionType = calleeType.castRaw<c10::FunctionType>()) {
    callee = functionType->function();
  }

  SmallVector<Type> resultTypes = outputTypes(node);
  func::FuncOp calleeFunc;
  if (callee) {
    calleeFunc = importer.getOrImportFunction(*callee, owner);
    if (!calleeFunc)
      return failure();
    if (!importer.inProgress.count(callee) &&
        calleeFunc.getNumResults() == resultTypes.size())
      resultTypes.assign(calleeFunc.getResultTypes().begin(),
                         calleeFunc.getResultTypes().end());
  }

  Operation *call;
  if (isMethod) {
    call = Torch::PrimCallMethodOp::create(
        builder, loc, resultTypes, operands.front(), node->s(c10::attr::name),
        ArrayRef(operands).drop_front());
  } else if (calleeFunc) {
    call = Torch::PrimCallFunctionOp::create(
        builder, loc, resultTypes,
        FlatSymbolRefAttr::get(calleeFunc.getSymNameAttr()), operands);
  } else {
    return createOperator(node, loc);
  }
  return keepIfValid(node, loc, call);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult GraphImporter::importNode(torch::jit::Node *node) {
  Location loc = importer.importLocation(node);
  MLIRContext *ctx = func.getContext();
  auto nameAttr = [&]() {
    return NamedAttribute(StringAttr::get(ctx, "name"),
                          StringAttr::get(ctx, node->s(c10::attr::name)));
  };
  auto opName = [&](llvm::StringRef name) { return OperationName(name, ctx); };
  switch (node->kind()) {
  case c10::prim::Constant:
    return importConstant(node, loc);
  case c10::prim::If:
    return importIf(node, loc);
  case c10::prim::Loop:
    return importLoop(node, loc);
  case c10::prim::CallMethod:
  case c10::prim::CallFunction:
    return importCall(node, loc);
  case c10::prim::GetAttr:
    return createVerifiedOr(node, loc,
                            opName(Torch::PrimGetAttrOp::getOperationName()),
                            nameAttr());
  case c10::prim::SetAttr:
    return createVerifiedOr(node, loc,
                            opName(Torch::PrimSetAttrOp::getOperationName()),
                            nameAttr());
  case c10::prim::ListConstruct:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimListConstructOp::getOperationName()));
  case c10::prim::ListUnpack:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimListUnpackOp::getOperationName()));
  case c10::prim::TupleConstruct:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimTupleConstructOp::getOperationName()));
  case c10::prim::TupleUnpack:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimTupleUnpackOp::getOperationName()));
  case c10::prim::TupleIndex:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimTupleIndexOp::getOperationName()));
  case c10::prim::NumToTensor:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimNumToTensorScalarOp::getOperationName()));
  case c10::prim::device:
    return createVerifiedOr(node, loc,
                            opName(Torch::PrimDeviceOp::getOperationName()));
  case c10::prim::dtype:
    return createVerifiedOr(node, loc,
                            opName(Torch::PrimDtypeOp::getOperationName()));
  case c10::prim::Uninitialized:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimUninitializedOp::getOperationName()));
  case c10::prim::RaiseException:
    return createVerifiedOr(
        node, loc, opName(Torch::PrimRaiseExceptionOp::getOperationName()));
  default:
    if (!node->blocks().empty())
      return emitError(loc) << "cannot import " << node->kind().toQualString()
                            << ": only prim::If and prim::Loop may have "
                               "blocks";
    return importAtenOrOperator(node, loc);
  }
}
