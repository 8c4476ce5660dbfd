//===- ModuleFunctions.cpp - Module calls as ONNX local functions ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Works on the built model: the nodes of a traced module call carry the
// module's scope in their names (`/encoder/layer.0/att/Gemm`), which is all
// it needs to find them.
//
//===----------------------------------------------------------------------===//

#include "ModuleFunctions.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

void collectGraphReads(const onnx::GraphProto &graph,
                       SmallVectorImpl<std::string> &reads);

/// Appends the values `node` reads: its inputs and, through its subgraphs,
/// the outer values that they read.
void collectReads(const onnx::NodeProto &node,
                  SmallVectorImpl<std::string> &reads) {
  for (const std::string &input : node.input())
    if (!input.empty())
      reads.push_back(input);
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.has_g())
      collectGraphReads(attr.g(), reads);
    for (const onnx::GraphProto &subgraph : attr.graphs())
      collectGraphReads(subgraph, reads);
  }
}

/// Appends the values that `graph` reads from its enclosing graphs.
void collectGraphReads(const onnx::GraphProto &graph,
                       SmallVectorImpl<std::string> &reads) {
  llvm::StringSet<> defined;
  for (const onnx::ValueInfoProto &input : graph.input())
    defined.insert(input.name());
  for (const onnx::TensorProto &init : graph.initializer())
    defined.insert(init.name());
  for (const onnx::NodeProto &node : graph.node())
    for (const std::string &output : node.output())
      defined.insert(output);
  for (const onnx::NodeProto &node : graph.node()) {
    SmallVector<std::string> inner;
    collectReads(node, inner);
    for (std::string &read : inner)
      if (!defined.contains(read))
        reads.push_back(std::move(read));
  }
}

/// The module paths that a node's scope spells, outermost first:
/// `/encoder/layer.0/att/Gemm` gives `encoder`, `encoder.layer.0` and
/// `encoder.layer.0.att`.
SmallVector<std::string> getScopePaths(StringRef nodeName) {
  SmallVector<std::string> paths;
  if (!nodeName.starts_with("/"))
    return paths;
  std::string path;
  for (StringRef name : llvm::split(nodeName.rsplit('/').first.drop_front(),
                                    '/')) {
    if (name.empty())
      continue;
    path += (path.empty() ? "" : ".") + name.str();
    paths.push_back(path);
  }
  return paths;
}

/// The first `depth` scope names of `nodeName`: `/encoder/layer.0`.
std::string getScopePrefix(StringRef nodeName, size_t depth) {
  std::string prefix;
  for (StringRef name : llvm::split(nodeName.drop_front(), '/')) {
    if (depth-- == 0)
      break;
    prefix += "/" + name.str();
  }
  return prefix;
}

/// `function` with its values renamed in order of appearance and without
/// names or metadata, serialized: equal for two calls of a module whose
/// nodes are the same.
std::string getCanonicalForm(const onnx::FunctionProto &function) {
  onnx::FunctionProto copy = function;
  copy.clear_name();
  // The imports are the model's at the time; equal bodies use the same.
  copy.clear_opset_import();
  llvm::StringMap<std::string> names;
  auto rename = [&](std::string *name) {
    if (name->empty())
      return;
    std::string &canonical = names[*name];
    if (canonical.empty())
      canonical = "v" + std::to_string(names.size());
    *name = canonical;
  };
  for (std::string &input : *copy.mutable_input())
    rename(&input);
  for (onnx::NodeProto &node : *copy.mutable_node()) {
    node.clear_name();
    node.clear_doc_string();
    node.GetReflection()->MutableUnknownFields(&node)->Clear();
    for (std::string &input : *node.mutable_input())
      rename(&input);
    for (std::string &output : *node.mutable_output())
      rename(&output);
  }
  for (std::string &output : *copy.mutable_output())
    rename(&output);
  return copy.SerializeAsString();
}

