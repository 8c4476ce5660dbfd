//===- Indexing.cpp - Slicing, gathering, scattering and padding to ONNX --===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// slice/narrow become Slice (an open end is INT64_MAX), select a Gather
// with a 0-d index, index_select Gather, gather GatherElements, simple
// advanced indexing Gather or GatherND, index_put and index_copy Scatter,
// flip and roll Slice (and Concat), constant_pad_nd and pad Pad (circular
// padding a Gather), as_strided and unfold a Gather at positions computed at
// compile time. The scatter ops are in SliceScatter.cpp.
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
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

/// A 1-element i64 tensor for Torch int `value`, or `fallback` when it is
/// None.
FailureOr<Value> getSliceBound(ConversionPatternRewriter &rewriter,
                               Location loc, Value value, int64_t fallback) {
  ONNXBuilder b(rewriter, loc);
  if (!value || isNone(value))
    return b.i64Tensor({fallback});
  if (std::optional<int64_t> v = Torch::matchConstantInt(value))
    return b.i64Tensor({*v});
  FailureOr<Value> scalar =
      getScalarAsTensor(rewriter, loc, value, rewriter.getI64Type());
  if (failed(scalar))
    return failure();
  return b.unsqueeze(*scalar, {0});
}

/// slice.Tensor(self, dim, start, end, step).
struct ConvertSlice : public ONNXConversionPattern<Torch::AtenSliceTensorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSliceTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> step = Torch::matchConstantInt(op.getStep());
    if (!type || !shape || !dim || !step || *step == 0 ||
        !isValidDim(*dim, shape->size()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t axis = normalizeDim(*dim, shape->size());
    // A slice of everything is the input.
    std::optional<int64_t> start =
        isNone(op.getStart()) ? 0 : Torch::matchConstantInt(op.getStart());
    std::optional<int64_t> end =
        isNone(op.getEnd()) ? kInt64Max : Torch::matchConstantInt(op.getEnd());
    int64_t size = (*shape)[axis];
    if (start == 0 && *step == 1 && end &&
        (*end == kInt64Max || (size != ShapedType::kDynamic && *end >= size)) &&
        input.getType() == type) {
      rewriter.replaceOp(op, input);
      return success();
    }
    // PyTorch refuses a negative step; torch-mlir's ONNX import writes one
    // with Slice's meaning, where absent bounds run from the end backwards.
    bool backwards = *step < 0;
    Location loc = op.getLoc();
    FailureOr<Value> starts = getSliceBound(rewriter, loc, op.getStart(),
                                            backwards ? kInt64Max : 0);
    FailureOr<Value> ends = getSliceBound(
        rewriter, loc, op.getEnd(),
        backwards ? std::numeric_limits<int64_t>::min() : kInt64Max);
    if (failed(starts) || failed(ends))
      return failure();
    ONNXBuilder b(rewriter, loc);
    rewriter.replaceOp(op,
                       b.create<ONNX::SliceOp>(type, {input, *starts, *ends,
                                                      b.i64Tensor({axis}),
                                                      b.i64Tensor({*step})}));
    return success();
  }
};

/// diff(self, n, dim, prepend, append): the n-th forward difference along
/// `dim` of `self` with `prepend` and `append` concatenated around it, each
/// step a Sub (Xor for bools, as PyTorch) of two Slices.
struct ConvertDiff : public ONNXConversionPattern<Torch::AtenDiffOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenDiffOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> n = Torch::matchConstantInt(op.getN());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    if (!type || !n || *n < 0 || !dim || !rank || !isValidDim(*dim, *rank))
      return rewriter.notifyMatchFailure(
          op, "expected a ranked input and constant n and dim");
    int64_t axis = normalizeDim(*dim, *rank);
    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<Value> parts;
    if (!isNone(op.getPrepend()))
      parts.push_back(adaptor.getPrepend());
    parts.push_back(adaptor.getSelf());
    if (!isNone(op.getAppend()))
      parts.push_back(adaptor.getAppend());
    for (Value part : parts)
      if (!part || getRank(part) != rank)
        return rewriter.notifyMatchFailure(
            op, "prepend and append must have the input's rank");
    Value x = parts.size() == 1 ? parts.front() : b.concat(parts, axis);
    bool isBool = isBoolType(getElementType(x));
    for (int64_t i = 0; i < *n; ++i) {
      SmallVector<int64_t> shape = *getShape(x);
      if (shape[axis] != ShapedType::kDynamic)
        shape[axis] = std::max<int64_t>(shape[axis] - 1, 0);
      auto sliceType = RankedTensorType::get(shape, getElementType(x));
      Value axes = b.i64Tensor({axis}), steps = b.i64Tensor({1});
      Value later = b.create<ONNX::SliceOp>(
          sliceType,
          {x, b.i64Tensor({1}), b.i64Tensor({kInt64Max}), axes, steps});
      Value earlier = b.create<ONNX::SliceOp>(
          sliceType, {x, b.i64Tensor({0}), b.i64Tensor({-1}), axes, steps});
      Type stepType = i + 1 == *n ? Type(type) : Type(sliceType);
      x = isBool ? b.create<ONNX::XorOp>(stepType, {later, earlier})
                 : b.create<ONNX::SubOp>(stepType, {later, earlier});
    }
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// narrow(self, dim, start, length) and narrow.Tensor: Slice of `length`
/// elements from `start`.
template <typename OpTy>
struct ConvertNarrow : public ONNXConversionPattern<OpTy> {
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
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    Value start;
    if constexpr (std::is_same_v<OpTy, Torch::AtenNarrowTensorOp>) {
      start = b.reshape(b.cast(adaptor.getStart(), rewriter.getI64Type()), {1});
    } else {
      FailureOr<Value> bound = getSliceBound(rewriter, loc, op.getStart(), 0);
      if (failed(bound))
        return failure();
      start = *bound;
    }
    Value end;
    std::optional<int64_t> startValue = Torch::matchConstantInt(op->getOperand(2));
    std::optional<int64_t> length = Torch::matchConstantInt(op.getLength());
    if (startValue && length) {
      end = b.i64Tensor({*startValue + *length});
    } else {
      FailureOr<Value> lengthTensor =
          getSliceBound(rewriter, loc, op.getLength(), 0);
      if (failed(lengthTensor))
        return failure();
      end = b.binary<ONNX::AddOp>(start, *lengthTensor);
    }
    rewriter.replaceOp(
        op, b.create<ONNX::SliceOp>(
                type, {adaptor.getSelf(), start, end,
                       b.i64Tensor({normalizeDim(*dim, *rank)}), b.none()}));
    return success();
  }
};

