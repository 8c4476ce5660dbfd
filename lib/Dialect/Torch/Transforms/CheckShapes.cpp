//===- CheckShapes.cpp - Reject the shapes and dtypes PyTorch rejects -----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks the ops whose operand sizes and dtypes are static the way PyTorch
// checks them when it runs them, so that a model given inputs of the wrong
// shape or dtype is an error instead of a model that PyTorch would not run.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"
#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"
#include "torch-onnx/Dialect/Torch/Transforms/MetaKernels.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_CHECKSHAPES
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// `dtype` as the IR spells it, without the quotes a diagnostic adds to a
/// streamed type.
std::string formatDtype(Type dtype) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << dtype;
  return text;
}
} // namespace

namespace {

/// The operands of a convolution that its shape depends on. Every
/// convolution op has its input, weight and bias as operands 0, 1 and 2.
struct ConvOperands {
  Value input, weight, stride, padding, dilation, outputPadding, groups;
  bool transposed = false;
};

/// The operands of `op` when it is a convolution, plain or transposed; none
/// for other ops and for `aten.convolution` forms whose `transposed` flag is
/// not constant.
std::optional<ConvOperands> getConvOperands(Operation *op) {
  ConvOperands c;
  auto operand = [&](unsigned i) { return op->getOperand(i); };
  return llvm::TypeSwitch<Operation *, std::optional<ConvOperands>>(op)
      .Case<AtenConv1dOp, AtenConv2dOp, AtenConv3dOp, AtenConv1dPaddingOp,
            AtenConv2dPaddingOp, AtenConv3dPaddingOp, Aten_ConvolutionModeOp>(
          [&](Operation *) {
        c = {operand(0), operand(1), operand(3), operand(4),
             operand(5), Value(),    operand(6)};
        return c;
      })
      .Case<AtenConvTranspose1dOp, AtenConvTranspose2dInputOp,
            AtenConvTranspose3dInputOp>([&](Operation *) {
        c = {operand(0), operand(1), operand(3), operand(4),
             operand(7), operand(5), operand(6), true};
        return c;
      })
      .Case<AtenConvolutionOp, Aten_ConvolutionOp,
            Aten_ConvolutionDeprecatedOp>(
          [&](Operation *) -> std::optional<ConvOperands> {
            std::optional<bool> transposed = matchConstantBool(operand(6));
            if (!transposed)
              return std::nullopt;
            c = {operand(0), operand(1), operand(3), operand(4),
                 operand(5), operand(7), operand(8), *transposed};
            return c;
          })
      .Default([](Operation *) { return std::nullopt; });
}


bool isKnown(int64_t size) { return size != kUnknownSize; }

/// The sizes of `value`'s tensor type; none when it is no tensor or its rank
/// is unknown.
std::optional<ArrayRef<int64_t>> getSizes(Value value) {
  auto type = dyn_cast<BaseTensorType>(value.getType());
  if (!type)
    return std::nullopt;
  return type.getOptionalSizes();
}

/// The dtype of `value`'s tensor type; null when it is no tensor or its
/// dtype is unknown.
Type getDtype(Value value) {
  auto type = dyn_cast<BaseTensorType>(value.getType());
  return type ? type.getOptionalDtype() : Type();
}

/// Sizes as PyTorch prints them, `[1, 3, 32, 32]`, with `?` for an unknown
/// size.
std::string formatShape(ArrayRef<int64_t> sizes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(sizes, os, [&](int64_t size) {
    if (isKnown(size))
      os << size;
    else
      os << '?';
  });
  os << ']';
  return text;
}

/// The op as PyTorch names it: `aten::conv2d` for `torch.aten.conv2d`.
std::string getAtenName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name.consume_front("torch.aten."))
    return ("aten::" + name).str();
  return name.str();
}

/// The first dim, counted from the back (1 is the last dim), at which `a`
/// and `b` do not broadcast: both sizes are known, differ and neither is 1.
std::optional<size_t> findBroadcastConflict(ArrayRef<int64_t> a,
                                            ArrayRef<int64_t> b) {
  for (size_t i = 1, e = std::min(a.size(), b.size()); i <= e; ++i) {
    int64_t x = a[a.size() - i], y = b[b.size() - i];
    if (isKnown(x) && isKnown(y) && x != y && x != 1 && y != 1)
      return i;
  }
  return std::nullopt;
}

