// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Fused self attention (E = 8, 2 heads of 4) with the attention weights
// averaged over the heads: one packed projection split into q, k and v,
// heads split off, q scaled by 1/sqrt(4), softmax over the keys, heads
// merged, output projection.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3x8xf32>
// CHECK: %[[WT:.*]] = "onnx.Transpose"(%[[WQKV:.*]]) {perm = [1, 0]} : (tensor<24x8xf32>) -> tensor<8x24xf32>
// CHECK: %[[QKV0:.*]] = "onnx.MatMul"(%[[X]], %[[WT]]) : (tensor<2x3x8xf32>, tensor<8x24xf32>) -> tensor<2x3x24xf32>
// CHECK: %[[QKV:.*]] = "onnx.Add"(%[[QKV0]], %{{.*}}) : (tensor<2x3x24xf32>, tensor<24xf32>) -> tensor<2x3x24xf32>
// CHECK: %[[SPLIT:.*]] = "onnx.Initializer"() {name = "", value = dense<8> : tensor<3xi64>}
// CHECK: %[[PARTS:.*]]:3 = "onnx.Split"(%[[QKV]], %[[SPLIT]]) {axis = 2 : si64} : (tensor<2x3x24xf32>, tensor<3xi64>) -> (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>)
// CHECK: %[[SCALE:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[HEADS:.*]] = "onnx.Initializer"() {name = "", value = dense<[0, 0, 2, 4]> : tensor<4xi64>}
// CHECK: %[[Q4:.*]] = "onnx.Reshape"(%[[PARTS]]#0, %[[HEADS]]) : (tensor<2x3x8xf32>, tensor<4xi64>) -> tensor<2x3x2x4xf32>
// CHECK: %[[QT:.*]] = "onnx.Transpose"(%[[Q4]]) {perm = [0, 2, 1, 3]} : (tensor<2x3x2x4xf32>) -> tensor<2x2x3x4xf32>
// CHECK: %[[Q:.*]] = "onnx.Mul"(%[[QT]], %[[SCALE]])
// CHECK: %[[K4:.*]] = "onnx.Reshape"(%[[PARTS]]#1, %{{.*}})
// CHECK: %[[K:.*]] = "onnx.Transpose"(%[[K4]]) {perm = [0, 2, 3, 1]} : (tensor<2x3x2x4xf32>) -> tensor<2x2x4x3xf32>
// CHECK: %[[V4:.*]] = "onnx.Reshape"(%[[PARTS]]#2, %{{.*}})
// CHECK: %[[V:.*]] = "onnx.Transpose"(%[[V4]]) {perm = [0, 2, 1, 3]}
// CHECK: %[[S:.*]] = "onnx.MatMul"(%[[Q]], %[[K]]) : (tensor<2x2x3x4xf32>, tensor<2x2x4x3xf32>) -> tensor<2x2x3x3xf32>
// CHECK: %[[P:.*]] = "onnx.Softmax"(%[[S]]) {axis = 3 : si64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
// CHECK: %[[C:.*]] = "onnx.MatMul"(%[[P]], %[[V]]) : (tensor<2x2x3x3xf32>, tensor<2x2x3x4xf32>) -> tensor<2x2x3x4xf32>
// CHECK: %[[CT:.*]] = "onnx.Transpose"(%[[C]]) {perm = [0, 2, 1, 3]} : (tensor<2x2x3x4xf32>) -> tensor<2x3x2x4xf32>
// CHECK: %[[MERGE:.*]] = "onnx.Initializer"() {name = "", value = dense<[0, 0, 8]> : tensor<3xi64>}
// CHECK: %[[M:.*]] = "onnx.Reshape"(%[[CT]], %[[MERGE]]) : (tensor<2x3x2x4xf32>, tensor<3xi64>) -> tensor<2x3x8xf32>
// CHECK: %[[WOT:.*]] = "onnx.Transpose"(%{{.*}}) {perm = [1, 0]} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %[[O0:.*]] = "onnx.MatMul"(%[[M]], %[[WOT]])
// CHECK: %[[O:.*]] = "onnx.Add"(%[[O0]], %{{.*}}) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[AVG:.*]] = "onnx.ReduceMean"(%[[P]], %{{.*}}) {axes = [1], keepdims = 0 : si64} : (tensor<2x2x3x3xf32>, none) -> tensor<2x3x3xf32>
// CHECK: return %[[O]], %[[AVG]]
func.func @forward(%x: !torch.vtensor<[2,3,8],f32>) -> (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,3],f32>) {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0:2 = torch.aten._native_multi_head_attention %x, %x, %x, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %true, %true, %none : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,3],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,3],f32>
}

