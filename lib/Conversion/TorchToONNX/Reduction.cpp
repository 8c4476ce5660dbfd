//===- Reduction.cpp - Reductions, scans and sorting to ONNX --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reductions over dims become the Reduce* ops (ReduceSum takes its axes as
// an input, the others as an attribute, as in opsets 13 to 17); var and std
// decompose into means and sums; max.dim gives ReduceMax and ArgMax; sort,
// argsort and topk become TopK; cumsum CumSum. bincount and histc count
// through a one-hot comparison of each element with the bins;
// unique_consecutive Compresses the elements unlike their predecessors.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The non-negative, sorted axes that `dims` names for a tensor of rank
/// `rank`: an int, a list of ints, or None / an empty list for every dim.
std::optional<SmallVector<int64_t>> getReductionAxes(Value dims, int64_t rank) {
  SmallVector<int64_t> axes;
  if (!dims || isNone(dims)) {
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
    return axes;
  }
  if (isa<Torch::IntType>(dims.getType())) {
    std::optional<int64_t> dim = Torch::matchConstantInt(dims);
    if (!dim || !isValidDim(*dim, std::max<int64_t>(rank, 1)))
      return std::nullopt;
    return SmallVector<int64_t>{rank == 0 ? 0 : normalizeDim(*dim, rank)};
  }
  std::optional<SmallVector<int64_t>> list = Torch::matchConstantIntList(dims);
  if (!list)
    return std::nullopt;
  if (list->empty())
    return getReductionAxes(Value(), rank);
  // A 0-d tensor takes dim 0 or -1, as if it had one dim.
  for (int64_t dim : *list) {
    if (!isValidDim(dim, std::max<int64_t>(rank, 1)))
      return std::nullopt;
    axes.push_back(rank == 0 ? 0 : normalizeDim(dim, rank));
  }
  llvm::sort(axes);
  return axes;
}

/// The keepdim flag: false when absent.
std::optional<bool> getKeepDim(Value keepdim) {
  if (!keepdim)
    return false;
  return Torch::matchConstantBool(keepdim);
}

enum class Reduction { Sum, Mean, Max, Min, Prod, LogSumExp, All, Any };

/// `indices`, the ArgMax or ArgMin of float `input` along `axis`, with the
/// index of the first NaN where the slice holds one, as in PyTorch.
Value propagateNaNIndex(ONNXBuilder &b, Value input, Value indices,
                        int64_t axis, bool keepdim) {
  if (!isFloatType(getElementType(input)))
    return indices;
  OpBuilder &builder = b.getBuilder();
  Value isNaN = b.cast(b.predicate<ONNX::IsNaNOp>(input), builder.getI32Type());
  Value firstNaN = b.create<ONNX::ArgMaxOp>(
      indices.getType(), isNaN,
      {b.intAttr("axis", axis), b.intAttr("keepdims", keepdim)});
  return b.create<ONNX::WhereOp>(
      indices.getType(), {b.anyNaN(input, {axis}, keepdim), firstNaN,
                          indices});
}

/// The number of elements `axes` of `input` span, as a 0-d tensor of
/// `elementType`: a constant when the dims are static.
Value getReducedCount(ONNXBuilder &b, Value input, ArrayRef<int64_t> axes,
                      Type elementType) {
  std::optional<SmallVector<int64_t>> shape = getShape(input);
  int64_t count = 1;
  bool isStatic = true;
  for (int64_t axis : axes) {
    int64_t size = (*shape)[axis];
    if (size == ShapedType::kDynamic)
      isStatic = false;
    else
      count *= size;
  }
  if (isStatic)
    return b.intScalar(elementType, count);
  SmallVector<Value> sizes;
  for (int64_t axis : axes)
    sizes.push_back(b.dimSize(input, axis));
  Value product = sizes.front();
  for (Value size : ArrayRef<Value>(sizes).drop_front())
    product = b.binary<ONNX::MulOp>(product, size);
  return b.cast(product, elementType);
}

