//===- TorchOps.cpp - Hand-written Torch dialect ops ----------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

//===----------------------------------------------------------------------===//
// Default assembly form of the generated ops
//===----------------------------------------------------------------------===//

ParseResult
mlir::torch_onnx::Torch::parseDefaultTorchOp(OpAsmParser &parser,
                                             OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseOperandList(operands) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SmallVector<Type> operandTypes;
  SMLoc typesLoc = parser.getCurrentLocation();
  if (!operands.empty() &&
      (parser.parseColon() || parser.parseTypeList(operandTypes)))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      parser.parseTypeList(result.types))
    return failure();
  return parser.resolveOperands(operands, operandTypes, typesLoc,
                                result.operands);
}

void mlir::torch_onnx::Torch::printDefaultTorchOp(OpAsmPrinter &printer,
                                                  Operation *op) {
  if (op->getNumOperands()) {
    printer << " ";
    printer << op->getOperands();
  }
  printer.printOptionalAttrDict(op->getAttrs());
  if (op->getNumOperands()) {
    printer << " : ";
    llvm::interleaveComma(op->getOperandTypes(), printer);
  }
  if (op->getNumResults()) {
    printer << " -> ";
    llvm::interleaveComma(op->getResultTypes(), printer);
  }
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

OpFoldResult ConstantIntOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstantFloatOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstantBoolOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstantStrOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstantDeviceOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstantNumberOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstantNoneOp::fold(FoldAdaptor) {
  return UnitAttr::get(getContext());
}
OpFoldResult ValueTensorLiteralOp::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult NonValueTensorLiteralOp::fold(FoldAdaptor) {
  return getValueAttr();
}

void ConstantIntOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  SmallString<24> name("int");
  int64_t value = getValue();
  // The magnitude as unsigned: -INT64_MIN is not an int64.
  uint64_t magnitude = value;
  if (value < 0) {
    name += "_";
    magnitude = 0 - magnitude;
  }
  name += std::to_string(magnitude);
  setNameFn(getResult(), name);
}
void ConstantFloatOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "float");
}
void ConstantBoolOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), getValue() ? "true" : "false");
}
void ConstantStrOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "str");
}
void ConstantDeviceOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), getValue());
}
void ConstantNumberOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "number");
}

static LogicalResult verifyTensorLiteral(Operation *op, ElementsAttr value,
                                         BaseTensorType type) {
  auto attrType = cast<ShapedType>(value.getType());
  if (type.hasDtype() && type.getDtype() != attrType.getElementType())
    return op->emitOpError("literal element type ")
           << attrType.getElementType() << " does not match dtype "
           << type.getDtype();
  if (type.hasSizes() && type.getSizes() != attrType.getShape())
    return op->emitOpError("literal shape does not match the result sizes");
  return success();
}

LogicalResult ValueTensorLiteralOp::verify() {
  return verifyTensorLiteral(*this, getValue(),
                             cast<BaseTensorType>(getType()));
}
LogicalResult NonValueTensorLiteralOp::verify() {
  return verifyTensorLiteral(*this, getValue(),
                             cast<BaseTensorType>(getType()));
}

//===----------------------------------------------------------------------===//
// Object graph
//===----------------------------------------------------------------------===//

LogicalResult ClassTypeOp::verify() {
  llvm::StringSet<> attrs, methods;
  for (Operation &op : getBody().front()) {
    if (auto attr = dyn_cast<AttrOp>(op)) {
      if (!attrs.insert(attr.getName()).second)
        return attr.emitOpError("duplicate attribute '")
               << attr.getName() << "'";
    } else if (auto method = dyn_cast<MethodOp>(op)) {
      if (!methods.insert(method.getName()).second)
        return method.emitOpError("duplicate method '")
               << method.getName() << "'";
    } else {
      return op.emitOpError("is not allowed in a torch.class_type");
    }
  }
  return success();
}

LogicalResult NnModuleOp::verify() {
  for (Operation &op : getBody().front())
    if (!isa<SlotOp>(op))
      return op.emitOpError("is not allowed in a torch.nn_module");
  return success();
}

//===----------------------------------------------------------------------===//
// Lists and tuples
//===----------------------------------------------------------------------===//

