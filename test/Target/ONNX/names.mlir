// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s
// RUN: torch-onnx-translate --export-onnx %s -o %t.onnx
// RUN: %python %S/Inputs/onnx_models.py check %t.onnx | FileCheck %s --check-prefix=FILE

// Graph inputs and outputs keep their `onnx.name`s and `onnx.dim_params`;
// unnamed values and dims get generated names, node names come from NameLocs
// and are uniqued, and an output that is not made by a node of its own goes
// through an Identity.

// CHECK: opset_import: ["" : 17]
// CHECK: main_graph (float[batch,3] x, float[input_1_dim_0,input_1_dim_1] input_1)
// CHECK-SAME: => (float[batch,3] out, float[batch,3] x, float[again_dim_0,3] again, float[output_3_dim_0,output_3_dim_1] output_3)
// CHECK-NEXT: value_info <float[?,3] block/relu, float[?,3] block/relu_1>
// CHECK-NEXT: {
// CHECK-NEXT: [block/relu] block/relu = Relu (x)
// CHECK-NEXT: [block/relu_1] block/relu_1 = Relu (block/relu)
// CHECK-NEXT: [Abs] out = Abs (block/relu_1)
// CHECK-NEXT: [Neg] output_3 = Neg (input_1)
// CHECK-NEXT: [Identity] again = Identity (out)
// CHECK-NEXT: }

// The written model passes ONNX's full check.
// FILE: {{^}}checked{{$}}

module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @main_graph(
      %x: tensor<?x3xf32> {onnx.name = "x", onnx.dim_params = ["batch", ""]},
      %y: tensor<?x?xf32>)
      -> (tensor<?x3xf32> {onnx.name = "out", onnx.dim_params = ["batch", ""]},
          tensor<?x3xf32> {onnx.name = "x"},
          tensor<?x3xf32> {onnx.name = "again"},
          tensor<?x?xf32>) {
    %0 = "onnx.Relu"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32> loc("block/relu")
    %1 = "onnx.Relu"(%0) : (tensor<?x3xf32>) -> tensor<?x3xf32> loc("block/relu")
    %2 = "onnx.Abs"(%1) : (tensor<?x3xf32>) -> tensor<?x3xf32>
    %3 = "onnx.Neg"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    return %2, %x, %2, %3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x?xf32>
  }
}
