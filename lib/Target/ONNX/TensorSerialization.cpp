//===- TensorSerialization.cpp - Tensors between MLIR and ONNX ------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TensorSerialization.h"
#include "ExternalData.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using onnx::TensorProto;

//===----------------------------------------------------------------------===//
// Element and value types
//===----------------------------------------------------------------------===//

std::optional<int32_t> mlir::torch_onnx::getONNXDataType(Type elementType) {
  if (isa<ONNX::StringType>(elementType))
    return TensorProto::STRING;
  if (elementType.isF32())
    return TensorProto::FLOAT;
  if (elementType.isF16())
    return TensorProto::FLOAT16;
  if (elementType.isBF16())
    return TensorProto::BFLOAT16;
  if (elementType.isF64())
    return TensorProto::DOUBLE;
  if (isa<Float8E4M3FNType>(elementType))
    return TensorProto::FLOAT8E4M3FN;
  if (isa<Float8E4M3FNUZType>(elementType))
    return TensorProto::FLOAT8E4M3FNUZ;
  if (isa<Float8E5M2Type>(elementType))
    return TensorProto::FLOAT8E5M2;
  if (isa<Float8E5M2FNUZType>(elementType))
    return TensorProto::FLOAT8E5M2FNUZ;
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return TensorProto::BOOL;
    case 8:
      return isUnsigned ? TensorProto::UINT8 : TensorProto::INT8;
    case 16:
      return isUnsigned ? TensorProto::UINT16 : TensorProto::INT16;
    case 32:
      return isUnsigned ? TensorProto::UINT32 : TensorProto::INT32;
    case 64:
      return isUnsigned ? TensorProto::UINT64 : TensorProto::INT64;
    default:
      return std::nullopt;
    }
  }
  if (auto complex = dyn_cast<ComplexType>(elementType)) {
    if (complex.getElementType().isF32())
      return TensorProto::COMPLEX64;
    if (complex.getElementType().isF64())
      return TensorProto::COMPLEX128;
  }
  return std::nullopt;
}

Type mlir::torch_onnx::getElementType(int32_t dataType, MLIRContext *context) {
  Builder b(context);
  switch (dataType) {
  case TensorProto::FLOAT:
    return b.getF32Type();
  case TensorProto::FLOAT16:
    return b.getF16Type();
  case TensorProto::BFLOAT16:
    return b.getBF16Type();
  case TensorProto::DOUBLE:
    return b.getF64Type();
  case TensorProto::FLOAT8E4M3FN:
    return b.getType<Float8E4M3FNType>();
  case TensorProto::FLOAT8E4M3FNUZ:
    return b.getType<Float8E4M3FNUZType>();
  case TensorProto::FLOAT8E5M2:
    return b.getType<Float8E5M2Type>();
  case TensorProto::FLOAT8E5M2FNUZ:
    return b.getType<Float8E5M2FNUZType>();
  case TensorProto::BOOL:
    return b.getI1Type();
  case TensorProto::INT8:
    return b.getI8Type();
  case TensorProto::INT16:
    return b.getI16Type();
  case TensorProto::INT32:
    return b.getI32Type();
  case TensorProto::INT64:
    return b.getI64Type();
  case TensorProto::UINT8:
    return b.getIntegerType(8, /*isSigned=*/false);
  case TensorProto::UINT16:
    return b.getIntegerType(16, /*isSigned=*/false);
  case TensorProto::UINT32:
    return b.getIntegerType(32, /*isSigned=*/false);
  case TensorProto::UINT64:
    return b.getIntegerType(64, /*isSigned=*/false);
  case TensorProto::COMPLEX64:
    return ComplexType::get(b.getF32Type());
  case TensorProto::COMPLEX128:
    return ComplexType::get(b.getF64Type());
  case TensorProto::STRING:
    return ONNX::StringType::get(context);
  default:
    return {};
  }
}

unsigned mlir::torch_onnx::getElementByteSize(Type elementType) {
  // Strings have no fixed size: their tensors are string_data, not bytes.
  if (!getONNXDataType(elementType) || isa<ONNX::StringType>(elementType))
    return 0;
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * complex.getElementType().getIntOrFloatBitWidth() / 8;
  unsigned width = elementType.getIntOrFloatBitWidth();
  return width == 1 ? 1 : width / 8;
}

