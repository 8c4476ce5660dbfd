//===- Verification.cpp - Compare ONNX output with LibTorch ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The comparison runs in the Python package's torch_onnx.verify_archive,
// which drives PyTorch's runtime and onnxruntime on shared inputs.
//
//===----------------------------------------------------------------------===//

#include "Verification.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

extern char **environ;

using namespace mlir;

namespace {
/// The Python to run the comparison with, and the folder to put first on
/// its module path ("" for none).
struct PythonSetup {
  std::string python;
  std::string packagePath;
};

/// TORCH_ONNX_PYTHON when set; else the `python3` next to this executable,
/// as in the environment that pip installed the tool into; else the build's
/// Python with the build tree's package.
PythonSetup findPython(const char *argv0) {
  if (std::optional<std::string> python =
          llvm::sys::Process::GetEnv("TORCH_ONNX_PYTHON"))
    return {*python, ""};
  std::string executable =
      llvm::sys::fs::getMainExecutable(argv0, (void *)&findPython);
  llvm::SmallString<256> sibling(llvm::sys::path::parent_path(executable));
  llvm::sys::path::append(sibling, "python3");
  bool inBuildTree =
      llvm::sys::path::parent_path(executable) == TORCH_ONNX_BUILD_BIN_DIR;
  if (!inBuildTree && llvm::sys::fs::can_execute(sibling))
    return {std::string(sibling), ""};
  return {TORCH_ONNX_PYTHON, TORCH_ONNX_PYTHON_PACKAGES};
}
} // namespace

LogicalResult mlir::torch_onnx::verifyAgainstTorch(
    const char *argv0, const std::string &modelPath,
    const std::string &onnxPath, const std::vector<std::string> &inputShapes,
    bool verbose) {
  PythonSetup setup = findPython(argv0);
  std::vector<std::string> args = {setup.python, "-m",
                                   "torch_onnx.verify_archive", modelPath,
                                   onnxPath};
  for (const std::string &shape : inputShapes) {
    args.push_back("--input-shape");
    args.push_back(shape);
  }
  if (verbose)
    args.push_back("-v");
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());

  // The environment, with the build tree's package first on PYTHONPATH.
  std::vector<std::string> environment;
  for (char **entry = environ; *entry; ++entry)
    if (setup.packagePath.empty() ||
        !llvm::StringRef(*entry).starts_with("PYTHONPATH="))
      environment.push_back(*entry);
  if (!setup.packagePath.empty()) {
    std::string path = "PYTHONPATH=" + setup.packagePath;
    if (std::optional<std::string> existing =
            llvm::sys::Process::GetEnv("PYTHONPATH"))
      path += ":" + *existing;
    environment.push_back(path);
  }
  std::vector<llvm::StringRef> envRefs(environment.begin(), environment.end());

  std::string error;
  int status = llvm::sys::ExecuteAndWait(setup.python, argRefs, envRefs, {}, 0,
                                         0, &error);
  if (status < 0) {
    llvm::errs() << "error: --verify could not run " << setup.python << ": "
                 << error << "\n";
    return failure();
  }
  if (status == 3) {
    llvm::errs() << "error: --verify: PyTorch rejects the random inputs it "
                    "made from the model's input types, so the model could "
                    "not be checked\n";
    return failure();
  }
  if (status != 0) {
    llvm::errs() << "error: --verify: the ONNX model does not match the "
                    "PyTorch model\n";
    return failure();
  }
  return success();
}
