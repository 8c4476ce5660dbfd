//===- ONNXSchema.cpp - ONNX schema table and op checks -------------------===//
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

#include <cassert>
#include <iterator>
#include <string>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

namespace {
#include "torch-onnx/Dialect/ONNX/IR/ONNXSchemas.inc"
#include "torch-onnx/Dialect/ONNX/IR/ONNXVersions.inc"
} // namespace

StringRef ONNX::stringifyAttributeKind(AttributeKind kind) {
  switch (kind) {
  case AttributeKind::Undefined:
    return "UNDEFINED";
  case AttributeKind::Float:
    return "FLOAT";
  case AttributeKind::Int:
    return "INT";
  case AttributeKind::String:
    return "STRING";
  case AttributeKind::Tensor:
    return "TENSOR";
  case AttributeKind::Graph:
    return "GRAPH";
  case AttributeKind::Floats:
    return "FLOATS";
  case AttributeKind::Ints:
    return "INTS";
  case AttributeKind::Strings:
    return "STRINGS";
  case AttributeKind::Tensors:
    return "TENSORS";
  case AttributeKind::Graphs:
    return "GRAPHS";
  case AttributeKind::SparseTensor:
    return "SPARSE_TENSOR";
  case AttributeKind::SparseTensors:
    return "SPARSE_TENSORS";
  case AttributeKind::TypeProto:
    return "TYPE_PROTO";
  case AttributeKind::TypeProtos:
    return "TYPE_PROTOS";
  }
  return "UNDEFINED";
}

const AttributeSchema *OpSchema::getAttribute(StringRef attrName) const {
  for (const AttributeSchema &attr : attributes)
    if (attr.name == attrName)
      return &attr;
  return nullptr;
}

const TypeConstraint *
OpSchema::getTypeConstraint(const FormalParameter &param) const {
  for (const TypeConstraint &constraint : typeConstraints)
    if (constraint.typeParam == param.typeStr)
      return &constraint;
  return nullptr;
}

std::string OpSchema::getVersionedName() const {
  return (name + "-" + Twine(sinceVersion)).str();
}

const OpSchema *ONNX::lookupSchema(StringRef opType, int64_t opset) {
  // kSchemas is sorted by name, then by version.
  ArrayRef<OpSchema> all(kSchemas);
  const OpSchema *it = llvm::partition_point(
      all, [&](const OpSchema &schema) { return schema.name < opType; });
  const OpSchema *found = nullptr;
  for (; it != all.end() && it->name == opType && it->sinceVersion <= opset;
       ++it)
    found = it;
  return found;
}

int64_t ONNX::getMaxKnownOpset() { return kMaxOpset; }

const ONNX::OpSchema *ONNX::getDialectSchema(StringRef opType) {
  const OpSchema *schema = lookupSchema(opType, getMaxKnownOpset());
  while (schema && schema->deprecated && schema->sinceVersion > 1)
    schema = lookupSchema(opType, schema->sinceVersion - 1);
  return schema && !schema->deprecated ? schema : nullptr;
}

int64_t ONNX::getMinTargetOpset() { return kMinOpset; }

int64_t ONNX::getIRVersionForOpset(int64_t opset) {
  static_assert(std::size(kIRVersions) == kMaxOpset,
                "ONNXVersions.inc and ONNXSchemas.inc disagree on the newest "
                "opset");
  assert(opset >= 1 && opset <= kMaxOpset && "opset out of range");
  return kIRVersions[opset - 1][1];
}

namespace {

/// Checks one op against one schema; reports the first mismatch as an op
/// error.
class SchemaChecker {
public:
  SchemaChecker(Operation *op, const OpSchema &schema)
      : op(op), schema(schema), schemaName(schema.getVersionedName()) {}

  LogicalResult check() {
    if (failed(checkValues(op->getOperands().getTypes(), schema.inputs,
                           schema.minInputs, schema.maxInputs, "input")) ||
        failed(checkValues(op->getResultTypes(), schema.outputs,
                           schema.minOutputs, schema.maxOutputs, "output")) ||
        failed(checkAttributes()))
      return failure();
    return checkRegions();
  }

private:
  /// The formal parameter that value `index` binds to, or null.
  static const FormalParameter *paramFor(ArrayRef<FormalParameter> params,
                                         size_t index) {
    for (size_t i = 0; i < params.size(); ++i) {
      if (i == index ||
          (params[i].option == ParameterOption::Variadic && index >= i))
        return &params[i];
    }
    return nullptr;
  }

  InFlightDiagnostic error() { return op->emitOpError(); }

  static std::string describe(StringRef kind, size_t index,
                              const FormalParameter *param) {
    std::string text = kind.str() + " " + std::to_string(index);
    if (param)
      text += " ('" + param->name.str() + "')";
    return text;
  }

