// A user's custom op that torch-onnx does not lower by itself.
func.func @main(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>)
    -> !torch.vtensor<[2,3],f32> {
  %alpha = torch.constant.float 2.5
  %0 = torch.operator "example::scaled_add"(%a, %b, %alpha)
      : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.float)
      -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2,3],f32>
      -> !torch.vtensor<[2,3],f32>
  return %1 : !torch.vtensor<[2,3],f32>
}
