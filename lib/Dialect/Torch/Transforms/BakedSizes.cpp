//===- BakedSizes.cpp - Rewrite sizes that tracing fixed ------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BakedSizes.h"
#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>>
BakedSizeRewriter::getTracedSizes(Value tensor) const {
  auto type = dyn_cast_or_null<BaseTensorType>(tracedTypes.lookup(tensor));
  if (!type || !type.hasSizes() || !type.areAllSizesKnown())
    return std::nullopt;
  return llvm::to_vector(type.getSizes());
}

SmallVector<std::optional<int64_t>>
BakedSizeRewriter::getGeneralizedDims(Value tensor) const {
  SmallVector<std::optional<int64_t>> dims;
  std::optional<SmallVector<int64_t>> traced = getTracedSizes(tensor);
  TensorInfo now = refiner.getTensor(tensor);
  if (!traced || !now.hasRank() ||
      now.getRank() != static_cast<int64_t>(traced->size()))
    return dims;
  for (auto [size, dim] : llvm::zip(*traced, *now.dims))
    dims.push_back(dim.isKnown() ? std::nullopt : std::optional<int64_t>(size));
  return dims;
}

std::string BakedSizeRewriter::describeDim(Value tensor, int64_t dim) const {
  TensorInfo now = refiner.getTensor(tensor);
  if (now.hasRank() && dim < now.getRank())
    if (StringAttr symbol = (*now.dims)[dim].symbol)
      return ("'" + symbol.getValue() + "'").str();
  return "a dynamic dim";
}

const DynamicArgumentDim *
BakedSizeRewriter::findArgumentDimOfSize(int64_t size, bool &ambiguous) const {
  const DynamicArgumentDim *found = nullptr;
  ambiguous = false;
  for (const DynamicArgumentDim &dim : dynamicDims) {
    if (dim.tracedSize != size)
      continue;
    if (found && found->symbol != dim.symbol)
      ambiguous = true;
    if (!found)
      found = &dim;
  }
  return ambiguous ? nullptr : found;
}

//===----------------------------------------------------------------------===//
// Building replacements
//===----------------------------------------------------------------------===//

Value BakedSizeRewriter::createInt(Operation *op, Location loc, int64_t value) {
  OpBuilder builder(op);
  auto constant = ConstantIntOp::create(builder, loc, value);
  refiner.refineOp(constant);
  return constant.getResult();
}

Value BakedSizeRewriter::createSize(Operation *op, Location loc, Value tensor,
                                    int64_t dim) {
  Value dimValue = createInt(op, loc, dim);
  OpBuilder builder(op);
  auto size = AtenSizeIntOp::create(builder, loc, builder.getType<IntType>(),
                                    tensor, dimValue);
  refiner.refineOp(size);
  return size.getResult();
}

Value BakedSizeRewriter::createMul(Operation *op, Location loc, Value a,
                                   Value b) {
  OpBuilder builder(op);
  auto mul =
      AtenMulIntOp::create(builder, loc, builder.getType<IntType>(), a, b);
  refiner.refineOp(mul);
  return mul.getResult();
}

void BakedSizeRewriter::replaceListElement(
    Operation *op, unsigned listIndex,
    ArrayRef<std::pair<unsigned, Value>> replacements) {
  if (replacements.empty())
    return;
  // A new list right before `op`, after the replacements it reads.
  auto list = op->getOperand(listIndex).getDefiningOp<PrimListConstructOp>();
  OpBuilder builder(op);
  auto copy = cast<PrimListConstructOp>(builder.clone(*list));
  for (auto [position, value] : replacements)
    copy->setOperand(position, value);
  op->setOperand(listIndex, copy.getResult());
  if (list->use_empty()) {
    tracedTypes.erase(list.getResult());
    refiner.forget(list.getResult());
    list->erase();
  }
  // Refining the list makes it depend on the dynamic dims it now reads.
  refiner.refineOp(copy);
}

void BakedSizeRewriter::replaceOperand(Operation *op, unsigned index,
                                       Value value) {
  op->setOperand(index, value);
}

//===----------------------------------------------------------------------===//
// Rewrites
//===----------------------------------------------------------------------===//

