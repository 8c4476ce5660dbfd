//===- InputShapes.cpp - Parsing of --input-shape -------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torchscript;

static Type parseDtype(MLIRContext *ctx, llvm::StringRef text) {
  auto signedInt = [&](unsigned width) -> Type {
    return IntegerType::get(ctx, width, IntegerType::Signed);
  };
  return llvm::StringSwitch<Type>(text)
      .Case("f32", Float32Type::get(ctx))
      .Case("f16", Float16Type::get(ctx))
      .Case("bf16", BFloat16Type::get(ctx))
      .Case("f64", Float64Type::get(ctx))
      .Cases({"si64", "i64"}, signedInt(64))
      .Cases({"si32", "i32"}, signedInt(32))
      .Cases({"si16", "i16"}, signedInt(16))
      .Cases({"si8", "i8"}, signedInt(8))
      .Case("ui8", IntegerType::get(ctx, 8, IntegerType::Unsigned))
      .Cases({"i1", "bool"}, IntegerType::get(ctx, 1))
      .Default(Type());
}

std::optional<InputShape> mlir::torch_onnx::torchscript::parseInputShape(
    MLIRContext *context, llvm::StringRef text, std::string &error) {
  SmallVector<llvm::StringRef> parts;
  text.split(parts, 'x');
  InputShape shape;
  shape.dtype = parseDtype(context, parts.back());
  if (!shape.dtype) {
    error = "'" + parts.back().str() +
            "' is not a dtype (expected f32, f16, bf16, f64, si64, si32, "
            "si16, si8, ui8 or i1)";
    return std::nullopt;
  }
  for (llvm::StringRef dim : ArrayRef(parts).drop_back()) {
    if (dim == "?") {
      shape.sizes.push_back(Torch::kUnknownSize);
      continue;
    }
    uint64_t size;
    if (dim.getAsInteger(10, size) || size > uint64_t(INT64_MAX)) {
      error = "'" + dim.str() + "' is not a dim (expected a size or '?')";
      return std::nullopt;
    }
    shape.sizes.push_back(static_cast<int64_t>(size));
  }
  return shape;
}

std::string mlir::torch_onnx::torchscript::pythonName(llvm::StringRef name) {
  // TorchScript renames a reused `x` to `x.1`, `x.2`, ...
  auto [base, suffix] = name.rsplit('.');
  if (!suffix.empty() && llvm::all_of(suffix, llvm::isDigit))
    name = base;
  if (name.empty() || llvm::all_of(name, llvm::isDigit))
    return "";
  return name.str();
}
