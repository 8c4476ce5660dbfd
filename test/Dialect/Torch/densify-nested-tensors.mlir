// RUN: torch-onnx-opt %s -split-input-file -torch-densify-nested-tensors | FileCheck %s

// nn.TransformerEncoder's fast path with a key padding mask: two layers on
// a nested tensor, padded back to the longest sequence. The nested tensor
// becomes its input with the rows past each length zeroed, the layers get
// the key padding mask (mask_type 1), and to_padded_tensor fills the
// padding rows and keeps max(lengths) rows.

// CHECK-LABEL: func.func @two_layers(
// CHECK-SAME:      %[[X:[^:]*]]: !torch.vtensor<[2,6,8],f32>, %[[PADDING:[^:]*]]: !torch.vtensor<[2,6],i1>
// CHECK:         %[[PAD:.*]] = torch.constant.float 0.000000e+00
// CHECK:         %[[VALID:.*]] = torch.aten.logical_not %[[PADDING]]
// CHECK:         %[[NONE:.*]] = torch.constant.none
// CHECK:         %[[INT1:.*]] = torch.constant.int 1
// CHECK:         %[[INT2:.*]] = torch.constant.int 2
// CHECK:         %[[INT64:.*]] = torch.constant.int 4
// CHECK:         %[[TRUE:.*]] = torch.constant.bool true
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %[[INT1]] : (!torch.int) -> !torch.list<int>
// CHECK:         %[[LENGTHS:.*]] = torch.aten.sum.dim_IntList %[[VALID]], %[[DIMS]], %[[TRUE]], %[[INT64]] : {{.*}} -> !torch.vtensor<[2,1],si64>
// CHECK:         %[[L:.*]] = torch.aten.size.int %[[X]], %[[INT1]]
// CHECK:         %[[POSITIONS:.*]] = torch.aten.arange %[[L]], %[[INT64]], %[[NONE]], %[[NONE]], %[[NONE]] : {{.*}} -> !torch.vtensor<[6],si64>
// CHECK:         %[[KEY_PADDING:.*]] = torch.aten.ge.Tensor %[[POSITIONS]], %[[LENGTHS]] : !torch.vtensor<[6],si64>, !torch.vtensor<[2,1],si64> -> !torch.vtensor<[2,6],i1>
// CHECK:         %[[ROWS:.*]] = torch.aten.unsqueeze %[[KEY_PADDING]], %[[INT2]] : {{.*}} -> !torch.vtensor<[2,6,1],i1>
// CHECK:         %[[MASK_TYPE:.*]] = torch.constant.int 1
// CHECK:         %[[ZERO:.*]] = torch.constant.float 0.000000e+00
// CHECK:         %[[DENSE:.*]] = torch.aten.masked_fill.Scalar %[[X]], %[[ROWS]], %[[ZERO]] : {{.*}} -> !torch.vtensor<[2,6,8],f32>
// CHECK:         %[[Y0:.*]] = torch.aten._transformer_encoder_layer_fwd %[[DENSE]], {{.*}}, %[[KEY_PADDING]], %[[MASK_TYPE]] : !torch.vtensor<[2,6,8],f32>, {{.*}}, !torch.vtensor<[2,6],i1>, !torch.int -> !torch.vtensor
// CHECK:         %[[Y1:.*]] = torch.aten._transformer_encoder_layer_fwd %[[Y0]], {{.*}}, %[[KEY_PADDING]], %[[MASK_TYPE]] :
// CHECK:         %[[FILLED:.*]] = torch.aten.masked_fill.Scalar %[[Y1]], %[[ROWS]], %[[PAD]] : {{.*}} -> !torch.vtensor<[2,6,8],f32>
// CHECK:         %[[LONGEST:.*]] = torch.aten.max %[[LENGTHS]] : !torch.vtensor<[2,1],si64> -> !torch.vtensor<[],si64>
// CHECK:         %[[END:.*]] = torch.aten.Int.Tensor %[[LONGEST]]
// CHECK:         %[[START:.*]] = torch.constant.int 0
// CHECK:         %[[STEP:.*]] = torch.constant.int 1
// CHECK:         %[[OUT:.*]] = torch.aten.slice.Tensor %[[FILLED]], %[[STEP]], %[[START]], %[[END]], %[[STEP]] : {{.*}} -> !torch.vtensor
// CHECK:         return %[[OUT]] : !torch.vtensor
// CHECK-NOT:     _nested_tensor_from_mask
// CHECK-NOT:     to_padded_tensor
func.func @two_layers(%x: !torch.vtensor<[2,6,8],f32>, %padding: !torch.vtensor<[2,6],i1>, %wqkv: !torch.vtensor<[24,8],f32>, %bqkv: !torch.vtensor<[24],f32>, %wo: !torch.vtensor<[8,8],f32>, %b8: !torch.vtensor<[8],f32>, %w1: !torch.vtensor<[16,8],f32>, %b16: !torch.vtensor<[16],f32>, %w2: !torch.vtensor<[8,16],f32>) -> !torch.vtensor {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  %float0 = torch.constant.float 0.000000e+00
  %valid = torch.aten.logical_not %padding : !torch.vtensor<[2,6],i1> -> !torch.vtensor<[2,6],i1>
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  %0 = torch.aten._transformer_encoder_layer_fwd %nested, %int8, %int2, %wqkv, %bqkv, %wo, %b8, %false, %false, %eps, %b8, %b8, %b8, %b8, %w1, %b16, %w2, %b8, %none, %none : !torch.vtensor, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[16,8],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.none -> !torch.vtensor
  %1 = torch.aten._transformer_encoder_layer_fwd %0, %int8, %int2, %wqkv, %bqkv, %wo, %b8, %false, %false, %eps, %b8, %b8, %b8, %b8, %w1, %b16, %w2, %b8, %none, %none : !torch.vtensor, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[16,8],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.none -> !torch.vtensor
  %2 = torch.aten.to_padded_tensor %1, %float0, %none : !torch.vtensor, !torch.float, !torch.none -> !torch.vtensor
  return %2 : !torch.vtensor
}

