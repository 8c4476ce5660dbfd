//===- DeduplicateInitializers.cpp - Share equal initializers -------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

#include "BlobReleaser.h"
#include "ConstantEvaluation.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/xxhash.h"

#include <cstring>

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_DEDUPLICATEINITIALIZERS
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// The size in bytes of `value`'s content.
uint64_t getByteSize(ElementsAttr value) {
  if (std::optional<ArrayRef<char>> bytes = ONNX::getStoredBytes(value))
    return bytes->size();
  auto type = value.getShapedType();
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  return type.getNumElements() * std::max(bits / 8, 1u);
}

/// Whether the two values hold the same content. Dense literals are uniqued
/// by the context, so equal splats are the same attribute.
bool haveEqualContent(ElementsAttr a, ElementsAttr b) {
  if (a == b)
    return true;
  std::optional<ArrayRef<char>> x = ONNX::getStoredBytes(a),
                                y = ONNX::getStoredBytes(b);
  return x && y && x->size() == y->size() &&
         std::memcmp(x->data(), y->data(), x->size()) == 0;
}

/// A hash of the first `limit` bytes of `value`'s content. Splats hash as
/// attributes.
uint64_t hashContent(ElementsAttr value, size_t limit = SIZE_MAX) {
  std::optional<ArrayRef<char>> bytes = ONNX::getStoredBytes(value);
  if (!bytes)
    return static_cast<uint64_t>(hash_value(value));
  ArrayRef<char> prefix = bytes->take_front(std::min(limit, bytes->size()));
  return llvm::xxh3_64bits(ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(prefix.data()), prefix.size()));
}

/// Bytes hashed before two initializers are worth hashing in full.
constexpr size_t kPrefixBytes = 256;

/// An initializer kept for its content, and the hash of all of it once it
/// is needed.
struct Kept {
  ONNX::InitializerOp op;
  std::optional<uint64_t> hash;

  uint64_t getHash() {
    if (!hash)
      hash = hashContent(op.getValue());
    return *hash;
  }
};

/// The op of `block` that holds the first use of `value`, or null.
Operation *getFirstUser(Value value, Block *block) {
  Operation *first = nullptr;
  for (Operation *user : value.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
      first = ancestor;
  }
  return first;
}

/// Orders initializers of one block by their first use, unused ones last.
/// Each then dominates every use of the ones after it, whatever the order
/// of the initializers themselves, so a later one can use an earlier one;
/// and the name kept is that of the first layer in the graph.
void sortByFirstUse(SmallVectorImpl<ONNX::InitializerOp> &inits) {
  SmallVector<std::pair<Operation *, ONNX::InitializerOp>> byUse;
  for (ONNX::InitializerOp init : inits)
    byUse.emplace_back(getFirstUser(init.getResult(), init->getBlock()), init);
  llvm::stable_sort(byUse, [](const auto &a, const auto &b) {
    if (!a.first || !b.first)
      return a.first && !b.first;
    return a.first->isBeforeInBlock(b.first);
  });
  for (auto [index, entry] : llvm::enumerate(byUse))
    inits[index] = entry.second;
}

struct DeduplicateInitializers
    : public ONNX::impl::DeduplicateInitializersBase<DeduplicateInitializers> {
  using Base::Base;

  void runOnOperation() override {
    // Initializers grouped by block and type, in block order.
    llvm::MapVector<std::pair<Block *, Type>,
                    SmallVector<ONNX::InitializerOp, 1>>
        groups;
    getOperation()->walk([&](ONNX::InitializerOp init) {
      ElementsAttr value = init.getValue();
      if (!value.getShapedType().hasStaticShape() ||
          !value.getElementType().isIntOrFloat() ||
          getByteSize(value) < minBytes)
        return;
      groups[{init->getBlock(), init.getType()}].push_back(init);
    });

    ONNX::BlobReleaser releaser(getOperation());
    IRRewriter rewriter(&getContext(), &releaser);
    for (auto &[key, inits] : groups) {
      if (inits.size() < 2)
        continue;
      sortByFirstUse(inits);
      // The first initializer of each content, by the hash of its first
      // bytes; weights that differ there are never read in full.
      llvm::DenseMap<uint64_t, SmallVector<Kept, 1>> kept;
      for (ONNX::InitializerOp init : inits) {
        ElementsAttr value = init.getValue();
        SmallVector<Kept, 1> &candidates =
            kept[hashContent(value, kPrefixBytes)];
        Kept self{init, std::nullopt};
        auto *same = llvm::find_if(candidates, [&](Kept &other) {
          return other.getHash() == self.getHash() &&
                 haveEqualContent(other.op.getValue(), value);
        });
        if (same == candidates.end()) {
          candidates.push_back(self);
          continue;
        }
        rewriter.replaceAllUsesWith(init.getResult(), same->op.getResult());
        rewriter.eraseOp(init);
      }
    }
  }
};

} // namespace
