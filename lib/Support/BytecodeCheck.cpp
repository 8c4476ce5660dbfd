//===- BytecodeCheck.cpp - Reject MLIR bytecode the reader cannot survive -===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The walk follows the layout that mlir/lib/Bytecode/Reader/BytecodeReader.cpp
// reads (bytecode versions 0 to bytecode::kVersion):
//
//   file     := magic version:varint producer:cstring section*
//   section  := id:byte length:varint [alignment:varint padding] bytes
//
// where the high bit of `id` says whether an alignment follows. In each
// section, the walk reads only as far as the reader reserves memory on what
// it has read; the IR section it walks entirely, because operations, regions
// and blocks declare the counts of their parts. Of the attributes and types,
// it reads the text of those in MLIR's syntax for its nesting, and what the
// builtin dialect encodes refers to, for a cycle.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Support/BytecodeCheck.h"
#include "torch-onnx/Support/NestingDepth.h"

#include "mlir/Bytecode/Encoding.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <memory>
#include <vector>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace Section = mlir::bytecode::Section;
namespace OpEncodingMask = mlir::bytecode::OpEncodingMask;

/// The name of a section in messages.
static StringRef getSectionName(unsigned id) {
  switch (id) {
  case Section::kString:
    return "string section";
  case Section::kDialect:
    return "dialect section";
  case Section::kAttrType:
    return "attribute/type section";
  case Section::kAttrTypeOffset:
    return "attribute/type offset section";
  case Section::kIR:
    return "IR section";
  case Section::kResource:
    return "resource section";
  case Section::kResourceOffset:
    return "resource offset section";
  case Section::kDialectVersions:
    return "dialect version section";
  case Section::kProperties:
    return "properties section";
  default:
    return "section";
  }
}

namespace {

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
    if (id >= Section::kNumSections)
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

/// Walks one bytecode buffer.
class BytecodeWalker {
public:
  BytecodeWalker(StringRef buffer, unsigned maxRegionDepth)
      : buffer(buffer), maxRegionDepth(maxRegionDepth) {}

  std::optional<BytecodeDefect> run() {
    (void)walkFile();
    return sink.take();
  }

private:
  LogicalResult walkFile();
  LogicalResult walkStringSection(ByteCursor &section);
  LogicalResult walkDialectSection(ByteCursor &section);
  LogicalResult walkPropertiesSection(ByteCursor &section);
  LogicalResult walkAttrTypeOffsetSection(ByteCursor &section,
                                          ByteCursor &data);
  LogicalResult walkAttrTypeEntries();

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
  LogicalResult walkIRSection(ByteCursor &section);

  /// The regions of one operation, or the top-level block, while the walk is
  /// inside them.
  struct RegionList {
    explicit RegionList(ByteCursor *cursor) : cursor(cursor) {}

    /// What the regions are read from: the parent's data, or a section of
    /// their own when they are isolated from above.
    ByteCursor *cursor;
    std::unique_ptr<ByteCursor> ownCursor;
    uint64_t regionsLeft = 0;
    uint64_t blocksLeft = 0;
    uint64_t opsLeft = 0;
    /// The values that the enclosing regions of the same value scope declare,
    /// and that the current region declares. The reader keeps them all at
    /// once, and each is defined by at least a byte of the scope's data.
    uint64_t scopeValuesBefore = 0;
    uint64_t regionValues = 0;
    size_t scopeBytes = 0;
  };

  LogicalResult walkOperation(ByteCursor &cursor, uint64_t &numRegions,
                              bool &isolated);
  LogicalResult walkRegionStart(RegionList &list);
  LogicalResult walkBlockHeader(ByteCursor &cursor, uint64_t &numOps);
  LogicalResult walkUseListOrders(ByteCursor &cursor, uint64_t rangeSize);

  StringRef buffer;
  unsigned maxRegionDepth;
  uint64_t version = 0;
  DefectSink sink;

