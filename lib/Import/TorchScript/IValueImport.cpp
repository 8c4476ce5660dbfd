//===- IValueImport.cpp - Constants, weights and module instances ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Weights are never copied: the resource blob points at LibTorch's storage
// and its deleter holds a reference to the tensor, so the storage lives as
// long as the blob does.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <ATen/core/Tensor.h>
#include <ATen/core/class_type.h>
#include <ATen/core/ivalue.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

/// Graph constants up to this many elements are printed inline.
static constexpr int64_t kMaxInlineElements = 16;

/// The largest power of two, at most `limit`, that divides `address`.
static size_t alignmentOf(const void *address, size_t limit) {
  auto bits = reinterpret_cast<uintptr_t>(address);
  size_t alignment = 1;
  while (alignment < limit && (bits & alignment) == 0)
    alignment <<= 1;
  return alignment;
}

ElementsAttr ModuleImporter::importTensorData(const at::Tensor &tensor,
                                              llvm::StringRef blobName,
                                              Location loc, bool allowInline) {
  if (!tensor.defined() || tensor.layout() != at::kStrided ||
      !tensor.device().is_cpu()) {
    emitError(loc) << "tensor '" << blobName
                   << "' is not a dense CPU tensor and cannot be imported";
    return nullptr;
  }
  Type dtype = importDtype(tensor.scalar_type());
  if (!dtype) {
    emitError(loc) << "tensor '" << blobName << "' has dtype "
                   << c10::toString(tensor.scalar_type())
                   << ", which the torch dialect does not support";
    return nullptr;
  }
  // A damaged archive can hold a storage shorter than the sizes and strides
  // of its tensor say; reading it would run past the end.
  if (tensor.numel() > 0) {
    if (!tensor.storage().data()) {
      emitError(loc) << "tensor '" << blobName
                     << "' has no data: the archive is damaged";
      return nullptr;
    }
    uint64_t lastElement = tensor.storage_offset();
    for (auto [size, stride] : llvm::zip(tensor.sizes(), tensor.strides())) {
      if (size > 0 && stride < 0) {
        lastElement = UINT64_MAX;
        break;
      }
      lastElement += static_cast<uint64_t>(size - 1) * stride;
    }
    uint64_t needed = (lastElement + 1) * tensor.element_size();
    if (lastElement == UINT64_MAX || needed > tensor.storage().nbytes()) {
      emitError(loc) << "tensor '" << blobName << "' needs " << needed
                     << " bytes but its storage holds "
                     << tensor.storage().nbytes()
                     << ": the archive is damaged";
      return nullptr;
    }
  }
  auto shapedType = RankedTensorType::get(tensor.sizes().vec(), dtype);
  // Only a strided view needs a copy; a contiguous tensor is used in place.
  at::Tensor data = tensor.is_contiguous() ? tensor : tensor.contiguous();
  const char *bytes = static_cast<const char *>(data.data_ptr());
  size_t numBytes = data.nbytes();

  if (allowInline && data.numel() <= kMaxInlineElements) {
    if (dtype.isInteger(1))
      return DenseElementsAttr::get(
          shapedType, ArrayRef(reinterpret_cast<const bool *>(bytes),
                               static_cast<size_t>(data.numel())));
    return DenseElementsAttr::getFromRawBuffer(shapedType,
                                               ArrayRef(bytes, numBytes));
  }

  size_t alignment = alignmentOf(bytes, data.element_size());
  AsmResourceBlob blob(
      ArrayRef(bytes, numBytes), alignment,
      [owner = std::move(data)](void *, size_t, size_t) mutable {
        owner = at::Tensor();
      },
      /*dataIsMutable=*/false);
  return DenseResourceElementsAttr::get(shapedType, blobName, std::move(blob));
}

Value ModuleImporter::importTensor(OpBuilder &builder, const at::Tensor &tensor,
                                   llvm::StringRef path, Location loc) {
  if (!tensor.defined())
    return Torch::ConstantNoneOp::create(builder, loc);
  ElementsAttr data = importTensorData(tensor, path, loc);
  if (!data)
    return nullptr;
  return Torch::NonValueTensorLiteralOp::create(
      builder, loc, importTensorValueType(tensor), data);
}

