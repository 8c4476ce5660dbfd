// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// The graph function, its signature and the module attributes.

// CHECK-LABEL: module attributes
// CHECK-SAME: onnx.ir_version = 8 : i64
// CHECK-SAME: onnx.opset_import = {ai.onnx = 17 : i64}
// CHECK-SAME: onnx.producer_name = "torch-onnx"
// CHECK-SAME: onnx.producer_version = "0.1"
// CHECK: func.func @main_graph(%[[X:.*]]: tensor<1x3x8x8xf32> {onnx.name = "x"}) -> (tensor<1x4x8x8xf32> {onnx.name = "output"})
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<4x3x3x3xf32>}
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<4xf32>}
// CHECK: %[[CONV:.*]] = "onnx.Conv"(%[[X]], %[[W]], %[[B]]) {dilations = [1, 1], group = 1 : si64, kernel_shape = [3, 3], pads = [1, 1, 1, 1], strides = [1, 1]}
// CHECK: %[[RELU:.*]] = "onnx.Relu"(%[[CONV]])
// CHECK: return %[[RELU]]
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,4,8,8],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<4x3x3x3xf32>) : !torch.vtensor<[4,3,3,3],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %b, %s, %p, %d, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,8,8],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[1,4,8,8],f32> -> !torch.vtensor<[1,4,8,8],f32>
  return %1 : !torch.vtensor<[1,4,8,8],f32>
}
