//===- NestingDepth.h - Reject MLIR text nested too deep --------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// MLIR's parser recurses once per level of nested brackets, so a few
// thousand levels of `[` or `!torch.list<` overflow the stack. The tools
// check the nesting of their textual input before they parse it, and the
// alignment of its resource blobs, and the layout of their bytecode input
// (BytecodeCheck.h).
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_SUPPORT_NESTINGDEPTH_H
#define TORCH_ONNX_SUPPORT_NESTINGDEPTH_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::torch_onnx {

/// The deepest nesting the tools accept: far beyond any real program (a
/// tensor literal nests once per dim), far below what overflows the stack.
inline constexpr unsigned kMaxNestingDepth = 1024;

/// The offset in MLIR text `source` where brackets (`(`, `[`, `{`, `<`)
/// first nest deeper than `maxDepth`, outside strings and comments; none
/// when they never do.
std::optional<size_t> findExcessiveNesting(StringRef source,
                                           unsigned maxDepth = kMaxNestingDepth);

/// The offset in MLIR text `source` of the first resource blob, in the
/// file's metadata, whose alignment is 0. MLIR's parser accepts such a blob
/// and then aborts, out of memory, when it allocates it.
std::optional<size_t> findZeroAlignedBlob(StringRef source);

/// Checks the main buffer of `sourceMgr` before it is parsed: MLIR text with
/// findZeroAlignedBlob and findExcessiveNesting, printing an error at the
/// offending blob or bracket, and MLIR bytecode with findBytecodeDefect,
/// printing an error that names the file and what is wrong.
LogicalResult checkNestingDepth(llvm::SourceMgr &sourceMgr);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_SUPPORT_NESTINGDEPTH_H
