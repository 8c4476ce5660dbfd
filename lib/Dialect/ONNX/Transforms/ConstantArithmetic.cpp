//===- ConstantArithmetic.cpp - Arithmetic of ONNX ops on constants -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Arithmetic is evaluated in double precision and rounded to the result's
// element type after each elementwise step, as a float32 runtime would
// round it; ints are exact below 2^53. Bools are read as 0 and 1, and any
// nonzero value is written as true.
//
//===----------------------------------------------------------------------===//

#include "ConstantIndexing.h"

#include "mlir/IR/Operation.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::ONNX;

/// MatMul and Gemm are folded up to this many multiply-adds.
static constexpr int64_t kMaxMultiplyAdds = int64_t(1) << 28;

namespace {

/// The element types arithmetic is evaluated on; bools only by Cast and
/// Equal.
enum class NumberKind { F32, F64, I32, I64, Bool };

std::optional<NumberKind> getNumberKind(Type type) {
  if (type.isF32())
    return NumberKind::F32;
  if (type.isF64())
    return NumberKind::F64;
  if (type.isSignlessInteger(32))
    return NumberKind::I32;
  if (type.isSignlessInteger(64))
    return NumberKind::I64;
  if (type.isSignlessInteger(1))
    return NumberKind::Bool;
  return std::nullopt;
}

/// The elements of `tensor` as doubles (exact for the ints of weights'
/// shapes and indices, below 2^53).
std::vector<double> readNumbers(const ConstantTensor &tensor, NumberKind kind) {
  int64_t n = tensor.getNumElements();
  std::vector<double> values(n);
  const char *data = tensor.getData().data();
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
    case NumberKind::Bool:
      values[i] = data[i] != 0 ? 1.0 : 0.0;
      break;
    }
  }
  return values;
}

/// `values` as a tensor of type `type`; nullopt when an int result is not
/// finite or out of range.
std::optional<ConstantTensor>
writeNumbers(RankedTensorType type, NumberKind kind, ArrayRef<double> values) {
  if (static_cast<int64_t>(values.size()) != type.getNumElements())
    return std::nullopt;
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
    case NumberKind::Bool:
      data[i] = v != 0.0 ? 1 : 0;
      break;
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
  if (ArrayRef<int64_t>(shape) != resultType.getShape() ||
      resultType.getNumElements() * k > kMaxMultiplyAdds)
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
  bool transA = getIntAttr(op, "transA", 0);
  bool transB = getIntAttr(op, "transB", 0);
  double alpha = getFloatAttr(op, "alpha", 1.0);
  double beta = getFloatAttr(op, "beta", 1.0);
  int64_t m = lhs.type.getDimSize(transA ? 1 : 0);
  int64_t k = lhs.type.getDimSize(transA ? 0 : 1);
  int64_t n = rhs.type.getDimSize(transB ? 0 : 1);
  if (rhs.type.getDimSize(transB ? 1 : 0) != k ||
      resultType.getShape() != ArrayRef<int64_t>{m, n} ||
      m * n * k > kMaxMultiplyAdds)
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
    forEachElement({m, n}, strides,
                   [&](ArrayRef<int64_t> at) { *o++ += beta * c[at[0]]; });
  }
  return writeNumbers(resultType, kind, out);
}