  /// The strings of the string section, and the name of each dialect as an
  /// index into them.
  std::vector<StringRef> strings;
  std::vector<uint64_t> dialectNames;

  /// The attributes, then the types.
  std::vector<AttrTypeEntry> attrTypes;
  uint64_t numAttributes = 0;
  uint64_t numTypes = 0;
};

} // namespace

LogicalResult BytecodeWalker::walkFile() {
  ByteCursor file(buffer, 0, buffer.size(), "file", sink);
  if (failed(file.skip(StringRef("ML\xefR").size())) ||
      failed(file.readVarInt(version)))
    return failure();
  // The reader refuses versions it does not know before it reads further.
  if (version > bytecode::kVersion)
    return success();
  if (failed(file.readNullTerminatedString()))
    return failure();

  std::unique_ptr<ByteCursor> sections[Section::kNumSections];
  while (!file.empty()) {
    size_t start = file.getOffset();
    unsigned id;
    std::unique_ptr<ByteCursor> section;
    if (failed(file.readSection(id, section)))
      return failure();
    if (sections[id])
      return file.fail(start, "the file holds a second " + getSectionName(id));
    sections[id] = std::move(section);
  }
  // The reader refuses a file without one of these before it reads any.
  for (unsigned id : {Section::kString, Section::kDialect, Section::kAttrType,
                      Section::kAttrTypeOffset, Section::kIR})
    if (!sections[id])
      return success();
  if (!sections[Section::kProperties] &&
      version >= bytecode::kNativePropertiesEncoding)
    return success();

  // In the order the reader reads them.
  if (failed(walkStringSection(*sections[Section::kString])))
    return failure();
  if (sections[Section::kProperties] &&
      failed(walkPropertiesSection(*sections[Section::kProperties])))
    return failure();
  if (failed(walkDialectSection(*sections[Section::kDialect])) ||
      failed(walkAttrTypeOffsetSection(*sections[Section::kAttrTypeOffset],
                                       *sections[Section::kAttrType])) ||
      failed(walkAttrTypeEntries()))
    return failure();
  return walkIRSection(*sections[Section::kIR]);
}

LogicalResult BytecodeWalker::walkStringSection(ByteCursor &section) {
  uint64_t numStrings;
  if (failed(section.readCount(numStrings, "the string section", "strings")))
    return failure();
  // The sizes count each string's NUL, and the reader drops it: a size of
  // zero would make a string that ends before it starts.
  size_t dataBytes = 0;
  std::vector<uint64_t> sizes;
  sizes.reserve(numStrings);
  for (uint64_t i = 0; i < numStrings; ++i) {
    size_t start = section.getOffset();
    uint64_t size;
    if (failed(section.readVarInt(size)))
      return failure();
    if (size == 0)
      return section.fail(start, "a string in the string section has size 0, "
                                 "without room for its NUL");
    if (size > section.getRemaining() ||
        dataBytes > section.getRemaining() - size)
      return section.fail(start, "the strings of the string section take "
                                 "more bytes than it holds");
    dataBytes += size;
    sizes.push_back(size);
  }
  // The sizes run from the last string to the first, and so does the data,
  // from the end of the section backwards.
  size_t dataEnd = section.getOffset() + section.getRemaining();
  strings.resize(numStrings);
  for (uint64_t i = 0; i < numStrings; ++i) {
    dataEnd -= sizes[i];
    strings[numStrings - 1 - i] = buffer.substr(dataEnd, sizes[i] - 1);
  }
  return success();
}

LogicalResult BytecodeWalker::walkPropertiesSection(ByteCursor &section) {
  // Each entry is a size and that many bytes.
  uint64_t count;
  if (section.empty())
    return success();
  return section.readCount(count, "the properties section", "entries");
}

