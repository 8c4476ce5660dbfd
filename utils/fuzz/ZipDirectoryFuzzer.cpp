//===- ZipDirectoryFuzzer.cpp - libFuzzer harness of the zip reader -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to the zip central-directory reader that checks a
// TorchScript archive before LibTorch opens it. utils/fuzz.sh builds it.
//
//===----------------------------------------------------------------------===//

#include "ZipDirectory.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string error;
  auto names = mlir::torch_onnx::torchscript::readZipEntryNames(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), error);
  // Either names or a reason: never both missing.
  if (!names && error.empty())
    __builtin_trap();
  return 0;
}
