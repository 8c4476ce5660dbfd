//===- Recurrent.cpp - Recurrent layers to ONNX ---------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// PyTorch's multi-layer LSTM, GRU and Elman RNN become one ONNX LSTM, GRU or
// RNN node per layer, both directions of a bidirectional layer in one node.
// The per-layer weights are stacked per direction, with the gates reordered
// from PyTorch's order to ONNX's:
//   LSTM: (i, f, g, o) to (i, o, f, c),
//   GRU:  (r, z, n) to (z, r, h), with linear_before_reset = 1.
// Constant weights are reordered at compile time into new initializers;
// other weights with Split and Concat.
//
// ONNX works on [seq, directions, batch, hidden]; a batch-first input and
// output are transposed, an unbatched one gets a batch dim of 1. Packed
// sequences are unpacked for the node, which takes their lengths as its
// sequence_lens.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

//===----------------------------------------------------------------------===//
// Cell kinds
//===----------------------------------------------------------------------===//

enum class CellKind { LSTM, GRU, RNNTanh, RNNRelu };

/// The number of gates of a cell: the rows of its weights are that many
/// blocks of `hidden_size` rows.
int64_t getNumGates(CellKind kind) {
  switch (kind) {
  case CellKind::LSTM:
    return 4;
  case CellKind::GRU:
    return 3;
  default:
    return 1;
  }
}