// -----

// Self attention on a nested tensor of dynamic size, padded to the size of
// the input (`output_size = x.size()`, as PyTorch 2 pads), so nothing is
// sliced; the padding rows get the padding value.

// CHECK-LABEL: func.func @attention_to_input_size(
// CHECK-SAME:      %[[X:[^:]*]]: !torch.vtensor<[?,?,8],f32>, %[[VALID:[^:]*]]: !torch.vtensor<[?,?],i1>
// CHECK:         %[[PAD:.*]] = torch.constant.float -1.000000e+00
// CHECK:         %[[LENGTHS:.*]] = torch.aten.sum.dim_IntList %[[VALID]], {{.*}} -> !torch.vtensor<[?,1],si64>
// CHECK:         %[[KEY_PADDING:.*]] = torch.aten.ge.Tensor {{.*}} -> !torch.vtensor<[?,?],i1>
// CHECK:         %[[ROWS:.*]] = torch.aten.unsqueeze %[[KEY_PADDING]], {{.*}} -> !torch.vtensor<[?,?,1],i1>
// CHECK:         %[[MASK_TYPE:.*]] = torch.constant.int 1
// CHECK:         %[[DENSE:.*]] = torch.aten.masked_fill.Scalar %[[X]], %[[ROWS]]
// CHECK:         %[[ATTENTION:[^,]*]], %{{.*}} = torch.aten._native_multi_head_attention %[[DENSE]], %[[DENSE]], %[[DENSE]], {{.*}}, %[[KEY_PADDING]], %{{.*}}, %{{.*}}, %[[MASK_TYPE]] :
// CHECK:         %[[OUT:.*]] = torch.aten.masked_fill.Scalar %[[ATTENTION]], %[[ROWS]], %[[PAD]] : {{.*}} -> !torch.vtensor<[?,?,8],f32>
// CHECK-NOT:     torch.aten.slice.Tensor
// CHECK:         return %[[OUT]]
func.func @attention_to_input_size(%x: !torch.vtensor<[?,?,8],f32>, %valid: !torch.vtensor<[?,?],i1>, %wqkv: !torch.vtensor<[24,8],f32>, %bqkv: !torch.vtensor<[24],f32>, %wo: !torch.vtensor<[8,8],f32>, %bo: !torch.vtensor<[8],f32>) -> !torch.vtensor<[?,?,8],f32> {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %pad = torch.constant.float -1.000000e+00
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[?,?,8],f32>, !torch.vtensor<[?,?],i1>, !torch.bool -> !torch.vtensor
  %0:2 = torch.aten._native_multi_head_attention %nested, %nested, %nested, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %false, %false, %none : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor, !torch.vtensor
  %size = torch.aten.size %x : !torch.vtensor<[?,?,8],f32> -> !torch.list<int>
  %1 = torch.aten.to_padded_tensor %0#0, %pad, %size : !torch.vtensor, !torch.float, !torch.list<int> -> !torch.vtensor<[?,?,8],f32>
  return %1 : !torch.vtensor<[?,?,8],f32>
}

// -----

// An output_size listing the input's sizes, as aten.size.int of its dims or
// constants equal to its static sizes, is the input's size too.

// CHECK-LABEL: func.func @listed_input_size(
// CHECK:         %[[PAD:.*]] = torch.constant.float 0.000000e+00
// CHECK:         %[[ROWS:.*]] = torch.aten.unsqueeze
// CHECK:         %[[DENSE:.*]] = torch.aten.masked_fill.Scalar %{{.*}}, %[[ROWS]]
// CHECK-NOT:     torch.aten.slice.Tensor
// CHECK:         %[[OUT:.*]] = torch.aten.masked_fill.Scalar %[[DENSE]], %[[ROWS]], %[[PAD]] : {{.*}} -> !torch.vtensor<[2,?,8],f32>
// CHECK-NOT:     torch.aten.slice.Tensor
// CHECK:         return %[[OUT]]
func.func @listed_input_size(%x: !torch.vtensor<[2,?,8],f32>, %valid: !torch.vtensor<[2,?],i1>) -> !torch.vtensor<[2,?,8],f32> {
  %false = torch.constant.bool false
  %float0 = torch.constant.float 0.000000e+00
  %int2 = torch.constant.int 2
  %int8 = torch.constant.int 8
  %int-2 = torch.constant.int -2
  %length = torch.aten.size.int %x, %int-2 : !torch.vtensor<[2,?,8],f32>, !torch.int -> !torch.int
  %size = torch.prim.ListConstruct %int2, %length, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,?,8],f32>, !torch.vtensor<[2,?],i1>, !torch.bool -> !torch.vtensor
  %0 = torch.aten.to_padded_tensor %nested, %float0, %size : !torch.vtensor, !torch.float, !torch.list<int> -> !torch.vtensor<[2,?,8],f32>
  return %0 : !torch.vtensor<[2,?,8],f32>
}


// A function without nested tensors is left alone, also after one with
// them.

// CHECK-LABEL: func.func @dense(
// CHECK-NEXT:    %[[Y:.*]] = torch.aten.relu
// CHECK-NEXT:    return %[[Y]]
func.func @dense(%x: !torch.vtensor<[2,6,8],f32>) -> !torch.vtensor<[2,6,8],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[2,6,8],f32> -> !torch.vtensor<[2,6,8],f32>
  return %0 : !torch.vtensor<[2,6,8],f32>
}
