// RUN: torch-onnx-opt %s -verify-diagnostics -convert-torch-to-onnx="custom-ops=mylib::foo=custom::Foo(,mode:int)"

// A constant that the declared attribute kind cannot hold is an error at
// the op, which then stays unconverted.
// expected-error @below {{cannot convert 1 op to ONNX opset 17: mylib::foo (1x)}}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %s = torch.constant.str "fast"
  // expected-error @below {{argument 1 of 'mylib::foo' is "fast", which the attribute 'mode' of custom::Foo cannot take (it is declared int)}}
  // expected-error @below {{cannot convert}}
  %0 = torch.operator "mylib::foo"(%x, %s) : (!torch.vtensor<[4],f32>, !torch.str) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
