//===- FoldingPatterns.cpp - Fold Torch scalar and shape arithmetic -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The generated aten ops have no folders, so the folding torch-cleanup (and
// the inliner, for branches on bound arguments) relies on lives here as
// rewrite patterns.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include <variant>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// The value of `value` when it is a scalar constant.
std::optional<Scalar> matchScalar(Value value) {
  if (auto op = value.getDefiningOp<ConstantIntOp>())
    return Scalar(static_cast<int64_t>(op.getValue()));
  if (auto op = value.getDefiningOp<ConstantFloatOp>())
    return Scalar(op.getValue().convertToDouble());
  if (auto op = value.getDefiningOp<ConstantBoolOp>())
    return Scalar(static_cast<bool>(op.getValue()));
  if (auto op = value.getDefiningOp<ConstantNumberOp>()) {
    if (auto f = dyn_cast<FloatAttr>(op.getValue()))
      return Scalar(f.getValueAsDouble());
    return Scalar(cast<IntegerAttr>(op.getValue()).getInt());
  }
  return std::nullopt;
}

/// The base name (`add` for `torch.aten.add.int` or
/// `torch.operator "aten::floordiv.int"`) of an aten op.
std::optional<StringRef> getAtenBaseName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name.consume_front("torch.aten."))
    return name.split('.').first;
  if (auto unknown = dyn_cast<OperatorOp>(op)) {
    StringRef qualified = unknown.getName();
    if (qualified.consume_front("aten::"))
      return qualified.split('.').first;
  }
  return std::nullopt;
}

/// Materializes `value` as a constant of `type`, if the type can hold it.
Value createScalarConstant(PatternRewriter &rewriter, Location loc, Type type,
                           Scalar value) {
  if (isa<IntType>(type)) {
    if (std::holds_alternative<double>(value))
      return {};
    return ConstantIntOp::create(rewriter, loc, scalarToInt(value));
  }
  if (isa<Torch::FloatType>(type))
    return ConstantFloatOp::create(rewriter, loc, scalarToDouble(value));
  if (isa<Torch::BoolType>(type)) {
    if (!std::holds_alternative<bool>(value))
      return {};
    return ConstantBoolOp::create(rewriter, loc, std::get<bool>(value));
  }
  if (isa<NumberType>(type)) {
    Attribute attr =
        std::holds_alternative<double>(value)
            ? Attribute(rewriter.getF64FloatAttr(scalarToDouble(value)))
            : Attribute(rewriter.getI64IntegerAttr(scalarToInt(value)));
    return ConstantNumberOp::create(rewriter, loc, type, attr);
  }
  return {};
}

/// Folds an aten scalar op (`add.int`, `lt.float`, `__not__`, `Int.float`,
/// `floordiv.int`, ...) whose operands are all constants.
struct FoldConstantScalarOp : public RewritePattern {
  FoldConstantScalarOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || op->getNumOperands() == 0 ||
        op->getNumRegions() != 0)
      return failure();
    Type resultType = op->getResult(0).getType();
    if (!isa<IntType, Torch::FloatType, Torch::BoolType, NumberType>(
            resultType))
      return failure();
    std::optional<StringRef> base = getAtenBaseName(op);
    if (!base)
      return failure();
    SmallVector<Scalar> args;
    for (Value operand : op->getOperands()) {
      std::optional<Scalar> arg = matchScalar(operand);
      if (!arg)
        return failure();
      args.push_back(*arg);
    }
    std::optional<Scalar> result = evaluateScalarOp(*base, args);
    if (!result)
      return failure();
    Value constant =
        createScalarConstant(rewriter, op->getLoc(), resultType, *result);
    if (!constant)
      return failure();
    rewriter.replaceOp(op, constant);
    return success();
  }
};

/// The sizes of a tensor-typed value, if its rank is known.
std::optional<ArrayRef<int64_t>> getKnownSizes(Value tensor) {
  auto type = dyn_cast<BaseTensorType>(tensor.getType());
  if (!type)
    return std::nullopt;
  return type.getOptionalSizes();
}

/// True when `value` is an argument of a function.
bool isFunctionArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner()->isEntryBlock() &&
         isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

