//===- TorchTraits.h - Traits of Torch dialect ops --------------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_IR_TORCHTRAITS_H
#define TORCH_ONNX_DIALECT_TORCH_IR_TORCHTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::torch_onnx::Torch::OpTrait {

/// No operand or result of the op aliases another value.
template <typename ConcreteType>
class HasValueSemantics
    : public ::mlir::OpTrait::TraitBase<ConcreteType, HasValueSemantics> {};

/// The op writes to none of its operands.
template <typename ConcreteType>
class ReadOnly : public ::mlir::OpTrait::TraitBase<ConcreteType, ReadOnly> {};

/// The op is the in-place `foo_` form of a value-semantic `foo`.
template <typename ConcreteType>
class IsTrailingUnderscoreInplaceVariant
    : public ::mlir::OpTrait::TraitBase<ConcreteType,
                                        IsTrailingUnderscoreInplaceVariant> {};

/// The op writes its result into an `out=` operand.
template <typename ConcreteType>
class IsOutVariant
    : public ::mlir::OpTrait::TraitBase<ConcreteType, IsOutVariant> {};

} // namespace mlir::torch_onnx::Torch::OpTrait

#endif // TORCH_ONNX_DIALECT_TORCH_IR_TORCHTRAITS_H
