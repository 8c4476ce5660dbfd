// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// An op that the target opset does not have.
module attributes {onnx.opset_import = {ai.onnx = 13 : i64}} {
  func.func @not_in_opset(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.LayerNormalization' op is not defined in opset 13}}
    %y, %m, %v = "onnx.LayerNormalization"(%x, %s, %none) : (tensor<2x4xf32>, tensor<4xf32>, none) -> (tensor<2x4xf32>, none, none)
    return %y : tensor<2x4xf32>
  }
}

// -----

// A deprecated op: GroupNormalization-18, whose scale and bias are per
// group, was replaced at opset 21.
module attributes {onnx.opset_import = {ai.onnx = 19 : i64}} {
  func.func @deprecated(%x: tensor<1x4x2x2xf32>, %s: tensor<2xf32>) -> tensor<1x4x2x2xf32> {
    // expected-error @+1 {{'onnx.GroupNormalization' op is not defined in opset 19 (deprecated since opset 18)}}
    %y = "onnx.GroupNormalization"(%x, %s, %s) {num_groups = 2 : si64} : (tensor<1x4x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x4x2x2xf32>
    return %y : tensor<1x4x2x2xf32>
  }
}

// -----

// An attribute of the wrong kind, caught by the op definition.
func.func @wrong_attribute_kind(%x: tensor<2x3xf32>) -> tensor<6x3xf32> {
  // expected-error @+1 {{'onnx.Concat' op attribute 'axis' failed to satisfy constraint: 64-bit signed integer attribute}}
  %y = "onnx.Concat"(%x, %x, %x) {axis = 0.5 : f32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  return %y : tensor<6x3xf32>
}

// -----

// An attribute of the wrong kind at an older opset, caught by the schema.
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @wrong_attribute_kind_old(%x: tensor<1x3xf32>) -> tensor<3xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.Squeeze' op attribute 'axes' must be INTS, but is "zero"}}
    %y = "onnx.Squeeze"(%x, %none) {axes = "zero"} : (tensor<1x3xf32>, none) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

// A required attribute is missing.
func.func @missing_attribute(%x: tensor<2xf32>) -> tensor<2xi64> {
  // expected-error @+1 {{'onnx.Cast' op requires attribute 'to'}}
  %y = "onnx.Cast"(%x) : (tensor<2xf32>) -> tensor<2xi64>
  return %y : tensor<2xi64>
}

// -----

// An attribute the schema does not define.
func.func @unknown_attribute(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'onnx.Relu' op has attribute 'alpha', which is not defined by Relu-14}}
  %y = "onnx.Relu"(%x) {alpha = 1.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// Attributes of other dialects are not ONNX attributes.
func.func @discardable_attribute(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = "onnx.Relu"(%x) {torch_onnx.origin = "aten.relu"} : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error @+1 {{'onnx.Relu' op has attribute 'origin', which is not defined by Relu-14}}
  %z = "onnx.Relu"(%y) {origin = "aten.relu"} : (tensor<2xf32>) -> tensor<2xf32>
  return %z : tensor<2xf32>
}

// -----

// Too few inputs for a variadic op.
func.func @too_few_inputs() -> tensor<2xf32> {
  // expected-error @+1 {{'onnx.Concat' op has 0 inputs, but Concat-13 requires at least 1}}
  %y = "onnx.Concat"() {axis = 0 : si64} : () -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// Too many inputs at an older opset.
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @too_many_inputs(%x: tensor<1x3xf32>, %axes: tensor<1xi64>) -> tensor<3xf32> {
    // expected-error @+1 {{'onnx.Squeeze' op has 2 inputs, but Squeeze-11 allows at most 1}}
    %y = "onnx.Squeeze"(%x, %axes) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}

// -----

// A required input is missing, caught by the op definition.
func.func @missing_input(%w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %none = "onnx.NoValue"() : () -> none
  // expected-error @+1 {{'onnx.Conv' op operand #0 must be tensor of any type values, but got 'none'}}
  %y = "onnx.Conv"(%none, %w, %none) : (none, tensor<4x3x3x3xf32>, none) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

// An input that is optional at opset 17 but required at the target opset.
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @missing_input_old(%x: tensor<1x1x2x2xf32>, %scales: tensor<4xf32>) -> tensor<1x1x4x4xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error @+1 {{'onnx.Resize' op input 1 ('roi') of Resize-11 is not optional, but is missing}}
    %y = "onnx.Resize"(%x, %none, %scales, %none) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>, none) -> tensor<1x1x4x4xf32>
    return %y : tensor<1x1x4x4xf32>
  }
}

// -----

// An element type the type constraint does not allow.
func.func @disallowed_type(%x: tensor<1x3x8x8xi32>, %w: tensor<4x3x3x3xi32>) -> tensor<1x4x6x6xi32> {
  %none = "onnx.NoValue"() : () -> none
  // expected-error @+1 {{'onnx.Conv' op input 0 ('X') has type tensor(int32), which Conv-11 does not allow for T (allowed: tensor(float16), tensor(float), tensor(double))}}
  %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x3x8x8xi32>, tensor<4x3x3x3xi32>, none) -> tensor<1x4x6x6xi32>
  return %y : tensor<1x4x6x6xi32>
}

