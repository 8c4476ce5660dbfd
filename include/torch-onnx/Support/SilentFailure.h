//===- SilentFailure.h - A message for failures that gave none -*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// MLIR's bytecode reader can refuse a damaged file without emitting any
// diagnostic. The tools read their input under a ReadObserver, which adds
// one error that names the file when the reader failed silently, so that a
// refused input never ends the run without a message.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_SUPPORT_SILENTFAILURE_H
#define TORCH_ONNX_SUPPORT_SILENTFAILURE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

namespace mlir::torch_onnx {

/// Notes the errors emitted while it lives and passes every diagnostic on
/// to the handlers registered before it.
class ReadObserver {
public:
  explicit ReadObserver(MLIRContext *context)
      : context(context), handler(context, [this](Diagnostic &diag) {
          reported |= diag.getSeverity() == DiagnosticSeverity::Error;
          return failure();
        }) {}

  /// After reading `path` failed: emits an error that names it, unless the
  /// reader already reported one.
  void reportIfSilent(StringRef path) {
    if (reported)
      return;
    emitError(FileLineColLoc::get(context, path, 0, 0))
        << "cannot read '" << path
        << "': the MLIR reader refused it without giving a reason (the file "
           "is damaged or truncated)";
  }

private:
  MLIRContext *context;
  bool reported = false;
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_SUPPORT_SILENTFAILURE_H
