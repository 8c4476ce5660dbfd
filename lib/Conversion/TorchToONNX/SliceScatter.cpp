//===- SliceScatter.cpp - The scatter ops to ONNX -------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Writing into a slice (`x[a:b] = y` after value semantics) becomes a Concat
// of the part of the base before the slice, the update, and the part after
// it. select_scatter writes a slice of length one. scatter, scatter_add and
// scatter_reduce become ScatterElements, masked_scatter a Where of the
// source gathered at the running count of the mask.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// Replaces `[start, end)` of `base` along `axis` with `update`: a Concat of
/// Slice(base, 0, start), update and Slice(base, end, INT64_MAX). Negative
/// bounds count from the end, as in ONNX's Slice, so the size along `axis`
/// need not be known.
LogicalResult replaceWithConcat(Operation *op, TensorType type, Value base,
                                Value update, int64_t axis, int64_t start,
                                int64_t end,
                                ConversionPatternRewriter &rewriter) {
  std::optional<SmallVector<int64_t>> shape = getShape(base);
  if (!shape)
    return rewriter.notifyMatchFailure(op, "the base is not ranked");
  int64_t size = (*shape)[axis];
  bool known = size != ShapedType::kDynamic;
  if (known) {
    if (start < 0)
      start += size;
    if (end < 0)
      end += size;
    start = std::clamp<int64_t>(start, 0, size);
    end = std::clamp<int64_t>(end, start, size);
  }
  ONNXBuilder b(rewriter, op->getLoc());
  auto slice = [&](int64_t from, int64_t to) {
    SmallVector<int64_t> partShape(*shape);
    partShape[axis] = known && from >= 0 && to >= 0
                          ? std::min(to, size) - std::min(from, size)
                          : ShapedType::kDynamic;
    auto partType = RankedTensorType::get(partShape, type.getElementType());
    return b.create<ONNX::SliceOp>(
        partType, {base, b.i64Tensor({from}), b.i64Tensor({to}),
                   b.i64Tensor({axis}), b.i64Tensor({1})});
  };
  SmallVector<Value> parts;
  if (start != 0)
    parts.push_back(slice(0, start));
  parts.push_back(update);
  if (end != kInt64Max && (!known || end < size))
    parts.push_back(slice(end, kInt64Max));
  if (parts.size() == 1) {
    rewriter.replaceOp(op, update);
    return success();
  }
  rewriter.replaceOp(
      op, b.create<ONNX::ConcatOp>(type, parts, {b.intAttr("axis", axis)}));
  return success();
}

/// Writes `update` into positions start, start + step, ... (below `end`) of
/// `base` along `axis`: ScatterElements at those positions, broadcast to
/// the update's shape. The size along `axis` and the update's shape must be
/// static.
LogicalResult scatterWithStep(Operation *op, TensorType type, Value base,
                              Value update, int64_t axis, int64_t start,
                              int64_t end, int64_t step,
                              ConversionPatternRewriter &rewriter) {
  std::optional<SmallVector<int64_t>> shape = getShape(base);
  std::optional<SmallVector<int64_t>> updateShape = getShape(update);
  if (!shape || !updateShape || ShapedType::isDynamic((*shape)[axis]) ||
      llvm::any_of(*updateShape, ShapedType::isDynamic))
    return rewriter.notifyMatchFailure(op, "dynamic shapes");
  int64_t size = (*shape)[axis];
  if (start < 0)
    start += size;
  if (end < 0)
    end += size;
  start = std::clamp<int64_t>(start, 0, size);
  end = std::clamp<int64_t>(end, start, size);
  SmallVector<int64_t> positions;
  for (int64_t i = start; i < end; i += step)
    positions.push_back(i);
  if (static_cast<int64_t>(positions.size()) != (*updateShape)[axis])
    return rewriter.notifyMatchFailure(op, "update of another size");
  ONNXBuilder b(rewriter, op->getLoc());
  SmallVector<int64_t> column(updateShape->size(), 1);
  column[axis] = positions.size();
  Value index = b.create<ONNX::ExpandOp>(
      RankedTensorType::get(*updateShape, rewriter.getI64Type()),
      {b.reshape(b.i64Tensor(positions), column), b.i64Tensor(*updateShape)});
  rewriter.replaceOp(
      op, b.create<ONNX::ScatterElementsOp>(type, {base, index, update},
                                            {b.intAttr("axis", axis)}));
  return success();
}

