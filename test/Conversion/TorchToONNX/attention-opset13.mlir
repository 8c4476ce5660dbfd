// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=13 | FileCheck %s

// Below opset 17, the layer norms of an encoder layer are decomposed:
// (x - mean) / sqrt(var + eps) * weight + bias over the last dim.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3x8xf32>
// CHECK-NOT: onnx.LayerNormalization
// CHECK: %[[R1:.*]] = "onnx.Add"(%[[X]], %{{.*}}) : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%[[R1]], %{{.*}}) {axes = [2], keepdims = 1 : si64} : (tensor<2x3x8xf32>, none) -> tensor<2x3x1xf32>
// CHECK: %[[D:.*]] = "onnx.Sub"(%[[R1]], %[[MEAN]]) : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[D2:.*]] = "onnx.Mul"(%[[D]], %[[D]])
// CHECK: %[[VAR:.*]] = "onnx.ReduceMean"(%[[D2]], %{{.*}}) {axes = [2], keepdims = 1 : si64}
// CHECK: %[[EPS:.*]] = "onnx.Initializer"() {name = "", value = dense<9.99999974E-6> : tensor<f32>}
// CHECK: %[[VE:.*]] = "onnx.Add"(%[[VAR]], %[[EPS]])
// CHECK: %[[STD:.*]] = "onnx.Sqrt"(%[[VE]])
// CHECK: %[[N:.*]] = "onnx.Div"(%[[D]], %[[STD]])
// CHECK: %[[S:.*]] = "onnx.Mul"(%[[N]], %[[G1:.*]]) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[LN1:.*]] = "onnx.Add"(%[[S]], %[[B1:.*]]) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: "onnx.MatMul"(%[[LN1]], %{{.*}}) : (tensor<2x3x8xf32>, tensor<8x16xf32>) -> tensor<2x3x16xf32>
// CHECK: %[[R2:.*]] = "onnx.Add"(%[[LN1]], %{{.*}})
// CHECK: "onnx.ReduceMean"(%[[R2]], %{{.*}}) {axes = [2], keepdims = 1 : si64}
// CHECK: "onnx.Sqrt"
// CHECK: %[[S2:.*]] = "onnx.Mul"(%{{.*}}, %{{.*}}) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: %[[OUT:.*]] = "onnx.Add"(%[[S2]], %{{.*}}) : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK: return %[[OUT]]
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
