//===- LiftStatefulBuffers.cpp - Make module state explicit ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Replaces the module accesses of the inlined `forward` by constants (state
// it only reads) or by extra arguments and results (state it modifies), and
// removes the object graph.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_LIFTSTATEFULBUFFERS
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// One piece of module state: a tensor (which several slots may hold), or
/// the value of one non-tensor slot.
struct State {
  /// The slot path that first reaches the state, such as `sub.running`.
  std::string path;
  /// Other paths reaching the same tensor.
  SmallVector<std::string> otherPaths;
  /// The initial value: the slot's module-level value.
  Value initial;
  bool isTensor = false;
  /// Whether forward reads it, assigns it, or writes to it in place.
  bool accessed = false;
  Operation *firstAssignment = nullptr;
  Operation *firstInPlaceWrite = nullptr;

  bool isModified() const { return firstAssignment || firstInPlaceWrite; }

  /// For modified state: the argument holding it on entry.
  BlockArgument argument;
  /// For read-only state: its value in the function.
  Value constant;
};

/// The 0-d value tensor type a modified int, float or bool slot becomes.
Type getScalarStateType(Type type) {
  MLIRContext *ctx = type.getContext();
  Type dtype;
  if (isa<IntType>(type))
    dtype = IntegerType::get(ctx, 64, IntegerType::Signed);
  else if (isa<Torch::FloatType>(type))
    dtype = Float64Type::get(ctx);
  else if (isa<Torch::BoolType>(type))
    dtype = IntegerType::get(ctx, 1);
  else
    return {};
  return ValueTensorType::get(ctx, ArrayRef<int64_t>{}, dtype);
}

/// Every value that may share storage with `value`: views, in-place
/// results, list elements and region results derived from it.
llvm::SetVector<Value> collectAliases(Value value) {
  llvm::SetVector<Value> aliases;
  SmallVector<Value> worklist{value};
  auto add = [&](Value alias) {
    if (aliases.insert(alias))
      worklist.push_back(alias);
  };
  aliases.insert(value);
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      Operation *user = use.getOwner();
      unsigned index = use.getOperandNumber();
      if (isa<PrimIfYieldOp>(user)) {
        add(user->getParentOp()->getResult(index));
      } else if (isa<PrimLoopConditionOp>(user)) {
        if (index == 0)
          continue;
        auto loop = cast<PrimLoopOp>(user->getParentOp());
        add(loop.getResult(index - 1));
        add(loop.getRegion().front().getArgument(index));
      } else if (auto loop = dyn_cast<PrimLoopOp>(user)) {
        if (index < 2)
          continue;
        add(loop.getResult(index - 2));
        add(loop.getRegion().front().getArgument(index - 1));
      } else if (mayAliasOperands(user)) {
        for (Value result : user->getResults())
          if (holdsNonValueTensor(result.getType()))
            add(result);
      }
    }
  }
  return aliases;
}

