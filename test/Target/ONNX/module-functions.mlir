// RUN: torch-onnx-translate --export-onnx %s -o %t.onnx --module-function=enc.blocks.0=mylib::Block --module-function=enc.blocks.1=mylib::Block --module-function=enc=mylib::Encoder
// RUN: %python %S/Inputs/onnx_models.py text %t.onnx | FileCheck %s
// RUN: not torch-onnx-translate --export-onnx %s -o %t.bad.onnx --module-function=enc 2>&1 | FileCheck %s --check-prefix=BAD

// The nodes of each named module call (by their scope names) become a call
// of a local function; values read from outside, weights included, are its
// inputs. Calls with the same nodes share one function, and a call inside
// another exported module is made from the outer one's function.

// CHECK: ir_version: 8
// CHECK: opset_import: ["" : 17, "mylib" : 1]
// CHECK: main_graph
// CHECK-NOT: /enc/blocks.0/MatMul
// CHECK: {{^}}{
// CHECK-NEXT: ["/enc/Encoder"] "/enc/Relu" = mylib.Encoder (x, w0, w1)
// CHECK-NEXT: [Neg] out = Neg ("/enc/Relu")
// CHECK-NEXT: }
// CHECK: domain: "mylib"
// CHECK-NEXT: opset_import: ["" : 17]
// CHECK: Block (x, w0) => ("/enc/blocks.0/Add")
// CHECK-NEXT: {
// CHECK-NEXT: ["/enc/blocks.0/MatMul"] "/enc/blocks.0/MatMul" = MatMul (x, w0)
// CHECK-NEXT: ["/enc/blocks.0/Add"] "/enc/blocks.0/Add" = Add ("/enc/blocks.0/MatMul", x)
// CHECK-NEXT: }
// CHECK: domain: "mylib"
// CHECK-NEXT: opset_import: ["" : 17,"mylib" : 1]
// CHECK: Encoder (x, w0, w1) => ("/enc/Relu")
// CHECK-NEXT: {
// CHECK-NEXT: ["/enc/blocks.0/Block"] "/enc/blocks.0/Add" = mylib.Block (x, w0)
// CHECK-NEXT: ["/enc/blocks.1/Block"] "/enc/blocks.1/Add" = mylib.Block ("/enc/blocks.0/Add", w1)
// CHECK-NEXT: ["/enc/Relu"] "/enc/Relu" = Relu ("/enc/blocks.1/Add")
// CHECK-NEXT: }
// CHECK-NOT: Block_1

// BAD: error: bad --module-function 'enc': expected PATH=DOMAIN::NAME

module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @main_graph(%x: tensor<2x2xf32> {onnx.name = "x"})
      -> (tensor<2x2xf32> {onnx.name = "out"}) {
    %w0 = "onnx.Initializer"() {name = "w0", value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %w1 = "onnx.Initializer"() {name = "w1", value = dense<2.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %0 = "onnx.MatMul"(%x, %w0) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.0")
    %1 = "onnx.Add"(%0, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.0")
    %2 = "onnx.MatMul"(%1, %w1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.1")
    %3 = "onnx.Add"(%2, %1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.1")
    %4 = "onnx.Relu"(%3) : (tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc")
    %5 = "onnx.Neg"(%4) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    return %5 : tensor<2x2xf32>
  }
}
