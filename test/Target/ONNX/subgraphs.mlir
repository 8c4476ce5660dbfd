// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: torch-onnx-translate --export-onnx %s -o %t/model.onnx
// RUN: %python %S/Inputs/onnx_models.py check %t/model.onnx | FileCheck %s --check-prefix=FILE

// If and Loop bodies become GRAPH attributes; values of the outer graph are
// referenced by name, and a body output that is not made in the body goes
// through an Identity.

// CHECK: opset_import: ["" : 16]
// CHECK: control_flow (bool[] c, float[2] x) => (float[2] looped)
// CHECK-NEXT: <float[2] outer = {1.0, 2.0}, int64[] trip = {3}>
// CHECK-NEXT: value_info <float[2] branch>
// CHECK-NEXT: {
// CHECK-NEXT: [branch] branch = If <then_branch = branch_then_branch () => (float[2] then_add)
// CHECK-NEXT: {
// CHECK-NEXT: [then_add] then_add = Add (x, outer)
// CHECK-NEXT: }, else_branch = branch_else_branch () => (float[2] branch_else_branch_out0)
// CHECK-NEXT: {
// CHECK-NEXT: [Identity] branch_else_branch_out0 = Identity (outer)
// CHECK-NEXT: }> (c)
// CHECK-NEXT: [loop] looped = Loop <body = loop_body (int64[] loop_body_in0, bool[] loop_body_in1, float[2] loop_body_in2) => (bool[] loop_body_out0, float[2] body_add)
// CHECK-NEXT: {
// CHECK-NEXT: [body_add] body_add = Add (loop_body_in2, outer)
// CHECK-NEXT: [Identity_1] loop_body_out0 = Identity (loop_body_in1)
// CHECK-NEXT: }> (trip, , branch)
// CHECK-NEXT: }

// FILE: ir_version 8
// FILE-NEXT: opset '' 16
// FILE-NEXT: initializer outer inline
// FILE-NEXT: initializer trip inline
// FILE-NEXT: checked

module attributes {onnx.opset_import = {"ai.onnx" = 16 : i64}} {
  func.func @control_flow(%c: tensor<i1> {onnx.name = "c"},
                          %x: tensor<2xf32> {onnx.name = "x"})
      -> (tensor<2xf32> {onnx.name = "looped"}) {
    %outer = "onnx.Initializer"() {name = "outer", value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %trip = "onnx.Initializer"() {name = "trip", value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %none = "onnx.NoValue"() : () -> none
    %branch = "onnx.If"(%c) ({
      %t = "onnx.Add"(%x, %outer) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("then_add")
      "onnx.Yield"(%t) : (tensor<2xf32>) -> ()
    }, {
      "onnx.Yield"(%outer) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32> loc("branch")
    %looped = "onnx.Loop"(%trip, %none, %branch) ({
    ^bb0(%i: tensor<i64>, %cond: tensor<i1>, %acc: tensor<2xf32>):
      %next = "onnx.Add"(%acc, %outer) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("body_add")
      "onnx.Yield"(%cond, %next) : (tensor<i1>, tensor<2xf32>) -> ()
    }) : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32> loc("loop")
    return %looped : tensor<2xf32>
  }
}
