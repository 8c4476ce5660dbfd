//===- TextPrinter.cpp - ONNX models in ONNX's textual syntax -------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TextPrinter.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <cstring>
#include <functional>

using namespace mlir;
using namespace mlir::torch_onnx;
using onnx::AttributeProto;
using onnx::TensorProto;

namespace {

/// Tensors with more elements print as `{...}`.
constexpr uint64_t kMaxPrintedElements = 16;

StringRef getDataTypeName(int32_t dataType) {
  switch (dataType) {
  case TensorProto::FLOAT:
    return "float";
  case TensorProto::FLOAT16:
    return "float16";
  case TensorProto::BFLOAT16:
    return "bfloat16";
  case TensorProto::DOUBLE:
    return "double";
  case TensorProto::BOOL:
    return "bool";
  case TensorProto::INT8:
    return "int8";
  case TensorProto::INT16:
    return "int16";
  case TensorProto::INT32:
    return "int32";
  case TensorProto::INT64:
    return "int64";
  case TensorProto::UINT8:
    return "uint8";
  case TensorProto::UINT16:
    return "uint16";
  case TensorProto::UINT32:
    return "uint32";
  case TensorProto::UINT64:
    return "uint64";
  case TensorProto::COMPLEX64:
    return "complex64";
  case TensorProto::COMPLEX128:
    return "complex128";
  case TensorProto::STRING:
    return "string";
  default:
    return "undefined";
  }
}

void printQuoted(raw_ostream &os, StringRef text) {
  os << '"';
  for (char c : text) {
    if (c == '"' || c == '\\')
      os << '\\';
    os << c;
  }
  os << '"';
}

/// Prints a float so that it cannot be read as an integer.
void printFloat(raw_ostream &os, double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", value);
  if (text.find_first_of(".eni") == std::string::npos)
    text += ".0";
  os << text;
}

class TextPrinter {
public:
  explicit TextPrinter(raw_ostream &os) : os(os) {}

  void printModel(const ModelContents &contents);

private:
  void printGraph(const onnx::GraphProto &graph,
                  ArrayRef<LargeInitializer> large, unsigned indent);
  void printType(const onnx::TypeProto &type);
  void printValueInfo(const onnx::ValueInfoProto &info) {
    printType(info.type());
    os << ' ' << info.name();
  }
  void printTensorType(const TensorProto &tensor);
  void printTensorValue(const TensorProto &tensor, const TensorBytes *bytes);
  void printNode(const onnx::NodeProto &node, unsigned indent);
  void printAttribute(const AttributeProto &attr, unsigned indent);