LogicalResult BytecodeWalker::walkDialectSection(ByteCursor &section) {
  uint64_t numDialects;
  if (failed(section.readCount(numDialects, "the dialect section",
                               "dialects")))
    return failure();
  dialectNames.reserve(numDialects);
  for (uint64_t i = 0; i < numDialects; ++i) {
    uint64_t name;
    if (version < bytecode::kDialectVersioning) {
      if (failed(section.readVarInt(name)))
        return failure();
      dialectNames.push_back(name);
      continue;
    }
    bool hasVersion;
    if (failed(section.readVarIntWithFlag(name, hasVersion)))
      return failure();
    dialectNames.push_back(name);
    unsigned id;
    std::unique_ptr<ByteCursor> versionSection;
    if (hasVersion && failed(section.readSection(id, versionSection)))
      return failure();
  }
  // Then the operation names, each a string reference, grouped by dialect.
  uint64_t numOpNames;
  if (version >= bytecode::kElideUnknownBlockArgLocation &&
      failed(section.readCount(numOpNames, "the dialect section",
                               "operation names")))
    return failure();
  return success();
}

LogicalResult BytecodeWalker::walkAttrTypeOffsetSection(ByteCursor &section,
                                                        ByteCursor &data) {
  // The counts come first, then an offset entry for each attribute and type.
  size_t start = section.getOffset();
  if (failed(section.readVarInt(numAttributes)) ||
      failed(section.readVarInt(numTypes)))
    return failure();
  if (numAttributes > section.getRemaining() ||
      numTypes > section.getRemaining() - numAttributes)
    return section.fail(start, "the attribute/type offset section declares " +
                                   Twine(numAttributes) + " attributes and " +
                                   Twine(numTypes) + " types, but only " +
                                   Twine(section.getRemaining()) +
                                   " bytes of it follow");

  // The entries come in groups, each a dialect, a count, and for each entry
  // its size with a flag that says whether its dialect encoded it. The reader
  // fills its table of attributes, then of types, with as many entries as a
  // group declares, without checking that the table has room for them.
  attrTypes.reserve(numAttributes + numTypes);
  size_t dataOffset = data.getOffset();
  size_t dataEnd = dataOffset + data.getRemaining();
  for (bool types : {false, true}) {
    uint64_t total = types ? numAttributes + numTypes : numAttributes;
    StringRef entries = types ? "types" : "attributes";
    while (attrTypes.size() < total) {
      size_t groupStart = section.getOffset();
      uint64_t dialect, count;
      if (failed(section.readVarInt(dialect)) ||
          failed(section.readVarInt(count)))
        return failure();
      // The reader reports an unknown dialect.
      if (dialect >= dialectNames.size())
        return success();
      uint64_t left = total - attrTypes.size();
      if (count > left)
        return section.fail(groupStart,
                            "a dialect group of the attribute/type offset "
                            "section declares " +
                                Twine(count) + " " + entries + ", but only " +
                                Twine(left) + " " + entries + " are left");
      for (uint64_t i = 0; i < count; ++i) {
        uint64_t size;
        bool hasCustomEncoding;
        if (failed(section.readVarIntWithFlag(size, hasCustomEncoding)))
          return failure();
        // The reader reports an entry past the end of its section.
        if (size > dataEnd - dataOffset)
          return success();
        attrTypes.push_back(
            {dialect, hasCustomEncoding, dataOffset, dataOffset + size});
        dataOffset += size;
      }
    }
  }
  return success();
}

