//===- ArchiveLoader.cpp - Load a TorchScript archive ---------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// torch::jit::load ends with a backward-compatibility rewrite of quantized
// convolutions, which parses four IR patterns for every method of every
// submodule: a fifth of the compile time of a model of 1600 small blocks.
// This loader reads the archive with the same LibTorch pieces (the stream
// reader, the source importer and the unpickler) and skips that rewrite;
// quantized convolutions have no ONNX lowering here either way. Archives it
// does not handle go to torch::jit::load.
//
// The tensors' storages point into a private mapping of the archive where
// their records are stored uncompressed and aligned, as PyTorch writes
// them, instead of into copies: the weights go from the file's pages to the
// output.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "ZipDirectory.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Process.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/frontend/source_range.h>
#include <torch/csrc/jit/serialization/import_read.h>
#include <torch/csrc/jit/serialization/import_source.h>
#include <torch/csrc/jit/serialization/pickle.h>
#include <torch/csrc/jit/serialization/source_range_serialization.h>
#include <torch/csrc/jit/serialization/storage_context.h>

#include <sys/mman.h>

#include <algorithm>
#include <map>
#include <mutex>

using namespace mlir::torch_onnx::torchscript;

namespace torch::jit {
// Fills the table of operator upgraders that the source importer applies to
// archives written before an op changed; exported, but its header is not
// installed.
TORCH_API void populate_upgraders_graph_map();
} // namespace torch::jit

namespace {

/// Thrown by the object loader for a class it cannot rebuild.
struct NeedsFullLoader {};

/// Maps offsets in the serialized code back to the user's source: the
/// archive's `<file>.py.debug_pkl` records, read on the first query.
class DebugRecords : public torch::jit::SourceRangeUnpickler {
public:
  DebugRecords(at::DataPtr data, size_t size)
      : data(std::move(data)), size(size) {}

  c10::optional<torch::jit::SourceRange>
  findSourceRangeThatGenerated(const torch::jit::SourceRange &range) override {
    std::call_once(parsed, [this] {
      // Unreadable records only cost the source positions.
      try {
        parse();
      } catch (const std::exception &) {
        records.clear();
      }
    });
    // The last record starting at or before the range.
    auto it = std::upper_bound(
        records.begin(), records.end(), range.start(),
        [](size_t offset, const Record &r) { return offset < r.offset; });
    if (it == records.begin())
      return c10::nullopt;
    return std::prev(it)->range;
  }

private:
  struct Record {
    size_t offset;
    torch::jit::SourceRange range;
  };

  /// The records are a tuple of (offset, (source, start, end)[, tag]); in
  /// the newer format they follow a marker and a table of the strings that
  /// sources refer to by index.
  void parse() {
    if (checkPickleMemo(static_cast<const char *>(data.get()), size))
      return;
    c10::IValue value =
        torch::jit::unpickle(static_cast<const char *>(data.get()), size);
    const auto &top = value.toTupleRef().elements();
    std::vector<std::shared_ptr<std::string>> strings;
    const c10::IValue *lines = &value;
    if (top.size() == 3 && top[0].isString() &&
        top[0].toStringRef() == "FORMAT_WITH_STRING_TABLE") {
      for (const c10::IValue &text : top[1].toTupleRef().elements())
        strings.push_back(std::make_shared<std::string>(text.toStringRef()));
      lines = &top[2];
    }
    std::map<const c10::ivalue::Tuple *, std::shared_ptr<torch::jit::Source>>
        sources;
    auto getSource = [&](const c10::IValue &serialized) {
      const c10::ivalue::Tuple *key = &serialized.toTupleRef();
      std::shared_ptr<torch::jit::Source> &source = sources[key];
      if (source)
        return source;
      const auto &fields = key->elements();
      auto line = static_cast<size_t>(fields.at(2).toInt());
      if (strings.empty()) {
        source = std::make_shared<torch::jit::Source>(
            fields.at(0).toStringRef(), fields.at(1).toOptional<std::string>(),
            line);
        return source;
      }
      std::vector<c10::string_view> pieces;
      std::vector<std::shared_ptr<std::string>> owners;
      for (int64_t index : fields.at(0).toIntList()) {
        owners.push_back(strings.at(index));
        pieces.emplace_back(*owners.back());
      }
      source = std::make_shared<torch::jit::Source>(
          torch::jit::StringCordView(std::move(pieces), std::move(owners)),
          *strings.at(fields.at(1).toInt()), line);
      return source;
    };
    for (const c10::IValue &line : lines->toTupleRef().elements()) {
      const auto &fields = line.toTupleRef().elements();
      const auto &range = fields.at(1).toTupleRef().elements();
      records.push_back(Record{
          static_cast<size_t>(fields.at(0).toInt()),
          torch::jit::SourceRange(getSource(range.at(0)),
                                  static_cast<size_t>(range.at(1).toInt()),
                                  static_cast<size_t>(range.at(2).toInt()))});
    }
  }

