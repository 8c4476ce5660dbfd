//===- DensifyNestedTensors.cpp - Nested tensors as padded tensors --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// First checks, in program order, that every nested tensor made by
// aten._nested_tensor_from_mask is only used by the ops that have a dense
// equivalent: the fused encoder layer and attention, and to_padded_tensor.
// Then computes, next to each _nested_tensor_from_mask, the sequence
// lengths and the key padding mask, replaces the nested tensor by its
// padded input, gives the mask to the layers, and rewrites to_padded_tensor
// as a masked fill and a slice to the longest sequence.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_DENSIFYNESTEDTENSORS
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// PyTorch's `mask_type` for a key padding mask of shape [batch, source].
constexpr int64_t kKeyPaddingMaskType = 1;

/// The dense form of the nested tensors made by one
/// aten._nested_tensor_from_mask.
struct DenseLayout {
  /// The sizes [N, L, D] of the padded input, `?` where unknown.
  SmallVector<int64_t, 3> sizes;
  /// The dtype of the padded input, null when unknown.
  Type dtype;
  /// [N, 1] si64: the length of each sequence.
  Value lengths;
  /// [N, L] i1: true past the end of each sequence.
  Value keyPadding;
  /// [N, L, 1] i1: `keyPadding` with a trailing unit dim.
  Value paddingRows;
  /// The `torch.constant.int 1` that is the layers' `mask_type`.
  Value maskType;
};

/// A use of a nested tensor to rewrite, with the index of the
/// _nested_tensor_from_mask that made it.
struct NestedUse {
  Operation *op;
  unsigned root;
};

ValueTensorType getTensorType(MLIRContext *context, ArrayRef<int64_t> sizes,
                              Type dtype) {
  return ValueTensorType::get(context, sizes, dtype);
}

/// True when the int list `list` is the size of the 3-D tensor `tensor`:
/// `aten.size` of it, or a list whose elements are `aten.size.int` of its
/// dims or constants equal to its static sizes.
bool isSizeOf(Value list, Value tensor) {
  if (auto size = list.getDefiningOp<AtenSizeOp>())
    return size.getSelf() == tensor;
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct || construct.getElements().size() != 3)
    return false;
  auto type = dyn_cast<BaseTensorType>(tensor.getType());
  for (auto [i, element] : llvm::enumerate(construct.getElements())) {
    int64_t dim = i;
    if (auto sizeInt = element.getDefiningOp<AtenSizeIntOp>()) {
      std::optional<int64_t> index = matchConstantInt(sizeInt.getDim());
      if (sizeInt.getSelf() != tensor || !index ||
          (*index != dim && *index != dim - 3))
        return false;
      continue;
    }
    std::optional<int64_t> value = matchConstantInt(element);
    if (!value || !type || !type.hasSizes() || type.getRank() != 3 ||
        type.getSizes()[dim] != *value)
      return false;
  }
  return true;
}

/// Densifies the nested tensors of one function.
class NestedTensorDensifier {
public:
  /// Finds the nested tensors and their uses; an unsupported use is an
  /// error at the using op.
  LogicalResult collect(func::FuncOp func);
  /// Replaces the nested tensors by padded tensors.
  void rewrite();

private:
  /// Checks one op that uses a nested tensor, recording its nested results.
  LogicalResult collectUse(Operation *op);
  /// Builds the lengths and the key padding mask of `root` before it.
  DenseLayout buildLayout(Aten_NestedTensorFromMaskOp root);

  /// The _nested_tensor_from_mask ops, in program order.
  SmallVector<Aten_NestedTensorFromMaskOp> roots;
  /// Each nested tensor and the index of its root.
  DenseMap<Value, unsigned> rootOf;
  /// The ops that use a nested tensor, in program order.
  SmallVector<NestedUse> uses;
};

