//===- Verification.cpp - Compare ONNX output with LibTorch ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The comparison runs in utils/verify_model.py, which drives PyTorch's
// runtime and onnxruntime on shared inputs.
//
//===----------------------------------------------------------------------===//

#include "Verification.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static std::string fromEnvOr(const char *name, const char *fallback) {
  if (std::optional<std::string> value = llvm::sys::Process::GetEnv(name))
    return *value;
  return fallback;
}

LogicalResult mlir::torch_onnx::verifyAgainstTorch(
    const std::string &modelPath, const std::string &onnxPath,
    const std::vector<std::string> &inputShapes, bool verbose) {
  std::string python = fromEnvOr("TORCH_ONNX_PYTHON", TORCH_ONNX_PYTHON);
  llvm::SmallString<256> script(
      fromEnvOr("TORCH_ONNX_SOURCE_DIR", TORCH_ONNX_SOURCE_DIR));
  llvm::sys::path::append(script, "utils", "verify_model.py");
  std::vector<std::string> args = {python, std::string(script), modelPath,
                                   onnxPath};
  for (const std::string &shape : inputShapes) {
    args.push_back("--input-shape");
    args.push_back(shape);
  }
  if (verbose)
    args.push_back("-v");
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());

  std::string error;
  int status = llvm::sys::ExecuteAndWait(python, argRefs, /*Env=*/std::nullopt,
                                         {}, 0, 0, &error);
  if (status < 0) {
    llvm::errs() << "error: --verify could not run " << python << ": " << error
                 << "\n";
    return failure();
  }
  if (status != 0) {
    llvm::errs() << "error: --verify: the ONNX model does not match the "
                    "TorchScript module\n";
    return failure();
  }
  return success();
}
