func.func @forward(%self: !torch.vtensor<[3,5],f32>, %index: !torch.vtensor<[3,2],si64>, %src: !torch.vtensor<[3,2],f32>) -> (!torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>) {
  %int1 = torch.constant.int 1
  %prod = torch.constant.str "prod"
  %mean = torch.constant.str "mean"
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %self, %int1, %index, %src, %prod, %false : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,5],f32>
  %1 = torch.aten.scatter_reduce.two %self, %int1, %index, %src, %mean, %true : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,5],f32>
  return %0, %1 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>
}
