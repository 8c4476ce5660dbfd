//===- TensorAliasAnalysis.cpp - Which tensors share storage --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TensorAliasAnalysis.h"
#include "TransformUtils.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

/// Views whose writes can be written back into their base.
static const llvm::StringSet<> kInvertibleViews = {
    "slice.Tensor",  "select.int", "narrow",
    "transpose.int", "t",          "numpy_T",
    "permute",       "view",       "_reshape_alias",
    "unflatten.int", "squeeze",    "squeeze.dim",
    "unsqueeze",     "view_as"};

/// Views that can be recomputed from their base but not written through.
static const llvm::StringSet<> kOtherViews = {
    "expand",   "expand_as",  "broadcast_to", "as_strided",
    "diagonal", "view.dtype", "unfold"};

/// Ops that return their operand or a view of it when it is contiguous,
/// and a copy otherwise.
static const llvm::StringSet<> kViewsIfContiguous = {
    "reshape", "reshape_as", "flatten.using_ints", "contiguous"};

/// Ops whose result is their operand itself.
static const llvm::StringSet<> kIdentities = {"alias", "detach", "lift_fresh"};

/// Ops whose results are views that split their operand into disjoint
/// pieces covering all of it, in order, along the dim at the given operand.
/// unsafe_split's results alias too, though its schema does not say so.
static const llvm::StringMap<unsigned> kSplits = {
    {"chunk", 2},      {"split.Tensor", 2},
    {"split", 2},      {"split_with_sizes", 2},
    {"unbind.int", 1}, {"unsafe_split.Tensor", 2}};

/// For conversions: the index of the `copy` operand.
static const llvm::StringMap<unsigned> kConversions = {{"to.dtype", 3},
                                                       {"to.other", 3},
                                                       {"to.device", 4},
                                                       {"to.dtype_layout", 6},
                                                       {"type_as", ~0u}};

static bool isTracked(Value value) {
  return holdsNonValueTensor(value.getType());
}

/// True when the user of `use` may append to the list it uses or change
/// its elements.
static bool isModifiedBy(OpOperand &use) {
  std::optional<SmallVector<unsigned>> written =
      getWrittenOperands(use.getOwner());
  return !written || llvm::is_contained(*written, use.getOperandNumber());
}

std::optional<unsigned> Torch::getSplitDimOperand(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("torch.aten."))
    return std::nullopt;
  auto it = kSplits.find(name);
  if (it == kSplits.end())
    return std::nullopt;
  return it->second;
}

TensorAliasAnalysis::TensorAliasAnalysis(func::FuncOp func) {
  if (func.isExternal())
    return;
  for (BlockArgument arg : func.getArguments())
    if (isTracked(arg))
      setRoot(arg);
  for (Block &block : func.getBody())
    classifyBlock(block);
}

const AliasInfo *TensorAliasAnalysis::lookup(Value value) const {
  auto it = infos.find(value);
  return it == infos.end() ? nullptr : &it->second;
}

bool TensorAliasAnalysis::isDefinedInside(Value value, Operation *op) {
  Operation *owner = value.getParentBlock()->getParentOp();
  return owner && (owner == op || op->isProperAncestor(owner));
}

SmallVector<Value>
TensorAliasAnalysis::getRootsWrittenInside(Operation *op) const {
  llvm::SetVector<Value> roots;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (nested == op)
      return;
    std::optional<SmallVector<unsigned>> written = getWrittenOperands(nested);
    if (!written)
      return;
    for (unsigned index : *written) {
      const AliasInfo *info = lookup(nested->getOperand(index));
      if (!info)
        continue;
      for (Value root : info->roots)
        if (!isDefinedInside(root, op))
          roots.insert(root);
    }
  });
  return roots.takeVector();
}

void TensorAliasAnalysis::setRoot(Value value) {
  AliasInfo info;
  info.roots.insert(value);
  infos[value] = std::move(info);
}

void TensorAliasAnalysis::setDerived(Value value, AliasKind kind, Value base,
                                     Operation *op, bool invertible) {
  const AliasInfo *baseInfo = lookup(base);
  if (!baseInfo) {
    setRoot(value);
    return;
  }
  AliasInfo info;
  info.kind = kind;
  info.base = base;
  info.op = op;
  info.invertible = invertible;
  info.roots = baseInfo->roots;
  infos[value] = std::move(info);
}

void TensorAliasAnalysis::setAmbiguous(Value value, ArrayRef<Value> sources) {
  AliasInfo info;
  info.kind = AliasKind::Ambiguous;
  for (Value source : sources)
    if (const AliasInfo *sourceInfo = lookup(source))
      info.roots.insert(sourceInfo->roots.begin(), sourceInfo->roots.end());
  infos[value] = std::move(info);
}

