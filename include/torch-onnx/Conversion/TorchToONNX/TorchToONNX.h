//===- TorchToONNX.h - Torch dialect to ONNX dialect ------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_CONVERSION_TORCHTOONNX_TORCHTOONNX_H
#define TORCH_ONNX_CONVERSION_TORCHTOONNX_TORCHTOONNX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::torch_onnx {

#define GEN_PASS_DECL_CONVERTTORCHTOONNX
#include "torch-onnx/Conversion/Passes.h.inc"

/// Converts Torch types to the types of the ONNX dialect:
///   - `!torch.vtensor<[2,?],si64>` to `tensor<2x?xi64>` (signed and
///     unsigned integer dtypes become signless, except `ui8`), and a value
///     tensor of unknown rank to an unranked tensor;
///   - `!torch.int` to `tensor<i64>`, `!torch.float` and `!torch.number` to
///     `tensor<f64>`, `!torch.bool` to `tensor<i1>`;
///   - every other type (lists, none, strings, ...) to itself: the patterns
///     read those at compile time from the ops that define them.
/// A Torch constant used where its converted type is needed materializes as
/// an ONNX constant.
class TorchToONNXTypeConverter : public TypeConverter {
public:
  explicit TorchToONNXTypeConverter(MLIRContext *context);
};

/// Adds the patterns that convert Torch ops to ONNX ops at default-domain
/// opset `opset`.
void populateTorchToONNXPatterns(TypeConverter &typeConverter,
                                 RewritePatternSet &patterns, int64_t opset);

/// One entry of convert-torch-to-onnx's `custom-ops`: ops named `op` become
/// `onnx.Custom` nodes of `domain` and `opType`, and their i-th operand, when
/// constant, the attribute `attributeNames[i]` (none when it is empty).
struct CustomOpMapping {
  std::string op;
  std::string domain;
  std::string opType;
  std::vector<std::string> attributeNames;
};

/// Parses `OP=DOMAIN::TYPE` or `OP=DOMAIN::TYPE(NAME0,NAME1,...)`.
std::optional<CustomOpMapping> parseCustomOpMapping(StringRef spec);

/// Adds the highest-benefit pattern that replaces the ops of `mappings` by
/// their custom nodes.
void populateTorchToONNXCustomOpPatterns(TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         ArrayRef<CustomOpMapping> mappings);

/// Adds the lowest-benefit pattern that turns any Torch op left without a
/// conversion into an `onnx.Custom` node of domain `org.pytorch.aten`.
void populateTorchToONNXFallbackPatterns(TypeConverter &typeConverter,
                                         RewritePatternSet &patterns);

/// Adds conversion patterns to convert-torch-to-onnx, for ops the project
/// does not lower (a user's custom op, `torch.operator "mylib::op"`) or to
/// take precedence over its own lowering with a higher benefit. Called with
/// the pass's type converter and target opset on each run.
using TorchToONNXPatternProvider = std::function<void(
    TypeConverter &typeConverter, RewritePatternSet &patterns, int64_t opset)>;

/// Registers `provider` with every later run of convert-torch-to-onnx in
/// the process. Pass plugins call it from their registration callback
/// (`mlirGetPassPluginInfo`), before any pass runs.
void registerTorchToONNXPatternProvider(TorchToONNXPatternProvider provider);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_CONVERSION_TORCHTOONNX_TORCHTOONNX_H
