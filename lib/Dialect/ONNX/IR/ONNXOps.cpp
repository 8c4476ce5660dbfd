//===- ONNXOps.cpp - Hand-written ONNX ops and dialect helpers ------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

#include "torch-onnx/Dialect/ONNX/IR/ONNXInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Hand-written ops
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (!parent || !isa<GraphOpInterface>(parent))
    return emitOpError("must end the region of an ONNX op with GRAPH "
                       "attributes");
  return success();
}

OpFoldResult InitializerOp::fold(FoldAdaptor) { return getValueAttr(); }

LogicalResult InitializerOp::verify() {
  Type valueType = getValueAttr().getType();
  if (valueType != getOutput().getType())
    return emitOpError() << "result type " << getOutput().getType()
                         << " differs from the value's type " << valueType;
  return success();
}

LogicalResult CustomOp::verify() {
  if (getOpType().empty())
    return emitOpError("requires a non-empty 'op_type'");
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::optional<int64_t> ONNX::getImportedOpset(Operation *op, StringRef domain) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  if (!module)
    return std::nullopt;
  auto imports = module->getAttrOfType<DictionaryAttr>("onnx.opset_import");
  if (!imports)
    return std::nullopt;
  // A dictionary key cannot be empty: the default domain is spelled
  // "ai.onnx", as ONNX also allows.
  StringRef key = domain.empty() ? StringRef(kDefaultDomainKey) : domain;
  auto version = imports.getAs<IntegerAttr>(key);
  if (!version)
    return std::nullopt;
  return version.getValue().getSExtValue();
}

int64_t ONNX::getTargetOpset(Operation *op) {
  return getImportedOpset(op, "").value_or(kDefaultOpset);
}

SmallVector<StringRef> ONNX::getGraphAttributeNames(Operation *op) {
  if (auto graphOp = dyn_cast<GraphOpInterface>(op)) {
    ArrayRef<StringRef> names = graphOp.getGraphAttributeNames();
    return SmallVector<StringRef>(names.begin(), names.end());
  }
  return {};
}

StringRef ONNX::getONNXOpType(Operation *op) {
  if (auto custom = dyn_cast<CustomOp>(op))
    return custom.getOpType();
  if (!op->hasTrait<OpTrait::SchemaVerified>())
    return {};
  return op->getName().stripDialect();
}

std::string ONNX::getONNXTypeString(Type elementType) {
  if (!elementType)
    return {};
  if (isa<StringType>(elementType))
    return "string";
  if (elementType.isF32())
    return "float";
  if (elementType.isF16())
    return "float16";
  if (elementType.isBF16())
    return "bfloat16";
  if (elementType.isF64())
    return "double";
  // The float8 types of opset 19.
  if (isa<Float8E4M3FNType>(elementType))
    return "float8e4m3fn";
  if (isa<Float8E4M3FNUZType>(elementType))
    return "float8e4m3fnuz";
  if (isa<Float8E5M2Type>(elementType))
    return "float8e5m2";
  if (isa<Float8E5M2FNUZType>(elementType))
    return "float8e5m2fnuz";
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    unsigned width = intType.getWidth();
    if (width == 1)
      return intType.isSignless() ? "bool" : "";
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return {};
    if (intType.isSignless())
      return "int" + std::to_string(width);
    if (intType.isUnsigned())
      return "uint" + std::to_string(width);
    return {};
  }
  if (auto complex = dyn_cast<ComplexType>(elementType)) {
    if (complex.getElementType().isF32())
      return "complex64";
    if (complex.getElementType().isF64())
      return "complex128";
  }
  return {};
}

std::string ONNX::getONNXValueTypeString(Type type) {
  if (auto tensor = dyn_cast_if_present<TensorType>(type)) {
    std::string element = getONNXTypeString(tensor.getElementType());
    return element.empty() ? "" : "tensor(" + element + ")";
  }
  if (auto seq = dyn_cast_if_present<SeqType>(type)) {
    std::string element = getONNXValueTypeString(seq.getElementType());
    return element.empty() ? "" : "seq(" + element + ")";
  }
  if (auto opt = dyn_cast_if_present<OptType>(type)) {
    std::string element = getONNXValueTypeString(opt.getElementType());
    return element.empty() ? "" : "optional(" + element + ")";
  }
  return {};
}
