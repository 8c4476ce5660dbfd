//===- ShapeInference.cpp - Shape and dtype inference for Torch -----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The driver of the shape inference: it walks a function in program order,
// applies the rules of ShapeInferenceRules.h to each op, merges their
// results with the types already in the IR, and handles control flow and
// containers.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"
#include "ShapeInferenceRules.h"
#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/Transforms/MetaKernels.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

//===----------------------------------------------------------------------===//
// TensorInfo
//===----------------------------------------------------------------------===//

TensorInfo TensorInfo::fromType(Type type) {
  if (auto optional = dyn_cast<OptionalType>(type))
    type = optional.getContainedType();
  auto tensor = dyn_cast<BaseTensorType>(type);
  if (!tensor)
    return unranked();
  TensorInfo info;
  info.dtype = tensor.getOptionalDtype();
  if (std::optional<ArrayRef<int64_t>> sizes = tensor.getOptionalSizes()) {
    info.dims.emplace();
    for (int64_t size : *sizes)
      info.dims->push_back(DimInfo{size, {}});
  }
  return info;
}

SmallVector<int64_t> TensorInfo::getSizes() const {
  SmallVector<int64_t> sizes;
  for (const DimInfo &dim : *dims)
    sizes.push_back(dim.size);
  return sizes;
}

BaseTensorType TensorInfo::toType(BaseTensorType like) const {
  if (!hasRank())
    return like.getWithSizesAndDtype(std::nullopt, dtype);
  SmallVector<int64_t> sizes = getSizes();
  return like.getWithSizesAndDtype(ArrayRef<int64_t>(sizes), dtype);
}

TensorInfo mlir::torch_onnx::Torch::joinTensorInfo(const TensorInfo &a,
                                                   const TensorInfo &b) {
  TensorInfo joined;
  joined.dtype = a.dtype == b.dtype ? a.dtype : Type();
  if (!a.hasRank() || !b.hasRank() || a.getRank() != b.getRank())
    return joined;
  joined.dims.emplace();
  for (auto [da, db] : llvm::zip(*a.dims, *b.dims))
    joined.dims->push_back(da == db ? da : DimInfo::unknown());
  return joined;
}

//===----------------------------------------------------------------------===//
// Dims
//===----------------------------------------------------------------------===//

std::optional<int64_t> mlir::torch_onnx::Torch::normalizeDim(int64_t dim,
                                                             int64_t rank) {
  if (dim < 0)
    dim += rank;
  if (dim < 0 || dim >= rank)
    return std::nullopt;
  return dim;
}

std::optional<SmallVector<int64_t>>
mlir::torch_onnx::Torch::getMovedimPermutation(ArrayRef<int64_t> source,
                                               ArrayRef<int64_t> destination,
                                               int64_t rank) {
  if (source.size() != destination.size())
    return std::nullopt;
  SmallVector<int64_t> permutation(rank, -1);
  SmallVector<bool> moved(rank, false);
  for (auto [src, dst] : llvm::zip(source, destination)) {
    std::optional<int64_t> s = normalizeDim(src, rank);
    std::optional<int64_t> d = normalizeDim(dst, rank);
    if (!s || !d || permutation[*d] != -1 || moved[*s])
      return std::nullopt;
    permutation[*d] = *s;
    moved[*s] = true;
  }
  int64_t next = 0;
  for (int64_t &entry : permutation) {
    if (entry != -1)
      continue;
    while (moved[next])
      ++next;
    entry = next++;
  }
  return permutation;
}

DimInfo mlir::torch_onnx::Torch::broadcastDim(DimInfo a, DimInfo b) {
  if (a.size == 1)
    return b;
  if (b.size == 1)
    return a;
  if (a.isKnown())
    return a.size == b.size || !b.isKnown() ? a : DimInfo::unknown();
  if (b.isKnown())
    return b;
  return a.symbol == b.symbol ? a : DimInfo::unknown();
}

