//===- TextPrinter.h - ONNX models in ONNX's textual syntax -----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_TEXTPRINTER_H
#define TORCH_ONNX_LIB_TARGET_ONNX_TEXTPRINTER_H

#include "ModelBuilder.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::torch_onnx {

/// Prints `contents` in ONNX's textual syntax:
///
///   <
///     ir_version: 8,
///     opset_import: ["" : 17]
///   >
///   main_graph (float[1,N] x, float[3] w) => (float[1,N] y)
///     <float[3] w = {1.0, 2.0, 3.0}>
///     value_info <float[1,N] t>
///   {
///     [Add_0] t = Add (x, w)
///     [Relu_0] y = Relu (t)
///   }
///
/// Nodes are prefixed with their name in brackets. Initializers are listed
/// in angle brackets after the signature, tensors of more than 16 elements
/// as `{...}`, and the value_info of intermediate values after them.
/// Attributes read `name = value`; float values always have a decimal point
/// or an exponent, so that they differ from integers.
void printModelText(const ModelContents &contents, llvm::raw_ostream &os);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_TEXTPRINTER_H
