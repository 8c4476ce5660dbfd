// torch-mlir's ONNX nodes, `torch.operator "onnx.X"`, become the ONNX ops
// they name, with their attributes in the dialect's kinds and missing
// inputs as onnx.NoValue.
// RUN: torch-onnx-opt %s -split-input-file -torch-to-onnx-pipeline="opset=19" | FileCheck %s

// CHECK-LABEL: func.func @main_graph
// CHECK: %[[A:.*]] = "onnx.Add"(%arg0, %arg1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: "onnx.ReduceMean"(%[[A]], %{{.*}}) {keepdims = 0 : si64} : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<3xf32>
func.func @test_add_mean(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3],f32> attributes {torch.onnx_meta.ir_version = 9 : si64, torch.onnx_meta.opset_version = 19 : si64, torch.onnx_meta.producer_name = "", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.Add"(%a, %b) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32>
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %2 = torch.operator "onnx.ReduceMean"(%0, %1) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32>
  return %2 : !torch.vtensor<[3],f32>
}

// -----

// A missing optional input (torch.constant.none) is onnx.NoValue.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Clip"(%arg0, %{{.*}}, %{{.*}}) : (tensor<4xf32>, none, tensor<f32>) -> tensor<4xf32>
// CHECK: "onnx.Transpose"(%{{.*}}) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @test_clip_transpose(%x: !torch.vtensor<[4],f32>, %m: !torch.vtensor<[],f32>, %y: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[3,2],f32>) attributes {torch.onnx_meta.opset_version = 19 : si64} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Clip"(%x, %none, %m) : (!torch.vtensor<[4],f32>, !torch.none, !torch.vtensor<[],f32>) -> !torch.vtensor<[4],f32>
  %1 = torch.operator "onnx.Transpose"(%y) {torch.onnx.perm = [1 : si64, 0 : si64]} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[3,2],f32>
}
