//===- PatternUtils.h - Torch to ONNX pattern utilities ---------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// What every pattern file of the Torch to ONNX conversion shares: the pattern
// base class, reading Torch scalars and lists at compile time, building ONNX
// ops with their result types, and one populate function per pattern file.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_PATTERNUTILS_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_PATTERNUTILS_H

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

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
/// SliceScatter.cpp: writes into a slice or a selected index.
void populateSliceScatterPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns, int64_t opset);

//===----------------------------------------------------------------------===//
// Reading Torch values at compile time
//===----------------------------------------------------------------------===//

/// The value of an int that is known at compile time: a `torch.constant.int`,
/// a size of a static dim (`aten.size.int`, `aten.dim`, `aten.numel`), or int
/// arithmetic on such values.
std::optional<int64_t> getConstantInt(Value value);
/// The value of a float (or int) known at compile time.
std::optional<double> getConstantFloat(Value value);
/// The value of a bool known at compile time.
std::optional<bool> getConstantBool(Value value);
/// The ints of a list whose elements are all known at compile time.
std::optional<SmallVector<int64_t>> getConstantIntList(Value list);
/// The elements of a list built by `torch.prim.ListConstruct`.
std::optional<SmallVector<Value>> getListElements(Value list);
/// True for `torch.constant.none` (and optionals built from it).
bool isNone(Value value);

/// `dim` as a non-negative dim of a tensor of rank `rank`.
inline int64_t normalizeDim(int64_t dim, int64_t rank) {
  return dim < 0 ? dim + rank : dim;
}
/// True when `dim` is a dim of a tensor of rank `rank` (negative counts from
/// the end).
inline bool isValidDim(int64_t dim, int64_t rank) {
  return dim >= -rank && dim < rank;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The ONNX element type of Torch dtype `dtype`: signless integers except
/// `ui8`; null for dtypes ONNX does not have.
Type convertDtype(Type dtype);
/// `value` with the type `type` of the same shape, whose element type has
/// the same width (`si64` data as `i64`); null when it cannot be retyped.
ElementsAttr convertElementsAttr(ElementsAttr value, RankedTensorType type);
/// The `TensorProto.DataType` code of ONNX element type `type` (1 is FLOAT,
/// 7 is INT64, ...), or nullopt.
std::optional<int64_t> getONNXDataType(Type type);

/// The converted type of a Torch value, as a tensor type; null when it does
/// not convert to one.
TensorType getConvertedTensorType(const TypeConverter *typeConverter,
                                  Value torchValue);
/// Like getConvertedTensorType, but only for ranked tensors.
RankedTensorType getConvertedRankedType(const TypeConverter *typeConverter,
                                        Value torchValue);

/// The element type of a tensor value.
Type getElementType(Value value);
/// The rank of a tensor value, or nullopt when unranked.
std::optional<int64_t> getRank(Value value);
/// The shape of a ranked tensor value (with ShapedType::kDynamic for
/// unknown dims), or nullopt when unranked.
std::optional<SmallVector<int64_t>> getShape(Value value);
/// True for a float element type.
bool isFloatType(Type elementType);
/// True for a bool (i1) element type.
bool isBoolType(Type elementType);

/// The shape numpy broadcasting gives for `a` and `b`, or nothing when two
/// static dims differ and neither is 1.
std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> a,
                                                    ArrayRef<int64_t> b);
/// The type of the broadcast of tensor values `a` and `b`, with element type
/// `elementType`; unranked when either is, or when they do not broadcast.
TensorType getBroadcastType(Value a, Value b, Type elementType);

//===----------------------------------------------------------------------===//
// Building ONNX ops
//===----------------------------------------------------------------------===//

/// Creates ONNX ops at a location with the result types they need.
class ONNXBuilder {
public:
  ONNXBuilder(OpBuilder &builder, Location loc) : builder(builder), loc(loc) {}

  OpBuilder &getBuilder() { return builder; }
  Location getLoc() const { return loc; }
  MLIRContext *getContext() { return builder.getContext(); }

  /// Creates op `OpTy` with one result.
  template <typename OpTy>
  Value create(Type resultType, ValueRange operands,
               ArrayRef<NamedAttribute> attributes = {}) {
    return OpTy::create(builder, loc, TypeRange{resultType}, operands,
                        attributes)
        ->getResult(0);
  }
  /// Creates op `OpTy` with any number of results.
  template <typename OpTy>
  OpTy createOp(TypeRange resultTypes, ValueRange operands,
                ArrayRef<NamedAttribute> attributes = {}) {
    return OpTy::create(builder, loc, resultTypes, operands, attributes);
  }

  // Attributes, in the kinds the ONNX dialect uses.
  /// An INT attribute (si64).
  NamedAttribute intAttr(StringRef name, int64_t value);
  /// An INTS attribute (array of i64).
  NamedAttribute intsAttr(StringRef name, ArrayRef<int64_t> values);
  /// A FLOAT attribute (f32).
  NamedAttribute floatAttr(StringRef name, double value);
  /// A FLOATS attribute (array of f32).
  NamedAttribute floatsAttr(StringRef name, ArrayRef<double> values);
  /// A STRING attribute.
  NamedAttribute stringAttr(StringRef name, StringRef value);

