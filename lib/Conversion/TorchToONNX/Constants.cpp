//===- Constants.cpp - Literals, scalars and tensor creation to ONNX ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Tensor literals become initializers. Scalar queries and scalar arithmetic
// that are known at compile time become constants; the rest computes 0-d
// tensors at run time. Tensor creation ops become constants when their
// shape is static, else ConstantOfShape, Expand or Range.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// Splat constants up to this many elements are stored in full; larger ones
/// become ConstantOfShape.
constexpr int64_t kMaxSplatConstantElements = 1024;

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

/// `torch.vtensor.literal` becomes an initializer named after its resource.
struct ConvertTensorLiteral
    : public ONNXConversionPattern<Torch::ValueTensorLiteralOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::ValueTensorLiteralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(getTypeConverter(), op.getResult());
    ElementsAttr value = convertElementsAttr(op.getValue(), type);
    if (!value)
      return rewriter.notifyMatchFailure(op, "unsupported literal type");
    StringRef name;
    if (auto resource = dyn_cast<DenseResourceElementsAttr>(op.getValue()))
      name = resource.getRawHandle().getKey();
    rewriter.replaceOp(
        op, ONNXBuilder(rewriter, op.getLoc()).constant(value, name));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

/// Any op producing a Torch int, float or bool whose value is known at
/// compile time becomes a constant. Reading patterns look through such ops
/// themselves; the constant only matters where the graph needs the value.
struct FoldConstantScalar : public ConversionPattern {
  FoldConstantScalar(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/2,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        !isa_and_present<Torch::TorchDialect>(op->getDialect()) ||
        !isa<Torch::IntType, Torch::FloatType, Torch::BoolType,
             Torch::NumberType>(op->getResult(0).getType()))
      return failure();
    auto type = dyn_cast_if_present<RankedTensorType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!type)
      return failure();
    Value result = op->getResult(0);
    ONNXBuilder b(rewriter, op->getLoc());
    if (std::optional<int64_t> i = Torch::matchConstantInt(result)) {
      rewriter.replaceOp(op, b.intScalar(type.getElementType(), *i));
      return success();
    }
    std::optional<double> value;
    if (!isa<Torch::IntType>(result.getType()))
      value = Torch::matchConstantFloat(result);
    if (!value)
      return failure();
    rewriter.replaceOp(op, b.scalar(type.getElementType(), *value));
    return success();
  }
};

/// `aten.size.int`: the size of one dim.
struct ConvertSizeInt : public ONNXConversionPattern<Torch::AtenSizeIntOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSizeIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!rank || !dim || !isValidDim(*dim, *rank))
      return rewriter.notifyMatchFailure(op, "unknown dim");
    rewriter.replaceOp(
        op, ONNXBuilder(rewriter, op.getLoc())
                .dimSize(adaptor.getSelf(), normalizeDim(*dim, *rank)));
    return success();
  }
};

/// `aten.len.Tensor`: the size of the first dim.
struct ConvertLenTensor : public ONNXConversionPattern<Torch::AtenLenTensorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLenTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> rank = getRank(adaptor.getT());
    if (!rank || *rank == 0)
      return rewriter.notifyMatchFailure(op, "len() of a 0-d tensor");
    rewriter.replaceOp(
        op, ONNXBuilder(rewriter, op.getLoc()).dimSize(adaptor.getT(), 0));
    return success();
  }
};

/// `aten.numel`: the product of the run-time shape.
struct ConvertNumel : public ONNXConversionPattern<Torch::AtenNumelOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenNumelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ONNXBuilder b(rewriter, op.getLoc());
    Value shape = b.shapeOf(adaptor.getSelf());
    rewriter.replaceOp(op, b.reduce<ONNX::ReduceProdOp>(shape, {0}, false));
    return success();
  }
};

/// `aten.__getitem__.t` on the int list of `aten.size`: one dim.
struct ConvertGetItemOfSize
    : public ONNXConversionPattern<Torch::Aten__Getitem__TOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::Aten__Getitem__TOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto size = op.getList().getDefiningOp<Torch::AtenSizeOp>();
    std::optional<int64_t> index = Torch::matchConstantInt(op.getIdx());
    if (!size || !index)
      return failure();
    Value self = rewriter.getRemappedValue(size.getSelf());
    std::optional<int64_t> rank = self ? getRank(self) : std::nullopt;
    if (!rank || !isValidDim(*index, *rank))
      return failure();
    rewriter.replaceOp(op, ONNXBuilder(rewriter, op.getLoc())
                               .dimSize(self, normalizeDim(*index, *rank)));
    return success();
  }
};