/// select.int(self, dim, index): Gather with a 0-d index.
struct ConvertSelect : public ONNXConversionPattern<Torch::AtenSelectIntOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSelectIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !rank || !dim || !isValidDim(*dim, *rank))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    FailureOr<Value> index = getScalarAsTensor(
        rewriter, op.getLoc(), op.getIndex(), rewriter.getI64Type());
    if (failed(index))
      return failure();
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.create<ONNX::GatherOp>(
                               type, {adaptor.getSelf(), *index},
                               {b.intAttr("axis", normalizeDim(*dim, *rank))}));
    return success();
  }
};

/// as_strided(self, size, stride, storage_offset) of a tensor whose storage
/// is its elements in row-major order (an argument or a literal): Gather of
/// its flattened elements at the offsets, computed at compile time.
struct ConvertAsStrided : public ONNXConversionPattern<Torch::AtenAsStridedOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenAsStridedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> size =
        Torch::matchConstantIntList(op.getSize());
    std::optional<SmallVector<int64_t>> stride =
        Torch::matchConstantIntList(op.getStride());
    std::optional<int64_t> offset =
        isNone(op.getStorageOffset())
            ? std::optional<int64_t>(0)
            : Torch::matchConstantInt(op.getStorageOffset());
    std::optional<SmallVector<int64_t>> inputShape =
        getShape(adaptor.getSelf());
    if (!type || !size || !stride || !offset ||
        size->size() != stride->size() || !inputShape ||
        llvm::any_of(*inputShape, ShapedType::isDynamic))
      return rewriter.notifyMatchFailure(op, "non-constant sizes or strides");
    // Other tensors may be views, or computed from views in their layout
    // (an elementwise op keeps the strides of a transposed input).
    Operation *producer = op.getSelf().getDefiningOp();
    if (producer && !isa<Torch::ValueTensorLiteralOp>(producer))
      return rewriter.notifyMatchFailure(op, "storage of unknown layout");
    int64_t numElements = 1;
    for (int64_t dim : *inputShape)
      numElements *= dim;
    int64_t count = 1;
    for (int64_t dim : *size)
      count *= dim;
    constexpr int64_t kMaxOffsets = int64_t(1) << 20;
    if (count > kMaxOffsets)
      return rewriter.notifyMatchFailure(op, "too many elements");
    // The offsets of the result's elements, in row-major order.
    SmallVector<int64_t> offsets;
    offsets.reserve(count);
    SmallVector<int64_t> position(size->size(), 0);
    for (int64_t i = 0; i < count; ++i) {
      int64_t at = *offset;
      for (auto [p, s] : llvm::zip(position, *stride))
        at += p * s;
      if (at < 0 || at >= numElements)
        return rewriter.notifyMatchFailure(op, "offset out of the storage");
      offsets.push_back(at);
      for (int64_t d = size->size() - 1; d >= 0; --d) {
        if (++position[d] < (*size)[d])
          break;
        position[d] = 0;
      }
    }
    ONNXBuilder b(rewriter, op.getLoc());
    auto offsetType = RankedTensorType::get(*size, rewriter.getI64Type());
    Value indices =
        b.constant(DenseElementsAttr::get(offsetType, ArrayRef(offsets)));
    Value flat = b.reshape(adaptor.getSelf(), {-1});
    rewriter.replaceOp(op, b.create<ONNX::GatherOp>(type, {flat, indices},
                                                    {b.intAttr("axis", 0)}));
    return success();
  }
};

