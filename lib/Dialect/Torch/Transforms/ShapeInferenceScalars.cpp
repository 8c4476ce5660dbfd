//===- ShapeInferenceScalars.cpp - Rules for sizes, ints and containers ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Tracks the ints that hold sizes (`aten.size.int`, their sums and
// products) and the elements of lists and tuples, so that shape operands
// built from them keep what is known about the dims.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// Records `info` for an unpacked element: tensor knowledge, or an int.
void setElement(ShapeRefiner &refiner, Value result,
                const std::optional<SmallVector<TensorInfo>> &tensors,
                const std::optional<SmallVector<DimInfo>> &ints, size_t index) {
  if (isa<BaseTensorType>(result.getType())) {
    if (tensors && index < tensors->size())
      refiner.setTensor(result, (*tensors)[index]);
  } else if (isa<Torch::IntType>(result.getType())) {
    if (ints && index < ints->size())
      refiner.setInt(result, (*ints)[index]);
  }
}

/// Int arithmetic on sizes: known operands fold; multiplying by one or
/// adding zero keeps a symbol.
std::optional<DimInfo> foldIntArithmetic(Operation *op,
                                         const ShapeRefiner &refiner) {
  auto binary = [&](auto fn) -> DimInfo {
    DimInfo a = refiner.getInt(op->getOperand(0));
    DimInfo b = refiner.getInt(op->getOperand(1));
    return fn(a, b);
  };
  return llvm::TypeSwitch<Operation *, std::optional<DimInfo>>(op)
      .Case([&](AtenAddIntOp) {
        return binary([](DimInfo a, DimInfo b) {
          if (a.isKnown() && b.isKnown())
            return DimInfo::known(a.size + b.size);
          if (a.size == 0)
            return b;
          return b.size == 0 ? a : DimInfo::unknown();
        });
      })
      .Case([&](AtenSubIntOp) {
        return binary([](DimInfo a, DimInfo b) {
          if (a.isKnown() && b.isKnown())
            return DimInfo::known(a.size - b.size);
          return b.size == 0 ? a : DimInfo::unknown();
        });
      })
      .Case([&](AtenMulIntOp) {
        return binary([](DimInfo a, DimInfo b) { return multiplyDims(a, b); });
      })
      .Case([&](AtenRemainderIntOp) {
        return binary([](DimInfo a, DimInfo b) {
          if (a.isKnown() && b.isKnown() && b.size != 0)
            return DimInfo::known(((a.size % b.size) + b.size) % b.size);
          return DimInfo::unknown();
        });
      })
      .Case([&](AtenNegIntOp) {
        DimInfo a = refiner.getInt(op->getOperand(0));
        return a.isKnown() ? DimInfo::known(-a.size) : DimInfo::unknown();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The element `index` of the tuple `tuple`, if a TupleConstruct built it
/// (possibly seen through `prim::unchecked_cast`).
Value getTupleElement(Value tuple, size_t index) {
  if (auto cast = tuple.getDefiningOp<OperatorOp>())
    if (cast.getName() == "prim::unchecked_cast" && cast->getNumOperands() == 1)
      tuple = cast->getOperand(0);
  auto construct = tuple.getDefiningOp<PrimTupleConstructOp>();
  if (!construct || index >= construct.getElements().size())
    return Value();
  return construct.getElements()[index];
}

bool inferSizeQuery(Operation *op, ShapeRefiner &refiner) {
  auto input = [&] { return refiner.getTensor(op->getOperand(0)); };
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](AtenSizeIntOp size) {
        TensorInfo in = input();
        std::optional<int64_t> dim = matchConstantInt(size.getDim());
        std::optional<int64_t> d = in.hasRank() && dim
                                       ? normalizeDim(*dim, in.getRank())
                                       : std::nullopt;
        refiner.setInt(size.getResult(),
                       d ? (*in.dims)[*d] : DimInfo::unknown());
        return true;
      })
      .Case([&](AtenSizeOp size) {
        TensorInfo in = input();
        if (in.hasRank())
          refiner.setIntList(size.getResult(), *in.dims);
        return true;
      })
      .Case([&](AtenDimOp dim) {
        TensorInfo in = input();
        if (in.hasRank())
          refiner.setInt(dim.getResult(), DimInfo::known(in.getRank()));
        return true;
      })
      .Case([&](AtenNumelOp numel) {
        TensorInfo in = input();
        if (in.hasRank())
          refiner.setInt(numel.getResult(), multiplyAllDims(*in.dims));
        return true;
      })
      .Case([&](AtenLenTensorOp len) {
        TensorInfo in = input();
        if (in.hasRank() && in.getRank() > 0)
          refiner.setInt(len.getResult(), in.dims->front());
        return true;
      })
      .Case([&](AtenLenTOp len) {
        Value list = len.getA();
        if (std::optional<SmallVector<DimInfo>> ints = refiner.getIntList(list))
          refiner.setInt(len.getResult(), DimInfo::known(ints->size()));
        else if (std::optional<SmallVector<TensorInfo>> tensors =
                     refiner.getTensorList(list))
          refiner.setInt(len.getResult(), DimInfo::known(tensors->size()));
        return true;
      })
      .Default([](Operation *) { return false; });
}

bool inferContainerAccess(Operation *op, ShapeRefiner &refiner) {
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](PrimListUnpackOp unpack) {
        auto tensors = refiner.getTensorList(unpack.getOperand());
        auto ints = refiner.getIntList(unpack.getOperand());
        for (auto [i, result] : llvm::enumerate(unpack.getResults()))
          setElement(refiner, result, tensors, ints, i);
        return true;
      })
      .Case([&](Aten__Getitem__TOp getitem) {
        std::optional<int64_t> index = matchConstantInt(getitem.getIdx());
        auto tensors = refiner.getTensorList(getitem.getList());
        auto ints = refiner.getIntList(getitem.getList());
        size_t length = tensors ? tensors->size() : ints ? ints->size() : 0;
        if (index && *index < 0)
          *index += length;
        if (index && *index >= 0)
          setElement(refiner, getitem.getResult(), tensors, ints, *index);
        return true;
      })
      .Case([&](PrimTupleUnpackOp unpack) {
        for (auto [i, result] : llvm::enumerate(unpack.getResults()))
          if (Value element = getTupleElement(unpack.getOperand(), i)) {
            if (isa<BaseTensorType>(result.getType()))
              refiner.setTensor(result, refiner.getTensor(element));
            else if (isa<Torch::IntType>(result.getType()))
              refiner.setInt(result, refiner.getInt(element));
          }
        return true;
      })
      .Case([&](PrimTupleIndexOp index) {
        std::optional<int64_t> i = matchConstantInt(index.getIndex());
        Value element =
            i && *i >= 0 ? getTupleElement(index.getTuple(), *i) : Value();
        if (element && isa<BaseTensorType>(index.getType()))
          refiner.setTensor(index.getResult(), refiner.getTensor(element));
        else if (element && isa<Torch::IntType>(index.getType()))
          refiner.setInt(index.getResult(), refiner.getInt(element));
        return true;
      })
      .Default([](Operation *) { return false; });
}
} // namespace

