//===- TorchOps.td - Hand-written Torch dialect ops --------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TORCH_OPS
#define TORCH_ONNX_TORCH_OPS

include "Torch/TorchTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

class Torch_ConstantOp<string mnemonic, Attr attrType, Type resultType,
                       string cppValueType = "", string makeAttr = "">
    : Torch_Op<"constant." # mnemonic,
               [ConstantLike, Pure,
                DeclareOpInterfaceMethods<OpAsmOpInterface,
                                          ["getAsmResultNames"]>]> {
  let arguments = (ins attrType:$value);
  let results = (outs resultType:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let builders = !if(!empty(cppValueType), [], [
    OpBuilder<(ins cppValueType:$value), [{
      build($_builder, $_state, $_builder.getType<}] # resultType.cppType #
      [{>(), }] # makeAttr # [{);
    }]>
  ]);
}

def Torch_ConstantIntOp : Torch_ConstantOp<"int", I64Attr, Torch_IntType, "int64_t",
                                           "$_builder.getI64IntegerAttr(value)"> {
  let summary = "A Python int constant";
}
def Torch_ConstantFloatOp : Torch_ConstantOp<"float", F64Attr, Torch_FloatType,
                                               "double",
                                               "$_builder.getF64FloatAttr(value)"> {
  let summary = "A Python float constant";
}
def Torch_ConstantBoolOp : Torch_ConstantOp<"bool", BoolAttr, Torch_BoolType, "bool",
                                             "$_builder.getBoolAttr(value)"> {
  let summary = "A Python bool constant";
}
def Torch_ConstantStrOp : Torch_ConstantOp<"str", StrAttr, Torch_StringType,
                                            "::llvm::StringRef",
                                            "$_builder.getStringAttr(value)"> {
  let summary = "A Python str constant";
}
def Torch_ConstantDeviceOp
    : Torch_ConstantOp<"device", StrAttr, Torch_DeviceType,
                       "::llvm::StringRef", "$_builder.getStringAttr(value)"> {
  let summary = "A torch.device constant, such as \"cpu\"";
}
def Torch_ConstantNumberOp
    : Torch_ConstantOp<"number", AnyAttrOf<[F64Attr, I64Attr]>,
                       Torch_NumberType> {
  let summary = "A Scalar constant holding an int or a float";
}

def Torch_ConstantNoneOp : Torch_Op<"constant.none",
    [ConstantLike, Pure]> {
  let summary = "The Python None constant";
  let results = (outs Torch_NoneType:$result);
  let assemblyFormat = "attr-dict";
  let hasFolder = 1;
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, $_builder.getType<::mlir::torch_onnx::Torch::NoneType>());
  }]>];
}

