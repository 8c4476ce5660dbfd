//===- CompositeDecompositions.cpp - Composite ops as PyTorch builds them -===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Each decomposition follows the op's implementation in PyTorch (ATen's
// CompositeImplicitAutograd kernels, or torch._refs where those are
// written there) and computes the same values. The ops it creates start
// with unknown types, which the shape inference then computes from their
// operands.
//
//===----------------------------------------------------------------------===//

#include "CompositeDecompositions.h"
#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// Creates the ops of one decomposition before the op it replaces.
class Decomposer {
public:
  Decomposer(PatternRewriter &rewriter, Operation *op)
      : b(rewriter), loc(op->getLoc()), context(op->getContext()) {}

  /// The single result of OpTy on `args`.
  template <typename OpTy, typename... Args> Value make(Args &&...args) {
    auto op = OpTy::create(b, loc, unknownTensor(),
                           std::forward<Args>(args)...);
    refine(op);
    return op->getResult(0);
  }
  /// The two results of OpTy on `args`.
  template <typename OpTy, typename... Args>
  std::pair<Value, Value> make2(Args &&...args) {
    auto op = OpTy::create(b, loc, unknownTensor(), unknownTensor(),
                           std::forward<Args>(args)...);
    refine(op);
    return {op->getResult(0), op->getResult(1)};
  }

  Value integer(int64_t value) { return ConstantIntOp::create(b, loc, value); }
  Value real(double value) { return ConstantFloatOp::create(b, loc, value); }
  Value boolean(bool value) { return ConstantBoolOp::create(b, loc, value); }
  Value none() { return ConstantNoneOp::create(b, loc); }
  Value ints(ArrayRef<int64_t> values) {
    SmallVector<Value> elements;
    for (int64_t value : values)
      elements.push_back(integer(value));
    return intList(elements);
  }
  Value intList(ValueRange elements) {
    return PrimListConstructOp::create(
        b, loc, ListType::get(b.getType<IntType>()), elements);
  }
  Value tensorList(ValueRange elements) {
    return PrimListConstructOp::create(b, loc, ListType::get(unknownTensor()),
                                       elements);
  }

  // Shorthands for the ops that most decompositions use.
  Value abs(Value x) { return make<AtenAbsOp>(x); }
  Value mul(Value x, Value y) { return make<AtenMulTensorOp>(x, y); }
  Value mul(Value x, double y) { return make<AtenMulScalarOp>(x, real(y)); }
  Value sub(Value x, Value y) {
    return make<AtenSubTensorOp>(x, y, integer(1));
  }
  Value add(Value x, Value y) {
    return make<AtenAddTensorOp>(x, y, integer(1));
  }
  Value add(Value x, double y) {
    return make<AtenAddScalarOp>(x, real(y), integer(1));
  }
  Value unsqueeze(Value x, int64_t dim) {
    return make<AtenUnsqueezeOp>(x, integer(dim));
  }
  Value size(Value x, int64_t dim) {
    return AtenSizeIntOp::create(b, loc, b.getType<IntType>(), x,
                                 integer(dim));
  }
  Value select(Value x, int64_t dim, Value index) {
    return make<AtenSelectIntOp>(x, integer(dim), index);
  }
  /// An int op (`aten.add.int`, ...) on two ints.
  template <typename OpTy> Value intOp(Value x, Value y) {
    return OpTy::create(b, loc, b.getType<IntType>(), x, y);
  }
  Value where(Value condition, Value x, Value y) {
    return make<AtenWhereSelfOp>(condition, x, y);
  }
  /// `where(condition, x, other)` for a Python scalar `other`.
  Value whereOther(Value condition, Value x, Value other) {
    return make<AtenWhereScalarOtherOp>(condition, x, other);
  }
  /// A vector norm over `dims` (all dims for none).
  Value norm(Value x, Value ord, std::optional<ArrayRef<int64_t>> dims,
             bool keepdim) {
    return make<AtenLinalgVectorNormOp>(x, ord, dims ? ints(*dims) : none(),
                                        boolean(keepdim), none());
  }
  /// The `reduction` of a loss: 0 none, 1 mean, 2 sum.
  Value reduce(Value loss, int64_t reduction) {
    if (reduction == 1)
      return make<AtenMeanOp>(loss, none());
    if (reduction == 2)
      return make<AtenSumOp>(loss, none());
    return loss;
  }
  /// `arange(end)` in int64.
  Value arange(Value end) {
    return make<AtenArangeOp>(end, integer(4), none(), none(), none());
  }
  /// `x.movedim(source, destination)`.
  Value movedim(Value x, int64_t source, int64_t destination) {
    if (source == destination)
      return x;
    return make<AtenMovedimIntOp>(x, integer(source), integer(destination));
  }

  /// `x` and `y` broadcast to their common shape (as themselves when their
  /// types already agree).
  std::pair<Value, Value> broadcast(Value x, Value y) {
    if (x.getType() == y.getType() &&
        cast<BaseTensorType>(x.getType()).areAllSizesKnown())
      return {x, y};
    Value list = AtenBroadcastTensorsOp::create(
        b, loc, ListType::get(unknownTensor()), tensorList({x, y}));
    auto unpack = PrimListUnpackOp::create(
        b, loc, TypeRange{unknownTensor(), unknownTensor()}, list);
    return {unpack.getResult(0), unpack.getResult(1)};
  }

  Type unknownTensor() {
    return ValueTensorType::get(context, std::nullopt, Type());
  }

  PatternRewriter &b;
  Location loc;
  MLIRContext *context;

private:
  void refine(Operation *op) {
    for (OpResult result : op->getResults())
      if (Type type = inferResultType(op, result.getResultNumber()))
        result.setType(type);
  }
};

//===----------------------------------------------------------------------===//
// Operand access
//===----------------------------------------------------------------------===//

BaseTensorType getTensorType(Value value) {
  return dyn_cast<BaseTensorType>(value.getType());
}

/// The rank of a tensor operand, if known.
std::optional<int64_t> getRank(Value value) {
  BaseTensorType type = getTensorType(value);
  if (!type || !type.hasSizes())
    return std::nullopt;
  return type.getRank();
}

/// The dtype of a tensor operand, or null.
Type getDtype(Value value) {
  BaseTensorType type = getTensorType(value);
  return type ? type.getOptionalDtype() : Type();
}

bool hasFloatDtype(Value value) { return isFloatDtype(getDtype(value)); }

/// `dim` wrapped into [0, rank), as PyTorch wraps negative dims; a 0-d
/// tensor takes the dims of a 1-d one.
std::optional<int64_t> wrapDim(int64_t dim, int64_t rank) {
  return normalizeDim(dim, std::max<int64_t>(rank, 1));
}

/// A constant dim operand wrapped into [0, rank).
std::optional<int64_t> getDim(Value dim, int64_t rank) {
  std::optional<int64_t> value = matchConstantInt(dim);
  return value ? wrapDim(*value, rank) : std::nullopt;
}

/// The tensors of a list built by prim.ListConstruct.
std::optional<SmallVector<Value>> getTensorElements(Value list) {
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  SmallVector<Value> elements(construct.getElements());
  return elements;
}

/// The value of a constant float or int.
std::optional<double> getNumber(Value value) {
  if (std::optional<double> real = matchConstantFloat(value))
    return real;
  return std::nullopt;
}

using Results = SmallVector<Value, 2>;
using Decomposition = FailureOr<Results> (*)(Operation *, Decomposer &);

//===----------------------------------------------------------------------===//
// Distances and norms
//===----------------------------------------------------------------------===//

/// cosine_similarity(x1, x2, dim, eps): each operand divided by its norm
/// clamped to at least eps, multiplied, summed over dim.
FailureOr<Results> decomposeCosineSimilarity(Operation *op, Decomposer &d) {
  Value x1 = op->getOperand(0), x2 = op->getOperand(1);
  std::optional<int64_t> rank1 = getRank(x1), rank2 = getRank(x2);
  if (!rank1 || !rank2 || !hasFloatDtype(x1) ||
      getDtype(x1) != getDtype(x2))
    return failure();
  std::optional<int64_t> dim =
      getDim(op->getOperand(2), std::max(*rank1, *rank2));
  if (!dim)
    return failure();
  // The norms are over the broadcast operands, as in PyTorch.
  auto scaled = [&](Value x) {
    Value norm = d.norm(x, d.real(2.0), ArrayRef<int64_t>{*dim}, true);
    Value clamped = d.make<AtenClampMinOp>(norm, op->getOperand(3));
    return d.make<AtenDivTensorOp>(x, clamped);
  };
  auto [a, b] = d.broadcast(x1, x2);
  Value product = d.mul(scaled(a), scaled(b));
  return Results{d.make<AtenSumDimIntListOp>(product, d.ints({*dim}),
                                            d.boolean(false), d.none())};
}

/// pairwise_distance(x1, x2, p, eps, keepdim): the p-norm of `x1 - x2 +
/// eps` over the last dim of the broadcast.
FailureOr<Results> decomposePairwiseDistance(Operation *op, Decomposer &d) {
  Value x1 = op->getOperand(0), x2 = op->getOperand(1);
  std::optional<int64_t> rank1 = getRank(x1), rank2 = getRank(x2);
  std::optional<bool> keepdim = matchConstantBool(op->getOperand(4));
  if (!rank1 || !rank2 || !keepdim || !hasFloatDtype(x1) ||
      getDtype(x1) != getDtype(x2) || std::max(*rank1, *rank2) == 0)
    return failure();
  Value diff = d.make<AtenAddScalarOp>(d.sub(x1, x2), op->getOperand(3),
                                       d.integer(1));
  int64_t last = std::max(*rank1, *rank2) - 1;
  return Results{
      d.norm(diff, op->getOperand(2), ArrayRef<int64_t>{last}, *keepdim)};
}

/// cdist(x1, x2, p, compute_mode): the p-norm of every row of x1 minus
/// every row of x2. PyTorch may compute p = 2 through a matrix product for
/// speed; the distances are the same.
FailureOr<Results> decomposeCdist(Operation *op, Decomposer &d) {
  Value x1 = op->getOperand(0), x2 = op->getOperand(1);
  std::optional<int64_t> rank1 = getRank(x1), rank2 = getRank(x2);
  if (!rank1 || !rank2 || *rank1 < 2 || *rank2 < 2 || !hasFloatDtype(x1) ||
      getDtype(x1) != getDtype(x2))
    return failure();
  Value diff = d.sub(d.unsqueeze(x1, -2), d.unsqueeze(x2, -3));
  return Results{
      d.norm(diff, op->getOperand(2), ArrayRef<int64_t>{-1}, false)};
}

/// linalg_norm(x, ord, dim, keepdim, dtype) for the vector norms: ord None
/// with dim None (the 2-norm of all elements), or dim a single dim.
FailureOr<Results> decomposeLinalgNorm(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), ord = op->getOperand(1);
  Value dim = op->getOperand(2);
  bool noOrd = isConstantNone(ord);
  std::optional<SmallVector<int64_t>> dims = matchConstantIntList(dim);
  if (!hasFloatDtype(x) || !matchConstantBool(op->getOperand(3)))
    return failure();
  if (isConstantNone(dim)) {
    // Any ord is a vector norm of a 1-D tensor; of others, only None is.
    if (!noOrd && getRank(x) != 1)
      return failure();
  } else if (!dims || dims->size() != 1) {
    return failure();
  }
  return Results{d.make<AtenLinalgVectorNormOp>(
      x, noOrd ? d.real(2.0) : ord, dim, op->getOperand(3),
      op->getOperand(4))};
}

/// renorm(x, p, dim, maxnorm): each slice along dim whose p-norm exceeds
/// maxnorm, scaled by `maxnorm / (norm + 1e-7)`.
FailureOr<Results> decomposeRenorm(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  if (!rank || !hasFloatDtype(x))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(2), *rank);
  if (!dim)
    return failure();
  SmallVector<int64_t> others;
  for (int64_t i = 0; i < *rank; ++i)
    if (i != *dim)
      others.push_back(i);
  Value norm = d.norm(x, op->getOperand(1), ArrayRef<int64_t>(others), true);
  Value scale = d.make<AtenMulScalarOp>(
      d.make<AtenReciprocalOp>(d.add(norm, 1e-7)), op->getOperand(3));
  Value above = d.make<AtenGtScalarOp>(norm, op->getOperand(3));
  Value factor = d.whereOther(above, scale, d.real(1.0));
  return Results{d.mul(x, factor)};
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

