//===- ZipDirectory.cpp - The entries of a zip archive --------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reads a zip file's central directory, zip64 included, checking every
// offset and length against the file, so that the importer can look at the
// entries before LibTorch does, and use stored entries in place.
//
//===----------------------------------------------------------------------===//

#include "ZipDirectory.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"

using namespace mlir::torch_onnx;

namespace {
constexpr uint32_t kEndOfDirectory = 0x06054b50;
constexpr uint32_t kZip64EndOfDirectory = 0x06064b50;
constexpr uint32_t kZip64Locator = 0x07064b50;
constexpr uint32_t kDirectoryEntry = 0x02014b50;
constexpr uint32_t kLocalHeader = 0x04034b50;
constexpr uint16_t kZip64Extra = 0x0001;
constexpr uint32_t kZip64Marker = 0xffffffff;
constexpr size_t kEndOfDirectorySize = 22;
constexpr size_t kMaxCommentSize = 0xffff;

/// Little-endian reads at offsets checked against the data.
class Reader {
public:
  explicit Reader(llvm::StringRef data) : data(data) {}
  bool fits(uint64_t offset, uint64_t size) const {
    return offset <= data.size() && size <= data.size() - offset;
  }
  template <typename T>
  T read(uint64_t offset) const {
    return llvm::support::endian::read<T, llvm::endianness::little>(
        data.data() + offset);
  }
  llvm::StringRef slice(uint64_t offset, uint64_t size) const {
    return data.substr(offset, size);
  }
  uint64_t size() const { return data.size(); }

private:
  llvm::StringRef data;
};
} // namespace

/// Replaces the 32-bit fields of `entry` that hold the zip64 marker with the
/// 64-bit values of its zip64 extra field, which lists them in this order;
/// false when the field is missing or too short.
static bool readZip64Fields(const Reader &reader, uint64_t extra,
                            uint64_t extraSize, torchscript::ZipEntry &entry) {
  uint64_t end = extra + extraSize;
  while (extra + 4 <= end) {
    uint16_t id = reader.read<uint16_t>(extra);
    uint64_t size = reader.read<uint16_t>(extra + 2);
    uint64_t at = extra + 4;
    if (at + size > end)
      return false;
    if (id == kZip64Extra) {
      for (uint64_t *field :
           {&entry.size, &entry.compressedSize, &entry.headerOffset}) {
        if (*field != kZip64Marker)
          continue;
        if (at + 8 > extra + 4 + size)
          return false;
        *field = reader.read<uint64_t>(at);
        at += 8;
      }
      return true;
    }
    extra = at + size;
  }
  return false;
}

std::optional<std::vector<torchscript::ZipEntry>>
torchscript::readZipEntries(llvm::StringRef data, std::string &error) {
  Reader reader(data);
  if (data.size() < kEndOfDirectorySize) {
    error = "it is too short to be a zip archive";
    return std::nullopt;
  }
  // The end-of-directory record, behind a comment of up to 64 KiB.
  uint64_t end = data.size() - kEndOfDirectorySize;
  uint64_t lowest =
      end > kMaxCommentSize ? end - kMaxCommentSize : uint64_t(0);
  std::optional<uint64_t> record;
  for (uint64_t at = end + 1; at-- > lowest;)
    if (reader.read<uint32_t>(at) == kEndOfDirectory) {
      record = at;
      break;
    }
  if (!record) {
    error = "it has no zip central directory (truncated or not a zip file)";
    return std::nullopt;
  }
  uint64_t count = reader.read<uint16_t>(*record + 10);
  uint64_t directorySize = reader.read<uint32_t>(*record + 12);
  uint64_t directoryOffset = reader.read<uint32_t>(*record + 16);
  if (count == 0xffff || directorySize == 0xffffffff ||
      directoryOffset == 0xffffffff) {
    // Zip64: a locator just before the record points at the real one.
    if (*record < 20 || reader.read<uint32_t>(*record - 20) != kZip64Locator) {
      error = "its zip64 directory locator is missing";
      return std::nullopt;
    }
    uint64_t zip64 = reader.read<uint64_t>(*record - 20 + 8);
    if (!reader.fits(zip64, 56) ||
        reader.read<uint32_t>(zip64) != kZip64EndOfDirectory) {
      error = "its zip64 directory record lies outside the file";
      return std::nullopt;
    }
    count = reader.read<uint64_t>(zip64 + 32);
    directorySize = reader.read<uint64_t>(zip64 + 40);
    directoryOffset = reader.read<uint64_t>(zip64 + 48);
  }
  if (!reader.fits(directoryOffset, directorySize)) {
    error = "its zip central directory lies outside the file";
    return std::nullopt;
  }
  std::vector<ZipEntry> entries;
  uint64_t at = directoryOffset, directoryEnd = directoryOffset + directorySize;
  for (uint64_t i = 0; i < count; ++i) {
    if (at + 46 > directoryEnd ||
        reader.read<uint32_t>(at) != kDirectoryEntry) {
      error = "its zip central directory is damaged";
      return std::nullopt;
    }
    uint64_t nameSize = reader.read<uint16_t>(at + 28);
    uint64_t extraSize = reader.read<uint16_t>(at + 30);
    uint64_t commentSize = reader.read<uint16_t>(at + 32);
    uint64_t next = at + 46 + nameSize + extraSize + commentSize;
    if (next > directoryEnd) {
      error = "its zip central directory is damaged";
      return std::nullopt;
    }
    ZipEntry entry;
    entry.name = reader.slice(at + 46, nameSize).str();
    entry.method = reader.read<uint16_t>(at + 10);
    entry.compressedSize = reader.read<uint32_t>(at + 20);
    entry.size = reader.read<uint32_t>(at + 24);
    entry.headerOffset = reader.read<uint32_t>(at + 42);
    bool zip64 = entry.size == kZip64Marker ||
                 entry.compressedSize == kZip64Marker ||
                 entry.headerOffset == kZip64Marker;
    if (zip64 &&
        !readZip64Fields(reader, at + 46 + nameSize, extraSize, entry)) {
      error = "its zip64 entry '" + entry.name + "' is damaged";
      return std::nullopt;
    }
    entries.push_back(std::move(entry));
    at = next;
  }
  return entries;
}

std::optional<std::vector<std::string>>
torchscript::readZipEntryNames(llvm::StringRef data, std::string &error) {
  std::optional<std::vector<ZipEntry>> entries = readZipEntries(data, error);
  if (!entries)
    return std::nullopt;
  std::vector<std::string> names;
  names.reserve(entries->size());
  for (ZipEntry &entry : *entries)
    names.push_back(std::move(entry.name));
  return names;
}

std::optional<llvm::StringRef>
torchscript::getStoredZipEntry(llvm::StringRef data, const ZipEntry &entry) {
  Reader reader(data);
  if (entry.method != 0 || entry.compressedSize != entry.size ||
      !reader.fits(entry.headerOffset, 30) ||
      reader.read<uint32_t>(entry.headerOffset) != kLocalHeader)
    return std::nullopt;
  uint64_t start = entry.headerOffset + 30 +
                   reader.read<uint16_t>(entry.headerOffset + 26) +
                   reader.read<uint16_t>(entry.headerOffset + 28);
  if (!reader.fits(start, entry.size))
    return std::nullopt;
  return reader.slice(start, entry.size);
}

bool mlir::torch_onnx::torchscript::zipEntryLeavesFolder(
    llvm::StringRef name) {
  if (name.starts_with("/") || name.contains('\\') || name.contains(':'))
    return true;
  return llvm::is_contained(llvm::split(name, '/'), "..");
}