/// `input` reduced over `axes` as `kind`, with result type `type`.
Value createReduction(ONNXBuilder &b, Reduction kind, Value input,
                      ArrayRef<int64_t> axes, bool keepdim, TensorType type) {
  Type elementType = type.getElementType();
  OpBuilder &builder = b.getBuilder();
  // A reduction of a 0-d tensor is the tensor.
  if (getRank(input) == 0)
    return b.cast(input, elementType);
  switch (kind) {
  case Reduction::Sum:
    return b.reduce<ONNX::ReduceSumOp>(b.cast(input, elementType), axes,
                                       keepdim);
  case Reduction::Mean: {
    Value cast = b.cast(input, elementType);
    // onnxruntime's mean of no elements is 0, PyTorch's NaN (0 / 0). A
    // reduced dim known only at run time may be 0: the sum is divided by
    // the count then, which gives PyTorch's NaN. A dim known to be 0 adds
    // a NaN.
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    auto anyReducedDim = [&](auto predicate) {
      return shape && isFloatType(elementType) &&
             llvm::any_of(axes, [&](int64_t axis) {
               return axis < static_cast<int64_t>(shape->size()) &&
                      predicate((*shape)[axis]);
             });
    };
    if (anyReducedDim(ShapedType::isDynamic)) {
      Value sum = b.reduce<ONNX::ReduceSumOp>(cast, axes, keepdim);
      return b.binary<ONNX::DivOp>(
          sum, getReducedCount(b, input, axes, elementType));
    }
    Value mean = b.reduce<ONNX::ReduceMeanOp>(cast, axes, keepdim);
    if (!anyReducedDim([](int64_t size) { return size == 0; }))
      return mean;
    return b.binary<ONNX::AddOp>(
        mean,
        b.scalar(elementType, std::numeric_limits<double>::quiet_NaN()));
  }
  case Reduction::Max:
  case Reduction::Min: {
    Value cast = b.cast(input, elementType);
    Value extreme =
        kind == Reduction::Max
            ? b.reduce<ONNX::ReduceMaxOp>(cast, axes, keepdim)
            : b.reduce<ONNX::ReduceMinOp>(cast, axes, keepdim);
    return b.propagateNaN(cast, extreme, axes, keepdim);
  }
  case Reduction::Prod:
    return b.reduce<ONNX::ReduceProdOp>(b.cast(input, elementType), axes,
                                        keepdim);
  case Reduction::LogSumExp:
    return b.reduce<ONNX::ReduceLogSumExpOp>(b.cast(input, elementType), axes,
                                             keepdim);
  case Reduction::All:
  case Reduction::Any: {
    // On bools as int32: all is the minimum, any the maximum.
    Value asBool = b.cast(input, builder.getI1Type());
    Value asInt = b.cast(asBool, builder.getI32Type());
    Value reduced = kind == Reduction::All
                        ? b.reduce<ONNX::ReduceMinOp>(asInt, axes, keepdim)
                        : b.reduce<ONNX::ReduceMaxOp>(asInt, axes, keepdim);
    return b.cast(reduced, elementType);
  }
  }
  return {};
}

/// A reduction op: operand 0 is the input, then optionally the dims and
/// keepdim operands at `DimIndex` and `DimIndex + 1` (-1 for none).
template <typename OpTy, Reduction Kind, int DimIndex>
struct ConvertReduction : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op->getResult(0));
    Value input = adaptor.getOperands()[0];
    std::optional<int64_t> rank = getRank(input);
    if (!type || !rank)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    Value dims = DimIndex >= 0 ? op->getOperand(DimIndex) : Value();
    Value keepdim = DimIndex >= 0 ? op->getOperand(DimIndex + 1) : Value();
    std::optional<SmallVector<int64_t>> axes = getReductionAxes(dims, *rank);
    std::optional<bool> keep = getKeepDim(keepdim);
    if (!axes || !keep)
      return rewriter.notifyMatchFailure(op, "non-constant dims");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, createReduction(b, Kind, input, *axes, *keep, type));
    return success();
  }
};