/// kron(a, b): a's dims interleaved with b's, multiplied, and each pair
/// flattened: [a0, b0, a1, b1, ...] becomes [a0 * b0, a1 * b1, ...].
FailureOr<Results> decomposeKron(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  std::optional<int64_t> rankA = getRank(a), rankB = getRank(b);
  if (!rankA || !rankB)
    return failure();
  int64_t rank = std::max(*rankA, *rankB);
  for (int64_t i = *rankA; i < rank; ++i)
    a = d.unsqueeze(a, 0);
  for (int64_t i = *rankB; i < rank; ++i)
    b = d.unsqueeze(b, 0);
  for (int64_t i = 0; i < rank; ++i) {
    a = d.unsqueeze(a, 2 * i + 1);
    b = d.unsqueeze(b, 2 * i);
  }
  Value product = d.mul(a, b);
  for (int64_t i = rank - 1; i >= 0; --i)
    product = d.make<AtenFlattenUsingIntsOp>(product, d.integer(2 * i),
                                             d.integer(2 * i + 1));
  return Results{product};
}

/// inner(a, b): the sum over the last dim of a [..., K] and b [..., K] for
/// every pair of their other indices.
FailureOr<Results> decomposeInner(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  std::optional<int64_t> rankA = getRank(a), rankB = getRank(b);
  if (!rankA || !rankB)
    return failure();
  if (*rankA == 0 || *rankB == 0)
    return Results{d.mul(a, b)};
  // a: [A..., 1 (rankB - 1 times), K]; b: [1 (rankA - 1 times), B..., K].
  for (int64_t i = 1; i < *rankB; ++i)
    a = d.unsqueeze(a, -2);
  for (int64_t i = 1; i < *rankA; ++i)
    b = d.unsqueeze(b, 0);
  return Results{d.make<AtenSumDimIntListOp>(
      d.mul(a, b), d.ints({-1}), d.boolean(false), d.none())};
}

/// cumprod(x, dim, dtype): `out[i] = prod(x[j] for j <= i)`, computed as the
/// product over a [n, n] lower-triangular selection of x (with 1 above the
/// diagonal).
FailureOr<Results> decomposeCumprod(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  if (!rank || !getDtype(x) || isComplexDtype(getDtype(x)))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(1), *rank);
  if (!dim)
    return failure();
  if (*rank == 0)
    x = d.unsqueeze(x, 0);
  Value dtype = op->getOperand(2);
  if (!isConstantNone(dtype))
    x = d.make<AtenToDtypeOp>(x, dtype, d.boolean(false), d.boolean(false),
                              d.none());
  int64_t r = std::max<int64_t>(*rank, 1);
  Value last = d.movedim(x, *dim, r - 1);
  Value index = d.arange(d.size(last, -1));
  // mask[i, j] = j <= i.
  Value mask =
      d.make<AtenLeTensorOp>(d.unsqueeze(index, 0), d.unsqueeze(index, 1));
  Value selected = d.whereOther(mask, d.unsqueeze(last, -2), d.integer(1));
  Value product = d.make<AtenProdDimIntOp>(selected, d.integer(-1),
                                           d.boolean(false), d.none());
  Value result = d.movedim(product, r - 1, *dim);
  if (*rank == 0)
    result = d.make<AtenSqueezeDimOp>(result, d.integer(0));
  return Results{result};
}

//===----------------------------------------------------------------------===//
// Diagonals
//===----------------------------------------------------------------------===//

/// The largest diagonal offset the decompositions take: far past any
/// matrix, and small enough to add to a size.
constexpr int64_t kMaxOffset = int64_t(1) << 40;

/// The matrices whose diagonal `offset` holds the last dim of x: [..., n]
/// gives [..., m, m] with m = n + |offset|.
Value embedDiagonal(Decomposer &d, Value x, int64_t offset) {
  assert(std::abs(offset) <= kMaxOffset && "offset out of range");
  int64_t shift = offset < 0 ? -offset : offset;
  Value m = d.intOp<AtenAddIntOp>(d.size(x, -1), d.integer(shift));
  Value index = d.arange(m);
  // mask[i, j] = j - i == offset.
  Value diff = d.sub(d.unsqueeze(index, 0), d.unsqueeze(index, 1));
  Value mask = d.make<AtenEqScalarOp>(diff, d.integer(offset));
  Value padded = x;
  if (shift != 0)
    padded = d.make<AtenConstantPadNdOp>(x, d.ints({0, shift}), d.integer(0));
  // Row i holds x[i] above the main diagonal, column j holds x[j] below it.
  Value values = d.unsqueeze(padded, offset >= 0 ? -1 : -2);
  return d.whereOther(mask, values, d.integer(0));
}

/// A constant diagonal offset within kMaxOffset.
std::optional<int64_t> getOffset(Value offset) {
  std::optional<int64_t> value = matchConstantInt(offset);
  if (!value || *value < -kMaxOffset || *value > kMaxOffset)
    return std::nullopt;
  return value;
}

/// diag_embed(x, offset, dim1, dim2) with the new dims last, in order.
FailureOr<Results> decomposeDiagEmbed(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<int64_t> offset = getOffset(op->getOperand(1));
  if (!rank || *rank == 0 || !offset || !getDtype(x) ||
      isBoolDtype(getDtype(x)))
    return failure();
  std::optional<int64_t> dim1 = getDim(op->getOperand(2), *rank + 1);
  std::optional<int64_t> dim2 = getDim(op->getOperand(3), *rank + 1);
  if (dim1 != *rank - 1 || dim2 != *rank)
    return failure();
  return Results{embedDiagonal(d, x, *offset)};
}

/// diag(x, diagonal): a matrix's diagonal, or the matrix with a vector on
/// it.
FailureOr<Results> decomposeDiag(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<int64_t> offset = getOffset(op->getOperand(1));
  if (!rank || !offset)
    return failure();
  if (*rank == 2)
    return Results{d.make<AtenDiagonalOp>(x, op->getOperand(1), d.integer(0),
                                          d.integer(1))};
  if (*rank != 1 || !getDtype(x) || isBoolDtype(getDtype(x)))
    return failure();
  return Results{embedDiagonal(d, x, *offset)};
}

/// trapezoid.dx(y, dx, dim): `(sum(y) - (y[0] + y[-1]) / 2) * dx` along dim.
FailureOr<Results> decomposeTrapezoid(Operation *op, Decomposer &d) {
  Value y = op->getOperand(0);
  std::optional<int64_t> rank = getRank(y);
  if (!rank || *rank == 0 || !hasFloatDtype(y))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(2), *rank);
  BaseTensorType type = getTensorType(y);
  // PyTorch gives zeros for an empty dim, which select cannot.
  if (!dim || type.getSizes()[*dim] == kUnknownSize ||
      type.getSizes()[*dim] == 0)
    return failure();
  Value sum = d.make<AtenSumDimIntListOp>(y, d.ints({*dim}), d.boolean(false),
                                          d.none());
  Value ends = d.add(d.select(y, *dim, d.integer(0)),
                     d.select(y, *dim, d.integer(-1)));
  Value area = d.sub(sum, d.mul(ends, 0.5));
  return Results{d.make<AtenMulScalarOp>(area, op->getOperand(1))};
}

/// tril_indices and triu_indices(row, col, offset, ...): a constant.
template <bool Lower>
FailureOr<Results> decomposeTriangleIndices(Operation *op, Decomposer &d) {
  std::optional<int64_t> rows = matchConstantInt(op->getOperand(0));
  std::optional<int64_t> cols = matchConstantInt(op->getOperand(1));
  std::optional<int64_t> offset = matchConstantInt(op->getOperand(2));
  // The dtype operand: int64 when None.
  std::optional<int64_t> scalarType =
      isConstantNone(op->getOperand(3)) ? std::optional<int64_t>(4)
                                        : matchConstantInt(op->getOperand(3));
  Type dtype =
      scalarType ? getDtypeForScalarType(d.context, *scalarType) : Type();
  if (!rows || !cols || !offset || *rows < 0 || *cols < 0 ||
      *rows > (1 << 24) || *cols > (1 << 24) || *rows * *cols > (1 << 24) ||
      !dtype || !isIntegralDtype(dtype))
    return failure();
  SmallVector<int64_t> is, js;
  for (int64_t i = 0; i < *rows; ++i)
    for (int64_t j = 0; j < *cols; ++j)
      if (Lower ? j - i <= *offset : j - i >= *offset) {
        is.push_back(i);
        js.push_back(j);
      }
  is.append(js);
  auto intType = cast<IntegerType>(dtype);
  auto storage = RankedTensorType::get({2, int64_t(js.size())}, dtype);
  SmallVector<APInt> values;
  for (int64_t v : is)
    values.push_back(APInt(intType.getWidth(), v, /*isSigned=*/true));
  auto literalType = ValueTensorType::get(
      d.context, ArrayRef<int64_t>{2, int64_t(js.size())}, dtype);
  return Results{ValueTensorLiteralOp::create(
      d.b, d.loc, literalType, DenseElementsAttr::get(storage, values))};
}

//===----------------------------------------------------------------------===//
// Order statistics
//===----------------------------------------------------------------------===//

/// The element of rank `k` (a Value) along `dim` of x, and its index, from a
/// sort.
std::pair<Value, Value> selectRanked(Decomposer &d, Value x, int64_t dim,
                                     Value k, bool keepdim) {
  auto [sorted, indices] =
      d.make2<AtenSortOp>(x, d.integer(dim), d.boolean(false));
  Value value = d.select(sorted, dim, k);
  Value index = d.select(indices, dim, k);
  if (keepdim) {
    value = d.unsqueeze(value, dim);
    index = d.unsqueeze(index, dim);
  }
  return {value, index};
}

/// median.dim(x, dim, keepdim): the lower median and its index. As in
/// PyTorch, a slice with a NaN gives NaN and the index of its first NaN.
FailureOr<Results> decomposeMedianDim(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<bool> keepdim = matchConstantBool(op->getOperand(2));
  if (!rank || !keepdim || !getDtype(x) || isComplexDtype(getDtype(x)) ||
      isBoolDtype(getDtype(x)))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(1), *rank);
  if (!dim)
    return failure();
  // A 0-d tensor is its own median, at index 0.
  if (*rank == 0)
    return Results{d.make<AtenCloneOp>(x, d.none()),
                   d.make<AtenZerosLikeOp>(x, d.integer(4), d.none(),
                                           d.none(), d.none(), d.none())};
  Value n = d.size(x, *dim);
  Value k = d.intOp<AtenFloordivIntOp>(
      d.intOp<AtenSubIntOp>(n, d.integer(1)), d.integer(2));
  auto [value, index] = selectRanked(d, x, *dim, k, *keepdim);
  if (!isFloatDtype(getDtype(x)))
    return Results{value, index};
  Value isNan = d.make<AtenIsnanOp>(x);
  Value hasNan = d.make<AtenAnyDimOp>(isNan, d.integer(*dim),
                                      op->getOperand(2));
  // argmax takes no bools.
  Value nanCount = d.make<AtenToDtypeOp>(isNan, d.integer(4), d.boolean(false),
                                         d.boolean(false), d.none());
  Value firstNan =
      d.make<AtenArgmaxOp>(nanCount, d.integer(*dim), op->getOperand(2));
  value = d.make<AtenWhereScalarSelfOp>(
      hasNan, d.real(std::numeric_limits<double>::quiet_NaN()), value);
  index = d.where(hasNan, firstNan, index);
  return Results{value, index};
}

