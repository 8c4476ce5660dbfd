//===- ONNXSchema.cpp - Check ONNX ops against libonnx's schemas ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The ODS of a generated op fixes its shape at the newest opset the dialect
// knows. Whether the op is valid at the module's target opset is decided
// here, from the schema in force there: its input and output counts, which
// inputs and outputs may be missing, its attributes and the element types
// of its operands and results.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "llvm/ADT/StringMap.h"

#include <string>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

using onnx::AttributeProto;
using onnx::OpSchema;

const OpSchema *ONNX::lookupSchema(StringRef opType, int64_t opset,
                                   StringRef domain) {
  if (opset < 1 || opset > std::numeric_limits<int>::max())
    return nullptr;
  return onnx::OpSchemaRegistry::Schema(opType.str(), static_cast<int>(opset),
                                        domain.str());
}

namespace {

/// Checks one op against one schema; reports the first mismatch as an op
/// error.
class SchemaChecker {
public:
  SchemaChecker(Operation *op, const OpSchema &schema)
      : op(op), schema(schema),
        schemaName(schema.Name() + "-" +
                   std::to_string(schema.since_version())) {}

  LogicalResult check() {
    if (failed(checkValues(op->getOperands().getTypes(), schema.inputs(),
                           schema.min_input(), schema.max_input(), "input")) ||
        failed(checkValues(op->getResultTypes(), schema.outputs(),
                           schema.min_output(), schema.max_output(),
                           "output")) ||
        failed(checkAttributes()))
      return failure();
    return checkRegions();
  }

private:
  /// The formal parameter that value `index` binds to, or null.
  static const OpSchema::FormalParameter *
  paramFor(const std::vector<OpSchema::FormalParameter> &params, size_t index) {
    for (size_t i = 0; i < params.size(); ++i) {
      if (i == index ||
          (params[i].GetOption() == OpSchema::Variadic && index >= i))
        return &params[i];
    }
    return nullptr;
  }

  /// The type strings `param` allows, and the name of its type parameter
  /// ("" when it names a type directly).
  std::pair<const std::vector<std::string> *, std::string>
  allowedTypes(const OpSchema::FormalParameter &param) const {
    for (const auto &constraint : schema.typeConstraintParams())
      if (constraint.type_param_str == param.GetTypeStr())
        return {&constraint.allowed_type_strs, constraint.type_param_str};
    return {nullptr, ""};
  }

  InFlightDiagnostic error() { return op->emitOpError(); }

  static std::string describe(StringRef kind, size_t index,
                              const OpSchema::FormalParameter *param) {
    std::string text = kind.str() + " " + std::to_string(index);
    if (param)
      text += " ('" + param->GetName() + "')";
    return text;
  }

  /// Checks the operands or the results of the op: how many there are, that
  /// only optional ones are missing (`none`), and their element types.
  LogicalResult
  checkValues(TypeRange types,
              const std::vector<OpSchema::FormalParameter> &params,
              int minCount, int maxCount, StringRef kind) {
    // Trailing missing values are dropped when the node is written.
    size_t count = types.size();
    while (count > 0 && isa<NoneType>(types[count - 1]))
      --count;
    if (count < static_cast<size_t>(minCount))
      return error() << "has " << count << " " << kind
                     << (count == 1 ? "" : "s") << ", but " << schemaName
                     << " requires at least " << minCount;
    if (count > static_cast<size_t>(maxCount))
      return error() << "has " << count << " " << kind
                     << (count == 1 ? "" : "s") << ", but " << schemaName
                     << " allows at most " << maxCount;

    for (size_t i = 0; i < count; ++i) {
      const OpSchema::FormalParameter *param = paramFor(params, i);
      if (!param)
        continue;
      Type type = types[i];
      if (isa<NoneType>(type)) {
        if (param->GetOption() != OpSchema::Optional)
          return error() << describe(kind, i, param) << " of " << schemaName
                         << " is not optional, but is missing";
        continue;
      }
      if (failed(checkType(type, *param, describe(kind, i, param))))
        return failure();
    }
    return success();
  }

  /// Checks that `type` is one the schema allows for `param`, and that it
  /// agrees with earlier values bound to the same type parameter.
  LogicalResult checkType(Type type, const OpSchema::FormalParameter &param,
                          const std::string &what) {
    if (auto tensor = dyn_cast<TensorType>(type)) {
      Type element = tensor.getElementType();
      if (getONNXTypeString(element).empty()) {
        if (isa<NoneType>(element))
          return success();
        return error() << what << " has element type " << element
                       << ", which ONNX does not have";
      }
    }
    std::string typeString = getONNXValueTypeString(type);
    if (typeString.empty())
      return success();
    auto [allowed, typeParam] = allowedTypes(param);
    if (!allowed) {
      if (typeString != param.GetTypeStr())
        return error() << what << " has type " << typeString << ", but "
                       << schemaName << " requires " << param.GetTypeStr();
      return success();
    }
    if (!llvm::is_contained(*allowed, typeString)) {
      InFlightDiagnostic diag = error();
      diag << what << " has type " << typeString << ", which " << schemaName
           << " does not allow for " << typeParam << " (allowed: ";
      llvm::interleaveComma(*allowed, diag);
      return diag << ")";
    }
    // Every value of a type parameter has the same type, except within a
    // heterogeneous variadic parameter.
    if (param.GetOption() == OpSchema::Variadic && !param.GetIsHomogeneous())
      return success();
    auto [it, inserted] = boundTypes.try_emplace(typeParam, typeString, what);
    if (!inserted && it->second.first != typeString)
      return error() << what << " has type " << typeString << ", but "
                     << typeParam << " is " << it->second.first << " from "
                     << it->second.second;
    return success();
  }

