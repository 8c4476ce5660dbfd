// float8 dtypes are ONNX's float8 types from opset 19; below, the ONNX op
// that would carry one refuses it (float8-errors.mlir).
// RUN: torch-onnx-opt %s -torch-to-onnx-pipeline="opset=19" | FileCheck %s

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%arg0: tensor<4xf32>
// CHECK: "onnx.Cast"(%arg0) {to = 17 : si64} : (tensor<4xf32>) -> tensor<4xf8E4M3FN>
// CHECK: "onnx.Cast"(%{{.*}}) {to = 1 : si64} : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
func.func @main(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int24 = torch.constant.int 24
  %int6 = torch.constant.int 6
  %0 = torch.prims.convert_element_type %x, %int24 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f8E4M3FN>
  %1 = torch.prims.convert_element_type %0, %int6 : !torch.vtensor<[4],f8E4M3FN>, !torch.int -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}
