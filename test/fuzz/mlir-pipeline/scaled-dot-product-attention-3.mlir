func.func @forward(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,6],f32>, %mask: !torch.vtensor<[2,3,5],f32>) -> !torch.vtensor<[2,3,6],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %mask, %zero, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,6],f32>, !torch.vtensor<[2,3,5],f32>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,6],f32>
  return %0 : !torch.vtensor<[2,3,6],f32>
}
