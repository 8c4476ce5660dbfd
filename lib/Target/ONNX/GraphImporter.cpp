//===- GraphImporter.cpp - ONNX graphs to the ONNX dialect ----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "GraphImporter.h"
#include "TensorSerialization.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

using namespace mlir;
using namespace mlir::torch_onnx;
using onnx::AttributeProto;
using ONNX::AttributeKind;
using ONNX::FormalParameter;
using ONNX::OpSchema;
using ONNX::ParameterOption;

namespace {

/// Whether parameters `a` bind as `b` do; with `allowMoreOptional`, `b` may
/// end in more optional parameters, which a node of `a` leaves missing.
bool haveSameShape(ArrayRef<FormalParameter> a, ArrayRef<FormalParameter> b,
                   bool allowMoreOptional = false) {
  if (a.size() > b.size() || (!allowMoreOptional && a.size() != b.size()))
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].option != b[i].option)
      return false;
  return llvm::all_of(b.drop_front(a.size()), [](const FormalParameter &p) {
    return p.option == ParameterOption::Optional;
  });
}

/// Whether a node of `model`'s version fits the op the dialect generated
/// from `dialect`: the same inputs (or those the newer version added as
/// optional ones, such as the reductions' axes at opset 18), outputs and
/// GRAPH attributes, and no attribute that the two disagree on.
bool isCompatible(const OpSchema &model, const OpSchema &dialect) {
  if (&model == &dialect)
    return true;
  if (!haveSameShape(model.inputs, dialect.inputs,
                     /*allowMoreOptional=*/true) ||
      !haveSameShape(model.outputs, dialect.outputs))
    return false;
  for (const ONNX::AttributeSchema &attr : model.attributes) {
    const ONNX::AttributeSchema *other = dialect.getAttribute(attr.name);
    if (!other) {
      if (attr.kind == AttributeKind::Graph)
        return false;
      continue;
    }
    if (other->kind != attr.kind)
      return false;
  }
  for (const ONNX::AttributeSchema &attr : dialect.attributes)
    if ((attr.required || attr.kind == AttributeKind::Graph) &&
        !model.getAttribute(attr.name))
      return false;
  return true;
}

/// The kind of an attribute that does not say (old models leave `type`
/// unset), from the field it fills.
AttributeProto::AttributeType getAttributeKind(const AttributeProto &attr) {
  if (attr.type() != AttributeProto::UNDEFINED)
    return attr.type();
  if (attr.has_f())
    return AttributeProto::FLOAT;
  if (attr.has_i())
    return AttributeProto::INT;
  if (attr.has_s())
    return AttributeProto::STRING;
  if (attr.has_t())
    return AttributeProto::TENSOR;
  if (attr.has_g())
    return AttributeProto::GRAPH;
  if (attr.floats_size())
    return AttributeProto::FLOATS;
  if (attr.ints_size())
    return AttributeProto::INTS;
  if (attr.strings_size())
    return AttributeProto::STRINGS;
  if (attr.tensors_size())
    return AttributeProto::TENSORS;
  if (attr.graphs_size())
    return AttributeProto::GRAPHS;
  return AttributeProto::UNDEFINED;
}

/// The values and types of one graph while it is imported.
struct Scope {
  Block *block;
  llvm::StringMap<Value> values;
  /// The declared types of the graph's inputs, outputs and value_info.
  llvm::StringMap<const onnx::TypeProto *> types;
  /// The graph's `onnx.NoValue`, made on first use.
  Value noValue;
};

class GraphImporter {
public:
  GraphImporter(MLIRContext *context, const llvm::StringMap<int64_t> &opsets,
                ExternalDataReader &externalData, Location fileLoc)
      : context(context), opsets(opsets), externalData(externalData),
        fileLoc(fileLoc) {}

  LogicalResult importMainGraph(onnx::GraphProto &graph, ModuleOp module);

private:
  Scope &pushScope(const onnx::GraphProto &graph, Block *block);
  void popScope() { scopes.pop_back(); }
  Value lookup(StringRef name) const;
  LogicalResult define(StringRef name, Value value, Location loc);
  Value getNoValue();
  /// The declared type of `name` in the current graph, or null.
  Type getDeclaredType(StringRef name,
                       SmallVectorImpl<std::string> *dimParams = nullptr);

