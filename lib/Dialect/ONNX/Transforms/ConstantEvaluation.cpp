//===- ConstantEvaluation.cpp - Evaluating ONNX ops on constants ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ConstantIndexing.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <cstring>
#include <memory>

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

std::optional<ArrayRef<char>> ONNX::getStoredBytes(ElementsAttr value) {
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.isSplat() || dense.getElementType().isInteger(1))
      return std::nullopt;
    return dense.getRawData();
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
    if (AsmResourceBlob *blob = resource.getRawHandle().getBlob())
      return blob->getData();
  return std::nullopt;
}

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
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (dense && isBool) {
    for (bool v : dense.getValues<bool>())
      result.bytes.push_back(v ? 1 : 0);
    return result;
  }
  if (dense && dense.isSplat()) {
    ArrayRef<char> raw = dense.getRawData();
    if (raw.size() != elementBytes)
      return std::nullopt;
    result.bytes.reserve(numBytes);
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
      result.bytes.insert(result.bytes.end(), raw.begin(), raw.end());
    return result;
  }
  std::optional<ArrayRef<char>> raw = getStoredBytes(value);
  if (!raw || raw->size() != numBytes)
    return std::nullopt;
  result.borrowed = *raw;
  return result;
}

ElementsAttr ONNX::getConstantAttr(Value value) {
  if (auto init = value.getDefiningOp<InitializerOp>())
    return init.getValue();
  if (auto constant = value.getDefiningOp<ConstantOp>())
    return constant->getAttrOfType<ElementsAttr>("value");
  return {};
}

/// The alignment of a blob of `type`'s elements: one element.
static size_t getBlobAlignment(RankedTensorType type) {
  return std::max<size_t>(type.getElementType().getIntOrFloatBitWidth() / 8, 1);
}

ElementsAttr ONNX::makeElementsAttr(RankedTensorType type, ArrayRef<char> bytes,
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
  size_t alignment = getBlobAlignment(type);
  AsmResourceBlob blob =
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignment);
  return DenseResourceElementsAttr::get(type, blobName, std::move(blob));
}

ElementsAttr ONNX::makeElementsAttr(RankedTensorType type, ByteBuffer &&bytes,
                                    StringRef blobName) {
  if (type.getElementType().isInteger(1) ||
      bytes.size() <= kMaxDenseLiteralBytes)
    return makeElementsAttr(type, ArrayRef<char>(bytes), blobName);
  // The blob takes the buffer over instead of copying it.
  auto owned = std::make_unique<ByteBuffer>(std::move(bytes));
  ArrayRef<char> data(*owned);
  size_t alignment = getBlobAlignment(type);
  AsmResourceBlob blob(
      data, alignment,
      [owned = std::move(owned)](void *, size_t, size_t) mutable {
        owned.reset();
      },
      /*dataIsMutable=*/false);
  return DenseResourceElementsAttr::get(type, blobName, std::move(blob));
}

namespace {

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

/// Copies `in`, read with `strides` (in elements), into `out` in the
/// row-major order of `shape`. The two innermost dims go in square tiles, so
/// that a transposed matrix is read and written a cache line at a time.
template <typename T>
void copyStrided(const T *in, T *out, ArrayRef<int64_t> shape,
                 ArrayRef<int64_t> strides) {
  constexpr int64_t kTile = 32;
  size_t rank = shape.size();
  int64_t rows = rank >= 2 ? shape[rank - 2] : 1;
  int64_t cols = rank >= 1 ? shape[rank - 1] : 1;
  int64_t rowStride = rank >= 2 ? strides[rank - 2] : 0;
  int64_t colStride = rank >= 1 ? strides[rank - 1] : 0;
  ArrayRef<int64_t> outerShape = shape.drop_back(std::min<size_t>(rank, 2));
  SmallVector<SmallVector<int64_t>> outerStrides = {
      SmallVector<int64_t>(strides.take_front(outerShape.size()))};
  forEachElement(outerShape, outerStrides, [&](ArrayRef<int64_t> base) {
    const T *from = in + base[0];
    for (int64_t r0 = 0; r0 < rows; r0 += kTile)
      for (int64_t c0 = 0; c0 < cols; c0 += kTile)
        for (int64_t r = r0, re = std::min(rows, r0 + kTile); r < re; ++r)
          for (int64_t c = c0, ce = std::min(cols, c0 + kTile); c < ce; ++c)
            out[r * cols + c] = from[r * rowStride + c * colStride];
    out += rows * cols;
  });
}

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
  if (static_cast<int64_t>(perm.size()) != rank ||
      resultType.getRank() != rank)
    return std::nullopt;
  // `perm` must be a permutation, and the result's shape the input's
  // permuted by it: the copy reads the input through the result's shape.
  ArrayRef<int64_t> inShape = input.type.getShape();
  SmallVector<int64_t> inStrides = getStrides(inShape);
  SmallVector<int64_t> strides;
  SmallVector<bool> seen(rank, false);
  for (auto [d, p] : llvm::enumerate(perm)) {
    if (p < 0 || p >= rank || seen[p] ||
        resultType.getDimSize(d) != inShape[p])
      return std::nullopt;
    seen[p] = true;
    strides.push_back(inStrides[p]);
  }
  ConstantTensor result = makeTensor(resultType);
  ArrayRef<int64_t> shape = resultType.getShape();
  auto copy = [&](auto element) {
    using T = decltype(element);
    copyStrided(reinterpret_cast<const T *>(input.getData().data()),
                reinterpret_cast<T *>(result.bytes.data()), shape, strides);
  };
  switch (result.getElementBytes()) {
  case 1:
    copy(uint8_t());
    break;
  case 2:
    copy(uint16_t());
    break;
  case 4:
    copy(uint32_t());
    break;
  case 8:
    copy(uint64_t());
    break;
  default:
    return std::nullopt;
  }
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
      std::memcpy(&v, indices.getData().data() + i * 8, 8);
    } else if (type.isInteger(32)) {
      int32_t v32;
      std::memcpy(&v32, indices.getData().data() + i * 4, 4);
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
                  data.getData().data() + (o * shape[axis] + index) * block,
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
      size_t block = input->getData().size() / std::max<int64_t>(outer, 1);
      if (out + block > result.bytes.data() + result.bytes.size())
        return std::nullopt;
      std::memcpy(out, input->getData().data() + o * block, block);
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
    std::memcpy(out, data.getData().data() + (base + at[0]) * width, width);
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
      bool pick = inputs[0]->getData()[at[0]] != 0;
      source = inputs[pick ? 1 : 2];
      offset = at[pick ? 1 : 2];
    }
    std::memcpy(out, source->getData().data() + offset * width, width);
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

