//===- ConstantEvaluation.cpp - Evaluating ONNX ops on constants ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ConstantEvaluation.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

/// Results up to this size become dense literals, larger ones blobs.
static constexpr size_t kMaxDenseLiteralBytes = 4096;
/// Expand, which makes data out of nothing, is folded up to this size.
static constexpr int64_t kMaxExpandedBytes = int64_t(1) << 20;

//===----------------------------------------------------------------------===//
// Reading and writing constants
//===----------------------------------------------------------------------===//

std::optional<ConstantTensor> ONNX::readConstant(ElementsAttr value,
                                                 int64_t maxBytes) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Type elementType = type.getElementType();
  bool isBool = elementType.isInteger(1);
  if (!elementType.isIntOrFloat() ||
      (!isBool && elementType.getIntOrFloatBitWidth() % 8 != 0))
    return std::nullopt;
  ConstantTensor result;
  result.type = type;
  size_t elementBytes = result.getElementBytes();
  size_t numBytes = type.getNumElements() * elementBytes;
  if (static_cast<int64_t>(numBytes) > maxBytes)
    return std::nullopt;
  ArrayRef<char> raw;
  if (auto dense = dyn_cast<DenseElementsAttr>(value); dense && isBool) {
    for (bool v : dense.getValues<bool>())
      result.bytes.push_back(v ? 1 : 0);
    return result;
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    raw = dense.getRawData();
    if (dense.isSplat()) {
      if (raw.size() != elementBytes)
        return std::nullopt;
      result.bytes.reserve(numBytes);
      for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
        result.bytes.insert(result.bytes.end(), raw.begin(), raw.end());
      return result;
    }
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    raw = blob->getData();
  } else {
    return std::nullopt;
  }
  if (raw.size() != numBytes)
    return std::nullopt;
  result.bytes.assign(raw.begin(), raw.end());
  return result;
}

ElementsAttr ONNX::getConstantAttr(Value value) {
  if (auto init = value.getDefiningOp<InitializerOp>())
    return init.getValue();
  if (auto constant = value.getDefiningOp<ConstantOp>())
    return constant->getAttrOfType<ElementsAttr>("value");
  return {};
}

ElementsAttr ONNX::makeElementsAttr(RankedTensorType type,
                                    ArrayRef<char> bytes,
                                    StringRef blobName) {
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values;
    for (char byte : bytes)
      values.push_back(byte != 0);
    return DenseElementsAttr::get(type, values);
  }
  if (bytes.size() <= kMaxDenseLiteralBytes) {
    bool isSplat = false;
    if (DenseElementsAttr::isValidRawBuffer(type, bytes, isSplat))
      return DenseElementsAttr::getFromRawBuffer(type, bytes);
  }
  size_t alignment =
      std::max<size_t>(type.getElementType().getIntOrFloatBitWidth() / 8, 1);
  AsmResourceBlob blob =
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignment);
  return DenseResourceElementsAttr::get(type, blobName, std::move(blob));
}

//===----------------------------------------------------------------------===//
// Shapes and indices
//===----------------------------------------------------------------------===//

namespace {

/// The row-major strides of `shape`, in elements.
SmallVector<int64_t> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Calls `body(offsets)` for each element of a tensor of shape `shape` in
/// row-major order, where `offsets[k]` is the element's offset in operand
/// `k`, whose strides (0 along broadcast dims) are `strides[k]`.
template <typename Body>
void forEachElement(ArrayRef<int64_t> shape,
                    ArrayRef<SmallVector<int64_t>> strides, Body body) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  size_t rank = shape.size();
  SmallVector<int64_t> index(rank, 0);
  SmallVector<int64_t> offsets(strides.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    body(ArrayRef<int64_t>(offsets));
    for (int64_t d = static_cast<int64_t>(rank) - 1; d >= 0; --d) {
      for (size_t k = 0; k < strides.size(); ++k)
        offsets[k] += strides[k][d];
      if (++index[d] < shape[d])
        break;
      for (size_t k = 0; k < strides.size(); ++k)
        offsets[k] -= strides[k][d] * shape[d];
      index[d] = 0;
    }
  }
}

