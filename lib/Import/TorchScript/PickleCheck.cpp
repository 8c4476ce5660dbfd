//===- PickleCheck.cpp - Reject pickles that would exhaust memory ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// LibTorch's unpickler grows its memo table to the largest index a PUT
// names, so one damaged byte can ask for gigabytes. A pickler numbers memo
// entries from 0, one per PUT, so no index of a valid pickle reaches the
// pickle's size. This walk reads each opcode's argument just far enough to
// find the next opcode; an opcode it does not know ends the walk, and
// LibTorch judges the rest.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "llvm/ADT/StringRef.h"

#include <cstring>

using namespace mlir::torch_onnx::torchscript;

namespace {
/// How the argument of an opcode is laid out.
enum class Argument {
  None,
  Fixed,         // `size` bytes
  Counted,       // a little-endian count of `size` bytes, then that many
  Line,          // up to a newline
  TwoLines,      // two newline-terminated lines
  MemoIndex,     // a little-endian memo index of `size` bytes
  MemoIndexLine, // a decimal memo index up to a newline
  Unknown,
};

struct OpcodeLayout {
  Argument argument;
  unsigned size;
};

OpcodeLayout getLayout(unsigned char opcode) {
  switch (opcode) {
  case '(': case '.': case '0': case '1': case '2': case 'N': case 0x88:
  case 0x89: case ')': case 't': case 0x85: case 0x86: case 0x87: case ']':
  case 'a': case 'e': case 'l': case '}': case 'd': case 's': case 'u':
  case 'R': case 'b': case 0x81: case 'Q': case 0x93: case 0x8f: case 0x90:
  case 0x91: case 0x92: case 0x94: case 0x97: case 0x98: case 'o':
    return {Argument::None, 0};
  case 0x80: case 'K': case 'h': case 0x82:
    return {Argument::Fixed, 1};
  case 'M': case 0x83:
    return {Argument::Fixed, 2};
  case 'J': case 'j': case 0x84:
    return {Argument::Fixed, 4};
  case 'G': case 0x95:
    return {Argument::Fixed, 8};
  case 0x8a: case 'U': case 0x8c: case 'C':
    return {Argument::Counted, 1};
  case 0x8b: case 'T': case 'X': case 'B':
    return {Argument::Counted, 4};
  case 0x8d: case 0x8e: case 0x96:
    return {Argument::Counted, 8};
  case 'I': case 'L': case 'F': case 'S': case 'V': case 'g': case 'P':
    return {Argument::Line, 0};
  case 'c': case 'i':
    return {Argument::TwoLines, 0};
  case 'q':
    return {Argument::MemoIndex, 1};
  case 'r':
    return {Argument::MemoIndex, 4};
  case 'p':
    return {Argument::MemoIndexLine, 0};
  default:
    return {Argument::Unknown, 0};
  }
}

uint64_t readLittleEndian(const char *data, unsigned size) {
  uint64_t value = 0;
  for (unsigned i = 0; i < size; ++i)
    value |= static_cast<uint64_t>(static_cast<unsigned char>(data[i]))
             << (8 * i);
  return value;
}
} // namespace

std::optional<std::string>
mlir::torch_onnx::torchscript::checkPickleMemo(const char *data,
                                               size_t size) {
  size_t pos = 0;
  auto skipLine = [&]() {
    const void *newline = std::memchr(data + pos, '\n', size - pos);
    if (!newline)
      return false;
    pos = static_cast<const char *>(newline) - data + 1;
    return true;
  };
  while (pos < size) {
    size_t opcodePos = pos;
    OpcodeLayout layout = getLayout(static_cast<unsigned char>(data[pos++]));
    uint64_t memoIndex = 0;
    switch (layout.argument) {
    case Argument::None:
      break;
    case Argument::Fixed:
      pos += layout.size;
      break;
    case Argument::Counted: {
      if (size - pos < layout.size)
        return std::nullopt;
      uint64_t count = readLittleEndian(data + pos, layout.size);
      pos += layout.size;
      if (count > size - pos)
        return std::nullopt;
      pos += count;
      break;
    }
    case Argument::Line:
      if (!skipLine())
        return std::nullopt;
      break;
    case Argument::TwoLines:
      if (!skipLine() || !skipLine())
        return std::nullopt;
      break;
    case Argument::MemoIndex:
      if (size - pos < layout.size)
        return std::nullopt;
      memoIndex = readLittleEndian(data + pos, layout.size);
      pos += layout.size;
      break;
    case Argument::MemoIndexLine: {
      size_t start = pos;
      if (!skipLine() ||
          llvm::StringRef(data + start, pos - start - 1)
              .getAsInteger(10, memoIndex))
        return std::nullopt;
      break;
    }
    case Argument::Unknown:
      return std::nullopt;
    }
    if (memoIndex >= size)
      return "memo index " + std::to_string(memoIndex) + " at byte " +
             std::to_string(opcodePos) + " is out of range for a pickle of " +
             std::to_string(size) + " bytes";
    if (data[opcodePos] == '.')
      return std::nullopt;
  }
  return std::nullopt;
}
