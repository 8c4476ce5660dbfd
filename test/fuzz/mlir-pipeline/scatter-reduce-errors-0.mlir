// opset 18
func.func @forward(%self: !torch.vtensor<[5],f32>, %index: !torch.vtensor<[2],si64>, %src: !torch.vtensor<[2],f32>) -> !torch.vtensor<[5],f32> {
  %int0 = torch.constant.int 0
  %amax = torch.constant.str "amax"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %self, %int0, %index, %src, %amax, %true : !torch.vtensor<[5],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[2],f32>, !torch.str, !torch.bool -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}
