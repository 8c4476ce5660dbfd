// RUN: torch-onnx-opt %s -split-input-file -onnx-simplify-shape-computations | FileCheck %s

// Two Unsqueezes become one: the outer axis 3 is an output dim, the inner
// axis 1 the second of the output dims that are not 3.

// CHECK-LABEL: func.func @unsqueeze_of_unsqueeze
// CHECK-SAME: (%[[X:.*]]: tensor<?xi64>)
// CHECK: %[[AXES:.*]] = "onnx.Initializer"() {name = "", value = dense<[1, 2, 3]> : tensor<3xi64>}
// CHECK: %[[Y:.*]] = "onnx.Unsqueeze"(%[[X]], %[[AXES]]) : (tensor<?xi64>, tensor<3xi64>) -> tensor<?x1x1x1xi64>
// CHECK-NEXT: return %[[Y]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @unsqueeze_of_unsqueeze(%x: tensor<?xi64>) -> tensor<?x1x1x1xi64> {
    %a = "onnx.Initializer"() {name = "", value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %b = "onnx.Initializer"() {name = "", value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%x, %a) : (tensor<?xi64>, tensor<2xi64>) -> tensor<?x1x1xi64>
    %y = "onnx.Unsqueeze"(%u, %b) : (tensor<?x1x1xi64>, tensor<1xi64>) -> tensor<?x1x1x1xi64>
    return %y : tensor<?x1x1x1xi64>
  }
}

// -----

// The outer axis comes first: the inner axis 0 is output dim 1.

// CHECK-LABEL: func.func @outer_axis_first
// CHECK: dense<[0, 1]> : tensor<2xi64>
// CHECK: "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<?xi64>, tensor<2xi64>) -> tensor<1x1x?xi64>
// CHECK-NOT: "onnx.Unsqueeze"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @outer_axis_first(%x: tensor<?xi64>) -> tensor<1x1x?xi64> {
    %a = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%x, %a) : (tensor<?xi64>, tensor<1xi64>) -> tensor<1x?xi64>
    %y = "onnx.Unsqueeze"(%u, %a) : (tensor<1x?xi64>, tensor<1xi64>) -> tensor<1x1x?xi64>
    return %y : tensor<1x1x?xi64>
  }
}

// -----

// An inner Unsqueeze with another user stays.

// CHECK-LABEL: func.func @shared_unsqueeze
// CHECK-COUNT-2: "onnx.Unsqueeze"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @shared_unsqueeze(%x: tensor<?xi64>) -> (tensor<1x?xi64>, tensor<1x1x?xi64>) {
    %a = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%x, %a) : (tensor<?xi64>, tensor<1xi64>) -> tensor<1x?xi64>
    %y = "onnx.Unsqueeze"(%u, %a) : (tensor<1x?xi64>, tensor<1xi64>) -> tensor<1x1x?xi64>
    return %u, %y : tensor<1x?xi64>, tensor<1x1x?xi64>
  }
}

// -----

// Integer x + 0, 0 + x, x - 0, x * 1 and x / 1 are x, and so is float
// x * 1; float x + 0 and an integer add that broadcasts stay.

