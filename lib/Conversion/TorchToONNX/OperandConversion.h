//===- OperandConversion.h - Torch operands as ONNX values ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The ONNX values of Torch operands while an op is being converted: int lists
// and scalars as tensors (constants when known at compile time, else built
// from the converted values), and the converted tensors of a tensor list.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_OPERANDCONVERSION_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_OPERANDCONVERSION_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::torch_onnx::torch_to_onnx {

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
/// Operand `torchValue` (a tensor, whose converted value is `converted`, or
/// a scalar) as a tensor of element type `elementType`.
FailureOr<Value> getOperandAs(ConversionPatternRewriter &rewriter,
                              Location loc, Value torchValue, Value converted,
                              Type elementType);
/// The converted values of the tensors of list `list` (a
/// `torch.prim.ListConstruct`).
FailureOr<SmallVector<Value>>
getTensorListElements(ConversionPatternRewriter &rewriter, Value list);

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_OPERANDCONVERSION_H
