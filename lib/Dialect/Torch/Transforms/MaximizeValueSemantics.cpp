//===- MaximizeValueSemantics.cpp - Tensors become values -----------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Walks a function in program order, keeping the current contents of every
// tensor as a value. An op that writes a tensor becomes a value op that
// computes the new contents; later reads of the tensor, or of views of it,
// read the new contents. Writes inside torch.prim.If and torch.prim.Loop to
// tensors defined outside leave the region as extra results or loop-carried
// values. A write to one piece of a split (`chunk`, `unbind`, ...) goes back
// into the split tensor as the concatenation of the pieces. Finally every
// reference tensor type becomes a value tensor type.
//
//===----------------------------------------------------------------------===//

#include "TensorAliasAnalysis.h"
#include "TransformUtils.h"
#include "ValueSemanticsRewrites.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_MAXIMIZEVALUESEMANTICS
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// What the walk knows at one point of the program.
struct ContentsState {
  /// The current contents of each Root that was written.
  DenseMap<Value, Value> current;
  /// When each Root was last written.
  DenseMap<Value, uint64_t> version;
  /// Views, lists and ambiguous values recomputed after their creation:
  /// their contents and when they were computed.
  DenseMap<Value, std::pair<Value, uint64_t>> recomputed;
};

/// The value type both `a` and `b` (after conversion) are subtypes of; `a`
/// when they are not tensors.
Type joinValueTypes(Type a, Type b) {
  a = getValueSemanticType(a);
  Type joined = joinTensorTypes(a, getValueSemanticType(b));
  return joined ? joined : a;
}

class ValueSemanticsRewriter {
public:
  explicit ValueSemanticsRewriter(func::FuncOp func)
      : func(func), builder(func.getContext()) {}

  LogicalResult run();

private:
  /// Gives every torch.prim.If and torch.prim.Loop that writes tensors
  /// defined outside it one extra result (and loop-carried value) per
  /// written tensor.
  void addThreadingResults();
  LogicalResult processBlock(Block &block);
  LogicalResult processOp(Operation *op);
  LogicalResult processWriter(Operation *op, ArrayRef<unsigned> writes);
  LogicalResult processBatchNorm(Operation *op);
  LogicalResult processIf(PrimIfOp op);
  LogicalResult processLoop(PrimLoopOp op);
  /// The threaded roots of a region op, matching its extra results.
  FailureOr<SmallVector<Value>> getThreadedRoots(Operation *op);
  /// Replaces every tracked operand of `op` by its current contents.
  LogicalResult readOperands(Operation *op);
  /// Records that `op`'s results hold their contents as of now.
  void markCreated(Operation *op);
  /// The current contents of `value`, computed before `user`.
  FailureOr<Value> read(Value value, Operation *user);
  /// Makes `contents` the current contents of `value`.
  LogicalResult write(Value value, Value contents, Operation *writer);
  /// The contents of a Root (itself until written).
  Value getRootContents(Value root) {
    Value contents = state.current.lookup(root);
    return contents ? contents : root;
  }
  void touchRoot(Value root, Value contents) {
    state.current[root] = contents;
    state.version[root] = ++clock;
  }
  LogicalResult convertTypes();

  func::FuncOp func;
  OpBuilder builder;
  std::unique_ptr<TensorAliasAnalysis> aliases;
  ContentsState state;
  uint64_t clock = 0;
  /// When each tracked value was created.
  DenseMap<Value, uint64_t> created;
  /// The number of extra results of each region op.
  DenseMap<Operation *, unsigned> numThreaded;
  /// Writing ops replaced by value ops, erased at the end.
  SmallVector<Operation *> replaced;
};