class Torch_TensorLiteralOp<string mnemonic, Type resultType>
    : Torch_Op<mnemonic, [ConstantLike, Pure]> {
  let arguments = (ins ElementsAttr:$value);
  let results = (outs resultType:$result);
  let assemblyFormat = "`(` $value `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Torch_ValueTensorLiteralOp
    : Torch_TensorLiteralOp<"vtensor.literal", Torch_ValueTensorType> {
  let summary = "A tensor constant with value semantics";
  let description = [{
    `%w = torch.vtensor.literal(dense_resource<conv.weight> : tensor<8x3x3x3xf32>) : !torch.vtensor<[8,3,3,3],f32>`.
    The attribute's shape and element type must match the result type.
  }];
}

def Torch_NonValueTensorLiteralOp
    : Torch_TensorLiteralOp<"tensor.literal", Torch_NonValueTensorType> {
  let summary = "A tensor constant with reference semantics";
}

//===----------------------------------------------------------------------===//
// Object graph
//===----------------------------------------------------------------------===//

def Torch_ClassTypeOp : Torch_Op<"class_type", [
    Symbol, SingleBlock, NoTerminator, IsolatedFromAbove,
    NoRegionArguments]> {
  let summary = "A TorchScript class: its attributes and methods";
  let description = [{
    ```mlir
    torch.class_type @__torch__.M {
      torch.attr "weight" : !torch.tensor
      torch.attr private "count" : !torch.int
      torch.method "forward", @__torch__.M.forward
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name $body attr-dict";
  let hasVerifier = 1;
}

def Torch_AttrOp : Torch_Op<"attr", [HasParent<"ClassTypeOp">]> {
  let summary = "An attribute of a class_type";
  let arguments = (ins UnitAttr:$isPrivate, StrAttr:$name, TypeAttr:$type);
  let assemblyFormat = "(`private` $isPrivate^)? $name `:` $type attr-dict";
}

def Torch_MethodOp : Torch_Op<"method", [HasParent<"ClassTypeOp">]> {
  let summary = "A method of a class_type, naming its func.func";
  let arguments = (ins UnitAttr:$isPrivate, StrAttr:$name,
                   FlatSymbolRefAttr:$function);
  let assemblyFormat = "(`private` $isPrivate^)? $name `,` $function attr-dict";
}

def Torch_NnModuleOp : Torch_Op<"nn_module", [
    SingleBlock, NoTerminator, NoRegionArguments]> {
  let summary = "An instance of a class_type, with one slot per attribute";
  let description = [{
    ```mlir
    %m = torch.nn_module {
      torch.slot "weight", %w : !torch.tensor
    } : !torch.nn.Module<"__torch__.M">
    ```
  }];
  let results = (outs Torch_NnModuleType:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::StringRef getClassName() {
      return getType().getClassName();
    }
  }];
}

def Torch_SlotOp : Torch_Op<"slot", [HasParent<"NnModuleOp">]> {
  let summary = "The value of one attribute of an nn_module";
  let arguments = (ins StrAttr:$name, AnyTorchType:$value);
  let assemblyFormat = "$name `,` $value attr-dict `:` qualified(type($value))";
}

//===----------------------------------------------------------------------===//
// prim ops
//===----------------------------------------------------------------------===//

def Torch_PrimListConstructOp : Torch_Op<"prim.ListConstruct", [Pure]> {
  let summary = "Builds a list from its elements";
  let arguments = (ins Variadic<AnyTorchType>:$elements);
  let results = (outs AnyTorchListType:$result);
  let assemblyFormat =
      "$elements attr-dict `:` functional-type($elements, $result)";
  let hasVerifier = 1;
}

def Torch_PrimListUnpackOp : Torch_Op<"prim.ListUnpack", [Pure]> {
  let summary = "Splits a list of known length into its elements";
  let arguments = (ins AnyTorchListType:$operand);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat =
      "$operand attr-dict `:` qualified(type($operand)) `->` type($results)";
}

def Torch_PrimTupleConstructOp : Torch_Op<"prim.TupleConstruct", [Pure]> {
  let summary = "Builds a tuple from its elements";
  let arguments = (ins Variadic<AnyTorchType>:$elements);
  let results = (outs Torch_TupleType:$result);
  let assemblyFormat =
      "$elements attr-dict `:` type($elements) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Torch_PrimTupleUnpackOp : Torch_Op<"prim.TupleUnpack", [Pure]> {
  let summary = "Splits a tuple into its elements";
  let arguments = (ins Torch_TupleType:$operand);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat =
      "$operand attr-dict `:` qualified(type($operand)) `->` type($results)";
  let hasVerifier = 1;
}

def Torch_PrimTupleIndexOp : Torch_Op<"prim.TupleIndex", [Pure]> {
  let summary = "One element of a tuple";
  let arguments = (ins Torch_TupleType:$tuple, Torch_IntType:$index);
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = "$tuple `,` $index attr-dict `:` qualified(type($tuple))"
                       " `,` qualified(type($index)) `->` type($result)";
}

def Torch_PrimIfOp : Torch_Op<"prim.If", [
    RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "TorchScript if/else";
  let description = [{
    ```mlir
    %r = torch.prim.If %cond -> (!torch.int) {
      torch.prim.If.yield %a : !torch.int
    } else {
      torch.prim.If.yield %b : !torch.int
    }
    ```
  }];
  let arguments = (ins Torch_BoolType:$condition);
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, SizedRegion<1>:$elseRegion);
  let assemblyFormat = "$condition (`->` `(` type($results)^ `)`)? $thenRegion "
                       "`else` $elseRegion attr-dict";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Torch_PrimIfYieldOp : Torch_Op<"prim.If.yield", [
    Pure, Terminator, HasParent<"PrimIfOp">]> {
  let summary = "Yields the results of a prim.If branch";
  let arguments = (ins Variadic<AnyTorchType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def Torch_PrimLoopOp : Torch_Op<"prim.Loop", [RecursiveMemoryEffects]> {
  let summary = "TorchScript for and while loops";
  let description = [{
    Runs the body while the condition holds and fewer than `maxTripCount`
    iterations ran. The body takes the iteration number and the loop-carried
    values, and ends in `torch.prim.Loop.condition`.

    ```mlir
    %r = torch.prim.Loop %n, %true, init(%x) {
    ^bb0(%i: !torch.int, %acc: !torch.int):
      %next = torch.aten.add.int %acc, %i : !torch.int, !torch.int -> !torch.int
      torch.prim.Loop.condition %true, iter(%next : !torch.int)
    } : (!torch.int, !torch.bool, !torch.int) -> !torch.int
    ```
  }];
  let arguments = (ins Torch_IntType:$maxTripCount,
                   Torch_BoolType:$initialCondition,
                   Variadic<AnyTorchType>:$iterArgsInit);
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    $maxTripCount `,` $initialCondition `,` `init` `(` $iterArgsInit `)`
    $region attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True for a TorchScript `for` loop: the condition is always true.
    bool isForLike();
  }];
}

def Torch_PrimLoopConditionOp : Torch_Op<"prim.Loop.condition", [
    Pure, Terminator, HasParent<"PrimLoopOp">]> {
  let summary = "Continues or ends a prim.Loop";
  let arguments = (ins Torch_BoolType:$shouldContinue,
                   Variadic<AnyTorchType>:$iterArgs);
  let assemblyFormat = [{
    $shouldContinue `,` `iter` `(` ($iterArgs^ `:` type($iterArgs))? `)`
    attr-dict
  }];
}

def Torch_PrimGetAttrOp : Torch_Op<"prim.GetAttr", []> {
  let summary = "Reads an attribute of a module";
  let arguments = (ins Torch_NnModuleType:$receiver, StrAttr:$name);
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = [{
    $receiver `[` $name `]` attr-dict `:` qualified(type($receiver)) `->`
    type($result)
  }];
}

def Torch_PrimSetAttrOp : Torch_Op<"prim.SetAttr", []> {
  let summary = "Writes an attribute of a module";
  let arguments = (ins Torch_NnModuleType:$receiver, StrAttr:$name,
                   AnyTorchType:$value);
  let assemblyFormat = [{
    $receiver `[` $name `]` `=` $value attr-dict `:`
    qualified(type($receiver)) `,` type($value)
  }];
}

def Torch_PrimCallMethodOp : Torch_Op<"prim.CallMethod", []> {
  let summary = "Calls a method of a module";
  let arguments = (ins Torch_NnModuleType:$receiver, StrAttr:$name,
                   Variadic<AnyTorchType>:$methodOperands);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat = [{
    $receiver `[` $name `]` `(` $methodOperands `)` attr-dict `:`
    qualified(type($receiver)) `,` functional-type($methodOperands, $results)
  }];
}

def Torch_PrimCallFunctionOp : Torch_Op<"prim.CallFunction", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls a free TorchScript function";
  let arguments = (ins FlatSymbolRefAttr:$callee,
                   Variadic<AnyTorchType>:$callOperands);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat = [{
    $callee `(` $callOperands `)` attr-dict `:`
    functional-type($callOperands, $results)
  }];
}

def Torch_PrimNumToTensorScalarOp
    : Torch_Op<"prim.NumToTensor.Scalar", [Pure]> {
  let summary = "Wraps a scalar in a 0-d tensor";
  let arguments = (ins AnyTorchScalarType:$a);
  let results = (outs AnyTorchTensorType:$result);
  let assemblyFormat =
      "$a attr-dict `:` qualified(type($a)) `->` qualified(type($result))";
}

def Torch_PrimDeviceOp : Torch_Op<"prim.device", [Pure]> {
  let summary = "The device of a tensor";
  let arguments = (ins AnyTorchTensorType:$a);
  let results = (outs Torch_DeviceType:$result);
  let assemblyFormat =
      "$a attr-dict `:` qualified(type($a)) `->` qualified(type($result))";
}

def Torch_PrimDtypeOp : Torch_Op<"prim.dtype", [Pure]> {
  let summary = "The dtype of a tensor, as a ScalarType int";
  let arguments = (ins AnyTorchTensorType:$a);
  let results = (outs Torch_IntType:$result);
  let assemblyFormat =
      "$a attr-dict `:` qualified(type($a)) `->` qualified(type($result))";
}

def Torch_PrimUninitializedOp : Torch_Op<"prim.Uninitialized", [Pure]> {
  let summary = "A placeholder for a value on a path that raises";
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Torch_PrimRaiseExceptionOp : Torch_Op<"prim.RaiseException", []> {
  let summary = "Raises a Python exception";
  let arguments = (ins Torch_StringType:$msg,
                   AnyTypeOf<[Torch_StringType, Torch_NoneType]>:$cls);
  let assemblyFormat = "$msg `,` $cls attr-dict `:` type($msg) `,` type($cls)";
}

//===----------------------------------------------------------------------===//
// Value semantics
//===----------------------------------------------------------------------===//

def Torch_CopyToValueTensorOp : Torch_Op<"copy.to_vtensor", [
    TypesMatchWith<"operand is the reference form of the result", "result",
                   "operand",
                   "::llvm::cast<::mlir::torch_onnx::Torch::ValueTensorType>($_self).getWithoutValueSemantics()">]> {
  let summary = "Snapshots a tensor into a value tensor";
  let arguments = (ins Torch_NonValueTensorType:$operand);
  let results = (outs Torch_ValueTensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Torch_CopyToNonValueTensorOp : Torch_Op<"copy.to_tensor", [
    TypesMatchWith<"operand is the value form of the result", "result",
                   "operand",
                   "::llvm::cast<::mlir::torch_onnx::Torch::NonValueTensorType>($_self).getWithValueSemantics()">]> {
  let summary = "Makes a fresh tensor holding a value tensor";
  let arguments = (ins Torch_ValueTensorType:$operand);
  let results = (outs Torch_NonValueTensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Torch_OverwriteTensorContentsOp
    : Torch_Op<"overwrite.tensor.contents", []> {
  let summary = "Overwrites the contents of a tensor with a value";
  let arguments = (ins Torch_ValueTensorType:$value,
                   Torch_NonValueTensorType:$overwritten);
  let assemblyFormat = [{
    $value `overwrites` $overwritten attr-dict `:` qualified(type($value))
    `,` qualified(type($overwritten))
  }];
}

//===----------------------------------------------------------------------===//
// Operators without a generated op
//===----------------------------------------------------------------------===//

def Torch_OperatorOp : Torch_Op<"operator", []> {
  let summary = "An operator that has no op of its own";
  let description = [{
    Keeps any TorchScript node whose kind has no generated op, by its
    qualified name and overload: `torch.operator "aten::foo.bar"(%x) :
    (!torch.tensor) -> !torch.tensor`.
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyTorchType>:$operands);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat = [{
    $name `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
}

#endif // TORCH_ONNX_TORCH_OPS