/// What the builtin dialect reads for each code of an attribute or a type
/// (mlir/IR/BuiltinDialectBytecode.td), as far as it refers to other entries:
/// `a` an attribute, `t` a type, `v` a varint, `b` a blob (a size and that
/// many bytes). An upper-case letter is a list, a count and then elements:
/// `A` of attributes, `T` of types, `V` of varints, `B` of bytes, and `D` of
/// pairs of attributes. What follows the last letter refers to nothing, and
/// its size may depend on a type.
static constexpr StringLiteral kBuiltinAttributeLayouts[] = {
    "A",   // ArrayAttr
    "D",   // DictionaryAttr
    "v",   // StringAttr
    "vt",  // StringAttr with a type
    "a",   // FlatSymbolRefAttr
    "aA",  // SymbolRefAttr
    "t",   // TypeAttr
    "",    // UnitAttr
    "t",   // IntegerAttr, then its value
    "t",   // FloatAttr, then its value
    "aa",  // CallSiteLoc
    "avv", // FileLineColLoc
    "A",   // FusedLoc
    "Aa",  // FusedLoc with metadata
    "aa",  // NameLoc
    "",    // UnknownLoc
    "tv",  // DenseResourceElementsAttr
    "tvb", // DenseArrayAttr
    "tb",  // DenseIntOrFPElementsAttr
    "t",   // DenseStringElementsAttr, then its strings
    "taa", // SparseElementsAttr
    "a",   // DistinctAttr
    "aV",  // FileLineColRange
};
static constexpr StringLiteral kBuiltinTypeLayouts[] = {
    "v",    // IntegerType
    "",     // IndexType
    "TT",   // FunctionType
    "",     // BFloat16Type
    "",     // Float16Type
    "",     // Float32Type
    "",     // Float64Type
    "",     // Float80Type
    "",     // Float128Type
    "t",    // ComplexType
    "Vta",  // MemRefType
    "aVta", // MemRefType with a memory space
    "",     // NoneType
    "Vt",   // RankedTensorType
    "aVt",  // RankedTensorType with an encoding
    "T",    // TupleType
    "t",    // UnrankedMemRefType
    "at",   // UnrankedMemRefType with a memory space
    "t",    // UnrankedTensorType
    "Vt",   // VectorType
    "BVt",  // VectorType with scalable dims
};

LogicalResult BytecodeWalker::walkBuiltinEntry(const AttrTypeEntry &entry,
                                               bool isType,
                                               std::vector<uint64_t> &refs) {
  // A value cut short, an unknown code or an index out of range ends the
  // walk of the entry: the reader reports them, if it ever reads the entry.
  DefectSink readerReports;
  ByteCursor cursor(buffer, entry.begin, entry.end, "attribute/type section",
                    readerReports);
  ArrayRef<StringLiteral> layouts =
      isType ? ArrayRef(kBuiltinTypeLayouts) : ArrayRef(kBuiltinAttributeLayouts);
  uint64_t code;
  if (failed(cursor.readVarInt(code)) || code >= layouts.size())
    return success();
  // Reads one element, and whether the entry goes on.
  auto readElement = [&](char kind) {
    uint64_t value;
    uint8_t byte;
    switch (kind) {
    case 'a':
    case 't':
      if (failed(cursor.readVarInt(value)))
        return false;
      if (kind == 'a' ? value >= numAttributes : value >= numTypes)
        return false;
      refs.push_back(kind == 'a' ? value : numAttributes + value);
      return true;
    case 'v':
      return succeeded(cursor.readVarInt(value));
    case 'b':
      return succeeded(cursor.readVarInt(value)) &&
             succeeded(cursor.skip(value));
    default:
      return succeeded(cursor.readByte(byte));
    }
  };
  for (char letter : layouts[code]) {
    if (llvm::isLower(letter)) {
      if (!readElement(letter))
        return success();
      continue;
    }
    // The reader reserves room for the elements before it reads them.
    size_t start = cursor.getOffset();
    uint64_t count;
    if (failed(cursor.readVarInt(count)))
      return success();
    if (count > cursor.getRemaining())
      return sink.fail(start, Twine("a builtin ") +
                                  (isType ? "type" : "attribute") +
                                  " in the attribute/type section declares " +
                                  Twine(count) + " elements, but only " +
                                  Twine(cursor.getRemaining()) +
                                  " bytes of it follow");
    for (uint64_t i = 0; i < count; ++i) {
      bool goesOn = letter == 'D' ? readElement('a') && readElement('a')
                                  : readElement(llvm::toLower(letter));
      if (!goesOn)
        return success();
    }
  }
  return success();
}

