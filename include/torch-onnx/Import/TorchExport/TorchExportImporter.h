//===- TorchExportImporter.h - torch.export to Torch IR ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The importer of `ExportedProgram`s, as `torch.export.save` writes them to
// `.pt2` archives. It reads the program with LibTorch's own serialization
// types and builds the same Torch dialect as the TorchScript importer: a
// `torch.nn_module` whose attributes are the parameters, buffers and tensor
// constants (resource blobs over the archive's storage), and whose forward
// takes the user inputs, typed by the program and named after them. Symbolic
// sizes become dynamic dims named by their symbols (`torch_onnx.dim_params`).
// Buffers that the program mutates stay mutated in place, so that lifting
// makes them state as it does for TorchScript.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_IMPORT_TORCHEXPORT_TORCHEXPORTIMPORTER_H
#define TORCH_ONNX_IMPORT_TORCHEXPORT_TORCHEXPORTIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace at {
class Tensor;
} // namespace at

namespace mlir::torch_onnx {

/// Whether `path` holds a `.pt2` archive: a zip file whose `archive_format`
/// record says `pt2`. Reads the zip's directory only.
bool isTorchExportArchive(llvm::StringRef path);

/// Imports the program of the `.pt2` archive at `path` (the model named
/// `model`, as torch.export.save names it). On failure, emits one error
/// naming the file, and the node and Python line where that applies, and
/// returns null; LibTorch's exceptions never escape.
OwningOpRef<ModuleOp> importTorchExportFile(llvm::StringRef path,
                                            MLIRContext *context);

/// Imports a program serialized to JSON (torch._export.serde) whose
/// parameters, buffers and constants the caller holds in `tensors`, by
/// their names in the graph signature; `name` stands for the program in
/// diagnostics. The tensors are shared, never written to.
OwningOpRef<ModuleOp>
importTorchExportProgram(llvm::StringRef json,
                         const std::map<std::string, at::Tensor> &tensors,
                         llvm::StringRef name, MLIRContext *context);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_IMPORT_TORCHEXPORT_TORCHEXPORTIMPORTER_H