/// `prim.NumToTensor.Scalar` and `aten.scalar_tensor`, `aten.tensor.int`
/// and friends: a scalar as a 0-d tensor.
template <typename OpTy>
struct ConvertScalarToTensor : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    FailureOr<Value> scalar = getScalarAsTensor(
        rewriter, op.getLoc(), op->getOperand(0), type.getElementType());
    if (failed(scalar))
      return failure();
    Value result = *scalar;
    if (type.getRank() != 0)
      result = ONNXBuilder(rewriter, op.getLoc())
                   .reshape(result, type.getShape(), type);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `aten.Int.Tensor`, `aten.Float.Tensor`, `aten.item` and friends: the
/// single element of a tensor as a scalar.
template <typename OpTy>
struct ConvertTensorToScalar : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getOperands()[0];
    std::optional<int64_t> rank = getRank(input);
    if (!type || !rank)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ONNXBuilder b(rewriter, op.getLoc());
    if (*rank != 0)
      input = b.reshape(input, {},
                        RankedTensorType::get({}, getElementType(input)));
    Type elementType = type.getElementType();
    // A bool scalar is true for a non-zero element.
    if (isBoolType(elementType) && !isBoolType(getElementType(input)))
      input = b.create<ONNX::NotOp>(
          type, b.create<ONNX::EqualOp>(
                    type, {input, b.scalar(getElementType(input), 0)}));
    rewriter.replaceOp(op, b.cast(input, elementType));
    return success();
  }
};

/// The ONNX op of each binary scalar operation.
enum class ScalarOpKind {
  Add,
  Sub,
  Mul,
  TrueDiv,
  FloorDiv,
  Remainder,
  Max,
  Min,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or
};

/// Computes a binary operation on two 0-d tensors of the same type.
Value createScalarOp(ONNXBuilder &b, ScalarOpKind kind, Value lhs, Value rhs) {
  auto type = cast<RankedTensorType>(lhs.getType());
  auto boolType = RankedTensorType::get({}, b.getBuilder().getI1Type());
  switch (kind) {
  case ScalarOpKind::Add:
    return b.create<ONNX::AddOp>(type, {lhs, rhs});
  case ScalarOpKind::Sub:
    return b.create<ONNX::SubOp>(type, {lhs, rhs});
  case ScalarOpKind::Mul:
    return b.create<ONNX::MulOp>(type, {lhs, rhs});
  case ScalarOpKind::TrueDiv:
    return b.create<ONNX::DivOp>(type, {lhs, rhs});
  case ScalarOpKind::FloorDiv: {
    if (isFloatType(type.getElementType()))
      return b.unary<ONNX::FloorOp>(b.create<ONNX::DivOp>(type, {lhs, rhs}));
    Type f64 = b.getBuilder().getF64Type();
    Value quotient = b.unary<ONNX::FloorOp>(b.create<ONNX::DivOp>(
        type.clone(f64), {b.cast(lhs, f64), b.cast(rhs, f64)}));
    return b.cast(quotient, type.getElementType());
  }
  case ScalarOpKind::Remainder:
    return b.create<ONNX::ModOp>(
        type, {lhs, rhs},
        {b.intAttr("fmod", isFloatType(type.getElementType()) ? 1 : 0)});
  case ScalarOpKind::Max:
    return b.create<ONNX::MaxOp>(type, {lhs, rhs});
  case ScalarOpKind::Min:
    return b.create<ONNX::MinOp>(type, {lhs, rhs});
  case ScalarOpKind::Eq:
    return b.create<ONNX::EqualOp>(boolType, {lhs, rhs});
  case ScalarOpKind::Ne:
    return b.create<ONNX::NotOp>(boolType,
                                 b.create<ONNX::EqualOp>(boolType, {lhs, rhs}));
  case ScalarOpKind::Lt:
    return b.create<ONNX::LessOp>(boolType, {lhs, rhs});
  case ScalarOpKind::Le:
    return b.create<ONNX::LessOrEqualOp>(boolType, {lhs, rhs});
  case ScalarOpKind::Gt:
    return b.create<ONNX::GreaterOp>(boolType, {lhs, rhs});
  case ScalarOpKind::Ge:
    return b.create<ONNX::GreaterOrEqualOp>(boolType, {lhs, rhs});
  case ScalarOpKind::And:
    return b.create<ONNX::AndOp>(boolType, {lhs, rhs});
  case ScalarOpKind::Or:
    return b.create<ONNX::OrOp>(boolType, {lhs, rhs});
  }
  return {};
}