/// max.dim and min.dim: the values (ReduceMax/ReduceMin) and their indices
/// (ArgMax/ArgMin).
template <typename OpTy, bool IsMax>
struct ConvertMinMaxDim : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType valuesType =
        getConvertedTensorType(this->getTypeConverter(), op.getValues());
    TensorType indicesType =
        getConvertedTensorType(this->getTypeConverter(), op.getIndices());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    if (!valuesType || !indicesType || !rank)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    std::optional<SmallVector<int64_t>> axes =
        getReductionAxes(op.getDim(), *rank);
    std::optional<bool> keep = getKeepDim(op.getKeepdim());
    if (!axes || !keep)
      return rewriter.notifyMatchFailure(op, "non-constant dim");
    ONNXBuilder b(rewriter, op.getLoc());
    Value values = createReduction(b, IsMax ? Reduction::Max : Reduction::Min,
                                   input, *axes, *keep, valuesType);
    Value indices;
    if (!op.getIndices().use_empty() && *rank == 0) {
      // The index of the only element.
      indices = b.constant(DenseElementsAttr::get(
          RankedTensorType::get({}, indicesType.getElementType()),
          IntegerAttr::get(indicesType.getElementType(), 0)));
    } else if (!op.getIndices().use_empty()) {
      SmallVector<NamedAttribute> attrs{b.intAttr("axis", (*axes)[0]),
                                        b.intAttr("keepdims", *keep)};
      indices = IsMax ? b.create<ONNX::ArgMaxOp>(indicesType, input, attrs)
                      : b.create<ONNX::ArgMinOp>(indicesType, input, attrs);
      indices = propagateNaNIndex(b, input, indices, (*axes)[0], *keep);
    } else {
      indices = b.none();
    }
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

/// argmax and argmin; without a dim, over the flattened input.
template <typename OpTy, bool IsMax>
struct ConvertArgMinMax : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    std::optional<bool> keep = getKeepDim(op.getKeepdim());
    if (!type || !rank || !keep)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    int64_t axis = 0;
    bool flatten = isNone(op.getDim());
    if (flatten) {
      input = b.reshape(input, {-1});
    } else {
      std::optional<SmallVector<int64_t>> axes =
          getReductionAxes(op.getDim(), *rank);
      if (!axes)
        return rewriter.notifyMatchFailure(op, "non-constant dim");
      axis = (*axes)[0];
      if (*rank == 0)
        input = b.reshape(input, {1});
    }
    bool keepAxis = *keep && !flatten && *rank != 0;
    SmallVector<NamedAttribute> attrs{b.intAttr("axis", axis),
                                      b.intAttr("keepdims", keepAxis)};
    TensorType argType = flatten || *rank == 0
                             ? RankedTensorType::get({}, type.getElementType())
                             : cast<TensorType>(type);
    Value result = IsMax ? b.create<ONNX::ArgMaxOp>(argType, input, attrs)
                         : b.create<ONNX::ArgMinOp>(argType, input, attrs);
    result = propagateNaNIndex(b, input, result, axis, keepAxis);
    if (result.getType() != type)
      result = b.reshape(result, type.getShape(), type);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Variance, standard deviation, norms
//===----------------------------------------------------------------------===//

/// The overloads of var and std: `(self, unbiased)`, `.dim(self, dim,
/// unbiased, keepdim)` and `.correction(self, dim, correction, keepdim)`.
enum class VarianceForm { Plain, Dim, Correction };

/// var, std, var_mean and std_mean.
template <typename OpTy, VarianceForm Form, bool IsStd, bool WithMean>
struct ConvertVariance : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op->getResult(0));
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    if (!type || !rank)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    Value dims, keepdim;
    std::optional<double> correction;
    if constexpr (Form == VarianceForm::Correction) {
      dims = op.getDim();
      keepdim = op.getKeepdim();
      correction = isNone(op.getCorrection())
                       ? std::optional<double>(1.0)
                       : Torch::matchConstantFloat(op.getCorrection());
    } else if constexpr (Form == VarianceForm::Dim) {
      dims = op.getDim();
      keepdim = op.getKeepdim();
      std::optional<bool> unbiased = Torch::matchConstantBool(op.getUnbiased());
      if (unbiased)
        correction = *unbiased ? 1.0 : 0.0;
    } else {
      std::optional<bool> unbiased = Torch::matchConstantBool(op.getUnbiased());
      if (unbiased)
        correction = *unbiased ? 1.0 : 0.0;
    }
    std::optional<SmallVector<int64_t>> axes = getReductionAxes(dims, *rank);
    std::optional<bool> keep = getKeepDim(keepdim);
    if (!axes || !keep || !correction)
      return rewriter.notifyMatchFailure(op, "non-constant arguments");

    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    input = b.cast(input, elementType);
    Value mean = createReduction(b, Reduction::Mean, input, *axes, true, type);
    Value centered = b.binary<ONNX::SubOp>(input, mean);
    Value sumOfSquares = b.reduce<ONNX::ReduceSumOp>(
        b.binary<ONNX::MulOp>(centered, centered), *axes, *keep);
    Value count = getReducedCount(b, input, *axes, elementType);
    // PyTorch divides by max(0, count - correction): no degrees of freedom
    // give 0 / 0, NaN.
    if (*correction != 0.0) {
      Value freedom =
          b.binary<ONNX::SubOp>(count, b.scalar(elementType, *correction));
      count = b.binary<ONNX::MaxOp>(freedom, b.scalar(elementType, 0.0));
    }
    Value result = b.binary<ONNX::DivOp>(sumOfSquares, count);
    if (IsStd)
      result = b.unary<ONNX::SqrtOp>(result);
    if constexpr (WithMean) {
      Value meanResult = *keep ? mean : b.squeeze(mean, *axes);
      rewriter.replaceOp(op, {result, meanResult});
    } else {
      rewriter.replaceOp(op, result);
    }
    return success();
  }
};