bool mlir::torch_onnx::isExportableType(Type mlirType) {
  if (auto tensor = dyn_cast<TensorType>(mlirType))
    return getONNXDataType(tensor.getElementType()).has_value();
  if (auto seq = dyn_cast<ONNX::SeqType>(mlirType))
    return isExportableType(seq.getElementType());
  if (auto opt = dyn_cast<ONNX::OptType>(mlirType))
    return isExportableType(opt.getElementType());
  return false;
}

LogicalResult mlir::torch_onnx::fillTypeProto(Type mlirType,
                                              ArrayRef<std::string> dimParams,
                                              onnx::TypeProto &type,
                                              Location loc) {
  if (auto seq = dyn_cast<ONNX::SeqType>(mlirType))
    return fillTypeProto(seq.getElementType(), {},
                         *type.mutable_sequence_type()->mutable_elem_type(),
                         loc);
  if (auto opt = dyn_cast<ONNX::OptType>(mlirType))
    return fillTypeProto(opt.getElementType(), {},
                         *type.mutable_optional_type()->mutable_elem_type(),
                         loc);
  auto tensor = dyn_cast<TensorType>(mlirType);
  if (!tensor)
    return emitError(loc) << "type " << mlirType << " has no ONNX form";
  std::optional<int32_t> dataType = getONNXDataType(tensor.getElementType());
  if (!dataType)
    return emitError(loc) << "element type " << tensor.getElementType()
                          << " has no ONNX form";
  onnx::TypeProto_Tensor *tensorType = type.mutable_tensor_type();
  tensorType->set_elem_type(*dataType);
  auto ranked = dyn_cast<RankedTensorType>(tensor);
  if (!ranked)
    return success();
  // A rank-0 tensor still has a (empty) shape; only unranked ones have none.
  onnx::TensorShapeProto *shape = tensorType->mutable_shape();
  for (auto [index, size] : llvm::enumerate(ranked.getShape())) {
    onnx::TensorShapeProto_Dimension *dim = shape->add_dim();
    if (!ShapedType::isDynamic(size))
      dim->set_dim_value(size);
    else if (index < dimParams.size() && !dimParams[index].empty())
      dim->set_dim_param(dimParams[index]);
  }
  return success();
}

Type mlir::torch_onnx::convertTypeProto(
    const onnx::TypeProto &type, MLIRContext *context,
    SmallVectorImpl<std::string> *dimParams) {
  if (type.has_sequence_type()) {
    if (!type.sequence_type().has_elem_type())
      return {};
    Type element = convertTypeProto(type.sequence_type().elem_type(), context);
    return element ? ONNX::SeqType::get(context, element) : Type();
  }
  if (type.has_optional_type()) {
    if (!type.optional_type().has_elem_type())
      return {};
    Type element = convertTypeProto(type.optional_type().elem_type(), context);
    return element ? ONNX::OptType::get(context, element) : Type();
  }
  if (!type.has_tensor_type())
    return {};
  const onnx::TypeProto_Tensor &tensor = type.tensor_type();
  Type element = getElementType(tensor.elem_type(), context);
  if (!element)
    return {};
  if (!tensor.has_shape())
    return UnrankedTensorType::get(element);
  SmallVector<int64_t> shape;
  for (const onnx::TensorShapeProto_Dimension &dim : tensor.shape().dim()) {
    bool known = dim.has_dim_value() && dim.dim_value() >= 0;
    shape.push_back(known ? dim.dim_value() : ShapedType::kDynamic);
    if (dimParams)
      dimParams->push_back(!known && dim.has_dim_param() ? dim.dim_param()
                                                         : std::string());
  }
  return RankedTensorType::get(shape, element);
}

