func.func @forward(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?,?],f32> {
  %min = torch.constant.int -9223372036854775808
  %0 = torch.aten.diag %x, %min : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}