/// ConstantOfShape: `value` (a one-element tensor; a float zero when
/// absent) repeated over the shape its input gives.
std::optional<ConstantTensor>
evaluateConstantOfShape(Operation *op, const ConstantTensor &shape,
                        RankedTensorType resultType) {
  std::optional<SmallVector<int64_t>> dims = readInts(shape);
  if (!dims || ArrayRef<int64_t>(*dims) != resultType.getShape())
    return std::nullopt;
  ConstantTensor result = makeTensor(resultType);
  size_t width = result.getElementBytes();
  SmallVector<char, 8> element(width, 0);
  if (auto value = op->getAttrOfType<DenseElementsAttr>("value")) {
    if (value.getNumElements() != 1 ||
        value.getElementType() != resultType.getElementType())
      return std::nullopt;
    if (value.getElementType().isInteger(1))
      element[0] = *value.getValues<bool>().begin() ? 1 : 0;
    else if (value.getRawData().size() == width)
      llvm::copy(value.getRawData(), element.begin());
    else
      return std::nullopt;
  } else if (!resultType.getElementType().isF32()) {
    return std::nullopt;
  }
  for (size_t offset = 0; offset < result.bytes.size(); offset += width)
    std::memcpy(result.bytes.data() + offset, element.data(), width);
  return result;
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
              "ConstantOfShape", "Where", "Cast", "MatMul", "Gemm"},
             true)
      .Cases({"Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual",
              "Not", "And", "Or", "Xor"},
             true)
      .Cases({"Neg", "Abs", "Relu", "Sigmoid", "Sqrt", "Exp", "Log", "Tanh",
              "Reciprocal", "Floor", "Ceil", "Erf"},
             true)
      .Cases({"Add", "Sub", "Mul", "Div", "Pow", "Clip"}, true)
      .Cases(
          {"ReduceSum", "ReduceMean", "ReduceProd", "ReduceMax", "ReduceMin"},
          true)
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
    return sameElementType ? evaluateSlice(operands, resultType) : std::nullopt;
  if (opType == "Trilu")
    return evaluateTrilu(op, operands, resultType);
  if (opType == "Expand") {
    if (!sameElementType || operands.size() != 2 || !operands[1] ||
        resultType.getNumElements() * first.getElementBytes() >
            kMaxExpandedBytes)
      return std::nullopt;
    return evaluateExpand(first, *operands[1], resultType);
  }
  if (opType == "ConstantOfShape") {
    int64_t bytes = resultType.getNumElements() *
                    std::max(resultElementType.getIntOrFloatBitWidth() / 8, 1u);
    if (bytes > kMaxExpandedBytes)
      return std::nullopt;
    return evaluateConstantOfShape(op, first, resultType);
  }
  if (opType == "Where") {
    if (operands.size() != 3 || !operands[1] || !operands[2] ||
        !first.type.getElementType().isInteger(1) ||
        operands[1]->type.getElementType() != resultElementType ||
        operands[2]->type.getElementType() != resultElementType)
      return std::nullopt;
    return broadcastElements(operands, resultType, /*select=*/true);
  }
  if (opType == "Not" || opType == "And" || opType == "Or" || opType == "Xor") {
    if (!resultIsBool || llvm::any_of(operands, [](const ConstantTensor *t) {
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
    std::optional<ConstantTensor> a = broadcastElements(lhs, resultType, false);
    std::optional<ConstantTensor> b = broadcastElements(rhs, resultType, false);
    if (!a || !b)
      return std::nullopt;
    for (size_t i = 0; i < a->bytes.size(); ++i) {
      bool x = a->bytes[i], y = b->bytes[i];
      a->bytes[i] = opType == "And"  ? (x && y)
                    : opType == "Or" ? (x || y)
                                     : (x != y);
    }
    return a;
  }

  return evaluateArithmetic(op, opType, operands, resultType);
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
    // Only the split axis may differ from the input's shape.
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && type.getDimSize(d) != shape[d])
        return std::nullopt;
    int64_t size = type.getDimSize(axis);
    if (offset + size > shape[axis])
      return std::nullopt;
    ConstantTensor piece = makeTensor(type);
    size_t block = size * inner * width;
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(piece.bytes.data() + o * block,
                  input.getData().data() +
                      (o * shape[axis] + offset) * inner * width,
                  block);
    results.push_back(std::move(piece));
    offset += size;
  }
  if (offset != shape[axis])
    return std::nullopt;
  return results;
}
