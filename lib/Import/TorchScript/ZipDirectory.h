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

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::torch_onnx::torchscript {

/// An entry of a zip file's central directory.
struct ZipEntry {
  std::string name;
  /// 0 when stored uncompressed, 8 for deflate.
  uint16_t method = 0;
  uint64_t compressedSize = 0, size = 0;
  /// Where the entry's local header starts.
  uint64_t headerOffset = 0;
};

/// The entries in the central directory of the zip file `data`, zip64
/// included, or nothing, with `error` saying why, when the directory is
/// missing or does not fit the file.
std::optional<std::vector<ZipEntry>> readZipEntries(llvm::StringRef data,
                                                    std::string &error);

/// The names of readZipEntries's entries.
std::optional<std::vector<std::string>>
readZipEntryNames(llvm::StringRef data, std::string &error);

/// The bytes of `entry` inside `data` when the entry is stored uncompressed
/// and its local header and bytes lie inside `data`; none otherwise.
std::optional<llvm::StringRef> getStoredZipEntry(llvm::StringRef data,
                                                 const ZipEntry &entry);

/// Whether the zip entry `name` would leave the archive's folder when
/// extracted: an absolute path, a `..` component, or a Windows separator or
/// drive.
bool zipEntryLeavesFolder(llvm::StringRef name);

} // namespace mlir::torch_onnx::torchscript

#endif // TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_ZIPDIRECTORY_H
