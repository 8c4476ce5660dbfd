//===- ExternalData.h - Tensor data outside the model file ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// ONNX's external data: the `location`, `offset` and `length` entries of
// `TensorProto.external_data`. The emitter places large initializers in one
// side file `<model>.data`; the importer reads such files, accepting only
// plain relative paths inside the model's directory.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_EXTERNALDATA_H
#define TORCH_ONNX_LIB_TARGET_ONNX_EXTERNALDATA_H

#include "torch-onnx/Target/ONNX/ONNXExport.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <memory>
#include <string>

namespace mlir::torch_onnx {

/// Offsets of tensors in the side file are multiples of this, so that the
/// file can be memory-mapped tensor by tensor.
inline constexpr uint64_t kExternalDataAlignment = 4096;

/// Marks `tensor` as stored in `location` at `offset`, `length` bytes long.
void setExternalData(onnx::TensorProto &tensor, StringRef location,
                     uint64_t offset, uint64_t length);

/// Reads the external data of the tensors of one model. Files are mapped
/// once and shared by the blobs that refer to them.
class ExternalDataReader {
public:
  /// `modelDir` is the directory of the model file; locations are relative
  /// to it.
  explicit ExternalDataReader(StringRef modelDir) : modelDir(modelDir) {}

  /// The `expectedSize` bytes of `tensor`'s external data, as a blob aligned
  /// to at least `elementAlignment`. Fails with an error at `loc` on an
  /// unsafe or missing location or a range outside the file.
  FailureOr<AsmResourceBlob> read(const onnx::TensorProto &tensor,
                                  uint64_t expectedSize,
                                  uint64_t elementAlignment, Location loc);

private:
  /// Checks that `location` is a relative path without `..` that names a
  /// regular file, not a symbolic link, under the model's directory.
  FailureOr<std::string> resolve(StringRef location, Location loc);

  std::string modelDir;
  llvm::StringMap<std::shared_ptr<llvm::MemoryBuffer>> files;
};

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_EXTERNALDATA_H