/// For each ONNX gate in order, the index of the PyTorch gate it is.
ArrayRef<int64_t> getGateOrder(CellKind kind) {
  static const int64_t lstm[] = {0, 3, 1, 2};
  static const int64_t gru[] = {1, 0, 2};
  static const int64_t single[] = {0};
  switch (kind) {
  case CellKind::LSTM:
    return lstm;
  case CellKind::GRU:
    return gru;
  default:
    return single;
  }
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

/// The weights of one direction of one layer, converted. The biases are
/// null when the layer has none.
struct DirectionWeights {
  Value inputWeight, hiddenWeight, inputBias, hiddenBias;
};

/// The W, R and B inputs of an ONNX recurrent node; B is a `none` value
/// when there are no biases.
struct NodeWeights {
  Value w, r, b;
};

/// The bytes of a constant tensor whose data is at hand: an initializer
/// holding a dense literal or a loaded resource blob.
struct ConstantBytes {
  /// The bytes of the attribute, unless it is a splat.
  ArrayRef<char> data;
  StringRef name;
  /// The expansion of a splat. The struct is moved around, so nothing may
  /// point into it: getBytes picks it when it is set.
  SmallVector<char> expanded;

  ArrayRef<char> getBytes() const {
    return expanded.empty() ? data : ArrayRef<char>(expanded);
  }
};

std::optional<ConstantBytes> getConstantBytes(Value value) {
  auto init = value.getDefiningOp<ONNX::InitializerOp>();
  if (!init)
    return std::nullopt;
  ElementsAttr attr = init.getValue();
  ShapedType type = attr.getShapedType();
  Type elementType = type.getElementType();
  if (!type.hasStaticShape() || !elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  size_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  size_t numBytes = type.getNumElements() * elementBytes;
  ConstantBytes result;
  result.name = init.getName();
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    ArrayRef<char> raw = dense.getRawData();
    if (dense.isSplat()) {
      if (raw.size() != elementBytes)
        return std::nullopt;
      for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
        result.expanded.append(raw.begin(), raw.end());
    } else {
      result.data = raw;
    }
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    result.data = resource.getData();
  } else {
    return std::nullopt;
  }
  if (result.getBytes().size() != numBytes)
    return std::nullopt;
  return result;
}

/// The name of a stacked weight derived from the name of a PyTorch weight:
/// `lstm.weight_ih_l0` with `tag` "W" gives `lstm.W_l0`.
std::string getStackedName(StringRef inputWeightName, StringRef tag) {
  size_t pos = inputWeightName.find("weight_ih");
  if (pos == StringRef::npos)
    return "";
  return (inputWeightName.take_front(pos) + tag +
          inputWeightName.drop_front(pos + StringRef("weight_ih").size()))
      .str();
}

/// Stacks, per direction, the concatenation of the gate-reordered `parts`
/// (each of [gates * hidden, ...]) into [directions, ...]. `parts[d]` are the
/// parts of direction `d`; all of them have the same type.
Value stackGates(ONNXBuilder &b, ArrayRef<SmallVector<Value>> parts,
                 ArrayRef<int64_t> gateOrder, StringRef name) {
  int64_t numGates = gateOrder.size();
  int64_t numDirections = parts.size();
  RankedTensorType partType =
      dyn_cast<RankedTensorType>(parts.front().front().getType());
  Type elementType = partType.getElementType();
  SmallVector<int64_t> stackedShape = {numDirections};
  stackedShape.append(partType.getShape().begin(), partType.getShape().end());
  if (stackedShape[1] != ShapedType::kDynamic)
    stackedShape[1] *= parts.front().size();
  auto stackedType = RankedTensorType::get(stackedShape, elementType);

  // At compile time when every part is a constant.
  SmallVector<std::optional<ConstantBytes>> constants;
  for (ArrayRef<Value> direction : parts)
    for (Value part : direction)
      constants.push_back(getConstantBytes(part));
  if (partType.hasStaticShape() &&
      llvm::all_of(constants, [](const auto &c) { return c.has_value(); })) {
    SmallVector<char> data;
    for (const std::optional<ConstantBytes> &part : constants) {
      ArrayRef<char> bytes = part->getBytes();
      size_t gateBytes = bytes.size() / numGates;
      for (int64_t gate : gateOrder)
        llvm::append_range(data, bytes.slice(gate * gateBytes, gateBytes));
    }
    size_t alignment =
        std::max<size_t>(elementType.getIntOrFloatBitWidth() / 8, 1);
    AsmResourceBlob blob =
        HeapAsmResourceBlob::allocateAndCopyWithAlign(data, alignment);
    StringRef blobName = name.empty() ? StringRef("rnn_weight") : name;
    auto attr =
        DenseResourceElementsAttr::get(stackedType, blobName, std::move(blob));
    return b.constant(attr, name);
  }

  // Otherwise with Split and Concat.
  SmallVector<Value> directions;
  for (ArrayRef<Value> direction : parts) {
    SmallVector<Value> reordered;
    for (Value part : direction) {
      if (numGates == 1) {
        reordered.push_back(part);
        continue;
      }
      int64_t rows = partType.getDimSize(0);
      int64_t gateRows = rows / numGates;
      SmallVector<int64_t> gateShape(partType.getShape());
      gateShape[0] = gateRows;
      SmallVector<Type> gateTypes(
          numGates, RankedTensorType::get(gateShape, elementType));
      auto gates = b.createOp<ONNX::SplitOp>(
          gateTypes,
          {part, b.i64Tensor(SmallVector<int64_t>(numGates, gateRows))},
          {b.intAttr("axis", 0)});
      for (int64_t gate : gateOrder)
        reordered.push_back(gates->getResult(gate));
    }
    directions.push_back(b.unsqueeze(b.concat(reordered, 0), {0}));
  }
  return b.concat(directions, 0);
}

/// The W, R and B inputs of the ONNX node of a layer whose directions have
/// weights `directions`.
NodeWeights getNodeWeights(ONNXBuilder &b, CellKind kind,
                           ArrayRef<DirectionWeights> directions) {
  ArrayRef<int64_t> order = getGateOrder(kind);
  StringRef baseName;
  if (auto init =
          directions.front().inputWeight.getDefiningOp<ONNX::InitializerOp>())
    baseName = init.getName();
  SmallVector<SmallVector<Value>> w, r, bias;
  for (const DirectionWeights &direction : directions) {
    w.push_back({direction.inputWeight});
    r.push_back({direction.hiddenWeight});
    if (direction.inputBias)
      bias.push_back({direction.inputBias, direction.hiddenBias});
  }
  NodeWeights weights;
  weights.w = stackGates(b, w, order, getStackedName(baseName, "W"));
  weights.r = stackGates(b, r, order, getStackedName(baseName, "R"));
  weights.b = bias.empty()
                  ? b.none()
                  : stackGates(b, bias, order, getStackedName(baseName, "B"));
  return weights;
}

/// True when the weights of a direction have the shapes of a cell of
/// `numGates` gates, `hiddenSize` hidden units and `inputSize` inputs.
bool hasCellShapes(const DirectionWeights &weights, int64_t numGates,
                   int64_t hiddenSize, int64_t inputSize) {
  // A dynamic expected size matches any static size.
  auto matches = [](Value value, ArrayRef<int64_t> expected) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.hasStaticShape() ||
        type.getRank() != static_cast<int64_t>(expected.size()))
      return false;
    for (auto [size, want] : llvm::zip_equal(type.getShape(), expected))
      if (want != ShapedType::kDynamic && size != want)
        return false;
    return true;
  };
  int64_t rows = numGates * hiddenSize;
  if (!matches(weights.inputWeight, {rows, inputSize}) ||
      !matches(weights.hiddenWeight, {rows, hiddenSize}))
    return false;
  if (!weights.inputBias)
    return true;
  return matches(weights.inputBias, {rows}) &&
         matches(weights.hiddenBias, {rows});
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

/// The outputs of an ONNX recurrent node: Y [seq, directions, batch,
/// hidden], Y_h [directions, batch, hidden] and, for an LSTM, Y_c.
struct NodeResults {
  Value y, yH, yC;
};

