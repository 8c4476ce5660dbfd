//===- TorchScriptImporter.cpp - TorchScript archives to Torch IR ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The entry point: checks the file, loads it with LibTorch and turns every
// exception LibTorch throws into a single diagnostic naming the file.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "LibTorchSupport.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <c10/util/Exception.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/serialization/import.h>
#include <torch/version.h>

#include <new>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;


/// The first line of `text`, without LibTorch's `[enforce fail at ...] .`
/// prefix; a TorchScript compile error also names the archived source file
/// and line it points at.
std::string torchscript::firstLine(llvm::StringRef text) {
  text = text.trim();
  if (text.starts_with("[enforce fail at")) {
    size_t end = text.find("] ");
    if (end != llvm::StringRef::npos)
      text = text.drop_front(end + 2).ltrim(". ");
  }
  auto [line, rest] = text.split('\n');
  std::string result = line.rtrim().rtrim(':').str();
  SmallVector<llvm::StringRef> match;
  llvm::Regex sourceLine("File \"([^\"]*)\", line ([0-9]+)");
  if (sourceLine.match(rest, &match))
    result += (" (" + match[1] + ", line " + match[2] + ")").str();
  return result;
}

/// A clear description of why LibTorch could not load an archive.
static std::string describeLoadError(llvm::StringRef message) {
  SmallVector<llvm::StringRef> match;
  llvm::Regex newerVersion("file with version ([0-9]+), but the maximum "
                           "supported version for reading is ([0-9]+)");
  if (newerVersion.match(message, &match))
    return ("was written by a newer PyTorch: its format version is " +
            match[1] +
            ", but LibTorch " TORCH_VERSION " reads versions up to " + match[2])
        .str();
  if (message.contains("failed finding central directory") ||
      message.contains("failed reading zip archive"))
    return "is a truncated or corrupt zip archive";
  if (message.contains("failed locating file constants.pkl") ||
      message.contains("failed locating file data.pkl"))
    return "holds no TorchScript module: it looks like the output of "
           "torch.save; save a scripted or traced module with torch.jit.save";
  return "could not be loaded: " + firstLine(message);
}

/// Checks the entries of the zip archive at `path`: none may leave the
/// archive's folder, and an archive with code must have its data.pkl.
static LogicalResult checkArchiveEntries(llvm::StringRef path, Location loc) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return emitError(loc) << "cannot read TorchScript archive '" << path
                          << "': " << file.getError().message();
  std::string error;
  std::optional<std::vector<std::string>> names =
      readZipEntryNames((*file)->getBuffer(), error);
  if (!names)
    return emitError(loc) << "TorchScript archive '" << path
                          << "' is a truncated or corrupt zip archive: "
                          << error;
  bool hasData = false, hasCode = false, isLegacy = false;
  for (llvm::StringRef name : *names) {
    if (zipEntryLeavesFolder(name))
      return emitError(loc) << "TorchScript archive '" << path
                            << "' has an entry named '" << name
                            << "', which leaves the archive's folder";
    hasData |= name == "data.pkl" || name.ends_with("/data.pkl");
    hasCode |= name.contains("/code/") || name.starts_with("code/");
    isLegacy |= name.ends_with("model.json");
  }
  if (hasCode && !hasData && !isLegacy)
    return emitError(loc) << "TorchScript archive '" << path
                          << "' has no data.pkl, the pickled module, next "
                             "to its code: the archive is incomplete";
  return success();
}

/// Checks that `path` names a readable zip archive, the container of every
/// TorchScript archive, before LibTorch sees it.
static LogicalResult checkArchiveFile(llvm::StringRef path, Location loc) {
  llvm::Expected<llvm::sys::fs::file_t> file =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!file) {
    std::error_code error = llvm::errorToErrorCode(file.takeError());
    return emitError(loc) << "cannot open TorchScript archive '" << path
                          << "': " << error.message();
  }
  char magic[4] = {};
  llvm::Expected<size_t> read =
      llvm::sys::fs::readNativeFile(*file, llvm::MutableArrayRef(magic));
  llvm::sys::fs::closeFile(*file);
  if (!read) {
    std::error_code error = llvm::errorToErrorCode(read.takeError());
    return emitError(loc) << "cannot read TorchScript archive '" << path
                          << "': " << error.message();
  }
  if (*read != 4 || llvm::StringRef(magic, 4) != llvm::StringRef("PK\3\4", 4))
    return emitError(loc) << "'" << path
                          << "' is not a TorchScript archive: it is not a "
                             "zip file written by torch.jit.save";
  return checkArchiveEntries(path, loc);
}

/// The smallest element count of an input shape that is refused.
static constexpr int64_t kMaxInputElements = int64_t(1) << 40;