  /// Checks the operands or the results of the op: how many there are, that
  /// only optional ones are missing (`none`), and their element types.
  LogicalResult checkValues(TypeRange types, ArrayRef<FormalParameter> params,
                            int64_t minCount, int64_t maxCount,
                            StringRef kind) {
    // Trailing missing values are dropped when the node is written.
    size_t count = types.size();
    while (count > 0 && isa<NoneType>(types[count - 1]))
      --count;
    if (static_cast<int64_t>(count) < minCount)
      return error() << "has " << count << " " << kind
                     << (count == 1 ? "" : "s") << ", but " << schemaName
                     << " requires at least " << minCount;
    if (static_cast<int64_t>(count) > maxCount)
      return error() << "has " << count << " " << kind
                     << (count == 1 ? "" : "s") << ", but " << schemaName
                     << " allows at most " << maxCount;

    for (size_t i = 0; i < count; ++i) {
      const FormalParameter *param = paramFor(params, i);
      if (!param)
        continue;
      Type type = types[i];
      if (isa<NoneType>(type)) {
        if (param->option != ParameterOption::Optional)
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
  LogicalResult checkType(Type type, const FormalParameter &param,
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
    const TypeConstraint *constraint = schema.getTypeConstraint(param);
    if (!constraint) {
      if (typeString != param.typeStr)
        return error() << what << " has type " << typeString << ", but "
                       << schemaName << " requires " << param.typeStr;
      return success();
    }
    if (!llvm::is_contained(constraint->allowedTypes, typeString)) {
      InFlightDiagnostic diag = error();
      diag << what << " has type " << typeString << ", which " << schemaName
           << " does not allow for " << constraint->typeParam << " (allowed: ";
      llvm::interleaveComma(constraint->allowedTypes, diag);
      return diag << ")";
    }
    // Every value of a type parameter has the same type, except within a
    // heterogeneous variadic parameter.
    if (param.option == ParameterOption::Variadic && !param.homogeneous)
      return success();
    auto [it, inserted] =
        boundTypes.try_emplace(constraint->typeParam, typeString, what);
    if (!inserted && it->second.first != typeString)
      return error() << what << " has type " << typeString << ", but "
                     << constraint->typeParam << " is " << it->second.first
                     << " from " << it->second.second;
    return success();
  }

  /// Whether `value` is an attribute of the kind `kind`.
  static bool hasKind(Attribute value, AttributeKind kind) {
    auto isArrayOf = [](Attribute attr, auto isElement) {
      auto array = dyn_cast<ArrayAttr>(attr);
      return array && llvm::all_of(array.getValue(), isElement);
    };
    switch (kind) {
    case AttributeKind::Int:
      return isa<IntegerAttr>(value);
    case AttributeKind::Ints:
      return isArrayOf(value, [](Attribute a) { return isa<IntegerAttr>(a); });
    case AttributeKind::Float:
      return isa<FloatAttr>(value);
    case AttributeKind::Floats:
      return isArrayOf(value, [](Attribute a) { return isa<FloatAttr>(a); });
    case AttributeKind::String:
      return isa<StringAttr>(value);
    case AttributeKind::Strings:
      return isArrayOf(value, [](Attribute a) { return isa<StringAttr>(a); });
    case AttributeKind::Tensor:
      return isa<ElementsAttr>(value);
    case AttributeKind::Graph:
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
    const AttributeSchema *attr = schema.getAttribute(name.getValue());
    if (!attr)
      return error() << "has attribute '" << name.getValue()
                     << "', which is not defined by " << schemaName;
    if (!hasKind(value, attr->kind))
      return error() << "attribute '" << name.getValue() << "' must be "
                     << stringifyAttributeKind(attr->kind)
                     << (attr->kind == AttributeKind::Graph ? " (a region)"
                                                            : "")
                     << ", but is " << value;
    return success();
  }

  LogicalResult checkAttributes() {
    for (NamedAttribute attr : op->getAttrs())
      if (failed(checkAttribute(attr.getName(), attr.getValue())))
        return failure();

    SmallVector<StringRef> graphs = getGraphAttributeNames(op);
    for (const AttributeSchema &attr : schema.attributes) {
      if (!attr.required)
        continue;
      bool present = attr.kind == AttributeKind::Graph
                         ? llvm::is_contained(graphs, attr.name)
                         : static_cast<bool>(op->getAttr(attr.name));
      if (!present)
        return error() << "requires attribute '" << attr.name << "' of "
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
      const AttributeSchema *attr = schema.getAttribute(name);
      if (!attr || attr->kind != AttributeKind::Graph)
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
  if (schema->deprecated)
    return op->emitOpError()
           << "is not defined in opset " << opset << " (deprecated since opset "
           << schema->sinceVersion << ")";
  return SchemaChecker(op, *schema).check();
}
