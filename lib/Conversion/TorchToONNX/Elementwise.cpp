//===- Elementwise.cpp - Elementwise Torch ops to ONNX --------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Arithmetic, math functions, comparisons, logic, clamping, selection and
// casts. Operands are cast to the element type the op computes in, which
// PyTorch's type promotion gives: the result's element type for arithmetic,
// the promoted operand type for comparisons. Python scalars become 0-d
// constants of that type.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

/// The element type a binary op on Torch operands `lhs` and `rhs` computes
/// in: PyTorch's `result_type` of the two, converted.
Type getPromotedType(Value lhs, Value rhs) {
  using Group = Torch::ResultTypeState::Group;
  Torch::ResultTypeState state;
  for (Value operand : {lhs, rhs}) {
    Type type = operand.getType();
    if (auto tensorType = dyn_cast<Torch::BaseTensorType>(type)) {
      if (!tensorType.hasDtype())
        return {};
      bool zeroDim = tensorType.hasSizes() && tensorType.getRank() == 0;
      state.add(tensorType.getOptionalDtype(),
                zeroDim ? Group::ZeroDimTensor : Group::Tensor);
      continue;
    }
    Type dtype = Torch::getPythonScalarDtype(type);
    // A number of unknown kind promotes as a float.
    if (!dtype && isa<Torch::NumberType>(type))
      dtype = Float32Type::get(type.getContext());
    if (!dtype)
      return {};
    state.add(dtype, Group::PythonScalar);
  }
  return convertDtype(state.getResultDtype());
}

/// The converted result type of `op`'s first result.
TensorType getResultType(const TypeConverter *typeConverter, Operation *op) {
  return getConvertedTensorType(typeConverter, op->getResult(0));
}

//===----------------------------------------------------------------------===//
// Binary arithmetic
//===----------------------------------------------------------------------===//

enum class Arithmetic {
  Add,
  Sub,
  ReverseSub,
  Mul,
  Div,
  Pow,
  Remainder,
  Fmod,
  FloorDivide,
  Maximum,
  Minimum,
  /// fmax and fmin: as Maximum and Minimum, but a NaN loses.
  Fmax,
  Fmin,
  And,
  Or,
  Xor,
  Atan2,
  LogAddExp,
  LogAddExp2,
  XLogY,
  Heaviside
};

/// `a / b` rounded as `roundingMode` ("" for true division, "trunc",
/// "floor") in the element type of `type`.
Value createDivision(ONNXBuilder &b, TensorType type, Value lhs, Value rhs,
                     StringRef roundingMode) {
  Type elementType = type.getElementType();
  if (roundingMode.empty())
    return b.create<ONNX::DivOp>(type, {lhs, rhs});
  if (isFloatType(elementType)) {
    Value quotient = b.create<ONNX::DivOp>(type, {lhs, rhs});
    if (roundingMode == "floor")
      return b.unary<ONNX::FloorOp>(quotient);
    // trunc(q) = q - fmod(q, 1).
    Value fraction = b.create<ONNX::ModOp>(
        type, {quotient, b.scalar(elementType, 1.0)}, {b.intAttr("fmod", 1)});
    return b.create<ONNX::SubOp>(type, {quotient, fraction});
  }
  // Integer division truncates; floor division goes through f64.
  if (roundingMode == "trunc")
    return b.create<ONNX::DivOp>(type, {lhs, rhs});
  Type f64 = b.getBuilder().getF64Type();
  Value quotient = b.unary<ONNX::FloorOp>(b.create<ONNX::DivOp>(
      type.clone(f64), {b.cast(lhs, f64), b.cast(rhs, f64)}));
  return b.cast(quotient, elementType);
}

/// The binary ops that ONNX composes: `type` is the result type, `lhs` and
/// `rhs` are of its element type.
Value createComposite(ONNXBuilder &b, Arithmetic kind, TensorType type,
                      Value lhs, Value rhs) {
  Type elementType = type.getElementType();
  Type i1 = b.getBuilder().getI1Type();
  auto constant = [&](double value) { return b.scalar(elementType, value); };
  // Where with the broadcast type of its three operands, which may be
  // narrower than `type` (a condition on one operand only).
  auto select = [&](Value condition, Value x, Value y) {
    TensorType xy = getBroadcastType(x, y, elementType);
    TensorType selected = type;
    std::optional<SmallVector<int64_t>> conditionShape = getShape(condition);
    if (xy.hasRank() && conditionShape)
      if (std::optional<SmallVector<int64_t>> shape =
              broadcastShapes(*conditionShape, xy.getShape()))
        selected = RankedTensorType::get(*shape, elementType);
    return b.create<ONNX::WhereOp>(selected, {condition, x, y});
  };
  Value zero = constant(0.0);
  switch (kind) {
  case Arithmetic::Atan2: {
    // atan(y / x), moved by pi into the left half-plane; 0 at the origin,
    // where y / x is NaN. Two infinities divide as their signs.
    Value infinite =
        b.binary<ONNX::AndOp>(b.predicate<ONNX::IsInfOp>(lhs),
                              b.predicate<ONNX::IsInfOp>(rhs));
    Value y = select(infinite, b.unary<ONNX::SignOp>(lhs), lhs);
    Value x = select(infinite, b.unary<ONNX::SignOp>(rhs), rhs);
    Value base = b.unary<ONNX::AtanOp>(b.create<ONNX::DivOp>(type, {y, x}));
    Value turn = select(b.binary<ONNX::GreaterOrEqualOp>(lhs, zero, i1),
                        constant(M_PI), constant(-M_PI));
    Value left = b.binary<ONNX::LessOp>(rhs, zero, i1);
    Value shifted =
        b.create<ONNX::AddOp>(type, {base, select(left, turn, zero)});
    Value origin =
        b.binary<ONNX::AndOp>(b.binary<ONNX::EqualOp>(lhs, zero, i1),
                              b.binary<ONNX::EqualOp>(rhs, zero, i1));
    return select(origin, zero, shifted);
  }
  case Arithmetic::LogAddExp:
  case Arithmetic::LogAddExp2: {
    // max + log(1 + exp(-|a - b|)); equal operands (infinities too) give
    // a + log(2).
    bool base2 = kind == Arithmetic::LogAddExp2;
    Value larger = b.create<ONNX::MaxOp>(type, {lhs, rhs});
    Value gap = b.unary<ONNX::NegOp>(
        b.unary<ONNX::AbsOp>(b.create<ONNX::SubOp>(type, {lhs, rhs})));
    Value power = base2 ? b.create<ONNX::PowOp>(type, {constant(2.0), gap})
                        : b.unary<ONNX::ExpOp>(gap);
    Value log = b.unary<ONNX::LogOp>(
        b.create<ONNX::AddOp>(type, {constant(1.0), power}));
    if (base2)
      log = b.create<ONNX::DivOp>(type, {log, constant(M_LN2)});
    Value sum = b.create<ONNX::AddOp>(type, {larger, log});
    Value doubled = b.binary<ONNX::AddOp>(lhs, constant(base2 ? 1.0 : M_LN2));
    return select(b.binary<ONNX::EqualOp>(lhs, rhs, i1), doubled, sum);
  }
  case Arithmetic::XLogY: {
    // 0 where x is 0, unless y is NaN.
    Value product =
        b.create<ONNX::MulOp>(type, {lhs, b.unary<ONNX::LogOp>(rhs)});
    Value isZero = b.binary<ONNX::EqualOp>(lhs, zero, i1);
    Value result = select(isZero, zero, product);
    return select(b.predicate<ONNX::IsNaNOp>(rhs), rhs, result);
  }
  case Arithmetic::Heaviside: {
    Value step = b.cast(b.binary<ONNX::GreaterOp>(lhs, zero, i1), elementType);
    return select(b.binary<ONNX::EqualOp>(lhs, zero, i1), rhs, step);
  }
  default:
    return {};
  }
}

