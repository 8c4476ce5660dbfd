//===- ValueSemanticsRewrites.cpp - Value forms of writing ops ------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ValueSemanticsRewrites.h"
#include "TensorAliasAnalysis.h"
#include "TransformUtils.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

static BaseTensorType getValueTensorType(Value value) {
  return cast<BaseTensorType>(getValueSemanticType(value.getType()));
}

Value Torch::createCopiedValue(OpBuilder &builder, Location loc, Value source,
                               Value target, BaseTensorType targetType) {
  targetType = cast<BaseTensorType>(getValueSemanticType(targetType));
  BaseTensorType sourceType = getValueTensorType(source);
  Value result = source;
  bool sameSizes = targetType.hasSizes() && sourceType.hasSizes() &&
                   targetType.areAllSizesKnown() &&
                   sourceType.getSizes() == targetType.getSizes();
  if (!sameSizes) {
    auto type = targetType.getWithSizesAndDtype(targetType.getOptionalSizes(),
                                                sourceType.getOptionalDtype());
    result = AtenExpandAsOp::create(builder, loc, type, result, target);
  }
  bool sameDtype = targetType.hasDtype() &&
                   targetType.getDtype() == sourceType.getOptionalDtype();
  if (sameDtype)
    return result;
  std::optional<int64_t> code =
      getScalarTypeForDtype(targetType.getOptionalDtype());
  if (!code)
    return AtenTypeAsOp::create(builder, loc, targetType, result, target);
  Value dtype = ConstantIntOp::create(builder, loc, *code);
  Value no = ConstantBoolOp::create(builder, loc, false);
  Value none = ConstantNoneOp::create(builder, loc);
  return AtenToDtypeOp::create(builder, loc, targetType, result, dtype, no, no,
                               none);
}

FailureOr<Value> Torch::createFunctionalOp(OpBuilder &builder, Operation *op,
                                           ValueRange operands,
                                           Type resultType) {
  if (op->getNumResults() != 1)
    return op->emitError("cannot rewrite in-place op with ")
           << op->getNumResults() << " results into a value-semantic op";
  if (auto unknown = dyn_cast<OperatorOp>(op)) {
    StringRef name = unknown.getName();
    size_t nameStart = name.find("::");
    nameStart = nameStart == StringRef::npos ? 0 : nameStart + 2;
    auto [base, overload] = name.substr(nameStart).split('.');
    std::string functional =
        (name.take_front(nameStart) + base.drop_back()).str();
    if (!overload.empty())
      functional += ("." + overload).str();
    return OperatorOp::create(builder, op->getLoc(), TypeRange{resultType},
                              functional, operands, /*regionsCount=*/0)
        ->getResult(0);
  }
  std::optional<OperationName> name = getFunctionalFormOfInPlaceOp(op);
  if (!name)
    return op->emitError("cannot rewrite in-place op '")
           << op->getName() << "': it has no value-semantic form";
  OperationState state(op->getLoc(), *name);
  state.addOperands(operands);
  state.addTypes(resultType);
  return builder.create(state)->getResult(0);
}

FailureOr<Operation *>
Torch::createFunctionalFromOutVariant(OpBuilder &builder, Operation *op,
                                      ValueRange operands,
                                      TypeRange resultTypes) {
  MLIRContext *ctx = builder.getContext();
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("torch.aten."))
    return op->emitError("cannot rewrite out= op '")
           << op->getName() << "' into a value-semantic op";
  auto [base, overload] = name.split('.');

  // The overload naming convention first (`add.out` is `add.Tensor`,
  // `add.Scalar_out` is `add.Scalar`, `div.out_mode` is `div.Tensor_mode`),
  // then any value-semantic overload that accepts the operands.
  std::string prefix = ("torch.aten." + base).str();
  SmallVector<std::string> candidates;
  if (overload == "out") {
    candidates.push_back(prefix);
    candidates.push_back(prefix + ".Tensor");
  } else if (overload.ends_with("_out")) {
    candidates.push_back(prefix + "." + overload.drop_back(4).str());
  } else if (overload.starts_with("out_")) {
    candidates.push_back(prefix + ".Tensor_" + overload.drop_front(4).str());
  }
  for (RegisteredOperationName registered : ctx->getRegisteredOperations()) {
    StringRef candidate = registered.getStringRef();
    if ((candidate == prefix || candidate.starts_with(prefix + ".")) &&
        candidate != op->getName().getStringRef() &&
        registered.hasTrait<Torch::OpTrait::HasValueSemantics>())
      candidates.push_back(candidate.str());
  }

  for (const std::string &candidate : candidates) {
    std::optional<RegisteredOperationName> registered =
        RegisteredOperationName::lookup(candidate, ctx);
    if (!registered ||
        !registered->hasTrait<Torch::OpTrait::HasValueSemantics>())
      continue;
    OperationState state(op->getLoc(), *registered);
    state.addOperands(operands);
    state.addTypes(resultTypes);
    Operation *created = builder.create(state);
    LogicalResult verified = success();
    {
      ScopedDiagnosticHandler silence(ctx,
                                      [](Diagnostic &) { return success(); });
      verified = registered->verifyInvariants(created);
    }
    if (succeeded(verified))
      return created;
    created->erase();
  }
  return op->emitError("cannot rewrite out= op '")
         << op->getName() << "': no value-semantic overload takes its inputs";
}

