//===- CustomOpFallback.cpp - Unconverted aten ops as onnx.Custom nodes ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// With `fallback-custom-ops`, an aten op that no pattern converts becomes a
// node of domain `org.pytorch.aten`: its tensors and run-time scalars are
// the inputs, its constant arguments attributes named `arg<i>` after their
// position in the schema, and the qualified op name the `schema` attribute.
// The ops that `custom-ops` names become custom nodes the same way, ahead of
// every other pattern, with the attribute names the mapping gives.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"

#include "ONNXBuilder.h"
#include "Patterns.h"
#include "TorchValues.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The qualified name (`aten::foo.overload`, `mylib::foo`) of an operator
/// of a PyTorch library, or "".
std::string getQualifiedName(Operation *op) {
  if (auto unknown = dyn_cast<Torch::OperatorOp>(op))
    return unknown.getName().str();
  StringRef name = op->getName().getStringRef();
  if (name.consume_front("torch.aten."))
    return ("aten::" + name).str();
  return {};
}

/// The attribute for constant Torch value `value`, or null.
Attribute getConstantAttr(Builder &builder, Value value) {
  Type type = value.getType();
  auto si64 = [&](int64_t v) {
    return IntegerAttr::get(
        IntegerType::get(builder.getContext(), 64, IntegerType::Signed), v);
  };
  if (isa<Torch::IntType>(type)) {
    if (std::optional<int64_t> v = Torch::matchConstantInt(value))
      return si64(*v);
    return {};
  }
  if (isa<Torch::BoolType>(type)) {
    if (std::optional<bool> v = Torch::matchConstantBool(value))
      return si64(*v);
    return {};
  }
  if (isa<Torch::FloatType, Torch::NumberType>(type)) {
    if (std::optional<int64_t> v = Torch::matchConstantInt(value))
      return si64(*v);
    if (std::optional<double> v = Torch::matchConstantFloat(value))
      return builder.getF32FloatAttr(static_cast<float>(*v));
    return {};
  }
  if (auto str = value.getDefiningOp<Torch::ConstantStrOp>())
    return str.getValueAttr();
  if (auto device = value.getDefiningOp<Torch::ConstantDeviceOp>())
    return device.getValueAttr();
  if (isa<Torch::ListType>(type)) {
    std::optional<SmallVector<Value>> elements = getListElements(value);
    if (!elements)
      return {};
    SmallVector<int64_t> ints;
    SmallVector<float> floats;
    bool allInts = true, allFloats = true;
    for (Value element : *elements) {
      std::optional<int64_t> i = Torch::matchConstantInt(element);
      std::optional<double> f = Torch::matchConstantFloat(element);
      allInts &= i.has_value() && !isa<Torch::FloatType>(element.getType());
      allFloats &= f.has_value();
      if (i)
        ints.push_back(*i);
      if (f)
        floats.push_back(static_cast<float>(*f));
    }
    if (allInts)
      return builder.getI64ArrayAttr(ints);
    if (allFloats)
      return builder.getF32ArrayAttr(floats);
  }
  return {};
}