/// nanmedian.dim(x, dim, keepdim): the lower median of the elements that
/// are not NaN (sorted first), and its index. A slice of NaN only gives NaN
/// and the index of its first element; PyTorch's index there is whichever
/// its selection kernel leaves.
FailureOr<Results> decomposeNanmedianDim(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<bool> keepdim = matchConstantBool(op->getOperand(2));
  if (!rank || !keepdim || !hasFloatDtype(x))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(1), *rank);
  if (!dim)
    return failure();
  if (*rank == 0)
    return Results{d.make<AtenCloneOp>(x, d.none()),
                   d.make<AtenZerosLikeOp>(x, d.integer(4), d.none(),
                                           d.none(), d.none(), d.none())};
  auto [sorted, indices] =
      d.make2<AtenSortOp>(x, d.integer(*dim), d.boolean(false));
  Value count = d.make<AtenSumDimIntListOp>(
      d.make<AtenLogicalNotOp>(d.make<AtenIsnanOp>(x)), d.ints({*dim}),
      d.boolean(true), d.none());
  // (count - 1) // 2, and 0 for a slice of NaN only.
  Value k = d.make<AtenClampMinOp>(
      d.make<AtenFloorDivideScalarOp>(
          d.make<AtenSubScalarOp>(count, d.integer(1), d.integer(1)),
          d.integer(2)),
      d.integer(0));
  Value value = d.make<AtenGatherOp>(sorted, d.integer(*dim), k,
                                     d.boolean(false));
  Value index = d.make<AtenGatherOp>(indices, d.integer(*dim), k,
                                     d.boolean(false));
  if (!*keepdim) {
    value = d.make<AtenSqueezeDimOp>(value, d.integer(*dim));
    index = d.make<AtenSqueezeDimOp>(index, d.integer(*dim));
  }
  return Results{value, index};
}

/// median(x): the lower median of all elements.
FailureOr<Results> decomposeMedian(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!getRank(x) || !getDtype(x) || isComplexDtype(getDtype(x)) ||
      isBoolDtype(getDtype(x)))
    return failure();
  Value flat = d.make<AtenFlattenUsingIntsOp>(x, d.integer(0), d.integer(-1));
  Value n = d.size(flat, 0);
  Value k = d.intOp<AtenFloordivIntOp>(
      d.intOp<AtenSubIntOp>(n, d.integer(1)), d.integer(2));
  Value value = selectRanked(d, flat, 0, k, false).first;
  if (isFloatDtype(getDtype(x))) {
    Value hasNan = d.make<AtenAnyOp>(d.make<AtenIsnanOp>(flat));
    value = d.make<AtenWhereScalarSelfOp>(
        hasNan, d.real(std::numeric_limits<double>::quiet_NaN()), value);
  }
  return Results{value};
}

/// kthvalue(x, k, dim, keepdim): the k-th smallest element and its index;
/// NaN sorts last, as in PyTorch.
FailureOr<Results> decomposeKthvalue(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<int64_t> k = matchConstantInt(op->getOperand(1));
  std::optional<bool> keepdim = matchConstantBool(op->getOperand(3));
  if (!rank || *rank == 0 || !k || *k < 1 || !keepdim || !getDtype(x) ||
      isComplexDtype(getDtype(x)) || isBoolDtype(getDtype(x)))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(2), *rank);
  BaseTensorType type = getTensorType(x);
  if (!dim || (type.getSizes()[*dim] != kUnknownSize &&
               *k > type.getSizes()[*dim]))
    return failure();
  auto [value, index] = selectRanked(d, x, *dim, d.integer(*k - 1), *keepdim);
  return Results{value, index};
}

/// aminmax(x, dim, keepdim): amin and amax.
FailureOr<Results> decomposeAminmax(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  if (!rank || !matchConstantBool(op->getOperand(2)))
    return failure();
  SmallVector<int64_t> dims;
  if (!isConstantNone(op->getOperand(1))) {
    std::optional<int64_t> dim = getDim(op->getOperand(1), *rank);
    if (!dim)
      return failure();
    dims.push_back(*dim);
  }
  Value min = d.make<AtenAminOp>(x, d.ints(dims), op->getOperand(2));
  Value max = d.make<AtenAmaxOp>(x, d.ints(dims), op->getOperand(2));
  return Results{min, max};
}

/// For each element of x, how many elements of the last dim of `sorted`
/// are below it (not above it, with `right`), in int64 or int32. `sorted`
/// is 1-D, or has x's rank and leading dims. NaN counts as above all.
Value countBelow(Decomposer &d, Value sorted, Value x, bool right,
                 bool int32) {
  // [..., K, 1] against [..., 1, M].
  Value element = d.unsqueeze(x, -1);
  Value row = getRank(sorted) == 1 ? sorted : d.unsqueeze(sorted, -2);
  Value below = right ? d.make<AtenLeTensorOp>(row, element)
                      : d.make<AtenLtTensorOp>(row, element);
  Value count = d.make<AtenSumDimIntListOp>(below, d.ints({-1}),
                                            d.boolean(false),
                                            d.integer(int32 ? 3 : 4));
  if (isFloatDtype(getDtype(x)))
    count = d.make<AtenWhereScalarSelfOp>(d.make<AtenIsnanOp>(x),
                                          d.size(sorted, -1), count);
  return count;
}

/// cummax(x, dim) and cummin(x, dim): the running extreme and the index of
/// its last occurrence (NaN, once seen, is the extreme), as in PyTorch.
/// Computed over a [n, n] selection, with each row's own element in place
/// of those after it (which leaves its extreme unchanged).
template <bool Max>
FailureOr<Results> decomposeCumulativeExtreme(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  Type dtype = getDtype(x);
  if (!rank || *rank == 0 || !dtype || isComplexDtype(dtype) ||
      isBoolDtype(dtype))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(1), *rank);
  if (!dim)
    return failure();
  Value last = d.movedim(x, *dim, *rank - 1);
  Value index = d.arange(d.size(last, -1));
  // mask[i, j] = j <= i.
  Value mask =
      d.make<AtenLeTensorOp>(d.unsqueeze(index, 0), d.unsqueeze(index, 1));
  Value row = d.unsqueeze(last, -2), own = d.unsqueeze(last, -1);
  Value selected = d.where(mask, row, own);
  Value extreme = Max ? d.make<AtenAmaxOp>(selected, d.ints({-1}),
                                           d.boolean(false))
                      : d.make<AtenAminOp>(selected, d.ints({-1}),
                                           d.boolean(false));
  // The last j <= i where the row holds the extreme; NaN equals NaN here.
  Value column = d.unsqueeze(extreme, -1);
  Value equal = d.make<AtenEqTensorOp>(row, column);
  if (isFloatDtype(dtype))
    equal = d.make<AtenLogicalOrOp>(
        equal, d.make<AtenLogicalAndOp>(d.make<AtenIsnanOp>(row),
                                        d.make<AtenIsnanOp>(column)));
  Value hit = d.make<AtenLogicalAndOp>(equal, mask);
  Value positions = d.make<AtenWhereScalarOtherOp>(hit, index, d.integer(-1));
  Value indices = d.make<AtenAmaxOp>(positions, d.ints({-1}),
                                     d.boolean(false));
  return Results{d.movedim(extreme, *rank - 1, *dim),
                 d.movedim(indices, *rank - 1, *dim)};
}

/// bucketize.Tensor(x, boundaries, out_int32, right): how many boundaries
/// are below each element (or not above it, with right); NaN goes past
/// the last.
FailureOr<Results> decomposeBucketize(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), boundaries = op->getOperand(1);
  std::optional<bool> int32 = matchConstantBool(op->getOperand(2));
  std::optional<bool> right = matchConstantBool(op->getOperand(3));
  if (!getRank(x) || getRank(boundaries) != 1 || !int32 || !right ||
      !getDtype(x) || isComplexDtype(getDtype(x)))
    return failure();
  return Results{countBelow(d, boundaries, x, *right, *int32)};
}

/// searchsorted.Tensor(sorted, x, out_int32, right, side, sorter), without
/// a sorter: as bucketize, along the last dim of each sorted row.
FailureOr<Results> decomposeSearchsorted(Operation *op, Decomposer &d) {
  Value sorted = op->getOperand(0), x = op->getOperand(1);
  std::optional<bool> int32 = matchConstantBool(op->getOperand(2));
  std::optional<bool> right = matchConstantBool(op->getOperand(3));
  std::optional<int64_t> rankSorted = getRank(sorted), rankX = getRank(x);
  if (!rankSorted || !rankX || !int32 || !right || !getDtype(x) ||
      isComplexDtype(getDtype(x)) || !isConstantNone(op->getOperand(5)))
    return failure();
  Value side = op->getOperand(4);
  if (!isConstantNone(side)) {
    auto name = side.getDefiningOp<ConstantStrOp>();
    if (!name || (name.getValue() != "left" && name.getValue() != "right"))
      return failure();
    right = name.getValue() == "right";
  }
  if (*rankSorted != 1 && *rankSorted != *rankX)
    return failure();
  return Results{countBelow(d, sorted, x, *right, *int32)};
}

//===----------------------------------------------------------------------===//
// Losses and reductions
//===----------------------------------------------------------------------===//

/// huber_loss(x, target, reduction, delta) and smooth_l1_loss(x, target,
/// reduction, beta): with z = |x - target|, `0.5 z^2` (divided by beta)
/// below the threshold, and a line above it.
template <bool Huber>
FailureOr<Results> decomposeHuberOrSmoothL1(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), target = op->getOperand(1);
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(2));
  std::optional<double> threshold = getNumber(op->getOperand(3));
  if (!reduction || *reduction < 0 || *reduction > 2 || !threshold ||
      !hasFloatDtype(x) || getDtype(x) != getDtype(target))
    return failure();
  Value z = d.abs(d.sub(x, target));
  Value loss;
  if (!Huber && *threshold == 0.0) {
    loss = z;
  } else {
    Value square = d.mul(d.mul(z, z), Huber ? 0.5 : 0.5 / *threshold);
    Value line = Huber ? d.mul(d.add(z, -0.5 * *threshold), *threshold)
                       : d.add(z, -0.5 * *threshold);
    Value below = d.make<AtenLtScalarOp>(z, op->getOperand(3));
    loss = d.where(below, square, line);
  }
  return Results{d.reduce(loss, *reduction)};
}

/// nansum(x, dim, keepdim, dtype): the sum with NaN counted as 0.
FailureOr<Results> decomposeNansum(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!getDtype(x) || isComplexDtype(getDtype(x)))
    return failure();
  if (isFloatDtype(getDtype(x)))
    x = d.make<AtenWhereScalarSelfOp>(d.make<AtenIsnanOp>(x), d.integer(0),
                                      x);
  return Results{d.make<AtenSumDimIntListOp>(
      x, op->getOperand(1), op->getOperand(2), op->getOperand(3))};
}

/// count_nonzero(x, dim) and count_nonzero.dim_IntList(x, dims).
FailureOr<Results> decomposeCountNonzero(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  if (!rank || !getDtype(x) || isComplexDtype(getDtype(x)))
    return failure();
  Value dims = op->getOperand(1);
  if (isa<IntType>(dims.getType())) {
    std::optional<int64_t> dim = getDim(dims, *rank);
    if (!dim)
      return failure();
    dims = d.ints({*dim});
  }
  Value nonzero = d.make<AtenNeScalarOp>(x, d.integer(0));
  return Results{d.make<AtenSumDimIntListOp>(nonzero, dims, d.boolean(false),
                                             d.none())};
}

/// isin.Tensor_Tensor(elements, test, assume_unique, invert): whether each
/// element equals any test element.
FailureOr<Results> decomposeIsin(Operation *op, Decomposer &d) {
  Value elements = op->getOperand(0), test = op->getOperand(1);
  std::optional<bool> invert = matchConstantBool(op->getOperand(3));
  if (!getRank(elements) || !getRank(test) || !invert)
    return failure();
  Value flat =
      d.make<AtenFlattenUsingIntsOp>(test, d.integer(0), d.integer(-1));
  Value equal = d.make<AtenEqTensorOp>(d.unsqueeze(elements, -1), flat);
  Value found =
      d.make<AtenAnyDimOp>(equal, d.integer(-1), d.boolean(false));
  if (*invert)
    found = d.make<AtenLogicalNotOp>(found);
  return Results{found};
}

