//===- SanitizerOptions.cpp - AddressSanitizer defaults of the fuzzers ----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The harnesses instrument a few sources and link MLIR uninstrumented. An
// instrumented copy of an inline LLVM allocator function (BumpPtrAllocator's
// slow path) poisons a new slab that the uninstrumented fast path then
// hands out without unpoisoning: each use would be a false
// use-after-poison. Manual poisoning is therefore off; the heap, stack and
// global checks stay.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
