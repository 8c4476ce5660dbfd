// opset 13
func.func @forward(%x: !torch.vtensor<[2,3,4,4],f32>) -> !torch.vtensor<[2,3,4,4],f32> {
  %w = torch.vtensor.literal(dense_resource<bn.weight> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %b = torch.vtensor.literal(dense_resource<bn.bias> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %m = torch.vtensor.literal(dense_resource<bn.running_mean> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %v = torch.vtensor.literal(dense_resource<bn.running_var> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %w, %b, %m, %v, %false, %momentum, %eps, %true : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}

{-#
  dialect_resources: {
    builtin: {
      "bn.weight": "0x040000000000803F0000803F0000803F",
      "bn.bias": "0x04000000000000000000000000000000",
      "bn.running_mean": "0x00000000000000930516503755751424",
      "bn.running_var": "0x040000000000803F0000803F0000803F"
    }
  }
#-}
