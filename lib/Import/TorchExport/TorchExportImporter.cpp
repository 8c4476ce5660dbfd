//===- TorchExportImporter.cpp - .pt2 archives to Torch IR ----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reads a `.pt2` archive with LibTorch's zip reader and serialization types,
// maps its weights from the file without copying them, builds the program's
// forward graph (ProgramGraph.cpp) and hands it to the TorchScript importer.
// Every exception becomes one diagnostic naming the file.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Import/TorchExport/TorchExportImporter.h"

#include "LibTorchSupport.h"
#include "ProgramGraph.h"
#include "ZipDirectory.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"
#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <caffe2/serialize/in_memory_adapter.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/export/pt2_archive_constants.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/utils/generated_serialization_types.h>
#include <torch/version.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchexport;
using mlir::torch_onnx::torchscript::DiagnosticWarningHandler;
using mlir::torch_onnx::torchscript::firstLine;
using mlir::torch_onnx::torchscript::ThrowOnAllocationFailure;

namespace schema = torch::_export;
namespace spec = torch::_export::archive_spec;

namespace {
/// An error in the archive itself, reported at the file.
class ArchiveError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The records of a `.pt2` archive, over the mapped file.
class Archive {
public:
  explicit Archive(std::shared_ptr<llvm::MemoryBuffer> file)
      : file(std::move(file)),
        reader(std::make_shared<caffe2::serialize::MemoryReadAdapter>(
            this->file->getBufferStart(), this->file->getBufferSize())) {}

  bool has(const std::string &name) { return reader.hasRecord(name); }
  std::string text(const std::string &name) {
    if (!reader.hasRecord(name))
      throw ArchiveError("has no record '" + name + "'");
    auto [data, size] = reader.getRecord(name);
    return std::string(static_cast<const char *>(data.get()), size);
  }
  std::vector<std::string> records() { return reader.getAllRecords(); }

  /// The tensor that `meta` describes in record `name`, over the mapped
  /// file: the archive stores each weight's bytes whole.
  at::Tensor tensor(const std::string &name, const schema::TensorMeta &meta,
                    const std::string &what);

private:
  std::shared_ptr<llvm::MemoryBuffer> file;
  caffe2::serialize::PyTorchStreamReader reader;
};
} // namespace

/// The concrete ints of `sizes`, or nothing when one is symbolic.
static std::optional<std::vector<int64_t>>
concreteInts(const std::vector<schema::SymInt> &sizes) {
  std::vector<int64_t> result;
  for (const schema::SymInt &size : sizes) {
    if (size.tag() != schema::SymInt::Tag::AS_INT)
      return std::nullopt;
    result.push_back(size.get_as_int());
  }
  return result;
}

static c10::ScalarType weightDtype(schema::ScalarType type,
                                   const std::string &what) {
  // The enum's names match c10's for every dtype a weight can have.
  static const std::pair<schema::ScalarType, c10::ScalarType> table[] = {
      {schema::ScalarType::BYTE, c10::kByte},
      {schema::ScalarType::CHAR, c10::kChar},
      {schema::ScalarType::SHORT, c10::kShort},
      {schema::ScalarType::INT, c10::kInt},
      {schema::ScalarType::LONG, c10::kLong},
      {schema::ScalarType::HALF, c10::kHalf},
      {schema::ScalarType::FLOAT, c10::kFloat},
      {schema::ScalarType::DOUBLE, c10::kDouble},
      {schema::ScalarType::BOOL, c10::kBool},
      {schema::ScalarType::BFLOAT16, c10::kBFloat16},
      {schema::ScalarType::UINT16, c10::kUInt16},
      {schema::ScalarType::UINT32, c10::kUInt32},
      {schema::ScalarType::UINT64, c10::kUInt64},
      {schema::ScalarType::COMPLEXFLOAT, c10::kComplexFloat},
      {schema::ScalarType::COMPLEXDOUBLE, c10::kComplexDouble},
  };
  for (auto [from, to] : table)
    if (from == type)
      return to;
  throw ArchiveError("stores " + what + " with dtype number " +
                     std::to_string(static_cast<int>(type)) +
                     ", which is not supported");
}

