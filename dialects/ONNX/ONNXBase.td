//===- ONNXBase.td - ONNX dialect definition ---------------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_ONNX_BASE
#define TORCH_ONNX_ONNX_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "ONNX/ONNXInterfaces.td"

def ONNX_Dialect : Dialect {
  let name = "onnx";
  let cppNamespace = "::mlir::torch_onnx::ONNX";
  let summary = "ONNX graphs, one op per ONNX operator";
  let description = [{
    The `onnx` dialect holds an ONNX model: a graph is a `func.func`, each
    node an op named after its operator (`onnx.Conv` for `Conv`). The ops of
    the default domain are generated from libonnx's schema registry; ops of
    other domains are `onnx.Custom`. Operands, results and attributes keep
    the schema's names, and every op prints in MLIR's generic form.

    Tensors are builtin tensors with signless integer element types (`i64`),
    `ui8` for unsigned ones and `i1` for bool. A missing optional input is a
    `none` value from `onnx.NoValue`, a missing optional output has type
    `none`. A GRAPH attribute is a region ending in `onnx.Yield`.

    Each generated op is checked against the schema of the module's target
    opset, taken from the module attribute `onnx.opset_import`, a dictionary
    from domain to version, 17 when absent. The default domain is spelled
    `ai.onnx` there, since a dictionary key cannot be empty:

    ```mlir
    module attributes {onnx.opset_import = {ai.onnx = 17 : i64,
                                            "com.microsoft" = 1 : i64}}
    ```
  }];
  // Attributes stay in the op's attribute dictionary, as the emitter writes
  // them; an attribute of the wrong kind is reported, never dropped.
  let usePropertiesForAttributes = 0;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class ONNX_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<ONNX_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def ONNX_SeqType : ONNX_Type<"Seq", "seq"> {
  let summary = "ONNX sequence";
  let description = [{
    An ONNX `seq(T)`: a sequence of values of type `T`, for example
    `!onnx.seq<tensor<*xf32>>`.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def ONNX_OptType : ONNX_Type<"Opt", "opt"> {
  let summary = "ONNX optional";
  let description = [{
    An ONNX `optional(T)`: a value of type `T` or nothing, for example
    `!onnx.opt<tensor<?xi64>>`.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def ONNX_StringType : ONNX_Type<"String", "string"> {
  let summary = "ONNX string element";
  let description = [{
    The element type of an ONNX `tensor(string)`, for example
    `tensor<2x!onnx.string>`; constants of it are `dense<["a", "b"]>`.
  }];
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

class ONNX_Op<string mnemonic, list<Trait> traits = []>
    : Op<ONNX_Dialect, mnemonic, traits>;

/// Checks an op against the libonnx schema of the module's target opset:
/// that the op exists there, its input and output counts, its attributes
/// and the element types of its operands and results.
def ONNX_SchemaVerified : NativeOpTrait<"SchemaVerified"> {
  let cppNamespace = "::mlir::torch_onnx::ONNX::OpTrait";
}

/// Base class of every op generated from libonnx's schema registry.
class ONNX_SchemaOp<string name, list<Trait> traits = []>
    : ONNX_Op<name, traits # [ONNX_SchemaVerified]>;

#endif // TORCH_ONNX_ONNX_BASE
