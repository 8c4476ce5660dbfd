//===- Linear.cpp - Linear layers, matrix products, convolutions to ONNX --===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// linear becomes one Gemm (transB=1) on 2-D inputs, Reshape + Gemm + Reshape
// above (the output shape read from the input's when its leading dims are
// dynamic), and MatMul + Add when the last dim is dynamic;
// addmm becomes Gemm; the other matrix products MatMul, einsum and
// bilinear Einsum, addr an outer product by broadcasting, linalg_det
// and logdet Det, and stft STFT.
// Every convolution
// form becomes Conv or ConvTranspose with explicit pads; weights stay the
// initializers they were, so that the ONNX cleanups can fuse them.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/DenseMap.h"

#include <cctype>
#include <cmath>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The value of constant Torch number `scalar`.
std::optional<double> getFactor(Value scalar) {
  return Torch::matchConstantFloat(scalar);
}

//===----------------------------------------------------------------------===//
// Linear layers and matrix products
//===----------------------------------------------------------------------===//

/// linear(input, weight, bias).
struct ConvertLinear : public ONNXConversionPattern<Torch::AtenLinearOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLinearOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> inputRank = getRank(adaptor.getInput());
    std::optional<int64_t> weightRank = getRank(adaptor.getWeight());
    if (!type || !inputRank || weightRank != 2)
      return rewriter.notifyMatchFailure(op, "unsupported operand types");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value input = b.cast(adaptor.getInput(), elementType);
    Value weight = b.cast(adaptor.getWeight(), elementType);
    bool hasBias = !isNone(op.getBias());
    Value bias = hasBias ? b.cast(adaptor.getBias(), elementType) : Value();

    if (*inputRank == 2) {
      rewriter.replaceOp(
          op, b.create<ONNX::GemmOp>(type,
                                     {input, weight, hasBias ? bias : b.none()},
                                     {b.intAttr("transB", 1)}));
      return success();
    }
    // With static shapes, the input is flattened to 2-D so that Gemm reads
    // the weight as stored (transB) rather than a transposed copy that
    // folding would make at compile time.
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    auto resultType = dyn_cast<RankedTensorType>(type);
    if (inputType && inputType.hasStaticShape() && resultType &&
        resultType.hasStaticShape() && *inputRank > 2) {
      int64_t columns = inputType.getShape().back();
      int64_t rows = inputType.getNumElements() / std::max<int64_t>(columns, 1);
      auto flatType = RankedTensorType::get({rows, columns}, elementType);
      auto productType = RankedTensorType::get(
          {rows, resultType.getShape().back()}, elementType);
      Value flat = b.reshape(input, flatType.getShape(), flatType);
      Value product = b.create<ONNX::GemmOp>(
          productType, {flat, weight, hasBias ? bias : b.none()},
          {b.intAttr("transB", 1)});
      rewriter.replaceOp(op,
                         b.reshape(product, resultType.getShape(), resultType));
      return success();
    }
    // With dynamic leading dims, the same with the input's leading dims
    // read at run time: a transposed weight would be a copy of it.
    if (inputType && resultType && *inputRank > 2 &&
        !inputType.isDynamicDim(*inputRank - 1) &&
        !resultType.isDynamicDim(*inputRank - 1)) {
      int64_t columns = inputType.getShape().back();
      int64_t outputs = resultType.getShape().back();
      Type i64 = rewriter.getI64Type();
      Value flat = b.reshape(
          input, {-1, columns},
          RankedTensorType::get({ShapedType::kDynamic, columns}, elementType));
      Value product = b.create<ONNX::GemmOp>(
          RankedTensorType::get({ShapedType::kDynamic, outputs}, elementType),
          {flat, weight, hasBias ? bias : b.none()}, {b.intAttr("transB", 1)});
      Value leading = b.create<ONNX::SliceOp>(
          RankedTensorType::get({*inputRank - 1}, i64),
          {b.shapeOf(input), b.i64Tensor({0}), b.i64Tensor({*inputRank - 1}),
           b.i64Tensor({0}), b.none()});
      Value shape = b.concatSizes({leading, b.i64Tensor({outputs})});
      rewriter.replaceOp(op, b.create<ONNX::ReshapeOp>(type, {product, shape}));
      return success();
    }
    Value transposed = b.transpose(weight, {1, 0});
    Value result = b.create<ONNX::MatMulOp>(type, {input, transposed});
    if (hasBias)
      result = b.create<ONNX::AddOp>(type, {result, bias});
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// mm, bmm, matmul, mv, dot: MatMul.
template <typename OpTy>
struct ConvertMatMul : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    Value lhs = b.cast(adaptor.getOperands()[0], type.getElementType());
    Value rhs = b.cast(adaptor.getOperands()[1], type.getElementType());
    rewriter.replaceOp(op, b.create<ONNX::MatMulOp>(type, {lhs, rhs}));
    return success();
  }
};

