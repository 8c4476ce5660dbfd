//===- ProgramGraph.cpp - An ExportedProgram as a TorchScript graph -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ProgramGraph.h"

#include "torch-onnx/Dialect/Torch/IR/RuntimeAssertions.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <torch/csrc/jit/frontend/source_range.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/ir/scope.h>
#include <torch/csrc/jit/runtime/operator.h>
#include <torch/csrc/utils/generated_serialization_types.h>
#include <torch/version.h>

#include <limits>
#include <unordered_map>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchexport;

namespace schema = torch::_export;
namespace jit = torch::jit;

int64_t torchexport::knownSchemaMajorVersion() {
  return TORCH_ONNX_EXPORT_SCHEMA_MAJOR;
}

//===----------------------------------------------------------------------===//
// The serialized enums, which number differently from c10's.
//===----------------------------------------------------------------------===//

static std::optional<c10::ScalarType> toScalarType(schema::ScalarType type) {
  switch (type) {
  case schema::ScalarType::BYTE:
    return c10::ScalarType::Byte;
  case schema::ScalarType::CHAR:
    return c10::ScalarType::Char;
  case schema::ScalarType::SHORT:
    return c10::ScalarType::Short;
  case schema::ScalarType::INT:
    return c10::ScalarType::Int;
  case schema::ScalarType::LONG:
    return c10::ScalarType::Long;
  case schema::ScalarType::HALF:
    return c10::ScalarType::Half;
  case schema::ScalarType::FLOAT:
    return c10::ScalarType::Float;
  case schema::ScalarType::DOUBLE:
    return c10::ScalarType::Double;
  case schema::ScalarType::COMPLEXHALF:
    return c10::ScalarType::ComplexHalf;
  case schema::ScalarType::COMPLEXFLOAT:
    return c10::ScalarType::ComplexFloat;
  case schema::ScalarType::COMPLEXDOUBLE:
    return c10::ScalarType::ComplexDouble;
  case schema::ScalarType::BOOL:
    return c10::ScalarType::Bool;
  case schema::ScalarType::BFLOAT16:
    return c10::ScalarType::BFloat16;
  case schema::ScalarType::UINT16:
    return c10::ScalarType::UInt16;
  case schema::ScalarType::FLOAT8E4M3FN:
    return c10::ScalarType::Float8_e4m3fn;
  case schema::ScalarType::FLOAT8E5M2:
    return c10::ScalarType::Float8_e5m2;
  case schema::ScalarType::FLOAT8E4M3FNUZ:
    return c10::ScalarType::Float8_e4m3fnuz;
  case schema::ScalarType::FLOAT8E5M2FNUZ:
    return c10::ScalarType::Float8_e5m2fnuz;
  case schema::ScalarType::FLOAT8E8M0FNU:
    return c10::ScalarType::Float8_e8m0fnu;
  case schema::ScalarType::UINT32:
    return c10::ScalarType::UInt32;
  case schema::ScalarType::UINT64:
    return c10::ScalarType::UInt64;
  default:
    return std::nullopt;
  }
}

static std::optional<c10::Layout> toLayout(schema::Layout layout) {
  switch (layout) {
  case schema::Layout::Strided:
    return c10::Layout::Strided;
  case schema::Layout::SparseCoo:
    return c10::Layout::Sparse;
  case schema::Layout::SparseCsr:
    return c10::Layout::SparseCsr;
  case schema::Layout::SparseCsc:
    return c10::Layout::SparseCsc;
  case schema::Layout::SparseBsr:
    return c10::Layout::SparseBsr;
  case schema::Layout::SparseBsc:
    return c10::Layout::SparseBsc;
  case schema::Layout::_mkldnn:
    return c10::Layout::Mkldnn;
  default:
    return std::nullopt;
  }
}

static std::optional<c10::MemoryFormat>
toMemoryFormat(schema::MemoryFormat format) {
  switch (format) {
  case schema::MemoryFormat::ContiguousFormat:
    return c10::MemoryFormat::Contiguous;
  case schema::MemoryFormat::ChannelsLast:
    return c10::MemoryFormat::ChannelsLast;
  case schema::MemoryFormat::ChannelsLast3d:
    return c10::MemoryFormat::ChannelsLast3d;
  case schema::MemoryFormat::PreserveFormat:
    return c10::MemoryFormat::Preserve;
  default:
    return std::nullopt;
  }
}

/// The importer's spelling of a dtype in an input shape.
static std::optional<llvm::StringRef> shapeDtype(c10::ScalarType type) {
  switch (type) {
  case c10::ScalarType::Float:
    return "f32";
  case c10::ScalarType::Half:
    return "f16";
  case c10::ScalarType::BFloat16:
    return "bf16";
  case c10::ScalarType::Double:
    return "f64";
  case c10::ScalarType::Long:
    return "si64";
  case c10::ScalarType::Int:
    return "si32";
  case c10::ScalarType::Short:
    return "si16";
  case c10::ScalarType::Char:
    return "si8";
  case c10::ScalarType::Byte:
    return "ui8";
  case c10::ScalarType::Bool:
    return "i1";
  default:
    return std::nullopt;
  }
}

