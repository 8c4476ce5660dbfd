// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// bincount: max(max + 1, minlength) bins, each the count of the elements
// equal to its number.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5xi64>)
// CHECK: %[[JOINED:.*]] = "onnx.Concat"(%[[X]], %{{.*}}) {axis = 0 : si64} : (tensor<5xi64>, tensor<1xi64>) -> tensor<6xi64>
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[JOINED]], %{{.*}}) {axes = [0], keepdims = 0 : si64}
// CHECK: %[[MINLENGTH:.*]] = "onnx.Initializer"() {name = "", value = dense<1> : tensor<i64>}
// CHECK: %[[NEXT:.*]] = "onnx.Add"(%[[MAX]], %{{.*}})
// CHECK: %[[SIZE:.*]] = "onnx.Max"(%[[NEXT]], %[[MINLENGTH]])
// CHECK: %[[BINS:.*]] = "onnx.Range"(%{{.*}}, %[[SIZE]], %{{.*}}) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
// CHECK: %[[COL:.*]] = "onnx.Unsqueeze"(%[[X]], %{{.*}}) : (tensor<5xi64>, tensor<1xi64>) -> tensor<5x1xi64>
// CHECK: %[[HIT:.*]] = "onnx.Equal"(%[[COL]], %[[BINS]]) : (tensor<5x1xi64>, tensor<?xi64>) -> tensor<5x?xi1>
// CHECK: %[[ONES:.*]] = "onnx.Cast"(%[[HIT]]) {to = 7 : si64}
// CHECK: %[[Y:.*]] = "onnx.ReduceSum"(%[[ONES]], %{{.*}}) {keepdims = 0 : si64} : (tensor<5x?xi64>, tensor<1xi64>) -> tensor<?xi64>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[5],si64>) -> !torch.vtensor<[?],si64> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %0 = torch.aten.bincount %x, %none, %int1 : !torch.vtensor<[5],si64>, !torch.none, !torch.int -> !torch.vtensor<[?],si64>
  return %0 : !torch.vtensor<[?],si64>
}

// -----

// bincount with weights sums the weights of each bin.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5xi64>, %[[W:.*]]: tensor<5xf32>)
// CHECK: %[[HIT:.*]] = "onnx.Equal"
// CHECK: %[[WCOL:.*]] = "onnx.Unsqueeze"(%[[W]], %{{.*}}) : (tensor<5xf32>, tensor<1xi64>) -> tensor<5x1xf32>
// CHECK: %[[ZERO:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[WEIGHTED:.*]] = "onnx.Where"(%[[HIT]], %[[WCOL]], %[[ZERO]]) : (tensor<5x?xi1>, tensor<5x1xf32>, tensor<f32>) -> tensor<5x?xf32>
// CHECK: %[[Y:.*]] = "onnx.ReduceSum"(%[[WEIGHTED]], %{{.*}}) {keepdims = 0 : si64} : (tensor<5x?xf32>, tensor<1xi64>) -> tensor<?xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[5],si64>, %w: !torch.vtensor<[5],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.bincount %x, %w, %int0 : !torch.vtensor<[5],si64>, !torch.vtensor<[5],f32>, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// histc over [min, max]: the bin of each element in range, counted.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>)
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<20xf32>
// CHECK: %[[LOW:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[HIGH:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+01> : tensor<f32>}
// CHECK: %[[LAST:.*]] = "onnx.Initializer"() {name = "", value = dense<2.000000e+00> : tensor<f32>}
// CHECK: %[[WIDTH:.*]] = "onnx.Sub"(%[[HIGH]], %[[LOW]])
// CHECK: %[[BINS:.*]] = "onnx.Initializer"() {name = "", value = dense<3.000000e+00> : tensor<f32>}
// CHECK: %[[OFFSET:.*]] = "onnx.Sub"(%[[FLAT]], %[[LOW]])
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[OFFSET]], %[[BINS]])
// CHECK: %[[RATIO:.*]] = "onnx.Div"(%[[SCALED]], %[[WIDTH]])
// CHECK: %[[FLOOR:.*]] = "onnx.Floor"(%[[RATIO]])
// CHECK: %[[POS:.*]] = "onnx.Min"(%[[FLOOR]], %[[LAST]])
// CHECK: %[[BELOW:.*]] = "onnx.LessOrEqual"(%[[FLAT]], %[[HIGH]])
// CHECK: %[[ABOVE:.*]] = "onnx.GreaterOrEqual"(%[[FLAT]], %[[LOW]])
// CHECK: %[[VALID:.*]] = "onnx.And"(%[[ABOVE]], %[[BELOW]])
// CHECK: %[[NUMBERS:.*]] = "onnx.Initializer"() {name = "", value = dense<[0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<3xf32>}
// CHECK: %[[COL:.*]] = "onnx.Unsqueeze"(%[[POS]], %{{.*}}) : (tensor<20xf32>, tensor<1xi64>) -> tensor<20x1xf32>
// CHECK: %[[HIT:.*]] = "onnx.Equal"(%[[COL]], %[[NUMBERS]]) : (tensor<20x1xf32>, tensor<3xf32>) -> tensor<20x3xi1>
// CHECK: %[[VCOL:.*]] = "onnx.Unsqueeze"(%[[VALID]], %{{.*}})
// CHECK: %[[COUNTED:.*]] = "onnx.And"(%[[HIT]], %[[VCOL]])
// CHECK: %[[ONES:.*]] = "onnx.Cast"(%[[COUNTED]]) {to = 1 : si64}
// CHECK: %[[Y:.*]] = "onnx.ReduceSum"(%[[ONES]], %{{.*}}) {keepdims = 0 : si64} : (tensor<20x3xf32>, tensor<1xi64>) -> tensor<3xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[3],f32> {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %int10 = torch.constant.int 10
  %0 = torch.operator "aten::histc"(%x, %int3, %int0, %int10) : (!torch.vtensor<[4,5],f32>, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// histc with min equal to max takes the input's range.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>)
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[X]]
// CHECK: %[[MIN:.*]] = "onnx.ReduceMin"(%[[FLAT]], %{{.*}}) {axes = [0], keepdims = 0 : si64}
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[FLAT]], %{{.*}}) {axes = [0], keepdims = 0 : si64}
// CHECK: %[[SAME:.*]] = "onnx.Equal"(%[[MIN]], %[[MAX]])
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<f32>}
// CHECK: %[[WIDER_MIN:.*]] = "onnx.Sub"(%[[MIN]], %[[ONE]])
// CHECK: %[[LOW:.*]] = "onnx.Where"(%[[SAME]], %[[WIDER_MIN]], %[[MIN]])
// CHECK: %[[WIDER_MAX:.*]] = "onnx.Add"(%[[MAX]], %[[ONE]])
// CHECK: %[[HIGH:.*]] = "onnx.Where"(%[[SAME]], %[[WIDER_MAX]], %[[MAX]])
// CHECK: "onnx.Sub"(%[[HIGH]], %[[LOW]])
// CHECK: "onnx.ReduceSum"({{.*}}) -> tensor<4xf32>
func.func @forward(%x: !torch.vtensor<[6],f32>) -> !torch.vtensor<[4],f32> {
  %int4 = torch.constant.int 4
  %zero = torch.constant.float 0.000000e+00
  %0 = torch.operator "aten::histc"(%x, %int4, %zero, %zero) : (!torch.vtensor<[6],f32>, !torch.int, !torch.float, !torch.float) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
