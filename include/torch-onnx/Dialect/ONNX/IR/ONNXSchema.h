//===- ONNXSchema.h - Schemas of the default-domain ONNX ops ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The signature of every version of every default-domain ONNX op, as the
// ONNX schema registry defines it: formal inputs and outputs, type
// constraints and attributes. The table is generated at build time from the
// registry the dialect's ops are generated from, so that the verifier, the
// emitter and the ONNX importer agree with the ops and need no libonnx.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_ONNX_IR_ONNXSCHEMA_H
#define TORCH_ONNX_DIALECT_ONNX_IR_ONNXSCHEMA_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir::torch_onnx::ONNX {

/// How many values a formal input or output binds, as in ONNX's
/// `OpSchema::FormalParameterOption`.
enum class ParameterOption : uint8_t { Single, Optional, Variadic };

/// The kind of an attribute. The values are those of ONNX's
/// `AttributeProto::AttributeType`.
enum class AttributeKind : uint8_t {
  Undefined = 0,
  Float = 1,
  Int = 2,
  String = 3,
  Tensor = 4,
  Graph = 5,
  Floats = 6,
  Ints = 7,
  Strings = 8,
  Tensors = 9,
  Graphs = 10,
  SparseTensor = 11,
  SparseTensors = 12,
  TypeProto = 13,
  TypeProtos = 14,
};

/// ONNX's spelling of `kind`, e.g. "INTS".
StringRef stringifyAttributeKind(AttributeKind kind);

/// A formal input or output.
struct FormalParameter {
  StringRef name;
  /// A type parameter ("T") or a type ("tensor(int64)").
  StringRef typeStr;
  ParameterOption option;
  /// For a variadic parameter: whether all its values have one type.
  bool homogeneous;
};

/// The types a type parameter may stand for, e.g. "tensor(float)".
struct TypeConstraint {
  StringRef typeParam;
  ArrayRef<StringRef> allowedTypes;
};

struct AttributeSchema {
  StringRef name;
  AttributeKind kind;
  bool required;
};

/// One version of an op.
struct OpSchema {
  StringRef name;
  int64_t sinceVersion;
  bool deprecated;
  int64_t minInputs;
  int64_t maxInputs;
  int64_t minOutputs;
  int64_t maxOutputs;
  ArrayRef<FormalParameter> inputs;
  ArrayRef<FormalParameter> outputs;
  ArrayRef<TypeConstraint> typeConstraints;
  ArrayRef<AttributeSchema> attributes;

  /// The attribute called `attrName`, or null.
  const AttributeSchema *getAttribute(StringRef attrName) const;
  /// The types `param` allows when it names a type parameter, else null.
  const TypeConstraint *getTypeConstraint(const FormalParameter &param) const;
  /// "Name-Version", as diagnostics name a schema.
  std::string getVersionedName() const;
};

/// The schema of default-domain op `opType` in force at `opset`: the newest
/// one whose version does not exceed it. Null when the op does not exist at
/// that opset; a deprecated schema is returned as is.
const OpSchema *lookupSchema(StringRef opType, int64_t opset);

/// The schema the dialect's generated op `opType` follows: the newest one up
/// to getMaxKnownOpset() that is not deprecated. Null when there is none.
const OpSchema *getDialectSchema(StringRef opType);

/// The newest opset the table and the dialect's generated ops know: the
/// newest that both libonnx and onnxruntime of the build's pinned releases
/// know.
int64_t getMaxKnownOpset();

/// The oldest opset the compiler targets; the generated ops have the
/// attributes of every version in force from it on.
int64_t getMinTargetOpset();

/// The IR version a model of default-domain `opset` is written with: that of
/// the onnx release that introduced the opset. `opset` is at most
/// getMaxKnownOpset().
int64_t getIRVersionForOpset(int64_t opset);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_DIALECT_ONNX_IR_ONNXSCHEMA_H