/// The bitwise and, or or xor of `lhs` and `rhs` (ranked, of the integer
/// element type of `type`) without the Bitwise ops of opset 18: each
/// operand's bits along a new last axis (two BitShifts of its bits as
/// uint64), combined arithmetically as 0/1 int64s, then weighed by their
/// powers of two (the sign bit negatively in signed types). onnxruntime sums
/// int64s in double precision, so the bits are summed in chunks of 16, and
/// the chunks combined by exact multiplications and additions.
Value createBitwiseFromBits(ONNXBuilder &b, Arithmetic kind, TensorType type,
                            Value lhs, Value rhs) {
  auto intType = cast<IntegerType>(type.getElementType());
  int64_t width = intType.getWidth();
  int64_t chunkWidth = std::min<int64_t>(width, 16);
  int64_t chunks = width / chunkWidth;
  MLIRContext *context = b.getContext();
  auto u64 = IntegerType::get(context, 64, IntegerType::Unsigned);
  auto i64 = IntegerType::get(context, 64);
  SmallVector<APInt> leftShifts;
  SmallVector<int64_t> weights;
  for (int64_t i = 0; i < width; ++i) {
    leftShifts.push_back(APInt(64, 63 - i));
    weights.push_back(int64_t(1) << (i % chunkWidth));
  }
  if (!intType.isUnsigned())
    weights.back() = -weights.back();
  Value left = b.constant(
      DenseElementsAttr::get(RankedTensorType::get({width}, u64), leftShifts));
  Value right = b.constant(
      DenseElementsAttr::get(RankedTensorType::get({}, u64), APInt(64, 63)));
  auto bitsOf = [&](Value value) {
    SmallVector<int64_t> shape = *getShape(value);
    shape.push_back(width);
    auto bitsType = RankedTensorType::get(shape, u64);
    Value bits = b.unsqueeze(b.cast(value, u64), {int64_t(shape.size()) - 1});
    Value high = b.create<ONNX::BitShiftOp>(
        bitsType, {bits, left}, {b.stringAttr("direction", "LEFT")});
    Value bit = b.create<ONNX::BitShiftOp>(
        bitsType, {high, right}, {b.stringAttr("direction", "RIGHT")});
    return b.cast(bit, i64);
  };
  Value x = bitsOf(lhs), y = bitsOf(rhs);
  Value both = b.binary<ONNX::MulOp>(x, y);
  Value either = b.binary<ONNX::AddOp>(x, y);
  Value bits = both;
  if (kind == Arithmetic::Or)
    bits = b.binary<ONNX::SubOp>(either, both);
  else if (kind == Arithmetic::Xor)
    bits = b.binary<ONNX::SubOp>(
        either, b.binary<ONNX::MulOp>(both, b.intScalar(i64, 2)));
  // [..., width] to [..., chunks, chunkWidth], summed per chunk.
  int64_t leading = *getRank(bits) - 1;
  SmallVector<int64_t> chunkShape(leading, 0);
  chunkShape.append({chunks, chunkWidth});
  Value weighed = b.binary<ONNX::MulOp>(
      b.reshape(bits, chunkShape),
      b.reshape(b.i64Tensor(weights), {chunks, chunkWidth}));
  Value sums = b.reduce<ONNX::ReduceSumOp>(weighed, {leading + 1}, false);
  auto chunk = [&](int64_t k) {
    return b.create<ONNX::GatherOp>(type.clone(i64), {sums, b.i64Scalar(k)},
                                    {b.intAttr("axis", leading)});
  };
  Value result = chunk(chunks - 1);
  for (int64_t k = chunks - 2; k >= 0; --k)
    result = b.binary<ONNX::AddOp>(
        b.binary<ONNX::MulOp>(result,
                              b.intScalar(i64, int64_t(1) << chunkWidth)),
        chunk(k));
  return b.cast(result, intType);
}

