// opset 23
func.func @forward(%q: !torch.vtensor<[1,2,3,4],f32>, %k: !torch.vtensor<[1,2,5,4],f32>, %v: !torch.vtensor<[1,2,5,4],f32>, %m: !torch.vtensor<[3,5],f16>) -> !torch.vtensor<[1,2,3,4],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %zero, %false, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[3,5],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,3,4],f32>
  return %0 : !torch.vtensor<[1,2,3,4],f32>
}
