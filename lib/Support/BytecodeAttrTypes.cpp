//===- BytecodeAttrTypes.cpp - The attributes and types of MLIR bytecode --===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// MLIR's bytecode reader reads an attribute or type when the IR first refers
// to it. Entries in MLIR's syntax go to the recursive text parser; entries
// that a dialect encodes go to that dialect, which for the builtin dialect
// (the only one of the tools' dialects that encodes its own) reads indices of
// other entries, lists whose room it reserves first, and values whose size
// the entry's type gives. The walk checks what the reader would trust.
//
//===----------------------------------------------------------------------===//

#include "BytecodeReading.h"

#include "torch-onnx/Support/NestingDepth.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::bytecode_check;

LogicalResult AttrTypeSectionWalker::walkOffsetSection(ByteCursor &section,
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

/// The codes of the builtin attributes and types whose contents the walk
/// reads (mlir/IR/BuiltinDialectBytecode.td).
enum BuiltinAttributeCode : uint64_t {
  kIntegerAttr = 8,
  kFloatAttr = 9,
  kDenseArrayAttr = 17,
  kDenseIntOrFPElementsAttr = 18,
  kDenseStringElementsAttr = 19,
};
enum BuiltinTypeCode : uint64_t {
  kIntegerType = 0,
  kIndexType = 1,
  kBFloat16Type = 3,
  kFloat16Type = 4,
  kFloat32Type = 5,
  kFloat64Type = 6,
  kFloat80Type = 7,
  kFloat128Type = 8,
  kComplexType = 9,
  kRankedTensorType = 13,
  kRankedTensorTypeWithEncoding = 14,
  kVectorType = 19,
  kVectorTypeWithScalableDims = 20,
};

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

LogicalResult
AttrTypeSectionWalker::walkBuiltinEntry(const AttrTypeEntry &entry,
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

/// The width in bits of a builtin scalar type in MLIR's syntax: an integer,
/// index or float type.
static std::optional<uint64_t> getBitWidth(StringRef text) {
  text = text.trim();
  uint64_t width;
  StringRef digits = text;
  if ((digits.consume_front("i") || digits.consume_front("si") ||
       digits.consume_front("ui")) &&
      !digits.getAsInteger(10, width))
    return width;
  if (text == "index")
    return 64;
  if (text == "bf16" || text == "f16")
    return 16;
  if (text == "tf32")
    return 19;
  if (text == "f32")
    return 32;
  if (text == "f64")
    return 64;
  if (text == "f80")
    return 80;
  if (text == "f128")
    return 128;
  // The small floats: f8E4M3FN, f6E2M3FN, f4E2M1FN and the like.
  if (text.size() > 2 && text[0] == 'f' && llvm::isDigit(text[1]) &&
      text[2] == 'E')
    return text[1] - '0';
  return std::nullopt;
}

/// A ranked tensor or vector type in MLIR's syntax: `tensor<2x?x3xf32>`,
/// `vector<[4]x8xi1>`.
static std::optional<ShapedTypeFacts> parseShapedType(StringRef text) {
  text = text.trim();
  if (!(text.consume_front("tensor<") || text.consume_front("vector<")) ||
      !text.consume_back(">"))
    return std::nullopt;
  ShapedTypeFacts facts;
  while (true) {
    StringRef dim = text.take_while([](char c) {
      return llvm::isDigit(c) || c == '?' || c == '[' || c == ']';
    });
    if (dim.empty() || !text.substr(dim.size()).starts_with("x"))
      break;
    text = text.drop_front(dim.size() + 1);
    dim = dim.trim("[]");
    int64_t value;
    facts.dims.push_back(dim.getAsInteger(10, value) ? -1 : value);
  }
  // A tensor's encoding follows its element type.
  facts.elementBits = getBitWidth(text.split(',').first);
  return facts;
}

std::optional<uint64_t> AttrTypeSectionWalker::getBitWidth(uint64_t type,
                                                           bool inComplex) {
  const AttrTypeEntry &entry = attrTypes[numAttributes + type];
  if (!entry.hasCustomEncoding)
    return ::getBitWidth(
        buffer.slice(entry.begin, entry.end).take_until([](char c) {
          return c == '\0';
        }));
  if (!isBuiltin[entry.dialect])
    return std::nullopt;
  DefectSink readerReports;
  ByteCursor cursor(buffer, entry.begin, entry.end, "attribute/type section",
                    readerReports);
  uint64_t code, value;
  if (failed(cursor.readVarInt(code)))
    return std::nullopt;
  switch (code) {
  case kIntegerType:
    // The width, shifted left by two, and a signedness.
    if (failed(cursor.readVarInt(value)))
      return std::nullopt;
    return value >> 2;
  case kIndexType:
    return 64;
  case kBFloat16Type:
  case kFloat16Type:
    return 16;
  case kFloat32Type:
    return 32;
  case kFloat64Type:
    return 64;
  case kFloat80Type:
    return 80;
  case kFloat128Type:
    return 128;
  case kComplexType: {
    // Of an integer or float type.
    std::optional<uint64_t> elementBits;
    if (inComplex || failed(cursor.readVarInt(value)) || value >= numTypes ||
        !(elementBits = getBitWidth(value, /*inComplex=*/true)))
      return std::nullopt;
    return 2 * *elementBits;
  }
  default:
    return std::nullopt;
  }
}

std::optional<ShapedTypeFacts>
AttrTypeSectionWalker::getShapedType(uint64_t type) {
  const AttrTypeEntry &entry = attrTypes[numAttributes + type];
  if (!entry.hasCustomEncoding)
    return parseShapedType(buffer.slice(entry.begin, entry.end)
                               .take_until([](char c) { return c == '\0'; }));
  if (!isBuiltin[entry.dialect])
    return std::nullopt;
  DefectSink readerReports;
  ByteCursor cursor(buffer, entry.begin, entry.end, "attribute/type section",
                    readerReports);
  uint64_t code, value, count;
  if (failed(cursor.readVarInt(code)))
    return std::nullopt;
  // The layouts of RankedTensorType and VectorType, with an encoding or
  // scalable dims first (kBuiltinTypeLayouts); walkBuiltinEntry checked their
  // counts.
  if (code != kRankedTensorType && code != kRankedTensorTypeWithEncoding &&
      code != kVectorType && code != kVectorTypeWithScalableDims)
    return std::nullopt;
  uint8_t byte;
  if (code == kRankedTensorTypeWithEncoding &&
      failed(cursor.readVarInt(value)))
    return std::nullopt;
  if (code == kVectorTypeWithScalableDims) {
    if (failed(cursor.readVarInt(count)))
      return std::nullopt;
    for (uint64_t i = 0; i < count; ++i)
      if (failed(cursor.readByte(byte)))
        return std::nullopt;
  }
  ShapedTypeFacts facts;
  if (failed(cursor.readVarInt(count)))
    return std::nullopt;
  for (uint64_t i = 0; i < count; ++i) {
    // Signed varints: zigzag encoded.
    if (failed(cursor.readVarInt(value)))
      return std::nullopt;
    facts.dims.push_back(static_cast<int64_t>((value >> 1) ^ -(value & 1)));
  }
  if (failed(cursor.readVarInt(value)) || value >= numTypes)
    return std::nullopt;
  facts.elementBits = getBitWidth(value);
  return facts;
}

LogicalResult
AttrTypeSectionWalker::walkTypedValue(const AttrTypeEntry &entry) {
  DefectSink readerReports;
  ByteCursor cursor(buffer, entry.begin, entry.end, "attribute/type section",
                    readerReports);
  uint64_t code, type;
  if (failed(cursor.readVarInt(code)) ||
      (code != kIntegerAttr && code != kFloatAttr && code != kDenseArrayAttr &&
       code != kDenseIntOrFPElementsAttr &&
       code != kDenseStringElementsAttr) ||
      failed(cursor.readVarInt(type)) || type >= numTypes)
    return success();
  size_t start = cursor.getOffset();

  // IntegerAttr and FloatAttr: a value of more than 64 bits is a count of
  // words and the words, and the reader reserves the words first.
  if (code == kIntegerAttr || code == kFloatAttr) {
    std::optional<uint64_t> bits = getBitWidth(type);
    uint64_t numWords;
    if (!bits || *bits <= 64 || failed(cursor.readVarInt(numWords)) ||
        numWords <= cursor.getRemaining())
      return success();
    return sink.fail(start, "an attribute of " + Twine(*bits) +
                                " bits in the attribute/type section "
                                "declares " +
                                Twine(numWords) + " words, but only " +
                                Twine(cursor.getRemaining()) +
                                " bytes of it follow");
  }

  // DenseArrayAttr: an element type, a number of elements and their data,
  // which the reader takes as they are, to be read past later when it is
  // short. An element takes whole bytes.
  if (code == kDenseArrayAttr) {
    std::optional<uint64_t> bits = getBitWidth(type);
    uint64_t numElements, size;
    if (!bits || *bits >= (1u << 24) ||
        failed(cursor.readVarInt(numElements)) ||
        failed(cursor.readVarInt(size)) ||
        size >= llvm::SaturatingMultiply(numElements,
                                         llvm::divideCeil(*bits, 8)))
      return success();
    return sink.fail(start, "a dense array attribute in the attribute/type "
                            "section declares " +
                                Twine(numElements) + " elements of " +
                                Twine(*bits) + " bits, but holds only " +
                                Twine(size) + " bytes");
  }

  // DenseIntOrFPElementsAttr and DenseStringElementsAttr: the reader takes
  // the number of elements from the type.
  std::optional<ShapedTypeFacts> shaped = getShapedType(type);
  if (!shaped)
    return success();
  uint64_t numElements = 1;
  for (int64_t dim : shaped->dims) {
    if (dim < 0)
      return sink.fail(start, "a dense attribute in the attribute/type "
                              "section has a type with a dynamic dim");
    numElements =
        llvm::SaturatingMultiply(numElements, static_cast<uint64_t>(dim));
  }

  if (code == kDenseStringElementsAttr) {
    // A flag that says whether one string stands for all, then a string
    // reference for each element.
    uint64_t isSplat;
    if (failed(cursor.readVarInt(isSplat)) || isSplat ||
        numElements <= cursor.getRemaining())
      return success();
    return sink.fail(start, "a dense string attribute in the attribute/type "
                            "section has " +
                                Twine(numElements) + " elements, but only " +
                                Twine(cursor.getRemaining()) +
                                " bytes of it follow");
  }

  // The reader takes the width of the elements as that of an integer or
  // float type, and crashes on any other element type.
  if (!shaped->elementBits)
    return sink.fail(start, "a dense attribute in the attribute/type section "
                            "has elements that are neither integers nor "
                            "floats");
  // The raw data holds every element, or one for all of them, and nothing
  // more: the reader hashes it an element at a time until its end, and runs
  // past the end of a size that is not a whole number of elements. Elements
  // of one bit are packed; others take whole bytes. IntegerType allows
  // 2^24 - 1 bits.
  uint64_t size;
  if (*shaped->elementBits == 0 ||
      *shaped->elementBits >= (1u << 24) || failed(cursor.readVarInt(size)))
    return success();
  uint64_t bits = *shaped->elementBits == 1
                      ? 1
                      : llvm::alignTo(*shaped->elementBits, 8);
  uint64_t splatBytes = llvm::divideCeil(bits, 8);
  if (size == splatBytes ||
      size == llvm::divideCeil(llvm::SaturatingMultiply(numElements, bits), 8))
    return success();
  return sink.fail(start, "a dense attribute in the attribute/type section "
                          "holds " +
                              Twine(size) + " bytes for " +
                              Twine(numElements) + " elements of " +
                              Twine(bits) + " bits");
}

LogicalResult AttrTypeSectionWalker::walkEntries() {
  // The reader reports offsets that do not give every entry.
  if (attrTypes.size() != numAttributes + numTypes)
    return success();
  isBuiltin.assign(dialectNames.size(), false);
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
              findExcessiveNesting(text, maxTextDepth))
        return sink.fail(entry.begin + *offset,
                         "the text of " + describe(node) +
                             " in the attribute/type section nests brackets "
                             "more than " +
                             Twine(maxTextDepth) + " levels deep");
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

  // Without cycles, the types that attributes refer to can be looked at.
  for (uint64_t node = 0; node < numAttributes; ++node)
    if (attrTypes[node].hasCustomEncoding &&
        isBuiltin[attrTypes[node].dialect] &&
        failed(walkTypedValue(attrTypes[node])))
      return failure();
  return success();
}
