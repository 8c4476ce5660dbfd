func.func @forward(%idx: !torch.vtensor<[4],si8>) -> !torch.vtensor<[4,2],f32> {
  %w = torch.vtensor.literal(dense<1.5> : tensor<5x2xf32>) : !torch.vtensor<[5,2],f32>
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %idx, %int-1, %false, %false : !torch.vtensor<[5,2],f32>, !torch.vtensor<[4],si8>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}
