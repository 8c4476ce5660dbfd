//===- load_only.cpp - Load a TorchScript archive and nothing else --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The baseline of the import benchmark: the time LibTorch alone needs to
// read an archive, which the importer cannot beat.
//
// Usage: torch-onnx-bench-load-only model.pt
//
//===----------------------------------------------------------------------===//

#include <c10/util/Exception.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/serialization/import.h>

#include <chrono>
#include <iostream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " model.pt\n";
    return 2;
  }
  auto start = std::chrono::steady_clock::now();
  try {
    torch::jit::Module module =
        torch::jit::load(argv[1], c10::Device(c10::kCPU));
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - start;
    std::cout << "loaded " << module.type()->name()->qualifiedName() << " in "
              << elapsed.count() << " s\n";
  } catch (const c10::Error &error) {
    std::cerr << "error: " << error.what_without_backtrace() << "\n";
    return 1;
  }
  return 0;
}