at::Tensor Archive::tensor(const std::string &name,
                           const schema::TensorMeta &meta,
                           const std::string &what) {
  if (!reader.hasRecord(name))
    throw ArchiveError("has no record '" + name + "' for " + what);
  std::optional<std::vector<int64_t>> sizes = concreteInts(meta.get_sizes());
  std::optional<std::vector<int64_t>> strides =
      concreteInts(meta.get_strides());
  const schema::SymInt &offset = meta.get_storage_offset();
  if (!sizes || !strides || sizes->size() != strides->size() ||
      offset.tag() != schema::SymInt::Tag::AS_INT)
    throw ArchiveError("records symbolic sizes for " + what);
  c10::ScalarType dtype = weightDtype(meta.get_dtype(), what);
  // The bytes the view reaches: it must stay inside the record.
  int64_t elementSize = c10::elementSize(dtype);
  int64_t storageOffset = offset.get_as_int(), last = 0;
  bool empty = false, bad = storageOffset < 0;
  for (auto [size, stride] : llvm::zip(*sizes, *strides)) {
    bad |= size < 0 || stride < 0;
    empty |= size == 0;
    int64_t reach;
    if (!bad && size > 0 && (llvm::MulOverflow(size - 1, stride, reach) ||
                             llvm::AddOverflow(last, reach, last)))
      bad = true;
  }
  int64_t endElement, endByte = 0;
  if (!bad && !empty &&
      (llvm::AddOverflow(storageOffset, last + 1, endElement) ||
       llvm::MulOverflow(endElement, elementSize, endByte)))
    bad = true;
  size_t recordSize = reader.getRecordSize(name);
  if (bad || static_cast<uint64_t>(endByte) > recordSize)
    throw ArchiveError("stores " + what + " in record '" + name + "' of " +
                       std::to_string(recordSize) +
                       " bytes, fewer than its sizes and strides reach");
  size_t recordOffset = reader.getRecordOffset(name);
  if (recordOffset > file->getBufferSize() ||
      recordSize > file->getBufferSize() - recordOffset)
    throw ArchiveError("has record '" + name + "' past its end");
  auto *data = const_cast<char *>(file->getBufferStart()) + recordOffset +
               storageOffset * elementSize;
  std::shared_ptr<llvm::MemoryBuffer> keepAlive = file;
  return at::from_blob(
      data, *sizes, *strides, [keepAlive](void *) {},
      at::TensorOptions().dtype(dtype));
}

/// Parses `text` as the JSON of `T`, naming `what` in errors.
template <typename T>
static T parseJSON(const std::string &text, const std::string &what) {
  try {
    return nlohmann::json::parse(text).get<T>();
  } catch (const std::exception &error) {
    throw ArchiveError("has " + what +
                       " that is not valid: " + firstLine(error.what()));
  }
}

/// Parses the program, refusing a newer format than this LibTorch reads.
static schema::ExportedProgram parseProgram(const std::string &text,
                                            const std::string &what) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const std::exception &error) {
    throw ArchiveError("has " + what +
                       " that is not JSON: " + firstLine(error.what()));
  }
  if (!json.is_object() || !json.contains("schema_version") ||
      !json["schema_version"].is_object() ||
      !json["schema_version"].contains("major") ||
      !json["schema_version"]["major"].is_number_integer())
    throw ArchiveError("has " + what +
                       " without a schema_version: it is not a program "
                       "written by torch.export.save");
  int64_t major = json["schema_version"]["major"].get<int64_t>();
  if (major > knownSchemaMajorVersion())
    throw ArchiveError("was written by a newer PyTorch: its program format "
                       "is version " +
                       std::to_string(major) + ", but LibTorch " +
                       TORCH_VERSION + " reads versions up to " +
                       std::to_string(knownSchemaMajorVersion()));
  if (major < knownSchemaMajorVersion())
    throw ArchiveError("was written by an older PyTorch: its program format "
                       "is version " +
                       std::to_string(major) + "; LibTorch " + TORCH_VERSION +
                       " reads version " +
                       std::to_string(knownSchemaMajorVersion()) +
                       ": load and save it again with this PyTorch");
  try {
    return json.get<schema::ExportedProgram>();
  } catch (const std::exception &error) {
    throw ArchiveError("has " + what + " that is not a valid program: " +
                       firstLine(error.what()));
  }
}

/// The name of the archive's model: `model`, as torch.export.save names
/// it, or the only one it holds.
static std::string modelName(Archive &archive) {
  std::string dir(spec::MODELS_DIR);
  if (archive.has(dir + "model.json"))
    return "model";
  std::vector<std::string> names;
  for (const std::string &record : archive.records()) {
    llvm::StringRef name = record;
    if (name.consume_front(dir) && name.consume_back(".json") &&
        !name.contains('/'))
      names.push_back(name.str());
  }
  if (names.size() != 1)
    throw ArchiveError(names.empty()
                           ? "holds no program (no models/*.json)"
                           : "holds several programs (" +
                                 llvm::join(names, ", ") +
                                 "); only one is imported");
  return names.front();
}

