//===- Quantization.cpp - Quantize and dequantize ops to ONNX -------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The PT2E quantization ops of `quantized_decomposed` become ONNX's
// QuantizeLinear and DequantizeLinear: per tensor with a scalar scale and
// zero point, per channel with 1-D ones and the channel axis. ONNX rounds
// half to even and saturates to the range of the integer type, as PyTorch
// does; a `quant_min`/`quant_max` narrower than that range adds a Clip.
// aten's quantized tensors (`!torch.qint8`, ...) are their integer
// representation, and their dequantize takes the scale and zero point of
// the op that made them.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"


using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// Whether `type` is an integer type that QuantizeLinear produces at every
/// target opset: int8 or uint8.
bool isQuantizedElementType(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() == 8;
}

/// The range of 8-bit integer type `type`.
std::pair<int64_t, int64_t> getRange(Type type) {
  if (cast<IntegerType>(type).isUnsigned())
    return {0, 255};
  return {-128, 127};
}

/// `value` (a converted scale: a Torch float or a tensor) as f32.
FailureOr<Value> getScale(ConversionPatternRewriter &rewriter, Location loc,
                          Value torchValue, Value converted) {
  ONNXBuilder b(rewriter, loc);
  if (isa<Torch::BaseTensorType>(torchValue.getType()))
    return b.cast(converted, rewriter.getF32Type());
  return getScalarAsTensor(rewriter, loc, torchValue, rewriter.getF32Type());
}

/// `value` (a converted zero point: a Torch int or a tensor) as `type`.
FailureOr<Value> getZeroPoint(ConversionPatternRewriter &rewriter,
                              Location loc, Value torchValue, Value converted,
                              Type type) {
  ONNXBuilder b(rewriter, loc);
  if (isa<Torch::BaseTensorType>(torchValue.getType()))
    return b.cast(converted, type);
  return getScalarAsTensor(rewriter, loc, torchValue, type);
}

/// Clips `q` to [quantMin, quantMax] where that range is narrower than its
/// type's.
FailureOr<Value> clipToRange(ConversionPatternRewriter &rewriter,
                             Location loc, Value q, Value quantMin,
                             Value quantMax) {
  std::optional<int64_t> low = Torch::matchConstantInt(quantMin);
  std::optional<int64_t> high = Torch::matchConstantInt(quantMax);
  if (!low || !high)
    return failure();
  Type type = getElementType(q);
  auto [typeLow, typeHigh] = getRange(type);
  if (*low <= typeLow && *high >= typeHigh)
    return q;
  ONNXBuilder b(rewriter, loc);
  return b.create<ONNX::ClipOp>(
      q.getType(), {q, b.intScalar(type, std::max(*low, typeLow)),
                    b.intScalar(type, std::min(*high, typeHigh))});
}

/// The scale and zero point of a (de)quantize op: the Torch values and
/// their converted operands.
struct QuantParams {
  Value scale, zeroPoint, scaleOperand, zeroPointOperand;
};

template <bool PerChannel, typename OpTy, typename Adaptor>
QuantParams getQuantParams(OpTy op, Adaptor adaptor) {
  if constexpr (PerChannel)
    return {op.getScales(), op.getZeroPoints(), adaptor.getScales(),
            adaptor.getZeroPoints()};
  else
    return {op.getScale(), op.getZeroPoint(), adaptor.getScale(),
            adaptor.getZeroPoint()};
}

/// Adds the `axis` attribute of a per-channel op on `input`.
template <typename OpTy>
LogicalResult appendAxis(OpTy op, Value input, ONNXBuilder &b,
                         SmallVectorImpl<NamedAttribute> &attrs) {
  std::optional<int64_t> axis = Torch::matchConstantInt(op.getAxis());
  std::optional<int64_t> rank = getRank(input);
  if (!axis || !rank || !isValidDim(*axis, *rank))
    return failure();
  attrs.push_back(b.intAttr("axis", normalizeDim(*axis, *rank)));
  return success();
}