/// The nodes of one call of a module.
struct ModuleCall {
  const ModuleFunction *module;
  /// The scope names of the call: `/encoder/layer.0`.
  std::string scope;
  std::vector<int> nodes;
};

} // namespace

/// Imports the domain of each function of `model` that is not imported.
static void importFunctionDomains(onnx::ModelProto &model) {
  for (const onnx::FunctionProto &function : model.functions()) {
    bool imported = llvm::any_of(
        model.opset_import(), [&](const onnx::OperatorSetIdProto &opset) {
          return opset.domain() == function.domain();
        });
    if (!imported) {
      onnx::OperatorSetIdProto *opset = model.add_opset_import();
      opset->set_domain(function.domain());
      opset->set_version(1);
    }
  }
}

namespace {
/// Extracts the calls of modules at one scope depth; the deeper ones are
/// calls by then.
class ModuleCallExtractor {
public:
  ModuleCallExtractor(onnx::ModelProto &model,
                      ArrayRef<ModuleFunction> modules, Location loc)
      : model(model), loc(loc) {
    for (const ModuleFunction &module : modules)
      byPath[module.path] = &module;
  }

  /// The deepest scope of any node.
  size_t getMaxDepth() const {
    size_t depth = 0;
    for (const onnx::NodeProto &node : model.graph().node())
      depth = std::max<size_t>(depth, getScopePaths(node.name()).size());
    return depth;
  }

  void extract(size_t depth);

private:
  onnx::ModelProto &model;
  Location loc;
  llvm::StringMap<const ModuleFunction *> byPath;
  /// Canonical form of a function -> its name.
  std::map<std::string, std::string> functionNames;
  llvm::StringMap<unsigned> nameUses;
};
} // namespace