/// An operand of a checked op, with the name the diagnostics give it.
struct Operand {
  std::string role;
  Value value;
};

/// Checks the ops of one function; see the description of
/// `torch-check-shapes`.
class ShapeChecker {
public:
  explicit ShapeChecker(func::FuncOp func) : func(func) {}

  /// Checks every op; failure when a mismatch was reported.
  LogicalResult run() {
    for (Block &block : func.getBody())
      checkBlock(block);
    return failure(reported);
  }

private:
  void checkBlock(Block &block);
  /// Checks `op` alone; true when it reported a mismatch.
  bool checkOp(Operation *op);
  bool checkConvolution(Operation *op);
  /// A convolution whose kernel, dilated, is larger than a padded input
  /// dim.
  bool checkConvolutionWindows(Operation *op, const ConvOperands &conv,
                               ArrayRef<int64_t> inputSizes,
                               ArrayRef<int64_t> weightSizes);
  bool checkLinear(Operation *op);
  bool checkMatrixProduct(Operation *op);
  bool checkNormalization(Operation *op);
  bool checkLayerNorm(Operation *op);
  bool checkBroadcast(Operation *op);
  /// Runs LibTorch's shape function of `op` (ShapeLibrary.mlir), when its
  /// tensor operands have static shapes and no hand-written shape rule knows
  /// the op, and reports the error it raises. Some functions are older than
  /// the ops they describe (conv2d's refuses an unbatched input, which
  /// PyTorch takes); the ops with rules of their own are checked above.
  bool checkWithShapeFunction(Operation *op);
  /// A hand-written rule that computes a negative size (narrow's negative
  /// length) for operands that PyTorch then rejects.
  bool checkNegativeSizes(Operation *op);
  /// Reports `operand` when its dtype differs from that of `reference` and
  /// one of them is a float dtype: PyTorch converts neither, it rejects the
  /// pair.
  bool checkSameDtype(Operation *op, const Operand &reference,
                      const Operand &operand);
  /// Reports that dim `rhsDim` of `rhs` differs from dim `lhsDim` of `lhs`,
  /// which it must equal.
  void reportDimMismatch(Operation *op, const Operand &lhs, int64_t lhsDim,
                         const Operand &rhs, int64_t rhsDim);
  /// Reports that `lhs` and `rhs` do not broadcast at the given dims.
  void reportBroadcastConflict(Operation *op, StringRef what,
                               const Operand &lhs, int64_t lhsDim,
                               const Operand &rhs, int64_t rhsDim);

  /// Starts an error at `op`, with a note on each argument of the function
  /// that one of `operands` is or is computed from.
  InFlightDiagnostic emitMismatch(Operation *op, ArrayRef<Operand> operands);
  /// "'op' rejects its operands (operand i of shape [...], ...)".
  InFlightDiagnostic reportRejected(Operation *op, ArrayRef<Operand> tensors);
  void noteArguments(InFlightDiagnostic &diag, const Operand &operand);
  /// The arguments of the function that `value` is computed from, in order.
  SmallVector<BlockArgument> getSourceArguments(Value value);

  func::FuncOp func;
  /// The results of reported ops and the values computed from them. PyTorch
  /// stops at the first error, and their types follow from operands it never
  /// accepted, so they are not checked.
  DenseSet<Value> poisoned;
  bool reported = false;
};

void ShapeChecker::checkBlock(Block &block) {
  for (Operation &op : block) {
    if (llvm::any_of(op.getOperands(),
                     [&](Value value) { return poisoned.contains(value); })) {
      poisoned.insert(op.result_begin(), op.result_end());
      continue;
    }
    size_t numPoisoned = poisoned.size();
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        checkBlock(nested);
    if (checkOp(&op) || poisoned.size() != numPoisoned)
      poisoned.insert(op.result_begin(), op.result_end());
  }
}