/// QuantizeLinear of `input` to `type` with `params`, then the Clip of a
/// narrower `[quantMin, quantMax]` (both Torch values, or null for the
/// type's own range).
FailureOr<Value> buildQuantize(ConversionPatternRewriter &rewriter,
                               Location loc, TensorType type, Value input,
                               const QuantParams &params,
                               ArrayRef<NamedAttribute> attrs,
                               Value quantMin = {}, Value quantMax = {}) {
  FailureOr<Value> scale =
      getScale(rewriter, loc, params.scale, params.scaleOperand);
  FailureOr<Value> zeroPoint =
      getZeroPoint(rewriter, loc, params.zeroPoint, params.zeroPointOperand,
                   type.getElementType());
  if (failed(scale) || failed(zeroPoint))
    return failure();
  ONNXBuilder b(rewriter, loc);
  Value q = b.create<ONNX::QuantizeLinearOp>(
      type, b.withMissingInputs(ONNX::QuantizeLinearOp::getOperationName(),
                                {input, *scale, *zeroPoint}),
      attrs);
  if (!quantMin)
    return q;
  return clipToRange(rewriter, loc, q, quantMin, quantMax);
}

/// DequantizeLinear of 8-bit `input` with `params` (a None zero point
/// means 0), as `type`.
FailureOr<Value> buildDequantize(ConversionPatternRewriter &rewriter,
                                 Location loc, TensorType type, Value input,
                                 const QuantParams &params,
                                 ArrayRef<NamedAttribute> attrs) {
  Type inputType = getElementType(input);
  if (!isFloatType(type.getElementType()) || !inputType ||
      !isQuantizedElementType(inputType))
    return failure();
  ONNXBuilder b(rewriter, loc);
  FailureOr<Value> scale =
      getScale(rewriter, loc, params.scale, params.scaleOperand);
  FailureOr<Value> zeroPoint = b.none();
  if (!Torch::isConstantNone(params.zeroPoint))
    zeroPoint = getZeroPoint(rewriter, loc, params.zeroPoint,
                             params.zeroPointOperand, inputType);
  if (failed(scale) || failed(zeroPoint))
    return failure();
  Value x = b.create<ONNX::DequantizeLinearOp>(
      type.clone(rewriter.getF32Type()),
      b.withMissingInputs(ONNX::DequantizeLinearOp::getOperationName(),
                          {input, *scale, *zeroPoint}),
      attrs);
  return b.cast(x, type.getElementType());
}

/// quantize_per_tensor and quantize_per_channel (with `PerChannel`), whose
/// scale and zero point are scalars or tensors.
template <typename OpTy, bool PerChannel>
struct ConvertQuantize : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type || !isQuantizedElementType(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "result is not int8 or uint8");
    ONNXBuilder b(rewriter, loc);
    Value input = b.cast(adaptor.getInput(), rewriter.getF32Type());
    SmallVector<NamedAttribute> attrs;
    if constexpr (PerChannel)
      if (failed(appendAxis(op, input, b, attrs)))
        return rewriter.notifyMatchFailure(op, "non-constant axis");
    FailureOr<Value> q =
        buildQuantize(rewriter, loc, type, input,
                      getQuantParams<PerChannel>(op, adaptor), attrs,
                      op.getQuantMin(), op.getQuantMax());
    if (failed(q))
      return rewriter.notifyMatchFailure(
          op, "unsupported scale, zero point or quant range");
    rewriter.replaceOp(op, *q);
    return success();
  }
};

/// dequantize_per_tensor and dequantize_per_channel (with `PerChannel`);
/// a per-channel zero point may be None (symmetric quantization).
template <typename OpTy, bool PerChannel>
struct ConvertDequantize : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ONNXBuilder b(rewriter, loc);
    SmallVector<NamedAttribute> attrs;
    if constexpr (PerChannel)
      if (failed(appendAxis(op, adaptor.getInput(), b, attrs)))
        return rewriter.notifyMatchFailure(op, "non-constant axis");
    FailureOr<Value> x =
        buildDequantize(rewriter, loc, type, adaptor.getInput(),
                        getQuantParams<PerChannel>(op, adaptor), attrs);
    if (failed(x))
      return rewriter.notifyMatchFailure(
          op, "unsupported types, scale or zero point");
    rewriter.replaceOp(op, *x);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Quantized tensors
//===----------------------------------------------------------------------===//
//
// A tensor of a quantized dtype (`!torch.qint8`, ...) converts to its
// integer representation; its scale and zero point live on the op that made
// it, which the dequantize patterns read.