/// cov(x, correction, fweights, aweights) without weights: the products
/// of the centered rows, divided by the observations less the correction.
FailureOr<Results> decomposeCov(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<int64_t> correction = matchConstantInt(op->getOperand(1));
  if (!rank || *rank > 2 || !correction || !hasFloatDtype(x) ||
      !isConstantNone(op->getOperand(2)) || !isConstantNone(op->getOperand(3)))
    return failure();
  Value rows = *rank == 2 ? x : d.make<AtenViewOp>(x, d.ints({1, -1}));
  Value mean = d.make<AtenMeanDimOp>(rows, d.ints({1}), d.boolean(true),
                                     d.none());
  Value centered = d.sub(rows, mean);
  Value products = d.make<AtenMatmulOp>(
      centered,
      d.make<AtenTransposeIntOp>(centered, d.integer(0), d.integer(1)));
  Value observations = d.intOp<AtenSubIntOp>(d.size(rows, 1),
                                             d.integer(*correction));
  Value result = d.make<AtenDivScalarOp>(products, observations);
  if (*rank < 2)
    result = d.make<AtenViewOp>(result, d.ints({}));
  return Results{result};
}

/// block_diag(tensors) of matrices of known sizes: each padded with zeros
/// to the full width, then stacked.
FailureOr<Results> decomposeBlockDiag(Operation *op, Decomposer &d) {
  std::optional<SmallVector<Value>> tensors =
      getTensorElements(op->getOperand(0));
  if (!tensors || tensors->empty())
    return failure();
  Type dtype = getDtype(tensors->front());
  if (!dtype || isBoolDtype(dtype))
    return failure();
  // Every block is checked, and the widths summed, before any op is
  // created.
  SmallVector<int64_t> widths;
  int64_t total = 0;
  for (Value tensor : *tensors) {
    BaseTensorType type = getTensorType(tensor);
    if (!type || !type.hasSizes() || type.getRank() > 2 ||
        !type.areAllSizesKnown() || type.getOptionalDtype() != dtype)
      return failure();
    int64_t width = type.getRank() == 0 ? 1 : type.getSizes().back();
    if (llvm::AddOverflow(total, width, total))
      return failure();
    widths.push_back(width);
  }
  SmallVector<Value> blocks;
  int64_t left = 0;
  for (auto [tensor, width] : llvm::zip(*tensors, widths)) {
    // A 0-d tensor is [1, 1], a vector one row.
    Value block = tensor;
    int64_t rank = getTensorType(tensor).getRank();
    if (rank == 0)
      block = d.make<AtenViewOp>(block, d.ints({1, 1}));
    else if (rank == 1)
      block = d.unsqueeze(block, 0);
    blocks.push_back(d.make<AtenConstantPadNdOp>(
        block, d.ints({left, total - left - width}), d.integer(0)));
    left += width;
  }
  return Results{d.make<AtenCatOp>(d.tensorList(blocks), d.integer(0))};
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

/// hypot(a, b): `big * sqrt(1 + (small / big)^2)`, which does not overflow
/// where `a^2 + b^2` would; 0 when both are 0, and inf when either is
/// infinite (even with a NaN), as C's hypot.
FailureOr<Results> decomposeHypot(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  if (!hasFloatDtype(a) || getDtype(a) != getDtype(b))
    return failure();
  Value absA = d.abs(a), absB = d.abs(b);
  Value big = d.make<AtenMaximumOp>(absA, absB);
  Value small = d.make<AtenMinimumOp>(absA, absB);
  Value ratio = d.make<AtenDivTensorOp>(small, big);
  Value root = d.make<AtenSqrtOp>(d.add(d.mul(ratio, ratio), 1.0));
  Value result = d.mul(big, root);
  Value zero = d.make<AtenEqScalarOp>(big, d.integer(0));
  result = d.make<AtenWhereScalarSelfOp>(zero, d.integer(0), result);
  Value infinite = d.make<AtenLogicalOrOp>(d.make<AtenIsinfOp>(a),
                                           d.make<AtenIsinfOp>(b));
  return Results{d.make<AtenWhereScalarSelfOp>(
      infinite, d.real(std::numeric_limits<double>::infinity()), result)};
}

/// copysign.Tensor(a, b): |a| with the sign bit of b.
FailureOr<Results> decomposeCopysign(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  if (!hasFloatDtype(a) || getDtype(a) != getDtype(b))
    return failure();
  Value magnitude = d.abs(a);
  return Results{d.where(d.make<AtenSignbitOp>(b),
                         d.make<AtenNegOp>(magnitude), magnitude)};
}

/// float_power.Tensor_Tensor(a, b): pow in double.
FailureOr<Results> decomposeFloatPower(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  Type dtypeA = getDtype(a), dtypeB = getDtype(b);
  if (!dtypeA || !dtypeB || isComplexDtype(dtypeA) || isComplexDtype(dtypeB))
    return failure();
  Value f64 = d.integer(7);
  auto toDouble = [&](Value x) {
    return d.make<AtenToDtypeOp>(x, f64, d.boolean(false), d.boolean(false),
                                 d.none());
  };
  return Results{d.make<AtenPowTensorTensorOp>(toDouble(a), toDouble(b))};
}

/// ldexp.Tensor(a, b): `a * 2^b`.
FailureOr<Results> decomposeLdexp(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  if (!hasFloatDtype(a) || !getDtype(b) || isComplexDtype(getDtype(b)) ||
      (isFloatDtype(getDtype(b)) && getDtype(b) != getDtype(a)))
    return failure();
  // 2^b in a's dtype: an integer b would give f32.
  std::optional<int64_t> scalarType = getScalarTypeForDtype(getDtype(a));
  if (!scalarType)
    return failure();
  Value power = d.make<AtenToDtypeOp>(d.make<AtenExp2Op>(b),
                                      d.integer(*scalarType), d.boolean(false),
                                      d.boolean(false), d.none());
  return Results{d.mul(a, power)};
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

/// ravel(x): x flattened.
FailureOr<Results> decomposeRavel(Operation *op, Decomposer &d) {
  return Results{d.make<AtenFlattenUsingIntsOp>(
      op->getOperand(0), d.integer(0), d.integer(-1))};
}

/// dstack(tensors): each at least 3-D ([n] as [1, n, 1], [m, n] as
/// [m, n, 1]), concatenated along dim 2.
FailureOr<Results> decomposeDstack(Operation *op, Decomposer &d) {
  std::optional<SmallVector<Value>> tensors =
      getTensorElements(op->getOperand(0));
  if (!tensors || tensors->empty())
    return failure();
  if (!llvm::all_of(*tensors, [](Value tensor) { return getRank(tensor); }))
    return failure();
  SmallVector<Value> expanded;
  for (Value tensor : *tensors) {
    std::optional<int64_t> rank = getRank(tensor);
    if (*rank == 0)
      tensor = d.unsqueeze(tensor, 0);
    if (*rank <= 1)
      tensor = d.unsqueeze(tensor, 0);
    if (*rank <= 2)
      tensor = d.unsqueeze(tensor, -1);
    expanded.push_back(tensor);
  }
  return Results{d.make<AtenCatOp>(d.tensorList(expanded), d.integer(2))};
}

/// The grids of 1-D tensors, indexed as [i0, i1, ...] ("ij").
std::optional<SmallVector<Value>> makeGrids(Decomposer &d,
                                            ArrayRef<Value> tensors) {
  int64_t count = tensors.size();
  SmallVector<Value> sizes;
  // Checked before any op is created: a pattern that fails leaves the IR
  // as it was.
  if (llvm::any_of(tensors, [](Value tensor) {
        std::optional<int64_t> rank = getRank(tensor);
        return rank != 0 && rank != 1;
      }))
    return std::nullopt;
  SmallVector<Value> vectors;
  for (Value tensor : tensors) {
    // A 0-d tensor counts as one of one element.
    if (getRank(tensor) == 0)
      tensor = d.unsqueeze(tensor, 0);
    vectors.push_back(tensor);
    sizes.push_back(d.size(tensor, 0));
  }
  Value shape = d.intList(sizes);
  SmallVector<Value> grids;
  for (auto [i, tensor] : llvm::enumerate(vectors)) {
    Value grid = tensor;
    for (int64_t j = int64_t(i) + 1; j < count; ++j)
      grid = d.unsqueeze(grid, -1);
    for (int64_t j = 0; j < int64_t(i); ++j)
      grid = d.unsqueeze(grid, 0);
    grids.push_back(d.make<AtenExpandOp>(grid, shape, d.boolean(false)));
  }
  return grids;
}

/// meshgrid(tensors) and meshgrid.indexing(tensors, indexing).
FailureOr<Results> decomposeMeshgrid(Operation *op, Decomposer &d) {
  std::optional<SmallVector<Value>> tensors =
      getTensorElements(op->getOperand(0));
  if (!tensors || tensors->empty())
    return failure();
  bool xy = false;
  if (op->getNumOperands() > 1) {
    auto indexing = op->getOperand(1).getDefiningOp<ConstantStrOp>();
    if (!indexing ||
        (indexing.getValue() != "ij" && indexing.getValue() != "xy"))
      return failure();
    xy = indexing.getValue() == "xy";
  }
  // "xy" swaps the first two inputs, and then the first two grids.
  SmallVector<Value> inputs(*tensors);
  if (xy && inputs.size() >= 2)
    std::swap(inputs[0], inputs[1]);
  std::optional<SmallVector<Value>> grids = makeGrids(d, inputs);
  if (!grids)
    return failure();
  if (xy && inputs.size() >= 2)
    std::swap((*grids)[0], (*grids)[1]);
  return Results{d.tensorList(*grids)};
}

/// cartesian_prod(tensors): the flattened "ij" grids, stacked as columns.
FailureOr<Results> decomposeCartesianProd(Operation *op, Decomposer &d) {
  std::optional<SmallVector<Value>> tensors =
      getTensorElements(op->getOperand(0));
  if (!tensors || tensors->empty())
    return failure();
  if (tensors->size() == 1) {
    if (getRank(tensors->front()) != 1)
      return failure();
    return Results{tensors->front()};
  }
  std::optional<SmallVector<Value>> grids = makeGrids(d, *tensors);
  if (!grids)
    return failure();
  SmallVector<Value> columns;
  for (Value grid : *grids)
    columns.push_back(
        d.make<AtenFlattenUsingIntsOp>(grid, d.integer(0), d.integer(-1)));
  return Results{d.make<AtenStackOp>(d.tensorList(columns), d.integer(1))};
}

/// rot90(x, k, dims): flips and a transpose, by k modulo 4.
FailureOr<Results> decomposeRot90(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<int64_t> k = matchConstantInt(op->getOperand(1));
  std::optional<SmallVector<int64_t>> dims =
      matchConstantIntList(op->getOperand(2));
  if (!rank || *rank < 2 || !k || !dims || dims->size() != 2)
    return failure();
  std::optional<int64_t> d0 = wrapDim((*dims)[0], *rank);
  std::optional<int64_t> d1 = wrapDim((*dims)[1], *rank);
  if (!d0 || !d1 || *d0 == *d1)
    return failure();
  auto flip = [&](ArrayRef<int64_t> flipped) {
    return d.make<AtenFlipOp>(x, d.ints(flipped));
  };
  auto transpose = [&](Value y) {
    return d.make<AtenTransposeIntOp>(y, d.integer(*d0), d.integer(*d1));
  };
  switch (((*k % 4) + 4) % 4) {
  case 1:
    return Results{transpose(flip({*d1}))};
  case 2:
    return Results{flip({*d0, *d1})};
  case 3:
    return Results{transpose(flip({*d0}))};
  default:
    return Results{d.make<AtenCloneOp>(x, d.none())};
  }
}

/// logspace(start, end, steps, base, dtype, ...): `base ^ linspace(start,
/// end, steps)`, in double, then in the result's dtype.
FailureOr<Results> decomposeLogspace(Operation *op, Decomposer &d) {
  BaseTensorType type = getTensorType(op->getResult(0));
  std::optional<double> base = getNumber(op->getOperand(3));
  if (!type || !type.hasDtype() || !isFloatDtype(type.getDtype()) || !base)
    return failure();
  std::optional<int64_t> scalarType = getScalarTypeForDtype(type.getDtype());
  if (!scalarType)
    return failure();
  Value exponents = d.make<AtenLinspaceOp>(
      op->getOperand(0), op->getOperand(1), op->getOperand(2), d.integer(7),
      d.none(), d.none(), d.none());
  Value powers = d.make<AtenPowScalarOp>(d.real(*base), exponents);
  return Results{d.make<AtenToDtypeOp>(powers, d.integer(*scalarType),
                                       d.boolean(false), d.boolean(false),
                                       d.none())};
}

//===----------------------------------------------------------------------===//
// Normalization and products
//===----------------------------------------------------------------------===//

/// rms_norm(x, normalized_shape, weight, eps): x over the root mean square
/// of its last dims, computed in float for f16 and bf16, then times the
/// weight. eps defaults to the machine epsilon of that float type.
FailureOr<Results> decomposeRmsNorm(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  // Only the length of normalized_shape matters; its sizes may be read at
  // run time.
  auto shape = op->getOperand(1).getDefiningOp<PrimListConstructOp>();
  int64_t normalized = shape ? int64_t(shape.getElements().size()) : 0;
  Type dtype = getDtype(x);
  if (!rank || normalized == 0 || normalized > *rank || !isFloatDtype(dtype))
    return failure();
  bool wide = dtype.isF64();
  double eps = wide ? std::numeric_limits<double>::epsilon()
                    : std::numeric_limits<float>::epsilon();
  if (!isConstantNone(op->getOperand(3))) {
    std::optional<double> given = getNumber(op->getOperand(3));
    if (!given)
      return failure();
    eps = *given;
  }
  std::optional<int64_t> scalarType = getScalarTypeForDtype(dtype);
  if (!scalarType)
    return failure();
  auto toDtype = [&](Value value, int64_t code) {
    return d.make<AtenToDtypeOp>(value, d.integer(code), d.boolean(false),
                                 d.boolean(false), d.none());
  };
  // f16 and bf16 compute in f32 (code 6).
  bool upcast = !wide && !dtype.isF32();
  Value input = upcast ? toDtype(x, 6) : x;
  SmallVector<int64_t> dims;
  for (int64_t i = *rank - normalized; i < *rank; ++i)
    dims.push_back(i);
  Value mean = d.make<AtenMeanDimOp>(d.mul(input, input), d.ints(dims),
                                     d.boolean(true), d.none());
  Value scale = d.make<AtenRsqrtOp>(d.add(mean, eps));
  Value result = d.mul(input, scale);
  if (upcast)
    result = toDtype(result, *scalarType);
  if (!isConstantNone(op->getOperand(2)))
    result = d.mul(result, op->getOperand(2));
  return Results{result};
}

/// tensordot(a, b, dims_a, dims_b): a's free dims and b's free dims, each
/// flattened into one, around a matrix product over the contracted dims.
FailureOr<Results> decomposeTensordot(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  std::optional<int64_t> rankA = getRank(a), rankB = getRank(b);
  std::optional<SmallVector<int64_t>> dimsA =
      matchConstantIntList(op->getOperand(2));
  std::optional<SmallVector<int64_t>> dimsB =
      matchConstantIntList(op->getOperand(3));
  if (!rankA || !rankB || !dimsA || !dimsB || dimsA->size() != dimsB->size() ||
      !getDtype(a) || getDtype(a) != getDtype(b))
    return failure();
  auto normalize = [](SmallVector<int64_t> &dims, int64_t rank) {
    for (int64_t &dim : dims) {
      if (dim < 0)
        dim += rank;
      if (dim < 0 || dim >= rank || llvm::count(dims, dim) != 1)
        return false;
    }
    return true;
  };
  if (!normalize(*dimsA, *rankA) || !normalize(*dimsB, *rankB))
    return failure();
  // A contracted dim of size 1 broadcasts: PyTorch sums its partner first.
  ArrayRef<int64_t> sizesA = getTensorType(a).getSizes();
  ArrayRef<int64_t> sizesB = getTensorType(b).getSizes();
  auto broadcasts = [&](int64_t sizeA, int64_t sizeB) {
    return sizeA != sizeB && sizeA != kUnknownSize && sizeB != kUnknownSize;
  };
  for (auto [dimA, dimB] : llvm::zip(*dimsA, *dimsB))
    if (broadcasts(sizesA[dimA], sizesB[dimB]) &&
        ((sizesA[dimA] != 1 && sizesB[dimB] != 1) || !hasFloatDtype(a)))
      return failure();
  for (auto [dimA, dimB] : llvm::zip(*dimsA, *dimsB)) {
    int64_t sizeA = sizesA[dimA], sizeB = sizesB[dimB];
    if (!broadcasts(sizeA, sizeB))
      continue;
    if (sizeB == 1)
      a = d.make<AtenSumDimIntListOp>(a, d.ints({dimA}), d.boolean(true),
                                      d.none());
    else
      b = d.make<AtenSumDimIntListOp>(b, d.ints({dimB}), d.boolean(true),
                                      d.none());
  }
  auto freeDims = [](ArrayRef<int64_t> contracted, int64_t rank) {
    SmallVector<int64_t> free;
    for (int64_t i = 0; i < rank; ++i)
      if (!llvm::is_contained(contracted, i))
        free.push_back(i);
    return free;
  };
  SmallVector<int64_t> freeA = freeDims(*dimsA, *rankA);
  SmallVector<int64_t> freeB = freeDims(*dimsB, *rankB);
  // [free..., contracted...] (a) or [contracted..., free...] (b) as a
  // matrix: each group flattened, or a new dim of 1 where it is empty.
  auto asMatrix = [&](Value x, ArrayRef<int64_t> first,
                      ArrayRef<int64_t> second) {
    SmallVector<int64_t> order(first);
    order.append(second.begin(), second.end());
    x = d.make<AtenPermuteOp>(x, d.ints(order));
    auto group = [&](Value y, int64_t start, int64_t count) {
      if (count == 0)
        return d.unsqueeze(y, start);
      return d.make<AtenFlattenUsingIntsOp>(y, d.integer(start),
                                            d.integer(start + count - 1));
    };
    x = group(x, 0, first.size());
    return group(x, 1, second.size());
  };
  Value product = d.make<AtenMmOp>(asMatrix(a, freeA, *dimsA),
                                   asMatrix(b, *dimsB, freeB));
  SmallVector<Value> sizes;
  for (int64_t dim : freeA)
    sizes.push_back(d.size(a, dim));
  for (int64_t dim : freeB)
    sizes.push_back(d.size(b, dim));
  return Results{d.make<AtenReshapeOp>(product, d.intList(sizes))};
}

/// trace(x): the sum of the main diagonal.
FailureOr<Results> decomposeTrace(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (getRank(x) != 2)
    return failure();
  Value diagonal =
      d.make<AtenDiagonalOp>(x, d.integer(0), d.integer(0), d.integer(1));
  return Results{d.make<AtenSumOp>(diagonal, d.none())};
}

/// _safe_softmax(x, dim, dtype): softmax, with 0 for slices that are all
/// -inf (where softmax gives NaN).
FailureOr<Results> decomposeSafeSoftmax(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!hasFloatDtype(x))
    return failure();
  Value softmax = d.make<AtenSoftmaxIntOp>(x, op->getOperand(1),
                                           op->getOperand(2));
  Value masked = d.make<AtenEqScalarOp>(
      x, d.real(-std::numeric_limits<double>::infinity()));
  Value allMasked =
      d.make<AtenAllDimOp>(masked, op->getOperand(1), d.boolean(true));
  return Results{d.make<AtenWhereScalarSelfOp>(allMasked, d.integer(0),
                                               softmax)};
}

/// take(x, index): the elements of flattened x at index, in index's shape.
FailureOr<Results> decomposeTake(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), index = op->getOperand(1);
  std::optional<int64_t> rank = getRank(index);
  if (!getRank(x) || !rank)
    return failure();
  Value flat = d.make<AtenFlattenUsingIntsOp>(x, d.integer(0), d.integer(-1));
  Value flatIndex =
      d.make<AtenFlattenUsingIntsOp>(index, d.integer(0), d.integer(-1));
  Value taken = d.make<AtenIndexSelectOp>(flat, d.integer(0), flatIndex);
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < *rank; ++i)
    sizes.push_back(d.size(index, i));
  return Results{d.make<AtenReshapeOp>(taken, d.intList(sizes))};
}