std::optional<SmallVector<DimInfo>>
mlir::torch_onnx::Torch::broadcastTensorDims(ArrayRef<TensorInfo> tensors) {
  SmallVector<DimInfo> result;
  for (const TensorInfo &tensor : tensors) {
    if (!tensor.hasRank())
      return std::nullopt;
    ArrayRef<DimInfo> dims = *tensor.dims;
    if (dims.size() > result.size())
      result.insert(result.begin(), dims.size() - result.size(),
                    DimInfo::known(1));
    size_t offset = result.size() - dims.size();
    for (auto [i, dim] : llvm::enumerate(dims))
      result[offset + i] = broadcastDim(result[offset + i], dim);
  }
  return result;
}

DimInfo mlir::torch_onnx::Torch::multiplyDims(DimInfo a, DimInfo b) {
  if (a.size == 1)
    return b;
  if (b.size == 1)
    return a;
  if (a.isKnown() && b.isKnown())
    return DimInfo::known(a.size * b.size);
  if (a.size == 0 || b.size == 0)
    return DimInfo::known(0);
  return DimInfo::unknown();
}

DimInfo mlir::torch_onnx::Torch::multiplyAllDims(ArrayRef<DimInfo> dims) {
  DimInfo product = DimInfo::known(1);
  for (const DimInfo &dim : dims)
    product = multiplyDims(product, dim);
  return product;
}

DimInfo mlir::torch_onnx::Torch::unifyDims(DimInfo a, DimInfo b) {
  if (a.isKnown())
    return a;
  if (b.isKnown() || !a.symbol)
    return b;
  return a;
}

void SymbolicProduct::multiply(DimInfo dim) {
  if (dim.isKnown())
    factor *= dim.size;
  else if (dim.symbol)
    symbols.push_back(dim.symbol);
  else
    opaque = true;
}

std::optional<DimInfo>
SymbolicProduct::divideToDim(const SymbolicProduct &other) const {
  if (opaque || other.opaque || other.factor == 0 || factor % other.factor != 0)
    return std::nullopt;
  SmallVector<StringAttr> remaining(symbols);
  for (StringAttr symbol : other.symbols) {
    auto *it = llvm::find(remaining, symbol);
    if (it == remaining.end())
      return std::nullopt;
    remaining.erase(it);
  }
  int64_t quotient = factor / other.factor;
  if (remaining.empty())
    return DimInfo::known(quotient);
  if (remaining.size() == 1 && quotient == 1)
    return DimInfo::unknown(remaining.front());
  return std::nullopt;
}

std::optional<SmallVector<int64_t>>
mlir::torch_onnx::Torch::getConstantInts(const ShapeRefiner &refiner,
                                         Value list) {
  std::optional<SmallVector<DimInfo>> elements = refiner.getIntList(list);
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> ints;
  for (const DimInfo &element : *elements) {
    if (!element.isKnown())
      return std::nullopt;
    ints.push_back(element.size);
  }
  return ints;
}

//===----------------------------------------------------------------------===//
// Knowledge about values
//===----------------------------------------------------------------------===//

TensorInfo ShapeRefiner::getTensor(Value value) const {
  if (const TensorInfo *info = lookupTensor(value))
    return *info;
  return TensorInfo::fromType(value.getType());
}

DimInfo ShapeRefiner::getInt(Value value) const {
  if (std::optional<int64_t> constant = matchConstantInt(value))
    return DimInfo::known(*constant);
  // A 0-d int tensor constant.
  if (auto literal = value.getDefiningOp<ValueTensorLiteralOp>()) {
    auto elements = dyn_cast<DenseIntElementsAttr>(literal.getValue());
    if (elements && elements.isSplat() && elements.getType().getRank() == 0 &&
        !elements.getElementType().isInteger(1))
      return DimInfo::known(elements.getSplatValue<APInt>().getSExtValue());
  }
  auto it = ints.find(value);
  return it == ints.end() ? DimInfo::unknown() : it->second;
}

