//===- Pooling.cpp - Pooling, resizing and pixel shuffles to ONNX ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// max/avg pooling become MaxPool/AveragePool; avg pooling with a
// divisor_override a depthwise Conv of ones and a Div. The backward of
// max_pool2d scatters the gradients at the indices, and im2col gathers the
// windows' elements. Adaptive pooling becomes the global pool when the
// output is 1x1, a plain pool with a computed kernel and stride when the
// input divides evenly, and otherwise one axis at a
// time a Slice and ReduceMax/ReduceMean per output position, concatenated
// (the windows are products of per-axis ranges, so this is exact).
// Upsampling becomes Resize, antialiased bilinear upsampling two MatMuls
// with weights computed at compile time, pixel_shuffle DepthToSpace.
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

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// `count` ints from constant list `list`, where a single element stands
/// for all of them and an empty list for `fallback`.
std::optional<SmallVector<int64_t>>
getPoolList(Value list, int64_t count, ArrayRef<int64_t> fallback = {}) {
  std::optional<SmallVector<int64_t>> values = Torch::matchConstantIntList(list);
  if (!values)
    return std::nullopt;
  if (values->empty() && !fallback.empty())
    return SmallVector<int64_t>(fallback);
  if (values->size() == 1 && count > 1)
    values->assign(count, (*values)[0]);
  if (static_cast<int64_t>(values->size()) != count)
    return std::nullopt;
  return values;
}

/// The operands of max_pool*d and avg_pool*d.
struct PoolOperands {
  Value input;                             // converted
  Value kernel, stride, padding, dilation; // Torch lists; dilation null
                                           // for avg
  Value ceilMode, countIncludePad, divisorOverride; // Torch scalars or null
  bool isMax = true;
};

/// Whether ONNX needs ceil_mode for the output sizes of `type`: PyTorch's
/// ceil mode drops a last window that would start in the padding, which is
/// the floor-mode size.
bool needsCeilMode(ArrayRef<int64_t> inputShape, ArrayRef<int64_t> outputShape,
                   ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                   ArrayRef<int64_t> pads, ArrayRef<int64_t> dilations) {
  int64_t spatialRank = kernel.size();
  int64_t offset = inputShape.size() - spatialRank;
  for (int64_t i = 0; i < spatialRank; ++i) {
    int64_t in = inputShape[offset + i], out = outputShape[offset + i];
    if (in == ShapedType::kDynamic || out == ShapedType::kDynamic)
      return true;
    int64_t span = in + pads[i] + pads[i + spatialRank] -
                   dilations[i] * (kernel[i] - 1) - 1;
    if (span / strides[i] + 1 != out)
      return true;
  }
  return false;
}

/// The sums of the pooling windows of `input` [N, C, *] (zero padding
/// included) for output type `type`: a depthwise Conv with a kernel of ones,
/// whose end padding gives the output sizes of `type` (PyTorch's ceil mode
/// included). Fails unless the channels and spatial sizes are static.
FailureOr<Value> createWindowSum(ONNXBuilder &b, Value input,
                                 RankedTensorType type,
                                 ArrayRef<int64_t> kernel,
                                 ArrayRef<int64_t> strides,
                                 ArrayRef<int64_t> padding) {
  std::optional<SmallVector<int64_t>> shape = getShape(input);
  int64_t spatialRank = kernel.size();
  if (!shape || ShapedType::isDynamic((*shape)[1]) ||
      llvm::any_of(ArrayRef(*shape).take_back(spatialRank),
                   ShapedType::isDynamic) ||
      llvm::any_of(type.getShape().take_back(spatialRank),
                   ShapedType::isDynamic))
    return failure();
  SmallVector<int64_t> pads(padding);
  for (int64_t i = 0; i < spatialRank; ++i) {
    int64_t in = (*shape)[2 + i], out = type.getDimSize(2 + i);
    pads.push_back(std::max<int64_t>(0, (out - 1) * strides[i] + kernel[i] -
                                            in - padding[i]));
  }
  int64_t channels = (*shape)[1];
  SmallVector<int64_t> weightShape{channels, 1};
  weightShape.append(kernel.begin(), kernel.end());
  Value weight =
      b.splat(RankedTensorType::get(weightShape, type.getElementType()), 1.0);
  return b.create<ONNX::ConvOp>(
      type, {input, weight, b.none()},
      {b.intAttr("group", channels), b.intsAttr("kernel_shape", kernel),
       b.intsAttr("pads", pads), b.intsAttr("strides", strides)});
}

/// `pooled`, the MaxPool with `attrs` of float `input`, with NaN for each
/// window that holds one, as PyTorch's max pooling gives: onnxruntime's
/// MaxPool skips NaN. With `indices` (positions in the plane), also the
/// position of the window's last NaN, PyTorch's index; `planeShape` is then
/// the input's static spatial shape.
void propagatePoolNaN(ONNXBuilder &b, Value input,
                      ArrayRef<NamedAttribute> attrs,
                      ArrayRef<int64_t> planeShape, Value &pooled,
                      Value *indices) {
  auto type = cast<RankedTensorType>(pooled.getType());
  if (!isFloatType(type.getElementType()))
    return;
  OpBuilder &builder = b.getBuilder();
  int64_t planeSize = 1;
  for (int64_t size : planeShape)
    planeSize *= size;
  // Positions are marked exactly in f32 up to 2^24.
  Type markType = indices && planeSize >= (int64_t(1) << 24)
                      ? Type(builder.getF64Type())
                      : Type(builder.getF32Type());
  Value marks = b.cast(b.predicate<ONNX::IsNaNOp>(input), markType);
  if (indices) {
    // 1 + the position in the plane at each NaN, 0 elsewhere: the largest
    // mark of a window is its last NaN's.
    Value positions = b.create<ONNX::RangeOp>(
        RankedTensorType::get({planeSize}, markType),
        {b.scalar(markType, 1), b.scalar(markType, planeSize + 1),
         b.scalar(markType, 1)});
    marks = b.binary<ONNX::MulOp>(marks, b.reshape(positions, planeShape));
  }
  Value worst = b.createOp<ONNX::MaxPoolOp>(
                     TypeRange{type.clone(markType), builder.getNoneType()},
                     marks, attrs)
                    ->getResult(0);
  Value hasNaN = b.binary<ONNX::GreaterOp>(worst, b.scalar(markType, 0),
                                           builder.getI1Type());
  Value nan = b.scalar(type.getElementType(),
                       std::numeric_limits<double>::quiet_NaN());
  pooled = b.create<ONNX::WhereOp>(type, {hasNaN, nan, pooled});
  if (indices) {
    Value last = b.binary<ONNX::SubOp>(b.cast(worst, builder.getI64Type()),
                                       b.i64Scalar(1));
    *indices = b.create<ONNX::WhereOp>(indices->getType(),
                                       {hasNaN, last, *indices});
  }
}