/// norm and linalg_vector_norm: ReduceL1/ReduceL2, or Max/Min of Abs for
/// infinite orders, or the general `sum(|x|^p)^(1/p)`.
template <typename OpTy>
struct ConvertNorm : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    if (!type || !rank)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    Value order, dims, keepdim;
    if constexpr (std::is_same_v<OpTy, Torch::AtenLinalgVectorNormOp>) {
      order = op.getOrd();
      dims = op.getDim();
      keepdim = op.getKeepdim();
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenFrobeniusNormDimOp>) {
      dims = op.getDim();
      keepdim = op.getKeepdim();
    } else if constexpr (std::is_same_v<OpTy, Torch::AtenNormScalarOp>) {
      order = op.getP();
    } else {
      order = op.getP();
      dims = op.getDim();
      keepdim = op.getKeepdim();
    }
    std::optional<double> p = !order || isNone(order)
                                  ? std::optional<double>(2.0)
                                  : Torch::matchConstantFloat(order);
    std::optional<SmallVector<int64_t>> axes = getReductionAxes(dims, *rank);
    std::optional<bool> keep = getKeepDim(keepdim);
    if (!p || !axes || !keep)
      return rewriter.notifyMatchFailure(op, "non-constant arguments");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    input = b.cast(input, elementType);
    Value result;
    if (*p == 2.0) {
      result = b.reduce<ONNX::ReduceL2Op>(input, *axes, *keep);
    } else if (*p == 1.0) {
      result = b.reduce<ONNX::ReduceL1Op>(input, *axes, *keep);
    } else if (std::isinf(*p)) {
      Value magnitude = b.unary<ONNX::AbsOp>(input);
      result = *p > 0 ? b.reduce<ONNX::ReduceMaxOp>(magnitude, *axes, *keep)
                      : b.reduce<ONNX::ReduceMinOp>(magnitude, *axes, *keep);
      result = b.propagateNaN(magnitude, result, *axes, *keep);
    } else if (*p == 0.0) {
      // The count of nonzero elements (NaN among them).
      Value zero = b.scalar(elementType, 0.0);
      Value nonzero = b.unary<ONNX::NotOp>(
          b.binary<ONNX::EqualOp>(input, zero, rewriter.getI1Type()));
      result = b.reduce<ONNX::ReduceSumOp>(b.cast(nonzero, elementType),
                                           *axes, *keep);
    } else {
      Value powered = b.binary<ONNX::PowOp>(b.unary<ONNX::AbsOp>(input),
                                            b.scalar(elementType, *p));
      Value sum = b.reduce<ONNX::ReduceSumOp>(powered, *axes, *keep);
      result = b.binary<ONNX::PowOp>(sum, b.scalar(elementType, 1.0 / *p));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scans and sorting
//===----------------------------------------------------------------------===//

/// cumsum: CumSum with a 0-d axis.
struct ConvertCumsum : public ONNXConversionPattern<Torch::AtenCumsumOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenCumsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !rank || !dim ||
        !isValidDim(*dim, std::max<int64_t>(*rank, 1)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = b.cast(adaptor.getSelf(), type.getElementType());
    if (*rank == 0) {
      rewriter.replaceOp(op, input);
      return success();
    }
    rewriter.replaceOp(
        op, b.create<ONNX::CumSumOp>(
                type, {input, b.i64Scalar(normalizeDim(*dim, *rank))}));
    return success();
  }
};

