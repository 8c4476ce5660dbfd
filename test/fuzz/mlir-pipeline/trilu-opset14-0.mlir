// opset 14
func.func @forward(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[3,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.triu %x, %int1 : !torch.vtensor<[3,3],f32>, !torch.int -> !torch.vtensor<[3,3],f32>
  return %0 : !torch.vtensor<[3,3],f32>
}