/// Creates the ONNX node of `kind` for input `x` [seq, batch, input].
/// `initialH`, `initialC` and `sequenceLens` (i32 [batch]) may be null.
NodeResults createNode(ONNXBuilder &b, CellKind kind, Value x,
                       const NodeWeights &weights, Value initialH,
                       Value initialC, Value sequenceLens, int64_t hiddenSize,
                       int64_t numDirections) {
  MLIRContext *context = b.getContext();
  Type elementType = getElementType(x);
  std::optional<SmallVector<int64_t>> xShape = getShape(x);
  int64_t seq = xShape ? (*xShape)[0] : ShapedType::kDynamic;
  int64_t batch = xShape ? (*xShape)[1] : ShapedType::kDynamic;
  auto yType = RankedTensorType::get({seq, numDirections, batch, hiddenSize},
                                     elementType);
  auto stateType =
      RankedTensorType::get({numDirections, batch, hiddenSize}, elementType);

  SmallVector<NamedAttribute> attrs = {b.intAttr("hidden_size", hiddenSize)};
  if (numDirections == 2)
    attrs.push_back(b.stringAttr("direction", "bidirectional"));
  if (kind == CellKind::GRU)
    attrs.push_back(b.intAttr("linear_before_reset", 1));
  if (kind == CellKind::RNNRelu) {
    SmallVector<Attribute> activations(numDirections,
                                       StringAttr::get(context, "Relu"));
    attrs.push_back(NamedAttribute(StringAttr::get(context, "activations"),
                                   ArrayAttr::get(context, activations)));
  }

  // One missing-input value serves every missing input.
  Value none = isa<NoneType>(weights.b.getType()) ? weights.b : b.none();
  Value h0 = initialH ? initialH : none;
  Value lens = sequenceLens ? sequenceLens : none;
  NodeResults results;
  if (kind == CellKind::LSTM) {
    Value c0 = initialC ? initialC : none;
    auto node = b.createOp<ONNX::LSTMOp>(
        TypeRange{yType, stateType, stateType},
        {x, weights.w, weights.r, weights.b, lens, h0, c0, none}, attrs);
    results.y = node->getResult(0);
    results.yH = node->getResult(1);
    results.yC = node->getResult(2);
  } else if (kind == CellKind::GRU) {
    auto node = b.createOp<ONNX::GRUOp>(
        TypeRange{yType, stateType},
        {x, weights.w, weights.r, weights.b, lens, h0}, attrs);
    results.y = node->getResult(0);
    results.yH = node->getResult(1);
  } else {
    auto node = b.createOp<ONNX::RNNOp>(
        TypeRange{yType, stateType},
        {x, weights.w, weights.r, weights.b, lens, h0}, attrs);
    results.y = node->getResult(0);
    results.yH = node->getResult(1);
  }
  return results;
}

/// True when `value` is known to be all zeros: the initial states that
/// PyTorch creates when none are given. ONNX's default state is zero.
bool isZeroConstant(Value value) {
  if (auto init = value.getDefiningOp<ONNX::InitializerOp>()) {
    auto dense = dyn_cast<DenseElementsAttr>(init.getValue());
    if (!dense || !dense.isSplat())
      return false;
    if (isFloatType(dense.getElementType()))
      return dense.getSplatValue<APFloat>().isZero();
    return false;
  }
  if (auto fill = value.getDefiningOp<ONNX::ConstantOfShapeOp>()) {
    auto dense = dyn_cast_if_present<DenseElementsAttr>(
        fill->getAttrOfType<ElementsAttr>("value"));
    if (!dense)
      return true;
    return isFloatType(dense.getElementType()) &&
           dense.getSplatValue<APFloat>().isZero();
  }
  return false;
}

/// Rows [begin, end) of `value` along dim 0.
Value sliceRows(ONNXBuilder &b, Value value, int64_t begin, int64_t end) {
  auto type = cast<RankedTensorType>(value.getType());
  if (begin == 0 && type.getDimSize(0) == end)
    return value;
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = end - begin;
  return b.create<ONNX::SliceOp>(
      RankedTensorType::get(shape, type.getElementType()),
      {value, b.i64Tensor({begin}), b.i64Tensor({end}), b.i64Tensor({0}),
       b.i64Tensor({1})});
}

//===----------------------------------------------------------------------===//
// Multi-layer recurrent layers
//===----------------------------------------------------------------------===//

/// The operands of a multi-layer recurrent op (`aten.lstm.input`,
/// `aten.gru.input`, `aten.rnn_tanh.input`, `aten.rnn_relu.input`).
struct RecurrentOperands {
  Value input;
  /// The Torch values of the initial states: h0 (and c0 for an LSTM).
  SmallVector<Value> states;
  /// `batchFirst` is null for the packed forms, whose input is given
  /// converted and time-major in `paddedInput`, with the lengths of its
  /// sequences (i32 [batch]) in `sequenceLens`.
  Value params, hasBiases, numLayers, dropout, train, bidirectional, batchFirst;
  Value paddedInput = nullptr, sequenceLens = nullptr;
};

