// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=12 -verify-diagnostics
// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=1000 -verify-diagnostics

// expected-error @below {{unsupported ONNX opset}}
module {
  func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
    return %x : !torch.vtensor<[4],f32>
  }
}