LogicalResult convertPool(Operation *op, const PoolOperands &operands,
                          const TypeConverter *typeConverter,
                          ConversionPatternRewriter &rewriter) {
  auto type = getConvertedRankedType(typeConverter, op->getResult(0));
  std::optional<SmallVector<int64_t>> inputShape = getShape(operands.input);
  if (!type || !inputShape)
    return rewriter.notifyMatchFailure(op, "unranked operands");
  std::optional<SmallVector<int64_t>> kernel =
      Torch::matchConstantIntList(operands.kernel);
  if (!kernel || kernel->empty())
    return rewriter.notifyMatchFailure(op, "non-constant kernel size");
  int64_t inputRank = inputShape->size();
  // int[2] kernel_size=3 arrives as [3] in some traces.
  int64_t spatialRank =
      kernel->size() == 1 && inputRank > 3 ? inputRank - 2 : kernel->size();
  kernel = getPoolList(operands.kernel, spatialRank);
  bool unbatched = inputRank == spatialRank + 1;
  if (!kernel || (!unbatched && inputRank != spatialRank + 2))
    return rewriter.notifyMatchFailure(op, "input rank mismatch");
  std::optional<SmallVector<int64_t>> strides =
      getPoolList(operands.stride, spatialRank, *kernel);
  std::optional<SmallVector<int64_t>> padding =
      getPoolList(operands.padding, spatialRank);
  SmallVector<int64_t> ones(spatialRank, 1);
  std::optional<SmallVector<int64_t>> dilations =
      operands.dilation ? getPoolList(operands.dilation, spatialRank)
                        : std::optional<SmallVector<int64_t>>(ones);
  std::optional<bool> ceilMode = Torch::matchConstantBool(operands.ceilMode);
  if (!strides || !padding || !dilations || !ceilMode)
    return rewriter.notifyMatchFailure(op, "non-constant pool parameters");
  SmallVector<int64_t> pads(*padding);
  pads.append(padding->begin(), padding->end());

  ONNXBuilder b(rewriter, op->getLoc());
  Value input = operands.input;
  RankedTensorType poolType = type;
  SmallVector<int64_t> poolInputShape(*inputShape);
  if (unbatched) {
    input = b.unsqueeze(input, {0});
    SmallVector<int64_t> shape{1};
    shape.append(type.getShape().begin(), type.getShape().end());
    poolType = RankedTensorType::get(shape, type.getElementType());
    poolInputShape.insert(poolInputShape.begin(), 1);
  }
  bool ceil = *ceilMode && needsCeilMode(poolInputShape, poolType.getShape(),
                                         *kernel, *strides, pads, *dilations);
  SmallVector<NamedAttribute> attrs;
  if (ceil)
    attrs.push_back(b.intAttr("ceil_mode", 1));
  Value result, indices;
  bool wantIndices = op->getNumResults() > 1 && !op->getResult(1).use_empty();
  if (operands.isMax) {
    if (llvm::any_of(*dilations, [](int64_t d) { return d != 1; }))
      attrs.push_back(b.intsAttr("dilations", *dilations));
    attrs.push_back(b.intsAttr("kernel_shape", *kernel));
    attrs.push_back(b.intsAttr("pads", pads));
    attrs.push_back(b.intsAttr("strides", *strides));
    // ONNX numbers the elements of the whole input, PyTorch those of each
    // plane: the plane's size is the modulus.
    int64_t planeSize = 1;
    for (int64_t size : ArrayRef<int64_t>(poolInputShape).take_back(
             spatialRank))
      planeSize = size == ShapedType::kDynamic || planeSize < 0
                      ? -1
                      : planeSize * size;
    if (wantIndices && planeSize < 0)
      return rewriter.notifyMatchFailure(op, "indices of dynamic planes");
    Type indexType = poolType.clone(rewriter.getI64Type());
    Operation *pool = b.createOp<ONNX::MaxPoolOp>(
        TypeRange{poolType,
                  wantIndices ? indexType : Type(rewriter.getNoneType())},
        input, attrs);
    result = pool->getResult(0);
    if (wantIndices)
      indices = b.create<ONNX::ModOp>(
          indexType, {pool->getResult(1), b.i64Scalar(planeSize)});
    propagatePoolNaN(b, input, attrs,
                     ArrayRef<int64_t>(poolInputShape).take_back(spatialRank),
                     result, wantIndices ? &indices : nullptr);
  } else {
    if (operands.divisorOverride && !isNone(operands.divisorOverride)) {
      std::optional<int64_t> divisor =
          Torch::matchConstantInt(operands.divisorOverride);
      if (!divisor || *divisor == 0)
        return rewriter.notifyMatchFailure(op, "unsupported divisor_override");
      FailureOr<Value> sum =
          createWindowSum(b, input, poolType, *kernel, *strides, *padding);
      if (failed(sum))
        return rewriter.notifyMatchFailure(op, "dynamic shapes");
      result = b.binary<ONNX::DivOp>(*sum,
                                     b.scalar(type.getElementType(), *divisor));
    }
  }
  if (!result) {
    std::optional<bool> countIncludePad =
        operands.countIncludePad ? Torch::matchConstantBool(operands.countIncludePad)
                                 : std::optional<bool>(true);
    if (!countIncludePad)
      return rewriter.notifyMatchFailure(op, "non-constant count_include_pad");
    bool padded = llvm::any_of(pads, [](int64_t p) { return p != 0; });
    if (*countIncludePad && padded)
      attrs.push_back(b.intAttr("count_include_pad", 1));
    attrs.push_back(b.intsAttr("kernel_shape", *kernel));
    attrs.push_back(b.intsAttr("pads", pads));
    attrs.push_back(b.intsAttr("strides", *strides));
    result = b.create<ONNX::AveragePoolOp>(poolType, input, attrs);
  }
  if (unbatched) {
    result = b.squeeze(result, {0});
    if (indices)
      indices = b.squeeze(indices, {0});
  }
  SmallVector<Value> results{result};
  for (Value extra : op->getResults().drop_front()) {
    if (indices) {
      results.push_back(indices);
      indices = {};
      continue;
    }
    if (!extra.use_empty())
      return rewriter.notifyMatchFailure(op, "pooling indices are used");
    results.push_back(b.none());
  }
  rewriter.replaceOp(op, results);
  return success();
}

