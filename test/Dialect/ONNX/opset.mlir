// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Ops whose signature changed between opsets are checked against the schema
// of the module's target opset: axes and split sizes became inputs.

// CHECK-LABEL: func.func @squeeze_17
// CHECK: "onnx.Squeeze"(%{{.*}}, %{{.*}}) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @squeeze_17(%x: tensor<1x3xf32>, %axes: tensor<1xi64>) -> tensor<3xf32> {
    %y = "onnx.Squeeze"(%x, %axes) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

// CHECK-LABEL: func.func @squeeze_11
// CHECK: "onnx.Squeeze"(%{{.*}}, %{{.*}}) {axes = [0]} : (tensor<1x3xf32>, none) -> tensor<3xf32>
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @squeeze_11(%x: tensor<1x3xf32>) -> tensor<3xf32> {
    %none = "onnx.NoValue"() : () -> none
    %y = "onnx.Squeeze"(%x, %none) {axes = [0]} : (tensor<1x3xf32>, none) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @squeeze_13_form_at_11(%x: tensor<1x3xf32>, %axes: tensor<1xi64>) -> tensor<3xf32> {
    // expected-error @+1 {{'onnx.Squeeze' op has 2 inputs, but Squeeze-11 allows at most 1}}
    %y = "onnx.Squeeze"(%x, %axes) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @squeeze_11_form_at_17(%x: tensor<1x3xf32>) -> tensor<3xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.Squeeze' op has attribute 'axes', which is not defined by Squeeze-13}}
    %y = "onnx.Squeeze"(%x, %none) {axes = [0]} : (tensor<1x3xf32>, none) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

// CHECK-LABEL: func.func @reduce_sum_17
// CHECK: "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : si64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
func.func @reduce_sum_17(%x: tensor<2x3xf32>, %axes: tensor<1xi64>) -> tensor<2xf32> {
  %y = "onnx.ReduceSum"(%x, %axes) {keepdims = 0 : si64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_sum_11
// CHECK: "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @reduce_sum_11(%x: tensor<2x3xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    %y = "onnx.ReduceSum"(%x, %none) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 12 : i64}} {
  func.func @reduce_sum_13_form_at_12(%x: tensor<2x3xf32>, %axes: tensor<1xi64>) -> tensor<2xf32> {
    // expected-error @+1 {{'onnx.ReduceSum' op has 2 inputs, but ReduceSum-11 allows at most 1}}
    %y = "onnx.ReduceSum"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 12 : i64}} {
  func.func @reduce_sum_13_attribute_at_12(%x: tensor<2x3xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.ReduceSum' op has attribute 'noop_with_empty_axes', which is not defined by ReduceSum-11}}
    %y = "onnx.ReduceSum"(%x, %none) {axes = [1], noop_with_empty_axes = 1 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}

// -----

// CHECK-LABEL: func.func @split_11
// CHECK: "onnx.Split"(%{{.*}}, %{{.*}}) {axis = 0 : si64, split = [1, 3]} : (tensor<4xf32>, none) -> (tensor<1xf32>, tensor<3xf32>)
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @split_11(%x: tensor<4xf32>) -> tensor<1xf32> {
    %none = "onnx.NoValue"() : () -> none
    %y:2 = "onnx.Split"(%x, %none) {axis = 0 : si64, split = [1, 3]} : (tensor<4xf32>, none) -> (tensor<1xf32>, tensor<3xf32>)
    return %y#0 : tensor<1xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @split_11_form_at_17(%x: tensor<4xf32>) -> tensor<1xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.Split' op has attribute 'split', which is not defined by Split-13}}
    %y:2 = "onnx.Split"(%x, %none) {axis = 0 : si64, split = [1, 3]} : (tensor<4xf32>, none) -> (tensor<1xf32>, tensor<3xf32>)
    return %y#0 : tensor<1xf32>
  }
}

// -----

// Ops added in later opsets, and bfloat16 allowed only from opset 13 on.

// CHECK-LABEL: func.func @relu_bf16_14
// CHECK: "onnx.Relu"
func.func @relu_bf16_14(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %y = "onnx.Relu"(%x) : (tensor<2xbf16>) -> tensor<2xbf16>
  return %y : tensor<2xbf16>
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 6 : i64}} {
  func.func @relu_bf16_6(%x: tensor<2xbf16>) -> tensor<2xbf16> {
    // expected-error @+1 {{'onnx.Relu' op input 0 ('X') has type tensor(bfloat16), which Relu-6 does not allow for T}}
    %y = "onnx.Relu"(%x) : (tensor<2xbf16>) -> tensor<2xbf16>
    return %y : tensor<2xbf16>
  }
}

// -----

// The reductions took their axes as an attribute up to opset 17, and as an
// input from opset 18 on.

// CHECK-LABEL: func.func @reduce_mean_17
// CHECK: "onnx.ReduceMean"(%{{.*}}, %{{.*}}) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
func.func @reduce_mean_17(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.ReduceMean"(%x, %none) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_mean_18
// CHECK: "onnx.ReduceMean"(%{{.*}}, %{{.*}}) {keepdims = 0 : si64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @reduce_mean_18(%x: tensor<2x3xf32>, %axes: tensor<1xi64>) -> tensor<2xf32> {
    %y = "onnx.ReduceMean"(%x, %axes) {keepdims = 0 : si64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @reduce_mean_17_form_at_18(%x: tensor<2x3xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.ReduceMean' op has attribute 'axes', which is not defined by ReduceMean-18}}
    %y = "onnx.ReduceMean"(%x, %none) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}

// -----

func.func @reduce_mean_18_form_at_17(%x: tensor<2x3xf32>, %axes: tensor<1xi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'onnx.ReduceMean' op has 2 inputs, but ReduceMean-13 allows at most 1}}
  %y = "onnx.ReduceMean"(%x, %axes) {keepdims = 0 : si64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