struct LiftStatefulBuffersPass
    : public Torch::impl::LiftStatefulBuffersBase<LiftStatefulBuffersPass> {
  using LiftStatefulBuffersBase::LiftStatefulBuffersBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    // Shape generalization, later, may make argument dims dynamic.
    populateTorchFoldingPatterns(set, /*foldArgumentSizes=*/false);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(set, context);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override;

private:
  /// Gives every tuple slot that `func` accesses one slot per element,
  /// named `<slot>.<index>`, and rewrites its accesses to access these, so
  /// that each element becomes state of its own.
  LogicalResult splitTupleSlots(func::FuncOp func);
  /// Numbers the state reachable from `root`, in the order of a depth-first
  /// walk of the object graph.
  void collectState(NnModuleOp root);
  /// The slot a module access refers to, or null (after emitting an error
  /// when `emitErrors` is set).
  SlotOp resolveSlot(Operation *access, Value receiver, StringAttr name,
                     bool emitErrors = true);
  /// Resolves every module access of `func` into `accessState`.
  LogicalResult resolveAccesses(func::FuncOp func);
  /// Replaces reads of non-tensor slots nothing assigns by constants, then
  /// folds, so that flags such as `self.training` decide their branches.
  LogicalResult foldReadOnlyScalars(func::FuncOp func);
  /// The entries of `accessState`, in the order the accesses appear.
  SmallVector<std::pair<Operation *, unsigned>>
  getOrderedAccesses(func::FuncOp func);
  /// Finds the state forward modifies.
  LogicalResult findModifiedState(func::FuncOp func);
  /// Adds the argument carrying modified state `state`.
  LogicalResult addStateArgument(func::FuncOp func, State &state);
  /// The value of read-only state in the function.
  FailureOr<Value> getConstant(func::FuncOp func, State &state,
                               Operation *user);
  /// Rewrites the accesses in `block`, with `current` holding the value of
  /// each modified state (by index) on entry.
  LogicalResult rewriteBlock(func::FuncOp func, Block &block,
                             DenseMap<unsigned, Value> &current);
  LogicalResult rewriteIf(func::FuncOp func, PrimIfOp op,
                          ArrayRef<unsigned> assigned,
                          DenseMap<unsigned, Value> &current);
  LogicalResult rewriteLoop(func::FuncOp func, PrimLoopOp op,
                            ArrayRef<unsigned> assigned,
                            DenseMap<unsigned, Value> &current);
  /// The modified state assigned anywhere inside `op`'s regions.
  SmallVector<unsigned> getAssignedState(Operation *op);

  NnModuleOp root;
  BlockArgument self;
  SmallVector<State> states;
  /// State by slot (non-tensor state) or by module-level tensor value.
  DenseMap<const void *, unsigned> stateIndex;
  /// The path that first reaches each slot.
  DenseMap<Operation *, std::string> slotPaths;
  /// The state each value-accessing GetAttr/SetAttr refers to.
  DenseMap<Operation *, unsigned> accessState;
  SlotLookup slots;
  FrozenRewritePatternSet patterns;
};

const void *getStateKey(SlotOp slot) {
  if (isa<BaseTensorType>(slot.getValue().getType()))
    return slot.getValue().getAsOpaquePointer();
  return slot.getOperation();
}

void LiftStatefulBuffersPass::collectState(NnModuleOp module) {
  SmallVector<std::pair<NnModuleOp, std::string>> worklist{{module, ""}};
  DenseSet<Operation *> visited;
  while (!worklist.empty()) {
    auto [instance, prefix] = worklist.pop_back_val();
    if (!visited.insert(instance).second)
      continue;
    SmallVector<std::pair<NnModuleOp, std::string>> children;
    for (auto slot : instance.getBody().front().getOps<SlotOp>()) {
      std::string path = (prefix + slot.getName()).str();
      slotPaths.try_emplace(slot, path);
      if (auto child = slot.getValue().getDefiningOp<NnModuleOp>()) {
        children.push_back({child, path + "."});
        continue;
      }
      auto [it, inserted] =
          stateIndex.try_emplace(getStateKey(slot), states.size());
      if (!inserted) {
        states[it->second].otherPaths.push_back(path);
        continue;
      }
      State state;
      state.path = path;
      state.initial = slot.getValue();
      state.isTensor = isa<BaseTensorType>(slot.getValue().getType());
      states.push_back(std::move(state));
    }
    worklist.append(children.rbegin(), children.rend());
  }
}

SlotOp LiftStatefulBuffersPass::resolveSlot(Operation *access, Value receiver,
                                            StringAttr name, bool emitErrors) {
  NnModuleOp owner;
  if (receiver == self) {
    owner = root;
  } else if (auto getAttr = receiver.getDefiningOp<PrimGetAttrOp>()) {
    SlotOp parent = resolveSlot(getAttr, getAttr.getReceiver(),
                                getAttr.getNameAttr(), emitErrors);
    if (!parent)
      return {};
    owner = parent.getValue().getDefiningOp<NnModuleOp>();
  }
  if (!emitErrors && (!owner || !slots.lookup(owner, name)))
    return {};
  if (!owner) {
    access->emitError("cannot determine statically which module this "
                      "accesses; run torch-inline-partial-applications first");
    return {};
  }
  if (SlotOp slot = slots.lookup(owner, name))
    return slot;
  access->emitError("module of class '")
      << owner.getClassName() << "' has no attribute '" << name.getValue()
      << "'";
  return {};
}