/// The element type the operands of a scalar op are computed in.
Type getScalarOperationType(Builder &builder, ScalarOpKind kind, Value lhs,
                            Value rhs, Type resultElementType) {
  if (kind == ScalarOpKind::And || kind == ScalarOpKind::Or)
    return builder.getI1Type();
  bool isComparison = kind >= ScalarOpKind::Eq && kind <= ScalarOpKind::Ge;
  if (!isComparison)
    return resultElementType;
  auto isFloatScalar = [](Value v) {
    return isa<Torch::FloatType, Torch::NumberType>(v.getType());
  };
  return isFloatScalar(lhs) || isFloatScalar(rhs) ? Type(builder.getF64Type())
                                                  : Type(builder.getI64Type());
}

/// Converts binary scalar op `op` (operands `lhs`, `rhs`) of kind `kind`.
LogicalResult convertScalarBinary(Operation *op, Value lhs, Value rhs,
                                  ScalarOpKind kind,
                                  const TypeConverter *typeConverter,
                                  ConversionPatternRewriter &rewriter) {
  auto type = dyn_cast_if_present<RankedTensorType>(
      typeConverter->convertType(op->getResult(0).getType()));
  if (!type)
    return rewriter.notifyMatchFailure(op, "unsupported result type");
  Type operationType =
      getScalarOperationType(rewriter, kind, lhs, rhs, type.getElementType());
  FailureOr<Value> a =
      getScalarAsTensor(rewriter, op->getLoc(), lhs, operationType);
  FailureOr<Value> b =
      getScalarAsTensor(rewriter, op->getLoc(), rhs, operationType);
  if (failed(a) || failed(b))
    return failure();
  ONNXBuilder builder(rewriter, op->getLoc());
  Value result = createScalarOp(builder, kind, *a, *b);
  rewriter.replaceOp(op, builder.cast(result, type.getElementType()));
  return success();
}

template <typename OpTy, ScalarOpKind Kind>
struct ConvertScalarBinary : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return convertScalarBinary(op, op->getOperand(0), op->getOperand(1), Kind,
                               this->getTypeConverter(), rewriter);
  }
};

/// Binary scalar ops that have no generated op: `aten::floordiv.int`,
/// `prim::max.int`, `prim::min.int` and their float forms.
struct ConvertScalarOperator : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 2 || op->getNumResults() != 1)
      return failure();
    StringRef base = op.getName().split('.').first;
    std::optional<ScalarOpKind> kind;
    if (base == "aten::floordiv")
      kind = ScalarOpKind::FloorDiv;
    else if (base == "prim::max")
      kind = ScalarOpKind::Max;
    else if (base == "prim::min")
      kind = ScalarOpKind::Min;
    else if (base == "aten::mod")
      kind = ScalarOpKind::Remainder;
    if (!kind ||
        !isa<Torch::IntType, Torch::FloatType>(op->getOperand(0).getType()))
      return failure();
    return convertScalarBinary(op, op->getOperand(0), op->getOperand(1), *kind,
                               getTypeConverter(), rewriter);
  }
};

