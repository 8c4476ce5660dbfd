//===- MetaKernelRule.cpp - Result types from PyTorch's meta kernels ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/Transforms/MetaKernels.h"
#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

#include <array>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// The values that stand for unknown dims, ints, floats and bools in the
/// runs of a kernel. Each unknown size or int gets a slot, in the order the
/// operands hold them; unknowns with the same symbol share one. Run 0
/// gives the slots ascending sizes, run 1 other sizes in descending order,
/// run 2 small ones and run 3 ones, so that a result dim that only happens
/// to equal a slot's size in one run (the minimum of two dims, a clamp to a
/// constant) is told apart, and an op that treats a size of 1 apart
/// (squeeze) gives nothing.
class Sentinels {
public:
  static constexpr unsigned kRuns = 4;
  static constexpr unsigned kSlots = 16;

  explicit Sentinels(unsigned run) : run(run) {}

  /// The size that stands for `dim` in this run; none when there are too
  /// many unknowns.
  std::optional<int64_t> getSize(const DimInfo &dim) {
    if (dim.isKnown())
      return dim.size;
    unsigned slot = slots.size();
    if (dim.symbol) {
      auto *it = llvm::find(slots, dim.symbol);
      if (it != slots.end())
        slot = it - slots.begin();
    }
    if (slot == slots.size()) {
      if (slot == kSlots)
        return std::nullopt;
      slots.push_back(dim.symbol);
    }
    return getSize(run, slot);
  }

  /// The size of `slot` in `run`.
  static int64_t getSize(unsigned run, unsigned slot) {
    static constexpr int64_t sizes[kRuns][kSlots] = {
        {17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79},
        {89, 83, 79, 73, 71, 67, 61, 59, 53, 47, 43, 41, 37, 31, 29, 23},
        {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 131},
        {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}};
    return sizes[run][slot];
  }

  /// A float that stands for an unknown one: it differs in each run, so
  /// that sizes that depend on it (arange's) differ too.
  double getFloat() {
    standIns = true;
    return std::array<double, kRuns>{1.5, 2.75, 0.25, 1.0}[run];
  }
  bool getBool() {
    standIns = true;
    return run == 1;
  }

  /// Whether no unknown took a stand-in value.
  bool empty() const { return slots.empty() && !standIns; }
  ArrayRef<StringAttr> getSlots() const { return slots; }

private:
  unsigned run;
  /// The symbol of each slot; null for an unknown that no symbol names.
  SmallVector<StringAttr> slots;
  bool standIns = false;
};
} // namespace

/// A tensor of known rank and dtype, or none.
static std::optional<MetaTensor> describeTensor(const TensorInfo &info,
                                                Sentinels &sentinels) {
  if (!info.hasRank() || !info.dtype)
    return std::nullopt;
  std::optional<int64_t> scalarType = getScalarTypeForDtype(info.dtype);
  if (!scalarType)
    return std::nullopt;
  MetaTensor tensor;
  tensor.scalarType = *scalarType;
  for (const DimInfo &dim : *info.dims) {
    std::optional<int64_t> size = sentinels.getSize(dim);
    if (!size)
      return std::nullopt;
    tensor.sizes.push_back(*size);
  }
  return tensor;
}