/// The sizes of `tensor` as a `!torch.list<int>`: constants when they are
/// known, `aten.size` otherwise.
static Value createSizeList(OpBuilder &builder, Location loc, Value tensor) {
  auto type = getValueTensorType(tensor);
  Type listType = ListType::get(builder.getType<IntType>());
  if (type.hasSizes() && type.areAllSizesKnown()) {
    SmallVector<Value> sizes;
    for (int64_t size : type.getSizes())
      sizes.push_back(ConstantIntOp::create(builder, loc, size));
    return PrimListConstructOp::create(builder, loc, listType, sizes);
  }
  return AtenSizeOp::create(builder, loc, listType, tensor);
}

FailureOr<Value> Torch::createScatter(OpBuilder &builder, OpResult viewResult,
                                      Value base, Value update,
                                      Operation *writer) {
  Location loc = writer->getLoc();
  Operation *view = viewResult.getOwner();
  if (auto unpack = dyn_cast<PrimListUnpackOp>(view)) {
    // The pieces of `base`: the unpacked ones when the unpack reads it.
    SmallVector<Value> pieces;
    if (auto list = base.getDefiningOp<PrimListConstructOp>()) {
      llvm::append_range(pieces, list.getOperands());
    } else if (unpack.getOperand() == base) {
      llvm::append_range(pieces, unpack.getResults());
    } else {
      SmallVector<Type> types =
          llvm::map_to_vector(unpack.getResultTypes(), getValueSemanticType);
      llvm::append_range(
          pieces,
          PrimListUnpackOp::create(builder, loc, types, base).getResults());
    }
    if (pieces.size() != unpack.getNumResults())
      return writer->emitError("cannot rewrite an in-place update of a "
                               "tensor unpacked from a list: the list has ")
             << pieces.size() << " tensors, not " << unpack.getNumResults();
    pieces[viewResult.getResultNumber()] = update;
    return Value(PrimListConstructOp::create(
        builder, loc, getValueSemanticType(base.getType()), pieces));
  }
  if (std::optional<unsigned> dim = getSplitDimOperand(view)) {
    // The pieces of a split, joined again.
    Type type = getValueTensorType(base);
    if (isa<AtenUnbindIntOp>(view))
      return Value(AtenStackOp::create(builder, loc, type, update,
                                       view->getOperand(*dim)));
    return Value(
        AtenCatOp::create(builder, loc, type, update, view->getOperand(*dim)));
  }

  Type type = getValueTensorType(base);
  StringRef name = view->getName().getStringRef();
  name.consume_front("torch.aten.");
  ValueRange args = view->getOperands();
  if (name == "slice.Tensor")
    return Value(AtenSliceScatterOp::create(
        builder, loc, type, base, update, args[1], args[2], args[3], args[4]));
  if (name == "select.int")
    return Value(AtenSelectScatterOp::create(builder, loc, type, base, update,
                                             args[1], args[2]));
  if (name == "narrow") {
    Value end = AtenAddIntOp::create(builder, loc, builder.getType<IntType>(),
                                     args[2], args[3]);
    Value one = ConstantIntOp::create(builder, loc, 1);
    return Value(AtenSliceScatterOp::create(builder, loc, type, base, update,
                                            args[1], args[2], end, one));
  }
  if (name == "transpose.int")
    return Value(AtenTransposeIntOp::create(builder, loc, type, update, args[1],
                                            args[2]));
  if (name == "t")
    return Value(AtenTOp::create(builder, loc, type, update));
  if (name == "numpy_T")
    return Value(AtenNumpyTOp::create(builder, loc, type, update));
  if (name == "permute") {
    std::optional<SmallVector<int64_t>> dims = matchConstantIntList(args[1]);
    if (!dims)
      return writer->emitError("cannot rewrite an in-place update of a "
                               "permuted view whose permutation is not "
                               "constant");
    int64_t rank = dims->size();
    SmallVector<int64_t> inverse(rank, -1);
    for (int64_t i = 0; i < rank; ++i) {
      int64_t d = (*dims)[i] < 0 ? (*dims)[i] + rank : (*dims)[i];
      if (d < 0 || d >= rank || inverse[d] != -1)
        return writer->emitError("invalid permutation of the updated view");
      inverse[d] = i;
    }
    SmallVector<Value> elements;
    for (int64_t d : inverse)
      elements.push_back(ConstantIntOp::create(builder, loc, d));
    Value list = PrimListConstructOp::create(
        builder, loc, ListType::get(builder.getType<IntType>()), elements);
    return Value(AtenPermuteOp::create(builder, loc, type, update, list));
  }
  if (llvm::is_contained({"view", "_reshape_alias", "unflatten.int", "squeeze",
                          "squeeze.dim", "unsqueeze", "view_as", "reshape",
                          "reshape_as", "flatten.using_ints"},
                         name)) {
    Value sizes = createSizeList(builder, loc, base);
    return Value(AtenReshapeOp::create(builder, loc, type, update, sizes));
  }
  return writer->emitError("cannot rewrite an in-place update of a view "
                           "produced by '")
         << view->getName() << "'";
}

