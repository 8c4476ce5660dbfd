func.func @forward(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.tanh %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
func.func @second(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.sigmoid %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