  at::DataPtr data;
  size_t size;
  std::once_flag parsed;
  std::vector<Record> records;
};

using Mapping = std::shared_ptr<llvm::sys::fs::mapped_file_region>;

/// A private, writable mapping of the file at `path` (a page written to,
/// as a `__setstate__` may write a tensor, is copied and never reaches the
/// file); null when it cannot be mapped.
Mapping mapFile(const std::string &path) {
  llvm::Expected<llvm::sys::fs::file_t> file =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!file) {
    llvm::consumeError(file.takeError());
    return nullptr;
  }
  Mapping mapping;
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(*file, status) && status.getSize() > 0) {
    std::error_code error;
    mapping = std::make_shared<llvm::sys::fs::mapped_file_region>(
        *file, llvm::sys::fs::mapped_file_region::priv, status.getSize(), 0,
        error);
    if (error)
      mapping.reset();
  }
  llvm::sys::fs::closeFile(*file);
  return mapping;
}

/// PyTorch aligns every record of an archive to this.
constexpr uintptr_t kRecordAlignment = 64;

/// A record's bytes in the mapping. Freeing the storage gives the record's
/// pages back, as freeing a copy would: a pass that replaces a weight
/// (folding, Conv+BN fusion) releases the original.
struct MappedRecord {
  MappedRecord(Mapping mapping, char *data, size_t size)
      : mapping(std::move(mapping)), data(data), size(size) {}
  ~MappedRecord() {
    static const uintptr_t page = llvm::sys::Process::getPageSizeEstimate();
    uintptr_t begin = llvm::alignTo(reinterpret_cast<uintptr_t>(data), page);
    uintptr_t end = llvm::alignDown(reinterpret_cast<uintptr_t>(data) + size,
                                    page);
    if (begin < end)
      ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
  }
  Mapping mapping;
  char *data;
  size_t size;
};

/// The storages of the tensor records in `folder` (`data/`, `constants/`)
/// of the archive that `mapping` maps, each pointing into the mapping and
/// keeping it alive; the unpickler reads the records left out (compressed
/// or misaligned ones) itself.
std::shared_ptr<torch::jit::DeserializationStorageContext>
mapStorages(const Mapping &mapping, llvm::ArrayRef<ZipEntry> entries,
            llvm::StringRef folder) {
  auto storages = std::make_shared<torch::jit::DeserializationStorageContext>();
  if (!mapping || entries.empty())
    return storages;
  llvm::StringRef file(mapping->const_data(), mapping->size());
  // Records live in the folder of the first one, as LibTorch reads them.
  llvm::StringRef archive =
      llvm::StringRef(entries.front().name).split('/').first;
  for (const ZipEntry &entry : entries) {
    auto [top, key] = llvm::StringRef(entry.name).split('/');
    if (top != archive || !key.consume_front(folder) || key.empty() ||
        key.contains('/') || storages->hasStorage(key.str()))
      continue;
    std::optional<llvm::StringRef> bytes = getStoredZipEntry(file, entry);
    if (!bytes ||
        reinterpret_cast<uintptr_t>(bytes->data()) % kRecordAlignment != 0)
      continue;
    char *start = mapping->data() + (bytes->data() - file.data());
    auto *owner = new MappedRecord(mapping, start, bytes->size());
    at::DataPtr data(
        start, owner,
        [](void *owner) { delete static_cast<MappedRecord *>(owner); },
        c10::Device(c10::kCPU));
    storages->addStorage(
        key.str(), c10::Storage(c10::Storage::use_byte_size_t(), bytes->size(),
                                std::move(data), /*allocator=*/nullptr,
                                /*resizable=*/false));
  }
  return storages;
}

} // namespace