/// nonzero(self): NonZero, transposed to [count, rank]. A 0-d input is
/// searched as one element and gives [count, 0].
struct ConvertNonzero : public ONNXConversionPattern<Torch::AtenNonzeroOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenNonzeroOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    if (!type || type.getRank() != 2 || !rank)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value self = adaptor.getSelf();
    if (*rank == 0)
      self = b.reshape(self, {1});
    int64_t searched = std::max<int64_t>(*rank, 1);
    Type i64 = rewriter.getI64Type();
    Value positions = b.create<ONNX::NonZeroOp>(
        RankedTensorType::get({searched, type.getDimSize(0)}, i64), self);
    Value result = b.transpose(positions, {1, 0});
    if (*rank == 0)
      result = b.create<ONNX::SliceOp>(type, {result, b.i64Tensor({0}),
                                              b.i64Tensor({0}),
                                              b.i64Tensor({1}), b.none()});
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// unfold(self, dimension, size, step) and unfold_copy: the windows of
/// `size` elements every `step` along `dimension`, a Gather of their
/// positions (computed at compile time), then the window's elements moved to
/// a new last dim. A 0-d input is one element.
template <typename OpTy>
struct ConvertUnfold : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDimension());
    std::optional<int64_t> size = Torch::matchConstantInt(op.getSize());
    std::optional<int64_t> step = Torch::matchConstantInt(op.getStep());
    if (!type || !shape || !dim || !size || !step || *size < 0 || *step < 1 ||
        !isValidDim(*dim, std::max<int64_t>(shape->size(), 1)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    if (shape->empty()) {
      if (*size != 1)
        return rewriter.notifyMatchFailure(op, "window of a 0-d input");
      rewriter.replaceOp(op, b.reshape(input, {1}, type));
      return success();
    }
    int64_t rank = shape->size();
    int64_t axis = normalizeDim(*dim, rank);
    int64_t length = (*shape)[axis];
    if (ShapedType::isDynamic(length) || *size > length)
      return rewriter.notifyMatchFailure(op, "dynamic or short dim");
    int64_t count = (length - *size) / *step + 1;
    SmallVector<int64_t> positions;
    for (int64_t i = 0; i < count; ++i)
      for (int64_t k = 0; k < *size; ++k)
        positions.push_back(i * *step + k);
    Value indices = b.constant(DenseElementsAttr::get(
        RankedTensorType::get({count, *size}, rewriter.getI64Type()),
        ArrayRef(positions)));
    SmallVector<int64_t> gatheredShape(shape->begin(), shape->begin() + axis);
    gatheredShape.append({count, *size});
    gatheredShape.append(shape->begin() + axis + 1, shape->end());
    Value windows = b.create<ONNX::GatherOp>(
        RankedTensorType::get(gatheredShape, type.getElementType()),
        {input, indices}, {b.intAttr("axis", axis)});
    if (axis + 1 != rank) {
      SmallVector<int64_t> perm;
      for (int64_t d = 0; d <= rank; ++d)
        if (d != axis + 1)
          perm.push_back(d);
      perm.push_back(axis + 1);
      windows = b.transpose(windows, perm);
    }
    rewriter.replaceOp(op, windows);
    return success();
  }
};

/// index_select(self, dim, index): Gather.
struct ConvertIndexSelect
    : public ONNXConversionPattern<Torch::AtenIndexSelectOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenIndexSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !rank || !dim ||
        !isValidDim(*dim, std::max<int64_t>(*rank, 1)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    // A 0-d tensor has one element to select, and stays 0-d.
    if (*rank == 0) {
      rewriter.replaceOp(op, adaptor.getSelf());
      return success();
    }
    Value index = b.cast(adaptor.getIndex(), rewriter.getI64Type());
    // A 0-d index selects one element and keeps the dim.
    if (getRank(index) == 0)
      index = b.unsqueeze(index, {0});
    rewriter.replaceOp(op, b.create<ONNX::GatherOp>(
                               type, {adaptor.getSelf(), index},
                               {b.intAttr("axis", normalizeDim(*dim, *rank))}));
    return success();
  }
};

/// gather(self, dim, index) and take_along_dim with a dim: GatherElements.
template <typename OpTy>
struct ConvertGatherElements : public ONNXConversionPattern<OpTy> {
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
    ONNXBuilder b(rewriter, op.getLoc());
    constexpr bool isGather = std::is_same_v<OpTy, Torch::AtenGatherOp>;
    Value self = adaptor.getSelf();
    Value index = b.cast(adaptor.getOperands()[isGather ? 2 : 1],
                         rewriter.getI64Type());
    int64_t axis = normalizeDim(*dim, *rank);
    if (!isGather) {
      // take_along_dim broadcasts self and the indices in the other dims.
      std::optional<SmallVector<int64_t>> selfShape = getShape(self);
      std::optional<SmallVector<int64_t>> indexShape = getShape(index);
      if (!selfShape || !indexShape || indexShape->size() != selfShape->size())
        return rewriter.notifyMatchFailure(op, "indices of another rank");
      SmallVector<int64_t> others(*rank, 1);
      others[axis] = 0;
      bool broadcasts = false;
      for (int64_t d = 0; d < *rank; ++d)
        broadcasts |= d != axis && ((*selfShape)[d] != (*indexShape)[d] ||
                                    (*selfShape)[d] == ShapedType::kDynamic);
      if (broadcasts) {
        // Each expanded to the other's shape with 1 at the axis.
        auto expandTo = [&](Value x, Value like) {
          Value shape = b.binary<ONNX::MulOp>(b.shapeOf(like),
                                              b.i64Tensor(others));
          SmallVector<int64_t> unit(*rank, 0);
          unit[axis] = 1;
          shape = b.binary<ONNX::AddOp>(shape, b.i64Tensor(unit));
          SmallVector<int64_t> dims(*rank, ShapedType::kDynamic);
          return b.create<ONNX::ExpandOp>(
              RankedTensorType::get(dims, getElementType(x)), {x, shape});
        };
        Value expandedSelf = expandTo(self, index);
        index = expandTo(index, self);
        self = expandedSelf;
      }
    }
    rewriter.replaceOp(op, b.create<ONNX::GatherElementsOp>(
                               type, {self, index},
                               {b.intAttr("axis", axis)}));
    return success();
  }
};

/// The index tensors of an `aten.index.Tensor` list: null for None.
std::optional<SmallVector<Value>>
getIndexTensors(ConversionPatternRewriter &rewriter, Value list) {
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return std::nullopt;
  SmallVector<Value> indices;
  for (Value element : *elements) {
    if (isNone(element)) {
      indices.push_back({});
      continue;
    }
    Value converted = rewriter.getRemappedValue(element);
    if (!converted || !isa<RankedTensorType>(converted.getType()))
      return std::nullopt;
    indices.push_back(converted);
  }
  return indices;
}

