// opset 20
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %m1 = torch.constant.int -1
  %int1 = torch.constant.int 1
  %0 = torch.aten.relu6 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.hardtanh %0, %m1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}
