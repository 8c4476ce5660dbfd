//===- ONNXDialect.cpp - ONNX dialect registration ------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "torch-onnx/Dialect/ONNX/IR/ONNXTypes.cpp.inc"

namespace {
/// ONNX ops compute values only, so any of them may be inlined.
struct ONNXInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ONNXDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "torch-onnx/Dialect/ONNX/IR/ONNXTypes.cpp.inc"
      >();
}

void ONNXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.cpp.inc"
      >();
  registerTypes();
  registerONNXDialectOperations(this);
  addInterfaces<ONNXInlinerInterface>();
}

Operation *ONNXDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // A folded constant has no name yet; the emitter gives it a unique one.
  auto elements = dyn_cast<ElementsAttr>(value);
  if (elements && elements.getType() == type)
    return InitializerOp::create(builder, loc, "", elements);
  if (isa<UnitAttr>(value) && isa<NoneType>(type))
    return NoValueOp::create(builder, loc);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

namespace {
/// Checks that every element of `attr` is an `Elem`.
template <typename Elem> bool isArrayOf(Attribute attr) {
  auto array = dyn_cast<ArrayAttr>(attr);
  return array && llvm::all_of(array, [](Attribute a) { return isa<Elem>(a); });
}

/// Checks the `onnx.*` attributes that a graph input or output carries.
LogicalResult verifyValueAttribute(Operation *op, Type type,
                                   NamedAttribute attr, StringRef what) {
  StringRef name = attr.getName().getValue();
  if (name == "onnx.name" && !isa<StringAttr>(attr.getValue()))
    return op->emitError() << "'onnx.name' of " << what << " must be a string";
  if (name == "onnx.dim_params") {
    if (!isArrayOf<StringAttr>(attr.getValue()))
      return op->emitError() << "'onnx.dim_params' of " << what
                             << " must be an array of strings";
    auto ranked = dyn_cast_if_present<RankedTensorType>(type);
    size_t size = cast<ArrayAttr>(attr.getValue()).size();
    if (ranked && static_cast<int64_t>(size) != ranked.getRank())
      return op->emitError()
             << "'onnx.dim_params' of " << what << " has " << size
             << " entries for a tensor of rank " << ranked.getRank();
  }
  if (name == "onnx.initializer") {
    auto value = dyn_cast<ElementsAttr>(attr.getValue());
    if (!value)
      return op->emitError() << "'onnx.initializer' of " << what
                             << " must be an elements attribute";
    if (type && value.getType() != type)
      return op->emitError()
             << "'onnx.initializer' of " << what << " has type "
             << value.getType() << ", but the value has type " << type;
  }
  return success();
}

/// The type of result `index` of the function-like `op`, if it is one.
Type getFunctionResultType(Operation *op, unsigned index) {
  auto typeAttr = op->getAttrOfType<TypeAttr>("function_type");
  if (!typeAttr)
    return {};
  auto fnType = dyn_cast<FunctionType>(typeAttr.getValue());
  if (!fnType || index >= fnType.getNumResults())
    return {};
  return fnType.getResult(index);
}
} // namespace

LogicalResult ONNXDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  if (name == "onnx.opset_import") {
    auto dict = dyn_cast<DictionaryAttr>(value);
    if (!dict || !llvm::all_of(dict, [](NamedAttribute entry) {
          return isa<IntegerAttr>(entry.getValue());
        }))
      return op->emitError()
             << "'onnx.opset_import' must map domains to integer versions";
    return success();
  }
  if ((name == "onnx.ir_version" || name == "onnx.model_version") &&
      !isa<IntegerAttr>(value))
    return op->emitError() << "'" << name << "' must be an integer";
  if ((name == "onnx.producer_name" || name == "onnx.producer_version" ||
       name == "onnx.domain" || name == "onnx.doc_string" ||
       name == "onnx.name") &&
      !isa<StringAttr>(value))
    return op->emitError() << "'" << name << "' must be a string";
  if (name == "onnx.metadata_props") {
    auto dict = dyn_cast<DictionaryAttr>(value);
    if (!dict || !llvm::all_of(dict, [](NamedAttribute entry) {
          return isa<StringAttr>(entry.getValue());
        }))
      return op->emitError()
             << "'onnx.metadata_props' must map keys to strings";
  }
  return success();
}

LogicalResult ONNXDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  Region &region = op->getRegion(regionIndex);
  Type type = !region.empty() && argIndex < region.getNumArguments()
                  ? region.getArgument(argIndex).getType()
                  : Type();
  return verifyValueAttribute(op, type, attr,
                              "argument " + std::to_string(argIndex));
}

LogicalResult ONNXDialect::verifyRegionResultAttribute(Operation *op,
                                                       unsigned regionIndex,
                                                       unsigned resultIndex,
                                                       NamedAttribute attr) {
  if (attr.getName().getValue() == "onnx.initializer")
    return op->emitError() << "'onnx.initializer' is not allowed on a result";
  return verifyValueAttribute(op, getFunctionResultType(op, resultIndex), attr,
                              "result " + std::to_string(resultIndex));
}