/// max_pool1d/2d/3d and max_pool1d/2d/3d_with_indices.
template <typename OpTy>
struct ConvertMaxPool : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    PoolOperands operands;
    operands.input = adaptor.getSelf();
    operands.kernel = op.getKernelSize();
    operands.stride = op.getStride();
    operands.padding = op.getPadding();
    operands.dilation = op.getDilation();
    operands.ceilMode = op.getCeilMode();
    return convertPool(op, operands, this->getTypeConverter(), rewriter);
  }
};

/// avg_pool1d/2d/3d.
template <typename OpTy>
struct ConvertAvgPool : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    PoolOperands operands;
    operands.isMax = false;
    operands.input = adaptor.getSelf();
    operands.kernel = op.getKernelSize();
    operands.stride = op.getStride();
    operands.padding = op.getPadding();
    operands.ceilMode = op.getCeilMode();
    operands.countIncludePad = op.getCountIncludePad();
    if constexpr (!std::is_same_v<OpTy, Torch::AtenAvgPool1dOp>)
      operands.divisorOverride = op.getDivisorOverride();
    return convertPool(op, operands, this->getTypeConverter(), rewriter);
  }
};

/// max_pool2d_with_indices_backward(grad_output, self, ..., indices): each
/// output gradient is added at its index into its plane of zeros,
/// ScatterElements with the add reduction (opset 16) on flattened planes.
struct ConvertMaxPool2dBackward
    : public ONNXConversionPattern<Torch::AtenMaxPool2dWithIndicesBackwardOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenMaxPool2dWithIndicesBackwardOp op,
                  OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    if (!type || !type.hasStaticShape() || type.getRank() < 3 || opset < 16)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    int64_t planes = type.getRank() - 2;
    SmallVector<int64_t> flatShape(type.getShape().take_front(planes));
    flatShape.push_back(type.getDimSize(planes) * type.getDimSize(planes + 1));
    SmallVector<int64_t> gradShape(planes, 0);
    gradShape.push_back(-1);
    Value grad = b.reshape(
        b.cast(adaptor.getGradOutput(), type.getElementType()), gradShape);
    Value indices = b.reshape(
        b.cast(adaptor.getIndices(), rewriter.getI64Type()), gradShape);
    auto flatType = RankedTensorType::get(flatShape, type.getElementType());
    Value sums = b.create<ONNX::ScatterElementsOp>(
        flatType, {b.splat(flatType, 0.0), indices, grad},
        {b.intAttr("axis", planes), b.stringAttr("reduction", "add")});
    rewriter.replaceOp(op, b.reshape(sums, type.getShape(), type));
    return success();
  }
};

/// im2col(self, kernel_size, dilation, padding, stride), F.unfold: the
/// zero-padded input [N, C, H, W] flattened per channel, and a Gather of
/// each window's elements at positions computed at compile time, giving
/// [N, C * kh * kw, windows]. The channels and spatial sizes must be static.
struct ConvertIm2col : public ONNXConversionPattern<Torch::AtenIm2colOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenIm2colOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<SmallVector<int64_t>> kernel =
        getPoolList(op.getKernelSize(), 2);
    std::optional<SmallVector<int64_t>> dilation =
        getPoolList(op.getDilation(), 2);
    std::optional<SmallVector<int64_t>> padding =
        getPoolList(op.getPadding(), 2);
    std::optional<SmallVector<int64_t>> stride = getPoolList(op.getStride(), 2);
    if (!type || !shape || (shape->size() != 3 && shape->size() != 4) ||
        !kernel || !dilation || !padding || !stride)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    bool unbatched = shape->size() == 3;
    ArrayRef<int64_t> chw = ArrayRef(*shape).take_back(3);
    if (llvm::any_of(chw, ShapedType::isDynamic))
      return rewriter.notifyMatchFailure(op, "dynamic channels or sizes");
    int64_t channels = chw[0];
    int64_t height = chw[1] + 2 * (*padding)[0];
    int64_t width = chw[2] + 2 * (*padding)[1];
    int64_t rows =
        (height - (*dilation)[0] * ((*kernel)[0] - 1) - 1) / (*stride)[0] + 1;
    int64_t columns =
        (width - (*dilation)[1] * ((*kernel)[1] - 1) - 1) / (*stride)[1] + 1;
    if (rows <= 0 || columns <= 0)
      return rewriter.notifyMatchFailure(op, "no windows");
    // positions[ki * kw + kj][r * columns + c] in the flattened plane.
    SmallVector<int64_t> positions;
    for (int64_t ki = 0; ki < (*kernel)[0]; ++ki)
      for (int64_t kj = 0; kj < (*kernel)[1]; ++kj)
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < columns; ++c) {
            int64_t row = r * (*stride)[0] + ki * (*dilation)[0];
            int64_t column = c * (*stride)[1] + kj * (*dilation)[1];
            positions.push_back(row * width + column);
          }
    int64_t windowSize = (*kernel)[0] * (*kernel)[1];
    int64_t windows = rows * columns;
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    if (unbatched)
      input = b.unsqueeze(input, {0});
    int64_t batch = unbatched ? 1 : (*shape)[0];
    Type elementType = type.getElementType();
    if ((*padding)[0] != 0 || (*padding)[1] != 0) {
      auto paddedType =
          RankedTensorType::get({batch, channels, height, width}, elementType);
      input = b.create<ONNX::PadOp>(
          paddedType,
          {input,
           b.i64Tensor({0, 0, (*padding)[0], (*padding)[1], 0, 0, (*padding)[0],
                        (*padding)[1]}),
           b.none(), b.none()},
          {b.stringAttr("mode", "constant")});
    }
    // Explicit sizes: -1 is ambiguous in an empty batch.
    Value planes = b.reshape(input, {0, 0, height * width});
    Value indices = b.constant(DenseElementsAttr::get(
        RankedTensorType::get({windowSize, windows}, rewriter.getI64Type()),
        ArrayRef(positions)));
    Value gathered = b.create<ONNX::GatherOp>(
        RankedTensorType::get({batch, channels, windowSize, windows},
                              elementType),
        {planes, indices}, {b.intAttr("axis", 2)});
    Value result = b.reshape(gathered, {0, channels * windowSize, windows});
    if (unbatched)
      result = b.squeeze(result, {0});
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Adaptive pooling of `input` along `axis` from its static size to `out`
/// positions: position i reduces [floor(i * in / out), ceil((i + 1) * in /
/// out)).
template <bool IsMax>
Value poolAxisAdaptively(ONNXBuilder &b, Value input, int64_t axis,
                         int64_t out) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t in = type.getDimSize(axis);
  SmallVector<Value> pieces;
  for (int64_t i = 0; i < out; ++i) {
    int64_t start = (i * in) / out;
    int64_t end = ((i + 1) * in + out - 1) / out;
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] = end - start;
    Value window = b.create<ONNX::SliceOp>(
        RankedTensorType::get(shape, type.getElementType()),
        {input, b.i64Tensor({start}), b.i64Tensor({end}), b.i64Tensor({axis}),
         b.i64Tensor({1})});
    if (!IsMax) {
      pieces.push_back(b.reduce<ONNX::ReduceMeanOp>(window, {axis}, true));
      continue;
    }
    Value largest = b.reduce<ONNX::ReduceMaxOp>(window, {axis}, true);
    pieces.push_back(b.propagateNaN(window, largest, {axis}, true));
  }
  return b.concat(pieces, axis);
}

