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

#include <torch/csrc/jit/frontend/source_range.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/ir/scope.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

/// The module path of a traced node's scope: `__module.features/
/// __module.features.3` becomes `features.3`.
static std::string scopeModulePath(const torch::jit::ScopePtr &scope) {
  if (!scope || scope->isRoot())
    return "";
  std::string names = scope->namesFromRoot();
  llvm::StringRef last = llvm::StringRef(names).rsplit('/').second;
  if (last.empty())
    last = names;
  last.consume_front("__module.");
  return last.str();
}

Location ModuleImporter::importLocation(torch::jit::Node *node) {
  try {
    torch::jit::SourceRange range = node->sourceRange();
    if (range.source())
      if (auto original = range.findSourceRangeThatGenerated())
        range = *original;
    const std::shared_ptr<torch::jit::Source> &source = range.source();
    if (source && source->filename() && !source->filename()->empty()) {
      size_t line = source->lineno_for_offset(range.start());
      size_t column = range.start() - source->offset_for_line(line);
      StringAttr &file = fileNames[*source->filename()];
      if (!file)
        file = StringAttr::get(getContext(), *source->filename());
      // LibTorch counts columns from 0, MLIR from 1.
      return FileLineColLoc::get(file, source->lineno_to_source_lineno(line),
                                 column + 1);
    }
  } catch (const std::exception &) {
    // Unreadable debug records only cost the source position.
  }
  std::string path = scopeModulePath(node->scope());
  if (!path.empty())
    return NameLoc::get(StringAttr::get(getContext(), path), archiveLoc);
  return archiveLoc;
}
