//===- Diagnostics.h - A compile's diagnostics, as records -------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Collects the diagnostics of a compile as records with the user's source
// line, for the Python package's ExportError and for torch-onnx-compile's
// --report file.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DRIVER_DIAGNOSTICS_H
#define TORCH_ONNX_DRIVER_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir::torch_onnx {

/// One diagnostic of a compile.
struct DiagnosticRecord {
  /// "error", "warning", "remark" or "note".
  std::string severity;
  /// The message, followed by its notes.
  std::string message;
  /// The `file:line` to show: the innermost frame outside PyTorch itself.
  std::string location;
  /// Every `file:line` frame of the location, innermost first.
  std::vector<std::string> frames;
  /// The source op the diagnostic is about (such as `aten::stack`), when
  /// it recorded one with setDiagnosticOp.
  std::string op;
};

/// Collects every diagnostic emitted in `context` while it lives; notes stay
/// with their diagnostic. With `forward` set, each is also passed on to the
/// handler registered before (to be printed).
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext &context, bool forward = false);

  const std::vector<DiagnosticRecord> &getRecords() const { return records; }
  /// The errors, one a line, as the command line tools print them.
  std::string getErrorText() const;
  /// The records as a JSON array of objects with the fields above.
  llvm::json::Array toJSON() const;

private:
  LogicalResult record(Diagnostic &diag);

  std::vector<DiagnosticRecord> records;
  bool forward;
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_DRIVER_DIAGNOSTICS_H