Type mlir::torch_onnx::parseONNXTypeString(StringRef typeString,
                                           MLIRContext *context) {
  auto unwrap = [&](StringRef prefix, StringRef &inner) {
    if (!typeString.starts_with(prefix) || !typeString.ends_with(")"))
      return false;
    inner = typeString.drop_front(prefix.size()).drop_back();
    return true;
  };
  StringRef inner;
  if (unwrap("seq(", inner)) {
    Type element = parseONNXTypeString(inner, context);
    return element ? ONNX::SeqType::get(context, element) : Type();
  }
  if (unwrap("optional(", inner)) {
    Type element = parseONNXTypeString(inner, context);
    return element ? ONNX::OptType::get(context, element) : Type();
  }
  if (!unwrap("tensor(", inner))
    return {};
  static const std::pair<StringRef, int32_t> kNames[] = {
      {"float", TensorProto::FLOAT},
      {"float16", TensorProto::FLOAT16},
      {"bfloat16", TensorProto::BFLOAT16},
      {"double", TensorProto::DOUBLE},
      {"bool", TensorProto::BOOL},
      {"int8", TensorProto::INT8},
      {"int16", TensorProto::INT16},
      {"int32", TensorProto::INT32},
      {"int64", TensorProto::INT64},
      {"uint8", TensorProto::UINT8},
      {"uint16", TensorProto::UINT16},
      {"uint32", TensorProto::UINT32},
      {"uint64", TensorProto::UINT64},
      {"complex64", TensorProto::COMPLEX64},
      {"complex128", TensorProto::COMPLEX128},
      {"string", TensorProto::STRING}};
  for (const auto &[name, dataType] : kNames)
    if (inner == name)
      return UnrankedTensorType::get(getElementType(dataType, context));
  return {};
}

//===----------------------------------------------------------------------===//
// ElementsAttr to raw bytes
//===----------------------------------------------------------------------===//

namespace {
/// The side of the square blocks that transposeRows moves at once: one
/// cache line of each source row.
template <typename T>
constexpr uint64_t kTransposeBlock = 64 / sizeof(T);

/// Writes rows [first, first + count) of the transpose of row-major
/// `rows` x `columns` matrix `from` (elements of `T`'s size), `rows`
/// elements each, into `to`. A whole block is read a source row at a time
/// into a local copy and written an output row at a time; the ragged edges
/// go element by element.
template <typename T>
void transposeRows(const char *from, char *to, uint64_t rows,
                   uint64_t columns, uint64_t first, uint64_t count) {
  constexpr uint64_t kBlock = kTransposeBlock<T>;
  // Blobs need not be aligned for T: elements are copied as bytes.
  T block[kBlock][kBlock], line[kBlock];
  for (uint64_t r0 = first; r0 < first + count; r0 += kBlock) {
    uint64_t height = std::min(kBlock, first + count - r0);
    for (uint64_t c0 = 0; c0 < rows; c0 += kBlock) {
      uint64_t width = std::min(kBlock, rows - c0);
      if (height == kBlock && width == kBlock) {
        for (uint64_t c = 0; c < kBlock; ++c)
          std::memcpy(block[c], from + ((c0 + c) * columns + r0) * sizeof(T),
                      sizeof(line));
        for (uint64_t r = 0; r < kBlock; ++r) {
          for (uint64_t c = 0; c < kBlock; ++c)
            line[c] = block[c][r];
          std::memcpy(to + ((r0 + r - first) * rows + c0) * sizeof(T), line,
                      sizeof(line));
        }
        continue;
      }
      for (uint64_t r = r0; r < r0 + height; ++r)
        for (uint64_t c = c0; c < c0 + width; ++c)
          std::memcpy(to + ((r - first) * rows + c) * sizeof(T),
                      from + (c * columns + r) * sizeof(T), sizeof(T));
    }
  }
}

/// Writes elements [first, first + count) of the row-major f32 tensor
/// `from`, `columns` elements a row, each times its row's factor, to `to`.
void scaleRows(const char *from, char *to, ArrayRef<float> factors,
               uint64_t columns, uint64_t first, uint64_t count) {
  for (uint64_t i = first; i < first + count;) {
    uint64_t row = i / columns;
    uint64_t end = std::min(first + count, (row + 1) * columns);
    float factor = factors[row];
    for (; i < end; ++i) {
      float element;
      std::memcpy(&element, from + i * sizeof(float), sizeof(float));
      element *= factor;
      std::memcpy(to + (i - first) * sizeof(float), &element, sizeof(float));
    }
  }
}
} // namespace

