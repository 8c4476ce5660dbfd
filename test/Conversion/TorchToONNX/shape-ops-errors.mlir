// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// A -1 beside a 0 dim cannot be inferred (PyTorch refuses it too).
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::view (1x)}}
func.func @forward(%x: !torch.vtensor<[?,0],f32>) -> !torch.vtensor<[0,?],f32> {
  %int0 = torch.constant.int 0
  %m1 = torch.constant.int -1
  %s = torch.prim.ListConstruct %int0, %m1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+2 {{cannot infer size -1 of a reshape to a shape with a 0 dim}}
  // expected-error @+1 {{cannot convert 'aten::view' to ONNX opset 17}}
  %0 = torch.aten.view %x, %s : !torch.vtensor<[?,0],f32>, !torch.list<int> -> !torch.vtensor<[0,?],f32>
  return %0 : !torch.vtensor<[0,?],f32>
}