/// Unary scalar ops: negation, casts between int, float and bool, and
/// float rounding to int.
template <typename OpTy>
struct ConvertScalarUnary : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_if_present<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    Value input = adaptor.getOperands()[0];
    if (!type || !isa<TensorType>(input.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value result;
    if constexpr (std::is_same_v<OpTy, Torch::AtenNegIntOp> ||
                  std::is_same_v<OpTy, Torch::AtenNegFloatOp>) {
      result = b.unary<ONNX::NegOp>(input);
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenFloorFloatOp>) {
      result = b.unary<ONNX::FloorOp>(input);
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenCeilFloatOp>) {
      result = b.unary<ONNX::CeilOp>(input);
    } else if constexpr (std::is_same_v<OpTy, Torch::Aten__Not__Op>) {
      result = b.unary<ONNX::NotOp>(b.cast(input, rewriter.getI1Type()));
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenSqrtIntOp> ||
                         std::is_same_v<OpTy, Torch::AtenSqrtFloatOp>) {
      result = b.unary<ONNX::SqrtOp>(b.cast(input, rewriter.getF64Type()));
    } else if (isBoolType(elementType) && !isBoolType(getElementType(input))) {
      // Bool of a number: non-zero.
      auto boolType = RankedTensorType::get({}, rewriter.getI1Type());
      result = b.create<ONNX::NotOp>(
          boolType, b.create<ONNX::EqualOp>(
                        boolType, {input, b.scalar(getElementType(input), 0)}));
    } else {
      result = input;
    }
    rewriter.replaceOp(op, b.cast(result, elementType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

/// A tensor of type `type` whose elements are all `fill` (a Torch scalar).
/// `getShape` gives the run-time shape when `type` is not static.
FailureOr<Value> createFilledTensor(ConversionPatternRewriter &rewriter,
                                    Location loc, RankedTensorType type,
                                    Value fill, std::optional<double> fillValue,
                                    function_ref<FailureOr<Value>()> getShape) {
  ONNXBuilder b(rewriter, loc);
  Type elementType = type.getElementType();
  if (!fillValue && fill)
    fillValue = Torch::matchConstantFloat(fill);
  if (fillValue && type.hasStaticShape() &&
      type.getNumElements() <= kMaxSplatConstantElements)
    return b.splat(type, *fillValue);

  FailureOr<Value> shape = failure();
  if (type.hasStaticShape())
    shape = b.i64Tensor(type.getShape());
  else
    shape = getShape();
  if (failed(shape))
    return failure();
  if (fillValue)
    return b.constantOfShape(*shape, type, *fillValue);
  FailureOr<Value> scalar = getScalarAsTensor(rewriter, loc, fill, elementType);
  if (failed(scalar))
    return failure();
  return b.create<ONNX::ExpandOp>(type, {*scalar, *shape});
}

/// zeros, ones, full, empty and empty_strided (filled with zeros), and their
/// `new_` forms.
template <typename OpTy>
struct ConvertFill : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Value fill;
    std::optional<double> fillValue;
    if constexpr (std::is_same_v<OpTy, Torch::AtenOnesOp> ||
                  std::is_same_v<OpTy, Torch::AtenNewOnesOp>)
      fillValue = 1.0;
    else if constexpr (std::is_same_v<OpTy, Torch::AtenFullOp> ||
                       std::is_same_v<OpTy, Torch::AtenNewFullOp>)
      fill = op.getFillValue();
    else
      fillValue = 0.0;
    FailureOr<Value> result =
        createFilledTensor(rewriter, op.getLoc(), type, fill, fillValue, [&] {
          return getIntListAsTensor(rewriter, op.getLoc(), op.getSize());
        });
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// eye(n) and eye.m(n, m): EyeLike of zeros of shape [n, m], which is a
/// constant when both sizes are known.
template <typename OpTy>
struct ConvertEye : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    if (!type || type.getRank() != 2)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Value columns = op.getN();
    if constexpr (std::is_same_v<OpTy, Torch::AtenEyeMOp>)
      columns = op.getM();
    Location loc = op.getLoc();
    FailureOr<Value> zeros = createFilledTensor(
        rewriter, loc, type, Value(), 0.0, [&]() -> FailureOr<Value> {
          Type i64 = rewriter.getI64Type();
          FailureOr<Value> n = getScalarAsTensor(rewriter, loc, op.getN(), i64);
          FailureOr<Value> m = getScalarAsTensor(rewriter, loc, columns, i64);
          if (failed(n) || failed(m))
            return failure();
          return ONNXBuilder(rewriter, loc).concatSizes({*n, *m});
        });
    if (failed(zeros))
      return failure();
    ONNXBuilder b(rewriter, loc);
    rewriter.replaceOp(op, b.create<ONNX::EyeLikeOp>(type, *zeros));
    return success();
  }
};

/// zeros_like, ones_like, full_like, empty_like, and fill (what `x[a:b] = v`
/// writes before the scatter).
template <typename OpTy>
struct ConvertFillLike : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Value fill;
    std::optional<double> fillValue;
    if constexpr (std::is_same_v<OpTy, Torch::AtenOnesLikeOp>)
      fillValue = 1.0;
    else if constexpr (std::is_same_v<OpTy, Torch::AtenFullLikeOp>)
      fill = op.getFillValue();
    else if constexpr (std::is_same_v<OpTy, Torch::AtenFillScalarOp> ||
                       std::is_same_v<OpTy, Torch::AtenFillTensorOp>)
      fill = op.getValue();
    else
      fillValue = 0.0;
    Value self = adaptor.getSelf();
    FailureOr<Value> result = createFilledTensor(
        rewriter, op.getLoc(), type, fill, fillValue,
        [&]() -> FailureOr<Value> {
          return ONNXBuilder(rewriter, op.getLoc()).shapeOf(self);
        });
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// arange: a constant when its bounds are known, else Range.
template <typename OpTy>
struct ConvertArange : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    // A dtype can make the result complex, which neither the folding below
    // nor ONNX's Range computes.
    if (!type || type.getRank() != 1 ||
        !isa<FloatType, IntegerType>(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Value start, end = op.getEnd(), step;
    if constexpr (!std::is_same_v<OpTy, Torch::AtenArangeOp>)
      start = op.getStart();
    if constexpr (std::is_same_v<OpTy, Torch::AtenArangeStartStepOp>)
      step = op.getStep();
    Type elementType = type.getElementType();
    ONNXBuilder b(rewriter, op.getLoc());

    std::optional<double> startValue =
        start ? Torch::matchConstantFloat(start) : std::optional<double>(0.0);
    std::optional<double> endValue = Torch::matchConstantFloat(end);
    std::optional<double> stepValue =
        step ? Torch::matchConstantFloat(step) : std::optional<double>(1.0);
    // A bound that int64 cannot hold would be truncated out of range.
    auto fitsInt64 = [](std::optional<double> v) {
      return !v || (*v >= -0x1p63 && *v < 0x1p63);
    };
    if (!isFloatType(elementType) &&
        (!fitsInt64(startValue) || !fitsInt64(endValue) ||
         !fitsInt64(stepValue)))
      return rewriter.notifyMatchFailure(op, "bounds out of int64 range");
    if (startValue && endValue && stepValue && *stepValue != 0.0 &&
        type.hasStaticShape()) {
      // PyTorch computes an integer range from the bounds truncated to
      // int64, a floating-point one in double.
      SmallVector<Attribute> elements;
      for (int64_t i = 0; i < type.getDimSize(0); ++i) {
        if (isFloatType(elementType)) {
          elements.push_back(
              FloatAttr::get(elementType, *startValue + i * *stepValue));
          continue;
        }
        int64_t offset, v;
        if (llvm::MulOverflow(i, static_cast<int64_t>(*stepValue), offset) ||
            llvm::AddOverflow(static_cast<int64_t>(*startValue), offset, v))
          return rewriter.notifyMatchFailure(op, "range overflows int64");
        elements.push_back(IntegerAttr::get(elementType, v));
      }
      rewriter.replaceOp(op,
                         b.constant(DenseElementsAttr::get(type, elements)));
      return success();
    }
    auto getBound = [&](Value scalar, double fallback) -> FailureOr<Value> {
      if (!scalar)
        return b.scalar(elementType, fallback);
      return getScalarAsTensor(rewriter, op.getLoc(), scalar, elementType);
    };
    FailureOr<Value> startTensor = getBound(start, 0.0);
    FailureOr<Value> endTensor = getBound(end, 0.0);
    FailureOr<Value> stepTensor = getBound(step, 1.0);
    if (failed(startTensor) || failed(endTensor) || failed(stepTensor))
      return failure();
    rewriter.replaceOp(op, b.create<ONNX::RangeOp>(
                               type, {*startTensor, *endTensor, *stepTensor}));
    return success();
  }
};

/// linspace with bounds known at compile time: a constant, computed as
/// PyTorch does (from the start for the first half of the steps, from the
/// end for the rest).
struct ConvertLinspace : public ONNXConversionPattern<Torch::AtenLinspaceOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLinspaceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<double> start = Torch::matchConstantFloat(op.getStart());
    std::optional<double> end = Torch::matchConstantFloat(op.getEnd());
    std::optional<int64_t> steps = Torch::matchConstantInt(op.getSteps());
    if (!type || type.getRank() != 1 || !start || !end || !steps ||
        *steps < 0 || type.getDimSize(0) != *steps)
      return rewriter.notifyMatchFailure(
          op, "expected bounds and steps known at compile time");
    Type elementType = type.getElementType();
    if (!isa<FloatType, IntegerType>(elementType))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    double step = *steps > 1 ? (*end - *start) / (*steps - 1) : 0.0;
    SmallVector<Attribute> elements;
    for (int64_t i = 0; i < *steps; ++i) {
      // A single step is the start.
      double v = i < *steps / 2 || *steps == 1
                     ? *start + step * i
                     : *end - step * (*steps - 1 - i);
      if (isFloatType(elementType))
        elements.push_back(FloatAttr::get(elementType, v));
      else
        elements.push_back(
            IntegerAttr::get(elementType, static_cast<int64_t>(v)));
    }
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.constant(DenseElementsAttr::get(type, elements)));
    return success();
  }
};