void TensorBytes::forEachPiece(
    function_ref<void(ArrayRef<char>)> write) const {
  if (!rowScales.empty()) {
    // About 1 MiB at a time.
    constexpr uint64_t kPieceElements = uint64_t(1) << 18;
    uint64_t count = data.size() / sizeof(float);
    uint64_t columns = count / rowScales.size();
    std::vector<char> piece(std::min(count, kPieceElements) * sizeof(float));
    for (uint64_t first = 0; first < count; first += kPieceElements) {
      uint64_t n = std::min(kPieceElements, count - first);
      scaleRows(data.data(), piece.data(), rowScales, columns, first, n);
      write(ArrayRef(piece.data(), n * sizeof(float)));
    }
    return;
  }
  if (!transposedRows) {
    for (uint64_t i = 0; i < repeat; ++i)
      write(data);
    return;
  }
  // Rows of the transpose, a piece of about 1 MiB at a time.
  uint64_t rows = transposedRows;
  uint64_t columns = data.size() / elementBytes / rows;
  uint64_t rowBytes = rows * elementBytes;
  uint64_t perPiece = std::max<uint64_t>(1, (uint64_t(1) << 20) / rowBytes);
  // Whole blocks of rows where a piece holds more than one.
  uint64_t block = kTransposeBlock<uint8_t> / elementBytes;
  if (perPiece > block)
    perPiece -= perPiece % block;
  std::vector<char> piece(std::min(perPiece, columns) * rowBytes);
  for (uint64_t first = 0; first < columns; first += perPiece) {
    uint64_t count = std::min(perPiece, columns - first);
    switch (elementBytes) {
    case 1:
      transposeRows<uint8_t>(data.data(), piece.data(), rows, columns, first,
                             count);
      break;
    case 2:
      transposeRows<uint16_t>(data.data(), piece.data(), rows, columns, first,
                              count);
      break;
    case 4:
      transposeRows<uint32_t>(data.data(), piece.data(), rows, columns, first,
                              count);
      break;
    default:
      transposeRows<uint64_t>(data.data(), piece.data(), rows, columns, first,
                              count);
      break;
    }
    write(ArrayRef(piece.data(), count * rowBytes));
  }
}

void TensorBytes::appendTo(std::string &out) const {
  out.reserve(out.size() + size());
  forEachPiece([&](ArrayRef<char> piece) {
    out.append(piece.data(), piece.size());
  });
}

void TensorBytes::readElement(uint64_t index, unsigned size,
                              char *out) const {
  if (!rowScales.empty()) {
    uint64_t columns = data.size() / sizeof(float) / rowScales.size();
    uint64_t row = index / columns;
    scaleRows(data.data() + row * columns * sizeof(float), out,
              ArrayRef(rowScales).slice(row), columns, index % columns, 1);
    return;
  }
  if (!transposedRows) {
    std::memcpy(out, data.data() + (index * size) % data.size(), size);
    return;
  }
  uint64_t columns = data.size() / elementBytes / transposedRows;
  uint64_t row = index / transposedRows, column = index % transposedRows;
  std::memcpy(out, data.data() + (column * columns + row) * elementBytes,
              size);
}

void TensorBytes::expandRepeats() {
  if (repeat == 1)
    return;
  std::vector<char> expanded;
  expanded.reserve(size());
  for (uint64_t i = 0; i < repeat; ++i)
    expanded.insert(expanded.end(), data.begin(), data.end());
  storage = std::move(expanded);
  data = storage;
  repeat = 1;
}

namespace {
/// Appends the little-endian bytes of `value` (of `byteSize` bytes).
void appendAPInt(const APInt &value, unsigned byteSize,
                 std::vector<char> &out) {
  for (unsigned i = 0; i < byteSize; ++i)
    out.push_back(static_cast<char>(value.extractBitsAsZExtValue(8, 8 * i)));
}

/// Converts an ElementsAttr element by element, for attribute kinds whose
/// storage is not ONNX's layout.
LogicalResult appendElementwise(ElementsAttr attr, Type elementType,
                                std::vector<char> &out, Location loc) {
  unsigned byteSize = getElementByteSize(elementType);
  if (elementType.isInteger(1)) {
    for (Attribute value : attr.getValues<Attribute>()) {
      auto intAttr = dyn_cast<IntegerAttr>(value);
      if (!intAttr)
        return emitError(loc) << "cannot read the elements of " << attr;
      out.push_back(intAttr.getValue().isZero() ? 0 : 1);
    }
    return success();
  }
  for (Attribute value : attr.getValues<Attribute>()) {
    if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
      appendAPInt(intAttr.getValue(), byteSize, out);
    } else if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
      appendAPInt(floatAttr.getValue().bitcastToAPInt(), byteSize, out);
    } else if (auto complex = dyn_cast<ArrayAttr>(value);
               complex && complex.size() == 2 &&
               llvm::all_of(complex, llvm::IsaPred<FloatAttr>)) {
      for (Attribute part : complex)
        appendAPInt(cast<FloatAttr>(part).getValue().bitcastToAPInt(),
                    byteSize / 2, out);
    } else {
      return emitError(loc) << "cannot read the elements of the tensor "
                            << "constant of type " << attr.getType();
    }
  }
  return success();
}
} // namespace

