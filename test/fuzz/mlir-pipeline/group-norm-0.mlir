// opset 13
func.func @forward(%x: !torch.vtensor<[2,6,4,4],f32>) -> !torch.vtensor<[2,6,4,4],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<6xf32>) : !torch.vtensor<[6],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<6xf32>) : !torch.vtensor<[6],f32>
  %int3 = torch.constant.int 3
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %0 = torch.aten.group_norm %x, %int3, %w, %b, %eps, %true : !torch.vtensor<[2,6,4,4],f32>, !torch.int, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,6,4,4],f32>
  return %0 : !torch.vtensor<[2,6,4,4],f32>
}
