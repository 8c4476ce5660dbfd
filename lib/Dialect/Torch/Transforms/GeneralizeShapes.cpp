//===- GeneralizeShapes.cpp - Make argument dims dynamic ------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Makes the dims named by the `dynamic-dim` option dynamic in the entry
// function's arguments, rewrites the sizes that tracing fixed, re-infers
// every type, and records the dims' symbols as `torch_onnx.dim_params`.
//
//===----------------------------------------------------------------------===//

#include "BakedSizes.h"
#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_GENERALIZESHAPES
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
constexpr StringLiteral kNameAttr = "torch_onnx.name";
constexpr StringLiteral kDimParamsAttr = "torch_onnx.dim_params";

/// Makes `x.size(d)` read the argument dim that has the symbol of `x`'s dim
/// `d`, which is equal to it: the sizes that layers read of their own
/// activations then become one read of the argument, which CSE merges, and
/// the shape computations of the lowered model repeat less.
void readSizeFromArgument(
    Operation *op, const ShapeRefiner &refiner,
    const DenseMap<StringAttr, std::pair<BlockArgument, int64_t>>
        &argumentDims) {
  auto size = dyn_cast<AtenSizeIntOp>(op);
  if (!size)
    return;
  std::optional<int64_t> dim = matchConstantInt(size.getDim());
  TensorInfo info = refiner.getTensor(size.getSelf());
  if (!dim || !info.hasRank())
    return;
  std::optional<int64_t> axis = normalizeDim(*dim, info.getRank());
  if (!axis)
    return;
  DimInfo known = (*info.dims)[*axis];
  auto it = known.isKnown() ? argumentDims.end()
                            : argumentDims.find(known.symbol);
  if (!known.symbol || it == argumentDims.end())
    return;
  auto [arg, argAxis] = it->second;
  if (arg == size.getSelf() && argAxis == *axis)
    return;
  OpBuilder builder(op);
  size.getSelfMutable().assign(arg);
  size.getDimMutable().assign(
      ConstantIntOp::create(builder, op->getLoc(), argAxis));
}

/// One `ARG:AXIS=SYMBOL` entry of the option, resolved.
struct DimRequest {
  unsigned argIndex;
  int64_t axis;
  std::string symbol;
};

} // namespace

std::optional<DynamicDimSpec> Torch::parseDynamicDimSpec(StringRef entry) {
  auto [dimPart, symbol] = entry.trim().split('=');
  auto [argPart, axisPart] = dimPart.rsplit(':');
  argPart = argPart.trim();
  axisPart = axisPart.trim();
  symbol = symbol.trim();
  int64_t axis;
  if (!entry.contains('=') || !dimPart.contains(':') || argPart.empty() ||
      symbol.empty() || axisPart.getAsInteger(10, axis))
    return std::nullopt;
  return DynamicDimSpec{argPart.str(), axis, symbol.str()};
}

namespace {

/// Parses and checks the entries of `dynamic-dim`.
FailureOr<SmallVector<DimRequest>>
parseDynamicDims(func::FuncOp func, ArrayRef<std::string> entries) {
  SmallVector<DimRequest> requests;
  for (StringRef entry : entries) {
    std::optional<DynamicDimSpec> spec = parseDynamicDimSpec(entry);
    if (!spec)
      return func.emitError("malformed dynamic-dim entry '")
             << entry.trim() << "': expected ARG:AXIS=SYMBOL";
    entry = entry.trim();
    StringRef argPart = spec->arg;
    int64_t axis = spec->axis;
    StringRef symbol = spec->symbol;

    std::optional<unsigned> argIndex;
    unsigned index;
    if (!argPart.getAsInteger(10, index)) {
      if (index >= func.getNumArguments())
        return func.emitError("dynamic-dim entry '")
               << entry << "': argument " << index << " is out of range; '@"
               << func.getName() << "' has " << func.getNumArguments()
               << " arguments";
      argIndex = index;
    } else {
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        if (auto name = func.getArgAttrOfType<StringAttr>(i, kNameAttr))
          if (name.getValue() == argPart)
            argIndex = i;
      if (!argIndex)
        return func.emitError("dynamic-dim entry '")
               << entry << "': '@" << func.getName()
               << "' has no argument named '" << argPart << "'";
    }
    auto type = dyn_cast<BaseTensorType>(func.getArgument(*argIndex).getType());
    if (!type || !type.hasSizes())
      return func.emitError("dynamic-dim entry '")
             << entry << "': argument '"
             << getArgumentName(func, *argIndex)
             << "' is not a tensor of known rank";
    std::optional<int64_t> dim = normalizeDim(axis, type.getRank());
    if (!dim)
      return func.emitError("dynamic-dim entry '")
             << entry << "': axis " << axis << " is out of range for argument '"
             << getArgumentName(func, *argIndex) << "' of rank "
             << type.getRank();
    for (const DimRequest &other : requests)
      if (other.argIndex == *argIndex && other.axis == *dim)
        return func.emitError("dynamic-dim entry '")
               << entry << "': dim " << *dim << " of argument '"
               << getArgumentName(func, *argIndex)
               << "' is already dynamic as '" << other.symbol << "'";
    requests.push_back({*argIndex, *dim, symbol.str()});
  }
  return requests;
}

/// The `torch_onnx.dim_params` of a tensor: a name per dynamic dim, `""`
/// for static ones. Dynamic dims without a symbol get a fresh name.
ArrayAttr getDimParams(MLIRContext *context, const TensorInfo &info,
                       function_ref<std::string()> freshName) {
  SmallVector<Attribute> params;
  for (const DimInfo &dim : *info.dims) {
    std::string name;
    if (!dim.isKnown())
      name = dim.symbol ? dim.symbol.str() : freshName();
    params.push_back(StringAttr::get(context, name));
  }
  return ArrayAttr::get(context, params);
}

struct GeneralizeShapesPass
    : public Torch::impl::GeneralizeShapesBase<GeneralizeShapesPass> {
  using GeneralizeShapesBase::GeneralizeShapesBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto func = module.lookupSymbol<func::FuncOp>(functionName);
    if (!func || func.isExternal()) {
      module.emitError("no function '@") << functionName << "' to generalize";
      return signalPassFailure();
    }
    FailureOr<SmallVector<DimRequest>> requests =
        parseDynamicDims(func, dynamicDims);
    if (failed(requests))
      return signalPassFailure();
    generalize(func, *requests);
  }