/// The strides with which an operand of shape `shape` is read when
/// broadcast to `resultShape` (0 along broadcast dims).
SmallVector<int64_t> getBroadcastStrides(ArrayRef<int64_t> shape,
                                         ArrayRef<int64_t> resultShape) {
  SmallVector<int64_t> own = getStrides(shape);
  SmallVector<int64_t> strides(resultShape.size(), 0);
  size_t offset = resultShape.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    strides[offset + i] = shape[i] == 1 ? 0 : own[i];
  return strides;
}

/// The numpy broadcast of `a` and `b`, or nullopt when they do not
/// broadcast.
std::optional<SmallVector<int64_t>> broadcast(ArrayRef<int64_t> a,
                                              ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x != y && x != 1 && y != 1)
      return std::nullopt;
    result[i] = x == 1 ? y : x;
  }
  return result;
}

/// The ints of a 1-D i64 or i32 constant.
std::optional<SmallVector<int64_t>> readInts(const ConstantTensor &tensor) {
  Type type = tensor.type.getElementType();
  SmallVector<int64_t> values;
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    if (type.isInteger(64)) {
      int64_t v;
      std::memcpy(&v, tensor.bytes.data() + i * 8, 8);
      values.push_back(v);
    } else if (type.isInteger(32)) {
      int32_t v;
      std::memcpy(&v, tensor.bytes.data() + i * 4, 4);
      values.push_back(v);
    } else {
      return std::nullopt;
    }
  }
  return values;
}

int64_t getIntAttr(Operation *op, StringRef name, int64_t defaultValue) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getValue().getSExtValue();
  return defaultValue;
}

double getFloatAttr(Operation *op, StringRef name, double defaultValue) {
  if (auto attr = op->getAttrOfType<FloatAttr>(name))
    return attr.getValueAsDouble();
  return defaultValue;
}

/// A tensor of type `type` with room for its elements.
ConstantTensor makeTensor(RankedTensorType type) {
  ConstantTensor result;
  result.type = type;
  result.bytes.resize(type.getNumElements() * result.getElementBytes());
  return result;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

std::optional<ConstantTensor> evaluateTranspose(Operation *op,
                                                const ConstantTensor &input,
                                                RankedTensorType resultType) {
  int64_t rank = input.type.getRank();
  SmallVector<int64_t> perm;
  if (auto permAttr = op->getAttrOfType<ArrayAttr>("perm")) {
    for (Attribute a : permAttr)
      perm.push_back(cast<IntegerAttr>(a).getInt());
  } else {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
  }
  if (static_cast<int64_t>(perm.size()) != rank)
    return std::nullopt;
  SmallVector<int64_t> inStrides = getStrides(input.type.getShape());
  SmallVector<int64_t> strides;
  for (int64_t p : perm) {
    if (p < 0 || p >= rank)
      return std::nullopt;
    strides.push_back(inStrides[p]);
  }
  ConstantTensor result = makeTensor(resultType);
  size_t width = result.getElementBytes();
  char *out = result.bytes.data();
  forEachElement(resultType.getShape(), {strides}, [&](ArrayRef<int64_t> at) {
    std::memcpy(out, input.bytes.data() + at[0] * width, width);
    out += width;
  });
  return result;
}

std::optional<ConstantTensor> evaluateGather(Operation *op,
                                             const ConstantTensor &data,
                                             const ConstantTensor &indices,
                                             RankedTensorType resultType) {
  int64_t rank = data.type.getRank();
  int64_t axis = getIntAttr(op, "axis", 0);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  SmallVector<int64_t> flatIndices;
  for (int64_t i = 0, e = indices.getNumElements(); i < e; ++i) {
    Type type = indices.type.getElementType();
    int64_t v;
    if (type.isInteger(64)) {
      std::memcpy(&v, indices.bytes.data() + i * 8, 8);
    } else if (type.isInteger(32)) {
      int32_t v32;
      std::memcpy(&v32, indices.bytes.data() + i * 4, 4);
      v = v32;
    } else {
      return std::nullopt;
    }
    int64_t size = data.type.getDimSize(axis);
    if (v < 0)
      v += size;
    if (v < 0 || v >= size)
      return std::nullopt;
    flatIndices.push_back(v);
  }
  // [outer, axis, inner] blocks of the data.
  ArrayRef<int64_t> shape = data.type.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= shape[d];
  ConstantTensor result = makeTensor(resultType);
  size_t block = inner * data.getElementBytes();
  if (result.bytes.size() != outer * flatIndices.size() * block)
    return std::nullopt;
  char *out = result.bytes.data();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t index : flatIndices) {
      std::memcpy(out,
                  data.bytes.data() + (o * shape[axis] + index) * block,
                  block);
      out += block;
    }
  }
  return result;
}

