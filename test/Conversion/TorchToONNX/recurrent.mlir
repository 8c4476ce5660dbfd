// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// A one-layer LSTM with initial states. The constant weights are stacked
// into new initializers at compile time, their gates reordered from
// PyTorch's (i, f, g, o) to ONNX's (i, o, f, c); B is [W biases, R biases].

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<3x2x1xf32>{{[^,]*}}, %[[H0:[^:]*]]: tensor<1x2x1xf32>{{[^,]*}}, %[[C0:[^:]*]]: tensor<1x2x1xf32>
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "lstm.W_l0", value = dense_resource<[[WKEY:lstm.W_l0[_0-9]*]]> : tensor<1x4x1xf32>}
// CHECK-DAG: %[[R:.*]] = "onnx.Initializer"() {name = "lstm.R_l0", value = dense_resource<[[RKEY:lstm.R_l0[_0-9]*]]> : tensor<1x4x1xf32>}
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {name = "lstm.B_l0", value = dense_resource<[[BKEY:lstm.B_l0[_0-9]*]]> : tensor<1x8xf32>}
// CHECK-DAG: %[[NONE:.*]] = "onnx.NoValue"()
// CHECK: %[[Y:.*]], %[[YH:.*]], %[[YC:.*]] = "onnx.LSTM"(%[[X]], %[[W]], %[[R]], %[[B]], %[[NONE]], %[[H0]], %[[C0]], %[[NONE]]) {hidden_size = 1 : si64} : {{.*}} -> (tensor<3x1x2x1xf32>, tensor<1x2x1xf32>, tensor<1x2x1xf32>)
// CHECK: %[[OUT:.*]] = "onnx.Squeeze"(%[[Y]], %{{.*}}) : (tensor<3x1x2x1xf32>, tensor<1xi64>) -> tensor<3x2x1xf32>
// CHECK: return %[[OUT]], %[[YH]], %[[YC]]
// CHECK: [[WKEY]]: "0x040000000000803F000080400000004000004040"
// CHECK: [[RKEY]]: "0x040000000000A040000000410000C0400000E040"
// CHECK: [[BKEY]]: "0x040000000000104100004041000020410000304100005041000080410000604100007041"
func.func @forward(%x: !torch.vtensor<[3,2,1],f32>, %h0: !torch.vtensor<[1,2,1],f32>, %c0: !torch.vtensor<[1,2,1],f32>) -> (!torch.vtensor<[3,2,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[1,2,1],f32>) {
  %wih = torch.vtensor.literal(dense_resource<lstm.weight_ih_l0> : tensor<4x1xf32>) : !torch.vtensor<[4,1],f32>
  %whh = torch.vtensor.literal(dense_resource<lstm.weight_hh_l0> : tensor<4x1xf32>) : !torch.vtensor<[4,1],f32>
  %bih = torch.vtensor.literal(dense_resource<lstm.bias_ih_l0> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %bhh = torch.vtensor.literal(dense_resource<lstm.bias_hh_l0> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %hx = torch.prim.ListConstruct %h0, %c0 : (!torch.vtensor<[1,2,1],f32>, !torch.vtensor<[1,2,1],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %wih, %whh, %bih, %bhh : (!torch.vtensor<[4,1],f32>, !torch.vtensor<[4,1],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %0:3 = torch.aten.lstm.input %x, %hx, %params, %true, %int1, %float0, %false, %false, %false : !torch.vtensor<[3,2,1],f32>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[1,2,1],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[1,2,1],f32>
}

{-#
  dialect_resources: {
    builtin: {
      lstm.weight_ih_l0: "0x040000000000803F000000400000404000008040",
      lstm.weight_hh_l0: "0x040000000000A0400000C0400000E04000000041",
      lstm.bias_ih_l0: "0x0400000000001041000020410000304100004041",
      lstm.bias_hh_l0: "0x0400000000005041000060410000704100008041"
    }
  }
#-}

// -----

// Weights that are not constants are reordered with Split and Concat:
// ONNX's gates (i, o, f, c) are PyTorch's gates 0, 3, 1, 2. Without biases,
// B is missing; without initial states, so are initial_h and initial_c.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<3x2x2xf32>{{[^,]*}}, %[[WIH:[^:]*]]: tensor<4x2xf32>{{[^,]*}}, %[[WHH:[^:]*]]: tensor<4x1xf32>
// CHECK: %[[WG:.*]]:4 = "onnx.Split"(%[[WIH]], %{{.*}}) {axis = 0 : si64} : (tensor<4x2xf32>, tensor<4xi64>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK: %[[WC:.*]] = "onnx.Concat"(%[[WG]]#0, %[[WG]]#3, %[[WG]]#1, %[[WG]]#2) {axis = 0 : si64}
// CHECK: %[[W:.*]] = "onnx.Unsqueeze"(%[[WC]], %{{.*}}) : (tensor<4x2xf32>, tensor<1xi64>) -> tensor<1x4x2xf32>
// CHECK: %[[RG:.*]]:4 = "onnx.Split"(%[[WHH]], %{{.*}}) {axis = 0 : si64}
// CHECK: %[[RC:.*]] = "onnx.Concat"(%[[RG]]#0, %[[RG]]#3, %[[RG]]#1, %[[RG]]#2) {axis = 0 : si64}
// CHECK: %[[R:.*]] = "onnx.Unsqueeze"(%[[RC]], %{{.*}})
// CHECK: %[[NONE:.*]] = "onnx.NoValue"()
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = "onnx.LSTM"(%[[X]], %[[W]], %[[R]], %[[NONE]], %[[NONE]], %[[NONE]], %[[NONE]], %[[NONE]]) {hidden_size = 1 : si64}
func.func @forward(%x: !torch.vtensor<[3,2,2],f32>, %wih: !torch.vtensor<[4,2],f32>, %whh: !torch.vtensor<[4,1],f32>) -> !torch.vtensor<[3,2,1],f32> {
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %hx = torch.prim.ListConstruct  : () -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %wih, %whh : (!torch.vtensor<[4,2],f32>, !torch.vtensor<[4,1],f32>) -> !torch.list<vtensor>
  %0:3 = torch.aten.lstm.input %x, %hx, %params, %false, %int1, %float0, %false, %false, %false : !torch.vtensor<[3,2,2],f32>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[1,2,1],f32>
  return %0#0 : !torch.vtensor<[3,2,1],f32>
}

// -----

// A two-layer LSTM with a dynamic sequence length: the initial states are
// sliced per layer and the final states concatenated.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x2x3xf32>{{[^,]*}}, %[[H0:[^:]*]]: tensor<2x2x2xf32>{{[^,]*}}, %[[C0:[^:]*]]: tensor<2x2x2xf32>
// CHECK: %[[H00:.*]] = "onnx.Slice"(%[[H0]], %{{.*}}) : {{.*}} -> tensor<1x2x2xf32>
// CHECK: %[[C00:.*]] = "onnx.Slice"(%[[C0]], %{{.*}}) : {{.*}} -> tensor<1x2x2xf32>
// CHECK: %[[Y0:.*]], %[[YH0:.*]], %[[YC0:.*]] = "onnx.LSTM"(%[[X]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[H00]], %[[C00]], %{{.*}}) {hidden_size = 2 : si64} : {{.*}} -> (tensor<?x1x2x2xf32>, tensor<1x2x2xf32>, tensor<1x2x2xf32>)
// CHECK: %[[X1:.*]] = "onnx.Squeeze"(%[[Y0]], %{{.*}}) : (tensor<?x1x2x2xf32>, tensor<1xi64>) -> tensor<?x2x2xf32>
// CHECK: %[[H01:.*]] = "onnx.Slice"(%[[H0]], %{{.*}}) : {{.*}} -> tensor<1x2x2xf32>
// CHECK: %[[C01:.*]] = "onnx.Slice"(%[[C0]], %{{.*}}) : {{.*}} -> tensor<1x2x2xf32>
// CHECK: %[[Y1:.*]], %[[YH1:.*]], %[[YC1:.*]] = "onnx.LSTM"(%[[X1]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[H01]], %[[C01]], %{{.*}})
// CHECK: %[[OUT:.*]] = "onnx.Squeeze"(%[[Y1]], %{{.*}})
// CHECK: %[[HN:.*]] = "onnx.Concat"(%[[YH0]], %[[YH1]]) {axis = 0 : si64} : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<2x2x2xf32>
// CHECK: %[[CN:.*]] = "onnx.Concat"(%[[YC0]], %[[YC1]]) {axis = 0 : si64}
// CHECK: return %[[OUT]], %[[HN]], %[[CN]]
func.func @forward(%x: !torch.vtensor<[?,2,3],f32>, %h0: !torch.vtensor<[2,2,2],f32>, %c0: !torch.vtensor<[2,2,2],f32>) -> (!torch.vtensor<[?,2,2],f32>, !torch.vtensor<[2,2,2],f32>, !torch.vtensor<[2,2,2],f32>) {
  %wih0 = torch.vtensor.literal(dense<0.1> : tensor<8x3xf32>) : !torch.vtensor<[8,3],f32>
  %whh0 = torch.vtensor.literal(dense<0.2> : tensor<8x2xf32>) : !torch.vtensor<[8,2],f32>
  %b0 = torch.vtensor.literal(dense<0.3> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %wih1 = torch.vtensor.literal(dense<0.4> : tensor<8x2xf32>) : !torch.vtensor<[8,2],f32>
  %whh1 = torch.vtensor.literal(dense<0.5> : tensor<8x2xf32>) : !torch.vtensor<[8,2],f32>
  %b1 = torch.vtensor.literal(dense<0.6> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int2 = torch.constant.int 2
  %float0 = torch.constant.float 0.000000e+00
  %hx = torch.prim.ListConstruct %h0, %c0 : (!torch.vtensor<[2,2,2],f32>, !torch.vtensor<[2,2,2],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %wih0, %whh0, %b0, %b0, %wih1, %whh1, %b1, %b1 : (!torch.vtensor<[8,3],f32>, !torch.vtensor<[8,2],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8,2],f32>, !torch.vtensor<[8,2],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>) -> !torch.list<vtensor>
  %0:3 = torch.aten.lstm.input %x, %hx, %params, %true, %int2, %float0, %false, %false, %false : !torch.vtensor<[?,2,3],f32>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[?,2,2],f32>, !torch.vtensor<[2,2,2],f32>, !torch.vtensor<[2,2,2],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[?,2,2],f32>, !torch.vtensor<[2,2,2],f32>, !torch.vtensor<[2,2,2],f32>
}

// -----

// A two-layer bidirectional batch-first GRU whose initial state is the
// zeros PyTorch creates: the input and output are transposed, both
// directions run in one node, and each layer's Y is rearranged into the
// next layer's input [seq, batch, directions * hidden].

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3x4xf32>
// CHECK: %[[XT:.*]] = "onnx.Transpose"(%[[X]]) {perm = [1, 0, 2]} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
// CHECK: %[[NONE:.*]] = "onnx.NoValue"()
// CHECK: %[[Y0:.*]], %[[YH0:.*]] = "onnx.GRU"(%[[XT]], %{{.*}}, %{{.*}}, %{{.*}}, %[[NONE]], %[[NONE]]) {direction = "bidirectional", hidden_size = 2 : si64, linear_before_reset = 1 : si64} : (tensor<3x2x4xf32>, tensor<2x6x4xf32>, tensor<2x6x2xf32>, tensor<2x12xf32>, none, none) -> (tensor<3x2x2x2xf32>, tensor<2x2x2xf32>)
// CHECK: %[[T0:.*]] = "onnx.Transpose"(%[[Y0]]) {perm = [0, 2, 1, 3]} : (tensor<3x2x2x2xf32>) -> tensor<3x2x2x2xf32>
// CHECK: %[[X1:.*]] = "onnx.Reshape"(%[[T0]], %{{.*}}) : (tensor<3x2x2x2xf32>, tensor<3xi64>) -> tensor<3x2x4xf32>
// CHECK: %[[Y1:.*]], %[[YH1:.*]] = "onnx.GRU"(%[[X1]], {{.*}}) {direction = "bidirectional", hidden_size = 2 : si64, linear_before_reset = 1 : si64}
// CHECK: %[[T1:.*]] = "onnx.Transpose"(%[[Y1]]) {perm = [0, 2, 1, 3]}
// CHECK: %[[X2:.*]] = "onnx.Reshape"(%[[T1]], %{{.*}})
// CHECK: %[[OUT:.*]] = "onnx.Transpose"(%[[X2]]) {perm = [1, 0, 2]} : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[HN:.*]] = "onnx.Concat"(%[[YH0]], %[[YH1]]) {axis = 0 : si64} : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<4x2x2xf32>
// CHECK: return %[[OUT]], %[[HN]]
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,2,2],f32>) {
  %h0 = torch.vtensor.literal(dense<0.0> : tensor<4x2x2xf32>) : !torch.vtensor<[4,2,2],f32>
  %w = torch.vtensor.literal(dense<0.1> : tensor<6x4xf32>) : !torch.vtensor<[6,4],f32>
  %r = torch.vtensor.literal(dense<0.2> : tensor<6x2xf32>) : !torch.vtensor<[6,2],f32>
  %b = torch.vtensor.literal(dense<0.3> : tensor<6xf32>) : !torch.vtensor<[6],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int2 = torch.constant.int 2
  %float0 = torch.constant.float 0.000000e+00
  %params = torch.prim.ListConstruct %w, %r, %b, %b, %w, %r, %b, %b, %w, %r, %b, %b, %w, %r, %b, %b : (!torch.vtensor<[6,4],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>) -> !torch.list<vtensor>
  %0:2 = torch.aten.gru.input %x, %h0, %params, %true, %int2, %float0, %false, %true, %true : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,2,2],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,2,2],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,2,2],f32>
}

// -----

// An unbatched RNN with ReLU: a batch dim of 1 is added to the input and
// initial state and removed from the results.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<3x2xf32>{{[^,]*}}, %[[H0:[^:]*]]: tensor<1x2xf32>
// CHECK: %[[H:.*]] = "onnx.Unsqueeze"(%[[H0]], %{{.*}}) : (tensor<1x2xf32>, tensor<1xi64>) -> tensor<1x1x2xf32>
// CHECK: %[[XU:.*]] = "onnx.Unsqueeze"(%[[X]], %{{.*}}) : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<3x1x2xf32>
// CHECK: %[[Y:.*]], %[[YH:.*]] = "onnx.RNN"(%[[XU]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[H]]) {activations = ["Relu"], hidden_size = 2 : si64} : {{.*}} -> (tensor<3x1x1x2xf32>, tensor<1x1x2xf32>)
// CHECK: %[[Y2:.*]] = "onnx.Squeeze"(%[[Y]], %{{.*}}) : (tensor<3x1x1x2xf32>, tensor<1xi64>) -> tensor<3x1x2xf32>
// CHECK: %[[OUT:.*]] = "onnx.Squeeze"(%[[Y2]], %{{.*}}) : (tensor<3x1x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
// CHECK: %[[HN:.*]] = "onnx.Squeeze"(%[[YH]], %{{.*}}) : (tensor<1x1x2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
// CHECK: return %[[OUT]], %[[HN]]
func.func @forward(%x: !torch.vtensor<[3,2],f32>, %h0: !torch.vtensor<[1,2],f32>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>) {
  %w = torch.vtensor.literal(dense<0.1> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %b = torch.vtensor.literal(dense<0.3> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %params = torch.prim.ListConstruct %w, %w, %b, %b : (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> !torch.list<vtensor>
  %0:2 = torch.aten.rnn_relu.input %x, %h0, %params, %true, %int1, %float0, %false, %false, %true : !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>
  return %0#0, %0#1 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>
}

// -----

// A bidirectional tanh RNN: the directions' weights are stacked; the
// initial state is passed as it is.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<4x1x3xf32>{{[^,]*}}, %[[H0:[^:]*]]: tensor<2x1x2xf32>
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "", value = dense_resource{{.*}} : tensor<2x2x3xf32>}
// CHECK: "onnx.RNN"(%[[X]], %[[W]], %{{.*}}, %{{.*}}, %{{.*}}, %[[H0]]) {direction = "bidirectional", hidden_size = 2 : si64} : (tensor<4x1x3xf32>, tensor<2x2x3xf32>, tensor<2x2x2xf32>, none, none, tensor<2x1x2xf32>) -> (tensor<4x2x1x2xf32>, tensor<2x1x2xf32>)
func.func @forward(%x: !torch.vtensor<[4,1,3],f32>, %h0: !torch.vtensor<[2,1,2],f32>) -> !torch.vtensor<[4,1,4],f32> {
  %w = torch.vtensor.literal(dense<0.1> : tensor<2x3xf32>) : !torch.vtensor<[2,3],f32>
  %r = torch.vtensor.literal(dense<0.2> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %params = torch.prim.ListConstruct %w, %r, %w, %r : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2],f32>) -> !torch.list<vtensor>
  %0:2 = torch.aten.rnn_tanh.input %x, %h0, %params, %false, %int1, %float0, %false, %true, %false : !torch.vtensor<[4,1,3],f32>, !torch.vtensor<[2,1,2],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[4,1,4],f32>, !torch.vtensor<[2,1,2],f32>
  return %0#0 : !torch.vtensor<[4,1,4],f32>
}

// -----

// One LSTM step: a node over a sequence of one step.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3xf32>{{[^,]*}}, %[[H:[^:]*]]: tensor<2x1xf32>{{[^,]*}}, %[[C:[^:]*]]: tensor<2x1xf32>
// CHECK-DAG: %[[HU:.*]] = "onnx.Unsqueeze"(%[[H]], %{{.*}}) : (tensor<2x1xf32>, tensor<1xi64>) -> tensor<1x2x1xf32>
// CHECK-DAG: %[[CU:.*]] = "onnx.Unsqueeze"(%[[C]], %{{.*}}) : (tensor<2x1xf32>, tensor<1xi64>) -> tensor<1x2x1xf32>
// CHECK-DAG: %[[XU:.*]] = "onnx.Unsqueeze"(%[[X]], %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
// CHECK: %{{.*}}, %[[YH:.*]], %[[YC:.*]] = "onnx.LSTM"(%[[XU]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[HU]], %[[CU]], %{{.*}}) {hidden_size = 1 : si64}
// CHECK: %[[H1:.*]] = "onnx.Squeeze"(%[[YH]], %{{.*}}) : (tensor<1x2x1xf32>, tensor<1xi64>) -> tensor<2x1xf32>
// CHECK: %[[C1:.*]] = "onnx.Squeeze"(%[[YC]], %{{.*}})
// CHECK: return %[[H1]], %[[C1]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>, %h: !torch.vtensor<[2,1],f32>, %c: !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) {
  %wih = torch.vtensor.literal(dense<0.1> : tensor<4x3xf32>) : !torch.vtensor<[4,3],f32>
  %whh = torch.vtensor.literal(dense<0.2> : tensor<4x1xf32>) : !torch.vtensor<[4,1],f32>
  %b = torch.vtensor.literal(dense<0.3> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %hx = torch.prim.ListConstruct %h, %c : (!torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) -> !torch.list<vtensor>
  %0:2 = torch.aten.lstm_cell %x, %hx, %wih, %whh, %b, %b : !torch.vtensor<[2,3],f32>, !torch.list<vtensor>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,1],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>
}

// -----

// One step of an unbatched GRU without biases.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<3xf32>{{[^,]*}}, %[[H:[^:]*]]: tensor<2xf32>
// CHECK-DAG: %[[HU:.*]] = "onnx.Unsqueeze"(%[[H]], %{{.*}}) : (tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x2xf32>
// CHECK-DAG: %[[XU:.*]] = "onnx.Unsqueeze"(%[[X]], %{{.*}}) : (tensor<3xf32>, tensor<2xi64>) -> tensor<1x1x3xf32>
// CHECK-DAG: %[[NONE:.*]] = "onnx.NoValue"()
// CHECK: %{{.*}}, %[[YH:.*]] = "onnx.GRU"(%[[XU]], %{{.*}}, %{{.*}}, %[[NONE]], %[[NONE]], %[[HU]]) {hidden_size = 2 : si64, linear_before_reset = 1 : si64}
// CHECK: %[[H1:.*]] = "onnx.Squeeze"(%[[YH]], %{{.*}}) : (tensor<1x1x2xf32>, tensor<2xi64>) -> tensor<2xf32>
// CHECK: return %[[H1]]
func.func @forward(%x: !torch.vtensor<[3],f32>, %h: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %wih = torch.vtensor.literal(dense<0.1> : tensor<6x3xf32>) : !torch.vtensor<[6,3],f32>
  %whh = torch.vtensor.literal(dense<0.2> : tensor<6x2xf32>) : !torch.vtensor<[6,2],f32>
  %none = torch.constant.none
  %0 = torch.aten.gru_cell %x, %h, %wih, %whh, %none, %none : !torch.vtensor<[3],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[6,3],f32>, !torch.vtensor<[6,2],f32>, !torch.none, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