/// outer(self, vec2) of two vectors: self as a column times vec2 as a row.
struct ConvertOuter : public ONNXConversionPattern<Torch::AtenOuterOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenOuterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    if (!type || type.getRank() != 2 || getRank(adaptor.getSelf()) != 1 ||
        getRank(adaptor.getVec2()) != 1)
      return rewriter.notifyMatchFailure(op, "operands that are not vectors");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value column = b.unsqueeze(b.cast(adaptor.getSelf(), elementType), {1});
    Value row = b.unsqueeze(b.cast(adaptor.getVec2(), elementType), {0});
    // Bools multiply as And.
    if (isBoolType(elementType))
      rewriter.replaceOp(op, b.create<ONNX::AndOp>(type, {column, row}));
    else
      rewriter.replaceOp(op, b.create<ONNX::MulOp>(type, {column, row}));
    return success();
  }
};

/// addmm(self, mat1, mat2, beta, alpha): Gemm.
struct ConvertAddmm : public ONNXConversionPattern<Torch::AtenAddmmOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenAddmmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<double> beta = getFactor(op.getBeta());
    std::optional<double> alpha = getFactor(op.getAlpha());
    if (!type || !beta || !alpha)
      return rewriter.notifyMatchFailure(op, "non-constant beta or alpha");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    SmallVector<NamedAttribute> attrs;
    if (*alpha != 1.0)
      attrs.push_back(b.floatAttr("alpha", *alpha));
    if (*beta != 1.0)
      attrs.push_back(b.floatAttr("beta", *beta));
    rewriter.replaceOp(
        op,
        b.create<ONNX::GemmOp>(
            type,
            {b.cast(adaptor.getMat1(), elementType),
             b.cast(adaptor.getMat2(), elementType),
             *beta == 0.0 ? b.none() : b.cast(adaptor.getSelf(), elementType)},
            attrs));
    return success();
  }
};

/// baddbmm, addmv and addbmm: `beta * self + alpha * (a @ b)`, the product
/// summed over the batch for addbmm.
template <typename OpTy>
struct ConvertScaledMatMulAdd : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    std::optional<double> beta = getFactor(op.getBeta());
    std::optional<double> alpha = getFactor(op.getAlpha());
    if (!type || !beta || !alpha)
      return rewriter.notifyMatchFailure(op, "non-constant beta or alpha");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value lhs = b.cast(adaptor.getOperands()[1], elementType);
    Value rhs = b.cast(adaptor.getOperands()[2], elementType);
    Value product;
    if constexpr (std::is_same_v<OpTy, Torch::AtenAddbmmOp>) {
      std::optional<SmallVector<int64_t>> lhsShape = getShape(lhs);
      std::optional<SmallVector<int64_t>> rhsShape = getShape(rhs);
      if (!lhsShape || !rhsShape || lhsShape->size() != 3 ||
          rhsShape->size() != 3)
        return rewriter.notifyMatchFailure(op, "unranked batches");
      auto batchType = RankedTensorType::get(
          {(*lhsShape)[0], (*lhsShape)[1], (*rhsShape)[2]}, elementType);
      product = b.reduce<ONNX::ReduceSumOp>(
          b.create<ONNX::MatMulOp>(batchType, {lhs, rhs}), {0}, false);
    } else {
      product = b.create<ONNX::MatMulOp>(type, {lhs, rhs});
    }
    if (*alpha != 1.0)
      product =
          b.create<ONNX::MulOp>(type, {product, b.scalar(elementType, *alpha)});
    if (*beta != 0.0) {
      Value self = b.cast(adaptor.getSelf(), elementType);
      if (*beta != 1.0)
        self = b.binary<ONNX::MulOp>(self, b.scalar(elementType, *beta));
      product = b.create<ONNX::AddOp>(type, {product, self});
    }
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// Det of the batched square matrices `input` (float), of result type
/// `type`; matrices of size 0 have determinant 1.
FailureOr<Value> createDeterminant(ONNXBuilder &b, RankedTensorType type,
                                   Value input) {
  std::optional<SmallVector<int64_t>> shape = getShape(input);
  if (!shape || shape->size() < 2 || !isFloatType(type.getElementType()))
    return failure();
  if (shape->back() == 0) {
    if (!type.hasStaticShape())
      return failure();
    return b.splat(type, 1.0);
  }
  return b.create<ONNX::DetOp>(type, b.cast(input, type.getElementType()));
}

