//===- ModelBuilder.cpp - ONNX dialect to an in-memory ModelProto ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"
#include "torch-onnx/Dialect/ONNX/IR/DerivedInitializer.h"
#include "torch-onnx/Support/JSONString.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::torch_onnx;
using onnx::AttributeProto;

namespace {

/// The producer written when the module does not name one.
constexpr const char *kDefaultProducerName = "torch-onnx";
constexpr const char *kDefaultProducerVersion = "0.1.0";

/// Names in one namespace (values, nodes or dim params) that are handed out
/// once each. Uniquing appends `_<n>` with a counter per base name, so that
/// each request takes amortized constant time.
class NameTable {
public:
  /// Takes `name` if nobody has it yet.
  bool reserve(StringRef name) { return used.insert(name).second; }

  bool contains(StringRef name) const { return used.contains(name); }

  /// `base` if it is free, else the first free `base_<n>`.
  std::string unique(StringRef base) {
    if (base.empty())
      base = "value";
    if (used.insert(base).second)
      return base.str();
    unsigned &counter = nextSuffix[base];
    while (true) {
      std::string candidate = (base + "_" + Twine(++counter)).str();
      if (used.insert(candidate).second)
        return candidate;
    }
  }

private:
  llvm::StringSet<> used;
  llvm::StringMap<unsigned> nextSuffix;
};

/// The name an op's location gives it, if any.
StringRef getLocationName(Location loc) {
  if (auto nameLoc = loc->findInstanceOf<NameLoc>())
    return nameLoc.getName().getValue();
  return {};
}

/// The name of a node of type `opType` at `loc`, before it is made unique:
/// a module scope (`/encoder/layer.0`) followed by the type, another name
/// the location gives, or the type.
std::string getNodeBaseName(Location loc, StringRef opType) {
  StringRef name = getLocationName(loc);
  if (name.starts_with("/"))
    return (name + "/" + opType).str();
  return name.empty() ? opType.str() : name.str();
}

/// NodeProto's field `metadata_props` (ONNX 1.16 and later), which the
/// protobuf classes of older libonnx releases do not know.
constexpr int kNodeMetadataPropsField = 9;

/// Records where `node` comes from, as the dynamo-based exporter does:
/// `pkg.torch.onnx.stack_trace` (the Python frames, outermost first) and
/// `pkg.torch.onnx.name_scopes` (the module scope). The entries are written
/// as the serialized field, so that any libonnx can write them.
void addSourceMetadata(Location loc, onnx::NodeProto &node) {
  SmallVector<FileLineColLoc> frames;
  loc->walk([&](Location inner) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(inner))
      if (fileLoc.getLine())
        frames.push_back(fileLoc);
    return WalkResult::advance();
  });
  StringRef scope = getLocationName(loc);
  if (!scope.starts_with("/"))
    scope = {};
  if (frames.empty() && scope.empty())
    return;
  auto addEntry = [&](StringRef key, const std::string &value) {
    onnx::StringStringEntryProto entry;
    entry.set_key(key.str());
    entry.set_value(value);
    node.GetReflection()
        ->MutableUnknownFields(&node)
        ->AddLengthDelimited(kNodeMetadataPropsField,
                             entry.SerializeAsString());
  };
  if (!frames.empty()) {
    std::string trace;
    // The walk visits callees before their callers.
    for (FileLineColLoc frame : llvm::reverse(frames)) {
      if (!trace.empty())
        trace += "\n";
      trace += ("File \"" + frame.getFilename().getValue() + "\", line " +
                Twine(frame.getLine()))
                   .str();
    }
    addEntry("pkg.torch.onnx.stack_trace", trace);
  }
  if (!scope.empty()) {
    std::string scopes = "[";
    for (StringRef name : llvm::split(scope.drop_front(), '/')) {
      if (scopes.size() > 1)
        scopes += ", ";
      scopes += "'" + name.str() + "'";
    }
    addEntry("pkg.torch.onnx.name_scopes", scopes + "]");
  }
}

/// Converts an attribute of discardable metadata (such as the state
/// bindings) to JSON.
llvm::json::Value toJSON(Attribute attr) {
  if (auto str = dyn_cast<StringAttr>(attr))
    return toJSONString(str.getValue());
  if (auto boolAttr = dyn_cast<BoolAttr>(attr))
    return boolAttr.getValue();
  if (auto intAttr = dyn_cast<IntegerAttr>(attr))
    return intAttr.getValue().getSExtValue();
  if (auto floatAttr = dyn_cast<FloatAttr>(attr))
    return floatAttr.getValueAsDouble();
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    llvm::json::Array out;
    for (Attribute element : array)
      out.push_back(toJSON(element));
    return out;
  }
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    llvm::json::Object out;
    for (NamedAttribute entry : dict)
      out[toJSONString(entry.getName().getValue())] = toJSON(entry.getValue());
    return out;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

