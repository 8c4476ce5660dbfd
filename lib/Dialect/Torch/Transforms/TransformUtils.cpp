//===- TransformUtils.cpp - Helpers shared by the Torch passes ------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

bool Torch::holdsNonValueTensor(Type type) {
  if (isa<NonValueTensorType>(type))
    return true;
  if (auto list = dyn_cast<ListType>(type))
    return holdsNonValueTensor(list.getContainedType());
  if (auto optional = dyn_cast<OptionalType>(type))
    return holdsNonValueTensor(optional.getContainedType());
  if (auto tuple = dyn_cast<Torch::TupleType>(type))
    return llvm::any_of(tuple.getContainedTypes(), holdsNonValueTensor);
  if (auto unionType = dyn_cast<UnionType>(type))
    return llvm::any_of(unionType.getContainedTypes(), holdsNonValueTensor);
  if (auto dict = dyn_cast<DictType>(type))
    return holdsNonValueTensor(dict.getKeyType()) ||
           holdsNonValueTensor(dict.getValueType());
  return isa<Torch::AnyType>(type);
}

Type Torch::getValueSemanticType(Type type) {
  MLIRContext *ctx = type.getContext();
  auto convertAll = [](ArrayRef<Type> types) {
    return llvm::map_to_vector(types, getValueSemanticType);
  };
  if (auto tensor = dyn_cast<NonValueTensorType>(type))
    return tensor.getWithValueSemantics();
  if (auto list = dyn_cast<ListType>(type))
    return ListType::get(getValueSemanticType(list.getContainedType()));
  if (auto optional = dyn_cast<OptionalType>(type))
    return OptionalType::get(getValueSemanticType(optional.getContainedType()));
  if (auto tuple = dyn_cast<Torch::TupleType>(type))
    return Torch::TupleType::get(ctx, convertAll(tuple.getContainedTypes()));
  if (auto unionType = dyn_cast<UnionType>(type))
    return UnionType::get(ctx, convertAll(unionType.getContainedTypes()));
  if (auto dict = dyn_cast<DictType>(type))
    return DictType::get(ctx, getValueSemanticType(dict.getKeyType()),
                         getValueSemanticType(dict.getValueType()));
  return type;
}

/// The running statistics a normalization op updates: `runningMean` and
/// `runningVar` when the `training` operand is true, nothing when it is
/// false, and std::nullopt when it is not a constant.
static std::optional<SmallVector<unsigned>>
getUpdatedRunningStats(Operation *op, unsigned training, unsigned runningMean,
                       unsigned runningVar) {
  std::optional<bool> isTraining = matchConstantBool(op->getOperand(training));
  if (!isTraining)
    return std::nullopt;
  SmallVector<unsigned> written;
  if (!*isTraining)
    return written;
  for (unsigned index : {runningMean, runningVar})
    if (isa<BaseTensorType>(op->getOperand(index).getType()))
      written.push_back(index);
  return written;
}

/// The trailing operands of an out= variant: one per result.
static SmallVector<unsigned> getOutOperands(Operation *op) {
  SmallVector<unsigned> written;
  unsigned numOperands = op->getNumOperands();
  unsigned numResults = std::min(op->getNumResults(), numOperands);
  for (unsigned i = numOperands - numResults; i < numOperands; ++i)
    written.push_back(i);
  return written;
}