std::optional<SmallVector<DimInfo>>
ShapeRefiner::getIntList(Value value) const {
  if (auto list = value.getDefiningOp<PrimListConstructOp>()) {
    SmallVector<DimInfo> elements;
    for (Value element : list.getElements())
      elements.push_back(getInt(element));
    return elements;
  }
  auto it = intLists.find(value);
  if (it == intLists.end())
    return std::nullopt;
  return it->second;
}

std::optional<SmallVector<TensorInfo>>
ShapeRefiner::getTensorList(Value value) const {
  if (auto list = value.getDefiningOp<PrimListConstructOp>()) {
    SmallVector<TensorInfo> elements;
    for (Value element : list.getElements())
      elements.push_back(getTensor(element));
    return elements;
  }
  auto it = tensorLists.find(value);
  if (it == tensorLists.end())
    return std::nullopt;
  return it->second;
}

Type ShapeRefiner::getDtypeOperand(Value value) const {
  if (std::optional<int64_t> constant = matchConstantInt(value))
    return getDtypeForScalarType(value.getContext(), *constant);
  return dtypeValues.lookup(value);
}

void ShapeRefiner::forget(Value value) {
  dependent.erase(value);
  tensors.erase(value);
  ints.erase(value);
  intLists.erase(value);
  tensorLists.erase(value);
  dtypeValues.erase(value);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

void ShapeRefiner::run(func::FuncOp func) {
  // Unknown argument dims get a symbol of their own, so that sizes read
  // from them can be related to them.
  for (BlockArgument arg : func.getArguments()) {
    if (lookupTensor(arg) || !isa<BaseTensorType>(arg.getType()))
      continue;
    TensorInfo info = TensorInfo::fromType(arg.getType());
    if (!info.hasRank())
      continue;
    std::string name = getArgumentName(func, arg.getArgNumber());
    for (auto [axis, dim] : llvm::enumerate(*info.dims))
      if (!dim.isKnown())
        dim.symbol = StringAttr::get(func.getContext(),
                                     name + "_dim_" + std::to_string(axis));
    setTensor(arg, std::move(info));
  }
  refineBlock(func.getBody().front());
  SmallVector<Type> resultTypes;
  if (auto ret =
          dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator()))
    resultTypes = llvm::to_vector(ret.getOperandTypes());
  else
    resultTypes = llvm::to_vector(func.getResultTypes());
  func.setType(FunctionType::get(func.getContext(),
                                 func.getBody().front().getArgumentTypes(),
                                 resultTypes));
}

void ShapeRefiner::refineBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block))
    refineOp(&op);
}

