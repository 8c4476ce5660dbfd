// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s --check-prefix=TEXT
// RUN: torch-onnx-translate --export-onnx %s -o %t.onnx
// RUN: torch-onnx-translate --import-onnx %t.onnx | FileCheck %s

// String tensors: `tensor<...x!onnx.string>` values are ONNX
// tensor(string), and their constants are written to string_data and read
// back from it.

// TEXT: (string[2] x) => (string[2] y)
// TEXT: StringConcat (x, suffix)

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x!onnx.string> {onnx.dim_params = [""], onnx.name = "x"})
// CHECK: %[[S:.*]] = "onnx.Initializer"() {name = "suffix", value = dense<["-a", "-b"]> : tensor<2x!onnx.string>}
// CHECK: %[[Y:.*]] = "onnx.StringConcat"(%[[X]], %[[S]]) : (tensor<2x!onnx.string>, tensor<2x!onnx.string>) -> tensor<2x!onnx.string>
// CHECK: return %[[Y]]
module attributes {onnx.opset_import = {ai.onnx = 20 : i64}} {
  func.func @main_graph(%x: tensor<2x!onnx.string> {onnx.name = "x"}) -> (tensor<2x!onnx.string> {onnx.name = "y"}) {
    %s = "onnx.Initializer"() {name = "suffix", value = dense<["-a", "-b"]> : tensor<2x!onnx.string>} : () -> tensor<2x!onnx.string>
    %y = "onnx.StringConcat"(%x, %s) : (tensor<2x!onnx.string>, tensor<2x!onnx.string>) -> tensor<2x!onnx.string>
    return %y : tensor<2x!onnx.string>
  }
}