/// nanmean(x, dim, keepdim, dtype): nansum over the count of non-NaN
/// elements.
FailureOr<Results> decomposeNanmean(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!hasFloatDtype(x))
    return failure();
  Value notNan = d.make<AtenLogicalNotOp>(d.make<AtenIsnanOp>(x));
  Value count = d.make<AtenSumDimIntListOp>(notNan, op->getOperand(1),
                                            op->getOperand(2), d.none());
  Value zeroed =
      d.make<AtenWhereScalarSelfOp>(d.make<AtenIsnanOp>(x), d.integer(0), x);
  Value sum = d.make<AtenSumDimIntListOp>(zeroed, op->getOperand(1),
                                          op->getOperand(2),
                                          op->getOperand(3));
  return Results{d.make<AtenDivTensorOp>(sum, count)};
}

/// dist(a, b, p): the p-norm of a - b.
FailureOr<Results> decomposeDist(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  if (!hasFloatDtype(a) || getDtype(a) != getDtype(b))
    return failure();
  return Results{d.norm(d.sub(a, b), op->getOperand(2), std::nullopt, false)};
}

/// msort(x): x sorted along dim 0.
FailureOr<Results> decomposeMsort(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!getRank(x) || *getRank(x) == 0)
    return failure();
  return Results{
      d.make2<AtenSortOp>(x, d.integer(0), d.boolean(false)).first};
}

/// movedim.intlist(x, source, destination): a permutation.
FailureOr<Results> decomposeMovedimList(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<SmallVector<int64_t>> source =
      matchConstantIntList(op->getOperand(1));
  std::optional<SmallVector<int64_t>> destination =
      matchConstantIntList(op->getOperand(2));
  if (!rank || !source || !destination)
    return failure();
  std::optional<SmallVector<int64_t>> order =
      getMovedimPermutation(*source, *destination, *rank);
  if (!order)
    return failure();
  return Results{d.make<AtenPermuteOp>(x, d.ints(*order))};
}

/// diagflat(x, offset): flattened x on a diagonal of a matrix.
FailureOr<Results> decomposeDiagflat(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> offset = getOffset(op->getOperand(1));
  if (!getRank(x) || !offset || !getDtype(x) || isBoolDtype(getDtype(x)))
    return failure();
  Value flat = d.make<AtenFlattenUsingIntsOp>(x, d.integer(0), d.integer(-1));
  return Results{embedDiagonal(d, flat, *offset)};
}

/// real(x), isreal(x) and matrix_H(x) of a tensor that is not complex.
FailureOr<Results> decomposeRealPart(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  Type dtype = getDtype(x);
  if (!dtype || isComplexDtype(dtype))
    return failure();
  StringRef name = op->getName().getStringRef();
  if (auto named = dyn_cast<OperatorOp>(op))
    name = named.getName();
  if (name.ends_with("isreal"))
    return Results{d.make<AtenOnesLikeOp>(x, d.integer(11), d.none(),
                                          d.none(), d.none(), d.none())};
  if (name.ends_with("matrix_H")) {
    if (!getRank(x) || *getRank(x) != 2)
      return failure();
    return Results{
        d.make<AtenTransposeIntOp>(x, d.integer(0), d.integer(1))};
  }
  return Results{x};
}

/// `op` (whose operands and results another op takes as they are) as op
/// `name`.
Results createSameOp(Decomposer &d, Operation *op, StringRef name) {
  auto registered = RegisteredOperationName::lookup(name, d.context);
  if (!registered)
    return {};
  OperationState state(d.loc, *registered);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  Operation *same = d.b.create(state);
  return Results(same->getResults().begin(), same->getResults().end());
}

/// The functional copy of a view op (`permute_copy`, `expand_copy`, ...):
/// the view op, whose result has value semantics here.
FailureOr<Results> decomposeViewCopy(Operation *op, Decomposer &d) {
  std::string name = getTorchOperatorName(op);
  auto [base, overload] = StringRef(name).split('.');
  if (!base.consume_back("_copy") || !base.consume_front("aten::"))
    return failure();
  std::string viewName = ("torch.aten." + base).str();
  if (!overload.empty())
    viewName += ("." + overload).str();
  Results results = createSameOp(d, op, viewName);
  if (results.empty())
    return failure();
  return results;
}

