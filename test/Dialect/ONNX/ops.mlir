// RUN: torch-onnx-opt %s -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -split-input-file | torch-onnx-opt -split-input-file | FileCheck %s

// Module attributes, graph input/output attributes, attributes of each kind
// and a missing optional input.

// CHECK-LABEL: module attributes
// CHECK-SAME: onnx.ir_version = 8 : i64
// CHECK-SAME: onnx.opset_import = {ai.onnx = 17 : i64, org.pytorch.aten = 1 : i64}
// CHECK-SAME: onnx.producer_name = "torch-onnx"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64, "org.pytorch.aten" = 1 : i64},
                   onnx.ir_version = 8 : i64, onnx.producer_name = "torch-onnx"} {
  // CHECK-LABEL: func.func @conv
  // CHECK-SAME: (%[[X:.*]]: tensor<?x3x8x8xf32> {onnx.dim_params = ["N", "", "", ""], onnx.name = "x"}
  // CHECK-SAME: -> (tensor<?x4x6x6xf32> {onnx.dim_params = ["N", "", "", ""], onnx.name = "y"})
  func.func @conv(%x: tensor<?x3x8x8xf32> {onnx.name = "x", onnx.dim_params = ["N", "", "", ""]},
                  %w: tensor<4x3x3x3xf32> {onnx.name = "w"})
      -> (tensor<?x4x6x6xf32> {onnx.name = "y", onnx.dim_params = ["N", "", "", ""]}) {
    // CHECK: %[[NONE:.*]] = "onnx.NoValue"() : () -> none
    // CHECK: %[[Y:.*]] = "onnx.Conv"(%[[X]], %{{.*}}, %[[NONE]])
    // CHECK-SAME: auto_pad = "NOTSET"
    // CHECK-SAME: group = 1 : si64
    // CHECK-SAME: pads = [0, 0, 0, 0]
    // CHECK-SAME: (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<?x4x6x6xf32>
    %none = "onnx.NoValue"() : () -> none
    %y = "onnx.Conv"(%x, %w, %none) {auto_pad = "NOTSET", group = 1 : si64, pads = [0, 0, 0, 0], strides = [1, 1]}
        : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<?x4x6x6xf32>
    // CHECK: return %[[Y]]
    return %y : tensor<?x4x6x6xf32>
  }
}

// -----

// FLOAT and TENSOR attributes.

