//===- TorchTypes.td - Torch dialect types -----------------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TORCH_TYPES
#define TORCH_ONNX_TORCH_TYPES

include "Torch/TorchBase.td"

class Torch_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Torch_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// Tensor sizes: none when the rank is unknown, so that a 0-d tensor and an
/// unranked one differ.
def Torch_OptionalSizesParameter : AttrOrTypeParameter<
    "::std::optional<::llvm::ArrayRef<int64_t>>",
    "sizes, or none when unranked"> {
  let allocator = [{
    if ($_self.has_value())
      $_dst = $_allocator.copyInto($_self.value());
  }];
}

class Torch_TensorType<string name, string typeMnemonic>
    : Torch_Type<name, typeMnemonic> {
  let parameters = (ins
    Torch_OptionalSizesParameter:$optionalSizes,
    "::mlir::Type":$optionalDtype
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins
      "::std::optional<::llvm::ArrayRef<int64_t>>":$optionalSizes,
      CArg<"::mlir::Type", "::mlir::Type()">:$optionalDtype), [{
      return $_get($_ctxt, optionalSizes, optionalDtype);
    }]>
  ];
}

def Torch_NonValueTensorType : Torch_TensorType<"NonValueTensor", "tensor"> {
  let summary = "torch.Tensor with reference semantics";
  let description = [{
    A tensor that may alias other tensors and be written in place:
    `!torch.tensor`, `!torch.tensor<[2,?],f32>`, `!torch.tensor<*,si64>`.
  }];
  let extraClassDeclaration = [{
    ValueTensorType getWithValueSemantics() const;
  }];
}

def Torch_ValueTensorType : Torch_TensorType<"ValueTensor", "vtensor"> {
  let summary = "torch.Tensor with value semantics";
  let description = [{
    An immutable tensor value: `!torch.vtensor<[1,3,224,224],f32>`. Sizes
    are `?` where unknown; `*` marks an unknown rank and `unk` an unknown
    dtype.
  }];
  let extraClassDeclaration = [{
    NonValueTensorType getWithoutValueSemantics() const;
    /// The builtin tensor type with the same shape and dtype, or null when
    /// the rank or dtype is unknown.
    ::mlir::TensorType toBuiltinTensor() const;
  }];
}

//===----------------------------------------------------------------------===//
// Scalars and other leaf types
//===----------------------------------------------------------------------===//

def Torch_IntType : Torch_Type<"Int", "int"> {
  let summary = "Python int (64-bit)";
}
def Torch_FloatType : Torch_Type<"Float", "float"> {
  let summary = "Python float (64-bit)";
}
def Torch_BoolType : Torch_Type<"Bool", "bool"> {
  let summary = "Python bool";
}
def Torch_StringType : Torch_Type<"String", "str"> {
  let summary = "Python str";
}
def Torch_NoneType : Torch_Type<"None", "none"> {
  let summary = "Python None";
}
def Torch_NumberType : Torch_Type<"Number", "number"> {
  let summary = "int or float (TorchScript Scalar)";
}
def Torch_DeviceType : Torch_Type<"Device", "Device"> {
  let summary = "torch.device";
}
def Torch_GeneratorType : Torch_Type<"Generator", "Generator"> {
  let summary = "torch.Generator";
}
def Torch_AnyType : Torch_Type<"Any", "any"> {
  let summary = "TorchScript Any";
}
def Torch_LinearParamsType : Torch_Type<"LinearParams", "LinearParams"> {
  let summary = "Packed quantized linear parameters";
}

// Quantized dtypes, as torch-mlir spells them: `!torch.vtensor<[4],!torch.qint8>`.
def Torch_QInt8Type : Torch_Type<"QInt8", "qint8"> {
  let summary = "The dtype torch.qint8";
}
def Torch_QUInt8Type : Torch_Type<"QUInt8", "quint8"> {
  let summary = "The dtype torch.quint8";
}
def Torch_QInt16Type : Torch_Type<"QInt16", "qint16"> {
  let summary = "The dtype torch.qint16 (torch-mlir's; PyTorch has none)";
}
def Torch_QInt32Type : Torch_Type<"QInt32", "qint32"> {
  let summary = "The dtype torch.qint32";
}