void mlir::torch_onnx::Torch::inferTensorIntArithmetic(Operation *op,
                                                       ShapeRefiner &refiner) {
  TensorInfo result = refiner.getTensor(op->getResult(0));
  if (!result.hasRank() || result.getRank() != 0 ||
      !isIntegralDtype(result.dtype) || op->getNumOperands() < 2)
    return;
  DimInfo a = refiner.getInt(op->getOperand(0));
  DimInfo b = refiner.getInt(op->getOperand(1));
  bool unitAlpha =
      op->getNumOperands() < 3 || matchConstantInt(op->getOperand(2)) == 1;
  std::optional<DimInfo> value =
      llvm::TypeSwitch<Operation *, std::optional<DimInfo>>(op)
          .Case<AtenMulTensorOp, AtenMulScalarOp>(
              [&](Operation *) { return multiplyDims(a, b); })
          .Case<AtenAddTensorOp, AtenAddScalarOp>(
              [&](Operation *) -> std::optional<DimInfo> {
                if (!unitAlpha)
                  return std::nullopt;
                if (a.isKnown() && b.isKnown())
                  return DimInfo::known(a.size + b.size);
                return b.size == 0 ? a : a.size == 0 ? b : DimInfo::unknown();
              })
          .Case<AtenSubTensorOp, AtenSubScalarOp>(
              [&](Operation *) -> std::optional<DimInfo> {
                if (!unitAlpha)
                  return std::nullopt;
                if (a.isKnown() && b.isKnown())
                  return DimInfo::known(a.size - b.size);
                return b.size == 0 ? a : DimInfo::unknown();
              })
          .Case<AtenDivTensorModeOp, AtenFloorDivideOp>(
              [&](Operation *) -> std::optional<DimInfo> {
                // Sizes are not negative: floor and trunc agree.
                if (isa<AtenDivTensorModeOp>(op) &&
                    isConstantNone(op->getOperand(2)))
                  return std::nullopt;
                if (b.size == 1)
                  return a;
                if (a.isKnown() && b.isKnown() && b.size > 0 && a.size >= 0)
                  return DimInfo::known(a.size / b.size);
                return DimInfo::unknown();
              })
          .Default([](Operation *) { return std::nullopt; });
  if (value && (value->isKnown() || value->symbol))
    refiner.setInt(op->getResult(0), *value);
}

