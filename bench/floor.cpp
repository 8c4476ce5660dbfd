//===- floor.cpp - The least work any exporter must do --------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Loads a TorchScript archive with LibTorch and writes every weight once to
// a file: the floor that bench/run_bench.py compares compile times against.
//
// Usage: torch-onnx-bench-floor MODEL.pt OUT.bin
//
//===----------------------------------------------------------------------===//

#include <torch/script.h>

#include <cstdio>
#include <iostream>

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " MODEL.pt OUT.bin\n";
    return 2;
  }
  try {
    torch::jit::Module module = torch::jit::load(argv[1]);
    std::FILE *out = std::fopen(argv[2], "wb");
    if (!out) {
      std::cerr << "error: cannot write " << argv[2] << "\n";
      return 1;
    }
    size_t bytes = 0;
    for (const auto &named : module.named_parameters(/*recurse=*/true)) {
      at::Tensor t = named.value.contiguous();
      bytes += std::fwrite(t.data_ptr(), 1, t.nbytes(), out);
    }
    for (const auto &named : module.named_buffers(/*recurse=*/true)) {
      at::Tensor t = named.value.contiguous();
      bytes += std::fwrite(t.data_ptr(), 1, t.nbytes(), out);
    }
    std::fclose(out);
    std::cout << bytes << "\n";
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
