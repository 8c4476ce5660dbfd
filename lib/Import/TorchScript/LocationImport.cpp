//===- LocationImport.cpp - Source locations of TorchScript nodes ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A node of a loaded archive points into the serialized code
// (code/__torch__.py); the archive's debug records map that back to the
// user's Python source, which is what a diagnostic should show.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "llvm/ADT/StringExtras.h"

#include <torch/csrc/jit/frontend/source_range.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/ir/scope.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

/// The module scope of a traced node as `/`-separated names, each relative
/// to the enclosing called module: `__module.encoder/__module.encoder.layer.0`
/// becomes `/encoder/layer.0`, as ONNX exporters name nodes.
static std::string getScopePath(const torch::jit::ScopePtr &scope) {
  if (!scope || scope->isRoot())
    return "";
  std::string names = scope->namesFromRoot();
  std::string path;
  llvm::StringRef enclosing;
  for (llvm::StringRef full : llvm::split(names, '/')) {
    full.consume_front("__module.");
    if (full.empty())
      continue;
    llvm::StringRef name = full;
    if (!enclosing.empty() && name.consume_front(enclosing) &&
        !name.consume_front("."))
      name = full;
    path += "/" + name.str();
    enclosing = full;
  }
  return path;
}

StringAttr ModuleImporter::getFileName(llvm::StringRef name) {
  StringAttr &file = fileNames[name];
  if (!file)
    file = StringAttr::get(getContext(), name);
  return file;
}

/// Frames kept of a traced node's Python stack, and the largest stack text
/// read.
static constexpr size_t kMaxTracedFrames = 8;
static constexpr size_t kMaxTracedStackBytes = 1 << 16;

std::optional<Location>
ModuleImporter::importTracedStack(llvm::StringRef text) {
  SmallVector<Location> frames;
  for (llvm::StringRef line : llvm::split(text, '\n')) {
    line = line.trim();
    if (line.empty())
      continue;
    // `path(123): function`
    size_t close = line.rfind("): ");
    size_t open = close == llvm::StringRef::npos
                      ? llvm::StringRef::npos
                      : line.take_front(close).rfind('(');
    unsigned number;
    if (open == llvm::StringRef::npos ||
        line.slice(open + 1, close).getAsInteger(10, number))
      return std::nullopt;
    llvm::StringRef file = line.take_front(open);
    bool inTorch = file.contains("-packages/torch/");
    // The frames past torch.jit.trace are its callers, not the model's.
    if (inTorch && file.contains("/torch/jit/"))
      break;
    // The innermost frame is the op's; PyTorch's frames between the user's
    // (Module.__call__) say nothing.
    if (inTorch && !frames.empty())
      continue;
    frames.push_back(FileLineColLoc::get(getFileName(file), number, 1));
    if (frames.size() == kMaxTracedFrames)
      break;
  }
  if (frames.empty())
    return std::nullopt;
  Location loc = frames.back();
  for (size_t i = frames.size() - 1; i-- > 0;)
    loc = CallSiteLoc::get(frames[i], loc);
  return loc;
}

Location ModuleImporter::importLocation(torch::jit::Node *node) {
  Location loc = importSourceLocation(node);
  std::string path = getScopePath(node->scope());
  if (path.empty())
    return loc;
  return NameLoc::get(StringAttr::get(getContext(), path), loc);
}

Location ModuleImporter::importSourceLocation(torch::jit::Node *node) {
  try {
    torch::jit::SourceRange range = node->sourceRange();
    if (range.source())
      if (auto original = range.findSourceRangeThatGenerated())
        range = *original;
    const std::shared_ptr<torch::jit::Source> &source = range.source();
    // A module traced in this process records the Python stack as a
    // source of its own, which the range covers whole.
    if (source && source->filename() && !source->filename()->empty() &&
        range.start() == 0 && range.end() == source->size() &&
        source->size() <= kMaxTracedStackBytes) {
      std::string text = source->text_str().str();
      if (llvm::StringRef(text).starts_with(*source->filename() + "("))
        if (std::optional<Location> stack = importTracedStack(text))
          return *stack;
    }
    if (source && source->filename() && !source->filename()->empty()) {
      size_t line = source->lineno_for_offset(range.start());
      size_t column = range.start() - source->offset_for_line(line);
      StringAttr file = getFileName(*source->filename());
      // LibTorch counts columns from 0, MLIR from 1.
      return FileLineColLoc::get(file, source->lineno_to_source_lineno(line),
                                 column + 1);
    }
  } catch (const std::exception &) {
    // Unreadable debug records only cost the source position.
  }
  return archiveLoc;
}
