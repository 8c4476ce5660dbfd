func.func @constants() {
  %0 = torch.constant.int -3
  %1 = torch.constant.float 0.25
  %2 = torch.constant.bool true
  %3 = torch.constant.str "mean"
  %4 = torch.constant.none
  %5 = torch.constant.device "cpu"
  %6 = torch.constant.number 1.5 : f64
  %7 = torch.vtensor.literal(dense<[1.0, 2.0]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %8 = torch.tensor.literal(dense<3> : tensor<si64>) : !torch.tensor<[],si64>
  return
}
