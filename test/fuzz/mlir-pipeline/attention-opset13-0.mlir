// opset 13
func.func @forward(%x: !torch.vtensor<[2,3,8],f32>) -> !torch.vtensor<[2,3,8],f32> {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %g = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %beta = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %w1 = torch.vtensor.literal(dense<0.5> : tensor<16x8xf32>) : !torch.vtensor<[16,8],f32>
  %b1 = torch.vtensor.literal(dense<0.6> : tensor<16xf32>) : !torch.vtensor<[16],f32>
  %w2 = torch.vtensor.literal(dense<0.7> : tensor<8x16xf32>) : !torch.vtensor<[8,16],f32>
  %b2 = torch.vtensor.literal(dense<0.8> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %eps = torch.constant.float 1.000000e-05
  %none = torch.constant.none
  %0 = torch.aten._transformer_encoder_layer_fwd %x, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %false, %false, %eps, %g, %beta, %g, %beta, %w1, %b1, %w2, %b2, %none, %none : !torch.vtensor<[2,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[16,8],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.none -> !torch.vtensor<[2,3,8],f32>
  return %0 : !torch.vtensor<[2,3,8],f32>
}