/// slice_scatter(self, src, dim, start, end, step): a Concat with step 1,
/// else a ScatterElements.
struct ConvertSliceScatter
    : public ONNXConversionPattern<Torch::AtenSliceScatterOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSliceScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> step = Torch::matchConstantInt(op.getStep());
    std::optional<int64_t> start =
        isNone(op.getStart()) ? 0 : Torch::matchConstantInt(op.getStart());
    std::optional<int64_t> end =
        isNone(op.getEnd()) ? kInt64Max : Torch::matchConstantInt(op.getEnd());
    if (!type || !rank || !dim || !isValidDim(*dim, *rank) || !step ||
        *step < 1 || !start || !end)
      return rewriter.notifyMatchFailure(
          op, "needs a static dim, static bounds and a static step");
    int64_t axis = normalizeDim(*dim, *rank);
    if (*step == 1)
      return replaceWithConcat(op, type, adaptor.getSelf(), adaptor.getSrc(),
                               axis, *start, *end, rewriter);
    return scatterWithStep(op, type, adaptor.getSelf(), adaptor.getSrc(), axis,
                           *start, *end, *step, rewriter);
  }
};

/// select_scatter(self, src, dim, index): src gains the selected dim back.
struct ConvertSelectScatter
    : public ONNXConversionPattern<Torch::AtenSelectScatterOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSelectScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> index = Torch::matchConstantInt(op.getIndex());
    if (!type || !shape || !dim || !index || !isValidDim(*dim, shape->size()))
      return rewriter.notifyMatchFailure(op, "needs a static dim and index");
    int64_t axis = normalizeDim(*dim, shape->size());
    int64_t size = (*shape)[axis];
    if (size == ShapedType::kDynamic)
      return rewriter.notifyMatchFailure(op, "the selected dim is not static");
    int64_t at = *index < 0 ? *index + size : *index;
    if (at < 0 || at >= size)
      return rewriter.notifyMatchFailure(op, "the index is out of range");
    ONNXBuilder b(rewriter, op.getLoc());
    Value update = b.unsqueeze(adaptor.getSrc(), {axis});
    return replaceWithConcat(op, type, adaptor.getSelf(), update, axis, at,
                             at + 1, rewriter);
  }
};

/// `src` cut to the shape of `index`: ScatterElements takes updates of the
/// index's shape, PyTorch's scatters read the index's extent of `src`.
FailureOr<Value> getScatterUpdates(ONNXBuilder &b, Value src, Value index) {
  if (getShape(src) == getShape(index))
    return src;
  std::optional<SmallVector<int64_t>> indexShape = getShape(index);
  if (!indexShape)
    return failure();
  SmallVector<int64_t> zeros(indexShape->size(), 0);
  SmallVector<int64_t> axes;
  for (int64_t d = 0; d < static_cast<int64_t>(indexShape->size()); ++d)
    axes.push_back(d);
  return b.create<ONNX::SliceOp>(
      cast<TensorType>(index.getType()).clone(getElementType(src)),
      {src, b.i64Tensor(zeros), b.shapeOf(index), b.i64Tensor(axes), b.none()});
}