std::optional<ConstantTensor>
evaluateConcat(Operation *op, ArrayRef<const ConstantTensor *> inputs,
               RankedTensorType resultType) {
  int64_t rank = resultType.getRank();
  int64_t axis = getIntAttr(op, "axis", 0);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  ArrayRef<int64_t> shape = resultType.getShape();
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  ConstantTensor result = makeTensor(resultType);
  char *out = result.bytes.data();
  for (int64_t o = 0; o < outer; ++o) {
    for (const ConstantTensor *input : inputs) {
      if (input->type.getRank() != rank)
        return std::nullopt;
      size_t block = input->bytes.size() / std::max<int64_t>(outer, 1);
      if (out + block > result.bytes.data() + result.bytes.size())
        return std::nullopt;
      std::memcpy(out, input->bytes.data() + o * block, block);
      out += block;
    }
  }
  if (out != result.bytes.data() + result.bytes.size())
    return std::nullopt;
  return result;
}

std::optional<ConstantTensor>
evaluateSlice(ArrayRef<const ConstantTensor *> operands,
              RankedTensorType resultType) {
  const ConstantTensor &data = *operands[0];
  int64_t rank = data.type.getRank();
  auto readOperand = [&](size_t i) -> std::optional<SmallVector<int64_t>> {
    if (i >= operands.size() || !operands[i])
      return std::nullopt;
    return readInts(*operands[i]);
  };
  std::optional<SmallVector<int64_t>> starts = readOperand(1);
  std::optional<SmallVector<int64_t>> ends = readOperand(2);
  if (!starts || !ends || starts->size() != ends->size())
    return std::nullopt;
  SmallVector<int64_t> axes, steps(starts->size(), 1);
  if (std::optional<SmallVector<int64_t>> given = readOperand(3))
    axes = *given;
  else
    for (size_t i = 0; i < starts->size(); ++i)
      axes.push_back(i);
  if (std::optional<SmallVector<int64_t>> given = readOperand(4))
    steps = *given;
  if (axes.size() != starts->size() || steps.size() != starts->size())
    return std::nullopt;

  ArrayRef<int64_t> shape = data.type.getShape();
  SmallVector<int64_t> begin(rank, 0), step(rank, 1), size(shape);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t axis = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (axis < 0 || axis >= rank || steps[i] == 0)
      return std::nullopt;
    int64_t dim = shape[axis];
    int64_t s = (*starts)[i], e = (*ends)[i], st = steps[i];
    if (s < 0)
      s += dim;
    if (e < 0)
      e += dim;
    if (st > 0) {
      s = std::clamp<int64_t>(s, 0, dim);
      e = std::clamp<int64_t>(e, 0, dim);
      size[axis] = e > s ? (e - s + st - 1) / st : 0;
    } else {
      s = std::clamp<int64_t>(s, 0, dim - 1);
      e = std::clamp<int64_t>(e, -1, dim - 1);
      size[axis] = s > e ? (s - e - st - 1) / -st : 0;
    }
    begin[axis] = s;
    step[axis] = st;
  }
  if (ArrayRef<int64_t>(size) != resultType.getShape())
    return std::nullopt;
  SmallVector<int64_t> inStrides = getStrides(shape);
  SmallVector<int64_t> strides;
  int64_t base = 0;
  for (int64_t d = 0; d < rank; ++d) {
    strides.push_back(inStrides[d] * step[d]);
    base += begin[d] * inStrides[d];
  }
  ConstantTensor result = makeTensor(resultType);
  size_t width = result.getElementBytes();
  char *out = result.bytes.data();
  forEachElement(size, {strides}, [&](ArrayRef<int64_t> at) {
    std::memcpy(out, data.bytes.data() + (base + at[0]) * width, width);
    out += width;
  });
  return result;
}