/// index.Tensor and index.Tensor_hacked_twin for the common cases: one
/// integer index at any position (Gather), one bool mask in front
/// (GatherND of its NonZero), or integer indices on the leading dims
/// (GatherND of the stacked indices).
template <typename OpTy>
struct ConvertIndexTensor : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    std::optional<SmallVector<Value>> indices =
        getIndexTensors(rewriter, op.getIndices());
    if (!type || !rank || !indices || indices->empty())
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i64 = rewriter.getI64Type();
    SmallVector<int64_t> positions;
    for (auto [i, index] : llvm::enumerate(*indices))
      if (index)
        positions.push_back(i);
    if (positions.empty())
      return rewriter.notifyMatchFailure(op, "no index tensor");

    Value first = (*indices)[positions.front()];
    if (positions.size() == 1 && !isBoolType(getElementType(first))) {
      rewriter.replaceOp(
          op, b.create<ONNX::GatherOp>(type, {input, b.cast(first, i64)},
                                       {b.intAttr("axis", positions[0])}));
      return success();
    }
    if (positions.size() == 1 && positions[0] == 0) {
      // x[mask]: the elements (or rows) where the mask is true.
      int64_t maskRank = *getRank(first);
      Value nonZero = b.create<ONNX::NonZeroOp>(
          RankedTensorType::get({maskRank, ShapedType::kDynamic}, i64), first);
      Value coordinates = b.transpose(nonZero, {1, 0});
      rewriter.replaceOp(
          op, b.create<ONNX::GatherNDOp>(type, {input, coordinates}));
      return success();
    }
    // Integer indices on dims 0..k-1. Indices of different shapes
    // broadcast against each other, as in x[rows[:, None], cols[None, :]]:
    // each is expanded to the shape of their sum.
    for (auto [i, position] : llvm::enumerate(positions))
      if (position != static_cast<int64_t>(i))
        return rewriter.notifyMatchFailure(op, "unsupported index layout");
    SmallVector<Value> integerIndices;
    bool sameShapes = true;
    for (int64_t position : positions) {
      Value index = (*indices)[position];
      if (isBoolType(getElementType(index)))
        return rewriter.notifyMatchFailure(op, "bool index among several");
      sameShapes &= index.getType() == first.getType() &&
                    getShape(index) && !llvm::is_contained(*getShape(index),
                                                           ShapedType::kDynamic);
      integerIndices.push_back(b.cast(index, i64));
    }
    if (!sameShapes) {
      Value sum = integerIndices.front();
      for (Value index : ArrayRef(integerIndices).drop_front())
        sum = b.binary<ONNX::AddOp>(sum, index);
      Value shape = b.shapeOf(sum);
      for (Value &index : integerIndices)
        index = b.create<ONNX::ExpandOp>(sum.getType(), {index, shape});
    }
    int64_t indexRank = *getRank(integerIndices.front());
    SmallVector<Value> columns;
    for (Value index : integerIndices)
      columns.push_back(b.unsqueeze(index, {indexRank}));
    Value stacked = b.concat(columns, indexRank);
    rewriter.replaceOp(op, b.create<ONNX::GatherNDOp>(type, {input, stacked}));
    return success();
  }
};

/// Writes `values` into `input` at the positions of the 1-D integer `index`
/// along `axis`: ScatterElements of `values` broadcast to the indexed shape
/// (`input`'s with `axis` as long as `index`), and of `index` broadcast to
/// it too. `accumulate` adds instead of writing.
static FailureOr<Value> scatterAlongDim(ONNXBuilder &b, RankedTensorType type,
                                        Value input, Value index, Value values,
                                        int64_t axis, bool accumulate) {
  std::optional<int64_t> rank = getRank(input);
  std::optional<SmallVector<int64_t>> indexShape = getShape(index);
  if (!rank || !indexShape || indexShape->size() != 1 || axis >= *rank)
    return failure();
  Type i64 = b.getBuilder().getI64Type();
  SmallVector<int64_t> indexedShape(type.getShape());
  indexedShape[axis] = indexShape->front();
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < *rank; ++d)
    sizes.push_back(d == axis ? b.shapeOf(index) : b.dimSize(input, d));
  Value shape = b.concatSizes(sizes);
  auto indexedType = RankedTensorType::get(indexedShape, type.getElementType());
  Value expandedValues = b.create<ONNX::ExpandOp>(indexedType, {values, shape});
  SmallVector<int64_t> column(*rank, 1);
  column[axis] = -1;
  Value positions = b.reshape(b.cast(index, i64), column);
  Value expandedIndex =
      b.create<ONNX::ExpandOp>(indexedType.clone(i64), {positions, shape});
  SmallVector<NamedAttribute> attrs{b.intAttr("axis", axis)};
  if (accumulate)
    attrs.push_back(b.stringAttr("reduction", "add"));
  return b.create<ONNX::ScatterElementsOp>(
      type, {input, expandedIndex, expandedValues}, attrs);
}

