# -*- Python -*-
"""lit configuration for the torch-onnx regression tests."""

import glob
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TORCH_ONNX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
# Directories of files that tests read or run, not tests; fuzz/ holds the
# fuzzers' seed corpora.
config.excludes = ["Inputs", "fixtures", "fuzz"]
config.test_source_root = os.path.dirname(__file__)

# Without TORCH_ONNX_BUILD_COMPILER only the dialects and torch-onnx-opt are
# built; the tests of the later stages need the full build.
if not config.build_translate:
    config.excludes += ["Import", "Target"]
if not config.build_compiler:
    config.excludes += ["Conversion", "e2e"]
    # Of the dialect tests, those of the ops and types run; the others test
    # passes, which are not built.
    dialect_tests = {"ops.mlir", "invalid.mlir", "types.mlir",
                     "torch-mlir-syntax.mlir", "opset.mlir"}
    for dialect in ("Torch", "ONNX"):
        tests_dir = os.path.join(config.test_source_root, "Dialect", dialect)
        config.excludes += [f for f in os.listdir(tests_dir)
                            if f.endswith(".mlir") and f not in dialect_tests]
config.test_exec_root = os.path.join(config.torch_onnx_obj_root, "test")

config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
# The test scripts import the shared Python of utils/ (the model zoo) and
# the package torch_onnx of the build tree.
config.environment["PYTHONPATH"] = os.pathsep.join([
    os.path.join(config.torch_onnx_src_root, "utils"),
    os.path.join(config.torch_onnx_obj_root, "python_packages")])
# Projects that the tests build against the installed package compile and
# link with the project's own flags: objects built with the sanitizers link
# only with their runtimes.
if config.cxx_flags:
    config.environment["CXXFLAGS"] = config.cxx_flags
if config.exe_linker_flags:
    config.environment["LDFLAGS"] = config.exe_linker_flags
config.substitutions.append(
    ("%expect-exit", config.python_executable + " " +
     os.path.join(config.torch_onnx_src_root, "utils", "expect_exit.py")))
config.substitutions.append(
    ("%verify_archive", config.python_executable + " -m torch_onnx.verify_archive"))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%src_root", config.torch_onnx_src_root))
config.substitutions.append(
    ("%fixtures", os.path.join(config.torch_onnx_src_root, "test", "fixtures")))

llvm_config.with_system_environment(["HOME", "TMPDIR"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.torch_onnx_tools_dir, config.llvm_tools_dir]
tools = [
    "torch-onnx-opt",
    ToolSubst("torch-onnx-translate", unresolved="ignore"),
    ToolSubst("torch-onnx-compile", unresolved="ignore"),
    ToolSubst("torch-onnx-shapegen", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The end-to-end tests need the whole pipeline in torch-onnx-compile.
if os.path.exists(os.path.join(config.torch_onnx_tools_dir,
                               "torch-onnx-compile")):
    config.available_features.add("torch-onnx-compile")

# The generators of ONNX's backend node tests, which utils/install-deps.sh
# takes from the pinned onnx release, for the conformance run of the ONNX
# importer and emitter.
if glob.glob(os.path.join(config.torch_onnx_src_root, ".deps", "onnx-*",
                          "share", "backend-test-cases", "node")):
    config.available_features.add("onnx-backend-tests")
# The passes and the conversion (TORCH_ONNX_BUILD_COMPILER).
if config.build_compiler:
    config.available_features.add("compiler")