/// Parses the input shapes of `options`.
static LogicalResult parseInputShapes(const TorchScriptImportOptions &options,
                                      Location loc,
                                      SmallVectorImpl<InputShape> &shapes) {
  for (const std::string &text : options.inputShapes) {
    std::string error;
    std::optional<InputShape> shape =
        Torch::parseInputShape(loc.getContext(), text, error);
    if (!shape)
      return emitError(loc) << "invalid --input-shape '" << text << "': "
                            << error;
    // Sizes are products of these dims: they must fit an int64, and no
    // real input reaches 2^40 elements.
    int64_t elements = 1;
    for (int64_t size : shape->sizes) {
      if (size < 0)
        continue;
      if (llvm::MulOverflow(elements, size, elements))
        return emitError(loc) << "--input-shape '" << text
                              << "' has more elements than an int64 counts";
    }
    if (elements >= kMaxInputElements)
      return emitError(loc) << "--input-shape '" << text << "' has "
                            << elements << " elements; inputs of 2^40 "
                            << "elements or more are refused";
    shapes.push_back(std::move(*shape));
  }
  return success();
}

/// Imports an archive LibTorch has loaded.
static OwningOpRef<ModuleOp>
importModule(const torch::jit::Module &module, llvm::StringRef path,
             ArrayRef<InputShape> inputShapes, Location fileLoc,
             bool ownsModule) {
  MLIRContext *context = fileLoc.getContext();
  const c10::ClassType &rootClass = *module.type();
  if (!rootClass.findMethod("forward")) {
    emitError(fileLoc) << "'" << path << "' holds module "
                       << rootClass.name()->qualifiedName()
                       << ", which has no forward method";
    return nullptr;
  }
  OwningOpRef<ModuleOp> result = ModuleOp::create(fileLoc);
  ModuleImporter importer(*result, path, inputShapes);
  if (!ownsModule)
    importer.setLiveModule();
  // Speculatively created ops may fail to verify; that only selects
  // torch.operator, so their diagnostics are dropped.
  ScopedDiagnosticHandler quietSpeculation(context, [&](Diagnostic &) {
    return success(importer.isVerifyingSpeculatively());
  });
  if (failed(importer.importObjectGraph(module._ivalue())) ||
      failed(importer.importMethods(rootClass)))
    return nullptr;
  if (failed(verify(*result)))
    return nullptr;
  return result;
}

/// importModule, with LibTorch's exceptions as one error each.
static OwningOpRef<ModuleOp>
importModuleOrReport(const torch::jit::Module &module, llvm::StringRef path,
                     ArrayRef<InputShape> inputShapes, Location loc,
                     bool ownsModule) {
  try {
    return importModule(module, path, inputShapes, loc, ownsModule);
  } catch (const std::bad_alloc &) {
    emitError(loc) << "failed to import '" << path << "': out of memory";
  } catch (const c10::Error &error) {
    emitError(loc) << "failed to import '" << path
                   << "': " << firstLine(error.what_without_backtrace());
  } catch (const std::exception &error) {
    emitError(loc) << "failed to import '" << path
                   << "': " << firstLine(error.what());
  }
  return nullptr;
}

OwningOpRef<ModuleOp>
mlir::torch_onnx::importTorchScriptFile(llvm::StringRef path,
                                        const TorchScriptImportOptions &options,
                                        MLIRContext *context) {
  context->loadDialect<Torch::TorchDialect, func::FuncDialect>();
  Location fileLoc = FileLineColLoc::get(context, path, 0, 0);

  SmallVector<InputShape> inputShapes;
  if (failed(parseInputShapes(options, fileLoc, inputShapes)) ||
      failed(checkArchiveFile(path, fileLoc)))
    return nullptr;

  DiagnosticWarningHandler warnings(fileLoc);
  c10::WarningUtils::WarningHandlerGuard warningGuard(&warnings);
  torch::jit::Module module;
  try {
    ThrowOnAllocationFailure throwOnAllocationFailure;
    if (!loadArchive(path.str(), module))
      module = torch::jit::load(path.str(), c10::Device(c10::kCPU));
  } catch (const std::bad_alloc &) {
    emitError(fileLoc) << "TorchScript archive '" << path
                       << "' could not be loaded: it asks for more memory "
                          "than there is; the archive is damaged";
    return nullptr;
  } catch (const c10::Error &error) {
    emitError(fileLoc) << "TorchScript archive '" << path << "' "
                       << describeLoadError(error.what_without_backtrace());
    return nullptr;
  } catch (const std::exception &error) {
    emitError(fileLoc) << "TorchScript archive '" << path << "' "
                       << describeLoadError(error.what());
    return nullptr;
  }

  OwningOpRef<ModuleOp> result = importModuleOrReport(
      module, path, inputShapes, fileLoc, /*ownsModule=*/true);
  // With the module gone, a weight is held by its blob alone unless the
  // archive shares it, and is freed when the passes drop it.
  module = torch::jit::Module();
  return result;
}

OwningOpRef<ModuleOp> mlir::torch_onnx::importTorchScriptModule(
    const torch::jit::Module &module, llvm::StringRef name,
    const TorchScriptImportOptions &options, MLIRContext *context) {
  context->loadDialect<Torch::TorchDialect, func::FuncDialect>();
  Location loc = FileLineColLoc::get(context, name, 0, 0);
  SmallVector<InputShape> inputShapes;
  if (failed(parseInputShapes(options, loc, inputShapes)))
    return nullptr;
  DiagnosticWarningHandler warnings(loc);
  c10::WarningUtils::WarningHandlerGuard warningGuard(&warnings);
  ThrowOnAllocationFailure throwOnAllocationFailure;
  return importModuleOrReport(module, name, inputShapes, loc,
                              /*ownsModule=*/false);
}
