//===- PythonNames.cpp - Python names of TorchScript values ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

std::string mlir::torch_onnx::torchscript::pythonName(llvm::StringRef name) {
  // TorchScript renames a reused `x` to `x.1`, `x.2`, ...
  auto [base, suffix] = name.rsplit('.');
  if (!suffix.empty() && llvm::all_of(suffix, llvm::isDigit))
    name = base;
  if (name.empty() || llvm::all_of(name, llvm::isDigit))
    return "";
  return name.str();
}
