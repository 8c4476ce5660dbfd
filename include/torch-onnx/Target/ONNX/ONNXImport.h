//===- ONNXImport.h - ONNX protobuf to the ONNX dialect ---------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TARGET_ONNX_ONNXIMPORT_H
#define TORCH_ONNX_TARGET_ONNX_ONNXIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::torch_onnx {

/// Reads the ONNX model at `path`, with its external data, into the ONNX
/// dialect. Emits an error and returns null on a malformed model or an
/// unsafe external-data location.
OwningOpRef<ModuleOp> importONNXFile(llvm::StringRef path,
                                     MLIRContext *context);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_TARGET_ONNX_ONNXIMPORT_H