/// Lowers a multi-layer recurrent op; returns the output and the final
/// states (h_n, and c_n for an LSTM).
FailureOr<SmallVector<Value>>
lowerRecurrent(ConversionPatternRewriter &rewriter, Operation *op,
               CellKind kind, const RecurrentOperands &operands) {
  ONNXBuilder b(rewriter, op->getLoc());
  auto fail = [&](const Twine &reason) {
    return rewriter.notifyMatchFailure(op, reason);
  };
  std::optional<bool> hasBiases = Torch::matchConstantBool(operands.hasBiases);
  std::optional<int64_t> numLayers = Torch::matchConstantInt(operands.numLayers);
  std::optional<double> dropout = Torch::matchConstantFloat(operands.dropout);
  std::optional<bool> train = Torch::matchConstantBool(operands.train);
  std::optional<bool> bidirectional = Torch::matchConstantBool(operands.bidirectional);
  std::optional<bool> batchFirst =
      operands.batchFirst ? Torch::matchConstantBool(operands.batchFirst)
                          : std::optional<bool>(false);
  if (!hasBiases || !numLayers || !dropout || !train || !bidirectional ||
      !batchFirst)
    return fail("the layer's options must be known at compile time");
  if (*numLayers < 1)
    return fail("expected at least one layer");
  if (*train && *dropout != 0.0 && *numLayers > 1)
    return fail("dropout between layers in training mode");

  Value input = operands.paddedInput
                    ? operands.paddedInput
                    : rewriter.getRemappedValue(operands.input);
  std::optional<SmallVector<int64_t>> inputShape =
      input ? getShape(input) : std::nullopt;
  if (!inputShape || (inputShape->size() != 2 && inputShape->size() != 3) ||
      !isFloatType(getElementType(input)))
    return fail("expected a 2-D or 3-D float input");
  bool unbatched = inputShape->size() == 2;

  // The weights: per layer and direction w_ih, w_hh[, b_ih, b_hh].
  FailureOr<SmallVector<Value>> params =
      getTensorListElements(rewriter, operands.params);
  if (failed(params))
    return fail("the weights are not a list of tensors");
  int64_t numDirections = *bidirectional ? 2 : 1;
  int64_t perDirection = *hasBiases ? 4 : 2;
  if (static_cast<int64_t>(params->size()) !=
      *numLayers * numDirections * perDirection)
    return fail("unexpected number of weights (projections are not "
                "supported)");
  auto hiddenWeightType = dyn_cast<RankedTensorType>((*params)[1].getType());
  if (!hiddenWeightType || hiddenWeightType.getRank() != 2 ||
      hiddenWeightType.isDynamicDim(1))
    return fail("expected weights of static shapes");
  int64_t hiddenSize = hiddenWeightType.getDimSize(1);
  int64_t numGates = getNumGates(kind);

  // The initial states, as [layers * directions, batch, hidden].
  SmallVector<Value> states;
  for (Value state : operands.states) {
    Value converted = rewriter.getRemappedValue(state);
    if (!converted || getRank(converted) != (unbatched ? 2 : 3))
      return fail("unexpected initial state");
    if (isZeroConstant(converted)) {
      states.push_back(nullptr);
      continue;
    }
    states.push_back(unbatched ? b.unsqueeze(converted, {1}) : converted);
  }

  // ONNX's layout: [seq, batch, input].
  Value x = input;
  if (unbatched)
    x = b.unsqueeze(x, {1});
  else if (*batchFirst)
    x = b.transpose(x, {1, 0, 2});

  SmallVector<Value> finalH, finalC;
  for (int64_t layer = 0; layer < *numLayers; ++layer) {
    int64_t inputSize = cast<RankedTensorType>(x.getType()).getDimSize(2);
    SmallVector<DirectionWeights> directions;
    for (int64_t d = 0; d < numDirections; ++d) {
      auto at = [&](int64_t i) {
        return (*params)[(layer * numDirections + d) * perDirection + i];
      };
      DirectionWeights weights{at(0), at(1), nullptr, nullptr};
      if (*hasBiases)
        weights.inputBias = at(2), weights.hiddenBias = at(3);
      if (!hasCellShapes(weights, numGates, hiddenSize, inputSize))
        return fail("unexpected weight shapes");
      directions.push_back(weights);
    }
    NodeWeights weights = getNodeWeights(b, kind, directions);

    auto layerState = [&](size_t i) -> Value {
      if (i >= states.size() || !states[i])
        return nullptr;
      return sliceRows(b, states[i], layer * numDirections,
                       (layer + 1) * numDirections);
    };
    // Sliced in order: h0 before c0.
    Value initialH = layerState(0);
    Value initialC = layerState(1);
    NodeResults node =
        createNode(b, kind, x, weights, initialH, initialC,
                   operands.sequenceLens, hiddenSize, numDirections);
    finalH.push_back(node.yH);
    if (node.yC)
      finalC.push_back(node.yC);

    // Y [seq, directions, batch, hidden] to [seq, batch, directions * hidden].
    if (numDirections == 1)
      x = b.squeeze(node.y, {1});
    else
      x = b.reshape(b.transpose(node.y, {0, 2, 1, 3}),
                    {0, 0, numDirections * hiddenSize});
  }

  SmallVector<Value> results;
  Value output = x;
  if (unbatched)
    output = b.squeeze(output, {1});
  else if (*batchFirst)
    output = b.transpose(output, {1, 0, 2});
  results.push_back(output);
  for (ArrayRef<Value> perLayer :
       {ArrayRef<Value>(finalH), ArrayRef<Value>(finalC)}) {
    if (perLayer.empty())
      continue;
    Value state = b.concat(perLayer, 0);
    results.push_back(unbatched ? b.squeeze(state, {1}) : state);
  }
  return results;
}