/// index_put with one bool mask of the input's leading dims and values
/// that each selected element shares: Where. With one integer index on dim 0:
/// ScatterND. With one 1-D integer index on a later dim (`x[:, index] =
/// values`): ScatterElements.
template <typename OpTy>
struct ConvertIndexPut : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    std::optional<SmallVector<Value>> indices =
        getIndexTensors(rewriter, op.getIndices());
    std::optional<bool> accumulate = Torch::matchConstantBool(op.getAccumulate());
    if (!type || !indices || indices->empty() || !accumulate)
      return rewriter.notifyMatchFailure(op, "unsupported index_put");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    // `x[:, index] = values`: one 1-D integer index after leading Nones.
    if (indices->size() > 1 || !indices->front()) {
      if (llvm::any_of(ArrayRef(*indices).drop_back(),
                       [](Value index) { return index; }) ||
          !indices->back() || isBoolType(getElementType(indices->back())))
        return rewriter.notifyMatchFailure(op, "unsupported index_put");
      if (*accumulate && this->opset < 16)
        return rewriter.notifyMatchFailure(op, "accumulating before opset 16");
      Value values = b.cast(adaptor.getValues(), type.getElementType());
      FailureOr<Value> result =
          scatterAlongDim(b, type, input, indices->back(), values,
                          indices->size() - 1, *accumulate);
      if (failed(result))
        return rewriter.notifyMatchFailure(op, "unsupported index_put");
      rewriter.replaceOp(op, *result);
      return success();
    }
    Value index = indices->front();
    Value values = b.cast(adaptor.getValues(), type.getElementType());
    if (isBoolType(getElementType(index))) {
      // A mask of the leading dims, and values that every selected element
      // shares (no dim for the count of selected elements, or one of 1).
      std::optional<SmallVector<int64_t>> maskShape = getShape(index);
      std::optional<int64_t> valuesRank = getRank(values);
      if (!maskShape || !valuesRank ||
          maskShape->size() > static_cast<size_t>(type.getRank()) ||
          !llvm::equal(*maskShape,
                       type.getShape().take_front(maskShape->size())) ||
          llvm::any_of(*maskShape, ShapedType::isDynamic))
        return rewriter.notifyMatchFailure(op, "unsupported mask");
      int64_t trailing = type.getRank() - maskShape->size();
      if (*valuesRank > trailing + 1 ||
          (*valuesRank == trailing + 1 && (*getShape(values))[0] != 1))
        return rewriter.notifyMatchFailure(op, "values per selected element");
      SmallVector<int64_t> axes;
      for (int64_t d = maskShape->size(); d < type.getRank(); ++d)
        axes.push_back(d);
      Value mask = axes.empty() ? index : b.unsqueeze(index, axes);
      if (*accumulate)
        values = b.binary<ONNX::AddOp>(input, values);
      rewriter.replaceOp(op,
                         b.create<ONNX::WhereOp>(type, {mask, values, input}));
      return success();
    }
    if (*accumulate && this->opset < 16)
      return rewriter.notifyMatchFailure(op, "accumulating before opset 16");
    // Updates have the index shape followed by the remaining dims.
    std::optional<SmallVector<int64_t>> indexShape = getShape(index);
    SmallVector<int64_t> updateShape(*indexShape);
    updateShape.append(type.getShape().begin() + 1, type.getShape().end());
    auto updateType = RankedTensorType::get(updateShape, type.getElementType());
    if (values.getType() != updateType) {
      if (!updateType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "dynamic update shape");
      values = b.create<ONNX::ExpandOp>(updateType,
                                        {values, b.i64Tensor(updateShape)});
    }
    Value coordinates = b.unsqueeze(b.cast(index, rewriter.getI64Type()),
                                    {static_cast<int64_t>(indexShape->size())});
    SmallVector<NamedAttribute> attrs;
    if (*accumulate)
      attrs.push_back(b.stringAttr("reduction", "add"));
    rewriter.replaceOp(op, b.create<ONNX::ScatterNDOp>(
                               type, {input, coordinates, values}, attrs));
    return success();
  }
};

