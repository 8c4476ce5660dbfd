//===- DiagnosticOp.h - The op a diagnostic is about ------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A diagnostic about a source op (such as `aten::stack`) carries the op's
// name as metadata, so that reports can list ops without parsing messages.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_SUPPORT_DIAGNOSTICOP_H
#define TORCH_ONNX_SUPPORT_DIAGNOSTICOP_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <optional>

namespace mlir::torch_onnx {

/// Records `opName` as the op that `diag` is about.
inline void setDiagnosticOp(Diagnostic &diag, StringRef opName) {
  diag.getMetadata().push_back(DiagnosticArgument(
      StringAttr::get(diag.getLocation()->getContext(), opName)));
}

/// The op that `diag` is about, when one was recorded.
inline std::optional<StringRef> getDiagnosticOp(Diagnostic &diag) {
  for (DiagnosticArgument &argument : diag.getMetadata())
    if (argument.getKind() ==
        DiagnosticArgument::DiagnosticArgumentKind::Attribute)
      if (auto name = dyn_cast<StringAttr>(argument.getAsAttribute()))
        return name.getValue();
  return std::nullopt;
}

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_SUPPORT_DIAGNOSTICOP_H