/// Fills `tensors` from the payload config `configPath`, whose records are
/// in `dir`.
static void readPayloads(Archive &archive, const std::string &configPath,
                         const std::string &dir, llvm::StringRef kind,
                         std::map<std::string, at::Tensor> &tensors) {
  if (!archive.has(configPath))
    return;
  auto config = parseJSON<schema::PayloadConfig>(archive.text(configPath),
                                                 "'" + configPath + "'");
  for (const auto &[name, meta] : config.get_config()) {
    std::string what = kind.str() + " '" + name + "'";
    if (meta.get_use_pickle())
      throw ArchiveError("stores " + what +
                         " pickled (a tensor subclass), which is not "
                         "supported");
    if (!meta.get_tensor_meta())
      throw ArchiveError("stores " + what + " without its tensor metadata");
    tensors[name] =
        archive.tensor(dir + meta.get_path_name(), *meta.get_tensor_meta(),
                       what);
  }
}

/// Names the dynamic dims of forward's inputs after their symbols.
static void setDimParams(ModuleOp module, const ProgramGraph &program) {
  func::FuncOp forward;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.getSymName().ends_with(".forward"))
      forward = func;
  if (!forward)
    return;
  Builder builder(module.getContext());
  unsigned first = forward.getNumArguments() - program.inputs.size();
  for (auto [index, input] : llvm::enumerate(program.inputs)) {
    if (input.dynamicDims.empty())
      continue;
    auto type =
        dyn_cast<Torch::BaseTensorType>(forward.getArgument(first + index)
                                            .getType());
    if (!type || !type.hasSizes())
      continue;
    SmallVector<Attribute> params(type.getSizes().size(),
                                  builder.getStringAttr(""));
    for (const DynamicDim &dim : input.dynamicDims)
      if (dim.axis < params.size())
        params[dim.axis] = builder.getStringAttr(dim.symbol);
    forward.setArgAttr(first + index, "torch_onnx.dim_params",
                       builder.getArrayAttr(params));
  }
}

/// Imports `program`, whose tensors `lookup` finds, with errors at the
/// Python line of the node when there is one, else at `fileLoc`.
static OwningOpRef<ModuleOp>
importProgram(const schema::ExportedProgram &program,
              const TensorLookup &lookup, llvm::StringRef name,
              Location fileLoc) {
  MLIRContext *context = fileLoc.getContext();
  ProgramGraph graph;
  try {
    graph = buildProgramGraph(program, lookup, context);
  } catch (const ProgramError &error) {
    emitError(error.loc.value_or(fileLoc))
        << "cannot import '" << name << "': " << error.what();
    return nullptr;
  }
  std::vector<std::string> argNames;
  TorchScriptImportOptions options;
  for (const ProgramInput &input : graph.inputs) {
    argNames.push_back(input.name);
    options.inputShapes.push_back(input.shape);
  }
  torch::jit::Module module =
      moduleFromGraph(graph.graph, "__torch__.ExportedProgram", argNames,
                      graph.stateNames, graph.stateTensors,
                      graph.stateIsParameter);
  OwningOpRef<ModuleOp> result =
      importTorchScriptModule(module, name, options, context);
  if (result)
    setDimParams(*result, graph);
  return result;
}

/// Runs `body`, turning each exception into one error at `fileLoc`.
static OwningOpRef<ModuleOp>
reportingErrors(llvm::StringRef path, Location fileLoc,
                llvm::function_ref<OwningOpRef<ModuleOp>()> body) {
  DiagnosticWarningHandler warnings(fileLoc);
  c10::WarningUtils::WarningHandlerGuard warningGuard(&warnings);
  try {
    ThrowOnAllocationFailure throwOnAllocationFailure;
    return body();
  } catch (const ArchiveError &error) {
    emitError(fileLoc) << "'" << path << "' " << error.what();
  } catch (const std::bad_alloc &) {
    emitError(fileLoc) << "'" << path
                       << "' asks for more memory than there is; the "
                          "archive is damaged";
  } catch (const c10::Error &error) {
    emitError(fileLoc) << "cannot read '" << path
                       << "': " << firstLine(error.what_without_backtrace());
  } catch (const std::exception &error) {
    emitError(fileLoc) << "cannot read '" << path
                       << "': " << firstLine(error.what());
  }
  return nullptr;
}

bool mlir::torch_onnx::isTorchExportArchive(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return false;
  std::string error;
  std::optional<std::vector<std::string>> names =
      torchscript::readZipEntryNames((*file)->getBuffer(), error);
  if (!names)
    return false;
  return llvm::any_of(*names, [](llvm::StringRef name) {
    return name == std::string(spec::ARCHIVE_FORMAT_PATH) ||
           name.ends_with("/" + std::string(spec::ARCHIVE_FORMAT_PATH));
  });
}

