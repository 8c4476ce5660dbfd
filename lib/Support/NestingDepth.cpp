//===- NestingDepth.cpp - Reject MLIR text nested too deep ----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Support/NestingDepth.h"
#include "torch-onnx/Support/BytecodeCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

std::optional<size_t> torch_onnx::findExcessiveNesting(StringRef source,
                                                       unsigned maxDepth) {
  unsigned depth = 0;
  for (size_t i = 0, e = source.size(); i < e; ++i) {
    switch (source[i]) {
    case '"':
      // A string ends at the next quote that no backslash escapes.
      for (++i; i < e && source[i] != '"'; ++i)
        if (source[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && source[i + 1] == '/')
        i = std::min(source.find('\n', i), e);
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > maxDepth)
        return i;
      break;
    case '>':
      // The arrow of a function type closes nothing.
      if (i > 0 && source[i - 1] == '-')
        break;
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

std::optional<size_t> torch_onnx::findZeroAlignedBlob(StringRef source) {
  // The resources are in the file's metadata, `{-# ... #-}`; a string before
  // it is an attribute's.
  bool inMetadata = false;
  for (size_t i = 0, e = source.size(); i < e; ++i) {
    switch (source[i]) {
    case '"': {
      size_t start = i;
      for (++i; i < e && source[i] != '"'; ++i)
        if (source[i] == '\\')
          ++i;
      // A blob is "0x" and hex digits, whose first four bytes, little-endian,
      // are its alignment. A key is followed by a colon.
      StringRef value = source.slice(start + 1, i);
      if (!inMetadata || !value.consume_front("0x") || value.size() < 8 ||
          source.substr(i + 1).ltrim().starts_with(":"))
        break;
      StringRef alignment = value.take_front(8);
      if (llvm::all_of(alignment, llvm::isHexDigit) &&
          alignment.find_first_not_of('0') == StringRef::npos)
        return start;
      break;
    }
    case '/':
      if (i + 1 < e && source[i + 1] == '/')
        i = std::min(source.find('\n', i), e);
      break;
    case '{':
      if (source.substr(i).starts_with("{-#"))
        inMetadata = true;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

LogicalResult torch_onnx::checkNestingDepth(llvm::SourceMgr &sourceMgr) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef source = buffer->getBuffer();
  // MLIR bytecode has no brackets to count, but regions that nest, and counts
  // that the reader trusts.
  if (isMLIRBytecode(source)) {
    std::optional<BytecodeDefect> defect =
        findBytecodeDefect(source, kMaxNestingDepth);
    if (!defect)
      return success();
    // The bytes around the offset are no line worth showing.
    std::string message = ("invalid MLIR bytecode at byte " +
                           Twine(defect->offset) + ": " + defect->message)
                              .str();
    sourceMgr.PrintMessage(
        llvm::errs(), llvm::SMDiagnostic(buffer->getBufferIdentifier(),
                                         llvm::SourceMgr::DK_Error, message));
    return failure();
  }
  if (std::optional<size_t> offset = findZeroAlignedBlob(source)) {
    sourceMgr.PrintMessage(
        llvm::errs(), llvm::SMLoc::getFromPointer(source.data() + *offset),
        llvm::SourceMgr::DK_Error,
        "the alignment of this resource blob (its first 4 bytes) is 0, not a "
        "power of 2");
    return failure();
  }
  std::optional<size_t> offset = findExcessiveNesting(source);
  if (!offset)
    return success();
  sourceMgr.PrintMessage(
      llvm::errs(), llvm::SMLoc::getFromPointer(source.data() + *offset),
      llvm::SourceMgr::DK_Error,
      "brackets nest more than " + Twine(kMaxNestingDepth) +
          " levels deep; the parser would run out of stack");
  return failure();
}