bool mlir::torch_onnx::torchscript::loadArchive(const std::string &path,
                                                torch::jit::Module &module) {
  auto reader = std::make_shared<caffe2::serialize::PyTorchStreamReader>(path);
  if (reader->hasRecord("model.json"))
    return false; // The legacy format.
  torch::jit::populate_upgraders_graph_map();

  auto unit = std::make_shared<torch::jit::CompilationUnit>();
  std::vector<c10::IValue> constants;
  // Class `a.b.C` lives in code/a/b.py.
  auto findSource =
      [&reader](
          const std::string &qualifier) -> std::shared_ptr<torch::jit::Source> {
    std::string file = qualifier;
    std::replace(file.begin(), file.end(), '.', '/');
    file = "code/" + file + ".py";
    if (!reader->hasRecord(file))
      return nullptr;
    auto [text, size] = reader->getRecord(file);
    std::shared_ptr<DebugRecords> debug;
    if (reader->hasRecord(file + ".debug_pkl")) {
      auto [data, dataSize] = reader->getRecord(file + ".debug_pkl");
      debug = std::make_shared<DebugRecords>(std::move(data), dataSize);
    }
    return std::make_shared<torch::jit::Source>(
        c10::string_view(static_cast<const char *>(text.get()), size), file, 1,
        std::move(debug));
  };
  torch::jit::SourceImporter importer(unit, &constants, findSource,
                                      reader->version());
  auto resolveType = [&](const c10::QualifiedName &name) {
    return c10::StrongTypePtr(unit, importer.loadType(name));
  };
  // An object is its attributes by name, unless its class restores itself
  // with __setstate__.
  auto loadObject = [](const c10::StrongTypePtr &type, c10::IValue state) {
    auto cls = type.type_->expect<c10::ClassType>();
    if (cls->findMethod("__setstate__"))
      throw NeedsFullLoader();
    auto dict = std::move(state).toGenericDict();
    size_t numSlots = cls->numAttributes();
    auto object = c10::ivalue::Object::create(type, numSlots);
    for (size_t i = 0; i < numSlots; ++i)
      object->setSlot(i, dict.at(cls->getAttributeName(i)));
    return object;
  };
  Mapping mapping = mapFile(path);
  std::string zipError;
  std::vector<ZipEntry> entries;
  if (mapping)
    entries = readZipEntries(llvm::StringRef(mapping->const_data(),
                                             mapping->size()),
                             zipError)
                  .value_or(std::vector<ZipEntry>());
  auto readArchive = [&](const std::string &name) {
    std::string record = name + ".pkl";
    if (reader->hasRecord(record)) {
      auto [bytes, size] = reader->getRecord(record);
      if (std::optional<std::string> error =
              checkPickleMemo(static_cast<const char *>(bytes.get()), size))
        throw std::runtime_error(record + " is damaged: " + *error);
    }
    return torch::jit::readArchiveAndTensors(
        name, "", "", resolveType, loadObject, c10::Device(c10::kCPU), *reader,
        torch::jit::Unpickler::defaultTypeParser,
        mapStorages(mapping, entries, name + "/"));
  };
  try {
    c10::IValue table = readArchive("constants");
    for (const c10::IValue &constant : table.toTupleRef().elements())
      constants.push_back(constant);
    module = torch::jit::Module(readArchive("data").toObject());
  } catch (const NeedsFullLoader &) {
    return false;
  }
  return true;
}