/// aten.quantize_per_tensor(self, scale, zero_point, dtype): QuantizeLinear
/// to the representation of `dtype`.
struct ConvertAtenQuantizePerTensor
    : public ONNXConversionPattern<Torch::AtenQuantizePerTensorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenQuantizePerTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    if (!type || !isQuantizedElementType(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "result is not qint8 or quint8");
    ONNXBuilder b(rewriter, loc);
    Value input = b.cast(adaptor.getSelf(), rewriter.getF32Type());
    QuantParams params{op.getScale(), op.getZeroPoint(), adaptor.getScale(),
                       adaptor.getZeroPoint()};
    FailureOr<Value> q = buildQuantize(rewriter, loc, type, input, params, {});
    if (failed(q))
      return rewriter.notifyMatchFailure(op, "unsupported scale or zero point");
    rewriter.replaceOp(op, *q);
    return success();
  }
};

/// _make_per_tensor_quantized_tensor(self, scale, zero_point) and
/// int_repr(self): the integer representation, unchanged.
template <typename OpTy>
struct ConvertToRepresentation : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type || !isa<IntegerType>(type.getElementType()) ||
        !isa<IntegerType>(getElementType(adaptor.getSelf())))
      return rewriter.notifyMatchFailure(op, "not an integer representation");
    Value repr = ONNXBuilder(rewriter, op.getLoc())
                     .cast(adaptor.getSelf(), type.getElementType());
    if (!repr)
      return rewriter.notifyMatchFailure(op, "unsupported type");
    rewriter.replaceOp(op, repr);
    return success();
  }
};

/// The scale and zero point of quantized tensor `value`, from the op that
/// made it.
std::optional<QuantParams> getProducerQuantParams(Value value) {
  Operation *producer = value.getDefiningOp();
  if (auto make =
          dyn_cast_if_present<Torch::Aten_MakePerTensorQuantizedTensorOp>(
              producer))
    return QuantParams{make.getScale(), make.getZeroPoint(), {}, {}};
  if (auto quantize =
          dyn_cast_if_present<Torch::AtenQuantizePerTensorOp>(producer))
    return QuantParams{quantize.getScale(), quantize.getZeroPoint(), {}, {}};
  return std::nullopt;
}

/// dequantize.self and dequantize.tensor of a quantized tensor whose scale
/// and zero point are scalars of the op that made it.
template <typename OpTy>
struct ConvertAtenDequantize : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value quantized = op->getOperand(0);
    std::optional<QuantParams> params = getProducerQuantParams(quantized);
    // Scalar parameters need no converted operand.
    if (!params || isa<Torch::BaseTensorType>(params->scale.getType()) ||
        isa<Torch::BaseTensorType>(params->zeroPoint.getType()))
      return rewriter.notifyMatchFailure(
          op, "the quantized tensor's scale and zero point are not known");
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    FailureOr<Value> x = buildDequantize(rewriter, op.getLoc(), type,
                                         adaptor.getOperands()[0], *params, {});
    if (failed(x))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    rewriter.replaceOp(op, *x);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateQuantizationPatterns(TypeConverter &typeConverter,
                                                 RewritePatternSet &patterns,
                                                 int64_t opset) {
  using namespace Torch;
  addPatterns<
      ConvertQuantize<QuantizedDecomposedQuantizePerTensorOp, false>,
      ConvertQuantize<QuantizedDecomposedQuantizePerTensorTensorOp, false>,
      ConvertQuantize<QuantizedDecomposedQuantizePerChannelOp, true>,
      ConvertDequantize<QuantizedDecomposedDequantizePerTensorOp, false>,
      ConvertDequantize<QuantizedDecomposedDequantizePerTensorTensorOp, false>,
      ConvertDequantize<QuantizedDecomposedDequantizePerChannelOp, true>,
      ConvertAtenQuantizePerTensor,
      ConvertToRepresentation<Aten_MakePerTensorQuantizedTensorOp>,
      ConvertToRepresentation<AtenIntReprOp>,
      ConvertAtenDequantize<AtenDequantizeSelfOp>,
      ConvertAtenDequantize<AtenDequantizeTensorOp>>(typeConverter, patterns,
                                                     opset);
}