/// adaptive_avg_pool*d and adaptive_max_pool*d (values only).
template <typename OpTy, bool IsMax>
struct ConvertAdaptivePool : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op->getResult(0));
    Value input = adaptor.getSelf();
    std::optional<SmallVector<int64_t>> inputShape = getShape(input);
    std::optional<SmallVector<int64_t>> outputSize =
        Torch::matchConstantIntList(op.getOutputSize());
    if (!type || !inputShape || !outputSize || outputSize->empty())
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    for (Value extra : op->getResults().drop_front())
      if (!extra.use_empty())
        return rewriter.notifyMatchFailure(op, "pooling indices are used");
    int64_t spatialRank = outputSize->size();
    int64_t inputRank = inputShape->size();
    bool unbatched = inputRank == spatialRank + 1;
    if (!unbatched && inputRank != spatialRank + 2)
      return rewriter.notifyMatchFailure(op, "input rank mismatch");

    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<Value> results;
    auto finish = [&](Value result) {
      results.push_back(result);
      for (unsigned i = 1; i < op->getNumResults(); ++i)
        results.push_back(b.none());
      rewriter.replaceOp(op, results);
      return success();
    };
    ArrayRef<int64_t> spatial =
        ArrayRef<int64_t>(*inputShape).take_back(spatialRank);
    if (ArrayRef<int64_t>(*outputSize) == spatial)
      return finish(input);

    RankedTensorType poolType = type;
    if (unbatched) {
      input = b.unsqueeze(input, {0});
      SmallVector<int64_t> shape{1};
      shape.append(type.getShape().begin(), type.getShape().end());
      poolType = RankedTensorType::get(shape, type.getElementType());
    }
    Value result;
    if (llvm::all_of(*outputSize, [](int64_t s) { return s == 1; })) {
      result = IsMax ? b.create<ONNX::GlobalMaxPoolOp>(poolType, input)
                     : b.create<ONNX::GlobalAveragePoolOp>(poolType, input);
    } else {
      if (llvm::any_of(llvm::zip(spatial, *outputSize), [](auto sizes) {
            auto [in, out] = sizes;
            return in == ShapedType::kDynamic || out <= 0;
          }))
        return rewriter.notifyMatchFailure(
            op, "expected static input sizes and positive output sizes");
      SmallVector<int64_t> kernel;
      bool divisible = true;
      for (auto [in, out] : llvm::zip(spatial, *outputSize)) {
        divisible &= in % out == 0;
        kernel.push_back(in / out);
      }
      if (!divisible) {
        result = input;
        for (auto [i, out] : llvm::enumerate(*outputSize))
          result = poolAxisAdaptively<IsMax>(b, result, 2 + i, out);
        if (unbatched)
          result = b.squeeze(result, {0});
        return finish(result);
      }
      SmallVector<NamedAttribute> attrs{b.intsAttr("kernel_shape", kernel),
                                        b.intsAttr("strides", kernel)};
      if (IsMax) {
        result = b.createOp<ONNX::MaxPoolOp>(
                      TypeRange{poolType, rewriter.getNoneType()}, input, attrs)
                     ->getResult(0);
        propagatePoolNaN(b, input, attrs, {}, result, nullptr);
      } else
        result = b.create<ONNX::AveragePoolOp>(poolType, input, attrs);
    }
    if (unbatched)
      result = b.squeeze(result, {0});
    return finish(result);
  }
};

//===----------------------------------------------------------------------===//
// Resizing
//===----------------------------------------------------------------------===//

/// Resize's `sizes` for `input`: its batch and channel dims, then the 1-D
/// `spatialSizes`.
Value getResizeSizes(ONNXBuilder &b, Value input, Value spatialSizes) {
  Value leading = b.create<ONNX::SliceOp>(
      RankedTensorType::get({2}, b.getBuilder().getI64Type()),
      {b.shapeOf(input), b.i64Tensor({0}), b.i64Tensor({2}), b.none(),
       b.none()});
  return b.concat({leading, spatialSizes}, 0);
}

