// opset 17
func.func @forward(%q: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 1.000000e-01
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q, %none, %p, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}
