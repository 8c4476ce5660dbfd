//===- InlinePartialApplications.cpp - Inline every call into forward -----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Resolves method and function calls statically and inlines them into a copy
// of the root module's entry method, so that each call site gets a copy of
// its callee specialized to the receiver module and to the constant
// arguments of the call.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_INLINEPARTIALAPPLICATIONS
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// Finds the functions that calls in the entry function refer to.
class CalleeResolver {
public:
  CalleeResolver(ModuleOp module, func::FuncOp entry, NnModuleOp root)
      : symbols(module), entryBlock(&entry.getBody().front()), root(root) {}

  /// The module instance `value` holds, found by following
  /// `torch.prim.GetAttr` chains back to `%self` of the entry function.
  NnModuleOp traceInstance(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (root && arg.getOwner() == entryBlock && arg.getArgNumber() == 0 &&
          isa<NnModuleType>(arg.getType()))
        return root;
      return {};
    }
    auto getAttr = value.getDefiningOp<PrimGetAttrOp>();
    if (!getAttr)
      return {};
    NnModuleOp owner = traceInstance(getAttr.getReceiver());
    if (!owner)
      return {};
    if (SlotOp slot = slots.lookup(owner, getAttr.getNameAttr()))
      return slot.getValue().getDefiningOp<NnModuleOp>();
    return {};
  }

  /// The function `call` calls. Emits an error at the call when
  /// `emitErrors` is set and the callee cannot be determined.
  func::FuncOp resolve(Operation *call, bool emitErrors) {
    auto fail = [&](const Twine &message) -> func::FuncOp {
      if (emitErrors)
        call->emitError(message);
      return {};
    };
    StringRef calleeName;
    if (auto callOp = dyn_cast<func::CallOp>(call)) {
      calleeName = callOp.getCallee();
    } else if (auto callFunction = dyn_cast<PrimCallFunctionOp>(call)) {
      calleeName = callFunction.getCallee();
    } else {
      auto callMethod = cast<PrimCallMethodOp>(call);
      NnModuleOp instance = traceInstance(callMethod.getReceiver());
      if (!instance)
        return fail("cannot determine statically which module method '" +
                    callMethod.getName() +
                    "' is called on: the receiver is not reached from "
                    "%self through torch.prim.GetAttr");
      auto classType = symbols.lookup<ClassTypeOp>(instance.getClassName());
      if (!classType)
        return fail("module class '" + instance.getClassName() +
                    "' has no torch.class_type");
      MethodOp method;
      for (auto candidate : classType.getBody().front().getOps<MethodOp>())
        if (candidate.getName() == callMethod.getName())
          method = candidate;
      if (!method)
        return fail("module class '" + instance.getClassName() +
                    "' has no method '" + callMethod.getName() + "'");
      calleeName = method.getFunction();
    }
    auto callee = symbols.lookup<func::FuncOp>(calleeName);
    if (!callee)
      return fail("calls '@" + calleeName + "', which is not defined");
    if (callee.isExternal())
      return fail("calls '@" + calleeName + "', which has no body");
    if (!callee.getBody().hasOneBlock())
      return fail("calls '@" + calleeName +
                  "', whose body has more than one block");
    return callee;
  }

  SymbolTable &getSymbols() { return symbols; }

private:
  SymbolTable symbols;
  SlotLookup slots;
  Block *entryBlock;
  NnModuleOp root;
};

/// The operands a call passes to its callee's arguments, in order.
SmallVector<Value> getCallArguments(Operation *call) {
  if (auto callMethod = dyn_cast<PrimCallMethodOp>(call)) {
    SmallVector<Value> args{callMethod.getReceiver()};
    llvm::append_range(args, callMethod.getMethodOperands());
    return args;
  }
  return llvm::to_vector(call->getOperands());
}