/// A pattern that reads the sizes of a tensor. Without `foldArgumentSizes`
/// the sizes of function arguments count as unknown, since shape
/// generalization may still make them dynamic; their rank stays known.
template <typename OpTy> struct SizePattern : public OpRewritePattern<OpTy> {
  SizePattern(MLIRContext *context, bool foldArgumentSizes)
      : OpRewritePattern<OpTy>(context), foldArgumentSizes(foldArgumentSizes) {}

  /// The sizes of `tensor` this pattern may fold, if its rank is known.
  std::optional<SmallVector<int64_t>> getSizes(Value tensor) const {
    std::optional<ArrayRef<int64_t>> sizes = getKnownSizes(tensor);
    if (!sizes)
      return std::nullopt;
    if (!foldArgumentSizes && isFunctionArgument(tensor))
      return SmallVector<int64_t>(sizes->size(), kUnknownSize);
    return SmallVector<int64_t>(sizes->begin(), sizes->end());
  }

  bool foldArgumentSizes;
};

struct FoldSizeInt : public SizePattern<AtenSizeIntOp> {
  using SizePattern::SizePattern;
  LogicalResult matchAndRewrite(AtenSizeIntOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> sizes = getSizes(op.getSelf());
    std::optional<int64_t> dim = matchConstantInt(op.getDim());
    if (!sizes || !dim)
      return failure();
    int64_t rank = sizes->size();
    int64_t d = *dim < 0 ? *dim + rank : *dim;
    if (d < 0 || d >= rank || (*sizes)[d] == kUnknownSize)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantIntOp>(op, (*sizes)[d]);
    return success();
  }
};

/// `aten.size` of a tensor of known rank becomes a list of its dims, each a
/// constant or an `aten.size.int`, so that the list's uses can fold.
struct FoldSize : public SizePattern<AtenSizeOp> {
  using SizePattern::SizePattern;
  LogicalResult matchAndRewrite(AtenSizeOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> sizes = getSizes(op.getSelf());
    if (!sizes || !isa<ListType>(op.getType()))
      return failure();
    SmallVector<Value> dims;
    for (auto [i, size] : llvm::enumerate(*sizes)) {
      if (size != kUnknownSize) {
        dims.push_back(ConstantIntOp::create(rewriter, op.getLoc(), size));
        continue;
      }
      Value index = ConstantIntOp::create(rewriter, op.getLoc(), i);
      dims.push_back(AtenSizeIntOp::create(rewriter, op.getLoc(),
                                           rewriter.getType<IntType>(),
                                           op.getSelf(), index));
    }
    rewriter.replaceOpWithNewOp<PrimListConstructOp>(op, op.getType(), dims);
    return success();
  }
};

struct FoldDim : public OpRewritePattern<AtenDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtenDimOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ArrayRef<int64_t>> sizes = getKnownSizes(op.getSelf());
    if (!sizes)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantIntOp>(op, int64_t(sizes->size()));
    return success();
  }
};

struct FoldNumel : public SizePattern<AtenNumelOp> {
  using SizePattern::SizePattern;
  LogicalResult matchAndRewrite(AtenNumelOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> sizes = getSizes(op.getSelf());
    if (!sizes || llvm::is_contained(*sizes, kUnknownSize))
      return failure();
    int64_t numel = 1;
    for (int64_t size : *sizes)
      numel *= size;
    rewriter.replaceOpWithNewOp<ConstantIntOp>(op, numel);
    return success();
  }
};

/// `len(t)` of a tensor is its first dim.
struct FoldLenTensor : public SizePattern<AtenLenTensorOp> {
  using SizePattern::SizePattern;
  LogicalResult matchAndRewrite(AtenLenTensorOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> sizes = getSizes(op->getOperand(0));
    if (!sizes || sizes->empty() || sizes->front() == kUnknownSize)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantIntOp>(op, sizes->front());
    return success();
  }
};

/// The list built by a `torch.prim.ListConstruct` that nothing modifies
/// afterwards, so that its elements are known wherever it is used.
PrimListConstructOp getUnmodifiedList(Value list) {
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct)
    return {};
  for (OpOperand &use : construct->getUses()) {
    std::optional<SmallVector<unsigned>> written =
        getWrittenOperands(use.getOwner());
    if (!written || llvm::is_contained(*written, use.getOperandNumber()))
      return {};
    // The list may be modified through an alias, such as a list holding it.
    if (mayAliasOperands(use.getOwner()) &&
        !isa<Aten__Getitem__TOp, AtenLenTOp, PrimListUnpackOp>(use.getOwner()))
      return {};
  }
  return construct;
}

