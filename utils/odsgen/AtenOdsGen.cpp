//===- AtenOdsGen.cpp - ODS for aten ops from LibTorch's registry ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reads every operator schema registered with LibTorch, keeps the aten ops
// whose base name is on an allowlist, and writes one ODS definition per
// overload. Traits come from each schema's alias annotations.
//
// Usage: torch-onnx-aten-odsgen ALLOWLIST OUT_PREFIX SHARDS
// writes OUT_PREFIX0.td ... OUT_PREFIX<SHARDS-1>.td.
//
//===----------------------------------------------------------------------===//

#include <ATen/core/function_schema.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Reads the allowlist: aten base names separated by white space; `#` starts
/// a comment.
std::set<std::string> readAllowlist(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "error: cannot read allowlist '" << path << "'\n";
    std::exit(1);
  }
  std::set<std::string> names;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line.substr(0, line.find('#')));
    std::string word;
    while (words >> word)
      names.insert(word);
  }
  return names;
}

/// `add_` and `add` share the base name `add`; dunder names keep theirs.
std::string baseName(const std::string &name) {
  if (name.size() > 1 && name.back() == '_' &&
      !(name.size() > 4 && name.substr(name.size() - 2) == "__"))
    return name.substr(0, name.size() - 1);
  return name;
}

/// `add_.Tensor` becomes `Add_Tensor`, following torch-mlir's class names.
std::string camelCase(const std::string &s) {
  std::string out;
  bool upper = true;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '.') {
      upper = true;
      continue;
    }
    if (c == '_') {
      bool inner = i > 0 && i + 1 < s.size() && s[i - 1] != '_' &&
                   s[i + 1] != '_' && s[i + 1] != '.';
      if (inner) {
        upper = true;
        continue;
      }
      out.push_back(c);
      continue;
    }
    out.push_back(upper ? std::toupper(c) : c);
    upper = false;
  }
  return out;
}

std::string escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

/// Maps a schema type to an ODS type constraint.
std::string constraintFor(const std::string &type) {
  static const std::map<std::string, std::string> table = {
      {"Tensor", "AnyTorchTensorType"},
      {"Tensor?", "AnyTorchOptionalTensorType"},
      {"int", "Torch_IntType"},
      {"SymInt", "Torch_IntType"},
      {"int?", "AnyTorchOptionalIntType"},
      {"SymInt?", "AnyTorchOptionalIntType"},
      {"ScalarType", "Torch_IntType"},
      {"ScalarType?", "AnyTorchOptionalIntType"},
      {"Layout", "Torch_IntType"},
      {"Layout?", "AnyTorchOptionalIntType"},
      {"MemoryFormat", "Torch_IntType"},
      {"MemoryFormat?", "AnyTorchOptionalIntType"},
      {"float", "Torch_FloatType"},
      {"float?", "AnyTorchOptionalFloatType"},
      {"bool", "Torch_BoolType"},
      {"bool?", "AnyTorchOptionalBoolType"},
      {"str", "Torch_StringType"},
      {"str?", "AnyTorchOptionalStringType"},
      {"Scalar", "AnyTorchScalarType"},
      {"number", "AnyTorchScalarType"},
      {"Scalar?", "AnyTorchOptionalScalarType"},
      {"Device", "AnyTorchOptionalDeviceType"},
      {"Device?", "AnyTorchOptionalDeviceType"},
      {"Generator?", "AnyTorchOptionalGeneratorType"},
      {"Tensor[]", "AnyTorchListType"},
      {"Tensor?[]", "AnyTorchListType"},
      {"int[]", "AnyTorchListType"},
      {"SymInt[]", "AnyTorchListType"},
      {"int[]?", "AnyTorchOptionalListType"},
      {"SymInt[]?", "AnyTorchOptionalListType"},
      {"float[]", "AnyTorchListType"},
      {"float[]?", "AnyTorchOptionalListType"},
      {"bool[]", "AnyTorchListType"},
      {"Scalar[]", "AnyTorchListType"},
      {"str[]", "AnyTorchListType"},
  };
  auto it = table.find(type);
  return it == table.end() ? "AnyTorchType" : it->second;
}

std::string resultConstraintFor(const std::string &type) {
  if (type == "Tensor")
    return "AnyTorchTensorType";
  if (type == "Tensor[]")
    return "AnyTorchListType";
  if (type == "int" || type == "SymInt")
    return "Torch_IntType";
  if (type == "float")
    return "Torch_FloatType";
  if (type == "bool")
    return "Torch_BoolType";
  return "AnyTorchType";
}

/// Names that would clash with accessors every op already has.
std::string sanitize(const std::string &name) {
  static const std::set<std::string> reserved = {
      "type",     "loc",     "context",    "operation",  "operands",
      "results",  "name",    "attributes", "properties", "region",
      "operator", "default", "template",   "class",      "union",
      "int",      "float",   "bool",       "char",       "struct",
      "new",      "delete",  "this",       "from",       "to",
      "ods",      "attrs",   "odsState",   "builder",    "state"};
  if (reserved.count(name))
    return name + "_";
  return name;
}