Value ModuleImporter::importIValue(OpBuilder &builder, const c10::IValue &value,
                                   llvm::StringRef path, Location loc) {
  bool atModuleLevel = builder.getInsertionBlock() == module.getBody();
  if (value.isTensor()) {
    const at::Tensor &tensor = value.toTensor();
    // Two attributes holding the same tensor share one literal.
    if (!atModuleLevel || !tensor.defined())
      return importTensor(builder, tensor, path, loc);
    Value &literal = tensorLiterals[tensor.unsafeGetTensorImpl()];
    if (!literal)
      literal = importTensor(builder, tensor, path, loc);
    return literal;
  }
  if (value.isNone())
    return Torch::ConstantNoneOp::create(builder, loc);
  if (value.isBool())
    return Torch::ConstantBoolOp::create(builder, loc, value.toBool());
  if (value.isInt())
    return Torch::ConstantIntOp::create(builder, loc, value.toInt());
  if (value.isDouble())
    return Torch::ConstantFloatOp::create(builder, loc, value.toDouble());
  if (value.isString())
    return Torch::ConstantStrOp::create(builder, loc, value.toStringRef());
  if (value.isDevice())
    return Torch::ConstantDeviceOp::create(builder, loc,
                                           value.toDevice().str());
  if (value.isList()) {
    SmallVector<Value> elements;
    size_t index = 0;
    for (const c10::IValue &element : value.toListRef()) {
      std::string elementPath = (path + "." + llvm::Twine(index++)).str();
      Value imported = importIValue(builder, element, elementPath, loc);
      if (!imported)
        return nullptr;
      elements.push_back(imported);
    }
    return Torch::PrimListConstructOp::create(
        builder, loc, importType(*value.type()), elements);
  }
  if (value.isTuple()) {
    SmallVector<Value> elements;
    SmallVector<Type> types;
    size_t index = 0;
    for (const c10::IValue &element : value.toTupleRef().elements()) {
      std::string elementPath = (path + "." + llvm::Twine(index++)).str();
      Value imported = importIValue(builder, element, elementPath, loc);
      if (!imported)
        return nullptr;
      elements.push_back(imported);
      types.push_back(imported.getType());
    }
    return Torch::PrimTupleConstructOp::create(
        builder, loc, Torch::TupleType::get(getContext(), types), elements);
  }
  if (value.isGenericDict()) {
    SmallVector<Value> operands;
    for (const auto &entry : value.toGenericDict()) {
      std::string key = entry.key().isString() ? entry.key().toStringRef()
                                               : entry.key().tagKind();
      Value k = importIValue(builder, entry.key(), path, loc);
      Value v =
          importIValue(builder, entry.value(), (path + "." + key).str(), loc);
      if (!k || !v)
        return nullptr;
      operands.append({k, v});
    }
    return Torch::OperatorOp::create(
               builder, loc, TypeRange{importType(*value.type())},
               StringAttr::get(getContext(), "prim::DictConstruct"), operands,
               /*regionsCount=*/0)
        .getResult(0);
  }
  if (value.isObject() && atModuleLevel)
    return importObject(value, path, loc);
  emitError(loc) << "attribute '" << path << "' holds a "
                 << value.type()->repr_str()
                 << ", which the importer does not support";
  return nullptr;
}

Value ModuleImporter::importObject(const c10::IValue &value,
                                   llvm::StringRef path, Location loc) {
  const c10::ivalue::Object *object = &value.toObjectRef();
  if (Value instance = instances.lookup(object))
    return instance;
  if (!objectsInProgress.insert(object).second) {
    emitError(loc) << "attribute '" << path
                   << "' makes the module hierarchy cyclic";
    return nullptr;
  }
  const c10::ClassType &classType = *object->type();
  // Children first: every slot value precedes the nn_module that holds it.
  struct Slot {
    StringAttr name;
    Value value;
    Location loc;
  };
  SmallVector<Slot> slots;
  for (size_t i = 0, e = classType.numAttributes(); i < e; ++i) {
    std::string name = classType.getAttributeName(i);
    std::string childPath = path.empty() ? name : (path + "." + name).str();
    Location childLoc =
        NameLoc::get(StringAttr::get(getContext(), childPath), archiveLoc);
    Value slot =
        importIValue(moduleBuilder, object->getSlot(i), childPath, childLoc);
    if (!slot)
      return nullptr;
    slots.push_back({StringAttr::get(getContext(), name), slot, childLoc});
  }
  auto nnModule = Torch::NnModuleOp::create(
      moduleBuilder, loc, cast<Torch::NnModuleType>(importType(classType)));
  {
    OpBuilder::InsertionGuard guard(moduleBuilder);
    moduleBuilder.setInsertionPointToEnd(&nnModule.getBody().emplaceBlock());
    for (const Slot &slot : slots)
      Torch::SlotOp::create(moduleBuilder, slot.loc, slot.name, slot.value);
  }
  objectsInProgress.erase(object);
  instances[object] = nnModule.getResult();
  return nnModule.getResult();
}