/// linalg_det: Det.
struct ConvertLinalgDet : public ONNXConversionPattern<Torch::AtenLinalgDetOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLinalgDetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<Value> det = createDeterminant(b, type, adaptor.getA());
    if (failed(det))
      return rewriter.notifyMatchFailure(op, "unsupported operand");
    rewriter.replaceOp(op, *det);
    return success();
  }
};

/// `aten::logdet(self)`, which has no generated op: Log of Det, NaN for a
/// negative determinant and -inf for a zero one, as in PyTorch.
struct ConvertLogdet : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::logdet")
      return failure();
    if (op->getNumOperands() != 1 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult(0));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<Value> det =
        createDeterminant(b, type, adaptor.getOperands()[0]);
    if (failed(det))
      return rewriter.notifyMatchFailure(op, "unsupported operand");
    rewriter.replaceOp(op, b.unary<ONNX::LogOp>(*det));
    return success();
  }
};

/// `aten::addr(self, vec1, vec2, beta, alpha)`, which has no generated op:
/// beta * self + alpha * the outer product of vec1 and vec2. With beta 0
/// self is not read, so its NaNs do not propagate, as in PyTorch.
struct ConvertAddr : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::addr")
      return failure();
    if (op->getNumOperands() != 5 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult(0));
    std::optional<double> beta = getFactor(op->getOperand(3));
    std::optional<double> alpha = getFactor(op->getOperand(4));
    ValueRange operands = adaptor.getOperands();
    if (!type || isBoolType(type.getElementType()) || !beta || !alpha ||
        getRank(operands[1]) != 1 || getRank(operands[2]) != 1)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value column = b.unsqueeze(b.cast(operands[1], elementType), {1});
    Value row = b.unsqueeze(b.cast(operands[2], elementType), {0});
    Value product = b.binary<ONNX::MulOp>(column, row);
    if (*alpha != 1.0)
      product =
          b.binary<ONNX::MulOp>(product, b.scalar(elementType, *alpha));
    if (*beta != 0.0) {
      Value self = b.cast(operands[0], elementType);
      if (*beta != 1.0)
        self = b.binary<ONNX::MulOp>(self, b.scalar(elementType, *beta));
      product = b.binary<ONNX::AddOp>(product, self);
    }
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// bilinear(input1, input2, weight, bias): y[..., o] = the sum over i and j
/// of input1[..., i] * weight[o, i, j] * input2[..., j], one Einsum, plus
/// bias[o].
struct ConvertBilinear : public ONNXConversionPattern<Torch::AtenBilinearOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenBilinearOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    if (!type || !isFloatType(type.getElementType()) ||
        getRank(adaptor.getWeight()) != 3 ||
        getRank(adaptor.getInput1()) < 1 || getRank(adaptor.getInput2()) < 1)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value product = b.create<ONNX::EinsumOp>(
        type,
        {b.cast(adaptor.getInput1(), elementType),
         b.cast(adaptor.getWeight(), elementType),
         b.cast(adaptor.getInput2(), elementType)},
        {b.stringAttr("equation", "...i,oij,...j->...o")});
    if (!isNone(op.getBias()))
      product = b.create<ONNX::AddOp>(
          type, {product, b.cast(adaptor.getBias(), elementType)});
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// stft(self, n_fft, hop_length, win_length, window, normalized, onesided,
/// return_complex=False) of a real signal [L] or [B, L]: ONNX's STFT, whose
/// frames and frequencies are PyTorch's, then the frequencies moved before
/// the frames. The hop defaults to n_fft / 4 and the window to ones; a
/// window shorter than n_fft is padded with zeros on both sides, as PyTorch
/// pads it. Normalized spectra are scaled by 1 / sqrt(n_fft).
struct ConvertStft : public ONNXConversionPattern<Torch::AtenStftOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenStftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    std::optional<int64_t> nfft = Torch::matchConstantInt(op.getNFft());
    auto optionalInt = [](Value value, int64_t fallback) {
      return isNone(value) ? std::optional<int64_t>(fallback)
                           : Torch::matchConstantInt(value);
    };
    auto optionalBool = [](Value value, bool fallback) {
      return isNone(value) ? std::optional<bool>(fallback)
                           : Torch::matchConstantBool(value);
    };
    if (!type || !rank || (*rank != 1 && *rank != 2) || !nfft || *nfft <= 0 ||
        !isFloatType(getElementType(input)) ||
        !isFloatType(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported signal");
    std::optional<int64_t> hop = optionalInt(op.getHopLength(), *nfft / 4);
    std::optional<int64_t> winLength = optionalInt(op.getWinLength(), *nfft);
    std::optional<bool> normalized =
        Torch::matchConstantBool(op.getNormalized());
    std::optional<bool> onesided = optionalBool(op.getOnesided(), true);
    std::optional<bool> aligned = optionalBool(op.getAlignToWindow(), false);
    std::optional<bool> returnComplex =
        Torch::matchConstantBool(op.getReturnComplex());
    if (!hop || *hop <= 0 || !winLength || *winLength <= 0 ||
        *winLength > *nfft || !normalized || !onesided || !aligned ||
        *aligned || !returnComplex || *returnComplex)
      return rewriter.notifyMatchFailure(
          op, "expected constant options and a real result");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value signal = b.cast(input, elementType);
    signal = *rank == 1 ? b.unsqueeze(signal, {0, 2})
                        : b.unsqueeze(signal, {2});
    Value window;
    if (isNone(op.getWindow())) {
      window = b.splat(RankedTensorType::get({*nfft}, elementType), 1.0);
    } else {
      window = b.cast(adaptor.getWindow(), elementType);
      if (getShape(window) != SmallVector<int64_t>{*winLength})
        return rewriter.notifyMatchFailure(op, "unexpected window size");
      int64_t left = (*nfft - *winLength) / 2;
      int64_t right = *nfft - *winLength - left;
      SmallVector<Value> parts;
      if (left > 0)
        parts.push_back(
            b.splat(RankedTensorType::get({left}, elementType), 0.0));
      parts.push_back(window);
      if (right > 0)
        parts.push_back(
            b.splat(RankedTensorType::get({right}, elementType), 0.0));
      if (parts.size() > 1)
        window = b.concat(parts, 0);
    }
    // STFT's [batch, frames, frequencies, 2].
    SmallVector<int64_t> shape = llvm::to_vector(type.getShape());
    if (*rank == 1)
      shape.insert(shape.begin(), 1);
    if (shape.size() != 4)
      return rewriter.notifyMatchFailure(op, "unexpected result shape");
    std::swap(shape[1], shape[2]);
    Value spectrum = b.create<ONNX::STFTOp>(
        RankedTensorType::get(shape, elementType),
        {signal, b.i64Scalar(*hop), window, b.i64Scalar(*nfft)},
        {b.intAttr("onesided", *onesided)});
    if (*normalized)
      spectrum = b.binary<ONNX::MulOp>(
          spectrum,
          b.scalar(elementType, 1.0 / std::sqrt(static_cast<double>(*nfft))));
    spectrum = b.transpose(spectrum, {0, 2, 1, 3});
    if (*rank == 1)
      spectrum = b.squeeze(spectrum, {0});
    rewriter.replaceOp(op, spectrum);
    return success();
  }
};

