//===- ZipDirectoryFuzzer.cpp - libFuzzer harness of the zip reader -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to the zip central-directory reader that checks a
// TorchScript archive before LibTorch opens it, and looks up the bytes of
// each entry as the loader does to map stored records. utils/fuzz.sh builds
// it.
//
//===----------------------------------------------------------------------===//

#include "ZipDirectory.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace mlir::torch_onnx::torchscript;
  llvm::StringRef file(reinterpret_cast<const char *>(data), size);
  std::string error;
  auto entries = readZipEntries(file, error);
  // Either entries or a reason: never both missing.
  if (!entries && error.empty())
    __builtin_trap();
  if (!entries)
    return 0;
  for (const ZipEntry &entry : *entries) {
    // A stored entry's bytes lie inside the file.
    std::optional<llvm::StringRef> bytes = getStoredZipEntry(file, entry);
    if (bytes && (bytes->data() < file.data() ||
                  bytes->data() + bytes->size() > file.data() + file.size()))
      __builtin_trap();
  }
  return 0;
}
