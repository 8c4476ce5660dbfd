//===- ControlFlow.cpp - prim.If and prim.Loop to ONNX --------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// torch.prim.If becomes onnx.If and torch.prim.Loop onnx.Loop; their
// regions move into the ONNX op and end in onnx.Yield. Torch ints and bools
// that cross region boundaries are 0-d tensors. A branch that only raises
// an exception (a TorchScript assertion) is dropped, and the other branch
// inlined.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "TorchValues.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// True when `region` raises a Python exception.
bool raisesException(Region &region) {
  bool raises = false;
  region.walk([&](Torch::PrimRaiseExceptionOp) { raises = true; });
  return raises;
}

/// The converted types of `types`, all tensors; failure otherwise.
FailureOr<SmallVector<Type>>
convertToTensorTypes(const TypeConverter *converter, TypeRange types) {
  SmallVector<Type> converted;
  for (Type type : types) {
    Type newType = converter->convertType(type);
    if (!isa_and_present<TensorType>(newType))
      return failure();
    converted.push_back(newType);
  }
  return converted;
}

/// prim.If: onnx.If, or the taken branch inlined when the condition is
/// known or the other branch raises.
struct ConvertPrimIf : public ONNXConversionPattern<Torch::PrimIfOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimIfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<bool> taken = Torch::matchConstantBool(op.getCondition());
    if (!taken) {
      bool thenRaises = raisesException(op.getThenRegion());
      bool elseRaises = raisesException(op.getElseRegion());
      if (thenRaises != elseRaises)
        taken = elseRaises;
    }
    if (taken) {
      Block &block = (*taken ? op.getThenRegion() : op.getElseRegion()).front();
      auto yield = cast<Torch::PrimIfYieldOp>(block.getTerminator());
      SmallVector<Value> results(yield.getResults());
      rewriter.eraseOp(yield);
      rewriter.inlineBlockBefore(&block, op);
      rewriter.replaceOp(op, results);
      return success();
    }

    FailureOr<SmallVector<Type>> resultTypes =
        convertToTensorTypes(getTypeConverter(), op.getResultTypes());
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "unsupported result types");
    auto ifOp = ONNX::IfOp::create(rewriter, op.getLoc(), *resultTypes,
                                   ValueRange{adaptor.getCondition()},
                                   ArrayRef<NamedAttribute>{});
    rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenBranch(),
                                ifOp.getThenBranch().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseBranch(),
                                ifOp.getElseBranch().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// prim.If.yield: onnx.Yield.
struct ConvertPrimIfYield : public ONNXConversionPattern<Torch::PrimIfYieldOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimIfYieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<ONNX::IfOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "parent not converted");
    rewriter.replaceOpWithNewOp<ONNX::YieldOp>(op, adaptor.getResults());
    return success();
  }
};

/// prim.Loop: onnx.Loop whose body takes the iteration number, the
/// condition and the loop-carried values.
struct ConvertPrimLoop : public ONNXConversionPattern<Torch::PrimLoopOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimLoopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = getTypeConverter();
    FailureOr<SmallVector<Type>> resultTypes =
        convertToTensorTypes(converter, op.getResultTypes());
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "unsupported result types");
    Block &body = op.getRegion().front();
    FailureOr<SmallVector<Type>> carriedTypes = convertToTensorTypes(
        converter, TypeRange(body.getArgumentTypes()).drop_front());
    if (failed(carriedTypes))
      return rewriter.notifyMatchFailure(op, "unsupported carried types");

    SmallVector<Value> operands{adaptor.getMaxTripCount(),
                                adaptor.getInitialCondition()};
    operands.append(adaptor.getIterArgsInit().begin(),
                    adaptor.getIterArgsInit().end());
    auto loop = ONNX::LoopOp::create(rewriter, op.getLoc(), *resultTypes,
                                     operands, ArrayRef<NamedAttribute>{});

    // (iteration, carried...) becomes (iteration, condition, carried...).
    auto scalarType = [&](Type elementType) {
      return RankedTensorType::get({}, elementType);
    };
    TypeConverter::SignatureConversion signature(body.getNumArguments());
    signature.addInputs(0, scalarType(rewriter.getI64Type()));
    signature.addInputs(scalarType(rewriter.getI1Type()));
    for (auto [i, type] : llvm::enumerate(*carriedTypes))
      signature.addInputs(i + 1, type);
    Region &loopBody = loop.getBody();
    rewriter.inlineRegionBefore(op.getRegion(), loopBody, loopBody.end());
    rewriter.applySignatureConversion(&loopBody.front(), signature, converter);
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

/// prim.Loop.condition: onnx.Yield of the condition and carried values.
struct ConvertPrimLoopCondition
    : public ONNXConversionPattern<Torch::PrimLoopConditionOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimLoopConditionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<ONNX::LoopOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "parent not converted");
    SmallVector<Value> values{adaptor.getShouldContinue()};
    values.append(adaptor.getIterArgs().begin(), adaptor.getIterArgs().end());
    rewriter.replaceOpWithNewOp<ONNX::YieldOp>(op, values);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateControlFlowPatterns(TypeConverter &typeConverter,
                                                RewritePatternSet &patterns,
                                                int64_t opset) {
  addPatterns<ConvertPrimIf, ConvertPrimIfYield, ConvertPrimLoop,
              ConvertPrimLoopCondition>(typeConverter, patterns, opset);
}