/// logcumsumexp: log(cumsum(exp(x - m))) + m, with m the largest finite
/// element along the dim, so that exp does not overflow.
struct ConvertLogcumsumexp
    : public ONNXConversionPattern<Torch::AtenLogcumsumexpOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLogcumsumexpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !rank || !dim || !isFloatType(type.getElementType()) ||
        !isValidDim(*dim, std::max<int64_t>(*rank, 1)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value x = b.cast(adaptor.getSelf(), type.getElementType());
    if (*rank == 0) {
      rewriter.replaceOp(op, x);
      return success();
    }
    int64_t axis = normalizeDim(*dim, *rank);
    Value largest = b.reduce<ONNX::ReduceMaxOp>(x, {axis}, true);
    largest = b.create<ONNX::WhereOp>(
        cast<TensorType>(largest.getType()),
        {b.predicate<ONNX::IsInfOp>(largest),
         b.scalar(type.getElementType(), 0.0), largest});
    Value shifted = b.binary<ONNX::SubOp>(x, largest);
    Value sums = b.create<ONNX::CumSumOp>(
        type, {b.unary<ONNX::ExpOp>(shifted), b.i64Scalar(axis)});
    rewriter.replaceOp(op, b.binary<ONNX::AddOp>(b.unary<ONNX::LogOp>(sums),
                                                 largest));
    return success();
  }
};

/// Creates TopK of `input` along `axis` with `k` (a 0-d or 1-element i64
/// tensor) and returns its values and indices.
std::pair<Value, Value> createTopK(ONNXBuilder &b, Value input, Value k,
                                   int64_t axis, bool largest, bool sorted,
                                   TensorType valuesType,
                                   TensorType indicesType) {
  if (getRank(k) == 0)
    k = b.unsqueeze(k, {0});
  auto topk = b.createOp<ONNX::TopKOp>(
      TypeRange{valuesType, indicesType}, {input, k},
      {b.intAttr("axis", axis), b.intAttr("largest", largest),
       b.intAttr("sorted", sorted)});
  return {topk.getResult(0), topk.getResult(1)};
}

/// topk(self, k, dim, largest, sorted).
struct ConvertTopk : public ONNXConversionPattern<Torch::AtenTopkOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenTopkOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType valuesType =
        getConvertedTensorType(getTypeConverter(), op.getValues());
    TensorType indicesType =
        getConvertedTensorType(getTypeConverter(), op.getIndices());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<bool> largest = Torch::matchConstantBool(op.getLargest());
    std::optional<bool> sorted = Torch::matchConstantBool(op.getSorted());
    if (!valuesType || !indicesType || !rank || *rank == 0 || !dim ||
        !isValidDim(*dim, *rank) || !largest || !sorted)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    FailureOr<Value> k = getScalarAsTensor(rewriter, op.getLoc(), op.getK(),
                                           rewriter.getI64Type());
    if (failed(k))
      return failure();
    ONNXBuilder b(rewriter, op.getLoc());
    auto [values, indices] =
        createTopK(b, adaptor.getSelf(), *k, normalizeDim(*dim, *rank),
                   *largest, *sorted, valuesType, indicesType);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

/// sort, sort.stable and argsort: TopK over the whole dim, which puts equal
/// elements in the order of their indices, as a stable sort does.
template <typename OpTy, bool IsArgsort>
struct ConvertSort : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<bool> descending = Torch::matchConstantBool(op.getDescending());
    TensorType indicesType = getConvertedTensorType(
        this->getTypeConverter(), op->getResult(IsArgsort ? 0 : 1));
    TensorType valuesType =
        IsArgsort ? cast<TensorType>(input.getType())
                  : getConvertedTensorType(this->getTypeConverter(),
                                           op->getResult(0));
    if (!valuesType || !indicesType || !rank || *rank == 0 || !dim ||
        !isValidDim(*dim, *rank) || !descending)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t axis = normalizeDim(*dim, *rank);
    ONNXBuilder b(rewriter, op.getLoc());
    auto [values, indices] =
        createTopK(b, input, b.dimSize(input, axis), axis, *descending,
                   /*sorted=*/true, valuesType, indicesType);
    if (IsArgsort)
      rewriter.replaceOp(op, indices);
    else
      rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Counting