LogicalResult LiftStatefulBuffersPass::splitTupleSlots(func::FuncOp func) {
  SmallVector<Operation *> worklist;
  func.walk([&](Operation *op) {
    if (isa<PrimGetAttrOp, PrimSetAttrOp>(op))
      worklist.push_back(op);
  });
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    auto getAttr = dyn_cast<PrimGetAttrOp>(op);
    Value receiver =
        getAttr ? getAttr.getReceiver() : cast<PrimSetAttrOp>(op).getReceiver();
    StringAttr name =
        getAttr ? getAttr.getNameAttr() : cast<PrimSetAttrOp>(op).getNameAttr();
    // Accesses that do not resolve are reported by resolveAccesses.
    SlotOp slot = resolveSlot(op, receiver, name, /*emitErrors=*/false);
    auto tuple =
        slot ? slot.getValue().getDefiningOp<PrimTupleConstructOp>() : nullptr;
    if (!tuple)
      continue;
    // The element slots, created once per module instance.
    auto owner = cast<NnModuleOp>(slot->getParentOp());
    SmallVector<std::string> names;
    OpBuilder slotBuilder(slot->getContext());
    slotBuilder.setInsertionPointAfter(slot);
    for (auto [index, element] : llvm::enumerate(tuple.getElements())) {
      names.push_back((name.getValue() + "." + Twine(index)).str());
      if (!slots.lookup(owner, slotBuilder.getStringAttr(names.back())))
        slots.insert(owner, SlotOp::create(slotBuilder, slot.getLoc(),
                                           names.back(), element));
    }

    OpBuilder builder(op);
    if (getAttr) {
      auto tupleType = dyn_cast<Torch::TupleType>(getAttr.getType());
      if (!tupleType || tupleType.getContainedTypes().size() != names.size())
        return op->emitError("cannot lift '")
               << name.getValue() << "': it holds a tuple of " << names.size()
               << " elements but is read as " << getAttr.getType();
      ArrayRef<Type> types = tupleType.getContainedTypes();
      SmallVector<Value> elements;
      for (auto [elementName, type] : llvm::zip(names, types)) {
        auto element = PrimGetAttrOp::create(builder, op->getLoc(), type,
                                             receiver, elementName);
        elements.push_back(element);
        worklist.push_back(element);
      }
      auto rebuilt = PrimTupleConstructOp::create(builder, op->getLoc(),
                                                  getAttr.getType(), elements);
      getAttr.replaceAllUsesWith(rebuilt.getResult());
    } else {
      Value value = cast<PrimSetAttrOp>(op).getValue();
      auto valueType = dyn_cast<Torch::TupleType>(value.getType());
      if (!valueType || valueType.getContainedTypes().size() != names.size())
        return op->emitError("cannot lift '")
               << name.getValue() << "': it holds a tuple of " << names.size()
               << " elements but is assigned " << value.getType();
      auto unpack = PrimTupleUnpackOp::create(
          builder, op->getLoc(), valueType.getContainedTypes(), value);
      for (auto [elementName, element] : llvm::zip(names, unpack.getResults()))
        worklist.push_back(PrimSetAttrOp::create(
            builder, op->getLoc(), receiver, elementName, element));
    }
    op->erase();
  }
  return success();
}

