// RUN: torch-onnx-opt %s -split-input-file -torch-densify-nested-tensors -verify-diagnostics

// An elementwise op on a nested tensor has no dense equivalent here.

func.func @relu_of_nested(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>) -> !torch.vtensor {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  // expected-note @+1 {{the nested tensor is made here}}
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{nested tensors are supported only through aten._transformer_encoder_layer_fwd, aten._native_multi_head_attention and aten.to_padded_tensor}}
  %0 = torch.aten.relu %nested : !torch.vtensor -> !torch.vtensor
  %1 = torch.aten.to_padded_tensor %0, %float0, %none : !torch.vtensor, !torch.float, !torch.none -> !torch.vtensor
  return %1 : !torch.vtensor
}

// -----

// A nested tensor cannot leave the function.

func.func @returns_nested(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>) -> !torch.vtensor {
  %false = torch.constant.bool false
  // expected-note @+1 {{the nested tensor is made here}}
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{nested tensors are supported only through}}
  return %nested : !torch.vtensor
}

// -----

// The nested tensor must be the layer's source, not one of its weights.

func.func @nested_weight(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>, %w: !torch.vtensor<[8],f32>) -> !torch.vtensor {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  // expected-note @+1 {{the nested tensor is made here}}
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{nested tensors are supported only through}}
  %0 = torch.aten._transformer_encoder_layer_fwd %x, %int8, %int2, %nested, %w, %w, %w, %false, %false, %eps, %w, %w, %w, %w, %w, %w, %w, %w, %none, %none : !torch.vtensor<[2,6,8],f32>, !torch.int, !torch.int, !torch.vtensor, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.none -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// A layer on a nested tensor cannot take a mask of its own.

func.func @layer_with_mask(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>, %mask: !torch.vtensor<[6,6],i1>, %w: !torch.vtensor<[8],f32>) -> !torch.vtensor {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  %float0 = torch.constant.float 0.000000e+00
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{a mask with a nested input is not supported}}
  %0 = torch.aten._transformer_encoder_layer_fwd %nested, %int8, %int2, %w, %w, %w, %w, %false, %false, %eps, %w, %w, %w, %w, %w, %w, %w, %w, %mask, %int0 : !torch.vtensor, !torch.int, !torch.int, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[6,6],i1>, !torch.int -> !torch.vtensor
  %1 = torch.aten.to_padded_tensor %0, %float0, %none : !torch.vtensor, !torch.float, !torch.none -> !torch.vtensor
  return %1 : !torch.vtensor
}

// -----

// Attention between a nested query and a dense key and value.

func.func @mixed_attention(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>, %wqkv: !torch.vtensor<[24,8],f32>, %bqkv: !torch.vtensor<[24],f32>, %wo: !torch.vtensor<[8,8],f32>, %bo: !torch.vtensor<[8],f32>) -> !torch.vtensor {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{the query, key and value of an attention on nested tensors must be nested tensors made from the same mask}}
  %0:2 = torch.aten._native_multi_head_attention %nested, %x, %x, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %false, %false, %none : !torch.vtensor, !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor, !torch.vtensor
  return %0#0 : !torch.vtensor
}

// -----

// Attention between nested tensors made from two masks.

func.func @two_masks(%x: !torch.vtensor<[2,6,8],f32>, %a: !torch.vtensor<[2,6],i1>, %b: !torch.vtensor<[2,6],i1>, %wqkv: !torch.vtensor<[24,8],f32>, %bqkv: !torch.vtensor<[24],f32>, %wo: !torch.vtensor<[8,8],f32>, %bo: !torch.vtensor<[8],f32>) -> !torch.vtensor {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  %p = torch.aten._nested_tensor_from_mask %x, %a, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  %q = torch.aten._nested_tensor_from_mask %x, %b, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{must be nested tensors made from the same mask}}
  %0:2 = torch.aten._native_multi_head_attention %p, %q, %q, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %false, %false, %none : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor, !torch.vtensor
  %1 = torch.aten.to_padded_tensor %0#0, %float0, %none : !torch.vtensor, !torch.float, !torch.none -> !torch.vtensor
  return %1 : !torch.vtensor
}

// -----

// The attention weights of nested inputs are not computed.

func.func @weights_used(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>, %wqkv: !torch.vtensor<[24,8],f32>, %bqkv: !torch.vtensor<[24],f32>, %wo: !torch.vtensor<[8,8],f32>, %bo: !torch.vtensor<[8],f32>) -> !torch.vtensor {
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{the attention weights of nested inputs are not supported}}
  %0:2 = torch.aten._native_multi_head_attention %nested, %nested, %nested, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %true, %true, %none : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor, !torch.vtensor
  return %0#1 : !torch.vtensor
}

// -----

// Padding to a length other than the input's.

func.func @other_output_size(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>) -> !torch.vtensor {
  %false = torch.constant.bool false
  %float0 = torch.constant.float 0.000000e+00
  %int2 = torch.constant.int 2
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %size = torch.prim.ListConstruct %int2, %int10, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  // expected-error @+1 {{an output_size other than the size of the nested tensor's padded input is not supported}}
  %0 = torch.aten.to_padded_tensor %nested, %float0, %size : !torch.vtensor, !torch.float, !torch.list<int> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// PyTorch packs only 3-D inputs with a 2-D bool mask.

func.func @two_dim_input(%x: !torch.vtensor<[6,8],f32>, %valid: !torch.vtensor<[6],i1>) -> !torch.vtensor {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  // expected-error @+1 {{expected a 3-D input and a 2-D bool mask}}
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[6,8],f32>, !torch.vtensor<[6],i1>, !torch.bool -> !torch.vtensor
  %0 = torch.aten.to_padded_tensor %nested, %float0, %none : !torch.vtensor, !torch.float, !torch.none -> !torch.vtensor
  return %0 : !torch.vtensor
}