  LogicalResult importInitializers(onnx::GraphProto &graph, OpBuilder &builder,
                                   const llvm::StringSet<> &skip);
  LogicalResult importNodes(onnx::GraphProto &graph, OpBuilder &builder);
  LogicalResult importNode(onnx::NodeProto &node, OpBuilder &builder);
  FailureOr<Attribute> importAttribute(AttributeProto &attr, Location loc);
  LogicalResult importSubgraph(onnx::GraphProto &graph, Region &region,
                               Operation *parent, Location loc);

  /// The type of a result whose type the model does not give: an unranked
  /// tensor of the element type that `schema` implies, else that of the
  /// first tensor operand.
  Type inferResultType(const OpSchema *schema, size_t formalIndex,
                       ArrayRef<Value> operands);

  MLIRContext *context;
  const llvm::StringMap<int64_t> &opsets;
  ExternalDataReader &externalData;
  Location fileLoc;
  std::deque<Scope> scopes;
};

} // namespace

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

Scope &GraphImporter::pushScope(const onnx::GraphProto &graph, Block *block) {
  Scope &scope = scopes.emplace_back();
  scope.block = block;
  for (const onnx::ValueInfoProto &info : graph.value_info())
    if (info.has_type())
      scope.types[info.name()] = &info.type();
  for (const auto *list : {&graph.input(), &graph.output()})
    for (const onnx::ValueInfoProto &info : *list)
      if (info.has_type())
        scope.types[info.name()] = &info.type();
  return scope;
}

Value GraphImporter::lookup(StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (Value value = it->values.lookup(name))
      return value;
  return {};
}

LogicalResult GraphImporter::define(StringRef name, Value value, Location loc) {
  if (!scopes.back().values.try_emplace(name, value).second)
    return emitError(loc) << "value '" << name << "' is defined twice";
  return success();
}

Value GraphImporter::getNoValue() {
  Scope &scope = scopes.back();
  if (!scope.noValue) {
    OpBuilder builder = OpBuilder::atBlockBegin(scope.block);
    scope.noValue = ONNX::NoValueOp::create(builder, fileLoc).getResult();
  }
  return scope.noValue;
}

Type GraphImporter::getDeclaredType(StringRef name,
                                    SmallVectorImpl<std::string> *dimParams) {
  const onnx::TypeProto *type = scopes.back().types.lookup(name);
  return type ? convertTypeProto(*type, context, dimParams) : Type();
}

