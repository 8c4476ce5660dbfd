//===- ShapeInferenceSequence.cpp - Shape rules of sequence layers --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Recurrent layers (lstm, gru and rnn, on padded or packed sequences) and
// the fused attention and transformer ops. Their meta kernels live in
// PyTorch's Python package or take operands too large for a CPU run at the
// stand-in sizes of unknown dims. Their cells and einsum take their types
// from PyTorch's registries.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// The batch dim of a recurrent layer: the input's, unless the input knows
/// nothing about it.
DimInfo pickBatchDim(DimInfo fromInput, DimInfo fromState) {
  if (fromInput.isKnown() || fromInput.symbol)
    return fromInput;
  return fromState;
}

/// lstm/gru/rnn on a padded input: (output, h_n[, c_n]).
bool inferRecurrentLayer(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenLstmInputOp, AtenGruInputOp, AtenRnnTanhInputOp,
           AtenRnnReluInputOp>(op))
    return false;
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  SmallVector<TensorInfo> states;
  if (isa<AtenLstmInputOp>(op)) {
    if (std::optional<SmallVector<TensorInfo>> hx =
            refiner.getTensorList(op->getOperand(1)))
      states = *hx;
  } else {
    states.push_back(refiner.getTensor(op->getOperand(1)));
  }
  std::optional<bool> bidirectional = matchConstantBool(op->getOperand(7));
  std::optional<bool> batchFirst = matchConstantBool(op->getOperand(8));
  if (!input.hasRank() || !bidirectional || !batchFirst ||
      (input.getRank() != 2 && input.getRank() != 3))
    return true;
  bool batched = input.getRank() == 3;
  ArrayRef<DimInfo> in = *input.dims;
  DimInfo time = batched && *batchFirst ? in[1] : in[0];
  DimInfo batch = batched ? (*batchFirst ? in[0] : in[1]) : DimInfo();

  // Output features: the hidden (or projected) size in each direction.
  DimInfo features = DimInfo::unknown();
  if (!states.empty() && states.front().hasRank() &&
      states.front().getRank() > 0) {
    DimInfo hidden = states.front().dims->back();
    if (hidden.isKnown())
      features = DimInfo::known(hidden.size * (*bidirectional ? 2 : 1));
  }
  SmallVector<DimInfo> output;
  if (!batched)
    output = {time, features};
  else if (*batchFirst)
    output = {batch, time, features};
  else
    output = {time, batch, features};
  refiner.setTensor(op->getResult(0), TensorInfo::ranked(output, input.dtype));

  for (unsigned i = 1; i < op->getNumResults(); ++i) {
    if (i - 1 >= states.size())
      break;
    TensorInfo state = states[i - 1];
    if (batched && state.hasRank() && state.getRank() == 3)
      (*state.dims)[1] = pickBatchDim(batch, (*state.dims)[1]);
    if (!state.dtype)
      state.dtype = input.dtype;
    refiner.setTensor(op->getResult(i), state);
  }
  return true;
}

/// lstm/gru/rnn on packed data [N, input]: (output [N', features], h_n[,
/// c_n]), the states shaped as given. N' is unknown: the packed steps of
/// the output are the input's, but the data may hold more rows.
bool inferPackedRecurrentLayer(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenLstmDataOp, AtenGruDataOp, AtenRnnTanhDataOp,
           AtenRnnReluDataOp>(op))
    return false;
  TensorInfo data = refiner.getTensor(op->getOperand(0));
  SmallVector<TensorInfo> states;
  if (isa<AtenLstmDataOp>(op)) {
    if (std::optional<SmallVector<TensorInfo>> hx =
            refiner.getTensorList(op->getOperand(2)))
      states = *hx;
  } else {
    states.push_back(refiner.getTensor(op->getOperand(2)));
  }
  std::optional<bool> bidirectional = matchConstantBool(op->getOperand(8));
  DimInfo features = DimInfo::unknown();
  if (bidirectional && !states.empty() && states.front().hasRank() &&
      states.front().getRank() == 3 && states.front().dims->back().isKnown())
    features = DimInfo::known(states.front().dims->back().size *
                              (*bidirectional ? 2 : 1));
  refiner.setTensor(op->getResult(0),
                    TensorInfo::ranked({DimInfo::unknown(), features},
                                       data.dtype));
  for (unsigned i = 1; i < op->getNumResults() && i - 1 < states.size();
       ++i) {
    TensorInfo state = states[i - 1];
    if (!state.dtype)
      state.dtype = data.dtype;
    refiner.setTensor(op->getResult(i), state);
  }
  return true;
}

