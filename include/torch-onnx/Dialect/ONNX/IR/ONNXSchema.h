//===- ONNXSchema.h - libonnx schemas of ONNX ops ---------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Access to libonnx's schema registry. Kept apart from ONNXOps.h so that
// users of the dialect need not see ONNX's headers.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_ONNXSCHEMA_H
#define TORCH_ONNX_DIALECT_ONNX_IR_ONNXSCHEMA_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <onnx/defs/schema.h>

namespace mlir::torch_onnx::ONNX {

/// The schema of `opType` in `domain` ("" is the default domain) in force at
/// `opset`: the newest one whose version does not exceed it. Null when the
/// op does not exist at that opset; a deprecated schema is returned as is
/// (see `OpSchema::deprecated()`). Lookups are cached and thread-safe.
const onnx::OpSchema *lookupSchema(StringRef opType, int64_t opset,
                                   StringRef domain = "");

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_DIALECT_ONNX_IR_ONNXSCHEMA_H
