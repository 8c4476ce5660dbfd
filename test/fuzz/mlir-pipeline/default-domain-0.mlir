// opset 13
func.func @forward(%x: !torch.vtensor<[2,3],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