/// add, sub, rsub, mul, div, pow, remainder, fmod, floor_divide, maximum,
/// minimum and the bitwise/logical binary ops. Operands 0 and 1 are the
/// inputs; add/sub/rsub have `alpha` as operand 2 and the div modes a
/// rounding mode as operand 2.
template <typename OpTy, Arithmetic Kind>
struct ConvertArithmetic : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    Type elementType = type.getElementType();
    Value torchLhs = op->getOperand(0), torchRhs = op->getOperand(1);

    // Logical ops compute on bools; the others in the result type.
    bool isLogical = Kind == Arithmetic::And || Kind == Arithmetic::Or ||
                     Kind == Arithmetic::Xor;
    Type operandType = elementType;
    // Integers take BitwiseAnd, BitwiseOr and BitwiseXor from opset 18, and
    // their bits before.
    bool isBitwise = isLogical && !isBoolType(elementType);
    if (isBitwise && isFloatType(elementType))
      return rewriter.notifyMatchFailure(op, "bitwise ops on floats");
    FailureOr<Value> lhs = getOperandAs(rewriter, loc, torchLhs,
                                        adaptor.getOperands()[0], operandType);
    FailureOr<Value> rhs = getOperandAs(rewriter, loc, torchRhs,
                                        adaptor.getOperands()[1], operandType);
    if (failed(lhs) || failed(rhs))
      return failure();

    // `other * alpha` for add, sub and rsub.
    if constexpr (Kind == Arithmetic::Add || Kind == Arithmetic::Sub ||
                  Kind == Arithmetic::ReverseSub) {
      Value alpha = op->getOperand(2);
      std::optional<double> alphaValue = Torch::matchConstantFloat(alpha);
      Value &scaled = Kind == Arithmetic::ReverseSub ? *lhs : *rhs;
      Value torchScaled = Kind == Arithmetic::ReverseSub ? torchLhs : torchRhs;
      if (!alphaValue || *alphaValue != 1.0) {
        std::optional<double> scaledValue = Torch::matchConstantFloat(torchScaled);
        if (alphaValue && scaledValue) {
          scaled = b.scalar(operandType, *alphaValue * *scaledValue);
        } else {
          FailureOr<Value> alphaTensor =
              getScalarAsTensor(rewriter, loc, alpha, operandType);
          if (failed(alphaTensor))
            return failure();
          scaled = b.binary<ONNX::MulOp>(scaled, *alphaTensor);
        }
      }
    }

    if (isBitwise && b.getTargetOpset() < 18) {
      if (!getRank(*lhs) || !getRank(*rhs))
        return rewriter.notifyMatchFailure(op, "unranked bitwise operands");
      rewriter.replaceOp(op, createBitwiseFromBits(b, Kind, type, *lhs, *rhs));
      return success();
    }

    Value result;
    switch (Kind) {
    case Arithmetic::Add:
      result = b.create<ONNX::AddOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Sub:
      result = b.create<ONNX::SubOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::ReverseSub:
      result = b.create<ONNX::SubOp>(type, {*rhs, *lhs});
      break;
    case Arithmetic::Mul:
      result = b.create<ONNX::MulOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Div: {
      StringRef mode;
      if (op->getNumOperands() > 2) {
        auto str =
            op->getOperand(2).template getDefiningOp<Torch::ConstantStrOp>();
        if (!str && !isNone(op->getOperand(2)))
          return rewriter.notifyMatchFailure(op, "unknown rounding mode");
        if (str)
          mode = str.getValue();
        if (!mode.empty() && mode != "trunc" && mode != "floor")
          return rewriter.notifyMatchFailure(op, "unknown rounding mode");
      }
      result = createDivision(b, type, *lhs, *rhs, mode);
      break;
    }
    case Arithmetic::FloorDivide:
      result = createDivision(b, type, *lhs, *rhs, "floor");
      break;
    case Arithmetic::Pow:
      result = b.create<ONNX::PowOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Remainder:
      if (!isFloatType(elementType)) {
        // Integer Mod takes the sign of the divisor, as Python's % does.
        result = b.create<ONNX::ModOp>(type, {*lhs, *rhs});
      } else {
        Value quotient =
            b.unary<ONNX::FloorOp>(b.create<ONNX::DivOp>(type, {*lhs, *rhs}));
        result = b.create<ONNX::SubOp>(
            type, {*lhs, b.create<ONNX::MulOp>(type, {quotient, *rhs})});
      }
      break;
    case Arithmetic::Fmod:
      result =
          b.create<ONNX::ModOp>(type, {*lhs, *rhs}, {b.intAttr("fmod", 1)});
      break;
    case Arithmetic::Maximum:
      result = b.create<ONNX::MaxOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Minimum:
      result = b.create<ONNX::MinOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Fmax:
    case Arithmetic::Fmin: {
      result = Kind == Arithmetic::Fmax
                   ? b.create<ONNX::MaxOp>(type, {*lhs, *rhs})
                   : b.create<ONNX::MinOp>(type, {*lhs, *rhs});
      if (!isFloatType(elementType))
        break;
      // Where one side is NaN, the other; NaN only where both are.
      Type i1 = rewriter.getI1Type();
      auto isNaN = [&](Value v) {
        return b.create<ONNX::IsNaNOp>(cast<TensorType>(v.getType()).clone(i1),
                                       {v});
      };
      result = b.create<ONNX::WhereOp>(type, {isNaN(*rhs), *lhs, result});
      result = b.create<ONNX::WhereOp>(type, {isNaN(*lhs), *rhs, result});
      break;
    }
    case Arithmetic::And:
      result = isBitwise ? b.create<ONNX::BitwiseAndOp>(type, {*lhs, *rhs})
                         : b.create<ONNX::AndOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Or:
      result = isBitwise ? b.create<ONNX::BitwiseOrOp>(type, {*lhs, *rhs})
                         : b.create<ONNX::OrOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Xor:
      result = isBitwise ? b.create<ONNX::BitwiseXorOp>(type, {*lhs, *rhs})
                         : b.create<ONNX::XorOp>(type, {*lhs, *rhs});
      break;
    case Arithmetic::Atan2:
    case Arithmetic::LogAddExp:
    case Arithmetic::LogAddExp2:
    case Arithmetic::XLogY:
    case Arithmetic::Heaviside:
      result = createComposite(b, Kind, type, *lhs, *rhs);
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `pow.Scalar`: a Python scalar to the power of a tensor.
struct ConvertPowScalar : public ONNXConversionPattern<Torch::AtenPowScalarOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenPowScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    FailureOr<Value> base = getScalarAsTensor(
        rewriter, op.getLoc(), op.getSelf(), type.getElementType());
    FailureOr<Value> exponent =
        getOperandAs(rewriter, op.getLoc(), op.getExponent(),
                     adaptor.getExponent(), type.getElementType());
    if (failed(base) || failed(exponent))
      return failure();
    rewriter.replaceOpWithNewOp<ONNX::PowOp>(op, TypeRange{type},
                                             ValueRange{*base, *exponent},
                                             ArrayRef<NamedAttribute>{});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

enum class Comparison { Eq, Ne, Lt, Le, Gt, Ge };

template <typename OpTy, Comparison Kind>
struct ConvertComparison : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    Value torchLhs = op->getOperand(0), torchRhs = op->getOperand(1);
    Type operandType = getPromotedType(torchLhs, torchRhs);
    if (!type || !operandType)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    // Ordering comparisons do not take bools.
    if (Kind != Comparison::Eq && Kind != Comparison::Ne &&
        isBoolType(operandType))
      operandType = rewriter.getI32Type();
    Location loc = op.getLoc();
    FailureOr<Value> lhs = getOperandAs(rewriter, loc, torchLhs,
                                        adaptor.getOperands()[0], operandType);
    FailureOr<Value> rhs = getOperandAs(rewriter, loc, torchRhs,
                                        adaptor.getOperands()[1], operandType);
    if (failed(lhs) || failed(rhs))
      return failure();
    ONNXBuilder b(rewriter, loc);
    Value result;
    switch (Kind) {
    case Comparison::Eq:
      result = b.create<ONNX::EqualOp>(type, {*lhs, *rhs});
      break;
    case Comparison::Ne:
      result = b.create<ONNX::NotOp>(
          type, b.create<ONNX::EqualOp>(type, {*lhs, *rhs}));
      break;
    case Comparison::Lt:
      result = b.create<ONNX::LessOp>(type, {*lhs, *rhs});
      break;
    case Comparison::Le:
      result = b.create<ONNX::LessOrEqualOp>(type, {*lhs, *rhs});
      break;
    case Comparison::Gt:
      result = b.create<ONNX::GreaterOp>(type, {*lhs, *rhs});
      break;
    case Comparison::Ge:
      result = b.create<ONNX::GreaterOrEqualOp>(type, {*lhs, *rhs});
      break;
    }
    rewriter.replaceOp(op, b.cast(result, type.getElementType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Unary math
//===----------------------------------------------------------------------===//

enum class Unary {
  Abs,
  Neg,
  Sqrt,
  Rsqrt,
  Exp,
  Exp2,
  Expm1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  Erf,
  Floor,
  Ceil,
  Round,
  Trunc,
  Frac,
  Sign,
  Reciprocal,
  Square,
  LogicalNot,
  BitwiseNot,
  IsNan,
  IsInf,
  IsPosInf,
  IsNegInf,
  IsFinite,
  SignBit,
  Erfc,
  Sinc,
  Deg2Rad,
  Rad2Deg
};

/// The unary ops whose result is bool, computed on the input as it is.
constexpr bool isPredicate(Unary kind) {
  return kind == Unary::LogicalNot || kind == Unary::IsNan ||
         kind == Unary::IsInf || kind == Unary::IsPosInf ||
         kind == Unary::IsNegInf || kind == Unary::IsFinite ||
         kind == Unary::SignBit;
}

template <typename OpTy, Unary Kind>
struct ConvertUnary : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    Value input = adaptor.getOperands()[0];
    if (!type || !isa<TensorType>(input.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    // Integer inputs of float functions are cast first.
    if (!isPredicate(Kind))
      input = b.cast(input, elementType);
    Type inputType = getElementType(input);
    TensorType boolType = cast<TensorType>(input.getType())
                              .clone(rewriter.getI1Type());
    auto constant = [&](double value) { return b.scalar(elementType, value); };
    Value result;
    switch (Kind) {
    case Unary::Abs:
      result = b.unary<ONNX::AbsOp>(input);
      break;
    case Unary::Neg:
      result = b.unary<ONNX::NegOp>(input);
      break;
    case Unary::Sqrt:
      result = b.unary<ONNX::SqrtOp>(input);
      break;
    case Unary::Rsqrt:
      result = b.unary<ONNX::ReciprocalOp>(b.unary<ONNX::SqrtOp>(input));
      break;
    case Unary::Exp:
      result = b.unary<ONNX::ExpOp>(input);
      break;
    case Unary::Exp2:
      result = b.create<ONNX::PowOp>(type, {constant(2.0), input});
      break;
    case Unary::Expm1:
      result = b.create<ONNX::SubOp>(
          type, {b.unary<ONNX::ExpOp>(input), constant(1.0)});
      break;
    case Unary::Log:
      result = b.unary<ONNX::LogOp>(input);
      break;
    case Unary::Log2:
      result = b.create<ONNX::DivOp>(
          type, {b.unary<ONNX::LogOp>(input), constant(std::log(2.0))});
      break;
    case Unary::Log10:
      result = b.create<ONNX::DivOp>(
          type, {b.unary<ONNX::LogOp>(input), constant(std::log(10.0))});
      break;
    case Unary::Log1p:
      result = b.unary<ONNX::LogOp>(
          b.create<ONNX::AddOp>(type, {input, constant(1.0)}));
      break;
    case Unary::Sin:
      result = b.unary<ONNX::SinOp>(input);
      break;
    case Unary::Cos:
      result = b.unary<ONNX::CosOp>(input);
      break;
    case Unary::Tan:
      result = b.unary<ONNX::TanOp>(input);
      break;
    case Unary::Asin:
      result = b.unary<ONNX::AsinOp>(input);
      break;
    case Unary::Acos:
      result = b.unary<ONNX::AcosOp>(input);
      break;
    case Unary::Atan:
      result = b.unary<ONNX::AtanOp>(input);
      break;
    case Unary::Sinh:
      result = b.unary<ONNX::SinhOp>(input);
      break;
    case Unary::Cosh:
      result = b.unary<ONNX::CoshOp>(input);
      break;
    case Unary::Asinh:
      result = b.unary<ONNX::AsinhOp>(input);
      break;
    case Unary::Acosh:
      result = b.unary<ONNX::AcoshOp>(input);
      break;
    case Unary::Atanh:
      result = b.unary<ONNX::AtanhOp>(input);
      break;
    case Unary::Erf:
      result = b.unary<ONNX::ErfOp>(input);
      break;
    case Unary::Floor:
    case Unary::Ceil:
    case Unary::Round:
    case Unary::Trunc:
      // Rounding an integer keeps it.
      if (!isFloatType(elementType))
        result = input;
      else if (Kind == Unary::Floor)
        result = b.unary<ONNX::FloorOp>(input);
      else if (Kind == Unary::Ceil)
        result = b.unary<ONNX::CeilOp>(input);
      else if (Kind == Unary::Round)
        result = b.unary<ONNX::RoundOp>(input);
      else
        result = b.create<ONNX::SubOp>(
            type, {input, b.create<ONNX::ModOp>(type, {input, constant(1.0)},
                                                {b.intAttr("fmod", 1)})});
      break;
    case Unary::Frac:
      result = b.create<ONNX::ModOp>(type, {input, constant(1.0)},
                                     {b.intAttr("fmod", 1)});
      break;
    case Unary::Sign:
      result = b.unary<ONNX::SignOp>(input);
      // PyTorch's sign of NaN is 0, ONNX's NaN.
      if (isFloatType(getElementType(input)))
        result = b.create<ONNX::WhereOp>(
            type, {b.create<ONNX::IsNaNOp>(
                       cast<TensorType>(input.getType())
                           .clone(rewriter.getI1Type()),
                       {input}),
                   constant(0.0), result});
      break;
    case Unary::Reciprocal:
      result = b.unary<ONNX::ReciprocalOp>(input);
      break;
    case Unary::Square:
      result = b.create<ONNX::MulOp>(type, {input, input});
      break;
    case Unary::LogicalNot:
      result = b.create<ONNX::NotOp>(type.clone(rewriter.getI1Type()),
                                     b.cast(input, rewriter.getI1Type()));
      break;
    case Unary::BitwiseNot:
      if (isBoolType(elementType))
        result = b.unary<ONNX::NotOp>(input);
      else if (!isFloatType(elementType))
        // ~x == -x - 1 in two's complement.
        result = b.create<ONNX::SubOp>(
            type, {b.unary<ONNX::NegOp>(input), constant(1.0)});
      else
        return rewriter.notifyMatchFailure(op, "bitwise_not of floats");
      break;
    case Unary::IsNan:
      result = b.create<ONNX::IsNaNOp>(type, input);
      break;
    case Unary::IsInf:
    case Unary::IsPosInf:
    case Unary::IsNegInf:
    case Unary::IsFinite:
      // Integers are finite.
      if (!isFloatType(inputType)) {
        // x == x is true everywhere, in the input's shape.
        result = b.create<ONNX::EqualOp>(boolType, {input, input});
        if (Kind != Unary::IsFinite)
          result = b.unary<ONNX::NotOp>(result);
      } else if (Kind == Unary::IsFinite) {
        Value special = b.create<ONNX::OrOp>(
            boolType, {b.predicate<ONNX::IsInfOp>(input),
                       b.predicate<ONNX::IsNaNOp>(input)});
        result = b.unary<ONNX::NotOp>(special);
      } else {
        result = b.predicate<ONNX::IsInfOp>(
            input, {b.intAttr("detect_negative", Kind != Unary::IsPosInf),
                    b.intAttr("detect_positive", Kind != Unary::IsNegInf)});
      }
      break;
    case Unary::SignBit: {
      // Negative, or a negative zero (whose reciprocal is -inf).
      Value zero = b.scalar(inputType, 0.0);
      result = b.binary<ONNX::LessOp>(input, zero, rewriter.getI1Type());
      if (isFloatType(inputType)) {
        Value negativeZero = b.binary<ONNX::AndOp>(
            b.binary<ONNX::EqualOp>(input, zero, rewriter.getI1Type()),
            b.binary<ONNX::LessOp>(b.unary<ONNX::ReciprocalOp>(input), zero,
                                   rewriter.getI1Type()));
        result = b.binary<ONNX::OrOp>(result, negativeZero);
      }
      break;
    }
    case Unary::Erfc:
      result = b.create<ONNX::SubOp>(
          type, {constant(1.0), b.unary<ONNX::ErfOp>(input)});
      break;
    case Unary::Sinc: {
      // sin(pi x) / (pi x), and 1 at 0.
      Value scaled = b.create<ONNX::MulOp>(type, {input, constant(M_PI)});
      Value ratio = b.create<ONNX::DivOp>(
          type, {b.unary<ONNX::SinOp>(scaled), scaled});
      result = b.create<ONNX::WhereOp>(
          type, {b.binary<ONNX::EqualOp>(input, constant(0.0),
                                         rewriter.getI1Type()),
                 constant(1.0), ratio});
      break;
    }
    case Unary::Deg2Rad:
      result = b.create<ONNX::MulOp>(type, {input, constant(M_PI / 180.0)});
      break;
    case Unary::Rad2Deg:
      result = b.create<ONNX::MulOp>(type, {input, constant(180.0 / M_PI)});
      break;
    }
    rewriter.replaceOp(op, b.cast(result, elementType));
    return success();
  }
};

/// round.decimals as PyTorch computes it: round(x * 10^d) / 10^d, or for
/// negative d round(x / 10^-d) * 10^-d.
struct ConvertRoundDecimals
    : public ONNXConversionPattern<Torch::AtenRoundDecimalsOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenRoundDecimalsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(getTypeConverter(), op);
    std::optional<int64_t> decimals =
        Torch::matchConstantInt(op.getDecimals());
    if (!type || !decimals || !isFloatType(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value scale = b.scalar(type.getElementType(),
                           std::pow(10.0, std::abs(*decimals)));
    Value x = adaptor.getSelf();
    Value result;
    if (*decimals >= 0)
      result = b.create<ONNX::DivOp>(
          type, {b.unary<ONNX::RoundOp>(
                     b.create<ONNX::MulOp>(type, {x, scale})),
                 scale});
    else
      result = b.create<ONNX::MulOp>(
          type, {b.unary<ONNX::RoundOp>(
                     b.create<ONNX::DivOp>(type, {x, scale})),
                 scale});
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// cross and linalg_cross: a1 * b2 - a2 * b1, where a1 and a2 are `a`'s
/// three components along the dim rotated by one and by two (a Gather each).
/// cross without a dim takes the first dim of size 3, as PyTorch does.
template <typename OpTy>
struct ConvertCross : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    int64_t rank = type.getRank();
    std::optional<int64_t> dim;
    if (isNone(op.getDim())) {
      for (int64_t d = 0; d < rank && !dim; ++d)
        if (type.getDimSize(d) == 3)
          dim = d;
    } else {
      dim = Torch::matchConstantInt(op.getDim());
    }
    if (!dim || !isValidDim(*dim, rank) ||
        type.getDimSize(normalizeDim(*dim, rank)) != 3)
      return rewriter.notifyMatchFailure(op, "no dim of size 3");
    // The dim counted from the end holds in both operands.
    int64_t fromEnd = normalizeDim(*dim, rank) - rank;
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    auto rotate = [&](Value x, ArrayRef<int64_t> order) -> Value {
      x = b.cast(x, elementType);
      std::optional<int64_t> xRank = getRank(x);
      if (!xRank || *xRank + fromEnd < 0)
        return {};
      return b.create<ONNX::GatherOp>(x.getType(), {x, b.i64Tensor(order)},
                                      {b.intAttr("axis", *xRank + fromEnd)});
    };
    Value a1 = rotate(adaptor.getSelf(), {1, 2, 0});
    Value a2 = rotate(adaptor.getSelf(), {2, 0, 1});
    Value b1 = rotate(adaptor.getOther(), {1, 2, 0});
    Value b2 = rotate(adaptor.getOther(), {2, 0, 1});
    if (!a1 || !b1)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    rewriter.replaceOp(
        op, b.create<ONNX::SubOp>(type, {b.binary<ONNX::MulOp>(a1, b2),
                                         b.binary<ONNX::MulOp>(a2, b1)}));
    return success();
  }
};

/// logit(x, eps): log(x / (1 - x)), with x clamped to [eps, 1 - eps] when
/// eps is given.
struct ConvertLogit : public ONNXConversionPattern<Torch::AtenLogitOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLogitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(getTypeConverter(), op);
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    if (!type || (!isNone(op.getEps()) && !eps))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value x = b.cast(adaptor.getSelf(), elementType);
    if (eps)
      x = b.create<ONNX::ClipOp>(type, {x, b.scalar(elementType, *eps),
                                        b.scalar(elementType, 1.0 - *eps)});
    Value rest =
        b.create<ONNX::SubOp>(type, {b.scalar(elementType, 1.0), x});
    rewriter.replaceOp(op, b.unary<ONNX::LogOp>(
                               b.create<ONNX::DivOp>(type, {x, rest})));
    return success();
  }
};

/// isclose as PyTorch computes it: equal, or both NaN with equal_nan, or a
/// finite |a - b| within atol + |rtol * b|.
struct ConvertIsclose : public ONNXConversionPattern<Torch::AtenIscloseOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenIscloseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(getTypeConverter(), op);
    std::optional<double> rtol = Torch::matchConstantFloat(op.getRtol());
    std::optional<double> atol = Torch::matchConstantFloat(op.getAtol());
    std::optional<bool> equalNaN = Torch::matchConstantBool(op.getEqualNan());
    Value a = adaptor.getSelf(), other = adaptor.getOther();
    if (!type || !rtol || !atol || !equalNaN ||
        getElementType(a) != getElementType(other))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i1 = rewriter.getI1Type();
    Type elementType = getElementType(a);
    Value close = b.binary<ONNX::EqualOp>(a, other, i1);
    if (!isFloatType(elementType)) {
      rewriter.replaceOp(op, close);
      return success();
    }
    if (*equalNaN)
      close = b.binary<ONNX::OrOp>(
          close, b.binary<ONNX::AndOp>(b.predicate<ONNX::IsNaNOp>(a),
                                       b.predicate<ONNX::IsNaNOp>(other)));
    Value error = b.unary<ONNX::AbsOp>(b.binary<ONNX::SubOp>(a, other));
    Value allowed = b.binary<ONNX::AddOp>(
        b.scalar(elementType, *atol),
        b.unary<ONNX::AbsOp>(
            b.binary<ONNX::MulOp>(other, b.scalar(elementType, *rtol))));
    Value finite = b.unary<ONNX::NotOp>(b.binary<ONNX::OrOp>(
        b.predicate<ONNX::IsInfOp>(error),
        b.predicate<ONNX::IsNaNOp>(error)));
    Value within = b.binary<ONNX::AndOp>(
        finite, b.binary<ONNX::LessOrEqualOp>(error, allowed, i1));
    rewriter.replaceOp(op, b.cast(b.binary<ONNX::OrOp>(close, within),
                                  type.getElementType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Fused arithmetic
//===----------------------------------------------------------------------===//

/// addcmul and addcdiv: `self + value * (t1 op t2)`.
template <typename OpTy, bool IsDivision>
struct ConvertAddcOp : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value self = b.cast(adaptor.getSelf(), elementType);
    Value t1 = b.cast(adaptor.getTensor1(), elementType);
    Value t2 = b.cast(adaptor.getTensor2(), elementType);
    Value product = IsDivision ? b.binary<ONNX::DivOp>(t1, t2)
                               : b.binary<ONNX::MulOp>(t1, t2);
    std::optional<double> value = Torch::matchConstantFloat(op.getValue());
    if (!value || *value != 1.0) {
      FailureOr<Value> scale =
          getScalarAsTensor(rewriter, op.getLoc(), op.getValue(), elementType);
      if (failed(scale))
        return failure();
      product = b.binary<ONNX::MulOp>(product, *scale);
    }
    rewriter.replaceOpWithNewOp<ONNX::AddOp>(op, TypeRange{type},
                                             ValueRange{self, product},
                                             ArrayRef<NamedAttribute>{});
    return success();
  }
};

/// lerp: `self + weight * (end - self)`.
template <typename OpTy>
struct ConvertLerp : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    FailureOr<Value> weight =
        getOperandAs(rewriter, op.getLoc(), op.getWeight(), adaptor.getWeight(),
                     elementType);
    if (failed(weight))
      return failure();
    Value self = b.cast(adaptor.getSelf(), elementType);
    Value end = b.cast(adaptor.getEnd(), elementType);
    Value delta = b.binary<ONNX::SubOp>(end, self);
    rewriter.replaceOpWithNewOp<ONNX::AddOp>(
        op, TypeRange{type},
        ValueRange{self, b.binary<ONNX::MulOp>(delta, *weight)},
        ArrayRef<NamedAttribute>{});
    return success();
  }
};

