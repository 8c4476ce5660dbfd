//===- TorchBase.td - Torch dialect definition -------------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TORCH_BASE
#define TORCH_ONNX_TORCH_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Torch_Dialect : Dialect {
  let name = "torch";
  let cppNamespace = "::mlir::torch_onnx::Torch";
  let summary = "TorchScript programs, spelled as torch-mlir spells them";
  let description = [{
    The `torch` dialect models TorchScript: the object graph of a scripted or
    traced `nn.Module` (`torch.class_type`, `torch.nn_module`), the `prim`
    control-flow and object operations, and the `aten` operators. The aten
    operators are generated from PyTorch's operator registry; any other
    operator is kept as `torch.operator "ns::name.overload"`.

    Types follow torch-mlir's spelling so that its printed IR parses
    unchanged, for example `!torch.vtensor<[1,?,3],f32>` or
    `!torch.list<int>`.
  }];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

class Torch_Op<string mnemonic, list<Trait> traits = []>
    : Op<Torch_Dialect, mnemonic, traits>;

class Torch_OpTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::torch_onnx::Torch::OpTrait";
}

/// No operand or result aliases another value: the schema has no alias
/// annotation.
def HasValueSemantics : Torch_OpTrait<"HasValueSemantics">;
/// The op writes to none of its operands.
def ReadOnly : Torch_OpTrait<"ReadOnly">;
/// The op is the `foo_` in-place form of a value-semantic `foo`.
def IsTrailingUnderscoreInplaceVariant
    : Torch_OpTrait<"IsTrailingUnderscoreInplaceVariant">;
/// The op writes its result into an `out=` operand.
def IsOutVariant : Torch_OpTrait<"IsOutVariant">;

/// Base class of every op generated from the LibTorch operator registry
/// (`aten`, `prims`, `quantized_decomposed`). The assembly form is
/// torch-mlir's:
///   `%r = torch.aten.add.Tensor %a, %b, %alpha : T0, T1, T2 -> R`.
class Torch_RegistryOp<string mnemonic, list<Trait> traits = []>
    : Torch_Op<mnemonic, traits> {
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::torch_onnx::Torch::parseDefaultTorchOp(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::torch_onnx::Torch::printDefaultTorchOp(printer, *this);
    }
  }];
}

/// An op of the `aten` namespace: `torch.aten.<name>[.<overload>]`.
class Torch_AtenOp<string name, list<Trait> traits = []>
    : Torch_RegistryOp<"aten." # name, traits>;

#endif // TORCH_ONNX_TORCH_BASE