void ValueSemanticsRewriter::addThreadingResults() {
  TensorAliasAnalysis analysis(func);
  SmallVector<std::pair<Operation *, SmallVector<Type>>> regionOps;
  func.walk([&](Operation *op) {
    if (!isa<PrimIfOp, PrimLoopOp>(op))
      return;
    SmallVector<Type> types;
    for (Value root : analysis.getRootsWrittenInside(op))
      types.push_back(getValueSemanticType(root.getType()));
    if (!types.empty())
      regionOps.push_back({op, types});
  });
  // Post-order: inner ops are rebuilt before the ops containing them.
  for (auto &[op, types] : regionOps) {
    builder.setInsertionPoint(op);
    unsigned numOld = op->getNumResults();
    SmallVector<Type> resultTypes(op->getResultTypes());
    llvm::append_range(resultTypes, types);
    Operation *rebuilt;
    if (auto ifOp = dyn_cast<PrimIfOp>(op)) {
      auto newIf = PrimIfOp::create(builder, op->getLoc(), resultTypes,
                                    ifOp.getCondition());
      newIf.getThenRegion().takeBody(ifOp.getThenRegion());
      newIf.getElseRegion().takeBody(ifOp.getElseRegion());
      // Placeholders until the walk knows the contents each branch leaves.
      for (Region *region : {&newIf.getThenRegion(), &newIf.getElseRegion()}) {
        Operation *yield = region->front().getTerminator();
        SmallVector<Value> operands(yield->getOperands());
        operands.append(types.size(), ifOp.getCondition());
        yield->setOperands(operands);
      }
      rebuilt = newIf;
    } else {
      auto loop = cast<PrimLoopOp>(op);
      SmallVector<Value> inits(loop.getIterArgsInit());
      inits.append(types.size(), loop.getInitialCondition());
      auto newLoop = PrimLoopOp::create(builder, op->getLoc(), resultTypes,
                                        loop.getMaxTripCount(),
                                        loop.getInitialCondition(), inits);
      newLoop.getRegion().takeBody(loop.getRegion());
      Block &body = newLoop.getRegion().front();
      for (Type type : types)
        body.addArgument(type, op->getLoc());
      auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
      SmallVector<Value> iterArgs(condition.getIterArgs());
      iterArgs.append(types.size(), condition.getShouldContinue());
      condition.getIterArgsMutable().assign(iterArgs);
      rebuilt = newLoop;
    }
    op->replaceAllUsesWith(rebuilt->getResults().take_front(numOld));
    op->erase();
    numThreaded[rebuilt] = types.size();
  }
}

FailureOr<SmallVector<Value>>
ValueSemanticsRewriter::getThreadedRoots(Operation *op) {
  SmallVector<Value> roots = aliases->getRootsWrittenInside(op);
  if (roots.size() != numThreaded.lookup(op))
    return op->emitError("the tensors written inside this op changed while "
                         "rewriting it");
  return roots;
}

FailureOr<Value> ValueSemanticsRewriter::read(Value value, Operation *user) {
  const AliasInfo *info = aliases->lookup(value);
  if (!info)
    return value;
  switch (info->kind) {
  case AliasKind::Root:
    return getRootContents(value);
  case AliasKind::Identity:
    return read(info->base, user);
  case AliasKind::View:
  case AliasKind::Aggregate:
  case AliasKind::Ambiguous:
    break;
  }

  Value contents = value;
  uint64_t time = created.lookup(value);
  auto it = state.recomputed.find(value);
  if (it != state.recomputed.end())
    std::tie(contents, time) = it->second;
  bool stale = llvm::any_of(info->roots, [&](Value root) {
    return state.version.lookup(root) > time;
  });
  if (!stale)
    return contents;
  if (info->kind == AliasKind::Ambiguous)
    return user->emitError("cannot rewrite with value semantics: this reads ")
           << value
           << ", which may or may not share storage with a tensor written "
              "since it was computed";

  // Recompute the view or list from the current contents of its sources.
  // The op's own operands may already hold older contents, so the sources
  // come from the alias information. They are read first: reading one may
  // recompute it, and the clone must come after.
  SmallVector<std::pair<unsigned, Value>> sources;
  for (unsigned index = 0, e = info->op->getNumOperands(); index < e; ++index) {
    if (info->kind == AliasKind::View && index != 0)
      continue;
    Value original =
        info->kind == AliasKind::View ? info->base : info->operands[index];
    FailureOr<Value> source = read(original, user);
    if (failed(source))
      return failure();
    sources.push_back({index, *source});
  }
  Operation *clone = builder.clone(*info->op);
  for (auto [index, source] : sources)
    clone->setOperand(index, source);
  Value result = clone->getResult(cast<OpResult>(value).getResultNumber());
  state.recomputed[value] = {result, clock};
  return result;
}