/// index_copy(self, dim, index, source) and index_add(self, dim, index,
/// source, alpha): ScatterElements along dim, which adds `alpha * source`
/// for index_add (from opset 16, which has the reduction).
template <typename OpTy>
struct ConvertIndexCopy : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  static constexpr bool kAdd = std::is_same_v<OpTy, Torch::AtenIndexAddOp>;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !dim || type.getRank() == 0 ||
        !isValidDim(*dim, type.getRank()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    if (kAdd && this->opset < 16)
      return rewriter.notifyMatchFailure(op, "accumulating before opset 16");
    ONNXBuilder b(rewriter, op.getLoc());
    Value source = b.cast(adaptor.getSource(), type.getElementType());
    if constexpr (kAdd) {
      std::optional<double> alpha = Torch::matchConstantFloat(op.getAlpha());
      if (!alpha)
        return rewriter.notifyMatchFailure(op, "non-constant alpha");
      if (*alpha != 1.0)
        source = b.binary<ONNX::MulOp>(
            source, b.scalar(type.getElementType(), *alpha));
    }
    // A 0-d index names one position.
    Value index = adaptor.getIndex();
    if (getRank(index) == 0)
      index = b.reshape(index, {1});
    FailureOr<Value> result =
        scatterAlongDim(b, type, adaptor.getSelf(), index, source,
                        normalizeDim(*dim, type.getRank()), kAdd);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported index");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// index_fill.int_Scalar(self, dim, index, value) and index_fill.int_Tensor,
/// which have no generated op: Where of `value` at the positions along dim
/// that `index` names (negative ones counting from the end), found by
/// comparing every position with every index.
struct ConvertIndexFill : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = op.getName();
    if (name != "aten::index_fill.int_Scalar" &&
        name != "aten::index_fill.int_Tensor")
      return failure();
    if (op->getNumOperands() != 4 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult(0));
    std::optional<int64_t> dim = Torch::matchConstantInt(op->getOperand(1));
    Value self = adaptor.getOperands()[0];
    Value index = adaptor.getOperands()[2];
    std::optional<int64_t> indexRank = getRank(index);
    if (!type || !dim || !indexRank || *indexRank > 1 ||
        getRank(self) != type.getRank() ||
        !isValidDim(*dim, std::max<int64_t>(type.getRank(), 1)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    Location loc = op.getLoc();
    ONNXBuilder b(rewriter, loc);
    Type elementType = type.getElementType();
    Type i64 = rewriter.getI64Type();
    // A 0-d self is filled like a 1-element vector.
    int64_t rank = std::max<int64_t>(type.getRank(), 1);
    int64_t axis = normalizeDim(*dim, rank);
    if (type.getRank() == 0)
      self = b.reshape(self, {1});
    Value size = b.dimSize(self, axis);
    Value positions = b.create<ONNX::RangeOp>(
        RankedTensorType::get({ShapedType::kDynamic}, i64),
        {b.intScalar(i64, 0), size, b.intScalar(i64, 1)});
    Value wanted = b.reshape(b.cast(index, i64), {-1});
    Value negative = b.binary<ONNX::LessOp>(wanted, b.intScalar(i64, 0),
                                            rewriter.getI1Type());
    wanted = b.create<ONNX::WhereOp>(
        wanted.getType(),
        {negative, b.binary<ONNX::AddOp>(wanted, size), wanted});
    Value hits = b.cast(
        b.binary<ONNX::EqualOp>(b.unsqueeze(positions, {1}),
                                b.unsqueeze(wanted, {0}),
                                rewriter.getI1Type()),
        i64);
    Value filled = b.binary<ONNX::GreaterOp>(
        b.reduce<ONNX::ReduceMaxOp>(hits, {1}, /*keepdims=*/false),
        b.intScalar(i64, 0), rewriter.getI1Type());
    SmallVector<int64_t> column(rank, 1);
    column[axis] = -1;
    filled = b.reshape(filled, column);
    FailureOr<Value> value = getOperandAs(rewriter, loc, op->getOperand(3),
                                          adaptor.getOperands()[3],
                                          elementType);
    if (failed(value))
      return rewriter.notifyMatchFailure(op, "unsupported value");
    auto selfType = cast<RankedTensorType>(self.getType());
    Value result = b.create<ONNX::WhereOp>(
        selfType.clone(elementType), {filled, *value, self});
    if (type.getRank() == 0)
      result = b.reshape(result, {}, type);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// one_hot(self, num_classes): OneHot with off and on values 0 and 1 along
/// a new last dim of `num_classes`, or of max(self) + 1 when it is -1.
struct ConvertOneHot : public ONNXConversionPattern<Torch::AtenOneHotOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenOneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<int64_t> classes =
        Torch::matchConstantInt(op.getNumClasses());
    if (!type || !type.getElementType().isInteger(64) || !classes ||
        *classes < -1)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    if (!rank)
      return rewriter.notifyMatchFailure(op, "input of unknown rank");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i64 = rewriter.getI64Type();
    Value self = b.cast(adaptor.getSelf(), i64);
    Value depth = b.intScalar(i64, *classes);
    if (*classes == -1) {
      SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, *rank));
      depth = b.binary<ONNX::AddOp>(
          b.reduce<ONNX::ReduceMaxOp>(self, all, /*keepdims=*/false),
          b.intScalar(i64, 1));
    }
    Value values = b.constant(DenseElementsAttr::get(
        RankedTensorType::get({2}, type.getElementType()),
        ArrayRef<int64_t>{0, 1}));
    rewriter.replaceOp(op, b.create<ONNX::OneHotOp>(
                               type, {self, depth, values},
                               {b.intAttr("axis", -1)}));
    return success();
  }
};

/// masked_select(self, mask): the elements of `self` where `mask` is true,
/// both broadcast to one shape (Expand broadcasts both ways) and flattened,
/// by Compress.
struct ConvertMaskedSelect
    : public ONNXConversionPattern<Torch::AtenMaskedSelectOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenMaskedSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    if (!type || type.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Value self = adaptor.getSelf(), mask = adaptor.getMask();
    auto broadcast = dyn_cast<RankedTensorType>(
        getBroadcastType(self, mask, type.getElementType()));
    if (!broadcast)
      return rewriter.notifyMatchFailure(op, "operands of unknown rank");
    ONNXBuilder b(rewriter, op.getLoc());
    Value values =
        b.create<ONNX::ExpandOp>(broadcast, {self, b.shapeOf(mask)});
    Value condition = b.create<ONNX::ExpandOp>(
        broadcast.clone(rewriter.getI1Type()),
        {b.cast(mask, rewriter.getI1Type()), b.shapeOf(values)});
    rewriter.replaceOp(op, b.create<ONNX::CompressOp>(
                               type, {values, b.reshape(condition, {-1})}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// flip and roll
//===----------------------------------------------------------------------===//

/// flip, fliplr (dim 1) and flipud (dim 0): Slice with step -1 along each
/// dim.
template <typename OpTy>
struct ConvertFlip : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<SmallVector<int64_t>> dims;
    if constexpr (std::is_same_v<OpTy, Torch::AtenFlipOp>)
      dims = Torch::matchConstantIntList(op.getDims());
    else if constexpr (std::is_same_v<OpTy, Torch::AtenFliplrOp>)
      dims = SmallVector<int64_t>{1};
    else
      dims = SmallVector<int64_t>{0};
    if (!type || !rank || !dims)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    if (dims->empty()) {
      rewriter.replaceOp(op, adaptor.getSelf());
      return success();
    }
    SmallVector<int64_t> axes;
    for (int64_t dim : *dims) {
      if (!isValidDim(dim, *rank))
        return rewriter.notifyMatchFailure(op, "invalid dim");
      axes.push_back(normalizeDim(dim, *rank));
    }
    int64_t count = axes.size();
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op,
        b.create<ONNX::SliceOp>(
            type,
            {adaptor.getSelf(), b.i64Tensor(SmallVector<int64_t>(count, -1)),
             b.i64Tensor(SmallVector<int64_t>(count, kInt64Min)),
             b.i64Tensor(axes), b.i64Tensor(SmallVector<int64_t>(count, -1))}));
    return success();
  }
};