/// Builds the ModelProto of one module.
class ModelBuilder {
public:
  ModelBuilder(ModuleOp module, ModelContents &contents)
      : module(module), contents(contents) {}

  LogicalResult build();

private:
  LogicalResult buildMainGraph(func::FuncOp func, onnx::GraphProto &graph);
  LogicalResult emitGraphInputs(func::FuncOp func, onnx::GraphProto &graph);
  LogicalResult emitOps(Block &block, onnx::GraphProto &graph, bool topLevel);
  LogicalResult emitOp(Operation *op, onnx::GraphProto &graph, bool topLevel);
  /// Adds initializer `name` holding `value`, or what `derived` derives
  /// from it.
  LogicalResult
  emitInitializer(StringRef name, ElementsAttr value, onnx::GraphProto &graph,
                  bool topLevel, Location loc,
                  const std::optional<ONNX::DerivedInitializer> &derived = {});
  LogicalResult emitNode(Operation *op, StringRef opType,
                         onnx::GraphProto &graph);
  LogicalResult emitAttribute(Operation *op, StringRef opType,
                              NamedAttribute attr, onnx::NodeProto &node);
  LogicalResult
  convertAttribute(Attribute value,
                   std::optional<AttributeProto::AttributeType> schemaType,
                   AttributeProto &attr, Location loc);
  LogicalResult emitSubgraph(Region &region, StringRef graphName,
                             onnx::GraphProto &graph, Location loc);
  void emitIdentity(StringRef input, StringRef output, onnx::GraphProto &graph);
  LogicalResult addValueInfo(Value value, StringRef name,
                             onnx::GraphProto &graph);
  LogicalResult setModelFields(func::FuncOp func);
  /// Reads `onnx.opset_import` into `opsets`, with the default domain as "".
  LogicalResult readOpsetImports();

  /// Whether `op` is written as an initializer rather than as a node.
  bool becomesInitializer(Operation *op, bool topLevel) const;
  /// Whether only derived initializers read `init`, which they then write
  /// as they derive it, in place of `init` itself.
  static bool isOnlyDerived(ONNX::InitializerOp init) {
    return !init->use_empty() &&
           llvm::all_of(init->getUsers(), [](Operation *user) {
             return ONNX::getDerivedInitializer(user).has_value();
           });
  }

  /// The name of `value`, or "" for a missing optional value. Fails on a
  /// value that has no name yet.
  FailureOr<std::string> getName(Value value, Location loc);

  /// The name of the result of an op that is written now: the reserved graph
  /// output name, or a fresh one from `base`.
  std::string nameResult(Value value, StringRef base);

  /// The schema of a default-domain op type at the target opset.
  const ONNX::OpSchema *getSchema(StringRef opType) const {
    return ONNX::lookupSchema(opType, defaultOpset);
  }

  ModuleOp module;
  ModelContents &contents;
  int64_t defaultOpset = ONNX::kDefaultOpset;
  /// The imported opset of each domain; the default domain is "".
  llvm::StringMap<int64_t> opsets;
  /// Non-default domains that nodes use.
  llvm::StringSet<> usedDomains;

  DenseMap<Value, std::string> valueNames;
  /// The dim params written for each graph input.
  DenseMap<Value, SmallVector<std::string>> inputDimParams;
  /// Values of the main graph whose names are graph output names.
  DenseMap<Value, std::string> outputNames;
  /// Values whose value_info must not be written (graph outputs).
  llvm::DenseSet<Value> skipValueInfo;
  NameTable values, nodes, dimParams;
};

} // namespace

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

FailureOr<std::string> ModelBuilder::getName(Value value, Location loc) {
  if (isa<NoneType>(value.getType()))
    return std::string();
  auto it = valueNames.find(value);
  if (it == valueNames.end())
    return emitError(loc) << "uses a value that has no ONNX name (it is not "
                             "defined before its use in the graph)";
  return it->second;
}

std::string ModelBuilder::nameResult(Value value, StringRef base) {
  auto it = outputNames.find(value);
  std::string name = it != outputNames.end() ? it->second : values.unique(base);
  valueNames[value] = name;
  return name;
}