LogicalResult ValueSemanticsRewriter::write(Value value, Value contents,
                                            Operation *writer) {
  const AliasInfo *info = aliases->lookup(value);
  if (!info)
    return writer->emitError("cannot rewrite a write to a value tensor");
  switch (info->kind) {
  case AliasKind::Root:
    touchRoot(value, contents);
    return success();
  case AliasKind::Identity:
    return write(info->base, contents, writer);
  case AliasKind::View: {
    if (!info->invertible)
      return writer->emitError("cannot rewrite an in-place update of a view "
                               "produced by '")
             << info->op->getName() << "'";
    FailureOr<Value> base = read(info->base, writer);
    if (failed(base))
      return failure();
    FailureOr<Value> newBase =
        createScatter(builder, cast<OpResult>(value), *base, contents, writer);
    if (failed(newBase) || failed(write(info->base, *newBase, writer)))
      return failure();
    state.recomputed[value] = {contents, clock};
    // The pieces of a split are disjoint: writing one leaves the others as
    // they were, the other elements of the new list.
    if (isa<PrimListUnpackOp>(info->op)) {
      auto list = newBase->getDefiningOp<PrimListConstructOp>();
      for (auto [piece, element] :
           llvm::zip_equal(info->op->getResults(), list.getOperands()))
        if (piece != value)
          state.recomputed[piece] = {element, clock};
    }
    return success();
  }
  case AliasKind::Aggregate:
  case AliasKind::Ambiguous:
    break;
  }
  return writer->emitError("cannot rewrite this in-place update: the tensor "
                           "it writes may or may not share storage with "
                           "other tensors");
}

LogicalResult ValueSemanticsRewriter::readOperands(Operation *op) {
  for (OpOperand &operand : op->getOpOperands()) {
    if (!aliases->lookup(operand.get()))
      continue;
    FailureOr<Value> contents = read(operand.get(), op);
    if (failed(contents))
      return failure();
    operand.set(*contents);
  }
  return success();
}

void ValueSemanticsRewriter::markCreated(Operation *op) {
  for (Value result : op->getResults())
    created[result] = clock;
}

LogicalResult ValueSemanticsRewriter::processBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(processOp(&op)))
      return failure();
  return success();
}

LogicalResult ValueSemanticsRewriter::processOp(Operation *op) {
  if (auto ifOp = dyn_cast<PrimIfOp>(op))
    return processIf(ifOp);
  if (auto loop = dyn_cast<PrimLoopOp>(op))
    return processLoop(loop);
  builder.setInsertionPoint(op);

  if (auto snapshot = dyn_cast<CopyToValueTensorOp>(op)) {
    FailureOr<Value> contents = read(snapshot.getOperand(), op);
    if (failed(contents))
      return failure();
    snapshot.getResult().replaceAllUsesWith(*contents);
    replaced.push_back(op);
    return success();
  }
  if (auto fresh = dyn_cast<CopyToNonValueTensorOp>(op)) {
    touchRoot(fresh.getResult(), fresh.getOperand());
    replaced.push_back(op);
    return success();
  }
  if (auto overwrite = dyn_cast<OverwriteTensorContentsOp>(op)) {
    if (failed(write(overwrite.getOverwritten(), overwrite.getValue(), op)))
      return failure();
    replaced.push_back(op);
    return success();
  }

  bool readsTensors = llvm::any_of(op->getOperands(), [&](Value operand) {
    return aliases->lookup(operand) != nullptr;
  });
  if (!readsTensors) {
    markCreated(op);
    return success();
  }
  std::optional<SmallVector<unsigned>> written = getWrittenOperands(op);
  if (!written)
    return op->emitError("cannot tell whether '")
           << op->getName() << "' writes to its tensor operands";
  // Writes to lists and dicts leave the tensors in them alone.
  SmallVector<unsigned> writes;
  for (unsigned index : *written)
    if (aliases->lookup(op->getOperand(index)) &&
        isa<BaseTensorType>(op->getOperand(index).getType()))
      writes.push_back(index);
  if (writes.empty()) {
    if (failed(readOperands(op)))
      return failure();
    markCreated(op);
    return success();
  }
  return processWriter(op, writes);
}