LogicalResult NestedTensorDensifier::collect(func::FuncOp func) {
  WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto root = dyn_cast<Aten_NestedTensorFromMaskOp>(op)) {
      auto input = dyn_cast<BaseTensorType>(root.getT().getType());
      auto mask = dyn_cast<BaseTensorType>(root.getMask().getType());
      if ((input && input.hasSizes() && input.getRank() != 3) ||
          (mask && mask.hasSizes() && mask.getRank() != 2) ||
          (mask && mask.hasDtype() && !mask.getDtype().isInteger(1))) {
        op->emitError("expected a 3-D input and a 2-D bool mask");
        return WalkResult::interrupt();
      }
    }
    bool usesNested = llvm::any_of(op->getOperands(),
                                   [&](Value v) { return rootOf.contains(v); });
    if (usesNested && failed(collectUse(op)))
      return WalkResult::interrupt();
    if (auto root = dyn_cast<Aten_NestedTensorFromMaskOp>(op)) {
      rootOf[root.getResult()] = roots.size();
      roots.push_back(root);
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult NestedTensorDensifier::collectUse(Operation *op) {
  // The root of `value` if it is nested.
  auto rootIndex = [&](Value value) -> std::optional<unsigned> {
    auto it = rootOf.find(value);
    if (it == rootOf.end())
      return std::nullopt;
    return it->second;
  };
  // The only operands that may be nested are those in `allowed`.
  auto onlyNested = [&](ArrayRef<Value> allowed) {
    return llvm::all_of(op->getOperands(), [&](Value v) {
      return !rootOf.contains(v) || llvm::is_contained(allowed, v);
    });
  };
  auto unsupported = [&]() {
    Value nested = *llvm::find_if(op->getOperands(),
                                  [&](Value v) { return rootOf.contains(v); });
    InFlightDiagnostic diag =
        op->emitError("nested tensors are supported only through "
                      "aten._transformer_encoder_layer_fwd, "
                      "aten._native_multi_head_attention and "
                      "aten.to_padded_tensor");
    diag.attachNote(roots[rootOf.lookup(nested)].getLoc())
        << "the nested tensor is made here";
    return failure();
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](Aten_TransformerEncoderLayerFwdOp layer) -> LogicalResult {
        std::optional<unsigned> root = rootIndex(layer.getSrc());
        if (!root || !onlyNested({layer.getSrc()}))
          return unsupported();
        if (!isConstantNone(layer.getMask()))
          return layer.emitError("a mask with a nested input is not "
                                 "supported");
        rootOf[layer.getResult()] = *root;
        uses.push_back({op, *root});
        return success();
      })
      .Case([&](Aten_NativeMultiHeadAttentionOp attention) -> LogicalResult {
        std::optional<unsigned> root = rootIndex(attention.getQuery());
        if (!root || rootIndex(attention.getKey()) != root ||
            rootIndex(attention.getValue()) != root)
          return attention.emitError(
              "the query, key and value of an attention on nested tensors "
              "must be nested tensors made from the same mask");
        if (!onlyNested({attention.getQuery(), attention.getKey(),
                         attention.getValue()}))
          return unsupported();
        if (!isConstantNone(attention.getMask()))
          return attention.emitError("a mask with a nested input is not "
                                     "supported");
        if (!attention.getResult1().use_empty())
          return attention.emitError("the attention weights of nested "
                                     "inputs are not supported");
        rootOf[attention.getResult0()] = *root;
        uses.push_back({op, *root});
        return success();
      })
      .Case([&](AtenToPaddedTensorOp padded) -> LogicalResult {
        std::optional<unsigned> root = rootIndex(padded.getSelf());
        if (!root)
          return unsupported();
        Value outputSize = padded.getOutputSize();
        if (!isConstantNone(outputSize) &&
            !isSizeOf(outputSize, roots[*root].getT()))
          return padded.emitError(
              "an output_size other than the size of the nested tensor's "
              "padded input is not supported");
        uses.push_back({op, *root});
        return success();
      })
      .Default([&](Operation *) { return unsupported(); });
}