bool ModelBuilder::becomesInitializer(Operation *op, bool topLevel) const {
  if (isa<ONNX::InitializerOp>(op) ||
      (topLevel && ONNX::getDerivedInitializer(op)))
    return true;
  // Large constants of the main graph are initializers, so that their bytes
  // can be streamed and stored externally.
  if (!topLevel || op->getName().getStringRef() != "onnx.Constant")
    return false;
  auto value = op->getAttrOfType<ElementsAttr>("value");
  if (!value || !value.getShapedType().hasStaticShape())
    return false;
  uint64_t numElements = value.getShapedType().getNumElements();
  return numElements * getElementByteSize(value.getElementType()) >=
         kLargeTensorBytes;
}

//===----------------------------------------------------------------------===//
// Values and initializers
//===----------------------------------------------------------------------===//

LogicalResult ModelBuilder::addValueInfo(Value value, StringRef name,
                                         onnx::GraphProto &graph) {
  Type type = value.getType();
  if (skipValueInfo.contains(value) || !isExportableType(type))
    return success();
  // Only a type that says more than the element type is worth writing.
  if (auto tensor = dyn_cast<TensorType>(type); tensor && !tensor.hasRank())
    return success();
  onnx::ValueInfoProto *info = graph.add_value_info();
  info->set_name(name.str());
  return fillTypeProto(type, {}, *info->mutable_type(), value.getLoc());
}

LogicalResult ModelBuilder::emitInitializer(
    StringRef name, ElementsAttr value, onnx::GraphProto &graph, bool topLevel,
    Location loc, const std::optional<ONNX::DerivedInitializer> &derived) {
  if (isa<ONNX::StringType>(value.getElementType())) {
    onnx::TensorProto *tensor = graph.add_initializer();
    tensor->set_name(name.str());
    return fillTensorProto(value, *tensor, loc);
  }
  onnx::TensorProto header;
  header.set_name(name.str());
  if (failed(fillTensorHeader(value, header, loc)))
    return failure();
  FailureOr<TensorBytes> bytes = getTensorBytes(value, loc);
  if (failed(bytes))
    return failure();
  using Kind = ONNX::DerivedInitializer::Kind;
  if (derived && derived->kind == Kind::Transposed) {
    // A splat reads the same either way.
    if (bytes->repeat == 1 && header.dims(0) > 0 && header.dims(1) > 0) {
      bytes->transposedRows = header.dims(0);
      bytes->elementBytes =
          bytes->data.size() / (header.dims(0) * header.dims(1));
    }
    header.mutable_dims()->SwapElements(0, 1);
  } else if (derived && derived->kind == Kind::RowScaled) {
    ONNX::InitializerOp scale = derived->scale;
    FailureOr<TensorBytes> factors = getTensorBytes(scale.getValue(), loc);
    if (failed(factors))
      return failure();
    uint64_t rows = header.dims(0);
    bytes->expandRepeats();
    bytes->rowScales.resize(rows);
    for (uint64_t row = 0; row < rows; ++row)
      factors->readElement(row, sizeof(float),
                           reinterpret_cast<char *>(&bytes->rowScales[row]));
  }
  if (topLevel && bytes->size() >= kLargeTensorBytes) {
    contents.largeInitializers.push_back(
        LargeInitializer{std::move(header), std::move(*bytes)});
    return success();
  }
  onnx::TensorProto *tensor = graph.add_initializer();
  *tensor = std::move(header);
  bytes->appendTo(*tensor->mutable_raw_data());
  return success();
}