/// nan_to_num: NaN, +inf and -inf replaced (by default with 0 and the
/// largest and lowest finite values).
struct ConvertNanToNum : public ONNXConversionPattern<Torch::AtenNanToNumOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenNanToNumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Type elementType = type.getElementType();
    if (!isFloatType(elementType)) {
      rewriter.replaceOp(op, adaptor.getSelf());
      return success();
    }
    auto floatType = cast<FloatType>(elementType);
    double largest = llvm::APFloat::getLargest(floatType.getFloatSemantics())
                         .convertToDouble();
    auto getValue = [&](Value v, double fallback) -> std::optional<double> {
      if (isNone(v))
        return fallback;
      return Torch::matchConstantFloat(v);
    };
    std::optional<double> nan = getValue(op.getNan(), 0.0);
    std::optional<double> posinf = getValue(op.getPosinf(), largest);
    std::optional<double> neginf = getValue(op.getNeginf(), -largest);
    if (!nan || !posinf || !neginf)
      return rewriter.notifyMatchFailure(op, "replacements must be constant");
    ONNXBuilder b(rewriter, op.getLoc());
    TensorType boolType = type.clone(rewriter.getI1Type());
    Value x = adaptor.getSelf();
    Value result =
        b.create<ONNX::WhereOp>(type, {b.create<ONNX::IsNaNOp>(boolType, x),
                                       b.scalar(elementType, *nan), x});
    result = b.create<ONNX::WhereOp>(
        type, {b.create<ONNX::IsInfOp>(boolType, x,
                                       {b.intAttr("detect_negative", 0)}),
               b.scalar(elementType, *posinf), result});
    result = b.create<ONNX::WhereOp>(
        type, {b.create<ONNX::IsInfOp>(boolType, x,
                                       {b.intAttr("detect_positive", 0)}),
               b.scalar(elementType, *neginf), result});
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Selection and clamping
//===----------------------------------------------------------------------===//