/// The einsum equation of PyTorch's `equation` in the form ONNX accepts: no
/// spaces, lowercase labels only (PyTorch's uppercase labels are renamed to
/// unused lowercase ones) and an explicit output. Nullopt when the equation
/// is malformed or uses more than 26 labels.
std::optional<std::string> getONNXEinsumEquation(StringRef equation) {
  std::string compact;
  for (char c : equation)
    if (!isspace(static_cast<unsigned char>(c)))
      compact.push_back(c);
  StringRef text(compact);
  auto [inputs, output] = text.split("->");
  bool explicitOutput = text.contains("->");
  // Each term: labels, with at most one "..." among them.
  auto isTerm = [](StringRef term) {
    size_t ellipsis = term.find("...");
    std::string labels = term.str();
    if (ellipsis != StringRef::npos)
      labels.erase(ellipsis, 3);
    return llvm::all_of(labels, [](char c) {
      return isalpha(static_cast<unsigned char>(c));
    });
  };
  SmallVector<StringRef> terms;
  inputs.split(terms, ',');
  if (!llvm::all_of(terms, isTerm) || !isTerm(output))
    return std::nullopt;

  // PyTorch's implicit output: the ellipsis, then the labels used once, in
  // PyTorch's label order (uppercase before lowercase).
  std::string result = explicitOutput ? output.str() : std::string();
  if (!explicitOutput) {
    if (inputs.contains("..."))
      result = "...";
    std::string once;
    for (char c : inputs)
      if (isalpha(static_cast<unsigned char>(c)) && llvm::count(inputs, c) == 1)
        once.push_back(c);
    llvm::sort(once);
    result += once;
  }

  // Rename the labels to lowercase letters, keeping lowercase ones.
  std::string full = (inputs + "->" + result).str();
  llvm::DenseMap<char, char> rename;
  SmallVector<bool> taken(26, false);
  for (char c : full)
    if (c >= 'a' && c <= 'z') {
      rename[c] = c;
      taken[c - 'a'] = true;
    }
  for (char c : full) {
    if (!(c >= 'A' && c <= 'Z') || rename.count(c))
      continue;
    auto free = llvm::find(taken, false);
    if (free == taken.end())
      return std::nullopt;
    *free = true;
    rename[c] = 'a' + (free - taken.begin());
  }
  for (char &c : full)
    if (isalpha(static_cast<unsigned char>(c)))
      c = rename[c];
  return full;
}