/// linspace with bounds known only at run time (linspace and its
/// Tensor_Tensor, Tensor_Scalar and Scalar_Tensor overloads) and a constant
/// number of steps, into a float result: as PyTorch computes it, start +
/// step * i for the first half of the steps and end - step * (steps - 1 -
/// i) for the rest, where step = (end - start) / (steps - 1).
template <typename OpTy>
struct ConvertRuntimeLinspace : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Constant bounds fold to a constant (ConvertLinspace).
    if (Torch::matchConstantFloat(op.getStart()) &&
        Torch::matchConstantFloat(op.getEnd()))
      return failure();
    RankedTensorType type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    std::optional<int64_t> steps = Torch::matchConstantInt(op.getSteps());
    if (!type || type.getRank() != 1 || !steps || *steps < 0 ||
        !isFloatType(type.getElementType()))
      return rewriter.notifyMatchFailure(
          op, "expected a constant number of steps and a float result");
    Type elementType = type.getElementType();
    Location loc = op.getLoc();
    FailureOr<Value> start = getOperandAs(rewriter, loc, op.getStart(),
                                          adaptor.getStart(), elementType);
    FailureOr<Value> end = getOperandAs(rewriter, loc, op.getEnd(),
                                        adaptor.getEnd(), elementType);
    if (failed(start) || failed(end) || getRank(*start) != 0 ||
        getRank(*end) != 0)
      return rewriter.notifyMatchFailure(op, "expected 0-d bounds");
    ONNXBuilder b(rewriter, loc);
    auto resultType = RankedTensorType::get({*steps}, elementType);
    // The results take the Torch result's type, which may know less.
    if (*steps == 0) {
      rewriter.replaceOp(op, b.reshape(b.splat(resultType, 0.0), {0}, type));
      return success();
    }
    if (*steps == 1) {
      rewriter.replaceOp(op, b.reshape(*start, {1}, type));
      return success();
    }
    // The indices from the start and from the end, and which half each
    // element is in, are constants.
    SmallVector<Attribute> fromStart, fromEnd;
    SmallVector<bool> firstHalf;
    for (int64_t i = 0; i < *steps; ++i) {
      fromStart.push_back(FloatAttr::get(elementType, i));
      fromEnd.push_back(FloatAttr::get(elementType, *steps - 1 - i));
      firstHalf.push_back(i < *steps / 2);
    }
    Value step = b.binary<ONNX::DivOp>(
        b.binary<ONNX::SubOp>(*end, *start),
        b.scalar(elementType, static_cast<double>(*steps - 1)));
    Value front = b.binary<ONNX::AddOp>(
        *start,
        b.binary<ONNX::MulOp>(
            step, b.constant(DenseElementsAttr::get(resultType, fromStart))));
    Value back = b.binary<ONNX::SubOp>(
        *end,
        b.binary<ONNX::MulOp>(
            step, b.constant(DenseElementsAttr::get(resultType, fromEnd))));
    Value half = b.constant(DenseElementsAttr::get(
        RankedTensorType::get({*steps}, rewriter.getI1Type()),
        ArrayRef<bool>(firstHalf)));
    rewriter.replaceOp(op,
                       b.create<ONNX::WhereOp>(type, {half, front, back}));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateConstantPatterns(TypeConverter &typeConverter,
                                             RewritePatternSet &patterns,
                                             int64_t opset) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FoldConstantScalar>(typeConverter, context);
  addPatterns<ConvertTensorLiteral, ConvertSizeInt, ConvertLenTensor,
              ConvertNumel, ConvertGetItemOfSize, ConvertScalarOperator>(
      typeConverter, patterns, opset);
  addPatterns<ConvertScalarToTensor<Torch::PrimNumToTensorScalarOp>,
              ConvertScalarToTensor<Torch::AtenScalarTensorOp>,
              ConvertScalarToTensor<Torch::AtenTensorIntOp>,
              ConvertScalarToTensor<Torch::AtenTensorFloatOp>,
              ConvertScalarToTensor<Torch::AtenTensorBoolOp>>(typeConverter,
                                                              patterns, opset);
  addPatterns<ConvertTensorToScalar<Torch::AtenIntTensorOp>,
              ConvertTensorToScalar<Torch::AtenFloatTensorOp>,
              ConvertTensorToScalar<Torch::AtenBoolTensorOp>,
              ConvertTensorToScalar<Torch::AtenIntImplicitOp>,
              ConvertTensorToScalar<Torch::AtenFloatImplicitOp>,
              ConvertTensorToScalar<Torch::AtenScalarImplicitOp>,
              ConvertTensorToScalar<Torch::AtenItemOp>>(typeConverter, patterns,
                                                        opset);
  addPatterns<
      ConvertScalarBinary<Torch::AtenAddIntOp, ScalarOpKind::Add>,
      ConvertScalarBinary<Torch::AtenSubIntOp, ScalarOpKind::Sub>,
      ConvertScalarBinary<Torch::AtenMulIntOp, ScalarOpKind::Mul>,
      ConvertScalarBinary<Torch::AtenFloordivIntOp, ScalarOpKind::FloorDiv>,
      ConvertScalarBinary<Torch::AtenRemainderIntOp, ScalarOpKind::Remainder>,
      ConvertScalarBinary<Torch::AtenAddFloatOp, ScalarOpKind::Add>,
      ConvertScalarBinary<Torch::AtenSubFloatOp, ScalarOpKind::Sub>,
      ConvertScalarBinary<Torch::AtenMulFloatOp, ScalarOpKind::Mul>,
      ConvertScalarBinary<Torch::AtenDivFloatOp, ScalarOpKind::TrueDiv>,
      ConvertScalarBinary<Torch::AtenDivIntOp, ScalarOpKind::TrueDiv>,
      ConvertScalarBinary<Torch::AtenAddFloatIntOp, ScalarOpKind::Add>,
      ConvertScalarBinary<Torch::AtenSubFloatIntOp, ScalarOpKind::Sub>,
      ConvertScalarBinary<Torch::AtenMulFloatIntOp, ScalarOpKind::Mul>,
      ConvertScalarBinary<Torch::AtenAddIntFloatOp, ScalarOpKind::Add>,
      ConvertScalarBinary<Torch::AtenSubIntFloatOp, ScalarOpKind::Sub>,
      ConvertScalarBinary<Torch::AtenMulIntFloatOp, ScalarOpKind::Mul>,
      ConvertScalarBinary<Torch::AtenEqIntOp, ScalarOpKind::Eq>,
      ConvertScalarBinary<Torch::AtenNeIntOp, ScalarOpKind::Ne>,
      ConvertScalarBinary<Torch::AtenLtIntOp, ScalarOpKind::Lt>,
      ConvertScalarBinary<Torch::AtenLeIntOp, ScalarOpKind::Le>,
      ConvertScalarBinary<Torch::AtenGtIntOp, ScalarOpKind::Gt>,
      ConvertScalarBinary<Torch::AtenGeIntOp, ScalarOpKind::Ge>,
      ConvertScalarBinary<Torch::AtenEqFloatOp, ScalarOpKind::Eq>,
      ConvertScalarBinary<Torch::AtenNeFloatOp, ScalarOpKind::Ne>,
      ConvertScalarBinary<Torch::AtenLtFloatOp, ScalarOpKind::Lt>,
      ConvertScalarBinary<Torch::AtenLeFloatOp, ScalarOpKind::Le>,
      ConvertScalarBinary<Torch::AtenGtFloatOp, ScalarOpKind::Gt>,
      ConvertScalarBinary<Torch::AtenGeFloatOp, ScalarOpKind::Ge>,
      ConvertScalarBinary<Torch::AtenEqBoolOp, ScalarOpKind::Eq>,
      ConvertScalarBinary<Torch::AtenNeBoolOp, ScalarOpKind::Ne>,
      ConvertScalarBinary<Torch::Aten__And__BoolOp, ScalarOpKind::And>,
      ConvertScalarBinary<Torch::Aten__Or__BoolOp, ScalarOpKind::Or>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertScalarUnary<Torch::AtenNegIntOp>,
              ConvertScalarUnary<Torch::AtenNegFloatOp>,
              ConvertScalarUnary<Torch::AtenFloorFloatOp>,
              ConvertScalarUnary<Torch::AtenCeilFloatOp>,
              ConvertScalarUnary<Torch::AtenSqrtIntOp>,
              ConvertScalarUnary<Torch::AtenSqrtFloatOp>,
              ConvertScalarUnary<Torch::Aten__Not__Op>,
              ConvertScalarUnary<Torch::AtenIntFloatOp>,
              ConvertScalarUnary<Torch::AtenIntBoolOp>,
              ConvertScalarUnary<Torch::AtenIntScalarOp>,
              ConvertScalarUnary<Torch::AtenFloatIntOp>,
              ConvertScalarUnary<Torch::AtenFloatBoolOp>,
              ConvertScalarUnary<Torch::AtenFloatScalarOp>,
              ConvertScalarUnary<Torch::AtenBoolIntOp>,
              ConvertScalarUnary<Torch::AtenBoolFloatOp>>(typeConverter,
                                                          patterns, opset);
  addPatterns<
      ConvertFill<Torch::AtenZerosOp>, ConvertFill<Torch::AtenOnesOp>,
      ConvertFill<Torch::AtenFullOp>,
      ConvertFill<Torch::AtenEmptyMemoryFormatOp>,
      ConvertFill<Torch::AtenNewZerosOp>, ConvertFill<Torch::AtenNewOnesOp>,
      ConvertFill<Torch::AtenNewFullOp>, ConvertFill<Torch::AtenNewEmptyOp>,
      ConvertFill<Torch::AtenEmptyStridedOp>,
      ConvertFill<Torch::AtenNewEmptyStridedOp>>(typeConverter, patterns,
                                                 opset);
  addPatterns<ConvertEye<Torch::AtenEyeOp>, ConvertEye<Torch::AtenEyeMOp>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertFillLike<Torch::AtenZerosLikeOp>,
              ConvertFillLike<Torch::AtenOnesLikeOp>,
              ConvertFillLike<Torch::AtenFullLikeOp>,
              ConvertFillLike<Torch::AtenEmptyLikeOp>,
              ConvertFillLike<Torch::AtenZeroOp>,
              ConvertFillLike<Torch::AtenFillScalarOp>,
              ConvertFillLike<Torch::AtenFillTensorOp>>(typeConverter, patterns,
                                                        opset);
  addPatterns<ConvertRuntimeLinspace<Torch::AtenLinspaceOp>,
              ConvertRuntimeLinspace<Torch::AtenLinspaceTensorTensorOp>,
              ConvertRuntimeLinspace<Torch::AtenLinspaceTensorScalarOp>,
              ConvertRuntimeLinspace<Torch::AtenLinspaceScalarTensorOp>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertLinspace, ConvertArange<Torch::AtenArangeOp>,
              ConvertArange<Torch::AtenArangeStartOp>,
              ConvertArange<Torch::AtenArangeStartStepOp>>(typeConverter,
                                                           patterns, opset);
}
