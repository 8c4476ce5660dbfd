//===- MetaKernelRule.cpp - Result types from PyTorch's meta kernels ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/Transforms/MetaKernels.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

/// A tensor of known sizes and dtype, or none.
static std::optional<MetaTensor> describeTensor(const TensorInfo &info) {
  if (!info.hasRank() || !info.dtype)
    return std::nullopt;
  std::optional<int64_t> scalarType = getScalarTypeForDtype(info.dtype);
  if (!scalarType)
    return std::nullopt;
  MetaTensor tensor;
  tensor.scalarType = *scalarType;
  for (const DimInfo &dim : *info.dims) {
    if (!dim.isKnown())
      return std::nullopt;
    tensor.sizes.push_back(dim.size);
  }
  return tensor;
}

/// The operand as PyTorch's kernels take it, or none when it is not known
/// exactly.
static std::optional<MetaOperand> describeOperand(Value value,
                                                  const ShapeRefiner &refiner) {
  MetaOperand operand;
  Type type = value.getType();
  if (isa<Torch::NoneType>(type) || isConstantNone(value))
    return operand;
  if (isa<BaseTensorType>(type)) {
    std::optional<MetaTensor> tensor = describeTensor(refiner.getTensor(value));
    if (!tensor)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::Tensor;
    operand.tensors.push_back(std::move(*tensor));
    return operand;
  }
  if (isa<Torch::IntType>(type)) {
    DimInfo known = refiner.getInt(value);
    if (!known.isKnown())
      return std::nullopt;
    operand.kind = MetaOperand::Kind::Int;
    operand.ints.push_back(known.size);
    return operand;
  }
  if (isa<Torch::FloatType>(type)) {
    std::optional<double> number = matchConstantFloat(value);
    if (!number)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::Float;
    operand.number = *number;
    return operand;
  }
  if (isa<Torch::BoolType>(type)) {
    std::optional<bool> boolean = matchConstantBool(value);
    if (!boolean)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::Bool;
    operand.boolean = *boolean;
    return operand;
  }
  if (isa<Torch::DeviceType>(type)) {
    operand.kind = MetaOperand::Kind::Device;
    return operand;
  }
  if (auto str = value.getDefiningOp<ConstantStrOp>()) {
    operand.kind = MetaOperand::Kind::Str;
    operand.str = str.getValue().str();
    return operand;
  }
  auto list = dyn_cast<ListType>(type);
  if (!list)
    return std::nullopt;
  if (isa<Torch::IntType>(list.getContainedType())) {
    std::optional<SmallVector<DimInfo>> elements = refiner.getIntList(value);
    if (!elements)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::IntList;
    for (const DimInfo &element : *elements) {
      if (!element.isKnown())
        return std::nullopt;
      operand.ints.push_back(element.size);
    }
    return operand;
  }
  if (isa<BaseTensorType>(list.getContainedType())) {
    std::optional<SmallVector<TensorInfo>> elements =
        refiner.getTensorList(value);
    if (!elements)
      return std::nullopt;
    operand.kind = MetaOperand::Kind::TensorList;
    for (const TensorInfo &element : *elements) {
      std::optional<MetaTensor> tensor = describeTensor(element);
      if (!tensor)
        return std::nullopt;
      operand.tensors.push_back(std::move(*tensor));
    }
    return operand;
  }
  return std::nullopt;
}

static bool isTensorListType(Type type) {
  auto list = dyn_cast<ListType>(type);
  return list && isa<BaseTensorType>(list.getContainedType());
}

bool mlir::torch_onnx::Torch::inferWithMetaKernel(Operation *op,
                                                  ShapeRefiner &refiner) {
  auto *dialect = op->getContext()->getLoadedDialect<TorchDialect>();
  const auto *kernels =
      dialect ? dialect->getRegisteredInterface<MetaKernelInterface>()
              : nullptr;
  if (!kernels)
    return false;
  std::string name = getTorchOperatorName(op);
  if (!StringRef(name).starts_with("aten::"))
    return false;
  SmallVector<MetaOperand> operands;
  for (Value value : op->getOperands()) {
    std::optional<MetaOperand> operand = describeOperand(value, refiner);
    if (!operand)
      return false;
    operands.push_back(std::move(*operand));
  }
  std::optional<SmallVector<MetaResult>> results =
      kernels->run(name, operands);
  if (!results || results->size() != op->getNumResults())
    return false;
  MLIRContext *context = op->getContext();
  auto toInfo = [&](const MetaTensor &tensor) -> std::optional<TensorInfo> {
    Type dtype = getDtypeForScalarType(context, tensor.scalarType);
    if (!dtype)
      return std::nullopt;
    SmallVector<DimInfo> dims;
    for (int64_t size : tensor.sizes)
      dims.push_back(DimInfo::known(size));
    return TensorInfo::ranked(dims, dtype);
  };
  bool recorded = false;
  for (auto [result, computed] : llvm::zip(op->getResults(), *results)) {
    SmallVector<TensorInfo> infos;
    for (const MetaTensor &tensor : computed.tensors) {
      std::optional<TensorInfo> info = toInfo(tensor);
      if (!info)
        break;
      infos.push_back(std::move(*info));
    }
    if (infos.size() != computed.tensors.size())
      continue;
    if (computed.kind == MetaResult::Kind::Tensor &&
        isa<BaseTensorType>(result.getType())) {
      refiner.setTensor(result, std::move(infos.front()));
      recorded = true;
    } else if (computed.kind == MetaResult::Kind::TensorList &&
               isTensorListType(result.getType())) {
      refiner.setTensorList(result, std::move(infos));
      recorded = true;
    }
  }
  return recorded;
}
