//===- ONNXBuilder.h - Building ONNX ops with their types -------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// ONNXBuilder creates the ONNX ops of the Torch to ONNX conversion with the
// result types they need, their attributes in the kinds the ONNX dialect
// uses, and constants as initializers or, inside subgraphs, Constant ops.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_ONNXBUILDER_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_ONNXBUILDER_H

#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/Builders.h"

#include <cstdint>
#include <type_traits>

namespace mlir::torch_onnx::torch_to_onnx {

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
  /// A 0-d constant of element type `elementType` holding the int `value`,
  /// exact for integer types (a double holds only 53 bits).
  Value intScalar(Type elementType, int64_t value);
  /// A constant of type `type` whose every element is `value`.
  Value splat(RankedTensorType type, double value);
  /// `onnx.ConstantOfShape` of the run-time shape `shape` (1-D i64), of type
  /// `type`, every element `value`.
  Value constantOfShape(Value shape, TensorType type, double value);
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
  /// Elementwise unary op `OpTy` with a bool result of `value`'s shape.
  template <typename OpTy>
  Value predicate(Value value, ArrayRef<NamedAttribute> attributes = {}) {
    auto type = llvm::cast<TensorType>(value.getType());
    return create<OpTy>(type.clone(builder.getI1Type()), value, attributes);
  }

  /// A reduction over `axes` (non-negative) with `keepdims`, with the
  /// reduced result type. The axes are an input where the reduction's
  /// schema at the target opset has one (ReduceSum from opset 13, the others
  /// from 18), else an attribute.
  template <typename OpTy>
  Value reduce(Value value, ArrayRef<int64_t> axes, bool keepdims) {
    TensorType type = getReducedType(value, axes, keepdims);
    if (takesAxesInput(OpTy::getOperationName()))
      return create<OpTy>(type, {value, i64Tensor(axes)},
                          {intAttr("keepdims", keepdims)});
    return create<OpTy>(type, {value, none()},
                        {intsAttr("axes", axes), intAttr("keepdims", keepdims)});
  }
  /// Whether reduction `opName` takes its axes as an input at the target
  /// opset of the module being built.
  bool takesAxesInput(StringRef opName);
  /// The default-domain opset of the module being built.
  int64_t getTargetOpset();
  /// `operands` followed by a missing value for each optional input that op
  /// `opName` has after them (the inputs that newer versions added).
  SmallVector<Value> withMissingInputs(StringRef opName, ValueRange operands);

  /// GELU of `x`, exact (Erf) or with the tanh approximation: ONNX Gelu
  /// from opset 20, its decomposition below.
  Value gelu(Value x, bool tanhApproximation);
  /// Whether any element of `input` over `axes` is NaN, as bools.
  Value anyNaN(Value input, ArrayRef<int64_t> axes, bool keepdims);
  /// `extreme`, the ReduceMax or ReduceMin of `input` over `axes`, with NaN
  /// where the reduced elements hold one, as PyTorch's max and min give
  /// (onnxruntime's ReduceMax and ReduceMin skip NaN). Only float inputs
  /// can hold NaN: for others, `extreme`.
  Value propagateNaN(Value input, Value extreme, ArrayRef<int64_t> axes,
                     bool keepdims);
  /// The type of `value` reduced over `axes`.
  static TensorType getReducedType(Value value, ArrayRef<int64_t> axes,
                                   bool keepdims);

private:
  OpBuilder &builder;
  Location loc;
};

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_ONNXBUILDER_H
