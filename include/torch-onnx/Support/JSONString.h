//===- JSONString.h - Any bytes as a string that JSON can hold --*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// JSON holds only UTF-8, and llvm::json asserts so when it is given a string
// (and writes invalid JSON without assertions). The strings of MLIR hold any
// bytes: a string attribute, a name, a diagnostic that quotes the input.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_SUPPORT_JSONSTRING_H
#define TORCH_ONNX_SUPPORT_JSONSTRING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace mlir::torch_onnx {

/// `text` for a JSON string or object key: as it is when it is valid UTF-8,
/// else with each invalid sequence replaced by U+FFFD.
inline std::string toJSONString(llvm::StringRef text) {
  return llvm::json::isUTF8(text) ? text.str() : llvm::json::fixUTF8(text);
}

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_SUPPORT_JSONSTRING_H
