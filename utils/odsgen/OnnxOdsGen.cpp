//===- OnnxOdsGen.cpp - ODS for ONNX ops from libonnx's schema registry ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reads every operator schema of the default ONNX domain registered with
// libonnx and writes
// - one ODS definition per operator, from the newest schema whose version
//   does not exceed the maximum opset, with the attributes of the older
//   versions in force from the minimum opset. The ODS fixes the op's shape
//   (operands, results, attributes, regions);
// - a C++ table of every version of every operator up to the maximum opset
//   (ONNXSchema.h), against which the `SchemaVerified` trait checks the
//   element types and the signature at the module's target opset.
//
// Usage: torch-onnx-onnx-odsgen OUT_TD OUT_TABLE_INC MIN_OPSET MAX_OPSET
//
//===----------------------------------------------------------------------===//

#include <onnx/defs/schema.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using onnx::AttributeProto;
using onnx::OpSchema;

/// Ops whose results depend on a random state: they get no memory-effect
/// trait, so that they are neither hoisted, merged nor removed.
const std::set<std::string> kRandomOps = {"Bernoulli",     "Multinomial",
                                          "RandomNormal",  "RandomNormalLike",
                                          "RandomUniform", "RandomUniformLike"};

/// C++ keywords and names that would clash with members every generated op
/// class, its adaptor or its builders already have.
const std::set<std::string> kReservedNames = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
    "bool", "break", "case", "catch", "char", "class", "compl", "const",
    "constexpr", "const_cast", "continue", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export",
    "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int",
    "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public",
    "register", "reinterpret_cast", "return", "short", "signed", "sizeof",
    "static", "static_assert", "static_cast", "struct", "switch", "template",
    "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
    "wchar_t", "while", "xor", "xor_eq",
    // Members of OpState, Operation and the generated classes.
    "operation", "context", "loc", "name", "operands", "results", "operand",
    "result", "attributes", "attr", "attrs", "properties", "prop", "region",
    "regions", "odsState", "odsBuilder", "odsAttrs", "odsOperands",
    "odsRegions", "state", "builder", "emitter"};

/// `then_branch` becomes `ThenBranch`, as ODS spells accessor names.
std::string camelCase(const std::string &name) {
  std::string out;
  bool upper = true;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out.push_back(upper ? static_cast<char>(std::toupper(c)) : c);
    upper = false;
  }
  return out;
}

/// Escapes text for a TableGen `[{ ... }]` code block.
std::string codeBlock(const std::string &text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out.push_back(text[i]);
    if (text[i] == '}' && i + 1 < text.size() && text[i + 1] == ']')
      out.push_back(' ');
  }
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back())))
    out.pop_back();
  return out;
}

/// Escapes text for a TableGen string literal.
std::string quoted(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out;
}

/// The ONNX type strings a formal parameter accepts, e.g. "tensor(float)".
std::vector<std::string> allowedTypes(const OpSchema &schema,
                                      const OpSchema::FormalParameter &param) {
  for (const auto &constraint : schema.typeConstraintParams())
    if (constraint.type_param_str == param.GetTypeStr())
      return constraint.allowed_type_strs;
  return {param.GetTypeStr()};
}

/// The ODS type constraint of a formal parameter: a builtin tensor, an
/// `!onnx.seq` or an `!onnx.opt` as the schema allows, and `none` when the
/// value may be missing.
std::string typeConstraint(const OpSchema &schema,
                           const OpSchema::FormalParameter &param,
                           bool mayBeMissing) {
  bool tensor = false, seq = false, opt = false, other = false;
  for (const std::string &type : allowedTypes(schema, param)) {
    if (type.rfind("tensor(", 0) == 0)
      tensor = true;
    else if (type.rfind("seq(", 0) == 0)
      seq = true;
    else if (type.rfind("optional(", 0) == 0)
      opt = true;
    else
      other = true;
  }
  if (other)
    return "AnyType";
  std::vector<std::string> kinds;
  if (tensor)
    kinds.push_back("AnyTensor");
  if (seq)
    kinds.push_back("ONNX_SeqType");
  if (opt)
    kinds.push_back("ONNX_OptType");
  if (mayBeMissing && param.GetOption() != OpSchema::Variadic)
    kinds.push_back("NoneType");
  if (kinds.size() == 1)
    return kinds.front();
  std::string out = "AnyTypeOf<[";
  for (size_t i = 0; i < kinds.size(); ++i)
    out += (i ? ", " : "") + kinds[i];
  return out + "]>";
}