/// roll: for each dim, the last `shift` elements moved to the front with
/// two Slices and a Concat. Without dims, the flattened tensor rolls.
struct ConvertRoll : public ONNXConversionPattern<Torch::AtenRollOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenRollOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shifts =
        Torch::matchConstantIntList(op.getShifts());
    std::optional<SmallVector<int64_t>> dims = Torch::matchConstantIntList(op.getDims());
    Value input = adaptor.getSelf();
    if (!type || !shifts || !dims || !getRank(input))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    bool flatten = dims->empty();
    if (flatten) {
      input = b.reshape(input, {-1});
      dims->assign({0});
    }
    if (shifts->size() != dims->size())
      return rewriter.notifyMatchFailure(op, "shifts and dims differ");
    int64_t rank = *getRank(input);
    Value result = input;
    for (auto [shift, dim] : llvm::zip(*shifts, *dims)) {
      if (!isValidDim(dim, rank))
        return rewriter.notifyMatchFailure(op, "invalid dim");
      int64_t axis = normalizeDim(dim, rank);
      int64_t size = getShape(result).value()[axis];
      int64_t s = shift;
      if (size != ShapedType::kDynamic)
        s = size == 0 ? 0 : ((shift % size) + size) % size;
      if (s == 0)
        continue;
      auto slice = [&](int64_t start, int64_t end) {
        SmallVector<int64_t> sliceShape = *getShape(result);
        auto clampIndex = [&](int64_t index) {
          if (index < 0)
            index += size;
          return std::clamp<int64_t>(index, 0, size);
        };
        sliceShape[axis] = size == ShapedType::kDynamic
                               ? ShapedType::kDynamic
                               : clampIndex(end) - clampIndex(start);
        return b.create<ONNX::SliceOp>(
            RankedTensorType::get(sliceShape, type.getElementType()),
            {result, b.i64Tensor({start}), b.i64Tensor({end}),
             b.i64Tensor({axis}), b.none()});
      };
      Value tail = slice(-s, kInt64Max);
      Value head = slice(0, -s);
      result = b.concat({tail, head}, axis);
    }
    if (flatten)
      result = b.reshape(result, type.getShape(), type);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Padding
//===----------------------------------------------------------------------===//

/// Replicate or circular padding by `pads` (ONNX order) as a Gather per
/// padded dim, as PyTorch computes it: output position j of a dim of size n
/// reads input position clamp(j - begin, 0, n - 1), or (j - begin) mod n.
/// ONNX's edge mode finds no edge when a negative pad removes it, and ONNX
/// has no circular mode before opset 19. The padded dims must be static.
LogicalResult padByGather(Operation *op, Value input, TensorType type,
                          ArrayRef<int64_t> pads, bool circular,
                          ConversionPatternRewriter &rewriter) {
  std::optional<SmallVector<int64_t>> shape = getShape(input);
  int64_t rank = pads.size() / 2;
  if (!shape)
    return rewriter.notifyMatchFailure(op, "unranked input");
  ONNXBuilder b(rewriter, op->getLoc());
  Value result = input;
  SmallVector<int64_t> resultShape(*shape);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t begin = pads[d], end = pads[rank + d], size = (*shape)[d];
    if (begin == 0 && end == 0)
      continue;
    if (ShapedType::isDynamic(size) || size == 0 || size + begin + end < 0)
      return rewriter.notifyMatchFailure(op, "dynamic or empty padded dim");
    SmallVector<int64_t> positions;
    for (int64_t j = 0; j < size + begin + end; ++j)
      positions.push_back(circular
                              ? ((j - begin) % size + size) % size
                              : std::clamp<int64_t>(j - begin, 0, size - 1));
    resultShape[d] = positions.size();
    result = b.create<ONNX::GatherOp>(
        RankedTensorType::get(resultShape, getElementType(input)),
        {result, b.i64Tensor(positions)}, {b.intAttr("axis", d)});
  }
  rewriter.replaceOp(op, result);
  return success();
}