LogicalResult ValueSemanticsRewriter::processWriter(Operation *op,
                                                    ArrayRef<unsigned> writes) {
  if (isa<AtenBatchNormOp, AtenNativeBatchNormOp, AtenInstanceNormOp>(op))
    return processBatchNorm(op);

  // The current contents of every operand, before the write.
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    FailureOr<Value> contents = read(operand, op);
    if (failed(contents))
      return failure();
    operands.push_back(*contents);
  }
  StringRef name = op->getName().getStringRef();
  replaced.push_back(op);

  if (name == "torch.aten.copy_") {
    Value self = op->getOperand(0);
    Value contents =
        createCopiedValue(builder, op->getLoc(), operands[1], operands[0],
                          cast<BaseTensorType>(self.getType()));
    return write(self, contents, op);
  }
  bool inPlace =
      op->hasTrait<Torch::OpTrait::IsTrailingUnderscoreInplaceVariant>() ||
      (isa<OperatorOp>(op) && writes.size() == 1 && writes.front() == 0 &&
       op->getNumResults() == 1);
  if (inPlace) {
    Value self = op->getOperand(0);
    FailureOr<Value> contents = createFunctionalOp(
        builder, op, operands, getValueSemanticType(self.getType()));
    if (failed(contents))
      return failure();
    return write(self, *contents, op);
  }

  // An out= variant: the trailing operands receive the results.
  unsigned numResults = op->getNumResults();
  unsigned numInputs = op->getNumOperands() - numResults;
  if (numResults == 0 || writes.size() != numResults ||
      writes.front() != numInputs || isa<OperatorOp>(op))
    return op->emitError("cannot rewrite '")
           << op->getName() << "', which writes to its operands, into a "
           << "value-semantic op";
  SmallVector<Type> resultTypes;
  for (Value result : op->getResults())
    resultTypes.push_back(getValueSemanticType(result.getType()));
  FailureOr<Operation *> functional = createFunctionalFromOutVariant(
      builder, op, ArrayRef<Value>(operands).take_front(numInputs),
      resultTypes);
  if (failed(functional))
    return failure();
  for (unsigned i = 0; i < numResults; ++i)
    if (failed(write(op->getOperand(numInputs + i), (*functional)->getResult(i),
                     op)))
      return failure();
  return success();
}

LogicalResult ValueSemanticsRewriter::processBatchNorm(Operation *op) {
  // batch_norm, native_batch_norm and instance_norm have the input, the
  // running statistics and the momentum at the same positions.
  Value runningMean = op->getOperand(3), runningVar = op->getOperand(4);
  if (!aliases->lookup(runningMean) || !aliases->lookup(runningVar))
    return op->emitError("normalization with input statistics must update "
                         "both running statistics or neither");
  // The normalization reads the statistics before the update.
  if (failed(readOperands(op)))
    return failure();
  markCreated(op);
  FailureOr<std::pair<Value, Value>> updated = createUpdatedRunningStats(
      builder, op, op->getOperand(0), op->getOperand(3), op->getOperand(4),
      op->getOperand(6), /*perInstance=*/isa<AtenInstanceNormOp>(op));
  if (failed(updated) || failed(write(runningMean, updated->first, op)) ||
      failed(write(runningVar, updated->second, op)))
    return failure();
  return success();
}

LogicalResult ValueSemanticsRewriter::processIf(PrimIfOp op) {
  FailureOr<SmallVector<Value>> roots = getThreadedRoots(op);
  if (failed(roots))
    return failure();
  unsigned numOld = op.getNumResults() - roots->size();
  ContentsState before = state;
  SmallVector<Value> yielded[2];
  Region *regions[] = {&op.getThenRegion(), &op.getElseRegion()};
  for (int i = 0; i < 2; ++i) {
    state = before;
    Block &block = regions[i]->front();
    if (failed(processBlock(block)))
      return failure();
    Operation *yield = block.getTerminator();
    for (auto [k, root] : llvm::enumerate(*roots)) {
      yielded[i].push_back(getRootContents(root));
      yield->setOperand(numOld + k, yielded[i].back());
    }
  }
  state = std::move(before);
  for (auto [k, root] : llvm::enumerate(*roots)) {
    Value result = op.getResult(numOld + k);
    result.setType(
        joinValueTypes(yielded[0][k].getType(), yielded[1][k].getType()));
    touchRoot(root, result);
  }
  markCreated(op);
  return success();
}

