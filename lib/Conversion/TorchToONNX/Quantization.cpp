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
    auto [scaleValue, zeroPointValue, scaleOperand, zeroPointOperand] =
        getQuantParams<PerChannel>(op, adaptor);
    FailureOr<Value> scale = getScale(rewriter, loc, scaleValue, scaleOperand);
    FailureOr<Value> zeroPoint =
        getZeroPoint(rewriter, loc, zeroPointValue, zeroPointOperand,
                     type.getElementType());
    if (failed(scale) || failed(zeroPoint))
      return rewriter.notifyMatchFailure(op, "unsupported scale or zero point");
    ONNXBuilder b(rewriter, loc);
    Value input = b.cast(adaptor.getInput(), rewriter.getF32Type());
    SmallVector<NamedAttribute> attrs;
    if constexpr (PerChannel)
      if (failed(appendAxis(op, input, b, attrs)))
        return rewriter.notifyMatchFailure(op, "non-constant axis");
    Value q = b.create<ONNX::QuantizeLinearOp>(
        type, b.withMissingInputs(ONNX::QuantizeLinearOp::getOperationName(),
                                  {input, *scale, *zeroPoint}),
        attrs);
    FailureOr<Value> clipped = clipToRange(rewriter, loc, q, op.getQuantMin(),
                                           op.getQuantMax());
    if (failed(clipped))
      return rewriter.notifyMatchFailure(op, "non-constant quant range");
    rewriter.replaceOp(op, *clipped);
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
    Type inputType = getElementType(adaptor.getInput());
    if (!type || !isFloatType(type.getElementType()) || !inputType ||
        !isQuantizedElementType(inputType))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    auto [scaleValue, zeroPointValue, scaleOperand, zeroPointOperand] =
        getQuantParams<PerChannel>(op, adaptor);
    ONNXBuilder b(rewriter, loc);
    FailureOr<Value> scale = getScale(rewriter, loc, scaleValue, scaleOperand);
    FailureOr<Value> zeroPoint = b.none();
    if (!Torch::isConstantNone(zeroPointValue))
      zeroPoint = getZeroPoint(rewriter, loc, zeroPointValue,
                               zeroPointOperand, inputType);
    if (failed(scale) || failed(zeroPoint))
      return rewriter.notifyMatchFailure(op, "unsupported scale or zero point");
    SmallVector<NamedAttribute> attrs;
    if constexpr (PerChannel)
      if (failed(appendAxis(op, adaptor.getInput(), b, attrs)))
        return rewriter.notifyMatchFailure(op, "non-constant axis");
    Value x = b.create<ONNX::DequantizeLinearOp>(
        type.clone(rewriter.getF32Type()),
        b.withMissingInputs(ONNX::DequantizeLinearOp::getOperationName(),
                            {adaptor.getInput(), *scale, *zeroPoint}),
        attrs);
    rewriter.replaceOp(op, b.cast(x, type.getElementType()));
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
      ConvertDequantize<QuantizedDecomposedDequantizePerChannelOp, true>>(
      typeConverter, patterns, opset);
}