Type GraphImporter::inferResultType(const OpSchema *schema, size_t formalIndex,
                                    ArrayRef<Value> operands) {
  auto unranked = [](Type type) -> Type {
    if (auto tensor = dyn_cast<TensorType>(type))
      return UnrankedTensorType::get(tensor.getElementType());
    return type;
  };
  if (schema && formalIndex < schema->outputs.size()) {
    const FormalParameter &output = schema->outputs[formalIndex];
    StringRef typeStr = output.typeStr;
    const ONNX::TypeConstraint *constraint = schema->getTypeConstraint(output);
    if (!constraint) {
      if (Type type = parseONNXTypeString(typeStr, context))
        return type;
    } else if (constraint->allowedTypes.size() == 1) {
      if (Type type =
              parseONNXTypeString(constraint->allowedTypes.front(), context))
        return type;
    }
    // An input bound to the same type parameter.
    ArrayRef<FormalParameter> inputs = schema->inputs;
    for (size_t i = 0; i < inputs.size() && i < operands.size(); ++i)
      if (inputs[i].typeStr == typeStr &&
          !isa<NoneType>(operands[i].getType()))
        return unranked(operands[i].getType());
  }
  for (Value operand : operands)
    if (isa<TensorType>(operand.getType()))
      return unranked(operand.getType());
  return UnrankedTensorType::get(Float32Type::get(context));
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

FailureOr<Attribute> GraphImporter::importAttribute(AttributeProto &attr,
                                                    Location loc) {
  Builder b(context);
  if (!attr.ref_attr_name().empty())
    return emitError(loc) << "attribute '" << attr.name()
                          << "' refers to a function attribute, which is "
                             "not supported";
  switch (getAttributeKind(attr)) {
  case AttributeProto::FLOAT:
    return Attribute(b.getF32FloatAttr(attr.f()));
  case AttributeProto::INT:
    return Attribute(b.getIntegerAttr(
        IntegerType::get(context, 64, IntegerType::Signed), attr.i()));
  case AttributeProto::STRING:
    return Attribute(b.getStringAttr(attr.s()));
  case AttributeProto::TENSOR: {
    FailureOr<ElementsAttr> value =
        importTensor(*attr.mutable_t(), externalData, context, loc);
    if (failed(value))
      return failure();
    return Attribute(*value);
  }
  case AttributeProto::TYPE_PROTO: {
    Type type = convertTypeProto(attr.tp(), context);
    if (!type)
      return emitError(loc)
             << "attribute '" << attr.name() << "' has an unsupported type";
    return Attribute(TypeAttr::get(type));
  }
  case AttributeProto::FLOATS: {
    SmallVector<Attribute> values;
    for (float value : attr.floats())
      values.push_back(b.getF32FloatAttr(value));
    return Attribute(b.getArrayAttr(values));
  }
  case AttributeProto::INTS: {
    SmallVector<Attribute> values;
    for (int64_t value : attr.ints())
      values.push_back(b.getI64IntegerAttr(value));
    return Attribute(b.getArrayAttr(values));
  }
  case AttributeProto::STRINGS: {
    SmallVector<Attribute> values;
    for (const std::string &value : attr.strings())
      values.push_back(b.getStringAttr(value));
    return Attribute(b.getArrayAttr(values));
  }
  case AttributeProto::TENSORS: {
    SmallVector<Attribute> values;
    for (onnx::TensorProto &tensor : *attr.mutable_tensors()) {
      FailureOr<ElementsAttr> value =
          importTensor(tensor, externalData, context, loc);
      if (failed(value))
        return failure();
      values.push_back(*value);
    }
    return Attribute(b.getArrayAttr(values));
  }
  case AttributeProto::TYPE_PROTOS: {
    SmallVector<Attribute> values;
    for (const onnx::TypeProto &typeProto : attr.type_protos()) {
      Type type = convertTypeProto(typeProto, context);
      if (!type)
        return emitError(loc)
               << "attribute '" << attr.name() << "' has an unsupported type";
      values.push_back(TypeAttr::get(type));
    }
    return Attribute(b.getArrayAttr(values));
  }
  default:
    return emitError(loc) << "attribute '" << attr.name() << "' of kind "
                          << AttributeProto::AttributeType_Name(
                                 getAttributeKind(attr))
                          << " is not supported";
  }
}

//===----------------------------------------------------------------------===//
// Nodes and graphs
//===----------------------------------------------------------------------===//

LogicalResult GraphImporter::importInitializers(onnx::GraphProto &graph,
                                                OpBuilder &builder,
                                                const llvm::StringSet<> &skip) {
  for (onnx::TensorProto &tensor : *graph.mutable_initializer()) {
    if (skip.contains(tensor.name()))
      continue;
    Location loc = NameLoc::get(builder.getStringAttr(tensor.name()), fileLoc);
    FailureOr<ElementsAttr> value =
        importTensor(tensor, externalData, context, loc);
    if (failed(value))
      return failure();
    auto init =
        ONNX::InitializerOp::create(builder, loc, tensor.name(), *value);
    if (failed(define(tensor.name(), init.getResult(), loc)))
      return failure();
  }
  return success();
}

LogicalResult GraphImporter::importNodes(onnx::GraphProto &graph,
                                         OpBuilder &builder) {
  for (onnx::NodeProto &node : *graph.mutable_node())
    if (failed(importNode(node, builder)))
      return failure();
  return success();
}

LogicalResult GraphImporter::importSubgraph(onnx::GraphProto &graph,
                                            Region &region, Operation *parent,
                                            Location loc) {
  Block *block = new Block();
  region.push_back(block);
  pushScope(graph, block);
  llvm::scope_exit exit([&] { popScope(); });

  bool isLoop = parent->getName().getStringRef() == "onnx.Loop";
  for (auto [index, input] : llvm::enumerate(graph.input())) {
    Type type = getDeclaredType(input.name());
    // Old loop bodies may leave the types of their inputs out: the
    // iteration number, the condition, then the loop-carried values.
    if (!type && isLoop) {
      Builder b(context);
      if (index == 0)
        type = RankedTensorType::get({}, b.getI64Type());
      else if (index == 1)
        type = RankedTensorType::get({}, b.getI1Type());
      else if (index < parent->getNumOperands())
        type = parent->getOperand(index).getType();
    }
    if (!type)
      return emitError(loc) << "input '" << input.name() << "' of graph '"
                            << graph.name() << "' has no supported type";
    if (failed(define(input.name(), block->addArgument(type, loc), loc)))
      return failure();
  }

  OpBuilder builder = OpBuilder::atBlockEnd(block);
  if (failed(importInitializers(graph, builder, {})) ||
      failed(importNodes(graph, builder)))
    return failure();
  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Value value = lookup(output.name());
    if (!value)
      return emitError(loc) << "output '" << output.name() << "' of graph '"
                            << graph.name() << "' is not defined";
    results.push_back(value);
  }
  ONNX::YieldOp::create(builder, loc, results);
  return success();
}

