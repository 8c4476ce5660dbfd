//===- TorchOps.h - Torch dialect ops ---------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_IR_TORCHOPS_H
#define TORCH_ONNX_DIALECT_TORCH_IR_TORCHOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchTraits.h"
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

namespace mlir::torch_onnx::Torch {
/// Parses torch-mlir's default op form: `operands : types -> result types`.
ParseResult parseDefaultTorchOp(OpAsmParser &parser, OperationState &result);
/// Prints torch-mlir's default op form.
void printDefaultTorchOp(OpAsmPrinter &printer, Operation *op);
} // namespace mlir::torch_onnx::Torch

#define GET_OP_CLASSES
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h.inc"
// The aten ops, generated from PyTorch's registry; their definitions are
// compiled in shards (see torch_onnx_shard_sources in CMakeLists.txt).
#define GET_OP_CLASSES
#include "torch-onnx/Dialect/Torch/IR/AtenOps.h.inc"

namespace mlir::torch_onnx::Torch {
/// The int value of a `torch.constant.int` or of a `torch.constant.number`
/// holding an int, if `value` is one.
std::optional<int64_t> matchConstantInt(Value value);
/// The value as a float of a `torch.constant.float`, `.int`, `.number` or
/// `.bool` (as Python's `float()` gives it), if `value` is one.
std::optional<double> matchConstantFloat(Value value);
/// The bool value of a `torch.constant.bool`, if `value` is one.
std::optional<bool> matchConstantBool(Value value);
/// True for a `torch.constant.none`.
bool isConstantNone(Value value);
/// The ints of a `torch.prim.ListConstruct` of constant ints, if it is one.
std::optional<SmallVector<int64_t>> matchConstantIntList(Value value);
} // namespace mlir::torch_onnx::Torch

#endif // TORCH_ONNX_DIALECT_TORCH_IR_TORCHOPS_H
