//===- ModelWriter.cpp - Streamed, atomic writing of ONNX models ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The model is written in protobuf's wire format by hand around the large
// initializers, so that their bytes go from the attributes to the file
// without a second in-memory copy. This relies on two properties of the
// format: the fields of a message may come in any order, and the elements of
// a repeated field are simply concatenated. The file is
//
//   [ModelProto without graph]
//   tag(graph) len [GraphProto without the large initializers]
//     { tag(initializer) len [TensorProto header] tag(raw_data) len bytes }*
//
// where each large initializer either carries its raw data inline, as
// above, or refers to the side file instead.
//
//===----------------------------------------------------------------------===//

#include "ModelWriter.h"
#include "ExternalData.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <climits>
#include <memory>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// Field numbers of the wire format that the writer emits itself.
constexpr unsigned kModelGraphField = 7;
constexpr unsigned kGraphInitializerField = 5;
constexpr unsigned kTensorRawDataField = 9;
constexpr unsigned kLengthDelimited = 2;

/// protobuf cannot parse a message larger than this.
constexpr uint64_t kProtobufLimit = INT_MAX;

unsigned getVarintSize(uint64_t value) {
  unsigned size = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++size;
  }
  return size;
}

void writeVarint(raw_ostream &os, uint64_t value) {
  while (value >= 0x80) {
    os << static_cast<char>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  os << static_cast<char>(value);
}

/// Writes the tag and length of a length-delimited field.
void writeFieldHeader(raw_ostream &os, unsigned field, uint64_t length) {
  writeVarint(os, (field << 3) | kLengthDelimited);
  writeVarint(os, length);
}

/// The size of a length-delimited field with `length` bytes of payload.
uint64_t getFieldSize(unsigned field, uint64_t length) {
  return getVarintSize((field << 3) | kLengthDelimited) +
         getVarintSize(length) + length;
}

/// The address ranges of the process's file-backed mappings, read once from
/// /proc/self/maps. Empty where that file does not exist.
class FileMappings {
public:
  FileMappings() {
    auto buffer = llvm::MemoryBuffer::getFileAsStream("/proc/self/maps");
    if (!buffer)
      return;
    SmallVector<StringRef> lines;
    (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef line : lines) {
      // start-end perms offset dev inode [path]
      SmallVector<StringRef, 6> fields;
      line.split(fields, ' ', 5, /*KeepEmpty=*/false);
      uint64_t begin, end, inode;
      auto [first, second] = fields.empty() ? std::pair<StringRef, StringRef>()
                                            : fields[0].split('-');
      if (fields.size() < 5 || first.getAsInteger(16, begin) ||
          second.getAsInteger(16, end) || fields[4].getAsInteger(10, inode) ||
          inode == 0)
        continue;
      ranges.emplace_back(begin, end);
    }
    llvm::sort(ranges);
  }

  /// Whether [begin, end) lies inside one file-backed mapping.
  bool contains(uint64_t begin, uint64_t end) const {
    auto it = llvm::upper_bound(
        ranges, begin,
        [](uint64_t address, const std::pair<uint64_t, uint64_t> &range) {
          return address < range.first;
        });
    return it != ranges.begin() && std::prev(it)->second >= end;
  }

private:
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
};

/// Drops the whole pages of `bytes` from the process once they are written,
/// when they are clean pages of a memory-mapped input file: they would
/// otherwise stay in the RSS until exit, and the peak would grow by the size
/// of every weight. Pages read again fault back in from the file.
void releaseWrittenPages(const TensorBytes &bytes,
                         const FileMappings &mappings) {
#if defined(__linux__) && defined(MADV_PAGEOUT)
  static const uint64_t pageSize = sysconf(_SC_PAGESIZE);
  auto begin = reinterpret_cast<uint64_t>(bytes.data.data());
  uint64_t end = begin + bytes.data.size();
  uint64_t pageBegin = llvm::alignTo(begin, pageSize);
  uint64_t pageEnd = llvm::alignDown(end, pageSize);
  if (pageBegin < pageEnd && mappings.contains(begin, end))
    (void)madvise(reinterpret_cast<void *>(pageBegin), pageEnd - pageBegin,
                  MADV_PAGEOUT);
#else
  (void)bytes;
  (void)mappings;
#endif
}

void writeBytes(raw_ostream &os, const TensorBytes &bytes,
                const FileMappings &mappings) {
  bytes.forEachPiece(
      [&](ArrayRef<char> piece) { os.write(piece.data(), piece.size()); });
  releaseWrittenPages(bytes, mappings);
}

/// A file being written under a temporary name next to its final path. It
/// is removed unless committed.
class TempFile {
public:
  ~TempFile() {
    if (os) {
      os->close();
      os->clear_error();
    }
    if (!tempPath.empty())
      llvm::sys::fs::remove(tempPath);
  }

  LogicalResult open(StringRef finalPath, Location loc) {
    this->finalPath = finalPath.str();
    int fd;
    SmallString<256> model(finalPath);
    model.append(".tmp-%%%%%%%%");
    SmallString<256> created;
    if (std::error_code error =
            llvm::sys::fs::createUniqueFile(model, fd, created))
      return emitError(loc)
             << "cannot write '" << finalPath << "': " << error.message();
    tempPath = std::string(created);
    os = std::make_unique<llvm::raw_fd_ostream>(fd, /*shouldClose=*/true);
    return success();
  }

  llvm::raw_fd_ostream &stream() { return *os; }

  /// Flushes and closes the file; fails on any write error.
  LogicalResult close(Location loc) {
    os->close();
    if (std::error_code error = os->error()) {
      os->clear_error();
      return emitError(loc)
             << "cannot write '" << finalPath << "': " << error.message();
    }
    return success();
  }

  /// Moves the file to its final path.
  LogicalResult commit(Location loc) {
    if (std::error_code error = llvm::sys::fs::rename(tempPath, finalPath))
      return emitError(loc)
             << "cannot write '" << finalPath << "': " << error.message();
    tempPath.clear();
    return success();
  }

private:
  std::string finalPath, tempPath;
  std::unique_ptr<llvm::raw_fd_ostream> os;
};

/// Moves the small initializers of at least `threshold` bytes out of the
/// graph, so that they go to the side file with the large ones.
void collectExternalCandidates(ModelContents &contents, uint64_t threshold) {
  auto *initializers = contents.model.mutable_graph()->mutable_initializer();
  google::protobuf::RepeatedPtrField<onnx::TensorProto> kept;
  for (onnx::TensorProto &tensor : *initializers) {
    if (!tensor.has_raw_data() || tensor.raw_data().size() < threshold) {
      kept.Add()->Swap(&tensor);
      continue;
    }
    LargeInitializer large;
    large.bytes.storage.assign(tensor.raw_data().begin(),
                               tensor.raw_data().end());
    large.bytes.data = large.bytes.storage;
    tensor.clear_raw_data();
    large.header.Swap(&tensor);
    contents.largeInitializers.push_back(std::move(large));
  }
  initializers->Swap(&kept);
}

/// The size of the model of `contents` with all its initializers inline.
uint64_t getInlineSize(const ModelContents &contents) {
  uint64_t size = contents.model.ByteSizeLong();
  for (const LargeInitializer &init : contents.largeInitializers)
    size += getFieldSize(
        kGraphInitializerField,
        init.header.ByteSizeLong() +
            getFieldSize(kTensorRawDataField, init.bytes.size()));
  return size;
}

/// Writes the model of `contents` to `os`: the large initializers that
/// `external` marks as headers that refer to the side file, the others with
/// their bytes inline.
LogicalResult writeModelBytes(ModelContents &contents,
                              const std::vector<bool> &external,
                              raw_ostream &os, const FileMappings &mappings,
                              Location loc) {
  std::vector<LargeInitializer> &large = contents.largeInitializers;

  // The model without its graph, then the graph around the initializers.
  onnx::ModelProto &model = contents.model;
  std::unique_ptr<onnx::GraphProto> graph(model.release_graph());
  std::string modelBytes, graphBytes;
  bool serialized = model.SerializeToString(&modelBytes) &&
                    graph->SerializeToString(&graphBytes);
  model.set_allocated_graph(graph.release());
  if (!serialized)
    return emitError(loc) << "cannot serialize the ONNX model";

  std::vector<std::string> headers;
  headers.reserve(large.size());
  uint64_t graphSize = graphBytes.size();
  for (size_t i = 0; i < large.size(); ++i) {
    headers.push_back(large[i].header.SerializeAsString());
    uint64_t tensorSize = headers.back().size();
    if (!external[i])
      tensorSize += getFieldSize(kTensorRawDataField, large[i].bytes.size());
    graphSize += getFieldSize(kGraphInitializerField, tensorSize);
  }
  if (modelBytes.size() + getFieldSize(kModelGraphField, graphSize) >
      kProtobufLimit)
    return emitError(loc) << "the ONNX model is larger than 2 GiB even with "
                             "its initializers stored externally";

  os << modelBytes;
  writeFieldHeader(os, kModelGraphField, graphSize);
  os << graphBytes;
  for (size_t i = 0; i < large.size(); ++i) {
    uint64_t tensorSize = headers[i].size();
    if (!external[i])
      tensorSize += getFieldSize(kTensorRawDataField, large[i].bytes.size());
    writeFieldHeader(os, kGraphInitializerField, tensorSize);
    os << headers[i];
    if (!external[i]) {
      writeFieldHeader(os, kTensorRawDataField, large[i].bytes.size());
      writeBytes(os, large[i].bytes, mappings);
    }
  }
  return success();
}

} // namespace