  void generalize(func::FuncOp func, ArrayRef<DimRequest> requests) {
    MLIRContext *context = func.getContext();
    // The types as traced, for recognizing traced sizes.
    DenseMap<Value, Type> tracedTypes;
    func.walk([&](Operation *op) {
      for (Value result : op->getResults())
        tracedTypes[result] = result.getType();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            tracedTypes[arg] = arg.getType();
    });

    // Make the requested dims dynamic and give every dynamic argument dim
    // a symbol.
    ShapeRefiner refiner;
    SmallVector<DynamicArgumentDim> dynamicArgDims;
    llvm::StringSet<> usedSymbols;
    for (BlockArgument arg : func.getArguments()) {
      auto type = dyn_cast<BaseTensorType>(arg.getType());
      if (!type || !type.hasSizes())
        continue;
      TensorInfo info = TensorInfo::fromType(type);
      // Keep the names of dims that are already dynamic.
      if (auto params = func.getArgAttrOfType<ArrayAttr>(arg.getArgNumber(),
                                                         kDimParamsAttr))
        if (params.size() == info.dims->size())
          for (auto [dim, param] : llvm::zip(*info.dims, params))
            if (auto name = dyn_cast<StringAttr>(param))
              if (!dim.isKnown() && !name.getValue().empty())
                dim.symbol = name;
      bool changed = false;
      for (const DimRequest &request : requests) {
        if (request.argIndex != arg.getArgNumber())
          continue;
        DimInfo &dim = (*info.dims)[request.axis];
        if (dim.isKnown())
          dynamicArgDims.push_back({arg, request.axis, dim.size,
                                    StringAttr::get(context, request.symbol)});
        dim = DimInfo::unknown(StringAttr::get(context, request.symbol));
        changed = true;
      }
      std::string argName = Torch::getArgumentName(func, arg.getArgNumber());
      for (auto [axis, dim] : llvm::enumerate(*info.dims))
        if (!dim.isKnown() && !dim.symbol)
          dim.symbol = StringAttr::get(context, argName + "_dim_" +
                                                    std::to_string(axis));
      for (const DimInfo &dim : *info.dims)
        if (dim.symbol)
          usedSymbols.insert(dim.symbol.getValue());
      arg.setType(info.toType(type));
      refiner.setTensor(arg, info);
      if (changed)
        refiner.markDependent(arg);
      if (!info.getRank() || llvm::all_of(*info.dims, [](const DimInfo &d) {
            return d.isKnown();
          }))
        continue;
      func.setArgAttr(arg.getArgNumber(), kDimParamsAttr,
                      getDimParams(context, info, [] { return ""; }));
    }

    // The first argument dim of each symbol.
    DenseMap<StringAttr, std::pair<BlockArgument, int64_t>> argumentDims;
    for (BlockArgument arg : func.getArguments()) {
      TensorInfo info = refiner.getTensor(arg);
      if (isa<BaseTensorType>(arg.getType()) && info.hasRank())
        for (auto [axis, dim] : llvm::enumerate(*info.dims))
          if (!dim.isKnown() && dim.symbol)
            argumentDims.try_emplace(dim.symbol, arg, axis);
    }

    BakedSizeRewriter rewriter(refiner, std::move(tracedTypes), dynamicArgDims);
    refiner.setBeforeOpHook([&](Operation *op) {
      rewriter.rewrite(op);
      readSizeFromArgument(op, refiner, argumentDims);
    });
    refiner.run(func);

    // Name the dynamic dims of the results.
    auto ret = dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator());
    if (!ret)
      return;
    unsigned freshCount = 0;
    auto freshName = [&] {
      std::string name;
      do {
        name = func.getName().str() + "_dim_" + std::to_string(freshCount++);
      } while (usedSymbols.contains(name));
      usedSymbols.insert(name);
      return name;
    };
    for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
      // The type's sizes, with the symbols the refiner knows.
      TensorInfo info = TensorInfo::fromType(value.getType());
      TensorInfo known = refiner.getTensor(value);
      if (info.hasRank() && known.hasRank() &&
          known.getRank() == info.getRank())
        for (auto [dim, knownDim] : llvm::zip(*info.dims, *known.dims))
          if (!dim.isKnown() && !knownDim.isKnown())
            dim.symbol = knownDim.symbol;
      if (!isa<BaseTensorType>(value.getType()) || !info.hasRank() ||
          llvm::all_of(*info.dims,
                       [](const DimInfo &d) { return d.isKnown(); }))
        continue;
      func.setResultAttr(i, kDimParamsAttr,
                         getDimParams(context, info, freshName));
    }
  }
};
} // namespace