/// `aten.lstm.input(input, hx, params, has_biases, num_layers, dropout,
/// train, bidirectional, batch_first)`, with `hx` a list [h0, c0] or empty.
struct ConvertLstm : public ONNXConversionPattern<Torch::AtenLstmInputOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLstmInputOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<SmallVector<Value>> hx = getListElements(op.getHx());
    if (!hx || (!hx->empty() && hx->size() != 2))
      return rewriter.notifyMatchFailure(op, "expected hx = [h0, c0]");
    RecurrentOperands operands{op.getInput(),     *hx,
                               op.getParams(),    op.getHasBiases(),
                               op.getNumLayers(), op.getDropout(),
                               op.getTrain(),     op.getBidirectional(),
                               op.getBatchFirst()};
    FailureOr<SmallVector<Value>> results =
        lowerRecurrent(rewriter, op, CellKind::LSTM, operands);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

/// `aten.gru.input`, `aten.rnn_tanh.input` and `aten.rnn_relu.input`, whose
/// `hx` is h0.
template <typename OpTy, CellKind kind>
struct ConvertSingleStateRecurrent : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RecurrentOperands operands{
        op.getInput(),     {op.getHx()},          op.getParams(),
        op.getHasBiases(), op.getNumLayers(),     op.getDropout(),
        op.getTrain(),     op.getBidirectional(), op.getBatchFirst()};
    FailureOr<SmallVector<Value>> results =
        lowerRecurrent(rewriter, op, kind, operands);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Packed sequences
//===----------------------------------------------------------------------===//
//
// A packed sequence holds the valid steps of a padded batch, time-major: at
// step t, the rows of the first batch_sizes[t] sequences, whose lengths are
// in decreasing order. Packing is a Compress of the time-major batch;
// unpacking gathers each step's rows back. A recurrent layer on packed data
// runs on the unpacked batch with ONNX's sequence_lens, which stops each
// sequence at its length, and packs its output again.

/// A time-major padded batch [steps, batch, *], which steps of which
/// sequence are valid ([steps, batch] bool), and the sequences' lengths (i64
/// [batch]).
struct PaddedBatch {
  Value padded, valid, lengths;
};

/// Shape `shape` with its first dim replaced by the dims `leading`.
SmallVector<int64_t> withLeadingDims(ArrayRef<int64_t> leading,
                                     ArrayRef<int64_t> shape) {
  SmallVector<int64_t> result(leading);
  llvm::append_range(result, shape.drop_front());
  return result;
}

/// Unpacks `data` [N, *] with i64 `batchSizes` [steps]; the steps past a
/// sequence's end hold `fill` (a converted scalar of data's element type).
FailureOr<PaddedBatch> unpack(ONNXBuilder &b, Value data, Value batchSizes,
                              Value fill) {
  std::optional<SmallVector<int64_t>> shape = getShape(data);
  std::optional<SmallVector<int64_t>> sizesShape = getShape(batchSizes);
  if (!shape || shape->empty() || !sizesShape || sizesShape->size() != 1)
    return failure();
  Type i64 = b.getBuilder().getI64Type();
  Type i1 = b.getBuilder().getI1Type();
  int64_t steps = (*sizesShape)[0];
  int64_t dynamic = ShapedType::kDynamic;
  Value sizes = b.cast(batchSizes, i64);
  // The batch is the first step's: every sequence has at least one step.
  Value batch = b.create<ONNX::GatherOp>(RankedTensorType::get({}, i64),
                                         {sizes, b.i64Scalar(0)},
                                         {b.intAttr("axis", 0)});
  Value columns = b.create<ONNX::RangeOp>(RankedTensorType::get({dynamic}, i64),
                                          {b.i64Scalar(0), batch,
                                           b.i64Scalar(1)});
  Value rowColumns = b.unsqueeze(columns, {0});
  Value valid = b.binary<ONNX::LessOp>(rowColumns, b.unsqueeze(sizes, {1}), i1);
  Value offsets = b.create<ONNX::CumSumOp>(
      sizes.getType(), {sizes, b.i64Scalar(0)}, {b.intAttr("exclusive", 1)});
  Value rows = b.binary<ONNX::AddOp>(b.unsqueeze(offsets, {1}), rowColumns);
  // Rows past a sequence's end read row 0, which the Where then replaces.
  rows = b.create<ONNX::WhereOp>(rows.getType(),
                                 {valid, rows, b.intScalar(i64, 0)});
  Type elementType = getElementType(data);
  auto paddedType = RankedTensorType::get(
      withLeadingDims({steps, dynamic}, *shape), elementType);
  Value gathered = b.create<ONNX::GatherOp>(paddedType, {data, rows},
                                            {b.intAttr("axis", 0)});
  SmallVector<int64_t> trailing;
  for (int64_t d = 2; d < paddedType.getRank(); ++d)
    trailing.push_back(d);
  Value validRows = trailing.empty() ? valid : b.unsqueeze(valid, trailing);
  Value padded = b.create<ONNX::WhereOp>(paddedType,
                                         {validRows, gathered, fill});
  Value lengths = b.reduce<ONNX::ReduceSumOp>(b.cast(valid, i64), {0}, false);
  return PaddedBatch{padded, valid, lengths};
}