bool ShapeChecker::checkOp(Operation *op) {
  return checkConvolution(op) || checkLinear(op) || checkMatrixProduct(op) ||
         checkNormalization(op) || checkBroadcast(op) ||
         checkWithShapeFunction(op) || checkNegativeSizes(op);
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

InFlightDiagnostic ShapeChecker::emitMismatch(Operation *op,
                                              ArrayRef<Operand> operands) {
  reported = true;
  InFlightDiagnostic diag = op->emitError();
  for (const Operand &operand : operands)
    noteArguments(diag, operand);
  return diag;
}

void ShapeChecker::noteArguments(InFlightDiagnostic &diag,
                                 const Operand &operand) {
  auto describe = [&](Diagnostic &note, BlockArgument arg) {
    note << "argument '" << getArgumentName(func, arg.getArgNumber()) << "'";
    if (!isa<BaseTensorType>(arg.getType())) {
      note << " of type " << arg.getType();
      return;
    }
    if (std::optional<ArrayRef<int64_t>> sizes = getSizes(arg))
      note << " of shape " << formatShape(*sizes);
    else
      note << " of unknown shape";
    if (Type dtype = getDtype(arg))
      note << " and dtype " << formatDtype(dtype);
    else
      note << " and unknown dtype";
  };
  auto arg = dyn_cast<BlockArgument>(operand.value);
  if (arg && arg.getOwner() == &func.getBody().front()) {
    Diagnostic &note = diag.attachNote(arg.getLoc());
    note << operand.role << " is ";
    describe(note, arg);
    return;
  }
  for (BlockArgument source : getSourceArguments(operand.value)) {
    Diagnostic &note = diag.attachNote(source.getLoc());
    note << operand.role << " is computed from ";
    describe(note, source);
  }
}

SmallVector<BlockArgument> ShapeChecker::getSourceArguments(Value value) {
  Block *entry = &func.getBody().front();
  SmallVector<BlockArgument> sources;
  DenseSet<Value> seen;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(next)) {
      if (arg.getOwner() == entry) {
        sources.push_back(arg);
        continue;
      }
      // A region's argument, such as a loop-carried value, comes from the
      // operands of the op that holds the region.
      Operation *parent = arg.getOwner()->getParentOp();
      if (parent != func.getOperation())
        worklist.append(parent->operand_begin(), parent->operand_end());
      continue;
    }
    // The results of an op with regions also depend on the values its
    // regions use.
    next.getDefiningOp()->walk([&](Operation *nested) {
      worklist.append(nested->operand_begin(), nested->operand_end());
    });
  }
  llvm::sort(sources, [](BlockArgument a, BlockArgument b) {
    return a.getArgNumber() < b.getArgNumber();
  });
  return sources;
}

void ShapeChecker::reportDimMismatch(Operation *op, const Operand &lhs,
                                     int64_t lhsDim, const Operand &rhs,
                                     int64_t rhsDim) {
  ArrayRef<int64_t> a = *getSizes(lhs.value), b = *getSizes(rhs.value);
  emitMismatch(op, {lhs, rhs})
      << "'" << getAtenName(op) << "' expects " << rhs.role << " with "
      << a[lhsDim] << " in dim " << rhsDim << " to match dim " << lhsDim
      << " of " << lhs.role << " (shape " << formatShape(a) << "), but "
      << rhs.role << " has " << b[rhsDim] << " (shape " << formatShape(b)
      << ")";
}

void ShapeChecker::reportBroadcastConflict(Operation *op, StringRef what,
                                           const Operand &lhs, int64_t lhsDim,
                                           const Operand &rhs,
                                           int64_t rhsDim) {
  ArrayRef<int64_t> a = *getSizes(lhs.value), b = *getSizes(rhs.value);
  emitMismatch(op, {lhs, rhs})
      << "'" << getAtenName(op) << "' expects " << what
      << " that broadcast, but dim " << lhsDim << " of " << lhs.role
      << " (shape " << formatShape(a) << ") is " << a[lhsDim] << " and dim "
      << rhsDim << " of " << rhs.role << " (shape " << formatShape(b)
      << ") is " << b[rhsDim];
}

//===----------------------------------------------------------------------===//
// The checks
//===----------------------------------------------------------------------===//