//===----------------------------------------------------------------------===//

/// The sum over the elements of 1-D `positions` (i64 or float) of a one-hot
/// row per element over the `bins` (a 1-D tensor of the positions' type):
/// each element adds its `weights` (broadcast against [n, bins]) to the bin
/// equal to its position, where `valid` (bool, or null) holds.
Value countByBin(ONNXBuilder &b, Value positions, Value bins, Value valid,
                 Value weights, RankedTensorType type) {
  Type i1 = b.getBuilder().getI1Type();
  Value column = b.unsqueeze(positions, {1});
  Value hit = b.binary<ONNX::EqualOp>(column, bins, i1);
  if (valid)
    hit = b.binary<ONNX::AndOp>(hit, b.unsqueeze(valid, {1}), i1);
  Type elementType = type.getElementType();
  Value counted =
      weights ? b.create<ONNX::WhereOp>(
                    cast<TensorType>(hit.getType()).clone(elementType),
                    {hit, b.unsqueeze(b.cast(weights, elementType), {1}),
                     b.scalar(elementType, 0.0)})
              : b.cast(hit, elementType);
  return b.reduce<ONNX::ReduceSumOp>(counted, {0}, false);
}

/// bincount(self, weights, minlength) of non-negative ints: max(max(self) +
/// 1, minlength) bins, counted (or summing the weights) through a one-hot
/// comparison with the bin numbers.
struct ConvertBincount : public ONNXConversionPattern<Torch::AtenBincountOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenBincountOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value self = adaptor.getSelf();
    std::optional<int64_t> minLength =
        Torch::matchConstantInt(op.getMinlength());
    if (!type || type.getRank() != 1 || getRank(self) != 1 ||
        !isa_and_nonnull<IntegerType>(getElementType(self)) ||
        isBoolType(getElementType(self)) || !minLength || *minLength < 0)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i64 = rewriter.getI64Type();
    Value values = b.cast(self, i64);
    // -1 joins the values so that an empty input has a largest value.
    Value largest = b.reduce<ONNX::ReduceMaxOp>(
        b.concat({values, b.i64Tensor({-1})}, 0), {0}, false);
    Value size = b.binary<ONNX::MaxOp>(
        b.binary<ONNX::AddOp>(largest, b.i64Scalar(1)),
        b.i64Scalar(*minLength));
    Value bins = b.create<ONNX::RangeOp>(
        RankedTensorType::get({ShapedType::kDynamic}, i64),
        {b.i64Scalar(0), size, b.i64Scalar(1)});
    Value weights = isNone(op.getWeights()) ? Value() : adaptor.getWeights();
    rewriter.replaceOp(op,
                       countByBin(b, values, bins, Value(), weights, type));
    return success();
  }
};