// -----

// A type parameter with one allowed type.
func.func @shape_type(%x: tensor<2x3xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{'onnx.Shape' op output 0 ('shape') has type tensor(int32), which Shape-15 does not allow for T1 (allowed: tensor(int64))}}
  %y = "onnx.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>
  return %y : tensor<2xi32>
}

// -----

// A type given directly rather than by a type parameter.
func.func @fixed_type(%x: tensor<2x3xf32>) -> tensor<2x?xi32> {
  // expected-error @+1 {{'onnx.NonZero' op output 0 ('Y') has type tensor(int32), but NonZero-13 requires tensor(int64)}}
  %y = "onnx.NonZero"(%x) : (tensor<2x3xf32>) -> tensor<2x?xi32>
  return %y : tensor<2x?xi32>
}

// -----

// Values of one type parameter must agree.
func.func @type_parameter_mismatch(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'onnx.Add' op input 1 ('B') has type tensor(double), but T is tensor(float) from input 0 ('A')}}
  %y = "onnx.Add"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// Signed integers are not ONNX element types.
func.func @signed_integer(%a: tensor<2xsi64>) -> tensor<2xsi64> {
  // expected-error @+1 {{'onnx.Neg' op input 0 ('X') has element type 'si64', which ONNX does not have}}
  %y = "onnx.Neg"(%a) : (tensor<2xsi64>) -> tensor<2xsi64>
  return %y : tensor<2xsi64>
}

// -----

// A graph region must end in onnx.Yield.
func.func @region_terminator(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'onnx.If' op region 'else_branch' must end in 'onnx.Yield'}}
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    "test.terminator"(%x) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @yield_outside_graph(%x: tensor<2xf32>) {
  // expected-error @+1 {{'onnx.Yield' op must end the region of an ONNX op with GRAPH attributes}}
  "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
}

// -----

func.func @initializer_type() -> tensor<3xf32> {
  // expected-error @+1 {{'onnx.Initializer' op result type 'tensor<3xf32>' differs from the value's type 'tensor<2xf32>'}}
  %0 = "onnx.Initializer"() {name = "w", value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @custom_without_op_type(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'onnx.Custom' op requires a non-empty 'op_type'}}
  %0 = "onnx.Custom"(%x) {domain = "com.example", op_type = ""} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{'onnx.opset_import' must map domains to integer versions}}
module attributes {onnx.opset_import = {ai.onnx = "17"}} {
}

// -----

// expected-error @+1 {{'onnx.dim_params' of argument 0 has 1 entries for a tensor of rank 2}}
func.func @dim_params(%x: tensor<?x3xf32> {onnx.dim_params = ["N"]}) {
  return
}
