// RUN: rm -rf %t && mkdir -p %t
// RUN: not torch-onnx-translate --export-onnx %s -o %t/model.onnx --external-data-threshold 0 2>&1 | FileCheck %s
// RUN: ls -A %t | FileCheck %s --allow-empty --check-prefix=EMPTY
// RUN: torch-onnx-translate --export-onnx %s -o %t/unchecked.onnx --no-verify-onnx
// RUN: test -f %t/unchecked.onnx

// A model that ONNX's shape inference rejects (the declared output shape
// contradicts the inferred one) is not written, and neither is its side
// file.

// CHECK: error: ONNX shape inference rejects the model:
// EMPTY-NOT: {{.}}

module {
  func.func @forward(%x: tensor<2x3xf32> {onnx.name = "x"}) -> (tensor<3x2xf32> {onnx.name = "y"}) {
    %w = "onnx.Initializer"() {name = "w", value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %y = "onnx.Add"(%x, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x2xf32>
    return %y : tensor<3x2xf32>
  }
}