void ModelBuilder::emitIdentity(StringRef input, StringRef output,
                                onnx::GraphProto &graph) {
  onnx::NodeProto *node = graph.add_node();
  node->set_name(nodes.unique("Identity"));
  node->set_op_type("Identity");
  node->add_input(input.str());
  node->add_output(output.str());
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult ModelBuilder::convertAttribute(
    Attribute value, std::optional<AttributeProto::AttributeType> schemaType,
    AttributeProto &attr, Location loc) {
  auto getInt = [](IntegerAttr intAttr) -> int64_t {
    const APInt &v = intAttr.getValue();
    return intAttr.getType().isUnsignedInteger() || v.getBitWidth() == 1
               ? static_cast<int64_t>(v.getZExtValue())
               : v.getSExtValue();
  };
  if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    attr.set_type(AttributeProto::INT);
    attr.set_i(getInt(intAttr));
    return success();
  }
  if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
    attr.set_type(AttributeProto::FLOAT);
    attr.set_f(static_cast<float>(floatAttr.getValueAsDouble()));
    return success();
  }
  if (auto str = dyn_cast<StringAttr>(value)) {
    attr.set_type(AttributeProto::STRING);
    attr.set_s(str.getValue().str());
    return success();
  }
  if (auto elements = dyn_cast<ElementsAttr>(value)) {
    attr.set_type(AttributeProto::TENSOR);
    return fillTensorProto(elements, *attr.mutable_t(), loc);
  }
  if (auto typeAttr = dyn_cast<TypeAttr>(value)) {
    attr.set_type(AttributeProto::TYPE_PROTO);
    return fillTypeProto(typeAttr.getValue(), {}, *attr.mutable_tp(), loc);
  }
  if (auto ints = dyn_cast<DenseI64ArrayAttr>(value)) {
    attr.set_type(AttributeProto::INTS);
    for (int64_t v : ints.asArrayRef())
      attr.add_ints(v);
    return success();
  }
  if (auto floats = dyn_cast<DenseF32ArrayAttr>(value)) {
    attr.set_type(AttributeProto::FLOATS);
    for (float v : floats.asArrayRef())
      attr.add_floats(v);
    return success();
  }
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array)
    return emitError(loc) << "attribute '" << attr.name()
                          << "' has no ONNX form: " << value;

  auto allOf = [&](auto pred) { return llvm::all_of(array, pred); };
  AttributeProto::AttributeType kind;
  if (array.empty())
    kind = schemaType.value_or(AttributeProto::INTS);
  else if (allOf(llvm::IsaPred<IntegerAttr>))
    kind = schemaType == AttributeProto::FLOATS ? AttributeProto::FLOATS
                                                : AttributeProto::INTS;
  else if (allOf(llvm::IsaPred<FloatAttr, IntegerAttr>))
    kind = AttributeProto::FLOATS;
  else if (allOf(llvm::IsaPred<StringAttr>))
    kind = AttributeProto::STRINGS;
  else if (allOf(llvm::IsaPred<ElementsAttr>))
    kind = AttributeProto::TENSORS;
  else if (allOf(llvm::IsaPred<TypeAttr>))
    kind = AttributeProto::TYPE_PROTOS;
  else
    return emitError(loc) << "attribute '" << attr.name()
                          << "' mixes kinds of elements: " << value;
  attr.set_type(kind);
  for (Attribute element : array) {
    switch (kind) {
    case AttributeProto::INTS:
      attr.add_ints(getInt(cast<IntegerAttr>(element)));
      break;
    case AttributeProto::FLOATS:
      if (auto intAttr = dyn_cast<IntegerAttr>(element))
        attr.add_floats(static_cast<float>(getInt(intAttr)));
      else
        attr.add_floats(
            static_cast<float>(cast<FloatAttr>(element).getValueAsDouble()));
      break;
    case AttributeProto::STRINGS:
      attr.add_strings(cast<StringAttr>(element).getValue().str());
      break;
    case AttributeProto::TENSORS:
      if (failed(fillTensorProto(cast<ElementsAttr>(element),
                                 *attr.add_tensors(), loc)))
        return failure();
      break;
    case AttributeProto::TYPE_PROTOS:
      if (failed(fillTypeProto(cast<TypeAttr>(element).getValue(), {},
                               *attr.add_type_protos(), loc)))
        return failure();
      break;
    default:
      break;
    }
  }
  return success();
}

LogicalResult ModelBuilder::emitAttribute(Operation *op, StringRef opType,
                                          NamedAttribute namedAttr,
                                          onnx::NodeProto &node) {
  StringRef name = namedAttr.getName().getValue();
  // Attributes of other dialects and passes, and the op's own bookkeeping,
  // are not ONNX attributes.
  if (name.contains('.') || name == "operandSegmentSizes" ||
      name == "resultSegmentSizes")
    return success();
  if (isa<ONNX::CustomOp>(op) && (name == "domain" || name == "op_type"))
    return success();

  std::optional<AttributeProto::AttributeType> schemaType;
  if (!isa<ONNX::CustomOp>(op))
    if (const ONNX::OpSchema *schema = getSchema(opType))
      if (const ONNX::AttributeSchema *attrSchema = schema->getAttribute(name))
        schemaType =
            static_cast<AttributeProto::AttributeType>(attrSchema->kind);
  AttributeProto *attr = node.add_attribute();
  attr->set_name(name.str());
  return convertAttribute(namedAttr.getValue(), schemaType, *attr,
                          op->getLoc());
}

//===----------------------------------------------------------------------===//
// Nodes and graphs
//===----------------------------------------------------------------------===//