/// `aten::histc(self, bins, min, max)`, which has no generated op: each
/// element in [min, max] counts in bin floor((x - min) * bins / (max -
/// min)), the last bin taking max, as PyTorch computes it. With min equal to
/// max the range is the input's, widened by 1 each way if it is one value.
struct ConvertHistc : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::histc")
      return failure();
    if (op->getNumOperands() != 4 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult(0));
    Value self = adaptor.getOperands()[0];
    std::optional<int64_t> bins = Torch::matchConstantInt(op->getOperand(1));
    std::optional<double> low = Torch::matchConstantFloat(op->getOperand(2));
    std::optional<double> high = Torch::matchConstantFloat(op->getOperand(3));
    if (!type || type.getRank() != 1 || !isFloatType(type.getElementType()) ||
        !getRank(self) || !bins || *bins <= 0 || !low || !high ||
        *low > *high)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Type i1 = rewriter.getI1Type();
    Value values = b.reshape(b.cast(self, elementType), {-1});
    Value lowest = b.scalar(elementType, *low);
    Value highest = b.scalar(elementType, *high);
    if (*low == *high) {
      lowest = b.reduce<ONNX::ReduceMinOp>(values, {0}, false);
      highest = b.reduce<ONNX::ReduceMaxOp>(values, {0}, false);
      Value same = b.binary<ONNX::EqualOp>(lowest, highest, i1);
      Value one = b.scalar(elementType, 1.0);
      lowest = b.create<ONNX::WhereOp>(
          lowest.getType(),
          {same, b.binary<ONNX::SubOp>(lowest, one), lowest});
      highest = b.create<ONNX::WhereOp>(
          highest.getType(),
          {same, b.binary<ONNX::AddOp>(highest, one), highest});
    }
    Value last = b.scalar(elementType, static_cast<double>(*bins - 1));
    Value position = b.unary<ONNX::FloorOp>(b.binary<ONNX::DivOp>(
        b.binary<ONNX::MulOp>(b.binary<ONNX::SubOp>(values, lowest),
                              b.scalar(elementType,
                                       static_cast<double>(*bins))),
        b.binary<ONNX::SubOp>(highest, lowest)));
    position = b.binary<ONNX::MinOp>(position, last);
    Value valid = b.binary<ONNX::AndOp>(
        b.binary<ONNX::GreaterOrEqualOp>(values, lowest, i1),
        b.binary<ONNX::LessOrEqualOp>(values, highest, i1), i1);
    SmallVector<Attribute> binNumbers;
    for (int64_t i = 0; i < *bins; ++i)
      binNumbers.push_back(FloatAttr::get(elementType, i));
    Value binValues = b.constant(DenseElementsAttr::get(
        RankedTensorType::get({*bins}, elementType), binNumbers));
    rewriter.replaceOp(
        op, countByBin(b, position, binValues, valid, Value(), type));
    return success();
  }
};