LogicalResult ValueSemanticsRewriter::processLoop(PrimLoopOp op) {
  FailureOr<SmallVector<Value>> roots = getThreadedRoots(op);
  if (failed(roots))
    return failure();
  builder.setInsertionPoint(op);
  if (failed(readOperands(op)))
    return failure();
  unsigned numOld = op.getNumResults() - roots->size();
  Block &body = op.getRegion().front();
  for (auto [k, root] : llvm::enumerate(*roots))
    op->setOperand(2 + numOld + k, getRootContents(root));

  ContentsState before = state;
  for (auto [k, root] : llvm::enumerate(*roots))
    touchRoot(root, body.getArgument(1 + numOld + k));
  for (BlockArgument arg : body.getArguments())
    created[arg] = clock;
  if (failed(processBlock(body)))
    return failure();
  auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
  for (auto [k, root] : llvm::enumerate(*roots)) {
    Value next = getRootContents(root);
    condition->setOperand(1 + numOld + k, next);
    Type type = joinValueTypes(op->getOperand(2 + numOld + k).getType(),
                               next.getType());
    body.getArgument(1 + numOld + k).setType(type);
    op.getResult(numOld + k).setType(type);
  }
  state = std::move(before);
  for (auto [k, root] : llvm::enumerate(*roots))
    touchRoot(root, op.getResult(numOld + k));
  markCreated(op);
  return success();
}

LogicalResult ValueSemanticsRewriter::convertTypes() {
  for (Operation *op : llvm::reverse(replaced)) {
    if (!op->use_empty())
      return op->emitError("is still used after its rewrite into a "
                           "value-semantic op");
    op->erase();
  }
  WalkResult result = func.walk([&](Operation *op) -> WalkResult {
    if (op->hasTrait<Torch::OpTrait::IsTrailingUnderscoreInplaceVariant>() ||
        isa<OverwriteTensorContentsOp>(op))
      return op->emitError("writes to a value tensor");
    if (auto literal = dyn_cast<NonValueTensorLiteralOp>(op)) {
      OpBuilder literalBuilder(op);
      auto value = ValueTensorLiteralOp::create(
          literalBuilder, op->getLoc(), getValueSemanticType(literal.getType()),
          literal.getValue());
      literal.replaceAllUsesWith(value.getResult());
      op->erase();
      return WalkResult::advance();
    }
    for (Value value : op->getResults())
      value.setType(getValueSemanticType(value.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setType(getValueSemanticType(arg.getType()));
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  for (BlockArgument arg : func.getArguments())
    arg.setType(getValueSemanticType(arg.getType()));
  updateFunctionResultTypes(func);
  return success();
}

/// Replaces the unsafe_ splits that the importer left as torch.operator by
/// their safe forms. Both return views of their operand; the unsafe ones
/// only hide this from autograd, and from their schemas.
static void replaceUnsafeSplits(func::FuncOp func) {
  static const std::pair<StringRef, StringRef> kSafeForms[] = {
      {"aten::unsafe_chunk", "torch.aten.chunk"},
      {"aten::unsafe_split_with_sizes", "torch.aten.split_with_sizes"}};
  MLIRContext *context = func.getContext();
  func.walk([&](OperatorOp op) {
    const auto *form = llvm::find_if(kSafeForms, [&](const auto &form) {
      return op.getName() == form.first;
    });
    if (form == std::end(kSafeForms))
      return;
    std::optional<RegisteredOperationName> safe =
        RegisteredOperationName::lookup(form->second, context);
    if (!safe)
      return;
    OpBuilder builder(op);
    OperationState state(op.getLoc(), *safe);
    state.addOperands(op->getOperands());
    state.addTypes(op->getResultTypes());
    Operation *replacement = builder.create(state);
    LogicalResult verified = success();
    {
      ScopedDiagnosticHandler silence(context,
                                      [](Diagnostic &) { return success(); });
      verified = safe->verifyInvariants(replacement);
    }
    if (failed(verified)) {
      replacement->erase();
      return;
    }
    op->replaceAllUsesWith(replacement);
    op->erase();
  });
}

LogicalResult ValueSemanticsRewriter::run() {
  replaceUnsafeSplits(func);
  addThreadingResults();
  aliases = std::make_unique<TensorAliasAnalysis>(func);
  if (failed(processBlock(func.getBody().front())))
    return failure();
  return convertTypes();
}

struct MaximizeValueSemanticsPass
    : public Torch::impl::MaximizeValueSemanticsBase<
          MaximizeValueSemanticsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitError("expects a function with a single block");
      return signalPassFailure();
    }
    ValueSemanticsRewriter rewriter(func);
    if (failed(rewriter.run()))
      return signalPassFailure();
  }
};

} // namespace