LogicalResult ModelBuilder::emitSubgraph(Region &region, StringRef graphName,
                                         onnx::GraphProto &graph,
                                         Location loc) {
  graph.set_name(graphName.str());
  if (!region.hasOneBlock())
    return emitError(loc) << "graph region '" << graphName
                          << "' must have exactly one block";
  Block &block = region.front();
  for (BlockArgument arg : block.getArguments()) {
    std::string name =
        values.unique((graphName + "_in" + Twine(arg.getArgNumber())).str());
    valueNames[arg] = name;
    onnx::ValueInfoProto *input = graph.add_input();
    input->set_name(name);
    if (failed(fillTypeProto(arg.getType(), {}, *input->mutable_type(), loc)))
      return failure();
  }
  Operation *terminator = block.getTerminator();
  if (!isa<ONNX::YieldOp>(terminator))
    return terminator->emitError("graph region '")
           << graphName << "' must end in 'onnx.Yield'";
  // A value made here can be the output itself; anything else (an outer
  // value, an input, a repeated value, an initializer) goes through an
  // Identity.
  SmallVector<bool> direct;
  llvm::DenseSet<Value> seen;
  for (Value value : terminator->getOperands()) {
    Operation *def = value.getDefiningOp();
    bool isDirect = def && def->getBlock() == &block &&
                    !isa<ONNX::NoValueOp>(def) &&
                    !becomesInitializer(def, /*topLevel=*/false) &&
                    seen.insert(value).second;
    // Its type is written with the output.
    if (isDirect)
      skipValueInfo.insert(value);
    direct.push_back(isDirect);
  }
  if (failed(emitOps(block, graph, /*topLevel=*/false)))
    return failure();

  for (auto [index, value] : llvm::enumerate(terminator->getOperands())) {
    FailureOr<std::string> name = getName(value, terminator->getLoc());
    if (failed(name))
      return failure();
    if (name->empty())
      return terminator->emitError("graph region '")
             << graphName << "' yields a missing value";
    std::string outputName = *name;
    if (!direct[index]) {
      outputName = values.unique((graphName + "_out" + Twine(index)).str());
      emitIdentity(*name, outputName, graph);
    }
    onnx::ValueInfoProto *output = graph.add_output();
    output->set_name(outputName);
    if (failed(fillTypeProto(value.getType(), {}, *output->mutable_type(),
                             terminator->getLoc())))
      return failure();
  }
  return success();
}

LogicalResult ModelBuilder::emitNode(Operation *op, StringRef opType,
                                     onnx::GraphProto &graph) {
  onnx::NodeProto *node = graph.add_node();
  std::string nodeName = nodes.unique(getNodeBaseName(op->getLoc(), opType));
  node->set_name(nodeName);
  node->set_op_type(opType.str());
  addSourceMetadata(op->getLoc(), *node);
  if (auto custom = dyn_cast<ONNX::CustomOp>(op)) {
    StringRef domain = custom.getDomain();
    if (domain != ONNX::kDefaultDomainKey && !domain.empty()) {
      node->set_domain(domain.str());
      usedDomains.insert(domain);
    }
  }

  // Missing optional values are "", and trailing ones are dropped.
  for (Value operand : op->getOperands()) {
    FailureOr<std::string> name = getName(operand, op->getLoc());
    if (failed(name))
      return failure();
    node->add_input(*name);
  }
  while (node->input_size() > 0 && node->input().rbegin()->empty())
    node->mutable_input()->RemoveLast();

  for (OpResult result : op->getResults()) {
    if (isa<NoneType>(result.getType())) {
      node->add_output("");
      continue;
    }
    std::string base =
        op->getNumResults() == 1
            ? nodeName
            : (nodeName + "_" + Twine(result.getResultNumber())).str();
    node->add_output(nameResult(result, base));
  }
  while (node->output_size() > 0 && node->output().rbegin()->empty())
    node->mutable_output()->RemoveLast();

  for (NamedAttribute attr : op->getAttrs())
    if (failed(emitAttribute(op, opType, attr, *node)))
      return failure();

  SmallVector<StringRef> graphNames = ONNX::getGraphAttributeNames(op);
  for (auto [index, region] : llvm::enumerate(op->getRegions())) {
    if (region.empty())
      continue;
    if (index >= graphNames.size())
      return op->emitError("region ")
             << index << " does not stand for a GRAPH attribute";
    AttributeProto *attr = node->add_attribute();
    attr->set_name(graphNames[index].str());
    attr->set_type(AttributeProto::GRAPH);
    if (failed(emitSubgraph(region, nodeName + "_" + graphNames[index].str(),
                            *attr->mutable_g(), op->getLoc())))
      return failure();
  }

  for (OpResult result : op->getResults())
    if (!isa<NoneType>(result.getType()))
      if (failed(addValueInfo(result, valueNames[result], graph)))
        return failure();
  return success();
}