bool ShapeChecker::checkSameDtype(Operation *op, const Operand &reference,
                                  const Operand &operand) {
  Type expected = getDtype(reference.value), actual = getDtype(operand.value);
  if (!expected || !actual || expected == actual ||
      (!isFloatDtype(expected) && !isFloatDtype(actual)))
    return false;
  emitMismatch(op, {operand, reference})
      << "'" << getAtenName(op) << "' expects " << operand.role << " and "
      << reference.role << " of the same dtype, but " << operand.role
      << " is " << formatDtype(actual) << " and " << reference.role << " is "
      << formatDtype(expected);
  return true;
}

bool ShapeChecker::checkConvolution(Operation *op) {
  std::optional<ConvOperands> conv = getConvOperands(op);
  if (!conv)
    return false;
  Operand input{"input", conv->input}, weight{"weight", conv->weight};
  std::optional<ArrayRef<int64_t>> inputSizes = getSizes(conv->input);
  std::optional<ArrayRef<int64_t>> weightSizes = getSizes(conv->weight);
  bool mismatch = false;
  if (inputSizes && weightSizes && weightSizes->size() >= 3) {
    int64_t rank = weightSizes->size();
    int64_t inputRank = inputSizes->size();
    // The functional forms also take an unbatched input; `convolution` and
    // the forms below it do not.
    bool batchedOnly =
        isa<AtenConvolutionOp, Aten_ConvolutionOp,
            Aten_ConvolutionDeprecatedOp, Aten_ConvolutionModeOp>(op);
    if (inputRank != rank && (batchedOnly || inputRank != rank - 1)) {
      InFlightDiagnostic diag = emitMismatch(op, {input});
      diag << "'" << getAtenName(op) << "' expects a ";
      if (!batchedOnly)
        diag << rank - 1 << "-d (unbatched) or ";
      diag << rank << "-d " << (batchedOnly ? "" : "(batched) ")
           << "input for weight " << formatShape(*weightSizes)
           << ", but input has rank " << inputRank << " (shape "
           << formatShape(*inputSizes) << ")";
      return true;
    }
    std::optional<int64_t> groups = matchConstantInt(conv->groups);
    int64_t channels = (*inputSizes)[inputRank == rank ? 1 : 0];
    int64_t expected = kUnknownSize;
    if (conv->transposed)
      expected = (*weightSizes)[0];
    else if (groups && isKnown((*weightSizes)[1]))
      expected = (*weightSizes)[1] * *groups;
    if (groups && isKnown(channels) && isKnown(expected) &&
        channels != expected) {
      emitMismatch(op, {input})
          << "'" << getAtenName(op) << "' expects input with " << expected
          << " channels (" << (conv->transposed ? "transposed " : "")
          << "weight " << formatShape(*weightSizes) << ", groups " << *groups
          << "), but input has " << channels << " (shape "
          << formatShape(*inputSizes) << ")";
      mismatch = true;
    }
  }
  if (!mismatch && inputSizes && weightSizes && !conv->transposed)
    mismatch = checkConvolutionWindows(op, *conv, *inputSizes, *weightSizes);
  mismatch |= checkSameDtype(op, weight, input);
  mismatch |= checkSameDtype(op, weight, {"bias", op->getOperand(2)});
  return mismatch;
}