/// scatter.src, scatter.value, scatter_add, and scatter.reduce and
/// scatter.value_reduce (add or multiply, from opset 16): ScatterElements.
template <typename OpTy>
struct ConvertScatter : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !rank || !dim || !isValidDim(*dim, *rank))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    constexpr bool hasReduce =
        std::is_same_v<OpTy, Torch::AtenScatterReduceOp> ||
        std::is_same_v<OpTy, Torch::AtenScatterValueReduceOp>;
    constexpr bool hasValue =
        std::is_same_v<OpTy, Torch::AtenScatterValueOp> ||
        std::is_same_v<OpTy, Torch::AtenScatterValueReduceOp>;
    StringRef reduction =
        std::is_same_v<OpTy, Torch::AtenScatterAddOp> ? "add" : "";
    if constexpr (hasReduce) {
      auto reduce =
          op.getReduce().template getDefiningOp<Torch::ConstantStrOp>();
      if (reduce)
        reduction = llvm::StringSwitch<StringRef>(reduce.getValue())
                        .Case("add", "add")
                        .Case("multiply", "mul")
                        .Default("");
      if (reduction.empty())
        return rewriter.notifyMatchFailure(op, "unknown scatter reduction");
    }
    if (!reduction.empty() && this->opset < 16)
      return rewriter.notifyMatchFailure(op,
                                         "scatter reductions before opset 16");
    ONNXBuilder b(rewriter, op.getLoc());
    Value index = b.cast(adaptor.getIndex(), rewriter.getI64Type());
    Value updates;
    if constexpr (hasValue) {
      FailureOr<Value> value = getScalarAsTensor(
          rewriter, op.getLoc(), op.getValue(), type.getElementType());
      if (failed(value))
        return failure();
      updates = b.create<ONNX::ExpandOp>(
          cast<TensorType>(index.getType()).clone(type.getElementType()),
          {*value, b.shapeOf(index)});
    } else {
      FailureOr<Value> src = getScatterUpdates(
          b, b.cast(adaptor.getSrc(), type.getElementType()), index);
      if (failed(src))
        return rewriter.notifyMatchFailure(op, "unranked index");
      updates = *src;
    }
    SmallVector<NamedAttribute> attrs{
        b.intAttr("axis", normalizeDim(*dim, *rank))};
    if (!reduction.empty())
      attrs.push_back(b.stringAttr("reduction", reduction));
    rewriter.replaceOp(op,
                       b.create<ONNX::ScatterElementsOp>(
                           type, {adaptor.getSelf(), index, updates}, attrs));
    return success();
  }
};