/// `aten::_pack_padded_sequence(input, lengths, batch_first)` gives (data
/// [N, *], batch_sizes [steps]); `aten::_pad_packed_sequence(data,
/// batch_sizes, batch_first, padding_value, total_length)` gives (padded
/// [steps, batch, *] or batch first, lengths [batch]). Neither has a
/// generated op.
bool inferPackedSequenceOp(Operation *op, ShapeRefiner &refiner) {
  auto named = dyn_cast<OperatorOp>(op);
  if (!named || op->getNumResults() != 2)
    return false;
  bool pack = named.getName() == "aten::_pack_padded_sequence";
  if (!pack && named.getName() != "aten::_pad_packed_sequence")
    return false;
  Type i64 = IntegerType::get(op->getContext(), 64, IntegerType::Signed);
  TensorInfo tensor = refiner.getTensor(op->getOperand(0));
  std::optional<bool> batchFirst = matchConstantBool(op->getOperand(2));
  DimInfo unknown = DimInfo::unknown();
  TensorInfo result = TensorInfo::unranked(tensor.dtype);
  if (tensor.hasRank() && batchFirst) {
    ArrayRef<DimInfo> dims = *tensor.dims;
    SmallVector<DimInfo> shape;
    if (pack && dims.size() >= 2) {
      shape.push_back(unknown);
      llvm::append_range(shape, dims.drop_front(2));
    } else if (!pack && !dims.empty()) {
      shape = {unknown, unknown};
      llvm::append_range(shape, dims.drop_front());
    }
    if (!shape.empty())
      result = TensorInfo::ranked(shape, tensor.dtype);
  }
  refiner.setTensor(op->getResult(0), result);
  refiner.setTensor(op->getResult(1), TensorInfo::ranked({unknown}, i64));
  return true;
}

/// _native_multi_head_attention: (output, attention weights).
bool inferMultiHeadAttention(Operation *op, ShapeRefiner &refiner) {
  auto mha = dyn_cast<Aten_NativeMultiHeadAttentionOp>(op);
  if (!mha)
    return false;
  TensorInfo query = refiner.getTensor(mha.getQuery());
  TensorInfo key = refiner.getTensor(mha.getKey());
  TensorInfo output = query;
  if (output.hasRank() && output.getRank() > 0)
    output.dims->back() = refiner.getInt(mha.getEmbedDim());
  refiner.setTensor(mha.getResult(0), output);

  TensorInfo weights = TensorInfo::unranked(query.dtype);
  std::optional<bool> needWeights = matchConstantBool(mha.getNeedWeights());
  std::optional<bool> average = matchConstantBool(mha.getAverageAttnWeights());
  if (needWeights == true && average && query.hasRank() && key.hasRank() &&
      query.getRank() == 3 && key.getRank() == 3) {
    SmallVector<DimInfo> dims = {unifyDims((*query.dims)[0], (*key.dims)[0])};
    if (!*average)
      dims.push_back(refiner.getInt(mha.getNumHead()));
    dims.push_back((*query.dims)[1]);
    dims.push_back((*key.dims)[1]);
    weights = TensorInfo::ranked(dims, query.dtype);
  }
  refiner.setTensor(mha.getResult(1), weights);
  return true;
}

/// scaled_dot_product_attention: the query's shape with the value's last dim.
bool inferScaledDotProductAttention(Operation *op, ShapeRefiner &refiner) {
  auto sdpa = dyn_cast<AtenScaledDotProductAttentionOp>(op);
  if (!sdpa)
    return false;
  TensorInfo output = refiner.getTensor(sdpa.getQuery());
  TensorInfo value = refiner.getTensor(sdpa.getValue());
  if (output.hasRank() && output.getRank() > 0) {
    if (value.hasRank() && value.getRank() > 0)
      output.dims->back() = value.dims->back();
    else
      output.dims->back() = DimInfo::unknown();
  }
  refiner.setTensor(sdpa.getResult(), output);
  return true;
}

} // namespace

bool mlir::torch_onnx::Torch::inferSequenceOp(Operation *op,
                                              ShapeRefiner &refiner) {
  if (isa<Aten_TransformerEncoderLayerFwdOp>(op)) {
    refiner.setTensor(op->getResult(0), refiner.getTensor(op->getOperand(0)));
    return true;
  }
  return inferRecurrentLayer(op, refiner) ||
         inferPackedRecurrentLayer(op, refiner) ||
         inferPackedSequenceOp(op, refiner) ||
         inferMultiHeadAttention(op, refiner) ||
         inferScaledDotProductAttention(op, refiner);
}