// CHECK-LABEL: func.func @float_and_tensor
func.func @float_and_tensor(%x: tensor<2x3xf32>, %shape: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<?x?xi64>) {
  // CHECK: "onnx.LeakyRelu"(%{{.*}}) {alpha = 2.000000e-01 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "onnx.LeakyRelu"(%x) {alpha = 0.2 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "onnx.ConstantOfShape"(%{{.*}}) {value = dense<7> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<?x?xi64>
  %1 = "onnx.ConstantOfShape"(%shape) {value = dense<7> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<?x?xi64>
  return %0, %1 : tensor<2x3xf32>, tensor<?x?xi64>
}

// -----

// STRINGS and FLOATS attributes, and a missing optional output.

// CHECK-LABEL: func.func @lstm
func.func @lstm(%x: tensor<5x1x4xf32>, %w: tensor<1x32x4xf32>, %r: tensor<1x32x8xf32>) -> tensor<5x1x1x8xf32> {
  %none = "onnx.NoValue"() : () -> none
  // CHECK: "onnx.LSTM"
  // CHECK-SAME: activation_alpha = [1.000000e+00 : f32, 1.000000e+00 : f32, 1.000000e+00 : f32]
  // CHECK-SAME: activations = ["Sigmoid", "Tanh", "Tanh"]
  // CHECK-SAME: hidden_size = 8 : si64
  // CHECK-SAME: -> (tensor<5x1x1x8xf32>, none, none)
  %y, %yh, %yc = "onnx.LSTM"(%x, %w, %r, %none, %none, %none, %none, %none)
      {activations = ["Sigmoid", "Tanh", "Tanh"], activation_alpha = [1.0 : f32, 1.0 : f32, 1.0 : f32],
        hidden_size = 8 : si64}
      : (tensor<5x1x4xf32>, tensor<1x32x4xf32>, tensor<1x32x8xf32>, none, none, none, none, none)
      -> (tensor<5x1x1x8xf32>, none, none)
  return %y : tensor<5x1x1x8xf32>
}

// -----

// Variadic operands and results.

// CHECK-LABEL: func.func @concat_split
func.func @concat_split(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
  // CHECK: %[[C:.*]] = "onnx.Concat"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : si64} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
  %c = "onnx.Concat"(%a, %b, %a) {axis = 0 : si64} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
  %split = "onnx.Initializer"() {name = "split", value = dense<[3, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
  // CHECK: %[[S:.*]]:2 = "onnx.Split"(%[[C]], %{{.*}}) {axis = 0 : si64} : (tensor<8x3xf32>, tensor<2xi64>) -> (tensor<3x3xf32>, tensor<5x3xf32>)
  %s:2 = "onnx.Split"(%c, %split) {axis = 0 : si64} : (tensor<8x3xf32>, tensor<2xi64>) -> (tensor<3x3xf32>, tensor<5x3xf32>)
  // CHECK: "onnx.Split"(%{{.*}}, %{{.*}}) : (tensor<8x3xf32>, none) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  %none = "onnx.NoValue"() : () -> none
  %t:2 = "onnx.Split"(%c, %none) : (tensor<8x3xf32>, none) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  // CHECK: return %[[S]]#0
  return %s#0, %s#0 : tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// If with two branches that use outer values.

// CHECK-LABEL: func.func @if
func.func @if(%cond: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: "onnx.If"(%{{.*}}) ({
  // CHECK: %[[A:.*]] = "onnx.Add"
  // CHECK: "onnx.Yield"(%[[A]]) : (tensor<2xf32>) -> ()
  // CHECK: }, {
  // CHECK: "onnx.Neg"
  // CHECK: "onnx.Yield"
  // CHECK: }) : (tensor<i1>) -> tensor<2xf32>
  %r = "onnx.If"(%cond) ({
    %a = "onnx.Add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%a) : (tensor<2xf32>) -> ()
  }, {
    %n = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// Loop with body arguments, a captured outer value and a scan output.

// CHECK-LABEL: func.func @loop
func.func @loop(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>) {
  %m = "onnx.Initializer"() {name = "trip_count", value = dense<3> : tensor<i64>} : () -> tensor<i64>
  %none = "onnx.NoValue"() : () -> none
  // CHECK: "onnx.Loop"(%{{.*}}, %{{.*}}, %{{.*}}) ({
  // CHECK: ^bb0(%[[I:.*]]: tensor<i64>, %[[C:.*]]: tensor<i1>, %[[ACC:.*]]: tensor<2xf32>):
  // CHECK: %[[N:.*]] = "onnx.Add"(%[[ACC]], %{{.*}})
  // CHECK: "onnx.Yield"(%[[C]], %[[N]], %[[N]])
  // CHECK: }) : (tensor<i64>, none, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>)
  %r:2 = "onnx.Loop"(%m, %none, %x) ({
  ^bb0(%i: tensor<i64>, %c: tensor<i1>, %acc: tensor<2xf32>):
    %n = "onnx.Add"(%acc, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%c, %n, %n) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<?x2xf32>
}

// -----

// Initializers with inline and resource values.

// CHECK-LABEL: func.func @initializers
func.func @initializers() -> (tensor<2x2xf32>, tensor<2xf32>) {
  // CHECK: "onnx.Initializer"() {name = "dense", value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "onnx.Initializer"() {name = "dense", value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  // CHECK: "onnx.Initializer"() {name = "blob", value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "onnx.Initializer"() {name = "blob", value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2xf32>
}

// CHECK: dialect_resources
// CHECK: blob1: "0x040000000000803F00000040"
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// Custom-domain nodes keep their extra attributes.

// CHECK-LABEL: func.func @custom
func.func @custom(%x: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: "onnx.Custom"(%{{.*}}) {domain = "org.pytorch.aten", op_type = "ATen", operator = "erfinv"} : (tensor<3xf32>) -> tensor<3xf32>
  %0 = "onnx.Custom"(%x) {domain = "org.pytorch.aten", op_type = "ATen", operator = "erfinv"} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Sequence and optional types.

// CHECK-LABEL: func.func @seq_opt
// CHECK-SAME: -> (!onnx.seq<tensor<2xf32>>, !onnx.opt<tensor<2xf32>>)
func.func @seq_opt(%x: tensor<2xf32>) -> (!onnx.seq<tensor<2xf32>>, !onnx.opt<tensor<2xf32>>) {
  // CHECK: "onnx.SequenceConstruct"(%{{.*}}, %{{.*}}) : (tensor<2xf32>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
  %s = "onnx.SequenceConstruct"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
  // CHECK: "onnx.Optional"(%{{.*}}) : (tensor<2xf32>) -> !onnx.opt<tensor<2xf32>>
  %o = "onnx.Optional"(%x) : (tensor<2xf32>) -> !onnx.opt<tensor<2xf32>>
  return %s, %o : !onnx.seq<tensor<2xf32>>, !onnx.opt<tensor<2xf32>>
}