void TensorAliasAnalysis::setAggregate(Value value, Operation *op) {
  AliasInfo info;
  info.kind = AliasKind::Aggregate;
  info.op = op;
  info.operands.assign(op->operand_begin(), op->operand_end());
  for (Value element : op->getOperands())
    if (const AliasInfo *elementInfo = lookup(element))
      info.roots.insert(elementInfo->roots.begin(), elementInfo->roots.end());
  infos[value] = std::move(info);
}

bool TensorAliasAnalysis::isWholeRoot(Value value) const {
  const AliasInfo *info = lookup(value);
  while (info && info->kind == AliasKind::Identity)
    info = lookup(info->base);
  return info && info->kind == AliasKind::Root;
}

void TensorAliasAnalysis::classifyBlock(Block &block) {
  for (Operation &op : block)
    classifyOp(&op);
}

void TensorAliasAnalysis::classifyOp(Operation *op) {
  if (op->getName().getStringRef() == "torch.prim.If") {
    classifyIf(op);
    return;
  }
  if (op->getName().getStringRef() == "torch.prim.Loop") {
    classifyLoop(op);
    return;
  }
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      for (BlockArgument arg : block.getArguments())
        if (isTracked(arg))
          setAmbiguous(arg, {});
      classifyBlock(block);
    }
  for (auto [index, result] : llvm::enumerate(op->getResults()))
    if (isTracked(result))
      classifyResult(op, result, index);
}

void TensorAliasAnalysis::classifyIf(Operation *op) {
  auto ifOp = cast<PrimIfOp>(op);
  classifyBlock(ifOp.getThenRegion().front());
  classifyBlock(ifOp.getElseRegion().front());
  Operation *yields[] = {ifOp.getThenRegion().front().getTerminator(),
                         ifOp.getElseRegion().front().getTerminator()};
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    if (!isTracked(result))
      continue;
    // Storage made inside the branch is fresh for the If's result; storage
    // from outside makes the result a possible alias of it.
    SmallVector<Value> outside;
    bool fresh = true;
    for (Operation *yield : yields) {
      if (index >= yield->getNumOperands())
        continue;
      const AliasInfo *info = lookup(yield->getOperand(index));
      if (!info)
        continue;
      for (Value root : info->roots) {
        if (!isDefinedInside(root, op)) {
          fresh = false;
          outside.push_back(root);
        }
      }
      if (info->kind == AliasKind::Ambiguous)
        fresh = false;
    }
    if (fresh) {
      setRoot(result);
      continue;
    }
    setAmbiguous(result, {});
    infos[result].roots.insert(outside.begin(), outside.end());
  }
}

void TensorAliasAnalysis::classifyLoop(Operation *op) {
  auto loop = cast<PrimLoopOp>(op);
  Block &body = loop.getRegion().front();
  auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
  unsigned numCarried = loop.getIterArgsInit().size();

  // A loop-carried tensor may be its initial value or any value an
  // iteration yields; iterate until the roots it may share are stable.
  SmallVector<llvm::SmallSetVector<Value, 4>> carriedRoots(numCarried);
  for (unsigned i = 0; i < numCarried; ++i)
    if (const AliasInfo *info = lookup(loop.getIterArgsInit()[i]))
      carriedRoots[i] = info->roots;
  for (int iteration = 0; iteration < 8; ++iteration) {
    for (unsigned i = 0; i < numCarried; ++i) {
      BlockArgument arg = body.getArgument(i + 1);
      if (!isTracked(arg))
        continue;
      setAmbiguous(arg, {});
      infos[arg].roots = carriedRoots[i];
    }
    classifyBlock(body);
    bool changed = false;
    for (unsigned i = 0; i < numCarried && i < condition.getIterArgs().size();
         ++i) {
      const AliasInfo *info = lookup(condition.getIterArgs()[i]);
      if (!info)
        continue;
      for (Value root : info->roots)
        if (!isDefinedInside(root, op))
          changed |= carriedRoots[i].insert(root);
    }
    if (!changed)
      break;
  }
  for (unsigned i = 0; i < numCarried; ++i) {
    Value result = loop.getResult(i);
    if (!isTracked(result))
      continue;
    setAmbiguous(result, {});
    infos[result].roots = carriedRoots[i];
  }
}

