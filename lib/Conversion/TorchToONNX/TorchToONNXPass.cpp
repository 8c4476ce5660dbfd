//===- TorchToONNXPass.cpp - The convert-torch-to-onnx pass ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"

#include "Patterns.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Support/DiagnosticOp.h"
#include "torch-onnx/Support/JSONString.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <mutex>

namespace mlir::torch_onnx {
#define GEN_PASS_DEF_CONVERTTORCHTOONNX
#include "torch-onnx/Conversion/Passes.h.inc"
} // namespace mlir::torch_onnx

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The pattern providers that plugins registered, and their lock.
struct PatternProviders {
  std::mutex mutex;
  std::vector<TorchToONNXPatternProvider> providers;
};

PatternProviders &getPatternProviders() {
  static PatternProviders registered;
  return registered;
}

/// The name the converted graph function gets.
constexpr StringLiteral kGraphName = "main_graph";

/// True for the Torch ops that only hold compile-time values: the patterns
/// read them, and they disappear once nothing uses them.
bool isCompileTimeOp(Operation *op) {
  return isa<Torch::ConstantIntOp, Torch::ConstantFloatOp,
             Torch::ConstantBoolOp, Torch::ConstantStrOp, Torch::ConstantNoneOp,
             Torch::ConstantDeviceOp, Torch::ConstantNumberOp,
             Torch::PrimListConstructOp>(op);
}

/// How an unconverted op is named in diagnostics: `aten::add.Tensor`,
/// `prim::Loop`, or the name of a `torch.operator`.
std::string getSourceOpName(Operation *op) {
  if (auto unknown = dyn_cast<Torch::OperatorOp>(op))
    return unknown.getName().str();
  StringRef name = op->getName().getStringRef();
  if (name.consume_front("torch.aten."))
    return ("aten::" + name).str();
  if (name.consume_front("torch.prim."))
    return ("prim::" + name).str();
  return name.str();
}

/// Whether `op` may be erased once its results are unused: Torch ops left
/// behind by the patterns, unused materializations and ONNX constants
/// nothing reads.
bool isErasableWhenUnused(Operation *op) {
  if (op->getNumResults() == 0 || !op->use_empty())
    return false;
  bool isTorch = isa_and_present<Torch::TorchDialect>(op->getDialect());
  return (isTorch && op->getNumRegions() == 0) ||
         isa<UnrealizedConversionCastOp>(op) || isOpTriviallyDead(op);
}

/// Erases the ops of `func` whose results are all unused and that have no
/// effect, in one walk. In post-order every user comes after the values it
/// uses, nested users before the op that holds them, so going backwards
/// reaches a producer only after all of its users had their chance to go.
void eraseDeadOps(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (op != func.getOperation())
      ops.push_back(op);
  });
  // Ops erased with the op that held them, which `ops` still lists.
  llvm::SmallPtrSet<Operation *, 16> erased;
  for (Operation *op : llvm::reverse(ops)) {
    if (erased.contains(op) || !isErasableWhenUnused(op))
      continue;
    if (op->getNumRegions() != 0)
      op->walk([&](Operation *inner) { erased.insert(inner); });
    op->erase();
  }
}

/// Removes the casts conversion leaves between two tensor types that differ
/// only in how much of the shape they know: a pattern may infer a more (or
/// less) precise shape than the Torch type says. The producing ONNX op takes
/// the type its users expect.
void resolveShapeOnlyCasts(func::FuncOp func) {
  SmallVector<UnrealizedConversionCastOp> casts;
  func.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  for (UnrealizedConversionCastOp cast : casts) {
    if (cast->getNumOperands() != 1 || cast->getNumResults() != 1)
      continue;
    Value input = cast->getOperand(0);
    auto from = dyn_cast<TensorType>(input.getType());
    auto to = dyn_cast<TensorType>(cast->getResult(0).getType());
    Operation *producer = input.getDefiningOp();
    if (!from || !to || from.getElementType() != to.getElementType() ||
        failed(verifyCompatibleShape(from, to)) || !producer ||
        !isa_and_present<ONNX::ONNXDialect>(producer->getDialect()))
      continue;
    input.setType(to);
    cast->getResult(0).replaceAllUsesWith(input);
    cast->erase();
  }
}