std::optional<SmallVector<unsigned>> Torch::getWrittenOperands(Operation *op) {
  // Normalization ops carry no alias annotation, but in training mode they
  // update their running statistics in place.
  if (isa<AtenBatchNormOp, AtenNativeBatchNormOp>(op))
    return getUpdatedRunningStats(op, /*training=*/5, 3, 4);
  if (isa<AtenInstanceNormOp>(op))
    return getUpdatedRunningStats(op, /*use_input_stats=*/5, 3, 4);

  if (op->hasTrait<Torch::OpTrait::ReadOnly>())
    return SmallVector<unsigned>();
  if (op->hasTrait<Torch::OpTrait::IsTrailingUnderscoreInplaceVariant>())
    return SmallVector<unsigned>{0};
  if (op->hasTrait<Torch::OpTrait::IsOutVariant>())
    return getOutOperands(op);
  if (op->getName().getStringRef().starts_with("torch.aten.")) {
    // Every other writing aten op either writes its list or dict operand
    // (`append.t`, `_set_item.t`, `sort.int`) or is an out= variant with
    // several outputs (`sort.values`, `max.dim_max`).
    if (op->getNumOperands() > 0 &&
        isa<ListType, DictType>(op->getOperand(0).getType()))
      return SmallVector<unsigned>{0};
    return getOutOperands(op);
  }
  if (isa<OverwriteTensorContentsOp>(op))
    return SmallVector<unsigned>{1};
  if (auto unknown = dyn_cast<OperatorOp>(op)) {
    // `ns::name[.overload]`: a trailing underscore writes the first operand,
    // an `out` overload the trailing ones.
    StringRef name = unknown.getName();
    name = name.substr(
        name.find("::") == StringRef::npos ? 0 : name.find("::") + 2);
    auto [base, overload] = name.split('.');
    if (base.ends_with("_") && !base.ends_with("__") &&
        op->getNumOperands() > 0)
      return SmallVector<unsigned>{0};
    if (overload == "out" || overload.ends_with("_out"))
      return getOutOperands(op);
    return SmallVector<unsigned>();
  }
  if (isa<PrimIfOp, PrimLoopOp, PrimGetAttrOp, PrimSetAttrOp,
          PrimRaiseExceptionOp, CopyToValueTensorOp, CopyToNonValueTensorOp,
          func::ReturnOp>(op))
    return SmallVector<unsigned>();
  if (isMemoryEffectFree(op))
    return SmallVector<unsigned>();
  return std::nullopt;
}

bool Torch::mayAliasOperands(Operation *op) {
  if (op->hasTrait<Torch::OpTrait::HasValueSemantics>())
    return false;
  if (isa<PrimNumToTensorScalarOp, PrimDtypeOp, PrimDeviceOp,
          CopyToValueTensorOp, CopyToNonValueTensorOp, NonValueTensorLiteralOp,
          ValueTensorLiteralOp>(op))
    return false;
  if (op->hasTrait<mlir::OpTrait::ConstantLike>())
    return false;
  return llvm::any_of(op->getResultTypes(), holdsNonValueTensor);
}

std::optional<OperationName>
Torch::getFunctionalFormOfInPlaceOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("torch.aten."))
    return std::nullopt;
  auto [base, overload] = name.split('.');
  if (!base.ends_with("_"))
    return std::nullopt;
  std::string functional = ("torch.aten." + base.drop_back()).str();
  if (!overload.empty())
    functional += ("." + overload).str();
  std::optional<RegisteredOperationName> registered =
      RegisteredOperationName::lookup(functional, op->getContext());
  if (!registered)
    return std::nullopt;
  return OperationName(*registered);
}

void Torch::updateFunctionResultTypes(func::FuncOp func) {
  if (func.isExternal())
    return;
  func::ReturnOp ret;
  for (Block &block : func.getBody())
    if (auto candidate = dyn_cast<func::ReturnOp>(block.getTerminator()))
      ret = candidate;
  if (!ret)
    return;
  func.setFunctionType(FunctionType::get(func.getContext(),
                                         func.front().getArgumentTypes(),
                                         ret.getOperandTypes()));
}

SlotOp Torch::SlotLookup::lookup(NnModuleOp module, StringAttr name) {
  auto [it, inserted] = slots.try_emplace(module.getOperation());
  if (inserted)
    for (auto slot : module.getBody().front().getOps<SlotOp>())
      it->second.try_emplace(slot.getNameAttr(), slot);
  return it->second.lookup(name);
}

void Torch::SlotLookup::insert(NnModuleOp module, SlotOp slot) {
  auto it = slots.find(module.getOperation());
  if (it != slots.end())
    it->second.try_emplace(slot.getNameAttr(), slot);
}