/// ReduceSum, ReduceMean, ReduceProd, ReduceMax or ReduceMin (`opType`) of
/// `operands[0]` over the axes of constant input `operands[1]` (ReduceSum
/// from opset 13) or of attribute `axes`; no axes means all of them, or
/// none when `noop_with_empty_axes` is set. Each result is accumulated in
/// double precision and rounded once. ReduceMean is folded on floats only,
/// and a max, min or mean of no elements is left to the runtime.
std::optional<ConstantTensor>
evaluateReduce(Operation *op, StringRef opType,
               ArrayRef<const ConstantTensor *> operands, NumberKind kind,
               RankedTensorType resultType) {
  bool isMax = opType == "ReduceMax", isMin = opType == "ReduceMin";
  bool isMean = opType == "ReduceMean", isProd = opType == "ReduceProd";
  if (!isMax && !isMin && !isMean && !isProd && opType != "ReduceSum")
    return std::nullopt;
  const ConstantTensor &input = *operands[0];
  ArrayRef<int64_t> shape = input.type.getShape();
  int64_t rank = shape.size();
  SmallVector<int64_t> axes;
  if (operands.size() > 1 && operands[1]) {
    std::optional<SmallVector<int64_t>> given = readInts(*operands[1]);
    if (!given || operands[1]->type.getRank() != 1)
      return std::nullopt;
    axes = *given;
  } else if (auto axesAttr = op->getAttrOfType<ArrayAttr>("axes")) {
    for (Attribute a : axesAttr)
      axes.push_back(cast<IntegerAttr>(a).getInt());
  }
  if (axes.empty() && getIntAttr(op, "noop_with_empty_axes", 0) != 0) {
    if (input.type != resultType)
      return std::nullopt;
    return input;
  }
  SmallVector<bool> reduced(rank, axes.empty());
  for (int64_t axis : axes) {
    if (axis < 0)
      axis += rank;
    if (axis < 0 || axis >= rank)
      return std::nullopt;
    reduced[axis] = true;
  }
  bool keepdims = getIntAttr(op, "keepdims", 1) != 0;
  // Each input element goes to the output element at the same index over
  // the kept dims: strides into the output are 0 along reduced dims.
  SmallVector<int64_t> keptShape(shape), resultShape;
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      count *= shape[d];
      keptShape[d] = 1;
    }
    if (keepdims || !reduced[d])
      resultShape.push_back(keptShape[d]);
  }
  if (ArrayRef<int64_t>(resultShape) != resultType.getShape())
    return std::nullopt;
  if ((count == 0 && (isMax || isMin || isMean)) ||
      (isMean && !isFloatKind(kind)))
    return std::nullopt;
  SmallVector<SmallVector<int64_t>> strides = {getStrides(keptShape)};
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d])
      strides[0][d] = 0;
  double inf = std::numeric_limits<double>::infinity();
  double initial = isProd ? 1.0 : isMax ? -inf : isMin ? inf : 0.0;
  std::vector<double> x = readNumbers(input, kind);
  std::vector<double> out(resultType.getNumElements(), initial);
  const double *in = x.data();
  forEachElement(shape, strides, [&](ArrayRef<int64_t> at) {
    double &acc = out[at[0]];
    double v = *in++;
    if (isMax || isMin) {
      // A NaN wins and stays.
      if (std::isnan(v) || (isMax ? v > acc : v < acc))
        acc = v;
    } else if (isProd) {
      acc *= v;
    } else {
      acc += v;
    }
  });
  if (isMean)
    for (double &v : out)
      v /= static_cast<double>(count);
  return writeNumbers(resultType, kind, out);
}

} // namespace

std::optional<ConstantTensor>
ONNX::evaluateArithmetic(Operation *op, StringRef opType,
                         ArrayRef<const ConstantTensor *> operands,
                         RankedTensorType resultType) {
  const ConstantTensor &first = *operands[0];
  Type resultElementType = resultType.getElementType();
  bool resultIsBool = resultElementType.isInteger(1);
  std::optional<NumberKind> inKind = getNumberKind(first.type.getElementType());
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
    if (*outKind == NumberKind::I32 || *outKind == NumberKind::I64)
      for (double &v : values)
        v = std::trunc(v);
    return writeNumbers(resultType, *outKind, values);
  }
  if (inKind != outKind || *inKind == NumberKind::Bool)
    return std::nullopt;
  NumberKind kind = *inKind;
  bool isFloat = isFloatKind(kind);
  if (opType.starts_with("Reduce"))
    return evaluateReduce(op, opType, operands, kind, resultType);
  if (opType == "MatMul")
    return isFloat && operands.size() == 2 && operands[1]
               ? evaluateMatMul(first, *operands[1], kind, resultType)
               : std::nullopt;
  if (opType == "Gemm")
    return isFloat && operands.size() >= 2 && operands[1]
               ? evaluateGemm(op, operands, kind, resultType)
               : std::nullopt;

  if (opType == "Clip") {
    // Clip(input, min?, max?) with 0-d bounds.
    if (first.type.getShape() != resultType.getShape())
      return std::nullopt;
    auto bound = [&](size_t i) -> std::optional<double> {
      if (i >= operands.size() || !operands[i])
        return std::nullopt;
      if (operands[i]->getNumElements() != 1 ||
          operands[i]->type.getElementType() != first.type.getElementType())
        return std::nullopt;
      return readNumbers(*operands[i], kind).front();
    };
    std::optional<double> low = bound(1), high = bound(2);
    if ((operands.size() > 1 && operands[1] && !low) ||
        (operands.size() > 2 && operands[2] && !high))
      return std::nullopt;
    std::vector<double> values = readNumbers(first, kind);
    for (double &v : values) {
      if (low)
        v = std::max(v, *low);
      if (high)
        v = std::min(v, *high);
    }
    return writeNumbers(resultType, kind, values);
  }
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
  std::vector<double> x = readNumbers(first, kind);
  std::vector<double> y = readNumbers(second, kind);
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