FailureOr<TensorBytes> mlir::torch_onnx::getTensorBytes(ElementsAttr attr,
                                                        Location loc) {
  ShapedType type = attr.getShapedType();
  Type elementType = type.getElementType();
  unsigned byteSize = getElementByteSize(elementType);
  if (!byteSize)
    return emitError(loc) << "element type " << elementType
                          << " has no ONNX form";
  if (!type.hasStaticShape())
    return emitError(loc) << "tensor constant of type " << type
                          << " has no static shape";
  uint64_t numElements = type.getNumElements();
  uint64_t expectedBytes = numElements * byteSize;
  bool isBool = elementType.isInteger(1);

  TensorBytes bytes;
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return emitError(loc)
             << "the data of resource '" << resource.getRawHandle().getKey()
             << "' is not available";
    bytes.data = blob->getData();
    if (bytes.data.size() != expectedBytes)
      return emitError(loc)
             << "resource '" << resource.getRawHandle().getKey() << "' has "
             << bytes.data.size() << " bytes, but its type " << type
             << " needs " << expectedBytes;
    return bytes;
  }

  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (numElements == 0)
      return bytes;
    if (dense.isSplat()) {
      // One element, written `numElements` times.
      if (isBool) {
        bytes.storage.push_back(dense.getSplatValue<bool>() ? 1 : 0);
      } else {
        ArrayRef<char> raw = dense.getRawData();
        bytes.storage.assign(raw.begin(), raw.begin() + byteSize);
      }
      bytes.data = bytes.storage;
      bytes.repeat = numElements;
      return bytes;
    }
    if (isBool) {
      bytes.storage.reserve(numElements);
      for (bool value : dense.getValues<bool>())
        bytes.storage.push_back(value ? 1 : 0);
      bytes.data = bytes.storage;
      return bytes;
    }
    if (!isa<DenseStringElementsAttr>(dense)) {
      bytes.data = dense.getRawData();
      if (bytes.data.size() == expectedBytes)
        return bytes;
    }
  }

  if (failed(appendElementwise(attr, elementType, bytes.storage, loc)))
    return failure();
  bytes.data = bytes.storage;
  bytes.repeat = 1;
  if (bytes.data.size() != expectedBytes)
    return emitError(loc) << "tensor constant of type " << type
                          << " has the wrong number of elements";
  return bytes;
}

LogicalResult mlir::torch_onnx::fillTensorHeader(ElementsAttr attr,
                                                 onnx::TensorProto &tensor,
                                                 Location loc) {
  ShapedType type = attr.getShapedType();
  std::optional<int32_t> dataType = getONNXDataType(type.getElementType());
  if (!dataType)
    return emitError(loc) << "element type " << type.getElementType()
                          << " has no ONNX form";
  if (!type.hasStaticShape())
    return emitError(loc) << "tensor constant of type " << type
                          << " has no static shape";
  tensor.set_data_type(*dataType);
  for (int64_t size : type.getShape())
    tensor.add_dims(size);
  return success();
}

LogicalResult mlir::torch_onnx::fillTensorProto(ElementsAttr attr,
                                                onnx::TensorProto &tensor,
                                                Location loc) {
  if (failed(fillTensorHeader(attr, tensor, loc)))
    return failure();
  if (isa<ONNX::StringType>(attr.getShapedType().getElementType())) {
    auto strings = dyn_cast<DenseStringElementsAttr>(attr);
    if (!strings)
      return emitError(loc) << "string tensor constant must be a dense "
                               "literal of strings";
    for (StringRef value : strings.getValues<StringRef>())
      tensor.add_string_data(value.str());
    return success();
  }
  FailureOr<TensorBytes> bytes = getTensorBytes(attr, loc);
  if (failed(bytes))
    return failure();
  bytes->appendTo(*tensor.mutable_raw_data());
  return success();
}

//===----------------------------------------------------------------------===//
// TensorProto to ElementsAttr
//===----------------------------------------------------------------------===//