LogicalResult ModelBuilder::emitOp(Operation *op, onnx::GraphProto &graph,
                                   bool topLevel) {
  if (isa<ONNX::NoValueOp>(op))
    return success();
  if (auto init = dyn_cast<ONNX::InitializerOp>(op)) {
    if (topLevel && isOnlyDerived(init))
      return success();
    StringRef base = init.getName();
    std::string name = values.unique(base.empty() ? "initializer" : base);
    valueNames[init.getResult()] = name;
    return emitInitializer(name, init.getValue(), graph, topLevel,
                           op->getLoc());
  }
  if (std::optional<ONNX::DerivedInitializer> derived =
          topLevel ? ONNX::getDerivedInitializer(op) : std::nullopt) {
    // A scaled weight takes the name of the weight it replaces, unless that
    // is written too or another scaling of it has the name.
    std::string base = derived->source.getName().str();
    if (derived->kind == ONNX::DerivedInitializer::Kind::Transposed)
      base += ".T";
    else if (!isOnlyDerived(derived->source) || values.contains(base))
      base += ".scaled";
    std::string name = values.unique(base);
    valueNames[op->getResult(0)] = name;
    return emitInitializer(name, derived->source.getValue(), graph, topLevel,
                           op->getLoc(), derived);
  }
  if (becomesInitializer(op, topLevel)) {
    std::string name =
        values.unique(getNodeBaseName(op->getLoc(), "Constant"));
    valueNames[op->getResult(0)] = name;
    return emitInitializer(name, op->getAttrOfType<ElementsAttr>("value"),
                           graph, topLevel, op->getLoc());
  }
  StringRef opType =
      op->getDialect() && op->getDialect()->getNamespace() == "onnx"
          ? ONNX::getONNXOpType(op)
          : StringRef();
  if (opType.empty())
    return op->emitOpError("cannot be written as an ONNX node");
  return emitNode(op, opType, graph);
}

LogicalResult ModelBuilder::emitOps(Block &block, onnx::GraphProto &graph,
                                    bool topLevel) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op, graph, topLevel)))
      return failure();
  return success();
}

LogicalResult ModelBuilder::emitGraphInputs(func::FuncOp func,
                                            onnx::GraphProto &graph) {
  // Dim params that the function names are never generated.
  auto collectDimParams = [&](DictionaryAttr attrs) {
    if (auto params =
            attrs ? attrs.getAs<ArrayAttr>("onnx.dim_params") : ArrayAttr())
      for (auto param : params.getAsRange<StringAttr>())
        dimParams.reserve(param.getValue());
  };
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    collectDimParams(func.getArgAttrDict(i));
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    collectDimParams(func.getResultAttrDict(i));

  for (BlockArgument arg : func.getArguments()) {
    unsigned index = arg.getArgNumber();
    auto nameAttr = func.getArgAttrOfType<StringAttr>(index, "onnx.name");
    std::string name = nameAttr && !nameAttr.getValue().empty()
                           ? nameAttr.getValue().str()
                           : "input_" + std::to_string(index);
    if (!values.reserve(name))
      return func.emitError("two graph inputs are named '") << name << "'";
    valueNames[arg] = name;

    auto tensor = dyn_cast<RankedTensorType>(arg.getType());
    SmallVector<std::string> argDimParams;
    auto params = func.getArgAttrOfType<ArrayAttr>(index, "onnx.dim_params");
    if (tensor) {
      for (int64_t dim = 0; dim < tensor.getRank(); ++dim) {
        StringAttr param = params && dim < static_cast<int64_t>(params.size())
                               ? dyn_cast<StringAttr>(params[dim])
                               : StringAttr();
        if (param && !param.getValue().empty())
          argDimParams.push_back(param.getValue().str());
        else if (tensor.isDynamicDim(dim))
          argDimParams.push_back(
              dimParams.unique((name + "_dim_" + Twine(dim)).str()));
        else
          argDimParams.push_back("");
      }
    }
    onnx::ValueInfoProto *input = graph.add_input();
    input->set_name(name);
    if (failed(fillTypeProto(arg.getType(), argDimParams,
                             *input->mutable_type(), func.getLoc())))
      return failure();
    inputDimParams[arg] = std::move(argDimParams);
    if (auto init =
            func.getArgAttrOfType<ElementsAttr>(index, "onnx.initializer"))
      if (failed(emitInitializer(name, init, graph, /*topLevel=*/true,
                                 func.getLoc())))
        return failure();
  }
  return success();
}