/// Resize's `scales` for an input of `rank` from the constant list `factors`
/// of its spatial dims; with `broadcastOne`, a single factor stands for
/// every spatial dim. Null when the factors are unknown or do not fit.
Value getResizeScales(ONNXBuilder &b, Value factors, int64_t rank,
                      bool broadcastOne) {
  std::optional<SmallVector<Value>> elements = getListElements(factors);
  if (!elements)
    return {};
  SmallVector<float> values{1.0f, 1.0f};
  for (Value factor : *elements) {
    std::optional<double> v = Torch::matchConstantFloat(factor);
    if (!v)
      return {};
    values.push_back(static_cast<float>(*v));
  }
  while (broadcastOne && elements->size() == 1 &&
         static_cast<int64_t>(values.size()) < rank)
    values.push_back(values.back());
  if (static_cast<int64_t>(values.size()) != rank)
    return {};
  return b.constant(DenseElementsAttr::get(
      RankedTensorType::get({rank}, b.getBuilder().getF32Type()),
      ArrayRef<float>(values)));
}

/// Resize of `input` by `scales` or to `sizes`, whichever is set.
Value createResize(ONNXBuilder &b, Type type, Value input, Value scales,
                   Value sizes, ArrayRef<NamedAttribute> attrs) {
  return b.create<ONNX::ResizeOp>(type,
                                  {input, b.none(), scales ? scales : b.none(),
                                   sizes ? sizes : b.none()},
                                  attrs);
}

/// The sampling of an upsample op.
enum class Sampling { Nearest, NearestExact, Linear, Cubic };

/// An upsample op of `input` to `outputSize` (a list of ints, or None) by
/// `scaleFactors` (a list of floats, None, or null for the forms without
/// them), sampled as `sampling`; `alignCorners` is null for nearest
/// sampling. Resize to the static result shape, by the given scale factors,
/// or to the given output size.
LogicalResult convertUpsample(Operation *op, Value input, Value outputSize,
                              Value alignCorners, Value scaleFactors,
                              Sampling sampling,
                              const TypeConverter *typeConverter,
                              ConversionPatternRewriter &rewriter) {
  auto type = getConvertedRankedType(typeConverter, op->getResult(0));
  std::optional<int64_t> rank = getRank(input);
  if (!type || !rank || *rank < 3)
    return rewriter.notifyMatchFailure(op, "unsupported operands");
  ONNXBuilder b(rewriter, op->getLoc());
  SmallVector<NamedAttribute> attrs;
  if (sampling == Sampling::Linear || sampling == Sampling::Cubic) {
    std::optional<bool> corners = Torch::matchConstantBool(alignCorners);
    if (!corners)
      return rewriter.notifyMatchFailure(op, "non-constant align_corners");
    // PyTorch clamps a linear sample's negative source index to 0, which
    // pytorch_half_pixel does; a cubic one it does not clamp.
    StringRef transform = *corners                        ? "align_corners"
                          : sampling == Sampling::Linear ? "pytorch_half_pixel"
                                                         : "half_pixel";
    attrs.push_back(b.stringAttr("coordinate_transformation_mode", transform));
    if (sampling == Sampling::Cubic) {
      attrs.push_back(b.floatAttr("cubic_coeff_a", -0.75));
      attrs.push_back(b.stringAttr("mode", "cubic"));
    } else {
      attrs.push_back(b.stringAttr("mode", "linear"));
    }
  } else if (sampling == Sampling::NearestExact) {
    // Source index floor((i + 0.5) * scale): the half-pixel coordinate,
    // rounded with ties up.
    attrs.push_back(
        b.stringAttr("coordinate_transformation_mode", "half_pixel"));
    attrs.push_back(b.stringAttr("mode", "nearest"));
    attrs.push_back(b.stringAttr("nearest_mode", "round_prefer_ceil"));
  } else {
    attrs.push_back(
        b.stringAttr("coordinate_transformation_mode", "asymmetric"));
    attrs.push_back(b.stringAttr("mode", "nearest"));
    attrs.push_back(b.stringAttr("nearest_mode", "floor"));
  }

  // Scale factors, when given, set the sampling grid.
  Value scales, sizes;
  if (scaleFactors && !isNone(scaleFactors)) {
    scales = getResizeScales(b, scaleFactors, *rank, /*broadcastOne=*/false);
    if (!scales)
      return rewriter.notifyMatchFailure(op, "unsupported scale factors");
  }
  if (!scales) {
    if (type.hasStaticShape()) {
      sizes = b.i64Tensor(type.getShape());
    } else {
      FailureOr<Value> spatialSizes =
          getIntListAsTensor(rewriter, op->getLoc(), outputSize);
      if (failed(spatialSizes))
        return rewriter.notifyMatchFailure(op, "unknown output size");
      sizes = getResizeSizes(b, input, *spatialSizes);
    }
  }
  rewriter.replaceOp(op, createResize(b, type, input, scales, sizes, attrs));
  return success();
}

/// upsample_nearest*d, upsample_bilinear2d, upsample_linear1d and their
/// `.vec` forms.
template <typename OpTy, bool IsLinear, bool IsVec>
struct ConvertUpsample : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value alignCorners, scaleFactors;
    if constexpr (IsLinear)
      alignCorners = op.getAlignCorners();
    if constexpr (IsVec)
      scaleFactors = op.getScaleFactors();
    return convertUpsample(
        op, adaptor.getOperands()[0], op.getOutputSize(), alignCorners,
        scaleFactors, IsLinear ? Sampling::Linear : Sampling::Nearest,
        this->getTypeConverter(), rewriter);
  }
};