/// Replaces each result of `func` that returns a `prim.TupleConstruct` with
/// the tuple's elements, recursively: ONNX graphs return flat lists of
/// tensors. Results keep their attributes; expanded ones get none.
void flattenTupleResults(func::FuncOp func) {
  auto ret = dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator());
  if (!ret || llvm::none_of(ret.getOperands(), [](Value v) {
        return v.getDefiningOp<Torch::PrimTupleConstructOp>();
      }))
    return;
  SmallVector<Value> results;
  SmallVector<DictionaryAttr> attrs;
  std::function<void(Value, DictionaryAttr)> expand = [&](Value value,
                                                          DictionaryAttr attr) {
    if (auto tuple = value.getDefiningOp<Torch::PrimTupleConstructOp>()) {
      for (Value element : tuple.getOperands())
        expand(element, DictionaryAttr());
      return;
    }
    results.push_back(value);
    attrs.push_back(attr ? attr : DictionaryAttr::get(func.getContext()));
  };
  for (auto [index, value] : llvm::enumerate(ret.getOperands()))
    expand(value, func.getResultAttrDict(index));
  ret->setOperands(results);
  func.setFunctionType(FunctionType::get(func.getContext(),
                                         func.getArgumentTypes(),
                                         ValueRange(results).getTypes()));
  func.setAllResultAttrs(attrs);
}

