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