void BakedSizeRewriter::rewrite(Operation *op) {
  llvm::TypeSwitch<Operation *>(op)
      .Case<AtenViewOp, AtenReshapeOp, Aten_UnsafeViewOp>(
          [&](Operation *) { rewriteReshape(op, op->getOperand(0), 1); })
      .Case<AtenExpandOp, AtenBroadcastToOp>(
          [&](Operation *) { rewriteExpand(op); })
      .Case([&](AtenSliceTensorOp) { rewriteSlice(op); })
      .Case([&](AtenSelectIntOp) { rewriteSelect(op); })
      .Case([&](AtenNarrowOp) { rewriteNarrow(op); })
      .Case<AtenSplitTensorOp, AtenUnsafeSplitTensorOp, AtenSplitOp,
            AtenSplitSizesOp, AtenSplitWithSizesOp>(
          [&](Operation *) { rewriteSplit(op); })
      .Case<AtenZerosOp, AtenOnesOp, AtenEmptyMemoryFormatOp, AtenFullOp,
            AtenRandOp, AtenRandnOp, AtenRandGeneratorOp, AtenRandnGeneratorOp>(
          [&](Operation *) { rewriteCreation(op, 0); })
      .Case<AtenRandintOp, AtenRandintGeneratorOp>(
          [&](Operation *) { rewriteCreation(op, 1); })
      .Case<AtenRandintLowOp, AtenRandintLowGeneratorOp>(
          [&](Operation *) { rewriteCreation(op, 2); })
      .Case<AtenNewZerosOp, AtenNewOnesOp, AtenNewEmptyOp, AtenNewFullOp>(
          [&](Operation *) { rewriteCreation(op, 1); })
      .Case([&](AtenArangeOp) { rewriteArangeEnd(op, 0); })
      .Case<AtenArangeStartOp, AtenArangeStartStepOp>(
          [&](Operation *) { rewriteArangeEnd(op, 1); });
}

/// The product of `sizes[begin, end)`.
static int64_t product(ArrayRef<int64_t> sizes, size_t begin, size_t end) {
  int64_t result = 1;
  for (size_t i = begin; i < end; ++i)
    result *= sizes[i];
  return result;
}

void BakedSizeRewriter::rewriteReshape(Operation *op, Value input,
                                       unsigned listIndex) {
  SmallVector<std::optional<int64_t>> generalized = getGeneralizedDims(input);
  if (llvm::none_of(generalized, [](auto d) { return d.has_value(); }))
    return;
  auto list = op->getOperand(listIndex).getDefiningOp<PrimListConstructOp>();
  if (!list)
    return;
  SmallVector<int64_t> traced = *getTracedSizes(input);
  // The traced value of each entry; -1 stands for what the others leave.
  SmallVector<int64_t> entries;
  int64_t inferredPosition = -1;
  for (auto [i, element] : llvm::enumerate(list.getElements())) {
    std::optional<int64_t> value = matchConstantInt(element);
    if (!value)
      return;
    if (*value == -1)
      inferredPosition = i;
    entries.push_back(*value);
  }
  if (inferredPosition >= 0) {
    int64_t others = 1;
    for (int64_t entry : entries)
      if (entry != -1)
        others *= entry;
    if (others == 0)
      return;
    entries[inferredPosition] = product(traced, 0, traced.size()) / others;
  }

  // An entry stands for input dims [first, last] when the entries before
  // and after it multiply to the input dims before and after these.
  struct Group {
    unsigned position;
    size_t first, last;
  };
  SmallVector<Group> groups;
  size_t rank = traced.size();
  for (auto [position, entry] : llvm::enumerate(entries)) {
    if (static_cast<int64_t>(position) == inferredPosition)
      continue;
    int64_t before = product(entries, 0, position);
    int64_t after = product(entries, position + 1, entries.size());
    std::optional<Group> best;
    for (size_t first = 0; first < rank; ++first) {
      if (product(traced, 0, first) != before)
        continue;
      for (size_t last = first; last < rank; ++last) {
        if (product(traced, first, last + 1) != entry ||
            product(traced, last + 1, rank) != after)
          continue;
        bool dynamic = false;
        for (size_t d = first; d <= last; ++d)
          dynamic |= generalized[d].has_value();
        if (dynamic && (!best || last - first < best->last - best->first))
          best = Group{static_cast<unsigned>(position), first, last};
      }
    }
    if (best)
      groups.push_back(*best);
  }

  SmallVector<std::pair<unsigned, Value>> replacements;
  bool hasInferred = inferredPosition >= 0;
  for (const Group &group : groups) {
    Location loc = list.getElements()[group.position].getLoc();
    if (!hasInferred) {
      replacements.push_back({group.position, createInt(op, loc, -1)});
      hasInferred = true;
      continue;
    }
    Value size = createSize(op, loc, input, group.first);
    for (size_t d = group.first + 1; d <= group.last; ++d)
      size = createMul(op, loc, size, createSize(op, loc, input, d));
    replacements.push_back({group.position, size});
  }
  if (!replacements.empty()) {
    replaceListElement(op, listIndex, replacements);
    return;
  }
  if (inferredPosition >= 0)
    return;
  // Every entry is fixed although the input has a dynamic dim.
  for (auto [d, size] : llvm::enumerate(generalized)) {
    if (!size)
      continue;
    Location loc = op->getLoc();
    for (Value element : list.getElements())
      if (matchConstantInt(element) == *size)
        loc = element.getLoc();
    emitWarning(loc) << "'" << op->getName() << "' reshapes to sizes fixed "
                     << "when the model was traced; the model will be wrong "
                     << "when " << describeDim(input, d) << " is not " << *size;
    return;
  }
}