/// Packs the valid steps of time-major `padded` [steps, batch, *], whose
/// trailing dims are static: the rows where `valid` holds, step by step.
Value packRows(ONNXBuilder &b, Value padded, Value valid, Type resultType) {
  std::optional<SmallVector<int64_t>> shape = getShape(padded);
  SmallVector<int64_t> flat =
      withLeadingDims({-1}, ArrayRef<int64_t>(*shape).drop_front());
  return b.create<ONNX::CompressOp>(
      resultType, {b.reshape(padded, flat), b.reshape(valid, {-1})},
      {b.intAttr("axis", 0)});
}

/// Whether the dims of `value` after the first two are static.
bool hasStaticTrailingDims(Value value) {
  std::optional<SmallVector<int64_t>> shape = getShape(value);
  return shape && shape->size() >= 2 &&
         llvm::none_of(ArrayRef(*shape).drop_front(2), ShapedType::isDynamic);
}

/// `value` with its first two dims swapped: batch first to time-major and
/// back.
Value swapLeadingDims(ONNXBuilder &b, Value value) {
  SmallVector<int64_t> perm = {1, 0};
  for (int64_t d = 2; d < *getRank(value); ++d)
    perm.push_back(d);
  return b.transpose(value, perm);
}

/// `aten::_pack_padded_sequence(input, lengths, batch_first)` -> (data,
/// batch_sizes), for lengths in decreasing order as PyTorch requires.
struct ConvertPackPaddedSequence
    : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::_pack_padded_sequence")
      return failure();
    if (op->getNumOperands() != 3 || op->getNumResults() != 2)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    auto dataType = getConvertedRankedType(getTypeConverter(), op.getResult(0));
    auto sizesType =
        getConvertedRankedType(getTypeConverter(), op.getResult(1));
    std::optional<bool> batchFirst =
        Torch::matchConstantBool(op.getOperand(2));
    Value input = adaptor.getOperands()[0];
    Value lengths = adaptor.getOperands()[1];
    if (!dataType || !sizesType || !batchFirst ||
        !hasStaticTrailingDims(input) || getRank(lengths) != 1)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i64 = rewriter.getI64Type();
    if (*batchFirst)
      input = swapLeadingDims(b, input);
    lengths = b.cast(lengths, i64);
    // The longest sequence's steps; lengths are sorted, so lengths[0].
    Value longest = b.reduce<ONNX::ReduceMaxOp>(lengths, {0}, true);
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    int64_t dynamic = ShapedType::kDynamic;
    input = b.create<ONNX::SliceOp>(
        RankedTensorType::get(withLeadingDims({dynamic}, *shape),
                              getElementType(input)),
        {input, b.i64Tensor({0}), longest, b.i64Tensor({0}),
         b.i64Tensor({1})});
    Value steps = b.create<ONNX::RangeOp>(
        RankedTensorType::get({dynamic}, i64),
        {b.i64Scalar(0), b.squeeze(longest, {0}), b.i64Scalar(1)});
    Value valid = b.binary<ONNX::LessOp>(b.unsqueeze(steps, {1}),
                                         b.unsqueeze(lengths, {0}),
                                         rewriter.getI1Type());
    Value data = packRows(b, input, valid, dataType);
    Value sizes = b.reduce<ONNX::ReduceSumOp>(b.cast(valid, i64), {1}, false);
    rewriter.replaceOp(op, {data, b.cast(sizes, sizesType.getElementType())});
    return success();
  }
};