/// unique_consecutive(self, return_inverse, return_counts, dim=None): the
/// flattened elements that differ from the one before them (the first
/// always; NaNs differ from each other, as PyTorch compares them), through
/// Compress. The inverse indices are the running count of those elements
/// minus 1, in self's shape; the counts the distances between their
/// positions. A result that was not asked for is empty.
struct ConvertUniqueConsecutive
    : public ONNXConversionPattern<Torch::AtenUniqueConsecutiveOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenUniqueConsecutiveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedTensorType(getTypeConverter(), op.getResult0());
    Value self = adaptor.getSelf();
    std::optional<bool> returnInverse =
        Torch::matchConstantBool(op.getReturnInverse());
    std::optional<bool> returnCounts =
        Torch::matchConstantBool(op.getReturnCounts());
    if (!type || !getRank(self) || !returnInverse || !returnCounts ||
        !isNone(op.getDim()))
      return rewriter.notifyMatchFailure(
          op, "expected constant flags and no dim");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i64 = rewriter.getI64Type(), i1 = rewriter.getI1Type();
    auto vector = [&](Type elementType) {
      return RankedTensorType::get({ShapedType::kDynamic}, elementType);
    };
    Value flat = b.reshape(b.cast(self, type.getElementType()), {-1});
    // Each element's predecessor, the first element standing for its own.
    auto slice = [&](int64_t start, int64_t end) {
      return b.create<ONNX::SliceOp>(
          vector(type.getElementType()),
          {flat, b.i64Tensor({start}), b.i64Tensor({end}), b.i64Tensor({0}),
           b.none()});
    };
    Value previous = b.concat({slice(0, 1), slice(0, -1)}, 0);
    Value count = b.dimSize(flat, 0);
    Value positions = b.create<ONNX::RangeOp>(
        vector(i64), {b.i64Scalar(0), count, b.i64Scalar(1)});
    Value isFirst = b.binary<ONNX::LessOp>(positions, b.i64Scalar(1), i1);
    Value same = b.binary<ONNX::EqualOp>(flat, previous, i1);
    Value starts = b.binary<ONNX::OrOp>(isFirst, b.unary<ONNX::NotOp>(same),
                                        i1);
    SmallVector<Value> results = {b.create<ONNX::CompressOp>(
        vector(type.getElementType()), {flat, starts},
        {b.intAttr("axis", 0)})};
    auto empty = [&] {
      return b.splat(RankedTensorType::get({0}, i64), 0.0);
    };
    if (op.getResult1().use_empty()) {
      results.push_back(b.none());
    } else if (!*returnInverse) {
      results.push_back(empty());
    } else {
      Value running = b.create<ONNX::CumSumOp>(
          vector(i64), {b.cast(starts, i64), b.i64Scalar(0)});
      Value inverse = b.binary<ONNX::SubOp>(running, b.i64Scalar(1));
      results.push_back(b.create<ONNX::ReshapeOp>(
          cast<TensorType>(self.getType()).clone(i64),
          {inverse, b.shapeOf(self)}));
    }
    if (op.getResult2().use_empty()) {
      results.push_back(b.none());
    } else if (!*returnCounts) {
      results.push_back(empty());
    } else {
      Value first = b.create<ONNX::CompressOp>(
          vector(i64), {positions, starts}, {b.intAttr("axis", 0)});
      Value next = b.concat(
          {b.create<ONNX::SliceOp>(vector(i64),
                                   {first, b.i64Tensor({1}),
                                    b.i64Tensor({INT64_MAX}),
                                    b.i64Tensor({0}), b.none()}),
           b.reshape(count, {1})},
          0);
      results.push_back(b.binary<ONNX::SubOp>(next, first));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateReductionPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns,
                                              int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertLogcumsumexp, ConvertBincount, ConvertHistc,
              ConvertUniqueConsecutive>(typeConverter, patterns, opset);
  addPatterns<ConvertReduction<AtenSumOp, Reduction::Sum, -1>,
              ConvertReduction<AtenSumDimIntListOp, Reduction::Sum, 1>,
              ConvertReduction<AtenMeanOp, Reduction::Mean, -1>,
              ConvertReduction<AtenMeanDimOp, Reduction::Mean, 1>,
              ConvertReduction<AtenProdOp, Reduction::Prod, -1>,
              ConvertReduction<AtenProdDimIntOp, Reduction::Prod, 1>,
              ConvertReduction<AtenAmaxOp, Reduction::Max, 1>,
              ConvertReduction<AtenAminOp, Reduction::Min, 1>,
              ConvertReduction<AtenMaxOp, Reduction::Max, -1>,
              ConvertReduction<AtenMinOp, Reduction::Min, -1>,
              ConvertReduction<AtenLogsumexpOp, Reduction::LogSumExp, 1>,
              ConvertReduction<AtenAllOp, Reduction::All, -1>,
              ConvertReduction<AtenAllDimOp, Reduction::All, 1>,
              ConvertReduction<AtenAnyOp, Reduction::Any, -1>,
              ConvertReduction<AtenAnyDimOp, Reduction::Any, 1>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertMinMaxDim<AtenMaxDimOp, true>,
              ConvertMinMaxDim<AtenMinDimOp, false>,
              ConvertArgMinMax<AtenArgmaxOp, true>,
              ConvertArgMinMax<AtenArgminOp, false>>(typeConverter, patterns,
                                                     opset);
  constexpr VarianceForm plain = VarianceForm::Plain, dim = VarianceForm::Dim,
                         correction = VarianceForm::Correction;
  addPatterns<ConvertVariance<AtenVarOp, plain, false, false>,
              ConvertVariance<AtenVarDimOp, dim, false, false>,
              ConvertVariance<AtenVarCorrectionOp, correction, false, false>,
              ConvertVariance<AtenStdOp, plain, true, false>,
              ConvertVariance<AtenStdDimOp, dim, true, false>,
              ConvertVariance<AtenStdCorrectionOp, correction, true, false>,
              ConvertVariance<AtenVarMeanOp, plain, false, true>,
              ConvertVariance<AtenVarMeanDimOp, dim, false, true>,
              ConvertVariance<AtenVarMeanCorrectionOp, correction, false, true>,
              ConvertVariance<AtenStdMeanOp, plain, true, true>,
              ConvertVariance<AtenStdMeanDimOp, dim, true, true>,
              ConvertVariance<AtenStdMeanCorrectionOp, correction, true, true>>(
      typeConverter, patterns, opset);
  addPatterns<
      ConvertNorm<AtenNormScalarOp>, ConvertNorm<AtenNormScalarOptDimOp>,
      ConvertNorm<AtenLinalgVectorNormOp>, ConvertNorm<AtenFrobeniusNormDimOp>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertCumsum, ConvertTopk, ConvertSort<AtenSortOp, false>,
              ConvertSort<AtenSortStableOp, false>,
              ConvertSort<AtenArgsortOp, true>>(typeConverter, patterns, opset);
}