LogicalResult ModelBuilder::buildMainGraph(func::FuncOp func,
                                           onnx::GraphProto &graph) {
  graph.set_name(func.getSymName().str());
  if (!func.getBody().hasOneBlock())
    return func.emitError("the graph function must have exactly one block");
  if (failed(emitGraphInputs(func, graph)))
    return failure();

  Block &body = func.getBody().front();
  Operation *terminator = body.getTerminator();
  auto argNameOf = [&](Value value) -> StringRef {
    auto it = valueNames.find(value);
    return it == valueNames.end() ? StringRef() : StringRef(it->second);
  };

  // Reserve the output names, and let each returned value that a node makes
  // take its output's name directly; the others get an Identity.
  SmallVector<std::string> resultNames;
  SmallVector<bool> needsIdentity;
  for (auto [index, value] : llvm::enumerate(terminator->getOperands())) {
    auto nameAttr = func.getResultAttrOfType<StringAttr>(index, "onnx.name");
    std::string name = nameAttr && !nameAttr.getValue().empty()
                           ? nameAttr.getValue().str()
                           : "output_" + std::to_string(index);
    if (isa<NoneType>(value.getType()))
      return func.emitError("graph output ") << index << " is missing";
    bool passThrough = isa<BlockArgument>(value) && argNameOf(value) == name;
    if (llvm::is_contained(resultNames, name))
      return func.emitError("two graph outputs are named '") << name << "'";
    if (!passThrough && !values.reserve(name))
      return func.emitError("graph output name '")
             << name << "' is also the name of a graph input";
    Operation *def = value.getDefiningOp();
    bool direct = def && !isa<ONNX::NoValueOp>(def) &&
                  !becomesInitializer(def, /*topLevel=*/true) &&
                  !outputNames.count(value);
    if (direct) {
      outputNames[value] = name;
      skipValueInfo.insert(value);
    }
    resultNames.push_back(name);
    needsIdentity.push_back(!direct && !passThrough);
  }

  if (failed(emitOps(body, graph, /*topLevel=*/true)))
    return failure();

  for (auto [index, value] : llvm::enumerate(terminator->getOperands())) {
    if (needsIdentity[index]) {
      FailureOr<std::string> source = getName(value, terminator->getLoc());
      if (failed(source))
        return failure();
      emitIdentity(*source, resultNames[index], graph);
    }
    // A dynamic dim without a name takes that of the graph input it passes
    // through, or a fresh one.
    SmallVector<std::string> resultDimParams;
    if (auto params =
            func.getResultAttrOfType<ArrayAttr>(index, "onnx.dim_params"))
      for (Attribute param : params)
        resultDimParams.push_back(
            isa<StringAttr>(param) ? cast<StringAttr>(param).str() : "");
    if (auto tensor = dyn_cast<RankedTensorType>(value.getType())) {
      auto passedThrough = inputDimParams.find(value);
      resultDimParams.resize(
          std::max<size_t>(resultDimParams.size(), tensor.getRank()));
      for (int64_t dim = 0; dim < tensor.getRank(); ++dim) {
        if (!tensor.isDynamicDim(dim) || !resultDimParams[dim].empty())
          continue;
        if (passedThrough != inputDimParams.end() &&
            dim < static_cast<int64_t>(passedThrough->second.size()))
          resultDimParams[dim] = passedThrough->second[dim];
        else
          resultDimParams[dim] = dimParams.unique(
              (resultNames[index] + "_dim_" + Twine(dim)).str());
      }
    }
    onnx::ValueInfoProto *output = graph.add_output();
    output->set_name(resultNames[index]);
    if (failed(fillTypeProto(func.getResultTypes()[index], resultDimParams,
                             *output->mutable_type(), func.getLoc())))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

LogicalResult ModelBuilder::setModelFields(func::FuncOp func) {
  onnx::ModelProto &model = contents.model;
  for (const auto &domain : usedDomains)
    opsets.try_emplace(domain.getKey(), 1);
  // Default domain first, then the others by name.
  SmallVector<StringRef> domains;
  for (const auto &entry : opsets)
    domains.push_back(entry.getKey());
  llvm::sort(domains);
  for (StringRef domain : domains) {
    onnx::OperatorSetIdProto *opset = model.add_opset_import();
    opset->set_domain(domain.str());
    opset->set_version(opsets[domain]);
  }

  if (auto irVersion = module->getAttrOfType<IntegerAttr>("onnx.ir_version"))
    model.set_ir_version(irVersion.getInt());
  else
    model.set_ir_version(ONNX::getIRVersionForOpset(std::clamp<int64_t>(
        opsets[""], 1, ONNX::getMaxKnownOpset())));
  auto getString = [&](StringRef name, StringRef fallback) {
    auto attr = module->getAttrOfType<StringAttr>(name);
    return (attr ? attr.getValue() : fallback).str();
  };
  model.set_producer_name(
      getString("onnx.producer_name", kDefaultProducerName));
  model.set_producer_version(
      getString("onnx.producer_version", kDefaultProducerVersion));
  if (auto domain = module->getAttrOfType<StringAttr>("onnx.domain"))
    model.set_domain(domain.str());
  if (auto version = module->getAttrOfType<IntegerAttr>("onnx.model_version"))
    model.set_model_version(version.getInt());
  if (auto doc = module->getAttrOfType<StringAttr>("onnx.doc_string"))
    model.set_doc_string(doc.str());

  llvm::StringSet<> keys;
  if (auto props =
          module->getAttrOfType<DictionaryAttr>("onnx.metadata_props")) {
    for (NamedAttribute entry : props) {
      auto value = dyn_cast<StringAttr>(entry.getValue());
      if (!value)
        return module.emitError("'onnx.metadata_props' must map keys to "
                                "strings");
      onnx::StringStringEntryProto *prop = model.add_metadata_props();
      prop->set_key(entry.getName().str());
      prop->set_value(value.str());
      keys.insert(entry.getName().getValue());
    }
  }
  // The state bindings let a runtime feed each state output back in.
  Attribute state = func->getAttr("torch_onnx.state");
  if (!state)
    state = module->getAttr("torch_onnx.state");
  if (state && !keys.contains("torch_onnx.state")) {
    onnx::StringStringEntryProto *prop = model.add_metadata_props();
    prop->set_key("torch_onnx.state");
    std::string text;
    llvm::raw_string_ostream os(text);
    os << toJSON(state);
    prop->set_value(text);
  }
  return success();
}

LogicalResult ModelBuilder::readOpsetImports() {
  auto imports = module->getAttrOfType<DictionaryAttr>("onnx.opset_import");
  if (!imports && module->hasAttr("onnx.opset_import"))
    return module.emitError("'onnx.opset_import' must be a dictionary");
  if (imports) {
    for (NamedAttribute entry : imports) {
      auto version = dyn_cast<IntegerAttr>(entry.getValue());
      if (!version)
        return module.emitError("'onnx.opset_import' must map domains to "
                                "integer versions");
      // The default domain may be spelled "" or "ai.onnx".
      StringRef domain = entry.getName().getValue();
      if (domain == ONNX::kDefaultDomainKey)
        domain = "";
      auto [it, inserted] = opsets.try_emplace(domain, version.getInt());
      if (!inserted && it->second != version.getInt())
        return module.emitError("'onnx.opset_import' gives the default "
                                "domain two versions: ")
               << it->second << " and " << version.getInt();
    }
  }
  opsets.try_emplace("", ONNX::kDefaultOpset);
  defaultOpset = opsets[""];
  return success();
}

LogicalResult ModelBuilder::build() {
  func::FuncOp graphFunc;
  unsigned numFuncs = 0, numPublic = 0;
  for (auto func : module.getOps<func::FuncOp>()) {
    ++numFuncs;
    if (func.isPublic()) {
      ++numPublic;
      graphFunc = func;
    }
  }
  if (numFuncs == 1)
    graphFunc = *module.getOps<func::FuncOp>().begin();
  else if (numPublic != 1)
    return module.emitError("expected one graph function (a single "
                            "func.func, or a single public one), found ")
           << numFuncs << " functions of which " << numPublic << " are public";
  if (graphFunc.isExternal())
    return graphFunc.emitError("the graph function has no body");

  if (failed(readOpsetImports()))
    return failure();
  if (failed(buildMainGraph(graphFunc, *contents.model.mutable_graph())))
    return failure();
  return setModelFields(graphFunc);
}

LogicalResult mlir::torch_onnx::buildModel(ModuleOp module,
                                           ModelContents &contents) {
  return ModelBuilder(module, contents).build();
}