void TensorAliasAnalysis::classifyResult(Operation *op, Value result,
                                         unsigned index) {
  SmallVector<Value> trackedOperands;
  for (Value operand : op->getOperands())
    if (lookup(operand))
      trackedOperands.push_back(operand);

  // The list a split returns is a view of its operand, written back by
  // joining the pieces, unless something may change the list itself.
  if (getSplitDimOperand(op) && lookup(op->getOperand(0))) {
    if (llvm::any_of(result.getUses(), isModifiedBy))
      setAmbiguous(result, trackedOperands);
    else
      setDerived(result, AliasKind::View, op->getOperand(0), op,
                 /*invertible=*/true);
    return;
  }

  if (trackedOperands.empty() ||
      op->hasTrait<Torch::OpTrait::HasValueSemantics>() ||
      isa<CopyToNonValueTensorOp>(op)) {
    setRoot(result);
    return;
  }

  // In-place and out= variants return the tensor they write.
  if (op->hasTrait<Torch::OpTrait::IsTrailingUnderscoreInplaceVariant>()) {
    setDerived(result, AliasKind::Identity, op->getOperand(0), op);
    return;
  }
  std::optional<SmallVector<unsigned>> written = getWrittenOperands(op);
  if (written && !written->empty() && op->getNumResults() == written->size() &&
      !isa<AtenBatchNormOp, AtenNativeBatchNormOp, AtenInstanceNormOp>(op)) {
    setDerived(result, AliasKind::Identity, op->getOperand((*written)[index]),
               op);
    return;
  }

  StringRef name = op->getName().getStringRef();
  if (isa<PrimListConstructOp, PrimTupleConstructOp>(op)) {
    // A list that something appends to or modifies is no longer the list
    // its construction describes.
    SmallVector<Value> sources(op->getOperands());
    bool modified = false;
    for (OpOperand &use : result.getUses()) {
      if (isModifiedBy(use)) {
        modified = true;
        llvm::append_range(sources, use.getOwner()->getOperands());
      }
    }
    if (modified)
      setAmbiguous(result, sources);
    else
      setAggregate(result, op);
    return;
  }

  // Element access on a list or tuple built in place is that element.
  auto getElement = [&](Value aggregate,
                        std::optional<int64_t> position) -> Value {
    const AliasInfo *info = lookup(aggregate);
    if (!info || info->kind != AliasKind::Aggregate || !position)
      return {};
    int64_t size = info->op->getNumOperands();
    int64_t i = *position < 0 ? *position + size : *position;
    if (i < 0 || i >= size)
      return {};
    return info->op->getOperand(i);
  };
  Value element;
  if (isa<PrimListUnpackOp, PrimTupleUnpackOp>(op))
    element = getElement(op->getOperand(0), index);
  else if (isa<PrimTupleIndexOp, Aten__Getitem__TOp>(op))
    element =
        getElement(op->getOperand(0), matchConstantInt(op->getOperand(1)));
  if (element) {
    setDerived(result, AliasKind::Identity, element, op);
    return;
  }

  // The pieces of a split list are views of it. Unpacked, all of them are
  // at hand to write one back; one taken by index can only be read.
  const AliasInfo *listInfo =
      op->getNumOperands() > 0 ? lookup(op->getOperand(0)) : nullptr;
  if (listInfo && listInfo->kind == AliasKind::View &&
      getSplitDimOperand(listInfo->op)) {
    if (isa<PrimListUnpackOp>(op)) {
      setDerived(result, AliasKind::View, op->getOperand(0), op,
                 /*invertible=*/true);
      return;
    }
    if (isa<Aten__Getitem__TOp>(op)) {
      setDerived(result, AliasKind::View, op->getOperand(0), op,
                 /*invertible=*/false);
      return;
    }
  }

  if (name.consume_front("torch.aten.")) {
    Value self = op->getOperand(0);
    if (kIdentities.contains(name)) {
      setDerived(result, AliasKind::Identity, self, op);
      return;
    }
    if (kInvertibleViews.contains(name)) {
      setDerived(result, AliasKind::View, self, op, /*invertible=*/true);
      return;
    }
    if (kOtherViews.contains(name)) {
      setDerived(result, AliasKind::View, self, op, /*invertible=*/false);
      return;
    }
    if (kViewsIfContiguous.contains(name)) {
      if (!isWholeRoot(self)) {
        setAmbiguous(result, trackedOperands);
      } else if (name == "contiguous") {
        setDerived(result, AliasKind::Identity, self, op);
      } else {
        setDerived(result, AliasKind::View, self, op, /*invertible=*/true);
      }
      return;
    }
    auto conversion = kConversions.find(name);
    if (conversion != kConversions.end()) {
      // A conversion to the dtype the tensor already has returns it, unless
      // asked to copy.
      unsigned copyIndex = conversion->second;
      std::optional<bool> copy =
          copyIndex < op->getNumOperands()
              ? matchConstantBool(op->getOperand(copyIndex))
              : std::optional<bool>(false);
      Type from = cast<BaseTensorType>(self.getType()).getOptionalDtype();
      Type to = isa<BaseTensorType>(result.getType())
                    ? cast<BaseTensorType>(result.getType()).getOptionalDtype()
                    : Type();
      if (copy == true || (from && to && from != to))
        setRoot(result);
      else if (copy == false && from && to && from == to)
        setDerived(result, AliasKind::Identity, self, op);
      else
        setAmbiguous(result, trackedOperands);
      return;
    }
  }
  setAmbiguous(result, trackedOperands);
}
