//===- ShapeInferenceReductions.cpp - Reduction and creation rules --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reductions over all dims, one dim or a list of dims (with keepdim),
// sorting, and the ops that create tensors from sizes: zeros, ones, full,
// arange...
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

enum class ReducedDtype {
  /// The input's dtype.
  Same,
  /// Integer and bool inputs accumulate in si64 (sum, prod).
  Accumulate,
  Bool,
  Long,
  /// Integer and bool inputs give f32.
  Float,
};

enum class ReducedDims {
  /// Every dim: a 0-d result.
  All,
  /// An optional single dim operand.
  One,
  /// An optional list of dims; None or an empty list means every dim.
  List,
};

struct ReductionRule {
  ReducedDims dims;
  int dimOperand = -1, keepdimOperand = -1, dtypeOperand = -1;
  ReducedDtype dtype = ReducedDtype::Same;
  /// The dtype of a second result (indices of max.dim, or var_mean's mean).
  bool secondIsIndices = false;
};

struct NamedReduction {
  const char *names;
  ReductionRule rule;
};

// clang-format off
const NamedReduction kReductions[] = {
    {"sum prod", {ReducedDims::All, -1, -1, 1, ReducedDtype::Accumulate}},
    {"mean", {ReducedDims::All, -1, -1, 1}},
    {"max min std var norm.Scalar frobenius_norm var_mean std_mean",
     {ReducedDims::All}},
    {"norm.ScalarOpt_dtype", {ReducedDims::All, -1, -1, 2}},
    {"all any", {ReducedDims::All, -1, -1, -1, ReducedDtype::Bool}},
    {"count_nonzero", {ReducedDims::One, 1, -1, -1, ReducedDtype::Long}},
    {"argmax argmin", {ReducedDims::One, 1, 2, -1, ReducedDtype::Long}},
    {"prod.dim_int", {ReducedDims::One, 1, 2, 3, ReducedDtype::Accumulate}},
    {"all.dim any.dim", {ReducedDims::One, 1, 2, -1, ReducedDtype::Bool}},
    {"max.dim min.dim",
     {ReducedDims::One, 1, 2, -1, ReducedDtype::Same, true}},
    {"sum.dim_IntList",
     {ReducedDims::List, 1, 2, 3, ReducedDtype::Accumulate}},
    {"mean.dim", {ReducedDims::List, 1, 2, 3}},
    {"amax amin frobenius_norm.dim", {ReducedDims::List, 1, 2}},
    {"std.dim var.dim std.correction var.correction var_mean.dim "
     "std_mean.dim var_mean.correction std_mean.correction",
     {ReducedDims::List, 1, 3}},
    {"norm.ScalarOpt_dim", {ReducedDims::List, 2, 3}},
    {"norm.ScalarOpt_dim_dtype linalg_vector_norm",
     {ReducedDims::List, 2, 3, 4}},
    {"logsumexp", {ReducedDims::List, 1, 2, -1, ReducedDtype::Float}},
    {"count_nonzero.dim_IntList",
     {ReducedDims::List, 1, -1, -1, ReducedDtype::Long}},
};
// clang-format on

const llvm::StringMap<ReductionRule> &getReductionTable() {
  static const llvm::StringMap<ReductionRule> table = [] {
    llvm::StringMap<ReductionRule> map;
    for (const NamedReduction &entry : kReductions) {
      SmallVector<StringRef> names;
      StringRef(entry.names).split(names, ' ', -1, /*KeepEmpty=*/false);
      for (StringRef name : names)
        map[("torch.aten." + name).str()] = entry.rule;
    }
    return map;
  }();
  return table;
}

Type getReducedDtype(Operation *op, const ReductionRule &rule, Type inputDtype,
                     const ShapeRefiner &refiner) {
  MLIRContext *context = op->getContext();
  if (rule.dtypeOperand >= 0) {
    Value dtype = op->getOperand(rule.dtypeOperand);
    if (!isConstantNone(dtype))
      return refiner.getDtypeOperand(dtype);
  }
  switch (rule.dtype) {
  case ReducedDtype::Same:
    return inputDtype;
  case ReducedDtype::Accumulate:
    return isIntegralDtype(inputDtype) || isBoolDtype(inputDtype)
               ? getSi64Dtype(context)
               : inputDtype;
  case ReducedDtype::Bool:
    return inputDtype && inputDtype.isUnsignedInteger(8)
               ? inputDtype
               : getBoolDtype(context);
  case ReducedDtype::Long:
    return getSi64Dtype(context);
  case ReducedDtype::Float:
    return inputDtype ? getFloatResultDtype(inputDtype) : Type();
  }
  return Type();
}

