//===- ONNXOps.h - ONNX dialect ops -----------------------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_ONNXOPS_H
#define TORCH_ONNX_DIALECT_ONNX_IR_ONNXOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXDialect.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXTraits.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXTypes.h"

#include <string>

#define GET_OP_CLASSES
#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h.inc"
// The ops generated from the ONNX schema registry; their definitions are
// compiled in shards (see torch_onnx_shard_sources in CMakeLists.txt).
#define GET_OP_CLASSES
#include "torch-onnx/Dialect/ONNX/IR/ONNXGenOps.h.inc"

namespace mlir::torch_onnx::ONNX {

/// The opset assumed when a module does not import the default domain.
inline constexpr int64_t kDefaultOpset = 17;

/// The key of the default domain in `onnx.opset_import`. ONNX spells that
/// domain "" or "ai.onnx"; an MLIR dictionary key cannot be empty.
inline constexpr llvm::StringLiteral kDefaultDomainKey = "ai.onnx";

/// The opset the default domain is targeted at, from the module attribute
/// `onnx.opset_import` of the nearest module around `op` (or `op` itself);
/// 17 when unset.
int64_t getTargetOpset(Operation *op);

/// The opset that the nearest module around `op` imports for `domain` (""
/// is the default domain, looked up as `kDefaultDomainKey`), or
/// std::nullopt when `onnx.opset_import` does not name it.
std::optional<int64_t> getImportedOpset(Operation *op, StringRef domain);

/// The name of the GRAPH attribute each region of `op` stands for, in
/// region order; empty for an op without graph regions.
SmallVector<StringRef> getGraphAttributeNames(Operation *op);

/// The ONNX op type of `op`: "Conv" for `onnx.Conv`, the `op_type` of an
/// `onnx.Custom`, and "" for the dialect's other hand-written ops.
StringRef getONNXOpType(Operation *op);

/// The ONNX name of an element type: "float" for f32, "int64" for i64,
/// "uint8" for ui8, "bool" for i1, "complex64" for complex<f32>; "" for a
/// type ONNX has no name for.
std::string getONNXTypeString(Type elementType);

/// The ONNX type string of a value type: "tensor(float)",
/// "seq(tensor(int64))", "optional(tensor(float))"; "" when unknown.
std::string getONNXValueTypeString(Type type);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_DIALECT_ONNX_IR_ONNXOPS_H