DenseLayout
NestedTensorDensifier::buildLayout(Aten_NestedTensorFromMaskOp root) {
  MLIRContext *context = root.getContext();
  Location loc = root.getLoc();
  OpBuilder builder(root);
  DenseLayout layout;
  layout.sizes.assign(3, kUnknownSize);
  auto inputType = dyn_cast<BaseTensorType>(root.getT().getType());
  if (inputType && inputType.hasSizes())
    llvm::copy(inputType.getSizes(), layout.sizes.begin());
  if (inputType)
    layout.dtype = inputType.getOptionalDtype();
  int64_t batch = layout.sizes[0], length = layout.sizes[1];
  Type i64 = IntegerType::get(context, 64, IntegerType::Signed);
  Type i1 = IntegerType::get(context, 1);

  Value none = ConstantNoneOp::create(builder, loc);
  Value int1 = ConstantIntOp::create(builder, loc, 1);
  Value int2 = ConstantIntOp::create(builder, loc, 2);
  Value int64Code =
      ConstantIntOp::create(builder, loc, *getScalarTypeForDtype(i64));
  Value keepDim = ConstantBoolOp::create(builder, loc, true);
  Value dims = PrimListConstructOp::create(
      builder, loc, ListType::get(builder.getType<IntType>()), {int1});
  layout.lengths = AtenSumDimIntListOp::create(
      builder, loc, getTensorType(context, {batch, 1}, i64), root.getMask(),
      dims, keepDim, int64Code);
  Value size = AtenSizeIntOp::create(builder, loc, builder.getType<IntType>(),
                                     root.getT(), int1);
  Value positions =
      AtenArangeOp::create(builder, loc, getTensorType(context, {length}, i64),
                           size, int64Code, none, none, none);
  layout.keyPadding = AtenGeTensorOp::create(
      builder, loc, getTensorType(context, {batch, length}, i1), positions,
      layout.lengths);
  layout.paddingRows = AtenUnsqueezeOp::create(
      builder, loc, getTensorType(context, {batch, length, 1}, i1),
      layout.keyPadding, int2);
  layout.maskType = ConstantIntOp::create(builder, loc, kKeyPaddingMaskType);
  return layout;
}

void NestedTensorDensifier::rewrite() {
  if (roots.empty())
    return;
  MLIRContext *context = roots.front().getContext();
  SmallVector<DenseLayout> layouts;
  for (Aten_NestedTensorFromMaskOp root : roots) {
    layouts.push_back(buildLayout(root));
    // The nested tensor is its input with the padding rows zeroed.
    OpBuilder builder(root);
    Value zero = ConstantFloatOp::create(builder, root.getLoc(), 0.0);
    Value dense = AtenMaskedFillScalarOp::create(
        builder, root.getLoc(), root.getT().getType(), root.getT(),
        layouts.back().paddingRows, zero);
    root.getResult().replaceAllUsesWith(dense);
  }

  for (auto [op, index] : uses) {
    const DenseLayout &layout = layouts[index];
    if (auto layer = dyn_cast<Aten_TransformerEncoderLayerFwdOp>(op)) {
      layer.getMaskMutable().assign(layout.keyPadding);
      layer.getMaskTypeMutable().assign(layout.maskType);
      continue;
    }
    if (auto attention = dyn_cast<Aten_NativeMultiHeadAttentionOp>(op)) {
      attention.getMaskMutable().assign(layout.keyPadding);
      attention.getMaskTypeMutable().assign(layout.maskType);
      continue;
    }
    // to_padded_tensor: the padding rows filled with `padding`, then, without
    // an output_size, only the rows up to the longest sequence.
    auto padded = cast<AtenToPaddedTensorOp>(op);
    Location loc = padded.getLoc();
    OpBuilder builder(padded);
    Type dtype = layout.dtype;
    if (auto type = dyn_cast<BaseTensorType>(padded.getSelf().getType());
        type && type.hasDtype())
      dtype = type.getDtype();
    bool slice = isConstantNone(padded.getOutputSize());
    Value filled = AtenMaskedFillScalarOp::create(
        builder, loc,
        slice ? getTensorType(context, layout.sizes, dtype)
              : Type(padded.getResult().getType()),
        padded.getSelf(), layout.paddingRows, padded.getPadding());
    if (slice) {
      Type i64 = IntegerType::get(context, 64, IntegerType::Signed);
      Value longest = AtenMaxOp::create(
          builder, loc, getTensorType(context, {}, i64), layout.lengths);
      Value end = AtenIntTensorOp::create(builder, loc,
                                          builder.getType<IntType>(), longest);
      Value int0 = ConstantIntOp::create(builder, loc, 0);
      Value int1 = ConstantIntOp::create(builder, loc, 1);
      filled =
          AtenSliceTensorOp::create(builder, loc, padded.getResult().getType(),
                                    filled, int1, int0, end, int1);
    }
    padded.getResult().replaceAllUsesWith(filled);
    padded.erase();
  }
  for (Aten_NestedTensorFromMaskOp root : roots)
    root.erase();
}

class DensifyNestedTensorsPass
    : public Torch::impl::DensifyNestedTensorsBase<DensifyNestedTensorsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    NestedTensorDensifier densifier;
    if (failed(densifier.collect(func)))
      return signalPassFailure();
    densifier.rewrite();
  }
};

} // namespace
