//===- ZipDirectory.h - The entry names of a zip archive --------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Needs LLVM Support only, so that its fuzzer (utils/fuzz) builds it alone.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_ZIPDIRECTORY_H
#define TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_ZIPDIRECTORY_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::torch_onnx::torchscript {

/// The entry names in the central directory of the zip file `data`, or
/// nothing, with `error` saying why, when the directory is missing or does
/// not fit the file.
std::optional<std::vector<std::string>>
readZipEntryNames(llvm::StringRef data, std::string &error);

/// Whether the zip entry `name` would leave the archive's folder when
/// extracted: an absolute path, a `..` component, or a Windows separator or
/// drive.
bool zipEntryLeavesFolder(llvm::StringRef name);

} // namespace mlir::torch_onnx::torchscript

#endif // TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_ZIPDIRECTORY_H
