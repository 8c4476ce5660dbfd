// RUN: torch-onnx-opt %s -split-input-file -onnx-fold-constants | FileCheck %s

// An Identity whose input has its type is removed.

// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: onnx.Identity
// CHECK: return %[[X]]
func.func @identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "onnx.Identity"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A Transpose of an initializer becomes a transposed initializer with the
// same name, unless it is a matrix that no fold reads: the emitter writes
// that one itself (see @transposed_initializer).

// CHECK-LABEL: func.func @transpose
// CHECK: %[[T:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]]> : tensor<1x3x2xf32>}
// CHECK-NOT: onnx.Transpose
// CHECK: return %[[T]]
func.func @transpose() -> tensor<1x3x2xf32> {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>} : () -> tensor<1x2x3xf32>
  %t = "onnx.Transpose"(%w) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  return %t : tensor<1x3x2xf32>
}

// -----

// Without `perm`, Transpose reverses the dims.

// CHECK-LABEL: func.func @transpose_default_perm
// CHECK: "onnx.Initializer"() {name = "w", value = dense<{{\[}}[{{\[}}0.000000e+00, 4.000000e+00], [2.000000e+00, 6.000000e+00]], {{\[}}[1.000000e+00, 5.000000e+00], [3.000000e+00, 7.000000e+00]]]> : tensor<2x2x2xf32>}
// CHECK-NOT: onnx.Transpose
func.func @transpose_default_perm() -> tensor<2x2x2xf32> {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]]> : tensor<2x2x2xf32>} : () -> tensor<2x2x2xf32>
  %t = "onnx.Transpose"(%w) : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return %t : tensor<2x2x2xf32>
}

// -----

// Matrices wider than a tile, and other element widths: a 1x2x40 i32
// tensor with perm [0, 2, 1] and a 2x3x4 i8 tensor with perm [2, 0, 1].

// CHECK-LABEL: func.func @transpose_tiles_and_widths
// CHECK: "onnx.Initializer"() {name = "a", value = dense<{{\[}}{{\[}}[0, 140], [1, 141], [2, 142], [3, 143], [4, 144], [5, 145], [6, 146], [7, 147], [8, 148], [9, 149], [10, 150], [11, 151], [12, 152], [13, 153], [14, 154], [15, 155], [16, 156], [17, 157], [18, 158], [19, 159], [20, 160], [21, 161], [22, 162], [23, 163], [24, 164], [25, 165], [26, 166], [27, 167], [28, 168], [29, 169], [30, 170], [31, 171], [32, 172], [33, 173], [34, 174], [35, 175], [36, 176], [37, 177], [38, 178], [39, 179]]]> : tensor<1x40x2xi32>}
// CHECK: "onnx.Initializer"() {name = "b", value = dense<{{\[}}{{\[}}[0, 4, 8], [12, 16, 20]], {{\[}}[1, 5, 9], [13, 17, 21]], {{\[}}[2, 6, 10], [14, 18, 22]], {{\[}}[3, 7, 11], [15, 19, 23]]]> : tensor<4x2x3xi8>}
// CHECK-NOT: onnx.Transpose
func.func @transpose_tiles_and_widths() -> (tensor<1x40x2xi32>, tensor<4x2x3xi8>) {
  %a = "onnx.Initializer"() {name = "a", value = dense<[[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39], [140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179]]]> : tensor<1x2x40xi32>} : () -> tensor<1x2x40xi32>
  %ta = "onnx.Transpose"(%a) {perm = [0, 2, 1]} : (tensor<1x2x40xi32>) -> tensor<1x40x2xi32>
  %b = "onnx.Initializer"() {name = "b", value = dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %tb = "onnx.Transpose"(%b) {perm = [2, 0, 1]} : (tensor<2x3x4xi8>) -> tensor<4x2x3xi8>
  return %ta, %tb : tensor<1x40x2xi32>, tensor<4x2x3xi8>
}

// -----

// Reshape, Flatten, Squeeze and Unsqueeze of an initializer keep its data
// under the result type.