/// where.self, where.Scalar, where.ScalarSelf, where.ScalarOther.
template <typename OpTy>
struct ConvertWhere : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    Value condition = b.cast(adaptor.getCondition(), rewriter.getI1Type());
    FailureOr<Value> x =
        getOperandAs(rewriter, loc, op->getOperand(1), adaptor.getOperands()[1],
                     type.getElementType());
    FailureOr<Value> y =
        getOperandAs(rewriter, loc, op->getOperand(2), adaptor.getOperands()[2],
                     type.getElementType());
    if (!condition || failed(x) || failed(y))
      return failure();
    rewriter.replaceOpWithNewOp<ONNX::WhereOp>(op, TypeRange{type},
                                               ValueRange{condition, *x, *y},
                                               ArrayRef<NamedAttribute>{});
    return success();
  }
};

/// masked_fill.Scalar and masked_fill.Tensor: Where(mask, value, self).
template <typename OpTy>
struct ConvertMaskedFill : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    Value mask = b.cast(adaptor.getMask(), rewriter.getI1Type());
    FailureOr<Value> value =
        getOperandAs(rewriter, loc, op.getValue(), adaptor.getValue(),
                     type.getElementType());
    Value self = b.cast(adaptor.getSelf(), type.getElementType());
    if (!mask || failed(value) || !self)
      return failure();
    rewriter.replaceOpWithNewOp<ONNX::WhereOp>(op, TypeRange{type},
                                               ValueRange{mask, *value, self},
                                               ArrayRef<NamedAttribute>{});
    return success();
  }
};