/// Replaces `op`'s results by `values` when the types allow it. A value of
/// a more precise type than the result does not replace it in `func.return`,
/// whose operand types must match the function's result types exactly.
LogicalResult replaceWithElement(PatternRewriter &rewriter, Operation *op,
                                 ValueRange values) {
  for (auto [result, value] : llvm::zip(op->getResults(), values))
    if (result.getType() != value.getType() &&
        !isValidSubtype(value.getType(), result.getType()))
      return failure();
  bool changed = false;
  for (auto [result, value] : llvm::zip(op->getResults(), values)) {
    bool exact = result.getType() == value.getType();
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
      if (!exact && isa<func::ReturnOp>(use.getOwner()))
        continue;
      rewriter.modifyOpInPlace(use.getOwner(), [&] { use.set(value); });
      changed = true;
    }
  }
  if (op->use_empty()) {
    rewriter.eraseOp(op);
    return success();
  }
  return success(changed);
}

struct FoldLenList : public OpRewritePattern<AtenLenTOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtenLenTOp op,
                                PatternRewriter &rewriter) const override {
    PrimListConstructOp list = getUnmodifiedList(op.getA());
    if (!list)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantIntOp>(
        op, int64_t(list.getElements().size()));
    return success();
  }
};

struct FoldListGetItem : public OpRewritePattern<Aten__Getitem__TOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Aten__Getitem__TOp op,
                                PatternRewriter &rewriter) const override {
    PrimListConstructOp list = getUnmodifiedList(op.getList());
    std::optional<int64_t> index = matchConstantInt(op.getIdx());
    if (!list || !index)
      return failure();
    int64_t size = list.getElements().size();
    int64_t i = *index < 0 ? *index + size : *index;
    if (i < 0 || i >= size)
      return failure();
    return replaceWithElement(rewriter, op, list.getElements()[i]);
  }
};

struct FoldListUnpack : public OpRewritePattern<PrimListUnpackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PrimListUnpackOp op,
                                PatternRewriter &rewriter) const override {
    PrimListConstructOp list = getUnmodifiedList(op.getOperand());
    if (!list || list.getElements().size() != op.getNumResults())
      return failure();
    return replaceWithElement(rewriter, op, list.getElements());
  }
};

struct FoldTupleIndex : public OpRewritePattern<PrimTupleIndexOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PrimTupleIndexOp op,
                                PatternRewriter &rewriter) const override {
    auto tuple = op.getTuple().getDefiningOp<PrimTupleConstructOp>();
    std::optional<int64_t> index = matchConstantInt(op.getIndex());
    if (!tuple || !index)
      return failure();
    int64_t size = tuple.getElements().size();
    int64_t i = *index < 0 ? *index + size : *index;
    if (i < 0 || i >= size)
      return failure();
    return replaceWithElement(rewriter, op, tuple.getElements()[i]);
  }
};

struct FoldTupleUnpack : public OpRewritePattern<PrimTupleUnpackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PrimTupleUnpackOp op,
                                PatternRewriter &rewriter) const override {
    auto tuple = op.getOperand().getDefiningOp<PrimTupleConstructOp>();
    if (!tuple || tuple.getElements().size() != op.getNumResults())
      return failure();
    return replaceWithElement(rewriter, op, tuple.getElements());
  }
};

/// `prim::unchecked_cast` refines an optional or a union to the type the
/// program checked; once the operand has that type already, the cast is
/// the operand.
struct FoldUncheckedCast : public OpRewritePattern<OperatorOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(OperatorOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getName() != "prim::unchecked_cast" || op->getNumOperands() != 1 ||
        op->getNumResults() != 1)
      return failure();
    return replaceWithElement(rewriter, op, op->getOperand(0));
  }
};

/// `torch.derefine` and `torch.tensor_static_info_cast` are their operand
/// where it has a type at least as precise as theirs.
template <typename OpTy>
struct FoldTypeCast : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    return replaceWithElement(rewriter, op, op->getOperand(0));
  }
};

