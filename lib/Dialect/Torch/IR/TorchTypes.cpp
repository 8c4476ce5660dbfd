//===- TorchTypes.cpp - Torch dialect types -------------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"
#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

#define GET_TYPEDEF_CLASSES
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.cpp.inc"

//===----------------------------------------------------------------------===//
// Nested types print without the `!torch.` prefix, as in torch-mlir.
//===----------------------------------------------------------------------===//

static Type parseNestedType(AsmParser &parser) {
  StringRef keyword;
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&keyword))) {
    if (parser.parseType(type))
      return Type();
    return type;
  }
  MLIRContext *ctx = parser.getContext();
  return llvm::StringSwitch<function_ref<Type()>>(keyword)
      .Case("vtensor", [&] { return ValueTensorType::parse(parser); })
      .Case("tensor", [&] { return NonValueTensorType::parse(parser); })
      .Case("list", [&] { return ListType::parse(parser); })
      .Case("optional", [&] { return OptionalType::parse(parser); })
      .Case("tuple", [&] { return Torch::TupleType::parse(parser); })
      .Case("union", [&] { return UnionType::parse(parser); })
      .Case("dict", [&] { return DictType::parse(parser); })
      .Case("nn.Module", [&] { return NnModuleType::parse(parser); })
      .Case("int", [&] { return IntType::get(ctx); })
      .Case("float", [&] { return Torch::FloatType::get(ctx); })
      .Case("bool", [&] { return BoolType::get(ctx); })
      .Case("str", [&] { return StringType::get(ctx); })
      .Case("none", [&] { return Torch::NoneType::get(ctx); })
      .Case("number", [&] { return NumberType::get(ctx); })
      .Case("Device", [&] { return DeviceType::get(ctx); })
      .Case("Generator", [&] { return GeneratorType::get(ctx); })
      .Case("any", [&] { return Torch::AnyType::get(ctx); })
      .Case("LinearParams", [&] { return LinearParamsType::get(ctx); })
      .Default([&] {
        parser.emitError(loc, "unknown torch type '") << keyword << "'";
        return Type();
      })();
}

static void printNestedType(AsmPrinter &printer, Type type) {
  if (isa<TorchDialect>(type.getDialect())) {
    (void)generatedTypePrinter(type, printer);
    return;
  }
  printer.printType(type);
}

static ParseResult parseNestedTypeList(AsmParser &parser,
                                       SmallVectorImpl<Type> &types) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  do {
    Type t = parseNestedType(parser);
    if (!t)
      return failure();
    types.push_back(t);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

static void printNestedTypeList(AsmPrinter &printer, ArrayRef<Type> types) {
  printer << "<";
  llvm::interleave(
      types, printer, [&](Type t) { printNestedType(printer, t); }, ", ");
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Tensor types
//===----------------------------------------------------------------------===//

bool mlir::torch_onnx::Torch::isValidTorchDtype(Type type) {
  // The float, float8 and float4 types that torch-mlir's tensors carry.
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
          Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
          Float8E5M2FNUZType, Float8E4M3B11FNUZType, Float8E8M0FNUType,
          Float4E2M1FNType>(type))
    return true;
  if (auto complex = dyn_cast<ComplexType>(type))
    return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(
        complex.getElementType());
  if (isa<QInt8Type, QUInt8Type, QInt16Type, QInt32Type>(type))
    return true;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return integer.isSignless();
    // si4 and ui4 are the packed int4 of torch.export's quantized models.
    if (integer.isSigned() || integer.isUnsigned())
      return llvm::is_contained({4u, 8u, 16u, 32u, 64u}, integer.getWidth());
  }
  return false;
}

static LogicalResult
verifyTensorType(function_ref<InFlightDiagnostic()> emitError,
                 std::optional<ArrayRef<int64_t>> sizes, Type dtype) {
  if (dtype && !isValidTorchDtype(dtype))
    return emitError() << "invalid dtype " << dtype
                       << " for a torch tensor type";
  if (sizes)
    for (int64_t size : *sizes)
      if (size < 0 && size != kUnknownSize)
        return emitError() << "invalid tensor size " << size;
  return success();
}

static Type parseTensorParams(AsmParser &parser, bool valueSemantics) {
  MLIRContext *context = parser.getContext();
  auto build = [&](std::optional<ArrayRef<int64_t>> sizes, Type dtype) -> Type {
    if (valueSemantics)
      return ValueTensorType::get(context, sizes, dtype);
    return NonValueTensorType::get(context, sizes, dtype);
  };
  if (failed(parser.parseOptionalLess()))
    return build(std::nullopt, Type());
  std::optional<SmallVector<int64_t>> sizes;
  if (failed(parser.parseOptionalStar())) {
    if (parser.parseLSquare())
      return Type();
    sizes.emplace();
    if (failed(parser.parseOptionalRSquare())) {
      do {
        if (succeeded(parser.parseOptionalQuestion())) {
          sizes->push_back(kUnknownSize);
          continue;
        }
        int64_t size = 0;
        SMLoc loc = parser.getCurrentLocation();
        if (parser.parseInteger(size))
          return Type();
        if (size == -1) {
          size = kUnknownSize;
        } else if (size < 0) {
          parser.emitError(loc, "invalid tensor size ") << size;
          return Type();
        }
        sizes->push_back(size);
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return Type();
    }
  }
  if (parser.parseComma())
    return Type();
  Type dtype;
  if (failed(parser.parseOptionalKeyword("unk"))) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseType(dtype))
      return Type();
    if (!isValidTorchDtype(dtype)) {
      parser.emitError(loc, "invalid dtype ")
          << dtype << " for a torch tensor type";
      return Type();
    }
  }
  if (parser.parseGreater())
    return Type();
  if (sizes)
    return build(ArrayRef<int64_t>(*sizes), dtype);
  return build(std::nullopt, dtype);
}