/// The dims a reduction removes (or keeps as 1), none when unknown; an
/// empty result means every dim.
std::optional<SmallVector<int64_t>>
getReducedDims(Operation *op, const ReductionRule &rule, int64_t rank,
               const ShapeRefiner &refiner) {
  if (rule.dims == ReducedDims::All)
    return SmallVector<int64_t>();
  Value operand = op->getOperand(rule.dimOperand);
  if (isConstantNone(operand))
    return SmallVector<int64_t>();
  SmallVector<int64_t> dims;
  if (rule.dims == ReducedDims::One) {
    std::optional<int64_t> dim = matchConstantInt(operand);
    if (!dim)
      return std::nullopt;
    dims.push_back(*dim);
  } else {
    std::optional<SmallVector<int64_t>> list =
        getConstantInts(refiner, operand);
    if (!list)
      return std::nullopt;
    dims = *list;
  }
  SmallVector<int64_t> normalized;
  for (int64_t dim : dims) {
    // A 0-d tensor accepts dim 0 and -1.
    std::optional<int64_t> d = normalizeDim(dim, std::max<int64_t>(rank, 1));
    if (!d)
      return std::nullopt;
    normalized.push_back(*d);
  }
  return normalized;
}

bool inferReduction(Operation *op, ShapeRefiner &refiner) {
  const llvm::StringMap<ReductionRule> &table = getReductionTable();
  auto it = table.find(op->getName().getStringRef());
  if (it == table.end())
    return false;
  const ReductionRule &rule = it->second;
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  Type dtype = getReducedDtype(op, rule, input.dtype, refiner);
  std::optional<bool> keepdim =
      rule.keepdimOperand >= 0
          ? matchConstantBool(op->getOperand(rule.keepdimOperand))
          : std::optional<bool>(false);
  TensorInfo result = TensorInfo::unranked(dtype);
  std::optional<SmallVector<int64_t>> reduced;
  if (input.hasRank())
    reduced = getReducedDims(op, rule, input.getRank(), refiner);
  if (rule.dims == ReducedDims::All) {
    result = TensorInfo::ranked({}, dtype);
  } else if (reduced && keepdim) {
    bool all = reduced->empty();
    SmallVector<DimInfo> dims;
    for (auto [i, dim] : llvm::enumerate(*input.dims)) {
      if (!all && !llvm::is_contained(*reduced, static_cast<int64_t>(i)))
        dims.push_back(dim);
      else if (*keepdim)
        dims.push_back(DimInfo::known(1));
    }
    result = TensorInfo::ranked(dims, dtype);
  } else if (keepdim == true && input.hasRank()) {
    result = TensorInfo::withRank(input.getRank(), dtype);
  }
  refiner.setTensor(op->getResult(0), result);
  if (op->getNumResults() > 1) {
    if (rule.secondIsIndices)
      result.dtype = getSi64Dtype(op->getContext());
    refiner.setTensor(op->getResult(1), result);
  }
  return true;
}

/// topk, sort and argsort keep the input's rank.
bool inferSort(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenTopkOp, AtenSortOp, AtenSortStableOp, AtenArgsortOp,
           AtenArgsortStableOp>(op))
    return false;
  MLIRContext *context = op->getContext();
  TensorInfo values = refiner.getTensor(op->getOperand(0));
  if (auto topk = dyn_cast<AtenTopkOp>(op)) {
    std::optional<int64_t> dim = matchConstantInt(topk.getDim());
    if (values.hasRank()) {
      std::optional<int64_t> d =
          dim ? normalizeDim(*dim, values.getRank()) : std::nullopt;
      if (d)
        (*values.dims)[*d] = refiner.getInt(topk.getK());
      else
        values = TensorInfo::withRank(values.getRank(), values.dtype);
    }
  }
  TensorInfo indices = values;
  indices.dtype = getSi64Dtype(context);
  if (isa<AtenArgsortOp, AtenArgsortStableOp>(op)) {
    refiner.setTensor(op->getResult(0), indices);
    return true;
  }
  refiner.setTensor(op->getResult(0), values);
  refiner.setTensor(op->getResult(1), indices);
  return true;
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