  /// Whether `value` is an attribute of the kind `type`.
  static bool hasKind(Attribute value, AttributeProto::AttributeType type) {
    auto isArrayOf = [](Attribute attr, auto isElement) {
      auto array = dyn_cast<ArrayAttr>(attr);
      return array && llvm::all_of(array.getValue(), isElement);
    };
    switch (type) {
    case AttributeProto::INT:
      return isa<IntegerAttr>(value);
    case AttributeProto::INTS:
      return isArrayOf(value, [](Attribute a) { return isa<IntegerAttr>(a); });
    case AttributeProto::FLOAT:
      return isa<FloatAttr>(value);
    case AttributeProto::FLOATS:
      return isArrayOf(value, [](Attribute a) { return isa<FloatAttr>(a); });
    case AttributeProto::STRING:
      return isa<StringAttr>(value);
    case AttributeProto::STRINGS:
      return isArrayOf(value, [](Attribute a) { return isa<StringAttr>(a); });
    case AttributeProto::TENSOR:
      return isa<ElementsAttr>(value);
    case AttributeProto::GRAPH:
      // A graph is a region, never an attribute.
      return false;
    default:
      return true;
    }
  }

  LogicalResult checkAttribute(StringAttr name, Attribute value) {
    // Discardable attributes of other dialects or passes are not ONNX's.
    if (name.getValue().contains('.'))
      return success();
    auto it = schema.attributes().find(name.str());
    if (it == schema.attributes().end())
      return error() << "has attribute '" << name.getValue()
                     << "', which is not defined by " << schemaName;
    AttributeProto::AttributeType type = it->second.type;
    if (!hasKind(value, type))
      return error() << "attribute '" << name.getValue() << "' must be "
                     << AttributeProto::AttributeType_Name(type)
                     << (type == AttributeProto::GRAPH ? " (a region)" : "")
                     << ", but is " << value;
    return success();
  }

  LogicalResult checkAttributes() {
    for (NamedAttribute attr : op->getAttrs())
      if (failed(checkAttribute(attr.getName(), attr.getValue())))
        return failure();

    SmallVector<StringRef> graphs = getGraphAttributeNames(op);
    for (const auto &[name, attr] : schema.attributes()) {
      if (!attr.required)
        continue;
      bool present = attr.type == AttributeProto::GRAPH
                         ? llvm::is_contained(graphs, name)
                         : static_cast<bool>(op->getAttr(name));
      if (!present)
        return error() << "requires attribute '" << name << "' of "
                       << schemaName;
    }
    return success();
  }

  /// Checks that each region stands for a GRAPH attribute of the schema and
  /// ends in `onnx.Yield`.
  LogicalResult checkRegions() {
    SmallVector<StringRef> graphs = getGraphAttributeNames(op);
    for (auto [index, region] : llvm::enumerate(op->getRegions())) {
      StringRef name = index < graphs.size() ? graphs[index] : "";
      auto it = schema.attributes().find(name.str());
      if (it == schema.attributes().end() ||
          it->second.type != AttributeProto::GRAPH)
        return error() << "has region " << index << " ('" << name
                       << "'), which is not a GRAPH attribute of "
                       << schemaName;
      if (region.empty())
        continue;
      Block &block = region.front();
      if (block.empty() || !isa<YieldOp>(block.back()))
        return error() << "region '" << name << "' must end in 'onnx.Yield'";
    }
    return success();
  }

  Operation *op;
  const OpSchema &schema;
  std::string schemaName;
  /// For each type parameter, the type string of its first value and which
  /// value that was.
  llvm::StringMap<std::pair<std::string, std::string>> boundTypes;
};

} // namespace

LogicalResult ONNX::verifyAgainstSchema(Operation *op) {
  StringRef opType = getONNXOpType(op);
  int64_t opset = getTargetOpset(op);
  const OpSchema *schema = lookupSchema(opType, opset);
  if (!schema)
    return op->emitOpError() << "is not defined in opset " << opset;
  if (schema->deprecated())
    return op->emitOpError()
           << "is not defined in opset " << opset << " (deprecated since opset "
           << schema->since_version() << ")";
  return SchemaChecker(op, *schema).check();
}