/// torch-mlir's records of checks and symbolic shapes compute nothing that
/// an ONNX graph keeps: `torch.runtime.assert` (ONNX cannot fail a run) and
/// `torch.bind_symbolic_shape` (the shapes are in the types).
template <typename OpTy>
struct EraseCheckOp : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// `torch.shape.calculate` and `torch.dtype.calculate` are the values their
/// body yields; the region that computes shapes or dtypes goes.
template <typename OpTy>
struct InlineCalculateBody : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    Operation *yield = body.getTerminator();
    SmallVector<Value> values(yield->getOperands());
    if (TypeRange(values) != op->getResultTypes())
      return failure();
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&body, op);
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// `aten.Int.Tensor(prim.NumToTensor(x))` is `x`; likewise for the other
/// conversions from a 0-d tensor back to a scalar.
struct FoldScalarTensorRoundTrip : public RewritePattern {
  FoldScalarTensorRoundTrip(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<AtenIntTensorOp, AtenFloatTensorOp, AtenBoolTensorOp, AtenItemOp,
             AtenScalarImplicitOp, AtenIntImplicitOp, AtenFloatImplicitOp>(op))
      return failure();
    auto wrap = op->getOperand(0).getDefiningOp<PrimNumToTensorScalarOp>();
    if (!wrap)
      return failure();
    return replaceWithElement(rewriter, op, wrap.getA());
  }
};

/// Arithmetic on 0-d tensors that wrap constants (traced code computes with
/// `x.shape[i]` as `prim.NumToTensor`, and with 0-d literals), as in
/// `remainder.Scalar(NumToTensor(56), 7)` or
/// `div.Tensor_mode(NumToTensor(32), literal 4, "floor")`: becomes
/// `NumToTensor` of the result, so that `aten.Int.Tensor` of it folds to a
/// constant. Only results of the type `NumToTensor` gives (si64 for ints, f64
/// for floats) fold.
struct FoldScalarTensorArithmetic : public RewritePattern {
  FoldScalarTensorArithmetic(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  /// The constant that `value` holds: a scalar constant, a 0-d tensor
  /// wrapping one, or a one-element integer or f64 literal.
  static std::optional<Scalar> matchOperand(Value value) {
    if (auto wrap = value.getDefiningOp<PrimNumToTensorScalarOp>())
      return matchScalar(wrap.getA());
    if (auto literal = value.getDefiningOp<ValueTensorLiteralOp>()) {
      auto dense = dyn_cast<DenseElementsAttr>(literal.getValue());
      if (!dense || dense.getNumElements() != 1)
        return std::nullopt;
      Type element = dense.getElementType();
      if (auto intType = dyn_cast<IntegerType>(element);
          intType && intType.getWidth() > 1)
        return Scalar((*dense.getValues<APInt>().begin()).getSExtValue());
      if (element.isF64())
        return Scalar((*dense.getValues<APFloat>().begin()).convertToDouble());
      return std::nullopt;
    }
    if (isa<BaseTensorType>(value.getType()))
      return std::nullopt;
    return matchScalar(value);
  }

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<AtenAddTensorOp, AtenAddScalarOp, AtenSubTensorOp, AtenSubScalarOp,
             AtenRsubScalarOp, AtenMulTensorOp, AtenMulScalarOp,
             AtenRemainderTensorOp, AtenRemainderScalarOp, AtenFloorDivideOp,
             AtenFloorDivideScalarOp, AtenDivTensorModeOp>(op))
      return failure();
    // div with a rounding mode: its third operand is the mode.
    std::optional<StringRef> roundingMode;
    ValueRange operands = op->getOperands();
    if (auto div = dyn_cast<AtenDivTensorModeOp>(op)) {
      auto mode = div.getRoundingMode().getDefiningOp<ConstantStrOp>();
      if (!mode || (mode.getValue() != "floor" && mode.getValue() != "trunc"))
        return failure();
      roundingMode = mode.getValue();
      operands = operands.take_front(2);
    }
    SmallVector<Scalar> args;
    for (Value operand : operands) {
      std::optional<Scalar> arg = matchOperand(operand);
      if (!arg)
        return failure();
      args.push_back(*arg);
    }
    StringRef base = *getAtenBaseName(op);
    std::optional<Scalar> result;
    if (roundingMode == "trunc") {
      // Python has no truncating scalar op; on ints it is C++'s division.
      if (!std::holds_alternative<int64_t>(args[0]) ||
          !std::holds_alternative<int64_t>(args[1]) ||
          scalarToInt(args[1]) == 0)
        return failure();
      result = Scalar(scalarToInt(args[0]) / scalarToInt(args[1]));
    } else if (base == "floor_divide" || roundingMode == "floor") {
      result = evaluateScalarOp("floordiv", args);
    } else if (args.size() == 3) {
      // add, sub and rsub scale one operand by alpha.
      bool reversed = base == "rsub";
      std::optional<Scalar> scaled =
          evaluateScalarOp("mul", {args[reversed ? 0 : 1], args[2]});
      if (scaled)
        result = evaluateScalarOp(reversed ? "sub" : base,
                                  {args[reversed ? 1 : 0], *scaled});
    } else {
      result = evaluateScalarOp(base, args);
    }
    if (!result || std::holds_alternative<bool>(*result))
      return failure();
    bool isFloat = std::holds_alternative<double>(*result);
    auto type = dyn_cast<ValueTensorType>(op->getResult(0).getType());
    std::optional<ArrayRef<int64_t>> sizes =
        type ? type.getOptionalSizes() : std::nullopt;
    Type dtype = type ? type.getOptionalDtype() : Type();
    if (!sizes || !sizes->empty() || !dtype ||
        (isFloat ? !dtype.isF64() : !dtype.isSignedInteger(64)))
      return failure();
    Value scalar = isFloat
                       ? Value(ConstantFloatOp::create(rewriter, op->getLoc(),
                                                       scalarToDouble(*result)))
                       : Value(ConstantIntOp::create(rewriter, op->getLoc(),
                                                     scalarToInt(*result)));
    auto wrap =
        PrimNumToTensorScalarOp::create(rewriter, op->getLoc(), type, scalar);
    rewriter.replaceOp(op, wrap);
    return success();
  }
};