/// `aten::_pad_packed_sequence(data, batch_sizes, batch_first,
/// padding_value, total_length)` -> (padded, lengths). A total length
/// beyond the longest sequence pads with more steps.
struct ConvertPadPackedSequence
    : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::_pad_packed_sequence")
      return failure();
    if (op->getNumOperands() != 5 || op->getNumResults() != 2)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    auto paddedType =
        getConvertedRankedType(getTypeConverter(), op.getResult(0));
    auto lengthsType =
        getConvertedRankedType(getTypeConverter(), op.getResult(1));
    std::optional<bool> batchFirst =
        Torch::matchConstantBool(op.getOperand(2));
    Value data = adaptor.getOperands()[0];
    if (!paddedType || !lengthsType || !batchFirst)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    Location loc = op.getLoc();
    Type elementType = getElementType(data);
    FailureOr<Value> fill =
        getScalarAsTensor(rewriter, loc, op.getOperand(3), elementType);
    if (failed(fill))
      return rewriter.notifyMatchFailure(op, "unsupported padding value");
    ONNXBuilder b(rewriter, loc);
    Value sizes = adaptor.getOperands()[1];
    FailureOr<PaddedBatch> batch = unpack(b, data, sizes, *fill);
    if (failed(batch))
      return rewriter.notifyMatchFailure(op, "unsupported shapes");
    Value padded = batch->padded;
    int64_t rank = *getRank(padded);
    // total_length is the number of steps, unless it is more.
    Value totalLength = op.getOperand(4);
    if (!isSizeOf(totalLength, op.getOperand(1), 0)) {
      FailureOr<Value> total = getScalarAsTensor(rewriter, loc, totalLength,
                                                 rewriter.getI64Type());
      if (failed(total))
        return rewriter.notifyMatchFailure(op, "unsupported total length");
      Value extra = b.binary<ONNX::MaxOp>(
          b.binary<ONNX::SubOp>(*total, b.dimSize(padded, 0)),
          b.i64Scalar(0));
      SmallVector<Value> pads(2 * rank, b.i64Scalar(0));
      pads[rank] = extra;
      SmallVector<int64_t> shape = *getShape(padded);
      shape[0] = ShapedType::kDynamic;
      padded = b.create<ONNX::PadOp>(
          RankedTensorType::get(shape, elementType),
          b.withMissingInputs(ONNX::PadOp::getOperationName(),
                              {padded, b.concatSizes(pads), *fill}));
    }
    if (*batchFirst)
      padded = swapLeadingDims(b, padded);
    rewriter.replaceOp(
        op, {padded, b.cast(batch->lengths, lengthsType.getElementType())});
    return success();
  }

  /// Whether Torch int `value` is `aten.size.int(tensor, dim)`.
  static bool isSizeOf(Value value, Value tensor, int64_t dim) {
    auto size = value.getDefiningOp<Torch::AtenSizeIntOp>();
    return size && size.getSelf() == tensor &&
           Torch::matchConstantInt(size.getDim()) == dim;
  }
};