struct CreationRule {
  unsigned sizeOperand;
  int dtypeOperand;
  /// The operand whose dtype is the default (new_zeros), or -1 for f32.
  int likeOperand = -1;
  /// The fill value that gives the default dtype (full), or -1.
  int fillOperand = -1;
  /// si64 by default (randint).
  bool defaultLong = false;
};

std::optional<CreationRule> getCreationRule(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<CreationRule>>(op)
      .Case<AtenZerosOp, AtenOnesOp, AtenEmptyMemoryFormatOp, AtenRandOp,
            AtenRandnOp>([](Operation *) {
        return CreationRule{0, 1};
      })
      .Case<AtenRandGeneratorOp, AtenRandnGeneratorOp>([](Operation *) {
        return CreationRule{0, 2};
      })
      .Case([](AtenFullOp) {
        return CreationRule{0, 2, -1, 1};
      })
      .Case([](AtenRandintOp) {
        return CreationRule{1, 2, -1, -1, true};
      })
      .Case([](AtenRandintLowOp) {
        return CreationRule{2, 3, -1, -1, true};
      })
      .Case([](AtenRandintGeneratorOp) {
        return CreationRule{1, 3, -1, -1, true};
      })
      .Case([](AtenRandintLowGeneratorOp) {
        return CreationRule{2, 4, -1, -1, true};
      })
      .Case<AtenNewZerosOp, AtenNewOnesOp, AtenNewEmptyOp>([](Operation *) {
        return CreationRule{1, 2, 0};
      })
      .Case([](AtenNewFullOp) {
        return CreationRule{1, 3, 0};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The dtype of a Python scalar operand, as torch.full infers it.
Type getScalarOperandDtype(Value value) {
  MLIRContext *context = value.getContext();
  Type type = value.getType();
  if (isa<Torch::IntType>(type))
    return getSi64Dtype(context);
  if (isa<Torch::BoolType>(type))
    return getBoolDtype(context);
  if (isa<Torch::FloatType>(type))
    return getF32Dtype(context);
  if (auto number = value.getDefiningOp<ConstantNumberOp>())
    return isa<FloatAttr>(number.getValue()) ? getF32Dtype(context)
                                             : getSi64Dtype(context);
  return Type();
}

bool inferCreation(Operation *op, ShapeRefiner &refiner) {
  std::optional<CreationRule> rule = getCreationRule(op);
  if (!rule)
    return false;
  MLIRContext *context = op->getContext();
  Type dtype;
  Value dtypeOperand = op->getOperand(rule->dtypeOperand);
  if (!isConstantNone(dtypeOperand))
    dtype = refiner.getDtypeOperand(dtypeOperand);
  else if (rule->likeOperand >= 0)
    dtype = refiner.getTensor(op->getOperand(rule->likeOperand)).dtype;
  else if (rule->fillOperand >= 0)
    dtype = getScalarOperandDtype(op->getOperand(rule->fillOperand));
  else
    dtype = rule->defaultLong ? getSi64Dtype(context) : getF32Dtype(context);
  std::optional<SmallVector<DimInfo>> sizes =
      refiner.getIntList(op->getOperand(rule->sizeOperand));
  refiner.setTensor(op->getResult(0), sizes ? TensorInfo::ranked(*sizes, dtype)
                                            : TensorInfo::unranked(dtype));
  return true;
}

/// True for an int-valued scalar operand (arange gives si64 then).
bool isIntScalar(Value value) {
  if (isa<Torch::IntType>(value.getType()))
    return true;
  if (auto number = value.getDefiningOp<ConstantNumberOp>())
    return isa<IntegerAttr>(number.getValue());
  return false;
}

bool inferArange(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenArangeOp, AtenArangeStartOp, AtenArangeStartStepOp>(op))
    return false;
  MLIRContext *context = op->getContext();
  unsigned numScalars = isa<AtenArangeOp>(op)        ? 1
                        : isa<AtenArangeStartOp>(op) ? 2
                                                     : 3;
  ValueRange scalars = op->getOperands().take_front(numScalars);
  Value end = scalars[numScalars == 1 ? 0 : 1];
  Value dtypeOperand = op->getOperand(numScalars);
  Type dtype;
  if (!isConstantNone(dtypeOperand))
    dtype = refiner.getDtypeOperand(dtypeOperand);
  else
    dtype = llvm::all_of(scalars, isIntScalar) ? getSi64Dtype(context)
                                               : getF32Dtype(context);
  std::optional<double> start =
      numScalars == 1 ? 0.0 : matchConstantFloat(scalars[0]);
  std::optional<double> step =
      numScalars == 3 ? matchConstantFloat(scalars[2]) : 1.0;
  std::optional<double> stop = matchConstantFloat(end);
  // PyTorch counts an int64 range in int64, after truncating each bound
  // toward zero, and every other dtype's range in double.
  if (start && step && stop && dtype == getSi64Dtype(context)) {
    *start = std::trunc(*start);
    *stop = std::trunc(*stop);
    *step = std::trunc(*step);
  }
  DimInfo length = DimInfo::unknown();
  if (start && step && stop && *step != 0)
    length = DimInfo::known(
        std::max<int64_t>(0, std::ceil((*stop - *start) / *step)));
  else if (start == 0.0 && step == 1.0 && isIntScalar(end))
    length = refiner.getInt(end);
  refiner.setTensor(op->getResult(0), TensorInfo::ranked({length}, dtype));
  return true;
}

/// linspace, eye, scalar_tensor and tensor.
bool inferOtherCreation(Operation *op, ShapeRefiner &refiner) {
  MLIRContext *context = op->getContext();
  auto dtypeOr = [&](Value operand, Type fallback) {
    return isConstantNone(operand) ? fallback
                                   : refiner.getDtypeOperand(operand);
  };
  std::optional<TensorInfo> result =
      llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
          .Case([&](AtenLinspaceOp linspace) {
            return TensorInfo::ranked(
                {refiner.getInt(linspace.getSteps())},
                dtypeOr(linspace.getDtype(), getF32Dtype(context)));
          })
          .Case([&](AtenEyeOp eye) {
            DimInfo n = refiner.getInt(eye.getN());
            return TensorInfo::ranked(
                {n, n}, dtypeOr(eye.getDtype(), getF32Dtype(context)));
          })
          .Case([&](AtenEyeMOp eye) {
            return TensorInfo::ranked(
                {refiner.getInt(eye.getN()), refiner.getInt(eye.getM())},
                dtypeOr(eye.getDtype(), getF32Dtype(context)));
          })
          .Case([&](AtenScalarTensorOp scalar) {
            return TensorInfo::ranked(
                {}, dtypeOr(scalar.getDtype(), getF32Dtype(context)));
          })
          .Case<AtenTensorIntOp, AtenTensorFloatOp, AtenTensorBoolOp>(
              [&](Operation *) {
                return TensorInfo::ranked(
                    {}, dtypeOr(op->getOperand(1),
                                getScalarOperandDtype(op->getOperand(0))));
              })
          .Case([&](AtenTensorOp tensor) -> TensorInfo {
            auto list = tensor.getData().getDefiningOp<PrimListConstructOp>();
            Type elementType =
                cast<ListType>(tensor.getData().getType()).getContainedType();
            Type fallback;
            if (isa<Torch::IntType>(elementType))
              fallback = getSi64Dtype(context);
            else if (isa<Torch::FloatType>(elementType))
              fallback = getF32Dtype(context);
            else if (isa<Torch::BoolType>(elementType))
              fallback = getBoolDtype(context);
            Type dtype = dtypeOr(tensor.getDtype(), fallback);
            if (!list || !fallback)
              return TensorInfo::unranked(dtype);
            return TensorInfo::ranked(
                {DimInfo::known(list.getElements().size())}, dtype);
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!result)
    return false;
  refiner.setTensor(op->getResult(0), std::move(*result));
  return true;
}
} // namespace

bool mlir::torch_onnx::Torch::inferReductionOrCreationOp(
    Operation *op, ShapeRefiner &refiner) {
  return inferReduction(op, refiner) || inferSort(op, refiner) ||
         inferCreation(op, refiner) || inferArange(op, refiner) ||
         inferOtherCreation(op, refiner);
}