void BakedSizeRewriter::rewriteExpand(Operation *op) {
  Value input = op->getOperand(0);
  auto list = op->getOperand(1).getDefiningOp<PrimListConstructOp>();
  std::optional<SmallVector<int64_t>> traced = getTracedSizes(input);
  if (!list || !traced)
    return;
  if (list.getElements().size() < traced->size())
    return;
  SmallVector<std::optional<int64_t>> generalized = getGeneralizedDims(input);
  size_t offset = list.getElements().size() - traced->size();
  SmallVector<std::pair<unsigned, Value>> replacements;
  for (auto [position, element] : llvm::enumerate(list.getElements())) {
    std::optional<int64_t> value = matchConstantInt(element);
    if (!value || *value == -1)
      continue;
    if (position >= offset) {
      size_t d = position - offset;
      if (d < generalized.size() && generalized[d] == *value) {
        replacements.push_back(
            {position, createSize(op, element.getLoc(), input, d)});
        continue;
      }
      if ((*traced)[d] != 1)
        continue;
    }
    // A new or broadcast dim: its size cannot be traced back to a dim.
    bool ambiguous;
    if (*value >= 2 && (findArgumentDimOfSize(*value, ambiguous) || ambiguous))
      emitWarning(element.getLoc())
          << "'" << op->getName() << "' expands to size " << *value
          << ", the traced size of a dynamic dim; the model will be wrong if "
             "this size should follow that dim";
  }
  replaceListElement(op, 1, replacements);
}

void BakedSizeRewriter::rewriteSlice(Operation *op) {
  auto slice = cast<AtenSliceTensorOp>(op);
  SmallVector<std::optional<int64_t>> generalized =
      getGeneralizedDims(slice.getSelf());
  std::optional<int64_t> dim = matchConstantInt(slice.getDim());
  std::optional<int64_t> d =
      dim ? normalizeDim(*dim, generalized.size()) : std::nullopt;
  if (!d || !generalized[*d])
    return;
  int64_t traced = *generalized[*d];
  std::optional<int64_t> end = matchConstantInt(slice.getEnd());
  if (end == traced) {
    replaceOperand(op, 3,
                   createInt(op, slice.getEnd().getLoc(),
                             std::numeric_limits<int64_t>::max()));
    return;
  }
  std::optional<int64_t> start = matchConstantInt(slice.getStart());
  if (start == traced)
    emitWarning(slice.getStart().getLoc())
        << "'" << op->getName() << "' of " << describeDim(slice.getSelf(), *d)
        << " starts at " << traced << ", its traced size; the model will be "
        << "wrong if the start should follow the size";
}