// CHECK-LABEL: func.func @neutral_arithmetic
// CHECK-SAME: (%[[X:.*]]: tensor<?xi64>, %[[F:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<i64>)
// CHECK: %[[FLOAT:.*]] = "onnx.Add"(%[[F]], %{{.*}})
// CHECK: %[[WIDE:.*]] = "onnx.Add"(%[[S]], %{{.*}})
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[FLOAT]], %[[WIDE]], %[[F]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @neutral_arithmetic(%x: tensor<?xi64>, %f: tensor<?xf32>, %s: tensor<i64>) -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xf32>, tensor<2xi64>, tensor<?xf32>) {
    %zero = "onnx.Initializer"() {name = "", value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %one = "onnx.Initializer"() {name = "", value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %fzero = "onnx.Initializer"() {name = "", value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %fone = "onnx.Initializer"() {name = "", value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
    %zeros = "onnx.Initializer"() {name = "", value = dense<0> : tensor<2xi64>} : () -> tensor<2xi64>
    %a = "onnx.Add"(%x, %zero) : (tensor<?xi64>, tensor<i64>) -> tensor<?xi64>
    %b = "onnx.Add"(%zero, %a) : (tensor<i64>, tensor<?xi64>) -> tensor<?xi64>
    %c = "onnx.Mul"(%b, %one) : (tensor<?xi64>, tensor<i64>) -> tensor<?xi64>
    %d = "onnx.Sub"(%c, %zero) : (tensor<?xi64>, tensor<i64>) -> tensor<?xi64>
    %e = "onnx.Div"(%d, %one) : (tensor<?xi64>, tensor<i64>) -> tensor<?xi64>
    %g = "onnx.Add"(%f, %fzero) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %h = "onnx.Add"(%s, %zeros) : (tensor<i64>, tensor<2xi64>) -> tensor<2xi64>
    %k = "onnx.Mul"(%fone, %f) : (tensor<1xf32>, tensor<?xf32>) -> tensor<?xf32>
    return %a, %c, %e, %g, %h, %k : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xf32>, tensor<2xi64>, tensor<?xf32>
  }
}

// -----

// A Reshape of a Reshape reads the first one's input: the target has no
// constant 0, and its dims read at run time stand beside a -1.

// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<?x64xf32>, %[[B:.*]]: tensor<1xi64>, %[[S:.*]]: tensor<3xi64>)
// CHECK: %[[T:.*]] = "onnx.Concat"(%[[B]], %{{.*}}) {axis = 0 : si64}
// CHECK-NEXT: %[[Y:.*]] = "onnx.Reshape"(%[[X]], %[[T]]) : (tensor<?x64xf32>, tensor<4xi64>) -> tensor<?x?x4x16xf32>
// CHECK-NEXT: return %[[Y]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @reshape_of_reshape(%x: tensor<?x64xf32>, %b: tensor<1xi64>, %s: tensor<3xi64>) -> tensor<?x?x4x16xf32> {
    %rest = "onnx.Initializer"() {name = "", value = dense<[-1, 4, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
    %t = "onnx.Concat"(%b, %rest) {axis = 0 : si64} : (tensor<1xi64>, tensor<3xi64>) -> tensor<4xi64>
    %r = "onnx.Reshape"(%x, %s) : (tensor<?x64xf32>, tensor<3xi64>) -> tensor<?x?x64xf32>
    %y = "onnx.Reshape"(%r, %t) : (tensor<?x?x64xf32>, tensor<4xi64>) -> tensor<?x?x4x16xf32>
    return %y : tensor<?x?x4x16xf32>
  }
}

// -----

// A constant 0 copies a dim of the inner Reshape's result, and a target
// read at run time without -1 may hold a 0: both stay.

// CHECK-LABEL: func.func @reshape_of_reshape_kept
// CHECK-SAME: (%[[X:.*]]: tensor<?x64xf32>, %[[S:.*]]: tensor<3xi64>, %[[T:.*]]: tensor<2xi64>)
// CHECK: %[[R:.*]] = "onnx.Reshape"(%[[X]], %[[S]])
// CHECK: "onnx.Reshape"(%[[R]], %{{.*}}) : (tensor<2x?x32xf32>, tensor<4xi64>)
// CHECK: "onnx.Reshape"(%[[R]], %[[T]]) : (tensor<2x?x32xf32>, tensor<2xi64>)
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @reshape_of_reshape_kept(%x: tensor<?x64xf32>, %s: tensor<3xi64>, %t: tensor<2xi64>) -> (tensor<2x?x2x16xf32>, tensor<?x32xf32>) {
    %zero = "onnx.Initializer"() {name = "", value = dense<[2, 0, 2, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %r = "onnx.Reshape"(%x, %s) : (tensor<?x64xf32>, tensor<3xi64>) -> tensor<2x?x32xf32>
    %y = "onnx.Reshape"(%r, %zero) : (tensor<2x?x32xf32>, tensor<4xi64>) -> tensor<2x?x2x16xf32>
    %z = "onnx.Reshape"(%r, %t) : (tensor<2x?x32xf32>, tensor<2xi64>) -> tensor<?x32xf32>
    return %y, %z : tensor<2x?x2x16xf32>, tensor<?x32xf32>
  }
}

// -----

// From opset 15, a Slice of a Shape and an unsqueezed dim of a Shape are
// Shape ranges, and the Concat of neighbouring ranges of one tensor and of
// neighbouring constants merges them.

// CHECK-LABEL: func.func @shape_ranges
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?x64xf32>)
// CHECK-DAG: %[[HEAD:.*]] = "onnx.Shape"(%[[X]]) {end = 3 : si64} : (tensor<?x?x?x64xf32>) -> tensor<3xi64>
// CHECK-DAG: %[[C:.*]] = "onnx.Initializer"() {name = "", value = dense<[-1, 16]> : tensor<2xi64>}
// CHECK: %[[T:.*]] = "onnx.Concat"(%[[HEAD]], %[[C]]) {axis = 0 : si64} : (tensor<3xi64>, tensor<2xi64>) -> tensor<5xi64>
// CHECK-NOT: "onnx.Gather"
// CHECK-NOT: "onnx.Slice"
// CHECK-NOT: "onnx.Unsqueeze"
// CHECK: return %[[T]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @shape_ranges(%x: tensor<?x?x?x64xf32>) -> tensor<5xi64> {
    %s = "onnx.Shape"(%x) : (tensor<?x?x?x64xf32>) -> tensor<4xi64>
    %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %two = "onnx.Initializer"() {name = "", value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %i = "onnx.Initializer"() {name = "", value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %m1 = "onnx.Initializer"() {name = "", value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %d = "onnx.Initializer"() {name = "", value = dense<[16]> : tensor<1xi64>} : () -> tensor<1xi64>
    %none = "onnx.NoValue"() : () -> none
    %lead = "onnx.Slice"(%s, %zero, %two, %zero, %none) : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, none) -> tensor<2xi64>
    %g = "onnx.Gather"(%s, %i) {axis = 0 : si64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %u = "onnx.Unsqueeze"(%g, %zero) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %t = "onnx.Concat"(%lead, %u, %m1, %d) {axis = 0 : si64} : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi64>
    return %t : tensor<5xi64>
  }
}

// -----

// Before opset 15, Shape has no range: only the constants merge.

// CHECK-LABEL: func.func @shape_ranges_opset_14
// CHECK: "onnx.Slice"
// CHECK: "onnx.Gather"
// CHECK: "onnx.Unsqueeze"
// CHECK: "onnx.Concat"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : si64} : (tensor<2xi64>, tensor<1xi64>, tensor<2xi64>) -> tensor<5xi64>
module attributes {onnx.opset_import = {ai.onnx = 14 : i64}} {
  func.func @shape_ranges_opset_14(%x: tensor<?x?x?x64xf32>) -> tensor<5xi64> {
    %s = "onnx.Shape"(%x) : (tensor<?x?x?x64xf32>) -> tensor<4xi64>
    %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %two = "onnx.Initializer"() {name = "", value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %i = "onnx.Initializer"() {name = "", value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %m1 = "onnx.Initializer"() {name = "", value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %d = "onnx.Initializer"() {name = "", value = dense<[16]> : tensor<1xi64>} : () -> tensor<1xi64>
    %none = "onnx.NoValue"() : () -> none
    %lead = "onnx.Slice"(%s, %zero, %two, %zero, %none) : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, none) -> tensor<2xi64>
    %g = "onnx.Gather"(%s, %i) {axis = 0 : si64} : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    %u = "onnx.Unsqueeze"(%g, %zero) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %t = "onnx.Concat"(%lead, %u, %m1, %d) {axis = 0 : si64} : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi64>
    return %t : tensor<5xi64>
  }
}

// -----

// In a subgraph, a merged constant is an onnx.Constant.

// CHECK-LABEL: func.func @subgraph
// CHECK: "onnx.If"
// CHECK: %[[C:.*]] = "onnx.Constant"() {value = dense<[4, 16]> : tensor<2xi64>}
// CHECK: "onnx.Yield"(%[[C]])
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @subgraph(%c: tensor<i1>) -> tensor<2xi64> {
    %y = "onnx.If"(%c) ({
      %a = "onnx.Constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
      %b = "onnx.Constant"() {value = dense<[16]> : tensor<1xi64>} : () -> tensor<1xi64>
      %t = "onnx.Concat"(%a, %b) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
      "onnx.Yield"(%t) : (tensor<2xi64>) -> ()
    }, {
      %a = "onnx.Constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
      "onnx.Yield"(%a) : (tensor<2xi64>) -> ()
    }) : (tensor<i1>) -> tensor<2xi64>
    return %y : tensor<2xi64>
  }
}

// -----

// A Reshape to its input's type with one dynamic dim is its input; with two
// dynamic dims it may move elements between them and stays.

// CHECK-LABEL: func.func @identity_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x32x16xf32>, %[[Y:.*]]: tensor<?x?x16xf32>
// CHECK: %[[R:.*]] = "onnx.Reshape"(%[[Y]], %{{.*}})
// CHECK-NEXT: return %[[X]], %[[R]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @identity_reshape(%x: tensor<?x4x32x16xf32>, %y: tensor<?x?x16xf32>, %s: tensor<3xi64>) -> (tensor<?x4x32x16xf32>, tensor<?x?x16xf32>) {
    %t = "onnx.Initializer"() {name = "", value = dense<[0, -1, 32, 16]> : tensor<4xi64>} : () -> tensor<4xi64>
    %a = "onnx.Reshape"(%x, %t) : (tensor<?x4x32x16xf32>, tensor<4xi64>) -> tensor<?x4x32x16xf32>
    %b = "onnx.Reshape"(%y, %s) : (tensor<?x?x16xf32>, tensor<3xi64>) -> tensor<?x?x16xf32>
    return %a, %b : tensor<?x4x32x16xf32>, tensor<?x?x16xf32>
  }
}

// -----

// Attention's key, split into heads and transposed for the product: one
// Transpose. Two Transposes that undo each other are the input.

// CHECK-LABEL: func.func @transpose_of_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x4x16xf32>)
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[X]]) {perm = [0, 2, 3, 1]} : (tensor<2x8x4x16xf32>) -> tensor<2x4x16x8xf32>
// CHECK-NEXT: return %[[T]], %[[X]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @transpose_of_transpose(%x: tensor<2x8x4x16xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x8x4x16xf32>) {
    %h = "onnx.Transpose"(%x) {perm = [0, 2, 1, 3]} : (tensor<2x8x4x16xf32>) -> tensor<2x4x8x16xf32>
    %k = "onnx.Transpose"(%h) {perm = [0, 1, 3, 2]} : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
    %a = "onnx.Transpose"(%x) {perm = [1, 0, 2, 3]} : (tensor<2x8x4x16xf32>) -> tensor<8x2x4x16xf32>
    %b = "onnx.Transpose"(%a) {perm = [1, 0, 2, 3]} : (tensor<8x2x4x16xf32>) -> tensor<2x8x4x16xf32>
    return %k, %b : tensor<2x4x16x8xf32>, tensor<2x8x4x16xf32>
  }
}