def Torch_NnModuleType : Torch_Type<"NnModule", "nn.Module"> {
  let summary = "An instance of an nn.Module class";
  let parameters = (ins StringRefParameter<"class name">:$className);
  let assemblyFormat = "`<` $className `>`";
}

//===----------------------------------------------------------------------===//
// Containers
//===----------------------------------------------------------------------===//

def Torch_ListType : Torch_Type<"List", "list"> {
  let summary = "Python list";
  let parameters = (ins "::mlir::Type":$containedType);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$containedType), [{
      return $_get(containedType.getContext(), containedType);
    }]>
  ];
}

def Torch_OptionalType : Torch_Type<"Optional", "optional"> {
  let summary = "Optional[T]";
  let parameters = (ins "::mlir::Type":$containedType);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$containedType), [{
      return $_get(containedType.getContext(), containedType);
    }]>
  ];
}

def Torch_TupleType : Torch_Type<"Tuple", "tuple"> {
  let summary = "Python tuple";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$containedTypes);
  let hasCustomAssemblyFormat = 1;
}

def Torch_UnionType : Torch_Type<"Union", "union"> {
  let summary = "Union[T0, T1, ...]";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$containedTypes);
  let hasCustomAssemblyFormat = 1;
}

def Torch_DictType : Torch_Type<"Dict", "dict"> {
  let summary = "Dict[K, V]";
  let parameters = (ins "::mlir::Type":$keyType, "::mlir::Type":$valueType);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints used by the ops
//===----------------------------------------------------------------------===//

def AnyTorchTensorType : Type<
    CPred<"::llvm::isa<::mlir::torch_onnx::Torch::BaseTensorType>($_self)">,
    "any torch tensor type", "::mlir::torch_onnx::Torch::BaseTensorType">;

def AnyTorchOptionalTensorType
    : AnyTypeOf<[AnyTorchTensorType, Torch_OptionalType, Torch_NoneType],
                "tensor or None">;
def AnyTorchScalarType
    : AnyTypeOf<[Torch_IntType, Torch_FloatType, Torch_BoolType,
                 Torch_NumberType], "Python scalar">;
def AnyTorchOptionalIntType
    : AnyTypeOf<[Torch_IntType, Torch_OptionalType, Torch_NoneType],
                "int or None">;
def AnyTorchOptionalFloatType
    : AnyTypeOf<[Torch_FloatType, Torch_OptionalType, Torch_NoneType],
                "float or None">;
def AnyTorchOptionalBoolType
    : AnyTypeOf<[Torch_BoolType, Torch_OptionalType, Torch_NoneType],
                "bool or None">;
def AnyTorchOptionalStringType
    : AnyTypeOf<[Torch_StringType, Torch_OptionalType, Torch_NoneType],
                "str or None">;
def AnyTorchOptionalScalarType
    : AnyTypeOf<[AnyTorchScalarType, Torch_OptionalType, Torch_NoneType],
                "scalar or None">;
def AnyTorchOptionalDeviceType
    : AnyTypeOf<[Torch_DeviceType, Torch_StringType, Torch_OptionalType,
                 Torch_NoneType], "device or None">;
def AnyTorchOptionalGeneratorType
    : AnyTypeOf<[Torch_GeneratorType, Torch_OptionalType, Torch_NoneType],
                "generator or None">;
def AnyTorchListType : Type<
    CPred<"::llvm::isa<::mlir::torch_onnx::Torch::ListType>($_self)">,
    "any torch list", "::mlir::torch_onnx::Torch::ListType">;
def AnyTorchOptionalListType
    : AnyTypeOf<[AnyTorchListType, Torch_OptionalType, Torch_NoneType],
                "list or None">;

def AnyTorchType : Type<
    CPred<"::mlir::torch_onnx::Torch::isTorchType($_self)">,
    "any torch type">;

#endif // TORCH_ONNX_TORCH_TYPES
