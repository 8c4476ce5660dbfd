// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[R:.*]] = "onnx.Relu"(%[[X]])
// CHECK: %[[SIG:.*]] = "onnx.Sigmoid"(%[[R]])
// CHECK: %[[T:.*]] = "onnx.Tanh"(%[[SIG]])
// CHECK: %[[L:.*]] = "onnx.LeakyRelu"(%[[T]]) {alpha = 2.000000e-01 : f32}
// CHECK: %[[E:.*]] = "onnx.Elu"(%[[L]]) {alpha = 1.000000e+00 : f32}
// CHECK: %[[S:.*]] = "onnx.Selu"(%[[E]])
// CHECK: %[[HS:.*]] = "onnx.HardSigmoid"(%[[S]]) {alpha = 0.166666672 : f32, beta = 5.000000e-01 : f32}
// CHECK: %[[SP:.*]] = "onnx.Softplus"(%[[HS]])
// CHECK: return %[[SP]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %slope = torch.constant.float 2.000000e-01
  %int1 = torch.constant.int 1
  %int20 = torch.constant.int 20
  %0 = torch.aten.relu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.sigmoid %0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.tanh %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.leaky_relu %2, %slope : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  %4 = torch.aten.elu %3, %int1, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  %5 = torch.aten.selu %4 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %6 = torch.aten.hardsigmoid %5 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %7 = torch.aten.softplus %6, %int1, %int20 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %7 : !torch.vtensor<[4],f32>
}

// -----

// relu6 and hardtanh: Clip with constant bounds.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.*]] = "onnx.Initializer"() {{.*}}dense<0.000000e+00> : tensor<f32>
// CHECK-DAG: %[[SIX:.*]] = "onnx.Initializer"() {{.*}}dense<6.000000e+00> : tensor<f32>
// CHECK: %[[C:.*]] = "onnx.Clip"(%[[X]], %[[ZERO]], %[[SIX]])
// CHECK-DAG: %[[LO:.*]] = "onnx.Initializer"() {{.*}}dense<-1.000000e+00> : tensor<f32>
// CHECK-DAG: %[[HI:.*]] = "onnx.Initializer"() {{.*}}dense<1.000000e+00> : tensor<f32>
// CHECK: "onnx.Clip"(%[[C]], %[[LO]], %[[HI]])
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %m1 = torch.constant.int -1
  %int1 = torch.constant.int 1
  %0 = torch.aten.relu6 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.hardtanh %0, %m1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// silu is x * sigmoid(x); mish is x * tanh(softplus(x)).
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[SIG:.*]] = "onnx.Sigmoid"(%[[X]])
// CHECK: %[[SILU:.*]] = "onnx.Mul"(%[[X]], %[[SIG]])
// CHECK: %[[SP:.*]] = "onnx.Softplus"(%[[SILU]])
// CHECK: %[[T:.*]] = "onnx.Tanh"(%[[SP]])
// CHECK: "onnx.Mul"(%[[SILU]], %[[T]])
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.silu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.mish %0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// Exact gelu below opset 20: x * 0.5 * (1 + erf(x / sqrt(2))).
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[RSQRT2:.*]] = "onnx.Initializer"() {{.*}}dense<0.707106769> : tensor<f32>
// CHECK: %[[D:.*]] = "onnx.Mul"(%[[X]], %[[RSQRT2]])
// CHECK: %[[E:.*]] = "onnx.Erf"(%[[D]])
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {{.*}}dense<1.000000e+00> : tensor<f32>
// CHECK: %[[A:.*]] = "onnx.Add"(%[[E]], %[[ONE]])
// CHECK: %[[HALF:.*]] = "onnx.Initializer"() {{.*}}dense<5.000000e-01> : tensor<f32>
// CHECK: %[[M:.*]] = "onnx.Mul"(%[[X]], %[[HALF]])
// CHECK: %[[Y:.*]] = "onnx.Mul"(%[[M]], %[[A]])
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.str "none"
  %0 = torch.aten.gelu %x, %none : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// tanh-approximated gelu.
// CHECK-LABEL: func.func @main_graph
// CHECK: dense<4.471500e-02>
// CHECK: dense<0.797884583>
// CHECK: "onnx.Tanh"
// CHECK-NOT: "onnx.Erf"
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %tanh = torch.constant.str "tanh"
  %0 = torch.aten.gelu %x, %tanh : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// softmax and log_softmax take the dim as axis; a dtype casts first.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf16>)
// CHECK: %[[C:.*]] = "onnx.Cast"(%[[X]]) {to = 1 : si64}
// CHECK: %[[S:.*]] = "onnx.Softmax"(%[[C]]) {axis = 1 : si64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK: "onnx.LogSoftmax"(%[[S]]) {axis = 0 : si64}
func.func @forward(%x: !torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2,5],f32> {
  %int6 = torch.constant.int 6
  %m1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.softmax.int %x, %m1, %int6 : !torch.vtensor<[2,5],f16>, !torch.int, !torch.int -> !torch.vtensor<[2,5],f32>
  %1 = torch.aten.log_softmax.int %0, %int0, %none : !torch.vtensor<[2,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,5],f32>
  return %1 : !torch.vtensor<[2,5],f32>
}

// -----

// prelu: the per-channel weight broadcasts along dim 1; it stays one
// initializer of its name, reshaped.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "act.weight", value = dense_resource<act.weight> : tensor<3x1x1xf32>}
// CHECK: "onnx.PRelu"(%{{.*}}, %[[W]]) : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
func.func @forward(%x: !torch.vtensor<[1,3,4,4],f32>) -> !torch.vtensor<[1,3,4,4],f32> {
  %w = torch.vtensor.literal(dense_resource<act.weight> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %0 = torch.aten.prelu %x, %w : !torch.vtensor<[1,3,4,4],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[1,3,4,4],f32>
  return %0 : !torch.vtensor<[1,3,4,4],f32>
}

{-#
  dialect_resources: {
    builtin: {
      "act.weight": "0x040000000000803E0000803E0000803E"
    }
  }
#-}

// -----

// Dropout in eval mode forwards its input, without a node.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %p = torch.constant.float 5.000000e-01
  %false = torch.constant.bool false
  %0 = torch.aten.dropout %x, %p, %false : !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  %1 = torch.aten.feature_dropout %0, %p, %false : !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// softplus is its input where x * beta passes a threshold below PyTorch's
// default 20.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%arg0, %[[BETA:.*]])
// CHECK: %[[SP:.*]] = "onnx.Softplus"(%[[SCALED]])
// CHECK: %[[R:.*]] = "onnx.Div"(%[[SP]], %[[BETA]])
// CHECK: %[[ABOVE:.*]] = "onnx.Greater"(%[[SCALED]], %{{.*}})
// CHECK: "onnx.Where"(%[[ABOVE]], %arg0, %[[R]])
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %beta = torch.constant.float 3.000000e+00
  %threshold = torch.constant.float 2.000000e-01
  %0 = torch.aten.softplus %x, %beta, %threshold : !torch.vtensor<[4],f32>, !torch.float, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