struct GeneratedOp {
  std::string text;
};

} // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::cerr << "usage: " << argv[0] << " ALLOWLIST OUT_PREFIX SHARDS\n";
    return 2;
  }
  std::set<std::string> allow = readAllowlist(argv[1]);
  std::string prefix = argv[2];
  int shards = std::atoi(argv[3]);
  if (shards < 1)
    shards = 1;

  std::map<std::string, std::string> opsByMnemonic;
  std::set<std::string> classNames;
  std::set<std::string> seenBases;
  for (const auto &op : torch::jit::getAllOperators()) {
    const c10::FunctionSchema &schema = op->schema();
    const std::string &qualified = schema.name();
    if (qualified.rfind("aten::", 0) != 0)
      continue;
    std::string name = qualified.substr(6);
    if (!allow.count(baseName(name)))
      continue;
    if (schema.is_vararg() || schema.is_varret())
      continue;
    std::string overload = schema.overload_name();
    // Named-tensor overloads cannot appear in traced or scripted graphs we
    // lower.
    bool skip = overload.find("Dimname") != std::string::npos ||
                overload.find("names") != std::string::npos;
    for (const auto &arg : schema.arguments())
      skip |= arg.type()->str().find("Dimname") != std::string::npos;
    if (skip)
      continue;

    std::string mnemonic = name + (overload.empty() ? "" : "." + overload);
    if (opsByMnemonic.count(mnemonic))
      continue;
    std::string className = "Aten" + camelCase(mnemonic) + "Op";
    while (classNames.count(className))
      className.insert(className.size() - 2, "_");
    classNames.insert(className);
    seenBases.insert(baseName(name));

    bool anyAlias = false, anyWrite = false;
    std::vector<std::string> argNames;
    std::ostringstream ins;
    for (const auto &arg : schema.arguments()) {
      if (arg.alias_info()) {
        anyAlias = true;
        anyWrite |= arg.alias_info()->isWrite();
      }
      std::string argName = sanitize(arg.name());
      argNames.push_back(argName);
      if (!ins.str().empty())
        ins << ",\n    ";
      ins << constraintFor(arg.type()->str()) << ":$" << argName;
    }
    std::ostringstream outs;
    size_t index = 0;
    for (const auto &ret : schema.returns()) {
      if (ret.alias_info())
        anyAlias = true;
      std::string retName = ret.name().empty()
                                ? (schema.returns().size() == 1
                                       ? "result"
                                       : "result" + std::to_string(index))
                                : sanitize(ret.name());
      if (std::find(argNames.begin(), argNames.end(), retName) !=
          argNames.end())
        retName += "_result";
      if (!outs.str().empty())
        outs << ",\n    ";
      outs << resultConstraintFor(ret.type()->str()) << ":$" << retName;
      ++index;
    }

    std::vector<std::string> traits;
    if (!anyAlias)
      traits.push_back("HasValueSemantics");
    if (!anyWrite)
      traits.push_back("ReadOnly");
    if (name.back() == '_' && baseName(name) != name)
      traits.push_back("IsTrailingUnderscoreInplaceVariant");
    if (anyWrite && overload.find("out") != std::string::npos)
      traits.push_back("IsOutVariant");

    std::ostringstream def;
    def << "def Torch_" << className << " : Torch_AtenOp<\"" << mnemonic
        << "\", [";
    for (size_t i = 0; i < traits.size(); ++i)
      def << (i ? ", " : "") << traits[i];
    def << "]> {\n";
    std::ostringstream schemaText;
    schemaText << schema;
    def << "  let summary = \"Generated op for `" << escape(schemaText.str())
        << "`\";\n";
    def << "  let arguments = (ins\n    " << ins.str() << "\n  );\n";
    def << "  let results = (outs\n    " << outs.str() << "\n  );\n";
    def << "}\n\n";
    opsByMnemonic[mnemonic] = def.str();
  }

  for (const std::string &base : allow)
    if (!seenBases.count(base))
      std::cerr << "warning: allowlisted aten op '" << base
                << "' has no schema in this LibTorch\n";

  std::vector<std::ostringstream> files(shards);
  for (int i = 0; i < shards; ++i)
    files[i] << "// Generated by torch-onnx-aten-odsgen from LibTorch's "
                "operator registry. Do not edit.\n\n"
             << "include \"Torch/TorchTypes.td\"\n\n";
  size_t i = 0;
  for (const auto &[mnemonic, def] : opsByMnemonic)
    files[i++ % shards] << def;
  for (int s = 0; s < shards; ++s) {
    std::string path = prefix + std::to_string(s) + ".td";
    std::string text = files[s].str();
    // Leave an unchanged file alone so that TableGen does not rerun.
    std::ifstream old(path);
    std::stringstream oldText;
    oldText << old.rdbuf();
    if (old && oldText.str() == text)
      continue;
    std::ofstream out(path);
    out << text;
    if (!out) {
      std::cerr << "error: cannot write '" << path << "'\n";
      return 1;
    }
  }
  std::cerr << "generated " << opsByMnemonic.size() << " aten ops\n";
  return 0;
}