/// einsum(equation, tensors, path): Einsum.
struct ConvertEinsum : public ONNXConversionPattern<Torch::AtenEinsumOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenEinsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    auto equationOp = op.getEquation().getDefiningOp<Torch::ConstantStrOp>();
    if (!type || !equationOp)
      return rewriter.notifyMatchFailure(op, "expected a constant equation");
    std::optional<std::string> equation =
        getONNXEinsumEquation(equationOp.getValue());
    if (!equation)
      return rewriter.notifyMatchFailure(op, "unsupported equation");
    FailureOr<SmallVector<Value>> tensors =
        getTensorListElements(rewriter, op.getTensors());
    if (failed(tensors))
      return rewriter.notifyMatchFailure(op, "expected a list of tensors");
    // One term per tensor, with as many labels as it has dims (or fewer
    // beside an ellipsis), as PyTorch checks.
    SmallVector<StringRef> terms;
    StringRef(*equation).split("->").first.split(terms, ',');
    if (terms.size() != tensors->size())
      return rewriter.notifyMatchFailure(op, "one term per tensor expected");
    for (auto [term, tensor] : llvm::zip(terms, *tensors)) {
      std::optional<int64_t> rank = getRank(tensor);
      int64_t labels = llvm::count_if(
          term, [](char c) { return isalpha(static_cast<unsigned char>(c)); });
      bool ellipsis = term.contains("...");
      if (!rank || (ellipsis ? labels > *rank : labels != *rank))
        return rewriter.notifyMatchFailure(op, "term does not fit its tensor");
    }
    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<Value> inputs;
    for (Value tensor : *tensors)
      inputs.push_back(b.cast(tensor, type.getElementType()));
    rewriter.replaceOp(
        op, b.create<ONNX::EinsumOp>(type, inputs,
                                     {b.stringAttr("equation", *equation)}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// The operands of any convolution op.
struct ConvolutionOperands {
  Value input, weight, bias; // converted; bias null when absent
  Value stride, padding, dilation, outputPadding, groups; // Torch values
  bool transposed = false;
};

/// A list attribute of `count` ints from constant list `list`, where a
/// single element stands for all of them.
std::optional<SmallVector<int64_t>> getSpatialList(Value list, int64_t count) {
  std::optional<SmallVector<int64_t>> values = Torch::matchConstantIntList(list);
  if (!values)
    return std::nullopt;
  if (values->size() == 1 && count > 1)
    values->assign(count, (*values)[0]);
  if (static_cast<int64_t>(values->size()) != count)
    return std::nullopt;
  return values;
}

LogicalResult convertConvolution(Operation *op,
                                 const ConvolutionOperands &operands,
                                 const TypeConverter *typeConverter,
                                 ConversionPatternRewriter &rewriter) {
  auto type = getConvertedRankedType(typeConverter, op->getResult(0));
  std::optional<SmallVector<int64_t>> weightShape = getShape(operands.weight);
  std::optional<int64_t> inputRank = getRank(operands.input);
  if (!type || !weightShape || !inputRank || weightShape->size() < 3)
    return rewriter.notifyMatchFailure(op, "unranked operands");
  int64_t spatialRank = weightShape->size() - 2;
  bool unbatched = *inputRank == spatialRank + 1;
  if (!unbatched && *inputRank != spatialRank + 2)
    return rewriter.notifyMatchFailure(op, "input rank mismatch");

  std::optional<SmallVector<int64_t>> strides =
      getSpatialList(operands.stride, spatialRank);
  std::optional<SmallVector<int64_t>> dilations =
      getSpatialList(operands.dilation, spatialRank);
  std::optional<int64_t> groups = Torch::matchConstantInt(operands.groups);
  if (!strides || !dilations || !groups)
    return rewriter.notifyMatchFailure(op, "non-constant conv parameters");

  // Pads: a list, or "valid"/"same" for the `.padding` overloads.
  SmallVector<int64_t> pads;
  if (auto mode = operands.padding.getDefiningOp<Torch::ConstantStrOp>()) {
    if (mode.getValue() == "valid") {
      pads.assign(2 * spatialRank, 0);
    } else if (mode.getValue() == "same") {
      pads.assign(2 * spatialRank, 0);
      for (int64_t i = 0; i < spatialRank; ++i) {
        int64_t kernel = (*weightShape)[i + 2];
        if (kernel == ShapedType::kDynamic)
          return rewriter.notifyMatchFailure(op, "dynamic kernel size");
        int64_t total = (*dilations)[i] * (kernel - 1);
        pads[i] = total / 2;
        pads[i + spatialRank] = total - total / 2;
      }
    } else {
      return rewriter.notifyMatchFailure(op, "unknown padding mode");
    }
  } else {
    std::optional<SmallVector<int64_t>> padding =
        getSpatialList(operands.padding, spatialRank);
    if (!padding)
      return rewriter.notifyMatchFailure(op, "non-constant padding");
    pads = *padding;
    pads.append(padding->begin(), padding->end());
  }

  ONNXBuilder b(rewriter, op->getLoc());
  Type elementType = type.getElementType();
  Value input = b.cast(operands.input, elementType);
  Value weight = b.cast(operands.weight, elementType);
  Value bias = operands.bias ? b.cast(operands.bias, elementType) : b.none();
  RankedTensorType convType = type;
  if (unbatched) {
    input = b.unsqueeze(input, {0});
    SmallVector<int64_t> shape{1};
    shape.append(type.getShape().begin(), type.getShape().end());
    convType = RankedTensorType::get(shape, elementType);
  }

  SmallVector<NamedAttribute> attrs{b.intsAttr("dilations", *dilations),
                                    b.intAttr("group", *groups)};
  SmallVector<int64_t> kernel(weightShape->begin() + 2, weightShape->end());
  if (llvm::none_of(kernel,
                    [](int64_t k) { return k == ShapedType::kDynamic; }))
    attrs.push_back(b.intsAttr("kernel_shape", kernel));
  attrs.push_back(b.intsAttr("pads", pads));
  attrs.push_back(b.intsAttr("strides", *strides));

  Value result;
  if (operands.transposed) {
    std::optional<SmallVector<int64_t>> outputPadding =
        getSpatialList(operands.outputPadding, spatialRank);
    if (!outputPadding)
      return rewriter.notifyMatchFailure(op, "non-constant output padding");
    if (llvm::any_of(*outputPadding, [](int64_t p) { return p != 0; }))
      attrs.push_back(b.intsAttr("output_padding", *outputPadding));
    result =
        b.create<ONNX::ConvTransposeOp>(convType, {input, weight, bias}, attrs);
  } else {
    result = b.create<ONNX::ConvOp>(convType, {input, weight, bias}, attrs);
  }
  if (unbatched)
    result = b.squeeze(result, {0});
  rewriter.replaceOp(op, result);
  return success();
}

/// The converted bias, or null for None.
Value getBias(Value torchBias, Value converted) {
  return isNone(torchBias) ? Value() : converted;
}

/// conv1d, conv2d, conv3d, their `.padding` forms and `_convolution_mode`
/// (what a conv with string padding is scripted to).
template <typename OpTy>
struct ConvertConvNd : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ConvolutionOperands operands;
    operands.input = adaptor.getInput();
    operands.weight = adaptor.getWeight();
    operands.bias = getBias(op.getBias(), adaptor.getBias());
    operands.stride = op.getStride();
    operands.padding = op.getPadding();
    operands.dilation = op.getDilation();
    operands.groups = op.getGroups();
    return convertConvolution(op, operands, this->getTypeConverter(), rewriter);
  }
};