static void printTensorParams(AsmPrinter &printer,
                              std::optional<ArrayRef<int64_t>> sizes,
                              Type dtype) {
  if (!sizes && !dtype)
    return;
  printer << "<";
  if (sizes) {
    printer << "[";
    llvm::interleave(
        *sizes, printer,
        [&](int64_t size) {
          if (size == kUnknownSize)
            printer << "?";
          else
            printer << size;
        },
        ",");
    printer << "]";
  } else {
    printer << "*";
  }
  printer << ",";
  if (dtype)
    printer.printType(dtype);
  else
    printer << "unk";
  printer << ">";
}

Type NonValueTensorType::parse(AsmParser &parser) {
  return parseTensorParams(parser, /*valueSemantics=*/false);
}
void NonValueTensorType::print(AsmPrinter &printer) const {
  printTensorParams(printer, getOptionalSizes(), getOptionalDtype());
}
LogicalResult
NonValueTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                           std::optional<ArrayRef<int64_t>> sizes, Type dtype) {
  return verifyTensorType(emitError, sizes, dtype);
}
ValueTensorType NonValueTensorType::getWithValueSemantics() const {
  return ValueTensorType::get(getContext(), getOptionalSizes(),
                              getOptionalDtype());
}

Type ValueTensorType::parse(AsmParser &parser) {
  return parseTensorParams(parser, /*valueSemantics=*/true);
}
void ValueTensorType::print(AsmPrinter &printer) const {
  printTensorParams(printer, getOptionalSizes(), getOptionalDtype());
}
LogicalResult
ValueTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        std::optional<ArrayRef<int64_t>> sizes, Type dtype) {
  return verifyTensorType(emitError, sizes, dtype);
}
NonValueTensorType ValueTensorType::getWithoutValueSemantics() const {
  return NonValueTensorType::get(getContext(), getOptionalSizes(),
                                 getOptionalDtype());
}
TensorType ValueTensorType::toBuiltinTensor() const {
  if (!getOptionalSizes() || !getOptionalDtype())
    return TensorType();
  return RankedTensorType::get(*getOptionalSizes(), getOptionalDtype());
}

bool BaseTensorType::classof(Type type) {
  return isa<ValueTensorType, NonValueTensorType>(type);
}
std::optional<ArrayRef<int64_t>> BaseTensorType::getOptionalSizes() const {
  if (auto t = dyn_cast<ValueTensorType>(*this))
    return t.getOptionalSizes();
  return cast<NonValueTensorType>(*this).getOptionalSizes();
}
Type BaseTensorType::getOptionalDtype() const {
  if (auto t = dyn_cast<ValueTensorType>(*this))
    return t.getOptionalDtype();
  return cast<NonValueTensorType>(*this).getOptionalDtype();
}
bool BaseTensorType::areAllSizesKnown() const {
  return hasSizes() &&
         llvm::none_of(getSizes(), [](int64_t s) { return s == kUnknownSize; });
}
bool BaseTensorType::hasValueSemantics() const {
  return isa<ValueTensorType>(*this);
}
BaseTensorType
BaseTensorType::getWithSizesAndDtype(std::optional<ArrayRef<int64_t>> sizes,
                                     Type dtype) const {
  if (hasValueSemantics())
    return cast<BaseTensorType>(
        ValueTensorType::get(getContext(), sizes, dtype));
  return cast<BaseTensorType>(
      NonValueTensorType::get(getContext(), sizes, dtype));
}

//===----------------------------------------------------------------------===//
// Containers
//===----------------------------------------------------------------------===//

Type ListType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseNestedTypeList(parser, types))
    return Type();
  if (types.size() != 1) {
    parser.emitError(parser.getNameLoc(), "!torch.list takes one type");
    return Type();
  }
  return ListType::get(parser.getContext(), types[0]);
}
void ListType::print(AsmPrinter &printer) const {
  printNestedTypeList(printer, getContainedType());
}

Type OptionalType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseNestedTypeList(parser, types))
    return Type();
  if (types.size() != 1) {
    parser.emitError(parser.getNameLoc(), "!torch.optional takes one type");
    return Type();
  }
  return OptionalType::get(parser.getContext(), types[0]);
}
void OptionalType::print(AsmPrinter &printer) const {
  printNestedTypeList(printer, getContainedType());
}

