// opset 20
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.str "none"
  %0 = torch.aten.gelu %x, %none : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
