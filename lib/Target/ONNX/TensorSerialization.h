//===- TensorSerialization.h - Tensors between MLIR and ONNX ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Element types, value types and tensor contents in both directions:
// ElementsAttr to ONNX's raw little-endian layout for the emitter, and
// TensorProto to ElementsAttr for the importer.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_TENSORSERIALIZATION_H
#define TORCH_ONNX_LIB_TARGET_ONNX_TENSORSERIALIZATION_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::torch_onnx {

class ExternalDataReader;

/// Tensors of at least this many bytes are imported as `dense_resource`
/// blobs and exported without copying their bytes into the in-memory model.
inline constexpr uint64_t kLargeTensorBytes = 1024;

/// The ONNX `TensorProto::DataType` of an element type, or std::nullopt.
/// Signed integers are accepted as their signless counterparts.
std::optional<int32_t> getONNXDataType(Type elementType);

/// The element type of an ONNX data type, or null for one without an MLIR
/// counterpart (STRING, the float8 types).
Type getElementType(int32_t dataType, MLIRContext *context);

/// The size in bytes of one element of ONNX's raw layout, 0 if unsupported.
unsigned getElementByteSize(Type elementType);

/// Fills `type` with the ONNX form of `mlirType`: tensors, `!onnx.seq` and
/// `!onnx.opt`. Dynamic dims take their name from `dimParams` when it has a
/// non-empty entry; otherwise they stay unknown.
LogicalResult fillTypeProto(Type mlirType, ArrayRef<std::string> dimParams,
                            onnx::TypeProto &type, Location loc);

/// Whether `mlirType` can be written as an ONNX value type.
bool isExportableType(Type mlirType);

/// The MLIR type of an ONNX value type. A dim without a value is dynamic;
/// `dimParams`, if given, receives each dim's `dim_param` ("" otherwise).
/// Returns null when the type has no MLIR form.
Type convertTypeProto(const onnx::TypeProto &type, MLIRContext *context,
                      SmallVectorImpl<std::string> *dimParams = nullptr);

/// The MLIR type of an ONNX type string such as "tensor(float)" or
/// "seq(tensor(int64))", as an unranked tensor; null if unknown.
Type parseONNXTypeString(StringRef typeString, MLIRContext *context);

/// The bytes of a tensor in ONNX's raw layout: `repeat` copies of `data`,
/// made as the bytes are written in one of two ways:
/// - when `transposedRows` is set, the transpose of the row-major
///   `transposedRows` x N matrix `data` of `elementBytes`-byte elements;
/// - when `rowScales` is not empty, the f32 elements of `data`, a row per
///   factor, each times its row's factor.
/// `data` either points into the attribute's storage, which lives as long
/// as the MLIRContext, or into `storage`.
struct TensorBytes {
  ArrayRef<char> data;
  uint64_t repeat = 1;
  uint64_t transposedRows = 0;
  unsigned elementBytes = 0;
  std::vector<float> rowScales;
  std::vector<char> storage;

  uint64_t size() const { return data.size() * repeat; }
  /// Calls `write` with every byte in order, in pieces of bounded size.
  void forEachPiece(function_ref<void(ArrayRef<char>)> write) const;
  /// Appends every byte to `out`.
  void appendTo(std::string &out) const;
  /// Copies the bytes of element `index`, of `size` bytes each, to `out`.
  void readElement(uint64_t index, unsigned size, char *out) const;
  /// Makes `repeat` 1, copying the repeated bytes into `storage`.
  void expandRepeats();
};

/// The raw bytes of `attr` without copying them when the attribute stores
/// them in ONNX's layout already (dense non-bool data, resource blobs).
FailureOr<TensorBytes> getTensorBytes(ElementsAttr attr, Location loc);

/// Sets the name-independent header of `tensor` (dims and data type).
LogicalResult fillTensorHeader(ElementsAttr attr, onnx::TensorProto &tensor,
                               Location loc);

/// Fills `tensor` with the dims, data type and raw data of `attr`.
LogicalResult fillTensorProto(ElementsAttr attr, onnx::TensorProto &tensor,
                              Location loc);

/// Checks that the data of `tensor` agrees with its dims and data type, so
/// that nothing reads past its end.
LogicalResult checkTensorData(const onnx::TensorProto &tensor, Location loc);

/// Converts `tensor` to an ElementsAttr. Large raw data is moved out of the
/// (mutable) proto into a `dense_resource` blob; external data is read
/// through `externalData`.
FailureOr<ElementsAttr> importTensor(onnx::TensorProto &tensor,
                                     ExternalDataReader &externalData,
                                     MLIRContext *context, Location loc);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_TENSORSERIALIZATION_H