std::optional<ConstantTensor>
evaluateTrilu(Operation *op, ArrayRef<const ConstantTensor *> operands,
              RankedTensorType resultType) {
  const ConstantTensor &input = *operands[0];
  int64_t rank = input.type.getRank();
  if (rank < 2 || input.type != resultType)
    return std::nullopt;
  int64_t k = 0;
  if (operands.size() > 1 && operands[1]) {
    std::optional<SmallVector<int64_t>> values = readInts(*operands[1]);
    if (!values || values->size() != 1)
      return std::nullopt;
    k = values->front();
  }
  bool upper = getIntAttr(op, "upper", 1) != 0;
  int64_t rows = input.type.getDimSize(rank - 2);
  int64_t cols = input.type.getDimSize(rank - 1);
  ConstantTensor result = input;
  size_t width = result.getElementBytes();
  for (int64_t i = 0, e = input.getNumElements(); i < e; ++i) {
    int64_t row = (i / cols) % rows, col = i % cols;
    bool keep = upper ? col - row >= k : col - row <= k;
    if (!keep)
      std::memset(result.bytes.data() + i * width, 0, width);
  }
  return result;
}

/// Copies elements of `inputs` (all of `width` bytes, or bools of which
/// the first picks between the other two) broadcast to `resultType`.
std::optional<ConstantTensor>
broadcastElements(ArrayRef<const ConstantTensor *> inputs,
                  RankedTensorType resultType, bool select) {
  ArrayRef<int64_t> shape = resultType.getShape();
  for (const ConstantTensor *input : inputs) {
    std::optional<SmallVector<int64_t>> merged =
        broadcast(shape, input->type.getShape());
    if (!merged || ArrayRef<int64_t>(*merged) != shape)
      return std::nullopt;
  }
  SmallVector<SmallVector<int64_t>> strides;
  for (const ConstantTensor *input : inputs)
    strides.push_back(getBroadcastStrides(input->type.getShape(), shape));
  ConstantTensor result = makeTensor(resultType);
  size_t width = result.getElementBytes();
  char *out = result.bytes.data();
  forEachElement(shape, strides, [&](ArrayRef<int64_t> at) {
    const ConstantTensor *source = inputs[0];
    int64_t offset = at[0];
    if (select) {
      bool pick = inputs[0]->bytes[at[0]] != 0;
      source = inputs[pick ? 1 : 2];
      offset = at[pick ? 1 : 2];
    }
    std::memcpy(out, source->bytes.data() + offset * width, width);
    out += width;
  });
  return result;
}