//===----------------------------------------------------------------------===//
// More losses
//===----------------------------------------------------------------------===//

/// margin_ranking_loss(x1, x2, target, margin, reduction):
/// `max(0, -target * (x1 - x2) + margin)`.
FailureOr<Results> decomposeMarginRankingLoss(Operation *op, Decomposer &d) {
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(4));
  if (!hasFloatDtype(op->getOperand(0)) || !reduction)
    return failure();
  Value diff = d.sub(op->getOperand(0), op->getOperand(1));
  Value scaled = d.make<AtenNegOp>(d.mul(op->getOperand(2), diff));
  Value shifted = d.make<AtenAddScalarOp>(scaled, op->getOperand(3),
                                          d.integer(1));
  return Results{d.reduce(
      d.make<AtenClampMinOp>(shifted, d.integer(0)), *reduction)};
}

/// hinge_embedding_loss(x, target, margin, reduction): `max(0, margin -
/// x)` where target is not 1, plus x where target is not -1.
FailureOr<Results> decomposeHingeEmbeddingLoss(Operation *op,
                                               Decomposer &d) {
  Value x = op->getOperand(0), target = op->getOperand(1);
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(3));
  if (!hasFloatDtype(x) || !reduction)
    return failure();
  Value clamped = d.make<AtenClampMinOp>(
      d.make<AtenRsubScalarOp>(x, op->getOperand(2), d.integer(1)),
      d.integer(0));
  Value marginPart = d.make<AtenWhereScalarOtherOp>(
      d.make<AtenNeScalarOp>(target, d.integer(1)), clamped, d.integer(0));
  Value selfPart = d.make<AtenWhereScalarOtherOp>(
      d.make<AtenNeScalarOp>(target, d.integer(-1)), x, d.integer(0));
  return Results{d.reduce(d.add(marginPart, selfPart), *reduction)};
}

/// soft_margin_loss(x, target, reduction): `log(1 + exp(-x * target))`.
FailureOr<Results> decomposeSoftMarginLoss(Operation *op, Decomposer &d) {
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(2));
  if (!hasFloatDtype(op->getOperand(0)) || !reduction)
    return failure();
  Value exponent = d.make<AtenNegOp>(d.mul(op->getOperand(0),
                                           op->getOperand(1)));
  return Results{d.reduce(
      d.make<AtenLog1pOp>(d.make<AtenExpOp>(exponent)), *reduction)};
}

/// cosine_embedding_loss(x1, x2, target, margin, reduction): `1 - cos`
/// where target is 1, `max(0, cos - margin)` where it is -1, with cos
/// over dim target.dim() and 1e-12 added to each squared magnitude.
FailureOr<Results> decomposeCosineEmbeddingLoss(Operation *op,
                                                Decomposer &d) {
  Value x1 = op->getOperand(0), x2 = op->getOperand(1);
  Value target = op->getOperand(2);
  std::optional<int64_t> targetRank = getRank(target);
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(4));
  if (!targetRank || !reduction || !hasFloatDtype(x1) ||
      getDtype(x1) != getDtype(x2))
    return failure();
  auto sum = [&](Value x) {
    return d.make<AtenSumDimIntListOp>(x, d.ints({*targetRank}),
                                       d.boolean(false), d.none());
  };
  Value dot = sum(d.mul(x1, x2));
  Value square1 = d.add(sum(d.mul(x1, x1)), 1e-12);
  Value square2 = d.add(sum(d.mul(x2, x2)), 1e-12);
  Value cos = d.make<AtenDivTensorOp>(
      dot, d.make<AtenSqrtOp>(d.mul(square1, square2)));
  Value positive = d.make<AtenRsubScalarOp>(cos, d.integer(1), d.integer(1));
  Value negative = d.make<AtenClampMinOp>(
      d.make<AtenSubScalarOp>(cos, op->getOperand(3), d.integer(1)),
      d.integer(0));
  Value loss = d.add(
      d.make<AtenWhereScalarOtherOp>(
          d.make<AtenEqScalarOp>(target, d.integer(1)), positive,
          d.integer(0)),
      d.make<AtenWhereScalarOtherOp>(
          d.make<AtenEqScalarOp>(target, d.integer(-1)), negative,
          d.integer(0)));
  return Results{d.reduce(loss, *reduction)};
}

/// poisson_nll_loss(x, target, log_input, full, eps, reduction).
FailureOr<Results> decomposePoissonNllLoss(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), target = op->getOperand(1);
  std::optional<bool> logInput = matchConstantBool(op->getOperand(2));
  std::optional<bool> full = matchConstantBool(op->getOperand(3));
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(5));
  if (!logInput || !full || !reduction || !hasFloatDtype(x) ||
      getDtype(x) != getDtype(target))
    return failure();
  Value loss;
  if (*logInput) {
    loss = d.sub(d.make<AtenExpOp>(x), d.mul(target, x));
  } else {
    Value shifted = d.make<AtenAddScalarOp>(x, op->getOperand(4),
                                            d.integer(1));
    loss = d.sub(x, d.mul(target, d.make<AtenLogOp>(shifted)));
  }
  if (*full) {
    // Stirling's term, for targets above 1.
    Value term = d.add(
        d.sub(d.mul(target, d.make<AtenLogOp>(target)), target),
        d.mul(d.make<AtenLogOp>(d.mul(target, 2 * M_PI)), 0.5));
    Value small = d.make<AtenLeScalarOp>(target, d.integer(1));
    loss = d.add(loss, d.make<AtenWhereScalarSelfOp>(small, d.integer(0),
                                                     term));
  }
  return Results{d.reduce(loss, *reduction)};
}

//===----------------------------------------------------------------------===//
// Other names, special functions and linear algebra
//===----------------------------------------------------------------------===//

/// The ops that are another on real tensors, with the same operands.
const llvm::StringMap<StringRef> &getSameOps() {
  static const llvm::StringMap<StringRef> table = {
      {"aten::vdot", "torch.aten.dot"},
      {"aten::linalg_diagonal", "torch.aten.diagonal"},
      {"aten::argwhere", "torch.aten.nonzero"},
  };
  return table;
}

/// vdot (which conjugates its first operand), linalg_diagonal and argwhere
/// of a real tensor.
FailureOr<Results> decomposeAsSameOp(Operation *op, Decomposer &d) {
  auto it = getSameOps().find(getTorchOperatorName(op));
  Type dtype = getDtype(op->getOperand(0));
  if (it == getSameOps().end() || !dtype || isComplexDtype(dtype))
    return failure();
  Results results = createSameOp(d, op, it->second);
  if (results.empty())
    return failure();
  return results;
}

/// positive(x) and conj_physical(x) of a real tensor: x.
FailureOr<Results> decomposeRealIdentity(Operation *op, Decomposer &d) {
  Type dtype = getDtype(op->getOperand(0));
  if (!dtype || isComplexDtype(dtype) || isBoolDtype(dtype))
    return failure();
  return Results{op->getOperand(0)};
}

/// special_ndtr(x): the standard normal CDF, `erfc(-x / sqrt(2)) / 2`,
/// accurate in the lower tail where `(1 + erf(x / sqrt(2))) / 2` is not.
FailureOr<Results> decomposeNdtr(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!hasFloatDtype(x))
    return failure();
  Value tail = d.make<AtenErfcOp>(d.mul(x, -M_SQRT1_2));
  return Results{d.mul(tail, 0.5)};
}

/// special_xlog1py(x, y): `x * log1p(y)`, 0 where x is 0 unless y is NaN.
FailureOr<Results> decomposeXlog1py(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), y = op->getOperand(1);
  if (!hasFloatDtype(x) || getDtype(x) != getDtype(y))
    return failure();
  Value product = d.mul(x, d.make<AtenLog1pOp>(y));
  Value zero = d.make<AtenLogicalAndOp>(
      d.make<AtenEqScalarOp>(x, d.integer(0)),
      d.make<AtenLogicalNotOp>(d.make<AtenIsnanOp>(y)));
  return Results{d.make<AtenWhereScalarSelfOp>(zero, d.real(0.0), product)};
}

/// special_entr(x): `-x * log(x)`, 0 at 0 and -inf below it; NaN stays.
FailureOr<Results> decomposeEntr(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  if (!hasFloatDtype(x))
    return failure();
  Value entropy = d.make<AtenNegOp>(d.mul(x, d.make<AtenLogOp>(x)));
  Value negative = d.make<AtenLtScalarOp>(x, d.integer(0));
  entropy = d.make<AtenWhereScalarSelfOp>(
      negative, d.real(-std::numeric_limits<double>::infinity()), entropy);
  Value zero = d.make<AtenEqScalarOp>(x, d.integer(0));
  return Results{d.make<AtenWhereScalarSelfOp>(zero, d.real(0.0), entropy)};
}

/// linalg_vecdot(x, y, dim) of real tensors: `sum(x * y, dim)`.
FailureOr<Results> decomposeVecdot(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0), y = op->getOperand(1);
  Type dtype = getDtype(x);
  if (!dtype || isComplexDtype(dtype) || isBoolDtype(dtype) ||
      dtype != getDtype(y) || !matchConstantInt(op->getOperand(2)))
    return failure();
  return Results{d.make<AtenSumDimIntListOp>(
      d.mul(x, y), d.intList({op->getOperand(2)}), d.boolean(false),
      d.none())};
}

/// fft_fftshift(x, dims) and fft_ifftshift: a roll of each dim (all when
/// None) by half its size, rounded down for fftshift and up for ifftshift.
template <bool Inverse>
FailureOr<Results> decomposeFftShift(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  if (!rank || *rank == 0)
    return failure();
  SmallVector<int64_t> dims;
  if (isConstantNone(op->getOperand(1))) {
    for (int64_t i = 0; i < *rank; ++i)
      dims.push_back(i);
  } else {
    std::optional<SmallVector<int64_t>> given =
        matchConstantIntList(op->getOperand(1));
    if (!given)
      return failure();
    for (int64_t dim : *given) {
      std::optional<int64_t> wrapped = wrapDim(dim, *rank);
      if (!wrapped)
        return failure();
      dims.push_back(*wrapped);
    }
  }
  if (dims.empty())
    return Results{x};
  SmallVector<int64_t> shifts;
  ArrayRef<int64_t> sizes = getTensorType(x).getSizes();
  for (int64_t dim : dims) {
    if (sizes[dim] == kUnknownSize)
      return failure();
    shifts.push_back(Inverse ? (sizes[dim] + 1) / 2 : sizes[dim] / 2);
  }
  return Results{d.make<AtenRollOp>(x, d.ints(shifts), d.ints(dims))};
}

/// linalg_multi_dot(tensors): the matrix products left to right; a 1-D
/// first or last tensor is a row or column vector, as matmul takes it.
FailureOr<Results> decomposeMultiDot(Operation *op, Decomposer &d) {
  std::optional<SmallVector<Value>> tensors =
      getTensorElements(op->getOperand(0));
  if (!tensors || tensors->size() < 2 || !hasFloatDtype(tensors->front()))
    return failure();
  for (auto [i, tensor] : llvm::enumerate(*tensors)) {
    std::optional<int64_t> rank = getRank(tensor);
    bool end = i == 0 || i + 1 == tensors->size();
    if (!rank || getDtype(tensor) != getDtype(tensors->front()) ||
        (*rank != 2 && !(end && *rank == 1)))
      return failure();
  }
  Value product = tensors->front();
  for (Value tensor : ArrayRef<Value>(*tensors).drop_front())
    product = d.make<AtenMatmulOp>(product, tensor);
  return Results{product};
}

