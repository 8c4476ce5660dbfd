//===- MetaKernels.cpp - PyTorch's operators on tensors without data ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The MetaKernelInterface of the tools that link LibTorch: it calls an
// operator through PyTorch's dispatcher on tensors of the `meta` device,
// which have sizes and a dtype but no data, and reads the results' sizes
// and dtypes. Factory operators create their results on the meta device
// too, whatever device the program names, so nothing is allocated.
//
// Many operators have their meta kernels in PyTorch's Python package only,
// which these tools do not load. For those, small operands (kSmallTensor
// elements, ints up to kSmallInt) run through the CPU kernel three times,
// on zeros, on ones and on 0, 1, 2...; the results' types count only if
// all runs agree, so that an operator whose result sizes depend on the data
// (nonzero, unique) is not taken for one whose sizes are static. Operators
// that PyTorch tags as data-dependent, and factories, never run on the CPU.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/Transforms/MetaKernels.h"
#include "torch-onnx/Import/TorchScript/MetaKernels.h"

#include "mlir/IR/DialectRegistry.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/ops/arange.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/ones.h>
#include <ATen/ops/zeros.h>
#include <c10/core/InferenceMode.h>
#include <c10/util/Exception.h>

using namespace mlir;
using namespace mlir::torch_onnx;
using Torch::MetaOperand;
using Torch::MetaTensor;

namespace {
/// Drops the warnings of kernels that run only to learn result types.
class IgnoreWarnings : public c10::WarningHandler {
public:
  void process(const c10::Warning &) override {}
};

/// How the operands of one run are made.
enum class Data {
  /// Meta tensors, without data.
  None,
  /// CPU tensors of zeros.
  Zeros,
  /// CPU tensors of ones.
  Ones,
  /// CPU tensors of 0, 1, 2... in order (for bool, alternating).
  Iota,
};

/// The largest operands that run through a CPU kernel.
constexpr int64_t kSmallTensor = 1 << 18;
constexpr int64_t kSmallInt = 1 << 16;

at::Tensor makeTensor(const MetaTensor &tensor, Data data) {
  std::vector<int64_t> sizes(tensor.sizes.begin(), tensor.sizes.end());
  auto options = at::TensorOptions().dtype(
      static_cast<c10::ScalarType>(tensor.scalarType));
  switch (data) {
  case Data::None:
    return at::empty(sizes, options.device(c10::kMeta));
  case Data::Zeros:
    return at::zeros(sizes, options);
  case Data::Ones:
    return at::ones(sizes, options);
  case Data::Iota: {
    int64_t elements = 1;
    for (int64_t size : sizes)
      elements *= size;
    at::Tensor values = at::arange(elements, at::TensorOptions(at::kLong));
    if (options.dtype() == at::kBool)
      values = values.remainder(2);
    return values.reshape(sizes).to(options.dtype());
  }
  }
  return at::Tensor();
}

/// Whether `operands` are small enough for a CPU kernel.
bool areSmall(ArrayRef<MetaOperand> operands) {
  for (const MetaOperand &operand : operands) {
    for (const MetaTensor &tensor : operand.tensors) {
      int64_t elements = 1;
      for (int64_t size : tensor.sizes) {
        if (size < 0 || size > kSmallTensor)
          return false;
        elements *= size;
        if (elements > kSmallTensor)
          return false;
      }
    }
    for (int64_t value : operand.ints)
      if (value > kSmallInt || value < -kSmallInt)
        return false;
  }
  return true;
}

bool isDeviceArgument(const c10::Argument &argument) {
  c10::TypePtr type = argument.type();
  if (auto optional = type->cast<c10::OptionalType>())
    type = optional->getElementType();
  return type->kind() == c10::TypeKind::DeviceObjType;
}

bool isOptionalTensorList(const c10::Argument &argument) {
  auto list = argument.type()->cast<c10::ListType>();
  return list && list->getElementType()->cast<c10::OptionalType>();
}

/// The operand as the stack holds it.
c10::IValue makeIValue(const c10::Argument &argument,
                       const MetaOperand &operand, Data data) {
  // Whatever device the program names, results stay without data.
  if (isDeviceArgument(argument))
    return c10::Device(c10::kMeta);
  switch (operand.kind) {
  case MetaOperand::Kind::None:
    return c10::IValue();
  case MetaOperand::Kind::Tensor:
    return makeTensor(operand.tensors.front(), data);
  case MetaOperand::Kind::TensorList: {
    if (isOptionalTensorList(argument)) {
      c10::List<std::optional<at::Tensor>> list;
      for (const MetaTensor &tensor : operand.tensors)
        list.push_back(tensor.isNone ? std::nullopt
                                     : std::optional<at::Tensor>(
                                           makeTensor(tensor, data)));
      return list;
    }
    c10::List<at::Tensor> list;
    for (const MetaTensor &tensor : operand.tensors)
      list.push_back(makeTensor(tensor, data));
    return list;
  }
  case MetaOperand::Kind::Int:
    return operand.ints.front();
  case MetaOperand::Kind::IntList:
    return c10::List<int64_t>(
        std::vector<int64_t>(operand.ints.begin(), operand.ints.end()));
  case MetaOperand::Kind::Float:
    return operand.numbers.front();
  case MetaOperand::Kind::FloatList:
    return c10::List<double>(
        std::vector<double>(operand.numbers.begin(), operand.numbers.end()));
  case MetaOperand::Kind::Bool:
    return operand.boolean;
  case MetaOperand::Kind::Str:
    return operand.str;
  case MetaOperand::Kind::Device:
    // Only device arguments take devices, and those are handled above.
    return c10::Device(c10::kMeta);
  }
  return c10::IValue();
}

using Results = SmallVector<Torch::MetaResult>;

MetaTensor describe(const at::Tensor &tensor) {
  MetaTensor result;
  result.scalarType = static_cast<int64_t>(tensor.scalar_type());
  for (int64_t size : tensor.sizes())
    result.sizes.push_back(size);
  return result;
}

/// Runs the operator on operands made as `data` says. Throws what the
/// operator throws.
Results runOnce(const c10::OperatorHandle &handle,
                ArrayRef<MetaOperand> operands, Data data) {
  torch::jit::Stack stack;
  for (auto [argument, operand] :
       llvm::zip(handle.schema().arguments(), operands))
    stack.push_back(makeIValue(argument, operand, data));
  handle.callBoxed(stack);
  Results results;
  for (const c10::IValue &value : stack) {
    Torch::MetaResult &result = results.emplace_back();
    if (value.isTensor() && value.toTensor().defined()) {
      result.kind = Torch::MetaResult::Kind::Tensor;
      result.tensors.push_back(describe(value.toTensor()));
    } else if (value.isTensorList()) {
      result.kind = Torch::MetaResult::Kind::TensorList;
      for (const at::Tensor &tensor : value.toTensorVector())
        result.tensors.push_back(describe(tensor));
    }
  }
  return results;
}

bool sameResults(const Results &a, const Results &b) {
  return llvm::equal(a, b, [](const Torch::MetaResult &x,
                              const Torch::MetaResult &y) {
    return x.kind == y.kind &&
           llvm::equal(x.tensors, y.tensors,
                       [](const MetaTensor &t, const MetaTensor &u) {
                         return t.scalarType == u.scalarType &&
                                t.sizes == u.sizes;
                       });
  });
}

/// Whether the operator may run on CPU tensors to learn its result types.
bool mayRunOnCpu(const c10::OperatorHandle &handle,
                 ArrayRef<MetaOperand> operands) {
  if (handle.hasTag(at::Tag::dynamic_output_shape) ||
      handle.hasTag(at::Tag::data_dependent_output) ||
      llvm::any_of(handle.schema().arguments(), isDeviceArgument))
    return false;
  return areSmall(operands);
}

class LibTorchMetaKernels : public Torch::MetaKernelInterface {
public:
  using MetaKernelInterface::MetaKernelInterface;