/// The ODS attribute constraint of an attribute kind.
std::string attrConstraint(AttributeProto::AttributeType type) {
  switch (type) {
  case AttributeProto::INT:
    return "SI64Attr";
  case AttributeProto::INTS:
    return "I64ArrayAttr";
  case AttributeProto::FLOAT:
    return "F32Attr";
  case AttributeProto::FLOATS:
    return "F32ArrayAttr";
  case AttributeProto::STRING:
    return "StrAttr";
  case AttributeProto::STRINGS:
    return "StrArrayAttr";
  case AttributeProto::TENSOR:
    return "ElementsAttr";
  default:
    return "AnyAttr";
  }
}

/// Gives every operand, result and region a name that is a valid, unique C++
/// identifier whose ODS accessor is unique too. Attribute names appear in
/// the IR, so a clash there is fatal rather than renamed.
class NameTable {
public:
  explicit NameTable(const std::string &opName) : opName(opName) {}

  std::string attribute(const std::string &name) {
    if (!isFree(name)) {
      std::cerr << "error: attribute '" << name << "' of ONNX op '" << opName
                << "' has no usable ODS name\n";
      std::exit(1);
    }
    take(name);
    return name;
  }

  std::string value(const std::string &schemaName, const std::string &suffix) {
    std::string name;
    for (char c : schemaName)
      name.push_back(std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
      name = "v" + name;
    while (!isFree(name))
      name += suffix;
    take(name);
    return name;
  }

private:
  bool isFree(const std::string &name) const {
    return !kReservedNames.count(name) && !names.count(name) &&
           !accessors.count(camelCase(name));
  }
  void take(const std::string &name) {
    names.insert(name);
    accessors.insert(camelCase(name));
  }

  std::string opName;
  std::set<std::string> names;
  std::set<std::string> accessors;
};

/// The GRAPH attributes of an op in region order: `If` lists its branches
/// as then/else, every other op in the schema's attribute order.
std::vector<std::string> graphAttributes(const OpSchema &schema) {
  std::vector<std::string> names;
  for (const auto &[name, attr] : schema.attributes())
    if (attr.type == AttributeProto::GRAPH)
      names.push_back(name);
  if (schema.Name() == "If")
    return {"then_branch", "else_branch"};
  return names;
}

/// Whether input (or output) `index` may be missing in one of `versions`:
/// it is optional there, or that version has no such input.
bool mayBeMissing(const std::vector<OpSchema> &versions, size_t index,
                  bool input) {
  for (const OpSchema &version : versions) {
    const auto &params = input ? version.inputs() : version.outputs();
    const OpSchema::FormalParameter *param = nullptr;
    for (size_t i = 0; i < params.size() && !param; ++i)
      if (i == index ||
          (params[i].GetOption() == OpSchema::Variadic && index > i))
        param = &params[i];
    if (!param || param->GetOption() == OpSchema::Optional)
      return true;
  }
  return false;
}

/// Whether attribute `name` is optional or absent in one of `versions`.
bool mayBeAbsent(const std::vector<OpSchema> &versions,
                 const std::string &name) {
  for (const OpSchema &version : versions) {
    auto it = version.attributes().find(name);
    if (it == version.attributes().end() || !it->second.required)
      return true;
  }
  return false;
}

/// Writes the ODS definition of one op from the newest of its `versions`
/// (sorted by version), with the attributes of all of them. An input, output
/// or attribute that some version lacks may be missing; the verifier checks
/// the target opset.
std::string generateOp(const std::vector<OpSchema> &versions) {
  const OpSchema &schema = versions.back();
  const std::string &opName = schema.Name();
  NameTable table(opName);
  std::vector<std::string> graphs = graphAttributes(schema);

  // Attribute names first: they are fixed. An attribute that a newer version
  // turned into an input (the axes of the reductions at opset 18) stays, for
  // the opsets before it.
  std::vector<std::string> attrs;
  std::set<std::string> attrNames;
  for (auto version = versions.rbegin(); version != versions.rend();
       ++version) {
    for (const auto &[name, attr] : version->attributes()) {
      if (attr.type == AttributeProto::GRAPH || !attrNames.insert(name).second)
        continue;
      std::string constraint = attrConstraint(attr.type);
      if (mayBeAbsent(versions, name))
        constraint = "OptionalAttr<" + constraint + ">";
      attrs.push_back(constraint + ":$" + table.attribute(name));
    }
  }
  std::vector<std::string> regions;
  for (const std::string &name : graphs) {
    bool required = schema.attributes().at(name).required;
    regions.push_back(std::string(required ? "SizedRegion<1>" : "AnyRegion") +
                      ":$" + table.attribute(name));
  }

  std::vector<std::string> ins;
  for (const auto &input : schema.inputs()) {
    size_t index = ins.size();
    std::string constraint =
        typeConstraint(schema, input, mayBeMissing(versions, index, true));
    if (input.GetOption() == OpSchema::Variadic)
      constraint = "Variadic<" + constraint + ">";
    ins.push_back(constraint + ":$" + table.value(input.GetName(), "_in"));
  }
  ins.insert(ins.end(), attrs.begin(), attrs.end());
  std::vector<std::string> outs;
  for (const auto &output : schema.outputs()) {
    size_t index = outs.size();
    std::string constraint =
        typeConstraint(schema, output, mayBeMissing(versions, index, false));
    if (output.GetOption() == OpSchema::Variadic)
      constraint = "Variadic<" + constraint + ">";
    outs.push_back(constraint + ":$" + table.value(output.GetName(), "_out"));
  }

  std::vector<std::string> traits;
  if (!graphs.empty())
    traits.push_back("RecursiveMemoryEffects");
  else if (!kRandomOps.count(opName))
    traits.push_back("Pure");
  if (!graphs.empty())
    traits.push_back("ONNX_GraphOpInterface");

  std::ostringstream def;
  def << "def ONNX_" << opName << "Op : ONNX_SchemaOp<\"" << opName << "\", [";
  for (size_t i = 0; i < traits.size(); ++i)
    def << (i ? ", " : "") << traits[i];
  def << "]> {\n";
  def << "  let summary = \"ONNX " << opName << ", opset "
      << schema.since_version() << "\";\n";
  std::string doc = codeBlock(schema.doc() ? schema.doc() : "");
  if (!doc.empty())
    def << "  let description = [{\n" << doc << "\n  }];\n";
  def << "  let arguments = (ins";
  for (size_t i = 0; i < ins.size(); ++i)
    def << (i ? ",\n    " : "\n    ") << ins[i];
  def << "\n  );\n";
  def << "  let results = (outs";
  for (size_t i = 0; i < outs.size(); ++i)
    def << (i ? ",\n    " : "\n    ") << outs[i];
  def << "\n  );\n";
  if (!regions.empty()) {
    def << "  let regions = (region";
    for (size_t i = 0; i < regions.size(); ++i)
      def << (i ? ",\n    " : "\n    ") << regions[i];
    def << "\n  );\n";
    def << "  let extraClassDeclaration = [{\n"
        << "    /// The GRAPH attribute each region stands for, in order.\n"
        << "    static ::llvm::ArrayRef<::llvm::StringRef> "
           "getGraphAttributeNames() {\n"
        << "      static const ::llvm::StringRef names[] = {";
    for (size_t i = 0; i < graphs.size(); ++i)
      def << (i ? ", " : "") << "\"" << quoted(graphs[i]) << "\"";
    def << "};\n      return names;\n    }\n  }];\n";
  }
  def << "}\n\n";
  return def.str();
}

/// `text` as a C++ string literal.
std::string cppString(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

const char *optionName(OpSchema::FormalParameterOption option) {
  switch (option) {
  case OpSchema::Single:
    return "Single";
  case OpSchema::Optional:
    return "Optional";
  case OpSchema::Variadic:
    return "Variadic";
  }
  return "Single";
}

/// The schema table of ONNXSchema.h: every version in `versions`, sorted by
/// name and version, with its parameters, type constraints and attributes
/// in shared pools.
std::string
generateSchemaTable(const std::map<std::string, std::vector<OpSchema>> &versions,
                    int minOpset, int maxOpset) {
  std::ostringstream types, params, constraints, attrs, schemas;
  size_t typeCount = 0, paramCount = 0, constraintCount = 0, attrCount = 0;
  auto addParams = [&](const std::vector<OpSchema::FormalParameter> &list) {
    std::ostringstream ref;
    ref << "{kParameters + " << paramCount << ", kParameters + "
        << paramCount + list.size() << "}";
    for (const auto &param : list) {
      params << "    {" << cppString(param.GetName()) << ", "
             << cppString(param.GetTypeStr()) << ", ParameterOption::"
             << optionName(param.GetOption()) << ", "
             << (param.GetIsHomogeneous() ? "true" : "false") << "},\n";
      ++paramCount;
    }
    return ref.str();
  };
  for (const auto &[name, list] : versions) {
    for (const OpSchema &schema : list) {
      std::string inputs = addParams(schema.inputs());
      std::string outputs = addParams(schema.outputs());
      size_t firstConstraint = constraintCount;
      for (const auto &constraint : schema.typeConstraintParams()) {
        constraints << "    {" << cppString(constraint.type_param_str)
                    << ", {kAllowedTypes + " << typeCount
                    << ", kAllowedTypes + "
                    << typeCount + constraint.allowed_type_strs.size()
                    << "}},\n";
        ++constraintCount;
        for (const std::string &type : constraint.allowed_type_strs) {
          types << "    " << cppString(type) << ",\n";
          ++typeCount;
        }
      }
      size_t firstAttr = attrCount;
      for (const auto &[attrName, attr] : schema.attributes()) {
        attrs << "    {" << cppString(attrName) << ", AttributeKind("
              << static_cast<int>(attr.type) << "), "
              << (attr.required ? "true" : "false") << "},\n";
        ++attrCount;
      }
      schemas << "    {" << cppString(name) << ", " << schema.since_version()
              << ", " << (schema.deprecated() ? "true" : "false") << ", "
              << schema.min_input() << ", " << schema.max_input() << ", "
              << schema.min_output() << ", " << schema.max_output() << ", "
              << inputs << ", " << outputs << ", {kTypeConstraints + "
              << firstConstraint << ", kTypeConstraints + " << constraintCount
              << "}, {kAttributes + " << firstAttr << ", kAttributes + "
              << attrCount << "}},\n";
    }
  }
  // Each pool ends in an unused entry, so that none is empty.
  std::ostringstream out;
  out << "// Generated by torch-onnx-onnx-odsgen from libonnx's schema "
         "registry. Do not edit.\n\n"
      << "static constexpr int64_t kMinOpset = " << minOpset << ";\n"
      << "static constexpr int64_t kMaxOpset = " << maxOpset << ";\n\n"
      << "static const ::llvm::StringRef kAllowedTypes[] = {\n"
      << types.str() << "    \"\"};\n\n"
      << "static const FormalParameter kParameters[] = {\n"
      << params.str() << "    {}};\n\n"
      << "static const TypeConstraint kTypeConstraints[] = {\n"
      << constraints.str() << "    {}};\n\n"
      << "static const AttributeSchema kAttributes[] = {\n"
      << attrs.str() << "    {}};\n\n"
      << "static const OpSchema kSchemas[] = {\n"
      << schemas.str() << "};\n";
  return out.str();
}

/// Writes `text` to `path` unless the file already holds it, so that
/// TableGen does not rerun needlessly.
bool writeIfChanged(const std::string &path, const std::string &text) {
  std::ifstream old(path);
  std::stringstream oldText;
  oldText << old.rdbuf();
  if (old && oldText.str() == text)
    return true;
  std::ofstream out(path);
  out << text;
  return static_cast<bool>(out);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 5) {
    std::cerr << "usage: " << argv[0]
              << " OUT_TD OUT_TABLE_INC MIN_OPSET MAX_OPSET\n";
    return 2;
  }
  std::string tdPath = argv[1];
  std::string tablePath = argv[2];
  int minOpset = std::atoi(argv[3]);
  int maxOpset = std::atoi(argv[4]);
  int registryMax = onnx::OpSchemaRegistry::DomainToVersionRange::Instance()
                        .Map()
                        .at(onnx::ONNX_DOMAIN)
                        .second;
  if (minOpset < 1 || maxOpset < minOpset || maxOpset > registryMax) {
    std::cerr << "error: opsets " << minOpset << " to " << maxOpset
              << " are not within libonnx's 1 to " << registryMax << "\n";
    return 2;
  }

  // The schemas of each default-domain op up to the maximum opset, oldest
  // first. The table has them all, so that models of older opsets verify;
  // the ODS takes those in force from the minimum opset, deprecated ones
  // aside.
  std::map<std::string, std::vector<OpSchema>> versions;
  for (const OpSchema &schema :
       onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    if (!schema.domain().empty() || schema.since_version() > maxOpset ||
        schema.support_level() != OpSchema::SupportType::COMMON)
      continue;
    versions[schema.Name()].push_back(schema);
  }
  for (auto &[name, list] : versions)
    std::sort(list.begin(), list.end(),
              [](const OpSchema &a, const OpSchema &b) {
                return a.since_version() < b.since_version();
              });

  std::ostringstream td;
  td << "// Generated by torch-onnx-onnx-odsgen from libonnx's schema "
        "registry. Do not edit.\n\n"
     << "include \"ONNX/ONNXBase.td\"\n\n";
  size_t opCount = 0;
  for (const auto &[name, list] : versions) {
    std::vector<OpSchema> current;
    for (size_t i = 0; i < list.size(); ++i) {
      // Replaced by a newer version by the minimum opset: never in force.
      if (i + 1 < list.size() && list[i + 1].since_version() <= minOpset)
        continue;
      if (!list[i].deprecated())
        current.push_back(list[i]);
    }
    if (current.empty())
      continue;
    td << generateOp(current);
    ++opCount;
  }
  for (const auto &[path, text] :
       {std::pair(tdPath, td.str()),
        std::pair(tablePath, generateSchemaTable(versions, minOpset, maxOpset))}) {
    if (!writeIfChanged(path, text)) {
      std::cerr << "error: cannot write '" << path << "'\n";
      return 1;
    }
  }
  std::cerr << "generated " << opCount << " ONNX ops (opsets " << minOpset
            << " to " << maxOpset << ")\n";
  return 0;
}
