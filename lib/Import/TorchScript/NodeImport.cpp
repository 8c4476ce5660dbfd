//===- NodeImport.cpp - aten nodes and torch.operator ---------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// An aten node becomes its generated op `torch.aten.<name>.<overload>` when
// the dialect registers one and the op verifies with the node's types; any
// other node becomes `torch.operator "ns::name.overload"`, so that no node
// is ever dropped.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/Verifier.h"

#include <ATen/core/function_schema.h>
#include <torch/csrc/jit/ir/ir.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

ModuleImporter::OperatorInfo
ModuleImporter::getOperatorInfo(const c10::FunctionSchema &schema) {
  auto it = operators.find(&schema);
  if (it != operators.end())
    return it->second;
  const std::string &overload = schema.overload_name();
  std::string name = schema.name();
  if (!overload.empty())
    name += "." + overload;
  OperatorInfo info;
  info.operatorName = StringAttr::get(getContext(), name);
  llvm::StringRef unqualified = name;
  if (unqualified.consume_front("aten::"))
    info.opName = RegisteredOperationName::lookup(
        ("torch.aten." + unqualified).str(), getContext());
  return operators[&schema] = info;
}

StringAttr ModuleImporter::getKindName(uint32_t kind) {
  StringAttr &name = kindNames[kind];
  if (!name)
    name = StringAttr::get(getContext(), c10::Symbol(kind).toQualString());
  return name;
}

bool ModuleImporter::verifiesQuietly(Operation *op) {
  speculative = true;
  bool verified = succeeded(verify(op, /*verifyRecursively=*/false));
  speculative = false;
  return verified;
}

/// The node's attributes that have a natural MLIR form, named
/// `torchscript.<name>`; tensors, graphs and types are left out.
static SmallVector<NamedAttribute> importNodeAttributes(torch::jit::Node *node,
                                                        MLIRContext *ctx) {
  SmallVector<NamedAttribute> attrs;
  Builder b(ctx);
  for (c10::Symbol name : node->attributeNames()) {
    Attribute value;
    switch (node->kindOf(name)) {
    case torch::jit::AttributeKind::i:
      value = b.getI64IntegerAttr(node->i(name));
      break;
    case torch::jit::AttributeKind::f:
      value = b.getF64FloatAttr(node->f(name));
      break;
    case torch::jit::AttributeKind::s:
      value = b.getStringAttr(node->s(name));
      break;
    case torch::jit::AttributeKind::is:
      value = b.getI64ArrayAttr(node->is(name));
      break;
    case torch::jit::AttributeKind::fs:
      value = b.getF64ArrayAttr(node->fs(name));
      break;
    case torch::jit::AttributeKind::ss: {
      SmallVector<Attribute> strings;
      for (const std::string &s : node->ss(name))
        strings.push_back(b.getStringAttr(s));
      value = b.getArrayAttr(strings);
      break;
    }
    default:
      continue;
    }
    attrs.emplace_back(
        b.getStringAttr(llvm::Twine("torchscript.") + name.toUnqualString()),
        value);
  }
  return attrs;
}

LogicalResult GraphImporter::createOperator(torch::jit::Node *node,
                                            Location loc) {
  SmallVector<Value> operands;
  if (failed(lookupAll(node->inputs(), operands)))
    return failure();
  StringAttr name;
  if (const c10::FunctionSchema *schema = node->maybeSchema())
    name = importer.getOperatorInfo(*schema).operatorName;
  else
    name = importer.getKindName(node->kind());
  auto op = Torch::OperatorOp::create(builder, loc, outputTypes(node), name,
                                      operands, /*regionsCount=*/0);
  if (node->numAttributes())
    for (NamedAttribute attr : importNodeAttributes(node, func.getContext()))
      op->setAttr(attr.getName(), attr.getValue());
  mapOutputs(node, op);
  return success();
}

LogicalResult GraphImporter::keepIfValid(torch::jit::Node *node, Location loc,
                                         Operation *op) {
  if (importer.verifiesQuietly(op)) {
    mapOutputs(node, op);
    return success();
  }
  op->erase();
  return createOperator(node, loc);
}

LogicalResult GraphImporter::createVerifiedOr(torch::jit::Node *node,
                                              Location loc, OperationName name,
                                              ArrayRef<NamedAttribute> attrs) {
  OperationState state(loc, name);
  SmallVector<Value> operands;
  if (failed(lookupAll(node->inputs(), operands)))
    return failure();
  state.addOperands(operands);
  state.addTypes(outputTypes(node));
  state.addAttributes(attrs);
  return keepIfValid(node, loc, builder.create(state));
}

LogicalResult GraphImporter::importAtenOrOperator(torch::jit::Node *node,
                                                  Location loc) {
  const c10::FunctionSchema *schema = node->maybeSchema();
  if (schema) {
    ModuleImporter::OperatorInfo info = importer.getOperatorInfo(*schema);
    if (info.opName)
      return createVerifiedOr(node, loc, *info.opName);
  }
  return createOperator(node, loc);
}
