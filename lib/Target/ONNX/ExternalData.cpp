//===- ExternalData.cpp - Tensor data outside the model file --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ExternalData.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::torch_onnx;

std::string mlir::torch_onnx::getExternalDataPath(StringRef modelPath) {
  return (modelPath + ".data").str();
}

void mlir::torch_onnx::setExternalData(onnx::TensorProto &tensor,
                                       StringRef location, uint64_t offset,
                                       uint64_t length) {
  tensor.clear_raw_data();
  tensor.clear_external_data();
  tensor.set_data_location(onnx::TensorProto::EXTERNAL);
  auto add = [&](const char *key, std::string value) {
    onnx::StringStringEntryProto *entry = tensor.add_external_data();
    entry->set_key(key);
    entry->set_value(std::move(value));
  };
  add("location", location.str());
  add("offset", std::to_string(offset));
  add("length", std::to_string(length));
}

FailureOr<std::string> ExternalDataReader::resolve(StringRef location,
                                                   Location loc) {
  namespace path = llvm::sys::path;
  auto reject = [&](StringRef why) {
    return emitError(loc) << "external data location '" << location << "' "
                          << why;
  };
  if (location.empty())
    return reject("is empty");
  if (path::is_absolute(location, path::Style::posix) ||
      path::is_absolute(location, path::Style::windows) ||
      location.starts_with("~"))
    return reject("is an absolute path; only paths relative to the model's "
                  "directory are allowed");
  for (StringRef component :
       llvm::make_range(path::begin(location), path::end(location)))
    if (component == "..")
      return reject("leaves the model's directory ('..' is not allowed)");
  if (location.contains('\\') || location.contains(':'))
    return reject("is not a plain relative path");

  // Neither the file nor a directory on the way to it may be a link out of
  // the model's directory.
  SmallString<256> resolved(modelDir);
  for (StringRef component :
       llvm::make_range(path::begin(location), path::end(location))) {
    if (component == ".")
      continue;
    path::append(resolved, component);
    llvm::sys::fs::file_status status;
    if (std::error_code error =
            llvm::sys::fs::status(resolved, status, /*Follow=*/false))
      return reject("cannot be read: " + error.message());
    if (status.type() == llvm::sys::fs::file_type::symlink_file)
      return reject("goes through a symbolic link");
  }
  if (!llvm::sys::fs::is_regular_file(resolved))
    return reject("is not a regular file");
  return std::string(resolved);
}

FailureOr<AsmResourceBlob>
ExternalDataReader::read(const onnx::TensorProto &tensor, uint64_t expectedSize,
                         uint64_t elementAlignment, Location loc) {
  std::string location;
  std::optional<uint64_t> offset, length;
  for (const onnx::StringStringEntryProto &entry : tensor.external_data()) {
    auto parse = [&](std::optional<uint64_t> &field) -> LogicalResult {
      uint64_t value;
      if (StringRef(entry.value()).getAsInteger(10, value))
        return emitError(loc) << "tensor '" << tensor.name() << "' has a bad "
                              << "external data " << entry.key() << " '"
                              << entry.value() << "'";
      field = value;
      return success();
    };
    if (entry.key() == "location")
      location = entry.value();
    else if (entry.key() == "offset" && failed(parse(offset)))
      return failure();
    else if (entry.key() == "length" && failed(parse(length)))
      return failure();
  }
  if (length && *length != expectedSize)
    return emitError(loc) << "tensor '" << tensor.name()
                          << "' has external data of " << *length
                          << " bytes, but its dims need " << expectedSize;
  FailureOr<std::string> path = resolve(location, loc);
  if (failed(path))
    return failure();

  std::shared_ptr<llvm::MemoryBuffer> &file = files[*path];
  if (!file) {
    auto buffer = llvm::MemoryBuffer::getFile(*path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer)
      return emitError(loc) << "cannot read external data file '" << *path
                            << "': " << buffer.getError().message();
    file = std::move(*buffer);
  }
  uint64_t start = offset.value_or(0);
  if (start > file->getBufferSize() ||
      file->getBufferSize() - start < expectedSize)
    return emitError(loc) << "tensor '" << tensor.name() << "' reads past "
                          << "the end of external data file '" << location
                          << "'";

  // The blob claims the element alignment only, so that the printed IR
  // does not depend on where the file happens to be mapped.
  ArrayRef<char> data(file->getBufferStart() + start, expectedSize);
  if (reinterpret_cast<uintptr_t>(data.data()) % elementAlignment != 0)
    return HeapAsmResourceBlob::allocateAndCopyWithAlign(
        data, elementAlignment,
        /*dataIsMutable=*/false);
  // The blob keeps the mapped file alive.
  return AsmResourceBlob(
      data, elementAlignment,
      [keepAlive = file](void *, size_t, size_t) mutable { keepAlive.reset(); },
      /*dataIsMutable=*/false);
}