namespace {
/// The number of elements of `tensor`, or failure on a negative dim or an
/// overflow.
FailureOr<uint64_t> getNumElements(const TensorProto &tensor, Location loc) {
  uint64_t count = 1;
  for (int64_t dim : tensor.dims()) {
    if (dim < 0)
      return emitError(loc)
             << "tensor '" << tensor.name() << "' has a negative dim";
    if (dim != 0 && count > std::numeric_limits<uint64_t>::max() /
                                static_cast<uint64_t>(dim) / 16)
      return emitError(loc) << "tensor '" << tensor.name() << "' is too large";
    count *= dim;
  }
  return count;
}

/// How many entries of its typed data field `tensor` has, and how many
/// entries each element takes.
std::pair<uint64_t, unsigned> getTypedFieldSize(const TensorProto &tensor) {
  switch (tensor.data_type()) {
  case TensorProto::FLOAT:
    return {tensor.float_data_size(), 1};
  case TensorProto::COMPLEX64:
    return {tensor.float_data_size(), 2};
  case TensorProto::DOUBLE:
    return {tensor.double_data_size(), 1};
  case TensorProto::COMPLEX128:
    return {tensor.double_data_size(), 2};
  case TensorProto::INT64:
    return {tensor.int64_data_size(), 1};
  case TensorProto::UINT32:
  case TensorProto::UINT64:
    return {tensor.uint64_data_size(), 1};
  case TensorProto::STRING:
    return {tensor.string_data_size(), 1};
  default:
    return {tensor.int32_data_size(), 1};
  }
}

/// Copies the typed data field of `tensor` into ONNX's raw layout.
std::vector<char> packTypedData(const TensorProto &tensor, unsigned byteSize) {
  std::vector<char> out;
  auto append = [&](auto value, unsigned size) {
    char buffer[sizeof(value)];
    std::memcpy(buffer, &value, sizeof(value));
    out.insert(out.end(), buffer, buffer + size);
  };
  switch (tensor.data_type()) {
  case TensorProto::FLOAT:
  case TensorProto::COMPLEX64:
    for (float value : tensor.float_data())
      append(value, 4);
    break;
  case TensorProto::DOUBLE:
  case TensorProto::COMPLEX128:
    for (double value : tensor.double_data())
      append(value, 8);
    break;
  case TensorProto::INT64:
    for (int64_t value : tensor.int64_data())
      append(value, 8);
    break;
  case TensorProto::UINT32:
  case TensorProto::UINT64:
    for (uint64_t value : tensor.uint64_data())
      append(value, byteSize);
    break;
  default:
    // The 8- and 16-bit types and bool live in int32_data, one per entry.
    for (int32_t value : tensor.int32_data())
      append(static_cast<uint32_t>(value), byteSize);
    break;
  }
  return out;
}

/// A dense attribute of `type` from bytes in ONNX's layout.
ElementsAttr getDenseFromBytes(RankedTensorType type, ArrayRef<char> bytes) {
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values;
    values.reserve(bytes.size());
    for (char byte : bytes)
      values.push_back(byte != 0);
    return DenseElementsAttr::get(type, values);
  }
  if (type.getNumElements() == 0)
    return DenseElementsAttr::get(type, ArrayRef<Attribute>());
  return DenseElementsAttr::getFromRawBuffer(type, bytes);
}

/// The resource key for a tensor called `name`.
std::string getBlobName(StringRef name) {
  std::string key;
  for (char c : name)
    key.push_back(llvm::isAlnum(c) || c == '_' || c == '.' ? c : '_');
  if (key.empty() || !llvm::isAlpha(key.front()))
    key.insert(key.begin(), 't');
  return key;
}
} // namespace

LogicalResult mlir::torch_onnx::checkTensorData(const TensorProto &tensor,
                                                Location loc) {
  FailureOr<uint64_t> numElements = getNumElements(tensor, loc);
  if (failed(numElements))
    return failure();
  if (tensor.data_location() == TensorProto::EXTERNAL)
    return success();
  Type element = getElementType(tensor.data_type(), loc.getContext());
  if (tensor.has_raw_data()) {
    if (!element)
      return emitError(loc) << "tensor '" << tensor.name()
                            << "' has raw data of an unsupported type";
    uint64_t expected = *numElements * getElementByteSize(element);
    if (tensor.raw_data().size() != expected)
      return emitError(loc) << "tensor '" << tensor.name() << "' has "
                            << tensor.raw_data().size()
                            << " bytes of raw data, but needs " << expected;
    return success();
  }
  auto [entries, perElement] = getTypedFieldSize(tensor);
  // An empty data field with dims is a tensor without a value, which only
  // the emitter's own checks accept; everything else must match the dims.
  if (entries != *numElements * perElement)
    return emitError(loc) << "tensor '" << tensor.name() << "' has " << entries
                          << " data entries, but its dims need "
                          << *numElements * perElement;
  return success();
}