LogicalResult BytecodeWalker::walkAttrTypeEntries() {
  // The reader reports offsets that do not give every entry.
  if (attrTypes.size() != numAttributes + numTypes)
    return success();
  std::vector<bool> isBuiltin(dialectNames.size());
  for (auto [dialect, name] : llvm::enumerate(dialectNames))
    isBuiltin[dialect] = name < strings.size() && strings[name] == "builtin";
  auto describe = [&](uint64_t node) {
    return (node < numAttributes ? "attribute " + Twine(node)
                                 : "type " + Twine(node - numAttributes))
        .str();
  };

  // The references of each entry: refs[firstRef[i]] to refs[firstRef[i+1]].
  std::vector<uint64_t> refs;
  std::vector<size_t> firstRef;
  firstRef.reserve(attrTypes.size() + 1);
  for (auto [node, entry] : llvm::enumerate(attrTypes)) {
    firstRef.push_back(refs.size());
    if (!entry.hasCustomEncoding) {
      // The entry is MLIR text, up to a NUL, for MLIR's parser.
      StringRef text = buffer.slice(entry.begin, entry.end);
      text = text.take_until([](char c) { return c == '\0'; });
      if (std::optional<size_t> offset =
              findExcessiveNesting(text, maxRegionDepth))
        return sink.fail(entry.begin + *offset,
                         "the text of " + describe(node) +
                             " in the attribute/type section nests brackets "
                             "more than " +
                             Twine(maxRegionDepth) + " levels deep");
      continue;
    }
    // Only the builtin dialect of the tools' dialects encodes attributes and
    // types of its own; the reader refuses any other's.
    if (isBuiltin[entry.dialect] &&
        failed(walkBuiltinEntry(entry, node >= numAttributes, refs)))
      return failure();
  }
  firstRef.push_back(refs.size());

  // The reader defers an entry nested more than a few levels deep and reads
  // it again once what it refers to is read; in a cycle of references it
  // never is, and the reader loops forever. A depth-first walk with its own
  // stack finds a cycle.
  enum : uint8_t { kUnvisited, kOnPath, kDone };
  std::vector<uint8_t> state(attrTypes.size(), kUnvisited);
  std::vector<std::pair<uint64_t, size_t>> path;
  for (uint64_t root = 0; root < attrTypes.size(); ++root) {
    if (state[root] != kUnvisited)
      continue;
    state[root] = kOnPath;
    path.push_back({root, firstRef[root]});
    while (!path.empty()) {
      uint64_t node = path.back().first;
      size_t next = path.back().second;
      if (next == firstRef[node + 1]) {
        state[node] = kDone;
        path.pop_back();
        continue;
      }
      ++path.back().second;
      uint64_t target = refs[next];
      if (state[target] == kOnPath)
        return sink.fail(attrTypes[target].begin,
                         describe(target) +
                             " in the attribute/type section refers to "
                             "itself, through the entries it refers to; the "
                             "reader would never finish");
      if (state[target] == kUnvisited) {
        state[target] = kOnPath;
        path.push_back({target, firstRef[target]});
      }
    }
  }
  return success();
}

