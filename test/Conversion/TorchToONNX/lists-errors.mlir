// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// hstack of a tensor of unknown rank: whether it joins along dim 0 or 1
// depends on the rank.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::hstack (1x)}}
func.func @forward(%a: !torch.vtensor<*,f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<*,f32> {
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<*,f32>, !torch.vtensor<[3],f32>) -> !torch.list<vtensor>
  // expected-error @+1 {{cannot convert 'aten::hstack' to ONNX opset 17}}
  %0 = torch.aten.hstack %l : !torch.list<vtensor> -> !torch.vtensor<*,f32>
  return %0 : !torch.vtensor<*,f32>
}