/// The upsample ops without a generated op: bicubic, trilinear, nearest 3-d
/// and nearest-exact, each with its `.vec` form.
struct ConvertNamedUpsample : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto [base, overload] = op.getName().split('.');
    std::optional<std::pair<Sampling, int64_t>> kind =
        llvm::StringSwitch<std::optional<std::pair<Sampling, int64_t>>>(base)
            .Case("aten::upsample_bicubic2d", {{Sampling::Cubic, 2}})
            .Case("aten::upsample_trilinear3d", {{Sampling::Linear, 3}})
            .Case("aten::upsample_nearest3d", {{Sampling::Nearest, 3}})
            .Case("aten::_upsample_nearest_exact1d",
                  {{Sampling::NearestExact, 1}})
            .Case("aten::_upsample_nearest_exact2d",
                  {{Sampling::NearestExact, 2}})
            .Case("aten::_upsample_nearest_exact3d",
                  {{Sampling::NearestExact, 3}})
            .Default(std::nullopt);
    bool isVec = overload == "vec";
    if (!kind || (!isVec && !overload.empty()))
      return failure();
    auto [sampling, spatialRank] = *kind;
    bool corners = sampling == Sampling::Linear || sampling == Sampling::Cubic;
    // (input, output_size, [align_corners,] scale_factors) or (input,
    // output_size, [align_corners,] a scale per spatial dim).
    unsigned operands = 2 + corners + (isVec ? 1 : spatialRank);
    if (op->getNumOperands() != operands || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    Value alignCorners = corners ? op->getOperand(2) : Value();
    Value scaleFactors = isVec ? op->getOperand(2 + corners) : Value();
    // The forms with a scale per dim are traced with the output size; the
    // scales would change the grid only where they are not in/out.
    if (!isVec)
      for (Value scale : op->getOperands().drop_front(2 + corners))
        if (!isNone(scale))
          return rewriter.notifyMatchFailure(op, "explicit scales");
    return convertUpsample(op, adaptor.getOperands()[0], op->getOperand(1),
                           alignCorners, scaleFactors, sampling,
                           getTypeConverter(), rewriter);
  }
};

/// The weights [outputSize, inputSize] of PyTorch's antialiased bilinear
/// interpolation along one axis (`_compute_weights_aa` in its upsample
/// kernels): a triangle filter widened by the downscale factor `scale`
/// (input over output) around each output's center, normalized to sum 1.
SmallVector<float> getAntialiasedWeights(int64_t inputSize,
                                         int64_t outputSize, float scale) {
  SmallVector<float> weights(outputSize * inputSize, 0.0f);
  float support = scale >= 1.0f ? scale : 1.0f;
  float invscale = scale >= 1.0f ? 1.0f / scale : 1.0f;
  for (int64_t i = 0; i < outputSize; ++i) {
    float center = scale * (i + 0.5f);
    int64_t first =
        std::max<int64_t>(static_cast<int64_t>(center - support + 0.5f), 0);
    int64_t count =
        std::min<int64_t>(static_cast<int64_t>(center + support + 0.5f),
                          inputSize) -
        first;
    float *row = weights.data() + i * inputSize;
    float total = 0.0f;
    for (int64_t j = 0; j < count; ++j) {
      float x = (j + first - center + 0.5f) * invscale;
      float w = std::max(0.0f, 1.0f - std::abs(x));
      row[first + j] = w;
      total += w;
    }
    if (total != 0.0f)
      for (int64_t j = 0; j < count; ++j)
        row[first + j] /= total;
  }
  return weights;
}

