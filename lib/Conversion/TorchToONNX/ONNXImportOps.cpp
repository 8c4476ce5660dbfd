//===- ONNXImportOps.cpp - torch-mlir's ONNX nodes back to ONNX ops -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// torch-mlir's ONNX importer writes each node of an ONNX model as
// `torch.operator "onnx.<OpType>"`, its attributes as `torch.onnx.<name>`
// and a missing optional input as `torch.constant.none`. Each such op whose
// type the ONNX dialect has becomes that ONNX op again: the operands of the
// dialect's op (missing ones `onnx.NoValue`), the attributes in the kinds
// of the schema. The function's `torch.onnx_meta.opset_version` says which
// version of the op the node is; it must be the version the target opset
// has, else the node is refused with the opset it needs.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "Patterns.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

using ONNX::AttributeKind;
using ONNX::OpSchema;
using ONNX::ParameterOption;

/// The prefix of torch-mlir's names of ONNX node attributes.
constexpr StringLiteral kAttrPrefix = "torch.onnx.";

/// The opset the function of `op` was imported at, if it says.
std::optional<int64_t> getImportOpset(Operation *op) {
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func)
    return std::nullopt;
  auto attr =
      func->getAttrOfType<IntegerAttr>("torch.onnx_meta.opset_version");
  if (!attr)
    return std::nullopt;
  return attr.getValue().getSExtValue();
}

/// An array of i64 from the integers of `attr`, or null.
Attribute convertInts(Builder &b, Attribute attr) {
  SmallVector<int64_t> values;
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute element : array) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer)
        return {};
      values.push_back(integer.getValue().getSExtValue());
    }
  } else if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
    for (const APInt &v : dense)
      values.push_back(v.getSExtValue());
  } else {
    return {};
  }
  return b.getI64ArrayAttr(values);
}

/// An array of f32 from the floats of `attr`, or null.
Attribute convertFloats(Builder &b, Attribute attr) {
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array)
    return {};
  SmallVector<Attribute> values;
  for (Attribute element : array) {
    auto value = dyn_cast<FloatAttr>(element);
    if (!value)
      return {};
    values.push_back(b.getF32FloatAttr(value.getValueAsDouble()));
  }
  return b.getArrayAttr(values);
}

/// `attr` in the ONNX dialect's kind `kind`, or null.
Attribute convertAttribute(Builder &b, Attribute attr, AttributeKind kind) {
  switch (kind) {
  case AttributeKind::Int:
    if (auto integer = dyn_cast<IntegerAttr>(attr))
      return IntegerAttr::get(
          IntegerType::get(b.getContext(), 64, IntegerType::Signed),
          integer.getValue().getSExtValue());
    return {};
  case AttributeKind::Ints:
    return convertInts(b, attr);
  case AttributeKind::Float:
    if (auto value = dyn_cast<FloatAttr>(attr))
      return b.getF32FloatAttr(value.getValueAsDouble());
    if (auto integer = dyn_cast<IntegerAttr>(attr))
      return b.getF32FloatAttr(integer.getValue().getSExtValue());
    return {};
  case AttributeKind::Floats:
    return convertFloats(b, attr);
  case AttributeKind::String:
    return isa<StringAttr>(attr) ? attr : Attribute();
  case AttributeKind::Strings: {
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array || !llvm::all_of(array, llvm::IsaPred<StringAttr>))
      return {};
    return attr;
  }
  case AttributeKind::Tensor: {
    auto value = dyn_cast<ElementsAttr>(attr);
    if (!value)
      return {};
    auto type = cast<RankedTensorType>(value.getType());
    Type elementType = convertDtype(type.getElementType());
    if (!elementType)
      return {};
    return convertElementsAttr(value, type.clone(elementType));
  }
  default:
    return {};
  }
}