/// conv_transpose1d, conv_transpose2d.input, conv_transpose3d.input.
template <typename OpTy>
struct ConvertConvTransposeNd : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ConvolutionOperands operands;
    operands.input = adaptor.getInput();
    operands.weight = adaptor.getWeight();
    operands.bias = getBias(op.getBias(), adaptor.getBias());
    operands.stride = op.getStride();
    operands.padding = op.getPadding();
    operands.dilation = op.getDilation();
    operands.outputPadding = op.getOutputPadding();
    operands.groups = op.getGroups();
    operands.transposed = true;
    return convertConvolution(op, operands, this->getTypeConverter(), rewriter);
  }
};

/// convolution, _convolution and _convolution.deprecated.
template <typename OpTy>
struct ConvertGenericConvolution : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<bool> transposed = Torch::matchConstantBool(op.getTransposed());
    if (!transposed)
      return rewriter.notifyMatchFailure(op, "non-constant transposed flag");
    ConvolutionOperands operands;
    operands.input = adaptor.getInput();
    operands.weight = adaptor.getWeight();
    operands.bias = getBias(op.getBias(), adaptor.getBias());
    operands.stride = op.getStride();
    operands.padding = op.getPadding();
    operands.dilation = op.getDilation();
    operands.outputPadding = op.getOutputPadding();
    operands.groups = op.getGroups();
    operands.transposed = *transposed;
    return convertConvolution(op, operands, this->getTypeConverter(), rewriter);
  }
};

} // namespace

