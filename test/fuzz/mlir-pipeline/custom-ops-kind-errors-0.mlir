// opset 17
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %s = torch.constant.str "fast"
  %0 = torch.operator "mylib::foo"(%x, %s) : (!torch.vtensor<[4],f32>, !torch.str) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