LogicalResult
mlir::torch_onnx::writeModelFile(ModelContents &contents, StringRef path,
                                 std::optional<uint64_t> externalDataThreshold,
                                 Location loc, bool *wroteExternalData) {
  if (externalDataThreshold)
    collectExternalCandidates(contents, *externalDataThreshold);
  std::vector<LargeInitializer> &large = contents.largeInitializers;

  // Which initializers go to the side file.
  std::vector<bool> external(large.size(), false);
  if (externalDataThreshold) {
    for (size_t i = 0; i < large.size(); ++i)
      external[i] = large[i].bytes.size() >= *externalDataThreshold;
  } else if (getInlineSize(contents) > kProtobufLimit) {
    external.assign(large.size(), true);
  }
  bool anyExternal = llvm::is_contained(external, true);

  // "-" is standard output, which holds the model but no side file.
  bool toStdout = path == "-";
  if (toStdout && (externalDataThreshold || anyExternal))
    return emitError(loc) << "the model needs external data, which standard "
                             "output cannot hold; write it to a file";

  FileMappings mappings;
  TempFile modelFile, dataFile;
  if (!toStdout && failed(modelFile.open(path, loc)))
    return failure();

  // The side file first: it fixes the offsets that the headers refer to.
  std::string dataPath = getExternalDataPath(path);
  if (anyExternal) {
    std::string location = llvm::sys::path::filename(dataPath).str();
    if (failed(dataFile.open(dataPath, loc)))
      return failure();
    llvm::raw_fd_ostream &os = dataFile.stream();
    uint64_t offset = 0;
    for (size_t i = 0; i < large.size(); ++i) {
      if (!external[i])
        continue;
      uint64_t aligned = llvm::alignTo(offset, kExternalDataAlignment);
      os.write_zeros(aligned - offset);
      writeBytes(os, large[i].bytes, mappings);
      setExternalData(large[i].header, location, aligned,
                      large[i].bytes.size());
      offset = aligned + large[i].bytes.size();
    }
    if (failed(dataFile.close(loc)))
      return failure();
  }

  llvm::raw_fd_ostream &os = toStdout ? llvm::outs() : modelFile.stream();
  if (failed(writeModelBytes(contents, external, os, mappings, loc)))
    return failure();
  if (toStdout) {
    if (wroteExternalData)
      *wroteExternalData = false;
    os.flush();
    if (std::error_code error = os.error()) {
      os.clear_error();
      return emitError(loc)
             << "cannot write to standard output: " << error.message();
    }
    return success();
  }
  if (failed(modelFile.close(loc)))
    return failure();

  if (anyExternal && failed(dataFile.commit(loc)))
    return failure();
  if (failed(modelFile.commit(loc))) {
    if (anyExternal)
      llvm::sys::fs::remove(dataPath);
    return failure();
  }
  if (wroteExternalData)
    *wroteExternalData = anyExternal;
  return success();
}

LogicalResult mlir::torch_onnx::writeModelStream(ModelContents &contents,
                                                 raw_ostream &os,
                                                 Location loc) {
  if (getInlineSize(contents) > kProtobufLimit)
    return emitError(loc) << "the model needs external data, which a stream "
                             "cannot hold; write it to a file";
  std::vector<bool> external(contents.largeInitializers.size(), false);
  if (failed(writeModelBytes(contents, external, os, FileMappings(), loc)))
    return failure();
  os.flush();
  return success();
}