/// clamp, clip, clamp_min, clamp_max with scalar bounds: Clip with 0-d
/// bounds.
template <typename OpTy>
struct ConvertClampScalar : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    Type elementType = type.getElementType();
    Value min, max;
    if constexpr (std::is_same_v<OpTy, Torch::AtenClampMinOp>) {
      min = op.getMin();
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenClampMaxOp>) {
      max = op.getMax();
    } else {
      min = op.getMin();
      max = op.getMax();
    }
    auto getBound = [&](Value bound) -> FailureOr<Value> {
      if (!bound || isNone(bound))
        return b.none();
      return getScalarAsTensor(rewriter, loc, bound, elementType);
    };
    FailureOr<Value> minTensor = getBound(min);
    FailureOr<Value> maxTensor = getBound(max);
    Value self = b.cast(adaptor.getSelf(), elementType);
    if (failed(minTensor) || failed(maxTensor) || !self)
      return failure();
    rewriter.replaceOpWithNewOp<ONNX::ClipOp>(
        op, TypeRange{type}, ValueRange{self, *minTensor, *maxTensor},
        ArrayRef<NamedAttribute>{});
    return success();
  }
};

/// clamp.Tensor and friends with tensor bounds: Max and Min, which
/// broadcast.
template <typename OpTy>
struct ConvertClampTensor : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value result = b.cast(adaptor.getSelf(), elementType);
    Value min, max;
    if constexpr (std::is_same_v<OpTy, Torch::AtenClampMinTensorOp>) {
      min = adaptor.getMin();
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenClampMaxTensorOp>) {
      max = adaptor.getMax();
    } else {
      min = adaptor.getMin();
      max = adaptor.getMax();
    }
    if (min && isa<TensorType>(min.getType()))
      result = b.binary<ONNX::MaxOp>(result, b.cast(min, elementType));
    if (max && isa<TensorType>(max.getType()))
      result = b.binary<ONNX::MinOp>(result, b.cast(max, elementType));
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Casts and copies
//===----------------------------------------------------------------------===//

/// Ops that return their first operand, cast to the result's element type:
/// to.*, _to_copy, type_as, clone, contiguous, detach, alias, lift_fresh.
/// An op that changes nothing forwards its operand, with no node.
template <typename OpTy>
struct ConvertToResultType : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    Value input = adaptor.getOperands()[0];
    if (!type || !isa<TensorType>(input.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value result =
        ONNXBuilder(rewriter, op.getLoc()).cast(input, type.getElementType());
    if (!result)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// copy(self, src): `src` broadcast to the shape of `self`.
struct ConvertCopy : public ONNXConversionPattern<Torch::AtenCopyOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(getTypeConverter(), op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    Value src = b.cast(adaptor.getSrc(), type.getElementType());
    if (src.getType() != type)
      src = b.create<ONNX::ExpandOp>(type, {src, b.shapeOf(adaptor.getSelf())});
    rewriter.replaceOp(op, src);
    return success();
  }
};

} // namespace

namespace {

/// bitwise_left_shift, bitwise_right_shift, __lshift__ and __rshift__ of
/// integers: ONNX's BitShift, which shifts unsigned integers. A signed
/// value shifts its two's complement bits; a right shift of a negative
/// value shifts its complement and complements the result, which fills with
/// ones as PyTorch's arithmetic shift does.
template <typename OpTy, bool Left>
struct ConvertBitShift : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type = getResultType(this->getTypeConverter(), op);
    auto intType =
        type ? dyn_cast<IntegerType>(type.getElementType()) : IntegerType();
    if (!intType || intType.getWidth() == 1)
      return rewriter.notifyMatchFailure(op, "not an integer result");
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    FailureOr<Value> x = getOperandAs(rewriter, loc, op->getOperand(0),
                                      adaptor.getOperands()[0], intType);
    FailureOr<Value> y = getOperandAs(rewriter, loc, op->getOperand(1),
                                      adaptor.getOperands()[1], intType);
    if (failed(x) || failed(y))
      return failure();
    auto unsignedType = IntegerType::get(op.getContext(), intType.getWidth(),
                                         IntegerType::Unsigned);
    auto shift = [&](Value v) {
      Value bits = b.cast(v, unsignedType);
      Value shifted = b.create<ONNX::BitShiftOp>(
          type.clone(unsignedType), {bits, b.cast(*y, unsignedType)},
          {b.stringAttr("direction", Left ? "LEFT" : "RIGHT")});
      return b.cast(shifted, intType);
    };
    if (intType.isUnsigned() || Left) {
      rewriter.replaceOp(op, shift(*x));
      return success();
    }
    // ~v is -v - 1.
    auto complement = [&](Value v) {
      Value negated = b.create<ONNX::NegOp>(v.getType(), {v});
      return b.binary<ONNX::SubOp>(negated, b.intScalar(intType, 1));
    };
    Value negative = b.binary<ONNX::LessOp>(*x, b.intScalar(intType, 0),
                                            b.getBuilder().getI1Type());
    Value source = b.create<ONNX::WhereOp>(
        x->getType(), {negative, complement(*x), *x});
    Value shifted = shift(source);
    rewriter.replaceOp(op, b.create<ONNX::WhereOp>(
                               shifted.getType(),
                               {negative, complement(shifted), shifted}));
    return success();
  }
};