std::optional<ConstantTensor> evaluateExpand(const ConstantTensor &input,
                                             const ConstantTensor &shape,
                                             RankedTensorType resultType) {
  std::optional<SmallVector<int64_t>> dims = readInts(shape);
  if (!dims)
    return std::nullopt;
  // The target shape broadcasts with the input's (a 1 keeps its size).
  std::optional<SmallVector<int64_t>> expanded =
      broadcast(input.type.getShape(), *dims);
  if (!expanded || ArrayRef<int64_t>(*expanded) != resultType.getShape())
    return std::nullopt;
  const ConstantTensor *inputs[] = {&input};
  return broadcastElements(inputs, resultType, /*select=*/false);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// The element types arithmetic is evaluated on.
enum class NumberKind { F32, F64, I32, I64 };

std::optional<NumberKind> getNumberKind(Type type) {
  if (type.isF32())
    return NumberKind::F32;
  if (type.isF64())
    return NumberKind::F64;
  if (type.isSignlessInteger(32))
    return NumberKind::I32;
  if (type.isSignlessInteger(64))
    return NumberKind::I64;
  return std::nullopt;
}

/// The elements of `tensor` as doubles (exact for the ints of weights'
/// shapes and indices, below 2^53).
std::vector<double> readNumbers(const ConstantTensor &tensor,
                                NumberKind kind) {
  int64_t n = tensor.getNumElements();
  std::vector<double> values(n);
  const char *data = tensor.bytes.data();
  for (int64_t i = 0; i < n; ++i) {
    switch (kind) {
    case NumberKind::F32: {
      float v;
      std::memcpy(&v, data + i * 4, 4);
      values[i] = v;
      break;
    }
    case NumberKind::F64:
      std::memcpy(&values[i], data + i * 8, 8);
      break;
    case NumberKind::I32: {
      int32_t v;
      std::memcpy(&v, data + i * 4, 4);
      values[i] = v;
      break;
    }
    case NumberKind::I64: {
      int64_t v;
      std::memcpy(&v, data + i * 8, 8);
      values[i] = static_cast<double>(v);
      break;
    }
    }
  }
  return values;
}

/// `values` as a tensor of type `type`; nullopt when an int result is not
/// finite or out of range.
std::optional<ConstantTensor> writeNumbers(RankedTensorType type,
                                           NumberKind kind,
                                           ArrayRef<double> values) {
  ConstantTensor result = makeTensor(type);
  char *data = result.bytes.data();
  for (size_t i = 0; i < values.size(); ++i) {
    double v = values[i];
    switch (kind) {
    case NumberKind::F32: {
      float f = static_cast<float>(v);
      std::memcpy(data + i * 4, &f, 4);
      break;
    }
    case NumberKind::F64:
      std::memcpy(data + i * 8, &v, 8);
      break;
    case NumberKind::I32: {
      if (!std::isfinite(v) || std::abs(v) >= 2147483648.0)
        return std::nullopt;
      int32_t x = static_cast<int32_t>(v);
      std::memcpy(data + i * 4, &x, 4);
      break;
    }
    case NumberKind::I64: {
      if (!std::isfinite(v) || std::abs(v) >= 9007199254740992.0)
        return std::nullopt;
      int64_t x = static_cast<int64_t>(v);
      std::memcpy(data + i * 8, &x, 8);
      break;
    }
    }
  }
  return result;
}

bool isFloatKind(NumberKind kind) {
  return kind == NumberKind::F32 || kind == NumberKind::F64;
}

/// Elementwise unary op `opType` on `x`; Neg, Abs and Relu also apply to
/// ints, the others only to floats.
std::optional<double> applyUnary(StringRef opType, double x, bool isFloat) {
  if (opType == "Neg")
    return -x;
  if (opType == "Abs")
    return std::abs(x);
  if (opType == "Relu")
    return x > 0 ? x : 0.0;
  if (!isFloat)
    return std::nullopt;
  if (opType == "Sigmoid")
    return 1.0 / (1.0 + std::exp(-x));
  if (opType == "Sqrt")
    return std::sqrt(x);
  if (opType == "Exp")
    return std::exp(x);
  if (opType == "Log")
    return std::log(x);
  if (opType == "Tanh")
    return std::tanh(x);
  if (opType == "Reciprocal")
    return 1.0 / x;
  if (opType == "Floor")
    return std::floor(x);
  if (opType == "Ceil")
    return std::ceil(x);
  if (opType == "Erf")
    return std::erf(x);
  return std::nullopt;
}

/// Elementwise binary op `opType`; Add, Sub and Mul also apply to ints,
/// Div and Pow only to floats.
std::optional<double> applyBinary(StringRef opType, double a, double b,
                                  bool isFloat) {
  if (opType == "Add")
    return a + b;
  if (opType == "Sub")
    return a - b;
  if (opType == "Mul")
    return a * b;
  if (!isFloat)
    return std::nullopt;
  if (opType == "Div")
    return a / b;
  if (opType == "Pow")
    return std::pow(a, b);
  return std::nullopt;
}

/// Rounds `v` to the precision of `kind`, as each step of the op would.
double roundTo(NumberKind kind, double v) {
  return kind == NumberKind::F32 ? static_cast<double>(static_cast<float>(v))
                                 : v;
}

std::optional<ConstantTensor> evaluateMatMul(const ConstantTensor &lhs,
                                             const ConstantTensor &rhs,
                                             NumberKind kind,
                                             RankedTensorType resultType) {
  ArrayRef<int64_t> a = lhs.type.getShape(), b = rhs.type.getShape();
  if (a.size() < 2 || b.size() < 2 || a.back() != b[b.size() - 2])
    return std::nullopt;
  int64_t m = a[a.size() - 2], k = a.back(), n = b.back();
  std::optional<SmallVector<int64_t>> batch =
      broadcast(a.drop_back(2), b.drop_back(2));
  if (!batch)
    return std::nullopt;
  SmallVector<int64_t> shape(*batch);
  shape.append({m, n});
  if (ArrayRef<int64_t>(shape) != resultType.getShape())
    return std::nullopt;
  std::vector<double> x = readNumbers(lhs, kind), y = readNumbers(rhs, kind);
  std::vector<double> out;
  out.reserve(resultType.getNumElements());
  SmallVector<SmallVector<int64_t>> strides = {
      getBroadcastStrides(a.drop_back(2), *batch),
      getBroadcastStrides(b.drop_back(2), *batch)};
  forEachElement(*batch, strides, [&](ArrayRef<int64_t> at) {
    const double *p = x.data() + at[0] * m * k;
    const double *q = y.data() + at[1] * k * n;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0.0;
        for (int64_t l = 0; l < k; ++l)
          sum += p[i * k + l] * q[l * n + j];
        out.push_back(sum);
      }
  });
  return writeNumbers(resultType, kind, out);
}

