//===- BytecodeReading.h - Cursors over MLIR bytecode, and its attributes -===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The pieces of the bytecode check (torch-onnx/Support/BytecodeCheck.h) that
// its walk of the sections (BytecodeCheck.cpp) and its walk of the attributes
// and types (BytecodeAttrTypes.cpp) share. Private to the Support library.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_SUPPORT_BYTECODEREADING_H
#define TORCH_ONNX_LIB_SUPPORT_BYTECODEREADING_H

#include "torch-onnx/Support/BytecodeCheck.h"

#include "mlir/Bytecode/Encoding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <memory>
#include <optional>
#include <vector>

namespace mlir::torch_onnx::bytecode_check {

/// The name of a section, by its id, in messages.
StringRef getSectionName(unsigned id);

/// Keeps the first defect that the walk finds.
class DefectSink {
public:
  LogicalResult fail(size_t offset, const Twine &message) {
    if (!defect)
      defect = BytecodeDefect{offset, message.str()};
    return failure();
  }

  std::optional<BytecodeDefect> take() { return std::move(defect); }

private:
  std::optional<BytecodeDefect> defect;
};

/// Reads the encoding of one range of the buffer (the file or one section)
/// as the reader's EncodingReader does. Offsets are from the buffer's start,
/// which is also what alignment is relative to: the reader refuses a buffer
/// that is not itself aligned as its sections ask.
class ByteCursor {
public:
  ByteCursor(StringRef buffer, size_t begin, size_t end, StringRef name,
             DefectSink &sink)
      : buffer(buffer), pos(begin), end(end), name(name), sink(sink) {}

  size_t getOffset() const { return pos; }
  size_t getRemaining() const { return end - pos; }
  bool empty() const { return pos == end; }
  StringRef getName() const { return name; }

  LogicalResult fail(size_t offset, const Twine &message) {
    return sink.fail(offset, message);
  }

  LogicalResult readByte(uint8_t &value) {
    if (empty())
      return truncated();
    value = static_cast<uint8_t>(buffer[pos++]);
    return success();
  }

  LogicalResult skip(uint64_t length) {
    if (length > getRemaining())
      return truncated();
    pos += length;
    return success();
  }

  /// Reads a varint: the number of trailing zeros of the first byte is the
  /// number of bytes that follow it, and a first byte of zero means eight.
  LogicalResult readVarInt(uint64_t &value) {
    size_t start = pos;
    uint8_t first;
    if (failed(readByte(first)))
      return failure();
    if (first & 1) {
      value = first >> 1;
      return success();
    }
    unsigned numBytes = first == 0 ? 8 : llvm::countr_zero(first);
    if (failed(skip(numBytes)))
      return failure();
    uint8_t bytes[9] = {};
    for (unsigned i = 0; i <= numBytes; ++i)
      bytes[i] = static_cast<uint8_t>(buffer[start + i]);
    if (first == 0) {
      value = llvm::support::endian::read64le(bytes + 1);
      return success();
    }
    value = llvm::support::endian::read64le(bytes) >> (numBytes + 1);
    return success();
  }

  LogicalResult readVarIntWithFlag(uint64_t &value, bool &flag) {
    if (failed(readVarInt(value)))
      return failure();
    flag = value & 1;
    value >>= 1;
    return success();
  }

  /// Reads the count of what `subject` declares, whose entries each take at
  /// least one byte of what follows in this range.
  LogicalResult readCount(uint64_t &count, const Twine &subject,
                          StringRef entries) {
    size_t start = pos;
    if (failed(readVarInt(count)))
      return failure();
    return checkCount(start, count, subject, entries);
  }

  LogicalResult checkCount(size_t offset, uint64_t count, const Twine &subject,
                           StringRef entries) {
    if (count <= getRemaining())
      return success();
    return fail(offset, subject + " declares " + Twine(count) + " " + entries +
                            ", but only " + Twine(getRemaining()) +
                            " bytes of the " + name + " follow");
  }

  LogicalResult readNullTerminatedString() {
    size_t nul = buffer.find('\0', pos);
    if (nul == StringRef::npos || nul >= end)
      return fail(pos, "the " + name + " ends inside a string");
    pos = nul + 1;
    return success();
  }