void ModuleCallExtractor::extract(size_t depth) {
  onnx::GraphProto &graph = *model.mutable_graph();
  int numNodes = graph.node_size();
  std::vector<ModuleCall> calls;
  llvm::StringMap<size_t> callIndex;
  std::vector<SmallVector<std::string>> reads(numNodes);
  llvm::StringMap<int> producers;
  llvm::StringMap<SmallVector<int>> readers;
  for (int i = 0; i < numNodes; ++i) {
    const onnx::NodeProto &node = graph.node(i);
    collectReads(node, reads[i]);
    for (const std::string &read : reads[i])
      readers[read].push_back(i);
    for (const std::string &output : node.output())
      if (!output.empty())
        producers[output] = i;
    SmallVector<std::string> paths = getScopePaths(node.name());
    if (paths.size() < depth)
      continue;
    auto module = byPath.find(paths[depth - 1]);
    if (module == byPath.end())
      continue;
    auto [it, inserted] = callIndex.try_emplace(module->first(), calls.size());
    if (inserted)
      calls.push_back(
          ModuleCall{module->second, getScopePrefix(node.name(), depth), {}});
    calls[it->second].nodes.push_back(i);
  }
  llvm::StringSet<> graphOutputs;
  for (const onnx::ValueInfoProto &output : graph.output())
    graphOutputs.insert(output.name());
  std::vector<std::optional<onnx::NodeProto>> callAt(numNodes);
  std::vector<bool> moved(numNodes, false);
  for (ModuleCall &call : calls) {
    llvm::DenseSet<int> members(call.nodes.begin(), call.nodes.end());
    llvm::StringSet<> produced;
    for (int i : call.nodes)
      for (const std::string &output : graph.node(i).output())
        if (!output.empty())
          produced.insert(output);
    SmallVector<std::string> inputs, outputs;
    llvm::StringSet<> seen;
    for (int i : call.nodes)
      for (const std::string &read : reads[i])
        if (!produced.contains(read) && seen.insert(read).second)
          inputs.push_back(read);
    // Where the call can stand: where its first node was, when every
    // input is ready there, or where its last node was, when every outside
    // reader of its outputs comes later.
    int first = call.nodes.front(), last = call.nodes.back();
    bool fitsFirst = true, fitsLast = true;
    for (const std::string &input : inputs) {
      auto producer = producers.find(input);
      fitsFirst &= producer == producers.end() || producer->second < first;
    }
    for (int i : call.nodes)
      for (const std::string &output : graph.node(i).output()) {
        if (output.empty())
          continue;
        bool readOutside = graphOutputs.contains(output);
        for (int reader : readers.lookup(output))
          if (!members.contains(reader)) {
            readOutside = true;
            fitsLast &= reader > last;
          }
        if (readOutside)
          outputs.push_back(output);
      }
    if (outputs.empty())
      continue;
    if (!fitsFirst && !fitsLast) {
      emitWarning(loc) << "module '" << call.module->path
                       << "' is not exported as a function: other nodes run "
                          "between its nodes and depend on them";
      continue;
    }

    onnx::FunctionProto function;
    function.set_domain(call.module->domain);
    for (const std::string &input : inputs)
      function.add_input(input);
    for (const std::string &output : outputs)
      function.add_output(output);
    for (int i : call.nodes)
      *function.add_node() = graph.node(i);
    *function.mutable_opset_import() = model.opset_import();
    std::string key = call.module->domain + "::" + call.module->name + "\n" +
                      getCanonicalForm(function);
    std::string &name = functionNames[key];
    if (name.empty()) {
      unsigned &uses = nameUses[call.module->domain + "::" +
                                call.module->name];
      name = call.module->name + (uses ? "_" + std::to_string(uses) : "");
      ++uses;
      function.set_name(name);
      *model.add_functions() = std::move(function);
    }

    onnx::NodeProto node;
    node.set_name(call.scope + "/" + name);
    node.set_op_type(name);
    node.set_domain(call.module->domain);
    for (const std::string &input : inputs)
      node.add_input(input);
    for (const std::string &output : outputs)
      node.add_output(output);
    callAt[fitsFirst ? first : last] = std::move(node);
    for (int i : call.nodes)
      moved[i] = true;
  }

  google::protobuf::RepeatedPtrField<onnx::NodeProto> rebuilt;
  for (int i = 0; i < numNodes; ++i) {
    if (callAt[i])
      *rebuilt.Add() = std::move(*callAt[i]);
    if (!moved[i])
      *rebuilt.Add() = std::move(*graph.mutable_node(i));
  }
  graph.mutable_node()->Swap(&rebuilt);

  // The values that moved into functions leave the graph's value_info.
  llvm::StringSet<> remaining;
  for (const onnx::NodeProto &node : graph.node())
    for (const std::string &output : node.output())
      remaining.insert(output);
  google::protobuf::RepeatedPtrField<onnx::ValueInfoProto> kept;
  for (onnx::ValueInfoProto &info : *graph.mutable_value_info())
    if (remaining.contains(info.name()))
      *kept.Add() = std::move(info);
  graph.mutable_value_info()->Swap(&kept);

  // Calls at the next depth up copy the imports into their functions.
  importFunctionDomains(model);
}

void mlir::torch_onnx::extractModuleFunctions(
    onnx::ModelProto &model, ArrayRef<ModuleFunction> modules, Location loc) {
  if (modules.empty())
    return;
  // Innermost first: a module called in another exported one becomes a
  // call in the outer function.
  ModuleCallExtractor extractor(model, modules, loc);
  for (size_t depth = extractor.getMaxDepth(); depth > 0; --depth)
    extractor.extract(depth);
}

std::optional<ModuleFunction>
mlir::torch_onnx::parseModuleFunction(StringRef spec) {
  auto [path, target] = spec.split('=');
  size_t separator = target.find("::");
  if (path.empty() || separator == StringRef::npos)
    return std::nullopt;
  ModuleFunction module{path.str(), target.take_front(separator).str(),
                        target.drop_front(separator + 2).str()};
  if (module.domain.empty() || module.name.empty())
    return std::nullopt;
  return module;
}