// CHECK-LABEL: func.func @reshapes
// CHECK-DAG: %[[R:.*]] = "onnx.Initializer"() {name = "w", value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>}
// CHECK-DAG: %[[F:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<1x6xf32>}
// CHECK-DAG: %[[U:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[{{\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]]> : tensor<1x2x3xf32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "b", value = dense<7> : tensor<i64>}
// CHECK-NOT: onnx.Reshape
// CHECK-NOT: onnx.Flatten
// CHECK-NOT: onnx.Squeeze
// CHECK-NOT: onnx.Unsqueeze
// CHECK: return %[[R]], %[[F]], %[[U]], %[[S]]
func.func @reshapes() -> (tensor<6xf32>, tensor<1x6xf32>, tensor<1x2x3xf32>, tensor<i64>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "onnx.Initializer"() {name = "b", value = dense<7> : tensor<1xi64>} : () -> tensor<1xi64>
  %shape = "onnx.Initializer"() {name = "", value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %r = "onnx.Reshape"(%w, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  %f = "onnx.Flatten"(%w) {axis = 0 : si64} : (tensor<2x3xf32>) -> tensor<1x6xf32>
  %u = "onnx.Unsqueeze"(%w, %zero) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %s = "onnx.Squeeze"(%b, %zero) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
  return %r, %f, %u, %s : tensor<6xf32>, tensor<1x6xf32>, tensor<1x2x3xf32>, tensor<i64>
}

// -----

// Ops on graph inputs stay.

// CHECK-LABEL: func.func @runtime_input
// CHECK: "onnx.Transpose"
// CHECK: "onnx.Reshape"
func.func @runtime_input(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<6xf32>) {
  %shape = "onnx.Initializer"() {name = "", value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %t = "onnx.Transpose"(%x) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "onnx.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %t, %r : tensor<3x2xf32>, tensor<6xf32>
}

// -----

// Gather of a table by constant indices, as relative position biases do.

// CHECK-LABEL: func.func @gather
// CHECK: %[[G:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[3.000000e+00, 4.000000e+00], [1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<3x2xf32>}
// CHECK-NOT: onnx.Gather
// CHECK: return %[[G]]
func.func @gather() -> tensor<3x2xf32> {
  %table = "onnx.Initializer"() {name = "table", value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %index = "onnx.Initializer"() {name = "index", value = dense<[1, 0, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %0 = "onnx.Gather"(%table, %index) {axis = 0 : si64} : (tensor<2x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Gather along an inner axis, Concat and Slice move data of any type.

// CHECK-LABEL: func.func @data_movement
// CHECK-DAG: %[[G:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[2, 1], [5, 4]]> : tensor<2x2xi32>}
// CHECK-DAG: %[[C:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[1, 2, 3, 7], [4, 5, 6, 8]]> : tensor<2x4xi32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[6, 4]]> : tensor<1x2xi32>}
// CHECK-NOT: onnx.Gather
// CHECK-NOT: onnx.Concat
// CHECK-NOT: onnx.Slice
// CHECK: return %[[G]], %[[C]], %[[S]]
func.func @data_movement() -> (tensor<2x2xi32>, tensor<2x4xi32>, tensor<1x2xi32>) {
  %a = "onnx.Initializer"() {name = "a", value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %b = "onnx.Initializer"() {name = "b", value = dense<[[7], [8]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %index = "onnx.Initializer"() {name = "", value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %g = "onnx.Gather"(%a, %index) {axis = 1 : si64} : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x2xi32>
  %c = "onnx.Concat"(%a, %b) {axis = 1 : si64} : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x4xi32>
  %starts = "onnx.Initializer"() {name = "", value = dense<[1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %ends = "onnx.Initializer"() {name = "", value = dense<[2, -4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %axes = "onnx.Initializer"() {name = "", value = dense<[0, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %steps = "onnx.Initializer"() {name = "", value = dense<[1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "onnx.Slice"(%a, %starts, %ends, %axes, %steps) : (tensor<2x3xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xi32>
  return %g, %c, %s : tensor<2x2xi32>, tensor<2x4xi32>, tensor<1x2xi32>
}

// -----

// Arithmetic on weights: broadcasting binary ops, unary math, Cast, MatMul
// and Gemm, as in a position-bias MLP.

// CHECK-LABEL: func.func @arithmetic
// CHECK-DAG: %[[ADD:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[1.100000e+01, 2.200000e+01], [1.300000e+01, 2.400000e+01]]> : tensor<2x2xf32>}
// CHECK-DAG: %[[SIG:.*]] = "onnx.Initializer"() {name = "", value = dense<[5.000000e-01, 0.731058597]> : tensor<2xf32>}
// CHECK-DAG: %[[CAST:.*]] = "onnx.Initializer"() {name = "", value = dense<[1, -2]> : tensor<2xi64>}
// CHECK-DAG: %[[MM:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[{{\[}}1.900000e+01, 2.200000e+01], [4.300000e+01, 5.000000e+01]]]> : tensor<1x2x2xf32>}
// CHECK-DAG: %[[GEMM:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[3.600000e+01, 5.000000e+01], [4.800000e+01, 6.400000e+01]]> : tensor<2x2xf32>}
// CHECK-NOT: "onnx.Add"
// CHECK-NOT: "onnx.Sigmoid"
// CHECK-NOT: "onnx.Cast"
// CHECK-NOT: "onnx.MatMul"
// CHECK-NOT: "onnx.Gemm"
// CHECK: return %[[ADD]], %[[SIG]], %[[CAST]], %[[MM]], %[[GEMM]]
func.func @arithmetic() -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<1x2x2xf32>, tensor<2x2xf32>) {
  %a = "onnx.Initializer"() {name = "a", value = dense<[[[1.0, 2.0], [3.0, 4.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %m = "onnx.Initializer"() {name = "m", value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "onnx.Initializer"() {name = "b", value = dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %row = "onnx.Initializer"() {name = "row", value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %add = "onnx.Add"(%m, %row) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %z = "onnx.Initializer"() {name = "z", value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %sig = "onnx.Sigmoid"(%z) : (tensor<2xf32>) -> tensor<2xf32>
  %f = "onnx.Initializer"() {name = "f", value = dense<[1.7, -2.7]> : tensor<2xf32>} : () -> tensor<2xf32>
  %cast = "onnx.Cast"(%f) {to = 7 : si64} : (tensor<2xf32>) -> tensor<2xi64>
  %mm = "onnx.MatMul"(%a, %b) : (tensor<1x2x2xf32>, tensor<2x2xf32>) -> tensor<1x2x2xf32>
  %gemm = "onnx.Gemm"(%m, %b, %row) {transA = 1 : si64, alpha = 1.0 : f32, beta = 1.0 : f32} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %add, %sig, %cast, %mm, %gemm : tensor<2x2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<1x2x2xf32>, tensor<2x2xf32>
}

// -----

// Integer division is left to the runtime; so are ops with a run-time
// input.

// CHECK-LABEL: func.func @not_folded
// CHECK: "onnx.Div"
// CHECK: "onnx.Add"
func.func @not_folded(%x: tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>) {
  %a = "onnx.Initializer"() {name = "a", value = dense<[7, -7]> : tensor<2xi64>} : () -> tensor<2xi64>
  %b = "onnx.Initializer"() {name = "b", value = dense<2> : tensor<2xi64>} : () -> tensor<2xi64>
  %div = "onnx.Div"(%a, %b) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  %add = "onnx.Add"(%x, %b) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %div, %add : tensor<2xi64>, tensor<2xi64>
}

// -----

// Inside a subgraph, folded values are onnx.Constant ops.

// CHECK-LABEL: func.func @subgraph
// CHECK: "onnx.If"
// CHECK: %[[C:.*]] = "onnx.Constant"() {value = dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>}
// CHECK: "onnx.Yield"(%[[C]])
func.func @subgraph(%cond: tensor<i1>) -> tensor<2xf32> {
  %0 = "onnx.If"(%cond) ({
    %a = "onnx.Constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %s = "onnx.Add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%s) : (tensor<2xf32>) -> ()
  }, {
    %b = "onnx.Constant"() {value = dense<[0.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    "onnx.Yield"(%b) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A Split of a weight, as of a packed in-projection, becomes one constant
// per piece; Trilu of a constant, as of a causal mask, is folded.

// CHECK-LABEL: func.func @split_and_trilu
// CHECK-DAG: %[[P0:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[1, 2]]> : tensor<1x2xi64>}
// CHECK-DAG: %[[P1:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[3, 4], [5, 6]]> : tensor<2x2xi64>}
// CHECK-DAG: %[[T:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[0.000000e+00, 1.000000e+00, 1.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>}
// CHECK-NOT: onnx.Split
// CHECK-NOT: onnx.Trilu
// CHECK: return %[[P0]], %[[P1]], %[[T]]
func.func @split_and_trilu() -> (tensor<1x2xi64>, tensor<2x2xi64>, tensor<2x3xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %sizes = "onnx.Initializer"() {name = "", value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0:2 = "onnx.Split"(%w, %sizes) {axis = 0 : si64} : (tensor<3x2xi64>, tensor<2xi64>) -> (tensor<1x2xi64>, tensor<2x2xi64>)
  %ones = "onnx.Initializer"() {name = "", value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %k = "onnx.Initializer"() {name = "", value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %t = "onnx.Trilu"(%ones, %k) {upper = 1 : si64} : (tensor<2x3xf32>, tensor<i64>) -> tensor<2x3xf32>
  return %0#0, %0#1, %t : tensor<1x2xi64>, tensor<2x2xi64>, tensor<2x3xf32>
}

// -----

// A Split or Transpose whose result types disagree with its input (IR that
// no verifier rejects) is left alone, not folded past the input's end.

// CHECK-LABEL: func.func @mistyped_split_and_transpose
// CHECK: "onnx.Split"
// CHECK: "onnx.Transpose"
// CHECK: "onnx.Transpose"
func.func @mistyped_split_and_transpose() -> (tensor<1x2xi64>, tensor<2x2xi64>, tensor<4x3xi64>, tensor<2x2xi64>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %sizes = "onnx.Initializer"() {name = "", value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0:2 = "onnx.Split"(%w, %sizes) {axis = 1 : si64} : (tensor<3x2xi64>, tensor<2xi64>) -> (tensor<1x2xi64>, tensor<2x2xi64>)
  %t = "onnx.Transpose"(%w) {perm = [1, 0]} : (tensor<3x2xi64>) -> tensor<4x3xi64>
  %sq = "onnx.Initializer"() {name = "", value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %d = "onnx.Transpose"(%sq) {perm = [0, 0]} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0#0, %0#1, %t, %d : tensor<1x2xi64>, tensor<2x2xi64>, tensor<4x3xi64>, tensor<2x2xi64>
}

// -----

// A reshape whose result type holds more elements than its constant input
// is left alone.

// CHECK-LABEL: func.func @mistyped_reshape
// CHECK: "onnx.Reshape"
// CHECK: "onnx.Flatten"
// CHECK: "onnx.Squeeze"
func.func @mistyped_reshape() -> (tensor<7xf32>, tensor<2x4xf32>, tensor<7xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %shape = "onnx.Initializer"() {name = "", value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %r = "onnx.Reshape"(%w, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<7xf32>
  %f = "onnx.Flatten"(%w) {axis = 0 : si64} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  %v = "onnx.Initializer"() {name = "v", value = dense<1.0> : tensor<1x6xf32>} : () -> tensor<1x6xf32>
  %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %s = "onnx.Squeeze"(%v, %zero) : (tensor<1x6xf32>, tensor<1xi64>) -> tensor<7xf32>
  return %r, %f, %s : tensor<7xf32>, tensor<2x4xf32>, tensor<7xf32>
}

// -----

// Masks built from constants: comparisons, logic, Expand and Where.

// CHECK-LABEL: func.func @masks
// CHECK-DAG: %[[GE:.*]] = "onnx.Initializer"() {name = "", value = dense<[false, true, true]> : tensor<3xi1>}
// CHECK-DAG: %[[AND:.*]] = "onnx.Initializer"() {name = "", value = dense<[false, false, true]> : tensor<3xi1>}
// CHECK-DAG: %[[EXP:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[false, true, true], [false, true, true]]> : tensor<2x3xi1>}
// CHECK-DAG: %[[WHERE:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[0.000000e+00, -1.000000e+00, -1.000000e+00], [3.000000e+00, -1.000000e+00, -1.000000e+00]]> : tensor<2x3xf32>}
// CHECK-NOT: "onnx.GreaterOrEqual"
// CHECK-NOT: "onnx.And"
// CHECK-NOT: "onnx.Expand"
// CHECK-NOT: "onnx.Where"
// CHECK: return %[[GE]], %[[AND]], %[[EXP]], %[[WHERE]]
func.func @masks() -> (tensor<3xi1>, tensor<3xi1>, tensor<2x3xi1>, tensor<2x3xf32>) {
  %range = "onnx.Initializer"() {name = "", value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %one = "onnx.Initializer"() {name = "", value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %ge = "onnx.GreaterOrEqual"(%range, %one) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi1>
  %last = "onnx.Initializer"() {name = "", value = dense<[false, true, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %odd = "onnx.Initializer"() {name = "", value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %and = "onnx.And"(%last, %odd) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %shape = "onnx.Initializer"() {name = "", value = dense<[2, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %exp = "onnx.Expand"(%ge, %shape) : (tensor<3xi1>, tensor<2xi64>) -> tensor<2x3xi1>
  %x = "onnx.Initializer"() {name = "", value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fill = "onnx.Initializer"() {name = "", value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %where = "onnx.Where"(%exp, %fill, %x) : (tensor<2x3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %ge, %and, %exp, %where : tensor<3xi1>, tensor<3xi1>, tensor<2x3xi1>, tensor<2x3xf32>
}

// -----

// Clip with a missing lower bound, then Exp, as of a clamped logit scale.

// CHECK-LABEL: func.func @clip
// CHECK: %[[E:.*]] = "onnx.Initializer"() {name = "", value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// CHECK-NOT: "onnx.Clip"
// CHECK-NOT: "onnx.Exp"
// CHECK: return %[[E]]
func.func @clip() -> tensor<2xf32> {
  %x = "onnx.Initializer"() {name = "logit_scale", value = dense<[0.0, 5.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %none = "onnx.NoValue"() : () -> none
  %max = "onnx.Initializer"() {name = "", value = dense<0.693147182> : tensor<f32>} : () -> tensor<f32>
  %c = "onnx.Clip"(%x, %none, %max) : (tensor<2xf32>, none, tensor<f32>) -> tensor<2xf32>
  %e = "onnx.Exp"(%c) : (tensor<2xf32>) -> tensor<2xf32>
  return %e : tensor<2xf32>
}

// -----

// A folded Reshape shares its input's blob, so the blob outlives the
// original initializer that the Transpose fold erases.

// CHECK-LABEL: func.func @shared_blob_outlives_input
// CHECK-DAG: "onnx.Initializer"() {name = "w", value = dense_resource<blob> : tensor<4xf32>}
// CHECK-DAG: "onnx.Initializer"() {name = "w", value = dense<{{\[}}{{\[}}[1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]]> : tensor<1x2x2xf32>}
// CHECK: blob: "0x040000000000803F000000400000404000008040"
func.func @shared_blob_outlives_input() -> (tensor<4xf32>, tensor<1x2x2xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense_resource<blob> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %shape = "onnx.Initializer"() {name = "", value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
  %r = "onnx.Reshape"(%w, %shape) : (tensor<1x2x2xf32>, tensor<1xi64>) -> tensor<4xf32>
  %t = "onnx.Transpose"(%w) {perm = [0, 2, 1]} : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
  return %r, %t : tensor<4xf32>, tensor<1x2x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F000000400000404000008040"
    }
  }
#-}

// -----

// Cast from bools gives 0 and 1; Cast to bools gives true for any nonzero
// value. Equal compares bools.

// CHECK-LABEL: func.func @cast_bools
// CHECK-DAG: %[[F:.*]] = "onnx.Initializer"() {name = "", value = dense<[1.000000e+00, 0.000000e+00, 1.000000e+00]> : tensor<3xf32>}
// CHECK-DAG: %[[I:.*]] = "onnx.Initializer"() {name = "", value = dense<[1, 0, 1]> : tensor<3xi64>}
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {name = "", value = dense<[false, true, true, true]> : tensor<4xi1>}
// CHECK-DAG: %[[EQ:.*]] = "onnx.Initializer"() {name = "", value = dense<[true, false, false]> : tensor<3xi1>}
// CHECK-NOT: "onnx.Cast"
// CHECK-NOT: "onnx.Equal"
// CHECK: return %[[F]], %[[I]], %[[B]], %[[EQ]]
func.func @cast_bools() -> (tensor<3xf32>, tensor<3xi64>, tensor<4xi1>, tensor<3xi1>) {
  %mask = "onnx.Initializer"() {name = "mask", value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %f = "onnx.Cast"(%mask) {to = 1 : si64} : (tensor<3xi1>) -> tensor<3xf32>
  %i = "onnx.Cast"(%mask) {to = 7 : si64} : (tensor<3xi1>) -> tensor<3xi64>
  %x = "onnx.Initializer"() {name = "x", value = dense<[0.0, 0.5, -2.0, 0x7FC00000]> : tensor<4xf32>} : () -> tensor<4xf32>
  %b = "onnx.Cast"(%x) {to = 9 : si64} : (tensor<4xf32>) -> tensor<4xi1>
  %other = "onnx.Initializer"() {name = "other", value = dense<[true, true, false]> : tensor<3xi1>} : () -> tensor<3xi1>
  %eq = "onnx.Equal"(%mask, %other) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return %f, %i, %b, %eq : tensor<3xf32>, tensor<3xi64>, tensor<4xi1>, tensor<3xi1>
}

// -----

// ReduceSum takes its axes as an input from opset 13; a negative axis
// counts from the end, and keepdims (default 1) keeps the reduced dims as
// 1s. Without axes it reduces all dims, unless noop_with_empty_axes is set.

// CHECK-LABEL: func.func @reduce_sum
// CHECK-DAG: %[[LAST:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[6], [15]]> : tensor<2x1xi64>}
// CHECK-DAG: %[[FIRST:.*]] = "onnx.Initializer"() {name = "", value = dense<[5, 7, 9]> : tensor<3xi64>}
// CHECK-DAG: %[[ALL:.*]] = "onnx.Initializer"() {name = "", value = dense<21> : tensor<1x1xi64>}
// CHECK-DAG: %[[NOOP:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>}
// CHECK-DAG: %[[F:.*]] = "onnx.Initializer"() {name = "", value = dense<[3.500000e+00, -1.500000e+00]> : tensor<2xf32>}
// CHECK-NOT: "onnx.ReduceSum"
// CHECK: return %[[LAST]], %[[FIRST]], %[[ALL]], %[[NOOP]], %[[F]]
func.func @reduce_sum() -> (tensor<2x1xi64>, tensor<3xi64>, tensor<1x1xi64>, tensor<2x3xi64>, tensor<2xf32>) {
  %x = "onnx.Initializer"() {name = "x", value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %minus_one = "onnx.Initializer"() {name = "", value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() : () -> none
  %last = "onnx.ReduceSum"(%x, %minus_one) : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<2x1xi64>
  %first = "onnx.ReduceSum"(%x, %zero) {keepdims = 0 : si64} : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<3xi64>
  %all = "onnx.ReduceSum"(%x, %none) {noop_with_empty_axes = 0 : si64} : (tensor<2x3xi64>, none) -> tensor<1x1xi64>
  %noop = "onnx.ReduceSum"(%x, %none) {noop_with_empty_axes = 1 : si64} : (tensor<2x3xi64>, none) -> tensor<2x3xi64>
  %y = "onnx.Initializer"() {name = "y", value = dense<[[1.0, 2.5], [0.5, -2.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %axis = "onnx.Initializer"() {name = "", value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %f = "onnx.ReduceSum"(%y, %axis) {keepdims = 0 : si64} : (tensor<2x2xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %last, %first, %all, %noop, %f : tensor<2x1xi64>, tensor<3xi64>, tensor<1x1xi64>, tensor<2x3xi64>, tensor<2xf32>
}

// -----

// Before opset 13, ReduceSum takes its axes as an attribute.

// CHECK-LABEL: func.func @reduce_sum_11
// CHECK: %[[S:.*]] = "onnx.Initializer"() {name = "", value = dense<[6, 15]> : tensor<2xi64>}
// CHECK-NOT: "onnx.ReduceSum"
// CHECK: return %[[S]]
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @reduce_sum_11() -> tensor<2xi64> {
    %x = "onnx.Initializer"() {name = "x", value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
    %none = "onnx.NoValue"() : () -> none
    %s = "onnx.ReduceSum"(%x, %none) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xi64>, none) -> tensor<2xi64>
    return %s : tensor<2xi64>
  }
}

// -----

// ReduceMax, ReduceMin, ReduceMean and ReduceProd take an axes attribute;
// without it they reduce all dims. A NaN is the max.

// CHECK-LABEL: func.func @reductions
// CHECK-DAG: %[[MAX:.*]] = "onnx.Initializer"() {name = "", value = dense<[3, 6]> : tensor<2xi64>}
// CHECK-DAG: %[[MIN:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[1, -5, 3]]> : tensor<1x3xi64>}
// CHECK-DAG: %[[MEAN:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[{{\[}}2.000000e+00], [5.000000e+00]]]> : tensor<1x2x1xf32>}
// CHECK-DAG: %[[PROD:.*]] = "onnx.Initializer"() {name = "", value = dense<-720> : tensor<1x1xi64>}
// CHECK-DAG: %[[NAN:.*]] = "onnx.Initializer"() {name = "", value = dense<[0x7FC00000, 2.000000e+00]> : tensor<2xf32>}
// CHECK-NOT: "onnx.Reduce
// CHECK: return %[[MAX]], %[[MIN]], %[[MEAN]], %[[PROD]], %[[NAN]]
func.func @reductions() -> (tensor<2xi64>, tensor<1x3xi64>, tensor<1x2x1xf32>, tensor<1x1xi64>, tensor<2xf32>) {
  %none = "onnx.NoValue"() : () -> none
  %x = "onnx.Initializer"() {name = "x", value = dense<[[1, 2, 3], [4, -5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %max = "onnx.ReduceMax"(%x, %none) {axes = [-1], keepdims = 0 : si64} : (tensor<2x3xi64>, none) -> tensor<2xi64>
  %min = "onnx.ReduceMin"(%x, %none) {axes = [0]} : (tensor<2x3xi64>, none) -> tensor<1x3xi64>
  %y = "onnx.Initializer"() {name = "y", value = dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>} : () -> tensor<1x2x3xf32>
  %mean = "onnx.ReduceMean"(%y, %none) {axes = [2], keepdims = 1 : si64} : (tensor<1x2x3xf32>, none) -> tensor<1x2x1xf32>
  %prod = "onnx.ReduceProd"(%x, %none) : (tensor<2x3xi64>, none) -> tensor<1x1xi64>
  %z = "onnx.Initializer"() {name = "z", value = dense<[[1.0, 0x7FC00000, 0.0], [-1.0, 2.0, 1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %nan = "onnx.ReduceMax"(%z, %none) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
  return %max, %min, %mean, %prod, %nan : tensor<2xi64>, tensor<1x3xi64>, tensor<1x2x1xf32>, tensor<1x1xi64>, tensor<2xf32>
}

// -----

// A padding mask from constant lengths, as nn.TransformerEncoder builds
// it: the whole chain folds.

// CHECK-LABEL: func.func @padding_mask
// CHECK: %[[M:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}{{\[}}[false, false, false]], {{\[}}[false, true, true]]]> : tensor<2x1x3xi1>}
// CHECK-NOT: "onnx.Cast"
// CHECK-NOT: "onnx.ReduceSum"
// CHECK-NOT: "onnx.GreaterOrEqual"
// CHECK-NOT: "onnx.Unsqueeze"
// CHECK: return %[[M]]
func.func @padding_mask() -> tensor<2x1x3xi1> {
  %valid = "onnx.Initializer"() {name = "valid", value = dense<[[true, true, true], [true, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %ints = "onnx.Cast"(%valid) {to = 7 : si64} : (tensor<2x3xi1>) -> tensor<2x3xi64>
  %one = "onnx.Initializer"() {name = "", value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %lengths = "onnx.ReduceSum"(%ints, %one) : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<2x1xi64>
  %range = "onnx.Initializer"() {name = "", value = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : () -> tensor<1x3xi64>
  %pad = "onnx.GreaterOrEqual"(%range, %lengths) : (tensor<1x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi1>
  %u = "onnx.Unsqueeze"(%pad, %one) : (tensor<2x3xi1>, tensor<1xi64>) -> tensor<2x1x3xi1>
  return %u : tensor<2x1x3xi1>
}

// -----

// Reductions stay with a run-time input or axes, as do an integer mean, a
// max of no elements, and a Cast of a run-time bool.

// CHECK-LABEL: func.func @reductions_not_folded
// CHECK: "onnx.ReduceSum"(%arg0,
// CHECK: "onnx.ReduceSum"(%{{.*}}, %arg1)
// CHECK: "onnx.ReduceMean"
// CHECK: "onnx.ReduceMax"
// CHECK: "onnx.Cast"(%arg2)
func.func @reductions_not_folded(%x: tensor<2x3xi64>, %axes: tensor<1xi64>, %b: tensor<3xi1>) -> (tensor<2x1xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<3xf32>, tensor<3xf32>) {
  %none = "onnx.NoValue"() : () -> none
  %c = "onnx.Initializer"() {name = "c", value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %one = "onnx.Initializer"() {name = "", value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %s = "onnx.ReduceSum"(%x, %one) : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<2x1xi64>
  %t = "onnx.ReduceSum"(%c, %axes) : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<2x1xi64>
  %mean = "onnx.ReduceMean"(%c, %none) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xi64>, none) -> tensor<2xi64>
  %empty = "onnx.Initializer"() {name = "empty", value = dense<> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  %max = "onnx.ReduceMax"(%empty, %none) {axes = [0], keepdims = 0 : si64} : (tensor<0x3xf32>, none) -> tensor<3xf32>
  %cast = "onnx.Cast"(%b) {to = 1 : si64} : (tensor<3xi1>) -> tensor<3xf32>
  return %s, %t, %mean, %max, %cast : tensor<2x1xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Results over 64 MiB stay: here 9M bools cast to f64.

// CHECK-LABEL: func.func @cast_over_limit
// CHECK: "onnx.Cast"
func.func @cast_over_limit() -> tensor<3000x3000xf64> {
  %mask = "onnx.Initializer"() {name = "mask", value = dense<true> : tensor<3000x3000xi1>} : () -> tensor<3000x3000xi1>
  %f = "onnx.Cast"(%mask) {to = 11 : si64} : (tensor<3000x3000xi1>) -> tensor<3000x3000xf64>
  return %f : tensor<3000x3000xf64>
}

// -----

// A ConstantOfShape of a constant shape folds into a user that folds (here a
// Concat and a Not on bools); one whose users run at run time stays, since
// it is already a compact constant.

// CHECK-LABEL: func.func @constant_of_shape
// CHECK-DAG:     "onnx.Initializer"() {name = "", value = dense<[0.000000e+00, 0.000000e+00, 2.500000e+00]> : tensor<3xf32>}
// CHECK-DAG:     "onnx.Initializer"() {name = "", value = dense<false> : tensor<2xi1>}
// CHECK:         %[[KEPT:.*]] = "onnx.ConstantOfShape"
// CHECK:         "onnx.Add"(%{{.*}}, %[[KEPT]])
func.func @constant_of_shape(%x: tensor<4xf32>) -> (tensor<3xf32>, tensor<2xi1>, tensor<4xf32>) {
  %two = "onnx.Initializer"() {name = "", value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
  %four = "onnx.Initializer"() {name = "", value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
  %zeros = "onnx.ConstantOfShape"(%two) : (tensor<1xi64>) -> tensor<2xf32>
  %tail = "onnx.Initializer"() {name = "", value = dense<[2.5]> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = "onnx.Concat"(%zeros, %tail) {axis = 0 : si64} : (tensor<2xf32>, tensor<1xf32>) -> tensor<3xf32>
  %trues = "onnx.ConstantOfShape"(%two) {value = dense<true> : tensor<1xi1>} : (tensor<1xi64>) -> tensor<2xi1>
  %n = "onnx.Not"(%trues) : (tensor<2xi1>) -> tensor<2xi1>
  %ones = "onnx.ConstantOfShape"(%four) {value = dense<1.0> : tensor<1xf32>} : (tensor<1xi64>) -> tensor<4xf32>
  %y = "onnx.Add"(%x, %ones) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %c, %n, %y : tensor<3xf32>, tensor<2xi1>, tensor<4xf32>
}

// -----

// A Transpose of a matrix initializer folds only into a user that folds
// (here a Mul by a constant); one that a MatMul reads at run time stays,
// for the emitter writes it transposed without a copy in memory. One of a
// 3-D initializer folds.

// CHECK-LABEL: func.func @transposed_initializer
// CHECK-DAG:     %[[W:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>}
// CHECK-DAG:     "onnx.Initializer"() {name = "", value = dense<{{\[}}[2.000000e+00, 8.000000e+00], [4.000000e+00, 1.000000e+01], [6.000000e+00, 1.200000e+01]]> : tensor<3x2xf32>}
// CHECK-DAG:     "onnx.Initializer"() {name = "cube", value = dense<{{\[}}{{\[}}[1.000000e+00], [2.000000e+00]]]> : tensor<1x2x1xf32>}
// CHECK:         %[[T:.*]] = "onnx.Transpose"(%[[W]]) {perm = [1, 0]}
// CHECK:         "onnx.MatMul"(%{{.*}}, %[[T]])
// CHECK-NOT:     "onnx.Transpose"
func.func @transposed_initializer(%x: tensor<4x3xf32>) -> (tensor<4x2xf32>, tensor<3x2xf32>, tensor<1x2x1xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %t = "onnx.Transpose"(%w) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %u = "onnx.Transpose"(%w) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %two = "onnx.Initializer"() {name = "", value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %d = "onnx.Mul"(%u, %two) : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  %cube = "onnx.Initializer"() {name = "cube", value = dense<[[[1.0, 2.0]]]> : tensor<1x1x2xf32>} : () -> tensor<1x1x2xf32>
  %c = "onnx.Transpose"(%cube) {perm = [0, 2, 1]} : (tensor<1x1x2xf32>) -> tensor<1x2x1xf32>
  %y = "onnx.MatMul"(%x, %t) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %y, %d, %c : tensor<4x2xf32>, tensor<3x2xf32>, tensor<1x2x1xf32>
}

// -----

// Likewise a Mul of an f32 initializer by factors of shape [rows, 1] (a
// fused batch normalization's weight): it folds only into a user that
// folds. A Mul by factors of another shape folds.

// CHECK-LABEL: func.func @scaled_initializer
// CHECK-DAG:     %[[W:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>}
// CHECK-DAG:     %[[S:.*]] = "onnx.Initializer"() {name = "s", value = dense<{{\[}}[2.000000e+00], [3.000000e+00]]> : tensor<2x1xf32>}
// CHECK-DAG:     "onnx.Initializer"() {name = "", value = dense<{{\[}}[3.000000e+00, 5.000000e+00, 7.000000e+00], [1.300000e+01, 1.600000e+01, 1.900000e+01]]> : tensor<2x3xf32>}
// CHECK-DAG:     "onnx.Initializer"() {name = "", value = dense<{{\[}}[2.000000e+00, 6.000000e+00, 1.200000e+01], [8.000000e+00, 1.500000e+01, 2.400000e+01]]> : tensor<2x3xf32>}
// CHECK:         %[[M:.*]] = "onnx.Mul"(%[[W]], %[[S]])
// CHECK:         "onnx.MatMul"(%[[M]], %{{.*}})
// CHECK-NOT:     "onnx.Mul"
func.func @scaled_initializer(%x: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %s = "onnx.Initializer"() {name = "s", value = dense<[[2.0], [3.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %m = "onnx.Mul"(%w, %s) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %y = "onnx.MatMul"(%m, %x) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %n = "onnx.Mul"(%w, %s) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %one = "onnx.Initializer"() {name = "", value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %a = "onnx.Add"(%n, %one) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %c = "onnx.Initializer"() {name = "c", value = dense<[[2.0, 3.0, 4.0]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
  %k = "onnx.Mul"(%w, %c) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %y, %a, %k : tensor<2x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