LogicalResult GraphImporter::importNode(onnx::NodeProto &node,
                                        OpBuilder &builder) {
  Location loc =
      node.name().empty()
          ? fileLoc
          : Location(NameLoc::get(builder.getStringAttr(node.name()), fileLoc));
  StringRef domain = node.domain();
  if (domain == ONNX::kDefaultDomainKey)
    domain = "";
  const std::string &opType = node.op_type();

  // The inputs, with null for a missing one.
  SmallVector<Value> inputs;
  for (const std::string &name : node.input()) {
    if (name.empty()) {
      inputs.push_back({});
      continue;
    }
    Value value = lookup(name);
    if (!value)
      return emitError(loc)
             << "node '" << node.name() << "' (" << opType << ") uses '" << name
             << "', which is not defined before it";
    inputs.push_back(value);
  }

  // A default-domain op becomes its dialect op when the dialect's op has
  // the signature of the model's version of it; anything else is custom.
  const OpSchema *schema = nullptr;
  const OpSchema *dialectSchema = nullptr;
  if (domain.empty()) {
    auto found = opsets.find("");
    int64_t opset = found != opsets.end() ? found->second : ONNX::kDefaultOpset;
    schema = ONNX::lookupSchema(opType, opset);
    if (schema && schema->deprecated)
      schema = nullptr;
    if (schema && RegisteredOperationName::lookup("onnx." + opType, context))
      dialectSchema = ONNX::getDialectSchema(opType);
    if (dialectSchema && !isCompatible(*schema, *dialectSchema))
      dialectSchema = nullptr;
  }

  SmallVector<Value> operands;
  SmallVector<Type> resultTypes;
  // For each node output, the index of its result.
  SmallVector<unsigned> outputResults;
  // A type the model declares but that has no MLIR form is an error rather
  // than a guess.
  std::string unsupportedOutput;
  auto typeOf = [&](const std::string &name, size_t formalIndex) {
    if (Type type = getDeclaredType(name))
      return type;
    if (scopes.back().types.lookup(name) && unsupportedOutput.empty())
      unsupportedOutput = name;
    return inferResultType(schema, formalIndex, operands);
  };
  if (dialectSchema) {
    size_t next = 0;
    for (const FormalParameter &formal : schema->inputs) {
      if (formal.option == ParameterOption::Variadic) {
        for (; next < inputs.size(); ++next)
          operands.push_back(inputs[next] ? inputs[next] : getNoValue());
        break;
      }
      operands.push_back(next < inputs.size() && inputs[next] ? inputs[next]
                                                              : getNoValue());
      ++next;
    }
    if (next < inputs.size())
      return emitError(loc)
             << "node '" << node.name() << "' (" << opType << ") has "
             << inputs.size() << " inputs, more than its schema allows";
    // The optional inputs that newer versions of the op added.
    for (size_t i = schema->inputs.size(); i < dialectSchema->inputs.size();
         ++i)
      operands.push_back(getNoValue());
    size_t output = 0;
    for (auto [formalIndex, formal] : llvm::enumerate(schema->outputs)) {
      if (formal.option == ParameterOption::Variadic) {
        for (; output < static_cast<size_t>(node.output_size()); ++output) {
          outputResults.push_back(resultTypes.size());
          resultTypes.push_back(typeOf(node.output(output), formalIndex));
        }
        break;
      }
      bool present = output < static_cast<size_t>(node.output_size()) &&
                     !node.output(output).empty();
      if (output < static_cast<size_t>(node.output_size()))
        outputResults.push_back(resultTypes.size());
      resultTypes.push_back(present ? typeOf(node.output(output), formalIndex)
                                    : Type(NoneType::get(context)));
      ++output;
    }
    if (output < static_cast<size_t>(node.output_size()))
      return emitError(loc)
             << "node '" << node.name() << "' (" << opType << ") has "
             << node.output_size() << " outputs, more than its schema allows";
  } else {
    for (Value input : inputs)
      operands.push_back(input ? input : getNoValue());
    for (const std::string &name : node.output()) {
      outputResults.push_back(resultTypes.size());
      resultTypes.push_back(name.empty() ? Type(NoneType::get(context))
                                         : typeOf(name, resultTypes.size()));
    }
  }

  if (!unsupportedOutput.empty())
    return emitError(loc) << "output '" << unsupportedOutput << "' of node '"
                          << node.name() << "' (" << opType
                          << ") has an unsupported type";

  OperationState state(loc, dialectSchema ? "onnx." + opType : "onnx.Custom");
  state.addOperands(operands);
  state.addTypes(resultTypes);
  if (!dialectSchema) {
    state.addAttribute("domain", builder.getStringAttr(domain));
    state.addAttribute("op_type", builder.getStringAttr(opType));
  }
  SmallVector<AttributeProto *> graphs;
  for (AttributeProto &attr : *node.mutable_attribute()) {
    if (getAttributeKind(attr) == AttributeProto::GRAPH) {
      graphs.push_back(&attr);
      continue;
    }
    FailureOr<Attribute> value = importAttribute(attr, loc);
    if (failed(value))
      return failure();
    state.addAttribute(attr.name(), *value);
  }
  if (!graphs.empty() && !dialectSchema)
    return emitError(loc) << "node '" << node.name() << "' (" << opType
                          << ") has graph attributes, which are supported "
                             "only on ops of the ONNX dialect";
  if (dialectSchema)
    for (const ONNX::AttributeSchema &attr : dialectSchema->attributes)
      if (attr.kind == AttributeKind::Graph)
        state.addRegion();

  Operation *op = builder.create(state);
  SmallVector<StringRef> graphNames = ONNX::getGraphAttributeNames(op);
  for (AttributeProto *attr : graphs) {
    const auto *it = llvm::find(graphNames, attr->name());
    if (it == graphNames.end())
      return emitError(loc)
             << "node '" << node.name() << "' (" << opType
             << ") has unknown graph attribute '" << attr->name() << "'";
    if (failed(importSubgraph(*attr->mutable_g(),
                              op->getRegion(it - graphNames.begin()), op, loc)))
      return failure();
  }

  for (auto [output, resultIndex] : llvm::zip(node.output(), outputResults))
    if (!output.empty() &&
        failed(define(output, op->getResult(resultIndex), loc)))
      return failure();
  return success();
}

