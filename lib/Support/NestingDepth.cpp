//===- NestingDepth.cpp - Reject MLIR text nested too deep ----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Support/NestingDepth.h"
#include "torch-onnx/Support/BytecodeCheck.h"

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
