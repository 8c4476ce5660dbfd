//===- Patterns.h - Torch to ONNX conversion patterns -----------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The interface every pattern file of the Torch to ONNX conversion
// implements: its patterns derive from ONNXConversionPattern, and its
// populate function, declared here, adds them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_PATTERNS_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

#include <cstdint>

namespace mlir::torch_onnx::torch_to_onnx {

//===----------------------------------------------------------------------===//
// Pattern base class
//===----------------------------------------------------------------------===//

/// A conversion pattern of a Torch op that knows the target opset.
template <typename OpTy>
class ONNXConversionPattern : public OpConversionPattern<OpTy> {
public:
  ONNXConversionPattern(const TypeConverter &typeConverter,
                        MLIRContext *context, int64_t opset,
                        PatternBenefit benefit = 1)
      : OpConversionPattern<OpTy>(typeConverter, context, benefit),
        opset(opset) {}

protected:
  /// The default-domain opset the pattern targets.
  int64_t opset;
};

/// Adds patterns `Ps...`, each built from the type converter and the opset.
template <typename... Ps>
void addPatterns(const TypeConverter &typeConverter,
                 RewritePatternSet &patterns, int64_t opset) {
  patterns.add<Ps...>(typeConverter, patterns.getContext(), opset);
}

//===----------------------------------------------------------------------===//
// Populate functions, one per pattern file
//===----------------------------------------------------------------------===//

/// Constants.cpp: tensor literals, scalar queries (`aten.size.int`, ...),
/// int/float/bool arithmetic on run-time scalars, tensor creation ops.
void populateConstantPatterns(TypeConverter &typeConverter,
                              RewritePatternSet &patterns, int64_t opset);
/// Elementwise.cpp: arithmetic, math, comparisons, logic, casts.
void populateElementwisePatterns(TypeConverter &typeConverter,
                                 RewritePatternSet &patterns, int64_t opset);
/// Activations.cpp: relu and friends, softmax, gelu, dropout.
void populateActivationPatterns(TypeConverter &typeConverter,
                                RewritePatternSet &patterns, int64_t opset);
/// Linear.cpp: linear, matmul, convolutions.
void populateLinearPatterns(TypeConverter &typeConverter,
                            RewritePatternSet &patterns, int64_t opset);
/// Pooling.cpp: max, average and adaptive pooling, resize.
void populatePoolingPatterns(TypeConverter &typeConverter,
                             RewritePatternSet &patterns, int64_t opset);
/// Normalization.cpp: batch, layer, group and instance normalization.
void populateNormalizationPatterns(TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, int64_t opset);
/// Reduction.cpp: sum, mean, max, argmax, var, norm, cumsum, topk.
void populateReductionPatterns(TypeConverter &typeConverter,
                               RewritePatternSet &patterns, int64_t opset);
/// ShapeOps.cpp: views, permutations, squeeze/unsqueeze, expand.
void populateShapePatterns(TypeConverter &typeConverter,
                           RewritePatternSet &patterns, int64_t opset);
/// Indexing.cpp: slice, select, gather, index, scatter, pad, flip, roll.
void populateIndexingPatterns(TypeConverter &typeConverter,
                              RewritePatternSet &patterns, int64_t opset);
/// ListOps.cpp: cat, stack, split/chunk/unbind, list and tuple access.
void populateListPatterns(TypeConverter &typeConverter,
                          RewritePatternSet &patterns, int64_t opset);
/// ControlFlow.cpp: prim.If, prim.Loop.
void populateControlFlowPatterns(TypeConverter &typeConverter,
                                 RewritePatternSet &patterns, int64_t opset);
/// Attention.cpp: fused multi-head attention, transformer encoder layer,
/// masked softmax.
void populateAttentionPatterns(TypeConverter &typeConverter,
                               RewritePatternSet &patterns, int64_t opset);
/// Recurrent.cpp: LSTM, GRU and Elman RNN layers and cells.
void populateRecurrentPatterns(TypeConverter &typeConverter,
                               RewritePatternSet &patterns, int64_t opset);
/// Embedding.cpp: embedding lookups.
void populateEmbeddingPatterns(TypeConverter &typeConverter,
                               RewritePatternSet &patterns, int64_t opset);
/// Random.cpp: rand, randn, randint, bernoulli and their `_like` forms.
void populateRandomPatterns(TypeConverter &typeConverter,
                            RewritePatternSet &patterns, int64_t opset);
/// SliceScatter.cpp: writes into a slice or a selected index.
void populateSliceScatterPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns, int64_t opset);

/// ONNXImportOps.cpp: torch-mlir's ONNX nodes, `torch.operator "onnx.X"`,
/// as the ONNX ops they name. The target opset is the module's.
void populateONNXImportOpPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns);
/// Quantization.cpp: quantize and dequantize ops (`quantized_decomposed`,
/// `aten.quantize_per_tensor`, ...) as QuantizeLinear and DequantizeLinear.
void populateQuantizationPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns, int64_t opset);
/// Losses.cpp: the losses of torch.nn.functional, pointwise or over class
/// indices.
void populateLossPatterns(TypeConverter &typeConverter,
                          RewritePatternSet &patterns, int64_t opset);

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_PATTERNS_H
