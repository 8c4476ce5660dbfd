func.func @forward(%y: !torch.vtensor<[4,3],f32> {torch_onnx.name = "y"}) -> !torch.vtensor<[4,3],f32> {
  return %y : !torch.vtensor<[4,3],f32>
}