void torch_to_onnx::populateLinearPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertLinear, ConvertAddmm, ConvertEinsum, ConvertLinalgDet,
              ConvertLogdet, ConvertAddr, ConvertBilinear, ConvertStft,
              ConvertMatMul<AtenMatmulOp>, ConvertMatMul<AtenMmOp>,
              ConvertMatMul<AtenBmmOp>, ConvertMatMul<AtenMvOp>,
              ConvertMatMul<AtenDotOp>, ConvertOuter,
              ConvertScaledMatMulAdd<AtenBaddbmmOp>,
              ConvertScaledMatMulAdd<AtenAddmvOp>,
              ConvertScaledMatMulAdd<AtenAddbmmOp>>(typeConverter, patterns,
                                                    opset);
  addPatterns<ConvertConvNd<AtenConv1dOp>, ConvertConvNd<AtenConv2dOp>,
              ConvertConvNd<AtenConv3dOp>, ConvertConvNd<AtenConv1dPaddingOp>,
              ConvertConvNd<AtenConv2dPaddingOp>,
              ConvertConvNd<AtenConv3dPaddingOp>,
              ConvertConvNd<Aten_ConvolutionModeOp>,
              ConvertConvTransposeNd<AtenConvTranspose1dOp>,
              ConvertConvTransposeNd<AtenConvTranspose2dInputOp>,
              ConvertConvTransposeNd<AtenConvTranspose3dInputOp>,
              ConvertGenericConvolution<AtenConvolutionOp>,
              ConvertGenericConvolution<Aten_ConvolutionOp>,
              ConvertGenericConvolution<Aten_ConvolutionDeprecatedOp>>(
      typeConverter, patterns, opset);
}
