//===- BytecodeCheck.h - Reject MLIR bytecode the reader cannot survive -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// MLIR's bytecode reader trusts the counts a file declares: it reserves room
// for that many strings, dialects, properties, attributes, results or blocks
// before it reads one, so a count of 2^60 in a small file aborts the process
// ("SmallVector unable to grow"). The tools walk the layout of a bytecode
// buffer before they hand it to the reader, and refuse any count that the
// bytes after it could not hold.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_SUPPORT_BYTECODECHECK_H
#define TORCH_ONNX_SUPPORT_BYTECODECHECK_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::torch_onnx {

/// What is wrong with a bytecode buffer, and where.
struct BytecodeDefect {
  /// The offset in the buffer of the value that is wrong.
  size_t offset;
  /// A sentence that says what is wrong, without the file's name.
  std::string message;
};

/// Whether `buffer` starts with the magic number of MLIR bytecode.
bool isMLIRBytecode(StringRef buffer);

/// Walks the MLIR bytecode in `buffer` (which starts with its magic number)
/// the way MLIR's bytecode reader will: the header, the sections, the string,
/// dialect, properties and attribute/type offset sections, the attributes and
/// types, and the operations, regions and blocks of the IR section. Returns
/// the first count that exceeds what the bytes after it can hold (each entry
/// takes at least a byte), the first section that does not fit in its parent,
/// regions nested deeper than `maxRegionDepth`, an attribute or type in MLIR's
/// syntax whose brackets nest deeper than that, or a builtin attribute or type
/// that refers to itself (on which the reader loops forever); none when the
/// reader may be run on it. Takes time linear in the size of `buffer`. Leaves
/// what the reader itself reports cleanly (bad indices, unknown dialects,
/// newer versions) to the reader.
std::optional<BytecodeDefect> findBytecodeDefect(StringRef buffer,
                                                 unsigned maxRegionDepth);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_SUPPORT_BYTECODECHECK_H