/// erfcx(x) = exp(x^2) * erfc(x) of float `x`, of its type. Below 2,
/// exp(x^2) * (1 - erf(x)), which is within 1e-4 of it there; from 2 on,
/// where 1 - erf(x) loses its digits, Laplace's continued fraction
/// 1 / (sqrt(pi) * (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))))) with 12
/// levels, within 1e-6.
Value createErfcx(ONNXBuilder &b, Value x) {
  Type elementType = getElementType(x);
  auto constant = [&](double value) { return b.scalar(elementType, value); };
  Value erfc =
      b.binary<ONNX::SubOp>(constant(1.0), b.unary<ONNX::ErfOp>(x));
  Value near = b.binary<ONNX::MulOp>(
      b.unary<ONNX::ExpOp>(b.binary<ONNX::MulOp>(x, x)), erfc);
  constexpr int kLevels = 12;
  Value fraction = x;
  for (int n = kLevels; n >= 1; --n)
    fraction = b.binary<ONNX::AddOp>(
        x, b.binary<ONNX::DivOp>(constant(n / 2.0), fraction));
  Value far = b.unary<ONNX::ReciprocalOp>(
      b.binary<ONNX::MulOp>(fraction, constant(std::sqrt(M_PI))));
  Value isNear =
      b.binary<ONNX::LessOp>(x, constant(2.0), b.getBuilder().getI1Type());
  return b.create<ONNX::WhereOp>(x.getType(), {isNear, near, far});
}

/// angle(x) of a real x: pi where x < 0, else 0, and NaN where x is NaN.
Value createAngle(ONNXBuilder &b, Value x) {
  Type elementType = getElementType(x);
  Type i1 = b.getBuilder().getI1Type();
  Value negative = b.binary<ONNX::LessOp>(x, b.scalar(elementType, 0.0), i1);
  Value angle = b.create<ONNX::WhereOp>(
      x.getType(), {negative, b.scalar(elementType, M_PI),
                    b.scalar(elementType, 0.0)});
  return b.create<ONNX::WhereOp>(
      x.getType(), {b.predicate<ONNX::IsNaNOp>(x), x, angle});
}