/// Pads `input` (rank `rank`) by Torch pad list `padList` (begin/end pairs
/// from the last dim backwards) in ONNX mode `mode`.
LogicalResult convertPad(Operation *op, Value input, Value padList,
                         StringRef mode, Value torchValue,
                         const TypeConverter *typeConverter,
                         ConversionPatternRewriter &rewriter) {
  TensorType type = getConvertedTensorType(typeConverter, op->getResult(0));
  std::optional<int64_t> rank = getRank(input);
  std::optional<SmallVector<Value>> padElements = getListElements(padList);
  std::optional<SmallVector<int64_t>> pad = Torch::matchConstantIntList(padList);
  size_t numPads = pad ? pad->size() : padElements ? padElements->size() : 1;
  if (!type || !rank || (!pad && !padElements) || numPads % 2 != 0 ||
      static_cast<int64_t>(numPads) > 2 * *rank)
    return rewriter.notifyMatchFailure(op, "unsupported padding");
  ONNXBuilder b(rewriter, op->getLoc());
  // Torch lists (begin, end) pairs from the last dim backwards; ONNX all
  // begins, then all ends, from the first dim.
  auto onnxIndex = [&](size_t i) {
    int64_t dim = *rank - 1 - static_cast<int64_t>(i / 2);
    return i % 2 == 0 ? dim : dim + *rank;
  };
  Value padsTensor;
  if (pad) {
    SmallVector<int64_t> pads(2 * *rank, 0);
    for (size_t i = 0; i < numPads; ++i)
      pads[onnxIndex(i)] = (*pad)[i];
    if (llvm::all_of(pads, [](int64_t p) { return p == 0; }) &&
        input.getType() == type) {
      rewriter.replaceOp(op, input);
      return success();
    }
    if (mode == "circular" ||
        (mode == "edge" && llvm::any_of(pads, [](int64_t p) { return p < 0; })))
      return padByGather(op, input, type, pads, mode == "circular", rewriter);
    padsTensor = b.i64Tensor(pads);
  } else {
    // Amounts known only at run time, as of dynamic shapes: runs of
    // constants and the run-time amounts, concatenated.
    SmallVector<Value> amounts(2 * *rank);
    SmallVector<int64_t> constants(2 * *rank, 0);
    for (size_t i = 0; i < numPads; ++i) {
      Value element = (*padElements)[i];
      if (std::optional<int64_t> v = Torch::matchConstantInt(element)) {
        constants[onnxIndex(i)] = *v;
        continue;
      }
      FailureOr<Value> amount = getScalarAsTensor(
          rewriter, op->getLoc(), element, rewriter.getI64Type());
      if (failed(amount))
        return rewriter.notifyMatchFailure(op, "unsupported pad amount");
      amounts[onnxIndex(i)] = b.unsqueeze(*amount, {0});
    }
    SmallVector<Value> parts;
    SmallVector<int64_t> run;
    for (auto [amount, constant] : llvm::zip(amounts, constants)) {
      if (!amount) {
        run.push_back(constant);
        continue;
      }
      if (!run.empty())
        parts.push_back(b.i64Tensor(run));
      run.clear();
      parts.push_back(amount);
    }
    if (!run.empty())
      parts.push_back(b.i64Tensor(run));
    padsTensor = b.concat(parts, 0);
  }
  if (mode == "circular")
    return rewriter.notifyMatchFailure(op, "circular padding by run-time pads");
  Value value = b.none();
  if (mode == "constant" && torchValue && !isNone(torchValue)) {
    FailureOr<Value> fill = getScalarAsTensor(
        rewriter, op->getLoc(), torchValue, type.getElementType());
    if (failed(fill))
      return failure();
    value = *fill;
  }
  // No `axes` (opset 18): the pads cover every dim.
  rewriter.replaceOp(op, b.create<ONNX::PadOp>(
                             type, {input, padsTensor, value, b.none()},
                             {b.stringAttr("mode", mode)}));
  return success();
}

/// constant_pad_nd(self, pad, value).
struct ConvertConstantPad
    : public ONNXConversionPattern<Torch::AtenConstantPadNdOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenConstantPadNdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return convertPad(op, adaptor.getSelf(), op.getPad(), "constant",
                      op.getValue(), getTypeConverter(), rewriter);
  }
};

/// pad(self, pad, mode, value): constant, reflect, replicate (edge) and
/// circular.
struct ConvertPad : public ONNXConversionPattern<Torch::AtenPadOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenPadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto mode = op.getMode().getDefiningOp<Torch::ConstantStrOp>();
    if (!mode)
      return rewriter.notifyMatchFailure(op, "non-constant mode");
    StringRef onnxMode = llvm::StringSwitch<StringRef>(mode.getValue())
                             .Case("constant", "constant")
                             .Case("reflect", "reflect")
                             .Case("replicate", "edge")
                             .Case("circular", "circular")
                             .Default("");
    if (onnxMode.empty())
      return rewriter.notifyMatchFailure(op, "unsupported padding mode");
    return convertPad(op, adaptor.getSelf(), op.getPad(), onnxMode,
                      op.getValue(), getTypeConverter(), rewriter);
  }
};

/// reflection_pad*d and replication_pad*d.
template <typename OpTy, bool IsReflection>
struct ConvertModePad : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return convertPad(op, adaptor.getSelf(), op.getPadding(),
                      IsReflection ? "reflect" : "edge", Value(),
                      this->getTypeConverter(), rewriter);
  }
};

} // namespace

void torch_to_onnx::populateIndexingPatterns(TypeConverter &typeConverter,
                                             RewritePatternSet &patterns,
                                             int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertSlice, ConvertDiff, ConvertNarrow<AtenNarrowOp>,
              ConvertNarrow<AtenNarrowTensorOp>, ConvertSelect,
              ConvertIndexSelect, ConvertAsStrided, ConvertNonzero,
              ConvertUnfold<AtenUnfoldOp>, ConvertUnfold<AtenUnfoldCopyOp>,
              ConvertGatherElements<AtenGatherOp>,
              ConvertGatherElements<AtenTakeAlongDimOp>,
              ConvertIndexTensor<AtenIndexTensorOp>,
              ConvertIndexTensor<AtenIndexTensorHackedTwinOp>,
              ConvertIndexPut<AtenIndexPutOp>,
              ConvertIndexPut<AtenIndexPutHackedTwinOp>,
      ConvertIndexCopy<AtenIndexCopyOp>, ConvertIndexCopy<AtenIndexAddOp>,
      ConvertMaskedSelect, ConvertOneHot, ConvertIndexFill>(
      typeConverter, patterns, opset);
  addPatterns<ConvertFlip<AtenFlipOp>, ConvertFlip<AtenFliplrOp>,
              ConvertFlip<AtenFlipudOp>, ConvertRoll, ConvertConstantPad, ConvertPad,
              ConvertModePad<AtenReflectionPad1dOp, true>,
              ConvertModePad<AtenReflectionPad2dOp, true>,
              ConvertModePad<AtenReplicationPad1dOp, false>,
              ConvertModePad<AtenReplicationPad2dOp, false>>(typeConverter,
                                                             patterns, opset);
}