bool ShapeChecker::checkConvolutionWindows(Operation *op,
                                           const ConvOperands &conv,
                                           ArrayRef<int64_t> inputSizes,
                                           ArrayRef<int64_t> weightSizes) {
  size_t spatial = weightSizes.size() - 2;
  if (inputSizes.size() < spatial)
    return false;
  // A list of one int applies to every spatial dim; "valid" pads nothing.
  auto getInts = [&](Value list, int64_t fallback) {
    SmallVector<int64_t> ints;
    if (auto str = list.getDefiningOp<ConstantStrOp>()) {
      if (str.getValue() == "valid")
        ints.assign(spatial, 0);
    } else if (std::optional<SmallVector<int64_t>> values =
                   matchConstantIntList(list)) {
      ints = values->empty() ? SmallVector<int64_t>(spatial, fallback)
                             : *values;
      if (ints.size() == 1)
        ints.assign(spatial, ints.front());
    }
    return ints;
  };
  SmallVector<int64_t> padding = getInts(conv.padding, 0);
  SmallVector<int64_t> dilation = getInts(conv.dilation, 1);
  if (padding.size() != spatial || dilation.size() != spatial)
    return false;
  size_t offset = inputSizes.size() - spatial;
  for (size_t i = 0; i < spatial; ++i) {
    int64_t size = inputSizes[offset + i], kernel = weightSizes[2 + i];
    if (!isKnown(size) || !isKnown(kernel))
      continue;
    int64_t span = size + 2 * padding[i] - dilation[i] * (kernel - 1);
    if (span >= 1)
      continue;
    // With stride 1 the result's size is `span`; no stride makes it positive.
    SmallVector<Operand> tensors = {{"operand 0", conv.input},
                                    {"operand 1", conv.weight}};
    reportRejected(op, tensors)
        << ": dim " << offset + i << " of result 0 would have size " << span;
    return true;
  }
  return false;
}

bool ShapeChecker::checkLinear(Operation *op) {
  auto linear = dyn_cast<AtenLinearOp>(op);
  if (!linear)
    return false;
  Operand input{"input", linear.getInput()};
  Operand weight{"weight", linear.getWeight()};
  std::optional<ArrayRef<int64_t>> inputSizes = getSizes(input.value);
  std::optional<ArrayRef<int64_t>> weightSizes = getSizes(weight.value);
  bool mismatch = false;
  if (inputSizes && weightSizes &&
      (weightSizes->size() == 1 || weightSizes->size() == 2)) {
    if (inputSizes->empty()) {
      emitMismatch(op, {input})
          << "'" << getAtenName(op)
          << "' expects input with at least 1 dim, but input is 0-d";
      return true;
    }
    int64_t features = weightSizes->back(), actual = inputSizes->back();
    if (isKnown(features) && isKnown(actual) && features != actual) {
      emitMismatch(op, {input})
          << "'" << getAtenName(op) << "' expects input with " << features
          << " features in its last dim (weight " << formatShape(*weightSizes)
          << "), but input has " << actual << " (shape "
          << formatShape(*inputSizes) << ")";
      mismatch = true;
    }
  }
  mismatch |= checkSameDtype(op, weight, input);
  mismatch |= checkSameDtype(op, weight, {"bias", linear.getBias()});
  return mismatch;
}

bool ShapeChecker::checkMatrixProduct(Operation *op) {
  if (!isa<AtenMatmulOp, AtenMmOp, AtenBmmOp>(op))
    return false;
  Operand lhs{"self", op->getOperand(0)};
  Operand rhs{isa<AtenMatmulOp>(op) ? "other" : "mat2", op->getOperand(1)};
  bool mismatch = checkSameDtype(op, rhs, lhs);
  std::optional<ArrayRef<int64_t>> a = getSizes(lhs.value);
  std::optional<ArrayRef<int64_t>> b = getSizes(rhs.value);
  if (!a || !b)
    return mismatch;

  // mm takes matrices, bmm batches of them, matmul any rank from 1.
  size_t rank = isa<AtenMmOp>(op) ? 2 : isa<AtenBmmOp>(op) ? 3 : 0;
  for (auto [operand, sizes] : {std::pair(&lhs, *a), std::pair(&rhs, *b)}) {
    if (rank ? sizes.size() == rank : !sizes.empty())
      continue;
    InFlightDiagnostic diag = emitMismatch(op, {*operand});
    diag << "'" << getAtenName(op) << "' expects " << operand->role;
    if (rank)
      diag << " to be " << rank << "-d";
    else
      diag << " with at least 1 dim";
    diag << ", but " << operand->role << " has shape " << formatShape(sizes);
    return true;
  }

  // The last dim of self meets the second to last of the other operand, or
  // its only one.
  int64_t lhsRank = a->size(), rhsRank = b->size();
  int64_t rhsDim = rhsRank == 1 ? 0 : rhsRank - 2;
  int64_t lhsSize = (*a)[lhsRank - 1], rhsSize = (*b)[rhsDim];
  if (isKnown(lhsSize) && isKnown(rhsSize) && lhsSize != rhsSize) {
    reportDimMismatch(op, lhs, lhsRank - 1, rhs, rhsDim);
    return true;
  }
  // The batch dims: bmm's must be equal, matmul's must broadcast.
  if (isa<AtenBmmOp>(op)) {
    if (isKnown((*a)[0]) && isKnown((*b)[0]) && (*a)[0] != (*b)[0]) {
      reportDimMismatch(op, lhs, 0, rhs, 0);
      return true;
    }
  } else if (lhsRank > 2 || rhsRank > 2) {
    ArrayRef<int64_t> lhsBatch = a->drop_back(std::min<int64_t>(lhsRank, 2));
    ArrayRef<int64_t> rhsBatch = b->drop_back(std::min<int64_t>(rhsRank, 2));
    if (std::optional<size_t> i = findBroadcastConflict(lhsBatch, rhsBatch)) {
      reportBroadcastConflict(op, "batch dims", lhs, lhsBatch.size() - *i, rhs,
                              rhsBatch.size() - *i);
      return true;
    }
  }
  return mismatch;
}