  raw_ostream &os;
};

void TextPrinter::printType(const onnx::TypeProto &type) {
  if (type.has_sequence_type()) {
    os << "seq(";
    printType(type.sequence_type().elem_type());
    os << ')';
    return;
  }
  if (type.has_optional_type()) {
    os << "optional(";
    printType(type.optional_type().elem_type());
    os << ')';
    return;
  }
  const onnx::TypeProto_Tensor &tensor = type.tensor_type();
  os << getDataTypeName(tensor.elem_type());
  if (!tensor.has_shape())
    return;
  os << '[';
  llvm::interleave(
      tensor.shape().dim(), os,
      [&](const onnx::TensorShapeProto_Dimension &dim) {
        if (dim.has_dim_value())
          os << dim.dim_value();
        else if (dim.has_dim_param())
          os << dim.dim_param();
        else
          os << '?';
      },
      ",");
  os << ']';
}

void TextPrinter::printTensorType(const TensorProto &tensor) {
  os << getDataTypeName(tensor.data_type()) << '[';
  llvm::interleave(tensor.dims(), os, ",");
  os << ']';
}

void TextPrinter::printTensorValue(const TensorProto &tensor,
                                   const TensorBytes *bytes) {
  uint64_t count = 1;
  for (int64_t dim : tensor.dims())
    count *= dim;
  // Copies element `i` of the raw data: from the tensor itself or from the
  // bytes that the writer streams.
  std::function<void(uint64_t, unsigned, char *)> element;
  if (bytes && !bytes->data.empty())
    element = [bytes](uint64_t i, unsigned size, char *out) {
      bytes->readElement(i, size, out);
    };
  else if (tensor.has_raw_data())
    element = [&tensor](uint64_t i, unsigned size, char *out) {
      std::memcpy(out, tensor.raw_data().data() + i * size, size);
    };
  if (count > kMaxPrintedElements || (count && !element)) {
    os << "{...}";
    return;
  }
  auto load = [&](uint64_t i, auto &value) {
    element(i, sizeof(value), reinterpret_cast<char *>(&value));
  };
  auto printHalf = [&](uint64_t i, const llvm::fltSemantics &semantics) {
    uint16_t bits;
    load(i, bits);
    printFloat(
        os, llvm::APFloat(semantics, llvm::APInt(16, bits)).convertToDouble());
  };
  os << '{';
  for (uint64_t i = 0; i < count; ++i) {
    if (i)
      os << ", ";
    switch (tensor.data_type()) {
    case TensorProto::FLOAT: {
      float v;
      load(i, v);
      printFloat(os, v);
      break;
    }
    case TensorProto::DOUBLE: {
      double v;
      load(i, v);
      printFloat(os, v);
      break;
    }
    case TensorProto::FLOAT16:
      printHalf(i, llvm::APFloat::IEEEhalf());
      break;
    case TensorProto::BFLOAT16:
      printHalf(i, llvm::APFloat::BFloat());
      break;
    case TensorProto::BOOL:
    case TensorProto::UINT8: {
      uint8_t v;
      load(i, v);
      os << static_cast<unsigned>(v);
      break;
    }
    case TensorProto::INT8: {
      int8_t v;
      load(i, v);
      os << static_cast<int>(v);
      break;
    }
    case TensorProto::INT16: {
      int16_t v;
      load(i, v);
      os << v;
      break;
    }
    case TensorProto::UINT16: {
      uint16_t v;
      load(i, v);
      os << v;
      break;
    }
    case TensorProto::INT32: {
      int32_t v;
      load(i, v);
      os << v;
      break;
    }
    case TensorProto::UINT32: {
      uint32_t v;
      load(i, v);
      os << v;
      break;
    }
    case TensorProto::INT64: {
      int64_t v;
      load(i, v);
      os << v;
      break;
    }
    case TensorProto::UINT64: {
      uint64_t v;
      load(i, v);
      os << v;
      break;
    }
    default:
      os << "...";
      i = count;
      break;
    }
  }
  os << '}';
}

void TextPrinter::printAttribute(const AttributeProto &attr, unsigned indent) {
  os << attr.name() << " = ";
  auto list = [&](const auto &values, auto printOne) {
    os << '[';
    llvm::interleaveComma(values, os, printOne);
    os << ']';
  };
  switch (attr.type()) {
  case AttributeProto::INT:
    os << attr.i();
    break;
  case AttributeProto::FLOAT:
    printFloat(os, attr.f());
    break;
  case AttributeProto::STRING:
    printQuoted(os, attr.s());
    break;
  case AttributeProto::TENSOR:
    printTensorType(attr.t());
    os << ' ';
    printTensorValue(attr.t(), nullptr);
    break;
  case AttributeProto::GRAPH:
    printGraph(attr.g(), {}, indent);
    break;
  case AttributeProto::TYPE_PROTO:
    printType(attr.tp());
    break;
  case AttributeProto::INTS:
    list(attr.ints(), [&](int64_t v) { os << v; });
    break;
  case AttributeProto::FLOATS:
    list(attr.floats(), [&](float v) { printFloat(os, v); });
    break;
  case AttributeProto::STRINGS:
    list(attr.strings(), [&](const std::string &v) { printQuoted(os, v); });
    break;
  case AttributeProto::TENSORS:
    list(attr.tensors(), [&](const TensorProto &t) {
      printTensorType(t);
      os << ' ';
      printTensorValue(t, nullptr);
    });
    break;
  case AttributeProto::TYPE_PROTOS:
    list(attr.type_protos(), [&](const onnx::TypeProto &t) { printType(t); });
    break;
  case AttributeProto::GRAPHS:
    list(attr.graphs(),
         [&](const onnx::GraphProto &g) { printGraph(g, {}, indent); });
    break;
  default:
    os << "?";
    break;
  }
}

void TextPrinter::printNode(const onnx::NodeProto &node, unsigned indent) {
  os.indent(indent);
  if (!node.name().empty())
    os << '[' << node.name() << "] ";
  llvm::interleaveComma(node.output(), os);
  os << " = ";
  if (!node.domain().empty())
    os << node.domain() << '.';
  os << node.op_type();
  if (node.attribute_size()) {
    os << " <";
    llvm::interleaveComma(
        node.attribute(), os,
        [&](const AttributeProto &attr) { printAttribute(attr, indent); });
    os << '>';
  }
  os << " (";
  llvm::interleaveComma(node.input(), os);
  os << ")\n";
}

void TextPrinter::printGraph(const onnx::GraphProto &graph,
                             ArrayRef<LargeInitializer> large,
                             unsigned indent) {
  os << graph.name() << " (";
  llvm::interleaveComma(graph.input(), os, [&](const onnx::ValueInfoProto &v) {
    printValueInfo(v);
  });
  os << ") => (";
  llvm::interleaveComma(graph.output(), os, [&](const onnx::ValueInfoProto &v) {
    printValueInfo(v);
  });
  os << ")\n";
  if (graph.initializer_size() || !large.empty()) {
    os.indent(indent + 2) << '<';
    bool first = true;
    auto printInitializer = [&](const TensorProto &tensor,
                                const TensorBytes *bytes) {
      if (!first)
        os << ", ";
      first = false;
      printTensorType(tensor);
      os << ' ' << tensor.name() << " = ";
      printTensorValue(tensor, bytes);
    };
    for (const TensorProto &tensor : graph.initializer())
      printInitializer(tensor, nullptr);
    for (const LargeInitializer &init : large)
      printInitializer(init.header, &init.bytes);
    os << ">\n";
  }
  if (graph.value_info_size()) {
    os.indent(indent + 2) << "value_info <";
    llvm::interleaveComma(
        graph.value_info(), os,
        [&](const onnx::ValueInfoProto &v) { printValueInfo(v); });
    os << ">\n";
  }
  os.indent(indent) << "{\n";
  for (const onnx::NodeProto &node : graph.node())
    printNode(node, indent + 2);
  os.indent(indent) << '}';
}

void TextPrinter::printModel(const ModelContents &contents) {
  const onnx::ModelProto &model = contents.model;
  os << "<\n  ir_version: " << model.ir_version() << ",\n  opset_import: [";
  llvm::interleaveComma(model.opset_import(), os,
                        [&](const onnx::OperatorSetIdProto &opset) {
                          printQuoted(os, opset.domain());
                          os << " : " << opset.version();
                        });
  os << "],\n  producer_name: ";
  printQuoted(os, model.producer_name());
  os << ",\n  producer_version: ";
  printQuoted(os, model.producer_version());
  if (model.metadata_props_size()) {
    os << ",\n  metadata_props: [";
    llvm::interleaveComma(model.metadata_props(), os,
                          [&](const onnx::StringStringEntryProto &prop) {
                            printQuoted(os, prop.key());
                            os << " : ";
                            printQuoted(os, prop.value());
                          });
    os << ']';
  }
  os << "\n>\n";
  printGraph(model.graph(), contents.largeInitializers, 0);
  os << '\n';
}

} // namespace

void mlir::torch_onnx::printModelText(const ModelContents &contents,
                                      raw_ostream &os) {
  TextPrinter(os).printModel(contents);
}
