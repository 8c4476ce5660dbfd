// RUN: not torch-onnx-translate --export-onnx-text %s 2>&1 | FileCheck %s

// The graph is the public function; ops of other dialects have no ONNX form.

// CHECK: error: 'func.call' op cannot be written as an ONNX node

module {
  func.func private @helper(%x: tensor<3xf32>) -> tensor<3xf32> {
    return %x : tensor<3xf32>
  }
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = func.call @helper(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