LogicalResult PrimListConstructOp::verify() {
  Type contained = cast<ListType>(getType()).getContainedType();
  for (Value element : getElements())
    if (!isValidSubtype(element.getType(), contained))
      return emitOpError("element of type ")
             << element.getType() << " does not fit the list type "
             << getType();
  return success();
}

LogicalResult PrimTupleConstructOp::verify() {
  ArrayRef<Type> types = cast<Torch::TupleType>(getType()).getContainedTypes();
  if (types.size() != getElements().size())
    return emitOpError("has ")
           << getElements().size() << " elements but the tuple type has "
           << types.size();
  for (auto [element, type] : llvm::zip(getElements(), types))
    if (!isValidSubtype(element.getType(), type))
      return emitOpError("element of type ")
             << element.getType() << " does not fit tuple element type "
             << type;
  return success();
}

LogicalResult PrimTupleUnpackOp::verify() {
  auto tupleType = cast<Torch::TupleType>(getOperand().getType());
  if (tupleType.getContainedTypes().size() != getNumResults())
    return emitOpError("unpacks ")
           << getNumResults() << " values from a tuple of "
           << tupleType.getContainedTypes().size();
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

LogicalResult PrimIfOp::verify() {
  for (Region *region : {&getThenRegion(), &getElseRegion()}) {
    auto yield = dyn_cast<PrimIfYieldOp>(region->front().getTerminator());
    if (!yield)
      return emitOpError("branch must end in torch.prim.If.yield");
    if (yield.getResults().size() != getNumResults())
      return yield.emitOpError("yields ")
             << yield.getResults().size() << " values but the prim.If has "
             << getNumResults() << " results";
    for (auto [value, type] : llvm::zip(yield.getResults(), getResultTypes()))
      if (!isValidSubtype(value.getType(), type))
        return yield.emitOpError("yields a value of type ")
               << value.getType() << " for a result of type " << type;
  }
  return success();
}

namespace {
/// `prim.If` on a constant condition becomes the taken branch.
struct FoldConstantPrimIf : public OpRewritePattern<PrimIfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PrimIfOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> condition = matchConstantBool(op.getCondition());
    if (!condition)
      return failure();
    Region &taken = *condition ? op.getThenRegion() : op.getElseRegion();
    Block &block = taken.front();
    auto yield = cast<PrimIfYieldOp>(block.getTerminator());
    SmallVector<Value> results(yield.getResults());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&block, op);
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void PrimIfOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<FoldConstantPrimIf>(context);
}

LogicalResult PrimLoopOp::verify() {
  Block &body = getRegion().front();
  if (body.getNumArguments() != getIterArgsInit().size() + 1)
    return emitOpError("body takes ")
           << body.getNumArguments()
           << " arguments; expected the iteration number and "
           << getIterArgsInit().size() << " loop-carried values";
  if (!isa<IntType>(body.getArgument(0).getType()))
    return emitOpError("first body argument must be !torch.int");
  auto condition = dyn_cast<PrimLoopConditionOp>(body.getTerminator());
  if (!condition)
    return emitOpError("body must end in torch.prim.Loop.condition");
  if (condition.getIterArgs().size() != getNumResults() ||
      getNumResults() != getIterArgsInit().size())
    return emitOpError("loop-carried values, results and the condition's "
                       "iter values differ in number");
  return success();
}

bool PrimLoopOp::isForLike() {
  auto condition =
      cast<PrimLoopConditionOp>(getRegion().front().getTerminator());
  return matchConstantBool(getInitialCondition()) == true &&
         matchConstantBool(condition.getShouldContinue()) == true;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

LogicalResult
PrimCallFunctionOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto func =
      symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, getCalleeAttr());
  if (!func)
    return emitOpError("calls '") << getCallee() << "', which is not defined";
  if (func.getNumArguments() != getCallOperands().size())
    return emitOpError("passes ")
           << getCallOperands().size() << " arguments to '" << getCallee()
           << "', which takes " << func.getNumArguments();
  return success();
}

//===----------------------------------------------------------------------===//
// Value semantics
//===----------------------------------------------------------------------===//