// -----

// A key padding mask (mask_type 1) of [batch, source] applies to every head
// and target position: masked scores become -inf before the softmax. The
// weights are not needed; the per-head probabilities are returned
// unaveraged when asked for. A dynamic batch dim stays dynamic.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x3x8xf32>{{[^,]*}}, %[[MASK:[^:]*]]: tensor<?x3xi1>
// CHECK: %[[S:.*]] = "onnx.MatMul"(%{{.*}}, %{{.*}}) : (tensor<?x2x3x4xf32>, tensor<?x2x4x3xf32>) -> tensor<?x2x3x3xf32>
// CHECK: %[[M4:.*]] = "onnx.Unsqueeze"(%[[MASK]], %{{.*}}) : (tensor<?x3xi1>, tensor<2xi64>) -> tensor<?x1x1x3xi1>
// CHECK: %[[NEGINF:.*]] = "onnx.Initializer"() {name = "", value = dense<0xFF800000> : tensor<f32>}
// CHECK: %[[W:.*]] = "onnx.Where"(%[[M4]], %[[NEGINF]], %[[S]]) : (tensor<?x1x1x3xi1>, tensor<f32>, tensor<?x2x3x3xf32>) -> tensor<?x2x3x3xf32>
// CHECK: %[[P:.*]] = "onnx.Softmax"(%[[W]]) {axis = 3 : si64}
// CHECK: return %{{.*}}, %[[P]]
func.func @forward(%x: !torch.vtensor<[?,3,8],f32>, %mask: !torch.vtensor<[?,3],i1>) -> (!torch.vtensor<[?,3,8],f32>, !torch.vtensor<[?,2,3,3],f32>) {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0:2 = torch.aten._native_multi_head_attention %x, %x, %x, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %mask, %true, %false, %int1 : !torch.vtensor<[?,3,8],f32>, !torch.vtensor<[?,3,8],f32>, !torch.vtensor<[?,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[?,3],i1>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[?,3,8],f32>, !torch.vtensor<[?,2,3,3],f32>
  return %0#0, %0#1 : !torch.vtensor<[?,3,8],f32>, !torch.vtensor<[?,2,3,3],f32>
}

// -----

// Distinct query, key and value: the packed weight and bias are split into
// three projections. Without need_weights the second result is empty.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<2x3x8xf32>{{[^,]*}}, %[[K:[^:]*]]: tensor<2x3x8xf32>{{[^,]*}}, %[[V:[^:]*]]: tensor<2x3x8xf32>
// CHECK: %[[WS:.*]]:3 = "onnx.Split"(%{{.*}}, %{{.*}}) {axis = 0 : si64} : (tensor<24x8xf32>, tensor<3xi64>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>)
// CHECK: %[[BS:.*]]:3 = "onnx.Split"(%{{.*}}, %{{.*}}) {axis = 0 : si64} : (tensor<24xf32>, tensor<3xi64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK: %[[WQ:.*]] = "onnx.Transpose"(%[[WS]]#0) {perm = [1, 0]}
// CHECK: %[[PQ:.*]] = "onnx.MatMul"(%[[Q]], %[[WQ]])
// CHECK: "onnx.Add"(%[[PQ]], %[[BS]]#0)
// CHECK: %[[WK:.*]] = "onnx.Transpose"(%[[WS]]#1) {perm = [1, 0]}
// CHECK: %[[PK:.*]] = "onnx.MatMul"(%[[K]], %[[WK]])
// CHECK: "onnx.Add"(%[[PK]], %[[BS]]#1)
// CHECK: %[[WV:.*]] = "onnx.Transpose"(%[[WS]]#2) {perm = [1, 0]}
// CHECK: %[[PV:.*]] = "onnx.MatMul"(%[[V]], %[[WV]])
// CHECK: "onnx.Add"(%[[PV]], %[[BS]]#2)
// CHECK: %[[EMPTY:.*]] = "onnx.Initializer"() {name = "", value = dense<> : tensor<0xf32>}
// CHECK: return %{{.*}}, %[[EMPTY]]
func.func @forward(%q: !torch.vtensor<[2,3,8],f32>, %k: !torch.vtensor<[2,3,8],f32>, %v: !torch.vtensor<[2,3,8],f32>) -> (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[0],f32>) {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0:2 = torch.aten._native_multi_head_attention %q, %k, %v, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %none, %false, %true, %none : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[0],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[0],f32>
}

// -----

// A post-norm encoder layer with ReLU at opset 17:
// x = LN1(x + SA(x)); x = LN2(x + FF(x)).

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3x8xf32>
// CHECK: %[[SA:.*]] = "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[R1:.*]] = "onnx.Add"(%[[X]], %[[SA]])
// CHECK: %[[N1:.*]], %{{.*}}, %{{.*}} = "onnx.LayerNormalization"(%[[R1]], %{{.*}}, %{{.*}}) {axis = -1 : si64, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<2x3x8xf32>, none, none)
// CHECK: %[[W1:.*]] = "onnx.Transpose"(%{{.*}}) {perm = [1, 0]} : (tensor<16x8xf32>) -> tensor<8x16xf32>
// CHECK: %[[H0:.*]] = "onnx.MatMul"(%[[N1]], %[[W1]]) : (tensor<2x3x8xf32>, tensor<8x16xf32>) -> tensor<2x3x16xf32>
// CHECK: %[[H1:.*]] = "onnx.Add"(%[[H0]], %{{.*}})
// CHECK: %[[A:.*]] = "onnx.Relu"(%[[H1]])
// CHECK: %[[W2:.*]] = "onnx.Transpose"(%{{.*}}) {perm = [1, 0]} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK: %[[F0:.*]] = "onnx.MatMul"(%[[A]], %[[W2]])
// CHECK: %[[F:.*]] = "onnx.Add"(%[[F0]], %{{.*}})
// CHECK: %[[R2:.*]] = "onnx.Add"(%[[N1]], %[[F]])
// CHECK: %[[N2:.*]], %{{.*}}, %{{.*}} = "onnx.LayerNormalization"(%[[R2]], %{{.*}}, %{{.*}}) {axis = -1 : si64, epsilon = 9.99999974E-6 : f32}
// CHECK: return %[[N2]]
func.func @forward(%x: !torch.vtensor<[2,3,8],f32>) -> !torch.vtensor<[2,3,8],f32> {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %g = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %beta = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %w1 = torch.vtensor.literal(dense<0.5> : tensor<16x8xf32>) : !torch.vtensor<[16,8],f32>
  %b1 = torch.vtensor.literal(dense<0.6> : tensor<16xf32>) : !torch.vtensor<[16],f32>
  %w2 = torch.vtensor.literal(dense<0.7> : tensor<8x16xf32>) : !torch.vtensor<[8,16],f32>
  %b2 = torch.vtensor.literal(dense<0.8> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %eps = torch.constant.float 1.000000e-05
  %none = torch.constant.none
  %0 = torch.aten._transformer_encoder_layer_fwd %x, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %false, %false, %eps, %g, %beta, %g, %beta, %w1, %b1, %w2, %b2, %none, %none : !torch.vtensor<[2,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[16,8],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32>, !torch.none, !torch.none -> !torch.vtensor<[2,3,8],f32>
  return %0 : !torch.vtensor<[2,3,8],f32>
}

// -----

// A pre-norm encoder layer with GELU and a key padding mask:
// x = x + SA(LN1(x)); x = x + FF(LN2(x)).

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3x8xf32>{{[^,]*}}, %[[MASK:[^:]*]]: tensor<2x3xi1>
// CHECK: %[[N1:.*]], %{{.*}}, %{{.*}} = "onnx.LayerNormalization"(%[[X]], %{{.*}}, %{{.*}}) {axis = -1 : si64, epsilon = 9.99999997E-7 : f32}
// CHECK: "onnx.MatMul"(%[[N1]], %{{.*}}) : (tensor<2x3x8xf32>, tensor<8x24xf32>) -> tensor<2x3x24xf32>
// CHECK: %[[M4:.*]] = "onnx.Unsqueeze"(%[[MASK]], %{{.*}})
// CHECK: "onnx.Where"(%[[M4]], %{{.*}}, %{{.*}})
// CHECK: %[[SA:.*]] = "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[R1:.*]] = "onnx.Add"(%[[X]], %[[SA]])
// CHECK: %[[N2:.*]], %{{.*}}, %{{.*}} = "onnx.LayerNormalization"(%[[R1]], %{{.*}}, %{{.*}})
// CHECK: %[[H0:.*]] = "onnx.MatMul"(%[[N2]], %{{.*}})
// CHECK: %[[H:.*]] = "onnx.Add"(%[[H0]], %{{.*}})
// CHECK: %[[RSQRT2:.*]] = "onnx.Initializer"() {name = "", value = dense<0.707106769> : tensor<f32>}
// CHECK: %[[XS:.*]] = "onnx.Mul"(%[[H]], %[[RSQRT2]])
// CHECK: %[[ERF:.*]] = "onnx.Erf"(%[[XS]])
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<f32>}
// CHECK: %[[E1:.*]] = "onnx.Add"(%[[ERF]], %[[ONE]])
// CHECK: %[[HALF:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[XH:.*]] = "onnx.Mul"(%[[H]], %[[HALF]])
// CHECK: %[[G:.*]] = "onnx.Mul"(%[[XH]], %[[E1]])
// CHECK: %[[F0:.*]] = "onnx.MatMul"(%[[G]], %{{.*}})
// CHECK: %[[F:.*]] = "onnx.Add"(%[[F0]], %{{.*}})
// CHECK: %[[OUT:.*]] = "onnx.Add"(%[[R1]], %[[F]])
// CHECK: return %[[OUT]]
func.func @forward(%x: !torch.vtensor<[2,3,8],f32>, %mask: !torch.vtensor<[2,3],i1>) -> !torch.vtensor<[2,3,8],f32> {
  %wqkv = torch.vtensor.literal(dense<0.1> : tensor<24x8xf32>) : !torch.vtensor<[24,8],f32>
  %bqkv = torch.vtensor.literal(dense<0.2> : tensor<24xf32>) : !torch.vtensor<[24],f32>
  %wo = torch.vtensor.literal(dense<0.3> : tensor<8x8xf32>) : !torch.vtensor<[8,8],f32>
  %bo = torch.vtensor.literal(dense<0.4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %g = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %beta = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %w1 = torch.vtensor.literal(dense<0.5> : tensor<16x8xf32>) : !torch.vtensor<[16,8],f32>
  %b1 = torch.vtensor.literal(dense<0.6> : tensor<16xf32>) : !torch.vtensor<[16],f32>
  %w2 = torch.vtensor.literal(dense<0.7> : tensor<8x16xf32>) : !torch.vtensor<[8,16],f32>
  %b2 = torch.vtensor.literal(dense<0.8> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-06
  %0 = torch.aten._transformer_encoder_layer_fwd %x, %int8, %int2, %wqkv, %bqkv, %wo, %bo, %true, %true, %eps, %g, %beta, %g, %beta, %w1, %b1, %w2, %b2, %mask, %int1 : !torch.vtensor<[2,3,8],f32>, !torch.int, !torch.int, !torch.vtensor<[24,8],f32>, !torch.vtensor<[24],f32>, !torch.vtensor<[8,8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[16,8],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[2,3],i1>, !torch.int -> !torch.vtensor<[2,3,8],f32>
  return %0 : !torch.vtensor<[2,3,8],f32>
}

// -----

// A masked softmax: masked positions are -inf before Softmax over `dim`; a
// float mask counts where it is non-zero.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x2x3x3xf32>{{[^,]*}}, %[[MASK:[^:]*]]: tensor<2x2x3x3xf32>
// CHECK: %[[B:.*]] = "onnx.Cast"(%[[MASK]]) {to = 9 : si64} : (tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xi1>
// CHECK: %[[W:.*]] = "onnx.Where"(%[[B]], %{{.*}}, %[[X]])
// CHECK: %[[P:.*]] = "onnx.Softmax"(%[[W]]) {axis = 2 : si64}
// CHECK: return %[[P]]
func.func @forward(%x: !torch.vtensor<[2,2,3,3],f32>, %mask: !torch.vtensor<[2,2,3,3],f32>) -> !torch.vtensor<[2,2,3,3],f32> {
  %int-2 = torch.constant.int -2
  %int2 = torch.constant.int 2
  %0 = torch.aten._masked_softmax %x, %mask, %int-2, %int2 : !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,2,3,3],f32>
  return %0 : !torch.vtensor<[2,2,3,3],f32>
}