/// linalg_matrix_power(a, n) for n >= 0: the identity for 0, else
/// products of repeated squares.
FailureOr<Results> decomposeMatrixPower(Operation *op, Decomposer &d) {
  Value a = op->getOperand(0);
  std::optional<int64_t> rank = getRank(a);
  std::optional<int64_t> n = matchConstantInt(op->getOperand(1));
  if (!rank || *rank < 2 || !n || *n < 0 || !hasFloatDtype(a))
    return failure();
  if (*n == 0) {
    // The diagonal embedding of ones shaped as a's rows.
    Value row = d.select(a, -1, d.integer(0));
    Value ones = d.make<AtenOnesLikeOp>(row, d.none(), d.none(), d.none(),
                                        d.none(), d.none());
    return Results{d.make<AtenDiagEmbedOp>(ones, d.integer(0), d.integer(-2),
                                           d.integer(-1))};
  }
  Value result, square = a;
  for (uint64_t bits = *n; bits; bits >>= 1) {
    if (bits & 1)
      result = result ? d.make<AtenMatmulOp>(result, square) : square;
    if (bits > 1)
      square = d.make<AtenMatmulOp>(square, square);
  }
  return Results{result};
}

/// trapezoid.x(y, x, dim), trapz.x and cumulative_trapezoid.x: the areas
/// `(x[i+1] - x[i]) * (y[i+1] + y[i]) / 2` along dim, summed, or their
/// cumulative sums. A 1-D x holds the positions along dim.
template <bool Cumulative>
FailureOr<Results> decomposeTrapezoidX(Operation *op, Decomposer &d) {
  Value y = op->getOperand(0), x = op->getOperand(1);
  std::optional<int64_t> rank = getRank(y), rankX = getRank(x);
  if (!rank || !rankX || *rank == 0 || !hasFloatDtype(y) ||
      getDtype(x) != getDtype(y) || (*rankX != 1 && *rankX != *rank))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(2), *rank);
  // PyTorch gives zeros for an empty dim.
  if (!dim || getTensorType(y).getSizes()[*dim] == kUnknownSize ||
      getTensorType(y).getSizes()[*dim] == 0)
    return failure();
  auto slice = [&](Value t, int64_t axis, int64_t start, Value end) {
    return d.make<AtenSliceTensorOp>(t, d.integer(axis), d.integer(start),
                                     end, d.integer(1));
  };
  int64_t axisX = *rankX == 1 ? 0 : *dim;
  Value dx = d.sub(slice(x, axisX, 1, d.none()),
                   slice(x, axisX, 0, d.integer(-1)));
  if (*rankX == 1 && *rank > 1) {
    SmallVector<int64_t> shape(*rank, 1);
    shape[*dim] = -1;
    dx = d.make<AtenViewOp>(dx, d.ints(shape));
  }
  Value sums = d.add(slice(y, *dim, 1, d.none()),
                     slice(y, *dim, 0, d.integer(-1)));
  Value areas = d.mul(d.mul(dx, sums), 0.5);
  if (Cumulative)
    return Results{
        d.make<AtenCumsumOp>(areas, d.integer(*dim), d.none())};
  return Results{d.make<AtenSumDimIntListOp>(areas, d.ints({*dim}),
                                            d.boolean(false), d.none())};
}

/// cumulative_trapezoid.dx(y, dx, dim): the cumulative sums of `(y[i+1] +
/// y[i]) * dx / 2` along dim.
FailureOr<Results> decomposeCumulativeTrapezoidDx(Operation *op,
                                                  Decomposer &d) {
  Value y = op->getOperand(0);
  std::optional<int64_t> rank = getRank(y);
  if (!rank || *rank == 0 || !hasFloatDtype(y))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(2), *rank);
  if (!dim || getTensorType(y).getSizes()[*dim] == kUnknownSize ||
      getTensorType(y).getSizes()[*dim] == 0)
    return failure();
  Value right = d.make<AtenSliceTensorOp>(y, d.integer(*dim), d.integer(1),
                                          d.none(), d.integer(1));
  Value left = d.make<AtenSliceTensorOp>(y, d.integer(*dim), d.integer(0),
                                         d.integer(-1), d.integer(1));
  Value areas = d.make<AtenMulScalarOp>(d.mul(d.add(right, left), 0.5),
                                        op->getOperand(1));
  return Results{d.make<AtenCumsumOp>(areas, d.integer(*dim), d.none())};
}

/// sum_to_size(x, size): x summed over its leading dims that `size` lacks
/// and, keeping them, over the dims where `size` has a 1.
FailureOr<Results> decomposeSumToSize(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<SmallVector<int64_t>> size =
      matchConstantIntList(op->getOperand(1));
  if (!rank || !size || static_cast<int64_t>(size->size()) > *rank ||
      !hasFloatDtype(x))
    return failure();
  int64_t lead = *rank - size->size();
  SmallVector<int64_t> ones, leading;
  for (auto [i, s] : llvm::enumerate(*size))
    if (s == 1)
      ones.push_back(lead + i);
  for (int64_t i = 0; i < lead; ++i)
    leading.push_back(i);
  Value result = x;
  if (!ones.empty())
    result = d.make<AtenSumDimIntListOp>(result, d.ints(ones), d.boolean(true),
                                         d.none());
  if (!leading.empty())
    result = d.make<AtenSumDimIntListOp>(result, d.ints(leading),
                                         d.boolean(false), d.none());
  return Results{result};
}

/// _softmax_backward_data(grad, out, dim, input_dtype): `out * (grad -
/// sum(grad * out, dim))`, when input_dtype is grad's.
FailureOr<Results> decomposeSoftmaxBackward(Operation *op, Decomposer &d) {
  Value grad = op->getOperand(0), out = op->getOperand(1);
  std::optional<int64_t> rank = getRank(grad);
  Type dtype = getDtype(grad);
  if (!rank || !isFloatDtype(dtype) || getDtype(out) != dtype ||
      matchConstantInt(op->getOperand(3)) != getScalarTypeForDtype(dtype))
    return failure();
  std::optional<int64_t> dim = getDim(op->getOperand(2), *rank);
  if (!dim)
    return failure();
  Value dot = d.make<AtenSumDimIntListOp>(d.mul(grad, out), d.ints({*dim}),
                                          d.boolean(true), d.none());
  return Results{d.mul(out, d.sub(grad, dot))};
}

/// native_dropout_backward(grad, mask, scale): `grad * mask * scale`.
FailureOr<Results> decomposeDropoutBackward(Operation *op, Decomposer &d) {
  Value grad = op->getOperand(0);
  if (!hasFloatDtype(grad) || !isBoolDtype(getDtype(op->getOperand(1))))
    return failure();
  return Results{d.make<AtenMulScalarOp>(d.mul(grad, op->getOperand(1)),
                                         op->getOperand(2))};
}

/// linalg_matrix_norm.str_ord(x, "fro", dim, keepdim, dtype): the 2-norm of
/// the elements over the two dims. The nuclear norm needs an SVD.
FailureOr<Results> decomposeFrobeniusNorm(Operation *op, Decomposer &d) {
  auto ord = op->getOperand(1).getDefiningOp<ConstantStrOp>();
  std::optional<SmallVector<int64_t>> dims =
      matchConstantIntList(op->getOperand(2));
  if (!ord || ord.getValue() != "fro" || !dims || dims->size() != 2 ||
      !hasFloatDtype(op->getOperand(0)))
    return failure();
  return Results{d.make<AtenLinalgVectorNormOp>(
      op->getOperand(0), d.real(2.0), op->getOperand(2), op->getOperand(3),
      op->getOperand(4))};
}

/// _unique2(x, sorted, return_inverse, return_counts): unique_consecutive
/// of x's elements sorted; the inverse indices put back where the sort took
/// each element from. PyTorch sorts the result whether or not asked; NaNs
/// sort last and, differing from each other, each stay.
FailureOr<Results> decomposeUnique(Operation *op, Decomposer &d) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  std::optional<bool> inverse = matchConstantBool(op->getOperand(2));
  std::optional<bool> wantCounts = matchConstantBool(op->getOperand(3));
  Type dtype = getDtype(x);
  if (!rank || !dtype || isComplexDtype(dtype) || isBoolDtype(dtype) ||
      !inverse || !wantCounts || !matchConstantBool(op->getOperand(1)))
    return failure();
  Value flat = d.make<AtenFlattenUsingIntsOp>(x, d.integer(0), d.integer(-1));
  auto [sorted, order] =
      d.make2<AtenSortOp>(flat, d.integer(0), d.boolean(false));
  // Sizes that depend on the values: the types say what is known (a
  // result not asked for is empty).
  Type si64 = getSi64Dtype(d.context);
  auto vector = [&](int64_t size, Type elementType) -> Type {
    return ValueTensorType::get(d.context, ArrayRef<int64_t>{size},
                                elementType);
  };
  auto flatSizes = getTensorType(flat).getOptionalSizes();
  int64_t count = flatSizes ? (*flatSizes)[0] : kUnknownSize;
  auto consecutive = AtenUniqueConsecutiveOp::create(
      d.b, d.loc, vector(kUnknownSize, dtype),
      vector(*inverse ? count : 0, si64),
      vector(*wantCounts ? kUnknownSize : 0, si64), sorted, op->getOperand(2),
      op->getOperand(3), d.none());
  Value unique = consecutive.getResult0();
  Value sortedInverse = consecutive.getResult1();
  Value counts = consecutive.getResult2();
  if (!*inverse)
    return Results{unique, sortedInverse, counts};
  Value zeros = d.make<AtenZerosLikeOp>(order, d.none(), d.none(), d.none(),
                                        d.none(), d.none());
  Value placed = d.make<AtenScatterSrcOp>(zeros, d.integer(0), order,
                                          sortedInverse);
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < *rank; ++i)
    sizes.push_back(d.size(x, i));
  return Results{unique, d.make<AtenReshapeOp>(placed, d.intList(sizes)),
                 counts};
}

/// triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
/// reduction): `max(margin + d(anchor, positive) - d(anchor, negative),
/// 0)` with pairwise distances d; with swap, the negative distance is the
/// smaller of d(anchor, negative) and d(positive, negative).
FailureOr<Results> decomposeTripletMarginLoss(Operation *op, Decomposer &d) {
  Value anchor = op->getOperand(0), positive = op->getOperand(1);
  Value negative = op->getOperand(2);
  std::optional<bool> swap = matchConstantBool(op->getOperand(6));
  std::optional<int64_t> reduction = matchConstantInt(op->getOperand(7));
  Type dtype = getDtype(anchor);
  if (!isFloatDtype(dtype) || getDtype(positive) != dtype ||
      getDtype(negative) != dtype || !swap || !reduction)
    return failure();
  auto distance = [&](Value x, Value y) {
    return d.make<AtenPairwiseDistanceOp>(x, y, op->getOperand(4),
                                          op->getOperand(5), d.boolean(false));
  };
  Value toNegative = distance(anchor, negative);
  if (*swap)
    toNegative = d.make<AtenMinimumOp>(toNegative,
                                       distance(positive, negative));
  Value gap = d.make<AtenAddScalarOp>(
      d.sub(distance(anchor, positive), toNegative), op->getOperand(3),
      d.integer(1));
  return Results{
      d.reduce(d.make<AtenClampMinOp>(gap, d.integer(0)), *reduction)};
}

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

/// A decomposition and the signature of the op it applies to: one
/// character per operand and per result (see matchesSignature).
struct Entry {
  Decomposition decompose;
  const char *operands;
  const char *results;
};