/// Reports each argument and result of `func` whose type has no ONNX
/// counterpart (a tensor whose dtype was not inferred, for example). When an
/// op made a tensor of unknown dtype, the error is at the first such op, at
/// the user's line, and names it. Failure if there was any.
LogicalResult checkSignatureTypes(func::FuncOp func,
                                  const TypeConverter &typeConverter) {
  Operation *firstUnknown = nullptr;
  func.walk([&](Operation *op) {
    for (Type resultType : op->getResultTypes()) {
      auto tensor = dyn_cast<Torch::BaseTensorType>(resultType);
      if (tensor && !tensor.hasDtype()) {
        firstUnknown = op;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  bool failed = false;
  auto check = [&](Type type, StringRef kind, unsigned index) {
    if (typeConverter.convertType(type))
      return;
    failed = true;
    if (!firstUnknown) {
      func.emitError() << "cannot convert the type " << type << " of " << kind
                       << " " << index << " to ONNX";
      return;
    }
    std::string name = getSourceOpName(firstUnknown);
    InFlightDiagnostic diag = firstUnknown->emitError();
    diag << "cannot convert '" << name
         << "' to ONNX: the element type of its result is unknown, so "
         << kind << " " << index << " of the graph (" << type
         << ") has no ONNX type";
    setDiagnosticOp(*diag.getUnderlyingDiagnostic(), name);
  };
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    check(type, "argument", index);
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    check(type, "result", index);
  return failure(failed);
}

struct ConvertTorchToONNXPass
    : public torch_onnx::impl::ConvertTorchToONNXBase<ConvertTorchToONNXPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Reports the ops conversion left, grouped by name; true if there were.
  bool reportUnconvertedOps(func::FuncOp func);
  /// Renames the function and its argument and result attributes, and
  /// records the state bindings in the module.
  LogicalResult finalizeGraph(ModuleOp module, func::FuncOp func);
};

} // namespace

bool ConvertTorchToONNXPass::reportUnconvertedOps(func::FuncOp func) {
  // The ops by name, in order of first appearance.
  SmallVector<std::pair<std::string, SmallVector<Operation *>>> groups;
  llvm::StringMap<unsigned> groupIndex;
  auto addToGroup = [&](const std::string &name, Operation *op) {
    auto [it, inserted] = groupIndex.try_emplace(name, groups.size());
    if (inserted)
      groups.push_back({name, {}});
    groups[it->second].second.push_back(op);
  };
  SmallVector<Operation *> casts;
  func.walk([&](Operation *op) {
    if (isa<UnrealizedConversionCastOp>(op)) {
      casts.push_back(op);
      return;
    }
    if (!isa_and_present<Torch::TorchDialect>(op->getDialect()))
      return;
    // A compile-time value only matters when the graph itself uses it.
    if (isCompileTimeOp(op) && llvm::all_of(op->getUsers(), [](Operation *u) {
          return isa_and_present<Torch::TorchDialect>(u->getDialect());
        }))
      return;
    addToGroup(getSourceOpName(op), op);
  });
  // A materialization that stays marks a value whose producer or user was
  // not converted; it needs its own report only when no op is reported.
  if (groups.empty()) {
    for (Operation *cast : casts) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "value of type " << cast->getOperand(0).getType();
      addToGroup(text, cast);
    }
  }
  if (groups.empty())
    return false;

  size_t total = 0;
  for (auto &[name, ops] : groups) {
    total += ops.size();
    for (Operation *op : ops) {
      InFlightDiagnostic diag = op->emitError();
      diag << "cannot convert '" << name << "' to ONNX opset "
           << static_cast<int64_t>(opset);
      setDiagnosticOp(*diag.getUnderlyingDiagnostic(), name);
    }
  }
  InFlightDiagnostic summary = func.emitError();
  summary << "cannot convert " << total << (total == 1 ? " op" : " ops")
          << " to ONNX opset " << static_cast<int64_t>(opset) << ": ";
  llvm::interleaveComma(groups, summary, [&](const auto &group) {
    summary << group.first << " (" << group.second.size() << "x)";
  });
  return true;
}

LogicalResult ConvertTorchToONNXPass::finalizeGraph(ModuleOp module,
                                                    func::FuncOp func) {
  MLIRContext *context = &getContext();
  Builder b(context);

  // The function's state bindings become metadata of the model.
  if (auto state = func->getAttrOfType<ArrayAttr>("torch_onnx.state")) {
    llvm::json::Object bindings;
    for (auto binding : state.getAsRange<DictionaryAttr>()) {
      auto input = binding.getAs<StringAttr>("input");
      auto output = binding.getAs<StringAttr>("output");
      if (input && output)
        bindings[toJSONString(input.getValue())] =
            toJSONString(output.getValue());
    }
    std::string json;
    llvm::raw_string_ostream os(json);
    os << llvm::json::Value(std::move(bindings));
    NamedAttrList props;
    if (auto existing =
            module->getAttrOfType<DictionaryAttr>("onnx.metadata_props"))
      props.append(existing.getValue());
    props.set("torch_onnx.state", b.getStringAttr(json));
    module->setAttr("onnx.metadata_props", props.getDictionary(context));
    func->removeAttr("torch_onnx.state");
  }

  auto renameAttrs = [&](DictionaryAttr attrs, Type type,
                         bool isArgument) -> DictionaryAttr {
    NamedAttrList newAttrs;
    if (!attrs)
      return newAttrs.getDictionary(context);
    for (NamedAttribute attr : attrs) {
      StringRef name = attr.getName().getValue();
      if (name == "torch_onnx.name")
        newAttrs.set("onnx.name", attr.getValue());
      else if (name == "torch_onnx.dim_params")
        newAttrs.set("onnx.dim_params", attr.getValue());
      else if (name == "torch_onnx.initial_value" && isArgument) {
        if (ElementsAttr value =
                convertElementsAttr(dyn_cast<ElementsAttr>(attr.getValue()),
                                    dyn_cast<RankedTensorType>(type)))
          newAttrs.set("onnx.initializer", value);
      } else if (!name.starts_with("torch_onnx.")) {
        newAttrs.push_back(attr);
      }
    }
    return newAttrs.getDictionary(context);
  };

  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    func.setArgAttrs(i, renameAttrs(func.getArgAttrDict(i),
                                    func.getArgument(i).getType(), true));
  unsigned numResults = func.getNumResults();
  for (unsigned i = 0; i < numResults; ++i) {
    DictionaryAttr attrs =
        renameAttrs(func.getResultAttrDict(i), func.getResultTypes()[i], false);
    if (!attrs.get("onnx.name")) {
      NamedAttrList withName(attrs);
      withName.set("onnx.name",
                   b.getStringAttr(numResults == 1
                                       ? std::string("output")
                                       : "output_" + std::to_string(i)));
      attrs = withName.getDictionary(context);
    }
    func.setResultAttrs(i, attrs);
  }

  SymbolTable symbols(module);
  if (failed(symbols.rename(func, kGraphName)))
    return func.emitError()
           << "cannot rename the graph function to '" << kGraphName << "'";
  return success();
}

void ConvertTorchToONNXPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  if (opset < ONNX::getMinTargetOpset() || opset > ONNX::getMaxKnownOpset()) {
    module.emitError() << "unsupported ONNX opset "
                       << static_cast<int64_t>(opset)
                       << ": convert-torch-to-onnx targets opsets "
                       << ONNX::getMinTargetOpset() << " to "
                       << ONNX::getMaxKnownOpset();
    return signalPassFailure();
  }
  auto func = module.lookupSymbol<func::FuncOp>("forward");
  if (!func || func.isExternal()) {
    module.emitError("expected a 'func.func @forward' with a body to "
                     "convert to ONNX");
    return signalPassFailure();
  }

  // The ONNX ops verify against the module's opset.
  Builder b(context);
  module->setAttr("onnx.opset_import",
                  b.getDictionaryAttr(
                      b.getNamedAttr("ai.onnx", b.getI64IntegerAttr(opset))));
  module->setAttr("onnx.ir_version",
                  b.getI64IntegerAttr(ONNX::getIRVersionForOpset(opset)));
  module->setAttr("onnx.producer_name", b.getStringAttr("torch-onnx"));
  module->setAttr("onnx.producer_version", b.getStringAttr("0.1"));

  flattenTupleResults(func);

  TorchToONNXTypeConverter typeConverter(context);
  if (failed(checkSignatureTypes(func, typeConverter)))
    return signalPassFailure();
  std::vector<CustomOpMapping> customOpMappings;
  for (const std::string &spec : customOps) {
    std::optional<CustomOpMapping> mapping = parseCustomOpMapping(spec);
    if (!mapping) {
      module.emitError("bad custom-ops entry '")
          << spec << "': expected OP=DOMAIN::TYPE(NAME0,NAME1,...)";
      return signalPassFailure();
    }
    customOpMappings.push_back(std::move(*mapping));
  }
  RewritePatternSet patterns(context);
  populateTorchToONNXCustomOpPatterns(typeConverter, patterns,
                                      customOpMappings);
  populateTorchToONNXPatterns(typeConverter, patterns, opset);
  {
    PatternProviders &registered = getPatternProviders();
    std::lock_guard<std::mutex> lock(registered.mutex);
    for (const TorchToONNXPatternProvider &provider : registered.providers)
      provider(typeConverter, patterns, opset);
  }
  if (fallbackCustomOps)
    populateTorchToONNXFallbackPatterns(typeConverter, patterns);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 typeConverter);
  populateReturnOpTypeConversionPattern(patterns, typeConverter);

  ConversionTarget target(*context);
  target.addLegalDialect<ONNX::ONNXDialect>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return typeConverter.isSignatureLegal(op.getFunctionType()) &&
           typeConverter.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<func::ReturnOp>([&](func::ReturnOp op) {
    return typeConverter.isLegal(op.getOperandTypes());
  });
  target.addLegalOp<Torch::ConstantIntOp, Torch::ConstantFloatOp,
                    Torch::ConstantBoolOp, Torch::ConstantStrOp,
                    Torch::ConstantNoneOp, Torch::ConstantDeviceOp,
                    Torch::ConstantNumberOp, Torch::PrimListConstructOp>();

  // Ops without a conversion stay (partial conversion) so that all of them
  // are reported at once.
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  if (failed(applyPartialConversion(func.getOperation(), target,
                                    std::move(patterns), config)))
    return signalPassFailure();

  resolveShapeOnlyCasts(func);
  eraseDeadOps(func);
  if (reportUnconvertedOps(func))
    return signalPassFailure();

  // The custom domains that nodes use (org.pytorch.aten, those of
  // custom-ops) are imported at version 1.
  NamedAttrList imports;
  imports.set("ai.onnx", b.getI64IntegerAttr(opset));
  func.walk([&](ONNX::CustomOp op) {
    StringRef domain = op.getDomain();
    if (!domain.empty() && domain != "ai.onnx" && !imports.get(domain))
      imports.set(domain, b.getI64IntegerAttr(1));
  });
  module->setAttr("onnx.opset_import", imports.getDictionary(context));
  if (failed(finalizeGraph(module, func)))
    return signalPassFailure();
}