/// `aten.lstm.data`, `aten.gru.data`, `aten.rnn_tanh.data` and
/// `aten.rnn_relu.data`: the layer on the unpacked batch, its output packed
/// again; the final states are at each sequence's last step.
template <typename OpTy, CellKind kind>
struct ConvertPackedRecurrent : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> states;
    if constexpr (kind == CellKind::LSTM) {
      std::optional<SmallVector<Value>> hx = getListElements(op.getHx());
      if (!hx || hx->size() != 2)
        return rewriter.notifyMatchFailure(op, "expected hx = [h0, c0]");
      states = *hx;
    } else {
      states = {op.getHx()};
    }
    auto outputType =
        getConvertedRankedType(this->getTypeConverter(), op.getResult0());
    Value data = adaptor.getData();
    if (!outputType || !isFloatType(getElementType(data)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<PaddedBatch> batch =
        unpack(b, data, adaptor.getBatchSizes(),
               b.scalar(getElementType(data), 0.0));
    if (failed(batch))
      return rewriter.notifyMatchFailure(op, "unsupported shapes");
    RecurrentOperands operands{op.getData(),       states,
                               op.getParams(),     op.getHasBiases(),
                               op.getNumLayers(),  op.getDropout(),
                               op.getTrain(),      op.getBidirectional(),
                               nullptr};
    operands.paddedInput = batch->padded;
    operands.sequenceLens = b.cast(batch->lengths, rewriter.getI32Type());
    FailureOr<SmallVector<Value>> results =
        lowerRecurrent(rewriter, op, kind, operands);
    if (failed(results))
      return failure();
    (*results)[0] = packRows(b, (*results)[0], batch->valid, outputType);
    rewriter.replaceOp(op, *results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Single steps
//===----------------------------------------------------------------------===//

/// Lowers one step of a cell (`aten.lstm_cell`, `aten.gru_cell`, ...) on
/// input [batch, input] (or [input]) to a node over a sequence of one step;
/// returns the new states (h, and c for an LSTM).
FailureOr<SmallVector<Value>>
lowerCellStep(ConversionPatternRewriter &rewriter, Operation *op, CellKind kind,
              Value torchInput, ArrayRef<Value> torchStates, Value inputWeight,
              Value hiddenWeight, Value torchInputBias, Value torchHiddenBias) {
  ONNXBuilder b(rewriter, op->getLoc());
  auto fail = [&](const Twine &reason) {
    return rewriter.notifyMatchFailure(op, reason);
  };
  Value input = rewriter.getRemappedValue(torchInput);
  std::optional<int64_t> rank = input ? getRank(input) : std::nullopt;
  if (!rank || (*rank != 1 && *rank != 2) ||
      !isFloatType(getElementType(input)))
    return fail("expected a 1-D or 2-D float input");
  SmallVector<int64_t> stepAxes =
      *rank == 1 ? SmallVector<int64_t>{0, 1} : SmallVector<int64_t>{0};

  DirectionWeights weights{inputWeight, hiddenWeight, nullptr, nullptr};
  if (isNone(torchInputBias) != isNone(torchHiddenBias))
    return fail("expected both biases or none");
  if (!isNone(torchInputBias)) {
    weights.inputBias = rewriter.getRemappedValue(torchInputBias);
    weights.hiddenBias = rewriter.getRemappedValue(torchHiddenBias);
    if (!weights.inputBias || !weights.hiddenBias)
      return fail("unsupported biases");
  }
  auto hiddenWeightType = dyn_cast<RankedTensorType>(hiddenWeight.getType());
  if (!hiddenWeightType || hiddenWeightType.getRank() != 2 ||
      hiddenWeightType.isDynamicDim(1))
    return fail("expected weights of static shapes");
  int64_t hiddenSize = hiddenWeightType.getDimSize(1);
  int64_t inputSize = cast<RankedTensorType>(input.getType()).getShape().back();
  if (!hasCellShapes(weights, getNumGates(kind), hiddenSize, inputSize))
    return fail("unexpected weight shapes");

  SmallVector<Value> states;
  for (Value state : torchStates) {
    Value converted = rewriter.getRemappedValue(state);
    if (!converted || getRank(converted) != *rank)
      return fail("unexpected state");
    states.push_back(b.unsqueeze(converted, stepAxes));
  }
  Value x = b.unsqueeze(input, stepAxes);
  NodeWeights nodeWeights = getNodeWeights(b, kind, {weights});
  NodeResults node =
      createNode(b, kind, x, nodeWeights, states[0],
                 states.size() > 1 ? states[1] : nullptr, nullptr, hiddenSize,
                 1);
  SmallVector<Value> results = {b.squeeze(node.yH, stepAxes)};
  if (node.yC)
    results.push_back(b.squeeze(node.yC, stepAxes));
  return results;
}

/// `aten.lstm_cell(input, hx, w_ih, w_hh, b_ih, b_hh)` with hx = [h, c].
struct ConvertLstmCell : public ONNXConversionPattern<Torch::AtenLstmCellOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLstmCellOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<SmallVector<Value>> hx = getListElements(op.getHx());
    if (!hx || hx->size() != 2)
      return rewriter.notifyMatchFailure(op, "expected hx = [h, c]");
    FailureOr<SmallVector<Value>> results = lowerCellStep(
        rewriter, op, CellKind::LSTM, op.getInput(), *hx, adaptor.getWIh(),
        adaptor.getWHh(), op.getBIh(), op.getBHh());
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

/// `aten.gru_cell`, `aten.rnn_tanh_cell` and `aten.rnn_relu_cell`.
template <typename OpTy, CellKind kind>
struct ConvertSingleStateCell : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Value>> results = lowerCellStep(
        rewriter, op, kind, op.getInput(), {op.getHx()}, adaptor.getWIh(),
        adaptor.getWHh(), op.getBIh(), op.getBHh());
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateRecurrentPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns,
                                              int64_t opset) {
  using namespace Torch;
  addPatterns<
      ConvertLstm, ConvertSingleStateRecurrent<AtenGruInputOp, CellKind::GRU>,
      ConvertSingleStateRecurrent<AtenRnnTanhInputOp, CellKind::RNNTanh>,
      ConvertSingleStateRecurrent<AtenRnnReluInputOp, CellKind::RNNRelu>,
      ConvertLstmCell, ConvertSingleStateCell<AtenGruCellOp, CellKind::GRU>,
      ConvertSingleStateCell<AtenRnnTanhCellOp, CellKind::RNNTanh>,
      ConvertSingleStateCell<AtenRnnReluCellOp, CellKind::RNNRelu>,
      ConvertPackPaddedSequence, ConvertPadPackedSequence,
      ConvertPackedRecurrent<AtenLstmDataOp, CellKind::LSTM>,
      ConvertPackedRecurrent<AtenGruDataOp, CellKind::GRU>,
      ConvertPackedRecurrent<AtenRnnTanhDataOp, CellKind::RNNTanh>,
      ConvertPackedRecurrent<AtenRnnReluDataOp, CellKind::RNNRelu>>(
      typeConverter, patterns, opset);
}