/// `aten::angle` and `aten::special_erfcx` of real tensors, which have no
/// generated op; integer inputs are cast to the float result first.
struct ConvertUnaryOperator : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = op.getName();
    if (name != "aten::angle" && name != "aten::special_erfcx")
      return failure();
    if (op->getNumOperands() != 1 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    TensorType type = getResultType(getTypeConverter(), op);
    Value input = adaptor.getOperands()[0];
    if (!type || !isFloatType(type.getElementType()) ||
        !isa<TensorType>(input.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ONNXBuilder b(rewriter, op.getLoc());
    input = b.cast(input, type.getElementType());
    rewriter.replaceOp(op, name == "aten::angle" ? createAngle(b, input)
                                                 : createErfcx(b, input));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateElementwisePatterns(TypeConverter &typeConverter,
                                                RewritePatternSet &patterns,
                                                int64_t opset) {
  using namespace Torch;
  addPatterns<
      ConvertArithmetic<AtenAddTensorOp, Arithmetic::Add>,
      ConvertArithmetic<AtenAddScalarOp, Arithmetic::Add>,
      ConvertArithmetic<AtenSubTensorOp, Arithmetic::Sub>,
      ConvertArithmetic<AtenSubScalarOp, Arithmetic::Sub>,
      ConvertArithmetic<AtenRsubTensorOp, Arithmetic::ReverseSub>,
      ConvertArithmetic<AtenRsubScalarOp, Arithmetic::ReverseSub>,
      ConvertArithmetic<AtenMulTensorOp, Arithmetic::Mul>,
      ConvertArithmetic<AtenMulScalarOp, Arithmetic::Mul>,
      ConvertArithmetic<AtenDivTensorOp, Arithmetic::Div>,
      ConvertArithmetic<AtenDivScalarOp, Arithmetic::Div>,
      ConvertArithmetic<AtenDivTensorModeOp, Arithmetic::Div>,
      ConvertArithmetic<AtenDivScalarModeOp, Arithmetic::Div>,
      ConvertArithmetic<AtenTrueDivideTensorOp, Arithmetic::Div>,
      ConvertArithmetic<AtenTrueDivideScalarOp, Arithmetic::Div>,
      ConvertArithmetic<AtenFloorDivideOp, Arithmetic::FloorDivide>,
      ConvertArithmetic<AtenFloorDivideScalarOp, Arithmetic::FloorDivide>,
      ConvertArithmetic<AtenPowTensorTensorOp, Arithmetic::Pow>,
      ConvertArithmetic<AtenPowTensorScalarOp, Arithmetic::Pow>,
      ConvertArithmetic<AtenRemainderTensorOp, Arithmetic::Remainder>,
      ConvertArithmetic<AtenRemainderScalarOp, Arithmetic::Remainder>,
      ConvertArithmetic<AtenFmodTensorOp, Arithmetic::Fmod>,
      ConvertArithmetic<AtenFmodScalarOp, Arithmetic::Fmod>,
      ConvertArithmetic<AtenMaximumOp, Arithmetic::Maximum>,
      ConvertArithmetic<AtenMinimumOp, Arithmetic::Minimum>,
      ConvertArithmetic<AtenMaxOtherOp, Arithmetic::Maximum>,
      ConvertArithmetic<AtenFmaxOp, Arithmetic::Fmax>,
      ConvertArithmetic<AtenFminOp, Arithmetic::Fmin>,
      ConvertArithmetic<AtenMinOtherOp, Arithmetic::Minimum>,
      ConvertArithmetic<AtenAtan2Op, Arithmetic::Atan2>,
      ConvertArithmetic<AtenLogaddexpOp, Arithmetic::LogAddExp>,
      ConvertArithmetic<AtenLogaddexp2Op, Arithmetic::LogAddExp2>,
      ConvertArithmetic<AtenXlogyTensorOp, Arithmetic::XLogY>,
      ConvertArithmetic<AtenHeavisideOp, Arithmetic::Heaviside>,
      ConvertArithmetic<AtenLogicalAndOp, Arithmetic::And>,
      ConvertArithmetic<AtenLogicalOrOp, Arithmetic::Or>,
      ConvertArithmetic<AtenLogicalXorOp, Arithmetic::Xor>,
      ConvertArithmetic<AtenBitwiseAndTensorOp, Arithmetic::And>,
      ConvertArithmetic<AtenBitwiseOrTensorOp, Arithmetic::Or>,
      ConvertArithmetic<AtenBitwiseXorTensorOp, Arithmetic::Xor>,
      ConvertArithmetic<AtenBitwiseAndScalarOp, Arithmetic::And>,
      ConvertArithmetic<AtenBitwiseOrScalarOp, Arithmetic::Or>,
      ConvertArithmetic<AtenBitwiseXorScalarOp, Arithmetic::Xor>,
      ConvertArithmetic<Aten__And__TensorOp, Arithmetic::And>,
      ConvertArithmetic<Aten__Or__TensorOp, Arithmetic::Or>,
      ConvertArithmetic<Aten__Xor__TensorOp, Arithmetic::Xor>,
      ConvertArithmetic<Aten__And__ScalarOp, Arithmetic::And>,
      ConvertArithmetic<Aten__Or__ScalarOp, Arithmetic::Or>,
      ConvertArithmetic<Aten__Xor__ScalarOp, Arithmetic::Xor>,
      ConvertPowScalar>(typeConverter, patterns, opset);
  addPatterns<ConvertComparison<AtenEqTensorOp, Comparison::Eq>,
              ConvertComparison<AtenEqScalarOp, Comparison::Eq>,
              ConvertComparison<AtenNeTensorOp, Comparison::Ne>,
              ConvertComparison<AtenNeScalarOp, Comparison::Ne>,
              ConvertComparison<AtenLtTensorOp, Comparison::Lt>,
              ConvertComparison<AtenLtScalarOp, Comparison::Lt>,
              ConvertComparison<AtenLeTensorOp, Comparison::Le>,
              ConvertComparison<AtenLeScalarOp, Comparison::Le>,
              ConvertComparison<AtenGtTensorOp, Comparison::Gt>,
              ConvertComparison<AtenGtScalarOp, Comparison::Gt>,
              ConvertComparison<AtenGeTensorOp, Comparison::Ge>,
              ConvertComparison<AtenGeScalarOp, Comparison::Ge>>(
      typeConverter, patterns, opset);
  addPatterns<
      ConvertUnary<AtenAbsOp, Unary::Abs>, ConvertUnary<AtenNegOp, Unary::Neg>,
      ConvertUnary<AtenSqrtOp, Unary::Sqrt>,
      ConvertUnary<AtenRsqrtOp, Unary::Rsqrt>,
      ConvertUnary<AtenExpOp, Unary::Exp>,
      ConvertUnary<AtenExp2Op, Unary::Exp2>,
      ConvertUnary<AtenExpm1Op, Unary::Expm1>,
      ConvertUnary<AtenLogOp, Unary::Log>,
      ConvertUnary<AtenLog2Op, Unary::Log2>,
      ConvertUnary<AtenLog10Op, Unary::Log10>,
      ConvertUnary<AtenLog1pOp, Unary::Log1p>,
      ConvertUnary<AtenSinOp, Unary::Sin>, ConvertUnary<AtenCosOp, Unary::Cos>,
      ConvertUnary<AtenTanOp, Unary::Tan>,
      ConvertUnary<AtenAsinOp, Unary::Asin>,
      ConvertUnary<AtenAcosOp, Unary::Acos>,
      ConvertUnary<AtenAtanOp, Unary::Atan>,
      ConvertUnary<AtenSinhOp, Unary::Sinh>,
      ConvertUnary<AtenCoshOp, Unary::Cosh>,
      ConvertUnary<AtenAsinhOp, Unary::Asinh>,
      ConvertUnary<AtenAcoshOp, Unary::Acosh>,
      ConvertUnary<AtenAtanhOp, Unary::Atanh>,
      ConvertUnary<AtenErfOp, Unary::Erf>,
      ConvertUnary<AtenFloorOp, Unary::Floor>,
      ConvertUnary<AtenCeilOp, Unary::Ceil>,
      ConvertUnary<AtenRoundOp, Unary::Round>,
      ConvertUnary<AtenTruncOp, Unary::Trunc>,
      ConvertUnary<AtenFracOp, Unary::Frac>,
      ConvertUnary<AtenSignOp, Unary::Sign>,
      ConvertUnary<AtenSgnOp, Unary::Sign>,
      ConvertUnary<AtenReciprocalOp, Unary::Reciprocal>,
      ConvertUnary<AtenSquareOp, Unary::Square>,
      ConvertUnary<AtenLogicalNotOp, Unary::LogicalNot>,
      ConvertUnary<AtenBitwiseNotOp, Unary::BitwiseNot>,
      ConvertUnary<AtenIsnanOp, Unary::IsNan>,
      ConvertUnary<AtenIsinfOp, Unary::IsInf>,
      ConvertUnary<AtenIsposinfOp, Unary::IsPosInf>,
      ConvertUnary<AtenIsneginfOp, Unary::IsNegInf>,
      ConvertUnary<AtenIsfiniteOp, Unary::IsFinite>,
      ConvertUnary<AtenSignbitOp, Unary::SignBit>,
      ConvertUnary<AtenErfcOp, Unary::Erfc>,
      ConvertUnary<AtenSincOp, Unary::Sinc>,
      ConvertUnary<AtenDeg2radOp, Unary::Deg2Rad>,
      ConvertUnary<AtenRad2degOp, Unary::Rad2Deg>>(typeConverter, patterns,
                                                   opset);
  addPatterns<ConvertLogit, ConvertIsclose, ConvertRoundDecimals,
              ConvertUnaryOperator,
              ConvertCross<AtenCrossOp>, ConvertCross<AtenLinalgCrossOp>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertAddcOp<AtenAddcmulOp, false>,
              ConvertAddcOp<AtenAddcdivOp, true>, ConvertLerp<AtenLerpTensorOp>,
              ConvertLerp<AtenLerpScalarOp>, ConvertNanToNum>(typeConverter,
                                                              patterns, opset);
  addPatterns<ConvertWhere<AtenWhereSelfOp>, ConvertWhere<AtenWhereScalarOp>,
              ConvertWhere<AtenWhereScalarSelfOp>,
              ConvertWhere<AtenWhereScalarOtherOp>,
              ConvertMaskedFill<AtenMaskedFillScalarOp>,
              ConvertMaskedFill<AtenMaskedFillTensorOp>>(typeConverter,
                                                         patterns, opset);
  addPatterns<ConvertClampScalar<AtenClampOp>, ConvertClampScalar<AtenClipOp>,
              ConvertClampScalar<AtenClampMinOp>,
              ConvertClampScalar<AtenClampMaxOp>,
              ConvertClampTensor<AtenClampTensorOp>,
              ConvertClampTensor<AtenClipTensorOp>,
              ConvertClampTensor<AtenClampMinTensorOp>,
              ConvertClampTensor<AtenClampMaxTensorOp>>(typeConverter, patterns,
                                                        opset);
  addPatterns<
      ConvertToResultType<AtenToDtypeOp>, ConvertToResultType<AtenToOtherOp>,
      ConvertToResultType<AtenToDeviceOp>,
      ConvertToResultType<AtenToDtypeLayoutOp>,
      ConvertToResultType<AtenToPrimDtypeOp>,
      ConvertToResultType<AtenToPrimDeviceOp>,
      ConvertToResultType<AtenToPrimOtherOp>,
      ConvertToResultType<Aten_ToCopyOp>, ConvertToResultType<AtenTypeAsOp>,
      ConvertToResultType<AtenCloneOp>, ConvertToResultType<AtenContiguousOp>,
      ConvertToResultType<AtenDetachOp>, ConvertToResultType<AtenAliasOp>,
      ConvertToResultType<AtenLiftFreshOp>,
      ConvertToResultType<AtenLiftFreshCopyOp>,
      ConvertToResultType<AtenResolveConjOp>,
      ConvertToResultType<AtenResolveNegOp>, ConvertCopy>(typeConverter,
                                                             patterns, opset);
  // The casts and copies of torch-mlir's IR.
  addPatterns<ConvertToResultType<TensorStaticInfoCastOp>,
              ConvertToResultType<PrimsConvertElementTypeOp>,
              ConvertToResultType<PrimsViewOfOp>,
              ConvertToResultType<AtenDetachCopyOp>,
              ConvertToResultType<AtenAliasCopyOp>>(typeConverter, patterns,
                                                    opset);
  addPatterns<ConvertBitShift<AtenBitwiseLeftShiftTensorOp, true>,
              ConvertBitShift<AtenBitwiseLeftShiftTensorScalarOp, true>,
              ConvertBitShift<Aten__Lshift__TensorOp, true>,
              ConvertBitShift<Aten__Lshift__ScalarOp, true>,
              ConvertBitShift<AtenBitwiseRightShiftTensorOp, false>,
              ConvertBitShift<AtenBitwiseRightShiftTensorScalarOp, false>,
              ConvertBitShift<Aten__Rshift__TensorOp, false>,
              ConvertBitShift<Aten__Rshift__ScalarOp, false>>(
      typeConverter, patterns, opset);
  populateQuantizationPatterns(typeConverter, patterns, opset);
}
