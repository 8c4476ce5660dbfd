func.func @forward(%x: !torch.vtensor<[?,3],f32> {torch_onnx.name = "x", torch_onnx.dim_params = ["batch", ""]},
                   %m: !torch.vtensor<[3],f32> {torch_onnx.name = "bn.running_mean", torch_onnx.initial_value = dense<0.0> : tensor<3xf32>})
    -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32> {torch_onnx.name = "bn.running_mean.out"})
    attributes {torch_onnx.state = [{input = "bn.running_mean", output = "bn.running_mean.out", path = "bn.running_mean"}]} {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %m, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0, %m : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32>
}