std::optional<ConstantTensor>
evaluateGemm(Operation *op, ArrayRef<const ConstantTensor *> operands,
             NumberKind kind, RankedTensorType resultType) {
  const ConstantTensor &lhs = *operands[0], &rhs = *operands[1];
  if (lhs.type.getRank() != 2 || rhs.type.getRank() != 2)
    return std::nullopt;
  bool transA = getIntAttr(op, "transA", 0), transB = getIntAttr(op, "transB", 0);
  double alpha = getFloatAttr(op, "alpha", 1.0);
  double beta = getFloatAttr(op, "beta", 1.0);
  int64_t m = lhs.type.getDimSize(transA ? 1 : 0);
  int64_t k = lhs.type.getDimSize(transA ? 0 : 1);
  int64_t n = rhs.type.getDimSize(transB ? 0 : 1);
  if (rhs.type.getDimSize(transB ? 1 : 0) != k ||
      resultType.getShape() != ArrayRef<int64_t>{m, n})
    return std::nullopt;
  std::vector<double> x = readNumbers(lhs, kind), y = readNumbers(rhs, kind);
  std::vector<double> out(m * n, 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0.0;
      for (int64_t l = 0; l < k; ++l)
        sum += x[transA ? l * m + i : i * k + l] *
               y[transB ? j * k + l : l * n + j];
      out[i * n + j] = alpha * sum;
    }
  if (operands.size() > 2 && operands[2]) {
    const ConstantTensor &bias = *operands[2];
    std::optional<SmallVector<int64_t>> shape =
        broadcast(bias.type.getShape(), {m, n});
    if (!shape || ArrayRef<int64_t>(*shape) != ArrayRef<int64_t>{m, n})
      return std::nullopt;
    std::vector<double> c = readNumbers(bias, kind);
    SmallVector<SmallVector<int64_t>> strides = {
        getBroadcastStrides(bias.type.getShape(), {m, n})};
    double *o = out.data();
    forEachElement({m, n}, strides, [&](ArrayRef<int64_t> at) {
      *o++ += beta * c[at[0]];
    });
  }
  return writeNumbers(resultType, kind, out);
}

} // namespace

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

bool ONNX::canEvaluate(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !op->getName().getStringRef().starts_with("onnx."))
    return false;
  return llvm::StringSwitch<bool>(op->getName().getStringRef().drop_front(5))
      .Cases({"Transpose", "Gather", "Concat", "Slice", "Trilu", "Expand",
              "Where", "Cast", "MatMul", "Gemm"},
             true)
      .Cases({"Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual",
              "Not", "And", "Or", "Xor"},
             true)
      .Cases({"Neg", "Abs", "Relu", "Sigmoid", "Sqrt", "Exp", "Log", "Tanh",
              "Reciprocal", "Floor", "Ceil", "Erf"},
             true)
      .Cases({"Add", "Sub", "Mul", "Div", "Pow"}, true)
      .Default(false);
}