LogicalResult BytecodeWalker::walkIRSection(ByteCursor &section) {
  // The walk keeps its own stack of regions, as the reader does, so that deep
  // nesting costs no native stack.
  std::vector<RegionList> stack;
  stack.emplace_back(&section);
  stack.back().scopeBytes = section.getRemaining();
  // The writer never gives the top-level block arguments, and the reader
  // would define them before it opens a value scope for them, out of bounds.
  size_t headerStart = section.getOffset();
  bool hasArgs;
  if (failed(section.readVarIntWithFlag(stack.back().opsLeft, hasArgs)))
    return failure();
  if (hasArgs)
    return section.fail(headerStart,
                        "the top-level block of the IR section has arguments");
  if (failed(section.checkCount(headerStart, stack.back().opsLeft,
                                "the top-level block of the IR section",
                                "operations")))
    return failure();

  while (!stack.empty()) {
    RegionList &list = stack.back();
    ByteCursor &cursor = *list.cursor;
    if (list.opsLeft) {
      --list.opsLeft;
      size_t start = cursor.getOffset();
      uint64_t numRegions;
      bool isolated;
      if (failed(walkOperation(cursor, numRegions, isolated)))
        return failure();
      if (numRegions == 0)
        continue;
      if (stack.size() > maxRegionDepth)
        return cursor.fail(start, "regions nest more than " +
                                      Twine(maxRegionDepth) + " levels deep");
      RegionList child(&cursor);
      child.regionsLeft = numRegions;
      if (isolated) {
        // An isolated region starts a value scope, and since version 2 its
        // regions are a section of their own.
        child.scopeBytes = cursor.getRemaining();
        if (version >= bytecode::kLazyLoading) {
          size_t sectionStart = cursor.getOffset();
          unsigned id;
          if (failed(cursor.readSection(id, child.ownCursor)))
            return failure();
          if (id != Section::kIR)
            return cursor.fail(sectionStart,
                               "the regions of an isolated operation are a " +
                                   getSectionName(id) +
                                   " instead of an IR section");
          child.cursor = child.ownCursor.get();
          child.scopeBytes = child.cursor->getRemaining();
        }
      } else {
        child.scopeValuesBefore = list.scopeValuesBefore + list.regionValues;
        child.scopeBytes = list.scopeBytes;
      }
      stack.push_back(std::move(child));
      continue;
    }
    if (list.blocksLeft) {
      --list.blocksLeft;
      if (failed(walkBlockHeader(cursor, list.opsLeft)))
        return failure();
      continue;
    }
    if (list.regionsLeft) {
      --list.regionsLeft;
      if (failed(walkRegionStart(list)))
        return failure();
      continue;
    }
    stack.pop_back();
  }
  return success();
}

LogicalResult BytecodeWalker::walkOperation(ByteCursor &cursor,
                                            uint64_t &numRegions,
                                            bool &isolated) {
  uint64_t name, location;
  uint8_t mask;
  if (failed(cursor.readVarInt(name)) || failed(cursor.readByte(mask)) ||
      failed(cursor.readVarInt(location)))
    return failure();
  // The attribute dictionary, then the properties: an index either way.
  uint64_t index;
  if ((mask & OpEncodingMask::kHasAttrs) && failed(cursor.readVarInt(index)))
    return failure();
  if ((mask & OpEncodingMask::kHasProperties) &&
      failed(cursor.readVarInt(index)))
    return failure();

  // Result types, operands and successors are an index each.
  auto walkIndexList = [&](StringRef entries, uint64_t &count) {
    if (failed(cursor.readCount(count, "an operation in the " +
                                           cursor.getName(),
                                entries)))
      return failure();
    for (uint64_t i = 0; i < count; ++i)
      if (failed(cursor.readVarInt(index)))
        return failure();
    return success();
  };
  uint64_t numResults = 0, count;
  if ((mask & OpEncodingMask::kHasResults) &&
      failed(walkIndexList("results", numResults)))
    return failure();
  if ((mask & OpEncodingMask::kHasOperands) &&
      failed(walkIndexList("operands", count)))
    return failure();
  if ((mask & OpEncodingMask::kHasSuccessors) &&
      failed(walkIndexList("successors", count)))
    return failure();
  if (version >= bytecode::kUseListOrdering &&
      (mask & OpEncodingMask::kHasUseListOrders) &&
      failed(walkUseListOrders(cursor, numResults)))
    return failure();

  numRegions = 0;
  isolated = false;
  if (!(mask & OpEncodingMask::kHasInlineRegions))
    return success();
  // Each region starts with its number of blocks.
  size_t start = cursor.getOffset();
  if (failed(cursor.readVarIntWithFlag(numRegions, isolated)))
    return failure();
  return cursor.checkCount(start, numRegions,
                           "an operation in the " + cursor.getName(),
                           "regions");
}