LogicalResult GraphImporter::importMainGraph(onnx::GraphProto &graph,
                                             ModuleOp module) {
  Builder b(context);
  llvm::StringMap<onnx::TensorProto *> initializers;
  for (onnx::TensorProto &tensor : *graph.mutable_initializer())
    initializers[tensor.name()] = &tensor;

  // Inputs that have an initializer keep it as their default value; their
  // type is the initializer's.
  SmallVector<Type> inputTypes;
  SmallVector<DictionaryAttr> argAttrs;
  llvm::StringSet<> inputInitializers;
  Scope &scope = pushScope(graph, /*block=*/nullptr);
  llvm::scope_exit exit([&] { popScope(); });
  for (const onnx::ValueInfoProto &input : graph.input()) {
    SmallVector<std::string> dimParams;
    Type type = getDeclaredType(input.name(), &dimParams);
    SmallVector<NamedAttribute> attrs;
    attrs.push_back(b.getNamedAttr("onnx.name", b.getStringAttr(input.name())));
    if (onnx::TensorProto *tensor = initializers.lookup(input.name())) {
      Location loc = NameLoc::get(b.getStringAttr(input.name()), fileLoc);
      FailureOr<ElementsAttr> value =
          importTensor(*tensor, externalData, context, loc);
      if (failed(value))
        return failure();
      if (type != value->getType()) {
        type = value->getType();
        dimParams.assign(value->getShapedType().getRank(), "");
      }
      attrs.push_back(b.getNamedAttr("onnx.initializer", *value));
      inputInitializers.insert(input.name());
    }
    if (!type)
      return emitError(fileLoc)
             << "graph input '" << input.name() << "' has no supported type";
    if (isa<RankedTensorType>(type)) {
      SmallVector<Attribute> params;
      for (const std::string &param : dimParams)
        params.push_back(b.getStringAttr(param));
      attrs.push_back(
          b.getNamedAttr("onnx.dim_params", b.getArrayAttr(params)));
    }
    inputTypes.push_back(type);
    argAttrs.push_back(b.getDictionaryAttr(attrs));
  }

  OpBuilder moduleBuilder = OpBuilder::atBlockEnd(module.getBody());
  StringRef name = graph.name();
  if (name.empty())
    name = "main_graph";
  auto func = func::FuncOp::create(moduleBuilder, fileLoc, name,
                                   b.getFunctionType(inputTypes, {}));
  Block *body = func.addEntryBlock();
  scope.block = body;
  for (auto [index, input] : llvm::enumerate(graph.input())) {
    func.setArgAttrs(index, argAttrs[index]);
    if (failed(define(input.name(), body->getArgument(index), fileLoc)))
      return failure();
  }

  OpBuilder builder = OpBuilder::atBlockEnd(body);
  if (failed(importInitializers(graph, builder, inputInitializers)) ||
      failed(importNodes(graph, builder)))
    return failure();

  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Value value = scope.values.lookup(output.name());
    if (!value)
      return emitError(fileLoc)
             << "graph output '" << output.name() << "' is not defined";
    results.push_back(value);
  }
  func::ReturnOp::create(builder, fileLoc, results);
  func.setFunctionType(
      b.getFunctionType(inputTypes, ValueRange(results).getTypes()));
  for (auto [index, output] : llvm::enumerate(graph.output())) {
    SmallVector<NamedAttribute> attrs;
    attrs.push_back(
        b.getNamedAttr("onnx.name", b.getStringAttr(output.name())));
    if (auto ranked = dyn_cast<RankedTensorType>(results[index].getType())) {
      SmallVector<std::string> dimParams;
      getDeclaredType(output.name(), &dimParams);
      SmallVector<Attribute> params;
      for (int64_t dim = 0; dim < ranked.getRank(); ++dim)
        params.push_back(b.getStringAttr(
            dimParams.size() == static_cast<size_t>(ranked.getRank()) &&
                    ranked.isDynamicDim(dim)
                ? dimParams[dim]
                : ""));
      attrs.push_back(
          b.getNamedAttr("onnx.dim_params", b.getArrayAttr(params)));
    }
    func.setResultAttrs(index, b.getDictionaryAttr(attrs));
  }
  return success();
}

LogicalResult
mlir::torch_onnx::importGraph(onnx::GraphProto &graph, ModuleOp module,
                              const llvm::StringMap<int64_t> &opsets,
                              ExternalDataReader &externalData,
                              Location fileLoc) {
  return GraphImporter(module.getContext(), opsets, externalData, fileLoc)
      .importMainGraph(graph, module);
}