  // Constants. Top-level constants are `onnx.Initializer` ops; inside a
  // subgraph they are `onnx.Constant` ops.
  /// A constant holding `value` (whose element type must be ONNX's).
  Value constant(ElementsAttr value, StringRef name = "");
  /// A 1-D i64 constant.
  Value i64Tensor(ArrayRef<int64_t> values);
  /// A 0-d i64 constant.
  Value i64Scalar(int64_t value);
  /// A 0-d constant of element type `elementType` holding `value`.
  Value scalar(Type elementType, double value);
  /// A constant of type `type` whose every element is `value`.
  Value splat(RankedTensorType type, double value);
  /// A missing optional input.
  Value none();
  /// The attribute of a constant of type `type` whose every element is
  /// `value`.
  static DenseElementsAttr getSplatAttr(RankedTensorType type, double value);

  // Ops whose result type follows from their operands.
  /// `value` cast to `elementType`; `value` itself when it has that type.
  Value cast(Value value, Type elementType);
  /// `onnx.Unsqueeze` with constant `axes` (non-negative, sorted).
  Value unsqueeze(Value value, ArrayRef<int64_t> axes);
  /// `onnx.Squeeze` with constant `axes` (non-negative).
  Value squeeze(Value value, ArrayRef<int64_t> axes);
  /// `onnx.Reshape` to constant shape `shape` (whose entries may be 0 or -1
  /// as ONNX allows); the result type is `resultType` when given.
  Value reshape(Value value, ArrayRef<int64_t> shape,
                TensorType resultType = {});
  /// `onnx.Transpose` with permutation `perm`.
  Value transpose(Value value, ArrayRef<int64_t> perm);
  /// `onnx.Concat` of `values` along `axis` (non-negative).
  Value concat(ValueRange values, int64_t axis);
  /// The run-time shape of `value`: a 1-D i64 constant when static.
  Value shapeOf(Value value);
  /// The size of dim `dim` of `value` as a 0-d i64 tensor: a constant when
  /// the dim is static, else Shape and Gather.
  Value dimSize(Value value, int64_t dim);
  /// A 1-D i64 tensor from 0-d or 1-D i64 tensors `parts`, concatenated.
  Value concatSizes(ValueRange parts);

  /// Elementwise binary op `OpTy` with a broadcast result of `a`'s element
  /// type (or `elementType` when given).
  template <typename OpTy>
  Value binary(Value a, Value b, Type elementType = {}) {
    if (!elementType)
      elementType = getElementType(a);
    return create<OpTy>(getBroadcastType(a, b, elementType), {a, b});
  }
  /// Elementwise unary op `OpTy` with the type of `value`.
  template <typename OpTy>
  Value unary(Value value, ArrayRef<NamedAttribute> attributes = {}) {
    return create<OpTy>(value.getType(), value, attributes);
  }

  /// A reduction over `axes` (non-negative) with `keepdims`, with the
  /// reduced result type. ReduceSum takes its axes as an input, the other
  /// reductions as an attribute, as in opsets 13 to 17.
  template <typename OpTy>
  Value reduce(Value value, ArrayRef<int64_t> axes, bool keepdims) {
    TensorType type = getReducedType(value, axes, keepdims);
    if constexpr (std::is_same_v<OpTy, ONNX::ReduceSumOp>)
      return create<OpTy>(type, {value, i64Tensor(axes)},
                          {intAttr("keepdims", keepdims)});
    else
      return create<OpTy>(
          type, value, {intsAttr("axes", axes), intAttr("keepdims", keepdims)});
  }
  /// The type of `value` reduced over `axes`.
  static TensorType getReducedType(Value value, ArrayRef<int64_t> axes,
                                   bool keepdims);

private:
  OpBuilder &builder;
  Location loc;
};

//===----------------------------------------------------------------------===//
// Converting Torch operands during a conversion
//===----------------------------------------------------------------------===//

/// The 1-D i64 tensor of int list `list`: a constant when every element is
/// known at compile time, else a Concat of the elements' converted values.
FailureOr<Value> getIntListAsTensor(ConversionPatternRewriter &rewriter,
                                    Location loc, Value list);
/// The converted value of Torch scalar `scalar` as a 0-d tensor of element
/// type `elementType`: a constant when known at compile time, else the
/// converted run-time value, cast as needed.
FailureOr<Value> getScalarAsTensor(ConversionPatternRewriter &rewriter,
                                   Location loc, Value scalar,
                                   Type elementType);
/// The converted values of the tensors of list `list` (a
/// `torch.prim.ListConstruct`).
FailureOr<SmallVector<Value>>
getTensorListElements(ConversionPatternRewriter &rewriter, Value list);

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_PATTERNUTILS_H
