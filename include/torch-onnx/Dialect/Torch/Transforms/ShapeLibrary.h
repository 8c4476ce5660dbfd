//===- ShapeLibrary.h - LibTorch's shape functions --------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The shape functions that LibTorch registers for its operators, imported
// into the Torch dialect by `torch-onnx-shapegen` (one func.func each, and a
// table from operator names to functions) and built into the compiler from
// lib/Dialect/Torch/Transforms/ShapeLibrary.mlir. The shape inference runs
// them on what it knows of an op's operands, keeping symbolic dims.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_SHAPELIBRARY_H
#define TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_SHAPELIBRARY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::torch_onnx::Torch {

/// The module attribute of the shape library: a dictionary from operator
/// names (`aten::add.Tensor`) to the symbols of their shape functions.
constexpr llvm::StringLiteral kShapeFunctionsAttr =
    "torch_onnx.shape_functions";

/// The shape function of operator `name` (`aten::add.Tensor`), or null. The
/// library lives in a context of its own, parsed on first use; its ops are
/// only read, so any thread may use it.
func::FuncOp lookupShapeFunction(llvm::StringRef name);

/// The operator name of `op` in LibTorch's registry: `aten::add.Tensor` for
/// `torch.aten.add.Tensor`, the name of a `torch.operator`; empty for other
/// ops.
std::string getTorchOperatorName(Operation *op);

} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_SHAPELIBRARY_H