/// scatter_reduce amax/amin of `updates` at `index` (both of static shape)
/// into `self` along `axis`, whose size there is static, without
/// ScatterElements' max and min: a mask compares each index with every
/// position along `axis`, the masked updates are reduced over `axis`, and
/// the positions that received a value take the result (combined with
/// `self` when `includeSelf`). Null when a shape is not static.
Value createMaskedScatterMinMax(ONNXBuilder &b, TensorType type, Value self,
                                Value index, Value updates, int64_t axis,
                                bool isMax, bool includeSelf) {
  std::optional<SmallVector<int64_t>> indexShape = getShape(index);
  if (!type.hasStaticShape() || !indexShape ||
      llvm::any_of(*indexShape, ShapedType::isDynamic))
    return {};
  Type elementType = type.getElementType();
  Type i64 = b.getBuilder().getI64Type();
  int64_t rank = indexShape->size();
  int64_t size = type.getDimSize(axis);
  // [index..., size]: whether the index names each position along `axis`.
  SmallVector<int64_t> positions;
  for (int64_t i = 0; i < size; ++i)
    positions.push_back(i);
  SmallVector<int64_t> maskShape(*indexShape);
  maskShape.push_back(size);
  auto maskType = RankedTensorType::get(maskShape, b.getBuilder().getI1Type());
  Value mask = b.create<ONNX::EqualOp>(
      maskType, {b.unsqueeze(index, {rank}), b.i64Tensor(positions)});
  // The masked-out entries hold a value no update is below (above for min).
  Value identity;
  if (isFloatType(elementType)) {
    double inf = std::numeric_limits<double>::infinity();
    identity = b.scalar(elementType, isMax ? -inf : inf);
  } else {
    unsigned width = elementType.getIntOrFloatBitWidth();
    bool isUnsigned = elementType.isUnsignedInteger();
    APInt bound = isMax ? (isUnsigned ? APInt::getMinValue(width)
                                      : APInt::getSignedMinValue(width))
                        : (isUnsigned ? APInt::getMaxValue(width)
                                      : APInt::getSignedMaxValue(width));
    identity = b.constant(
        DenseElementsAttr::get(RankedTensorType::get({}, elementType), bound));
  }
  Value masked =
      b.create<ONNX::WhereOp>(maskType.clone(elementType),
                              {mask, b.unsqueeze(updates, {rank}), identity});
  Value reduced = isMax ? b.reduce<ONNX::ReduceMaxOp>(masked, {axis}, true)
                        : b.reduce<ONNX::ReduceMinOp>(masked, {axis}, true);
  Value counts = b.reduce<ONNX::ReduceSumOp>(b.cast(mask, i64), {axis}, true);
  // [..., 1 at axis, ..., size] to [..., size at axis, ...].
  SmallVector<int64_t> perm;
  for (int64_t d = 0; d <= rank; ++d)
    perm.push_back(d == axis ? rank : d == rank ? axis : d);
  auto toResultLayout = [&](Value value, double padValue) {
    Value moved = b.squeeze(b.transpose(value, perm), {rank});
    // The index may cover a leading part of the other dims.
    SmallVector<int64_t> pads(2 * rank, 0);
    bool padded = false;
    for (int64_t d = 0; d < rank; ++d) {
      pads[rank + d] = type.getDimSize(d) - (*getShape(moved))[d];
      padded |= pads[rank + d] != 0;
    }
    if (!padded)
      return moved;
    Type movedType = getElementType(moved);
    return b.create<ONNX::PadOp>(type.clone(movedType),
                                 {moved, b.i64Tensor(pads),
                                  isFloatType(movedType)
                                      ? b.scalar(movedType, padValue)
                                      : b.intScalar(movedType, 0),
                                  b.none()},
                                 {b.stringAttr("mode", "constant")});
  };
  Value result = toResultLayout(reduced, 0.0);
  Value received =
      b.create<ONNX::GreaterOp>(type.clone(b.getBuilder().getI1Type()),
                                {toResultLayout(counts, 0.0), b.i64Scalar(0)});
  if (includeSelf)
    result = isMax ? b.create<ONNX::MaxOp>(type, {self, result})
                   : b.create<ONNX::MinOp>(type, {self, result});
  return b.create<ONNX::WhereOp>(type, {received, result, self});
}