LogicalResult LiftStatefulBuffersPass::resolveAccesses(func::FuncOp func) {
  accessState.clear();
  WalkResult result = func.walk([&](Operation *op) -> WalkResult {
    auto getAttr = dyn_cast<PrimGetAttrOp>(op);
    auto setAttr = dyn_cast<PrimSetAttrOp>(op);
    if (!getAttr && !setAttr)
      return WalkResult::advance();
    Value receiver = getAttr ? getAttr.getReceiver() : setAttr.getReceiver();
    StringAttr name = getAttr ? getAttr.getNameAttr() : setAttr.getNameAttr();
    SlotOp slot = resolveSlot(op, receiver, name);
    if (!slot)
      return WalkResult::interrupt();
    if (isa<NnModuleType>(slot.getValue().getType())) {
      if (setAttr)
        return op->emitError("cannot lift the assignment of submodule '")
               << slotPaths.lookup(slot) << "'";
      for (Operation *user : getAttr->getUsers())
        if (!isa<PrimGetAttrOp, PrimSetAttrOp>(user))
          return user->emitError("cannot lift a use of submodule '")
                 << slotPaths.lookup(slot)
                 << "' other than reading or writing its attributes";
      return WalkResult::advance();
    }
    unsigned index = stateIndex.lookup(getStateKey(slot));
    accessState[op] = index;
    states[index].accessed = true;
    if (setAttr && !states[index].firstAssignment)
      states[index].firstAssignment = op;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

SmallVector<std::pair<Operation *, unsigned>>
LiftStatefulBuffersPass::getOrderedAccesses(func::FuncOp func) {
  SmallVector<std::pair<Operation *, unsigned>> accesses;
  func.walk([&](Operation *op) {
    auto it = accessState.find(op);
    if (it != accessState.end())
      accesses.push_back(*it);
  });
  return accesses;
}

LogicalResult LiftStatefulBuffersPass::foldReadOnlyScalars(func::FuncOp func) {
  for (auto [op, index] : getOrderedAccesses(func)) {
    State &state = states[index];
    auto getAttr = dyn_cast<PrimGetAttrOp>(op);
    if (!getAttr || state.isTensor || state.firstAssignment)
      continue;
    // A list or dict written in place is state that cannot be lifted; ints,
    // floats, bools and strings are immutable.
    if (isa<ListType, DictType>(getAttr.getType())) {
      for (OpOperand &use : getAttr->getUses()) {
        std::optional<SmallVector<unsigned>> written =
            getWrittenOperands(use.getOwner());
        if (!written || llvm::is_contained(*written, use.getOperandNumber()))
          return use.getOwner()->emitError("cannot lift '")
                 << state.path << "', which this op modifies in place";
      }
    }
    FailureOr<Value> constant = getConstant(func, state, op);
    if (failed(constant))
      return failure();
    getAttr.replaceAllUsesWith(*constant);
    accessState.erase(op);
    getAttr.erase();
  }
  if (failed(applyPatternsGreedily(func, patterns)))
    return func.emitError("folding the module's constants did not converge");
  // Folding may have dropped branches with accesses in them.
  for (State &state : states) {
    state.accessed = false;
    state.firstAssignment = nullptr;
    state.constant = {};
  }
  return resolveAccesses(func);
}

LogicalResult LiftStatefulBuffersPass::findModifiedState(func::FuncOp func) {
  // Tensors that slots hold, by state, and every value aliasing them. Slots
  // may share a value (a list of parameters, say) as long as nothing writes
  // through it.
  DenseMap<Value, SmallVector<unsigned, 1>> aliasOf;
  SmallVector<std::pair<Operation *, unsigned>> accesses =
      getOrderedAccesses(func);
  for (auto [op, index] : accesses) {
    auto getAttr = dyn_cast<PrimGetAttrOp>(op);
    if (!getAttr || !states[index].isTensor)
      continue;
    for (Value alias : collectAliases(getAttr.getResult())) {
      SmallVector<unsigned, 1> &holders = aliasOf[alias];
      if (!llvm::is_contained(holders, index))
        holders.push_back(index);
    }
  }
  WalkResult walk =
      func.walk([&](Operation *op) {
        std::optional<SmallVector<unsigned>> written;
        bool known = false;
        for (OpOperand &operand : op->getOpOperands()) {
          auto it = aliasOf.find(operand.get());
          if (it == aliasOf.end())
            continue;
          if (!known) {
            written = getWrittenOperands(op);
            known = true;
          }
          if (written &&
              !llvm::is_contained(*written, operand.getOperandNumber()))
            continue;
          ArrayRef<unsigned> holders = it->second;
          if (holders.size() > 1) {
            op->emitError("'")
                << states[holders[0]].path << "' may share storage with '"
                << states[holders[1]].path
                << "', and this op writes to it; cannot lift them separately";
            return WalkResult::interrupt();
          }
          State &state = states[holders.front()];
          if (!state.firstInPlaceWrite)
            state.firstInPlaceWrite = op;
        }
        return WalkResult::advance();
      });
  if (walk.wasInterrupted())
    return failure();

  // Assigning a tensor that is also module state makes two slots share it,
  // which only matters when one of them is written in place.
  for (auto [op, index] : accesses) {
    auto setAttr = dyn_cast<PrimSetAttrOp>(op);
    if (!setAttr)
      continue;
    auto it = aliasOf.find(setAttr.getValue());
    if (it == aliasOf.end() || it->second.front() == index)
      continue;
    State &source = states[it->second.front()], &target = states[index];
    if (source.firstInPlaceWrite || target.firstInPlaceWrite)
      return setAttr.emitError("'")
             << target.path << "' is assigned the tensor of '" << source.path
             << "', and one of them is written in place; cannot lift "
                "state that shares storage";
  }

  for (State &state : states)
    if (state.firstAssignment && !state.otherPaths.empty())
      return state.firstAssignment->emitError("'")
             << state.path << "' holds the same tensor as '"
             << state.otherPaths.front()
             << "'; cannot lift the assignment of state that shares storage";
  return success();
}

LogicalResult LiftStatefulBuffersPass::addStateArgument(func::FuncOp func,
                                                        State &state) {
  MLIRContext *ctx = &getContext();
  Operation *where =
      state.firstAssignment ? state.firstAssignment : state.firstInPlaceWrite;
  Type type;
  ElementsAttr initialValue;
  if (state.isTensor) {
    if (auto literal = state.initial.getDefiningOp<NonValueTensorLiteralOp>()) {
      type = literal.getType();
      initialValue = literal.getValue();
    } else if (auto literal =
                   state.initial.getDefiningOp<ValueTensorLiteralOp>()) {
      type =
          cast<ValueTensorType>(literal.getType()).getWithoutValueSemantics();
      initialValue = literal.getValue();
    } else {
      return where->emitError("cannot lift '")
             << state.path << "': its initial value is not a tensor literal";
    }
  } else {
    type = getScalarStateType(state.initial.getType());
    auto valueType = dyn_cast_or_null<ValueTensorType>(type);
    if (!valueType)
      return where->emitError("cannot lift '")
             << state.path << "' of type " << state.initial.getType()
             << ": only tensors, ints, floats and bools can be modified state";
    auto shaped = valueType.toBuiltinTensor();
    if (std::optional<int64_t> i = matchConstantInt(state.initial);
        i && isa<IntType>(state.initial.getType()))
      initialValue = DenseElementsAttr::get(shaped, ArrayRef<int64_t>{*i});
    else if (std::optional<bool> b = matchConstantBool(state.initial))
      initialValue = DenseElementsAttr::get(shaped, ArrayRef<bool>{*b});
    else if (std::optional<double> f = matchConstantFloat(state.initial))
      initialValue = DenseElementsAttr::get(shaped, ArrayRef<double>{*f});
    else
      return where->emitError("cannot lift '")
             << state.path << "': its initial value is not a constant";
  }
  unsigned index = func.getNumArguments();
  NamedAttribute attrs[] = {
      NamedAttribute(StringAttr::get(ctx, "torch_onnx.name"),
                     StringAttr::get(ctx, state.path)),
      NamedAttribute(StringAttr::get(ctx, "torch_onnx.initial_value"),
                     initialValue)};
  if (failed(func.insertArgument(index, type, DictionaryAttr::get(ctx, attrs),
                                 state.initial.getLoc())))
    return failure();
  state.argument = func.getArgument(index);
  return success();
}

/// Clones the module-level definition of `value` (constants, literals and
/// lists or tuples of them) with `builder`.
FailureOr<Value> cloneConstantTree(Value value, OpBuilder &builder,
                                   IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  if (!def || !(def->hasTrait<mlir::OpTrait::ConstantLike>() ||
                isa<PrimListConstructOp, PrimTupleConstructOp>(def)))
    return failure();
  for (Value operand : def->getOperands())
    if (failed(cloneConstantTree(operand, builder, mapping)))
      return failure();
  Operation *clone = builder.clone(*def, mapping);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

FailureOr<Value> LiftStatefulBuffersPass::getConstant(func::FuncOp func,
                                                      State &state,
                                                      Operation *user) {
  if (state.constant)
    return state.constant;
  if (state.isTensor && readOnlyTensorsAsInputs) {
    Operation *tensorDef = state.initial.getDefiningOp();
    if (!isa_and_nonnull<NonValueTensorLiteralOp, ValueTensorLiteralOp>(
            tensorDef))
      return user->emitError("cannot read '")
             << state.path << "': its value is not a tensor literal";
    MLIRContext *ctx = &getContext();
    NamedAttribute attrs[] = {
        NamedAttribute(StringAttr::get(ctx, "torch_onnx.name"),
                       StringAttr::get(ctx, state.path)),
        NamedAttribute(StringAttr::get(ctx, "torch_onnx.initial_value"),
                       tensorDef->getAttr("value"))};
    unsigned index = func.getNumArguments();
    if (failed(func.insertArgument(index, state.initial.getType(),
                                   DictionaryAttr::get(ctx, attrs),
                                   state.initial.getLoc())))
      return failure();
    state.constant = func.getArgument(index);
    return state.constant;
  }
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  IRMapping mapping;
  FailureOr<Value> constant =
      cloneConstantTree(state.initial, builder, mapping);
  if (failed(constant))
    return user->emitError("cannot read '")
           << state.path << "': its value is not a constant";
  state.constant = *constant;
  return state.constant;
}

SmallVector<unsigned> LiftStatefulBuffersPass::getAssignedState(Operation *op) {
  llvm::SetVector<unsigned> assigned;
  op->walk([&](PrimSetAttrOp setAttr) {
    auto it = accessState.find(setAttr);
    if (it != accessState.end())
      assigned.insert(it->second);
  });
  return assigned.takeVector();
}

/// The module-side value `state` has: a tensor stays a tensor, a scalar
/// becomes the scalar read from the 0-d tensor holding it.
Value readState(OpBuilder &builder, Location loc, const State &state,
                Value current) {
  if (state.isTensor)
    return current;
  Type type = state.initial.getType();
  if (isa<IntType>(type))
    return AtenIntTensorOp::create(builder, loc, type, current);
  if (isa<Torch::FloatType>(type))
    return AtenFloatTensorOp::create(builder, loc, type, current);
  return AtenBoolTensorOp::create(builder, loc, type, current);
}

LogicalResult
LiftStatefulBuffersPass::rewriteBlock(func::FuncOp func, Block &block,
                                      DenseMap<unsigned, Value> &current) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto it = accessState.find(&op);
    if (it != accessState.end()) {
      State &state = states[it->second];
      OpBuilder builder(&op);
      if (auto getAttr = dyn_cast<PrimGetAttrOp>(op)) {
        Value value;
        if (state.isModified()) {
          value = readState(builder, op.getLoc(), state,
                            current.lookup(it->second));
        } else {
          FailureOr<Value> constant = getConstant(func, state, &op);
          if (failed(constant))
            return failure();
          value = *constant;
        }
        getAttr.replaceAllUsesWith(value);
      } else {
        Value value = cast<PrimSetAttrOp>(op).getValue();
        Type expected = state.initial.getType();
        if (state.isTensor) {
          if (!isa<BaseTensorType>(value.getType()))
            return op.emitError("cannot lift '")
                   << state.path << "': it holds a tensor but is assigned "
                   << value.getType();
          if (!isa<NonValueTensorType>(value.getType()))
            value = CopyToNonValueTensorOp::create(
                builder, op.getLoc(),
                cast<ValueTensorType>(value.getType())
                    .getWithoutValueSemantics(),
                value);
        } else {
          if (value.getType() != expected)
            return op.emitError("cannot lift '")
                   << state.path << "' of type " << expected
                   << ": it is assigned a value of type " << value.getType();
          value = PrimNumToTensorScalarOp::create(
              builder, op.getLoc(), getScalarStateType(expected), value);
        }
        current[it->second] = value;
      }
      accessState.erase(&op);
      op.erase();
      continue;
    }
    if (op.getNumRegions() == 0)
      continue;
    SmallVector<unsigned> assigned = getAssignedState(&op);
    if (assigned.empty()) {
      for (Region &region : op.getRegions())
        for (Block &nested : region) {
          DenseMap<unsigned, Value> inner = current;
          if (failed(rewriteBlock(func, nested, inner)))
            return failure();
        }
      continue;
    }
    if (auto ifOp = dyn_cast<PrimIfOp>(op)) {
      if (failed(rewriteIf(func, ifOp, assigned, current)))
        return failure();
    } else if (auto loop = dyn_cast<PrimLoopOp>(op)) {
      if (failed(rewriteLoop(func, loop, assigned, current)))
        return failure();
    } else {
      return op.emitError("cannot lift the module state this op assigns "
                          "inside its regions");
    }
  }
  return success();
}

LogicalResult
LiftStatefulBuffersPass::rewriteIf(func::FuncOp func, PrimIfOp op,
                                   ArrayRef<unsigned> assigned,
                                   DenseMap<unsigned, Value> &current) {
  SmallVector<Value> yielded[2];
  Region *regions[2] = {&op.getThenRegion(), &op.getElseRegion()};
  for (int i = 0; i < 2; ++i) {
    DenseMap<unsigned, Value> inner = current;
    if (failed(rewriteBlock(func, regions[i]->front(), inner)))
      return failure();
    for (unsigned index : assigned)
      yielded[i].push_back(inner.lookup(index));
  }
  SmallVector<Type> types(op.getResultTypes());
  for (auto [a, b] : llvm::zip(yielded[0], yielded[1])) {
    Type type = joinTensorTypes(a.getType(), b.getType());
    if (!type)
      return op.emitError("cannot merge the module state the branches "
                          "assign: types ")
             << a.getType() << " and " << b.getType() << " differ";
    types.push_back(type);
  }
  OpBuilder builder(op);
  auto newIf = PrimIfOp::create(builder, op.getLoc(), types, op.getCondition());
  for (int i = 0; i < 2; ++i) {
    Region &region = i == 0 ? newIf.getThenRegion() : newIf.getElseRegion();
    region.takeBody(*regions[i]);
    Operation *yield = region.front().getTerminator();
    SmallVector<Value> operands(yield->getOperands());
    llvm::append_range(operands, yielded[i]);
    yield->setOperands(operands);
  }
  unsigned numOld = op.getNumResults();
  op.replaceAllUsesWith(newIf.getResults().take_front(numOld));
  op.erase();
  for (auto [i, index] : llvm::enumerate(assigned))
    current[index] = newIf.getResult(numOld + i);
  return success();
}

LogicalResult
LiftStatefulBuffersPass::rewriteLoop(func::FuncOp func, PrimLoopOp op,
                                     ArrayRef<unsigned> assigned,
                                     DenseMap<unsigned, Value> &current) {
  SmallVector<Value> inits(op.getIterArgsInit());
  SmallVector<Type> types(op.getResultTypes());
  for (unsigned index : assigned) {
    Value init = current.lookup(index);
    inits.push_back(init);
    types.push_back(init.getType());
  }
  OpBuilder builder(op);
  auto newLoop =
      PrimLoopOp::create(builder, op.getLoc(), types, op.getMaxTripCount(),
                         op.getInitialCondition(), inits);
  newLoop.getRegion().takeBody(op.getRegion());
  Block &body = newLoop.getRegion().front();
  unsigned numOld = op.getNumResults();
  op.replaceAllUsesWith(newLoop.getResults().take_front(numOld));
  op.erase();

  DenseMap<unsigned, Value> inner = current;
  SmallVector<BlockArgument> carried;
  for (unsigned index : assigned) {
    Value init = current.lookup(index);
    carried.push_back(body.addArgument(init.getType(), init.getLoc()));
    inner[index] = carried.back();
  }
  if (failed(rewriteBlock(func, body, inner)))
    return failure();
  auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
  SmallVector<Value> iterArgs(condition.getIterArgs());
  for (auto [i, index] : llvm::enumerate(assigned)) {
    Value next = inner.lookup(index);
    iterArgs.push_back(next);
    Type type = joinTensorTypes(carried[i].getType(), next.getType());
    if (!type)
      return op.emitError("cannot carry the module state the loop assigns: "
                          "types ")
             << carried[i].getType() << " and " << next.getType() << " differ";
    carried[i].setType(type);
    newLoop.getResult(numOld + i).setType(type);
    current[index] = newLoop.getResult(numOld + i);
  }
  condition.getIterArgsMutable().assign(iterArgs);
  return success();
}

void LiftStatefulBuffersPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  auto func = module.lookupSymbol<func::FuncOp>(functionName);
  if (!func || func.isExternal()) {
    module.emitError("no function named '") << functionName << "' with a body";
    return signalPassFailure();
  }
  for (auto candidate : module.getOps<NnModuleOp>())
    root = candidate;

  if (func.getNumArguments() > 0 &&
      isa<NnModuleType>(func.getArgumentTypes().front())) {
    self = func.getArgument(0);
    if (!root || root.getClassName() !=
                     cast<NnModuleType>(self.getType()).getClassName()) {
      func.emitError("%self has type ")
          << self.getType() << ", but the root torch.nn_module "
          << (root ? "has class '" + root.getClassName().str() + "'"
                   : std::string("is missing"));
      return signalPassFailure();
    }
    if (failed(splitTupleSlots(func)))
      return signalPassFailure();
    collectState(root);
    if (failed(resolveAccesses(func)) || failed(foldReadOnlyScalars(func)) ||
        failed(findModifiedState(func)))
      return signalPassFailure();

    SmallVector<unsigned> modified;
    for (auto [index, state] : llvm::enumerate(states))
      if (state.accessed && state.isModified())
        modified.push_back(index);
    DenseMap<unsigned, Value> current;
    for (unsigned index : modified) {
      if (failed(addStateArgument(func, states[index])))
        return signalPassFailure();
      current[index] = states[index].argument;
    }
    if (failed(rewriteBlock(func, func.getBody().front(), current)))
      return signalPassFailure();

    // Module values only served to reach the state; drop them and %self.
    SmallVector<Operation *> navigation;
    func.walk([&](PrimGetAttrOp op) { navigation.push_back(op); });
    for (Operation *op : llvm::reverse(navigation)) {
      if (!op->use_empty())
        return (void)op->emitError("module value is still used"),
               signalPassFailure();
      op->erase();
    }
    if (!self.use_empty()) {
      (*self.getUsers().begin())->emitError("cannot lift this use of %self");
      return signalPassFailure();
    }
    if (failed(func.eraseArgument(0)))
      return signalPassFailure();

    // The state on exit, after the function's own results.
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    SmallVector<Value> results(ret.getOperands());
    SmallVector<Attribute> bindings;
    for (unsigned index : modified) {
      State &state = states[index];
      std::string output = state.path + ".out";
      Value last = current.lookup(index);
      results.push_back(last);
      NamedAttribute resultAttrs[] = {
          NamedAttribute(StringAttr::get(ctx, "torch_onnx.name"),
                         StringAttr::get(ctx, output))};
      if (failed(func.insertResult(func.getNumResults(), last.getType(),
                                   DictionaryAttr::get(ctx, resultAttrs))))
        return signalPassFailure();
      NamedAttribute binding[] = {
          NamedAttribute(StringAttr::get(ctx, "input"),
                         StringAttr::get(ctx, state.path)),
          NamedAttribute(StringAttr::get(ctx, "output"),
                         StringAttr::get(ctx, output)),
          NamedAttribute(StringAttr::get(ctx, "path"),
                         StringAttr::get(ctx, state.path))};
      bindings.push_back(DictionaryAttr::get(ctx, binding));
    }
    ret->setOperands(results);
    if (!bindings.empty())
      func->setAttr("torch_onnx.state", ArrayAttr::get(ctx, bindings));
    updateFunctionResultTypes(func);
  }

  // The object graph is no longer needed.
  SmallVector<Operation *> graph;
  for (Operation &op : module.getBody()->getOperations())
    if (isa<TorchDialect>(op.getDialect()))
      graph.push_back(&op);
  for (Operation *op : llvm::reverse(graph)) {
    op->dropAllUses();
    op->erase();
  }
}

} // namespace