/// The operand as PyTorch's kernels take it, unknown sizes and ints taken
/// from `sentinels`; none when it cannot be described.
static std::optional<MetaOperand> describeOperand(Value value,
                                                  const ShapeRefiner &refiner,
                                                  Sentinels &sentinels) {
  MetaOperand operand;
  Type type = value.getType();
  if (isa<Torch::NoneType>(type) || isConstantNone(value))
    return operand;
  if (isa<BaseTensorType>(type)) {
    std::optional<MetaTensor> tensor =
        describeTensor(refiner.getTensor(value), sentinels);
    if (!tensor)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::Tensor;
    operand.tensors.push_back(std::move(*tensor));
    return operand;
  }
  if (isa<Torch::IntType>(type)) {
    std::optional<int64_t> known = sentinels.getSize(refiner.getInt(value));
    if (!known)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::Int;
    operand.ints.push_back(*known);
    return operand;
  }
  if (isa<Torch::FloatType>(type)) {
    operand.kind = MetaOperand::Kind::Float;
    std::optional<double> number = matchConstantFloat(value);
    operand.numbers.push_back(number ? *number : sentinels.getFloat());
    return operand;
  }
  if (isa<Torch::BoolType>(type)) {
    operand.kind = MetaOperand::Kind::Bool;
    std::optional<bool> boolean = matchConstantBool(value);
    operand.boolean = boolean ? *boolean : sentinels.getBool();
    return operand;
  }
  if (isa<Torch::DeviceType>(type)) {
    operand.kind = MetaOperand::Kind::Device;
    return operand;
  }
  if (auto str = value.getDefiningOp<ConstantStrOp>()) {
    operand.kind = MetaOperand::Kind::Str;
    operand.str = str.getValue().str();
    return operand;
  }
  auto list = dyn_cast<ListType>(type);
  if (!list)
    return std::nullopt;
  if (isa<Torch::IntType>(list.getContainedType())) {
    std::optional<SmallVector<DimInfo>> elements = refiner.getIntList(value);
    if (!elements)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::IntList;
    for (const DimInfo &element : *elements) {
      std::optional<int64_t> size = sentinels.getSize(element);
      if (!size)
        return std::nullopt;
      operand.ints.push_back(*size);
    }
    return operand;
  }
  if (isa<BaseTensorType>(list.getContainedType())) {
    std::optional<SmallVector<TensorInfo>> elements =
        refiner.getTensorList(value);
    if (!elements)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::TensorList;
    for (const TensorInfo &element : *elements) {
      std::optional<MetaTensor> tensor = describeTensor(element, sentinels);
      if (!tensor)
        return std::nullopt;
      operand.tensors.push_back(std::move(*tensor));
    }
    return operand;
  }
  auto construct = value.getDefiningOp<PrimListConstructOp>();
  if (isa<Torch::FloatType>(list.getContainedType()) && construct) {
    operand.kind = MetaOperand::Kind::FloatList;
    for (Value element : construct.getElements()) {
      std::optional<double> number = matchConstantFloat(element);
      operand.numbers.push_back(number ? *number : sentinels.getFloat());
    }
    return operand;
  }
  // A list of optional tensors (index's) may hold None.
  auto optional = dyn_cast<OptionalType>(list.getContainedType());
  if (optional && isa<BaseTensorType>(optional.getContainedType()) &&
      construct) {
    operand.kind = MetaOperand::Kind::TensorList;
    for (Value element : construct.getElements()) {
      if (isa<Torch::NoneType>(element.getType()) || isConstantNone(element)) {
        operand.tensors.emplace_back().isNone = true;
        continue;
      }
      std::optional<MetaTensor> tensor =
          describeTensor(refiner.getTensor(element), sentinels);
      if (!tensor)
        return std::nullopt;
      operand.tensors.push_back(std::move(*tensor));
    }
    return operand;
  }
  return std::nullopt;
}

static bool isTensorListType(Type type) {
  auto list = dyn_cast<ListType>(type);
  return list && isa<BaseTensorType>(list.getContainedType());
}

/// The results of one run of a kernel.
struct KernelRun {
  unsigned run;
  SmallVector<MetaResult> results;
};

/// The runs of the kernel of `op` that it accepts, with the slots of the
/// unknowns; run 0 alone when every operand is known. None unless runs 0
/// and 1 succeed.
static std::optional<SmallVector<KernelRun>>
runKernel(const MetaKernelInterface &kernels, Operation *op,
          const ShapeRefiner &refiner, SmallVector<StringAttr> &slots) {
  std::string name = getTorchOperatorName(op);
  SmallVector<KernelRun> runs;
  for (unsigned run = 0; run < Sentinels::kRuns; ++run) {
    Sentinels sentinels(run);
    SmallVector<MetaOperand> operands;
    for (Value value : op->getOperands()) {
      std::optional<MetaOperand> operand =
          describeOperand(value, refiner, sentinels);
      if (!operand)
        return std::nullopt;
      operands.push_back(std::move(*operand));
    }
    std::optional<SmallVector<MetaResult>> results =
        kernels.run(name, operands);
    if (results && results->size() == op->getNumResults())
      runs.push_back({run, std::move(*results)});
    else if (run < 2)
      return std::nullopt;
    if (sentinels.empty())
      break;
    slots.assign(sentinels.getSlots().begin(), sentinels.getSlots().end());
  }
  return runs;
}

