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
// and blocks declare the counts of their parts. The attributes and types it
// leaves to BytecodeAttrTypes.cpp.
//
//===----------------------------------------------------------------------===//

#include "BytecodeReading.h"

#include "torch-onnx/Support/BytecodeCheck.h"

#include <memory>
#include <vector>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::bytecode_check;

namespace Section = mlir::bytecode::Section;
namespace OpEncodingMask = mlir::bytecode::OpEncodingMask;

StringRef bytecode_check::getSectionName(unsigned id) {
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
  if (failed(walkDialectSection(*sections[Section::kDialect])))
    return failure();
  AttrTypeSectionWalker attrTypes(buffer, strings, dialectNames, maxRegionDepth, sink);
  if (failed(attrTypes.walkOffsetSection(*sections[Section::kAttrTypeOffset],
                                         *sections[Section::kAttrType])) ||
      failed(attrTypes.walkEntries()))
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