/// `torch.operator "onnx.<OpType>"` to the ONNX dialect's op of that type.
struct ConvertONNXImportOp : public OpConversionPattern<Torch::OperatorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef opType = op.getName();
    if (!opType.consume_front("onnx."))
      return failure();
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    std::string opName = ("onnx." + opType).str();
    if (!RegisteredOperationName::lookup(opName, context))
      return rewriter.notifyMatchFailure(op, "no ONNX op of this type");
    if (op.getNumRegions() != 0) {
      op.emitError("ONNX node '")
          << opType << "' has graph attributes, which are not lowered";
      return failure();
    }

    ONNXBuilder b(rewriter, loc);
    int64_t opset = b.getTargetOpset();
    int64_t importOpset = getImportOpset(op).value_or(opset);
    const OpSchema *schema = ONNX::lookupSchema(opType, opset);
    const OpSchema *imported = ONNX::lookupSchema(opType, importOpset);
    const OpSchema *dialectSchema = ONNX::getDialectSchema(opType);
    if (!schema || !imported || !dialectSchema)
      return rewriter.notifyMatchFailure(op, "no schema");
    if (schema->sinceVersion != imported->sinceVersion) {
      op.emitError("ONNX node '")
          << opType << "' of opset " << importOpset << " is "
          << imported->getVersionedName() << ", but opset " << opset
          << " has " << schema->getVersionedName()
          << "; compile with --opset=" << importOpset;
      return failure();
    }
    if (schema->inputs.size() > dialectSchema->inputs.size() ||
        schema->outputs.size() > dialectSchema->outputs.size())
      return rewriter.notifyMatchFailure(op, "schema differs from dialect");

    // Operands: one per formal input of the dialect's op, the rest of the
    // operands for a variadic one, a missing value for an absent one.
    SmallVector<Value> operands;
    ValueRange inputs = adaptor.getOperands();
    size_t next = 0;
    for (const ONNX::FormalParameter &formal : dialectSchema->inputs) {
      if (formal.option == ParameterOption::Variadic) {
        for (; next < inputs.size(); ++next)
          operands.push_back(inputs[next]);
        break;
      }
      bool missing = next >= inputs.size() ||
                     Torch::isConstantNone(op.getOperands()[next]);
      if (missing && formal.option != ParameterOption::Optional) {
        op.emitError("ONNX node '")
            << opType << "' lacks its input '" << formal.name << "'";
        return failure();
      }
      operands.push_back(missing ? b.none() : inputs[next]);
      ++next;
    }
    if (next < inputs.size())
      return rewriter.notifyMatchFailure(op, "more inputs than the schema");
    for (Value &operand : operands)
      if (!isa<TensorType, NoneType>(operand.getType()))
        return rewriter.notifyMatchFailure(op, "an input is not a tensor");

    SmallVector<Type> resultTypes;
    for (Value result : op.getResults()) {
      Type type = getTypeConverter()->convertType(result.getType());
      if (!type || !isa<TensorType>(type))
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      resultTypes.push_back(type);
    }
    // Optional outputs after the node's own are missing.
    bool variadicOutput = llvm::any_of(
        dialectSchema->outputs, [](const ONNX::FormalParameter &formal) {
          return formal.option == ParameterOption::Variadic;
        });
    if (!variadicOutput)
      for (size_t i = resultTypes.size(); i < dialectSchema->outputs.size();
           ++i)
        resultTypes.push_back(NoneType::get(context));

    OperationState state(loc, opName);
    state.addOperands(operands);
    state.addTypes(resultTypes);
    for (NamedAttribute attr : op->getAttrs()) {
      StringRef name = attr.getName().getValue();
      if (!name.consume_front(kAttrPrefix))
        continue;
      const ONNX::AttributeSchema *formal = schema->getAttribute(name);
      if (!formal) {
        op.emitError("ONNX node '")
            << opType << "' has attribute '" << name << "', which "
            << schema->getVersionedName() << " does not have";
        return failure();
      }
      Attribute value = convertAttribute(b.getBuilder(), attr.getValue(),
                                         formal->kind);
      if (!value) {
        op.emitError("attribute '")
            << name << "' of ONNX node '" << opType << "' is not of kind "
            << ONNX::stringifyAttributeKind(formal->kind);
        return failure();
      }
      state.addAttribute(name, value);
    }
    Operation *created = rewriter.create(state);
    rewriter.replaceOp(op,
                       created->getResults().take_front(op.getNumResults()));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateONNXImportOpPatterns(TypeConverter &typeConverter,
                                                 RewritePatternSet &patterns) {
  patterns.add<ConvertONNXImportOp>(typeConverter, patterns.getContext());
}