/// The dims of a result from its sizes in the runs `runIds`: a size that
/// all runs agree on, or the unknown of the slot whose size it has in every
/// run. Sizes agreed on count only when the run on small sizes took place,
/// so that a clamp of an unknown to a constant is not taken for the
/// constant.
static SmallVector<DimInfo> mapBackDims(ArrayRef<const MetaTensor *> tensors,
                                        ArrayRef<unsigned> runIds,
                                        ArrayRef<StringAttr> slots) {
  SmallVector<DimInfo> dims;
  bool checked = slots.empty() || llvm::is_contained(runIds, 2u);
  for (auto [index, size] : llvm::enumerate(tensors.front()->sizes)) {
    auto matches = [&, index = index](auto expected) {
      return llvm::all_of(llvm::zip(tensors, runIds), [&](auto pair) {
        auto [tensor, run] = pair;
        return tensor->sizes[index] == expected(run);
      });
    };
    if (checked && matches([&, size = size](unsigned) { return size; })) {
      dims.push_back(DimInfo::known(size));
      continue;
    }
    DimInfo dim = DimInfo::unknown();
    for (auto [slot, symbol] : llvm::enumerate(slots))
      if (matches([&, slot = slot](unsigned run) {
            return Sentinels::getSize(run, slot);
          }))
        dim = DimInfo::unknown(symbol);
    dims.push_back(dim);
  }
  return dims;
}

/// `computed` added to what `known` holds: a dtype or rank that it lacks,
/// and the more specific of each dim.
static TensorInfo mergeTensorInfo(const TensorInfo *known,
                                  TensorInfo computed) {
  if (!known)
    return computed;
  TensorInfo merged = *known;
  if (!merged.dtype)
    merged.dtype = computed.dtype;
  if (!merged.hasRank())
    merged.dims = std::move(computed.dims);
  else if (merged.getRank() == computed.getRank())
    for (auto [dim, other] : llvm::zip(*merged.dims, *computed.dims))
      dim = unifyDims(dim, other);
  return merged;
}

bool mlir::torch_onnx::Torch::inferWithMetaKernel(Operation *op,
                                                  ShapeRefiner &refiner,
                                                  bool merge) {
  auto *dialect = op->getContext()->getLoadedDialect<TorchDialect>();
  const auto *kernels =
      dialect ? dialect->getRegisteredInterface<MetaKernelInterface>()
              : nullptr;
  if (!kernels || !StringRef(getTorchOperatorName(op)).starts_with("aten::"))
    return false;
  SmallVector<StringAttr> slots;
  std::optional<SmallVector<KernelRun>> runs =
      runKernel(*kernels, op, refiner, slots);
  if (!runs)
    return false;
  SmallVector<unsigned> runIds;
  for (const KernelRun &run : *runs)
    runIds.push_back(run.run);
  MLIRContext *context = op->getContext();
  // The type of one result tensor from each run's copy of it.
  auto toInfo =
      [&](ArrayRef<const MetaTensor *> tensors) -> std::optional<TensorInfo> {
    if (tensors.empty())
      return std::nullopt;
    const MetaTensor &first = *tensors.front();
    for (const MetaTensor *tensor : tensors)
      if (tensor->scalarType != first.scalarType ||
          tensor->sizes.size() != first.sizes.size())
        return std::nullopt;
    Type dtype = getDtypeForScalarType(context, first.scalarType);
    if (!dtype)
      return std::nullopt;
    return TensorInfo::ranked(mapBackDims(tensors, runIds, slots), dtype);
  };
  bool recorded = false;
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    const MetaResult &computed = runs->front().results[index];
    bool agree = llvm::all_of(*runs, [&](const KernelRun &run) {
      return run.results[index].kind == computed.kind &&
             run.results[index].tensors.size() == computed.tensors.size();
    });
    if (!agree)
      continue;
    SmallVector<TensorInfo> infos;
    for (unsigned element = 0; element < computed.tensors.size(); ++element) {
      SmallVector<const MetaTensor *> tensors;
      for (const KernelRun &run : *runs)
        tensors.push_back(&run.results[index].tensors[element]);
      std::optional<TensorInfo> info = toInfo(tensors);
      if (!info)
        break;
      infos.push_back(std::move(*info));
    }
    if (infos.size() != computed.tensors.size())
      continue;
    if (computed.kind == MetaResult::Kind::Tensor &&
        isa<BaseTensorType>(result.getType())) {
      const TensorInfo *known = merge ? refiner.lookupTensor(result) : nullptr;
      refiner.setTensor(result,
                        mergeTensorInfo(known, std::move(infos.front())));
      recorded = true;
    } else if (computed.kind == MetaResult::Kind::TensorList &&
               isTensorListType(result.getType())) {
      refiner.setTensorList(result, std::move(infos));
      recorded = true;
    }
  }
  return recorded;
}