/// Replaces `call` by a copy of `callee`'s body, with the callee's
/// arguments bound to the call's operands.
LogicalResult inlineCall(Operation *call, func::FuncOp callee) {
  SmallVector<Value> args = getCallArguments(call);
  Block &body = callee.getBody().front();
  if (args.size() != body.getNumArguments())
    return call->emitError("passes ")
           << args.size() << " arguments to '@" << callee.getSymName()
           << "', which takes " << body.getNumArguments();
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!ret || ret.getNumOperands() != call->getNumResults())
    return call->emitError("expects ")
           << call->getNumResults() << " results from '@" << callee.getSymName()
           << "', which returns " << (ret ? ret.getNumOperands() : 0);

  IRMapping mapping;
  mapping.map(body.getArguments(), args);
  OpBuilder builder(call);
  for (Operation &op : body.without_terminator())
    builder.clone(op, mapping);
  for (auto [result, returned] :
       llvm::zip(call->getResults(), ret.getOperands())) {
    Value value = mapping.lookupOrDefault(returned);
    Type from = value.getType(), to = result.getType();
    // A call may give its result a more general type than the callee does,
    // never an unrelated one.
    bool compatible = from == to || isValidSubtype(from, to) ||
                      (isa<BaseTensorType>(from) && isa<BaseTensorType>(to) &&
                       cast<BaseTensorType>(from).hasValueSemantics() ==
                           cast<BaseTensorType>(to).hasValueSemantics());
    if (!compatible)
      return call->emitError("result of type ")
             << to << " does not match the type " << from << " '@"
             << callee.getSymName() << "' returns";
    result.replaceAllUsesWith(value);
  }
  call->erase();
  return success();
}

struct InlinePartialApplicationsPass
    : public Torch::impl::InlinePartialApplicationsBase<
          InlinePartialApplicationsPass> {
  using InlinePartialApplicationsBase::InlinePartialApplicationsBase;

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
  /// Finds the root module and its entry function; the root is null for a
  /// module without an object graph.
  LogicalResult findEntry(NnModuleOp &root, func::FuncOp &entry);
  /// Finds the entry of a module of plain functions.
  LogicalResult findEntryFunction(func::FuncOp &entry);
  /// Inlines every call in `entry`.
  LogicalResult inlineAllCalls(CalleeResolver &resolver, func::FuncOp entry);

  FrozenRewritePatternSet patterns;
};

LogicalResult InlinePartialApplicationsPass::findEntry(NnModuleOp &root,
                                                       func::FuncOp &entry) {
  ModuleOp module = getOperation();
  for (auto candidate : module.getOps<NnModuleOp>())
    root = candidate;
  if (!root)
    return findEntryFunction(entry);
  StringRef method =
      entryMethod.empty() ? StringRef("forward") : StringRef(entryMethod);
  auto classType = module.lookupSymbol<ClassTypeOp>(root.getClassName());
  if (!classType)
    return root.emitError("the root module's class '")
           << root.getClassName() << "' has no torch.class_type";
  SmallVector<StringRef> methods;
  for (auto candidate : classType.getBody().front().getOps<MethodOp>()) {
    methods.push_back(candidate.getName());
    if (candidate.getName() == method)
      entry = module.lookupSymbol<func::FuncOp>(candidate.getFunction());
  }
  if (!entry) {
    InFlightDiagnostic diag = classType.emitError(
        "the root module's class has no method '");
    diag << method << "' with a function; its methods: ";
    llvm::interleaveComma(methods, diag);
    return diag;
  }
  if (entry.isExternal() || entry.getNumArguments() == 0 ||
      !isa<NnModuleType>(entry.getArgumentTypes().front()))
    return entry.emitError("the entry method must have a body and take the "
                           "module as its first argument");
  return success();
}