std::optional<ConstantTensor>
ONNX::evaluateOp(Operation *op, ArrayRef<const ConstantTensor *> operands,
                 int64_t maxResultBytes) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || !resultType.hasStaticShape() || operands.empty() ||
      !operands[0] || !canEvaluate(op))
    return std::nullopt;
  Type resultElementType = resultType.getElementType();
  bool resultIsBool = resultElementType.isInteger(1);
  if (!resultElementType.isIntOrFloat() ||
      (!resultIsBool && resultElementType.getIntOrFloatBitWidth() % 8 != 0) ||
      resultType.getNumElements() *
              std::max(resultElementType.getIntOrFloatBitWidth() / 8, 1u) >
          maxResultBytes)
    return std::nullopt;
  StringRef opType = op->getName().getStringRef().drop_front(5);
  const ConstantTensor &first = *operands[0];

  // Data movement keeps the element type.
  bool sameElementType = first.type.getElementType() == resultElementType;
  if (opType == "Transpose")
    return sameElementType ? evaluateTranspose(op, first, resultType)
                           : std::nullopt;
  if (opType == "Gather")
    return sameElementType && operands.size() == 2 && operands[1]
               ? evaluateGather(op, first, *operands[1], resultType)
               : std::nullopt;
  if (opType == "Concat") {
    if (llvm::any_of(operands, [&](const ConstantTensor *t) {
          return !t || t->type.getElementType() != resultElementType;
        }))
      return std::nullopt;
    return evaluateConcat(op, operands, resultType);
  }
  if (opType == "Slice")
    return sameElementType ? evaluateSlice(operands, resultType)
                           : std::nullopt;
  if (opType == "Trilu")
    return evaluateTrilu(op, operands, resultType);
  if (opType == "Expand") {
    if (!sameElementType || operands.size() != 2 || !operands[1] ||
        resultType.getNumElements() * first.getElementBytes() >
            kMaxExpandedBytes)
      return std::nullopt;
    return evaluateExpand(first, *operands[1], resultType);
  }
  if (opType == "Where") {
    if (operands.size() != 3 || !operands[1] || !operands[2] ||
        !first.type.getElementType().isInteger(1) ||
        operands[1]->type.getElementType() != resultElementType ||
        operands[2]->type.getElementType() != resultElementType)
      return std::nullopt;
    return broadcastElements(operands, resultType, /*select=*/true);
  }
  if (opType == "Not" || opType == "And" || opType == "Or" ||
      opType == "Xor") {
    if (!resultIsBool ||
        llvm::any_of(operands, [](const ConstantTensor *t) {
          return !t || !t->type.getElementType().isInteger(1);
        }))
      return std::nullopt;
    if (opType == "Not") {
      if (first.type != resultType)
        return std::nullopt;
      ConstantTensor result = first;
      for (char &byte : result.bytes)
        byte = byte ? 0 : 1;
      return result;
    }
    if (operands.size() != 2)
      return std::nullopt;
    // Broadcast both, then combine bytewise.
    const ConstantTensor *lhs[] = {operands[0]}, *rhs[] = {operands[1]};
    std::optional<ConstantTensor> a =
        broadcastElements(lhs, resultType, false);
    std::optional<ConstantTensor> b =
        broadcastElements(rhs, resultType, false);
    if (!a || !b)
      return std::nullopt;
    for (size_t i = 0; i < a->bytes.size(); ++i) {
      bool x = a->bytes[i], y = b->bytes[i];
      a->bytes[i] = opType == "And" ? (x && y) : opType == "Or" ? (x || y)
                                                                : (x != y);
    }
    return a;
  }

  std::optional<NumberKind> inKind =
      getNumberKind(first.type.getElementType());
  if (resultIsBool && inKind && operands.size() == 2 && operands[1] &&
      operands[1]->type.getElementType() == first.type.getElementType()) {
    std::optional<SmallVector<int64_t>> shape =
        broadcast(first.type.getShape(), operands[1]->type.getShape());
    if (!shape || ArrayRef<int64_t>(*shape) != resultType.getShape())
      return std::nullopt;
    std::vector<double> x = readNumbers(first, *inKind);
    std::vector<double> y = readNumbers(*operands[1], *inKind);
    SmallVector<SmallVector<int64_t>> strides = {
        getBroadcastStrides(first.type.getShape(), *shape),
        getBroadcastStrides(operands[1]->type.getShape(), *shape)};
    ConstantTensor result = makeTensor(resultType);
    char *out = result.bytes.data();
    bool known = true;
    forEachElement(*shape, strides, [&](ArrayRef<int64_t> at) {
      double a = x[at[0]], b = y[at[1]];
      bool value = false;
      if (opType == "Equal")
        value = a == b;
      else if (opType == "Less")
        value = a < b;
      else if (opType == "LessOrEqual")
        value = a <= b;
      else if (opType == "Greater")
        value = a > b;
      else if (opType == "GreaterOrEqual")
        value = a >= b;
      else
        known = false;
      *out++ = value ? 1 : 0;
    });
    if (!known)
      return std::nullopt;
    return result;
  }
  std::optional<NumberKind> outKind = getNumberKind(resultElementType);
  if (!inKind || !outKind)
    return std::nullopt;
  if (opType == "Cast") {
    if (first.type.getShape() != resultType.getShape())
      return std::nullopt;
    std::vector<double> values = readNumbers(first, *inKind);
    if (!isFloatKind(*outKind))
      for (double &v : values)
        v = std::trunc(v);
    return writeNumbers(resultType, *outKind, values);
  }
  if (inKind != outKind)
    return std::nullopt;
  NumberKind kind = *inKind;
  bool isFloat = isFloatKind(kind);
  if (opType == "MatMul")
    return isFloat && operands.size() == 2 && operands[1]
               ? evaluateMatMul(first, *operands[1], kind, resultType)
               : std::nullopt;
  if (opType == "Gemm")
    return isFloat && operands.size() >= 2 && operands[1]
               ? evaluateGemm(op, operands, kind, resultType)
               : std::nullopt;

  if (operands.size() == 1) {
    if (first.type.getShape() != resultType.getShape())
      return std::nullopt;
    std::vector<double> values = readNumbers(first, kind);
    for (double &v : values) {
      std::optional<double> r = applyUnary(opType, v, isFloat);
      if (!r)
        return std::nullopt;
      v = roundTo(kind, *r);
    }
    return writeNumbers(resultType, kind, values);
  }
  if (operands.size() != 2 || !operands[1] ||
      operands[1]->type.getElementType() != first.type.getElementType())
    return std::nullopt;
  const ConstantTensor &second = *operands[1];
  std::optional<SmallVector<int64_t>> shape =
      broadcast(first.type.getShape(), second.type.getShape());
  if (!shape || ArrayRef<int64_t>(*shape) != resultType.getShape())
    return std::nullopt;
  std::vector<double> x = readNumbers(first, kind), y = readNumbers(second, kind);
  std::vector<double> out;
  out.reserve(resultType.getNumElements());
  SmallVector<SmallVector<int64_t>> strides = {
      getBroadcastStrides(first.type.getShape(), *shape),
      getBroadcastStrides(second.type.getShape(), *shape)};
  bool ok = true;
  forEachElement(*shape, strides, [&](ArrayRef<int64_t> at) {
    std::optional<double> r = applyBinary(opType, x[at[0]], y[at[1]], isFloat);
    ok &= r.has_value();
    out.push_back(r ? roundTo(kind, *r) : 0.0);
  });
  if (!ok)
    return std::nullopt;
  return writeNumbers(resultType, kind, out);
}

std::optional<SmallVector<ConstantTensor>>
ONNX::evaluateSplit(Operation *op, ArrayRef<const ConstantTensor *> operands) {
  if (operands.empty() || !operands[0])
    return std::nullopt;
  const ConstantTensor &input = *operands[0];
  int64_t rank = input.type.getRank();
  int64_t axis = getIntAttr(op, "axis", 0);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  // Each result's type says how much of the axis it takes.
  ArrayRef<int64_t> shape = input.type.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= shape[d];
  size_t width = input.getElementBytes();
  SmallVector<ConstantTensor> results;
  int64_t offset = 0;
  for (Value result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type || !type.hasStaticShape() || type.getRank() != rank ||
        type.getElementType() != input.type.getElementType())
      return std::nullopt;
    int64_t size = type.getDimSize(axis);
    if (offset + size > shape[axis])
      return std::nullopt;
    ConstantTensor piece = makeTensor(type);
    size_t block = size * inner * width;
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(piece.bytes.data() + o * block,
                  input.bytes.data() +
                      (o * shape[axis] + offset) * inner * width,
                  block);
    results.push_back(std::move(piece));
    offset += size;
  }
  if (offset != shape[axis])
    return std::nullopt;
  return results;
}