bool ShapeChecker::checkNormalization(Operation *op) {
  if (isa<AtenLayerNormOp, AtenNativeLayerNormOp>(op))
    return checkLayerNorm(op);
  // The operands that hold one value per channel of the input.
  SmallVector<unsigned> perChannel;
  SmallVector<StringRef> roles;
  if (isa<AtenBatchNormOp, AtenNativeBatchNormOp, AtenInstanceNormOp>(op)) {
    perChannel = {1, 2, 3, 4};
    roles = {"weight", "bias", "running_mean", "running_var"};
  } else if (isa<AtenGroupNormOp>(op)) {
    perChannel = {2, 3};
    roles = {"weight", "bias"};
  } else if (isa<AtenNativeGroupNormOp>(op)) {
    perChannel = {1, 2};
    roles = {"weight", "bias"};
  } else {
    return false;
  }
  Operand input{"input", op->getOperand(0)};
  std::optional<ArrayRef<int64_t>> inputSizes = getSizes(input.value);
  if (!inputSizes)
    return false;
  if (inputSizes->size() < 2) {
    emitMismatch(op, {input})
        << "'" << getAtenName(op)
        << "' expects input with at least 2 dims, but input has shape "
        << formatShape(*inputSizes);
    return true;
  }
  int64_t channels = (*inputSizes)[1];
  if (!isKnown(channels))
    return false;
  bool mismatch = false;
  if (auto groupNorm = dyn_cast<AtenGroupNormOp>(op)) {
    std::optional<int64_t> groups = matchConstantInt(groupNorm.getNumGroups());
    if (groups && *groups > 0 && channels % *groups != 0) {
      emitMismatch(op, {input})
          << "'" << getAtenName(op)
          << "' expects input with a number of channels divisible by "
             "num_groups "
          << *groups << ", but input has " << channels << " (shape "
          << formatShape(*inputSizes) << ")";
      mismatch = true;
    }
  }
  // The first per-channel operand of known size gives the channel count.
  for (auto [index, role] : llvm::zip_equal(perChannel, roles)) {
    std::optional<ArrayRef<int64_t>> sizes = getSizes(op->getOperand(index));
    if (!sizes || sizes->size() != 1 || !isKnown(sizes->front()))
      continue;
    if (sizes->front() != channels) {
      emitMismatch(op, {input})
          << "'" << getAtenName(op) << "' expects input with "
          << sizes->front() << " channels (" << role << " "
          << formatShape(*sizes) << "), but input has " << channels
          << " (shape " << formatShape(*inputSizes) << ")";
      mismatch = true;
    }
    break;
  }
  return mismatch;
}

