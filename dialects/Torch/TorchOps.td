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
    (!torch.tensor) -> !torch.tensor`. torch-mlir's ONNX importer writes
    each ONNX node this way, `torch.operator "onnx.Add"`, with the node's
    attributes as `torch.onnx.<name>` and its graph attributes as regions
    ending in `torch.operator_terminator`.
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyTorchType>:$operands);
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region VariadicRegion<AnyRegion>:$regions);
  let assemblyFormat = [{
    $name `(` $operands `)` attr-dict `:` functional-type($operands, $results)
    $regions
  }];
}

def Torch_OperatorTerminatorOp : Torch_Op<"operator_terminator", [
    Pure, Terminator, HasParent<"OperatorOp">]> {
  let summary = "Ends a region of a torch.operator";
  let arguments = (ins Variadic<AnyTorchType>:$operands);
  let assemblyFormat = "$operands attr-dict `:` type($operands)";
}

//===----------------------------------------------------------------------===//
// torch-mlir's type refinement and shape modeling ops
//===----------------------------------------------------------------------===//

def Torch_DerefineOp : Torch_Op<"derefine", [Pure]> {
  let summary = "Casts a value to a supertype of its type";
  let description = [{
    `%o = torch.derefine %i : !torch.int to !torch.optional<int>`: the value
    unchanged, typed as a TorchScript supertype (an Optional, a Union, Any,
    a tensor type with less static information).
  }];
  let arguments = (ins AnyTorchType:$operand);
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` qualified(type($operand)) `to`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Torch_TensorStaticInfoCastOp : Torch_Op<"tensor_static_info_cast", [
    Pure]> {
  let summary = "Adds or drops static shape and dtype information";
  let description = [{
    An identity at run time: `torch.tensor_static_info_cast %t :
    !torch.vtensor<[2,3],f32> to !torch.vtensor<*,f32>`. Both types have the
    same value semantics, and their sizes and dtypes, where known on both
    sides, agree.
  }];
  let arguments = (ins AnyTorchTensorType:$operand);
  let results = (outs AnyTorchTensorType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` qualified(type($operand)) `to`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Torch_RuntimeAssertOp : Torch_Op<"runtime.assert", []> {
  let summary = "Fails at run time when its condition is false";
  let description = [{
    `torch.runtime.assert %cond, "message"`: what `torch._assert` and the
    FX importer's shape guards become. ONNX has no assert; the lowering
    drops it.
  }];
  let arguments = (ins Torch_BoolType:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict";
}

def Torch_SymbolicIntOp : Torch_Op<"symbolic_int", [Pure]> {
  let summary = "A symbol of a dynamic size, as torch.export names it";
  let description = [{
    `%s0 = torch.symbolic_int "s0" {min_val = 2, max_val = 1024} :
    !torch.int`, which `torch.bind_symbolic_shape` refers to.
  }];
  let arguments = (ins StrAttr:$symbol_name, I64Attr:$min_val,
                   I64Attr:$max_val);
  let results = (outs Torch_IntType:$result);
  let assemblyFormat = [{
    $symbol_name ` ` `{` `min_val` `=` $min_val `,` `max_val` `=` $max_val `}`
    attr-dict `:` type($result)
  }];
}

def Torch_BindSymbolicShapeOp : Torch_Op<"bind_symbolic_shape", []> {
  let summary = "States a tensor's sizes in terms of size symbols";
  let description = [{
    `torch.bind_symbolic_shape %x, [%s0], affine_map<()[s0] -> (s0, 3)> :
    !torch.vtensor<[?,3],f32>`: the FX importer's record of a dynamic
    shape. It computes nothing; the lowering drops it.
  }];
  let arguments = (ins Torch_ValueTensorType:$operand,
                   Variadic<Torch_IntType>:$shape_symbols,
                   AffineMapAttr:$shape_expressions);
  let assemblyFormat = [{
    $operand `,` `[` $shape_symbols `]` `,` $shape_expressions attr-dict `:`
    qualified(type($operand))
  }];
}

def Torch_PromoteDtypesOp : Torch_Op<"promote_dtypes", [Pure]> {
  let summary = "PyTorch's promotion of dtypes, for dtype functions";
  let arguments = (ins AnyTorchListType:$ranks, AnyTorchListType:$dtypes);
  let results = (outs Torch_IntType:$result);
  let assemblyFormat =
      "$ranks `,` $dtypes attr-dict `:` functional-type(operands, results)";
}

class Torch_CalculateOp<string kind, string calculationKeyword>
    : Torch_Op<kind # ".calculate", [RecursiveMemoryEffects]> {
  let description = [{
    Computes the results of its `body` region; a second region computes
    their }] # kind # [{s, for torch-mlir's refinement passes. Only the body
    runs: the lowering inlines it and drops the other region.
  }];
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region SizedRegion<1>:$body, SizedRegion<1>:$calculation);
  let assemblyFormat = "$body `" # calculationKeyword #
                       "` $calculation attr-dict `:` type($results)";
}

class Torch_CalculateYieldOp<string mnemonic, string parent>
    : Torch_Op<mnemonic, [Pure, Terminator, HasParent<parent>]> {
  let arguments = (ins Variadic<AnyTorchType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def Torch_ShapeCalculateOp : Torch_CalculateOp<"shape", "shapes"> {
  let summary = "Values with a region that computes their shapes";
}
def Torch_ShapeCalculateYieldOp
    : Torch_CalculateYieldOp<"shape.calculate.yield", "ShapeCalculateOp"> {
  let summary = "Ends the body of a torch.shape.calculate";
}
def Torch_ShapeCalculateYieldShapesOp
    : Torch_CalculateYieldOp<"shape.calculate.yield.shapes",
                             "ShapeCalculateOp"> {
  let summary = "Ends the shape region of a torch.shape.calculate";
}
def Torch_DtypeCalculateOp : Torch_CalculateOp<"dtype", "dtypes"> {
  let summary = "Values with a region that computes their dtypes";
}
def Torch_DtypeCalculateYieldOp
    : Torch_CalculateYieldOp<"dtype.calculate.yield", "DtypeCalculateOp"> {
  let summary = "Ends the body of a torch.dtype.calculate";
}
def Torch_DtypeCalculateYieldDtypesOp
    : Torch_CalculateYieldOp<"dtype.calculate.yield.dtypes",
                             "DtypeCalculateOp"> {
  let summary = "Ends the dtype region of a torch.dtype.calculate";
}

def Torch_OnnxRotaryEmbeddingOp
    : Torch_RegistryOp<"onnx.rotary_embedding", [HasValueSemantics, ReadOnly]> {
  let summary = "torch-mlir's form of ONNX's com.microsoft RotaryEmbedding";
  let arguments = (ins AnyTorchTensorType:$input,
                   AnyTorchTensorType:$position_ids,
                   AnyTorchTensorType:$cos_cache,
                   AnyTorchTensorType:$sin_cache, Torch_IntType:$interleaved,
                   Torch_IntType:$is_packed_batching,
                   Torch_IntType:$num_heads,
                   Torch_IntType:$rotary_embedding_dim,
                   Torch_FloatType:$scale);
  let results = (outs AnyTorchTensorType:$result);
}

#endif // TORCH_ONNX_TORCH_OPS