const llvm::StringMap<Entry> &getDecompositions() {
  static const llvm::StringMap<Entry> table = {
      {"aten::cosine_similarity", {decomposeCosineSimilarity, "TTif", "T"}},
      {"aten::pairwise_distance", {decomposePairwiseDistance, "TTffb", "T"}},
      {"aten::cdist", {decomposeCdist, "TTfI", "T"}},
      {"aten::linalg_norm", {decomposeLinalgNorm, "TPLbI", "T"}},
      {"aten::renorm", {decomposeRenorm, "TSiS", "T"}},
      {"aten::kron", {decomposeKron, "TT", "T"}},
      {"aten::inner", {decomposeInner, "TT", "T"}},
      {"aten::cumprod", {decomposeCumprod, "TiI", "T"}},
      {"aten::diag_embed", {decomposeDiagEmbed, "Tiii", "T"}},
      {"aten::diag", {decomposeDiag, "Ti", "T"}},
      {"aten::trapezoid.dx", {decomposeTrapezoid, "TSi", "T"}},
      {"aten::tril_indices",
       {decomposeTriangleIndices</*Lower=*/true>, "iiiIInn", "T"}},
      {"aten::triu_indices",
       {decomposeTriangleIndices</*Lower=*/false>, "iiiIInn", "T"}},
      {"aten::median.dim", {decomposeMedianDim, "Tib", "TT"}},
      {"aten::median", {decomposeMedian, "T", "T"}},
      {"aten::nanmedian.dim", {decomposeNanmedianDim, "Tib", "TT"}},
      {"aten::kthvalue", {decomposeKthvalue, "Tiib", "TT"}},
      {"aten::aminmax", {decomposeAminmax, "TIb", "TT"}},
      {"aten::cummax", {decomposeCumulativeExtreme</*Max=*/true>, "Ti", "TT"}},
      {"aten::cummin", {decomposeCumulativeExtreme</*Max=*/false>, "Ti", "TT"}},
      {"aten::bucketize.Tensor", {decomposeBucketize, "TTbb", "T"}},
      {"aten::searchsorted.Tensor", {decomposeSearchsorted, "TTbbzt", "T"}},
      {"aten::cov", {decomposeCov, "Titt", "T"}},
      {"aten::rms_norm", {decomposeRmsNorm, "TltF", "T"}},
      {"aten::tensordot", {decomposeTensordot, "TTll", "T"}},
      {"aten::trace", {decomposeTrace, "T", "T"}},
      {"aten::_safe_softmax", {decomposeSafeSoftmax, "TiI", "T"}},
      {"aten::take", {decomposeTake, "TT", "T"}},
      {"aten::nanmean", {decomposeNanmean, "TLbI", "T"}},
      {"aten::dist", {decomposeDist, "TTS", "T"}},
      {"aten::msort", {decomposeMsort, "T", "T"}},
      {"aten::movedim.intlist", {decomposeMovedimList, "Tll", "T"}},
      {"aten::diagflat", {decomposeDiagflat, "Ti", "T"}},
      {"aten::real", {decomposeRealPart, "T", "T"}},
      {"aten::isreal", {decomposeRealPart, "T", "T"}},
      {"aten::matrix_H", {decomposeRealPart, "T", "T"}},
      {"aten::margin_ranking_loss", {decomposeMarginRankingLoss, "TTTfi", "T"}},
      {"aten::hinge_embedding_loss",
       {decomposeHingeEmbeddingLoss, "TTfi", "T"}},
      {"aten::soft_margin_loss", {decomposeSoftMarginLoss, "TTi", "T"}},
      {"aten::cosine_embedding_loss",
       {decomposeCosineEmbeddingLoss, "TTTfi", "T"}},
      {"aten::poisson_nll_loss", {decomposePoissonNllLoss, "TTbbfi", "T"}},
      {"aten::block_diag", {decomposeBlockDiag, "x", "T"}},
      {"aten::huber_loss",
       {decomposeHuberOrSmoothL1</*Huber=*/true>, "TTif", "T"}},
      {"aten::smooth_l1_loss",
       {decomposeHuberOrSmoothL1</*Huber=*/false>, "TTif", "T"}},
      {"aten::nansum", {decomposeNansum, "TLbI", "T"}},
      {"aten::count_nonzero", {decomposeCountNonzero, "TI", "T"}},
      {"aten::count_nonzero.dim_IntList", {decomposeCountNonzero, "Tl", "T"}},
      {"aten::isin.Tensor_Tensor", {decomposeIsin, "TTbb", "T"}},
      {"aten::hypot", {decomposeHypot, "TT", "T"}},
      {"aten::copysign.Tensor", {decomposeCopysign, "TT", "T"}},
      {"aten::float_power.Tensor_Tensor", {decomposeFloatPower, "TT", "T"}},
      {"aten::ldexp.Tensor", {decomposeLdexp, "TT", "T"}},
      {"aten::ravel", {decomposeRavel, "T", "T"}},
      {"aten::dstack", {decomposeDstack, "x", "T"}},
      {"aten::meshgrid", {decomposeMeshgrid, "x", "x"}},
      {"aten::meshgrid.indexing", {decomposeMeshgrid, "xs", "x"}},
      {"aten::cartesian_prod", {decomposeCartesianProd, "x", "T"}},
      {"aten::rot90", {decomposeRot90, "Til", "T"}},
      {"aten::logspace", {decomposeLogspace, "SSifIInn", "T"}},
      {"aten::vdot", {decomposeAsSameOp, "TT", "T"}},
      {"aten::linalg_diagonal", {decomposeAsSameOp, "Tiii", "T"}},
      {"aten::argwhere", {decomposeAsSameOp, "T", "T"}},
      {"aten::positive", {decomposeRealIdentity, "T", "T"}},
      {"aten::conj_physical", {decomposeRealIdentity, "T", "T"}},
      {"aten::special_ndtr", {decomposeNdtr, "T", "T"}},
      {"aten::special_xlog1py", {decomposeXlog1py, "TT", "T"}},
      {"aten::special_entr", {decomposeEntr, "T", "T"}},
      {"aten::linalg_vecdot", {decomposeVecdot, "TTi", "T"}},
      {"aten::fft_fftshift", {decomposeFftShift<false>, "TL", "T"}},
      {"aten::fft_ifftshift", {decomposeFftShift<true>, "TL", "T"}},
      {"aten::linalg_multi_dot", {decomposeMultiDot, "x", "T"}},
      {"aten::linalg_matrix_power", {decomposeMatrixPower, "Ti", "T"}},
      {"aten::trapezoid.x", {decomposeTrapezoidX<false>, "TTi", "T"}},
      {"aten::trapz.x", {decomposeTrapezoidX<false>, "TTi", "T"}},
      {"aten::cumulative_trapezoid.x",
       {decomposeTrapezoidX<true>, "TTi", "T"}},
      {"aten::cumulative_trapezoid.dx",
       {decomposeCumulativeTrapezoidDx, "TSi", "T"}},
      {"aten::sum_to_size", {decomposeSumToSize, "Tl", "T"}},
      {"aten::_softmax_backward_data",
       {decomposeSoftmaxBackward, "TTii", "T"}},
      {"aten::native_dropout_backward",
       {decomposeDropoutBackward, "TTf", "T"}},
      {"aten::linalg_matrix_norm.str_ord",
       {decomposeFrobeniusNorm, "TslbI", "T"}},
      {"aten::_unique2", {decomposeUnique, "Tbbb", "TTT"}},
      {"aten::triplet_margin_loss",
       {decomposeTripletMarginLoss, "TTTfffbi", "T"}},
  };
  return table;
}

/// The functional copies of view ops that the dialect defines, with their
/// signatures.
const llvm::StringMap<Entry> &getViewCopies() {
  static const llvm::StringMap<Entry> table = {
      {"aten::permute_copy", {decomposeViewCopy, "Tl", "T"}},
      {"aten::expand_copy", {decomposeViewCopy, "Tlb", "T"}},
      {"aten::t_copy", {decomposeViewCopy, "T", "T"}},
      {"aten::transpose_copy.int", {decomposeViewCopy, "Tii", "T"}},
      {"aten::unsqueeze_copy", {decomposeViewCopy, "Ti", "T"}},
      {"aten::squeeze_copy", {decomposeViewCopy, "T", "T"}},
      {"aten::squeeze_copy.dim", {decomposeViewCopy, "Ti", "T"}},
      {"aten::squeeze_copy.dims", {decomposeViewCopy, "Tl", "T"}},
      {"aten::view_copy", {decomposeViewCopy, "Tl", "T"}},
      {"aten::slice_copy.Tensor", {decomposeViewCopy, "TiIIi", "T"}},
      {"aten::select_copy.int", {decomposeViewCopy, "Tii", "T"}},
      {"aten::diagonal_copy", {decomposeViewCopy, "Tiii", "T"}},
      {"aten::alias_copy", {decomposeViewCopy, "T", "T"}},
      {"aten::detach_copy", {decomposeViewCopy, "T", "T"}},
      {"aten::unfold_copy", {decomposeViewCopy, "Tiii", "T"}},
      {"aten::narrow_copy", {decomposeViewCopy, "Tiii", "T"}},
      {"aten::as_strided_copy", {decomposeViewCopy, "TllI", "T"}},
      {"aten::split_with_sizes_copy", {decomposeViewCopy, "Tli", "x"}},
      {"aten::unbind_copy.int", {decomposeViewCopy, "Ti", "x"}},
  };
  return table;
}

/// Whether `types` fit `signature`, one character per type: T a tensor, t
/// a tensor or None, i an int, I an int or None, f a float or int, F a
/// float, int or None, b a bool, S a number, P a number or None, l a list
/// of ints, L a list of ints or None, x a list of tensors, s a string, z a
/// string or None, n anything but a tensor.
bool matchesSignature(TypeRange types, StringRef signature) {
  if (types.size() != signature.size())
    return false;
  for (auto [type, kind] : llvm::zip(types, signature)) {
    bool none = isa<Torch::NoneType>(type);
    bool isInt = isa<IntType>(type);
    bool isFloat = isa<Torch::FloatType>(type);
    bool number = isInt || isFloat || isa<NumberType>(type);
    auto list = dyn_cast<ListType>(type);
    bool ints = list && isa<IntType>(list.getContainedType());
    bool tensors = list && isa<BaseTensorType>(list.getContainedType());
    bool fits = false;
    switch (kind) {
    case 'T':
      fits = isa<BaseTensorType>(type);
      break;
    case 't':
      fits = isa<BaseTensorType>(type) || none;
      break;
    case 'i':
      fits = isInt;
      break;
    case 'I':
      fits = isInt || none;
      break;
    case 'f':
      fits = isInt || isFloat;
      break;
    case 'F':
      fits = isInt || isFloat || none;
      break;
    case 'b':
      fits = isa<Torch::BoolType>(type);
      break;
    case 'S':
      fits = number;
      break;
    case 'P':
      fits = number || none;
      break;
    case 'l':
      fits = ints;
      break;
    case 'L':
      fits = ints || none;
      break;
    case 'x':
      fits = tensors;
      break;
    case 's':
      fits = isa<StringType>(type);
      break;
    case 'z':
      fits = isa<StringType>(type) || none;
      break;
    case 'n':
      fits = !isa<BaseTensorType>(type);
      break;
    default:
      break;
    }
    if (!fits)
      return false;
  }
  return true;
}

struct DecomposeCompositeOp : public RewritePattern {
  DecomposeCompositeOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::string name = getTorchOperatorName(op);
    const Entry *entry = nullptr;
    for (const llvm::StringMap<Entry> *table :
         {&getDecompositions(), &getViewCopies()})
      if (auto it = table->find(name); it != table->end())
        entry = &it->second;
    // A torch.operator is not verified against the op's schema.
    if (!entry || !matchesSignature(op->getOperandTypes(), entry->operands) ||
        !matchesSignature(op->getResultTypes(), entry->results))
      return failure();
    // Only value tensors: a decomposition does not write.
    for (Value value : llvm::concat<Value>(op->getOperands(),
                                           op->getResults()))
      if (auto tensor = dyn_cast<BaseTensorType>(value.getType());
          tensor && !tensor.hasValueSemantics())
        return failure();
    Decomposer decomposer(rewriter, op);
    FailureOr<Results> results = entry->decompose(op, decomposer);
    if (failed(results) || results->size() != op->getNumResults())
      return rewriter.notifyMatchFailure(op, "operands not supported");
    // The results keep the op's types: a cast where the inferred type
    // differs.
    SmallVector<Value> replacements;
    for (auto [result, replacement] : llvm::zip(op->getResults(), *results)) {
      if (replacement.getType() != result.getType() &&
          isa<BaseTensorType>(result.getType()))
        replacement = TensorStaticInfoCastOp::create(
            rewriter, op->getLoc(), result.getType(), replacement);
      else if (isa<ListType>(result.getType()) &&
               replacement.getDefiningOp<PrimListConstructOp>())
        replacement.setType(result.getType());
      replacements.push_back(replacement);
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void Torch::populateCompositeDecompositionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeCompositeOp>(patterns.getContext());
}
