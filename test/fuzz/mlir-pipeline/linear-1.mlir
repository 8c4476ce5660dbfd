func.func @forward(%x: !torch.vtensor<[2,5,4],f32>) -> !torch.vtensor<[2,5,3],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
  %b = torch.vtensor.literal(dense<0.5> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,5,3],f32>
  return %0 : !torch.vtensor<[2,5,3],f32>
}