LogicalResult
InlinePartialApplicationsPass::findEntryFunction(func::FuncOp &entry) {
  ModuleOp module = getOperation();
  auto withBody = [&](StringRef name) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    return func && !func.isExternal() ? func : func::FuncOp();
  };
  if (!entryMethod.empty()) {
    entry = withBody(entryMethod.getValue());
    if (!entry)
      return module.emitError("no function named '")
             << entryMethod.getValue() << "' with a body";
    return success();
  }
  for (StringRef name : {"forward", "main"})
    if ((entry = withBody(name)))
      return success();
  SmallVector<func::FuncOp> candidates;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      candidates.push_back(func);
  if (candidates.size() == 1) {
    entry = candidates.front();
    return success();
  }
  if (candidates.empty())
    return module.emitError("no torch.nn_module and no public function with "
                            "a body to compile");
  InFlightDiagnostic diag = module.emitError();
  diag << "no torch.nn_module, no function named 'forward' or 'main', and "
       << candidates.size()
       << " public functions; choose the entry with entry-method (--entry): ";
  llvm::interleaveComma(candidates, diag,
                        [&](func::FuncOp func) { diag << func.getSymName(); });
  return diag;
}

LogicalResult
InlinePartialApplicationsPass::inlineAllCalls(CalleeResolver &resolver,
                                              func::FuncOp entry) {
  unsigned inlined = 0;
  while (true) {
    SmallVector<Operation *> calls;
    entry.walk([&](Operation *op) {
      if (isa<PrimCallMethodOp, PrimCallFunctionOp, func::CallOp>(op))
        calls.push_back(op);
    });
    if (calls.empty())
      return success();

    bool progress = false;
    for (Operation *call : calls) {
      func::FuncOp callee = resolver.resolve(call, /*emitErrors=*/false);
      if (!callee)
        continue;
      if (++inlined > maxInlinedCalls)
        return call->emitError("stopped after inlining ")
               << static_cast<unsigned>(maxInlinedCalls)
               << " calls; is the program recursive?";
      if (failed(inlineCall(call, callee)))
        return failure();
      progress = true;
    }
    // Fold the constants the calls bound, so that branches they decide go
    // away with the calls in them.
    if (failed(applyPatternsGreedily(entry, patterns)))
      return entry.emitError("folding the inlined calls did not converge");
    if (progress)
      continue;

    // Nothing resolved: report every call left.
    entry.walk([&](Operation *op) {
      if (isa<PrimCallMethodOp, PrimCallFunctionOp, func::CallOp>(op))
        (void)resolver.resolve(op, /*emitErrors=*/true);
    });
    return failure();
  }
}

void InlinePartialApplicationsPass::runOnOperation() {
  ModuleOp module = getOperation();
  NnModuleOp root;
  func::FuncOp original;
  if (failed(findEntry(root, original)))
    return signalPassFailure();

  // Work on a copy of the entry method, so that the original stays
  // available to calls from other methods.
  auto entry = cast<func::FuncOp>(original->clone());
  CalleeResolver resolver(module, entry, root);
  resolver.getSymbols().insert(entry);
  if (failed(inlineAllCalls(resolver, entry)))
    return signalPassFailure();

  // Every module access must now be on %self or a module reached from it.
  WalkResult access = entry.walk([&](Operation *op) -> WalkResult {
    Value receiver;
    if (auto getAttr = dyn_cast<PrimGetAttrOp>(op))
      receiver = getAttr.getReceiver();
    else if (auto setAttr = dyn_cast<PrimSetAttrOp>(op))
      receiver = setAttr.getReceiver();
    if (!receiver || resolver.traceInstance(receiver))
      return WalkResult::advance();
    op->emitError("cannot determine statically which module this accesses: "
                  "the module is not reached from %self through "
                  "torch.prim.GetAttr");
    return WalkResult::interrupt();
  });
  if (access.wasInterrupted())
    return signalPassFailure();

  // Keep only the entry function, public and named `forward`.
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (func != entry)
      func.erase();
  for (auto classType : module.getOps<ClassTypeOp>())
    for (auto method : llvm::make_early_inc_range(
             classType.getBody().front().getOps<MethodOp>()))
      method.erase();
  entry.setSymName("forward");
  entry.setPublic();
  updateFunctionResultTypes(entry);
}

} // namespace