bool ShapeRefiner::readsDependentValue(Operation *op) const {
  WalkResult result = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (dependent.contains(operand))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

void ShapeRefiner::refineOp(Operation *op) {
  if (beforeOpHook)
    beforeOpHook(op);
  if (isa<PrimIfOp>(op))
    return refineIf(op);
  if (isa<PrimLoopOp>(op))
    return refineLoop(op);
  bool isDependent = readsDependentValue(op);
  if (!refineContainerOp(op)) {
    bool known = applyShapeRules(op, *this);
    for (Value result : op->getResults()) {
      if (!isa<BaseTensorType>(result.getType()))
        continue;
      const TensorInfo *inferred = known ? lookupTensor(result) : nullptr;
      commitTensorResult(result,
                         inferred ? std::optional<TensorInfo>(*inferred)
                                  : std::nullopt,
                         isDependent);
    }
  }
  if (isDependent)
    for (Value result : op->getResults())
      markDependent(result);
}

void ShapeRefiner::commitTensorResult(Value result,
                                      std::optional<TensorInfo> inferred,
                                      bool isDependent) {
  auto oldType = cast<BaseTensorType>(result.getType());
  TensorInfo old = TensorInfo::fromType(oldType);
  TensorInfo merged;
  if (!inferred) {
    // No rule: the current type holds unless the op's operands changed.
    merged = old;
    if (isDependent && merged.hasRank())
      for (DimInfo &dim : *merged.dims)
        dim = DimInfo::unknown();
  } else if (isDependent) {
    merged = *inferred;
    if (!merged.dtype)
      merged.dtype = old.dtype;
  } else {
    // The current type is valid too: keep what either knows.
    merged = *inferred;
    if (!merged.dtype)
      merged.dtype = old.dtype;
    if (!merged.hasRank()) {
      merged.dims = old.dims;
    } else if (old.hasRank() && old.getRank() == merged.getRank()) {
      for (auto [dim, oldDim] : llvm::zip(*merged.dims, *old.dims))
        if (!dim.isKnown() && oldDim.isKnown())
          dim = oldDim;
    }
  }
  // A rule given operands that PyTorch rejects (a kernel larger than its
  // input) may compute a negative size; the dim is then unknown, and
  // torch-check-shapes reports the operands.
  if (merged.hasRank())
    for (DimInfo &dim : *merged.dims)
      if (dim.size < 0 && dim.size != kUnknownSize)
        dim = DimInfo::unknown();
  result.setType(merged.toType(oldType));
  tensors[result] = std::move(merged);
}

bool ShapeRefiner::refineContainerOp(Operation *op) {
  if (auto list = dyn_cast<PrimListConstructOp>(op)) {
    auto listType = cast<ListType>(list.getType());
    Type contained = listType.getContainedType();
    if (!isa<BaseTensorType>(contained))
      return true;
    Type joined;
    SmallVector<TensorInfo> elements;
    for (Value element : list.getElements()) {
      elements.push_back(getTensor(element));
      joined =
          joined ? joinTensorTypes(joined, element.getType()) : element.getType();
    }
    setTensorList(list.getResult(), std::move(elements));
    bool fits = llvm::all_of(list.getElements(), [&](Value element) {
      return isValidSubtype(element.getType(), contained);
    });
    if (!fits)
      list.getResult().setType(ListType::get(
          joined ? joined
                 : cast<BaseTensorType>(contained).getWithSizesAndDtype(
                       std::nullopt, Type())));
    return true;
  }
  if (auto tuple = dyn_cast<PrimTupleConstructOp>(op)) {
    tuple.getResult().setType(Torch::TupleType::get(
        op->getContext(), llvm::to_vector(tuple.getElements().getTypes())));
    return true;
  }
  // `prim::unchecked_cast` of a value that already has the checked type
  // passes it through.
  if (auto cast = dyn_cast<OperatorOp>(op)) {
    if (cast.getName() != "prim::unchecked_cast" || op->getNumOperands() != 1 ||
        op->getNumResults() != 1)
      return false;
    Value input = op->getOperand(0), result = op->getResult(0);
    if (!isValidSubtype(input.getType(), result.getType()))
      return false;
    result.setType(input.getType());
    if (isa<BaseTensorType>(input.getType()))
      setTensor(result, getTensor(input));
    return true;
  }
  return false;
}

void ShapeRefiner::refineIf(Operation *op) {
  auto ifOp = cast<PrimIfOp>(op);
  refineBlock(ifOp.getThenRegion().front());
  refineBlock(ifOp.getElseRegion().front());
  auto thenYield =
      cast<PrimIfYieldOp>(ifOp.getThenRegion().front().getTerminator());
  auto elseYield =
      cast<PrimIfYieldOp>(ifOp.getElseRegion().front().getTerminator());
  for (auto [result, thenValue, elseValue] : llvm::zip(
           ifOp.getResults(), thenYield.getResults(), elseYield.getResults())) {
    if (isa<BaseTensorType>(result.getType())) {
      setTensor(result,
                joinTensorInfo(getTensor(thenValue), getTensor(elseValue)));
    } else if (isa<IntType>(result.getType())) {
      DimInfo a = getInt(thenValue), b = getInt(elseValue);
      setInt(result, a == b ? a : DimInfo::unknown());
    }
    if (Type joined = joinTensorTypes(thenValue.getType(), elseValue.getType()))
      result.setType(joined);
  }
  if (readsDependentValue(op))
    for (Value result : op->getResults())
      markDependent(result);
}

void ShapeRefiner::refineLoop(Operation *op) {
  auto loop = cast<PrimLoopOp>(op);
  Block &body = loop.getRegion().front();
  auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
  ValueRange inits = loop.getIterArgsInit();
  SmallVector<BlockArgument> carried(body.getArguments().drop_front());

  // Iterate until the carried values' knowledge is stable; their types are
  // joins of the initial values and of what the body yields.
  SmallVector<TensorInfo> infos;
  SmallVector<Type> types;
  for (Value init : inits) {
    infos.push_back(getTensor(init));
    types.push_back(init.getType());
  }
  constexpr int kMaxPasses = 4;
  for (int pass = 0;; ++pass) {
    for (auto [arg, info, type] : llvm::zip(carried, infos, types)) {
      BlockArgument(arg).setType(type);
      if (isa<BaseTensorType>(type))
        setTensor(arg, info);
    }
    refineBlock(body);
    bool stable = true;
    for (auto [i, yielded] : llvm::enumerate(condition.getIterArgs())) {
      TensorInfo joined = joinTensorInfo(infos[i], getTensor(yielded));
      // Give up on sizes that still change.
      if (pass + 1 == kMaxPasses)
        joined.dims.reset();
      Type joinedType = types[i];
      if (auto tensor = dyn_cast<BaseTensorType>(types[i]))
        joinedType = joined.toType(tensor);
      if (joined != infos[i] || joinedType != types[i]) {
        stable = false;
        // The body's current types were computed for other carried values.
        markDependent(carried[i]);
      }
      infos[i] = std::move(joined);
      types[i] = joinedType;
    }
    if (stable || pass + 1 == kMaxPasses)
      break;
  }
  for (auto [result, arg, info] :
       llvm::zip(loop.getResults(), carried, infos)) {
    result.setType(arg.getType());
    if (isa<BaseTensorType>(result.getType()))
      setTensor(result, info);
  }
  if (readsDependentValue(op))
    for (Value result : op->getResults())
      markDependent(result);
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

/// The dtype of the first result of an op that only a shape function knows:
/// the learned one, else that of its first tensor operand, or of the
/// elements of its first tensor list (cat) when they agree. Null for the
/// elementwise ops, whose dtypes vary, and for the other ops of the shape
/// library whose result dtype is another (indices, quantized and created
/// tensors).
static Type getDefaultResultDtype(Operation *op, const ShapeRefiner &refiner) {
  if (Type learned = getLearnedDtype(op, 0, refiner))
    return learned;
  std::string name = getTorchOperatorName(op);
  func::FuncOp function = lookupShapeFunction(name);
  if (!function || function.getSymName() == "unary" ||
      function.getSymName().starts_with("broadcast"))
    return Type();
  StringRef base = StringRef(name).split('.').first;
  if (llvm::is_contained({"aten::argmax", "aten::arange", "aten::zeros",
                          "aten::_shape_as_tensor", "prim::NumToTensor"},
                         base))
    return Type();
  for (Value operand : op->getOperands()) {
    if (isa<BaseTensorType>(operand.getType()))
      return refiner.getTensor(operand).dtype;
    auto list = dyn_cast<ListType>(operand.getType());
    if (!list || !isa<BaseTensorType>(list.getContainedType()))
      continue;
    std::optional<SmallVector<TensorInfo>> elements =
        refiner.getTensorList(operand);
    if (!elements || elements->empty())
      return Type();
    Type dtype = (*elements)[0].dtype;
    for (const TensorInfo &element : *elements)
      if (element.dtype != dtype)
        return Type();
    return dtype;
  }
  return Type();
}

/// Adds the dims of LibTorch's shape function of `op` to what the rule (if
/// `known`) recorded about `tensorResults`; false when it has none.
static bool applyShapeFunction(Operation *op, ShapeRefiner &refiner,
                               bool known, ArrayRef<Value> tensorResults) {
  std::optional<SmallVector<OptionalDims>> shapes =
      runShapeFunction(op, refiner).dims;
  if (!shapes || shapes->size() != tensorResults.size())
    return false;
  for (auto [index, result, dims] :
       llvm::enumerate(tensorResults, *shapes)) {
    if (!dims)
      continue;
    const TensorInfo *rule = known ? refiner.lookupTensor(result) : nullptr;
    TensorInfo merged;
    if (rule)
      merged = *rule;
    else if (index == 0)
      merged.dtype = getDefaultResultDtype(op, refiner);
    if (!merged.hasRank()) {
      merged.dims = dims;
    } else if (merged.getRank() == int64_t(dims->size())) {
      // The more specific of the two: a known size, else a symbol.
      for (auto [dim, computed] : llvm::zip(*merged.dims, *dims))
        dim = unifyDims(dim, computed);
    }
    refiner.setTensor(result, std::move(merged));
  }
  return true;
}

bool mlir::torch_onnx::Torch::applyShapeRules(Operation *op,
                                              ShapeRefiner &refiner) {
  bool known = applyHandWrittenRules(op, refiner);
  SmallVector<Value> tensorResults;
  for (Value result : op->getResults())
    if (isa<BaseTensorType>(result.getType()))
      tensorResults.push_back(result);
  // A shape function cannot add to dims that a rule knows or names with a
  // symbol.
  bool complete = known && llvm::all_of(tensorResults, [&](Value result) {
    const TensorInfo *info = refiner.lookupTensor(result);
    return info && info->hasRank() &&
           llvm::all_of(*info->dims, [](const DimInfo &dim) {
             return dim.isKnown() || dim.symbol;
           });
  });
  if (!complete && applyShapeFunction(op, refiner, known, tensorResults))
    known = true;
  // A dtype that neither knows comes from what PyTorch's ops were seen to
  // return.
  for (Value result : tensorResults) {
    const TensorInfo *info = known ? refiner.lookupTensor(result) : nullptr;
    if (info && info->dtype)
      continue;
    Type dtype = getLearnedDtype(
        op, cast<OpResult>(result).getResultNumber(), refiner);
    if (!dtype)
      continue;
    TensorInfo merged = info ? *info : TensorInfo();
    merged.dtype = dtype;
    refiner.setTensor(result, std::move(merged));
    known = true;
  }
  // PyTorch's own kernel, where a tool provides it, knows the rest: a
  // rank, a dtype, or a size that nothing names.
  bool incomplete = llvm::any_of(op->getResults(), [&](Value result) {
    if (auto list = dyn_cast<ListType>(result.getType()))
      return isa<BaseTensorType>(list.getContainedType()) &&
             !refiner.getTensorList(result);
    if (!isa<BaseTensorType>(result.getType()))
      return false;
    const TensorInfo *info = known ? refiner.lookupTensor(result) : nullptr;
    return !info || !info->hasRank() || !info->dtype ||
           llvm::any_of(*info->dims, [](const DimInfo &dim) {
             return !dim.isKnown() && !dim.symbol;
           });
  });
  if (incomplete && inferWithMetaKernel(op, refiner, known))
    known = true;
  // A 0-d tensor computed from ints that 0-d tensors hold holds an int too.
  if (known && op->getNumResults() == 1 &&
      isa<BaseTensorType>(op->getResult(0).getType()))
    inferTensorIntArithmetic(op, refiner);
  return known;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult mlir::torch_onnx::Torch::refineTypes(func::FuncOp func) {
  if (func.isExternal())
    return success();
  ShapeRefiner refiner;
  refiner.run(func);
  return success();
}

Type mlir::torch_onnx::Torch::inferResultType(Operation *op,
                                              unsigned resultIndex) {
  ShapeRefiner refiner;
  if (resultIndex >= op->getNumResults() || !applyShapeRules(op, refiner))
    return Type();
  Value result = op->getResult(resultIndex);
  auto type = dyn_cast<BaseTensorType>(result.getType());
  if (!type)
    return result.getType();
  const TensorInfo *info = refiner.lookupTensor(result);
  if (!info)
    return Type();
  return info->toType(type);
}
