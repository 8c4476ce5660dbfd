//===- LibTorchSupport.h - Calling LibTorch from the importers --*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// What both importers need around calls into LibTorch: its warnings as
// diagnostics, allocation failures as exceptions, and its error messages cut
// to one line. Include it from .cpp files built with exceptions only.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_LIBTORCHSUPPORT_H
#define TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_LIBTORCHSUPPORT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

#include <c10/util/Exception.h>

#include <new>
#include <string>

namespace mlir::torch_onnx::torchscript {

/// Reports LibTorch's warnings as MLIR warnings at one location.
class DiagnosticWarningHandler : public c10::WarningHandler {
public:
  explicit DiagnosticWarningHandler(Location loc) : loc(loc) {}
  void process(const c10::Warning &warning) override {
    emitWarning(loc) << warning.msg();
  }

private:
  Location loc;
};

/// While alive, a failed allocation throws std::bad_alloc instead of calling
/// the new-handler that LLVM's tools install, which aborts. The sizes that
/// LibTorch allocates while reading an archive come from the file.
class ThrowOnAllocationFailure {
public:
  ThrowOnAllocationFailure() : previous(std::set_new_handler(nullptr)) {}
  ~ThrowOnAllocationFailure() { std::set_new_handler(previous); }

private:
  std::new_handler previous;
};

/// The first line of a LibTorch error message, without its `[enforce fail
/// at ...] .` prefix; a TorchScript compile error also names the archived
/// source file and line it points at.
std::string firstLine(llvm::StringRef text);

} // namespace mlir::torch_onnx::torchscript

#endif // TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_LIBTORCHSUPPORT_H