  /// Reads a section header and returns the range of its contents, which it
  /// skips.
  LogicalResult readSection(unsigned &id, std::unique_ptr<ByteCursor> &result) {
    size_t start = pos;
    uint8_t idAndAlignment;
    uint64_t length;
    if (failed(readByte(idAndAlignment)) || failed(readVarInt(length)))
      return failure();
    id = idAndAlignment & 0x7f;
    if (id >= bytecode::Section::kNumSections)
      return fail(start, "the " + name + " holds a section of unknown id " +
                             Twine(id));
    if (idAndAlignment & 0x80) {
      size_t alignmentOffset = pos;
      uint64_t alignment;
      if (failed(readVarInt(alignment)))
        return failure();
      // The reader takes the alignment as an `unsigned`.
      if (!llvm::isPowerOf2_64(alignment) || alignment > (1u << 31))
        return fail(alignmentOffset, "the " + getSectionName(id) +
                                         " asks for an alignment of " +
                                         Twine(alignment) +
                                         ", not a power of two up to 2^31");
      if (failed(skip(llvm::alignTo(pos, alignment) - pos)))
        return failure();
    }
    if (length > getRemaining())
      return fail(start, "the " + getSectionName(id) + " declares " +
                             Twine(length) + " bytes, but only " +
                             Twine(getRemaining()) + " bytes of the " + name +
                             " follow");
    result = std::make_unique<ByteCursor>(buffer, pos, pos + length,
                                          getSectionName(id), sink);
    pos += length;
    return success();
  }

private:
  LogicalResult truncated() {
    return fail(pos, "the " + name + " ends inside a value");
  }

  StringRef buffer;
  size_t pos;
  size_t end;
  StringRef name;
  DefectSink &sink;
};

/// A shaped type as far as the walk knows it: its dims, and the width in bits
/// of its elements.
struct ShapedTypeFacts {
  SmallVector<int64_t> dims;
  std::optional<uint64_t> elementBits;
};

/// Walks the attributes and types of a bytecode buffer: the groups of the
/// attribute/type offset section, the nesting of the entries in MLIR's
/// syntax, and what the builtin dialect's entries refer to and hold.
class AttrTypeSectionWalker {
public:
  /// `strings` and `dialectNames` are the string section's strings and each
  /// dialect's name as an index into them.
  AttrTypeSectionWalker(StringRef buffer, ArrayRef<StringRef> strings,
                 ArrayRef<uint64_t> dialectNames, unsigned maxTextDepth,
                 DefectSink &sink)
      : buffer(buffer), strings(strings), dialectNames(dialectNames),
        maxTextDepth(maxTextDepth), sink(sink) {}

  /// Reads the groups of the offset section, and where in `data` (the
  /// attribute/type section) each entry is.
  LogicalResult walkOffsetSection(ByteCursor &section, ByteCursor &data);

  /// Checks the entries that walkOffsetSection found.
  LogicalResult walkEntries();

private:
  /// An attribute or type: its dialect, its encoding, and where its data is
  /// in the buffer.
  struct AttrTypeEntry {
    uint64_t dialect;
    bool hasCustomEncoding;
    size_t begin;
    size_t end;
  };

  /// Adds the attributes and types that a builtin entry refers to, as indices
  /// into attrTypes.
  LogicalResult walkBuiltinEntry(const AttrTypeEntry &entry, bool isType,
                                 std::vector<uint64_t> &refs);
  /// The width in bits of the scalar type `type`, or of its complex type.
  std::optional<uint64_t> getBitWidth(uint64_t type, bool inComplex = false);
  /// The dims and element width of the ranked tensor or vector type `type`.
  std::optional<ShapedTypeFacts> getShapedType(uint64_t type);
  /// Checks a builtin attribute whose size its type gives.
  LogicalResult walkTypedValue(const AttrTypeEntry &entry);

  StringRef buffer;
  ArrayRef<StringRef> strings;
  ArrayRef<uint64_t> dialectNames;
  unsigned maxTextDepth;
  DefectSink &sink;

  /// Whether each dialect is the builtin dialect.
  std::vector<bool> isBuiltin;
  /// The attributes, then the types.
  std::vector<AttrTypeEntry> attrTypes;
  uint64_t numAttributes = 0;
  uint64_t numTypes = 0;
};

} // namespace mlir::torch_onnx::bytecode_check

#endif // TORCH_ONNX_LIB_SUPPORT_BYTECODEREADING_H
