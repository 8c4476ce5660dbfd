//===- ModelWriter.h - Streamed, atomic writing of ONNX models --*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_MODELWRITER_H
#define TORCH_ONNX_LIB_TARGET_ONNX_MODELWRITER_H

#include "ModelBuilder.h"

#include <cstdint>
#include <optional>

namespace mlir::torch_onnx {

/// Writes `contents` to `path`. Large initializers are streamed from their
/// attributes into the file, or, when at least `externalDataThreshold`
/// bytes (or when the model would pass protobuf's 2 GiB limit), into the
/// side file `<path>.data` at 4096-byte aligned offsets. Both files are
/// written under temporary names and renamed into place, so that a failure
/// leaves neither behind. A `path` of "-" writes the model to standard
/// output, and fails when it needs external data. Errors are reported at
/// `loc`. On success,
/// `wroteExternalData`, when given, tells whether the side file was written.
LogicalResult writeModelFile(ModelContents &contents, StringRef path,
                             std::optional<uint64_t> externalDataThreshold,
                             Location loc, bool *wroteExternalData = nullptr);

/// Writes `contents` to `os` with all its initializers inline; fails, at
/// `loc`, when the model would need external data.
LogicalResult writeModelStream(ModelContents &contents, raw_ostream &os,
                               Location loc);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_MODELWRITER_H
