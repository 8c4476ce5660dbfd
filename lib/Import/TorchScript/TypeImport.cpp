//===- TypeImport.cpp - TorchScript types to torch dialect types ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

#include <ATen/core/Tensor.h>
#include <ATen/core/jit_type.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

Type ModuleImporter::importDtype(c10::ScalarType scalarType) {
  MLIRContext *ctx = getContext();
  auto signedInt = [&](unsigned width) {
    return IntegerType::get(ctx, width, IntegerType::Signed);
  };
  switch (scalarType) {
  case c10::ScalarType::Byte:
    return IntegerType::get(ctx, 8, IntegerType::Unsigned);
  case c10::ScalarType::Char:
    return signedInt(8);
  case c10::ScalarType::Short:
    return signedInt(16);
  case c10::ScalarType::Int:
    return signedInt(32);
  case c10::ScalarType::Long:
    return signedInt(64);
  case c10::ScalarType::Bool:
    return IntegerType::get(ctx, 1);
  case c10::ScalarType::Half:
    return Float16Type::get(ctx);
  case c10::ScalarType::BFloat16:
    return BFloat16Type::get(ctx);
  case c10::ScalarType::Float:
    return Float32Type::get(ctx);
  case c10::ScalarType::Double:
    return Float64Type::get(ctx);
  case c10::ScalarType::ComplexHalf:
    return ComplexType::get(Float16Type::get(ctx));
  case c10::ScalarType::ComplexFloat:
    return ComplexType::get(Float32Type::get(ctx));
  case c10::ScalarType::ComplexDouble:
    return ComplexType::get(Float64Type::get(ctx));
  default:
    // Quantized and bit types have no torch dialect dtype.
    return Type();
  }
}

Type ModuleImporter::importTensorValueType(const at::Tensor &tensor) {
  return Torch::NonValueTensorType::get(getContext(),
                                        ArrayRef<int64_t>(tensor.sizes().vec()),
                                        importDtype(tensor.scalar_type()));
}

/// `!torch.tensor<[sizes],dtype>` with whatever the TensorType knows.
static Type importTensorType(ModuleImporter &importer,
                             const c10::TensorType &type) {
  MLIRContext *ctx = importer.getContext();
  Type dtype;
  if (auto scalarType = type.scalarType())
    dtype = importer.importDtype(*scalarType);
  const c10::SymbolicShape &shape = type.symbolic_sizes();
  auto rank = shape.rank();
  if (!rank)
    return Torch::NonValueTensorType::get(ctx, std::nullopt, dtype);
  SmallVector<int64_t> sizes;
  sizes.reserve(*rank);
  for (size_t i = 0; i < *rank; ++i) {
    c10::ShapeSymbol dim = shape[i];
    sizes.push_back(dim.is_static() && !importer.ignoresTracedSizes()
                        ? dim.static_size()
                        : Torch::kUnknownSize);
  }
  return Torch::NonValueTensorType::get(ctx, ArrayRef<int64_t>(sizes), dtype);
}

Type ModuleImporter::importType(const c10::Type &type) {
  MLIRContext *ctx = getContext();
  auto contained = [&](size_t i) { return importType(*type.containedType(i)); };
  auto containedAll = [&]() {
    SmallVector<Type> types;
    for (const c10::TypePtr &element : type.containedTypes())
      types.push_back(importType(*element));
    return types;
  };
  switch (type.kind()) {
  case c10::TypeKind::TensorType:
    return importTensorType(*this, *type.castRaw<c10::TensorType>());
  case c10::TypeKind::IntType:
  case c10::TypeKind::SymIntType:
  case c10::TypeKind::ScalarTypeType:
  case c10::TypeKind::LayoutType:
  case c10::TypeKind::MemoryFormatType:
  case c10::TypeKind::QSchemeType:
    return Torch::IntType::get(ctx);
  case c10::TypeKind::FloatType:
  case c10::TypeKind::SymFloatType:
    return Torch::FloatType::get(ctx);
  case c10::TypeKind::BoolType:
    return Torch::BoolType::get(ctx);
  case c10::TypeKind::StringType:
    return Torch::StringType::get(ctx);
  case c10::TypeKind::NoneType:
    return Torch::NoneType::get(ctx);
  case c10::TypeKind::NumberType:
    return Torch::NumberType::get(ctx);
  case c10::TypeKind::DeviceObjType:
    return Torch::DeviceType::get(ctx);
  case c10::TypeKind::GeneratorType:
    return Torch::GeneratorType::get(ctx);
  case c10::TypeKind::ListType:
    return Torch::ListType::get(contained(0));
  case c10::TypeKind::OptionalType:
    return Torch::OptionalType::get(
        importType(*type.castRaw<c10::OptionalType>()->getElementType()));
  case c10::TypeKind::UnionType:
    return Torch::UnionType::get(ctx, containedAll());
  case c10::TypeKind::TupleType:
    return Torch::TupleType::get(ctx, containedAll());
  case c10::TypeKind::DictType:
    return Torch::DictType::get(ctx, contained(0), contained(1));
  case c10::TypeKind::ClassType:
  case c10::TypeKind::InterfaceType: {
    // Classes live as long as the compilation unit: cache them by address.
    Type &cached = namedTypes[&type];
    if (cached)
      return cached;
    const auto &named = static_cast<const c10::NamedType &>(type);
    if (!named.name())
      return cached = Torch::AnyType::get(ctx);
    std::string name = named.name()->qualifiedName();
    if (name == "__torch__.torch.classes.quantized.LinearPackedParamsBase")
      return cached = Torch::LinearParamsType::get(ctx);
    return cached = Torch::NnModuleType::get(ctx, name);
  }
  default:
    // Futures, RRefs, enums, functions, storages, complex scalars, ...
    return Torch::AnyType::get(ctx);
  }
}
