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
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"

#include "ONNXBuilder.h"
#include "TorchValues.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The qualified name (`aten::foo.overload`) of an aten op, or "".
std::string getAtenName(Operation *op) {
  if (auto unknown = dyn_cast<Torch::OperatorOp>(op)) {
    StringRef name = unknown.getName();
    return name.starts_with("aten::") ? name.str() : std::string();
  }
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

/// Any aten op left without a conversion: onnx.Custom.
struct ConvertToCustomOp : public ConversionPattern {
  ConvertToCustomOp(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(),
                          /*benefit=*/0, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    std::string name = getAtenName(op);
    if (name.empty() || op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> resultTypes;
    for (Type type : op->getResultTypes()) {
      Type converted = getTypeConverter()->convertType(type);
      if (!isa_and_present<TensorType>(converted))
        return rewriter.notifyMatchFailure(op, "non-tensor result");
      resultTypes.push_back(converted);
    }

    ONNXBuilder b(rewriter, op->getLoc());
    SmallVector<Value> inputs;
    SmallVector<NamedAttribute> attrs{
        b.stringAttr("domain", "org.pytorch.aten"),
        b.stringAttr("op_type", StringRef(name).drop_front(6).split('.').first),
        b.stringAttr("schema", name)};
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      if (isNone(operand))
        continue;
      if (Attribute attr = getConstantAttr(rewriter, operand)) {
        attrs.push_back(NamedAttribute(
            rewriter.getStringAttr("arg" + std::to_string(i)), attr));
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
};

} // namespace

void mlir::torch_onnx::populateTorchToONNXFallbackPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ConvertToCustomOp>(typeConverter, patterns.getContext());
}