/// The symbol of a size that is one symbol, `s77` of
/// `Symbol('s77', positive=True, integer=True)`, or of its plain text.
static std::optional<std::string> symbolName(llvm::StringRef expr) {
  expr = expr.trim();
  if (expr.consume_front("Symbol('")) {
    size_t end = expr.find('\'');
    if (end == llvm::StringRef::npos || end == 0)
      return std::nullopt;
    return expr.take_front(end).str();
  }
  if (!expr.empty() && llvm::all_of(expr, [](char c) {
        return llvm::isAlnum(c) || c == '_';
      }) && !llvm::isDigit(expr.front()))
    return expr.str();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The graph builder.
//===----------------------------------------------------------------------===//

namespace {
using ValueMap = std::unordered_map<std::string, jit::Value *>;

/// Python operators on sizes and the aten ops TorchScript spells them with.
const llvm::StringMap<llvm::StringRef> &pythonOperators() {
  static const llvm::StringMap<llvm::StringRef> map = {
      {"_operator.add", "aten::add"},
      {"_operator.sub", "aten::sub"},
      {"_operator.mul", "aten::mul"},
      {"_operator.floordiv", "aten::floordiv"},
      {"_operator.truediv", "aten::div"},
      {"_operator.mod", "aten::remainder"},
      {"_operator.pow", "aten::pow"},
      {"_operator.neg", "aten::neg"},
      {"_operator.eq", "aten::eq"},
      {"_operator.ne", "aten::ne"},
      {"_operator.lt", "aten::lt"},
      {"_operator.le", "aten::le"},
      {"_operator.gt", "aten::gt"},
      {"_operator.ge", "aten::ge"},
      {"_operator.and_", "aten::__and__"},
      {"_operator.or_", "aten::__or__"},
      {"_operator.not_", "aten::__not__"},
      {"torch.sym_not", "aten::__not__"},
      {"torch.sym_max", "prim::max"},
      {"torch.sym_min", "prim::min"},
      {"torch.sym_float", "aten::Float"},
      {"torch.sym_int", "aten::Int"},
      {"torch.sym_sqrt", "aten::sqrt"},
      {"math.ceil", "aten::ceil"},
      {"math.floor", "aten::floor"},
      {"math.sqrt", "aten::sqrt"},
  };
  return map;
}

class GraphBuilder {
public:
  GraphBuilder(const schema::ExportedProgram &program,
               const TensorLookup &lookupTensor, MLIRContext *context)
      : program(program), lookupTensor(lookupTensor), context(context),
        graph(std::make_shared<jit::Graph>()) {}

  ProgramGraph build();

private:
  const schema::ExportedProgram &program;
  const TensorLookup &lookupTensor;
  MLIRContext *context;
  std::shared_ptr<jit::Graph> graph;
  /// The values of the graph being imported (a subgraph has its own).
  ValueMap *values = nullptr;
  /// The tensor metadata of the graph being imported.
  const schema::Graph *currentGraph = nullptr;
  /// The node being imported: its target and location for errors, its
  /// metadata for the nodes made of it.
  const schema::Node *currentNode = nullptr;
  std::string target;
  std::optional<Location> loc;
  /// Scopes by `nn_module_stack`, and sources by `stack_trace`.
  std::unordered_map<std::string, c10::intrusive_ptr<jit::Scope>> scopes;
  std::unordered_map<std::string, std::optional<jit::SourceRange>> sources;

  [[noreturn]] void fail(const std::string &message) const {
    throw ProgramError(target.empty() ? message : target + ": " + message, loc);
  }

  jit::Value *lookup(const std::string &name) {
    auto it = values->find(name);
    if (it == values->end())
      fail("uses '" + name + "', which no earlier node defines");
    return it->second;
  }
  void define(const std::string &name, jit::Value *value) {
    if (!values->emplace(name, value).second)
      fail("defines '" + name + "' twice");
    // TorchScript refuses purely numeric names.
    if (!name.empty() && !llvm::all_of(name, llvm::isDigit))
      value->setDebugName(name);
  }

  c10::TypePtr tensorType(const std::string &name);
  c10::ScalarType scalarType(schema::ScalarType type);
  ProgramInput describeInput(const std::string &name);

  void setLocation(const schema::Node &node);
  void annotate(jit::Node *node);
  jit::Value *insert(jit::Node *node) {
    graph->insertNode(node);
    annotate(node);
    return node->outputs().empty() ? nullptr : node->output(0);
  }
  jit::Value *constant(const c10::IValue &value) {
    jit::Value *result = graph->insertConstant(value);
    annotate(result->node());
    return result;
  }
  jit::Value *list(const c10::TypePtr &elementType,
                   llvm::ArrayRef<jit::Value *> elements) {
    return insert(graph->createList(elementType, elements));
  }
  jit::Value *symInt(const schema::SymIntArgument &arg);
  jit::Value *symBool(const schema::SymBoolArgument &arg);
  jit::Value *symFloat(const schema::SymFloatArgument &arg);
  jit::Value *importArgument(const schema::Argument &arg);
  std::vector<jit::Value *> importTensors(const schema::Argument &arg);
  void defineOutputs(const schema::Node &node, jit::Node *jitNode);

  void importNodes(const schema::Graph &g);
  void importNode(const schema::Node &node);
  void importOperator(const schema::Node &node, llvm::StringRef qualified,
                      llvm::StringRef overload);
  void importPythonOperator(const schema::Node &node, llvm::StringRef op);
  void importSqueezeDims(const schema::Node &node);
  void importHigherOrder(const schema::Node &node, llvm::StringRef name);
  std::vector<jit::Value *>
  importSubgraph(const schema::Graph &g, llvm::ArrayRef<jit::Value *> args);
  const schema::Graph &subgraph(const schema::Node &node, size_t index);
  std::vector<jit::Value *> flatOutputs(const schema::Node &node,
                                        jit::Node *jitNode, size_t count);
  jit::Value *toBool(jit::Value *value);
};
} // namespace

c10::ScalarType GraphBuilder::scalarType(schema::ScalarType type) {
  std::optional<c10::ScalarType> result = toScalarType(type);
  if (!result)
    fail("has dtype number " + std::to_string(static_cast<int>(type)) +
         ", which this LibTorch does not know");
  return *result;
}

/// The type of tensor `name`: its dtype and rank when the graph records
/// them. Sizes are left out: they hold for the example inputs only.
c10::TypePtr GraphBuilder::tensorType(const std::string &name) {
  const auto &metas = currentGraph->get_tensor_values();
  auto it = metas.find(name);
  if (it == metas.end())
    return c10::TensorType::get();
  const schema::TensorMeta &meta = it->second;
  std::optional<c10::ScalarType> dtype = toScalarType(meta.get_dtype());
  return c10::TensorType::create(dtype, c10::Device(c10::kCPU),
                                 meta.get_sizes().size(),
                                 /*requires_grad=*/false);
}

ProgramInput GraphBuilder::describeInput(const std::string &name) {
  ProgramInput input;
  input.name = name;
  const auto &metas = currentGraph->get_tensor_values();
  auto it = metas.find(name);
  if (it == metas.end())
    fail("input '" + name + "' has no tensor metadata");
  const schema::TensorMeta &meta = it->second;
  c10::ScalarType dtype = scalarType(meta.get_dtype());
  std::optional<llvm::StringRef> spelled = shapeDtype(dtype);
  if (!spelled)
    fail("input '" + name + "' has dtype " + c10::toString(dtype) +
         ", which ONNX inputs of this compiler do not take");
  for (auto [axis, size] : llvm::enumerate(meta.get_sizes())) {
    if (size.tag() == schema::SymInt::Tag::AS_INT) {
      input.shape += std::to_string(size.get_as_int()) + "x";
      continue;
    }
    input.shape += "?x";
    std::optional<std::string> symbol =
        symbolName(size.get_as_expr().get_expr_str());
    input.dynamicDims.push_back(
        {static_cast<unsigned>(axis),
         symbol ? *symbol : name + "_dim_" + std::to_string(axis)});
  }
  input.shape += spelled->str();
  return input;
}

//===----------------------------------------------------------------------===//
// Locations.
//===----------------------------------------------------------------------===//

/// A line `File "FILE", line N, in FUNCTION` of a Python stack trace; the
/// function is empty when the line names none.
struct StackFrame {
  llvm::StringRef file, function;
  unsigned line = 0;
};

/// The frame that `text` names, if it names one. Every node of a program
/// carries its stack, so this runs for each of its lines.
static std::optional<StackFrame> parseStackFrame(llvm::StringRef text) {
  size_t at = text.find("File \"");
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = text.drop_front(at + 6);
  size_t quote = rest.find('"');
  if (quote == llvm::StringRef::npos)
    return std::nullopt;
  StackFrame frame;
  frame.file = rest.take_front(quote);
  rest = rest.drop_front(quote + 1);
  if (!rest.consume_front(", line "))
    return std::nullopt;
  llvm::StringRef number = rest.take_while(llvm::isDigit);
  if (number.empty() || number.getAsInteger(10, frame.line))
    return std::nullopt;
  rest = rest.drop_front(number.size());
  if (rest.consume_front(", in "))
    frame.function = rest.rtrim();
  return frame;
}

/// Sets the location of errors from the node's `stack_trace`: the user's
/// innermost line outside PyTorch.
void GraphBuilder::setLocation(const schema::Node &node) {
  target = node.get_target();
  loc.reset();
  const auto &metadata = node.get_metadata();
  auto it = metadata.find("stack_trace");
  if (it == metadata.end())
    return;
  for (llvm::StringRef line : llvm::split(it->second, '\n')) {
    std::optional<StackFrame> frame = parseStackFrame(line);
    if (!frame || (loc && frame->file.contains("-packages/torch/")))
      continue;
    loc = FileLineColLoc::get(context, frame->file, frame->line, 1);
  }
}

/// Gives `node` the module scope and the Python stack of the node being
/// imported, in the form the TorchScript importer reads of traced graphs.
void GraphBuilder::annotate(jit::Node *node) {
  if (!currentNode)
    return;
  const auto &metadata = currentNode->get_metadata();
  auto stack = metadata.find("stack_trace");
  if (stack != metadata.end()) {
    auto [it, inserted] = sources.try_emplace(stack->second);
    if (inserted) {
      // Python lists the outermost frame first; a traced stack is
      // `file(line): function` lines, innermost first.
      std::vector<std::string> lines;
      std::string innermost;
      for (llvm::StringRef line : llvm::split(stack->second, '\n')) {
        std::optional<StackFrame> frame = parseStackFrame(line);
        if (!frame || frame->function.empty())
          continue;
        lines.push_back((frame->file + "(" + llvm::Twine(frame->line) +
                         "): " + frame->function)
                            .str());
        innermost = frame->file.str();
      }
      if (!lines.empty()) {
        std::string text;
        for (const std::string &line : llvm::reverse(lines))
          text += line + "\n";
        auto source = std::make_shared<jit::Source>(text, innermost, 1);
        it->second = jit::SourceRange(source, 0, text.size());
      }
    }
    if (it->second)
      node->setSourceRange(*it->second);
  }
  auto moduleStack = metadata.find("nn_module_stack");
  if (moduleStack != metadata.end()) {
    auto [it, inserted] = scopes.try_emplace(moduleStack->second);
    if (inserted) {
      // `key,path,type` entries, outermost first; a path may hold commas.
      c10::intrusive_ptr<jit::Scope> scope =
          c10::make_intrusive<jit::Scope>();
      for (llvm::StringRef entry : llvm::split(moduleStack->second, ';')) {
        llvm::StringRef path = entry.split(',').second.rsplit(',').first;
        if (!path.empty())
          scope = scope->push(c10::Symbol::scope("__module." + path.str()));
      }
      it->second = scope;
    }
    node->setScope(it->second);
  }
}

//===----------------------------------------------------------------------===//
// Arguments.
//===----------------------------------------------------------------------===//

jit::Value *GraphBuilder::symInt(const schema::SymIntArgument &arg) {
  if (arg.tag() == schema::SymIntArgument::Tag::AS_INT)
    return constant(arg.get_as_int());
  return lookup(arg.get_as_name());
}

jit::Value *GraphBuilder::symBool(const schema::SymBoolArgument &arg) {
  if (arg.tag() == schema::SymBoolArgument::Tag::AS_BOOL)
    return constant(arg.get_as_bool());
  return lookup(arg.get_as_name());
}

jit::Value *GraphBuilder::symFloat(const schema::SymFloatArgument &arg) {
  if (arg.tag() == schema::SymFloatArgument::Tag::AS_FLOAT)
    return constant(arg.get_as_float().get());
  return lookup(arg.get_as_name());
}

/// The value of an argument: a graph value, a constant, or a list of them.
jit::Value *GraphBuilder::importArgument(const schema::Argument &arg) {
  using Tag = schema::Argument::Tag;
  switch (arg.tag()) {
  case Tag::AS_NONE:
    return constant(c10::IValue());
  case Tag::AS_TENSOR:
    return lookup(arg.get_as_tensor().get_name());
  case Tag::AS_TENSORS:
    return list(c10::TensorType::get(), importTensors(arg));
  case Tag::AS_OPTIONAL_TENSOR: {
    const schema::OptionalTensorArgument &tensor = arg.get_as_optional_tensor();
    if (tensor.tag() == schema::OptionalTensorArgument::Tag::AS_NONE)
      return constant(c10::IValue());
    return lookup(tensor.get_as_tensor().get_name());
  }
  case Tag::AS_OPTIONAL_TENSORS: {
    std::vector<jit::Value *> elements;
    for (const schema::OptionalTensorArgument &tensor :
         arg.get_as_optional_tensors()) {
      if (tensor.tag() == schema::OptionalTensorArgument::Tag::AS_NONE) {
        elements.push_back(constant(c10::IValue()));
        continue;
      }
      jit::Value *value = lookup(tensor.get_as_tensor().get_name());
      elements.push_back(value);
    }
    return list(c10::OptionalType::ofTensor(), elements);
  }
  case Tag::AS_INT:
    return constant(arg.get_as_int());
  case Tag::AS_INTS:
    return constant(c10::List<int64_t>(arg.get_as_ints()));
  case Tag::AS_FLOAT:
    return constant(arg.get_as_float().get());
  case Tag::AS_FLOATS: {
    c10::List<double> floats;
    for (const schema::F64 &value : arg.get_as_floats())
      floats.push_back(value.get());
    return constant(floats);
  }
  case Tag::AS_STRING:
    return constant(arg.get_as_string());
  case Tag::AS_STRINGS: {
    std::vector<jit::Value *> elements;
    for (const std::string &value : arg.get_as_strings())
      elements.push_back(constant(value));
    return list(c10::StringType::get(), elements);
  }
  case Tag::AS_BOOL:
    return constant(arg.get_as_bool());
  case Tag::AS_BOOLS: {
    c10::List<bool> bools;
    for (bool value : arg.get_as_bools())
      bools.push_back(value);
    return constant(bools);
  }
  case Tag::AS_SYM_INT:
    return symInt(arg.get_as_sym_int());
  case Tag::AS_SYM_INTS: {
    std::vector<jit::Value *> elements;
    for (const schema::SymIntArgument &value : arg.get_as_sym_ints())
      elements.push_back(symInt(value));
    return list(c10::IntType::get(), elements);
  }
  case Tag::AS_SYM_BOOL:
    return symBool(arg.get_as_sym_bool());
  case Tag::AS_SYM_BOOLS: {
    std::vector<jit::Value *> elements;
    for (const schema::SymBoolArgument &value : arg.get_as_sym_bools())
      elements.push_back(symBool(value));
    return list(c10::BoolType::get(), elements);
  }
  case Tag::AS_SYM_FLOAT:
    return symFloat(arg.get_as_sym_float());
  case Tag::AS_SYM_FLOATS: {
    std::vector<jit::Value *> elements;
    for (const schema::SymFloatArgument &value : arg.get_as_sym_floats())
      elements.push_back(symFloat(value));
    return list(c10::FloatType::get(), elements);
  }
  case Tag::AS_SCALAR_TYPE:
    return constant(
        static_cast<int64_t>(scalarType(arg.get_as_scalar_type())));
  case Tag::AS_LAYOUT:
    if (std::optional<c10::Layout> layout = toLayout(arg.get_as_layout()))
      return constant(static_cast<int64_t>(*layout));
    fail("has a layout this LibTorch does not know");
  case Tag::AS_MEMORY_FORMAT:
    if (std::optional<c10::MemoryFormat> format =
            toMemoryFormat(arg.get_as_memory_format()))
      return constant(static_cast<int64_t>(*format));
    fail("has a memory format this LibTorch does not know");
  case Tag::AS_DEVICE: {
    const schema::Device &device = arg.get_as_device();
    c10::Device result(device.get_type());
    if (device.get_index())
      result.set_index(static_cast<c10::DeviceIndex>(*device.get_index()));
    return constant(result);
  }
  case Tag::AS_INT_LISTS:
  case Tag::AS_FLOAT_LISTS:
  case Tag::AS_NESTED_TENSORS:
  case Tag::AS_STRING_TO_ARGUMENT:
    fail("has a nested list argument, which is not supported");
  case Tag::AS_COMPLEX:
    fail("has a complex argument; ONNX has no complex numbers");
  case Tag::AS_GRAPH:
    fail("has a graph argument, which only control flow operators take");
  case Tag::AS_CUSTOM_OBJ:
    fail("takes a custom object (a TorchBind class), which ONNX cannot hold");
  case Tag::AS_OPERATOR:
    fail("takes an operator as argument, which is not supported");
  }
  fail("has an argument of an unknown kind");
}

std::vector<jit::Value *>
GraphBuilder::importTensors(const schema::Argument &arg) {
  std::vector<jit::Value *> elements;
  for (const schema::TensorArgument &tensor : arg.get_as_tensors())
    elements.push_back(lookup(tensor.get_name()));
  return elements;
}

/// Names the outputs of `jitNode` after the node's outputs; a returned list
/// of tensors is unpacked into its elements.
void GraphBuilder::defineOutputs(const schema::Node &node, jit::Node *jitNode) {
  using Tag = schema::Argument::Tag;
  const std::vector<schema::Argument> &outputs = node.get_outputs();
  size_t count = std::min(outputs.size(), jitNode->outputs().size());
  for (size_t i = 0; i < count; ++i) {
    const schema::Argument &output = outputs[i];
    jit::Value *value = jitNode->output(i);
    switch (output.tag()) {
    case Tag::AS_TENSOR: {
      const std::string &name = output.get_as_tensor().get_name();
      value->setType(tensorType(name));
      define(name, value);
      break;
    }
    case Tag::AS_TENSORS: {
      value->setType(c10::ListType::ofTensors());
      const auto &tensors = output.get_as_tensors();
      jit::Node *unpack = graph->createListUnpack(value, tensors.size());
      insert(unpack);
      for (auto [tensor, element] :
           llvm::zip_equal(tensors, unpack->outputs())) {
        element->setType(tensorType(tensor.get_name()));
        define(tensor.get_name(), element);
      }
      break;
    }
    case Tag::AS_SYM_INT:
      if (output.get_as_sym_int().tag() == schema::SymIntArgument::Tag::AS_NAME)
        define(output.get_as_sym_int().get_as_name(), value);
      break;
    case Tag::AS_SYM_BOOL:
      if (output.get_as_sym_bool().tag() ==
          schema::SymBoolArgument::Tag::AS_NAME)
        define(output.get_as_sym_bool().get_as_name(), value);
      break;
    case Tag::AS_SYM_FLOAT:
      if (output.get_as_sym_float().tag() ==
          schema::SymFloatArgument::Tag::AS_NAME)
        define(output.get_as_sym_float().get_as_name(), value);
      break;
    default:
      // Results nothing uses (`as_none`) and constants need no name.
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// Nodes.
//===----------------------------------------------------------------------===//

void GraphBuilder::importNodes(const schema::Graph &g) {
  for (const schema::Node &node : g.get_nodes())
    importNode(node);
  currentNode = nullptr;
  target.clear();
  loc.reset();
}

void GraphBuilder::importNode(const schema::Node &node) {
  currentNode = &node;
  setLocation(node);
  llvm::StringRef name = node.get_target();
  if (name.consume_front("torch.ops.higher_order."))
    return importHigherOrder(node, name);
  if (name.consume_front("torch.ops.")) {
    // `aten.add.Tensor`; `default` is the overload without a name.
    auto [ns, rest] = name.split('.');
    auto [opName, overload] = rest.rsplit('.');
    if (overload == "default")
      overload = "";
    return importOperator(node, (ns + "::" + opName).str(), overload);
  }
  auto it = pythonOperators().find(name);
  if (it == pythonOperators().end())
    fail("is a Python function the importer does not know");
  importPythonOperator(node, it->second);
}

void GraphBuilder::importOperator(const schema::Node &node,
                                  llvm::StringRef qualified,
                                  llvm::StringRef overload) {
  if (Torch::isRuntimeAssertion(qualified))
    return;
  // TorchScript asks tensors for their sizes with aten::size and friends.
  std::string name = qualified.str(), overloadName = overload.str();
  if (qualified == "aten::sym_size")
    name = "aten::size";
  else if (qualified == "aten::sym_numel")
    name = "aten::numel";
  else if (qualified == "aten::sym_stride")
    name = "aten::stride";
  // An op of the core ATen IR that TorchScript spells differently;
  // torch-resolve-operators respells others.
  if (name == "aten::squeeze" && overloadName == "dims")
    return importSqueezeDims(node);
  std::shared_ptr<jit::Operator> op =
      jit::findOperatorFor(c10::OperatorName(name, overloadName));
  if (!op)
    fail("is not an operator of LibTorch " + std::string(TORCH_VERSION) +
         "; the program needs the library that defines it");
  const c10::FunctionSchema &opSchema = op->schema();

  std::unordered_map<std::string, const schema::Argument *> named;
  std::vector<const schema::Argument *> positional;
  for (const schema::NamedArgument &input : node.get_inputs()) {
    bool isKeyword = input.get_kind() && *input.get_kind() == 2;
    if (!input.get_name().empty())
      named[input.get_name()] = &input.get_arg();
    else if (!isKeyword)
      positional.push_back(&input.get_arg());
  }
  std::vector<jit::Value *> inputs;
  for (auto [index, argument] : llvm::enumerate(opSchema.arguments())) {
    const schema::Argument *arg = nullptr;
    auto it = named.find(argument.name());
    if (it != named.end())
      arg = it->second;
    else if (index < positional.size())
      arg = positional[index];
    if (arg) {
      // TorchScript's Scalar holds numbers; a bool fill value is 0 or 1.
      if (arg->tag() == schema::Argument::Tag::AS_BOOL &&
          argument.type()->kind() == c10::TypeKind::NumberType)
        inputs.push_back(constant(static_cast<int64_t>(arg->get_as_bool())));
      else
        inputs.push_back(importArgument(*arg));
    } else if (argument.default_value()) {
      inputs.push_back(constant(*argument.default_value()));
    } else {
      fail("has no value for argument '" + argument.name() + "' of " +
           c10::toString(opSchema));
    }
  }
  jit::Node *jitNode = graph->create(c10::Symbol::fromQualString(name), inputs,
                                     opSchema.returns().size());
  for (auto [output, ret] : llvm::zip(jitNode->outputs(), opSchema.returns()))
    output->setType(ret.type());
  insert(jitNode);
  defineOutputs(node, jitNode);
  if (!jitNode->maybeSchema()) {
    std::string types;
    for (jit::Value *input : inputs)
      types += (types.empty() ? "" : ", ") + input->type()->repr_str();
    fail("its arguments (" + types + ") do not match " +
         c10::toString(opSchema));
  }
}

/// squeeze.dims(self, dims): squeeze.dim of each dim, the last first, so
/// that the earlier dims keep their positions.
void GraphBuilder::importSqueezeDims(const schema::Node &node) {
  const schema::Argument *self = nullptr, *dims = nullptr;
  for (const schema::NamedArgument &input : node.get_inputs()) {
    if (input.get_name() == "self")
      self = &input.get_arg();
    else if (input.get_name() == "dim")
      dims = &input.get_arg();
  }
  if (!self || self->tag() != schema::Argument::Tag::AS_TENSOR || !dims ||
      dims->tag() != schema::Argument::Tag::AS_INTS)
    fail("has arguments that squeeze.dims does not take");
  const std::string &selfName = self->get_as_tensor().get_name();
  std::optional<size_t> rank =
      tensorType(selfName)->cast<c10::TensorType>()->dim();
  if (!rank)
    fail("squeezes a tensor of unknown rank");
  std::vector<int64_t> axes;
  for (int64_t dim : dims->get_as_ints()) {
    int64_t axis = dim < 0 ? dim + static_cast<int64_t>(std::max<size_t>(
                                       *rank, 1))
                           : dim;
    if (axis < 0 || axis >= static_cast<int64_t>(std::max<size_t>(*rank, 1)))
      fail("squeezes dim " + std::to_string(dim) + " of a tensor of rank " +
           std::to_string(*rank));
    axes.push_back(axis);
  }
  llvm::sort(axes, std::greater<int64_t>());
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  jit::Value *value = lookup(selfName);
  jit::Node *last = nullptr;
  for (int64_t axis : axes) {
    last = graph->create(c10::Symbol::aten("squeeze"), {value, constant(axis)},
                         1);
    value = insert(last);
  }
  if (!last) {
    // Nothing to squeeze: the result is the input.
    for (const schema::Argument &output : node.get_outputs())
      if (output.tag() == schema::Argument::Tag::AS_TENSOR)
        define(output.get_as_tensor().get_name(), value);
    return;
  }
  defineOutputs(node, last);
}

void GraphBuilder::importPythonOperator(const schema::Node &node,
                                        llvm::StringRef op) {
  std::vector<jit::NamedValue> args;
  for (const schema::NamedArgument &input : node.get_inputs())
    args.emplace_back(importArgument(input.get_arg()));
  jit::Value *result;
  try {
    result = graph->insert(c10::Symbol::fromQualString(op.str()), args);
  } catch (const std::exception &error) {
    fail("has arguments that " + op.str() + " does not take");
  }
  annotate(result->node());
  if (node.get_outputs().size() != 1)
    fail("does not have one result");
  defineOutputs(node, result->node());
}

//===----------------------------------------------------------------------===//
// Higher-order operators.
//===----------------------------------------------------------------------===//

const schema::Graph &GraphBuilder::subgraph(const schema::Node &node,
                                            size_t index) {
  const std::vector<schema::NamedArgument> &inputs = node.get_inputs();
  if (index >= inputs.size() ||
      inputs[index].get_arg().tag() != schema::Argument::Tag::AS_GRAPH)
    fail("has no graph as argument " + std::to_string(index));
  return *inputs[index].get_arg().get_as_graph().get_graph();
}

/// Imports `g` at the insertion point with its inputs bound to `args`, and
/// returns its outputs.
std::vector<jit::Value *>
GraphBuilder::importSubgraph(const schema::Graph &g,
                             llvm::ArrayRef<jit::Value *> args) {
  if (g.get_inputs().size() != args.size())
    fail("passes " + std::to_string(args.size()) + " values to a graph of " +
         std::to_string(g.get_inputs().size()) + " inputs");
  const schema::Node *outerNode = currentNode;
  const schema::Graph *outerGraph = currentGraph;
  ValueMap *outerValues = values;
  std::string outerTarget = target;
  std::optional<Location> outerLoc = loc;
  ValueMap inner;
  values = &inner;
  currentGraph = &g;
  for (auto [input, arg] : llvm::zip_equal(g.get_inputs(), args)) {
    using Tag = schema::Argument::Tag;
    if (input.tag() == Tag::AS_TENSOR)
      inner[input.get_as_tensor().get_name()] = arg;
    else if (input.tag() == Tag::AS_SYM_INT &&
             input.get_as_sym_int().tag() ==
                 schema::SymIntArgument::Tag::AS_NAME)
      inner[input.get_as_sym_int().get_as_name()] = arg;
  }
  importNodes(g);
  std::vector<jit::Value *> results;
  for (const schema::Argument &output : g.get_outputs()) {
    if (output.tag() == schema::Argument::Tag::AS_TENSORS) {
      std::vector<jit::Value *> tensors = importTensors(output);
      results.insert(results.end(), tensors.begin(), tensors.end());
      continue;
    }
    results.push_back(importArgument(output));
  }
  values = outerValues;
  currentGraph = outerGraph;
  currentNode = outerNode;
  target = outerTarget;
  loc = outerLoc;
  return results;
}

/// A bool from a value that may be a one-element tensor.
jit::Value *GraphBuilder::toBool(jit::Value *value) {
  if (!value->type()->cast<c10::TensorType>())
    return value;
  jit::Value *result = graph->insert(c10::Symbol::aten("Bool"), {value});
  annotate(result->node());
  return result;
}

void GraphBuilder::importHigherOrder(const schema::Node &node,
                                     llvm::StringRef name) {
  const std::vector<schema::NamedArgument> &inputs = node.get_inputs();
  auto valuesOf = [&](size_t first) {
    std::vector<jit::Value *> result;
    for (size_t i = first; i < inputs.size(); ++i) {
      const schema::Argument &arg = inputs[i].get_arg();
      if (arg.tag() == schema::Argument::Tag::AS_TENSORS) {
        std::vector<jit::Value *> tensors = importTensors(arg);
        result.insert(result.end(), tensors.begin(), tensors.end());
      } else {
        result.push_back(importArgument(arg));
      }
    }
    return result;
  };
  size_t numOutputs = node.get_outputs().size();

  if (name == "cond") {
    // cond(pred, true_graph, false_graph, operands) -> prim::If.
    if (inputs.size() != 4)
      fail("does not have the 4 arguments of cond");
    jit::Value *pred = toBool(importArgument(inputs[0].get_arg()));
    std::vector<jit::Value *> operands = valuesOf(3);
    jit::Node *ifNode = graph->create(c10::prim::If, {pred}, numOutputs);
    insert(ifNode);
    for (size_t branch : {1, 2}) {
      jit::Block *block = ifNode->addBlock();
      jit::WithInsertPoint guard(block);
      std::vector<jit::Value *> results =
          importSubgraph(subgraph(node, branch), operands);
      if (results.size() != numOutputs)
        fail("has a branch with " + std::to_string(results.size()) +
             " results for " + std::to_string(numOutputs) + " outputs");
      for (jit::Value *result : results)
        block->registerOutput(result);
    }
    for (size_t i = 0; i < numOutputs; ++i)
      ifNode->output(i)->setType(ifNode->blocks()[0]->outputs()[i]->type());
    return defineOutputs(node, ifNode);
  }

  if (name == "while_loop") {
    // while_loop(cond_graph, body_graph, carried, additional) ->
    // prim::Loop, whose condition is computed before the loop and at the
    // end of each iteration.
    if (inputs.size() != 4)
      fail("does not have the 4 arguments of while_loop");
    std::vector<jit::Value *> carried = valuesOf(2);
    const schema::Argument &extra = inputs[3].get_arg();
    size_t numAdditional = extra.tag() == schema::Argument::Tag::AS_TENSORS
                               ? extra.get_as_tensors().size()
                               : 1;
    size_t numCarried = carried.size() - numAdditional;
    std::vector<jit::Value *> additional(carried.begin() + numCarried,
                                         carried.end());
    carried.resize(numCarried);
    if (numCarried != numOutputs)
      fail("carries " + std::to_string(numCarried) + " values for " +
           std::to_string(numOutputs) + " outputs");
    const schema::Graph &condGraph = subgraph(node, 0);
    const schema::Graph &bodyGraph = subgraph(node, 1);
    auto condition = [&](llvm::ArrayRef<jit::Value *> state) {
      std::vector<jit::Value *> args(state.begin(), state.end());
      args.insert(args.end(), additional.begin(), additional.end());
      std::vector<jit::Value *> results = importSubgraph(condGraph, args);
      if (results.size() != 1)
        fail("has a condition with " + std::to_string(results.size()) +
             " results");
      return toBool(results[0]);
    };
    jit::Value *first = condition(carried);
    std::vector<jit::Value *> loopInputs = {
        constant(std::numeric_limits<int64_t>::max()), first};
    loopInputs.insert(loopInputs.end(), carried.begin(), carried.end());
    jit::Node *loop = graph->create(c10::prim::Loop, loopInputs, numOutputs);
    insert(loop);
    jit::Block *body = loop->addBlock();
    body->addInput()->setType(c10::IntType::get());
    std::vector<jit::Value *> state;
    for (jit::Value *value : carried) {
      jit::Value *arg = body->addInput();
      arg->setType(value->type());
      state.push_back(arg);
    }
    {
      jit::WithInsertPoint guard(body);
      std::vector<jit::Value *> args = state;
      args.insert(args.end(), additional.begin(), additional.end());
      std::vector<jit::Value *> next = importSubgraph(bodyGraph, args);
      if (next.size() != numCarried)
        fail("has a body with " + std::to_string(next.size()) +
             " results for " + std::to_string(numCarried) + " carried values");
      body->registerOutput(condition(next));
      for (jit::Value *value : next)
        body->registerOutput(value);
    }
    for (size_t i = 0; i < numOutputs; ++i)
      loop->output(i)->setType(carried[i]->type());
    return defineOutputs(node, loop);
  }

  if (name == "wrap_with_set_grad_enabled" || name == "wrap_with_autocast") {
    // Gradient and autocast modes change nothing in inference: the body is
    // inlined. wrap_with_autocast takes four mode arguments first.
    size_t graphIndex = name == "wrap_with_set_grad_enabled" ? 1 : 4;
    std::vector<jit::Value *> results =
        importSubgraph(subgraph(node, graphIndex), valuesOf(graphIndex + 1));
    if (results.size() < numOutputs)
      fail("has fewer results than outputs");
    using Tag = schema::Argument::Tag;
    for (auto [output, result] : llvm::zip(node.get_outputs(), results)) {
      if (output.tag() == Tag::AS_TENSOR)
        define(output.get_as_tensor().get_name(), result);
      else if (output.tag() == Tag::AS_SYM_INT &&
               output.get_as_sym_int().tag() ==
                   schema::SymIntArgument::Tag::AS_NAME)
        define(output.get_as_sym_int().get_as_name(), result);
    }
    return;
  }
  fail("is a higher-order operator without a lowering (cond, while_loop, "
       "wrap_with_set_grad_enabled and wrap_with_autocast have one)");
}

//===----------------------------------------------------------------------===//
// The program.
//===----------------------------------------------------------------------===//

ProgramGraph GraphBuilder::build() {
  using InputTag = schema::InputSpec::Tag;
  using OutputTag = schema::OutputSpec::Tag;
  const schema::GraphModule &module = program.get_graph_module();
  const schema::Graph &g = module.get_graph();
  const schema::GraphSignature &signature = module.get_signature();
  ValueMap top;
  values = &top;
  currentGraph = &g;
  ProgramGraph result;
  result.graph = graph;

  // User inputs first, as forward takes them.
  for (const schema::InputSpec &spec : signature.get_input_specs()) {
    if (spec.tag() != InputTag::USER_INPUT)
      continue;
    const schema::Argument &arg = spec.get_user_input().get_arg();
    if (arg.tag() != schema::Argument::Tag::AS_TENSOR) {
      // Export specialized the non-tensor inputs; nothing refers to them.
      if (arg.tag() == schema::Argument::Tag::AS_SYM_INT ||
          arg.tag() == schema::Argument::Tag::AS_SYM_FLOAT ||
          arg.tag() == schema::Argument::Tag::AS_SYM_BOOL)
        fail("has a symbolic non-tensor input; ONNX inputs are tensors");
      continue;
    }
    const std::string &name = arg.get_as_tensor().get_name();
    jit::Value *input = graph->addInput();
    input->setType(tensorType(name));
    define(name, input);
    result.inputs.push_back(describeInput(name));
  }
  // Then the state, one input per tensor even when several names share it.
  std::unordered_map<std::string, jit::Value *> state;
  auto addState = [&](const std::string &argName, const std::string &target,
                      bool isParameter, bool isConstant) {
    jit::Value *&input = state[target];
    if (!input) {
      input = graph->addInput();
      input->setType(tensorType(argName));
      result.stateNames.push_back(target);
      result.stateTensors.push_back(lookupTensor(target, isConstant));
      result.stateIsParameter.push_back(isParameter);
    }
    define(argName, input);
  };
  for (const schema::InputSpec &spec : signature.get_input_specs()) {
    switch (spec.tag()) {
    case InputTag::USER_INPUT:
      break;
    case InputTag::PARAMETER:
      addState(spec.get_parameter().get_arg().get_name(),
               spec.get_parameter().get_parameter_name(), true, false);
      break;
    case InputTag::BUFFER:
      // A non-persistent buffer is stored with the constants.
      addState(spec.get_buffer().get_arg().get_name(),
               spec.get_buffer().get_buffer_name(), false,
               !spec.get_buffer().get_persistent());
      break;
    case InputTag::TENSOR_CONSTANT:
      addState(spec.get_tensor_constant().get_arg().get_name(),
               spec.get_tensor_constant().get_tensor_constant_name(), false,
               true);
      break;
    case InputTag::CONSTANT_INPUT: {
      // A non-tensor input that export specialized to its example value.
      const schema::ConstantValue &value =
          spec.get_constant_input().get_value();
      using Tag = schema::ConstantValue::Tag;
      c10::IValue constantValue;
      switch (value.tag()) {
      case Tag::AS_NONE:
        break;
      case Tag::AS_INT:
        constantValue = value.get_as_int();
        break;
      case Tag::AS_FLOAT:
        constantValue = value.get_as_float().get();
        break;
      case Tag::AS_STRING:
        constantValue = value.get_as_string();
        break;
      case Tag::AS_BOOL:
        constantValue = value.get_as_bool();
        break;
      }
      define(spec.get_constant_input().get_name(), constant(constantValue));
      break;
    }
    case InputTag::CUSTOM_OBJ:
      fail("takes a custom object (a TorchBind class), which ONNX cannot "
           "hold");
    case InputTag::TOKEN:
      fail("has effect tokens (ops with side effects), which ONNX cannot "
           "order");
    }
  }

  importNodes(g);

  // Buffer updates become in-place copies, which lifting makes state.
  std::vector<jit::Value *> outputs;
  const std::vector<schema::OutputSpec> &specs = signature.get_output_specs();
  for (const schema::OutputSpec &spec : specs) {
    switch (spec.tag()) {
    case OutputTag::USER_OUTPUT:
      outputs.push_back(importArgument(spec.get_user_output().get_arg()));
      break;
    case OutputTag::BUFFER_MUTATION:
    case OutputTag::PARAMETER_MUTATION: {
      bool isBuffer = spec.tag() == OutputTag::BUFFER_MUTATION;
      const std::string &name =
          isBuffer ? spec.get_buffer_mutation().get_buffer_name()
                   : spec.get_parameter_mutation().get_parameter_name();
      const std::string &value =
          isBuffer ? spec.get_buffer_mutation().get_arg().get_name()
                   : spec.get_parameter_mutation().get_arg().get_name();
      auto it = state.find(name);
      if (it == state.end())
        fail("updates '" + name + "', which is not an input");
      jit::Node *copy = graph->create(c10::Symbol::aten("copy_"),
                                      {it->second, lookup(value),
                                       constant(false)},
                                      1);
      insert(copy)->setType(it->second->type());
      break;
    }
    case OutputTag::USER_INPUT_MUTATION:
      fail("mutates its input '" +
           spec.get_user_input_mutation().get_user_input_name() +
           "' in place, which an ONNX graph cannot do; return the new value "
           "instead");
    case OutputTag::LOSS_OUTPUT:
    case OutputTag::GRADIENT_TO_PARAMETER:
    case OutputTag::GRADIENT_TO_USER_INPUT:
      fail("is a training program (it has a loss or gradients); export the "
           "model for inference");
    case OutputTag::TOKEN:
      break;
    }
  }
  if (outputs.size() == 1) {
    graph->registerOutput(outputs[0]);
  } else {
    jit::Node *tuple = graph->createTuple(outputs);
    graph->insertNode(tuple);
    graph->registerOutput(tuple->output());
  }
  return result;
}

ProgramGraph
torchexport::buildProgramGraph(const schema::ExportedProgram &program,
                               const TensorLookup &lookupTensor,
                               MLIRContext *context) {
  return GraphBuilder(program, lookupTensor, context).build();
}
