//===- FoldConstants.cpp - Fold data movement on initializers -------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_FOLDCONSTANTS
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// `Identity(x)` is `x`.
struct RemoveIdentity : public RewritePattern {
  RemoveIdentity(MLIRContext *context)
      : RewritePattern(ONNX::IdentityOp::getOperationName(), 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getOperand(0).getType() != op->getResult(0).getType())
      return failure();
    rewriter.replaceOp(op, op->getOperand(0));
    return success();
  }
};

/// A reshape of an initializer is the same data under a new type; a blob is
/// shared, not copied.
struct FoldReshapeOfInitializer : public RewritePattern {
  FoldReshapeOfInitializer(StringRef opName, MLIRContext *context)
      : RewritePattern(opName, 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto init = op->getOperand(0).getDefiningOp<ONNX::InitializerOp>();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!init || !resultType || !resultType.hasStaticShape())
      return failure();
    ElementsAttr value = init.getValue();
    ElementsAttr reshaped;
    if (auto dense = dyn_cast<DenseElementsAttr>(value))
      reshaped = dense.reshape(resultType);
    else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
      reshaped = DenseResourceElementsAttr::get(resultType,
                                                resource.getRawHandle());
    if (!reshaped)
      return failure();
    rewriter.replaceOpWithNewOp<ONNX::InitializerOp>(op, init.getName(),
                                                     reshaped);
    return success();
  }
};

/// Transpose of an f32 initializer becomes a transposed initializer.
struct FoldTransposeOfInitializer : public RewritePattern {
  FoldTransposeOfInitializer(MLIRContext *context)
      : RewritePattern(ONNX::TransposeOp::getOperationName(), 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto init = op->getOperand(0).getDefiningOp<ONNX::InitializerOp>();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!init || !resultType || !resultType.hasStaticShape())
      return failure();
    auto inputType = cast<RankedTensorType>(init.getType());
    std::optional<SmallVector<float>> data = ONNX::getF32Values(init.getValue());
    if (!data)
      return failure();
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> perm;
    if (auto permAttr = op->getAttrOfType<ArrayAttr>("perm")) {
      for (Attribute a : permAttr)
        perm.push_back(cast<IntegerAttr>(a).getInt());
    } else {
      for (int64_t i = rank - 1; i >= 0; --i)
        perm.push_back(i);
    }
    ArrayRef<int64_t> inShape = inputType.getShape();
    SmallVector<int64_t> inStrides(rank, 1);
    for (int64_t i = rank - 2; i >= 0; --i)
      inStrides[i] = inStrides[i + 1] * inShape[i + 1];
    ArrayRef<int64_t> outShape = resultType.getShape();
    SmallVector<float> out(data->size());
    SmallVector<int64_t> index(rank, 0);
    for (size_t linear = 0; linear < out.size(); ++linear) {
      int64_t source = 0;
      for (int64_t d = 0; d < rank; ++d)
        source += index[d] * inStrides[perm[d]];
      out[linear] = (*data)[source];
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++index[d] < outShape[d])
          break;
        index[d] = 0;
      }
    }
    rewriter.replaceOpWithNewOp<ONNX::InitializerOp>(
        op, init.getName(), DenseElementsAttr::get(resultType, ArrayRef(out)));
    return success();
  }
};

struct FoldConstants : public ONNX::impl::FoldConstantsBase<FoldConstants> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<RemoveIdentity, FoldTransposeOfInitializer>(context);
    for (StringRef name :
         {ONNX::ReshapeOp::getOperationName(), ONNX::FlattenOp::getOperationName(),
          ONNX::SqueezeOp::getOperationName(),
          ONNX::UnsqueezeOp::getOperationName()})
      patterns.add<FoldReshapeOfInitializer>(name, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