void BakedSizeRewriter::rewriteSelect(Operation *op) {
  auto select = cast<AtenSelectIntOp>(op);
  SmallVector<std::optional<int64_t>> generalized =
      getGeneralizedDims(select.getSelf());
  std::optional<int64_t> dim = matchConstantInt(select.getDim());
  std::optional<int64_t> d =
      dim ? normalizeDim(*dim, generalized.size()) : std::nullopt;
  if (!d || !generalized[*d] || *generalized[*d] < 2)
    return;
  std::optional<int64_t> index = matchConstantInt(select.getIndex());
  if (index == *generalized[*d] - 1)
    replaceOperand(op, 2, createInt(op, select.getIndex().getLoc(), -1));
}

void BakedSizeRewriter::rewriteNarrow(Operation *op) {
  auto narrow = cast<AtenNarrowOp>(op);
  SmallVector<std::optional<int64_t>> generalized =
      getGeneralizedDims(narrow.getSelf());
  std::optional<int64_t> dim = matchConstantInt(narrow.getDim());
  std::optional<int64_t> d =
      dim ? normalizeDim(*dim, generalized.size()) : std::nullopt;
  if (!d || !generalized[*d])
    return;
  std::optional<int64_t> start = matchConstantInt(narrow.getStart());
  std::optional<int64_t> length = matchConstantInt(narrow.getLength());
  if (start == 0 && length == *generalized[*d]) {
    replaceOperand(
        op, 3,
        createSize(op, narrow.getLength().getLoc(), narrow.getSelf(), *d));
    return;
  }
  emitWarning(narrow.getLength().getLoc())
      << "'" << op->getName() << "' of " << describeDim(narrow.getSelf(), *d)
      << " has a length fixed when the model was traced with size "
      << *generalized[*d] << "; the model will be wrong if it should follow "
      << "the size";
}

void BakedSizeRewriter::rewriteSplit(Operation *op) {
  Value input = op->getOperand(0);
  SmallVector<std::optional<int64_t>> generalized = getGeneralizedDims(input);
  std::optional<int64_t> dim = matchConstantInt(op->getOperand(2));
  std::optional<int64_t> d =
      dim ? normalizeDim(*dim, generalized.size()) : std::nullopt;
  if (!d || !generalized[*d])
    return;
  emitWarning(op->getOperand(1).getLoc())
      << "'" << op->getName() << "' splits " << describeDim(input, *d)
      << " into pieces fixed when the model was traced with size "
      << *generalized[*d] << "; the model will be wrong at other sizes";
}

void BakedSizeRewriter::rewriteCreation(Operation *op, unsigned listIndex) {
  auto list = op->getOperand(listIndex).getDefiningOp<PrimListConstructOp>();
  if (!list)
    return;
  SmallVector<std::pair<unsigned, Value>> replacements;
  for (auto [position, element] : llvm::enumerate(list.getElements())) {
    std::optional<int64_t> value = matchConstantInt(element);
    if (!value || *value < 2)
      continue;
    bool ambiguous;
    const DynamicArgumentDim *dim = findArgumentDimOfSize(*value, ambiguous);
    if (dim) {
      replacements.push_back({position, createSize(op, element.getLoc(),
                                                   dim->argument, dim->axis)});
    } else if (ambiguous) {
      emitWarning(element.getLoc())
          << "'" << op->getName() << "' has size " << *value
          << ", the traced size of several dynamic dims; the model will be "
             "wrong if this size should follow one of them";
    }
  }
  replaceListElement(op, listIndex, replacements);
}

void BakedSizeRewriter::rewriteArangeEnd(Operation *op, unsigned endIndex) {
  Value end = op->getOperand(endIndex);
  if (!isa<IntType>(end.getType()))
    return;
  std::optional<int64_t> value = matchConstantInt(end);
  if (!value || *value < 2)
    return;
  bool ambiguous;
  if (const DynamicArgumentDim *dim = findArgumentDimOfSize(*value, ambiguous))
    replaceOperand(op, endIndex,
                   createSize(op, end.getLoc(), dim->argument, dim->axis));
  else if (ambiguous)
    emitWarning(end.getLoc())
        << "'" << op->getName() << "' ends at " << *value
        << ", the traced size of several dynamic dims; the model will be "
           "wrong if it should follow one of them";
}