Type Torch::TupleType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseNestedTypeList(parser, types))
    return Type();
  return Torch::TupleType::get(parser.getContext(), types);
}
void Torch::TupleType::print(AsmPrinter &printer) const {
  printNestedTypeList(printer, getContainedTypes());
}

Type UnionType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseNestedTypeList(parser, types))
    return Type();
  return UnionType::get(parser.getContext(), types);
}
void UnionType::print(AsmPrinter &printer) const {
  printNestedTypeList(printer, getContainedTypes());
}

Type DictType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseNestedTypeList(parser, types))
    return Type();
  if (types.size() != 2) {
    parser.emitError(parser.getNameLoc(),
                     "!torch.dict takes a key and a value type");
    return Type();
  }
  return DictType::get(parser.getContext(), types[0], types[1]);
}
void DictType::print(AsmPrinter &printer) const {
  printNestedTypeList(printer, {getKeyType(), getValueType()});
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool mlir::torch_onnx::Torch::isTorchType(Type type) {
  return isa<TorchDialect>(type.getDialect());
}

bool mlir::torch_onnx::Torch::isValidSubtype(Type sub, Type super) {
  if (sub == super || isa<Torch::AnyType>(super))
    return true;
  if (isa<NumberType>(super))
    return isa<IntType, Torch::FloatType, NumberType>(sub);
  if (auto optional = dyn_cast<OptionalType>(super))
    return isa<Torch::NoneType>(sub) ||
           isValidSubtype(sub, optional.getContainedType()) ||
           (isa<OptionalType>(sub) &&
            isValidSubtype(cast<OptionalType>(sub).getContainedType(),
                           optional.getContainedType()));
  if (auto unionType = dyn_cast<UnionType>(super))
    return llvm::any_of(unionType.getContainedTypes(),
                        [&](Type t) { return isValidSubtype(sub, t); });
  if (auto superTensor = dyn_cast<BaseTensorType>(super)) {
    auto subTensor = dyn_cast<BaseTensorType>(sub);
    if (!subTensor ||
        subTensor.hasValueSemantics() != superTensor.hasValueSemantics())
      return false;
    if (superTensor.hasDtype() &&
        superTensor.getDtype() != subTensor.getOptionalDtype())
      return false;
    return !superTensor.hasSizes() ||
           superTensor.getOptionalSizes() == subTensor.getOptionalSizes();
  }
  if (auto superList = dyn_cast<ListType>(super)) {
    auto subList = dyn_cast<ListType>(sub);
    return subList && isValidSubtype(subList.getContainedType(),
                                     superList.getContainedType());
  }
  if (auto superTuple = dyn_cast<Torch::TupleType>(super)) {
    auto subTuple = dyn_cast<Torch::TupleType>(sub);
    if (!subTuple || subTuple.getContainedTypes().size() !=
                         superTuple.getContainedTypes().size())
      return false;
    return llvm::all_of(
        llvm::zip(subTuple.getContainedTypes(), superTuple.getContainedTypes()),
        [](auto pair) {
          return isValidSubtype(std::get<0>(pair), std::get<1>(pair));
        });
  }
  return false;
}

void TorchDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Example input shapes
//===----------------------------------------------------------------------===//

static Type parseDtype(MLIRContext *ctx, llvm::StringRef text) {
  auto signedInt = [&](unsigned width) -> Type {
    return IntegerType::get(ctx, width, IntegerType::Signed);
  };
  return llvm::StringSwitch<Type>(text)
      .Case("f32", Float32Type::get(ctx))
      .Case("f16", Float16Type::get(ctx))
      .Case("bf16", BFloat16Type::get(ctx))
      .Case("f64", Float64Type::get(ctx))
      .Cases({"si64", "i64"}, signedInt(64))
      .Cases({"si32", "i32"}, signedInt(32))
      .Cases({"si16", "i16"}, signedInt(16))
      .Cases({"si8", "i8"}, signedInt(8))
      .Case("ui8", IntegerType::get(ctx, 8, IntegerType::Unsigned))
      .Cases({"i1", "bool"}, IntegerType::get(ctx, 1))
      .Default(Type());
}

std::optional<InputShape> Torch::parseInputShape(MLIRContext *context,
                                                StringRef text,
                                                std::string &error) {
  SmallVector<llvm::StringRef> parts;
  text.split(parts, 'x');
  InputShape shape;
  shape.dtype = parseDtype(context, parts.back());
  if (!shape.dtype) {
    error = "'" + parts.back().str() +
            "' is not a dtype (expected f32, f16, bf16, f64, si64, si32, "
            "si16, si8, ui8 or i1)";
    return std::nullopt;
  }
  for (llvm::StringRef dim : ArrayRef(parts).drop_back()) {
    if (dim == "?") {
      shape.sizes.push_back(kUnknownSize);
      continue;
    }
    uint64_t size;
    if (dim.getAsInteger(10, size) || size > uint64_t(INT64_MAX)) {
      error = "'" + dim.str() + "' is not a dim (expected a size or '?')";
      return std::nullopt;
    }
    shape.sizes.push_back(static_cast<int64_t>(size));
  }
  return shape;
}