/// Replaces `op` by an `onnx.Custom` node of `domain` and `opType` with the
/// attributes `attrs`: tensor operands (and the tensors of tensor lists) are
/// its inputs, and each constant operand the attribute that `makeAttr`
/// makes of its position and value (none when it gives nothing; failure
/// when it fails).
LogicalResult
replaceWithCustomNode(Operation *op, ArrayRef<Value> operands,
                      ConversionPatternRewriter &rewriter,
                      const TypeConverter &typeConverter, StringRef domain,
                      StringRef opType, SmallVector<NamedAttribute> attrs,
                      function_ref<FailureOr<std::optional<NamedAttribute>>(
                          unsigned, Attribute)>
                          makeAttr) {
  if (op->getNumRegions() != 0)
    return rewriter.notifyMatchFailure(op, "op with regions");
  SmallVector<Type> resultTypes;
  for (Type type : op->getResultTypes()) {
    Type converted = typeConverter.convertType(type);
    if (!isa_and_present<TensorType>(converted))
      return rewriter.notifyMatchFailure(op, "non-tensor result");
    resultTypes.push_back(converted);
  }

  ONNXBuilder b(rewriter, op->getLoc());
  SmallVector<Value> inputs;
  attrs.push_back(b.stringAttr("domain", domain));
  attrs.push_back(b.stringAttr("op_type", opType));
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    if (isNone(operand))
      continue;
    if (Attribute attr = getConstantAttr(rewriter, operand)) {
      FailureOr<std::optional<NamedAttribute>> named = makeAttr(i, attr);
      if (failed(named))
        return failure();
      if (*named)
        attrs.push_back(**named);
      continue;
    }
    if (std::optional<SmallVector<Value>> elements =
            getListElements(operand)) {
      // A list of tensors: each one an input.
      for (Value element : *elements) {
        Value converted = rewriter.getRemappedValue(element);
        if (!converted || !isa<TensorType>(converted.getType()))
          return rewriter.notifyMatchFailure(op, "unsupported list");
        inputs.push_back(converted);
      }
      continue;
    }
    Value converted = operands[i];
    if (!converted || !isa<TensorType>(converted.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported operand");
    inputs.push_back(converted);
  }
  auto custom = b.createOp<ONNX::CustomOp>(resultTypes, inputs, attrs);
  rewriter.replaceOp(op, custom->getResults());
  return success();
}

/// Any aten op left without a conversion: onnx.Custom.
struct ConvertToCustomOp : public ConversionPattern {
  ConvertToCustomOp(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(),
                          /*benefit=*/0, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    std::string name = getQualifiedName(op);
    if (!StringRef(name).starts_with("aten::"))
      return failure();
    SmallVector<NamedAttribute> attrs{
        NamedAttribute(rewriter.getStringAttr("schema"),
                       rewriter.getStringAttr(name))};
    return replaceWithCustomNode(
        op, operands, rewriter, *getTypeConverter(), "org.pytorch.aten",
        StringRef(name).drop_front(6).split('.').first, std::move(attrs),
        [&](unsigned i, Attribute attr)
            -> FailureOr<std::optional<NamedAttribute>> {
          return std::optional<NamedAttribute>(NamedAttribute(
              rewriter.getStringAttr("arg" + std::to_string(i)), attr));
        });
  }
};

/// The ops of convert-torch-to-onnx's `custom-ops`: onnx.Custom, ahead of
/// any conversion they have.
struct ConvertMappedCustomOp : public ConversionPattern {
  ConvertMappedCustomOp(const TypeConverter &typeConverter,
                        MLIRContext *context,
                        ArrayRef<CustomOpMapping> mappings)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(),
                          /*benefit=*/100, context),
        mappings(mappings) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    std::string name = getQualifiedName(op);
    if (name.empty())
      return failure();
    const CustomOpMapping *mapping = nullptr;
    for (const CustomOpMapping &candidate : mappings) {
      StringRef rest = name;
      if (rest.consume_front(candidate.op) &&
          (rest.empty() || rest.starts_with("."))) {
        mapping = &candidate;
        break;
      }
    }
    if (!mapping)
      return failure();
    auto makeAttr = [&](unsigned i, Attribute value)
        -> FailureOr<std::optional<NamedAttribute>> {
      if (i >= mapping->attributeNames.size() ||
          mapping->attributeNames[i].empty())
        return std::optional<NamedAttribute>();
      // NAME or NAME:KIND, where KIND is the attribute type the function
      // declares.
      auto [name, kind] = StringRef(mapping->attributeNames[i]).split(':');
      Attribute converted = convertToKind(rewriter, value, kind);
      if (!converted)
        return op->emitError("argument ")
               << i << " of '" << mapping->op << "' is " << value
               << ", which the attribute '" << name << "' of "
               << mapping->domain << "::" << mapping->opType
               << " cannot take (it is declared " << kind << ")";
      return std::optional<NamedAttribute>(
          NamedAttribute(rewriter.getStringAttr(name), converted));
    };
    return replaceWithCustomNode(op, operands, rewriter, *getTypeConverter(),
                                 mapping->domain, mapping->opType, {},
                                 makeAttr);
  }

  /// `value` as an attribute of `kind` (int, float, ints, floats, string;
  /// empty keeps it as it is), or null when it cannot be one.
  static Attribute convertToKind(Builder &builder, Attribute value,
                                 StringRef kind) {
    auto toFloat = [&](Attribute element) -> Attribute {
      if (auto i = dyn_cast<IntegerAttr>(element))
        return builder.getF32FloatAttr(static_cast<float>(i.getInt()));
      return isa<FloatAttr>(element) ? element : Attribute();
    };
    if (kind.empty())
      return value;
    if (kind == "float")
      return toFloat(value);
    if (kind == "int")
      return isa<IntegerAttr>(value) ? value : Attribute();
    if (kind == "string")
      return isa<StringAttr>(value) ? value : Attribute();
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array)
      return {};
    if (kind == "ints")
      return llvm::all_of(array, llvm::IsaPred<IntegerAttr>) ? value
                                                              : Attribute();
    if (kind == "floats") {
      SmallVector<Attribute> floats;
      for (Attribute element : array) {
        Attribute converted = toFloat(element);
        if (!converted)
          return {};
        floats.push_back(converted);
      }
      return builder.getArrayAttr(floats);
    }
    return {};
  }

private:
  std::vector<CustomOpMapping> mappings;
};

} // namespace

void mlir::torch_onnx::populateTorchToONNXFallbackPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ConvertToCustomOp>(typeConverter, patterns.getContext());
}

std::optional<CustomOpMapping>
mlir::torch_onnx::parseCustomOpMapping(StringRef spec) {
  auto [op, target] = spec.split('=');
  // DOMAIN::TYPE: the domain may be empty (the default domain) but the
  // separator may not.
  size_t separator = target.find("::");
  if (op.trim().empty() || separator == StringRef::npos)
    return std::nullopt;
  CustomOpMapping mapping;
  mapping.op = op.trim().str();
  mapping.domain = target.take_front(separator).str();
  StringRef rest = target.drop_front(separator + 2);
  StringRef opType = rest.take_until([](char c) { return c == '('; });
  StringRef names = rest.drop_front(opType.size());
  if (opType.empty() ||
      (!names.empty() && !(names.consume_front("(") &&
                           names.consume_back(")"))))
    return std::nullopt;
  mapping.opType = opType.str();
  if (!names.empty())
    for (StringRef name : llvm::split(names, ','))
      mapping.attributeNames.push_back(name.trim().str());
  return mapping;
}

void mlir::torch_onnx::populateTorchToONNXCustomOpPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    ArrayRef<CustomOpMapping> mappings) {
  if (!mappings.empty())
    patterns.add<ConvertMappedCustomOp>(typeConverter, patterns.getContext(),
                                        mappings);
  // torch-mlir's ONNX nodes, `torch.operator "onnx.X"`, are the other
  // operators that name their ONNX node.
  populateONNXImportOpPatterns(typeConverter, patterns);
}