/// `aten::_upsample_bilinear2d_aa` and its `.vec` form, which have no
/// generated op, on inputs of static spatial size: the antialiased
/// bilinear interpolation is separable, so it is two MatMuls with the
/// weights of each axis, computed at compile time. Resize's antialias
/// needs opset 18; this works at every opset.
struct ConvertAntialiasedBilinear
    : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = op.getName();
    bool isVec = name == "aten::_upsample_bilinear2d_aa.vec";
    if (!isVec && name != "aten::_upsample_bilinear2d_aa")
      return failure();
    if (op->getNumOperands() != (isVec ? 4u : 5u) || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult(0));
    Value input = adaptor.getOperands()[0];
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    std::optional<bool> alignCorners =
        Torch::matchConstantBool(op->getOperand(2));
    if (!type || (type.hasRank() && type.getRank() != 4) || !shape ||
        shape->size() != 4 || !isFloatType(type.getElementType()) ||
        !alignCorners)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    // The scale factors given, which set the weights' scale.
    SmallVector<std::optional<double>> factors(2);
    if (isVec && !isNone(op->getOperand(3))) {
      std::optional<SmallVector<Value>> elements =
          getListElements(op->getOperand(3));
      if (!elements || elements->size() != 2)
        return rewriter.notifyMatchFailure(op, "unsupported scale factors");
      for (int axis = 0; axis < 2; ++axis)
        factors[axis] = Torch::matchConstantFloat((*elements)[axis]);
    } else if (!isVec) {
      for (int axis = 0; axis < 2; ++axis)
        factors[axis] = Torch::matchConstantFloat(op->getOperand(3 + axis));
    }
    // The output size: given, else the input's scaled and floored, else
    // the result type's.
    std::optional<SmallVector<int64_t>> sizes =
        Torch::matchConstantIntList(op->getOperand(1));
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value result = b.cast(input, elementType);
    // Width first, then height, as PyTorch's kernel does.
    for (int axis : {1, 0}) {
      int64_t inputSize = (*shape)[2 + axis];
      int64_t outputSize =
          type.hasRank() ? type.getDimSize(2 + axis) : ShapedType::kDynamic;
      if (sizes && sizes->size() == 2)
        outputSize = (*sizes)[axis];
      else if (factors[axis] && inputSize != ShapedType::kDynamic)
        outputSize = static_cast<int64_t>(
            std::floor(static_cast<double>(inputSize) * *factors[axis]));
      if (inputSize == ShapedType::kDynamic ||
          outputSize == ShapedType::kDynamic)
        return rewriter.notifyMatchFailure(op, "dynamic spatial size");
      float scale;
      if (*alignCorners)
        scale = outputSize > 1 ? float(inputSize - 1) / float(outputSize - 1)
                               : 0.0f;
      else if (factors[axis] && *factors[axis] > 0.0)
        scale = 1.0f / float(*factors[axis]);
      else
        scale = float(inputSize) / float(outputSize);
      SmallVector<float> weights =
          getAntialiasedWeights(inputSize, outputSize, scale);
      SmallVector<int64_t> weightShape = {outputSize, inputSize};
      if (axis == 1) {
        // Transposed, to multiply the rows from the right.
        SmallVector<float> transposed(weights.size());
        for (int64_t i = 0; i < outputSize; ++i)
          for (int64_t j = 0; j < inputSize; ++j)
            transposed[j * outputSize + i] = weights[i * inputSize + j];
        weights = std::move(transposed);
        std::swap(weightShape[0], weightShape[1]);
      }
      auto weightType =
          RankedTensorType::get(weightShape, rewriter.getF32Type());
      Value matrix = b.cast(
          b.constant(DenseElementsAttr::get(weightType, ArrayRef(weights))),
          elementType);
      SmallVector<int64_t> resultShape =
          llvm::to_vector(cast<RankedTensorType>(result.getType()).getShape());
      resultShape[2 + axis] = outputSize;
      auto stepType = RankedTensorType::get(resultShape, elementType);
      result = b.create<ONNX::MatMulOp>(
          stepType, axis == 1 ? ValueRange{result, matrix}
                              : ValueRange{matrix, result});
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `__interpolate`, as torch-mlir writes F.interpolate: Resize by the
/// modes nearest, (bi/tri)linear and bicubic, to the given size or by the
/// given scale factors.
using InterpolateOp = Torch::Aten__InterpolateSizeListScaleListOp;
struct ConvertInterpolate : public ONNXConversionPattern<InterpolateOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(InterpolateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value input = adaptor.getInput();
    std::optional<int64_t> rank = getRank(input);
    auto modeOp = op.getMode().getDefiningOp<Torch::ConstantStrOp>();
    std::optional<bool> antialias =
        Torch::matchConstantBool(op.getAntialias());
    if (!type || !rank || *rank < 3 || !modeOp || !antialias || *antialias)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    // torch-mlir's ONNX import spells Resize's modes into the string:
    // "nearest_half_pixel,round_prefer_floor", "bilinear_asymmetric".
    auto [modeName, nearestMode] = modeOp.getValue().split(',');
    StringRef base, coordinates;
    for (StringRef candidate : {"nearest", "bilinear", "trilinear", "linear",
                                "bicubic", "cubic"}) {
      StringRef rest = modeName;
      if (rest.consume_front(candidate) &&
          (rest.empty() || rest.consume_front("_"))) {
        base = candidate;
        coordinates = rest;
        break;
      }
    }
    bool alignCorners =
        Torch::matchConstantBool(op.getAlignCorners()).value_or(false);
    bool nearest = base == "nearest";
    bool cubic = base == "bicubic" || base == "cubic";
    if (coordinates.empty())
      coordinates = nearest        ? "asymmetric"
                    : alignCorners ? "align_corners"
                                   : "pytorch_half_pixel";
    if (nearestMode.empty())
      nearestMode = "floor";
    if (base.empty() ||
        !llvm::is_contained({"half_pixel", "pytorch_half_pixel",
                             "align_corners", "asymmetric",
                             "half_pixel_symmetric"},
                            coordinates) ||
        (coordinates == "half_pixel_symmetric" && b.getTargetOpset() < 19) ||
        !llvm::is_contained(
            {"floor", "ceil", "round_prefer_floor", "round_prefer_ceil"},
            nearestMode) ||
        (!nearest && nearestMode != "floor"))
      return rewriter.notifyMatchFailure(op, "unsupported mode");
    SmallVector<NamedAttribute> attrs{
        b.stringAttr("coordinate_transformation_mode", coordinates),
        b.stringAttr("mode", nearest ? "nearest" : cubic ? "cubic" : "linear")};
    if (nearest)
      attrs.push_back(b.stringAttr("nearest_mode", nearestMode));
    if (cubic)
      attrs.push_back(b.floatAttr("cubic_coeff_a", -0.75));

    Value scales, sizes;
    bool recompute =
        Torch::matchConstantBool(op.getRecomputeScaleFactor()).value_or(false);
    if (!isNone(op.getScaleFactor()) && !recompute) {
      scales = getResizeScales(b, op.getScaleFactor(), *rank,
                               /*broadcastOne=*/true);
      if (!scales)
        return rewriter.notifyMatchFailure(op, "unsupported scale factors");
    } else if (type.hasStaticShape()) {
      sizes = b.i64Tensor(type.getShape());
    } else if (!isNone(op.getSize())) {
      FailureOr<Value> outputSize =
          getIntListAsTensor(rewriter, op.getLoc(), op.getSize());
      std::optional<SmallVector<int64_t>> count;
      if (succeeded(outputSize))
        count = getShape(*outputSize);
      if (!count || count->size() != 1 || count->front() != *rank - 2)
        return rewriter.notifyMatchFailure(op, "unknown output size");
      sizes = getResizeSizes(b, input, *outputSize);
    } else {
      return rewriter.notifyMatchFailure(op, "unknown output size");
    }
    rewriter.replaceOp(op, createResize(b, type, input, scales, sizes, attrs));
    return success();
  }
};

/// GridSample (opset 16) of `input` at `grid`, of 4-D inputs before opset
/// 20, with the modes of Torch values `interpolationMode`, `paddingMode`
/// and `alignCornersValue`. PyTorch numbers the modes: interpolation
/// bilinear, nearest, bicubic; padding zeros, border, reflection.
FailureOr<Value> createGridSample(ONNXBuilder &b, int64_t opset,
                                  RankedTensorType type, Value input,
                                  Value grid, Value interpolationMode,
                                  Value paddingMode, Value alignCornersValue) {
  std::optional<int64_t> interpolation =
      Torch::matchConstantInt(interpolationMode);
  std::optional<int64_t> padding = Torch::matchConstantInt(paddingMode);
  std::optional<bool> alignCorners =
      Torch::matchConstantBool(alignCornersValue);
  if (!type || opset < 16 || (opset < 20 && type.getRank() != 4) ||
      !interpolation || !padding || !alignCorners || *interpolation < 0 ||
      *interpolation > 2 || *padding < 0 || *padding > 2)
    return failure();
  static constexpr StringLiteral modes16[] = {"bilinear", "nearest",
                                              "bicubic"};
  static constexpr StringLiteral modes20[] = {"linear", "nearest", "cubic"};
  static constexpr StringLiteral paddings[] = {"zeros", "border",
                                               "reflection"};
  SmallVector<NamedAttribute> attrs{
      b.intAttr("align_corners", *alignCorners),
      b.stringAttr("mode", opset < 20 ? modes16[*interpolation]
                                      : modes20[*interpolation]),
      b.stringAttr("padding_mode", paddings[*padding])};
  return b.create<ONNX::GridSampleOp>(type, {input, grid}, attrs);
}