  std::optional<Results> run(StringRef name,
                             ArrayRef<MetaOperand> operands) const override {
    auto [base, overload] = name.split('.');
    std::optional<c10::OperatorHandle> handle =
        c10::Dispatcher::singleton().findSchema({base.str(), overload.str()});
    if (!handle)
      return std::nullopt;
    const c10::FunctionSchema &schema = handle->schema();
    if (schema.is_vararg() || schema.is_varret() ||
        schema.arguments().size() != operands.size())
      return std::nullopt;
    IgnoreWarnings ignore;
    c10::WarningUtils::WarningHandlerGuard warnings(&ignore);
    c10::InferenceMode inferenceMode;
    try {
      return runOnce(*handle, operands, Data::None);
    } catch (const std::exception &) {
      // No meta kernel in C++, or the operands are rejected.
    }
    if (!mayRunOnCpu(*handle, operands))
      return std::nullopt;
    try {
      Results zeros = runOnce(*handle, operands, Data::Zeros);
      if (sameResults(zeros, runOnce(*handle, operands, Data::Ones)) &&
          sameResults(zeros, runOnce(*handle, operands, Data::Iota)))
        return zeros;
    } catch (const std::exception &) {
      // The operator rejects the operands: the shape inference then knows
      // nothing more.
    }
    return std::nullopt;
  }
};
} // namespace

void mlir::torch_onnx::registerMetaKernels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, Torch::TorchDialect *dialect) {
    dialect->addInterfaces<LibTorchMetaKernels>();
  });
}