/// scatter_reduce.two: ScatterElements with the reduction (add and mul from
/// opset 16, max and min from 18). Without include_self, the indexed
/// elements start from the reduction's identity; mean divides the sum by
/// the number of values each element received. amax and amin before opset
/// 18, and on integers, take createMaskedScatterMinMax.
struct ConvertScatterReduce
    : public ONNXConversionPattern<Torch::AtenScatterReduceTwoOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenScatterReduceTwoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    auto reduce = op.getReduce().getDefiningOp<Torch::ConstantStrOp>();
    std::optional<bool> includeSelf =
        Torch::matchConstantBool(op.getIncludeSelf());
    if (!type || !rank || !dim || !isValidDim(*dim, *rank) || !reduce ||
        !includeSelf)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    Type elementType = type.getElementType();
    bool isFloat = isFloatType(elementType);
    double inf = std::numeric_limits<double>::infinity();
    auto [reduction, identity, minOpset] =
        llvm::StringSwitch<std::tuple<StringRef, double, int64_t>>(
            reduce.getValue())
            .Case("sum", {"add", 0.0, 16})
            .Case("mean", {"add", 0.0, 16})
            .Case("prod", {"mul", 1.0, 16})
            .Case("amax", {"max", -inf, 18})
            .Case("amin", {"min", inf, 18})
            .Default({"", 0.0, 0});
    if (reduction.empty())
      return rewriter.notifyMatchFailure(op, "unsupported reduction");
    ONNXBuilder b(rewriter, op.getLoc());
    Value self = adaptor.getSelf();
    Value index = b.cast(adaptor.getIndex(), rewriter.getI64Type());
    FailureOr<Value> updates =
        getScatterUpdates(b, b.cast(adaptor.getSrc(), elementType), index);
    if (failed(updates))
      return rewriter.notifyMatchFailure(op, "unranked index");
    if (std::isinf(identity) && (opset < minOpset || !isFloat)) {
      Value result = createMaskedScatterMinMax(
          b, type, self, index, *updates, normalizeDim(*dim, *rank),
          reduction == "max", *includeSelf);
      if (!result)
        return rewriter.notifyMatchFailure(op, "dynamic shapes");
      rewriter.replaceOp(op, result);
      return success();
    }
    if (opset < minOpset)
      return rewriter.notifyMatchFailure(op, "unsupported reduction");
    NamedAttribute axis = b.intAttr("axis", normalizeDim(*dim, *rank));
    auto filled = [&](Value like, double value) {
      return b.create<ONNX::ExpandOp>(
          cast<TensorType>(like.getType()).clone(elementType),
          {b.scalar(elementType, value), b.shapeOf(like)});
    };
    auto scatter = [&](Value data, Value values, StringRef mode) {
      SmallVector<NamedAttribute> attrs{axis};
      if (!mode.empty())
        attrs.push_back(b.stringAttr("reduction", mode));
      return b.create<ONNX::ScatterElementsOp>(type, {data, index, values},
                                               attrs);
    };
    Value start =
        *includeSelf ? self : scatter(self, filled(index, identity), "");
    Value result = scatter(start, *updates, reduction);
    if (reduce.getValue() == "mean") {
      Value ones = filled(self, 1.0);
      Value counts =
          *includeSelf ? ones : scatter(ones, filled(index, 0.0), "");
      counts = scatter(counts, filled(index, 1.0), "add");
      result = b.create<ONNX::DivOp>(type, {result, counts});
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// masked_scatter(self, mask, source): the k-th true element of the mask
/// (broadcast to the result) takes the k-th element of the flattened
/// source, a Gather at the running count of the mask.
struct ConvertMaskedScatter
    : public ONNXConversionPattern<Torch::AtenMaskedScatterOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenMaskedScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unranked result");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Type i64 = rewriter.getI64Type();
    Value self = b.cast(adaptor.getSelf(), elementType);
    Value shape =
        type.hasStaticShape() ? b.i64Tensor(type.getShape()) : b.shapeOf(self);
    if (self.getType() != type)
      self = b.create<ONNX::ExpandOp>(type, {self, shape});
    Value mask = b.create<ONNX::ExpandOp>(type.clone(rewriter.getI1Type()),
                                          {adaptor.getMask(), shape});
    int64_t numElements =
        type.hasStaticShape() ? type.getNumElements() : ShapedType::kDynamic;
    auto flatType = RankedTensorType::get({numElements}, i64);
    Value flatMask = b.cast(b.reshape(mask, {-1}), i64);
    Value counts =
        b.create<ONNX::CumSumOp>(flatType, {flatMask, b.i64Scalar(0)});
    Value positions = b.create<ONNX::MaxOp>(
        flatType,
        {b.binary<ONNX::SubOp>(counts, b.i64Scalar(1)), b.i64Scalar(0)});
    Value source = b.reshape(b.cast(adaptor.getSource(), elementType), {-1});
    Value gathered =
        b.create<ONNX::GatherOp>(flatType.clone(elementType),
                                 {source, positions}, {b.intAttr("axis", 0)});
    Value values = b.create<ONNX::ReshapeOp>(type, {gathered, shape});
    rewriter.replaceOp(op, b.create<ONNX::WhereOp>(type, {mask, values, self}));
    return success();
  }
};
} // namespace

void torch_to_onnx::populateSliceScatterPatterns(TypeConverter &typeConverter,
                                                 RewritePatternSet &patterns,
                                                 int64_t opset) {
  using namespace Torch;
  addPatterns<
      ConvertSliceScatter, ConvertSelectScatter,
      ConvertScatter<AtenScatterSrcOp>, ConvertScatter<AtenScatterValueOp>,
      ConvertScatter<AtenScatterAddOp>, ConvertScatter<AtenScatterReduceOp>,
      ConvertScatter<AtenScatterValueReduceOp>, ConvertScatterReduce,
      ConvertMaskedScatter>(typeConverter, patterns, opset);
}