/// grid_sampler(input, grid, interpolation_mode, padding_mode,
/// align_corners): GridSample.
struct ConvertGridSampler
    : public ONNXConversionPattern<Torch::AtenGridSamplerOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenGridSamplerOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<Value> sampled = createGridSample(
        b, opset, type, adaptor.getInput(), adaptor.getGrid(),
        op.getInterpolationMode(), op.getPaddingMode(), op.getAlignCorners());
    if (failed(sampled))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    rewriter.replaceOp(op, *sampled);
    return success();
  }
};

/// `aten::grid_sampler_2d`, which has no generated op, with grid_sampler's
/// operands: GridSample.
struct ConvertGridSampler2d
    : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::grid_sampler_2d")
      return failure();
    if (op->getNumOperands() != 5 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult(0));
    ValueRange operands = adaptor.getOperands();
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<Value> sampled =
        createGridSample(b, opset, type, operands[0], operands[1],
                         op->getOperand(2), op->getOperand(3),
                         op->getOperand(4));
    if (failed(sampled))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    rewriter.replaceOp(op, *sampled);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pixel and channel shuffles
//===----------------------------------------------------------------------===//

/// pixel_shuffle on 4-D inputs: DepthToSpace in CRD mode.
struct ConvertPixelShuffle
    : public ONNXConversionPattern<Torch::AtenPixelShuffleOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenPixelShuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<int64_t> factor = Torch::matchConstantInt(op.getUpscaleFactor());
    if (!type || type.getRank() != 4 || !factor)
      return rewriter.notifyMatchFailure(op, "only 4-D inputs");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op, b.create<ONNX::DepthToSpaceOp>(type, adaptor.getSelf(),
                                           {b.intAttr("blocksize", *factor),
                                            b.stringAttr("mode", "CRD")}));
    return success();
  }
};

/// pixel_unshuffle on 4-D inputs of static channels and spatial sizes:
/// Reshape, Transpose, Reshape.
struct ConvertPixelUnshuffle
    : public ONNXConversionPattern<Torch::AtenPixelUnshuffleOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenPixelUnshuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> r = Torch::matchConstantInt(op.getDownscaleFactor());
    if (!type || !shape || shape->size() != 4 || !r ||
        llvm::any_of(ArrayRef<int64_t>(*shape).drop_front(),
                     [](int64_t s) { return s == ShapedType::kDynamic; }))
      return rewriter.notifyMatchFailure(op, "needs static 4-D input");
    int64_t c = (*shape)[1], h = (*shape)[2], w = (*shape)[3];
    ONNXBuilder b(rewriter, op.getLoc());
    Value x = b.reshape(adaptor.getSelf(), {0, c, h / *r, *r, w / *r, *r});
    x = b.transpose(x, {0, 1, 3, 5, 2, 4});
    rewriter.replaceOp(op,
                       b.reshape(x, {0, c * *r * *r, h / *r, w / *r}, type));
    return success();
  }
};

/// channel_shuffle: Reshape to groups, Transpose, Reshape back.
struct ConvertChannelShuffle
    : public ONNXConversionPattern<Torch::AtenChannelShuffleOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenChannelShuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> groups = Torch::matchConstantInt(op.getGroups());
    if (!type || !shape || shape->size() < 3 || !groups ||
        (*shape)[1] == ShapedType::kDynamic || (*shape)[1] % *groups != 0)
      return rewriter.notifyMatchFailure(op, "needs static channels");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    Value x = b.reshape(input, {0, *groups, (*shape)[1] / *groups, -1});
    x = b.transpose(x, {0, 2, 1, 3});
    rewriter.replaceOp(op,
                       b.create<ONNX::ReshapeOp>(type, {x, b.shapeOf(input)}));
    return success();
  }
};

} // namespace

void torch_to_onnx::populatePoolingPatterns(TypeConverter &typeConverter,
                                            RewritePatternSet &patterns,
                                            int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertMaxPool<AtenMaxPool1dOp>, ConvertMaxPool<AtenMaxPool2dOp>,
              ConvertMaxPool<AtenMaxPool3dOp>,
              ConvertMaxPool<AtenMaxPool1dWithIndicesOp>,
              ConvertMaxPool<AtenMaxPool2dWithIndicesOp>,
              ConvertMaxPool<AtenMaxPool3dWithIndicesOp>,
              ConvertAvgPool<AtenAvgPool1dOp>, ConvertAvgPool<AtenAvgPool2dOp>,
              ConvertAvgPool<AtenAvgPool3dOp>, ConvertMaxPool2dBackward,
              ConvertIm2col>(typeConverter, patterns, opset);
  addPatterns<ConvertAdaptivePool<AtenAdaptiveAvgPool1dOp, false>,
              ConvertAdaptivePool<AtenAdaptiveAvgPool2dOp, false>,
              ConvertAdaptivePool<AtenAdaptiveAvgPool3dOp, false>,
              ConvertAdaptivePool<AtenAdaptiveMaxPool1dOp, true>,
              ConvertAdaptivePool<AtenAdaptiveMaxPool2dOp, true>,
              ConvertAdaptivePool<AtenAdaptiveMaxPool3dOp, true>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertInterpolate, ConvertGridSampler, ConvertGridSampler2d,
              ConvertAntialiasedBilinear>(typeConverter, patterns, opset);
  addPatterns<ConvertUpsample<AtenUpsampleNearest1dOp, false, false>,
              ConvertUpsample<AtenUpsampleNearest2dOp, false, false>,
              ConvertUpsample<AtenUpsampleNearest1dVecOp, false, true>,
              ConvertUpsample<AtenUpsampleNearest2dVecOp, false, true>,
              ConvertUpsample<AtenUpsampleLinear1dOp, true, false>,
              ConvertUpsample<AtenUpsampleBilinear2dOp, true, false>,
              ConvertUpsample<AtenUpsampleLinear1dVecOp, true, true>,
              ConvertUpsample<AtenUpsampleBilinear2dVecOp, true, true>,
              ConvertNamedUpsample>(
      typeConverter, patterns, opset);
  addPatterns<ConvertPixelShuffle, ConvertPixelUnshuffle,
              ConvertChannelShuffle>(typeConverter, patterns, opset);
}