LogicalResult BytecodeWalker::walkRegionStart(RegionList &list) {
  ByteCursor &cursor = *list.cursor;
  std::string subject = ("a region in the " + cursor.getName()).str();
  uint64_t numBlocks;
  list.regionValues = 0;
  if (failed(cursor.readCount(numBlocks, subject, "blocks")))
    return failure();
  if (numBlocks == 0)
    return success();
  size_t start = cursor.getOffset();
  uint64_t numValues;
  if (failed(cursor.readCount(numValues, subject, "values")))
    return failure();
  if (numValues > list.scopeBytes - list.scopeValuesBefore)
    return cursor.fail(start, subject + " declares " + Twine(numValues) +
                                  " values, more than the bytes of its value "
                                  "scope can define");
  list.regionValues = numValues;
  list.blocksLeft = numBlocks - 1;
  return walkBlockHeader(cursor, list.opsLeft);
}

LogicalResult BytecodeWalker::walkBlockHeader(ByteCursor &cursor,
                                              uint64_t &numOps) {
  std::string subject = ("a block in the " + cursor.getName()).str();
  size_t start = cursor.getOffset();
  bool hasArgs;
  if (failed(cursor.readVarIntWithFlag(numOps, hasArgs)) ||
      failed(cursor.checkCount(start, numOps, subject, "operations")))
    return failure();
  if (!hasArgs)
    return success();

  uint64_t numArgs, index;
  if (failed(cursor.readCount(numArgs, subject, "arguments")))
    return failure();
  for (uint64_t i = 0; i < numArgs; ++i) {
    // A type, and a location unless an older version always has one or a
    // newer one says it is unknown.
    bool hasLocation = true;
    if (version >= bytecode::kElideUnknownBlockArgLocation) {
      if (failed(cursor.readVarIntWithFlag(index, hasLocation)))
        return failure();
    } else if (failed(cursor.readVarInt(index))) {
      return failure();
    }
    if (hasLocation && failed(cursor.readVarInt(index)))
      return failure();
  }
  if (version < bytecode::kUseListOrdering)
    return success();
  uint8_t hasUseListOrders = 0;
  if (failed(cursor.readByte(hasUseListOrders)))
    return failure();
  if (!hasUseListOrders)
    return success();
  return walkUseListOrders(cursor, numArgs);
}

LogicalResult BytecodeWalker::walkUseListOrders(ByteCursor &cursor,
                                                uint64_t rangeSize) {
  std::string subject = ("a use-list order in the " + cursor.getName()).str();
  uint64_t numOrders = 1, index;
  if (rangeSize > 1 &&
      failed(cursor.readCount(numOrders, subject, "values")))
    return failure();
  for (uint64_t i = 0; i < numOrders; ++i) {
    if (rangeSize > 1 && failed(cursor.readVarInt(index)))
      return failure();
    size_t start = cursor.getOffset();
    uint64_t numIndices;
    bool indexPairs;
    if (failed(cursor.readVarIntWithFlag(numIndices, indexPairs)) ||
        failed(cursor.checkCount(start, numIndices, subject, "indices")))
      return failure();
    for (uint64_t j = 0; j < numIndices; ++j)
      if (failed(cursor.readVarInt(index)))
        return failure();
  }
  return success();
}

bool torch_onnx::isMLIRBytecode(StringRef buffer) {
  return buffer.starts_with("ML\xefR");
}

std::optional<BytecodeDefect>
torch_onnx::findBytecodeDefect(StringRef buffer, unsigned maxRegionDepth) {
  return BytecodeWalker(buffer, maxRegionDepth).run();
}
