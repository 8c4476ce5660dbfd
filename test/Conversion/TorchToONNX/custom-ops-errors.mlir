// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics -convert-torch-to-onnx="custom-ops=mylib::foo=Foo"

// An entry without a DOMAIN::TYPE target is refused.
// expected-error @below {{bad custom-ops entry 'mylib::foo=Foo': expected OP=DOMAIN::TYPE(NAME0,NAME1,...)}}
module {
  func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
    return %x : !torch.vtensor<[4],f32>
  }
}