bool ShapeChecker::checkLayerNorm(Operation *op) {
  Operand input{"input", op->getOperand(0)};
  std::optional<ArrayRef<int64_t>> inputSizes = getSizes(input.value);
  std::optional<SmallVector<int64_t>> normalized =
      matchConstantIntList(op->getOperand(1));
  if (!inputSizes || !normalized)
    return false;
  size_t rank = inputSizes->size(), numNormalized = normalized->size();
  bool matches = rank >= numNormalized;
  for (size_t i = 1; matches && i <= numNormalized; ++i) {
    int64_t actual = (*inputSizes)[rank - i];
    matches = !isKnown(actual) || actual == (*normalized)[numNormalized - i];
  }
  if (matches)
    return false;
  InFlightDiagnostic diag = emitMismatch(op, {input});
  diag << "'" << getAtenName(op) << "' expects input with shape [*";
  for (int64_t size : *normalized)
    diag << ", " << size;
  diag << "] (normalized_shape " << formatShape(*normalized)
       << "), but input has shape " << formatShape(*inputSizes);
  return true;
}

bool ShapeChecker::checkBroadcast(Operation *op) {
  if (!isBroadcastingElementwiseOp(op))
    return false;
  SmallVector<Operand> tensors;
  for (auto [index, operand] : llvm::enumerate(op->getOperands()))
    if (getSizes(operand))
      tensors.push_back({"operand " + std::to_string(index), operand});
  for (auto [i, lhs] : llvm::enumerate(tensors)) {
    for (const Operand &rhs : ArrayRef(tensors).drop_front(i + 1)) {
      ArrayRef<int64_t> a = *getSizes(lhs.value), b = *getSizes(rhs.value);
      if (std::optional<size_t> back = findBroadcastConflict(a, b)) {
        reportBroadcastConflict(op, "operands", lhs, a.size() - *back, rhs,
                                b.size() - *back);
        return true;
      }
    }
  }
  return false;
}

bool ShapeChecker::checkWithShapeFunction(Operation *op) {
  SmallVector<Operand> tensors;
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    if (!isa<BaseTensorType>(operand.getType()))
      continue;
    std::optional<ArrayRef<int64_t>> sizes = getSizes(operand);
    if (!sizes || !llvm::all_of(*sizes, isKnown))
      return false;
    tensors.push_back({"operand " + std::to_string(index), operand});
  }
  ShapeRefiner refiner;
  if (applyHandWrittenRules(op, refiner))
    return false;
  std::optional<std::string> error = runShapeFunction(op, refiner).error;
  // PyTorch's kernel, where a tool provides it, overrules a shape function
  // that rejects what the kernel takes (an unbatched convolution).
  if (!error || inferWithMetaKernel(op, refiner, /*merge=*/false))
    return false;
  StringRef message = StringRef(*error).trim();
  message.consume_front("AssertionError:");
  message = message.trim();
  InFlightDiagnostic diag = reportRejected(op, tensors);
  if (!message.empty())
    diag << ": " << message;
  return true;
}

InFlightDiagnostic ShapeChecker::reportRejected(Operation *op,
                                                ArrayRef<Operand> tensors) {
  InFlightDiagnostic diag = emitMismatch(op, tensors);
  diag << "'" << getTorchOperatorName(op) << "' rejects its operands";
  if (!tensors.empty()) {
    diag << " (";
    llvm::interleaveComma(tensors, diag, [&](const Operand &operand) {
      diag << operand.role << " of shape "
           << formatShape(*getSizes(operand.value));
    });
    diag << ")";
  }
  return diag;
}

bool ShapeChecker::checkNegativeSizes(Operation *op) {
  ShapeRefiner refiner;
  if (!applyHandWrittenRules(op, refiner))
    return false;
  for (OpResult result : op->getResults()) {
    const TensorInfo *info = refiner.lookupTensor(result);
    if (!info || !info->hasRank())
      continue;
    for (auto [dim, size] : llvm::enumerate(info->getSizes())) {
      if (size >= 0 || size == kUnknownSize)
        continue;
      SmallVector<Operand> tensors;
      for (auto [index, operand] : llvm::enumerate(op->getOperands()))
        if (isa<BaseTensorType>(operand.getType()) && getSizes(operand))
          tensors.push_back({"operand " + std::to_string(index), operand});
      reportRejected(op, tensors)
          << ": dim " << dim << " of result " << result.getResultNumber()
          << " would have size " << size;
      return true;
    }
  }
  return false;
}

struct CheckShapesPass : public Torch::impl::CheckShapesBase<CheckShapesPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (failed(ShapeChecker(func).run()))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
