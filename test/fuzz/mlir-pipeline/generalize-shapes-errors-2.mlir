func.func @forward(%y: !torch.vtensor<*,f32> {torch_onnx.name = "y"}) -> !torch.vtensor<*,f32> {
  return %y : !torch.vtensor<*,f32>
}