FailureOr<std::pair<Value, Value>>
Torch::createUpdatedRunningStats(OpBuilder &builder, Operation *norm,
                                 Value input, Value runningMean,
                                 Value runningVar, Value momentum,
                                 bool perInstance) {
  Location loc = norm->getLoc();
  BaseTensorType inputType = getValueTensorType(input);
  int64_t minRank = perInstance ? 3 : 2;
  if (!inputType.hasSizes() || inputType.getRank() < minRank)
    return norm->emitError("cannot compute the running statistics of ")
           << (perInstance ? "instance" : "batch")
           << " normalization with input statistics: the rank of its input "
              "is unknown or below "
           << minRank;
  // Statistics over every dim but the channels (dim 1), or per instance
  // over the dims after the channels.
  ArrayRef<int64_t> sizes = inputType.getSizes();
  SmallVector<Value> dims;
  for (int64_t d = perInstance ? 2 : 0; d < inputType.getRank(); ++d)
    if (d != 1)
      dims.push_back(ConstantIntOp::create(builder, loc, d));
  Value dimList = PrimListConstructOp::create(
      builder, loc, ListType::get(builder.getType<IntType>()), dims);
  SmallVector<int64_t> statSizes = {sizes[1]};
  if (perInstance)
    statSizes.insert(statSizes.begin(), sizes[0]);
  Type statType =
      inputType.getWithSizesAndDtype(statSizes, inputType.getOptionalDtype());
  Value yes = ConstantBoolOp::create(builder, loc, true);
  Value no = ConstantBoolOp::create(builder, loc, false);
  Value none = ConstantNoneOp::create(builder, loc);
  Value one = ConstantIntOp::create(builder, loc, 1);
  Value mean =
      AtenMeanDimOp::create(builder, loc, statType, input, dimList, no, none);
  Value var =
      AtenVarDimOp::create(builder, loc, statType, input, dimList, yes, no);
  if (perInstance) {
    // The instances' statistics averaged over the batch.
    Type channelType = inputType.getWithSizesAndDtype(
        ArrayRef<int64_t>{sizes[1]}, inputType.getOptionalDtype());
    Value batchDim = PrimListConstructOp::create(
        builder, loc, ListType::get(builder.getType<IntType>()),
        ValueRange{ConstantIntOp::create(builder, loc, 0)});
    mean = AtenMeanDimOp::create(builder, loc, channelType, mean, batchDim, no,
                                 none);
    var = AtenMeanDimOp::create(builder, loc, channelType, var, batchDim, no,
                                none);
  }

  auto update = [&](Value running, Value batch) -> Value {
    Type type = getValueTensorType(running);
    Value diff =
        AtenSubTensorOp::create(builder, loc, type, batch, running, one);
    Value scaled = AtenMulScalarOp::create(builder, loc, type, diff, momentum);
    return AtenAddTensorOp::create(builder, loc, type, running, scaled, one);
  };
  // Two statements: the order of function arguments' evaluation, and so of
  // the ops created, is unspecified.
  Value newMean = update(runningMean, mean);
  Value newVar = update(runningVar, var);
  return std::make_pair(newMean, newVar);
}