struct FoldPrimDtype : public OpRewritePattern<PrimDtypeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PrimDtypeOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<BaseTensorType>(op.getA().getType());
    std::optional<int64_t> code =
        getScalarTypeForDtype(type.getOptionalDtype());
    if (!code)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantIntOp>(op, *code);
    return success();
  }
};

/// `is_floating_point(x)` when the dtype of `x` is known.
struct FoldIsFloatingPoint : public OpRewritePattern<AtenIsFloatingPointOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtenIsFloatingPointOp op,
                                PatternRewriter &rewriter) const override {
    Type dtype =
        cast<BaseTensorType>(op.getSelf().getType()).getOptionalDtype();
    if (!dtype)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantBoolOp>(op, isFloatDtype(dtype));
    return success();
  }
};

/// `torch.is_grad_enabled()` and `torch.is_autocast_enabled()`: an exported
/// model runs inference, without autograd or autocast.
template <typename OpTy>
struct FoldInferenceQuery : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ConstantBoolOp>(op, false);
    return success();
  }
};

/// `x is None` and `x is not None` when the type of `x` decides it.
template <typename OpTy, bool isNot>
struct FoldIsNone : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto mayBeNone = [](Type type) {
      return isa<Torch::NoneType, OptionalType, UnionType, Torch::AnyType>(
          type);
    };
    Type a = op->getOperand(0).getType(), b = op->getOperand(1).getType();
    std::optional<bool> same;
    if (isa<Torch::NoneType>(a) && isa<Torch::NoneType>(b))
      same = true;
    else if ((isa<Torch::NoneType>(a) && !mayBeNone(b)) ||
             (isa<Torch::NoneType>(b) && !mayBeNone(a)))
      same = false;
    if (!same)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantBoolOp>(op, *same != isNot);
    return success();
  }
};

} // namespace

void Torch::populateTorchFoldingPatterns(RewritePatternSet &patterns,
                                         bool foldArgumentSizes) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FoldSizeInt, FoldSize, FoldNumel, FoldLenTensor>(
      context, foldArgumentSizes);
  patterns
      .add<FoldConstantScalarOp, FoldDim, FoldLenList, FoldListGetItem,
           FoldListUnpack, FoldTupleIndex, FoldTupleUnpack, FoldUncheckedCast,
           FoldScalarTensorRoundTrip, FoldScalarTensorArithmetic, FoldPrimDtype,
           FoldIsNone<Aten__Is__Op, false>, FoldIsNone<Aten__Isnot__Op, true>,
           FoldIsFloatingPoint, FoldInferenceQuery<AtenIsGradEnabledOp>,
           FoldInferenceQuery<AtenIsAutocastEnabledOp>,
           FoldTypeCast<DerefineOp>, FoldTypeCast<TensorStaticInfoCastOp>,
           EraseCheckOp<RuntimeAssertOp>, EraseCheckOp<BindSymbolicShapeOp>,
           InlineCalculateBody<ShapeCalculateOp>,
           InlineCalculateBody<DtypeCalculateOp>>(context);
  PrimIfOp::getCanonicalizationPatterns(patterns, context);
}