namespace {
/// A string tensor, whose elements are in `string_data`, as a dense literal
/// of strings.
FailureOr<ElementsAttr> importStringTensor(const TensorProto &tensor,
                                           MLIRContext *context,
                                           Location loc) {
  FailureOr<uint64_t> count = getNumElements(tensor, loc);
  if (failed(count))
    return failure();
  if (tensor.data_location() == TensorProto::EXTERNAL ||
      static_cast<uint64_t>(tensor.string_data_size()) != *count)
    return emitError(loc) << "string tensor '" << tensor.name() << "' has "
                          << tensor.string_data_size()
                          << " strings in string_data, but its dims hold "
                          << *count;
  SmallVector<int64_t> shape(tensor.dims().begin(), tensor.dims().end());
  SmallVector<StringRef> values;
  values.reserve(*count);
  for (const std::string &value : tensor.string_data())
    values.push_back(value);
  auto type =
      RankedTensorType::get(shape, ONNX::StringType::get(context));
  return cast<ElementsAttr>(DenseStringElementsAttr::get(type, values));
}
} // namespace

FailureOr<ElementsAttr>
mlir::torch_onnx::importTensor(TensorProto &tensor,
                               ExternalDataReader &externalData,
                               MLIRContext *context, Location loc) {
  if (tensor.data_type() == TensorProto::STRING)
    return importStringTensor(tensor, context, loc);
  Type element = getElementType(tensor.data_type(), context);
  if (!element)
    return emitError(loc) << "tensor '" << tensor.name()
                          << "' has unsupported data type "
                          << tensor.data_type();
  if (failed(checkTensorData(tensor, loc)))
    return failure();
  SmallVector<int64_t> shape(tensor.dims().begin(), tensor.dims().end());
  auto type = RankedTensorType::get(shape, element);
  uint64_t byteSize = getElementByteSize(element);
  uint64_t expectedBytes = type.getNumElements() * byteSize;
  bool isBool = element.isInteger(1);
  std::string blobName = getBlobName(tensor.name());

  if (tensor.data_location() == TensorProto::EXTERNAL) {
    FailureOr<AsmResourceBlob> blob =
        externalData.read(tensor, expectedBytes, byteSize, loc);
    if (failed(blob))
      return failure();
    if (isBool)
      return getDenseFromBytes(type, blob->getData());
    return cast<ElementsAttr>(
        DenseResourceElementsAttr::get(type, blobName, std::move(*blob)));
  }

  if (tensor.has_raw_data()) {
    if (isBool || expectedBytes < kLargeTensorBytes)
      return getDenseFromBytes(type, ArrayRef<char>(tensor.raw_data().data(),
                                                    tensor.raw_data().size()));
    // Hand the proto's buffer over to the blob instead of copying it.
    // The blob claims the element alignment only, so that the printed IR
    // does not depend on where the buffer happens to be.
    std::string *owned = tensor.release_raw_data();
    ArrayRef<char> data(owned->data(), owned->size());
    if (reinterpret_cast<uintptr_t>(owned->data()) % byteSize != 0) {
      AsmResourceBlob blob =
          HeapAsmResourceBlob::allocateAndCopyWithAlign(data, byteSize);
      delete owned;
      return cast<ElementsAttr>(
          DenseResourceElementsAttr::get(type, blobName, std::move(blob)));
    }
    AsmResourceBlob blob(
        data, byteSize, [owned](void *, size_t, size_t) { delete owned; },
        /*dataIsMutable=*/false);
    return cast<ElementsAttr>(
        DenseResourceElementsAttr::get(type, blobName, std::move(blob)));
  }

  std::vector<char> bytes = packTypedData(tensor, byteSize);
  return getDenseFromBytes(type, bytes);
}