//===----------------------------------------------------------------------===//
// Pattern population
//===----------------------------------------------------------------------===//

void mlir::torch_onnx::registerTorchToONNXPatternProvider(
    TorchToONNXPatternProvider provider) {
  PatternProviders &registered = getPatternProviders();
  std::lock_guard<std::mutex> lock(registered.mutex);
  registered.providers.push_back(std::move(provider));
}

void mlir::torch_onnx::populateTorchToONNXPatterns(TypeConverter &typeConverter,
                                                   RewritePatternSet &patterns,
                                                   int64_t opset) {
  populateConstantPatterns(typeConverter, patterns, opset);
  populateElementwisePatterns(typeConverter, patterns, opset);
  populateActivationPatterns(typeConverter, patterns, opset);
  populateLinearPatterns(typeConverter, patterns, opset);
  populatePoolingPatterns(typeConverter, patterns, opset);
  populateNormalizationPatterns(typeConverter, patterns, opset);
  populateReductionPatterns(typeConverter, patterns, opset);
  populateShapePatterns(typeConverter, patterns, opset);
  populateIndexingPatterns(typeConverter, patterns, opset);
  populateListPatterns(typeConverter, patterns, opset);
  populateControlFlowPatterns(typeConverter, patterns, opset);
  populateAttentionPatterns(typeConverter, patterns, opset);
  populateRecurrentPatterns(typeConverter, patterns, opset);
  populateEmbeddingPatterns(typeConverter, patterns, opset);
  populateRandomPatterns(typeConverter, patterns, opset);
  populateSliceScatterPatterns(typeConverter, patterns, opset);
  populateLossPatterns(typeConverter, patterns, opset);
}