static LogicalResult verifySameTensorShape(Operation *op, Type a, Type b) {
  auto ta = cast<BaseTensorType>(a), tb = cast<BaseTensorType>(b);
  if (ta.getOptionalSizes() != tb.getOptionalSizes() ||
      ta.getOptionalDtype() != tb.getOptionalDtype())
    return op->emitOpError("operand and result must have the same sizes "
                           "and dtype");
  return success();
}

LogicalResult CopyToValueTensorOp::verify() {
  return verifySameTensorShape(*this, getOperand().getType(), getType());
}
LogicalResult CopyToNonValueTensorOp::verify() {
  return verifySameTensorShape(*this, getOperand().getType(), getType());
}

//===----------------------------------------------------------------------===//
// Type refinement
//===----------------------------------------------------------------------===//

LogicalResult DerefineOp::verify() {
  if (!isValidSubtype(getOperand().getType(), getType()))
    return emitOpError("result type ")
           << getType() << " is not a supertype of operand type "
           << getOperand().getType();
  return success();
}

LogicalResult TensorStaticInfoCastOp::verify() {
  auto from = cast<BaseTensorType>(getOperand().getType());
  auto to = cast<BaseTensorType>(getType());
  if (from.hasValueSemantics() != to.hasValueSemantics())
    return emitOpError("cannot add or remove value semantics");
  if (from.getOptionalDtype() && to.getOptionalDtype() &&
      from.getOptionalDtype() != to.getOptionalDtype())
    return emitOpError("dtypes ")
           << from.getOptionalDtype() << " and " << to.getOptionalDtype()
           << " differ";
  std::optional<ArrayRef<int64_t>> a = from.getOptionalSizes();
  std::optional<ArrayRef<int64_t>> b = to.getOptionalSizes();
  if (!a || !b)
    return success();
  if (a->size() != b->size())
    return emitOpError("ranks ") << a->size() << " and " << b->size()
                                 << " differ";
  for (auto [x, y] : llvm::zip(*a, *b))
    if (x != kUnknownSize && y != kUnknownSize && x != y)
      return emitOpError("sizes ") << x << " and " << y << " differ";
  return success();
}

//===----------------------------------------------------------------------===//
// Matchers
//===----------------------------------------------------------------------===//

std::optional<int64_t> mlir::torch_onnx::Torch::matchConstantInt(Value value) {
  if (auto op = value.getDefiningOp<ConstantIntOp>())
    return op.getValue();
  if (auto op = value.getDefiningOp<ConstantNumberOp>())
    if (auto i = dyn_cast<IntegerAttr>(op.getValue()))
      return i.getInt();
  return std::nullopt;
}

std::optional<double> mlir::torch_onnx::Torch::matchConstantFloat(Value value) {
  // Through int64_t, so that a negative int stays negative.
  if (std::optional<int64_t> i = matchConstantInt(value))
    return static_cast<double>(*i);
  if (auto op = value.getDefiningOp<ConstantFloatOp>())
    return op.getValue().convertToDouble();
  if (auto op = value.getDefiningOp<ConstantNumberOp>())
    if (auto f = dyn_cast<FloatAttr>(op.getValue()))
      return f.getValueAsDouble();
  // Python's float(True) is 1.0.
  if (auto op = value.getDefiningOp<ConstantBoolOp>())
    return op.getValue() ? 1.0 : 0.0;
  return std::nullopt;
}

std::optional<bool> mlir::torch_onnx::Torch::matchConstantBool(Value value) {
  if (auto op = value.getDefiningOp<ConstantBoolOp>())
    return op.getValue();
  return std::nullopt;
}

bool mlir::torch_onnx::Torch::isConstantNone(Value value) {
  return value.getDefiningOp<ConstantNoneOp>() != nullptr;
}

std::optional<SmallVector<int64_t>>
mlir::torch_onnx::Torch::matchConstantIntList(Value value) {
  auto list = value.getDefiningOp<PrimListConstructOp>();
  if (!list)
    return std::nullopt;
  SmallVector<int64_t> ints;
  for (Value element : list.getElements()) {
    std::optional<int64_t> v = matchConstantInt(element);
    if (!v)
      return std::nullopt;
    ints.push_back(*v);
  }
  return ints;
}

#define GET_OP_CLASSES
#include "torch-onnx/Dialect/Torch/IR/TorchOps.cpp.inc"
