// opset 17
func.func @forward(%q: !torch.vtensor<[2,3,8],f32>, %k: !torch.vtensor<[2,3,8],f32>, %v: !torch.vtensor<[2,3,8],f32>) -> (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[0],f32>) {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0:2 = torch.aten._native_multi_head_attention %q, %k, %v, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %false, %true, %none : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[0],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[0],f32>
}