OwningOpRef<ModuleOp>
mlir::torch_onnx::importTorchExportFile(llvm::StringRef path,
                                        MLIRContext *context) {
  context->loadDialect<Torch::TorchDialect, func::FuncDialect>();
  Location fileLoc = FileLineColLoc::get(context, path, 0, 0);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file) {
    emitError(fileLoc) << "cannot read '" << path
                       << "': " << file.getError().message();
    return nullptr;
  }
  std::string error;
  std::optional<std::vector<std::string>> names =
      torchscript::readZipEntryNames((*file)->getBuffer(), error);
  if (!names) {
    emitError(fileLoc) << "'" << path
                       << "' is not a .pt2 archive: it is not a complete zip "
                          "file ("
                       << error << ")";
    return nullptr;
  }
  bool hasFormat = false, hasVersion = false;
  for (llvm::StringRef name : *names) {
    if (torchscript::zipEntryLeavesFolder(name)) {
      emitError(fileLoc) << "'" << path << "' has an entry named '" << name
                         << "', which leaves the archive's folder";
      return nullptr;
    }
    // Records sit in one top folder, named after the archive.
    llvm::StringRef record = name.split('/').second;
    hasFormat |= record == std::string(spec::ARCHIVE_FORMAT_PATH);
    hasVersion |= record == ".data/version" || record == "version";
  }
  if (!hasFormat || !hasVersion) {
    emitError(fileLoc) << "'" << path
                       << "' is not a .pt2 archive written by "
                          "torch.export.save: it has no "
                       << (hasFormat ? "version" : "archive_format")
                       << " record";
    return nullptr;
  }
  std::shared_ptr<llvm::MemoryBuffer> mapped = std::move(*file);
  return reportingErrors(path, fileLoc, [&]() -> OwningOpRef<ModuleOp> {
    Archive archive(mapped);
    std::string format(spec::ARCHIVE_FORMAT_PATH);
    if (llvm::StringRef(archive.text(format)).trim() !=
        std::string(spec::ARCHIVE_FORMAT_VALUE))
      throw ArchiveError("is not a .pt2 archive written by torch.export.save: "
                         "its archive_format record does not say pt2");
    std::string version(spec::ARCHIVE_VERSION_PATH);
    if (archive.has(version)) {
      std::string value = llvm::StringRef(archive.text(version)).trim().str();
      int64_t number;
      if (llvm::StringRef(value).getAsInteger(10, number) ||
          value != std::string(spec::ARCHIVE_VERSION_VALUE))
        throw ArchiveError("has archive version '" + value + "'; LibTorch " +
                           TORCH_VERSION + " reads version " +
                           std::string(spec::ARCHIVE_VERSION_VALUE));
    }
    std::string model = modelName(archive);
    std::string programPath = std::string(spec::MODELS_DIR) + model + ".json";
    schema::ExportedProgram program =
        parseProgram(archive.text(programPath), "'" + programPath + "'");

    std::map<std::string, at::Tensor> weights, constants;
    std::string weightsDir(spec::WEIGHTS_DIR),
        constantsDir(spec::CONSTANTS_DIR);
    readPayloads(archive, weightsDir + model + "_weights_config.json",
                 weightsDir, "weight", weights);
    readPayloads(archive, constantsDir + model + "_constants_config.json",
                 constantsDir, "constant", constants);
    if (weights.empty() && archive.has(weightsDir + model + ".pt"))
      throw ArchiveError("stores its weights pickled, as PyTorch before 2.8 "
                         "did: load and save it again with this PyTorch");
    TensorLookup lookup = [&](const std::string &name,
                              bool isConstant) -> at::Tensor {
      auto &first = isConstant ? constants : weights;
      auto &second = isConstant ? weights : constants;
      auto it = first.find(name);
      if (it != first.end())
        return it->second;
      it = second.find(name);
      if (it != second.end())
        return it->second;
      throw ArchiveError("has no data for '" + name + "'");
    };
    return importProgram(program, lookup, path, fileLoc);
  });
}

OwningOpRef<ModuleOp> mlir::torch_onnx::importTorchExportProgram(
    llvm::StringRef json, const std::map<std::string, at::Tensor> &tensors,
    llvm::StringRef name, MLIRContext *context) {
  context->loadDialect<Torch::TorchDialect, func::FuncDialect>();
  Location loc = FileLineColLoc::get(context, name, 0, 0);
  return reportingErrors(name, loc, [&]() -> OwningOpRef<ModuleOp> {
    schema::ExportedProgram program =
        parseProgram(json.str(), "a serialized program");
    TensorLookup lookup = [&](const std::string &target,
                              bool) -> at::Tensor {
      auto it = tensors.find(target);
      if (it == tensors.end())
        throw ArchiveError("has no tensor for '" + target + "'");
      return it->second;
    };
    return importProgram(program, lookup, name, loc);
  });
}
