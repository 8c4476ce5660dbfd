// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=23 | FileCheck %s

// From opset 23 a dropout keeps the attention decomposed: ONNX's Attention
// has no dropout.
// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: onnx.Attention
// CHECK: %[[P:.*]] = "onnx.Softmax"
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%[[P]])
// CHECK: %[[D:.*]] = "onnx.Where"
// CHECK: "onnx.MatMul"(%[[D]], %{{.*}})
func.func @forward(%q: !torch.vtensor<[1,2,3,8],f32>, %k: !torch.vtensor<[1,2,3,8],f32>, %v: !torch.vtensor<[1,2,3,8],f32>) -> !torch.vtensor<[1,2,3,8],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 1.000000e-01
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %p, %false, %none, %false : !torch.vtensor<[1,2,3,8],f32>, !torch.vtensor<[1,2,3,8],f32>, !torch.vtensor<[1,2,3,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,3,8],f32>
  return %0 : !torch.vtensor<[1,2,3,8],f32>
}