bool mlir::torch_onnx::Torch::inferScalarOp(Operation *op,
                                            ShapeRefiner &refiner) {
  if (inferSizeQuery(op, refiner) || inferContainerAccess(op, refiner))
    return true;
  if (std::optional<DimInfo> folded = foldIntArithmetic(op, refiner)) {
    refiner.setInt(op->getResult(0), *folded);
    return true;
  }
  MLIRContext *context = op->getContext();
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](PrimNumToTensorScalarOp numToTensor) {
        Type type = numToTensor.getA().getType();
        Type dtype;
        if (isa<Torch::IntType>(type))
          dtype = getSi64Dtype(context);
        else if (isa<Torch::FloatType>(type))
          dtype = Float64Type::get(context);
        else if (isa<Torch::BoolType>(type))
          dtype = getBoolDtype(context);
        refiner.setTensor(numToTensor.getResult(),
                          TensorInfo::ranked({}, dtype));
        // The 0-d tensor holds the same int.
        refiner.setInt(numToTensor.getResult(),
                       refiner.getInt(numToTensor.getA()));
        return true;
      })
      .Case<AtenIntTensorOp, AtenIntImplicitOp, AtenScalarImplicitOp>(
          [&](Operation *) {
            refiner.setInt(op->getResult(0), refiner.getInt(op->getOperand(0)));
            return true;
          })
      .Case([&](PrimDtypeOp dtype) {
        refiner.setDtypeValue(dtype.getResult(),
                              refiner.getTensor(dtype.getA()).dtype);
        return true;
      })
      .Case<ValueTensorLiteralOp, NonValueTensorLiteralOp>([&](Operation *) {
        refiner.setTensor(op->getResult(0),
                          TensorInfo::fromType(op->getResult(0).getType()));
        return true;
      })
      .Case<CopyToValueTensorOp, CopyToNonValueTensorOp>([&](Operation *) {
        // The verifier requires the operand's sizes and dtype.
        refiner.setTensor(op->getResult(0),
                          TensorInfo::fromType(op->getOperand(0).getType()));
        return true;
      })
      .Case([&](TensorStaticInfoCastOp cast) {
        // What is known of the operand holds for the result, whose type
        // may say less.
        refiner.setTensor(cast.getResult(),
                          refiner.getTensor(cast.getOperand()));
        return true;
      })
      .Default([](Operation *) { return false; });
}
